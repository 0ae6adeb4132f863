//! The two-phase search (Herbert Kociemba): iterative deepening of phase 1 over increasing
//! lengths, and for each phase-1 solution that ends in G1, phase 2 with the rest of the
//! budget; the first whole solution within the budget is the answer. Six searches run side
//! by side, one per axis of the cube and of its inverse (as min2phase and rob-twophase do):
//! they find a short enough solution at a shorter phase-1 length more often than one does.
//!
//! Lengths are counted in the chosen [`Metric`], and each metric has its own tables: phase 1
//! is pruned by its exact distance in that metric, phase 2 by pair distances (and, with the
//! large set in face turns, by the corner and U/D-edge distance). Every node is a
//! handful of table lookups on coordinates; the path lives in a fixed array, so the search
//! allocates nothing until it returns its answer.

use puzzle_tables_models::cube::coords::{FLIPS, PHASE2_MOVES, TWISTS};
use puzzle_tables_models::cube::symmetry::{turn_axes, turn_axes_of_move, SYMMETRIES};

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

use super::corner_edges::CornerEdgeDistances;
use super::near::{ends_within, is_pointless_in_g1, NearG1, NearNode};
use super::phase2::is_solved;
use super::steps::{step_distance_of, Phase1Steps};
use crate::cube::{Cube, Metric, Move, Permutation, TwoPhaseSolver};

/// Longer than any solution the search can be asked for (`max` is capped to fit).
const MAX_PATH: usize = 40;

/// The cube along each of its three axes, and its inverse along each.
const DIRECTIONS: usize = 6;

/// Which of the six directions a search runs along.
#[derive(Clone, Copy)]
enum Directions {
    /// Every distinct one, side by side: the first short enough solution ends the search.
    All,
    /// The one whose phase 1 is longest (to prove that there is no solution).
    Farthest,
}

/// Where phase 2 stands: the corner and U/D edge permutations' phase-2 coordinates (class
/// and symmetry, [`super::phase2`]), the slice edge permutation, and the raw U/D-edge
/// permutation when the large set's phase-2 table is read (else 0).
#[derive(Clone, Copy)]
struct Phase2Node {
    corners: usize,
    edges: usize,
    slice: usize,
    raw_edges: usize,
}

/// How long a phase-2 search's solutions are.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase2 {
    /// Exactly the length it is given.
    Exactly,
    /// At most the length it is given.
    Within,
}

/// How far below its budget a phase-2 bound must be for phase 2 to try the bound's length
/// first. Chosen by counting phase-2 nodes on 200 random cubes (one thread, default set): 1
/// added 4% (face turns) and 29% (quarter turns) to the mean, 2 added 0.7% and 5%, 3 added
/// 0.1% and 2%; each took a one-turn cube from 17 to 2 µs.
const SHORT_FIRST: u32 = 3;

/// A distance known only to be more than what is left.
const FAR: u8 = u8::MAX;

/// No face turned yet: no face is excluded.
const NO_FACE: usize = 6;

/// Whether a turn of `face` may follow a turn of `last`: never the same face twice, and of
/// two opposite faces (which commute) only U before D, R before L, F before B.
#[inline]
pub(crate) fn may_follow(face: usize, last: usize) -> bool {
    face != last && !(face < 3 && last == face + 3)
}

