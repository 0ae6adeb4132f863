//! Shell completions and man pages come from the same clap definitions as the commands.

mod common;

use common::{binary, stdout_of};

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
