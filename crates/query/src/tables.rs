//! [`Tables`]: a directory of table files as one thing, with a typed reader per puzzle,
//! and the default directory that the library and the command line share.
//!
//! Opening builds nothing: a missing table is a [`TableError`] that names the file and the
//! command that builds it. Adding a puzzle is one method here that opens its reader.

use std::path::{Path, PathBuf};

use puzzle_tables_models::cubic::StartClass;

use crate::cube::optimal::OptimalTables;
use crate::cube::TwoPhaseSolver;
use crate::cubic::{CubicDistances, CubicSolver, PatternDistances, StateDistancesMod4};
use crate::eight::EightTable;
use crate::fifteen::{Partition, PatternDatabase, PatternDatabases};
use crate::magic_cube::CubeTable;
use crate::rotation::RotationTable;
use crate::shards::ShardedTable;
use crate::table::{Table, TableError};
use crate::TableSpec;

/// The environment variable that names the tables directory, for the library's
/// [`Tables::open_default`] and the command line alike.
pub const TABLES_ENV: &str = "PUZZLE_TABLES_DIR";

/// The default tables directory: `$PUZZLE_TABLES_DIR` when set, else the platform's
/// per-user data directory (`~/.local/share/puzzle-tables` on Linux,
/// `~/Library/Application Support/puzzle-tables` on macOS, `%APPDATA%\puzzle-tables\data`
/// on Windows). `None` when neither exists (no home directory).
///
/// ```
/// let dir = puzzle_tables_query::default_dir();
/// if let Some(dir) = dir {
///     println!("puzzle-tables gen writes its tables into {}", dir.display());
/// }
/// ```
pub fn default_dir() -> Option<PathBuf> {
    let from_env = std::env::var_os(TABLES_ENV).filter(|v| !v.is_empty()).map(PathBuf::from);
    from_env.or_else(|| directories::ProjectDirs::from("", "", "puzzle-tables").map(|p| p.data_dir().to_path_buf()))
}

/// A tables directory that cannot be opened.
///
/// ```
/// use puzzle_tables_query::{Tables, TablesDirError};
///
/// let error = Tables::open("no/such/directory").unwrap_err();
/// assert!(matches!(error, TablesDirError::NotADirectory(_)));
/// assert!(error.to_string().contains("puzzle-tables --tables no/such/directory gen"));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TablesDirError {
    /// No directory was given, `$PUZZLE_TABLES_DIR` is unset and the platform has no
    /// per-user data directory.
    #[error("no tables directory: set ${TABLES_ENV} or name a directory")]
    NoDefault,
    /// The path is not a directory.
    #[error(
        "tables directory {}: not a directory (build the tables with `puzzle-tables --tables {} gen`)",
        .0.display(),
        .0.display()
    )]
    NotADirectory(PathBuf),
}

/// A directory of table files, opened as one thing: each method opens and verifies one
/// puzzle's reader.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Rotation, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{rotation::Board, Tables};
///
/// let tables = Tables::open(dir.path())?;
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// let solution = tables.rotation()?.solve(&board)?;
/// assert_eq!(solution.moves.len(), 2);
/// assert_eq!(solution.centre, 2);
///
/// // A table that was never built is an error naming its file and how to build it.
/// let error = tables.eight().unwrap_err();
/// assert!(error.to_string().contains("eight-parent.tbl"));
/// assert!(error.to_string().contains("puzzle-tables gen"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tables {
    dir: PathBuf,
    mapped: bool,
}

