//! The one answer path: a board written as text in, an [`Answer`] out, for every puzzle.
//!
//! Every front end (the command line's `solve`, the HTTP server, the Python package) asks
//! an [`Answerer`] and prints or sends what it gets, so parsing, answering and the answer's
//! shape exist once. An answer serializes (serde) to the shape `puzzle-tables solve --json`
//! prints; with [`AnswerOptions::steps`] it adds the puzzle after every move, and with
//! [`AnswerOptions::children`] every legal move from the board, the board after it, that
//! board's distance (exact where the tables know it, otherwise a bound marked as such) and
//! whether the move lies on an optimal path.
//!
//! An [`Answerer`] opens each puzzle's tables the first time it is asked about that puzzle
//! and keeps them; it is `Sync`, so one answerer serves every thread of a server.
//!
//! ```
//! # let dir = tempfile::tempdir()?;
//! # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
//! use puzzle_tables_query::answer::{Answer, AnswerOptions, Answerer};
//! use puzzle_tables_query::{Puzzle, Tables};
//!
//! let answerer = Answerer::new(Tables::open(dir.path())?);
//! let options = AnswerOptions { children: true, ..AnswerOptions::default() };
//! let Answer::Eight(answer) = answerer.answer(Puzzle::Eight, "2 3 4 1 5 x 7 6 8", &options)? else {
//!     unreachable!("an eight-puzzle question has an eight-puzzle answer")
//! };
//! assert_eq!(answer.distance, Some(19));
//! let children = answer.details.children.expect("asked for");
//! assert!(children.iter().any(|child| child.optimal && child.distance == Some(18)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cube;
mod cubic;
mod definition;
mod eight;
mod fifteen;
mod registry;
mod rotation;
mod stats;

pub use cube::{metric_noun, CubeAnswer, CubeInput, CubeSolution, MagicCubeAnswer};
pub use cubic::{parse_cell, CubicAnswer};
pub use definition::{AllSolutionsAnswer, DefinitionAnswer, DefinitionInput};
pub use eight::EightAnswer;
pub use fifteen::FifteenAnswer;
pub use registry::{PuzzleAnswer, RegisteredPuzzle};
pub use rotation::RotationAnswer;
pub use stats::{DepthReport, Stats};

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;

use crate::cube::optimal::OptimalTables;
use crate::cube::{Metric, TwoPhaseSolver};
use crate::cubic::{Cell, CubicSolver};
use crate::definition::DefinitionTable;
use crate::eight::EightTable;
use crate::fifteen::search::SearchProgress;
use crate::fifteen::{Partition, PatternDatabases};
use crate::magic_cube::CubeTable;
use crate::random::DrawError;
use crate::rotation::RotationTable;
use crate::{Puzzle, TableError, Tables};

/// What to answer beyond the distance and the moves, and the puzzle-specific settings.
#[derive(Clone, Debug)]
pub struct AnswerOptions {
    /// Add the puzzle after every move of the answer.
    pub steps: bool,
    /// With `steps`, also draw them for a terminal (the answer's `walk`, never serialized):
    /// off for programs, since drawing costs more than the answer's lookups.
    pub walk: bool,
    /// Add every legal move from the board and what it leads to.
    pub children: bool,
    /// Cubic: the initially empty cell (required).
    pub start: Option<Cell>,
    /// The cube: whether the board is a facelet string or a scramble.
    pub cube_input: CubeInput,
    /// The cube: the metric solutions are counted in.
    pub metric: Metric,
    /// The cube: stop at the first solution of at most this many moves in the metric
    /// [default: God's number in the metric, which every cube meets].
    pub max: Option<u32>,
    /// The cube: a proven-optimal solution in the metric (an IDA* that may take minutes)
    /// instead of the two-phase solver's.
    pub optimal: bool,
    /// The cube, with `optimal`: give up after this long, answering the best solution known
    /// and the proven lower bound [default: none].
    pub max_time: Option<std::time::Duration>,
    /// The cube, with `optimal`: give up, as at `max_time`, once this is set (by another
    /// thread: a front end's interrupt) [default: none].
    pub stop: Option<Arc<AtomicBool>>,
    /// The fifteen puzzle: give up on a board that needs more moves [default and most: 80].
    pub max_moves: Option<usize>,
    /// The fifteen puzzle: the pattern databases [default: 7-8 when present, else 6-6-3].
    pub partition: Option<Partition>,
    /// The fifteen puzzle: give up after generating this many nodes, answering with the
    /// proven lower bound (a budget on the work one board may cost) [default: none].
    pub max_nodes: Option<u64>,
    /// The fifteen puzzle and the optimal cube search: told the board and how far its
    /// search is, at each new bound and within long iterations.
    pub progress: Option<SearchHook>,
    /// A defined puzzle: whether the case is a scramble or a pattern.
    pub definition_input: DefinitionInput,
    /// A defined puzzle: count every optimal solution and list up to this many of them.
    pub all_solutions: Option<usize>,
}

