//! [`TerminalBar`]: the one progress bar every front end draws a long generation with (the
//! command line's `gen`, Python's `Tables.gen`), so they look and behave the same.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use crate::Progress;

/// An indicatif progress bar on standard error, drawn only when it is a terminal (a log
/// file or a pipe gets nothing, rather than a screenful of redraws).
pub struct TerminalBar(ProgressBar);

impl TerminalBar {
    /// A bar, hidden unless standard error is a terminal.
    pub fn new() -> TerminalBar {
        let bar = if std::io::stderr().is_terminal() { ProgressBar::new(0) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}")
                .expect("the template is valid")
                .progress_chars("=> "),
        );
        TerminalBar(bar)
    }

    /// Takes the bar off the screen, once the work is done.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Default for TerminalBar {
    fn default() -> TerminalBar {
        TerminalBar::new()
    }
}

impl Progress for TerminalBar {
    fn start(&mut self, what: &str, total: u64) {
        self.0.set_message(what.to_string());
        self.0.set_length(total);
        self.0.set_position(0);
    }

    fn advance(&mut self, done: u64) {
        self.0.set_position(done);
    }
}
