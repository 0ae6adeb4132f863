//! Finding the tables directory, building missing tables on first use, and `gen`/`verify`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use puzzle_tables_dist::{unpack, Manifest, TableRecord};
use puzzle_tables_generator::{BuiltTable, Progress, TerminalBar};
use puzzle_tables_query::answer::{AnswerError, Answerer};
use puzzle_tables_query::cube::optimal::{optimal_specs, OptimalSize};
use puzzle_tables_query::definition::DefinitionTable;
use puzzle_tables_query::fifteen::Partition;
use puzzle_tables_query::{
    check_entries, default_dir, optional_tables_of, tables_of, tables_when_present, Puzzle, Table, TableError,
    TableErrorKind, TableSpec, Tables,
};

use crate::writer::{self, errln};

/// The directory of table files.
#[derive(Clone)]
pub struct TablesDir {
    dir: PathBuf,
}

impl TablesDir {
    /// `--tables DIR`, else the library's default: `$PUZZLE_TABLES_DIR`, else the per-user
    /// data directory.
    pub fn new(flag: Option<PathBuf>) -> anyhow::Result<TablesDir> {
        let dir = flag
            .or_else(default_dir)
            .context("this platform has no per-user data directory: pass --tables DIR or set PUZZLE_TABLES_DIR")?;
        Ok(TablesDir { dir })
    }

    /// The directory itself.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the table `spec` lives.
    pub fn path_of(&self, spec: &TableSpec) -> PathBuf {
        self.dir.join(spec.file_name())
    }

    /// Opens `puzzle`'s reader the way a library user does, with `reader` (such as
    /// [`Tables::eight`]), after building the puzzle's tables if any is missing. A problem
    /// with a table is an error that names the file ([`with_rebuild_hint`] adds the command
    /// that rebuilds it).
    pub fn open<T>(&self, puzzle: Puzzle, reader: impl FnOnce(&Tables) -> Result<T, TableError>) -> anyhow::Result<T> {
        self.build_missing(puzzle)?;
        Ok(reader(&self.tables()?)?)
    }

    /// Builds `puzzle`'s tables when any is missing, saying so on standard error.
    pub fn build_missing(&self, puzzle: Puzzle) -> anyhow::Result<()> {
        if let Some(missing) = tables_of(puzzle).iter().map(|spec| self.path_of(spec)).find(|path| !path.exists()) {
            errln!("puzzle-tables: {}: missing; building the {puzzle} tables (first use)", missing.display());
            self.generate(puzzle)?;
        }
        Ok(())
    }

    /// The library's one answer path over this directory, memory-mapped; a puzzle's missing
    /// tables are built the first time it is asked about.
    pub fn answerer(&self) -> anyhow::Result<Answerer> {
        // First use: the directory is made here, so tables can be built into it.
        if !self.dir.is_dir() {
            self.check_writable()?;
        }
        let builder = self.clone();
        let prepare = move |puzzle| builder.build_missing(puzzle).map_err(|error| format!("{error:#}"));
        let builder = self.clone();
        let prepare_definition =
            move |name: &str| builder.build_missing_definition(name).map_err(|error| format!("{error:#}"));
        Ok(Answerer::new(self.tables()?).with_preparation(prepare).with_definition_preparation(prepare_definition))
    }

    /// Opens a reader with `reader` from the tables present, building nothing.
    pub fn open_present<T>(&self, reader: impl FnOnce(&Tables) -> Result<T, TableError>) -> anyhow::Result<T> {
        Ok(reader(&self.tables()?)?)
    }

    /// The directory, opened as a library user opens it, memory-mapped.
    fn tables(&self) -> anyhow::Result<Tables> {
        // SAFETY: this binary writes tables only through the generator's `write_table_parts`
        // (under `write_table` and `BuiltTable::write`), which renames a new file over the old
        // one and never changes a file in place.
        Ok(unsafe { Tables::open_mapped(&self.dir) }?)
    }

    /// Builds and writes every table of `puzzle`, with a progress bar on a terminal.
    pub fn generate(&self, puzzle: Puzzle) -> anyhow::Result<()> {
        self.generate_with(|progress| Ok(puzzle_tables_generator::build(puzzle, progress)?))
    }

