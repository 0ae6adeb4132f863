//! The errors of a distributed build and of merging shards: each says what was expected and
//! what was found.

use std::path::PathBuf;

/// Why a distributed build or a sharded table was refused.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The timely arguments do not describe a cluster this process can join.
    #[error("{0}")]
    Cluster(String),
    /// The build's saved levels do not belong to this build.
    #[error("cannot resume from {path}: {why}")]
    Resume {
        /// The saved file.
        path: PathBuf,
        /// What does not match.
        why: String,
    },
    /// A table in shards is incomplete or inconsistent, or a shard's file failed its own
    /// checks (header, checksum).
    #[error(transparent)]
    Table(#[from] puzzle_tables_query::TableError),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// Another worker refused; its own error says why.
    #[error("worker {0} refused the build (its process says why)")]
    PeerRefused(usize),
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}
