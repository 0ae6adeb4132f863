//! What several commands share: the options of every `solve` ([`SolveOptions`]) and the
//! value parsers of a puzzle's label ([`puzzle_parser`]) and of a built-in puzzle or a
//! defined puzzle's table ([`target_parser`], [`Target`]).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue};
use puzzle_tables_query::Puzzle;

/// Options every `solve` command shares.
#[derive(clap::Args)]
pub struct SolveOptions {
    /// Draw the puzzle after every move.
    #[arg(long)]
    pub show: bool,
    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,
    /// With `-`: stop after the first rejected line, exit status 1.
    #[arg(long)]
    pub strict: bool,
}

/// Names people write for a puzzle whose label is another, and that label: clap's own
/// guess by spelling would offer `cubic` for `rubik`.
const OTHER_NAMES: &[(&str, &str)] = &[("rubik", "cube"), ("rubiks-cube", "cube"), ("15", "fifteen"), ("8", "eight")];

/// A puzzle's label, with clap's "similar value" tip pointing an other name at its puzzle.
pub fn puzzle_parser() -> PuzzleParser {
    PuzzleParser
}

/// Parses a puzzle's label (see [`puzzle_parser`]).
#[derive(Clone)]
pub struct PuzzleParser;

impl PuzzleParser {
    fn labels() -> PossibleValuesParser {
        PossibleValuesParser::new(Puzzle::BUILT_IN.iter().map(|p| p.label()))
    }
}

impl TypedValueParser for PuzzleParser {
    type Value = Puzzle;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Puzzle, clap::Error> {
        let label = Self::labels().parse_ref(cmd, arg, value).map_err(|mut error| {
            let given = value.to_string_lossy().to_lowercase();
            if let Some(&(_, label)) = OTHER_NAMES.iter().find(|(name, _)| *name == given) {
                error.insert(ContextKind::SuggestedValue, ContextValue::String(label.to_string()));
            }
            error
        })?;
        Ok(Puzzle::from_label(&label).expect("clap only passes listed names"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Puzzle::BUILT_IN.iter().map(|p| PossibleValue::new(p.label()))))
    }
}

/// What `gen`, `stats` and `random` name: a built-in puzzle or a defined puzzle's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A built-in puzzle.
    Puzzle(Puzzle),
    /// A defined puzzle, by its table's name.
    Definition(String),
}

impl Target {
    /// The built-in puzzle's label, or the defined puzzle's name.
    pub fn label(&self) -> &str {
        match self {
            Target::Puzzle(puzzle) => puzzle.label(),
            Target::Definition(name) => name,
        }
    }
}

/// A built-in puzzle's label or a bundled definition's name; with `any_name`, also any name
/// a user's definition table may have (checked when it is opened).
pub fn target_parser(any_name: bool) -> TargetParser {
    TargetParser { any_name }
}

/// Parses a [`Target`] (see [`target_parser`]).
#[derive(Clone)]
pub struct TargetParser {
    any_name: bool,
}

impl TypedValueParser for TargetParser {
    type Value = Target;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Target, clap::Error> {
        let error = match PuzzleParser.parse_ref(cmd, arg, value) {
            Ok(puzzle) => return Ok(Target::Puzzle(puzzle)),
            Err(error) => error,
        };
        let name = value.to_string_lossy();
        let other_name = OTHER_NAMES.iter().any(|(other, _)| *other == name.to_lowercase());
        let bundled = puzzle_tables_models::definition::bundled::find(&name).is_some();
        let valid = puzzle_tables_models::definition::puzzle::check_name(&name).is_ok();
        if bundled || (self.any_name && valid && !other_name) {
            return Ok(Target::Definition(name.into_owned()));
        }
        Err(error)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let bundled = puzzle_tables_models::definition::bundled::BUNDLED.iter().map(|b| PossibleValue::new(b.name));
        Some(Box::new(Puzzle::BUILT_IN.iter().map(|p| PossibleValue::new(p.label())).chain(bundled)))
    }
}
