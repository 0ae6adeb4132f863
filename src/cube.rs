//! `solve cube` (alias `solve magic-cube`), `judge cube` and `stats cube`: any Rubik's cube,
//! by the two-phase solver, and exactly optimal in quarter turns wherever the magic cube's
//! table reaches (within 12 quarter turns).
//!
//! One cube: a facelet string, the judge's net (`--net`) or a scramble (`--scramble`).
//! `-` (or `--scramble -`) reads one cube per line and writes one solution per line, in
//! order: moves separated by single spaces, an empty line for a solved cube.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Context};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_models::magic_cube::{self as model, judge_answer, Turn, JUDGE_LIMIT};
use puzzle_tables_query::cube::{
    moves_from_turns, moves_text, parse_moves, Cube, Facelets, Metric, Move, TwoPhaseSolver,
};
use puzzle_tables_query::magic_cube::{Answer, CubeTable};
use puzzle_tables_query::{Puzzle, Tables};
use serde_json::json;

use crate::batch::{answer_lines, LineAnswer, Rejection};
use crate::english::{answer_line, plural};
use crate::judge::{read_input, JudgeInput};
use crate::report::{steps_json, write_json, write_walk, DepthReport};
use crate::tables::TablesDir;
use crate::writer;
use crate::SolveOptions;

/// The quarter-turn radius within which the magic cube's table gives exact answers.
const EXACT_RADIUS: u32 = 2 * puzzle_tables_query::magic_cube::TABLE_DEPTH as u32;

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

/// The cube's solution and what is known about it.
struct Solution {
    moves: Vec<Move>,
    /// Whether the solution has the fewest quarter turns of all (found in the magic cube's
    /// table or by meeting it in the middle).
    optimal_in_quarter_turns: bool,
    /// A shortest solution in quarter turns when it is within the judge's limit.
    judge_turns: Option<Vec<Turn>>,
}

/// The tables `solve cube` reads: the magic cube's always, the two-phase solver's when a
/// cube is beyond the magic cube's direct reach.
struct Solvers<'a> {
    tables: &'a TablesDir,
    exact: CubeTable,
    two_phase: Option<TwoPhaseSolver>,
    threads: Option<u16>,
}

impl<'a> Solvers<'a> {
    fn open(tables: &'a TablesDir, threads: Option<u16>) -> anyhow::Result<Solvers<'a>> {
        let exact = tables.open(Puzzle::MagicCube, Tables::magic_cube)?;
        Ok(Solvers { tables, exact, two_phase: None, threads })
    }

    /// A solution of at most `max` in `metric`, or why there is none.
    fn solve(&mut self, cube: &Cube, metric: Metric, max: u32) -> anyhow::Result<Result<Solution, Rejection>> {
        if let Some(turns) = self.exact.solution_within_depth(cube)? {
            let moves = moves_from_turns(&turns);
            if metric.length(&moves) <= max {
                let judge_turns = (turns.len() <= JUDGE_LIMIT).then_some(turns);
                return Ok(Ok(Solution { moves, optimal_in_quarter_turns: true, judge_turns }));
            }
        }
        if self.two_phase.is_none() {
            self.two_phase = Some(two_phase_solver(self.tables, self.threads)?);
        }
        let solver = self.two_phase.as_ref().expect("opened above");
        let Some(moves) = solver.solve(cube, metric, max) else {
            return Ok(Err(format!(
                "no solution of at most {} found (every cube has one within {})",
                plural(max, noun(metric)),
                metric.gods_number()
            )));
        };
        // Within twice the table's depth, meeting the table in the middle is exact. Whether
        // the cube is that close, the two-phase search tells (it misses no solution of at
        // most its bound, and one direction suffices to prove there is none), where meeting
        // the table takes 0.6 s: pruned by exact quarter-turn distances, it refutes 12
        // quarter turns in a fraction of a millisecond for all but the rare close cubes.
        let within_radius =
            Metric::Qtm.length(&moves) <= EXACT_RADIUS || solver.is_within(cube, Metric::Qtm, EXACT_RADIUS);
        if within_radius {
            if let Answer::Solution(turns) = self.exact.optimal_solution(cube)? {
                let exact = moves_from_turns(&turns);
                if metric.length(&exact) <= max {
                    return Ok(Ok(Solution { moves: exact, optimal_in_quarter_turns: true, judge_turns: None }));
                }
            }
        }
        Ok(Ok(Solution { moves, optimal_in_quarter_turns: false, judge_turns: None }))
    }
}

/// The two-phase solver, searching on `threads` threads, by default one per core.
pub fn two_phase_solver(tables: &TablesDir, threads: Option<u16>) -> anyhow::Result<TwoPhaseSolver> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let solver = tables.open(Puzzle::Cube, Tables::cube)?;
    Ok(solver.with_threads(threads.map_or(cores, usize::from)))
}