    /// Builds tables with `build` and writes each, with a progress bar on a terminal.
    fn generate_with(
        &self,
        build: impl FnOnce(&mut dyn Progress) -> anyhow::Result<Vec<BuiltTable>>,
    ) -> anyhow::Result<()> {
        self.check_writable()?;
        self.remove_stale_temporaries();
        let mut progress = TerminalBar::new();
        for built in build(&mut progress)? {
            let path = self.path_of(&built.spec);
            built.write(&path).with_context(|| format!("cannot write {}", path.display()))?;
        }
        progress.finish();
        Ok(())
    }

    /// Removes the temporary files a `gen` or `install` killed midway left here, once their
    /// process has ended, so that killed runs do not fill the disk. Where processes are not
    /// listed in `/proc`, none is removed.
    fn remove_stale_temporaries(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return };
        if !Path::new("/proc/self").exists() {
            return;
        }
        for path in entries.flatten().map(|entry| entry.path()) {
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
            if temporary_owner(name).is_some_and(|pid| !Path::new("/proc").join(pid).exists()) {
                let _ = std::fs::remove_file(&path);
            }
        }
    }

    /// Fails, before any work, when tables cannot be written into the directory, with the fix.
    pub fn check_writable(&self) -> anyhow::Result<()> {
        let probe = self.dir.join(format!(".write-probe.{}", std::process::id()));
        std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(&probe, b""))
            .and_then(|()| std::fs::remove_file(&probe))
            .with_context(|| {
                format!(
                    "cannot write tables into {}: pass --tables DIR or set PUZZLE_TABLES_DIR to a writable directory",
                    self.dir.display()
                )
            })
    }

    /// `gen`: builds the tables of `puzzles` (all when empty) and reports each file.
    pub fn generate_all(&self, puzzles: &[Puzzle]) -> anyhow::Result<ExitCode> {
        let puzzles = if puzzles.is_empty() { Puzzle::BUILT_IN } else { puzzles };
        for &puzzle in puzzles {
            let started = Instant::now();
            self.generate(puzzle)?;
            self.report_built(&tables_of(puzzle), puzzle.label(), started)?;
        }
        Ok(ExitCode::SUCCESS)
    }

    /// `gen fifteen --partition P`: builds that partition's pattern databases and reports
    /// each file.
    pub fn generate_partition(&self, partition: Partition) -> anyhow::Result<ExitCode> {
        let started = Instant::now();
        self.generate_with(|progress| Ok(puzzle_tables_generator::fifteen::build_partition(partition, progress)))?;
        self.report_built(&partition.specs(), &format!("fifteen {}", partition.label()), started)?;
        Ok(ExitCode::SUCCESS)
    }

    /// `gen cube --large`: builds the cube's optional large set.
    pub fn generate_large_cube(&self) -> anyhow::Result<ExitCode> {
        let started = Instant::now();
        self.generate_with(|progress| Ok(puzzle_tables_generator::cube::build_large_tables(progress)))?;
        self.report_built(&optional_tables_of(Puzzle::Cube), "cube, the large set", started)?;
        Ok(ExitCode::SUCCESS)
    }

    /// `gen cube --optimal SIZE`: builds the optimal solver's tables of `size`.
    pub fn generate_optimal_cube(&self, size: OptimalSize) -> anyhow::Result<ExitCode> {
        let started = Instant::now();
        self.generate_with(|progress| Ok(puzzle_tables_generator::cube_optimal::build_optimal_tables(size, progress)))?;
        let what = format!("cube, the optimal tables ({})", size.label());
        self.report_built(&size.specs(), &what, started)?;
        Ok(ExitCode::SUCCESS)
    }

    /// Reports each file of `specs` and how long building `what` took since `started`.
    fn report_built(&self, specs: &[TableSpec], what: &str, started: Instant) -> io::Result<()> {
        let elapsed = started.elapsed();
        let mut out = writer::stdout();
        for spec in specs {
            let path = self.path_of(spec);
            let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            writeln!(out, "wrote {} ({size} bytes)", path.display())?;
        }
        writeln!(out, "{what}: built in {:.2} s", elapsed.as_secs_f64())?;
        out.flush()
    }

    /// `verify`: opens and fully verifies every table (the optional ones when present), then
    /// names the table files no puzzle reads; exit status 1 when any table is damaged, 2 when
    /// the directory does not exist or holds none of the tables.
    pub fn verify_all(&self) -> anyhow::Result<ExitCode> {
        let dir = self.dir.display();
        if !self.dir.is_dir() {
            anyhow::bail!(
                "the tables directory {dir} does not exist; build the tables with `puzzle-tables --tables {dir} gen`"
            );
        }
        let (mut damaged, mut missing, mut total) = (0, 0, 0);
        let mut out = writer::stdout();
        for &puzzle in Puzzle::BUILT_IN {
            let optional = tables_when_present(puzzle);
            for spec in tables_of(puzzle).into_iter().chain(optional.iter().copied()) {
                let path = self.path_of(&spec);
                if optional.contains(&spec) && !path.exists() {
                    continue;
                }
                total += 1;
                match Table::open_verified(&path, &spec).and_then(|table| check_entries(&table).map(|()| table)) {
                    Ok(table) => writeln!(out, "ok       {} ({} bytes)", path.display(), table.file_len())?,
                    Err(error) if matches!(error.kind(), TableErrorKind::Missing) => {
                        missing += 1;
                        writeln!(
                            out,
                            "missing  {} (build it with: puzzle-tables --tables {dir} gen {puzzle})",
                            path.display()
                        )?
                    }
                    Err(error) => {
                        damaged += 1;
                        let hint = rebuild_hint(&error);
                        writeln!(out, "damaged  {:#}\n  {hint}", anyhow::Error::new(error))?;
                    }
                }
            }
        }
        for name in self.tables()?.definition_names() {
            let path = self.dir.join(puzzle_tables_query::definition::file_name(&name));
            if !path.exists() {
                // Held in shards only: verify_shards checks them below.
                continue;
            }
            total += 1;
            match puzzle_tables_query::definition::DefinitionTable::open(&path) {
                Ok(table) => {
                    writeln!(out, "ok       {} ({} bytes)", path.display(), table.file().map_or(0, Table::file_len))?
                }
                Err(error) => {
                    damaged += 1;
                    let hint = rebuild_hint(&error);
                    writeln!(out, "damaged  {:#}\n  {hint}", anyhow::Error::new(error))?;
                }
            }
        }
        let (shard_sets, damaged_sets) = verify_shards(&self.dir, &mut out)?;
        (total, damaged) = (total + shard_sets, damaged + damaged_sets);
        for path in self.unused_files()? {
            writeln!(out, "unused   {} (no puzzle of this version reads it; it can be deleted)", path.display())?;
        }
        out.flush()?;
        if missing == total {
            anyhow::bail!("{dir} holds none of the tables; build them with `puzzle-tables --tables {dir} gen`");
        }
        Ok(if damaged > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
    }

    /// The table files in the directory that no puzzle reads (left by an older version, whose
    /// tables had other names), in name order.
    fn unused_files(&self) -> anyhow::Result<Vec<PathBuf>> {
        let known: Vec<String> = Puzzle::BUILT_IN
            .iter()
            .flat_map(|&puzzle| tables_of(puzzle).into_iter().chain(tables_when_present(puzzle)))
            .map(|spec| spec.file_name())
            .collect();
        let entries = std::fs::read_dir(&self.dir).with_context(|| format!("cannot list {}", self.dir.display()))?;
        let mut unused = Vec::new();
        for entry in entries {
            let path = entry.with_context(|| format!("cannot list {}", self.dir.display()))?.path();
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
            let defined = puzzle_tables_query::definition::name_of_file(name).is_some();
            if name.ends_with(".tbl") && !defined && !known.iter().any(|known| known == name) {
                unused.push(path);
            }
        }
        unused.sort();
        Ok(unused)
    }

    /// `install --from RELEASE`: checks every table of the release (its versions, its
    /// artifact's size and SHA-256, then the decompressed table as a reader would, in a
    /// temporary file beside its place) before any is renamed into place. A release with any
    /// refused table installs nothing; each refusal is reported once.
    pub fn install_from(&self, release: &Path) -> anyhow::Result<ExitCode> {
        let manifest = Manifest::read(release)?;
        std::fs::create_dir_all(&self.dir).with_context(|| format!("cannot create {}", self.dir.display()))?;
        self.remove_stale_temporaries();
        let (mut staged, mut refusals) = (Vec::new(), Vec::new());
        for record in &manifest.tables {
            match self.stage(release, record) {
                Ok(table) => staged.push(table),
                Err(error) => refusals.push(format!("{error:#}")),
            }
        }
        if !refusals.is_empty() {
            staged.iter().for_each(|table| table.discard());
            anyhow::bail!(
                "{} of the release's {} tables refused, nothing installed:\n  {}",
                refusals.len(),
                manifest.tables.len(),
                refusals.join("\n  ")
            );
        }
        let mut out = writer::stdout();
        for table in &staged {
            std::fs::rename(&table.temporary, &table.path).with_context(|| {
                staged.iter().for_each(StagedTable::discard);
                format!("cannot rename {} to {}", table.temporary.display(), table.path.display())
            })?;
            writeln!(out, "installed {} ({} bytes)", table.path.display(), table.bytes)?;
        }
        out.flush()?;
        Ok(ExitCode::SUCCESS)
    }

    /// Unpacks the release table of `record` into a temporary file beside its place and
    /// checks it there as `verify` would.
    fn stage(&self, release: &Path, record: &TableRecord) -> anyhow::Result<StagedTable> {
        let kind = ReleaseTable::of(record)?;
        if let ReleaseTable::BuiltIn(spec) = &kind {
            record.check_versions(spec)?;
        }
        let bytes = unpack(release, record)?;
        let path = self.dir.join(&record.file);
        let temporary = self.dir.join(format!(".{}.install.{}", record.file, std::process::id()));
        let staged = StagedTable { path, temporary, bytes: bytes.len() };
        let written = std::fs::File::create(&staged.temporary)
            .and_then(|mut file| file.write_all(&bytes).and_then(|()| file.sync_all()));
        if let Err(error) = written {
            staged.discard();
            return Err(error).with_context(|| format!("cannot write {}", staged.temporary.display()));
        }
        let checked = match &kind {
            ReleaseTable::BuiltIn(spec) => Table::open_verified(&staged.temporary, spec)
                .and_then(|table| check_entries(&table))
                .map_err(|error| anyhow::Error::new(error.into_kind()).context(record.file.clone())),
            // A definition's table carries its own spec, checked against the definition it
            // carries (entries, encoding, this build's ranking) as it is opened.
            ReleaseTable::Definition => DefinitionTable::open(&staged.temporary)
                .map_err(|error| anyhow::Error::new(error.into_kind()))
                .and_then(|table| Ok(record.check_versions(&table.spec())?))
                .with_context(|| record.file.clone()),
        };
        if let Err(error) = checked {
            staged.discard();
            return Err(error);
        }
        Ok(staged)
    }
}

