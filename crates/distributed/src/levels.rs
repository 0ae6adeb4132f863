//! Each worker's finished levels on disk, so a killed build resumes.
//!
//! After every level a worker writes its range's distances (a byte an entry) and then a
//! small state file naming the level they are complete to, each to a temporary file renamed
//! into place: a kill at any moment leaves the last complete pair, and the distances are
//! never behind the state. A build started again reads each worker's state, the workers
//! agree on the smallest level (see the build), and each forgets what it marked past it.
//! The files live in the build directory (`definition-NAME.build/`), one pair a worker:
//! `worker-W-of-N.distances` and `worker-W-of-N.json`.

use std::fs;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::Error;

/// A worker's finished level: what the state file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelState {
    /// The puzzle's name.
    pub puzzle: String,
    /// The whole index's entries.
    pub entries: u64,
    /// How many workers share the build.
    pub workers: usize,
    /// This worker's number.
    pub worker: usize,
    /// The indices this worker owns.
    pub range: Range<u64>,
    /// The distances are complete up to this level.
    pub level: u64,
    /// How many patterns lie at each distance up to the level, over every worker.
    pub counts: Vec<u64>,
}

/// Where one worker keeps its finished levels.
#[derive(Clone, Debug)]
pub struct LevelStore {
    dir: PathBuf,
    worker: usize,
    workers: usize,
}

impl LevelStore {
    /// Worker `worker` of `workers`'s files in `dir`.
    pub fn new(dir: &Path, worker: usize, workers: usize) -> LevelStore {
        LevelStore { dir: dir.to_path_buf(), worker, workers }
    }

    fn distances_path(&self) -> PathBuf {
        self.dir.join(format!("worker-{}-of-{}.distances", self.worker, self.workers))
    }

    fn state_path(&self) -> PathBuf {
        self.dir.join(format!("worker-{}-of-{}.json", self.worker, self.workers))
    }

    /// Saves a finished level: the distances first, then the state that names it.
    pub fn save(&self, state: &LevelState, distances: &[u8]) -> Result<(), Error> {
        fs::create_dir_all(&self.dir).map_err(Error::io(&self.dir))?;
        write_atomically(&self.distances_path(), distances)?;
        let json = serde_json::to_vec(state).expect("a level state serializes");
        write_atomically(&self.state_path(), &json)
    }

    /// The last finished level saved for `expected`'s worker, checked against it (same
    /// puzzle, entries, workers and range), or `None` where none was saved.
    pub fn load(&self, expected: &LevelState) -> Result<Option<(LevelState, Vec<u8>)>, Error> {
        self.refuse_other_layouts()?;
        let state_path = self.state_path();
        let json = match fs::read(&state_path) {
            Ok(json) => json,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(Error::io(&state_path)(error)),
        };
        let refuse = |why: String| Error::Resume { path: state_path.clone(), why };
        let state: LevelState = serde_json::from_slice(&json).map_err(|e| refuse(e.to_string()))?;
        if (&state.puzzle, state.entries, state.workers, &state.range)
            != (&expected.puzzle, expected.entries, expected.workers, &expected.range)
        {
            return Err(refuse(format!(
                "it is worker {} of {} of {} ({} entries, range {:?}); this run is worker {} of {} of {} ({} entries, range {:?})",
                state.worker, state.workers, state.puzzle, state.entries, state.range,
                expected.worker, expected.workers, expected.puzzle, expected.entries, expected.range
            )));
        }
        if state.counts.len() as u64 != state.level + 1 {
            return Err(refuse(format!("{} counts for level {}", state.counts.len(), state.level)));
        }
        let distances_path = self.distances_path();
        let distances = fs::read(&distances_path).map_err(Error::io(&distances_path))?;
        if distances.len() as u64 != state.range.end - state.range.start {
            let why = format!("{} distances for a range of {}", distances.len(), state.range.end - state.range.start);
            return Err(Error::Resume { path: distances_path, why });
        }
        Ok(Some((state, distances)))
    }

    /// Refuses a build directory that holds another number of workers' levels: resuming
    /// needs the same split of the index.
    fn refuse_other_layouts(&self) -> Result<(), Error> {
        let Ok(entries) = fs::read_dir(&self.dir) else { return Ok(()) };
        let own = format!("-of-{}.json", self.workers);
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("worker-") && name.ends_with(".json") && !name.ends_with(&own) {
                return Err(Error::Resume {
                    path: entry.path(),
                    why: format!(
                        "it was saved by a build of another number of workers than this run's {}: run with the same \
                         -w and -n, or remove {}",
                        self.workers,
                        self.dir.display()
                    ),
                });
            }
        }
        Ok(())
    }

    /// Removes this worker's files, once its shard is written, and the build directory
    /// with the last of them.
    pub fn remove(&self) -> Result<(), Error> {
        for path in [self.state_path(), self.distances_path()] {
            match fs::remove_file(&path) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(Error::io(path)(error)),
                _ => {}
            }
        }
        // Fails while another worker's files are still there; the last one's succeeds.
        let _ = fs::remove_dir(&self.dir);
        Ok(())
    }
}

/// Writes `bytes` to a temporary file beside `path`, syncs it, and renames it into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let temporary = path.with_extension(format!("tmp.{}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.map_err(Error::io(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(workers: usize, level: u64) -> LevelState {
        LevelState {
            puzzle: "skewb".into(),
            entries: 10,
            workers,
            worker: 0,
            range: 0..6,
            level,
            counts: (0..=level).collect(),
        }
    }

    #[test]
    fn a_saved_level_loads_back_and_another_layout_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let store = LevelStore::new(dir.path(), 0, 2);
        assert!(store.load(&state(2, 0)).unwrap().is_none());
        store.save(&state(2, 3), &[0, 1, 2, 3, 255, 255]).unwrap();
        let (loaded, distances) = store.load(&state(2, 0)).unwrap().unwrap();
        assert_eq!((loaded.level, distances), (3, vec![0, 1, 2, 3, 255, 255]));
        let other = LevelStore::new(dir.path(), 0, 3);
        let refusal = other.load(&state(3, 0)).unwrap_err().to_string();
        assert!(refusal.contains("another number of workers"), "{refusal}");
    }
}
