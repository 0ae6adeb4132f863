//! The cubic eight-puzzle's tables: one reverse breadth-first search over all `9 * 6^8`
//! ranked states per [`StartClass`], from its representative start cell; the other start
//! cells are answered through a symmetry (see `puzzle_tables_models::cubic`), so three
//! walks stand for nine.
//!
//! Each walk yields the class's two tables (see `puzzle_tables_query::cubic`): the exact
//! distance of every pattern (the least over the states showing it) and bit 1 of the
//! distance of every state the start reaches, up to the start cell's own symmetries.
//!
//! The walk computes neighbours by rank arithmetic, not by unranking: a roll left or right
//! keeps the board order of the cubes and changes one base-6 digit; a roll up or down moves
//! one cube two places in that order, a rotation of three neighbouring digits.

use puzzle_tables_models::cubic::{
    orbit_rank_of, orbit_states, Cell, Orientation, Pattern, ReducedRanking, Roll, StartClass, State,
    CUBE_ORIENTATIONS, CUBE_TOPS, ORIENTATIONS, PATTERNS, STATES,
};
use puzzle_tables_query::cubic::{PatternDistances, StateDistancesMod4};
use puzzle_tables_query::Metadata;

use crate::bfs::{reverse_bfs, StateSpace, Walk, UNREACHED};
use crate::{pack1, BuiltTable, Progress};

/// The powers of 6: the weight of each cube's digit in a rank.
const POW6: [i32; 9] = [1, 6, 36, 216, 1296, 7776, 46_656, 279_936, 1_679_616];

/// Every state, ranked by `State::rank`, with neighbours found by rank arithmetic.
pub struct CubicSpace {
    /// The orientation after a roll up or down, by orientation number.
    vertical: [i32; 6],
    /// The orientation after a roll left or right, by orientation number.
    horizontal: [i32; 6],
}

impl Default for CubicSpace {
    fn default() -> Self {
        CubicSpace {
            vertical: Orientation::ALL.map(|o| i32::from(o.rolled_vertically().number())),
            horizontal: Orientation::ALL.map(|o| i32::from(o.rolled_horizontally().number())),
        }
    }
}

impl CubicSpace {
    /// Calls `visit(neighbour, roll)` for every state one roll from the state of rank `rank`.
    #[inline]
    pub fn for_each_neighbour(&self, rank: u32, mut visit: impl FnMut(u32, Roll)) {
        let empty = (rank / CUBE_ORIENTATIONS) as i32;
        let mut rest = rank % CUBE_ORIENTATIONS;
        let mut digits = [0i32; 8];
        for digit in &mut digits {
            *digit = (rest % ORIENTATIONS) as i32;
            rest /= ORIENTATIONS;
        }
        let rank = rank as i32;
        let e = empty as usize;
        let (column, row) = (e % 3, e / 3);
        let neighbour = |new_empty: usize, delta: i32| (rank + (new_empty as i32 - empty) * POW6[8] + delta) as u32;
        // The cube numbered k (board order, skipping the empty cell) is on cell k or k + 1.
        if column < 2 {
            // The cube on cell e + 1, numbered e, rolls left onto e and keeps its number.
            let d = digits[e];
            visit(neighbour(e + 1, (self.horizontal[d as usize] - d) * POW6[e]), Roll::Left);
        }
        if column > 0 {
            // The cube on cell e - 1, numbered e - 1, rolls right onto e.
            let d = digits[e - 1];
            visit(neighbour(e - 1, (self.horizontal[d as usize] - d) * POW6[e - 1]), Roll::Right);
        }
        if row < 2 {
            // The cube on cell e + 3, numbered e + 2, rolls up onto e, taking number e:
            // digits (a, b, c) at e.. become (rolled c, a, b).
            let (a, b, c) = (digits[e], digits[e + 1], digits[e + 2]);
            let rolled = self.vertical[c as usize];
            let delta = (rolled - a) * POW6[e] + (a - b) * POW6[e + 1] + (b - c) * POW6[e + 2];
            visit(neighbour(e + 3, delta), Roll::Up);
        }
        if row > 0 {
            // The cube on cell e - 3, numbered e - 3, rolls down onto e, taking number e - 1:
            // digits (c, a, b) at e - 3.. become (a, b, rolled c).
            let (c, a, b) = (digits[e - 3], digits[e - 2], digits[e - 1]);
            let rolled = self.vertical[c as usize];
            let delta = (a - c) * POW6[e - 3] + (b - a) * POW6[e - 2] + (rolled - b) * POW6[e - 1];
            visit(neighbour(e - 3, delta), Roll::Down);
        }
    }
}

