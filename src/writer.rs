//! Every byte the binary prints goes through here, so a closed pipe never panics nor prints
//! an error (`puzzle-tables gen | head`, a judge whose standard error is closed).
//!
//! Standard output is written with `?`: a write to a closed pipe is an error that ends the
//! command, and [`is_broken_pipe`] lets `main` end it quietly. Standard error carries
//! messages beside the answers, so a message that cannot be written is dropped and the
//! answers go on (std's `eprintln!` would panic). `tests/tidy.rs` keeps the std print
//! macros out of every other file.

use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

/// Standard output, locked, written line by line: a write error shows at its line.
pub fn stdout() -> StdoutLock<'static> {
    io::stdout().lock()
}

/// Standard output, locked and buffered for a batch of answers; flush it before returning,
/// to see a write error.
pub fn stdout_buffered() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `message` on standard error, dropping it if standard error cannot be written.
pub fn write_stderr(message: fmt::Arguments) {
    let _ = io::stderr().lock().write_fmt(message);
}

/// A line on standard error, as `eprintln!` writes it, dropped if standard error is closed.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::writer::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Text on standard error without a newline (a progress line), dropped if it is closed.
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::writer::write_stderr(format_args!($($arg)*))
    };
}

pub(crate) use {err, errln};

/// Whether `error` is a write to a closed pipe (`puzzle-tables ... | head`): not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let io_kind = cause.downcast_ref::<io::Error>().map(io::Error::kind);
        // serde_json wraps the write error in its own type.
        let json_kind = cause.downcast_ref::<serde_json::Error>().and_then(serde_json::Error::io_error_kind);
        io_kind.or(json_kind) == Some(io::ErrorKind::BrokenPipe)
    })
}
