//! The package's exceptions, and how the answer path's errors become them: the message is
//! the command line's, word for word.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::PyErr;

use puzzle_tables_query::answer::AnswerError;
use puzzle_tables_query::TablesDirError;

create_exception!(
    _puzzle_tables,
    InvalidBoard,
    PyValueError,
    "A board (or an option for it) that the puzzle refuses; the message says what was expected and why."
);
create_exception!(
    _puzzle_tables,
    TableError,
    PyException,
    "A table that is missing, unreadable or damaged; the message names the file and the command that rebuilds it."
);

/// The exception for an answer path's error.
pub fn from_answer(error: AnswerError) -> PyErr {
    match error {
        AnswerError::Input(input) => InvalidBoard::new_err(input.to_string()),
        other => TableError::new_err(other.to_string()),
    }
}

/// The exception for a tables directory that cannot be opened.
pub fn from_dir(error: TablesDirError) -> PyErr {
    TableError::new_err(error.to_string())
}

/// An [`InvalidBoard`] saying `why`.
pub fn invalid(why: impl Into<String>) -> PyErr {
    InvalidBoard::new_err(why.into())
}
