//! The fifteen puzzle's commands: `judge fifteen` (UVa 10181, or LightOJ 1121 with
//! `--lightoj`), `solve fifteen` and `gen fifteen --partition` (`stats fifteen` is the
//! registry's).
//!
//! Answers come from IDA* over pattern databases: the default 6-6-3 partition, built on
//! first use, or the 7-8 partition when its tables are present (or asked for).

use std::io::{self, Write};
use std::process::ExitCode;

use puzzle_tables_models::fifteen::{self as model, move_letters, Board};
use puzzle_tables_query::answer::{AnswerOptions, FifteenAnswer};
use puzzle_tables_query::fifteen::search::{Outcome, Search};
use puzzle_tables_query::fifteen::{Partition, PatternDatabases};
use puzzle_tables_query::Puzzle;

use crate::english::{answer_line, plural};
use crate::judge::JudgeInput;
use crate::report::answer_options;
use crate::solve::{solve_case, BoardArgs, TerminalProgress};
use crate::tables::TablesDir;

/// LightOJ 1121 answers "not solvable" beyond this many moves.
pub const LIGHTOJ_MAX_MOVES: usize = 35;

/// UVa 10181 accepts answers of at most this many moves, and so answers "not solvable"
/// for a board that needs more: no answer it accepts solves it.
pub const UVA_MAX_MOVES: usize = 50;

/// Both judges' answer for a board with no answer.
pub const NOT_SOLVABLE: &str = "This puzzle is not solvable.";

/// `solve fifteen BOARD`'s help for BOARD.
pub const BOARD_HELP: &str = "The sixteen numbers row by row, 0 for the blank: \"2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 \
    15\", or as sixteen hexadecimal digits: 2340157896ACDEBF; `-` reads one board per line from standard input and \
    writes one answer per line";

/// `solve fifteen BOARD`.
#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    search: SearchArgs,
}

/// How to search.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// Give up on a board that needs more than N moves (no board needs more than 80).
    #[arg(long, value_name = "N", default_value_t = model::MAX_DISTANCE)]
    max_moves: usize,
    /// The pattern databases: 6-6-3 (built on first use) or 7-8 (faster; build it with `gen
    /// fifteen --partition 7-8`) [default: 7-8 when its tables are present, else 6-6-3].
    #[arg(long, value_parser = partition_parser())]
    partition: Option<Partition>,
}

/// Parses a partition's label for clap.
pub fn partition_parser() -> impl clap::builder::TypedValueParser<Value = Partition> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(Partition::ALL.map(Partition::label))
        .map(|label| Partition::from_label(&label).expect("clap only passes listed names"))
}

/// Opens the databases of `choice`, or of 7-8 when all its tables are present and 6-6-3
/// otherwise. The 6-6-3 tables are built when missing; the 7-8 tables only on request.
pub fn open(tables: &TablesDir, choice: Option<Partition>) -> anyhow::Result<PatternDatabases> {
    let present = |partition: Partition| partition.specs().iter().all(|spec| tables.path_of(spec).is_file());
    let partition =
        choice.unwrap_or(if present(Partition::SevenEight) { Partition::SevenEight } else { Partition::SixSixThree });
    match partition {
        Partition::SixSixThree => tables.open(Puzzle::Fifteen, |tables| tables.fifteen(partition)),
        Partition::SevenEight => tables.open_present(|tables| tables.fifteen(partition)),
        unknown => anyhow::bail!("unknown partition {}: this build of puzzle-tables cannot open it", unknown.label()),
    }
}

/// Solves `board`, showing the current bound on standard error when it is a terminal and
/// the search has taken more than a second.
fn search(databases: &PatternDatabases, board: &Board, max_moves: usize) -> Search {
    let progress = TerminalProgress::new();
    let answer = puzzle_tables_query::fifteen::search::solve(databases, board, max_moves, &mut |now| {
        progress.show(&board.to_string(), now)
    });
    progress.clear();
    answer
}

/// UVa 10181: one line per board, an optimal move string or `This puzzle is not
/// solvable.` (no solution, or none of at most 50 moves, which the judge's rule accepts); with `lightoj`, LightOJ 1121: `Case k: ` and the fewest moves (first in
/// dictionary order), not solvable beyond 35 moves.
pub fn judge(tables: &TablesDir, input: &JudgeInput, lightoj: bool) -> anyhow::Result<ExitCode> {
    let databases = open(tables, None)?;
    let max_moves = if lightoj { LIGHTOJ_MAX_MOVES } else { UVA_MAX_MOVES };
    let numbered = |text: &str| model::parse_judge_input(text).numbered();
    input.answer_parsed(numbered, |(number, board), out| {
        let answer = match search(&databases, board, max_moves).outcome {
            Outcome::Solved(moves) => move_letters(&moves),
            Outcome::Unsolvable | Outcome::BeyondLimit(_) => NOT_SOLVABLE.to_string(),
        };
        if lightoj {
            writeln!(out, "Case {number}: {answer}")?;
        } else {
            writeln!(out, "{answer}")?;
        }
        Ok(())
    })
}

/// The fewest moves and the first such move string in dictionary order; `--show` draws each
/// board, `--json` for programs, `-` for one board per line.
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let answerer = tables.answerer()?;
    let (progress, hook) = TerminalProgress::with_hook();
    let options = AnswerOptions {
        max_moves: Some(args.search.max_moves),
        partition: args.search.partition,
        progress: Some(hook),
        ..answer_options(&args.board.options)
    };
    let answer = |case: &str| {
        let answer = answerer.answer_fifteen(case, &options);
        progress.clear();
        answer
    };
    let write_text = |out: &mut dyn Write, answer: &FifteenAnswer| write_text(out, answer, args.search.max_moves);
    solve_case(&args.board.options, &args.board.case(), answer, write_text)
}

/// The distance and the moves, that the board needs more than `max_moves`, or why it is
/// unsolvable.
fn write_text(out: &mut dyn Write, answer: &FifteenAnswer, max_moves: usize) -> io::Result<()> {
    match (answer.distance, &answer.moves, answer.more_than) {
        (Some(distance), Some(moves), _) => writeln!(out, "{}", answer_line(distance, "move", "", moves)),
        (_, _, Some(limit)) => writeln!(out, "more than {} (--max-moves {max_moves})", plural(limit, "move")),
        _ => writeln!(
            out,
            "unsolvable: the inversions among the tiles plus the blank's row from the bottom are even, and no move \
             changes that"
        ),
    }
}
