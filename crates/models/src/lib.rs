//! Puzzle models for puzzle-tables: states, moves, perfect ranking and unranking, and the
//! judges' input and output formats.
//!
//! Nothing here touches files: the generator and the query crates share these models, so a
//! table written by one is read by the other with exactly the same ranking. Each puzzle's
//! `RANKING_VERSION` changes whenever its ranking does, and tables built with another one
//! are refused.
#![deny(missing_docs)]

pub mod cube;
pub mod cubic;
pub mod definition;
pub mod eight;
pub mod fifteen;
pub mod judge;
pub mod rotation;

/// The magic cube judge's name for the [`cube`] model.
pub use cube as magic_cube;
