//! vcube (Andrew Skalski's optimal cube solver, after Rokicki's nxopt) as an anchor of
//! `cargo xtask bench-cube-optimal`: its `vc-optimal` program, one process a cube.
//!
//! vcube is GPL, so neither its code, its build files nor its tables are part of this
//! repository: it is built by hand outside it (`cmake . && make vc-optimal`, with clang and
//! CppUTest), and `./vc-optimal --coord=COORD --no-input` writes the table of a coordinate
//! into its `tables/` folder. The bench is given that folder (`$VCUBE`) and the coordinates.
//!
//! The protocol (its `src/vc-optimal.cpp`): it loads the table, reads one cube a line from
//! standard input (a move sequence by default), and prints `ID SECONDS LENGTH MOVES` for each:
//! `SECONDS` its own time of the search, table loaded before. It parallelizes by cube only,
//! so a single cube runs on one of its `--workers`. It maps its table on huge pages only when
//! the kernel has them reserved (`/proc/sys/vm/nr_hugepages`), else on ordinary pages, which
//! cost it much on a table read at random (ours asks for transparent huge pages); the report
//! says which.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};

/// The environment variable naming a vcube build folder.
pub const VCUBE_ENV: &str = "VCUBE";
/// The program's name in its build folder.
const PROGRAM: &str = "vc-optimal";

/// A vcube build and one coordinate's table in it.
#[derive(Clone, Debug, PartialEq)]
pub struct VcubeTable {
    /// The build folder.
    pub dir: PathBuf,
    /// The coordinate, as `--coord` takes it (`112`: edge permutation variant 1, the
    /// orientation of 12 edges).
    pub coord: String,
    pub bytes: u64,
    /// Seconds to load the table, measured once: a cube's search starts within this time.
    pub load_seconds: f64,
    /// Whether enough huge pages were free for the table when it loaded.
    pub huge_pages: bool,
}

/// One answer: its own time of the search and the moves.
pub struct Answer {
    pub seconds: f64,
    pub moves: String,
}

impl VcubeTable {
    /// The table of `coord` in the build `dir`, loaded once to time it. Refused when its file
    /// is not there: vcube would build it, for minutes, in the middle of a run.
    pub fn open(dir: &Path, coord: &str) -> anyhow::Result<VcubeTable> {
        let prefix = table_prefix(coord).with_context(|| format!("{coord} is no vcube coordinate (such as 112)"))?;
        let tables = dir.join("tables");
        let file = std::fs::read_dir(&tables)
            .with_context(|| format!("cannot read {}", tables.display()))?
            .filter_map(Result::ok)
            .find(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
            .with_context(|| {
                format!(
                    "{} has no table of {coord} (`./{PROGRAM} --coord={coord} --no-input` builds it)",
                    tables.display()
                )
            })?;
        let bytes = file.metadata()?.len();
        let huge_pages = std::fs::read_to_string("/proc/meminfo").is_ok_and(|info| huge_pages_free(&info) >= bytes);
        let started = Instant::now();
        let status = Command::new(dir.join(PROGRAM))
            .current_dir(dir)
            .args([&format!("--coord={coord}"), "--no-input"])
            .stdout(Stdio::null())
            .status()
            .with_context(|| format!("cannot run {} (build vcube there by hand)", dir.join(PROGRAM).display()))?;
        if !status.success() {
            bail!("vcube could not load its table of {coord}: {status}");
        }
        let load_seconds = started.elapsed().as_secs_f64();
        Ok(VcubeTable { dir: dir.to_path_buf(), coord: coord.to_string(), bytes, load_seconds, huge_pages })
    }

    /// Solves the cube `scramble` makes on `threads` workers: its answer, or `None` when it
    /// had none `max_seconds` after its table could have loaded (it is stopped then).
    pub fn solve(&self, scramble: &str, threads: usize, max_seconds: f64) -> anyhow::Result<Option<Answer>> {
        let mut child = Command::new(self.dir.join(PROGRAM))
            .current_dir(&self.dir)
            .args([&format!("--coord={}", self.coord), &format!("--workers={threads}")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot run {}", self.dir.join(PROGRAM).display()))?;
        child.stdin.take().context("its input is piped")?.write_all(format!("{scramble}\n").as_bytes())?;
        let mut stdout = child.stdout.take().context("its output is piped")?;
        let (send, output) = mpsc::channel();
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            let _ = send.send(text);
        });
        let wait = Duration::from_secs_f64(2.0 * self.load_seconds + max_seconds);
        match output.recv_timeout(wait) {
            Ok(text) => {
                let status = child.wait()?;
                answer(&text).with_context(|| format!("vcube ended ({status}) without an answer:\n{text}")).map(Some)
            }
            Err(RecvTimeoutError::Timeout) => {
                child.kill().ok();
                child.wait().ok();
                Ok(None)
            }
            Err(RecvTimeoutError::Disconnected) => bail!("vcube's output was lost"),
        }
    }
}

/// The start of the file name of `coord`'s table (`tables/nxprune_1_12_09.dat` for 112:
/// the edge permutation variant, the edges whose orientation counts, then the base depth).
fn table_prefix(coord: &str) -> Option<String> {
    let valid = coord.len() == 3 && coord.bytes().all(|b| b.is_ascii_digit());
    valid.then(|| format!("nxprune_{}_{}_", &coord[..1], &coord[1..]))
}

/// The bytes of the reserved huge pages free, by `/proc/meminfo`'s text `info`.
fn huge_pages_free(info: &str) -> u64 {
    let field = |name: &str| {
        info.lines().find_map(|line| line.strip_prefix(name)?.split_whitespace().next()?.parse::<u64>().ok())
    };
    field("HugePages_Free:").unwrap_or(0) * field("Hugepagesize:").unwrap_or(0) * 1024
}

/// The answer in vcube's output line `ID SECONDS LENGTH MOVES`.
fn answer(text: &str) -> Option<Answer> {
    let mut fields = text.lines().next()?.split_whitespace();
    let (_id, seconds, length) = (fields.next()?, fields.next()?.parse().ok()?, fields.next()?.parse::<usize>().ok()?);
    let moves: Vec<&str> = fields.collect();
    (moves.len() == length).then(|| Answer { seconds, moves: moves.join(" ") })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for a vcube build in a fresh folder: a table file of `coord`, and a program
    /// that reads a cube and answers `line` after `seconds` (nothing when `line` is empty).
    fn stand_in(coord: &str, seconds: &str, line: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("tables")).unwrap();
        std::fs::write(dir.path().join("tables").join(format!("{}09.dat", table_prefix(coord).unwrap())), [0; 40])
            .unwrap();
        if !line.is_empty() {
            std::fs::write(dir.path().join("answer.txt"), format!("{line}\n")).unwrap();
        }
        let script = format!(
            "#!/bin/sh\ncase \"$*\" in *--no-input*) exit 0;; esac\nread cube\nsleep {seconds}\ncat answer.txt 2>/dev/null\nexit 0\n"
        );
        let program = dir.path().join(PROGRAM);
        crate::stand_in::write_program(&program, &script);
        dir
    }

