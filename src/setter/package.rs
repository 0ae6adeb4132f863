//! `package PUZZLE DIR [--tests N] [--seed S] [--format kattis]`: a complete problem package
//! in the Kattis / ICPC problem package format (which DOMjudge imports): `problem.yaml`, a
//! statement skeleton in the judge's words, `data/sample` and `data/secret` (boards drawn
//! with `random`'s drawers, spread over the distances from easiest to hardest, answered by
//! this binary's own `judge`), an input format validator, an output validator where the
//! judge accepts more than one answer (eight, magic cube, fifteen), and an accepted
//! submission.
//!
//! Everything a judging machine runs stands alone, without puzzle-tables or its tables:
//! the validators are Python 3 with the standard library only (they replay the contestant's
//! moves and compare with the optimum the `.ans` file holds), the submissions Python 3 or
//! C++. Their sources live beside this file, in `package/`, one folder per puzzle, and the
//! ends every input and every output validator shares (`package/input_validator.py`,
//! `package/output_validator.py`), written into each package after the puzzle's part.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context};
use puzzle_tables_query::Puzzle;

use puzzle_tables_query::prng::Prng;
use puzzle_tables_query::random::{draw, needs_databases, Drawer, Population};

use super::{fifteen, with_drawer, WithDrawer};
use crate::tables::TablesDir;
use crate::writer;

/// `package PUZZLE DIR`.
#[derive(clap::Args)]
pub struct PackageArgs {
    /// The puzzle.
    #[arg(value_parser = crate::options::puzzle_parser())]
    pub puzzle: Puzzle,
    /// The package's folder, made here; the format wants its name in lower-case letters and
    /// digits only.
    pub dir: PathBuf,
    /// How many secret tests, spread over the distances from the easiest to the hardest.
    #[arg(long, value_name = "N", default_value_t = 12)]
    pub tests: usize,
    /// The seed of the boards drawn: the same seed gives the same package.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The package format.
    #[arg(long, value_enum, default_value_t = Format::Kattis)]
    pub format: Format,
}

/// A problem package format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The Kattis / ICPC problem package format (legacy version), which DOMjudge imports
    /// and problemtools' `verifyproblem` checks.
    Kattis,
}

/// What a puzzle's package holds beyond its tests.
struct Problem {
    /// The problem's name.
    name: &'static str,
    /// Where the judge format comes from.
    source: &'static str,
    /// The statement's body, LaTeX (problemtools adds the samples).
    statement: &'static str,
    /// The statement's sample input.
    sample: &'static str,
    /// The input format validator (Python 3): the puzzle's part, before [`INPUT_VALIDATOR_END`].
    input_validator: &'static str,
    /// The output validator (Python 3), where the judge accepts more than one answer: the
    /// puzzle's part (with the pieces it shares, such as the sliding puzzles' replay in
    /// `package/sliding_tiles.py`), before [`OUTPUT_VALIDATOR_END`].
    output_validator: Option<&'static str>,
    /// An accepted submission: its file name and source.
    submission: (&'static str, &'static str),
    /// The distances the secret tests are drawn at, easiest first.
    distances: Vec<u32>,
    /// Tests past the distances: name and judge input.
    extra_tests: &'static [(&'static str, &'static str)],
}

/// The end every input validator shares: it reads the input and exits.
const INPUT_VALIDATOR_END: &str = include_str!("package/input_validator.py");

/// The end every output validator shares: the verdict, the cases judged in order.
const OUTPUT_VALIDATOR_END: &str = include_str!("package/output_validator.py");

