//! The magic cube's cubes (ZOJ 2477): the layers of the ball the table covers, each cube
//! confirmed by the table, or any solvable cube by rejection.

use std::io::{self, Write};

use puzzle_tables_models::magic_cube::{Cube, Turn, KEY_SPACE};

use super::{inconsistent, letter_indices, refused, DrawError, Drawer, Population};
use crate::magic_cube::CubeTable;
use crate::prng::Prng;
use crate::Puzzle;

/// How many random keys a draw without a distance may try: half name a cube, and repeats
/// among 4.3 * 10^19 cubes are all but impossible.
const ATTEMPTS: u64 = 1 << 40;

/// The magic cube's cubes, drawn through its table.
pub struct MagicCubes<'a> {
    table: &'a CubeTable,
}

impl MagicCubes<'_> {
    /// Draws from the layers of `table`.
    pub fn new(table: &CubeTable) -> MagicCubes<'_> {
        MagicCubes { table }
    }
}

/// The keys of every cube exactly `distance` quarter turns from solved, in increasing
/// order, by a breadth-first walk of the model: a quarter turn changes the parity of the
/// corner permutation, so a layer's neighbours lie in the layers next to it only.
fn layer_keys(distance: usize) -> Vec<u128> {
    let (mut previous, mut current) = (Vec::new(), vec![Cube::SOLVED.key()]);
    for _ in 0..distance {
        let mut next: Vec<u128> = current
            .iter()
            .filter_map(|&key| Cube::from_key(key))
            .flat_map(|cube| Turn::ALL.map(|turn| cube.apply(turn).key()))
            .collect();
        next.sort_unstable();
        next.dedup();
        next.retain(|key| previous.binary_search(key).is_err());
        (previous, current) = (current, next);
    }
    current
}

impl Drawer for MagicCubes<'_> {
    type Board = Cube;

    const PUZZLE: Puzzle = Puzzle::MagicCube;

    fn every_board(&self) -> (String, Population<'_, Cube>) {
        // Half the keys name pieces of unequal parity, which no turns reach: a try that draws
        // one is rejected.
        let draw = |prng: &mut Prng| Ok(Cube::from_key(prng.below_u128(KEY_SPACE)));
        ("solvable cubes".to_string(), Population::Sampled { draw: Box::new(draw), attempts: ATTEMPTS })
    }

    fn at_distance(&self, distance: u32) -> Result<(String, Population<'_, Cube>), DrawError> {
        let depth = self.table.depth();
        if distance as usize > depth {
            return Err(refused(format!(
                "the table reaches {depth} quarter turns from solved; --distance {distance} is beyond it"
            )));
        }
        let size = self.table.table().metadata().depth_counts.get(distance as usize).copied().unwrap_or(0);
        let layer = layer_keys(distance as usize);
        if layer.len() as u64 != size {
            return Err(inconsistent(format!(
                "the table counts {size} cubes at distance {distance} but the walk finds {}",
                layer.len()
            )));
        }
        let unrank = move |index: u64| {
            let cube =
                Cube::from_key(layer[index as usize]).ok_or_else(|| inconsistent("a key of the walk names no cube"))?;
            // The table, through its reader, confirms every cube drawn.
            match self.table.solution_within_depth(&cube)? {
                Some(turns) if turns.len() == distance as usize => Ok(cube),
                other => Err(inconsistent(format!(
                    "the walk puts a cube at {distance} turns, the table at {:?}",
                    other.map(|t| t.len())
                ))),
            }
        };
        Ok((format!("cubes at distance {distance}"), Population::Listed { size, unrank: Box::new(unrank) }))
    }

    fn row(&self, cube: &Cube) -> Vec<i64> {
        letter_indices(&cube.facelets().to_urfdlb(), "URFDLB")
    }

    fn write_boards(&self, out: &mut dyn Write, cubes: &[Cube], judge_input: bool) -> io::Result<()> {
        if judge_input {
            writeln!(out, "{}", cubes.len())?;
        }
        for (index, cube) in cubes.iter().enumerate() {
            if judge_input || index > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", cube.facelets().net())?;
        }
        Ok(())
    }
}
