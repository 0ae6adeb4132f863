//! Tables of puzzles made from definitions (cubing.js's KPuzzle format): every pattern's
//! exact distance, four bits an entry (a byte where some pattern lies 15 or more moves
//! away), indexed by the models' [`PatternIndex`](puzzle_tables_models::definition::index::PatternIndex).
//!
//! A table carries its definition, moves, metric and start in its metadata, so the file
//! alone answers: [`DefinitionTable::open`] reads them back, rebuilds the index and steps
//! through it by the coordinates' move tables. A solution walks down the distances; every
//! optimal solution is every such walk. A table left in shards by a distributed build
//! answers the same, read in place shard by shard ([`DefinitionTable::from_shards`]).

pub use puzzle_tables_models::definition::{
    bundled, index::Unreachable, puzzle::check_name, Alg, DefinedPuzzle, Definition, DefinitionError, Metric,
    OrbitPattern, Pattern,
};

pub use crate::definition_file::{file_name, header_spec, name_of_file, spec, UNREACHED4, UNREACHED8};

use std::collections::HashMap;
use std::path::Path;

use puzzle_tables_models::definition::index::IndexSteps;

use crate::definition_file::entry_of;
use crate::format::{Encoding, TableSpec};
use crate::shards::ShardedTable;
use crate::table::{Table, TableError, TableErrorKind};

/// A definition's table, opened and verified, with its puzzle rebuilt from its metadata.
#[derive(Debug)]
pub struct DefinitionTable {
    distances: Distances,
    /// The entry of a pattern the moves never reach, in the table's encoding.
    unreached: u8,
    puzzle: DefinedPuzzle,
    steps: IndexSteps,
}

/// Where a definition table's entries are: one file, or shards read in place.
#[derive(Debug)]
// One a table, never in a collection: its size does not matter.
#[allow(clippy::large_enum_variant)]
enum Distances {
    File(Table),
    Shards(ShardedTable),
}

impl Distances {
    /// The whole table's spec.
    fn spec(&self) -> TableSpec {
        match self {
            Distances::File(table) => *table.spec(),
            Distances::Shards(shards) => shards.whole_spec(),
        }
    }

    #[inline]
    fn entry(&self, index: u64) -> Option<u8> {
        match self {
            Distances::File(table) => entry_of(table.payload(), table.spec().encoding, index),
            Distances::Shards(shards) => shards.entry(index),
        }
    }

    fn depth_counts(&self) -> &[u64] {
        match self {
            Distances::File(table) => &table.metadata().depth_counts,
            Distances::Shards(shards) => &shards.manifest().depth_counts,
        }
    }

    fn error(&self, kind: TableErrorKind) -> TableError {
        match self {
            Distances::File(table) => table.error(kind),
            Distances::Shards(shards) => shards.error(kind),
        }
    }
}

/// Every optimal solution of a pattern: how many there are, and the first ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllSolutions {
    /// How many optimal solutions there are (sequences of the table's moves).
    pub count: u128,
    /// The first of them in the table's move order, at most the limit asked for.
    pub listed: Vec<Vec<usize>>,
}

impl DefinitionTable {
    /// Opens the table at `path` into memory, checks its header against the definition it
    /// carries and verifies its checksum.
    pub fn open(path: &Path) -> Result<DefinitionTable, TableError> {
        DefinitionTable::from_table(Table::open_verified(path, &header_spec(path)?)?)
    }

    /// The reader of `table`, opened (and verified) with the spec [`header_spec`] read: its
    /// puzzle rebuilt from the metadata and checked against the header.
    pub fn from_table(table: Table) -> Result<DefinitionTable, TableError> {
        let fail = |why: String| table.error(TableErrorKind::Metadata(why));
        let puzzle = DefinedPuzzle::from_parameters(&table.metadata().parameters).map_err(|e| fail(e.to_string()))?;
        let deepest = table.metadata().max_depth().unwrap_or(0);
        if spec(&puzzle, deepest) != *table.spec() {
            let why =
                format!("its definition gives {} entries, its header {}", puzzle.index().size(), table.spec().entries);
            return Err(fail(why));
        }
        Ok(DefinitionTable::new(Distances::File(table), puzzle))
    }

