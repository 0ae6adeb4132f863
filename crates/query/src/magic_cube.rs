//! Magic-cube answers from the `within` table: every cube within [`TABLE_DEPTH`] quarter
//! turns of solved, as twelve-byte records in hash buckets (see [`crate::buckets`]).
//!
//! A record is `key << 28 | solution`: `key` is the cube's perfect 67-bit [`Cube::key`],
//! and `solution` a shortest solution, one turn index a nibble, the first turn in the lowest
//! nibble and [`NO_TURN`] in every nibble after the last turn (seven nibbles, enough for
//! every depth with a known count). Keys are exact, not hashed, so a lookup never confuses
//! two cubes: a key that is present is that cube. Storing the whole solution makes an
//! answer one key and one lookup, where storing one turn closer took a key and a lookup a
//! turn, and the key dominates a lookup's cost.
//!
//! Answers:
//! - [`CubeTable::solution_within_depth`]: a bucket lookup: a shortest solution for every
//!   cube within the table's depth, and `None` for every other.
//! - [`CubeTable::optimal_solution`]: meet in the middle. A cube at distance `D` in
//!   `depth + 1 ..= 2 * depth` has, `D - depth` turns along a shortest solution, a cube in the
//!   table; searching every sequence of `r = 1, 2, ...` turns from the cube, the first `r`
//!   that reaches a table cube gives `D = depth + r`, and that sequence plus the cube's
//!   stored solution is a shortest solution. When no sequence of `depth` turns reaches the
//!   table, the cube needs more than `2 * depth`.

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::magic_cube::{notation, parse_net, Cube, CubeError, Facelets, Turn};

use std::path::Path;

use puzzle_tables_models::magic_cube::{POSITIONS_WITHIN, RANKING_VERSION};

use crate::buckets::{BucketedRecords, VALUE_BITS, VALUE_MASK};
use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// How many quarter turns from solved the table reaches: it holds every cube within this
/// many. Five is all the judge asks; six lets `solve` answer exactly up to twelve by meeting
/// in the middle. Measured on a 2-core machine, release build (generation; file raw and
/// `zstd -19`; `judge` on the two-case sample, which opens and verifies the file; the whole
/// search of a cube beyond twice the depth):
///
/// | depth | cubes | generation | file | zstd | judge run | whole search |
/// |------:|------:|-----------:|-----:|-----:|----------:|-------------:|
/// | 5 | 105,046 | 0.05 s | 0.95 MB | 0.76 MB | < 5 ms | 0.05 s (exact to 10) |
/// | 6 | 983,926 | 0.40 s | 8.9 MB | 6.4 MB | 5 ms | 0.6 s (exact to 12) |
/// | 7 | 9,205,558 | 2.5-4 s | 83 MB | 54 MB | 60 ms | 12 s (exact to 14) |
///
/// These figures were measured with the former layout (nine-byte records sorted by key,
/// one turn each). The bucketed layout with whole solutions makes depth 6 12.8 MB raw and
/// 11.6 MB with `zstd -19` (solutions compress worse than single turns); the other
/// columns are re-measured in BENCHMARKS.md.
///
/// Depth 7 would cost every run 60 ms of checking and every search seconds for two more
/// turns of reach; depth 6 costs a few megabytes for exact answers up to twelve.
pub const TABLE_DEPTH: usize = 6;

/// A nibble of a stored solution past its last turn.
pub const NO_TURN: u8 = 15;
/// The stored solution of the solved cube: no turn at all.
pub const SOLVED_VALUE: u32 = VALUE_MASK as u32;

/// `turn` followed by the stored solution `then`: the solution of the cube `turn` leads
/// from to the cube `then` solves.
pub fn prepend_turn(turn: Turn, then: u32) -> u32 {
    (then << 4 | u32::from(turn.index())) & SOLVED_VALUE
}

/// The turns of a stored solution, or `None` when it is not one (an index above the
/// twelve turns, or a turn after [`NO_TURN`]).
fn decode_solution(mut value: u32) -> Option<Vec<Turn>> {
    let mut turns = Vec::with_capacity(TABLE_DEPTH);
    while value & 0xf != u32::from(NO_TURN) {
        turns.push(Turn::from_index((value & 0xf) as u8)?);
        value >>= 4;
    }
    (value == SOLVED_VALUE >> (4 * turns.len())).then_some(turns)
}

