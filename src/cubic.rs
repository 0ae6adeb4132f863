//! The cubic eight-puzzle's commands: `judge cubic` and `solve cubic` (`stats cubic` is the
//! registry's).

use std::io::{self, Write};
use std::process::ExitCode;

use puzzle_tables_models::cubic::{self as model, judge_answer, Cell};
use puzzle_tables_query::answer::{parse_cell, AnswerOptions, CubicAnswer};

use crate::english::answer_line;
use crate::judge::JudgeInput;
use crate::options::SolveOptions;
use crate::report::answer_options;
use crate::solve::solve_case;
use crate::tables::TablesDir;
use puzzle_tables_query::{Puzzle, Tables};

/// `solve cubic --start X,Y PATTERN`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The initially empty cell as X,Y: X the column (1 to 3, left to right), Y the row
    /// (1 to 3, back to front, as printed).
    #[arg(long, value_name = "X,Y", value_parser = parse_cell)]
    start: Cell,
    /// The wanted top colours, row by row (y = 1 first), W, R, B and E for the empty cell:
    /// "W W W E W W W W W" or "WWW EWW WWW"; `-` reads one pattern per line from standard
    /// input and writes one answer per line (the distance and the rolls).
    #[arg(required = true, num_args = 1..)]
    pattern: Vec<String>,
    #[command(flatten)]
    options: SolveOptions,
}

/// POJ 3131: one line per dataset, the least number of rolls if at most 30, else `-1`;
/// with `exact`, the least number of rolls whatever it is.
pub fn judge(tables: &TablesDir, input: &JudgeInput, exact: bool) -> anyhow::Result<ExitCode> {
    let distances = tables.open(Puzzle::Cubic, Tables::cubic_distances)?;
    input.answer_parsed(model::parse_judge_input, |dataset, out| {
        let distance = distances.distance(dataset.start, &dataset.pattern);
        if exact {
            writeln!(out, "{distance}")?;
        } else {
            writeln!(out, "{}", judge_answer(distance))?;
        }
        Ok(())
    })
}

/// The distance and an optimal roll sequence; `--show` draws the top colours after every
/// roll, `--json` for programs.
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let answerer = tables.answerer()?;
    let options = AnswerOptions { start: Some(args.start), ..answer_options(&args.options) };
    solve_case(&args.options, &args.pattern.join(" "), |case| answerer.answer_cubic(case, &options), write_text)
}

/// The distance, whether the judge's cap is passed, and the rolls.
fn write_text(out: &mut dyn Write, answer: &CubicAnswer) -> io::Result<()> {
    let beyond_cap = if answer.beyond_judge_cap() { " (beyond the judge's 30: it answers -1)" } else { "" };
    writeln!(out, "{}", answer_line(answer.distance, "roll", beyond_cap, &answer.moves))
}
