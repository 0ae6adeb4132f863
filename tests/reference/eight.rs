//! Independent eight-puzzle searches, written without the model or the tables: a plain BFS
//! over every board reachable from the goal, and an A* search (Manhattan distance) for one
//! board. Used by the tests to check the table and by the benchmarks to compare with it.

#![allow(dead_code)] // Tests and benchmarks each use their own part of it.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

/// Nine cells in row-major order, 0 for the blank.
pub type Cells = [u8; 9];
/// The goal board.
pub const GOAL: Cells = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// The blank's moves by their judge letters.
pub const LETTERS: [char; 4] = ['u', 'd', 'l', 'r'];

/// Slides the blank in the direction of `letter`, or `None` at the frame.
pub fn slide(cells: &Cells, letter: char) -> Option<Cells> {
    let blank = cells.iter().position(|&c| c == 0)?;
    let (row, col) = (blank / 3, blank % 3);
    let target = match letter {
        'u' if row > 0 => blank - 3,
        'd' if row < 2 => blank + 3,
        'l' if col > 0 => blank - 1,
        'r' if col < 2 => blank + 1,
        _ => return None,
    };
    let mut next = *cells;
    next.swap(blank, target);
    Some(next)
}

/// Replays `letters` from `cells`; `None` when a move leaves the frame.
pub fn replay(cells: Cells, letters: &str) -> Option<Cells> {
    letters.chars().try_fold(cells, |c, letter| slide(&c, letter))
}

/// The distance of every board the goal reaches, by a plain BFS.
pub fn bfs_distances() -> HashMap<Cells, u8> {
    let mut distance = HashMap::from([(GOAL, 0u8)]);
    let mut queue = VecDeque::from([GOAL]);
    while let Some(cells) = queue.pop_front() {
        let d = distance[&cells];
        for letter in LETTERS {
            if let Some(next) = slide(&cells, letter) {
                distance.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    distance
}

fn manhattan(cells: &Cells) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in cells.iter().enumerate() {
        if tile != 0 {
            let home = usize::from(tile - 1);
            sum += (cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3);
        }
    }
    sum as u32
}

/// The fewest moves from `start` to the goal by A* with the Manhattan distance (admissible
/// and consistent, so the first time the goal is popped its distance is optimal), or
/// `None` when the search exhausts every reachable board (an unsolvable start).
pub fn astar_distance(start: Cells) -> Option<u32> {
    let mut best = HashMap::from([(start, 0u32)]);
    let mut open = BinaryHeap::from([Reverse((manhattan(&start), 0u32, start))]);
    while let Some(Reverse((_, g, cells))) = open.pop() {
        if cells == GOAL {
            return Some(g);
        }
        if best.get(&cells).is_some_and(|&known| known < g) {
            continue;
        }
        for letter in LETTERS {
            let Some(next) = slide(&cells, letter) else { continue };
            if best.get(&next).is_none_or(|&known| g + 1 < known) {
                best.insert(next, g + 1);
                open.push(Reverse((g + 1 + manhattan(&next), g + 1, next)));
            }
        }
    }
    None
}
