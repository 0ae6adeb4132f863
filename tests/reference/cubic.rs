//! Independent cubic eight-puzzle searches, written without the model or the tables and
//! with their own state packing and roll code: a breadth-first walk over every state a
//! start cell reaches, and a bidirectional breadth-first search from one start cell to one
//! wanted pattern. Used by the tests to check the tables and by the benchmarks to compare
//! with them.
//!
//! A state is nine three-bit cells (a cube's index in [`CUBES`], or [`EMPTY`]) packed in a
//! `u32`. A pattern, what is seen from above, is a number: base 4, cell by cell from cell
//! 0 (row by row, x first), 0 White, 1 Red, 2 Blue and 3 for the empty cell ([`tops_key`]).

#![allow(dead_code)] // Tests and benchmarks each use their own part of it.

/// A cube's colours on (top, front, side): 0 White, 1 Red, 2 Blue.
pub const CUBES: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
/// The value of the empty cell in a packed state.
pub const EMPTY: u32 = 7;
/// The empty cell's digit in a pattern key.
pub const EMPTY_TOP: usize = 3;
/// A pattern no state of a walk shows.
pub const NOT_SEEN: u8 = u8::MAX;

fn cube_index(colours: [u8; 3]) -> u32 {
    CUBES.iter().position(|&c| c == colours).expect("three different colours") as u32
}

/// The cube after rolling towards the front or back (top and front swap) or sideways
/// (top and side swap).
fn rolled(cube: u32, vertical: bool) -> u32 {
    let [top, front, side] = CUBES[cube as usize];
    cube_index(if vertical { [front, top, side] } else { [side, front, top] })
}

fn cell_of(state: u32, cell: usize) -> u32 {
    state >> (3 * cell) & 7
}

fn with_cell(state: u32, cell: usize, value: u32) -> u32 {
    state & !(7 << (3 * cell)) | value << (3 * cell)
}

/// The start: every cube White on top, Red at the front, Blue at the side; `empty` empty.
pub fn start_state(empty: usize) -> u32 {
    (0..9).fold(0, |state, cell| with_cell(state, cell, if cell == empty { EMPTY } else { 0 }))
}

fn empty_of(state: u32) -> usize {
    (0..9).find(|&cell| cell_of(state, cell) == EMPTY).expect("one empty cell")
}

/// The state after the cube on `from` rolls into the empty cell next to it.
fn roll_from(state: u32, from: usize) -> u32 {
    let empty = empty_of(state);
    let vertical = from % 3 == empty % 3;
    let moved = with_cell(state, empty, rolled(cell_of(state, from), vertical));
    with_cell(moved, from, EMPTY)
}

/// The cells next to the empty cell.
fn cells_next_to(empty: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (empty / 3, empty % 3);
    [
        (row > 0, empty.wrapping_sub(3)),
        (row < 2, empty + 3),
        (column > 0, empty.wrapping_sub(1)),
        (column < 2, empty + 1),
    ]
    .into_iter()
    .filter_map(|(on_board, cell)| on_board.then_some(cell))
}

/// Every state one roll away from `state`.
fn neighbours(state: u32) -> impl Iterator<Item = u32> {
    cells_next_to(empty_of(state)).map(move |from| roll_from(state, from))
}

/// Replays roll letters (the direction the cube travels) from `state`; `None` if a roll is
/// impossible.
pub fn replay(state: u32, letters: &str) -> Option<u32> {
    letters.chars().try_fold(state, |state, letter| {
        let empty = empty_of(state);
        let (row, column) = (empty / 3, empty % 3);
        let from = match letter {
            'u' if row < 2 => empty + 3,
            'd' if row > 0 => empty - 3,
            'l' if column < 2 => empty + 1,
            'r' if column > 0 => empty - 1,
            _ => return None,
        };
        Some(roll_from(state, from))
    })
}

/// What is seen from above, as a pattern key.
pub fn tops_key(state: u32) -> usize {
    (0..9).rev().fold(0, |key, cell| {
        let value = cell_of(state, cell);
        key * 4 + if value == EMPTY { EMPTY_TOP } else { usize::from(CUBES[value as usize][0]) }
    })
}

/// One walk from a start cell: states per distance, and every pattern's distance by
/// [`tops_key`] ([`NOT_SEEN`] where no state shows it).
pub struct Walk {
    /// How many states lie at each distance from the start.
    pub states_per_distance: Vec<u64>,
    /// The fewest rolls to each pattern, by key.
    pub pattern_distance: Vec<u8>,
}

