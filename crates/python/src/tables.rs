//! `Tables` (open a directory, answer one board, answer a batch) and the directory's
//! housekeeping: `gen`, `verify` and the default directory.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use numpy::{PyArray1, PyArray2, PyReadonlyArray2};
use pyo3::prelude::*;

use puzzle_tables_generator::{write_tables, TerminalBar};
use puzzle_tables_query::answer::{AnswerOptions, Answerer, DefinitionInput};
use puzzle_tables_query::cube::{moves_text, Cube};
use puzzle_tables_query::random::DrawRequest;
use puzzle_tables_query::scramble::{scrambles_of, FairStates};
use puzzle_tables_query::{check_entries, tables_of, tables_when_present, Puzzle, Table, TableErrorKind};

use crate::options::{answer_options, cell, puzzle, registered_puzzle, Keywords};
use crate::{batch, errors, random, Tables};

#[pymethods]
impl Tables {
    /// Opens the tables in `path` (default: the directory `puzzle-tables gen` writes into,
    /// `$PUZZLE_TABLES_DIR` or the per-user data directory). Opens no table yet: each
    /// puzzle's tables are opened, verified and kept the first time it is asked about.
    #[staticmethod]
    #[pyo3(signature = (path=None))]
    fn open(path: Option<PathBuf>) -> PyResult<Tables> {
        let dir = dir_or_default(path)?;
        // SAFETY: tables are written only by `puzzle-tables gen`/`install` and by `gen` here,
        // through `write_table`, which renames a whole new file over the old one and never
        // changes a file in place.
        let tables = unsafe { puzzle_tables_query::Tables::open_mapped(dir) }.map_err(errors::from_dir)?;
        Ok(Tables { answerer: Answerer::new(tables) })
    }

    /// The tables directory.
    #[getter]
    fn path(&self) -> PathBuf {
        self.answerer.tables().dir().to_path_buf()
    }

    fn __repr__(&self) -> String {
        format!("Tables.open({:?})", self.answerer.tables().dir().display().to_string())
    }

