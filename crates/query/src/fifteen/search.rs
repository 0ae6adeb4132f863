//! IDA* for the fifteen puzzle over pattern databases.
//!
//! The heuristic is the sum of a partition's database values, and the same sum over the
//! board reflected about its main diagonal (the goal is its own reflection); the larger of
//! the two is still a lower bound. Moves are tried in dictionary order of their letters and
//! never undo the previous move, so the first answer of the last iteration is the optimal
//! answer first in dictionary order: the same line on every run and every machine.
//!
//! The heuristic is evaluated incrementally. A move shifts one tile, so on each side (the
//! board and its reflection) only the pattern holding that tile changes, and only its entry
//! is read again. Patterns of at most six tiles are read through copies of their databases
//! indexed by cells in base 16 (made when a search first needs them, `16^k` bytes), whose
//! index is the sum of each tile's cell times its weight: a move adds the change of the
//! moved tile's cell times its weight to one index, and the new value is one lookup. Larger patterns (7-8) are
//! re-ranked ([`placement_rank`](puzzle_tables_models::fifteen::placement_rank)): their
//! base-16 copies would not fit in memory. A child whose board side alone already exceeds
//! the bound is cut before its reflection is read. The inner loop allocates nothing.

use puzzle_tables_models::fifteen::{reflected_tile, Board, Move, BLANK, CELLS, MAX_DISTANCE, TRANSPOSED_CELL};

use crate::fifteen::{PatternDatabases, BY_CELLS_MAX_TILES};

/// At most this many patterns in a partition.
const MAX_PATTERNS: usize = 8;

/// How often (in nodes generated) the search reports progress within an iteration.
const PROGRESS_EVERY: u64 = 1 << 22;

/// What a search found. Exhaustive: a search within a move limit either finds an answer,
/// proves there is none, or proves that it lies beyond the limit.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Fifteen, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::fifteen::{Board, Partition};
/// use puzzle_tables_query::fifteen::search::{solve, Outcome};
///
/// let databases = puzzle_tables_query::Tables::open(dir.path())?.fifteen(Partition::SixSixThree)?;
/// let board: Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse()?;
/// assert_eq!(solve(&databases, &board, 8, &mut |_| {}).outcome, Outcome::BeyondLimit(8));
/// let swapped: Board = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0".parse()?;
/// assert_eq!(solve(&databases, &swapped, 80, &mut |_| {}).outcome, Outcome::Unsolvable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An optimal answer, first in dictionary order among optimal ones.
    Solved(Vec<Move>),
    /// No sequence of moves reaches the goal (the parity rule says so at once).
    Unsolvable,
    /// Every answer needs more than the given number of moves.
    BeyondLimit(usize),
}

/// A search's answer and the work it took. `#[non_exhaustive]`: its fields are for
/// reading, and more may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Search {
    /// The answer.
    pub outcome: Outcome,
    /// Nodes generated (boards reached by a move), over all iterations.
    pub nodes: u64,
}

/// Where a running search is: the current bound of its iteration and the nodes so far.
/// `#[non_exhaustive]`: its fields are for reading, and more may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchProgress {
    /// The iteration's bound on the answer's length.
    pub bound: usize,
    /// Nodes generated so far.
    pub nodes: u64,
}

/// A search stopped by its budget before it could answer. `#[non_exhaustive]`: its field
/// is for reading, and more may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GaveUp {
    /// Nodes generated before it stopped (a few past the budget).
    pub nodes: u64,
}

/// The fewest moves from `board` to the goal, first in dictionary order, by IDA* over
/// `databases`; gives up past `max_moves` (capped at 80, which no board exceeds).
/// `progress` is told each new bound and, within long iterations, how the count of nodes
/// grows.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Fifteen, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::fifteen::{move_letters, Board, Partition};
/// use puzzle_tables_query::fifteen::search::{solve, Outcome};
///
/// let databases = puzzle_tables_query::Tables::open(dir.path())?.fifteen(Partition::SixSixThree)?;
/// let board: Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse()?;
/// let mut bounds = Vec::new();
/// let search = solve(&databases, &board, 80, &mut |progress| bounds.push(progress.bound));
/// let Outcome::Solved(moves) = search.outcome else { panic!("a solvable board within 80 moves") };
/// assert_eq!(moves.len(), 9);
/// assert!(search.nodes > 0 && bounds.last() == Some(&9));
/// println!("{}", move_letters(&moves));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    databases: &PatternDatabases,
    board: &Board,
    max_moves: usize,
    progress: &mut dyn FnMut(SearchProgress),
) -> Search {
    match solve_within(databases, board, max_moves, u64::MAX, progress) {
        Ok(search) => search,
        Err(GaveUp { nodes }) => unreachable!("a search without a budget stopped after {nodes} nodes"),
    }
}

