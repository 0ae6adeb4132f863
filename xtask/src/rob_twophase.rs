//! rob-twophase (Elias Frantar's two-phase cube solver, v2.0) as an anchor of
//! `cargo xtask bench-cube`: its interactive program, driven through pipes one cube at a time.
//!
//! rob-twophase is GPL, so neither its code, its makefile nor its tables are part of this
//! repository: it is built by hand outside it (`make` for half turns, and a second checkout
//! built with `-DQT` added to `CPPFLAGS` for quarter turns), and each build writes its 676 MB
//! table file into its own directory at its first start. The bench is given those
//! directories; the program runs there, so it finds its table.
//!
//! The protocol (its `src/main.cpp`): after loading its tables and its `-w` warm-up solves it
//! prints `Ready!`; `solve FACELETS` answers with `T ms` (its own wall time of the solve call,
//! in whole microseconds), then the moves and their count in parentheses, then `Ready!` once
//! its search threads are started again for the next cube. Its facelet string is Kociemba's
//! (faces U, R, F, D, L, B, each read row by row), the test model's order.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context};

/// The program's name in its build directory.
const PROGRAM: &str = "twophase";
/// The time limit per cube, in milliseconds: far above any cube's time at the bounds used,
/// so every cube ends on its length bound, never on the clock.
const TIME_LIMIT_MS: u32 = 60_000;
/// Random cubes it solves at its start, before any timed cube (its `-w`).
pub(crate) const WARM_UPS: u32 = 100;

/// A running rob-twophase, ready for a cube.
pub struct RobTwophase {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// One answer.
pub struct Answer {
    /// The moves, in standard notation.
    pub moves: String,
    /// Its own report of the solve call.
    pub reported_seconds: f64,
    /// From writing the command to reading the moves.
    pub round_trip_seconds: f64,
}

impl RobTwophase {
    /// Starts the build in `dir` on `threads` search threads, stopping each search at its
    /// first answer of at most `max_length` moves, and waits until it is ready.
    pub fn start(dir: &Path, threads: usize, max_length: usize) -> anyhow::Result<Self> {
        let program = dir.join(PROGRAM);
        let mut child = Command::new(&program)
            .current_dir(dir)
            .args(["-t", &threads.to_string(), "-l", &max_length.to_string()])
            .args(["-m", &TIME_LIMIT_MS.to_string(), "-w", &WARM_UPS.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start {} (build rob-twophase there by hand)", program.display()))?;
        let input = child.stdin.take().context("rob-twophase's input")?;
        let output = BufReader::new(child.stdout.take().context("rob-twophase's output")?);
        let mut solver = RobTwophase { child, input, output };
        solver.until_ready()?;
        Ok(solver)
    }

    /// Its answer to the cube of `facelets` (Kociemba's order).
    pub fn solve(&mut self, facelets: &str) -> anyhow::Result<Answer> {
        let started = self.send(&format!("solve {facelets}"))?;
        let report = self.line()?;
        let reported_ms: f64 = report
            .strip_suffix("ms")
            .and_then(|ms| ms.parse().ok())
            .with_context(|| format!("rob-twophase answered {report:?} to {facelets}"))?;
        let answer = self.line()?;
        let round_trip_seconds = started.elapsed().as_secs_f64();
        if answer == "Ready!" {
            bail!("rob-twophase found no answer to {facelets} within its bound and {TIME_LIMIT_MS} ms");
        }
        let moves = answer.rsplit_once('(').map_or(answer.as_str(), |(moves, _count)| moves).trim().to_string();
        self.until_ready()?;
        Ok(Answer { moves, reported_seconds: reported_ms / 1e3, round_trip_seconds })
    }

    /// The round trip of a command it answers at once (an unknown one: `Error.`), in seconds.
    pub fn trivial_round_trip(&mut self) -> anyhow::Result<f64> {
        let started = self.send("ping")?;
        let reply = self.line()?;
        let seconds = started.elapsed().as_secs_f64();
        if reply != "Error." {
            bail!("rob-twophase answered {reply:?} to an unknown command");
        }
        self.until_ready()?;
        Ok(seconds)
    }

    /// Its resident memory.
    pub fn resident_bytes(&self) -> Option<u64> {
        crate::bench::resident_bytes_of(&format!("/proc/{}/status", self.child.id()))
    }

    /// Writes one command line; the instant it was written.
    fn send(&mut self, command: &str) -> anyhow::Result<Instant> {
        writeln!(self.input, "{command}").and_then(|()| self.input.flush()).context("rob-twophase's input")?;
        Ok(Instant::now())
    }

    fn line(&mut self) -> anyhow::Result<String> {
        let mut line = String::new();
        if self.output.read_line(&mut line).context("rob-twophase's output")? == 0 {
            bail!("rob-twophase stopped");
        }
        Ok(line.trim_end().to_string())
    }

    fn until_ready(&mut self) -> anyhow::Result<()> {
        while self.line()? != "Ready!" {}
        Ok(())
    }
}

impl Drop for RobTwophase {
    /// Ends it: it holds 676 MB, and waits for a command that never comes.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The table file of a build, by its metric.
pub fn table_file(dir: &Path, quarter_turns: bool) -> PathBuf {
    dir.join(if quarter_turns { "twophase-qt.tbl" } else { "twophase-ht.tbl" })
}