impl TwoPhaseSolver {
    /// A solution of `cube` of at most `max` in `metric`, or `None` when the two-phase
    /// search finds none that short (every cube has one within 20 face turns and within 26
    /// quarter turns). The moves, applied in order, solve the cube.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::cube::{moves_text, parse_moves, Cube, Metric};
    /// use puzzle_tables_query::Tables;
    ///
    /// let solver = Tables::open(dir.path())?.cube()?;
    /// let cube = Cube::SOLVED.apply_moves(&parse_moves("R U R' U' F2 D L2 B'")?);
    /// let moves = solver.solve(&cube, Metric::Htm, 20).expect("every cube within 20");
    /// assert!(moves.len() <= 20);
    /// assert!(cube.apply_moves(&moves).is_solved());
    /// println!("{}", moves_text(&moves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, cube: &Cube, metric: Metric, max: u32) -> Option<Vec<Move>> {
        self.search(cube, metric, max, Directions::All)
    }

    /// Whether some solution of `cube` has at most `bound` in `metric`. The two-phase search
    /// misses no solution within its bound, so a failed search proves there is none; one
    /// direction suffices for that (a failure must exhaust every direction it searches), and
    /// the one with the longest phase 1 leaves the least room: it is refuted soonest, at
    /// once when its phase 1 alone exceeds `bound`.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::cube::{parse_moves, Cube, Metric};
    ///
    /// let solver = puzzle_tables_query::Tables::open(dir.path())?.cube()?;
    /// let cube = Cube::SOLVED.apply_moves(&parse_moves("R U2 F'")?);
    /// assert!(solver.is_within(&cube, Metric::Qtm, 4));
    /// assert!(!solver.is_within(&cube, Metric::Qtm, 3));
    /// assert!(solver.is_within(&cube, Metric::Htm, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_within(&self, cube: &Cube, metric: Metric, bound: u32) -> bool {
        self.search(cube, metric, bound, Directions::Farthest).is_some()
    }

    /// The two-phase search along `directions`. Its plan is a list of tasks, phase 1 of one
    /// length along one direction starting with one face turn, in the order a single thread
    /// runs them (length by length, direction by direction, first turn by first turn: the
    /// order of a depth-first search); the answer is the solution of the first task in that
    /// order that finds one. With several threads each takes the next task as it finishes one
    /// and gives up a task once an earlier one has found a solution: the same answer, sooner.
    /// Tasks of one first turn each keep both threads busy to the end, where tasks of a whole
    /// direction left one thread waiting on the last. The helper threads are the solver's,
    /// kept between searches ([`super::threads`]).
    fn search(&self, cube: &Cube, metric: Metric, max: u32, directions: Directions) -> Option<Vec<Move>> {
        let max = max.min(MAX_PATH as u32 - 2);
        // The cube seen along each of its three axes, and its inverse alike: six cubes whose
        // solutions all give solutions of this one, searched side by side, phase-1 length by
        // phase-1 length, so that the first to find a short enough solution ends the search.
        let starts: [(Cube, Phase1Node); DIRECTIONS] = std::array::from_fn(|direction| {
            let turned = turn_axes(cube, direction % 3);
            let root = if direction >= 3 { turned.inverse() } else { turned };
            let (flip_slice, twist) = (root.flip_slice() as usize, usize::from(root.twist()));
            let distance = self.phase1_distance(metric, flip_slice, twist);
            let (entry, symmetry) = self.phase1_index(flip_slice, twist);
            let near = self.near_g1(metric).find(entry, symmetry);
            let class = ((entry / TWISTS) * SYMMETRIES + symmetry) as u32;
            (root, Phase1Node { class, twist: twist as u16, distance, near })
        });
        // A symmetric cube (the superflip) looks the same from several directions: search
        // each distinct view once.
        let farthest = (0..DIRECTIONS).max_by_key(|&d| starts[d].1.distance).unwrap_or(0);
        let searched: [bool; DIRECTIONS] = std::array::from_fn(|d| match directions {
            Directions::All => (0..d).all(|e| starts[e].0 != starts[d].0),
            Directions::Farthest => d == farthest,
        });
        let nearest = starts.iter().map(|(_, start)| u32::from(start.distance)).min().unwrap_or(0);
        let rounds: Vec<Round> = (nearest..=max)
            .flat_map(|bound| (0..DIRECTIONS).map(move |direction| Round { bound, direction }))
            .filter(|round| searched[round.direction] && u32::from(starts[round.direction].1.distance) <= round.bound)
            .collect();
        let plan = Plan {
            rounds,
            next: AtomicUsize::new(0),
            found: AtomicUsize::new(usize::MAX),
            solutions: Mutex::default(),
        };
        let work = || {
            let mut searches = starts.map(|(root, start)| Search {
                solver: self,
                metric,
                root,
                start,
                path: [Move::ALL[0]; MAX_PATH],
                length: 0,
                task: 0,
                found: &plan.found,
                near: self.near_g1(metric),
                steps: self.phase1_steps.as_ref().filter(|_| metric == Metric::Htm),
                start_children: (u32::MAX, [Phase1Node::FAR; Move::COUNT], 0),
            });
            plan.run(&mut searches, max);
        };
        self.helpers.run(plan.tasks().saturating_sub(1), work);
        let found = plan.found.into_inner();
        plan.solutions
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .into_iter()
            .find(|(task, _)| *task == found)
            .map(|(_, moves)| moves)
    }

    /// The exact number of moves of `metric` that bring a cube with these coordinates into
    /// G1: the large set's word holds it (one read); else following residues down by moves
    /// that cost one (a half turn costs two in QTM, and a residue cannot tell two steps closer
    /// from one further) until the near-G1 graph holds the entry, whose distance it knows:
    /// about half the steps of a walk into G1. Each step makes every neighbour and prefetches
    /// its residue before reading any, so that their cache misses overlap where a read after
    /// read waited on each (up to 18 a step; the walk was 8 to 10% of a face-turn solve).
    pub(crate) fn phase1_distance(&self, metric: Metric, flip_slice: usize, twist: usize) -> u8 {
        if let Some(steps) = self.phase1_steps.as_ref().filter(|_| metric == Metric::Htm) {
            return steps.word(self.phase1_index(flip_slice, twist).0) as u8;
        }
        let (moves, near) = (&self.coordinate_moves, self.near_g1(metric));
        let steps = Move::ALL.into_iter().filter(|m| m.cost(metric) == 1).map(Move::index);
        let step_count = steps.clone().count();
        let (mut flip, mut slice, mut twist) = (flip_slice % FLIPS, flip_slice / FLIPS, twist);
        let (mut entry, mut symmetry) = self.phase1_index(flip_slice, twist);
        let mut residue = self.phase1_residue(metric, entry);
        let mut distance = 0;
        loop {
            let node = near.find(entry, symmetry);
            if node != NearNode::NONE {
                return distance + near.distance(node.id);
            }
            let mut neighbours = [(0, 0, 0, 0, 0); Move::COUNT];
            for (neighbour, m) in neighbours.iter_mut().zip(steps.clone()) {
                let (f, s, t) = (moves.flip[flip * 18 + m], moves.slice[slice * 18 + m], moves.twist[twist * 18 + m]);
                let (f, s, t) = (usize::from(f), usize::from(s), usize::from(t));
                let (entry, symmetry) = self.phase1_index(s * FLIPS + f, t);
                self.prefetch_phase1(metric, entry);
                *neighbour = (f, s, t, entry, symmetry);
            }
            residue = (residue + 2) % 3;
            (flip, slice, twist, entry, symmetry) = neighbours[..step_count]
                .iter()
                .copied()
                .find(|&(_, _, _, entry, _)| self.phase1_residue(metric, entry) == residue)
                .expect("an entry beyond the near-G1 graph has a neighbour closer to G1");
            distance += 1;
        }
    }
}