/// What `metric` counts: "face turn" or "quarter turn".
fn noun(metric: Metric) -> &'static str {
    match metric {
        Metric::Htm => "face turn",
        Metric::Qtm => "quarter turn",
    }
}

/// The answer as JSON fields (without the drawings).
fn solution_json(facelets: &Facelets, solution: &Solution, metric: Metric) -> serde_json::Value {
    let quarter_turns = Metric::Qtm.length(&solution.moves);
    let mut value = json!({
        "puzzle": "cube",
        "facelets": facelets.to_urfdlb(),
        "metric": metric.label(),
        "moves": moves_text(&solution.moves),
        "length": metric.length(&solution.moves),
        "face_turns": Metric::Htm.length(&solution.moves),
        "quarter_turns": quarter_turns,
        "optimal_in_quarter_turns": solution.optimal_in_quarter_turns,
        "distance": solution.optimal_in_quarter_turns.then_some(quarter_turns),
        "judge_answer": judge_answer(solution.judge_turns.as_deref()),
    });
    if let Some(turns) = &solution.judge_turns {
        value["judge_steps"] = json!(turns.iter().map(|t| t.judge_step()).collect::<Vec<_>>());
    }
    value
}

/// The one cube named on the command line, as stickers (colours as given).
fn read_cube(args: &SolveArgs) -> anyhow::Result<Facelets> {
    if let Some(path) = &args.net {
        let text = read_input(Some(path))?;
        return model::parse_net(&text).map_err(|e| anyhow!("not a cube net: {e}"));
    }
    if let Some(scramble) = &args.scramble {
        let moves = parse_moves(scramble).context("not a scramble")?;
        return Ok(Cube::SOLVED.apply_moves(&moves).facelets());
    }
    Facelets::from_urfdlb(&args.facelets.join(" ")).context("not a facelet string")
}

