//! Cubic eight-puzzle answers, from two tables per [`StartClass`] (built from the class's
//! representative start cell; other start cells are mapped onto it by a [`Symmetry`]):
//!
//! - the pattern-distance table ([`PatternDistances`]): for each of the 59,049 patterns,
//!   its exact distance, one byte. `judge cubic` is one lookup.
//! - the state table ([`StateDistancesMod4`]): for each state the start reaches (those with
//!   as many odd cubes), up to the start's own symmetries (`ReducedRanking`), bit 1 of its
//!   distance, one bit. Rolls move the empty cell between the board's two chessboard
//!   colours, so a state's distance is odd exactly when its empty cell has the other colour
//!   than the start cell; with the stored bit, its distance modulo 4 is known. Neighbours
//!   lie one roll nearer or farther, which differ modulo 4, so a walk can always step to a
//!   nearer one: it reaches the start after exactly the state's distance.
//!
//! An optimal roll sequence ([`CubicSolver::optimal_rolls`]) for a pattern at distance `D`
//! starts from one of the pattern's reachable states (70 or 56) whose distance is `D`: a state
//! with the right residue whose walk reaches the start in `D` rolls (a walk is abandoned as
//! soon as a state's pattern lies farther than the rolls left). Every walk is bounded by
//! `D`; a walk that finds no nearer neighbour, or a pattern none of whose states is at its
//! distance, is reported as [`TableErrorKind::Inconsistent`].

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::cubic::{roll_letters, Cell, Colour, Pattern, PatternError, Roll, StartClass, State};

use std::collections::HashSet;
use std::path::Path;

use puzzle_tables_models::cubic::{ReducedRanking, Symmetry, PATTERNS, RANKING_VERSION};