/// What a release's table is to this build.
enum ReleaseTable {
    /// A built-in puzzle's table, of this spec.
    BuiltIn(TableSpec),
    /// A defined puzzle's table (`definition-NAME.tbl`).
    Definition,
}

impl ReleaseTable {
    /// The table `record` names, or why this build refuses it: a name it does not know, or
    /// a definition's name that could not name a table (so never a path elsewhere).
    fn of(record: &TableRecord) -> anyhow::Result<ReleaseTable> {
        let built_in = Puzzle::BUILT_IN
            .iter()
            .flat_map(|&puzzle| tables_of(puzzle).into_iter().chain(tables_when_present(puzzle)))
            .find(|spec| spec.file_name() == record.file);
        if let Some(spec) = built_in {
            return Ok(ReleaseTable::BuiltIn(spec));
        }
        match puzzle_tables_query::definition::name_of_file(&record.file) {
            Some(name) => {
                puzzle_tables_query::definition::check_name(name).with_context(|| record.file.clone())?;
                Ok(ReleaseTable::Definition)
            }
            None => anyhow::bail!("{}: the release names a table this build does not know", record.file),
        }
    }
}

/// `verify`'s part for sharded tables: each `definition-NAME.shards` directory in `tables`
/// opened as [`puzzle_tables_query::shards::ShardedTable::open`] does (every shard's checksum, the ranges tiling the index,
/// the counts adding up), a line each. Returns how many were checked and how many refused.
pub fn verify_shards(tables: &Path, out: &mut dyn Write) -> anyhow::Result<(usize, usize)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(tables)
        .with_context(|| format!("cannot list {}", tables.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir() && path.to_string_lossy().ends_with(".shards"))
        .collect();
    dirs.sort();
    let mut damaged = 0;
    for dir in &dirs {
        match puzzle_tables_query::shards::ShardedTable::open(dir) {
            Ok(set) => {
                let entries = set.manifest().entries;
                writeln!(out, "ok       {} ({} shards, {entries} entries)", dir.display(), set.shards().len())?
            }
            Err(error) => {
                damaged += 1;
                writeln!(out, "damaged  {error}")?;
            }
        }
    }
    Ok((dirs.len(), damaged))
}

