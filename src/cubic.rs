//! The cubic eight-puzzle's commands: `judge cubic`, `solve cubic`, `stats cubic`.

use std::io::{self, Write};
use std::process::ExitCode;

use puzzle_tables_models::cubic::{self as model, judge_answer, Cell, StartClass, JUDGE_CAP, PATTERNS, STATES};
use puzzle_tables_query::answer::{parse_cell, AnswerOptions, CubicAnswer};
use puzzle_tables_query::cubic::{CubicDistances, CubicSolver};
use puzzle_tables_query::Metadata;
use serde_json::json;

use crate::english::{answer_line, plural};
use crate::judge::JudgeInput;
use crate::options::SolveOptions;
use crate::report::{answer_options, write_json};
use crate::solve::solve_case;
use crate::tables::TablesDir;
use crate::writer;
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

fn open_distances(tables: &TablesDir) -> anyhow::Result<CubicDistances> {
    tables.open(Puzzle::Cubic, Tables::cubic_distances)
}

fn open_solver(tables: &TablesDir) -> anyhow::Result<CubicSolver> {
    tables.open(Puzzle::Cubic, Tables::cubic)
}

/// POJ 3131: one line per dataset, the least number of rolls if at most 30, else `-1`;
/// with `exact`, the least number of rolls whatever it is.
pub fn judge(tables: &TablesDir, input: &JudgeInput, exact: bool) -> anyhow::Result<ExitCode> {
    let text = input.read()?;
    let cases = model::parse_judge_input(&text.text);
    let distances = open_distances(tables)?;
    input.answer_cases(&text, &cases, |dataset, out| {
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

fn xy(cell: Cell) -> [u32; 2] {
    [cell.x(), cell.y()]
}

/// One start class's figures, from its two tables' metadata.
struct ClassStats<'a> {
    class: StartClass,
    states: &'a Metadata,
    patterns: &'a Metadata,
}

impl ClassStats<'_> {
    fn parameter(metadata: &Metadata, name: &str) -> String {
        metadata.parameters.iter().find(|(key, _)| key == name).map_or_else(String::new, |(_, value)| value.clone())
    }

    fn reachable(&self) -> u64 {
        self.states.entry_total().expect("Table::open refuses counts whose sum overflows")
    }

    fn beyond_cap(&self) -> u64 {
        self.patterns.depth_counts.iter().skip(usize::from(JUDGE_CAP) + 1).sum()
    }

    fn farthest(metadata: &Metadata) -> (usize, u64) {
        let max = metadata.max_depth().unwrap_or(0);
        (max, metadata.depth_counts.get(max).copied().unwrap_or(0))
    }

    fn to_json(&self) -> serde_json::Value {
        let (state_max, _) = Self::farthest(self.states);
        let (pattern_max, _) = Self::farthest(self.patterns);
        json!({
            "class": self.class.label(),
            "start_cells": self.class.cells().into_iter().map(xy).collect::<Vec<_>>(),
            "tables_from": xy(self.class.representative()),
            "reachable_states": self.reachable(),
            "max_state_distance": state_max,
            "farthest_state": Self::parameter(self.states, "farthest state"),
            "max_pattern_distance": pattern_max,
            "farthest_pattern": Self::parameter(self.patterns, "farthest pattern"),
            "patterns_beyond_judge_cap": self.beyond_cap(),
            "states_per_distance": self.states.depth_counts,
            "patterns_per_distance": self.patterns.depth_counts,
        })
    }

    fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let cells: Vec<String> = self.class.cells().iter().map(Cell::to_string).collect();
        let from = self.class.representative();
        if let [cell] = &cells[..] {
            writeln!(out, "\nstart cell {cell} ({}):", self.class.label())?;
        } else {
            writeln!(out, "\nstart cells {} ({}s; by symmetry, as from {from}):", cells.join(" "), self.class.label())?;
        }
        writeln!(out, "  reachable states: {} of {STATES}", self.reachable())?;
        let (max, number) = Self::farthest(self.states);
        writeln!(out, "  farthest states: {max} rolls ({}); one from {from}:", plural(number, "state"))?;
        writeln!(out, "    {}", Self::parameter(self.states, "farthest state"))?;
        let (max, number) = Self::farthest(self.patterns);
        writeln!(out, "  farthest patterns: {max} rolls ({}); one from {from}:", plural(number, "pattern"))?;
        writeln!(out, "    {}", Self::parameter(self.patterns, "farthest pattern"))?;
        writeln!(out, "  patterns beyond the judge's {JUDGE_CAP} rolls: {} of {PATTERNS}", self.beyond_cap())?;
        writeln!(out, "  {:>8}  {:>8}  {:>8}", "distance", "states", "patterns")?;
        let rows = self.states.depth_counts.len().max(self.patterns.depth_counts.len());
        for distance in 0..rows {
            let count = |metadata: &Metadata| metadata.depth_counts.get(distance).copied().unwrap_or(0);
            writeln!(out, "  {distance:>8}  {:>8}  {:>8}", count(self.states), count(self.patterns))?;
        }
        Ok(())
    }
}

/// For each class of start cells: reachable states, the farthest state and pattern, states
/// and patterns per distance, and the patterns beyond the judge's cap.
pub fn stats(tables: &TablesDir, as_json: bool) -> anyhow::Result<ExitCode> {
    let solver = open_solver(tables)?;
    let classes: Vec<ClassStats> = StartClass::ALL
        .into_iter()
        .map(|class| ClassStats {
            class,
            states: solver.states_of_class(class).table().metadata(),
            patterns: solver.distances().of_class(class).table().metadata(),
        })
        .collect();
    let out = &mut writer::stdout();
    if as_json {
        let classes: Vec<serde_json::Value> = classes.iter().map(ClassStats::to_json).collect();
        write_json(
            out,
            &json!({ "puzzle": "cubic", "states": STATES, "patterns": PATTERNS, "start_classes": classes }),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "cubic eight-puzzle: {STATES} states (9 empty cells x 6^8 orientations), {PATTERNS} patterns")?;
    writeln!(out, "a roll keeps the number of odd cubes (orientation parity unlike the cell's chessboard colour),")?;
    writeln!(out, "so a start reaches 70 of the 256 states showing each pattern (56 from an edge cell)")?;
    writeln!(out, "states are written cube by cube as top, front and side colours, --- for the empty cell")?;
    for class in &classes {
        class.write_text(out)?;
    }
    Ok(ExitCode::SUCCESS)
}
