//! IDA* for the fifteen puzzle over pattern databases.
//!
//! The heuristic is the sum of a partition's database values, and the same sum over the
//! board reflected about its main diagonal (the goal is its own reflection); the larger of
//! the two is still a lower bound. Moves are tried in dictionary order of their letters and
//! never undo the previous move, so the first answer of the last iteration is the optimal
//! answer first in dictionary order: the same line on every run and every machine.
//!
//! The inner loop allocates nothing: the board, each tile's cell on the board and on its
//! reflection, and each pattern's current value live in fixed arrays; a move re-ranks only
//! the one pattern (on each side) that holds the moved tile.

use puzzle_tables_models::fifteen::{reflected_tile, Board, Move, BLANK, CELLS, MAX_DISTANCE, TRANSPOSED_CELL};

use crate::fifteen::PatternDatabases;

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
/// use puzzle_tables_query::fifteen_search::{solve, Outcome};
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
/// use puzzle_tables_query::fifteen_search::{solve, Outcome};
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
/// use puzzle_tables_query::fifteen_search::{solve_within, GaveUp};
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
    let mut search = Ida::new(databases, board, max_nodes, progress);
    let limit = max_moves.min(MAX_DISTANCE);
    let mut bound = search.heuristic() as usize;
    let blank = board.blank_cell();
    while bound <= limit {
        search.bound = bound;
        (search.progress)(SearchProgress { bound, nodes: search.nodes });
        match search.dfs(0, blank, None) {
            Ok(length) => {
                let moves = search.path[..length].to_vec();
                return Ok(Search { outcome: Outcome::Solved(moves), nodes: search.nodes });
            }
            Err(_) if search.nodes > max_nodes => return Err(GaveUp { nodes: search.nodes }),
            Err(next_bound) => bound = next_bound,
        }
    }
    Ok(Search { outcome: Outcome::BeyondLimit(limit), nodes: search.nodes })
}

/// One side (the board, or its reflection) of the heuristic.
struct Side {
    /// `cell_of[t]`: where tile `t` stands on this side.
    cell_of: [u8; CELLS],
    /// `value[p]`: pattern `p`'s database value for its tiles' cells.
    value: [u8; MAX_PATTERNS],
    /// The sum of `value`.
    sum: u32,
}

struct Ida<'a, 'p> {
    payloads: [&'a [u8]; MAX_PATTERNS],
    /// `tiles[p][..lens[p]]`: pattern `p`'s tiles in ranking order.
    tiles: [[u8; CELLS]; MAX_PATTERNS],
    lens: [usize; MAX_PATTERNS],
    /// `pattern_of[t]`: the pattern that holds tile `t`.
    pattern_of: [u8; CELLS],
    /// `cells[c]`: the tile at cell `c` of the board.
    cells: [u8; CELLS],
    board: Side,
    reflection: Side,
    path: [Move; MAX_DISTANCE + 1],
    bound: usize,
    nodes: u64,
    /// Past this many nodes, every call of [`Ida::dfs`] returns at once.
    max_nodes: u64,
    progress: &'p mut dyn FnMut(SearchProgress),
}

impl<'a, 'p> Ida<'a, 'p> {
    fn new(
        databases: &'a PatternDatabases,
        board: &Board,
        max_nodes: u64,
        progress: &'p mut dyn FnMut(SearchProgress),
    ) -> Self {
        let mut payloads: [&[u8]; MAX_PATTERNS] = [&[]; MAX_PATTERNS];
        let mut tiles = [[0u8; CELLS]; MAX_PATTERNS];
        let mut lens = [0usize; MAX_PATTERNS];
        let mut pattern_of = [0u8; CELLS];
        assert!(databases.databases().len() <= MAX_PATTERNS, "a partition has at most {MAX_PATTERNS} patterns");
        for (p, database) in databases.databases().iter().enumerate() {
            payloads[p] = database.table().payload();
            lens[p] = database.tiles().len();
            tiles[p][..lens[p]].copy_from_slice(database.tiles());
            database.tiles().iter().for_each(|&t| pattern_of[usize::from(t)] = p as u8);
        }
        let cells = board.cells();
        let mut on_board = [0u8; CELLS];
        let mut on_reflection = [0u8; CELLS];
        for (cell, &tile) in cells.iter().enumerate() {
            on_board[usize::from(tile)] = cell as u8;
            on_reflection[usize::from(reflected_tile(tile))] = TRANSPOSED_CELL[cell];
        }
        let side = |cell_of| Side { cell_of, value: [0; MAX_PATTERNS], sum: 0 };
        let mut ida = Ida {
            payloads,
            tiles,
            lens,
            pattern_of,
            cells,
            board: side(on_board),
            reflection: side(on_reflection),
            path: [Move::Down; MAX_DISTANCE + 1],
            bound: 0,
            nodes: 0,
            max_nodes,
            progress,
        };
        for p in 0..databases.databases().len() {
            for reflected in [false, true] {
                let value = ida.lookup(p, ida.side(reflected));
                let side = ida.side_mut(reflected);
                side.value[p] = value;
                side.sum += u32::from(value);
            }
        }
        ida
    }

