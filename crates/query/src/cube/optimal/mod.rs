//! Proven-optimal solutions of any cube: IDA* over lower bounds from tables, in face turns
//! or quarter turns ([`TwoPhaseSolver::solve_optimal`](crate::cube::TwoPhaseSolver::solve_optimal)).
//!
//! The search ([`search`]) is generic over its lower bound (`bound::LowerBound`): the optimal
//! solver's own tables of the fastest size present (`gen cube --optimal SIZE`, module `table`):
//! `huge`, the exact face-turn distance that solves the edge flip, the UD-slice, the corner
//! tetrads and the corner twist and, for the cube's inverse, whether each distance lies above
//! 10 or 11, and `tiny`'s corners for the last nine moves (3.9 GB); `levels`, the same
//! coordinates' distances as levels against a base of 9, each of them a bound for the cube
//! and its inverse alike (2.49 GB); `large`, the exact distance
//! with the corners' U/D layers in place of the tetrads (1.96 GB); `small`, the same with the
//! sorted UD-slice in place of the slice and corners, 673 MB;
//! `tiny`, the exact face-turn distance that solves the corners (3 MB) beside the phase-1
//! bound; else the two-phase solver's phase-1 table alone (the exact face-turn distance to G1
//! of flip-slice class x twist, 28 MB). The edge tables are looked up along each of the cube's
//! three axes (the cube conjugated by the URF-diagonal rotation), the largest of the three, or
//! one more where the three bar every last move between them (`small` and `large`). An
//! admissible bound prunes no solution, so the answer is the same with any. A face-turn
//! distance never exceeds the quarter-turn distance, so the same bound serves both metrics. The
//! two-phase solution found first is the best known until the search proves or beats it, and
//! what a search that runs out of time answers, with the depth it proved.

pub(crate) mod bound;
pub mod search;
mod table;

pub use table::{
    finder_rows, level_above_floor, optimal_specs, OptimalSize, OptimalTables, CORNER_TWIST_SPEC, DISTANCE_FLOOR,
    FLIP_SLICE_LAYERS_CLASS_SPEC, FLIP_SLICE_LAYERS_FINDER_ROWS, FLIP_SLICE_LAYERS_TWIST_SPEC,
    FLIP_SLICE_TETRADS_ABOVE_SPEC, FLIP_SLICE_TETRADS_CLASS_SPEC, FLIP_SLICE_TETRADS_FINDER_ROWS,
    FLIP_SLICE_TETRADS_LEVELS_SPEC, FLIP_SLICE_TETRADS_TWIST_SPEC, FLIP_SORTED_SLICE_CLASS_SPEC,
    FLIP_SORTED_SLICE_FINDER_ROWS, FLIP_SORTED_SLICE_TWIST_SPEC,
};

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::cube::Move;
use crate::fifteen::search::SearchProgress;

/// What may stop an optimal search, and who is told how far it is.
#[derive(Clone, Copy, Default)]
pub struct OptimalLimits<'a> {
    /// Give up at this instant, answering the best solution known and the proven bound.
    pub deadline: Option<Instant>,
    /// Give up, as at the deadline, once this is set (by another thread).
    pub stop: Option<&'a AtomicBool>,
    /// Told the depth being searched (`bound`, in the metric) and the nodes generated so
    /// far, at each new depth and about every million nodes.
    pub progress: Option<&'a (dyn Fn(SearchProgress) + Sync)>,
}

impl std::fmt::Debug for OptimalLimits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OptimalLimits")
            .field("deadline", &self.deadline)
            .field("stop", &self.stop)
            .finish_non_exhaustive()
    }
}

/// An optimal search's answer. `#[non_exhaustive]`: more may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OptimalSolution {
    /// A solution: the shortest in the metric when `optimal`, else the best known when the
    /// search gave up.
    pub moves: Vec<Move>,
    /// Whether no solution is shorter in the metric (proven by the search).
    pub optimal: bool,
    /// Every solution has at least this many moves of the metric (the moves' length when
    /// `optimal`).
    pub lower_bound: u32,
    /// Nodes the search generated.
    pub nodes: u64,
    /// How many of the 48 cube symmetries (rotations and reflections of the whole cube) leave
    /// the cube as it is: 1 for almost every cube, 48 for the superflip. The search starts
    /// from one first move per orbit of these.
    pub symmetries: u32,
}