/// The breadth-first walk over every state reachable from the start with `empty` empty.
/// A packed state indexes a visited bitset directly; one walk over ~4 million states takes
/// a fraction of a second.
pub fn bfs(empty: usize) -> Walk {
    let mut visited = vec![0u64; (1 << 27) / 64];
    let mut visit = |state: u32| {
        let (word, bit) = ((state / 64) as usize, state % 64);
        let new = visited[word] >> bit & 1 == 0;
        visited[word] |= 1 << bit;
        new
    };
    let start = start_state(empty);
    visit(start);
    let mut walk = Walk { states_per_distance: Vec::new(), pattern_distance: vec![NOT_SEEN; 1 << 18] };
    let mut frontier = vec![start];
    while !frontier.is_empty() {
        let distance = walk.states_per_distance.len() as u8;
        walk.states_per_distance.push(frontier.len() as u64);
        let mut next = Vec::new();
        for &state in &frontier {
            let slot = &mut walk.pattern_distance[tops_key(state)];
            *slot = (*slot).min(distance);
            next.extend(neighbours(state).filter(|&s| visit(s)));
        }
        // In order, the visited bits of a layer's neighbours are looked up nearly in order.
        next.sort_unstable();
        frontier = next;
    }
    walk
}

/// Every state showing the pattern `key`: each cube may lie two ways with a given colour
/// on top, so 2^8 states, most of which the start does not reach. Sorted.
fn states_showing(key: usize) -> Vec<u32> {
    let digit = |cell: usize| key >> (2 * cell) & 3;
    let mut states = vec![0u32];
    for cell in 0..9 {
        let choices: Vec<u32> = if digit(cell) == EMPTY_TOP {
            vec![EMPTY]
        } else {
            (0..6).filter(|&cube| usize::from(CUBES[cube as usize][0]) == digit(cell)).collect()
        };
        states = states.iter().flat_map(|&s| choices.iter().map(move |&c| with_cell(s, cell, c))).collect();
    }
    states.sort_unstable();
    states
}

/// One side of the bidirectional search: its last two layers, sorted.
struct Side {
    previous: Vec<u32>,
    frontier: Vec<u32>,
    depth: u8,
}

impl Side {
    fn new(frontier: Vec<u32>) -> Side {
        Side { previous: Vec::new(), frontier, depth: 0 }
    }

    /// Replaces the frontier by the next layer. A roll moves the empty cell to a cell of the
    /// other chessboard colour, so no two states of one layer are a roll apart, and a
    /// frontier state's neighbours lie in the layer before or the layer after: only the
    /// previous layer needs looking at to tell new states from seen ones.
    fn expand(&mut self) {
        let mut next: Vec<u32> = self
            .frontier
            .iter()
            .flat_map(|&state| neighbours(state))
            .filter(|s| self.previous.binary_search(s).is_err())
            .collect();
        next.sort_unstable();
        next.dedup();
        self.previous = std::mem::replace(&mut self.frontier, next);
        self.depth += 1;
    }
}

fn sorted_sets_meet(a: &[u32], b: &[u32]) -> bool {
    let (small, large) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    small.iter().any(|s| large.binary_search(s).is_ok())
}

/// The fewest rolls from the start with `empty` empty to a state showing the pattern
/// `key`, by a bidirectional breadth-first search (forward from the start, backward from
/// every state showing the pattern, the smaller frontier expanding first), or `None` if no
/// reachable state shows it.
///
/// Before each expansion the two sides have seen no state in common. So when a new state
/// of one side (depth `d + 1`) has been seen by the other (depth `e`), that state lies in
/// the other's last layer (had it been seen earlier, one of its neighbours, at depth `d`,
/// would have been seen by both sides already), and every state the two sides share after
/// this expansion is `d + 1 + e` rolls from the start through the pattern: that is the
/// distance.
pub fn bidirectional_distance(empty: usize, key: usize) -> Option<u8> {
    let mut forward = Side::new(vec![start_state(empty)]);
    let mut backward = Side::new(states_showing(key));
    while !sorted_sets_meet(&forward.frontier, &backward.frontier) {
        if forward.frontier.is_empty() || backward.frontier.is_empty() {
            return None;
        }
        if forward.frontier.len() <= backward.frontier.len() {
            forward.expand();
        } else {
            backward.expand();
        }
    }
    Some(forward.depth + backward.depth)
}
