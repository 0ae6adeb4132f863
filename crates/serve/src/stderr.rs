//! The server's lines on standard error (where it listens, the tables it maps, why it
//! cannot answer, `--log json`'s requests), each written whole and dropped when standard
//! error is closed, as the binary's `writer` writes its own: a server whose log is gone goes
//! on answering, where std's `eprintln!` would panic.

use std::fmt;
use std::io::{self, Write};

/// Writes `line` on standard error, dropping it if standard error cannot be written.
pub fn write_line(line: fmt::Arguments) {
    let _ = io::stderr().lock().write_fmt(line);
}

/// A line on standard error, as `eprintln!` writes it, dropped if standard error is closed.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::stderr::write_line(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use errln;