impl StateSpace for CubicSpace {
    const EXPAND_IN_RANK_ORDER: bool = true;

    fn state_count(&self) -> u64 {
        u64::from(STATES)
    }

    fn for_each_predecessor(&self, state: u64, mut visit: impl FnMut(u64, u8)) {
        // Every roll is undone by the opposite roll, so the predecessors are the neighbours.
        self.for_each_neighbour(state as u32, |neighbour, roll| visit(u64::from(neighbour), roll.inverse() as u8));
    }
}

/// Builds both tables of every start class.
pub fn build_tables(progress: &mut dyn Progress) -> Vec<BuiltTable> {
    let space = CubicSpace::default();
    StartClass::ALL.into_iter().flat_map(|class| build_class_tables(&space, class, progress)).collect()
}

/// Walks from `class`'s representative start cell and builds its two tables.
pub fn build_class_tables(space: &CubicSpace, class: StartClass, progress: &mut dyn Progress) -> [BuiltTable; 2] {
    let start = State::start(class.representative());
    // Rolls keep the number of odd cubes, so reaching as many states as have the start's
    // number is reaching all of them: what lets the state table index those alone.
    let odd_cubes = start.odd_cubes();
    let expected = u64::from(orbit_states(odd_cubes));
    progress.start(&format!("cubic puzzle, start cell {}", class.representative()), expected);
    let walk = reverse_bfs(space, &[u64::from(start.rank())], |_, _| {}, progress);
    let reached: u64 = walk.depth_counts.iter().sum();
    assert_eq!(reached, expected, "the walk reaches every state with {odd_cubes} odd cubes");
    let distance = walk.distances();
    let folded = fold_walk(&distance, &ReducedRanking::of(class));
    [pattern_table(class, &walk, folded.pattern_distances), state_table(class, &walk, &distance, &folded.state_bits)]
}

/// A walk's distances, by state rank, folded into the two tables' entries.
struct FoldedWalk {
    /// The least distance of the states showing each pattern, by pattern index.
    pattern_distances: Vec<u8>,
    /// Bit 1 of the distance of each reached state, by its class's [`ReducedRanking`].
    state_bits: Vec<u8>,
}

/// The pattern index and odd cubes of four consecutive cubes, by their four base-6 digits.
struct Block {
    tops: Vec<u32>,
    odd_cubes: Vec<u8>,
}

/// Blocks of four cubes numbered `first..first + 4`, on their cells when `empty` is empty.
fn block(empty: Cell, first: usize) -> Block {
    let cells: Vec<Cell> = Cell::ALL.into_iter().filter(|&c| c != empty).skip(first).take(4).collect();
    let size = (ORIENTATIONS as usize).pow(cells.len() as u32);
    let mut block = Block { tops: vec![0; size], odd_cubes: vec![0; size] };
    for digits in 0..size {
        let mut rest = digits;
        for (k, cell) in cells.iter().enumerate() {
            let cube = Orientation::ALL[rest % ORIENTATIONS as usize];
            rest /= ORIENTATIONS as usize;
            block.tops[digits] += cube.top() as u32 * 3u32.pow(k as u32);
            block.odd_cubes[digits] |= (cube.parity() ^ cell.colour()) << k;
        }
    }
    block
}

/// Folds `distance` in one pass over the ranks. A rank is the empty cell and two blocks of
/// four cube digits, so a state's pattern index and odd cubes are two lookups each. Only
/// the states with an empty cell that `ranking` stores give bits; the others are their
/// images under the start's symmetries, at the same distances.
fn fold_walk(distance: &[u8], ranking: &ReducedRanking) -> FoldedWalk {
    let mut pattern_distances = vec![UNREACHED; PATTERNS as usize];
    let mut state_bits = vec![0u8; ranking.states() as usize];
    for (empty, states) in Cell::ALL.into_iter().zip(distance.chunks_exact(CUBE_ORIENTATIONS as usize)) {
        let (low, high) = (block(empty, 0), block(empty, 4));
        let first_pattern = empty.index() as u32 * CUBE_TOPS;
        let stored = ranking.stores(empty);
        for (high_digits, states) in states.chunks_exact(low.tops.len()).enumerate() {
            let high_tops = first_pattern + high.tops[high_digits] * 81;
            let high_odd = high.odd_cubes[high_digits] << 4;
            for (low_digits, &d) in states.iter().enumerate() {
                if d == UNREACHED {
                    continue;
                }
                let pattern = high_tops + low.tops[low_digits];
                let slot = &mut pattern_distances[pattern as usize];
                *slot = (*slot).min(d);
                if stored {
                    let orbit_rank = orbit_rank_of(pattern, high_odd | low.odd_cubes[low_digits]);
                    state_bits[ranking.rank_stored(empty, orbit_rank) as usize] = d >> 1 & 1;
                }
            }
        }
    }
    FoldedWalk { pattern_distances, state_bits }
}