use crate::format::{packed1_at, Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// A class's tables are numbered by their representative start cell `(x, y)` as `10x + y`:
/// the corner's are 11, the edge's 21, the centre's 22.
pub fn variant_of(class: StartClass) -> u32 {
    let cell = class.representative();
    10 * cell.x() + cell.y()
}

/// Exact pattern distances from one class's representative start cell.
#[derive(Debug)]
pub struct PatternDistances {
    class: StartClass,
    table: Table,
}

impl PatternDistances {
    /// The table's spec for `class`.
    pub fn spec(class: StartClass) -> TableSpec {
        TableSpec {
            puzzle: Puzzle::Cubic,
            kind: TableKind::PatternDistance,
            variant: variant_of(class),
            encoding: Encoding::Bytes,
            ranking_version: RANKING_VERSION,
            entries: u64::from(PATTERNS),
        }
    }

    /// Opens and verifies `class`'s table at `path`.
    pub fn open(path: &Path, class: StartClass) -> Result<PatternDistances, TableError> {
        Table::open_verified(path, &Self::spec(class)).map(|table| Self::from_table(table, class))
    }

    /// The reader of `table`, opened (and verified) with [`Self::spec`] of `class`.
    pub(crate) fn from_table(table: Table, class: StartClass) -> PatternDistances {
        PatternDistances { class, table }
    }

    /// The class.
    pub fn class(&self) -> StartClass {
        self.class
    }

    /// The underlying table (for its metadata).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The distance of `pattern` from the representative start cell.
    pub fn distance(&self, pattern: &Pattern) -> u8 {
        // Opening checked the payload's length: every index below PATTERNS is inside it.
        self.table.payload()[pattern.index() as usize]
    }
}

/// Bit 1 of the distance of every state one class's representative start reaches.
#[derive(Debug)]
pub struct StateDistancesMod4 {
    start: State,
    ranking: ReducedRanking,
    table: Table,
}

impl StateDistancesMod4 {
    /// The table's spec for `class`.
    pub fn spec(class: StartClass) -> TableSpec {
        TableSpec {
            puzzle: Puzzle::Cubic,
            kind: TableKind::StateDistanceMod4,
            variant: variant_of(class),
            encoding: Encoding::Packed1,
            ranking_version: RANKING_VERSION,
            entries: u64::from(ReducedRanking::of(class).states()),
        }
    }

    /// Opens and verifies `class`'s table at `path`.
    pub fn open(path: &Path, class: StartClass) -> Result<StateDistancesMod4, TableError> {
        Table::open_verified(path, &Self::spec(class)).map(|table| Self::from_table(table, class))
    }

    /// The reader of `table`, opened (and verified) with [`Self::spec`] of `class`.
    pub(crate) fn from_table(table: Table, class: StartClass) -> StateDistancesMod4 {
        StateDistancesMod4 { start: State::start(class.representative()), ranking: ReducedRanking::of(class), table }
    }

    /// The underlying table (for its metadata).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Whether `state` can be reached from the start at all.
    pub fn reaches(&self, state: &State) -> bool {
        state.odd_cubes() == self.start.odd_cubes()
    }

    /// The distance of `state` (which the start reaches) modulo 4.
    pub fn distance_mod4(&self, state: &State) -> u8 {
        let odd = state.empty().colour() ^ self.start.empty().colour();
        // Opening checked the payload's length: every rank is inside it.
        let bit = packed1_at(self.table.payload(), u64::from(self.ranking.rank(state))).unwrap_or(0);
        2 * bit + odd
    }

    /// The rolls from `state` (which the start reaches) to the start, if its distance is
    /// `distance`; `None` if it lies farther (by a multiple of 4): the walk of `distance`
    /// rolls nearer ends elsewhere, or passes a state whose `lower_bound` (a distance no
    /// smaller than the state's) shows that it cannot get there in time.
    pub fn walk_to_start(
        &self,
        state: &State,
        distance: usize,
        lower_bound: impl Fn(&State) -> u8,
    ) -> Result<Option<Vec<Roll>>, TableError> {
        let mut state = *state;
        let mut residue = self.distance_mod4(&state);
        let mut rolls = Vec::with_capacity(distance);
        for step in 0..distance {
            if usize::from(lower_bound(&state)) > distance - step {
                return Ok(None);
            }
            let nearer = (residue + 3) % 4;
            let step = Roll::ALL.into_iter().find_map(|direction| {
                let next = state.roll(direction)?;
                (self.distance_mod4(&next) == nearer).then_some((direction, next))
            });
            let Some((direction, next)) = step else {
                let message = format!("state {state} has no neighbour one roll nearer the start {}", self.start);
                return Err(self.table.error(TableErrorKind::Inconsistent(message)));
            };
            rolls.push(direction);
            (state, residue) = (next, nearer);
        }
        Ok((state == self.start).then_some(rolls))
    }
}

/// Pattern distances for every start cell: the three classes' tables, opened by
/// [`Tables::cubic_distances`](crate::Tables::cubic_distances).
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cubic, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{cubic, Tables};
///
/// let distances = Tables::open(dir.path())?.cubic_distances()?;
/// let start = cubic::Cell::from_xy(2, 1).expect("a cell");
/// assert_eq!(distances.distance(start, &"RBW RWW EWW".parse()?), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CubicDistances {
    tables: [PatternDistances; 3],
}

impl CubicDistances {
    /// The tables of [`StartClass::ALL`], in that order.
    pub(crate) fn new(tables: [PatternDistances; 3]) -> CubicDistances {
        CubicDistances { tables }
    }

    /// The table of `class`.
    pub fn of_class(&self, class: StartClass) -> &PatternDistances {
        &self.tables[class as usize]
    }

    /// The exact number of rolls from the start with `start` empty to `pattern`.
    pub fn distance(&self, start: Cell, pattern: &Pattern) -> u8 {
        let symmetry = Symmetry::to_representative(start);
        self.of_class(StartClass::of(start)).distance(&symmetry.pattern(pattern))
    }
}

/// Optimal roll sequences for every start cell: the pattern distances and the three
/// classes' state tables, opened by [`Tables::cubic`](crate::Tables::cubic).
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cubic, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{cubic, Tables};
///
/// let solver = Tables::open(dir.path())?.cubic()?;
/// let start = cubic::Cell::from_xy(2, 1).expect("a cell");
/// let pattern: cubic::Pattern = "RBW RWW EWW".parse()?;
/// let rolls = solver.optimal_rolls(start, &pattern)?;
/// assert_eq!(rolls.len(), usize::from(solver.distances().distance(start, &pattern)));
/// println!("{}", cubic::roll_letters(&rolls));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CubicSolver {
    distances: CubicDistances,
    states: [StateDistancesMod4; 3],
}