    /// The reader of a table left in shards, opened (and verified) by [`ShardedTable::open`]
    /// (or mapped, by [`Tables::definition`](crate::Tables::definition)): the same answers
    /// as from the merged file.
    pub fn from_shards(shards: ShardedTable) -> DefinitionTable {
        let puzzle = shards.puzzle().clone();
        DefinitionTable::new(Distances::Shards(shards), puzzle)
    }

    fn new(distances: Distances, puzzle: DefinedPuzzle) -> DefinitionTable {
        let steps = IndexSteps::new(puzzle.index(), puzzle.generators());
        let unreached = if distances.spec().encoding == Encoding::Packed4 { UNREACHED4 } else { UNREACHED8 };
        DefinitionTable { distances, unreached, puzzle, steps }
    }

    /// The table file, `None` for a table read from shards.
    pub fn file(&self) -> Option<&Table> {
        match &self.distances {
            Distances::File(table) => Some(table),
            Distances::Shards(_) => None,
        }
    }

    /// The shards, `None` for a table read from one file.
    pub fn shards(&self) -> Option<&ShardedTable> {
        match &self.distances {
            Distances::File(_) => None,
            Distances::Shards(shards) => Some(shards),
        }
    }

    /// The whole table's spec (as one file's header has it).
    pub fn spec(&self) -> TableSpec {
        self.distances.spec()
    }

    /// The puzzle: its definition, moves and index.
    pub fn puzzle(&self) -> &DefinedPuzzle {
        &self.puzzle
    }

    /// How many patterns lie at each distance.
    pub fn depth_counts(&self) -> &[u64] {
        self.distances.depth_counts()
    }

    /// The distance of the pattern at `index`, `None` where the moves never reach it.
    #[inline]
    pub fn distance_at(&self, index: u64) -> Option<u8> {
        let entry = self.distances.entry(index)?;
        (entry != self.unreached).then_some(entry)
    }

    /// The distance of `pattern` (`None` where the moves never reach it), or why it has no
    /// index.
    pub fn distance(&self, pattern: &Pattern) -> Result<Option<u8>, Unreachable> {
        Ok(self.distance_at(self.puzzle.rank(pattern)?))
    }

    /// The index after generator `g` from `index`.
    #[inline]
    pub fn child(&self, index: u64, g: usize) -> u64 {
        self.steps.child(index, g)
    }

    /// An optimal solution from `index`, as generator indices (the first move in the
    /// table's order at each step), or `None` where the moves never reach it.
    pub fn solution(&self, mut index: u64) -> Result<Option<Vec<usize>>, TableError> {
        let Some(mut distance) = self.distance_at(index) else { return Ok(None) };
        let mut moves = Vec::with_capacity(distance as usize);
        while distance > 0 {
            let step = (0..self.puzzle.generators().len())
                .find(|&g| self.distance_at(self.child(index, g)) == Some(distance - 1))
                .ok_or_else(|| self.inconsistent(index, distance))?;
            moves.push(step);
            index = self.child(index, step);
            distance -= 1;
        }
        Ok(Some(moves))
    }

    /// Every optimal solution from `index`: their count, and the first `limit` of them.
    pub fn all_solutions(&self, index: u64, limit: usize) -> Result<Option<AllSolutions>, TableError> {
        let Some(distance) = self.distance_at(index) else { return Ok(None) };
        let mut counts = HashMap::new();
        let count = self.count_solutions(index, distance, &mut counts)?;
        let mut listed = Vec::new();
        self.list_solutions(index, distance, &mut Vec::new(), limit, &mut listed);
        Ok(Some(AllSolutions { count, listed }))
    }