    /// The answer for `board` of `puzzle`, as the JSON text `puzzle-tables solve --json`
    /// prints. Raises `InvalidBoard` or `TableError`.
    #[pyo3(signature = (puzzle_label, board, *, steps=false, children=false, start=None, scramble=false, metric="htm", max=None, max_moves=None, optimal=false, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn answer_json(
        &self,
        py: Python<'_>,
        puzzle_label: &str,
        board: &str,
        steps: bool,
        children: bool,
        start: Option<(u32, u32)>,
        scramble: bool,
        metric: &str,
        max: Option<u32>,
        max_moves: Option<usize>,
        optimal: bool,
        max_seconds: Option<f64>,
    ) -> PyResult<String> {
        let puzzle = registered_puzzle(puzzle_label)?;
        let keywords = Keywords { steps, children, start, scramble, metric, max, max_moves, optimal, max_seconds };
        let options = answer_options(&keywords)?;
        let answer = without_gil(py, options, |options| (puzzle.answer)(&self.answerer, board, options))?
            .map_err(errors::from_answer)?;
        Ok(serde_json::to_string(&answer).expect("an answer serializes"))
    }

    /// The distance of every row of `boards` (see `batch`): -1 where there is none. With
    /// `optimal` (the cube), each row's optimal search in turn, interruptible.
    #[pyo3(signature = (puzzle_label, boards, *, start=None, metric="htm", max_moves=None, optimal=false))]
    #[allow(clippy::too_many_arguments)]
    fn distances<'py>(
        &self,
        py: Python<'py>,
        puzzle_label: &str,
        boards: PyReadonlyArray2<'py, i64>,
        start: Option<(u32, u32)>,
        metric: &str,
        max_moves: Option<usize>,
        optimal: bool,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let puzzle = registered_puzzle(puzzle_label)?;
        let options = answer_options(&Keywords { start, metric, max_moves, optimal, ..Keywords::default() })?;
        let rows = boards.as_array();
        let found = without_gil(py, options, |options| batch::distances(&self.answerer, puzzle, rows, options))??;
        Ok(PyArray1::from_vec(py, found))
    }

    /// `count` distinct boards of `puzzle` drawn uniformly from those exactly `distance`
    /// moves from the goal (any solvable board when `None`), from the stream of `seed`, as
    /// `puzzle-tables random PUZZLE --seed SEED` draws them: each board's text as it prints
    /// it, and the boards as a `(count, columns)` array of batch rows. Cubic: patterns
    /// from `start` (every start cell when `None`). Drawn without the GIL.
    #[pyo3(signature = (puzzle_label, count, seed, *, distance=None, start=None))]
    fn random<'py>(
        &self,
        py: Python<'py>,
        puzzle_label: &str,
        count: u64,
        seed: u64,
        distance: Option<u32>,
        start: Option<(u32, u32)>,
    ) -> PyResult<(Vec<String>, Bound<'py, PyArray2<i64>>)> {
        let start = start.map(cell).transpose()?;
        let request = DrawRequest { distance, count, seed, start, judge_input: false };
        random::random(py, &self.answerer, puzzle(puzzle_label)?, request)
    }

    /// The answer for a case of the defined puzzle `name` (a scramble, or with `pattern` a
    /// pattern in KPuzzle JSON), as the JSON text `puzzle-tables solve NAME --json` prints;
    /// `all` counts every optimal solution and lists up to that many. Raises `InvalidBoard`
    /// or `TableError`.
    #[pyo3(signature = (name, case, *, pattern=false, all=None, steps=false, children=false))]
    #[allow(clippy::too_many_arguments)]
    fn definition_json(
        &self,
        py: Python<'_>,
        name: &str,
        case: &str,
        pattern: bool,
        all: Option<usize>,
        steps: bool,
        children: bool,
    ) -> PyResult<String> {
        let definition_input = if pattern { DefinitionInput::Pattern } else { DefinitionInput::Scramble };
        let options =
            AnswerOptions { steps, children, all_solutions: all, definition_input, ..AnswerOptions::default() };
        let answer =
            py.detach(|| self.answerer.answer_definition(name, case, &options)).map_err(errors::from_answer)?;
        Ok(serde_json::to_string(&answer).expect("an answer serializes"))
    }

    /// The distance of each row of `rows` (each orbit's pieces, then its orientations) in
    /// the defined puzzle `name`'s table, -1 where its moves never reach the pattern.
    /// Raises `InvalidBoard` naming the first bad row.
    fn definition_distances<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        rows: PyReadonlyArray2<'py, i64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let table = self.answerer.definition(name).map_err(errors::from_answer)?;
        let rows = rows.as_array();
        let found = py.detach(|| {
            rows.outer_iter()
                .enumerate()
                .map(|(i, row)| {
                    let row: Vec<i64> = row.iter().copied().collect();
                    let pattern = table.pattern_of_row(&row).map_err(|why| format!("row {i}: {why}"))?;
                    Ok(table.distance(&pattern).ok().flatten().map_or(-1, i64::from))
                })
                .collect::<Result<Vec<i64>, String>>()
        });
        Ok(PyArray1::from_vec(py, found.map_err(errors::invalid)?))
    }

    /// The names of the defined puzzles whose tables the directory holds.
    fn definition_names(&self) -> Vec<String> {
        self.answerer.tables().definition_names()
    }

    /// `count` fair scrambles from the stream of `seed`, as `puzzle-tables scramble cube
    /// --facelets` draws them: each cube's facelet string and its scramble (at most 20
    /// face turns), solved on every core.
    fn scrambles(&self, py: Python<'_>, count: usize, seed: u64) -> PyResult<Vec<(String, String)>> {
        let solver = self.answerer.two_phase().map_err(errors::from_answer)?;
        let mut states = FairStates::new(seed);
        let cubes: Vec<Cube> = (0..count).map(|_| states.next_cube()).collect();
        let workers = std::thread::available_parallelism().map_or(1, usize::from);
        let scrambles = py
            .detach(|| scrambles_of(solver, &cubes, workers))
            .map_err(|error| errors::TableError::new_err(error.to_string()))?;
        Ok(cubes.iter().zip(scrambles).map(|(cube, moves)| (cube.facelets().to_urfdlb(), moves_text(&moves))).collect())
    }
}

/// `work` on `options` without the GIL: at once, or for an optimal search (minutes to hours)
/// [`interruptible`], given a stop.
fn without_gil<T: Send>(
    py: Python<'_>,
    options: AnswerOptions,
    work: impl FnOnce(&AnswerOptions) -> T + Send,
) -> PyResult<T> {
    if options.optimal {
        interruptible(py, |stop| work(&AnswerOptions { stop: Some(stop), ..options }))
    } else {
        Ok(py.detach(|| work(&options)))
    }
}

