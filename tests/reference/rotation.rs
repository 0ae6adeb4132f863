//! Independent rotation-game searches, written without the model or the tables and with
//! their own move code: the classical IDA* (trying A..H in order at increasing depths), and
//! a depth-first search pruned by exact distances from this file's own breadth-first search
//! over placement masks. Used by the tests to check the table and by the benchmarks to
//! compare with it.

#![allow(dead_code)] // Tests and benchmarks each use their own part of it.

use std::collections::VecDeque;
use std::sync::OnceLock;

/// Twenty-four symbols, position by position.
pub type Cells = [u8; 24];

/// Each move as the classical solutions write it: the blocks of the line shift one place
/// towards its first listed position, and the first block goes to the last position.
pub const LINES: [[usize; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];
/// The judge's letter for each move of [`LINES`].
pub const LETTERS: &[u8; 8] = b"ABCDEFGH";
/// `UNDO[m]` is the move that undoes move `m`: the same line listed backwards.
pub const UNDO: [usize; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
/// The eight centre positions.
pub const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];
/// The centre positions as a mask.
pub const GOAL_MASK: u32 = 1 << 6 | 1 << 7 | 1 << 8 | 1 << 11 | 1 << 12 | 1 << 15 | 1 << 16 | 1 << 17;

/// The board after move `m`.
pub fn rotate<T: Copy>(cells: &[T; 24], m: usize) -> [T; 24] {
    let line = LINES[m];
    let mut next = *cells;
    for i in 0..7 {
        next[line[i]] = cells[line[(i + 1) % 7]];
    }
    next
}

/// The positions of `symbol`, bit `p` for position `p`.
pub fn mask_of(cells: &Cells, symbol: u8) -> u32 {
    (0..24).filter(|&p| cells[p] == symbol).map(|p| 1 << p).sum()
}

/// One symbol's positions after move `m`.
pub fn rotate_mask(mask: u32, m: usize) -> u32 {
    let line = LINES[m];
    let mut next = mask;
    for i in 0..7 {
        let (from, to) = (line[(i + 1) % 7], line[i]);
        next = next & !(1 << to) | (mask >> from & 1) << to;
    }
    next
}

/// The symbol on all eight centre positions, if one is.
pub fn centre_of(cells: &Cells) -> Option<u8> {
    let symbol = cells[CENTRE[0]];
    CENTRE.iter().all(|&p| cells[p] == symbol).then_some(symbol)
}

/// The judge's two lines for moves `path` (indices into [`LINES`]) from `start`, replayed
/// here to find the centre symbol.
pub fn judge_lines(path: &[usize], start: &Cells) -> String {
    let end = path.iter().fold(*start, |cells, &m| rotate(&cells, m));
    let centre = centre_of(&end).expect("the path ends at a goal");
    let letters: String = path.iter().map(|&m| char::from(LETTERS[m])).collect();
    let first = if letters.is_empty() { "No moves needed" } else { &letters };
    format!("{first}\n{centre}\n")
}

// ---- the classical IDA* ----

/// The line each move turns: 0 and 1 the columns, 2 and 3 the rows.
const LINE_OF: [usize; 8] = [0, 1, 2, 3, 1, 0, 3, 2];

/// Whether `second` may follow `first` on the answer. Never a move's undoing; and two
/// moves on parallel lines commute, so only their dictionary order can be the answer.
fn may_follow(first: usize, second: usize) -> bool {
    let parallel = LINE_OF[first] != LINE_OF[second] && (LINE_OF[first] < 2) == (LINE_OF[second] < 2);
    second != UNDO[first] && !(parallel && second < first)
}

/// The classical IDA*: depth-first searches of increasing depth, trying A..H in order,
/// pruned by the classical bound: each move brings at most one more block of a symbol into
/// the centre, so at least `8 - (most blocks of one symbol in the centre)` moves remain.
/// The board is held as the three symbols' masks, to keep the search quick. Returns the
/// judge's two lines.
pub fn ida_star_answer(cells: &Cells) -> String {
    let masks = [1, 2, 3].map(|symbol| mask_of(cells, symbol));
    let mut path = Vec::new();
    let depth = (0..).find(|&depth| ida_search(masks, depth, None, &mut path)).unwrap();
    assert_eq!(path.len(), depth);
    judge_lines(&path, cells)
}

fn ida_search(masks: [u32; 3], remaining: usize, last: Option<usize>, path: &mut Vec<usize>) -> bool {
    let most_in_centre = masks.iter().map(|m| (m & GOAL_MASK).count_ones()).max().unwrap();
    if 8 - most_in_centre as usize > remaining {
        return false;
    }
    if remaining == 0 {
        return true;
    }
    for m in (0..8).filter(|&m| last.is_none_or(|last| may_follow(last, m))) {
        path.push(m);
        if ida_search(masks.map(|mask| rotate_mask(mask, m)), remaining - 1, Some(m), path) {
            return true;
        }
        path.pop();
    }
    false
}

// ---- breadth-first search over placement masks, and a search pruned by it ----

/// The distance of a mask the BFS never reached (one without eight bits).
pub const UNSEEN: u8 = u8::MAX;

/// For every 24-bit mask, its distance from the goal placement by a plain BFS, or
/// [`UNSEEN`]; indexed by the mask itself, so nothing here ranks placements. Computed once.
pub fn bfs_distances() -> &'static [u8] {
    static DISTANCES: OnceLock<Vec<u8>> = OnceLock::new();
    DISTANCES.get_or_init(|| {
        let mut distance = vec![UNSEEN; 1 << 24];
        distance[GOAL_MASK as usize] = 0;
        let mut queue = VecDeque::from([GOAL_MASK]);
        while let Some(mask) = queue.pop_front() {
            let d = distance[mask as usize];
            for m in 0..8 {
                let next = rotate_mask(mask, m);
                if distance[next as usize] == UNSEEN {
                    distance[next as usize] = d + 1;
                    queue.push_back(next);
                }
            }
        }
        distance
    })
}

/// Every reached mask with its distance.
pub fn reached() -> impl Iterator<Item = (u32, u8)> {
    bfs_distances().iter().enumerate().filter(|(_, &d)| d != UNSEEN).map(|(mask, &d)| (mask as u32, d))
}

/// The fewest moves that bring some symbol of the board to the centre, by the BFS.
pub fn board_distance(cells: &Cells) -> u8 {
    (1..=3).map(|symbol| bfs_distances()[mask_of(cells, symbol) as usize]).min().unwrap()
}

/// The judge's two lines for the first sequence, trying A..H in order, of exactly the
/// board's distance: a depth-first search that drops every branch the BFS distances say is
/// too far.
pub fn bfs_answer(cells: &Cells) -> String {
    let mut path = Vec::new();
    assert!(exact_search(cells, usize::from(board_distance(cells)), &mut path), "a shortest path exists");
    judge_lines(&path, cells)
}

fn exact_search(cells: &Cells, remaining: usize, path: &mut Vec<usize>) -> bool {
    if usize::from(board_distance(cells)) > remaining {
        return false;
    }
    if remaining == 0 {
        return true;
    }
    for m in 0..8 {
        path.push(m);
        if exact_search(&rotate(cells, m), remaining - 1, path) {
            return true;
        }
        path.pop();
    }
    false
}
