//! The optimal search: iterative deepening A* (IDA*) from the cube's lower bound up to the
//! best known solution's length, pruned by a `LowerBound` (module `bound`) and by redundant sequences (no
//! face twice in a row, of two opposite faces only U before D, R before L, F before B).
//!
//! Each depth is split into tasks, one per admissible two-move start, in the order one
//! thread would take them (a depth-first search's); threads take the next task as they
//! finish one, and the answer is the first solution in that order, so it is the same on any
//! number of threads. A depth whose every task finished without a solution proves that
//! every solution is longer.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::bound::{bits, CornerBound, LowerBound, Phase1Bound, SortedSliceBound};
use super::table::SizeTables;
use super::{OptimalLimits, OptimalSolution, OptimalTables};
use crate::cube::search::may_follow;
use crate::cube::{Cube, Metric, Move, TwoPhaseSolver};
use crate::fifteen::search::SearchProgress;

/// Longer than any optimal solution (20 face turns, 26 quarter turns).
const MAX_PATH: usize = 32;

/// No face turned yet: no face is excluded.
const NO_FACE: usize = 6;

/// How many moves each task fixes at the start of its sequences.
const TASK_PREFIX: usize = 2;

/// Nodes between two looks at the clock (and two reports of the count).
const NODES_PER_CHECK: u64 = 1 << 16;

/// Checks between two progress reports within a depth.
const CHECKS_PER_REPORT: u64 = 16;

impl TwoPhaseSolver {
    /// A shortest solution of `cube` in `metric`, proven optimal, unless `limits` stop the
    /// search first: then the best solution known (the two-phase solver's, or shorter) and
    /// the depth the search proved. Bounds by the optimal solver's own `tables` when given
    /// ([`Tables::cube_optimal`](crate::Tables::cube_optimal)), else by the phase-1 table:
    /// the answer is the same, found sooner. Searches on [`TwoPhaseSolver::with_threads`]
    /// threads, with the same answer on any number.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::cube::optimal::OptimalLimits;
    /// use puzzle_tables_query::cube::{parse_moves, Cube, Metric};
    ///
    /// let tables = puzzle_tables_query::Tables::open(dir.path())?;
    /// let (solver, optimal_tables) = (tables.cube()?, tables.cube_optimal()?);
    /// let cube = Cube::SOLVED.apply_moves(&parse_moves("R U R' U' F2 D L2")?);
    /// let solution = solver.solve_optimal(&cube, Metric::Htm, optimal_tables.as_ref(), &OptimalLimits::default());
    /// assert!(solution.optimal && solution.moves.len() as u32 == solution.lower_bound);
    /// assert!(solution.moves.len() <= 7 && cube.apply_moves(&solution.moves).is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_optimal(
        &self,
        cube: &Cube,
        metric: Metric,
        tables: Option<&OptimalTables>,
        limits: &OptimalLimits,
    ) -> OptimalSolution {
        let known =
            self.solve(cube, metric, metric.gods_number()).expect("every cube has a solution within God's number");
        match tables.map(|tables| &tables.0) {
            Some(SizeTables::Small(tables)) => {
                optimal_search(&SortedSliceBound::new(self, tables), cube, metric, known, self.threads, limits)
            }
            Some(SizeTables::Tiny(corners)) => {
                optimal_search(&CornerBound::new(self, corners), cube, metric, known, self.threads, limits)
            }
            None => optimal_search(&Phase1Bound::new(self), cube, metric, known, self.threads, limits),
        }
    }
}

