//! The cubic eight-puzzle's answer: the pattern's distance, an optimal roll sequence
//! checked to end on the pattern, and which first rolls lie on a shortest sequence; and its
//! stats, by class of start cells.

use std::fmt::{self, Write};

use serde::Serialize;
use serde_json::json;

use super::{
    plural, Answer, AnswerError, AnswerOptions, Answerer, Child, Details, InputError, PuzzleAnswer, RegisteredPuzzle,
    Stats, Step, Walk,
};
use crate::cubic::{roll_letters, Cell, CubicSolver, Pattern, Roll, StartClass, State};
use crate::random::{drawn, CubicPatterns, DrawRequest};
use crate::{Metadata, Puzzle, TableErrorKind};
use puzzle_tables_models::cubic::{judge_answer, JUDGE_CAP, PATTERNS, STATES};

/// A cubic eight-puzzle pattern's answer from a start cell.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CubicAnswer {
    /// `"cubic"`.
    pub puzzle: &'static str,
    /// The initially empty cell, `[x, y]` from 1 to 3.
    pub start: [u32; 2],
    /// The wanted top colours, row by row, `E` for the empty cell.
    pub pattern: String,
    /// The fewest rolls, exact (beyond the judge's cap of 30 too).
    pub distance: usize,
    /// What the judge prints: the distance, or -1 beyond 30.
    pub judge_answer: i32,
    /// A shortest roll sequence, each roll named by the way the cube travels: `u d l r`.
    pub moves: String,
    /// The steps, children and walk, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

impl CubicAnswer {
    /// Whether the distance is beyond the judge's cap (where it answers -1).
    pub fn beyond_judge_cap(&self) -> bool {
        self.distance > usize::from(JUDGE_CAP)
    }
}

/// The cubic puzzle's entry in the registry.
pub(super) const REGISTERED: RegisteredPuzzle = RegisteredPuzzle {
    needs_start: true,
    row_letters: Some(b"EWRB"),
    ..RegisteredPuzzle::lookup(
        Puzzle::Cubic,
        |answerer, text, options| answer(answerer, text, options).map(Answer::Cubic),
        |answerer, request: &DrawRequest| {
            Ok(drawn(&CubicPatterns::new(answerer.cubic()?.distances(), request.start), request)?)
        },
        stats,
    )
};

/// A cell written `X,Y` (or `(X,Y)`): X the column, Y the row, each from 1 to 3, as the
/// command line's `--start` and the server's `start=` take it.
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    let numbers: Vec<Option<u32>> =
        text.trim_matches(|c| c == '(' || c == ')').split(',').map(|n| n.trim().parse().ok()).collect();
    match numbers[..] {
        [Some(x), Some(y)] => Cell::from_xy(x, y),
        _ => None,
    }
    .ok_or_else(|| format!("expected X,Y with X and Y from 1 to 3, found {text:?}"))
}

impl PuzzleAnswer for CubicAnswer {
    /// The distance and the rolls.
    fn line(&self) -> String {
        format!("{} {}", self.distance, self.moves).trim_end().to_string()
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

/// The answer for `text` from `options.start`.
pub(super) fn answer(answerer: &Answerer, text: &str, options: &AnswerOptions) -> Result<CubicAnswer, AnswerError> {
    let start = options.start.ok_or_else(|| InputError::new("no start cell", "cubic needs the start cell X,Y"))?;
    let pattern: Pattern = text.parse().map_err(|why| InputError::new("not a cubic-puzzle pattern", why))?;
    let solver = answerer.cubic()?;
    let rolls = solver.optimal_rolls(start, &pattern)?;
    let states = replay(start, &rolls).filter(|states| states.last().map(State::pattern) == Some(pattern));
    let Some(states) = states else {
        let message = format!("the rolls found for {pattern} from {start} do not lead to it");
        let table = solver.states_of_class(crate::cubic::StartClass::of(start)).table();
        return Err(table.error(TableErrorKind::Inconsistent(message)).into());
    };
    let mut answer = CubicAnswer {
        puzzle: "cubic",
        start: [start.x(), start.y()],
        pattern: pattern.to_string(),
        distance: rolls.len(),
        judge_answer: judge_answer(u8::try_from(rolls.len()).unwrap_or(u8::MAX)),
        moves: roll_letters(&rolls),
        details: Details::default(),
    };
    if options.steps {
        let steps = rolls.iter().zip(&states[1..]);
        answer.details.steps = Some(
            steps.clone().map(|(r, s)| Step { step: r.letter().to_string(), state: s.pattern().to_string() }).collect(),
        );
        answer.details.walk = options.walk.then(|| Walk {
            start_caption: format!("start, {start} empty:"),
            start: format!("{:#}", states[0].pattern()),
            steps: steps
                .map(|(r, s)| (format!("the cube on {} rolls {}:", s.empty(), r.word()), format!("{:#}", s.pattern())))
                .collect(),
        });
    }
    if options.children {
        answer.details.children = Some(children(solver, start, &pattern, rolls.len() as u32));
    }
    Ok(answer)
}

/// The states from the start through every roll, or `None` if a roll is impossible.
fn replay(start: Cell, rolls: &[Roll]) -> Option<Vec<State>> {
    let mut states = vec![State::start(start)];
    for &roll in rolls {
        states.push(states.last()?.roll(roll)?);
    }
    Some(states)
}

/// Each roll from the start: one nearer when it begins a shortest sequence, else one farther.
fn children(solver: &CubicSolver, start: Cell, pattern: &Pattern, distance: u32) -> Vec<Child> {
    let optimal = solver.optimal_first_rolls(start, pattern);
    let from = State::start(start);
    Roll::ALL
        .into_iter()
        .filter_map(|roll| Some((roll, from.roll(roll)?)))
        .map(|(roll, next)| {
            let child = if optimal.contains(&roll) { distance - 1 } else { distance + 1 };
            Child::exact(roll.letter().to_string(), next.pattern().to_string(), child, Some(distance))
        })
        .collect()
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

    fn write_text(&self, out: &mut String) -> fmt::Result {
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
fn stats(answerer: &Answerer) -> Result<Stats, AnswerError> {
    let solver = answerer.cubic()?;
    let classes: Vec<ClassStats> = StartClass::ALL
        .into_iter()
        .map(|class| ClassStats {
            class,
            states: solver.states_of_class(class).table().metadata(),
            patterns: solver.distances().of_class(class).table().metadata(),
        })
        .collect();
    let json = json!({
        "puzzle": "cubic",
        "states": STATES,
        "patterns": PATTERNS,
        "start_classes": classes.iter().map(ClassStats::to_json).collect::<Vec<_>>(),
    });
    Ok(Stats::new(json, |out| {
        writeln!(out, "cubic eight-puzzle: {STATES} states (9 empty cells x 6^8 orientations), {PATTERNS} patterns")?;
        writeln!(
            out,
            "a roll keeps the number of odd cubes (orientation parity unlike the cell's chessboard colour),"
        )?;
        writeln!(out, "so a start reaches 70 of the 256 states showing each pattern (56 from an edge cell)")?;
        writeln!(out, "states are written cube by cube as top, front and side colours, --- for the empty cell")?;
        classes.iter().try_for_each(|class| class.write_text(out))
    }))
}