/// `solve cube`: one cube, or one per line of standard input.
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let metric = args.metric();
    let max = args.max.unwrap_or(metric.gods_number());
    let batch_of_scrambles = args.scramble.as_deref() == Some("-");
    if batch_of_scrambles || args.facelets == ["-"] {
        let mut solvers = Solvers::open(tables, args.threads)?;
        return answer_lines(&args.options, |line| {
            Ok(solve_line(&mut solvers, line, batch_of_scrambles, metric, max)?.map(|(facelets, solution)| {
                LineAnswer { text: moves_text(&solution.moves), json: solution_json(&facelets, &solution, metric) }
            }))
        });
    }
    let facelets = read_cube(args)?;
    let cube = facelets.cube().context("not a cube that turns can solve")?;
    let solution = Solvers::open(tables, args.threads)?.solve(&cube, metric, max)?.map_err(|why| anyhow!(why))?;
    let out = &mut writer::stdout();
    let after_each: Vec<Facelets> = solution
        .moves
        .iter()
        .scan(facelets, |f, m| {
            *f = m.quarter_turns().fold(*f, |f, turn| f.turn(turn));
            Some(*f)
        })
        .collect();
    if args.options.json {
        let mut value = solution_json(&facelets, &solution, metric);
        if args.options.show {
            let steps = solution.moves.iter().zip(&after_each).map(|(m, f)| (m.to_string(), f.to_urfdlb()));
            value["steps"] = steps_json(steps);
        }
        write_json(out, &value)?;
        return Ok(ExitCode::SUCCESS);
    }
    write_solution(out, &solution, metric)?;
    if args.options.show {
        let steps = solution.moves.iter().zip(&after_each).map(|(m, f)| (m.to_string(), f.net()));
        write_walk(out, "start", &facelets.net(), steps)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn write_solution(out: &mut impl Write, solution: &Solution, metric: Metric) -> io::Result<()> {
    let length = metric.length(&solution.moves) as usize;
    let quarter_turns = Metric::Qtm.length(&solution.moves);
    let note = match (solution.optimal_in_quarter_turns, metric) {
        _ if solution.moves.is_empty() => String::new(),
        (false, _) => String::new(),
        (true, Metric::Qtm) => ", the fewest possible".to_string(),
        (true, Metric::Htm) => format!(" ({}, the fewest possible)", plural(quarter_turns, "quarter turn")),
    };
    writeln!(out, "{}", answer_line(length, noun(metric), &note, &moves_text(&solution.moves)))?;
    if let Some(turns) = &solution.judge_turns {
        writeln!(out, "judge steps:\n{}", turns.len())?;
        for turn in turns {
            writeln!(out, "{}", turn.judge_step())?;
        }
    }
    Ok(())
}

/// One line's cube (a facelet string, or a scramble) and its solution, or why the line is
/// rejected.
fn solve_line(
    solvers: &mut Solvers,
    line: &str,
    scramble: bool,
    metric: Metric,
    max: u32,
) -> anyhow::Result<Result<(Facelets, Solution), Rejection>> {
    let facelets = if scramble {
        match parse_moves(line) {
            Ok(moves) => Cube::SOLVED.apply_moves(&moves).facelets(),
            Err(why) => return Ok(Err(why.to_string())),
        }
    } else {
        match Facelets::from_urfdlb(line) {
            Ok(facelets) => facelets,
            Err(why) => return Ok(Err(why.to_string())),
        }
    };
    let cube = match facelets.cube() {
        Ok(cube) => cube,
        Err(why) => return Ok(Err(why.to_string())),
    };
    Ok(solvers.solve(&cube, metric, max)?.map(|solution| (facelets, solution)))
}

/// `judge cube`: one facelet string per line, one solution (at most 20 face turns) per
/// line; a rejected line has no answer line, as in every judge mode.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let (metric, max) = (Metric::Htm, Metric::Htm.gods_number());
    let mut solvers = Solvers::open(tables, None)?;
    input.answer_each_line(
        |number, line| {
            let line = line.trim();
            let cube = Facelets::from_urfdlb(line)
                .map_err(|why| why.to_string())
                .and_then(|f| f.cube().map_err(|why| why.to_string()));
            (!line.is_empty()).then(|| cube.map_err(|why| InputError::new(number, why)))
        },
        |cube, out| {
            let solution = solvers.solve(cube, metric, max)?.map_err(|why| anyhow!(why))?;
            writeln!(out, "{}", moves_text(&solution.moves))?;
            Ok(())
        },
    )
}

/// The two-phase tables: their size and the phase-1 distances in both metrics.
pub fn stats(tables: &TablesDir, as_json: bool) -> anyhow::Result<ExitCode> {
    let solver = tables.open(Puzzle::Cube, Tables::cube)?;
    let metadata = solver.phase1_table(Metric::Htm).metadata();
    let quarter_turns = &solver.phase1_table(Metric::Qtm).metadata().depth_counts;
    let mut report = DepthReport::new("cube", "entries", metadata);
    let bytes = solver.file_bytes();
    report.headline = vec![
        format!(
            "cube: two-phase tables, {bytes} bytes; every cube is solved within 20 face turns and 26 quarter turns"
        ),
        format!(
            "phase 1 (into <U, D, R2, L2, F2, B2>): {} entries (flip-slice classes x twists), at most {} face turns, \
             at most {} quarter turns",
            report.total(),
            report.max_distance(),
            quarter_turns.len().saturating_sub(1)
        ),
        "in face turns:".into(),
    ];
    report.more_tables = vec![("in quarter turns:".into(), quarter_turns)];
    report.extra = json!({ "table_bytes": bytes, "entries_per_quarter_turn_distance": quarter_turns });
    report.write(&mut writer::stdout(), as_json)?;
    Ok(ExitCode::SUCCESS)
}