/// A time limit written as a positive number of seconds, such as `30` or `0.5`: what the
/// command line's `--max-seconds` and Python's `max_seconds` give [`AnswerOptions::max_time`].
pub fn time_limit(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs.is_finite() => {
            std::time::Duration::try_from_secs_f64(secs).map_err(|e| e.to_string())
        }
        _ => Err(format!("expected a positive number of seconds, found {text:?}")),
    }
}

/// Told a board (as written) and where its search is.
pub type SearchListener = dyn Fn(&str, SearchProgress) + Send + Sync;

/// Where a search is, told to a front end (such as a terminal's progress line).
#[derive(Clone)]
pub struct SearchHook(pub Arc<SearchListener>);

impl std::fmt::Debug for SearchHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SearchHook")
    }
}

impl Default for AnswerOptions {
    fn default() -> AnswerOptions {
        AnswerOptions {
            steps: false,
            walk: false,
            children: false,
            start: None,
            cube_input: CubeInput::Facelets,
            metric: Metric::Htm,
            max: None,
            optimal: false,
            max_time: None,
            stop: None,
            max_moves: None,
            partition: None,
            max_nodes: None,
            progress: None,
            definition_input: DefinitionInput::Scramble,
            all_solutions: None,
        }
    }
}

/// Every puzzle a front end offers, in the order they are listed: the built-in puzzles
/// ([`Puzzle::BUILT_IN`]). A defined puzzle is answered by name instead
/// ([`Answerer::answer_definition`]).
pub const PUZZLES: &[RegisteredPuzzle] = &[
    eight::REGISTERED,
    cubic::REGISTERED,
    rotation::REGISTERED,
    cube::MAGIC_CUBE_REGISTERED,
    fifteen::REGISTERED,
    cube::REGISTERED,
];

/// The entry of `puzzle`, when it is registered.
pub fn registered(puzzle: Puzzle) -> Option<&'static RegisteredPuzzle> {
    PUZZLES.iter().find(|entry| entry.puzzle == puzzle)
}

/// The entry whose puzzle's label is `label`, when there is one.
pub fn registered_label(label: &str) -> Option<&'static RegisteredPuzzle> {
    PUZZLES.iter().find(|entry| entry.puzzle.label() == label)
}

/// The answer for one board, by puzzle. Serializes to the puzzle's JSON shape (the one
/// `solve --json` prints), each with `"puzzle"` first.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
#[non_exhaustive]
pub enum Answer {
    /// An eight-puzzle board.
    Eight(EightAnswer),
    /// A cubic eight-puzzle pattern from a start cell.
    Cubic(CubicAnswer),
    /// A rotation-game board.
    Rotation(RotationAnswer),
    /// A cube within the magic cube's table (quarter turns).
    MagicCube(MagicCubeAnswer),
    /// Any Rubik's cube, by the two-phase solver.
    Cube(CubeAnswer),
    /// A fifteen-puzzle board.
    Fifteen(FifteenAnswer),
    /// A puzzle from its definition.
    Definition(DefinitionAnswer),
}