impl CubicSolver {
    /// The solver of `distances` and the state tables of [`StartClass::ALL`], in that order.
    pub(crate) fn new(distances: CubicDistances, states: [StateDistancesMod4; 3]) -> CubicSolver {
        CubicSolver { distances, states }
    }

    /// The pattern distances.
    pub fn distances(&self) -> &CubicDistances {
        &self.distances
    }

    /// The state table of `class`.
    pub fn states_of_class(&self, class: StartClass) -> &StateDistancesMod4 {
        &self.states[class as usize]
    }

    /// A shortest sequence of rolls from the start with `start` empty to `pattern`.
    pub fn optimal_rolls(&self, start: Cell, pattern: &Pattern) -> Result<Vec<Roll>, TableError> {
        let class = StartClass::of(start);
        let symmetry = Symmetry::to_representative(start);
        let target = symmetry.pattern(pattern);
        let distance = self.distances.of_class(class).distance(&target);
        let states = self.states_of_class(class);
        for choice in 0..=u8::MAX {
            let state = target.state(choice);
            if !states.reaches(&state) || states.distance_mod4(&state) != distance % 4 {
                continue;
            }
            // A state lies no nearer than its pattern: the pattern table cuts short most
            // walks from states that lie 4 or 8 rolls farther than the pattern.
            let patterns = self.distances.of_class(class);
            let lower_bound = |state: &State| patterns.distance(&state.pattern());
            if let Some(rolls) = states.walk_to_start(&state, usize::from(distance), lower_bound)? {
                // The walk runs from the pattern back to the start: undo it, then map each
                // roll back from the representative's board to the asked one.
                let back = symmetry.inverse();
                return Ok(rolls.iter().rev().map(|&roll| back.roll(roll.inverse())).collect());
            }
        }
        let message = format!("no state of pattern {target} lies at its distance {distance}");
        Err(states.table.error(TableErrorKind::Inconsistent(message)))
    }

    /// The rolls from the start with `start` empty that begin some shortest sequence to
    /// `pattern` (none when the start shows it). Every other roll leads one roll farther:
    /// a roll changes the distance by exactly one.
    ///
    /// The states of shortest sequences are found layer by layer back from the pattern's
    /// states with the right residue, each layer one roll nearer the start by the state
    /// table, and cut by the pattern table's lower bound; a state of the last layer that the
    /// start rolls to proves the whole chain, as its length equals the pattern's distance.
    pub fn optimal_first_rolls(&self, start: Cell, pattern: &Pattern) -> Vec<Roll> {
        let class = StartClass::of(start);
        let symmetry = Symmetry::to_representative(start);
        let target = symmetry.pattern(pattern);
        let patterns = self.distances.of_class(class);
        let distance = patterns.distance(&target);
        let states = self.states_of_class(class);
        let near = |state: &State, rolls_left: u8| {
            states.reaches(state)
                && states.distance_mod4(state) == rolls_left % 4
                && patterns.distance(&state.pattern()) <= rolls_left
        };
        let mut layer: HashSet<State> = (0..=u8::MAX).map(|choice| target.state(choice)).collect();
        layer.retain(|state| near(state, distance));
        for rolls_left in (1..distance).rev() {
            layer = layer
                .iter()
                .flat_map(|state| Roll::ALL.into_iter().filter_map(|roll| state.roll(roll)))
                .filter(|state| near(state, rolls_left))
                .collect();
        }
        let back = symmetry.inverse();
        let first = Roll::ALL
            .into_iter()
            .filter(|&roll| distance > 0 && states.start.roll(roll).is_some_and(|next| layer.contains(&next)));
        let mut rolls: Vec<Roll> = first.map(|roll| back.roll(roll)).collect();
        rolls.sort_by_key(|roll| Roll::ALL.iter().position(|r| r == roll));
        rolls
    }
}