/// The distance of a neighbour one step of the metric away from a node at `distance`,
/// whose residue is `residue`: the same, one more or one less.
#[inline]
pub(crate) fn step_distance(distance: u8, residue: u8) -> u8 {
    match (residue + 3 - distance % 3) % 3 {
        0 => distance,
        1 => distance + 1,
        _ => distance.saturating_sub(1),
    }
}

/// Where phase 1 stands: its flip-slice class and the symmetry it is seen through, its raw
/// twist, the exact phase-1 distance in the search's metric and its node in the near-G1
/// graph ([`NearNode::NONE`] when it has none or it is not known). Within the graph only
/// the node is followed, not the coordinates. The corner permutation is followed only once
/// phase 1 ends, by replaying the path on the corners: cheaper than following it at every
/// node.
#[derive(Clone, Copy)]
struct Phase1Node {
    /// `class * 16 + symmetry`: conjugating the flip-slice by the symmetry gives the class's
    /// representative.
    class: u32,
    twist: u16,
    distance: u8,
    near: NearNode,
}

impl Phase1Node {
    /// A node too far to matter.
    const FAR: Phase1Node = Phase1Node { class: 0, twist: 0, distance: FAR, near: NearNode::NONE };
}

/// Phase 1 of length `bound` along direction `direction`: the tasks of one first turn each
/// (one task for length 0, which has no first turn).
#[derive(Clone, Copy)]
struct Round {
    bound: u32,
    direction: usize,
}