/// IDA* of `cube` in `metric` with `bound`, below `known` (a solution), on `threads`
/// threads, within `limits`.
pub(crate) fn optimal_search<B: LowerBound>(
    bound: &B,
    cube: &Cube,
    metric: Metric,
    known: Vec<Move>,
    threads: usize,
    limits: &OptimalLimits,
) -> OptimalSolution {
    let root = bound.root(cube);
    let best = metric.length(&known);
    let shared = Shared { nodes: AtomicU64::new(0), stopped: AtomicBool::new(false), limits };
    let mut proven = bound.distance(&root).min(best);
    while proven < best {
        shared.report(proven);
        let depth = Depth::new(bound, root, cube, metric, proven, &shared);
        match depth.run(threads) {
            DepthOutcome::Solution(moves) => return shared.answer(moves, true, proven),
            DepthOutcome::Stopped => return shared.answer(known, false, proven),
            DepthOutcome::Exhausted => proven += 1,
        }
    }
    shared.answer(known, true, best)
}

/// What every thread of one optimal search shares.
struct Shared<'a> {
    nodes: AtomicU64,
    /// Set once the deadline passed.
    stopped: AtomicBool,
    limits: &'a OptimalLimits<'a>,
}

impl Shared<'_> {
    fn report(&self, depth: u32) {
        if let Some(progress) = self.limits.progress {
            progress(SearchProgress { bound: depth as usize, nodes: self.nodes.load(Relaxed) });
        }
    }

    fn answer(&self, moves: Vec<Move>, optimal: bool, lower_bound: u32) -> OptimalSolution {
        OptimalSolution { moves, optimal, lower_bound, nodes: self.nodes.load(Relaxed) }
    }
}

/// How one depth ended.
enum DepthOutcome {
    /// The first solution of that length, in the single-threaded order.
    Solution(Vec<Move>),
    /// No solution of that length.
    Exhausted,
    /// The deadline passed first.
    Stopped,
}

/// One depth of the IDA*: its tasks and what their threads share.
struct Depth<'a, B: LowerBound> {
    bound: &'a B,
    root: B::Node,
    cube: &'a Cube,
    metric: Metric,
    /// The solutions' length in the metric.
    length: u32,
    /// Each task's first moves, in the order one thread would search them.
    tasks: Vec<Vec<Move>>,
    next: AtomicUsize,
    /// The first task known to have found a solution, or `usize::MAX`.
    found: AtomicUsize,
    solutions: Mutex<Vec<(usize, Vec<Move>)>>,
    shared: &'a Shared<'a>,
}

impl<'a, B: LowerBound> Depth<'a, B> {
    fn new(bound: &'a B, root: B::Node, cube: &'a Cube, metric: Metric, length: u32, shared: &'a Shared<'a>) -> Self {
        let mut tasks = vec![Vec::new()];
        for _ in 0..TASK_PREFIX {
            tasks = tasks.into_iter().flat_map(|prefix| longer_prefixes(prefix, metric, length)).collect();
        }
        Depth {
            bound,
            root,
            cube,
            metric,
            length,
            tasks,
            next: AtomicUsize::new(0),
            found: AtomicUsize::new(usize::MAX),
            solutions: Mutex::default(),
            shared,
        }
    }

    /// Runs every task on `threads` threads.
    fn run(self, threads: usize) -> DepthOutcome {
        let helpers = threads.min(self.tasks.len()).saturating_sub(1);
        std::thread::scope(|scope| {
            (0..helpers).for_each(|_| drop(scope.spawn(|| self.work())));
            self.work();
        });
        let found = self.found.into_inner();
        let solutions = self.solutions.into_inner().unwrap_or_else(PoisonError::into_inner);
        match solutions.into_iter().find(|(task, _)| *task == found) {
            Some((_, moves)) => DepthOutcome::Solution(moves),
            None if self.shared.stopped.load(Relaxed) => DepthOutcome::Stopped,
            None => DepthOutcome::Exhausted,
        }
    }

    /// Takes tasks until none is left that could come before the first found.
    fn work(&self) {
        let mut walk =
            Walk { depth: self, path: [Move::ALL[0]; MAX_PATH], solution_length: 0, task: 0, nodes: 0, checks: 0 };
        loop {
            let task = self.next.fetch_add(1, Relaxed);
            if task >= self.tasks.len() || task > self.found.load(Relaxed) || self.shared.stopped.load(Relaxed) {
                break;
            }
            walk.task = task;
            if walk.search_prefix(&self.tasks[task]) {
                let moves = walk.path[..walk.solution_length].to_vec();
                self.solutions.lock().unwrap_or_else(PoisonError::into_inner).push((task, moves));
                self.found.fetch_min(task, Relaxed);
            }
        }
        self.shared.nodes.fetch_add(walk.nodes, Relaxed);
    }
}

