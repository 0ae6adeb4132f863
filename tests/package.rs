//! `package PUZZLE DIR` writes a problem package that the format's own tool accepts:
//! problemtools' `verifyproblem` checks every generated package (its configuration, test
//! data, input and output validators, and the accepted submission on every test) with no
//! errors. The statement part is left out: building it needs LaTeX (`pdflatex`), which this
//! machine does not have; the statement's LaTeX is checked here for what it must hold.
//! `.ci/run` installs problemtools (pip) and PyPy 3 (which problemtools runs Python with)
//! when they are missing.

mod common;

use std::path::Path;
use std::process::Command;

use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;

const PUZZLES: [Puzzle; 5] = [Puzzle::Eight, Puzzle::Cubic, Puzzle::Rotation, Puzzle::MagicCube, Puzzle::Fifteen];

/// Writes `puzzle`'s package into `dir` with `args`.
fn package(puzzle: Puzzle, dir: &Path, args: &[&str]) -> std::process::Output {
    binary(tables_with(puzzle)).args(["package", puzzle.label()]).arg(dir).args(args).output().unwrap()
}

/// The names of the secret tests, without extension.
fn secret_tests(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("data/secret"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".in").map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn every_package_passes_verifyproblem_with_no_errors() {
    let verifyproblem = Command::new("verifyproblem").arg("--version").output();
    assert!(
        verifyproblem.is_ok_and(|output| output.status.success()),
        "verifyproblem is missing: `pip install problemtools` and `apt-get install pypy3` (.ci/run does both)"
    );
    let root = tempfile::tempdir().unwrap();
    std::thread::scope(|scope| {
        for puzzle in PUZZLES {
            let dir = root.path().join(puzzle.label().replace('-', ""));
            scope.spawn(move || {
                let made = package(puzzle, &dir, &["--tests", "5", "--seed", "3"]);
                assert!(made.status.success(), "{}", stderr_of(&made));
                let verified = Command::new("verifyproblem")
                    .arg(&dir)
                    .args(["-p", "config", "data", "submissions", "validators"])
                    .output()
                    .unwrap();
                let report = format!("{}{}", stdout_of(&verified), stderr_of(&verified));
                assert!(report.contains(" tested: 0 errors"), "{}: {report}", puzzle.label());
                assert!(report.contains("OK: AC"), "{}: {report}", puzzle.label());
            });
        }
    });
}

#[test]
fn a_package_holds_what_the_format_asks_and_spreads_its_tests_over_the_distances() {
    let root = tempfile::tempdir().unwrap();
    for puzzle in PUZZLES {
        let dir = root.path().join(puzzle.label().replace('-', ""));
        let made = package(puzzle, &dir, &["--tests", "4", "--seed", "7"]);
        assert!(made.status.success(), "{}", stderr_of(&made));
        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        let custom = matches!(puzzle, Puzzle::Eight | Puzzle::MagicCube | Puzzle::Fifteen);
        assert!(yaml.contains(if custom { "validation: custom" } else { "validation: default" }), "{yaml}");
        assert_eq!(dir.join("output_validators/validate/validate.py").is_file(), custom);
        let statement = std::fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
        assert!(statement.starts_with("\\problemname{") && statement.contains("\\section*{Output}"), "{statement}");
        assert!(dir.join("input_validators/validate/validate.py").is_file());
        assert_eq!(std::fs::read_dir(dir.join("submissions/accepted")).unwrap().count(), 1);
        // The easiest layer and the hardest one the puzzle offers are both tested.
        let names = secret_tests(&dir);
        assert!(names[0].ends_with("-distance-00"), "{names:?}");
        let deepest = match puzzle {
            Puzzle::Eight => "31",
            Puzzle::Cubic => "37",
            Puzzle::Rotation => "13",
            Puzzle::MagicCube => "06",
            _ => "50",
        };
        assert!(names.iter().any(|name| name.ends_with(&format!("-distance-{deepest}"))), "{names:?}");
        // Every answer is `judge`'s own.
        for name in names.iter().chain(["../sample/1".to_string()].iter()) {
            let input = dir.join("data/secret").join(format!("{name}.in"));
            let judged = binary(tables_with(puzzle)).args(["judge", puzzle.label()]).arg(&input).output().unwrap();
            let answer = std::fs::read(dir.join("data/secret").join(format!("{name}.ans"))).unwrap();
            assert_eq!(judged.stdout, answer, "{}: {name}", puzzle.label());
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_package() {
    let root = tempfile::tempdir().unwrap();
    let (first, second) = (root.path().join("first"), root.path().join("second"));
    for dir in [&first, &second] {
        assert!(package(Puzzle::Eight, dir, &["--tests", "6", "--seed", "9"]).status.success());
    }
    for name in secret_tests(&first) {
        let read = |dir: &Path| std::fs::read(dir.join("data/secret").join(format!("{name}.in"))).unwrap();
        assert_eq!(read(&first), read(&second), "{name}");
    }
}

#[test]
fn a_folder_the_format_refuses_or_that_holds_files_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let refused = package(Puzzle::Eight, &root.path().join("Eight-Puzzle"), &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr_of(&refused).contains("lower-case letters and digits only"), "{}", stderr_of(&refused));
    let full = root.path().join("full");
    std::fs::create_dir(&full).unwrap();
    std::fs::write(full.join("notes.txt"), "mine").unwrap();
    let refused = package(Puzzle::Eight, &full, &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr_of(&refused).contains("is not empty"), "{}", stderr_of(&refused));
    assert_eq!(std::fs::read_to_string(full.join("notes.txt")).unwrap(), "mine");
    let cube = package(Puzzle::Cube, &root.path().join("cube"), &[]);
    assert_eq!(cube.status.code(), Some(2));
}