/// The tasks of one search and what the threads running them share.
struct Plan {
    /// The rounds, in the order one thread would run them. Task `t` is round
    /// `t / Move::COUNT` from its first turn `Move::ALL[t % Move::COUNT]` (or, at length 0,
    /// its only task when `t % Move::COUNT` is 0): a task is told by its number, so a solve
    /// that ends in its first tasks makes no others (a list of every task took a third of a
    /// one-turn cube's solve).
    rounds: Vec<Round>,
    /// The next task no thread has taken.
    next: AtomicUsize,
    /// The first task known to have found a solution, or `usize::MAX`.
    found: AtomicUsize,
    /// The solutions found, each with its task.
    solutions: Mutex<Vec<(usize, Vec<Move>)>>,
}

impl Plan {
    /// How many tasks have work: every first turn of each round, one task at length 0.
    fn tasks(&self) -> usize {
        self.rounds.iter().map(|round| if round.bound == 0 { 1 } else { Move::COUNT }).sum()
    }

    /// Runs tasks until none is left that could come before the first found.
    fn run(&self, searches: &mut [Search; DIRECTIONS], max: u32) {
        let mut levels = [[Phase1Node::FAR; Move::COUNT]; MAX_PATH];
        loop {
            let task = self.next.fetch_add(1, Relaxed);
            let Some(&Round { bound, direction }) = self.rounds.get(task / Move::COUNT) else { return };
            if task > self.found.load(Relaxed) {
                return;
            }
            let first = task % Move::COUNT;
            let search = &mut searches[direction];
            search.task = task;
            let found = match bound {
                0 if first == 0 => search.phase1(search.start, 0, max, 0, NO_FACE, &mut levels),
                0 => false,
                _ => search.phase1_from(Move::ALL[first], bound, max - bound, &mut levels),
            };
            if found {
                let moves = search.solution_of_the_cube(direction);
                self.solutions.lock().unwrap_or_else(PoisonError::into_inner).push((task, moves));
                self.found.fetch_min(task, Relaxed);
            }
        }
    }
}

/// One search: the cube, the metric, the moves so far, and the task it runs.
struct Search<'a> {
    solver: &'a TwoPhaseSolver,
    metric: Metric,
    root: Cube,
    start: Phase1Node,
    path: [Move; MAX_PATH],
    length: usize,
    task: usize,
    /// The plan's first task with a solution: once it is before this one, this one stops.
    found: &'a AtomicUsize,
    near: &'a NearG1,
    /// The large set's phase-1 steps, when present and the metric is theirs.
    steps: Option<&'a Phase1Steps>,
    /// The start's children for phase 1 of length `start_children.0` and the moves admitted
    /// to them (every task of one length and direction starts from them).
    start_children: (u32, [Phase1Node; Move::COUNT], u32),
}