/// `work` (a long search) on its own thread without the GIL, while this thread looks for
/// signals a few times a second: an interrupt (Ctrl-C) sets the stop `work` is given,
/// waits for `work` to give up (a fraction of a second), and raises `KeyboardInterrupt`.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(Arc<AtomicBool>) -> T + Send) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let (done, mut result) = mpsc::channel();
    std::thread::scope(|scope| {
        let stop_for_work = Arc::clone(&stop);
        scope.spawn(move || done.send(work(stop_for_work)));
        loop {
            // The receiver is moved in and out: it may not be shared with the detached closure.
            let received;
            (result, received) = py.detach(move || {
                let received = result.recv_timeout(SIGNAL_CHECKS);
                (result, received)
            });
            match received {
                Ok(answer) => return Ok(answer),
                Err(RecvTimeoutError::Timeout) => {}
                // Only when `work` panicked: `scope` passes its panic on as it returns.
                Err(RecvTimeoutError::Disconnected) => return Err(errors::TableError::new_err("the search failed")),
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Relaxed);
                return Err(interrupt);
            }
        }
    })
}

/// How long a long search runs between two looks for signals.
const SIGNAL_CHECKS: Duration = Duration::from_millis(100);

/// `count` cubes from the stream of `seed`, uniform over those that need at least 2 moves
/// (the states `scrambles` and `puzzle-tables scramble cube` draw), as facelet strings.
#[pyfunction]
pub fn fair_cubes(count: usize, seed: u64) -> Vec<String> {
    let mut states = FairStates::new(seed);
    (0..count).map(|_| states.next_cube().facelets().to_urfdlb()).collect()
}

/// The error for no default directory.
fn no_default() -> puzzle_tables_query::TablesDirError {
    puzzle_tables_query::TablesDirError::NoDefault
}

/// The directory `path` names, else the default one.
fn dir_or_default(path: Option<PathBuf>) -> PyResult<PathBuf> {
    match path {
        Some(path) => Ok(path),
        None => puzzle_tables_query::default_dir().ok_or_else(|| errors::from_dir(no_default())),
    }
}

/// The directory `puzzle-tables` reads when none is named: `$PUZZLE_TABLES_DIR`, else the
/// per-user data directory; `None` when there is neither.
#[pyfunction]
pub fn default_dir() -> Option<PathBuf> {
    puzzle_tables_query::default_dir()
}

/// Builds the tables of `puzzles` (labels; default: every puzzle) into `path` (default:
/// the default directory), as `puzzle-tables gen` does, with a progress bar when standard
/// error is a terminal. Returns the directory.
#[pyfunction]
#[pyo3(signature = (puzzles=None, path=None))]
pub fn gen(py: Python<'_>, puzzles: Option<Vec<String>>, path: Option<PathBuf>) -> PyResult<PathBuf> {
    let dir = dir_or_default(path)?;
    let puzzles: Vec<Puzzle> = match puzzles {
        Some(labels) => labels.iter().map(|label| puzzle(label)).collect::<PyResult<_>>()?,
        None => Puzzle::BUILT_IN.to_vec(),
    };
    py.detach(|| {
        std::fs::create_dir_all(&dir)?;
        let mut bar = TerminalBar::new();
        for puzzle in puzzles {
            write_tables(puzzle, &dir, &mut bar)?;
        }
        bar.finish();
        Ok::<_, std::io::Error>(())
    })
    .map_err(|error| errors::TableError::new_err(format!("cannot write tables into {}: {error}", dir.display())))?;
    Ok(dir)
}

/// Checks every table in `path` (default: the default directory) as `puzzle-tables
/// verify` does: the checksum, then the entries. Returns one `(file, status, message)` per
/// table, status `ok`, `missing` or `damaged`; optional tables (the fifteen puzzle's 7-8
/// databases, the cube's large set and optimal tables) are listed only when present.
#[pyfunction]
#[pyo3(signature = (path=None))]
pub fn verify(py: Python<'_>, path: Option<PathBuf>) -> PyResult<Vec<(PathBuf, &'static str, String)>> {
    let dir = dir_or_default(path)?;
    puzzle_tables_query::Tables::open(&dir).map_err(errors::from_dir)?;
    Ok(py.detach(|| {
        let mut found = Vec::new();
        for &puzzle in Puzzle::BUILT_IN {
            let optional = tables_when_present(puzzle);
            for spec in tables_of(puzzle).into_iter().chain(optional.iter().copied()) {
                let file = dir.join(spec.file_name());
                if optional.contains(&spec) && !file.exists() {
                    continue;
                }
                let (status, message) = match Table::open_verified(&file, &spec).and_then(|t| check_entries(&t)) {
                    Ok(()) => ("ok", String::new()),
                    Err(error) if matches!(error.kind(), TableErrorKind::Missing) => ("missing", error.to_string()),
                    Err(error) => ("damaged", error.to_string()),
                };
                found.push((file, status, message));
            }
        }
        found
    }))
}
