//! The fifteen puzzle from a program: the fewest moves, first in dictionary order, by IDA*
//! over the 6-6-3 pattern databases.
//!
//! `cargo run --example fifteen -- [TABLES_DIR] ["2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15"]`
//! (`0` is the blank); without a directory, the tables `puzzle-tables gen` wrote into the
//! default directory.

use puzzle_tables_query::fifteen::search::{solve, Outcome};
use puzzle_tables_query::fifteen::{self, Partition};
use puzzle_tables_query::Tables;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tables = Tables::open_or_default(args.next())?;
    let text = args.next().unwrap_or_else(|| "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".into());
    let board: fifteen::Board = text.parse()?;
    let databases = tables.fifteen(Partition::SixSixThree)?;
    match solve(&databases, &board, 80, &mut |_| {}).outcome {
        Outcome::Solved(moves) => println!("distance {}: {}", moves.len(), fifteen::move_letters(&moves)),
        Outcome::Unsolvable => println!("unsolvable"),
        Outcome::BeyondLimit(limit) => println!("more than {limit} moves"),
    }
    Ok(())
}