impl Tables {
    /// The tables in `dir`. Each reader reads its table into memory when it is opened.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Tables, TablesDirError> {
        let dir = dir.into();
        if !dir.is_dir() {
            return Err(TablesDirError::NotADirectory(dir));
        }
        Ok(Tables { dir, mapped: false })
    }

    /// The tables in [`default_dir`], where `puzzle-tables` builds and installs them.
    ///
    /// ```no_run
    /// let tables = puzzle_tables_query::Tables::open_default()?;
    /// let board = "2 3 4 1 5 x 7 6 8".parse()?;
    /// println!("{:?}", tables.eight()?.optimal_moves(&board)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open_default() -> Result<Tables, TablesDirError> {
        Tables::open(default_dir().ok_or(TablesDirError::NoDefault)?)
    }

    /// The tables in `dir` when there is one, else [`Tables::open_default`]: what a program
    /// that takes an optional directory argument opens.
    pub fn open_or_default(dir: Option<impl Into<PathBuf>>) -> Result<Tables, TablesDirError> {
        match dir {
            Some(dir) => Tables::open(dir),
            None => Tables::open_default(),
        }
    }

    /// [`Tables::open`], but each reader memory-maps its table instead of reading it
    /// ([`Table::open_mapped`]): no copy, pages shared between processes.
    ///
    /// # Safety
    ///
    /// The caller promises that no table file in `dir` is changed or truncated in place
    /// while a reader opened from it lives (replacing a file by rename is fine). See
    /// [`Table::open_mapped`].
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::Tables;
    ///
    /// // SAFETY: this program alone writes the directory, and only through
    /// // `puzzle_tables_generator::write_table`, which renames whole files into place.
    /// let tables = unsafe { Tables::open_mapped(dir.path()) }?;
    /// assert!(tables.eight()?.table().is_mapped());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub unsafe fn open_mapped(dir: impl Into<PathBuf>) -> Result<Tables, TablesDirError> {
        Ok(Tables { mapped: true, ..Tables::open(dir)? })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the table `spec` lives in this directory.
    pub fn path_of(&self, spec: &TableSpec) -> PathBuf {
        self.dir.join(spec.file_name())
    }

    /// Opens and verifies the table `spec`: for its metadata, or for [`crate::check_entries`].
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::{eight::EightTable, Tables};
    ///
    /// let tables = Tables::open(dir.path())?;
    /// let table = tables.table(&EightTable::SPEC)?;
    /// assert_eq!(table.path(), tables.path_of(&EightTable::SPEC));
    /// assert_eq!(tables.path_of(&EightTable::SPEC), tables.dir().join("eight-parent.tbl"));
    /// assert!(!table.is_mapped());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table(&self, spec: &TableSpec) -> Result<Table, TableError> {
        self.open_table(spec, false)
    }

    /// [`Tables::table`], on huge pages when mapped and `read_at_random`.
    fn open_table(&self, spec: &TableSpec, read_at_random: bool) -> Result<Table, TableError> {
        let path = self.path_of(spec);
        match (self.mapped, read_at_random) {
            // SAFETY: `Tables::open_mapped`'s caller promised that the directory's files are
            // not changed in place while they are mapped.
            (true, false) => unsafe { Table::open_mapped(&path, spec) },
            // SAFETY: as above.
            (true, true) => unsafe { Table::open_mapped_on_huge_pages(&path, spec) },
            (false, _) => Table::open_verified(&path, spec),
        }
    }

    /// The table of the defined puzzle `name` (`definition-NAME.tbl`), its definition read
    /// back from the file; where there is no such file but a distributed build's shards
    /// (`definition-NAME.shards/`), the table read from them in place, shard by shard
    /// ([`ShardedTable`]), with the same answers.
    pub fn definition(&self, name: &str) -> Result<crate::definition::DefinitionTable, TableError> {
        let path = self.dir.join(crate::definition::file_name(name));
        let shards = self.dir.join(crate::shards::dir_name(name));
        if !path.exists() && shards.is_dir() {
            let sharded = match self.mapped {
                // SAFETY: `Tables::open_mapped`'s caller promised that the directory's files
                // (the shards' among them) are not changed in place while they are mapped.
                true => ShardedTable::open_with(&shards, |path, spec| unsafe { Table::open_mapped(path, spec) })?,
                false => ShardedTable::open(&shards)?,
            };
            return Ok(crate::definition::DefinitionTable::from_shards(sharded));
        }
        let spec = crate::definition::header_spec(&path)?;
        let table = match self.mapped {
            // SAFETY: `Tables::open_mapped`'s caller promised that the directory's files are
            // not changed in place while they are mapped.
            true => unsafe { Table::open_mapped(&path, &spec) }?,
            false => Table::open_verified(&path, &spec)?,
        };
        crate::definition::DefinitionTable::from_table(table)
    }

    /// The names of the defined puzzles whose tables are in the directory, sorted: in one
    /// file, or in shards whose build finished (a manifest is there).
    pub fn definition_names(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return Vec::new() };
        let finished_shards = |file: &str| -> Option<String> {
            let name = crate::shards::name_of_dir(file)?;
            crate::shards::manifest_path(&self.dir.join(file)).is_file().then(|| name.to_string())
        };
        let mut names: Vec<String> = entries
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter_map(|file| {
                crate::definition::name_of_file(&file).map(str::to_string).or_else(|| finished_shards(&file))
            })
            .filter(|name| crate::definition::check_name(name).is_ok())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// The eight puzzle's reader.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// let table = puzzle_tables_query::Tables::open(dir.path())?.eight()?;
    /// let moves = table.optimal_moves(&"2 3 4 1 5 x 7 6 8".parse()?)?.expect("solvable");
    /// assert_eq!(moves.len(), 19);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eight(&self) -> Result<EightTable, TableError> {
        self.table(&EightTable::SPEC).map(EightTable::from_table)
    }

    /// The rotation game's reader; see [`rotation::Solution`](crate::rotation::Solution)
    /// for an example.
    pub fn rotation(&self) -> Result<RotationTable, TableError> {
        self.table(&RotationTable::SPEC).map(RotationTable::from_table)
    }

    /// The magic cube's reader: exact up to 12 quarter turns; see
    /// [`magic_cube::Answer`](crate::magic_cube::Answer) for an example.
    pub fn magic_cube(&self) -> Result<CubeTable, TableError> {
        self.table(&CubeTable::SPEC).map(CubeTable::from_table)
    }

    /// Any Rubik's cube: the two-phase solver's tables (62.5 MB), for
    /// [`TwoPhaseSolver::solve`].
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::cube::{moves_text, Facelets, Metric};
    /// use puzzle_tables_query::Tables;
    ///
    /// let solver = Tables::open(dir.path())?.cube()?;
    /// let superflip = Facelets::from_urfdlb("UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB")?.cube()?;
    /// let moves = solver.solve(&superflip, Metric::Htm, 22).expect("within 22 face turns");
    /// assert!(superflip.apply_moves(&moves).is_solved());
    /// println!("{} ({} face turns)", moves_text(&moves), moves.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cube(&self) -> Result<TwoPhaseSolver, TableError> {
        TwoPhaseSolver::open_with(|spec| self.table(spec))
    }

    /// The optimal solver's own tables of the fastest size present (`gen cube --optimal
    /// SIZE`: `levels`, then `huge`, `large`, `small`, `tiny`), for
    /// [`TwoPhaseSolver::solve_optimal`]; `None` when no size is there. A table of that size
    /// damaged, or missing beside the others, is an error; the other sizes are not read.
    ///
    /// A search reads them at random for seconds to hours, so they sit on huge pages where
    /// the system offers them: read into memory that asks for them ([`Tables::open`]), or
    /// mapped with that advice ([`Tables::open_mapped`], [`Table::open_mapped_on_huge_pages`]).
    /// On small pages, address-translation misses cost a search more than a copy would (an
    /// 18-move cube on `large`: 318 s, against 260 s on huge pages); mapped from a file cached
    /// on huge pages, opening `huge`'s 3.9 GB takes 0.4 s against 7 to 10 s for the copy,
    /// and searches as fast (BENCHMARKS.md).
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// # for table in puzzle_tables_generator::cube_optimal::build_optimal_tables(puzzle_tables_query::cube::optimal::OptimalSize::Tiny, &mut puzzle_tables_generator::Silent) {
    /// #     puzzle_tables_generator::write_table(&dir.path().join(table.spec.file_name()), &table.file_bytes())?;
    /// # }
    /// use puzzle_tables_query::cube::optimal::{OptimalLimits, OptimalSize};
    /// use puzzle_tables_query::cube::{parse_moves, Cube, Metric};
    /// use puzzle_tables_query::Tables;
    ///
    /// let read = Tables::open(dir.path())?;
    /// // SAFETY: nothing writes the directory while its tables are open.
    /// let mapped = unsafe { Tables::open_mapped(dir.path()) }?;
    /// let (from_read, from_map) = (read.cube_optimal()?.expect("tiny"), mapped.cube_optimal()?.expect("tiny"));
    /// assert_eq!(from_map.size(), OptimalSize::Tiny);
    /// assert!(from_map.is_mapped() && !from_read.is_mapped());
    ///
    /// let solver = read.cube()?;
    /// let cube = Cube::SOLVED.apply_moves(&parse_moves("R U2 F' L D B2 R'")?);
    /// let [by_read, by_map] = [from_read, from_map]
    ///     .map(|tables| solver.solve_optimal(&cube, Metric::Htm, Some(&tables), &OptimalLimits::default()));
    /// assert!(by_map.optimal && by_map.moves == by_read.moves && by_map.moves.len() <= 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cube_optimal(&self) -> Result<Option<OptimalTables>, TableError> {
        OptimalTables::open(|spec| self.open_table(spec, true))
    }

    /// The fifteen puzzle's pattern databases of `partition`, for
    /// [`fifteen::search::solve`](crate::fifteen::search::solve).
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Fifteen, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::fifteen::{self, Partition};
    /// use puzzle_tables_query::fifteen::search::{solve, Outcome};
    /// use puzzle_tables_query::Tables;
    ///
    /// let databases = Tables::open(dir.path())?.fifteen(Partition::SixSixThree)?;
    /// let board: fifteen::Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse()?;
    /// let Outcome::Solved(moves) = solve(&databases, &board, 80, &mut |_| {}).outcome else { panic!("solvable") };
    /// assert_eq!(moves.len(), 9);
    /// println!("{}", fifteen::move_letters(&moves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fifteen(&self, partition: Partition) -> Result<PatternDatabases, TableError> {
        PatternDatabases::open_with(partition, |spec, tiles| {
            self.table(spec).map(|table| PatternDatabase::from_table(table, tiles))
        })
    }

    /// The cubic eight-puzzle's exact distances (three small tables): enough for
    /// `judge cubic`, but not for roll sequences.
    pub fn cubic_distances(&self) -> Result<CubicDistances, TableError> {
        let open = |class| self.table(&PatternDistances::spec(class)).map(|t| PatternDistances::from_table(t, class));
        let [corner, edge, centre] = StartClass::ALL;
        Ok(CubicDistances::new([open(corner)?, open(edge)?, open(centre)?]))
    }

    /// The cubic eight-puzzle's reader: exact distances and optimal roll sequences.
    pub fn cubic(&self) -> Result<CubicSolver, TableError> {
        let open =
            |class| self.table(&StateDistancesMod4::spec(class)).map(|t| StateDistancesMod4::from_table(t, class));
        let [corner, edge, centre] = StartClass::ALL;
        Ok(CubicSolver::new(self.cubic_distances()?, [open(corner)?, open(edge)?, open(centre)?]))
    }
}
