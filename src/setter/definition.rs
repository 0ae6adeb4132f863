//! A puzzle from its definition for `check NAME INPUT OUTPUT`. The input is a scramble a
//! line (as `random NAME` prints them; an empty line is the start itself), the output a
//! solution a line (as `solve NAME --scramble -` prints them). A solution is accepted when
//! it brings its scramble back to a pattern at distance 0 (the whole puzzle may end turned,
//! as the answers turn it) in the fewest moves of the table's metric, written with the
//! table's moves and whole-puzzle turns ([`DefinedPuzzle::solution_length`]).

use std::io::BufRead;
use std::sync::Arc;

use puzzle_tables_models::definition::{Alg, DefinedPuzzle, Transformation};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_query::definition::DefinitionTable;

use super::answers::{shown, AnswerLines};
use super::verdict::{Checker, Judgement};
use crate::english::plural;
use crate::tables::{answer_error, TablesDir};

/// A defined puzzle's table.
pub struct Defined {
    table: Arc<DefinitionTable>,
}

/// One scramble: what it does and its distance.
pub struct Scrambled {
    scramble: Transformation,
    distance: u64,
}

impl Defined {
    /// Opens the table `name` (a bundled one is built on first use).
    pub fn open(tables: &TablesDir, name: &str) -> anyhow::Result<Defined> {
        let table = tables.answerer()?.definition(name).map_err(answer_error)?;
        Ok(Defined { table })
    }

    fn puzzle(&self) -> &DefinedPuzzle {
        self.table.puzzle()
    }

    /// The distance of the pattern `t` makes from the start, `None` when the table's moves
    /// (after a whole-puzzle turn) do not reach it.
    fn distance_after(&self, t: &Transformation) -> Option<u64> {
        let puzzle = self.puzzle();
        let (pattern, _) = puzzle.reachable(&puzzle.definition().apply(puzzle.index().start(), t)).ok()?;
        self.table.distance_at(puzzle.rank(&pattern).ok()?).map(u64::from)
    }

    fn scrambled(&self, text: &str) -> Result<Scrambled, String> {
        let alg: Alg = text.parse().map_err(|error| format!("{error}"))?;
        let scramble = self.puzzle().definition().alg_transformation(&alg).map_err(|error| error.to_string())?;
        let distance = self.distance_after(&scramble).ok_or("the table's moves never reach it from the start")?;
        Ok(Scrambled { scramble, distance })
    }

    fn moves(&self) -> &'static str {
        match self.puzzle().generators().metric {
            puzzle_tables_models::definition::Metric::Htm => "move",
            puzzle_tables_models::definition::Metric::Qtm => "quarter turn",
        }
    }
}

impl Checker for Defined {
    type Case = Scrambled;

    fn cases(&self, input: &str) -> Result<Vec<Scrambled>, InputError> {
        input
            .lines()
            .enumerate()
            .map(|(at, line)| self.scrambled(line.trim()).map_err(|why| InputError::new(at + 1, why)))
            .collect()
    }

    fn judge<R: BufRead>(&self, case: &Scrambled, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement> {
        let Some(line) = output.next_line()? else {
            return Ok(Judgement::missing_move_line(case.distance == 0, output.lines_taken()));
        };
        let alg: Alg = match line.text.parse() {
            Ok(alg) => alg,
            Err(error) => return Ok(Judgement::wrong(format!("{}: {error}", shown(&line.text)))),
        };
        let puzzle = self.puzzle();
        let (length, solution) = match puzzle
            .solution_length(&alg)
            .and_then(|length| Ok((length, puzzle.definition().alg_transformation(&alg)?)))
        {
            Ok(measured) => measured,
            Err(error) => return Ok(Judgement::wrong(format!("{}: {error}", shown(&line.text)))),
        };
        let after = puzzle.definition().compose(&case.scramble, &solution);
        let moves = plural(length, self.moves());
        Ok(match self.distance_after(&after) {
            Some(0) if length == case.distance => Judgement::accepted(format!("{moves}, the fewest")),
            Some(0) => Judgement::wrong(format!("too long: {moves}, the fewest are {}", case.distance)),
            Some(left) => {
                Judgement::wrong(format!("does not solve it: {} from solved after {moves}", plural(left, self.moves())))
            }
            None => Judgement::wrong(format!("does not solve it: after {moves}, the table's moves never reach it")),
        })
    }
}
