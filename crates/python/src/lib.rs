//! The compiled half of the Python package `puzzle_tables` (PyO3): thin wrappers around
//! the library's one answer path, [`Answerer`], so parsing, answering and the answers'
//! JSON shape exist once, in Rust.
//!
//! The module `puzzle_tables._puzzle_tables` exports a `Tables` class (a tables directory
//! and its answerer), `gen`, `verify`, `fair_cubes` and the exceptions `InvalidBoard` (a
//! `ValueError`) and `TableError`. The importable package (`python/puzzle_tables/`) wraps
//! them in per-puzzle objects and an `Answer` class; an answer crosses as the JSON text
//! `puzzle-tables solve --json` prints, which Python's `json` turns into a dict.
//!
//! Batches (`batch.rs`) take NumPy arrays, release the GIL and answer on every core.
#![deny(missing_docs)]

mod batch;
mod errors;
mod options;
mod random;
mod tables;

use pyo3::prelude::*;

use puzzle_tables_query::answer::Answerer;

/// The module `puzzle_tables._puzzle_tables`.
#[pymodule]
fn _puzzle_tables(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("InvalidBoard", py.get_type::<errors::InvalidBoard>())?;
    module.add("TableError", py.get_type::<errors::TableError>())?;
    module.add_class::<Tables>()?;
    module.add_function(wrap_pyfunction!(tables::gen, module)?)?;
    module.add_function(wrap_pyfunction!(tables::verify, module)?)?;
    module.add_function(wrap_pyfunction!(tables::default_dir, module)?)?;
    module.add_function(wrap_pyfunction!(tables::fair_cubes, module)?)?;
    Ok(())
}

/// A tables directory and the answerer over it: each puzzle's tables are opened the first
/// time it is asked about, then kept. Safe to share between threads.
#[pyclass(frozen, module = "puzzle_tables._puzzle_tables")]
pub struct Tables {
    answerer: Answerer,
}
