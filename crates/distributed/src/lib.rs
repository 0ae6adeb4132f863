//! A defined puzzle's table built across worker threads, processes and machines on
//! timely-dataflow, written as shards.
//!
//! The breadth-first search of the one-process generator, as a dataflow: the index space is
//! split into contiguous [ranges](ranges::Ranges), one a worker; each worker holds a byte a
//! pattern for its range only. A level is a timestamp: each worker expands the patterns of
//! its range at the level (children it owns are marked where they are; the others are sent,
//! through an exchange by owner, to the worker that owns them), a probe says when every
//! child of the level has arrived, and a round of votes adds up what the level reached. The
//! search ends at the first level that adds nothing. Timely's own arguments (`-w`, `-n`,
//! `-p`, `-h`) choose the workers, so one command runs on one machine or many
//! ([`cluster`]).
//!
//! Nothing is lost: each worker writes its range's distances and the level they reach after
//! every level ([`levels`]); a build started again (after a kill, on any process) agrees
//! with the others on the last level every worker finished and goes on from there.
//!
//! At the end each worker writes its range as a [shard](shards) in the table format, with
//! its checksum, and a manifest names them all. The query crate's
//! [`ShardedTable`](puzzle_tables_query::shards::ShardedTable) reads them back, verifies
//! them and refuses overlaps and gaps (answers read a table in shards in place);
//! [`shards::merge`] writes them into the one file the one-process generator writes, byte
//! for byte.
//!
//! Why timely: it is Rust's own distributed dataflow engine, its processes find one another
//! from a hostfile, and its progress tracking says when a level is complete without a
//! barrier of our own.
#![deny(missing_docs)]

mod build;
pub mod cluster;
mod error;
pub mod levels;
pub mod ranges;
pub mod shards;

pub use build::{build, BuildReport};
pub use error::Error;