impl Answer {
    /// The exact distance, when known (`None` for an unsolvable board, or one whose
    /// distance the answer only bounds).
    pub fn distance(&self) -> Option<u32> {
        match self {
            Answer::Eight(answer) => answer.distance.map(|d| d as u32),
            Answer::Cubic(answer) => Some(answer.distance as u32),
            Answer::Rotation(answer) => Some(answer.distance as u32),
            Answer::MagicCube(answer) => answer.distance,
            Answer::Cube(answer) => answer.distance,
            Answer::Fifteen(answer) => answer.distance.map(|d| d as u32),
            Answer::Definition(answer) => Some(answer.distance),
        }
    }
}

/// One move of an answer and the puzzle after it: `{"move": M, "state": S}`, S written as
/// the puzzle's input is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Step {
    /// The move, as the answer's moves name it.
    #[serde(rename = "move")]
    pub step: String,
    /// The puzzle after the move.
    pub state: String,
}

/// The answer's walk drawn for a terminal (the command line's `--show`): never serialized.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The caption of the start, such as `start`.
    pub start_caption: String,
    /// The start, drawn.
    pub start: String,
    /// Each move's caption (its name, or a sentence) and the puzzle after it, drawn.
    pub steps: Vec<(String, String)>,
}

/// What an answer adds on request, the same for every puzzle: the puzzle after every move
/// ([`AnswerOptions::steps`]), every move from the board ([`AnswerOptions::children`]) and
/// the walk drawn for a terminal. Flattened into each answer's JSON, after its own fields.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Details {
    /// The puzzle after every move, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<Step>>,
    /// Every legal move and where it leads, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<Child>>,
    /// The walk drawn, with `steps` and `walk` (never serialized; not every puzzle draws one).
    #[serde(skip)]
    pub walk: Option<Walk>,
}

/// A legal move from the board and where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Child {
    /// The move, as the answer's moves name it.
    #[serde(rename = "move")]
    pub step: String,
    /// The board after the move, written as the puzzle's input is written (the cubic
    /// puzzle's: the top colours after the roll, a state no start has).
    pub board: String,
    /// The exact distance of the board after the move, when known (the cube's in the
    /// answer's metric); `null` for an unsolvable board, or when only bounds are known.
    pub distance: Option<u32>,
    /// A proven lower bound on the distance, when it is not known exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u32>,
    /// The length of a known solution, when the distance is not known exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<u32>,
    /// Whether the move is proven to lie on an optimal path (its board is one nearer).
    pub optimal: bool,
}

impl Child {
    /// A child whose distance is known exactly, optimal when it is one less than `parent`'s.
    fn exact(step: String, board: String, distance: u32, parent: Option<u32>) -> Child {
        let optimal = parent.is_some_and(|parent| distance + 1 == parent);
        Child { step, board, distance: Some(distance), at_least: None, at_most: None, optimal }
    }

    /// A child of an unsolvable board: unsolvable too.
    fn unsolvable(step: String, board: String) -> Child {
        Child { step, board, distance: None, at_least: None, at_most: None, optimal: false }
    }
}

/// A board the answer path refuses: `what` the board should have been, and `why` it is not.
/// Displays as `what: why` (`why` alone when `what` is empty), the command line's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{}{why}", what, if what.is_empty() { "" } else { ": " })]
pub struct InputError {
    /// What the input should have been, such as `not an eight-puzzle board`; empty when
    /// the board is well formed but the question about it has no answer.
    pub what: &'static str,
    /// Why it is not.
    pub why: String,
}

impl InputError {
    fn new(what: &'static str, why: impl ToString) -> InputError {
        InputError { what, why: why.to_string() }
    }
}

