//! The optimal search: iterative deepening A* (IDA*) from the cube's lower bound up to the
//! best known solution's length, pruned by a `LowerBound` (module `bound`) and by redundant sequences (no
//! face twice in a row, of two opposite faces only U before D, R before L, F before B).
//!
//! Each depth is split into tasks, one per four-move start its bound admits; threads take
//! the next task as they finish one, and the answer is the first solution in the tasks' order, so
//! it is the same on any number of threads. A depth whose every task finished without a
//! solution proves that every solution is longer. The first depth takes the tasks in move
//! order; each later one takes first those where the depth before spent the most nodes
//! (`promising_first`): their bounds refused the fewest sequences, so they are the likeliest
//! to hold a solution one move longer, and the last depth, most of a search, ends sooner.
//! Those counts do not depend on the threads, so neither does the order.
//!
//! A cube with symmetries (`S c S^-1 = c` for some of the 48 cube symmetries: its
//! stabilizer) keeps only the tasks whose each move is the least of its orbit under the
//! symmetries that fix the cube and the moves before it (`is_kept`): the superflip, fixed by
//! all 48, searches 10 of the 243 two-move starts of a depth. A cube with none (almost every
//! cube) keeps every task.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::bound::{bits, BothSidesBound, CornerBound, FlipRowBound, LevelsBound, LowerBound, Phase1Bound};
use super::table::SizeTables;
use super::{OptimalLimits, OptimalSolution, OptimalTables};
use crate::cube::search::may_follow;
use crate::cube::{Cube, Metric, Move, TwoPhaseSolver};
use crate::fifteen::search::SearchProgress;
use puzzle_tables_models::cube::symmetry::{cube_symmetry_of_move, stabilizer, CUBE_SYMMETRIES};

/// Longer than any optimal solution (20 face turns, 26 quarter turns).
const MAX_PATH: usize = 32;

/// No face turned yet: no face is excluded.
const NO_FACE: usize = 6;

/// How many moves each task fixes at the start of its sequences (at most). Four give
/// tens of thousands of tasks, each small: fine enough to order well ([`promising_first`];
/// nine cubes, one thread, `huge`: 145.1 M nodes in all unordered, 67.5 M ordered with
/// two-move starts, 39.3 M with four).
const TASK_PREFIX: usize = 4;

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
        self.solve_optimal_on(cube, metric, tables, limits, self.threads)
    }

    /// [`TwoPhaseSolver::solve_optimal`], the optimal search on `threads` threads (the
    /// two-phase solution it starts from on the solver's own).
    pub(crate) fn solve_optimal_on(
        &self,
        cube: &Cube,
        metric: Metric,
        tables: Option<&OptimalTables>,
        limits: &OptimalLimits,
        threads: usize,
    ) -> OptimalSolution {
        let known =
            self.solve(cube, metric, metric.gods_number()).expect("every cube has a solution within God's number");
        self.with_bound(tables, OptimalSearch { cube, metric, known, threads, limits })
    }

    /// The lower bound of `cube`'s face-turn distance that the optimal search starts from
    /// with `tables` (the phase-1 table's when `None`): never above the exact distance, as
    /// the tests hold every size's to.
    pub fn optimal_lower_bound(&self, cube: &Cube, tables: Option<&OptimalTables>) -> u32 {
        struct RootBound<'a>(&'a Cube);
        impl WithBound for RootBound<'_> {
            type Output = u32;
            fn with<B: LowerBound>(self, bound: &B) -> u32 {
                bound.distance(&bound.root(self.0))
            }
        }
        self.with_bound(tables, RootBound(cube))
    }

    /// Hands `user` the bound the optimal search uses with `tables`.
    fn with_bound<U: WithBound>(&self, tables: Option<&OptimalTables>, user: U) -> U::Output {
        match tables.map(|tables| &tables.0) {
            Some(SizeTables::FlipRow(tables)) => match (&tables.above, &tables.corners) {
                (Some(above), Some(corners)) => user.with(&BothSidesBound::new(self, tables, above, corners)),
                _ if tables.holds_levels() => user.with(&LevelsBound::new(self, tables)),
                _ => user.with(&FlipRowBound::new(self, tables)),
            },
            Some(SizeTables::Tiny(corners)) => user.with(&CornerBound::new(self, corners)),
            None => user.with(&Phase1Bound::new(self)),
        }
    }
}

