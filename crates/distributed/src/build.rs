//! The search as a timely dataflow: one worker's part of it.
//!
//! Two inputs, both timestamped: children, exchanged to the worker that owns them (a level
//! is a timestamp, its chunks of scanned indices, at least 32,768 and at most 1,024 chunks
//! a range, the low half of it, so that a worker can wait for its older chunks to arrive; a
//! child carries the distance it is marked with in its top byte), and votes, broadcast to
//! every worker (each round a worker's status and count, so all decide alike: where to
//! resume, how many a level added, when to stop). A probe on each says when a level's
//! children, or a round's votes, have all arrived.

use std::cell::RefCell;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use puzzle_tables_models::definition::index::IndexSteps;
use puzzle_tables_models::definition::DefinedPuzzle;
use puzzle_tables_query::definition::UNREACHED8;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use crate::cluster::Cluster;
use crate::levels::{LevelState, LevelStore};
use crate::ranges::Ranges;
use crate::{shards, Error};

/// A distance not reached yet.
const UNSEEN: u8 = UNREACHED8;
/// The bits of a sent child that hold its index; the top byte holds its distance.
const INDEX_BITS: u64 = (1 << 56) - 1;
/// The fewest indices a worker scans between steps of the dataflow (which deliver children).
const MIN_CHUNK: u64 = 1 << 15;
/// The most chunks a worker's range is scanned in, a level: each waits for the progress of
/// the chunk `IN_FLIGHT` before it, a round trip between the processes: a range of half a
/// billion indices in chunks of `MIN_CHUNK` (16,900 of them) waited minutes a level
/// (3x3x3-dr on 4 processes here: its first level, 18 patterns, had not ended after two and
/// a half minutes), where it scans in seconds.
const MOST_CHUNKS: u64 = 1024;

/// How many indices a worker of a range of `range_len` scans between steps.
fn chunk_len(range_len: u64) -> u64 {
    (range_len / MOST_CHUNKS).max(MIN_CHUNK)
}
/// How many chunks of children a worker may have in flight: it waits for its older chunks'
/// children (every worker's, as a probe sees them) to arrive before it scans on, so the
/// buffers between processes stay a few chunks deep, not a level deep.
const IN_FLIGHT: u64 = 4;

/// The timestamp of chunk `chunk` of level `level`'s children: levels in the high half.
fn chunk_time(level: u8, chunk: u64) -> u64 {
    (level as u64) << 32 | chunk
}

/// What a finished build did.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// How many patterns lie at each distance, over every worker.
    pub depth_counts: Vec<u64>,
    /// The level the build resumed from (0 for a fresh build).
    pub resumed_from: u64,
    /// The shards this process wrote.
    pub shards: Vec<PathBuf>,
    /// The manifest this process wrote.
    pub manifest: PathBuf,
}

/// Builds `puzzle`'s table on `cluster`'s workers into `tables_dir` (shards in
/// `definition-NAME.shards/`, levels kept in `definition-NAME.build/` until the end),
/// resuming from the levels kept there. `progress` prints each level on standard error
/// (from the first worker only).
pub fn build(
    puzzle: DefinedPuzzle,
    tables_dir: &Path,
    cluster: Cluster,
    connect_timeout: Duration,
    progress: bool,
) -> Result<BuildReport, Error> {
    let manifest = shards::manifest_path(&shards::shards_dir(tables_dir, puzzle.name()));
    let start = puzzle.rank(puzzle.index().start()).expect("the start has an index");
    let job = Arc::new(Job {
        steps: IndexSteps::new(puzzle.index(), puzzle.generators()),
        puzzle,
        start,
        tables_dir: tables_dir.to_path_buf(),
        manifest_writer: cluster.process * cluster.threads,
        progress,
    });
    let results = cluster.execute(connect_timeout, move |worker| job.run(worker))?;
    let mut report = BuildReport { depth_counts: Vec::new(), resumed_from: 0, shards: Vec::new(), manifest };
    for result in results {
        let (counts, resumed_from, shard) = result?;
        (report.depth_counts, report.resumed_from) = (counts, resumed_from);
        report.shards.push(shard);
    }
    Ok(report)
}

