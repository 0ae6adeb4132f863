//! `distributed NAME -- TIMELY ARGS` (a defined puzzle's table built across workers,
//! processes and machines, in shards) and `merge NAME` (the shards into one table file).
//! The build itself is the distributed crate's; this module reads the arguments and reports.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use puzzle_tables_distributed::cluster::Cluster;
use puzzle_tables_distributed::shards::{self, shards_dir};
use puzzle_tables_models::definition::bundled::{self, BUNDLED};
use puzzle_tables_models::definition::DefinedPuzzle;
use puzzle_tables_query::definition::file_name;
use puzzle_tables_query::shards::ShardedTable;

use crate::definition::{user_puzzle, GenDefinitionArgs};
use crate::tables::TablesDir;
use crate::writer::{self, errln};

/// `distributed`: the arguments.
#[derive(clap::Args)]
pub struct DistributedArgs {
    /// A bundled definition's name (see `gen --help`), or with --definition the name of
    /// the table built from that file.
    name: String,
    /// Build from this KPuzzle definition (JSON) instead of a bundled one.
    #[arg(long, value_name = "FILE")]
    definition: Option<PathBuf>,
    /// With --definition: the moves the table walks [default: every move it defines].
    #[arg(long, value_delimiter = ',', requires = "definition")]
    moves: Vec<String>,
    /// With --definition: htm or qtm.
    #[arg(long, default_value = "htm", value_parser = ["htm", "qtm"])]
    metric: String,
    /// Refuse when the processes are not all connected within this many seconds.
    #[arg(long, default_value_t = 60, value_name = "SECS")]
    connect_timeout: u64,
    /// Timely's own arguments, after `--`: `-w` worker threads in this process, `-n`
    /// processes, `-p` this process's number (0 to n-1), `-h` a hostfile of host:port
    /// lines, one a process [default: one worker].
    #[arg(last = true, value_name = "TIMELY")]
    timely: Vec<String>,
}

/// `merge`: the arguments.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The table's name: its shards are in definition-NAME.shards/ in the tables directory.
    name: String,
}

/// `distributed NAME [-- -w W -n N -p P -h HOSTFILE]`: this process's part of the build.
pub fn build(tables: &TablesDir, args: &DistributedArgs) -> anyhow::Result<ExitCode> {
    let puzzle = puzzle_of(args)?;
    let cluster = Cluster::from_args(&args.timely)?;
    tables.check_writable()?;
    let ranges = puzzle_tables_distributed::ranges::Ranges::new(puzzle.index().size(), cluster.workers());
    let own = (cluster.process * cluster.threads..(cluster.process + 1) * cluster.threads)
        .map(|worker| ranges.range(worker))
        .map(|range| range.end - range.start)
        .sum::<u64>();
    errln!(
        "puzzle-tables: distributed {}: {} entries over {} workers; this process holds {own} of them ({} of {} processes, {} workers)",
        puzzle.name(),
        puzzle.index().size(),
        cluster.workers(),
        cluster.process,
        cluster.processes,
        cluster.threads
    );
    let started = Instant::now();
    let timeout = Duration::from_secs(args.connect_timeout);
    let report = puzzle_tables_distributed::build(puzzle, tables.dir(), cluster, timeout, true)?;
    let mut out = writer::stdout();
    if report.resumed_from > 0 {
        writeln!(out, "resumed from level {}", report.resumed_from)?;
    }
    for shard in &report.shards {
        writeln!(out, "wrote {}", shard.display())?;
    }
    writeln!(out, "wrote {}", report.manifest.display())?;
    let total: u64 = report.depth_counts.iter().sum();
    writeln!(out, "{} patterns at distances 0 to {}: {:?}", total, report.depth_counts.len() - 1, report.depth_counts)?;
    writeln!(out, "built in {:.2} s", started.elapsed().as_secs_f64())?;
    Ok(ExitCode::SUCCESS)
}

fn puzzle_of(args: &DistributedArgs) -> anyhow::Result<DefinedPuzzle> {
    if args.definition.is_some() {
        let user = GenDefinitionArgs {
            definition: args.definition.clone(),
            name: Some(args.name.clone()),
            moves: args.moves.clone(),
            metric: args.metric.clone(),
            start: None,
        };
        return user_puzzle(&user);
    }
    let Some(bundled) = bundled::find(&args.name) else {
        anyhow::bail!(
            "no bundled definition {}: give --definition FILE, or one of {}",
            args.name,
            BUNDLED.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
        );
    };
    Ok(DefinedPuzzle::bundled(bundled)?)
}

/// `merge NAME`: verifies every shard and writes the whole table beside them.
pub fn merge(tables: &TablesDir, args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let set = ShardedTable::open(&shards_dir(tables.dir(), &args.name))?;
    let path = tables.dir().join(file_name(&args.name));
    shards::merge(&set, &path).with_context(|| format!("cannot write {}", path.display()))?;
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    writeln!(writer::stdout(), "merged {} shards into {} ({size} bytes)", set.shards().len(), path.display())?;
    Ok(ExitCode::SUCCESS)
}
