//! Shell completions and man pages come from the same clap definitions as the commands.

mod common;

use common::{binary, stdout_of};

/// Every command's path of subcommands, from the program's own `--help` down.
fn command_paths() -> Vec<Vec<String>> {
    let mut paths = vec![Vec::new()];
    let mut next = 0;
    while let Some(path) = paths.get(next).cloned() {
        let help = stdout_of(&binary(std::path::Path::new("unused")).args(&path).arg("--help").output().unwrap());
        let commands = help.split("Commands:\n").nth(1).map(|rest| rest.split("\n\n").next().unwrap_or(""));
        for line in commands.unwrap_or("").lines().filter(|line| line.starts_with("  ") && !line.starts_with("   ")) {
            let name = line.split_whitespace().next().expect("a command's name");
            if name != "help" {
                paths.push(path.iter().cloned().chain([name.to_string()]).collect());
            }
        }
        next += 1;
    }
    paths
}

#[test]
fn help_is_wrapped_to_the_terminals_width() {
    let paths = command_paths();
    assert!(paths.iter().any(|path| path == &["solve", "cube"]), "{paths:?}");
    for (columns, width) in [(Some("72"), 72), (None, 100)] {
        for path in &paths {
            for flag in ["-h", "--help"] {
                let mut command = binary(std::path::Path::new("unused"));
                command.args(path).arg(flag).env_remove("COLUMNS");
                if let Some(columns) = columns {
                    command.env("COLUMNS", columns);
                }
                let help = stdout_of(&command.output().unwrap());
                let longest = help.lines().max_by_key(|line| line.chars().count()).unwrap_or("");
                assert!(longest.chars().count() <= width, "{path:?} {flag} at {width} columns: {longest:?}");
            }
        }
    }
}

#[test]
fn completions_name_every_command_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let output = binary(std::path::Path::new("unused")).args(["completions", shell]).output().unwrap();
        assert!(output.status.success(), "{shell}");
        let script = stdout_of(&output);
        for command in ["judge", "check", "random", "scramble", "completions"] {
            assert!(script.contains(command), "{shell} completions lack {command}");
        }
    }
    let unknown = binary(std::path::Path::new("unused")).args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn man_pages_are_written_for_the_program_and_each_command() {
    let dir = tempfile::tempdir().unwrap();
    let output = binary(dir.path()).arg("man-pages").arg("--out").arg(dir.path().join("man")).output().unwrap();
    assert!(output.status.success());
    for page in ["puzzle-tables.1", "puzzle-tables-check.1", "puzzle-tables-random.1", "puzzle-tables-scramble.1"] {
        let text = std::fs::read_to_string(dir.path().join("man").join(page)).unwrap();
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{page} is a man page");
    }
    let random = std::fs::read_to_string(dir.path().join("man/puzzle-tables-random.1")).unwrap();
    assert!(random.contains("rotation") && random.contains("fifteen"), "the drawing of each puzzle is documented");
    let scramble = std::fs::read_to_string(dir.path().join("man/puzzle-tables-scramble.1")).unwrap();
    assert!(scramble.contains("4b3"), "the scramble's fairness is documented");
}