/// Why no answer was given.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// The board (or an option for it) is refused; nothing was looked up.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A table could not be read, or contradicts itself.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The tables could not be made ready (see [`Answerer::with_preparation`]).
    #[error("{0}")]
    Unavailable(String),
    /// No random cases were drawn as asked ([`RegisteredPuzzle::draw`]).
    #[error(transparent)]
    Draw(DrawError),
}

/// Makes a puzzle's tables ready before they are opened (the binary builds missing ones).
type Preparation = Box<dyn Fn(Puzzle) -> Result<(), String> + Send + Sync>;
/// Makes a defined puzzle's table ready, by name (the binary builds a bundled one).
type DefinitionPreparation = Box<dyn Fn(&str) -> Result<(), String> + Send + Sync>;

/// Answers every puzzle from one tables directory, opening each puzzle's tables when it is
/// first asked about and keeping them (see the [module documentation](self)).
pub struct Answerer {
    tables: Tables,
    prepare: Option<Preparation>,
    prepare_definition: Option<DefinitionPreparation>,
    cube_threads: usize,
    /// The optimal cube search's threads, when not `cube_threads`.
    optimal_threads: Option<usize>,
    eight: OnceLock<EightTable>,
    cubic: OnceLock<CubicSolver>,
    rotation: OnceLock<RotationTable>,
    magic_cube: OnceLock<CubeTable>,
    cube: OnceLock<TwoPhaseSolver>,
    cube_optimal: OnceLock<Option<OptimalTables>>,
    fifteen: [OnceLock<PatternDatabases>; 2],
    definitions: Mutex<HashMap<String, Arc<DefinitionTable>>>,
}

impl std::fmt::Debug for Answerer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Answerer").field("tables", &self.tables.dir()).finish_non_exhaustive()
    }
}

impl Answerer {
    /// An answerer over `tables`, opening nothing yet; the two-phase solver searches on one
    /// thread.
    pub fn new(tables: Tables) -> Answerer {
        Answerer {
            tables,
            prepare: None,
            prepare_definition: None,
            cube_threads: 1,
            optimal_threads: None,
            eight: OnceLock::new(),
            cubic: OnceLock::new(),
            rotation: OnceLock::new(),
            magic_cube: OnceLock::new(),
            cube: OnceLock::new(),
            cube_optimal: OnceLock::new(),
            fifteen: [OnceLock::new(), OnceLock::new()],
            definitions: Mutex::new(HashMap::new()),
        }
    }

    /// Calls `prepare` with a puzzle before its tables are first opened (the fifteen
    /// puzzle's optional 7-8 databases excepted); an error is [`AnswerError::Unavailable`].
    pub fn with_preparation(mut self, prepare: impl Fn(Puzzle) -> Result<(), String> + Send + Sync + 'static) -> Self {
        self.prepare = Some(Box::new(prepare));
        self
    }

    /// Calls `prepare` with a defined puzzle's name before its table is first opened; an
    /// error is [`AnswerError::Unavailable`].
    pub fn with_definition_preparation(
        mut self,
        prepare: impl Fn(&str) -> Result<(), String> + Send + Sync + 'static,
    ) -> Self {
        self.prepare_definition = Some(Box::new(prepare));
        self
    }

    /// Searches each cube on `threads` threads (at least one); answers do not depend on it.
    pub fn with_cube_threads(mut self, threads: usize) -> Self {
        self.cube_threads = threads.max(1);
        self
    }

    /// Runs each optimal cube search ([`AnswerOptions::optimal`]) on `threads` threads (at
    /// least one) rather than [`Answerer::with_cube_threads`]' number: a server keeps its
    /// quick cube answers on one thread each and gives a long search more.
    pub fn with_optimal_threads(mut self, threads: usize) -> Self {
        self.optimal_threads = Some(threads.max(1));
        self
    }

