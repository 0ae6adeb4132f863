//! The library as a newcomer uses it: a fresh crate outside the workspace that depends on
//! `puzzle-tables-query` by path and, following only the crate docs, opens a tables
//! directory and answers one case of every puzzle.
//!
//! The crate builds offline with this workspace's lock file, into its own target directory
//! under `target/` (kept between runs, so only the first run compiles the dependencies).

mod common;

use std::path::Path;
use std::process::Command;

use common::{stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;

const MAIN_RS: &str = r#"
use puzzle_tables_query::fifteen::{self, Partition};
use puzzle_tables_query::fifteen::search::{self, Outcome};
use puzzle_tables_query::{cube, cubic, eight, magic_cube, rotation, Tables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).ok_or("usage: library-user TABLES_DIR")?;
    let tables = Tables::open(dir)?;

    let board: eight::Board = "2 3 4 1 5 x 7 6 8".parse()?;
    let moves = tables.eight()?.optimal_moves(&board)?.ok_or("the board is solvable")?;
    println!("eight {}", eight::move_letters(&moves));

    let start = cubic::Cell::from_xy(2, 1).ok_or("a cell")?;
    let pattern: cubic::Pattern = "RBW RWW EWW".parse()?;
    let rolls = tables.cubic()?.optimal_rolls(start, &pattern)?;
    println!("cubic {} {}", rolls.len(), cubic::roll_letters(&rolls));

    let board: rotation::Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    let solution = tables.rotation()?.solve(&board)?;
    println!("rotation {}", rotation::judge_answer(&solution.moves, solution.centre).trim_end().replace('\n', " "));

    let facelets = magic_cube::Facelets::from_urfdlb("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB")?;
    match tables.magic_cube()?.optimal_solution(&facelets.cube()?)? {
        magic_cube::Answer::Solution(turns) => println!("magic-cube {}", magic_cube::notation(&turns)),
        magic_cube::Answer::MoreThan(turns) => println!("magic-cube more than {turns}"),
    }

    let databases = tables.fifteen(Partition::SixSixThree)?;
    let board: fifteen::Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse()?;
    match search::solve(&databases, &board, 80, &mut |_| {}).outcome {
        Outcome::Solved(moves) => println!("fifteen {} {}", moves.len(), fifteen::move_letters(&moves)),
        other => println!("fifteen {other:?}"),
    }

    let scrambled = cube::Cube::SOLVED.apply_moves(&cube::parse_moves("R U R' U' F2 D L2 B'")?);
    let moves = tables.cube()?.solve(&scrambled, cube::Metric::Htm, 20).ok_or("within 20")?;
    println!("cube {} {}", scrambled.apply_moves(&moves).is_solved(), moves.len() <= 20);
    Ok(())
}
"#;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_fresh_crate_answers_every_puzzle_through_the_library() {
    for &puzzle in Puzzle::BUILT_IN {
        tables_with(puzzle);
    }
    let tables = tables_with(Puzzle::Eight);
    let user = tempfile::tempdir().unwrap();
    let query = root().join("crates/query");
    let manifest = format!(
        "[package]\nname = \"library-user\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n\
         puzzle-tables-query = {{ path = {:?} }}\n\n[workspace]\n",
        query.display().to_string()
    );
    std::fs::write(user.path().join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(root().join("Cargo.lock"), user.path().join("Cargo.lock")).unwrap();
    std::fs::create_dir(user.path().join("src")).unwrap();
    std::fs::write(user.path().join("src/main.rs"), MAIN_RS).unwrap();

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--"])
        .arg(tables)
        .current_dir(user.path())
        .env("CARGO_TARGET_DIR", root().join("target/library-user"))
        .env_remove("PUZZLE_TABLES_DIR")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answers = stdout_of(&output);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), Puzzle::BUILT_IN.len(), "one answer per puzzle: {answers}");
    assert_eq!(lines[0], "eight ullddrurdllurrdlurd");
    assert!(lines[1].starts_with("cubic 3 "), "{answers}");
    assert!(lines[2].starts_with("rotation ") && lines[2].ends_with(" 2"), "{answers}");
    assert_eq!(lines[3], "magic-cube R'");
    assert!(lines[4].starts_with("fifteen 9 "), "{answers}");
    assert_eq!(lines[5], "cube true true");
}
