//! The magic cube's commands: `judge magic-cube`, `solve cube` (alias `solve magic-cube`),
//! `stats magic-cube`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Context};
use puzzle_tables_models::magic_cube::{self as model, judge_answer, notation, Facelets, Turn, JUDGE_LIMIT};
use puzzle_tables_query::magic_cube::{Answer, CubeTable};
use serde_json::json;

use crate::batch::{answer_lines, LineAnswer};
use crate::english::answer_line;
use crate::judge::{read_input, JudgeInput};
use crate::report::{steps_json, write_json, write_walk, DepthReport};
use crate::tables::TablesDir;
use crate::writer;
use crate::SolveOptions;
use puzzle_tables_query::{Puzzle, Tables};

/// `solve cube FACELETS` or `solve cube --net FILE`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The 54-letter facelet string of Rubik's cube solvers: faces U R F D L B, each read row
    /// by row as in the judge's net; any six letters, named by the centres; spaces ignored.
    /// `-` reads one facelet string per line from standard input and writes one answer per
    /// line.
    #[arg(required_unless_present = "net", conflicts_with = "net", num_args = 1.., value_name = "FACELETS")]
    facelets: Vec<String>,
    /// Read the cube as the judge's net, nine lines, from FILE ("-" for standard input).
    #[arg(long, value_name = "FILE")]
    net: Option<PathBuf>,
    #[command(flatten)]
    options: SolveOptions,
}

fn open(tables: &TablesDir) -> anyhow::Result<CubeTable> {
    tables.open(Puzzle::MagicCube, Tables::magic_cube)
}

/// ZOJ 2477: per case the count and the steps, `0` when solved, `-1` beyond five turns.
/// A case count that disagrees with the cases present is reported, and every case present
/// is answered.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let text = input.read()?;
    let parsed = model::parse_judge_input(&text.text);
    let table = open(tables)?;
    if parsed.count_problem.as_ref().is_some_and(|problem| input.reject_whole(problem)) {
        return Ok(ExitCode::from(1));
    }
    let code = input.answer_cases(&text, &parsed.cases, |cube, out| {
        let solution = table.solution_within_depth(cube)?;
        out.write_all(judge_answer(solution.as_deref()).as_bytes())?;
        Ok(())
    })?;
    Ok(if parsed.count_problem.is_some() { ExitCode::from(1) } else { code })
}

/// The cube given on the command line: a facelet string, or a net from a file.
fn read_cube(args: &SolveArgs) -> anyhow::Result<Facelets> {
    match &args.net {
        Some(path) => {
            let text = read_input(Some(path))?;
            model::parse_net(&text).map_err(|e| anyhow!("not a cube net: {e}"))
        }
        None => Facelets::from_urfdlb(&args.facelets.join(" ")).context("not a facelet string"),
    }
}

/// The distance and a shortest solution in standard notation and as judge steps; `--show`
/// draws the net after every turn, `--json` for programs.
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if args.facelets == ["-"] {
        let table = open(tables)?;
        return answer_lines(&args.options, |line| {
            let facelets = match Facelets::from_urfdlb(line) {
                Ok(facelets) => facelets,
                Err(why) => return Ok(Err(format!("not a facelet string: {why}"))),
            };
            let cube = match facelets.cube() {
                Ok(cube) => cube,
                Err(why) => return Ok(Err(format!("not a cube that turns can solve: {why}"))),
            };
            let answer = table.optimal_solution(&cube)?;
            let text = match &answer {
                Answer::Solution(turns) => notation(turns),
                Answer::MoreThan(bound) => format!("more than {bound} quarter turns"),
            };
            Ok(Ok(LineAnswer { text, json: solve_json(&facelets, &answer, false) }))
        });
    }
    let facelets = read_cube(args)?;
    let cube = facelets.cube().context("not a cube that turns can solve")?;
    let answer = open(tables)?.optimal_solution(&cube)?;
    let out = &mut writer::stdout();
    if args.options.json {
        write_json(out, &solve_json(&facelets, &answer, args.options.show))?;
        return Ok(ExitCode::SUCCESS);
    }
    let turns = match answer {
        Answer::Solution(turns) => turns,
        Answer::MoreThan(bound) => {
            let half = bound / 2;
            writeln!(
                out,
                "more than {bound} quarter turns: no cube within {half} turns of this one is within {half} of solved"
            )?;
            writeln!(out, "judge answer:\n-1")?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    write_solution(out, &turns)?;
    if args.options.show {
        let steps = turns.iter().scan(facelets, |current, &turn| {
            *current = current.turn(turn);
            Some((format!("{} ({})", turn.notation(), turn.judge_step()), current.net()))
        });
        write_walk(out, "start", &facelets.net(), steps)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn write_solution(out: &mut impl Write, turns: &[Turn]) -> io::Result<()> {
    writeln!(out, "{}", answer_line(turns.len(), "quarter turn", "", &notation(turns)))?;
    writeln!(out, "judge steps:\n{}", turns.len())?;
    for turn in turns {
        writeln!(out, "{}", turn.judge_step())?;
    }
    if turns.len() > JUDGE_LIMIT {
        writeln!(out, "(the judge asks for at most {JUDGE_LIMIT} steps, so its answer is -1)")?;
    }
    Ok(())
}

fn solve_json(facelets: &Facelets, answer: &Answer, show: bool) -> serde_json::Value {
    let mut value =
        json!({ "puzzle": "magic-cube", "facelets": facelets.to_urfdlb(), "distance": null, "moves": null });
    match answer {
        Answer::Solution(turns) => {
            value["distance"] = json!(turns.len());
            value["moves"] = json!(notation(turns));
            value["judge_steps"] = json!(turns.iter().map(|t| t.judge_step()).collect::<Vec<_>>());
            if show {
                let steps = turns.iter().scan(*facelets, |f, &turn| {
                    *f = f.turn(turn);
                    Some((turn.notation().to_string(), f.to_urfdlb()))
                });
                value["steps"] = steps_json(steps);
            }
        }
        Answer::MoreThan(bound) => value["more_than"] = json!(bound),
    }
    value
}

/// The table's cubes per distance, from its metadata, and how far `solve` answers exactly.
pub fn stats(tables: &TablesDir, as_json: bool) -> anyhow::Result<ExitCode> {
    let table = open(tables)?;
    let depth = table.depth();
    let metadata = table.table().metadata();
    let mut report = DepthReport { puzzle: "magic-cube", noun: "cubes", metadata, headline: vec![], extra: json!({}) };
    report.headline = vec![
        format!("magic cube: the table holds the {} cubes within {depth} quarter turns of solved", report.total()),
        format!("solve answers exactly up to {} quarter turns (meeting in the middle)", 2 * depth),
    ];
    report.extra = json!({ "table_depth": depth, "exact_up_to": 2 * depth });
    report.write(&mut writer::stdout(), as_json)?;
    Ok(ExitCode::SUCCESS)
}