impl Search<'_> {
    /// The solution found, of the cube seen in `direction`, made a solution of the cube
    /// itself: an inverse's solution read backwards with each move undone, then each move
    /// turned back to the cube's own axes.
    fn solution_of_the_cube(&self, direction: usize) -> Vec<Move> {
        let found = &self.path[..self.length];
        let along_axes: Vec<Move> =
            if direction >= 3 { found.iter().rev().map(|m| m.inverse()).collect() } else { found.to_vec() };
        along_axes.into_iter().map(|m| turn_axes_of_move(m, 3 - direction % 3)).collect()
    }

    /// Phase 1 from `at`, with exactly `togo` left to spend on phase 1 and `budget2` kept
    /// for phase 2. True when a whole solution is found (then in `path[..length]`). The
    /// children of the nodes along the path are kept in `levels`, one level a depth.
    fn phase1(
        &mut self,
        at: Phase1Node,
        togo: u32,
        budget2: u32,
        depth: usize,
        last_face: usize,
        levels: &mut [[Phase1Node; Move::COUNT]],
    ) -> bool {
        let solver = self.solver;
        if self.found.load(Relaxed) < self.task {
            return false;
        }
        if togo == 0 {
            // A phase-1 solution that ends with a phase-2 move was in G1 one move earlier,
            // and that shorter phase 1 has been tried.
            let ends_in_phase2 = depth > 0 && PHASE2_MOVES.contains(&self.path[depth - 1]);
            if at.distance != 0 || ends_in_phase2 {
                return false;
            }
            let corners = usize::from(self.root.corner_perm_after(&self.path[..depth]));
            return solver.phase2.corner_bound(self.metric, corners) <= budget2
                && self.phase2_start(depth, budget2, last_face, corners);
        }
        let (children, deeper) = levels.split_first_mut().expect("a level for every move of the path");
        let admitted = self.children(at, togo, last_face, children);
        self.phase1_children(children, admitted, togo, budget2, depth, deeper)
    }

    /// Phase 1 on from each admitted child (bit `i` of `admitted` for the child by
    /// `Move::ALL[i]`, in that order: a depth-first search's).
    fn phase1_children(
        &mut self,
        children: &[Phase1Node; Move::COUNT],
        mut admitted: u32,
        togo: u32,
        budget2: u32,
        depth: usize,
        deeper: &mut [[Phase1Node; Move::COUNT]],
    ) -> bool {
        while admitted != 0 {
            let i = admitted.trailing_zeros() as usize;
            admitted &= admitted - 1;
            let m = Move::ALL[i];
            self.path[depth] = m;
            if self.phase1(children[i], togo - m.cost(self.metric), budget2, depth + 1, m.face(), deeper) {
                return true;
            }
        }
        false
    }

    /// Phase 1 from the start with exactly `togo` to spend on it, its first turn `first`.
    fn phase1_from(&mut self, first: Move, togo: u32, budget2: u32, levels: &mut [[Phase1Node; Move::COUNT]]) -> bool {
        if self.start_children.0 != togo {
            let mut children = [Phase1Node::FAR; Move::COUNT];
            let admitted = self.children(self.start, togo, NO_FACE, &mut children);
            self.start_children = (togo, children, admitted);
        }
        let (_, children, admitted) = self.start_children;
        self.phase1_children(&children, admitted & 1 << first.index(), togo, budget2, 0, levels)
    }

    /// Bit `m` when turn `m` from `at` (with `togo` left) to `next` is admitted: it costs
    /// at most what is left, leaves enough and is not pointless.
    #[inline(always)]
    fn admits(&self, at: Phase1Node, togo: u32, m: Move, next: Phase1Node) -> u32 {
        let cost = m.cost(self.metric);
        let fits = cost <= togo && u32::from(next.distance) <= togo - cost;
        u32::from(fits && !is_pointless_in_g1(at.distance, togo, m)) << m.index()
    }

    /// The moves from `at` with `togo` left that phase 1 goes on with (bit `i` for
    /// `Move::ALL[i]`, [`Search::admits`]), each child in `children` (where a move is not
    /// admitted, its entry is left as it was).
    #[inline]
    fn children(&self, at: Phase1Node, togo: u32, last_face: usize, children: &mut [Phase1Node; Move::COUNT]) -> u32 {
        let near = self.near;
        let moves = Move::ALL.into_iter().filter(|m| may_follow(m.face(), last_face) && m.cost(self.metric) <= togo);
        if at.near != NearNode::NONE && togo <= u32::from(near.radius()) + 1 {
            // Every child has at most the radius left, so one beyond the graph is too far, and
            // one from which phase 1 cannot end in exactly what is left leads nowhere.
            let mut admitted = 0;
            for m in moves {
                let (child, lengths) = near.child(at.near, m);
                if child != NearNode::NONE && ends_within(lengths, togo - m.cost(self.metric), m) {
                    near.prefetch(child.id);
                    let next = Phase1Node { distance: near.distance(child.id), near: child, ..Phase1Node::FAR };
                    children[m.index()] = next;
                    admitted |= self.admits(at, togo, m, next);
                }
            }
            admitted
        } else if let Some(steps) = self.steps {
            self.children_by_steps(steps, at, togo, moves, children)
        } else {
            self.far_children(at, togo, moves, children)
        }
    }

    /// [`Search::far_children`] with the large set: this node's word tells every child's
    /// distance (a face turn `m` of the node is the turn `S m S^-1` of its class's
    /// representative, whose word it is), so only the children that fit are made. Each of
    /// those has its class-move row and its word prefetched when it will walk on classes,
    /// and its node in the near-G1 graph found when it is within the graph's radius (and
    /// kept only when phase 1 can end from it in exactly what is left).
    #[inline]
    fn children_by_steps(
        &self,
        steps: &Phase1Steps,
        at: Phase1Node,
        togo: u32,
        moves: impl Iterator<Item = Move>,
        children: &mut [Phase1Node; Move::COUNT],
    ) -> u32 {
        let solver = self.solver;
        let near = self.near;
        let radius = u32::from(near.radius());
        let (class, s) = (at.class as usize / SYMMETRIES, at.class as usize % SYMMETRIES);
        let word = steps.word(solver.phase1_entry(class, s, usize::from(at.twist)));
        debug_assert_eq!(word as u8, at.distance, "the steps table's distance is the search's");
        let row = solver.class_moves(class);
        let mut admitted = 0;
        for m in moves {
            let turned = solver.turns.conjugated(s, m);
            let (distance, rest) = (step_distance_of(word, turned), togo - m.cost(self.metric));
            if u32::from(distance) > rest {
                continue;
            }
            let (next, t) = row.after(turned);
            let symmetry = solver.turns.then(t, s);
            let twist = solver.coordinate_moves.twist[usize::from(at.twist) * Move::COUNT + m.index()];
            let entry = solver.phase1_entry(next, symmetry, usize::from(twist));
            let class = (next * SYMMETRIES + symmetry) as u32;
            let mut child = Phase1Node { class, twist, distance, near: NearNode::NONE };
            if u32::from(distance) <= radius {
                child.near = near.find(entry, symmetry);
                if child.near != NearNode::NONE {
                    if rest <= radius + 1 && !near.ends_in(child.near, rest, m) {
                        continue;
                    }
                    near.prefetch(child.near.id);
                }
            }
            if child.near == NearNode::NONE || rest > radius + 1 {
                solver.prefetch_class_moves(next);
                steps.prefetch(entry);
            }
            children[m.index()] = child;
            admitted |= self.admits(at, togo, m, child);
        }
        admitted
    }

    /// [`Search::children`] away from G1: the flip-slice classes by the class moves (a
    /// child's row is prefetched once it is known to fit), the twists by their move table;
    /// each child's distance from its residue, and its node in the near-G1 graph looked up
    /// only when it fits and lies within the radius (most children do not fit, and a lookup
    /// in the graph's hash table costs about as much as the residue). A child in the graph
    /// from which phase 1 cannot end in exactly what is left ([`NearG1::ends_in`]) is not
    /// admitted. Every child's phase-1 entry is prefetched before any is read, so that their
    /// cache misses overlap instead of waiting one after another.
    #[inline]
    fn far_children(
        &self,
        at: Phase1Node,
        togo: u32,
        moves: impl Iterator<Item = Move> + Clone,
        children: &mut [Phase1Node; Move::COUNT],
    ) -> u32 {
        let solver = self.solver;
        let near = self.near;
        let radius = u32::from(near.radius());
        let rest = |m: Move| togo - m.cost(self.metric);
        let mut entries = [(0, 0); Move::COUNT];
        let (class, s) = (at.class as usize / SYMMETRIES, at.class as usize % SYMMETRIES);
        let row = solver.class_moves(class);
        for m in moves.clone() {
            let (next, t) = row.after(solver.turns.conjugated(s, m));
            let symmetry = solver.turns.then(t, s);
            let twist = solver.coordinate_moves.twist[usize::from(at.twist) * Move::COUNT + m.index()];
            let class = (next * SYMMETRIES + symmetry) as u32;
            children[m.index()] = Phase1Node { class, twist, ..Phase1Node::FAR };
            entries[m.index()] = (solver.phase1_entry(next, symmetry, usize::from(twist)), symmetry);
            solver.prefetch_phase1(self.metric, entries[m.index()].0);
        }
        let mut admitted = 0;
        for m in moves {
            let (i, (entry, symmetry)) = (m.index(), entries[m.index()]);
            // A QTM half turn is two quarter turns, and a residue tells a distance only one
            // step of the metric away: its distance follows from the first quarter turn's
            // (which costs less, so it is known). When that one's is already more than one
            // beyond what the half turn leaves, the half turn cannot fit: its residue is not
            // read (29% of a quarter-turn solve's reads, 5% of its time).
            let from = match (self.metric, m.quarters()) {
                (Metric::Qtm, 2) => children[i - 1].distance,
                _ => at.distance,
            };
            if u32::from(from) > rest(m) + 1 {
                continue;
            }
            children[i].distance = step_distance(from, solver.phase1_residue(self.metric, entry));
            if u32::from(children[i].distance) > rest(m) {
                continue;
            }
            if rest(m) > radius {
                solver.prefetch_class_moves(children[i].class as usize / SYMMETRIES);
            }
            let child = if children[i].distance <= near.radius() { near.find(entry, symmetry) } else { NearNode::NONE };
            if child != NearNode::NONE {
                if rest(m) <= radius + 1 && !near.ends_in(child, rest(m), m) {
                    continue;
                }
                near.prefetch(child.id);
                children[i].near = child;
            }
            admitted |= self.admits(at, togo, m, children[i]);
        }
        admitted
    }

    /// Phase 2 from the cube the phase-1 path leads to (whose corner permutation is
    /// `corner_perm`), within `budget`: first whether any
    /// solution is that short (one search to the whole budget, which almost always fails),
    /// and only then the shortest, by iterative deepening. Deepening at once would search
    /// every shallower depth again before failing. When the bound is at least
    /// [`SHORT_FIRST`] below the budget, its own length is tried before all that: the same
    /// first shortest solution, found before the search to the whole budget.
    fn phase2_start(&mut self, depth: usize, budget: u32, last_face: usize, corner_perm: usize) -> bool {
        let (ud_edge_perm, slice_perm) = self.root.edge_perms_after(&self.path[..depth]);
        let phase2 = &self.solver.phase2;
        let at = Phase2Node {
            corners: phase2.coordinate(Permutation::Corners, corner_perm),
            edges: phase2.coordinate(Permutation::UdEdges, usize::from(ud_edge_perm)),
            slice: usize::from(slice_perm),
            raw_edges: usize::from(ud_edge_perm),
        };
        let bound = self.phase2_bound(at, budget);
        // Far below the budget, the bound's own length first: a search to the whole budget
        // wanders deep before its bound prunes (a one-turn cube's took 15 of its 17 µs).
        let bound_first = bound + SHORT_FIRST <= budget;
        if bound_first && self.phase2(at, bound, depth, last_face, Phase2::Exactly) {
            return true;
        }
        bound <= budget
            && self.phase2(at, budget, depth, last_face, Phase2::Within)
            && (bound + u32::from(bound_first)..=budget)
                .any(|togo| self.phase2(at, togo, depth, last_face, Phase2::Exactly))
    }

    /// The large set's phase-2 table, when present and the metric is its.
    #[inline]
    fn corner_edges(&self) -> Option<&CornerEdgeDistances> {
        self.solver.corner_edges.as_ref().filter(|_| self.metric == CornerEdgeDistances::METRIC)
    }

    /// A lower bound of the phase-2 moves that solve `at`: the pair tables' and, with the
    /// large set, its corner and U/D-edge distance, read only when the pairs' is within
    /// `limit` (a bound above `limit` prunes either way; its random read is the dearer).
    /// Admissible, and the order in which phase 2 tries its moves is not changed: a tighter
    /// bound only skips subtrees without a solution in what is left, so the first solution
    /// found is the same.
    #[inline]
    fn phase2_bound(&self, at: Phase2Node, limit: u32) -> u32 {
        let pairs = self.solver.phase2.bound(self.metric, at.corners, at.edges, at.slice);
        match self.corner_edges() {
            Some(table) if pairs <= limit => pairs.max(table.distance(at.corners, at.raw_edges)),
            _ => pairs,
        }
    }

    /// Phase 2 with `togo` left (exactly, or at most), by the phase-2 moves.
    fn phase2(&mut self, at: Phase2Node, togo: u32, depth: usize, last_face: usize, length: Phase2) -> bool {
        let solved = is_solved(at.corners) && is_solved(at.edges) && at.slice == 0;
        if togo == 0 || (length == Phase2::Within && solved) {
            self.length = depth;
            return true;
        }
        let solver = self.solver;
        for (k, m) in PHASE2_MOVES.into_iter().enumerate() {
            let face = m.face();
            let cost = m.cost(self.metric);
            if !may_follow(face, last_face) || cost > togo {
                continue;
            }
            let next = Phase2Node {
                corners: solver.phase2.after(Permutation::Corners, at.corners, k),
                edges: solver.phase2.after(Permutation::UdEdges, at.edges, k),
                slice: usize::from(solver.coordinate_moves.slice_perm[at.slice * PHASE2_MOVES.len() + k]),
                raw_edges: self.corner_edges().map_or(0, |table| table.edges_after(at.raw_edges, k)),
            };
            if self.phase2_bound(next, togo - cost) > togo - cost {
                continue;
            }
            self.path[depth] = m;
            if self.phase2(next, togo - cost, depth + 1, face, length) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tables;
    use puzzle_tables_models::cube::coords::SLICES;

    /// The phase-1 distance of raw coordinates by the earlier way, written again here: a walk
    /// by residues down to G1 itself, one neighbour read at a time, no graph.
    fn walk_into_g1(solver: &TwoPhaseSolver, metric: Metric, (flip, slice, twist): (usize, usize, usize)) -> u8 {
        let moves = &solver.coordinate_moves;
        let residue =
            |(f, s, t): (usize, usize, usize)| solver.phase1_residue(metric, solver.phase1_index(s * FLIPS + f, t).0);
        let (mut at, mut distance) = ((flip, slice, twist), 0);
        while at != (0, 0, 0) {
            let closer = (residue(at) + 2) % 3;
            let (f, s, t) = at;
            at = Move::ALL
                .into_iter()
                .filter(|m| m.cost(metric) == 1)
                .map(|m| m.index())
                .map(|m| (moves.flip[f * 18 + m], moves.slice[s * 18 + m], moves.twist[t * 18 + m]))
                .map(|(f, s, t)| (usize::from(f), usize::from(s), usize::from(t)))
                .find(|&next| residue(next) == closer)
                .expect("a walk into G1 finds a closer neighbour");
            distance += 1;
        }
        distance
    }

    /// The start's phase-1 distance (the walk that stops in the near-G1 graph, every
    /// neighbour prefetched) is the length of a whole walk into G1, in both metrics, for
    /// random coordinates (mostly far from G1) and for every length of random turns from G1
    /// (near it, inside and at the edge of the graph).
    #[test]
    fn the_starts_phase1_distance_is_a_whole_walk_into_g1() {
        let dir = tempfile::tempdir().unwrap();
        for built in puzzle_tables_generator::cube::build_tables(&mut puzzle_tables_generator::Silent) {
            let path = dir.path().join(built.spec.file_name());
            puzzle_tables_generator::write_table(&path, &built.file_bytes()).unwrap();
        }
        let solver = Tables::open(dir.path()).unwrap().cube().unwrap();
        let moves = &solver.coordinate_moves;
        let mut seed = 25u64;
        let mut random = |below: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % below
        };
        let mut coordinates: Vec<(usize, usize, usize)> =
            (0..200).map(|_| (random(FLIPS), random(SLICES), random(TWISTS))).collect();
        for length in 0..12 {
            for _ in 0..20 {
                let mut at = (0, 0, 0);
                for _ in 0..length {
                    let (m, (f, s, t)) = (random(Move::COUNT), at);
                    let next = (moves.flip[f * 18 + m], moves.slice[s * 18 + m], moves.twist[t * 18 + m]);
                    at = (usize::from(next.0), usize::from(next.1), usize::from(next.2));
                }
                coordinates.push(at);
            }
        }
        for metric in Metric::ALL {
            for &(flip, slice, twist) in &coordinates {
                let expected = walk_into_g1(&solver, metric, (flip, slice, twist));
                let found = solver.phase1_distance(metric, slice * FLIPS + flip, twist);
                assert_eq!(found, expected, "{metric:?}, flip {flip}, slice {slice}, twist {twist}");
            }
        }
    }
}
