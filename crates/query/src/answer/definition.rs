//! A defined puzzle's answer: a scramble (in the definition's notation) or a pattern (KPuzzle
//! JSON) in, its exact distance, an optimal solution, and on request every optimal solution,
//! the pattern after each move and every move's child.

use serde::Serialize;

use super::{AnswerError, AnswerOptions, Answerer, Child, Details, InputError, PuzzleAnswer, Step};
use crate::definition::{DefinitionTable, Pattern};

/// How a defined puzzle's case is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DefinitionInput {
    /// An alg applied to the table's start, such as `R U R' F2`.
    #[default]
    Scramble,
    /// A pattern in KPuzzle JSON: each orbit's `pieces`, `orientation` and optional
    /// `orientationMod`.
    Pattern,
}

/// Every optimal solution: how many, and the first ones.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AllSolutionsAnswer {
    /// How many optimal solutions there are (at most 2^64 - 1: larger counts saturate).
    pub count: u64,
    /// The first of them, in the table's move order, at most the limit asked for.
    pub listed: Vec<String>,
}

/// A defined puzzle's answer.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DefinitionAnswer {
    /// `"definition"`.
    pub puzzle: &'static str,
    /// The table's name, such as `2x2x2`.
    pub name: String,
    /// The case as given.
    pub input: String,
    /// The whole-puzzle turn done first to bring the pattern among those the table's moves
    /// reach (a scramble with `D` on a 2x2x2 that fixes a corner), when one was needed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<String>,
    /// The fewest moves, in the table's metric.
    pub distance: u32,
    /// A shortest sequence of the table's moves.
    pub moves: String,
    /// Every optimal solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<AllSolutionsAnswer>,
    /// The steps (the pattern as KPuzzle JSON) and children, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

impl PuzzleAnswer for DefinitionAnswer {
    /// The moves.
    fn line(&self) -> String {
        self.moves.clone()
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

/// The answer for `text` from the table named `name`.
pub(super) fn answer(
    answerer: &Answerer,
    name: &str,
    text: &str,
    options: &AnswerOptions,
) -> Result<DefinitionAnswer, AnswerError> {
    let opened = answerer.definition(name)?;
    let table = &*opened;
    let puzzle = table.puzzle();
    let not_a_case = |why: String| InputError::new(not_what(options.definition_input), why);
    let (pattern, rotation) = match options.definition_input {
        DefinitionInput::Scramble => puzzle.scrambled(text),
        DefinitionInput::Pattern => {
            puzzle.definition().pattern_from_json(text).and_then(|pattern| puzzle.reachable(&pattern))
        }
    }
    .map_err(|e| not_a_case(e.to_string()))?;
    let index = puzzle.rank(&pattern).map_err(|e| not_a_case(e.to_string()))?;
    let unreached = || not_a_case("the table's moves never reach it from the start".into());
    let moves = table.solution(index)?.ok_or_else(unreached)?;
    let mut answer = DefinitionAnswer {
        puzzle: "definition",
        name: name.to_string(),
        input: text.to_string(),
        rotation: (!rotation.is_empty()).then_some(rotation),
        distance: moves.len() as u32,
        moves: puzzle.moves_text(&moves),
        all: None,
        details: Details::default(),
    };
    if let Some(limit) = options.all_solutions {
        let all = table.all_solutions(index, limit)?.ok_or_else(unreached)?;
        let listed = all.listed.iter().map(|moves| puzzle.moves_text(moves)).collect();
        answer.all = Some(AllSolutionsAnswer { count: u64::try_from(all.count).unwrap_or(u64::MAX), listed });
    }
    if options.steps {
        answer.details.steps = Some(steps(table, &pattern, &moves));
    }
    if options.children {
        answer.details.children = Some(children(table, &pattern, answer.distance)?);
    }
    Ok(answer)
}

fn not_what(input: DefinitionInput) -> &'static str {
    match input {
        DefinitionInput::Scramble => "not a scramble of this puzzle",
        DefinitionInput::Pattern => "not a pattern of this puzzle",
    }
}

/// A pattern on one line of JSON.
fn written(table: &DefinitionTable, pattern: &Pattern) -> String {
    table.puzzle().definition().pattern_json(pattern).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn steps(table: &DefinitionTable, start: &Pattern, moves: &[usize]) -> Vec<Step> {
    let puzzle = table.puzzle();
    let mut pattern = start.clone();
    moves
        .iter()
        .map(|&g| {
            pattern = puzzle.definition().apply(&pattern, puzzle.generator(g));
            Step { step: puzzle.generators().names[g].clone(), state: written(table, &pattern) }
        })
        .collect()
}

fn children(table: &DefinitionTable, pattern: &Pattern, distance: u32) -> Result<Vec<Child>, AnswerError> {
    let puzzle = table.puzzle();
    let mut children = Vec::new();
    for (g, name) in puzzle.generators().names.iter().enumerate() {
        let next = puzzle.definition().apply(pattern, puzzle.generator(g));
        let index = puzzle.rank(&next).expect("a move keeps the index's invariants");
        let reached = table.distance_at(index);
        children.push(match reached {
            Some(d) => Child::exact(name.clone(), written(table, &next), d as u32, Some(distance)),
            None => Child::unsolvable(name.clone(), written(table, &next)),
        });
    }
    Ok(children)
}