/// `prefix` one move longer in every admissible way, in move order; a prefix already
/// `length` long in `metric` stays as it is.
fn longer_prefixes(prefix: Vec<Move>, metric: Metric, length: u32) -> Vec<Vec<Move>> {
    let spent = metric.length(&prefix);
    if spent == length {
        return vec![prefix];
    }
    let last = prefix.last().map_or(NO_FACE, |m| m.face());
    Move::ALL
        .into_iter()
        .filter(|m| may_follow(m.face(), last) && spent + m.cost(metric) <= length)
        .map(|m| [prefix.as_slice(), &[m]].concat())
        .collect()
}

/// One thread's depth-first walk through its tasks.
struct Walk<'a, B: LowerBound> {
    depth: &'a Depth<'a, B>,
    path: [Move; MAX_PATH],
    /// How many moves of `path` the solution found has.
    solution_length: usize,
    task: usize,
    /// Nodes generated since they were last added to the shared count.
    nodes: u64,
    checks: u64,
}

impl<B: LowerBound> Walk<'_, B> {
    /// The task of `prefix`: its moves from the root, each admitted by the bound, then the
    /// search of the rest. True when a solution is found (in `path`).
    fn search_prefix(&mut self, prefix: &[Move]) -> bool {
        let Depth { bound, metric, length, .. } = *self.depth;
        let mut node = self.depth.root;
        let mut togo = length;
        let mut children = [node; Move::COUNT];
        for (i, &m) in prefix.iter().enumerate() {
            togo -= m.cost(metric);
            self.nodes += 1;
            let left = [togo; Move::COUNT];
            if bound.children_within(&node, 1 << m.index(), &left, &mut children) == 0 {
                return false;
            }
            node = children[m.index()];
            self.path[i] = m;
        }
        let last = prefix.last().map_or(NO_FACE, |m| m.face());
        self.search(node, togo, prefix.len(), last)
    }

    /// Every sequence of exactly `togo` in the metric from `node` (at `depth` in the path).
    fn search(&mut self, node: B::Node, togo: u32, depth: usize, last_face: usize) -> bool {
        let Depth { bound, metric, .. } = *self.depth;
        if togo == 0 {
            self.solution_length = depth;
            return bound.distance(&node) == 0 && self.depth.cube.apply_moves(&self.path[..depth]).is_solved();
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(NODES_PER_CHECK) && self.should_stop() {
            return false;
        }
        let mut moves = 0u32;
        let mut left = [0; Move::COUNT];
        for m in Move::ALL {
            if may_follow(m.face(), last_face) && m.cost(metric) <= togo {
                moves |= 1 << m.index();
                left[m.index()] = togo - m.cost(metric);
            }
        }
        let mut children = [node; Move::COUNT];
        for i in bits(bound.children_within(&node, moves, &left, &mut children)) {
            let m = Move::ALL[i];
            self.path[depth] = m;
            if self.search(children[i], left[i], depth + 1, m.face()) {
                return true;
            }
        }
        false
    }

    /// Whether to give up this task: an earlier one found a solution, or the deadline
    /// passed. Adds the nodes to the shared count, and now and then reports them.
    fn should_stop(&mut self) -> bool {
        let shared = self.depth.shared;
        shared.nodes.fetch_add(self.nodes, Relaxed);
        self.nodes = 0;
        self.checks += 1;
        if self.checks.is_multiple_of(CHECKS_PER_REPORT) {
            shared.report(self.depth.length);
        }
        if shared.limits.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            shared.stopped.store(true, Relaxed);
        }
        shared.stopped.load(Relaxed) || self.depth.found.load(Relaxed) < self.task
    }
}
