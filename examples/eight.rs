//! The eight puzzle from a program: a shortest sequence of blank moves for one board.
//!
//! `cargo run --example eight -- [TABLES_DIR] ["2 3 4 1 5 x 7 6 8"]`; without a directory,
//! the tables `puzzle-tables gen` wrote into the default directory.

use puzzle_tables_query::{eight, Tables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tables = Tables::open_or_default(args.next())?;
    let board: eight::Board = args.next().as_deref().unwrap_or("2 3 4 1 5 x 7 6 8").parse()?;
    match tables.eight()?.optimal_moves(&board)? {
        Some(moves) => println!("distance {}: {}", moves.len(), eight::move_letters(&moves)),
        None => println!("unsolvable"),
    }
    Ok(())
}