/// What every worker of a process shares.
struct Job {
    puzzle: DefinedPuzzle,
    steps: IndexSteps,
    /// The start's index.
    start: u64,
    tables_dir: PathBuf,
    /// The worker that writes this process's manifest: its first.
    manifest_writer: usize,
    progress: bool,
}

impl Job {
    /// One worker's build: its depth counts, the level it resumed from and its shard.
    fn run(&self, worker: &mut Worker) -> Result<(Vec<u64>, u64, PathBuf), Error> {
        let ranges = Ranges::new(self.puzzle.index().size(), worker.peers());
        let mut search = Search::new(worker, ranges, &self.steps, self.start);
        let store =
            LevelStore::new(&shards::build_dir(&self.tables_dir, self.puzzle.name()), search.me, ranges.workers());
        let expected = self.level_state(&search, 0, vec![1]);
        let (resumed_from, mut counts) = search.resume(worker, store.load(&expected))?;
        let started = Instant::now();
        loop {
            let level = counts.len() as u64 - 1;
            if self.progress && search.me == 0 {
                // A closed standard error stops no build.
                let _ = writeln!(
                    std::io::stderr(),
                    "puzzle-tables: distributed {}: level {level}: {} patterns ({:.1} s)",
                    self.puzzle.name(),
                    counts[level as usize],
                    started.elapsed().as_secs_f64()
                );
            }
            let reached: u64 = counts.iter().sum();
            let frontier_is_smaller = counts[level as usize] < self.puzzle.index().size() - reached;
            let added = search.expand(worker, level as u8, frontier_is_smaller)?;
            if added == 0 {
                break;
            }
            assert!(level + 1 < UNSEEN as u64 - 1, "a defined puzzle {} moves deep", level + 1);
            counts.push(added);
            store.save(&self.level_state(&search, level + 1, counts.clone()), &search.distances.borrow())?;
        }
        let shard =
            shards::write_shard(&self.tables_dir, &self.puzzle, ranges, search.me, &counts, search.distances.take())?;
        // The manifest publishes the table: only once every worker's shard is written. Every
        // process writes one, as machines may share no disk.
        search.agree(worker, 0)?;
        if search.me == self.manifest_writer {
            shards::write_manifest(&self.tables_dir, &self.puzzle, ranges, &counts)?;
        }
        store.remove()?;
        Ok((counts, resumed_from, shard))
    }

    fn level_state(&self, search: &Search, level: u64, counts: Vec<u64>) -> LevelState {
        LevelState {
            puzzle: self.puzzle.name().to_string(),
            entries: self.puzzle.index().size(),
            workers: search.ranges.workers(),
            worker: search.me,
            range: search.range.clone(),
            level,
            counts,
        }
    }
}

/// One worker's search: its range's distances and its ends of the dataflow.
struct Search<'a> {
    steps: &'a IndexSteps,
    ranges: Ranges,
    me: usize,
    range: Range<u64>,
    distances: Rc<RefCell<Vec<u8>>>,
    /// How many entries of the range this worker marked at each distance.
    marked: Rc<RefCell<Vec<u64>>>,
    /// Every vote received: its round, then its values.
    votes: Rc<RefCell<Vec<Vec<u64>>>>,
    children: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<u64>>>,
    children_probe: ProbeHandle<u64>,
    ballots: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<Vec<u64>>>>,
    votes_probe: ProbeHandle<u64>,
    round: u64,
    start: u64,
}

