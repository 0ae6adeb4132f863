//! Independent fifteen-puzzle searches, written without the model or the tables, std only:
//! IDA* with the Manhattan distance (moves tried in dictionary order of their letters, so
//! its first optimal answer is the first in dictionary order), a 0-1 BFS that computes one
//! pattern database value for every placement of a few tiles, and Korf's 100 instances
//! turned to this project's goal. Used by the tests and by the benchmarks.

#![allow(dead_code)] // Tests and benchmarks each use their own part of it.

use std::collections::{HashMap, VecDeque};

/// Sixteen cells in row-major order, 0 for the blank.
pub type Cells = [u8; 16];
/// The goal board.
pub const GOAL: Cells = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
/// The blank's moves by their letters, in dictionary order.
pub const LETTERS: [char; 4] = ['D', 'L', 'R', 'U'];

/// The cell the blank reaches from `blank` by `letter`, or `None` at the frame.
fn blank_target(blank: usize, letter: char) -> Option<usize> {
    let (row, col) = (blank / 4, blank % 4);
    match letter {
        'U' if row > 0 => Some(blank - 4),
        'D' if row < 3 => Some(blank + 4),
        'L' if col > 0 => Some(blank - 1),
        'R' if col < 3 => Some(blank + 1),
        _ => None,
    }
}

/// Slides the blank in the direction of `letter`, or `None` at the frame.
pub fn slide(cells: &Cells, letter: char) -> Option<Cells> {
    let blank = cells.iter().position(|&c| c == 0)?;
    let target = blank_target(blank, letter)?;
    let mut next = *cells;
    next.swap(blank, target);
    Some(next)
}

/// Replays `letters` from `cells`; `None` when a move leaves the frame.
pub fn replay(cells: Cells, letters: &str) -> Option<Cells> {
    letters.chars().try_fold(cells, |c, letter| slide(&c, letter))
}

/// `steps` random moves from the goal (a move may undo the one before).
pub fn random_walk(rng: &mut fastrand::Rng, steps: usize) -> Cells {
    let mut cells = GOAL;
    for _ in 0..steps {
        loop {
            if let Some(next) = slide(&cells, LETTERS[rng.usize(..4)]) {
                cells = next;
                break;
            }
        }
    }
    cells
}

/// Whether `cells` can reach the goal: every move is one transposition of cells and takes
/// the blank one cell further or nearer, so the parity of the permutation that sends each
/// cell's content home (by its cycles) must equal that of the blank's distance from home.
pub fn solvable(cells: &Cells) -> bool {
    let home = |cell: usize| if cells[cell] == 0 { 15 } else { usize::from(cells[cell]) - 1 };
    let mut seen = [false; 16];
    let mut transpositions = 0;
    for start in 0..16 {
        if seen[start] {
            continue;
        }
        let (mut cell, mut length) = (start, 0);
        while !seen[cell] {
            seen[cell] = true;
            cell = home(cell);
            length += 1;
        }
        transpositions += length - 1;
    }
    let blank = cells.iter().position(|&c| c == 0).expect("a blank");
    transpositions % 2 == (3 - blank / 4 + 3 - blank % 4) % 2
}

fn manhattan(cells: &Cells) -> usize {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0)
        .map(|(cell, &tile)| {
            let home = usize::from(tile - 1);
            (cell / 4).abs_diff(home / 4) + (cell % 4).abs_diff(home % 4)
        })
        .sum()
}

fn opposite(letter: char) -> char {
    match letter {
        'U' => 'D',
        'D' => 'U',
        'L' => 'R',
        _ => 'L',
    }
}

/// The optimal move string first in dictionary order, by IDA* with the Manhattan distance,
/// for a solvable `start` (an unsolvable one would never end).
pub fn ida_manhattan(start: Cells) -> String {
    fn dfs(cells: &mut Cells, blank: usize, g: usize, bound: usize, path: &mut String) -> Result<(), usize> {
        let h = manhattan(cells);
        if g + h > bound {
            return Err(g + h);
        }
        if h == 0 {
            return Ok(());
        }
        let mut least = usize::MAX;
        for letter in LETTERS {
            if path.ends_with(opposite(letter)) {
                continue;
            }
            let Some(target) = blank_target(blank, letter) else { continue };
            cells.swap(blank, target);
            path.push(letter);
            let found = dfs(cells, target, g + 1, bound, path);
            if found.is_ok() {
                return found;
            }
            path.pop();
            cells.swap(blank, target);
            least = least.min(found.unwrap_err());
        }
        Err(least)
    }
    let mut cells = start;
    let blank = cells.iter().position(|&c| c == 0).expect("a blank");
    let mut bound = manhattan(&cells);
    loop {
        let mut path = String::new();
        match dfs(&mut cells, blank, 0, bound, &mut path) {
            Ok(()) => return path,
            Err(next) => bound = next,
        }
    }
}