/// What is done with the bound of a size of tables ([`TwoPhaseSolver::with_bound`]): each
/// size's bound is a type of its own.
trait WithBound {
    type Output;
    fn with<B: LowerBound>(self, bound: &B) -> Self::Output;
}

/// The optimal search of `cube`, below `known`.
struct OptimalSearch<'a, 'l> {
    cube: &'a Cube,
    metric: Metric,
    known: Vec<Move>,
    threads: usize,
    limits: &'a OptimalLimits<'l>,
}

impl WithBound for OptimalSearch<'_, '_> {
    type Output = OptimalSolution;
    fn with<B: LowerBound>(self, bound: &B) -> OptimalSolution {
        let stabilizer = stabilizer(self.cube);
        search_by_symmetries(bound, self.cube, self.metric, self.known, self.threads, self.limits, stabilizer)
    }
}

/// IDA* of `cube` in `metric` with `bound`, below `known` (a solution), on `threads`
/// threads, within `limits`, keeping the tasks that the cube symmetries of `stabilizer` (a
/// bit set over the cube symmetries, a group that fixes the cube) leave needed.
fn search_by_symmetries<B: LowerBound>(
    bound: &B,
    cube: &Cube,
    metric: Metric,
    known: Vec<Move>,
    threads: usize,
    limits: &OptimalLimits,
    stabilizer: u64,
) -> OptimalSolution {
    let root = bound.root(cube);
    let best = metric.length(&known);
    let shared = Shared { nodes: AtomicU64::new(0), stopped: AtomicBool::new(false), limits, stabilizer };
    let mut proven = bound.distance(&root).min(best);
    let mut searched = HashMap::new();
    while proven < best {
        shared.report(proven);
        let depth = Depth::new(bound, root, cube, metric, proven, &shared, &searched);
        match depth.run(threads) {
            DepthOutcome::Solution(moves) => return shared.answer(moves, true, proven),
            DepthOutcome::Stopped => return shared.answer(known, false, proven),
            DepthOutcome::Exhausted(nodes) => {
                searched = nodes;
                proven += 1;
            }
        }
    }
    shared.answer(known, true, best)
}

/// What every thread of one optimal search shares.
struct Shared<'a> {
    nodes: AtomicU64,
    /// Set once the limits stopped the search.
    stopped: AtomicBool,
    limits: &'a OptimalLimits<'a>,
    /// The cube's symmetries, a bit set over the cube symmetries.
    stabilizer: u64,
}

impl Shared<'_> {
    fn report(&self, depth: u32) {
        if let Some(progress) = self.limits.progress {
            progress(SearchProgress { bound: depth as usize, nodes: self.nodes.load(Relaxed) });
        }
    }

    fn answer(&self, moves: Vec<Move>, optimal: bool, lower_bound: u32) -> OptimalSolution {
        let symmetries = self.stabilizer.count_ones();
        OptimalSolution { moves, optimal, lower_bound, nodes: self.nodes.load(Relaxed), symmetries }
    }
}

/// How one depth ended.
enum DepthOutcome {
    /// The first solution of that length, in the single-threaded order.
    Solution(Vec<Move>),
    /// No solution of that length: the nodes each task searched, by its first moves.
    Exhausted(HashMap<Vec<Move>, u64>),
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
    /// The tasks, in the order one thread would search them.
    tasks: Vec<Task<B::Node>>,
    /// The nodes each task searched, once it has finished.
    task_nodes: Vec<AtomicU64>,
    next: AtomicUsize,
    /// The first task known to have found a solution, or `usize::MAX`.
    found: AtomicUsize,
    solutions: Mutex<Vec<(usize, Vec<Move>)>>,
    shared: &'a Shared<'a>,
}