    fn side(&self, reflected: bool) -> &Side {
        if reflected {
            &self.reflection
        } else {
            &self.board
        }
    }

    fn side_mut(&mut self, reflected: bool) -> &mut Side {
        if reflected {
            &mut self.reflection
        } else {
            &mut self.board
        }
    }

    /// Pattern `p`'s value for the cells its tiles hold on `side`.
    fn lookup(&self, p: usize, side: &Side) -> u8 {
        let mut occupied = 0u32;
        let mut rank = 0usize;
        for (i, &tile) in self.tiles[p][..self.lens[p]].iter().enumerate() {
            let cell = u32::from(side.cell_of[usize::from(tile)]);
            let free_before = cell - (occupied & ((1 << cell) - 1)).count_ones();
            rank = rank * (CELLS - i) + free_before as usize;
            occupied |= 1 << cell;
        }
        self.payloads[p][rank]
    }

    fn heuristic(&self) -> u32 {
        self.board.sum.max(self.reflection.sum)
    }

    /// Moves `tile` to `cell` on one side and re-reads its pattern; returns the pattern and
    /// its old value, to undo with [`Ida::restore`].
    fn place(&mut self, reflected: bool, tile: u8, cell: u8) -> (usize, u8) {
        let p = usize::from(self.pattern_of[usize::from(tile)]);
        self.side_mut(reflected).cell_of[usize::from(tile)] = cell;
        let value = self.lookup(p, self.side(reflected));
        let side = self.side_mut(reflected);
        let old = std::mem::replace(&mut side.value[p], value);
        side.sum = side.sum + u32::from(value) - u32::from(old);
        (p, old)
    }

    fn restore(&mut self, reflected: bool, tile: u8, cell: u8, (p, old): (usize, u8)) {
        let side = self.side_mut(reflected);
        side.cell_of[usize::from(tile)] = cell;
        side.sum = side.sum + u32::from(old) - u32::from(side.value[p]);
        side.value[p] = old;
    }

    /// Depth-first search below the bound from depth `depth`, the blank at `blank`:
    /// `Ok(length)` when the goal is reached (the moves in `path[..length]`), else the
    /// least f-value beyond the bound (meaningless once the budget is spent).
    fn dfs(&mut self, depth: usize, blank: usize, previous: Option<Move>) -> Result<usize, usize> {
        if self.nodes > self.max_nodes {
            return Err(usize::MAX);
        }
        let h = self.heuristic() as usize;
        let f = depth + h;
        if f > self.bound {
            return Err(f);
        }
        // With the databases as generated, h is 0 on the goal alone; comparing the board
        // too means no table, however made, can pass a board off as solved.
        if h == 0 && self.cells == Board::GOAL.cells() {
            return Ok(depth);
        }
        let mut least = usize::MAX;
        for step in Move::ALL {
            if Some(step.inverse()) == previous {
                continue;
            }
            let Some(target) = step.target(blank) else { continue };
            let tile = self.cells[target];
            self.cells[blank] = tile;
            self.cells[target] = BLANK;
            let on_board = self.place(false, tile, blank as u8);
            let on_reflection = self.place(true, reflected_tile(tile), TRANSPOSED_CELL[blank]);
            self.nodes += 1;
            if self.nodes.is_multiple_of(PROGRESS_EVERY) {
                (self.progress)(SearchProgress { bound: self.bound, nodes: self.nodes });
            }
            self.path[depth] = step;
            let found = self.dfs(depth + 1, target, Some(step));
            self.restore(true, reflected_tile(tile), TRANSPOSED_CELL[target], on_reflection);
            self.restore(false, tile, target as u8, on_board);
            self.cells[target] = tile;
            self.cells[blank] = BLANK;
            match found {
                Ok(length) => return Ok(length),
                Err(next) => least = least.min(next),
            }
        }
        Err(least)
    }
}