impl<'a> Search<'a> {
    /// The dataflow for `worker`, whose range of `ranges` starts unseen.
    fn new(worker: &mut Worker, ranges: Ranges, steps: &'a IndexSteps, start: u64) -> Search<'a> {
        let me = worker.index();
        let range = ranges.range(me);
        let distances = Rc::new(RefCell::new(vec![UNSEEN; (range.end - range.start) as usize]));
        let marked = Rc::new(RefCell::new(vec![0u64; UNSEEN as usize]));
        let votes = Rc::new(RefCell::new(Vec::new()));
        let mut children = InputHandle::new();
        let mut ballots = InputHandle::new();
        let (children_probe, votes_probe) = (ProbeHandle::new(), ProbeHandle::new());
        let (first, marks, counts, received) = (range.start, distances.clone(), marked.clone(), votes.clone());
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut children)
                .container::<Vec<u64>>()
                .exchange(move |&sent: &u64| ranges.owner(sent & INDEX_BITS) as u64)
                .inspect(move |&sent: &u64| {
                    let distance = (sent >> 56) as u8;
                    let slot = &mut marks.borrow_mut()[((sent & INDEX_BITS) - first) as usize];
                    if *slot == UNSEEN {
                        *slot = distance;
                        counts.borrow_mut()[distance as usize] += 1;
                    }
                })
                .probe_with(&children_probe);
            scope
                .input_from(&mut ballots)
                .container::<Vec<Vec<u64>>>()
                .broadcast()
                .inspect(move |vote: &Vec<u64>| received.borrow_mut().push(vote.clone()))
                .probe_with(&votes_probe);
        });
        Search {
            steps,
            ranges,
            me,
            range,
            distances,
            marked,
            votes,
            children,
            children_probe,
            ballots,
            votes_probe,
            round: 0,
            start,
        }
    }

    /// Agrees with every worker on where to start: each says whether its saved levels
    /// loaded and to which level; all go on from the smallest, forgetting what they marked
    /// past it. Returns that level and the counts up to it.
    fn resume(
        &mut self,
        worker: &mut Worker,
        loaded: Result<Option<(LevelState, Vec<u8>)>, Error>,
    ) -> Result<(u64, Vec<u64>), Error> {
        let level = loaded.as_ref().ok().and_then(Option::as_ref).map_or(0, |(state, _)| state.level);
        let ballots = self.vote(worker, vec![u64::from(loaded.is_err()), level]);
        let saved = loaded?;
        if let Some(refused) = ballots.iter().position(|ballot| ballot[0] != 0) {
            return Err(Error::PeerRefused(refused));
        }
        let resume = ballots.iter().map(|ballot| ballot[1]).min().unwrap_or(0);
        let counts = self.install(saved, resume);
        // No worker expands before every worker has installed its distances: a child sent
        // earlier would be overwritten.
        self.agree(worker, 0)?;
        Ok((resume, counts))
    }

    /// Installs the saved distances forgetting what lies past `resume`, or marks the start
    /// where nothing was saved; returns the counts up to `resume`.
    fn install(&mut self, saved: Option<(LevelState, Vec<u8>)>, resume: u64) -> Vec<u64> {
        let mut distances = self.distances.borrow_mut();
        match saved {
            Some((state, saved)) => {
                *distances = saved;
                distances.iter_mut().filter(|d| **d != UNSEEN && **d as u64 > resume).for_each(|d| *d = UNSEEN);
                state.counts[..=resume as usize].to_vec()
            }
            None => {
                if self.range.contains(&self.start) {
                    distances[(self.start - self.range.start) as usize] = 0;
                }
                vec![1]
            }
        }
    }

    /// Marks the patterns one move beyond `level` at `level + 1`; returns how many every
    /// worker marked. Forwards, each pattern of the range at `level` marks its unseen
    /// children (here, or sent to where they are owned). A lone worker, once the frontier is
    /// no smaller than what is left unreached, steps backwards as the one-process generator
    /// does: each unseen pattern looks for a child at `level` (the moves hold every inverse,
    /// so a child is also a parent), most lookups stopping at the first. With more workers
    /// the children of an unseen pattern lie in other ranges, so they step forwards.
    fn expand(&mut self, worker: &mut Worker, level: u8, frontier_is_smaller: bool) -> Result<u64, Error> {
        let backwards = self.ranges.workers() == 1 && !frontier_is_smaller;
        let next = level + 1;
        let mut children = vec![0u64; self.steps.generators()];
        let chunk_len = chunk_len(self.range.end - self.range.start);
        let mut chunk_start = self.range.start;
        let mut chunk = 0;
        while chunk_start < self.range.end {
            let chunk_end = (chunk_start + chunk_len).min(self.range.end);
            let marked_here = match backwards {
                true => self.mark_backwards(chunk_start..chunk_end, level, &mut children),
                false => self.mark_forwards(chunk_start..chunk_end, level, &mut children),
            };
            self.marked.borrow_mut()[next as usize] += marked_here;
            chunk += 1;
            self.children.advance_to(chunk_time(level, chunk));
            worker.step();
            while self.children_probe.less_than(&chunk_time(level, chunk.saturating_sub(IN_FLIGHT))) {
                worker.step();
            }
            chunk_start = chunk_end;
        }
        self.children.advance_to(chunk_time(next, 0));
        while self.children_probe.less_than(&chunk_time(next, 0)) {
            worker.step();
        }
        let added = self.marked.borrow()[next as usize];
        Ok(self.vote(worker, vec![added]).iter().map(|ballot| ballot[0]).sum())
    }

    /// Forwards over `indices`: each at `level` marks its unseen children owned here and
    /// sends the others to their owners. Returns how many it marked here.
    fn mark_forwards(&mut self, indices: Range<u64>, level: u8, children: &mut [u64]) -> u64 {
        let next = level + 1;
        let mut marked = 0;
        let mut distances = self.distances.borrow_mut();
        for index in indices {
            if distances[(index - self.range.start) as usize] != level {
                continue;
            }
            self.steps.children(index, children);
            for &child in children.iter() {
                if self.range.contains(&child) {
                    let slot = &mut distances[(child - self.range.start) as usize];
                    if *slot == UNSEEN {
                        *slot = next;
                        marked += 1;
                    }
                } else {
                    self.children.send(child | (next as u64) << 56);
                }
            }
        }
        marked
    }

    /// Backwards over `indices`, for a worker that owns every index: each unseen one with a
    /// child at `level` is marked at `level + 1`. Returns how many it marked.
    fn mark_backwards(&mut self, indices: Range<u64>, level: u8, children: &mut [u64]) -> u64 {
        let mut marked = 0;
        let mut distances = self.distances.borrow_mut();
        for index in indices {
            if distances[index as usize] != UNSEEN {
                continue;
            }
            self.steps.children(index, children);
            if children.iter().any(|&child| distances[child as usize] == level) {
                distances[index as usize] = level + 1;
                marked += 1;
            }
        }
        marked
    }

    /// A round where every worker says `status` (0 for ready); refuses if any is not.
    fn agree(&mut self, worker: &mut Worker, status: u64) -> Result<(), Error> {
        let ballots = self.vote(worker, vec![status]);
        match ballots.iter().position(|ballot| ballot[0] != 0) {
            Some(refused) => Err(Error::PeerRefused(refused)),
            None => Ok(()),
        }
    }

    /// Sends `values` to every worker and returns every worker's values of this round, in
    /// worker order.
    fn vote(&mut self, worker: &mut Worker, values: Vec<u64>) -> Vec<Vec<u64>> {
        let round = self.round;
        self.round += 1;
        self.ballots.send([round, self.me as u64].into_iter().chain(values).collect::<Vec<u64>>());
        self.ballots.advance_to(round + 1);
        while self.votes_probe.less_than(&(round + 1)) {
            worker.step();
        }
        let mut votes = self.votes.borrow_mut();
        let (this_round, later) = votes.drain(..).partition::<Vec<_>, _>(|vote| vote[0] == round);
        *votes = later;
        let mut this_round: Vec<Vec<u64>> = this_round.into_iter().map(|vote| vote[1..].to_vec()).collect();
        this_round.sort_unstable_by_key(|vote| vote[0]);
        this_round.into_iter().map(|vote| vote[1..].to_vec()).collect()
    }
}
