//! Any Rubik's cube from a program: a solution of at most 20 face turns by the two-phase
//! algorithm, and one of at most 26 quarter turns.
//!
//! `cargo run --example cube -- [TABLES_DIR] [FACELETS]` with the 54-letter facelet string
//! of cube solvers (faces U R F D L B); without a directory, the tables `puzzle-tables gen`
//! wrote into the default directory. The default cube is the superflip (20 face turns).

use puzzle_tables_query::cube::{moves_text, Facelets, Metric};
use puzzle_tables_query::Tables;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tables = Tables::open_or_default(args.next())?;
    let text = args.next().unwrap_or_else(|| "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB".into());
    let cube = Facelets::from_urfdlb(&text)?.cube()?;
    let solver = tables.cube()?;
    for metric in Metric::ALL {
        let max = metric.gods_number();
        let moves = solver.solve(&cube, metric, max).ok_or("every cube has a solution within God's number")?;
        assert!(cube.apply_moves(&moves).is_solved());
        println!("{} {}: {}", metric.length(&moves), metric.label(), moves_text(&moves));
    }
    Ok(())
}