/// The process id in the name of a table's temporary file: `NAME.tbl.tmp.PID.N`, as
/// `write_table` writes a table before its rename, or `.NAME.tbl.install.PID`, as `install`
/// stages one.
fn temporary_owner(name: &str) -> Option<&str> {
    let pid = match name.split_once(".tbl.tmp.") {
        Some((_, rest)) => rest.split('.').next()?,
        None if name.starts_with('.') => name.rsplit_once(".tbl.install.")?.1,
        None => return None,
    };
    (!pid.is_empty() && pid.bytes().all(|byte| byte.is_ascii_digit())).then_some(pid)
}

/// `error` with the command that rebuilds its table when it is about a table: every
/// error that names a table names that command.
pub fn with_rebuild_hint(error: anyhow::Error) -> anyhow::Error {
    match error.chain().find_map(|cause| cause.downcast_ref::<TableError>()) {
        Some(table_error) => {
            let hint = rebuild_hint(table_error);
            anyhow::anyhow!("{error:#}\n  {hint}")
        }
        None => error,
    }
}

/// An error of the answer path as the binary reports it: a table's with the file it names
/// (so [`with_rebuild_hint`] finds it), a refused board as `what: why`.
pub fn answer_error(error: AnswerError) -> anyhow::Error {
    match error {
        AnswerError::Table(error) => error.into(),
        other => anyhow::anyhow!("{other}"),
    }
}