    #[test]
    fn its_time_is_its_own_and_its_moves_are_read_as_written() {
        let dir = stand_in("112", "0", "0 1.250000000 3 R' U2  F");
        let table = VcubeTable::open(dir.path(), "112").unwrap();
        assert_eq!((table.coord.as_str(), table.bytes), ("112", 40));
        let answer = table.solve("F' U2 R", 1, 5.0).unwrap().unwrap();
        assert_eq!((answer.seconds, answer.moves.as_str()), (1.25, "R' U2 F"));
    }

    #[test]
    fn it_is_stopped_when_it_has_no_answer_in_time() {
        let dir = stand_in("304", "20", "0 20.0 1 R");
        let table = VcubeTable::open(dir.path(), "304").unwrap();
        let started = Instant::now();
        assert!(table.solve("R'", 1, 0.3).unwrap().is_none());
        assert!(started.elapsed() < Duration::from_secs(5), "stopped after {:?}", started.elapsed());
    }

    #[test]
    fn a_missing_table_or_answer_fails_the_bench() {
        let dir = stand_in("112", "0", "");
        let error = VcubeTable::open(dir.path(), "208").err().unwrap().to_string();
        assert!(error.contains("has no table of 208") && error.contains("--coord=208 --no-input"), "{error}");
        assert!(VcubeTable::open(dir.path(), "12").is_err());
        let error = VcubeTable::open(dir.path(), "112").unwrap().solve("R", 1, 5.0).err().unwrap().to_string();
        assert!(error.contains("without an answer"), "{error}");
        // A count that disagrees with the moves is no answer.
        assert!(answer("0 1.0 2 R").is_none());
    }

    #[test]
    fn the_free_huge_pages_are_counted_in_bytes() {
        let info = "MemTotal:       24000000 kB\nHugePages_Total:    1300\nHugePages_Free:     1241\nHugepagesize:       2048 kB\n";
        assert_eq!(huge_pages_free(info), 1241 * 2048 * 1024);
        assert_eq!(huge_pages_free("MemTotal:       24000000 kB\n"), 0);
    }
}
