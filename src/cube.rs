//! `solve cube` (alias `solve magic-cube`) and `judge cube` (`stats cube` is the registry's): any Rubik's cube,
//! by the two-phase solver, and exactly optimal in quarter turns wherever the magic cube's
//! table reaches (within 12 quarter turns).
//!
//! One cube: a facelet string, the judge's net (`--net`) or a scramble (`--scramble`).
//! `-` (or `--scramble -`) reads one cube per line and writes one solution per line, in
//! order: moves separated by single spaces, an empty line for a solved cube.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::anyhow;
use puzzle_tables_models::judge::InputError;
use puzzle_tables_models::magic_cube as model;
use puzzle_tables_query::answer::{metric_noun as noun, time_limit, AnswerOptions, CubeAnswer, CubeInput};
use puzzle_tables_query::cube::optimal::OptimalSize;
use puzzle_tables_query::cube::{moves_text, Facelets, Metric, TwoPhaseSolver};
use puzzle_tables_query::{Puzzle, Tables};

use crate::english::{answer_line, plural};
use crate::judge::{read_input, JudgeInput};
use crate::options::SolveOptions;
use crate::report::answer_options;
use crate::solve::{solve_case, TerminalProgress};
use crate::tables::{answer_error, TablesDir};

/// The sizes `gen cube --optimal` accepts, by name.
pub fn optimal_size_parser() -> impl clap::builder::TypedValueParser<Value = OptimalSize> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(OptimalSize::ALL.map(OptimalSize::label))
        .map(|label| OptimalSize::from_label(&label).expect("clap only passes listed names"))
}

/// `solve cube FACELETS`, `solve cube --net FILE`, `solve cube --scramble MOVES`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The 54-letter facelet string of Rubik's cube solvers: faces U R F D L B, each read row
    /// by row as in the judge's net; any six letters, named by the centres; spaces ignored.
    /// "-" reads one facelet string per line from standard input.
    #[arg(
        required_unless_present_any = ["net", "scramble"],
        conflicts_with_all = ["net", "scramble"],
        num_args = 1..,
        value_name = "FACELETS"
    )]
    facelets: Vec<String>,
    /// Read the cube as the judge's net, nine lines, from FILE ("-" for standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "scramble")]
    net: Option<PathBuf>,
    /// The cube a scramble makes from solved, such as "R U R' U2 F2" or "M' U2 r x" (face
    /// turns U R F D L B, slices M E S, wide turns Rw or r, rotations x y z; each alone, with '
    /// or 2, or Singmaster's 1 2 3), seen with the U centre up and the F centre in front. "-"
    /// reads one scramble per line from standard input.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    scramble: Option<String>,
    /// How solutions are counted: htm (a half turn counts 1) or qtm (a half turn counts 2).
    #[arg(long, default_value = "htm", value_parser = ["htm", "qtm"])]
    metric: String,
    /// Stop at the first solution of at most N in the metric [default: 20 in htm, 26 in
    /// qtm, which every cube meets].
    #[arg(long, value_name = "N")]
    max: Option<u32>,
    /// A proven-optimal solution in the metric, by IDA* over the tables (seconds to hours
    /// per cube; a random cube needs 16 to 20 face turns). Its depth and nodes show on a
    /// terminal after a second.
    #[arg(long)]
    optimal: bool,
    /// With --optimal: give up after SECS seconds, printing the best solution known and the
    /// proven lower bound.
    #[arg(long, value_name = "SECS", requires = "optimal", value_parser = time_limit)]
    max_seconds: Option<Duration>,
    /// Search on N threads [default: one per core]; the answers are the same for any N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    #[command(flatten)]
    options: SolveOptions,
}

impl SolveArgs {
    fn metric(&self) -> Metric {
        if self.metric == "qtm" {
            Metric::Qtm
        } else {
            Metric::Htm
        }
    }
}