/// The magic cube's `within` table, verified and ready for queries: opened by
/// [`Tables::magic_cube`](crate::Tables::magic_cube).
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::MagicCube, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::magic_cube::{notation, Answer, Cube, Turn};
/// use puzzle_tables_query::Tables;
///
/// let table = Tables::open(dir.path())?.magic_cube()?;
/// let scrambled = Cube::SOLVED.apply_all(&[Turn::ALL[0], Turn::ALL[3], Turn::ALL[7]]);
/// let Answer::Solution(turns) = table.optimal_solution(&scrambled)? else { panic!("3 turns") };
/// assert_eq!(turns.len(), 3);
/// assert!(scrambled.apply_all(&turns).is_solved());
/// println!("{}", notation(&turns));
/// // Within the table's own depth, one walk answers without a search.
/// assert_eq!(table.solution_within_depth(&scrambled)?.map(|t| t.len()), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CubeTable {
    table: Table,
}

/// What is known of a cube's distance from solved. Exhaustive: the table either holds
/// the cube, or its absence proves the cube lies beyond the table's depth.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::MagicCube, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::magic_cube::{notation, Answer, Facelets};
///
/// let table = puzzle_tables_query::Tables::open(dir.path())?.magic_cube()?;
/// // The solved cube after R (faces U R F D L B): one quarter turn from solved.
/// let cube = Facelets::from_urfdlb("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB")?.cube()?;
/// match table.optimal_solution(&cube)? {
///     Answer::Solution(turns) => assert_eq!(notation(&turns), "R'"),
///     Answer::MoreThan(turns) => panic!("one turn, not more than {turns}"),
/// }
/// assert_eq!(table.solution_within_depth(&cube)?.map(|turns| turns.len()), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A shortest solution.
    Solution(Vec<Turn>),
    /// Every solution has more than this many quarter turns.
    MoreThan(usize),
}

const fn unwrap_spec(spec: Option<TableSpec>) -> TableSpec {
    match spec {
        Some(spec) => spec,
        None => panic!("the table depth has a known position count"),
    }
}

/// Checks that a `within` table's records lie in their keys' buckets, each key once
/// ([`BucketedRecords::check`]): a lookup in the wrong bucket would miss cubes that are
/// there; and that each record's key is a cube's and its solution, within the table's
/// depth, solves that cube.
pub fn check_records(table: &Table) -> Result<(), TableError> {
    let inconsistent = |message: String| table.error(TableErrorKind::Inconsistent(message));
    let records = BucketedRecords::new(table.payload(), table.spec().entries);
    records.check().map_err(inconsistent)?;
    for (number, record) in records.records().enumerate() {
        let cube = Cube::from_key(record >> VALUE_BITS);
        let turns = decode_solution((record & VALUE_MASK) as u32);
        let solves = match (cube, turns) {
            (Some(cube), Some(turns)) => {
                turns.len() <= table.spec().variant as usize && cube.apply_all(&turns).is_solved()
            }
            _ => false,
        };
        if !solves {
            return Err(inconsistent(format!("record {number} does not hold a cube and a solution of it")));
        }
    }
    Ok(())
}

/// The face opposite each net face (left-right, front-back, up-down).
const OPPOSITE: [usize; 6] = [2, 3, 0, 1, 5, 4];

/// Whether `next` may follow `last` (and, when `repeated`, the turn before it, the same) in
/// a search that still meets every cube at its exact distance: no turn undone, no face turned
/// thrice (one turn back is shorter), a half turn only as two clockwise quarter turns, and of
/// two opposite faces (which commute) the lower numbered first.
fn may_follow(last: Option<Turn>, repeated: bool, next: Turn) -> bool {
    let Some(last) = last else { return true };
    if next.face() == last.face() {
        next == last && last.is_clockwise() && !repeated
    } else {
        OPPOSITE[last.face()] != next.face() || next.face() > last.face()
    }
}

impl CubeTable {
    /// The spec of the table of every cube within `depth` quarter turns, when the number of
    /// such cubes is known.
    pub const fn spec(depth: usize) -> Option<TableSpec> {
        if depth >= POSITIONS_WITHIN.len() {
            return None;
        }
        Some(TableSpec {
            puzzle: Puzzle::MagicCube,
            kind: TableKind::SolutionWithin,
            variant: depth as u32,
            encoding: Encoding::BucketedRecords12,
            ranking_version: RANKING_VERSION,
            entries: POSITIONS_WITHIN[depth],
        })
    }

    /// The spec of the table this build answers from, of depth [`TABLE_DEPTH`].
    pub const SPEC: TableSpec = unwrap_spec(Self::spec(TABLE_DEPTH));

    /// Opens and verifies the table at `path`. The generator checked the buckets before it
    /// computed the checksum; [`check_records`] checks them again, for `puzzle-tables
    /// verify`, since it reads every record (milliseconds that a one-case command should not
    /// pay).
    pub fn open(path: &Path) -> Result<CubeTable, TableError> {
        Table::open_verified(path, &Self::SPEC).map(Self::from_table)
    }

