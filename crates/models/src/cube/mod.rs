//! The 3x3x3 Rubik's cube: one model for the magic-cube judge (ZOJ 2477) and the two-phase
//! solver of any cube.
//!
//! - [`turns`]: the net's facelets and the twelve quarter turns, literally from the judge's
//!   statement.
//! - [`pieces`]: the corner and edge positions, their names and the facelets they cover.
//! - [`facelets`]: [`Facelets`], the 54 stickers, the solvers' facelet string and the
//!   checks of the colours (with [`CubeError`] from [`errors`]).
//! - [`cubies`]: [`Cube`], the pieces with permutation and orientation, its perfect key, and
//!   reading the pieces off the stickers, which is where the rest of validation lives.
//! - [`notation`](mod@notation): face turns in standard notation ([`Move`]), scrambles and the two metrics.
//! - [`coords`]: the two-phase algorithm's coordinates; [`symmetry`]: the 16 symmetries that
//!   keep the U-D axis, which reduce the phase-1 pruning table.
//! - [`flip_rows`]: the coordinates the optimal solver's edge tables pair with the edge flip.
//! - [`zoj`]: the judge's net, input and answer formats.
//!
//! Colours are relative to the centres: the centre of face `k` names that face's colour, so
//! any six distinct letters will do.

pub mod coords;
pub mod cubies;
pub mod errors;
pub mod facelets;
pub mod flip_rows;
pub mod move_tables;
pub mod notation;
pub mod pieces;
pub mod symmetry;
pub mod turns;
pub mod zoj;

pub use cubies::{Cube, KEY_SPACE, RANKING_VERSION};
pub use errors::CubeError;
pub use facelets::Facelets;
pub use notation::{moves_from_turns, moves_text, parse_moves, Metric, Move, MoveError};
pub use pieces::{CORNER_FACELETS, CORNER_NAMES, EDGE_FACELETS, EDGE_NAMES};
pub use turns::{facelet, notation, Strip, StripIndex, Turn, CLOCKWISE_STRIPS, FACELETS, FACE_LETTERS, URFDLB};
pub use zoj::{judge_answer, parse_judge_input, parse_net, JudgeInput, JUDGE_LIMIT, POSITIONS_WITHIN};
