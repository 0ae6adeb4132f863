//! What the fuzz targets check, in one place: each fuzz target calls one of these, and
//! `tests/fuzz_regressions.rs` replays every committed crash input through the same function.

use std::path::Path;

use puzzle_tables_models::{cubic, eight, fifteen, magic_cube, rotation};
use puzzle_tables_query::{optional_tables_of, tables_of, Puzzle, Table};

/// The eight puzzle's judge parser: no panic; a parsed board prints back to itself.
pub fn judge_eight(data: &[u8]) {
    for board in eight::parse_judge_input(&String::from_utf8_lossy(data)).into_iter().flatten() {
        assert_eq!(board.to_string().parse::<eight::Board>(), Ok(board));
        let _ = board.rank();
    }
}

/// The fifteen puzzle's judge parser: no panic; a parsed board prints back to itself and
/// its reflection reflects back to it.
pub fn judge_fifteen(data: &[u8]) {
    for board in fifteen::parse_judge_input(&String::from_utf8_lossy(data)).cases.into_iter().flatten() {
        assert_eq!(board.to_string().parse::<fifteen::Board>(), Ok(board));
        assert_eq!(board.reflected().reflected(), board);
        let _ = board.is_solvable();
    }
}

/// The cubic puzzle's judge parser: no panic; a parsed pattern prints back to itself.
pub fn judge_cubic(data: &[u8]) {
    for dataset in cubic::parse_judge_input(&String::from_utf8_lossy(data)).into_iter().flatten() {
        assert_eq!(dataset.pattern.to_string().parse::<cubic::Pattern>(), Ok(dataset.pattern));
        let _ = dataset.pattern.index();
    }
}

/// The rotation game's judge parser: no panic; a parsed board prints back to itself.
pub fn judge_rotation(data: &[u8]) {
    for board in rotation::parse_judge_input(&String::from_utf8_lossy(data)).into_iter().flatten() {
        assert_eq!(board.to_string().parse::<rotation::Board>(), Ok(board));
        let _ = board.placements().map(|placement| placement.rank());
    }
}

/// The magic cube's judge parser and facelet-string reader: no panic; an accepted cube's
/// key decodes back to it.
pub fn judge_magic_cube(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let from_string = magic_cube::Facelets::from_urfdlb(&text).ok().and_then(|facelets| facelets.cube().ok());
    for cube in magic_cube::parse_judge_input(&text).cases.into_iter().flatten().chain(from_string) {
        assert_eq!(magic_cube::Cube::from_key(cube.key()), Some(cube));
    }
}

/// The table loader: `open` and `verify` never panic on any file, for every table spec.
/// `scratch` is a file path the function may overwrite.
pub fn table_loader(data: &[u8], scratch: &Path) {
    std::fs::write(scratch, data).expect("the scratch file is written");
    for &puzzle in Puzzle::BUILT_IN {
        for spec in tables_of(puzzle).into_iter().chain(optional_tables_of(puzzle)) {
            if let Ok(table) = Table::open(scratch, &spec) {
                let _ = table.verify();
            }
        }
    }
}