impl<'a, B: LowerBound> Depth<'a, B> {
    /// The depth of solutions `length` long, its tasks ordered by the nodes the depth before
    /// `searched` in each.
    fn new(
        bound: &'a B,
        root: B::Node,
        cube: &'a Cube,
        metric: Metric,
        length: u32,
        shared: &'a Shared<'a>,
        searched: &HashMap<Vec<Move>, u64>,
    ) -> Self {
        let mut starts = Starts { bound, metric, stabilizer: shared.stabilizer, tasks: Vec::new(), nodes: 0 };
        starts.extend(root, &mut Vec::new(), length);
        shared.nodes.fetch_add(starts.nodes, Relaxed);
        let mut tasks = starts.tasks;
        promising_first(&mut tasks, searched);
        let task_nodes = tasks.iter().map(|_| AtomicU64::new(0)).collect();
        Depth {
            bound,
            root,
            cube,
            metric,
            length,
            tasks,
            task_nodes,
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
            None => DepthOutcome::Exhausted(
                self.tasks
                    .into_iter()
                    .map(|task| task.moves)
                    .zip(self.task_nodes.into_iter().map(AtomicU64::into_inner))
                    .collect(),
            ),
        }
    }

    /// Takes tasks until none is left that could come before the first found.
    fn work(&self) {
        let mut walk = Walk {
            depth: self,
            path: [Move::ALL[0]; MAX_PATH],
            children: vec![[self.root; Move::COUNT]; MAX_PATH],
            solution_length: 0,
            task: 0,
            nodes: 0,
            counted: 0,
            checks: 0,
        };
        loop {
            let task = self.next.fetch_add(1, Relaxed);
            if task >= self.tasks.len() || task > self.found.load(Relaxed) || self.shared.stopped.load(Relaxed) {
                break;
            }
            walk.task = task;
            let before = walk.counted + walk.nodes;
            if walk.search_task(&self.tasks[task]) {
                let moves = walk.path[..walk.solution_length].to_vec();
                self.solutions.lock().unwrap_or_else(PoisonError::into_inner).push((task, moves));
                self.found.fetch_min(task, Relaxed);
            }
            self.task_nodes[task].store(walk.counted + walk.nodes - before, Relaxed);
        }
        self.shared.nodes.fetch_add(walk.nodes, Relaxed);
    }
}

// Every move of U, R and F (the faces that come first in their axis: `may_follow` lets
// only them precede their opposite) comes before every move of D, L and B in the move order
// that `is_kept` and the task order use.
const _: () = assert!(matches!((Move::new(2, 3), Move::new(3, 1)), (Some(f), Some(d)) if f.index() < d.index()));

/// Whether the tasks of a cube fixed by the cube symmetries of `stabilizer` need the task
/// of `prefix`: whether each of its moves is the least (in [`Move::index`] order) of its
/// orbit under the symmetries that fix the cube and every move before it. Every task is
/// needed when the stabilizer is the identity alone.
///
/// Complete: if the cube has a solution of some length, the search of the kept tasks finds
/// one. Take, of its canonical solutions of that length (no face twice in a row; U before D,
/// R before L, F before B, as `may_follow` admits), the least `w = m1 m2 ...` in
/// lexicographic order, and a symmetry `s` of the stabilizer that fixes `m1 .. m(k-1)`.
/// Suppose `s(mk) < mk`. The conjugate `s(w)` solves `s c s^-1 = c`, as long in either metric
/// (a symmetry keeps quarter turns and half turns), with no face twice in a row, and it
/// starts with `m1 .. m(k-1)`. It may have two opposite faces in the wrong order, but only as
/// a pair (a canonical `w` has no three moves on one axis in a row), and swapping such pairs
/// (opposite faces commute) makes it canonical, a solution of `c` as long. No pair
/// reaching into `m1 .. m(k-1)` is swapped: if `mk` is on the axis of `m(k-1)`, `s` fixes
/// that face, so the opposite one, and `s(mk)` is on the face of `mk`. So the canonical form
/// starts with `m1 .. m(k-1)` and then `s(mk) < mk`, unless the pair `s(mk) s(m(k+1))` was
/// swapped: then `s(mk)` is of D, L or B, so is `mk > s(mk)`, and the form goes on with
/// `s(m(k+1))`, of U, R or F, before every move of D, L and B, so before `mk`. Either way the
/// form is less than `w`: a contradiction. So `w`'s task is kept, and its search (complete
/// over canonical sequences, pruned by an admissible bound) finds a solution.
fn is_kept(prefix: &[Move], stabilizer: u64) -> bool {
    let mut fixing = stabilizer;
    for &m in prefix {
        let symmetries = (0..CUBE_SYMMETRIES).filter(|&s| fixing & 1 << s != 0);
        if symmetries.clone().any(|s| cube_symmetry_of_move(m, s) < m) {
            return false;
        }
        fixing = symmetries.filter(|&s| cube_symmetry_of_move(m, s) == m).fold(0, |set, s| set | 1 << s);
    }
    true
}

