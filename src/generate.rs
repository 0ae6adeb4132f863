//! `gen`: builds tables, a user's definition, bundled definitions or the built-in puzzles
//! named (each with the options that are its own), through [`TablesDir`].

use std::process::ExitCode;

use puzzle_tables_query::Puzzle;

use crate::cli::GenArgs;
use crate::definition;
use crate::options::Target;
use crate::tables::TablesDir;
use crate::writer;

/// `gen`: a user's definition, bundled definitions, then the built-in puzzles named.
pub fn run(tables: &TablesDir, args: GenArgs) -> anyhow::Result<ExitCode> {
    let (mut puzzles, mut names) = (Vec::new(), Vec::new());
    for target in &args.puzzles {
        match target {
            Target::Puzzle(puzzle) => puzzles.push(*puzzle),
            Target::Definition(name) => names.push(name.clone()),
        }
    }
    let options = args.partition.is_some() || args.large || args.optimal.is_some();
    if args.definition.definition.is_some() {
        if !args.puzzles.is_empty() || options {
            anyhow::bail!("--definition builds one table: name no puzzle and no other option beside it");
        }
        return tables.generate_definition(&definition::user_puzzle(&args.definition)?, &mut writer::stdout());
    }
    if !names.is_empty() && options {
        anyhow::bail!("--partition, --large and --optimal are for fifteen and cube, not a definition");
    }
    for name in &names {
        let bundled = puzzle_tables_models::definition::bundled::find(name).expect("the parser takes bundled names");
        tables.generate_definition(
            &puzzle_tables_models::definition::DefinedPuzzle::bundled(bundled)?,
            &mut writer::stdout(),
        )?;
    }
    if !names.is_empty() && puzzles.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    let args = GenArgs { puzzles: Vec::new(), ..args };
    match (puzzles, args) {
        (puzzles, GenArgs { partition: None, large: false, optimal: Some(size), .. }) => {
            if puzzles != [Puzzle::Cube] {
                anyhow::bail!("--optimal is for `gen cube` alone");
            }
            tables.generate_optimal_cube(size)
        }
        (_, GenArgs { optimal: Some(_), .. }) => {
            anyhow::bail!("--optimal (cube) goes with neither --partition nor --large")
        }
        (puzzles, GenArgs { partition: Some(partition), large: false, .. }) => {
            if puzzles != [Puzzle::Fifteen] {
                anyhow::bail!("--partition is for `gen fifteen` alone");
            }
            tables.generate_partition(partition)
        }
        (puzzles, GenArgs { partition: None, large: true, .. }) => {
            if puzzles != [Puzzle::Cube] {
                anyhow::bail!("--large is for `gen cube` alone");
            }
            tables.generate_large_cube()
        }
        (_, GenArgs { partition: Some(_), large: true, .. }) => {
            anyhow::bail!("--partition (fifteen) and --large (cube) are for one puzzle each")
        }
        (puzzles, _) => tables.generate_all(&puzzles),
    }
}