    /// The tables directory.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The answer for `board` (written as the puzzle's `solve` reads it) of `puzzle`, by its
    /// entry in the registry ([`PUZZLES`]).
    pub fn answer(&self, puzzle: Puzzle, board: &str, options: &AnswerOptions) -> Result<Answer, AnswerError> {
        let Some(entry) = registered(puzzle) else {
            return Err(InputError::new(
                "",
                format!(
                    "{puzzle} is not answered by its label (a defined puzzle is answered by name: answer_definition)"
                ),
            )
            .into());
        };
        (entry.answer)(self, board, options)
    }

    /// [`answer`](Self::answer) for a case of the defined puzzle `name` (a scramble, or a
    /// pattern with [`DefinitionInput::Pattern`]).
    pub fn answer_definition(
        &self,
        name: &str,
        case: &str,
        options: &AnswerOptions,
    ) -> Result<DefinitionAnswer, AnswerError> {
        definition::answer(self, name, case, options)
    }

    /// The table of the defined puzzle `name`, opened on first use and kept.
    pub fn definition(&self, name: &str) -> Result<Arc<DefinitionTable>, AnswerError> {
        let opened = |map: &HashMap<String, Arc<DefinitionTable>>| map.get(name).cloned();
        if let Some(table) = opened(&self.definitions.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok(table);
        }
        crate::definition::check_name(name).map_err(|e| InputError::new("not a puzzle's name", e))?;
        if let Some(prepare) = &self.prepare_definition {
            prepare(name).map_err(AnswerError::Unavailable)?;
        }
        let table = Arc::new(self.tables.definition(name)?);
        let mut map = self.definitions.lock().unwrap_or_else(|e| e.into_inner());
        Ok(map.entry(name.to_string()).or_insert(table).clone())
    }

    /// [`answer`](Self::answer) for an eight-puzzle board.
    pub fn answer_eight(&self, board: &str, options: &AnswerOptions) -> Result<EightAnswer, AnswerError> {
        eight::answer(self, board, options)
    }

    /// [`answer`](Self::answer) for a cubic pattern, from `options.start`.
    pub fn answer_cubic(&self, pattern: &str, options: &AnswerOptions) -> Result<CubicAnswer, AnswerError> {
        cubic::answer(self, pattern, options)
    }

    /// [`answer`](Self::answer) for a rotation-game board.
    pub fn answer_rotation(&self, board: &str, options: &AnswerOptions) -> Result<RotationAnswer, AnswerError> {
        rotation::answer(self, board, options)
    }

    /// [`answer`](Self::answer) for a cube from the magic cube's table alone.
    pub fn answer_magic_cube(&self, cube: &str, options: &AnswerOptions) -> Result<MagicCubeAnswer, AnswerError> {
        cube::answer_magic_cube(self, cube, options)
    }

    /// [`answer`](Self::answer) for any cube, by the two-phase solver.
    pub fn answer_cube(&self, cube: &str, options: &AnswerOptions) -> Result<CubeAnswer, AnswerError> {
        cube::answer(self, cube, options)
    }

    /// [`answer`](Self::answer) for a fifteen-puzzle board.
    pub fn answer_fifteen(&self, board: &str, options: &AnswerOptions) -> Result<FifteenAnswer, AnswerError> {
        fifteen::answer(self, board, options)
    }

