//! The cubic eight-puzzle from a program: the exact number of rolls from a start cell to a
//! pattern of top colours, and an optimal sequence of rolls.
//!
//! `cargo run --example cubic -- [TABLES_DIR] [X Y "RBW RWW EWW"]`; without a directory,
//! the tables `puzzle-tables gen` wrote into the default directory.

use puzzle_tables_query::{cubic, Tables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tables = Tables::open_or_default(args.next())?;
    let mut number = |default: u32| args.next().map_or(Ok(default), |text| text.parse());
    let (x, y) = (number(2)?, number(1)?);
    let start = cubic::Cell::from_xy(x, y).ok_or("the start cell's X and Y run from 1 to 3")?;
    let pattern: cubic::Pattern = args.next().as_deref().unwrap_or("RBW RWW EWW").parse()?;
    let rolls = tables.cubic()?.optimal_rolls(start, &pattern)?;
    println!("distance {}: {}", rolls.len(), cubic::roll_letters(&rolls));
    Ok(())
}