/// [`solve`], but stopping once it has generated more than `max_nodes` nodes: a bound on
/// the work one board can cost, for boards from untrusted input.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Fifteen, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::fifteen::{Board, Partition};
/// use puzzle_tables_query::fifteen::search::{solve_within, GaveUp};
///
/// let databases = puzzle_tables_query::Tables::open(dir.path())?.fifteen(Partition::SixSixThree)?;
/// let board: Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse()?;
/// assert!(solve_within(&databases, &board, 80, 1_000_000, &mut |_| {}).is_ok());
/// let gave_up: GaveUp = solve_within(&databases, &board, 80, 2, &mut |_| {}).unwrap_err();
/// assert!(gave_up.nodes > 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_within(
    databases: &PatternDatabases,
    board: &Board,
    max_moves: usize,
    max_nodes: u64,
    progress: &mut dyn FnMut(SearchProgress),
) -> Result<Search, GaveUp> {
    if !board.is_solvable() {
        return Ok(Search { outcome: Outcome::Unsolvable, nodes: 0 });
    }
    let largest = databases.databases().iter().map(|db| db.tiles().len()).max().unwrap_or(0);
    let blank = board.blank_cell();
    if largest <= BY_CELLS_MAX_TILES {
        iterate(Ida::new(databases, ByCells::new(databases), board, max_nodes, progress), blank, max_moves)
    } else {
        iterate(Ida::new(databases, ByRank::new(databases), board, max_nodes, progress), blank, max_moves)
    }
}

/// The iterations of IDA* from the blank at `blank`, each bound the least f-value the last
/// iteration cut.
fn iterate<L: Lookup>(mut search: Ida<'_, L>, blank: usize, max_moves: usize) -> Result<Search, GaveUp> {
    let limit = max_moves.min(MAX_DISTANCE);
    let mut bound = search.heuristic() as usize;
    while bound <= limit {
        search.bound = bound;
        (search.progress)(SearchProgress { bound, nodes: search.nodes });
        match search.dfs(0, blank, None) {
            Ok(length) => {
                let moves = search.path[..length].to_vec();
                return Ok(Search { outcome: Outcome::Solved(moves), nodes: search.nodes });
            }
            Err(_) if search.nodes > search.max_nodes => return Err(GaveUp { nodes: search.nodes }),
            Err(next_bound) => bound = next_bound,
        }
    }
    Ok(Search { outcome: Outcome::BeyondLimit(limit), nodes: search.nodes })
}

/// How a search reads a pattern's entry, and the key it keeps on each side to do so.
trait Lookup {
    /// What one side keeps between moves.
    type Key: Copy;
    /// The key of a side whose tile `t` stands at `cell_of[t]`.
    fn key(&self, cell_of: &[u8; CELLS]) -> Self::Key;
    /// Moves `tile`, of pattern `p`, from cell `from` to cell `to` in `key`.
    fn shift(&self, key: &mut Self::Key, p: usize, tile: u8, from: u8, to: u8);
    /// Pattern `p`'s value under `key`.
    fn value(&self, key: &Self::Key, p: usize) -> u8;
}

/// Each pattern's database by cells in base 16: the key is each pattern's index, and a
/// move adds `(to - from) * weight[tile]` to one of them.
struct ByCells<'a> {
    tables: [&'a [u8]; MAX_PATTERNS],
    /// `weight[t]`: `16^(k-1-i)` for tile `t`, the `i`-th of its pattern's `k` tiles.
    weight: [u32; CELLS],
    pattern_of: [u8; CELLS],
}

impl<'a> ByCells<'a> {
    fn new(databases: &'a PatternDatabases) -> Self {
        let mut lookup = ByCells { tables: [&[]; MAX_PATTERNS], weight: [0; CELLS], pattern_of: pattern_of(databases) };
        for (p, database) in databases.databases().iter().enumerate() {
            lookup.tables[p] = database.by_cells().expect("a pattern small enough to be read by cells");
            let k = database.tiles().len();
            for (i, &tile) in database.tiles().iter().enumerate() {
                lookup.weight[usize::from(tile)] = 1 << (4 * (k - 1 - i));
            }
        }
        lookup
    }
}