    /// Opens a reader once, after preparing `puzzle`'s tables.
    fn reader<'a, T>(
        &self,
        slot: &'a OnceLock<T>,
        puzzle: Option<Puzzle>,
        open: impl FnOnce(&Tables) -> Result<T, TableError>,
    ) -> Result<&'a T, AnswerError> {
        if let Some(reader) = slot.get() {
            return Ok(reader);
        }
        if let (Some(prepare), Some(puzzle)) = (&self.prepare, puzzle) {
            prepare(puzzle).map_err(AnswerError::Unavailable)?;
        }
        let reader = open(&self.tables)?;
        // Two threads may open at once; the first to finish is kept.
        Ok(slot.get_or_init(|| reader))
    }

    /// The eight puzzle's table.
    pub fn eight(&self) -> Result<&EightTable, AnswerError> {
        self.reader(&self.eight, Some(Puzzle::Eight), Tables::eight)
    }

    /// The cubic puzzle's solver.
    pub fn cubic(&self) -> Result<&CubicSolver, AnswerError> {
        self.reader(&self.cubic, Some(Puzzle::Cubic), Tables::cubic)
    }

    /// The rotation game's table.
    pub fn rotation(&self) -> Result<&RotationTable, AnswerError> {
        self.reader(&self.rotation, Some(Puzzle::Rotation), Tables::rotation)
    }

    /// The magic cube's table.
    pub fn magic_cube(&self) -> Result<&CubeTable, AnswerError> {
        self.reader(&self.magic_cube, Some(Puzzle::MagicCube), Tables::magic_cube)
    }

    /// The two-phase solver, on the answerer's threads.
    pub fn two_phase(&self) -> Result<&TwoPhaseSolver, AnswerError> {
        let threads = self.cube_threads;
        self.reader(&self.cube, Some(Puzzle::Cube), |tables| Ok(tables.cube()?.with_threads(threads)))
    }

    /// The optimal solver's own tables when present (never built on first use: `gen cube
    /// --optimal SIZE` takes minutes and most of a gigabyte).
    pub fn cube_optimal(&self) -> Result<Option<&OptimalTables>, AnswerError> {
        Ok(self.reader(&self.cube_optimal, None, Tables::cube_optimal)?.as_ref())
    }

    /// The partition `choice` names, else 7-8 when all its tables are present, else 6-6-3.
    pub fn fifteen_partition(&self, choice: Option<Partition>) -> Partition {
        let present = |partition: Partition| partition.specs().iter().all(|spec| self.tables.path_of(spec).is_file());
        choice.unwrap_or(if present(Partition::SevenEight) { Partition::SevenEight } else { Partition::SixSixThree })
    }

    /// The fifteen puzzle's databases of `partition`; only the default 6-6-3 is prepared
    /// (built when missing).
    pub fn fifteen(&self, partition: Partition) -> Result<&PatternDatabases, AnswerError> {
        let (slot, prepared) = match partition {
            Partition::SevenEight => (&self.fifteen[1], None),
            _ => (&self.fifteen[0], Some(Puzzle::Fifteen)),
        };
        self.reader(slot, prepared, |tables| tables.fifteen(partition))
    }
}

/// `count` and `noun`, the noun plural unless the count is one: `1 move`, `0 moves`,
/// `2 quarter turns`. Every noun the answers count takes a plain `s`.
pub fn plural<N: std::fmt::Display + PartialEq + From<u8>>(count: N, noun: &str) -> String {
    if count == N::from(1) {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// An answer's steps, and when `draw` its walk drawn, for a puzzle written by `Display`
/// (`{:#}` draws it): from the start, each move's name and the puzzle after it. Sets
/// `details`' steps and walk.
fn steps_and_walk<B: std::fmt::Display>(
    details: &mut Details,
    start: &B,
    steps: impl IntoIterator<Item = (String, B)>,
    draw: bool,
) {
    let steps: Vec<(String, B)> = steps.into_iter().collect();
    details.walk = draw.then(|| Walk {
        start_caption: "start".into(),
        start: format!("{start:#}"),
        steps: steps.iter().map(|(name, after)| (name.clone(), format!("{after:#}"))).collect(),
    });
    details.steps = Some(steps.into_iter().map(|(step, after)| Step { step, state: after.to_string() }).collect());
}

/// The states after each move, from `start`, by `apply`.
fn walk<S: Copy, M: Copy>(start: S, moves: &[M], apply: impl Fn(&S, M) -> S) -> Vec<S> {
    moves
        .iter()
        .scan(start, |state, &step| {
            *state = apply(state, step);
            Some(*state)
        })
        .collect()
}