    fn optimal_children(&self, index: u64, distance: u8) -> impl Iterator<Item = (usize, u64)> + '_ {
        (0..self.puzzle.generators().len())
            .map(move |g| (g, self.child(index, g)))
            .filter(move |&(_, child)| distance > 0 && self.distance_at(child) == Some(distance - 1))
    }

    fn count_solutions(&self, index: u64, distance: u8, counts: &mut HashMap<u64, u128>) -> Result<u128, TableError> {
        if distance == 0 {
            return Ok(1);
        }
        if let Some(&count) = counts.get(&index) {
            return Ok(count);
        }
        let mut count = 0u128;
        for (_, child) in self.optimal_children(index, distance).collect::<Vec<_>>() {
            count = count.saturating_add(self.count_solutions(child, distance - 1, counts)?);
        }
        if count == 0 {
            return Err(self.inconsistent(index, distance));
        }
        counts.insert(index, count);
        Ok(count)
    }

    fn list_solutions(&self, index: u64, distance: u8, path: &mut Vec<usize>, limit: usize, out: &mut Vec<Vec<usize>>) {
        if out.len() >= limit {
            return;
        }
        if distance == 0 {
            out.push(path.clone());
            return;
        }
        for (g, child) in self.optimal_children(index, distance).collect::<Vec<_>>() {
            path.push(g);
            self.list_solutions(child, distance - 1, path, limit, out);
            path.pop();
        }
    }

    fn inconsistent(&self, index: u64, distance: u8) -> TableError {
        self.distances.error(TableErrorKind::Inconsistent(format!(
            "pattern {index} lies {distance} moves away, but no move leads one nearer"
        )))
    }

    /// A pattern's index drawn uniformly from those at `distance`, `None` where there is
    /// none: by rejection where they are at least one in a thousand entries, else the k-th
    /// of them by a scan.
    pub fn random_index(&self, distance: u8, prng: &mut crate::prng::Prng) -> Option<u64> {
        let count = *self.depth_counts().get(distance as usize)?;
        if count == 0 {
            return None;
        }
        let size = self.puzzle.index().size();
        if count.saturating_mul(1000) >= size {
            loop {
                let index = prng.below(size);
                if self.distance_at(index) == Some(distance) {
                    return Some(index);
                }
            }
        }
        let wanted = prng.below(count);
        (0..size).filter(|&index| self.distance_at(index) == Some(distance)).nth(wanted as usize)
    }

    /// A scramble that makes the pattern at `index` from the start: an optimal solution
    /// undone, so exactly as long as its distance.
    pub fn scramble_of(&self, index: u64) -> Result<Option<String>, TableError> {
        let generators = self.puzzle.generators();
        Ok(self.solution(index)?.map(|moves| {
            let undone: Vec<usize> = moves.iter().rev().map(|&g| generators.inverse[g]).collect();
            self.puzzle.moves_text(&undone)
        }))
    }

    /// The numbers a pattern's row holds: each orbit's pieces, then its orientations.
    pub fn row_len(&self) -> usize {
        self.puzzle.definition().orbits().iter().map(|orbit| 2 * orbit.pieces).sum()
    }

    /// The pattern a row of numbers writes (see [`row_len`](Self::row_len)), in the
    /// definition's orbit order; each piece counts its orientation by the modulus it has in
    /// the start pattern. Refused, with why, when a number is out of range.
    pub fn pattern_of_row(&self, row: &[i64]) -> Result<Pattern, String> {
        if row.len() != self.row_len() {
            return Err(format!(
                "expected {} numbers (each orbit's pieces, then its orientations), found {}",
                self.row_len(),
                row.len()
            ));
        }
        let start = self.puzzle.index().start();
        let mut at = 0;
        let mut parts = Vec::new();
        for (orbit, start_part) in self.puzzle.definition().orbits().iter().zip(&start.0) {
            let n = orbit.pieces;
            let modulus_of = |piece: u8| {
                start_part.pieces.iter().position(|&p| p == piece).map(|slot| start_part.orientation_mod[slot])
            };
            let mut part = OrbitPattern { pieces: Vec::new(), orientation: Vec::new(), orientation_mod: Vec::new() };
            for slot in 0..n {
                let (piece, orientation) = (row[at + slot], row[at + n + slot]);
                let modulus = u8::try_from(piece)
                    .ok()
                    .and_then(modulus_of)
                    .ok_or_else(|| format!("orbit {}: piece {piece} is none of the start's pieces", orbit.name))?;
                if !(0..orbit.orientations as i64).contains(&orientation) {
                    return Err(format!("orbit {}: orientation {orientation} is out of range", orbit.name));
                }
                part.pieces.push(piece as u8);
                part.orientation.push((orientation % modulus as i64) as u8);
                part.orientation_mod.push(modulus);
            }
            parts.push(part);
            at += 2 * n;
        }
        Ok(Pattern(parts))
    }
}