impl Lookup for ByCells<'_> {
    type Key = [u32; MAX_PATTERNS];

    fn key(&self, cell_of: &[u8; CELLS]) -> Self::Key {
        let mut key = [0; MAX_PATTERNS];
        for tile in 1..CELLS {
            key[usize::from(self.pattern_of[tile])] += u32::from(cell_of[tile]) * self.weight[tile];
        }
        key
    }

    #[inline(always)]
    fn shift(&self, key: &mut Self::Key, p: usize, tile: u8, from: u8, to: u8) {
        let weight = self.weight[usize::from(tile)];
        key[p] = key[p].wrapping_add(u32::from(to) * weight).wrapping_sub(u32::from(from) * weight);
    }

    #[inline(always)]
    fn value(&self, key: &Self::Key, p: usize) -> u8 {
        self.tables[p][key[p] as usize]
    }
}

/// Each pattern's database by placement rank: the key is each tile's cell, and a pattern is
/// re-ranked when one of its tiles moves.
struct ByRank<'a> {
    payloads: [&'a [u8]; MAX_PATTERNS],
    /// `tiles[p][..lens[p]]`: pattern `p`'s tiles in ranking order.
    tiles: [[u8; CELLS]; MAX_PATTERNS],
    lens: [usize; MAX_PATTERNS],
}

impl<'a> ByRank<'a> {
    fn new(databases: &'a PatternDatabases) -> Self {
        let mut lookup =
            ByRank { payloads: [&[]; MAX_PATTERNS], tiles: [[0; CELLS]; MAX_PATTERNS], lens: [0; MAX_PATTERNS] };
        for (p, database) in databases.databases().iter().enumerate() {
            lookup.payloads[p] = database.table().payload();
            lookup.lens[p] = database.tiles().len();
            lookup.tiles[p][..lookup.lens[p]].copy_from_slice(database.tiles());
        }
        lookup
    }
}

impl Lookup for ByRank<'_> {
    type Key = [u8; CELLS];

    fn key(&self, cell_of: &[u8; CELLS]) -> Self::Key {
        *cell_of
    }

    #[inline(always)]
    fn shift(&self, key: &mut Self::Key, _: usize, tile: u8, _: u8, to: u8) {
        key[usize::from(tile)] = to;
    }

    #[inline(always)]
    fn value(&self, key: &Self::Key, p: usize) -> u8 {
        let mut occupied = 0u32;
        let mut rank = 0usize;
        for (i, &tile) in self.tiles[p][..self.lens[p]].iter().enumerate() {
            let cell = u32::from(key[usize::from(tile)]);
            let free_before = cell - (occupied & ((1 << cell) - 1)).count_ones();
            rank = rank * (CELLS - i) + free_before as usize;
            occupied |= 1 << cell;
        }
        self.payloads[p][rank]
    }
}

/// `pattern_of[t]`: the pattern that holds tile `t`.
fn pattern_of(databases: &PatternDatabases) -> [u8; CELLS] {
    assert!(databases.databases().len() <= MAX_PATTERNS, "a partition has at most {MAX_PATTERNS} patterns");
    let mut pattern_of = [0u8; CELLS];
    for (p, database) in databases.databases().iter().enumerate() {
        database.tiles().iter().for_each(|&t| pattern_of[usize::from(t)] = p as u8);
    }
    pattern_of
}

/// One side (the board, or its reflection) of the heuristic.
struct Side<K> {
    key: K,
    /// `value[p]`: pattern `p`'s database value under `key`.
    value: [u8; MAX_PATTERNS],
    /// The sum of `value`.
    sum: u32,
}

impl<K: Copy> Side<K> {
    fn new<L: Lookup<Key = K>>(lookup: &L, cell_of: &[u8; CELLS], patterns: usize) -> Self {
        let key = lookup.key(cell_of);
        let mut value = [0; MAX_PATTERNS];
        (0..patterns).for_each(|p| value[p] = lookup.value(&key, p));
        Side { key, value, sum: value.iter().map(|&v| u32::from(v)).sum() }
    }

    /// Moves `tile` (of pattern `p`) from `from` to `to` and reads its pattern again;
    /// returns the pattern's old value, for [`Side::unshift`].
    #[inline(always)]
    fn shift<L: Lookup<Key = K>>(&mut self, lookup: &L, p: usize, tile: u8, from: u8, to: u8) -> u8 {
        lookup.shift(&mut self.key, p, tile, from, to);
        let value = lookup.value(&self.key, p);
        let old = std::mem::replace(&mut self.value[p], value);
        self.sum = self.sum + u32::from(value) - u32::from(old);
        old
    }

    /// Undoes [`Side::shift`] of the same arguments, which returned `old`.
    #[inline(always)]
    fn unshift<L: Lookup<Key = K>>(&mut self, lookup: &L, p: usize, tile: u8, from: u8, to: u8, old: u8) {
        lookup.shift(&mut self.key, p, tile, to, from);
        self.sum = self.sum + u32::from(old) - u32::from(self.value[p]);
        self.value[p] = old;
    }
}