/// Of the optimal sizes that `owns` (sizes share tables: `huge` holds `tiny`'s corners and
/// `levels`' class finder), the smallest whose other files are beside `path`, which rebuilds
/// it where it is, else the smallest.
fn optimal_size_owning(path: &Path, owns: impl Fn(Vec<TableSpec>) -> bool) -> Option<OptimalSize> {
    let owners: Vec<OptimalSize> = OptimalSize::ALL.into_iter().filter(|size| owns(size.specs())).collect();
    let beside = |size: &&OptimalSize| size.specs().iter().all(|spec| path.with_file_name(spec.file_name()).exists());
    owners.iter().find(beside).or(owners.first()).copied()
}

/// The commands that build the table of `error` again, in the directory it names (and
/// install it from a release, unless it is one of the optimal tables, which no release holds).
fn rebuild_hint(error: &TableError) -> String {
    if let Some((tables, name)) = sharded_table_of(error.path()) {
        return format!(
            "copy its shards again from where they were built, or build them again with `puzzle-tables --tables {} \
             distributed {name} -- ...` on every process",
            tables.display()
        );
    }
    let dir = error.path().parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let dir = dir.display();
    let name = error.path().file_name().unwrap_or_default();
    let owns = |specs: Vec<TableSpec>| specs.iter().any(|spec| *spec.file_name() == *name);
    let defined = name.to_str().and_then(puzzle_tables_query::definition::name_of_file);
    let gen = if let Some(name) = defined {
        match puzzle_tables_models::definition::bundled::find(name) {
            Some(_) => format!("gen {name}`"),
            None => format!("gen --definition FILE --name {name}` (FILE: its KPuzzle definition)"),
        }
    } else if owns(Partition::SevenEight.specs()) {
        "gen fifteen --partition 7-8` (minutes, about 4 GB of memory)".to_string()
    } else if let Some(size) = optimal_size_owning(error.path(), owns) {
        let cost = match size {
            OptimalSize::Tiny => "seconds",
            OptimalSize::Small => "minutes, about 4 GB of memory",
            OptimalSize::Large => "minutes, about 12 GB of memory",
            OptimalSize::Levels => "minutes, about 12 GB of memory",
            OptimalSize::Huge => "minutes, about 13 GB of memory",
        };
        format!("gen cube --optimal {}` ({cost})", size.label())
    } else if owns(optional_tables_of(Puzzle::Cube)) {
        "gen cube --large` (a minute or so, about 1.2 GB of memory)".to_string()
    } else {
        match Puzzle::BUILT_IN.iter().find(|&&puzzle| owns(tables_of(puzzle))) {
            Some(puzzle) => format!("gen {puzzle}`"),
            None => "gen`".to_string(),
        }
    };
    let verb = if matches!(error.kind(), TableErrorKind::Missing) { "build" } else { "rebuild" };
    if owns(optimal_specs()) || defined.is_some() {
        return format!("{verb} it with `puzzle-tables --tables {dir} {gen} (releases do not hold it)");
    }
    format!(
        "{verb} it with `puzzle-tables --tables {dir} {gen}, or install the release tables with `puzzle-tables \
         --tables {dir} install --from RELEASE_DIR`"
    )
}