/// For every placement of `tiles` (their cells, in the order of `tiles`), the fewest moves
/// of those tiles that bring them home with the blank in the goal's region, by a 0-1 BFS
/// over (cells of the tiles, blank cell) where a move of any other tile costs 0.
pub fn pattern_values(tiles: &[u8]) -> HashMap<Vec<u8>, u8> {
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    let mut cost: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
    let mut queue = VecDeque::from([(home, 15u8, 0u8)]);
    let mut values: HashMap<Vec<u8>, u8> = HashMap::new();
    while let Some((placement, blank, c)) = queue.pop_front() {
        if cost.get(&(placement.clone(), blank)).is_some_and(|&known| known <= c) {
            continue;
        }
        cost.insert((placement.clone(), blank), c);
        values.entry(placement.clone()).and_modify(|v| *v = (*v).min(c)).or_insert(c);
        for letter in LETTERS {
            let Some(target) = blank_target(usize::from(blank), letter) else { continue };
            let target = target as u8;
            match placement.iter().position(|&cell| cell == target) {
                // A pattern tile slides into the blank's cell: cost 1, to the back.
                Some(i) => {
                    let mut moved = placement.clone();
                    moved[i] = blank;
                    queue.push_back((moved, target, c + 1));
                }
                // Another tile: cost 0, to the front.
                None => queue.push_front((placement.clone(), target, c)),
            }
        }
    }
    values
}

/// The cells next to those in `cells` (a 16-bit set, bit `c` for cell `c`).
fn adjacent(cells: u32) -> u32 {
    let (first_column, last_column) = (0x1111, 0x8888);
    ((cells << 4) | (cells >> 4) | ((cells << 1) & !first_column) | ((cells >> 1) & !last_column)) & 0xffff
}

/// The cells of `free` the blank reaches from `start` by moves that cost nothing.
fn blank_region(start: u32, free: u32) -> u32 {
    let mut region = start;
    while region | (adjacent(region) & free) != region {
        region |= adjacent(region) & free;
    }
    region
}

/// [`pattern_values`] for patterns too large for a hash map, indexed by cells in base 16
/// (tile `i` of `k` at cell `c` adds `c * 16^(k-1-i)`; 255 where a cell repeats). The same
/// 0-1 BFS, with each cost-0 closure taken at once: a state is a placement and the whole
/// region of free cells the blank can reach, and one layer (a list of states) per cost.
pub fn pattern_values_by_cells(tiles: &[u8]) -> Vec<u8> {
    let k = tiles.len();
    let weight = |i: usize| 1usize << (4 * (k - 1 - i));
    let mut values = vec![u8::MAX; 1 << (4 * k)];
    let mut reached = vec![0u16; 1 << (4 * k)];
    let home = tiles.iter().enumerate().map(|(i, &t)| usize::from(t - 1) * weight(i)).sum::<usize>();
    let home_occupied = tiles.iter().fold(0u32, |set, &t| set | 1 << (t - 1));
    let start = blank_region(1 << 15, !home_occupied & 0xffff);
    values[home] = 0;
    reached[home] = start as u16;
    let mut layer = vec![(home, start)];
    let mut cost = 0;
    while !layer.is_empty() {
        cost += 1;
        let mut next = Vec::new();
        for (index, region) in layer {
            let cell = |i: usize| (index / weight(i)) % 16;
            let occupied = (0..k).fold(0u32, |set, i| set | 1 << cell(i));
            for i in 0..k {
                let from = cell(i);
                let mut targets = adjacent(1 << from) & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let moved = index + to * weight(i) - from * weight(i);
                    let region = blank_region(1 << from, !(occupied ^ 1 << from ^ 1 << to) & 0xffff);
                    if u32::from(reached[moved]) & region == 0 {
                        reached[moved] |= region as u16;
                        values[moved] = values[moved].min(cost);
                        next.push((moved, region));
                    }
                }
            }
        }
        layer = next;
    }
    values
}

/// Korf's 100 instances turned to this goal: (number, optimal length, cells).
pub fn korf_instances() -> Vec<(usize, usize, Cells)> {
    include_str!("../data/fifteen-korf100.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let numbers: Vec<usize> = line.split_whitespace().map(|n| n.parse().expect("a number")).collect();
            let korf: Vec<u8> = numbers[2..].iter().map(|&n| n as u8).collect();
            let mut cells = [0u8; 16];
            for (cell, &tile) in korf.iter().enumerate() {
                cells[15 - cell] = if tile == 0 { 0 } else { 16 - tile };
            }
            (numbers[0], numbers[1], cells)
        })
        .collect()
}

/// Cells written as the command line takes them.
pub fn board_text(cells: &Cells) -> String {
    cells.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}