/// Orders `tasks` the most promising first: by the nodes the depth before `searched` in
/// each (none for a task it did not have). A stable sort: ties, as at the first depth, keep
/// move order. (Discounting the tasks that end on U, R or F, whose subtrees are bushier by
/// `sqrt(3/2)` in the long run, measured the same: 39.7 M nodes against 39.3 M.)
fn promising_first<N>(tasks: &mut [Task<N>], searched: &HashMap<Vec<Move>, u64>) {
    tasks.sort_by_key(|task| std::cmp::Reverse(searched.get(&task.moves).copied().unwrap_or(0)));
}

/// A start of the sequences of a depth: its moves, the node they lead to, and what is left
/// of the depth's length after them.
struct Task<N> {
    moves: Vec<Move>,
    node: N,
    togo: u32,
}

/// The tasks of a depth, found by a walk of its first moves under its bound.
struct Starts<'a, B: LowerBound> {
    bound: &'a B,
    metric: Metric,
    stabilizer: u64,
    tasks: Vec<Task<B::Node>>,
    /// The nodes the walk generated.
    nodes: u64,
}

impl<B: LowerBound> Starts<'_, B> {
    /// Adds, in move order, the tasks that start with `prefix` (reaching `node`, `togo` left):
    /// itself once it is [`TASK_PREFIX`] long or spends the whole length, else its children
    /// that the bound admits and the symmetries keep ([`is_kept`]), each extended in turn.
    fn extend(&mut self, node: B::Node, prefix: &mut Vec<Move>, togo: u32) {
        if prefix.len() == TASK_PREFIX || togo == 0 {
            self.tasks.push(Task { moves: prefix.clone(), node, togo });
            return;
        }
        self.nodes += 1;
        let last = prefix.last().map_or(NO_FACE, |m| m.face());
        let (mut moves, mut left) = (0u32, [0; Move::COUNT]);
        for m in Move::ALL {
            prefix.push(m);
            if may_follow(m.face(), last) && m.cost(self.metric) <= togo && is_kept(prefix, self.stabilizer) {
                moves |= 1 << m.index();
                left[m.index()] = togo - m.cost(self.metric);
            }
            prefix.pop();
        }
        let mut children = [node; Move::COUNT];
        for i in bits(self.bound.children_within(&node, moves, &left, &mut children)) {
            prefix.push(Move::ALL[i]);
            self.extend(children[i], prefix, left[i]);
            prefix.pop();
        }
    }
}

/// One thread's depth-first walk through its tasks.
struct Walk<'a, B: LowerBound> {
    depth: &'a Depth<'a, B>,
    path: [Move; MAX_PATH],
    /// The children of the node at each depth of `path`, kept from one node to the next:
    /// filling a fresh array a node (as big as 3 kB) was 3% of the time.
    children: Vec<[B::Node; Move::COUNT]>,
    /// How many moves of `path` the solution found has.
    solution_length: usize,
    task: usize,
    /// Nodes generated since they were last added to the shared count.
    nodes: u64,
    /// Nodes this walk has added to the shared count.
    counted: u64,
    checks: u64,
}

