//! The Rubik's cube from a program: a shortest solution in quarter turns, exact up to 12.
//!
//! `cargo run --example magic_cube -- [TABLES_DIR] [FACELETS]` with the 54-letter facelet
//! string of cube solvers (faces U R F D L B); without a directory, the tables
//! `puzzle-tables gen` wrote into the default directory.

use puzzle_tables_query::{magic_cube, Tables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tables = Tables::open_or_default(args.next())?;
    let text = args.next().unwrap_or_else(|| "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB".into());
    let cube = magic_cube::Facelets::from_urfdlb(&text)?.cube()?;
    match tables.magic_cube()?.optimal_solution(&cube)? {
        magic_cube::Answer::Solution(turns) => println!("distance {}: {}", turns.len(), magic_cube::notation(&turns)),
        magic_cube::Answer::MoreThan(turns) => println!("distance more than {turns}"),
    }
    Ok(())
}