fn problem_of(puzzle: Puzzle) -> anyhow::Result<Problem> {
    Ok(match puzzle {
        Puzzle::Eight => Problem {
            name: "Eight",
            source: "HDU 1043 / POJ 1077",
            statement: include_str!("package/eight/statement.tex"),
            sample: "2 3 4 1 5 x 7 6 8\n",
            input_validator: include_str!("package/eight/input_validator.py"),
            output_validator: Some(concat!(
                include_str!("package/eight/output_validator.py"),
                include_str!("package/sliding_tiles.py")
            )),
            submission: ("eight.py", include_str!("package/eight/accepted.py")),
            distances: (0..=31).collect(),
            extra_tests: &[("unsolvable", "1 2 3 4 5 6 8 7 x\n")],
        },
        Puzzle::Cubic => Problem {
            name: "Cubic Eight-Puzzle",
            source: "POJ 3131",
            statement: include_str!("package/cubic/statement.tex"),
            sample: "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n0 0\n",
            input_validator: include_str!("package/cubic/input_validator.py"),
            output_validator: None,
            submission: ("cubic.cpp", include_str!("package/cubic/accepted.cpp")),
            // Beyond 30 rolls the judge's answer is -1: those layers are tests too.
            distances: (0..=37).collect(),
            extra_tests: &[],
        },
        Puzzle::Rotation => Problem {
            name: "The Rotation Game",
            source: "POJ 2286 / UVa 1343",
            statement: include_str!("package/rotation/statement.tex"),
            sample:
                "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n",
            input_validator: include_str!("package/rotation/input_validator.py"),
            output_validator: None,
            submission: ("rotation.py", include_str!("package/rotation/accepted.py")),
            distances: (0..=13).collect(),
            extra_tests: &[],
        },
        Puzzle::MagicCube => Problem {
            name: "Magic Cube",
            source: "ZOJ 2477",
            statement: include_str!("package/magic_cube/statement.tex"),
            sample: include_str!("package/magic_cube/sample.in"),
            input_validator: include_str!("package/magic_cube/input_validator.py"),
            output_validator: Some(concat!(
                include_str!("package/magic_cube/cube_model.py"),
                include_str!("package/magic_cube/output_validator.py")
            )),
            submission: (
                "magic_cube.py",
                concat!(
                    include_str!("package/magic_cube/cube_model.py"),
                    include_str!("package/magic_cube/accepted.py")
                ),
            ),
            // 6 quarter turns is past the judge's 5: the answer is -1.
            distances: (0..=6).collect(),
            extra_tests: &[],
        },
        Puzzle::Fifteen => Problem {
            name: "15-Puzzle Problem",
            source: "UVa 10181",
            statement: include_str!("package/fifteen/statement.tex"),
            sample: "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n",
            input_validator: include_str!("package/fifteen/input_validator.py"),
            output_validator: Some(concat!(
                include_str!("package/fifteen/output_validator.py"),
                include_str!("package/sliding_tiles.py")
            )),
            submission: ("fifteen.cpp", include_str!("package/fifteen/accepted.cpp")),
            distances: fifteen::package_distances(),
            extra_tests: &[("unsolvable", "1\n2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n")],
        },
        other => bail!("package does not know {other} yet (the magic cube's judge is `package magic-cube`)"),
    })
}

/// Writes the package of `args.puzzle` into `args.dir`.
pub fn run(tables: &TablesDir, args: &PackageArgs) -> anyhow::Result<ExitCode> {
    let Format::Kattis = args.format;
    check_folder(&args.dir)?;
    let problem = problem_of(args.puzzle)?;
    let needs_databases = problem.distances.iter().any(|&distance| needs_databases(Some(distance)));
    let tests = with_drawer(tables, args.puzzle, None, needs_databases, SecretTests { problem: &problem, args })?;
    let dir = &args.dir;
    write(dir, "problem.yaml", &problem_yaml(&problem, args))?;
    write(dir, "problem_statement/problem.en.tex", &statement(&problem))?;
    // Each package stands alone: the shared ends are written into every one.
    write(dir, "input_validators/validate/validate.py", &(problem.input_validator.to_owned() + INPUT_VALIDATOR_END))?;
    if let Some(validator) = problem.output_validator {
        write(dir, "output_validators/validate/validate.py", &(validator.to_owned() + OUTPUT_VALIDATOR_END))?;
    }
    let (file, source) = problem.submission;
    write(dir, &format!("submissions/accepted/{file}"), source)?;
    write_test(tables, args.puzzle, &dir.join("data/sample"), "1", problem.sample)?;
    for (name, input) in &tests {
        write_test(tables, args.puzzle, &dir.join("data/secret"), name, input)?;
    }
    let mut out = writer::stdout();
    writeln!(out, "{}: {} problem package: 1 sample, {} secret tests", dir.display(), args.puzzle, tests.len())?;
    Ok(ExitCode::SUCCESS)
}

