//! The rotation game's boards (POJ 2286): without a distance, the 24 blocks shuffled; the
//! rare layers listed exactly from the table's placements and drawn by index; the layers
//! between sampled by rejection, exactly uniform (see [`RotationBoards`]).

use std::io::{self, Write};

use puzzle_tables_models::rotation::{Board, Placement, PLACEMENTS, POSITIONS, SYMBOLS};

use super::{inconsistent, refused, DrawError, Drawer, Population};
use crate::prng::Prng;
use crate::rotation::RotationTable;
use crate::Puzzle;

/// How many tries a sampled layer gets before the draw gives up.
const ATTEMPTS: u64 = 20_000_000;

/// The most pairs of placements (`at` by `beyond`) gone through to list a layer exactly:
/// the shallowest layers (to 3) and the deepest (13 and 14), the rare ones a draw could
/// exhaust; the layers between hold billions of boards and are sampled.
const LISTING_BUDGET: u64 = 200_000_000;

/// The six ways to give the symbols 1, 2 and 3 to the three parts of a partition.
const SYMBOL_ORDERS: [[u8; 3]; 6] = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]];

/// The rotation game's boards, through its distance table. A sampled layer's try picks a
/// symbol uniformly, places its eight blocks uniformly among the placements D moves from
/// the centre, shuffles the other sixteen blocks, and keeps the board when no symbol is
/// nearer than D, with probability 1/k when k symbols are exactly D away: every board at D
/// is then equally likely.
pub struct RotationBoards<'a> {
    table: &'a RotationTable,
}

impl RotationBoards<'_> {
    /// Draws through `table`.
    pub fn new(table: &RotationTable) -> RotationBoards<'_> {
        RotationBoards { table }
    }

    /// Every board at exactly `distance` as a partition of the 24 positions into three
    /// placements (masks), each once: the first is the smallest-mask placement at exactly
    /// `distance` (from `at`), the other two lie at least that far (from `beyond`, with
    /// their distances), the second below the third in mask order.
    fn partitions(&self, distance: u32, at: &[Placement], beyond: &[(u32, u32)]) -> Result<Vec<[u32; 3]>, DrawError> {
        let all_positions = (1u32 << POSITIONS) - 1;
        let mut partitions = Vec::new();
        for first in at.iter().map(|placement| placement.mask()) {
            for &(second, second_distance) in beyond {
                let third = all_positions ^ first ^ second;
                if first & second != 0 || second > third || (second_distance == distance && second < first) {
                    continue;
                }
                let placement = Placement::from_mask(third)
                    .ok_or_else(|| inconsistent(format!("mask {third:#x} is no placement")))?;
                let third_distance = u32::from(self.table.distance(placement)?);
                if third_distance >= distance && !(third_distance == distance && third < first) {
                    partitions.push([first, second, third]);
                }
            }
        }
        Ok(partitions)
    }

    /// One try of the sampled layer at `distance`, from its placements `layer`.
    fn sampled_try(&self, distance: u32, layer: &[Placement], prng: &mut Prng) -> Result<Option<Board>, DrawError> {
        let symbol = SYMBOLS[prng.below(3) as usize];
        let placement = layer[prng.below(layer.len() as u64) as usize];
        let mut others: Vec<u8> = SYMBOLS.iter().filter(|&&s| s != symbol).flat_map(|&s| [s; 8]).collect();
        prng.shuffle(&mut others);
        let mut others = others.into_iter();
        let cells = std::array::from_fn(|position| {
            if placement.mask() & 1 << position != 0 {
                symbol
            } else {
                others.next().unwrap_or(symbol)
            }
        });
        let board = Board::from_cells(cells).map_err(inconsistent)?;
        let distances = self.table.symbol_distances(&board)?;
        let at_distance = distances.iter().filter(|&&d| u32::from(d) == distance).count() as u64;
        // A board with k symbols at D is proposed through each of them: keeping it with
        // probability 1/k makes every board at D equally likely.
        let nearest = distances.into_iter().min().map_or(0, u32::from);
        Ok((nearest == distance && prng.below(at_distance) == 0).then_some(board))
    }
}

/// The board of a partition's three masks with `symbols` given to them in order.
fn partition_board(parts: [u32; 3], symbols: [u8; 3]) -> Result<Board, DrawError> {
    let cells = std::array::from_fn(|position| {
        let part = parts.iter().position(|mask| mask & 1 << position != 0).unwrap_or(0);
        symbols[part]
    });
    Board::from_cells(cells).map_err(inconsistent)
}

impl Drawer for RotationBoards<'_> {
    type Board = Board;

    const PUZZLE: Puzzle = Puzzle::Rotation;

    fn every_board(&self) -> (String, Population<'_, Board>) {
        let draw = |prng: &mut Prng| {
            let mut cells: [u8; POSITIONS] = std::array::from_fn(|position| SYMBOLS[position / 8]);
            prng.shuffle(&mut cells);
            Ok(Some(Board::from_cells(cells).map_err(inconsistent)?))
        };
        ("boards".to_string(), Population::Sampled { draw: Box::new(draw), attempts: ATTEMPTS })
    }

    fn at_distance(&self, distance: u32) -> Result<(String, Population<'_, Board>), DrawError> {
        let mut at = Vec::new();
        let mut beyond = Vec::new();
        for rank in 0..PLACEMENTS {
            let placement =
                Placement::unrank(rank).ok_or_else(|| inconsistent(format!("rank {rank} has no placement")))?;
            let placement_distance = u32::from(self.table.distance(placement)?);
            if placement_distance == distance {
                at.push(placement);
            }
            if placement_distance >= distance {
                beyond.push((placement.mask(), placement_distance));
            }
        }
        if at.is_empty() {
            return Err(refused(format!("no rotation-game symbol is {distance} moves from the centre")));
        }
        let name = format!("boards at distance {distance}");
        if at.len() as u64 * beyond.len() as u64 <= LISTING_BUDGET {
            let partitions = self.partitions(distance, &at, &beyond)?;
            if partitions.is_empty() {
                return Err(refused(format!("no rotation board needs exactly {distance} moves")));
            }
            let size = SYMBOL_ORDERS.len() as u64 * partitions.len() as u64;
            let unrank = move |index: u64| {
                let parts = partitions[(index / SYMBOL_ORDERS.len() as u64) as usize];
                partition_board(parts, SYMBOL_ORDERS[(index % SYMBOL_ORDERS.len() as u64) as usize])
            };
            return Ok((name, Population::Listed { size, unrank: Box::new(unrank) }));
        }
        let draw = move |prng: &mut Prng| self.sampled_try(distance, &at, prng);
        Ok((name, Population::Sampled { draw: Box::new(draw), attempts: ATTEMPTS }))
    }

    fn row(&self, board: &Board) -> Vec<i64> {
        board.cells().map(i64::from).to_vec()
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], judge_input: bool) -> io::Result<()> {
        boards.iter().try_for_each(|board| writeln!(out, "{board}"))?;
        if judge_input {
            writeln!(out, "0")?;
        }
        Ok(())
    }
}
