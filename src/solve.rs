//! `solve PUZZLE`'s one skeleton, every puzzle's: one case (its words joined), or `-` for a
//! case a line of standard input ([`crate::batch`]); each answered by the library's answer
//! path and printed as pretty JSON (`--json`), or as the puzzle's own text followed by the
//! walk (`--show`). A puzzle's module gives its arguments, its answer options and its text.
//!
//! The searches (the fifteen puzzle, the cube's optimal search) show their progress on a
//! terminal ([`TerminalProgress`]).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use puzzle_tables_query::answer::{AnswerError, AnswerOptions, Answerer, PuzzleAnswer, SearchHook};
use puzzle_tables_query::fifteen::search::SearchProgress;

use crate::batch::answer_lines_by;
use crate::english::plural;
use crate::options::SolveOptions;
use crate::report::{answer_options, write_json, write_walk};
use crate::tables::{answer_error, TablesDir};
use crate::writer::{self, err};

/// `solve PUZZLE BOARD`'s arguments, for a puzzle whose board is all it reads: the board's
/// words (`-`: a board a line of standard input) and the options every `solve` shares. The
/// words' help is the puzzle's own (its module's `BOARD_HELP`), set where its subcommand is
/// declared (`mut_arg("board", ...)` in [`crate::cli`]).
#[derive(clap::Args)]
pub struct BoardArgs {
    // No doc comment: it would be every puzzle's help.
    #[arg(required = true, num_args = 1..)]
    board: Vec<String>,
    #[command(flatten)]
    pub options: SolveOptions,
}

impl BoardArgs {
    /// The board's words joined, as the answer path reads them (`-` for standard input).
    pub fn case(&self) -> String {
        self.board.join(" ")
    }

    /// `solve` for a puzzle whose options are those every `solve` shares: the board
    /// answered by `answer` ([`solve_case`]), `write_text` its text.
    pub fn solve<A: PuzzleAnswer>(
        &self,
        tables: &TablesDir,
        answer: impl Fn(&Answerer, &str, &AnswerOptions) -> Result<A, AnswerError>,
        write_text: impl FnOnce(&mut dyn Write, &A) -> io::Result<()>,
    ) -> anyhow::Result<ExitCode> {
        let answerer = tables.answerer()?;
        let options = answer_options(&self.options);
        solve_case(&self.options, &self.case(), |case| answer(&answerer, case, &options), write_text)
    }
}

/// After this long on one case, a search shows its bound on a terminal.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Answers `case` by `answer`, or with `case` `-` every line of standard input, and prints
/// each answer: its JSON, its line (`-`), or `write_text` and the walk drawn.
pub fn solve_case<A: PuzzleAnswer>(
    options: &SolveOptions,
    case: &str,
    mut answer: impl FnMut(&str) -> Result<A, AnswerError>,
    write_text: impl FnOnce(&mut dyn Write, &A) -> io::Result<()>,
) -> anyhow::Result<ExitCode> {
    if case == "-" {
        return answer_lines_by(options, answer);
    }
    let answer = answer(case).map_err(answer_error)?;
    let out = &mut writer::stdout();
    if options.json {
        write_json(out, &answer)?;
        return Ok(ExitCode::SUCCESS);
    }
    write_text(out, &answer)?;
    if let Some(walk) = &answer.details().walk {
        write_walk(out, walk)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A search's bound and nodes on standard error, when it is a terminal and the search has
/// taken more than a second; cleared once the search ends.
pub struct TerminalProgress {
    started: Instant,
    terminal: bool,
    shown: AtomicBool,
}

impl TerminalProgress {
    /// Progress timed from now.
    pub fn new() -> TerminalProgress {
        TerminalProgress {
            started: Instant::now(),
            terminal: io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
        }
    }

    /// Progress timed from now, and the hook that shows it (the answer path's
    /// [`AnswerOptions::progress`](puzzle_tables_query::answer::AnswerOptions::progress)).
    pub fn with_hook() -> (Arc<TerminalProgress>, SearchHook) {
        let progress = Arc::new(TerminalProgress::new());
        let shown = Arc::clone(&progress);
        (progress, SearchHook(Arc::new(move |case: &str, now| shown.show(case, now))))
    }

    /// Shows where the search of `case` is, once it has taken more than a second.
    pub fn show(&self, case: &str, now: SearchProgress) {
        if self.terminal && self.started.elapsed() > QUIET_FOR {
            let (bound, nodes) = (plural(now.bound, "move"), plural(now.nodes, "node"));
            err!("\r\x1b[Ksearching {case}: bound {bound}, {nodes}");
            self.shown.store(true, Ordering::Relaxed);
        }
    }

    /// Clears the line shown, if any.
    pub fn clear(&self) {
        if self.shown.swap(false, Ordering::Relaxed) {
            err!("\r\x1b[K");
        }
    }
}