/// Refuses a folder whose name the format does not allow, or that already holds files.
fn check_folder(dir: &Path) -> anyhow::Result<()> {
    let name = dir.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()) {
        bail!("{}: a package folder's name is lower-case letters and digits only", dir.display());
    }
    if fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some()) {
        bail!("{} is not empty: a package is written into a new or empty folder", dir.display());
    }
    Ok(())
}

/// The secret tests of `problem`, as `(name, input)`.
struct SecretTests<'a> {
    problem: &'a Problem,
    args: &'a PackageArgs,
}

impl WithDrawer for SecretTests<'_> {
    type Output = Vec<(String, String)>;

    fn with<D: Drawer>(self, drawer: &D) -> anyhow::Result<Vec<(String, String)>> {
        secret_tests(drawer, self.problem, self.args)
    }
}

/// The secret tests: one board each, at distances spread evenly over the problem's, the
/// boards at one distance drawn together so they are distinct; then the extra tests.
fn secret_tests<D: Drawer>(drawer: &D, problem: &Problem, args: &PackageArgs) -> anyhow::Result<Vec<(String, String)>> {
    let mut per_distance: BTreeMap<u32, u64> = BTreeMap::new();
    let last = problem.distances.len().saturating_sub(1);
    for test in 0..args.tests {
        let index = if args.tests > 1 { test * last / (args.tests - 1) } else { last };
        *per_distance.entry(problem.distances[index]).or_default() += 1;
    }
    let mut prng = Prng::new(args.seed);
    let mut tests = Vec::new();
    for (&distance, &count) in &per_distance {
        let (name, population) = drawer.at_distance(distance)?;
        let count = match &population {
            Population::Listed { size, .. } => count.min(*size),
            Population::Sampled { .. } => count,
        };
        let boards = draw(population, count, &mut prng, &format!("{} {name}", D::PUZZLE.label()))?;
        for board in boards {
            let mut input = Vec::new();
            drawer.write_boards(&mut input, &[board], true)?;
            let name = format!("{:02}-distance-{distance:02}", tests.len() + 1);
            tests.push((name, String::from_utf8(input)?));
        }
    }
    for (name, input) in problem.extra_tests {
        tests.push((format!("{:02}-{name}", tests.len() + 1), input.to_string()));
    }
    Ok(tests)
}

/// Writes `name.in` and its answer, `name.ans`, as `judge` gives it.
fn write_test(tables: &TablesDir, puzzle: Puzzle, dir: &Path, name: &str, input: &str) -> anyhow::Result<()> {
    let input_path = dir.join(format!("{name}.in"));
    write(dir, &format!("{name}.in"), input)?;
    let exe = std::env::current_exe().context("cannot find this program to run its `judge`")?;
    let judged = Command::new(exe)
        .arg("--tables")
        .arg(tables.dir())
        .args(["judge", puzzle.label()])
        .arg(&input_path)
        .output()
        .context("cannot run `judge`")?;
    if !judged.status.success() {
        bail!("`judge {puzzle}` refused {}: {}", input_path.display(), String::from_utf8_lossy(&judged.stderr));
    }
    write(dir, &format!("{name}.ans"), &String::from_utf8(judged.stdout)?)
}

fn problem_yaml(problem: &Problem, args: &PackageArgs) -> String {
    let validation = if problem.output_validator.is_some() { "custom" } else { "default" };
    format!(
        "# Written by `puzzle-tables package {} DIR --tests {} --seed {}`.\nname: {}\nsource: {}\nvalidation: {validation}\n",
        args.puzzle, args.tests, args.seed, problem.name, problem.source
    )
}

fn statement(problem: &Problem) -> String {
    format!("\\problemname{{{}}}\n\n{}", problem.name, problem.statement)
}

/// Writes `text` into `dir/relative`, making the folders on the way.
fn write(dir: &Path, relative: &str, text: &str) -> anyhow::Result<()> {
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).with_context(|| format!("cannot make {}", parent.display()))?;
    }
    fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}
