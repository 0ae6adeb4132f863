//! For the tests of the anchors' runners: stand-in programs, written as shell scripts.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Writes `script` as the executable program `path`. A process of its own writes the file:
/// a file this test binary held open for writing is inherited by any child another test
/// forks meanwhile, and until that child execs, running the script fails with "Text file
/// busy" (ETXTBSY; a CI run failed so).
pub fn write_program(path: &Path, script: &str) {
    let mut sh = Command::new("sh")
        .args(["-c", "cat > \"$0\" && chmod 755 \"$0\""])
        .arg(path)
        .stdin(Stdio::piped())
        .spawn()
        .expect("sh runs");
    sh.stdin.take().expect("a pipe to sh").write_all(script.as_bytes()).expect("the script is written");
    assert!(sh.wait().expect("sh ends").success(), "sh could not write {}", path.display());
}