/// The cube `args` name (a facelet string, the judge's net, or a scramble), as the answer
/// path reads it: its text and how it is written.
fn cube_text(args: &SolveArgs) -> anyhow::Result<(String, CubeInput)> {
    if let Some(path) = &args.net {
        let text = read_input(Some(path))?;
        let facelets = model::parse_net(&text).map_err(|e| anyhow!("not a cube net: {e}"))?;
        return Ok((facelets.to_urfdlb(), CubeInput::Facelets));
    }
    match &args.scramble {
        Some(scramble) => Ok((scramble.clone(), CubeInput::Scramble)),
        None => Ok((args.facelets.join(" "), CubeInput::Facelets)),
    }
}

/// The answer path's options for `args`.
fn options(args: &SolveArgs) -> AnswerOptions {
    AnswerOptions {
        metric: args.metric(),
        max: args.max,
        optimal: args.optimal,
        max_time: args.max_seconds,
        ..answer_options(&args.options)
    }
}

/// What the first line says after the count: whether the solution is the fewest possible.
fn length_note(answer: &CubeAnswer, metric: Metric) -> String {
    match (answer.optimal, answer.at_least, answer.optimal_in_quarter_turns, metric) {
        _ if answer.moves.is_empty() => String::new(),
        (_, Some(at_least), _, _) => {
            format!(" (the best found; not proven optimal: every solution has at least {at_least})")
        }
        (Some(true), _, _, _) => ", optimal".to_string(),
        (_, _, false, _) => String::new(),
        (_, _, true, Metric::Qtm) => ", the fewest possible".to_string(),
        (_, _, true, Metric::Htm) => {
            format!(" ({}, the fewest possible)", plural(answer.quarter_turns, "quarter turn"))
        }
    }
}

/// `solve cube`: one cube, or one per line of standard input.
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let answerer = tables.answerer()?.with_cube_threads(threads(args.threads));
    let (text, cube_input) = cube_text(args)?;
    let (progress, hook) = TerminalProgress::with_hook();
    let options = AnswerOptions { cube_input, progress: args.optimal.then_some(hook), ..options(args) };
    let answer = |case: &str| {
        let answer = answerer.answer_cube(case, &options);
        progress.clear();
        answer
    };
    let write_text = |out: &mut dyn Write, answer: &CubeAnswer| write_text(out, answer, args.metric());
    solve_case(&args.options, &text, answer, write_text)
}

/// The solution's length in `metric`, whether it is the fewest, and its moves.
fn write_text(out: &mut dyn Write, answer: &CubeAnswer, metric: Metric) -> io::Result<()> {
    let note = length_note(answer, metric);
    writeln!(out, "{}", answer_line(answer.length as usize, noun(metric), &note, &answer.moves))
}

/// Threads for the two-phase search: `threads`, by default one per core.
fn threads(threads: Option<u16>) -> usize {
    threads.map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), usize::from)
}

/// The two-phase solver, searching on `threads` threads, by default one per core.
pub fn two_phase_solver(tables: &TablesDir, threads_given: Option<u16>) -> anyhow::Result<TwoPhaseSolver> {
    let solver = tables.open(Puzzle::Cube, Tables::cube)?;
    Ok(solver.with_threads(threads(threads_given)))
}

/// `judge cube`: one facelet string per line, one solution (at most 20 face turns) per
/// line; a rejected line has no answer line, as in every judge mode.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let (metric, max) = (Metric::Htm, Metric::Htm.gods_number());
    let answerer = tables.answerer()?.with_cube_threads(threads(None));
    input.answer_each_line(
        |number, line| {
            let line = line.trim();
            let cube = Facelets::from_urfdlb(line)
                .map_err(|why| why.to_string())
                .and_then(|f| f.cube().map_err(|why| why.to_string()));
            (!line.is_empty()).then(|| cube.map_err(|why| InputError::new(number, why)))
        },
        |cube, out| {
            let solution = answerer.solve_cube(cube, metric, max, true).map_err(answer_error)?;
            writeln!(out, "{}", moves_text(&solution.moves))?;
            Ok(())
        },
    )
}
