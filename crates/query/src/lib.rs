//! Answers classic search puzzles (the eight puzzle, the cubic eight-puzzle, the rotation
//! game, the Rubik's cube, the fifteen puzzle) from precomputed tables: every answer is
//! optimal and takes a few lookups (the fifteen puzzle: an IDA* search over pattern
//! databases).
//!
//! This is the library a program depends on. [`Tables`] opens a directory of table files
//! (built by `puzzle-tables gen`, or installed from release artifacts with
//! `puzzle-tables install`) and gives each puzzle's reader; each puzzle's module re-exports
//! its board and move types, with their parsers (`str::parse`) and formatters (`Display`).
//! Opening builds nothing: a missing table is an error that names the file and the command
//! that builds it.
//!
//! ```
//! # let dir = tempfile::tempdir()?;
//! # for puzzle in [puzzle_tables_query::Puzzle::Eight, puzzle_tables_query::Puzzle::Cube] {
//! #     puzzle_tables_generator::write_tables(puzzle, dir.path(), &mut puzzle_tables_generator::Silent)?;
//! # }
//! # let dir = dir.path();
//! use puzzle_tables_query::{cube, eight, Tables};
//!
//! // `Tables::open_default()` opens the directory `puzzle-tables gen` writes into.
//! let tables = Tables::open(dir)?;
//!
//! // The eight puzzle: a shortest sequence of blank moves.
//! let board: eight::Board = "2 3 4 1 5 x 7 6 8".parse()?;
//! let moves = tables.eight()?.optimal_moves(&board)?.expect("the board is solvable");
//! assert_eq!(eight::move_letters(&moves), "ullddrurdllurrdlurd");
//!
//! // Any Rubik's cube, by the two-phase algorithm: its stickers (faces U R F D L B, as
//! // cube solvers write them), or the solved cube after a scramble in standard notation.
//! let solver = tables.cube()?;
//! let from_stickers = cube::Facelets::from_urfdlb(
//!     "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
//! )?
//! .cube()?;
//! let scrambled = cube::Cube::SOLVED.apply_moves(&cube::parse_moves("R U R' U' F2 D L2 B'")?);
//! for cube in [from_stickers, scrambled] {
//!     let moves = solver.solve(&cube, cube::Metric::Htm, 20).expect("every cube within 20 face turns");
//!     assert!(cube.apply_moves(&moves).is_solved());
//!     println!("{}", cube::moves_text(&moves));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The magic cube ([`Tables::magic_cube`]) answers the same cubes exactly in quarter turns
//! up to 12, from one table; each other puzzle's reader is a method of [`Tables`].
//!
//! [`answer::Answerer`] is the one answer path every front end uses (the command line's
//! `solve`, the HTTP server): a board as text in, a typed answer out that serializes to the
//! `solve --json` shape, with the board after every move and every move's outcome on request.
//!
//! **Stability.** [`Tables`], the readers, the re-exported puzzle types and the errors follow
//! semantic versioning; enums that may grow are `#[non_exhaustive]`. The [`format`](mod@format) module
//! (the file layout, shared with the generator that writes it) may change in any minor
//! version before 1.0; each change of it or of a ranking is a new format or ranking version
//! that readers refuse cleanly, so old tables give errors, never wrong answers.
//!
//! Readers read their tables into memory. [`Tables::open_mapped`] memory-maps them
//! instead; it is `unsafe` because the caller promises that the files are not changed in
//! place while they are mapped.
//!
//! [`Table::open`] reads a file and checks its header, sizes and metadata, and never
//! panics, whatever the bytes; [`Table::verify`] reads the whole payload and checks its
//! checksum. Each puzzle's reader (such as [`eight::EightTable`]) opens *and* verifies its
//! tables, so a damaged file is refused before its first answer.
//!
//! This crate never depends on the generator: a program that only answers queries ships
//! without it.
#![deny(missing_docs)]

pub mod answer;
pub mod buckets;
pub mod cube;
pub mod cubic;
pub mod definition;
mod definition_file;
pub mod eight;
mod entries;
pub mod fifteen;
pub mod format;
pub mod magic_cube;
mod map;
pub mod prng;
pub mod random;
pub mod rotation;
pub mod scramble;
pub mod shards;
mod specs;
mod table;
mod tables;

pub use entries::check_entries;
pub use format::{Encoding, Metadata, Puzzle, TableKind, TableSpec};
pub use map::leave_page_cache;
pub use specs::{optional_tables_of, tables_of, tables_when_present};
pub use table::{Table, TableError, TableErrorKind};
pub use tables::{default_dir, Tables, TablesDirError, TABLES_ENV};
