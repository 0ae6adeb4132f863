//! The rotation game from a program: the shortest move sequence, first in dictionary order,
//! that brings one symbol onto the eight centre blocks.
//!
//! `cargo run --example rotation -- [TABLES_DIR] [BOARD]` with a board of 24 symbols;
//! without a directory, the tables `puzzle-tables gen` wrote into the default directory.

use puzzle_tables_query::{rotation, Tables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tables = Tables::open_or_default(args.next())?;
    let text = args.next().unwrap_or_else(|| "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".into());
    let board: rotation::Board = text.parse()?;
    let solution = tables.rotation()?.solve(&board)?;
    print!("{}", rotation::judge_answer(&solution.moves, solution.centre));
    Ok(())
}