/// The tables directory and name of the table in shards that `path` is (its
/// `definition-NAME.shards` directory) or lies in (one of its shards).
fn sharded_table_of(path: &Path) -> Option<(&Path, &str)> {
    fn name_of(dir: &Path) -> Option<&str> {
        dir.file_name()?.to_str().and_then(puzzle_tables_query::shards::name_of_dir)
    }
    let dir = if name_of(path).is_some() { path } else { path.parent()? };
    Some((dir.parent().unwrap_or(Path::new(".")), name_of(dir)?))
}

/// A release table checked in its temporary file, waiting to be renamed into place.
struct StagedTable {
    /// Its place in the tables directory.
    path: PathBuf,
    /// The checked temporary file.
    temporary: PathBuf,
    /// Its length.
    bytes: usize,
}

impl StagedTable {
    /// Removes the temporary file (if it is still there).
    fn discard(&self) {
        let _ = std::fs::remove_file(&self.temporary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the names `write_table` and `install` give their temporary files are theirs.
    #[test]
    fn a_temporary_table_file_names_its_process() {
        assert_eq!(temporary_owner("eight-parent.tbl.tmp.4242.0"), Some("4242"));
        assert_eq!(temporary_owner(".eight-parent.tbl.install.77"), Some("77"));
        for other in
            ["eight-parent.tbl", ".eight-parent.tbl.install.", "notes.tmp.1", "x.tbl.tmp.pid.0", ".write-probe.3"]
        {
            assert_eq!(temporary_owner(other), None, "{other}");
        }
    }

    /// The size a rebuild hint names for an optimal table shared between sizes, by what is
    /// beside it: the smallest size complete around it, else the smallest that holds it.
    #[test]
    fn a_shared_optimal_table_is_rebuilt_by_the_smallest_size_complete_around_it() {
        let dir = tempfile::tempdir().expect("a folder");
        let place = |size: OptimalSize| {
            for spec in size.specs() {
                std::fs::write(dir.path().join(spec.file_name()), b"x").expect("a file");
            }
        };
        let rebuilt_by = |spec: &TableSpec| {
            optimal_size_owning(&dir.path().join(spec.file_name()), |specs: Vec<TableSpec>| specs.contains(spec))
        };
        let [finder, _, _, corners] = OptimalSize::Huge.specs()[..] else { panic!("huge has four files") };
        assert_eq!(rebuilt_by(&finder), Some(OptimalSize::Levels), "nothing beside it");
        place(OptimalSize::Huge);
        assert_eq!(rebuilt_by(&finder), Some(OptimalSize::Huge), "huge's folder, without levels'");
        assert_eq!(rebuilt_by(&corners), Some(OptimalSize::Tiny), "the corners alone are tiny");
        place(OptimalSize::Levels);
        assert_eq!(rebuilt_by(&finder), Some(OptimalSize::Levels), "levels' beside it too");
    }
}