struct Ida<'p, L: Lookup> {
    lookup: L,
    /// `pattern_of[t]`: the pattern that holds tile `t`.
    pattern_of: [u8; CELLS],
    /// `cells[c]`: the tile at cell `c` of the board.
    cells: [u8; CELLS],
    board: Side<L::Key>,
    reflection: Side<L::Key>,
    path: [Move; MAX_DISTANCE + 1],
    bound: usize,
    nodes: u64,
    /// Past this many nodes, every call of [`Ida::dfs`] returns at once.
    max_nodes: u64,
    progress: &'p mut dyn FnMut(SearchProgress),
}

impl<'p, L: Lookup> Ida<'p, L> {
    fn new(
        databases: &PatternDatabases,
        lookup: L,
        board: &Board,
        max_nodes: u64,
        progress: &'p mut dyn FnMut(SearchProgress),
    ) -> Self {
        let cells = board.cells();
        let mut on_board = [0u8; CELLS];
        let mut on_reflection = [0u8; CELLS];
        for (cell, &tile) in cells.iter().enumerate() {
            on_board[usize::from(tile)] = cell as u8;
            on_reflection[usize::from(reflected_tile(tile))] = TRANSPOSED_CELL[cell];
        }
        let patterns = databases.databases().len();
        Ida {
            board: Side::new(&lookup, &on_board, patterns),
            reflection: Side::new(&lookup, &on_reflection, patterns),
            pattern_of: pattern_of(databases),
            lookup,
            cells,
            path: [Move::Down; MAX_DISTANCE + 1],
            bound: 0,
            nodes: 0,
            max_nodes,
            progress,
        }
    }

    fn heuristic(&self) -> u32 {
        self.board.sum.max(self.reflection.sum)
    }

    /// Depth-first search below the bound from depth `depth`, the blank at `blank`, on a
    /// board within the bound: `Ok(length)` when the goal is reached (the moves in
    /// `path[..length]`), else the least f-value beyond the bound (meaningless once the
    /// budget is spent).
    fn dfs(&mut self, depth: usize, blank: usize, previous: Option<Move>) -> Result<usize, usize> {
        if self.nodes > self.max_nodes {
            return Err(usize::MAX);
        }
        // With the databases as generated, h is 0 on the goal alone; comparing the board
        // too means no table, however made, can pass a board off as solved.
        if self.heuristic() == 0 && self.cells == Board::GOAL.cells() {
            return Ok(depth);
        }
        let mut least = usize::MAX;
        for step in Move::ALL {
            if Some(step.inverse()) == previous {
                continue;
            }
            let Some(target) = step.target(blank) else { continue };
            self.nodes += 1;
            if self.nodes.is_multiple_of(PROGRESS_EVERY) {
                (self.progress)(SearchProgress { bound: self.bound, nodes: self.nodes });
            }
            match self.child(depth, blank, target, step) {
                Ok(length) => return Ok(length),
                Err(next) => least = least.min(next),
            }
        }
        Err(least)
    }

    /// The child reached by `step`, which moves the blank from `blank` to `target`: cut
    /// when its board side (then its reflection) puts it beyond the bound, else searched.
    #[inline(always)]
    fn child(&mut self, depth: usize, blank: usize, target: usize, step: Move) -> Result<usize, usize> {
        let tile = self.cells[target];
        let p = usize::from(self.pattern_of[usize::from(tile)]);
        let (from, to) = (target as u8, blank as u8);
        let old = self.board.shift(&self.lookup, p, tile, from, to);
        let mut found = Err(depth + 1 + self.board.sum as usize);
        if depth + 1 + self.board.sum as usize <= self.bound {
            let mirrored = reflected_tile(tile);
            let q = usize::from(self.pattern_of[usize::from(mirrored)]);
            let (mirrored_from, mirrored_to) = (TRANSPOSED_CELL[target], TRANSPOSED_CELL[blank]);
            let mirrored_old = self.reflection.shift(&self.lookup, q, mirrored, mirrored_from, mirrored_to);
            found = Err(depth + 1 + self.heuristic() as usize);
            if depth + 1 + self.heuristic() as usize <= self.bound {
                self.cells[blank] = tile;
                self.cells[target] = BLANK;
                self.path[depth] = step;
                found = self.dfs(depth + 1, target, Some(step));
                self.cells[target] = tile;
                self.cells[blank] = BLANK;
            }
            self.reflection.unshift(&self.lookup, q, mirrored, mirrored_from, mirrored_to, mirrored_old);
        }
        self.board.unshift(&self.lookup, p, tile, from, to, old);
        found
    }
}