fn start_parameters(class: StartClass) -> Vec<(String, String)> {
    let cells: Vec<String> = class.cells().iter().map(Cell::to_string).collect();
    vec![
        ("start cell".into(), class.representative().to_string()),
        ("start class".into(), class.label().into()),
        ("start cells answered".into(), cells.join(" ")),
    ]
}

/// The least distance over the states showing each pattern.
fn pattern_table(class: StartClass, walk: &Walk, distances: Vec<u8>) -> BuiltTable {
    let mut depth_counts = vec![0u64; walk.depth_counts.len()];
    for &distance in &distances {
        // Every pattern is shown by some reached state, so none is UNREACHED.
        depth_counts[usize::from(distance)] += 1;
    }
    let max = depth_counts.iter().rposition(|&count| count > 0).unwrap_or(0);
    let farthest = distances.iter().position(|&d| usize::from(d) == max).and_then(|i| Pattern::from_index(i as u32));
    let mut parameters = start_parameters(class);
    if let Some(pattern) = farthest {
        parameters.push(("farthest pattern".into(), pattern.to_string()));
    }
    depth_counts.truncate(max + 1);
    BuiltTable {
        spec: PatternDistances::spec(class),
        metadata: Metadata {
            description: format!(
                "cubic eight-puzzle from {}: the exact distance of every pattern",
                class.representative()
            ),
            generated_by: "puzzle-tables gen cubic".into(),
            depth_counts,
            parameters,
        },
        payload: distances,
    }
}

/// Bit 1 of the distance of every state the start reaches, by orbit rank.
fn state_table(class: StartClass, walk: &Walk, distance: &[u8], bits: &[u8]) -> BuiltTable {
    let max = walk.depth_counts.len() - 1;
    let farthest = distance.iter().position(|&d| usize::from(d) == max).and_then(|r| State::unrank(r as u32));
    let mut parameters = start_parameters(class);
    let reachable: u64 = walk.depth_counts.iter().sum();
    parameters.push(("reachable states".into(), reachable.to_string()));
    parameters.push(("stored states (up to the start's symmetries)".into(), bits.len().to_string()));
    if let Some(state) = farthest {
        parameters.push(("farthest state".into(), state.to_string()));
    }
    BuiltTable {
        spec: StateDistancesMod4::spec(class),
        metadata: Metadata {
            description: format!(
                "cubic eight-puzzle from {}: bit 1 of the distance of every state the start reaches",
                class.representative()
            ),
            generated_by: "puzzle-tables gen cubic".into(),
            depth_counts: walk.depth_counts.clone(),
            parameters,
        },
        payload: pack1(bits.iter().copied()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_arithmetic_agrees_with_rolling_the_model() {
        let space = CubicSpace::default();
        for rank in (0..STATES).step_by(89) {
            let state = State::unrank(rank).unwrap();
            let mut expected: Vec<(u32, Roll)> =
                Roll::ALL.into_iter().filter_map(|r| Some((state.roll(r)?.rank(), r))).collect();
            let mut found = Vec::new();
            space.for_each_neighbour(rank, |neighbour, roll| found.push((neighbour, roll)));
            expected.sort_by_key(|&(rank, _)| rank);
            found.sort_by_key(|&(rank, _)| rank);
            assert_eq!(found, expected, "{state}");
        }
    }

    #[test]
    fn folding_by_blocks_agrees_with_the_model() {
        // Made-up distances on the states with four odd cubes, as a walk from the centre
        // has, equal on the images of a state under the centre's symmetries.
        let class = StartClass::Centre;
        let ranking = ReducedRanking::of(class);
        let states: Vec<State> = (0..STATES).map(|rank| State::unrank(rank).unwrap()).collect();
        let made_up = |state: &State| (ranking.rank(state) % 7 * 5 % 11) as u8;
        let distance: Vec<u8> =
            states.iter().map(|s| if s.odd_cubes() == class.odd_cubes() { made_up(s) } else { UNREACHED }).collect();
        let folded = fold_walk(&distance, &ranking);
        let mut expected = vec![UNREACHED; PATTERNS as usize];
        for (state, &d) in states.iter().zip(&distance).filter(|&(_, &d)| d != UNREACHED) {
            let slot = &mut expected[state.pattern().index() as usize];
            *slot = (*slot).min(d);
            assert_eq!(folded.state_bits[ranking.rank(state) as usize], d >> 1 & 1);
        }
        assert_eq!(folded.pattern_distances, expected);
    }
}