    /// The reader of `table`, opened (and verified) with [`Self::SPEC`].
    pub(crate) fn from_table(table: Table) -> CubeTable {
        CubeTable { table }
    }

    /// The underlying table (for its metadata).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// How many quarter turns from solved the table reaches.
    pub fn depth(&self) -> usize {
        self.table.spec().variant as usize
    }

    /// A shortest solution of `cube` when it is within the table's depth, else `None`.
    /// Fails only if the stored solution is not one (a turn index out of range, or longer
    /// than the depth). That each solution solves its cube is the generator's construction,
    /// under the checksum; [`check_records`] replays every one for `puzzle-tables verify`.
    pub fn solution_within_depth(&self, cube: &Cube) -> Result<Option<Vec<Turn>>, TableError> {
        let records = BucketedRecords::new(self.table.payload(), self.table.spec().entries);
        let key = cube.key();
        let Some(value) = records.value_of(key) else { return Ok(None) };
        match decode_solution(value) {
            Some(turns) if turns.len() <= self.depth() => Ok(Some(turns)),
            _ => {
                let message = format!("the stored solution of the cube of key {key} is not a solution");
                Err(self.table.error(TableErrorKind::Inconsistent(message)))
            }
        }
    }

    /// A shortest solution of `cube` when it needs at most twice the table's depth, else
    /// how many turns it needs more than (see the module documentation).
    pub fn optimal_solution(&self, cube: &Cube) -> Result<Answer, TableError> {
        for extra in 0..=self.depth() {
            let mut path = Vec::with_capacity(extra);
            if let Some(solution) = self.search(cube, extra, None, false, &mut path)? {
                return Ok(Answer::Solution(solution));
            }
        }
        Ok(Answer::MoreThan(2 * self.depth()))
    }

    /// Depth-first over the sequences of `remaining` more turns after `path`: the first that
    /// reaches a table cube, followed by that cube's stored solution.
    fn search(
        &self,
        cube: &Cube,
        remaining: usize,
        last: Option<Turn>,
        repeated: bool,
        path: &mut Vec<Turn>,
    ) -> Result<Option<Vec<Turn>>, TableError> {
        if remaining == 0 {
            return Ok(self.solution_within_depth(cube)?.map(|rest| [&path[..], &rest].concat()));
        }
        for turn in Turn::ALL {
            if !may_follow(last, repeated, turn) {
                continue;
            }
            path.push(turn);
            let found = self.search(&cube.apply(turn), remaining - 1, Some(turn), Some(turn) == last, path)?;
            path.pop();
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// Every cube within `depth` turns of solved, by plain breadth-first search.
    fn ball(depth: usize) -> Vec<HashSet<Cube>> {
        let mut layers = vec![HashSet::from([Cube::SOLVED])];
        let mut seen = layers[0].clone();
        for _ in 0..depth {
            let next: HashSet<Cube> = layers
                .last()
                .unwrap()
                .iter()
                .flat_map(|cube| Turn::ALL.map(|turn| cube.apply(turn)))
                .filter(|cube| !seen.contains(cube))
                .collect();
            seen.extend(next.iter().copied());
            layers.push(next);
        }
        layers
    }

    /// The pruned sequences of `length` turns reach every cube at distance `length`.
    #[test]
    fn pruned_sequences_still_reach_every_cube_at_its_distance() {
        let layers = ball(4);
        for (length, layer) in layers.iter().enumerate() {
            let mut reached = HashSet::new();
            let mut stack = vec![(Cube::SOLVED, 0, None, false)];
            while let Some((cube, done, last, repeated)) = stack.pop() {
                if done == length {
                    reached.insert(cube);
                    continue;
                }
                for turn in Turn::ALL.into_iter().filter(|&t| may_follow(last, repeated, t)) {
                    stack.push((cube.apply(turn), done + 1, Some(turn), Some(turn) == last));
                }
            }
            assert!(layer.is_subset(&reached), "length {length}");
        }
        assert_eq!(layers.iter().map(|l| l.len() as u64).sum::<u64>(), POSITIONS_WITHIN[4]);
    }

    #[test]
    fn stored_solutions_decode_to_their_turns_and_nothing_else_does() {
        let turns = [Turn::ALL[3], Turn::ALL[0], Turn::ALL[11]];
        let value = turns.iter().rev().fold(SOLVED_VALUE, |then, &turn| prepend_turn(turn, then));
        assert_eq!(decode_solution(value), Some(turns.to_vec()));
        assert_eq!(decode_solution(SOLVED_VALUE), Some(Vec::new()));
        assert_eq!(decode_solution(value & !0xf | 12), None, "no turn 12");
        assert_eq!(decode_solution(SOLVED_VALUE & !0xf0), None, "a turn after the end");
    }
}