impl<B: LowerBound> Walk<'_, B> {
    /// The search of `task`'s sequences. True when a solution is found (in `path`).
    fn search_task(&mut self, task: &Task<B::Node>) -> bool {
        let depth = task.moves.len();
        self.path[..depth].copy_from_slice(&task.moves);
        let last = task.moves.last().map_or(NO_FACE, |m| m.face());
        self.search(task.node, task.togo, depth, last)
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
        for i in bits(bound.children_within(&node, moves, &left, &mut self.children[depth])) {
            let m = Move::ALL[i];
            self.path[depth] = m;
            if self.search(self.children[depth][i], left[i], depth + 1, m.face()) {
                return true;
            }
        }
        false
    }

    /// Whether to give up this task: an earlier one found a solution, or the limits stop
    /// the search (the deadline passed, or the stop was set). Adds the nodes to the shared
    /// count, and now and then reports them.
    fn should_stop(&mut self) -> bool {
        let shared = self.depth.shared;
        shared.nodes.fetch_add(self.nodes, Relaxed);
        self.counted += self.nodes;
        self.nodes = 0;
        self.checks += 1;
        if self.checks.is_multiple_of(CHECKS_PER_REPORT) {
            shared.report(self.depth.length);
        }
        let limits = shared.limits;
        if limits.deadline.is_some_and(|deadline| Instant::now() >= deadline)
            || limits.stop.is_some_and(|stop| stop.load(Relaxed))
        {
            shared.stopped.store(true, Relaxed);
        }
        shared.stopped.load(Relaxed) || self.depth.found.load(Relaxed) < self.task
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::parse_moves;

    /// The weakest admissible bound: a cube not solved needs a move. The search under it is
    /// every canonical sequence, short cubes only.
    struct Unsolved;

    impl LowerBound for Unsolved {
        type Node = Cube;

        fn root(&self, cube: &Cube) -> Cube {
            *cube
        }

        fn children_within(&self, node: &Cube, moves: u32, left: &[u32; 18], children: &mut [Cube; 18]) -> u32 {
            let mut within = 0;
            for i in bits(moves) {
                children[i] = node.apply_move(Move::ALL[i]);
                if self.distance(&children[i]) <= left[i] {
                    within |= 1 << i;
                }
            }
            within
        }

        fn distance(&self, node: &Cube) -> u32 {
            u32::from(!node.is_solved())
        }
    }

    /// The search of the cube `scramble` makes under [`Unsolved`], on `threads` threads,
    /// keeping the tasks that `stabilizer` leaves needed.
    fn search(scramble: &str, metric: Metric, threads: usize, stabilizer: u64) -> OptimalSolution {
        let moves = parse_moves(scramble).expect("notation");
        let cube = Cube::SOLVED.apply_moves(&moves);
        let known = moves.iter().rev().map(|m| m.inverse()).collect();
        search_by_symmetries(&Unsolved, &cube, metric, known, threads, &OptimalLimits::default(), stabilizer)
    }

    #[test]
    fn a_cube_without_symmetries_takes_the_unreduced_search_path() {
        for scramble in ["R U F", "R U2 F' D", "L F' U2 B", "R2 U F' L"] {
            let cube = Cube::SOLVED.apply_moves(&parse_moves(scramble).unwrap());
            assert_eq!(stabilizer(&cube), 1, "{scramble} has no symmetry but the identity");
            for metric in Metric::ALL {
                let reduced = search(scramble, metric, 2, stabilizer(&cube));
                let unreduced = search(scramble, metric, 1, 1);
                assert_eq!(reduced, OptimalSolution { symmetries: 1, ..unreduced }, "{scramble} in {metric:?}");
            }
        }
    }

    #[test]
    fn a_set_stop_gives_up_with_the_known_solution() {
        // Ten moves: the search under `Unsolved` would take hours.
        let moves = parse_moves("R U F D L B R2 U2 F' L'").unwrap();
        let cube = Cube::SOLVED.apply_moves(&moves);
        let known: Vec<Move> = moves.iter().rev().map(|m| m.inverse()).collect();
        let stop = AtomicBool::new(true);
        let limits = OptimalLimits { stop: Some(&stop), ..OptimalLimits::default() };
        let found = search_by_symmetries(&Unsolved, &cube, Metric::Htm, known.clone(), 2, &limits, 1);
        assert!(!found.optimal && found.moves == known && found.lower_bound < 10, "{found:?}");
    }

    #[test]
    fn a_symmetric_cube_searches_fewer_tasks_to_the_same_length() {
        // The reduced search has the unreduced one's length in either metric, with fewer
        // nodes. (A two-move cube would not show it: its one depth below the known solution
        // expands the root alone.)
        for scramble in ["U2 D2 R2", "U D' R2", "R L' F2", "U2 D2 R2 L2", "F B' R2 L2"] {
            let cube = Cube::SOLVED.apply_moves(&parse_moves(scramble).unwrap());
            let symmetries = stabilizer(&cube);
            assert!(symmetries.count_ones() > 1, "{scramble} is symmetric: {}", symmetries.count_ones());
            for metric in Metric::ALL {
                let reduced = search(scramble, metric, 2, symmetries);
                let unreduced = search(scramble, metric, 2, 1);
                assert!(reduced.optimal && unreduced.optimal);
                assert_eq!(metric.length(&reduced.moves), metric.length(&unreduced.moves), "{scramble} in {metric:?}");
                assert!(cube.apply_moves(&reduced.moves).is_solved(), "{scramble}: {:?}", reduced.moves);
                assert!(reduced.nodes < unreduced.nodes, "{scramble} in {metric:?}: {reduced:?} {unreduced:?}");
            }
        }
    }

    #[test]
    fn the_superflip_keeps_ten_of_the_two_move_starts() {
        let superflip = parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
        let stabilizer = stabilizer(&Cube::SOLVED.apply_moves(&superflip));
        assert_eq!(stabilizer.count_ones() as usize, CUBE_SYMMETRIES);
        let starts: Vec<Vec<Move>> = Move::ALL
            .into_iter()
            .flat_map(|m| {
                Move::ALL.into_iter().filter(move |n| may_follow(n.face(), m.face())).map(move |n| vec![m, n])
            })
            .collect();
        assert_eq!(starts.len(), 243);
        let kept: Vec<String> = starts
            .iter()
            .filter(|start| is_kept(start, stabilizer))
            .map(|start| crate::cube::moves_text(start))
            .collect();
        // U: D, D2, D' and one of each kind of side turn; U2: D (for D'), D2, a side quarter
        // turn and a side half turn.
        assert_eq!(kept, ["U R", "U R2", "U R'", "U D", "U D2", "U D'", "U2 R", "U2 R2", "U2 D", "U2 D2"]);
        assert!(starts.iter().all(|start| is_kept(start, 1)));
    }

    /// The tasks a depth `length` long splits into under [`Unsolved`], for `cube` with the
    /// symmetries `stabilizer`.
    fn starts(cube: &Cube, metric: Metric, length: u32, stabilizer: u64) -> Vec<Task<Cube>> {
        let mut starts = Starts { bound: &Unsolved, metric, stabilizer, tasks: Vec::new(), nodes: 0 };
        starts.extend(*cube, &mut Vec::new(), length);
        starts.tasks
    }

    #[test]
    fn a_deep_depth_splits_into_every_canonical_four_move_start_in_move_order() {
        // 18 * 15 * ... : 43,254 sequences of four face turns with no face twice in a row and
        // opposite faces in one order only (H48's documentation counts the same).
        let cube = Cube::SOLVED.apply_moves(&parse_moves("R U F D L B R2").unwrap());
        let tasks = starts(&cube, Metric::Htm, 12, 1);
        assert_eq!(tasks.len(), 43_254);
        assert!(tasks.windows(2).all(|pair| pair[0].moves < pair[1].moves), "move order, no task twice");
        for task in &tasks {
            assert_eq!((task.moves.len(), task.togo), (4, 8));
            assert_eq!(task.node, cube.apply_moves(&task.moves));
            assert!(task.moves.windows(2).all(|pair| may_follow(pair[1].face(), pair[0].face())));
        }
        // A start ends where the depth's length does: R U2 in three quarter turns.
        let short = starts(&Cube::SOLVED.apply_moves(&parse_moves("R U2").unwrap()), Metric::Qtm, 3, 1);
        let short: Vec<(String, u32)> =
            short.iter().map(|task| (crate::cube::moves_text(&task.moves), task.togo)).collect();
        assert_eq!(short, [("U2 R'".to_string(), 0)]);
    }

    #[test]
    fn the_tasks_the_last_depth_searched_longest_come_first_and_ties_keep_move_order() {
        let cube = Cube::SOLVED.apply_moves(&parse_moves("R U F D L B R2").unwrap());
        let mut tasks = starts(&cube, Metric::Htm, 12, 1);
        let in_move_order: Vec<Vec<Move>> = tasks.iter().map(|task| task.moves.clone()).collect();
        let searched: HashMap<Vec<Move>, u64> =
            [(in_move_order[5].clone(), 7), (in_move_order[900].clone(), 30), (in_move_order[3].clone(), 7)].into();
        promising_first(&mut tasks, &searched);
        let order: Vec<&Vec<Move>> = tasks.iter().map(|task| &task.moves).collect();
        assert_eq!(order[..3], [&in_move_order[900], &in_move_order[3], &in_move_order[5]]);
        let rest: Vec<&Vec<Move>> = in_move_order.iter().filter(|moves| !searched.contains_key(*moves)).collect();
        assert_eq!(order[3..], rest[..]);
    }
}
