//! An independent magic-cube search, written without the model or the table and with its
//! own turn code: stickers as points in space, a face turn as a rotation of the stickers in
//! that face's layer. The distance of a cube up to eight quarter turns comes from meeting
//! in the middle: a breadth-first search of up to four turns from the cube against the ball
//! of every cube within four turns of solved, built once per process. Used by the tests to
//! check the table and by the benchmarks to compare with it.

#![allow(dead_code)] // Tests and benchmarks each use their own part of it.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

type Vector = [i32; 3];
/// Each of the 54 stickers in the judge's net order, as the number of the face whose
/// colour it has.
pub type Stickers = [u8; 54];

/// Each net face's outward normal and, as drawn in the net, its rightward and downward
/// directions: x runs left to right, y down to up, z back to front.
const FACES: [(Vector, Vector, Vector); 6] = [
    ([-1, 0, 0], [0, 0, 1], [0, -1, 0]),  // 0 left
    ([0, 0, 1], [1, 0, 0], [0, -1, 0]),   // 1 front
    ([1, 0, 0], [0, 0, -1], [0, -1, 0]),  // 2 right
    ([0, 0, -1], [-1, 0, 0], [0, -1, 0]), // 3 back
    ([0, 1, 0], [1, 0, 0], [0, 0, 1]),    // 4 up: its top row borders the back
    ([0, -1, 0], [1, 0, 0], [0, 0, -1]),  // 5 down: its top row borders the front
];

/// Where sticker `9 * face + 3 * row + col` sits, and which way it faces.
fn sticker(index: usize) -> (Vector, Vector) {
    let (normal, right, down) = FACES[index / 9];
    let (row, col) = ((index % 9 / 3) as i32 - 1, (index % 3) as i32 - 1);
    (std::array::from_fn(|k| normal[k] + col * right[k] + row * down[k]), normal)
}

fn cross(a: Vector, b: Vector) -> Vector {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// A quarter turn about the outward `axis`: clockwise as seen from outside is `v -> a(a.v) - a x v`.
fn rotate(v: Vector, axis: Vector, clockwise: bool) -> Vector {
    let along: i32 = (0..3).map(|k| v[k] * axis[k]).sum();
    let turn = cross(axis, v);
    let sign = if clockwise { -1 } else { 1 };
    std::array::from_fn(|k| axis[k] * along + sign * turn[k])
}

/// `moves()[2 * face + (dir == -1)]`: after that turn, sticker `x` holds what `source[x]` held.
fn moves() -> &'static [[usize; 54]; 12] {
    static MOVES: OnceLock<[[usize; 54]; 12]> = OnceLock::new();
    MOVES.get_or_init(|| {
        let place: HashMap<(Vector, Vector), usize> = (0..54).map(|x| (sticker(x), x)).collect();
        std::array::from_fn(|m| {
            let (axis, clockwise) = (FACES[m / 2].0, m % 2 == 0);
            let mut source: [usize; 54] = std::array::from_fn(|x| x);
            for x in 0..54 {
                let (position, normal) = sticker(x);
                if (0..3).map(|k| position[k] * axis[k]).sum::<i32>() == 1 {
                    source[place[&(rotate(position, axis, clockwise), rotate(normal, axis, clockwise))]] = x;
                }
            }
            source
        })
    })
}

/// The stickers after step `step` (`2 * face + (dir == -1)`, see [`judge_step`]).
pub fn apply(stickers: &Stickers, step: usize) -> Stickers {
    let source = &moves()[step];
    std::array::from_fn(|x| stickers[source[x]])
}

/// The step of a judge line `face dir`.
pub fn judge_step(line: &str) -> usize {
    let (face, dir) = line.split_once(' ').expect("face dir");
    let face: usize = face.parse().expect("a face number");
    2 * face + usize::from(dir == "-1")
}

/// The solved cube.
pub const SOLVED: Stickers = {
    let mut stickers = [0u8; 54];
    let mut x = 0;
    while x < 54 {
        stickers[x] = (x / 9) as u8;
        x += 1;
    }
    stickers
};

/// Any 54 colour bytes in net order as stickers, each colour named by the face whose centre
/// has it; `None` when some colour is on no centre.
pub fn stickers_from_colours(colours: &[u8; 54]) -> Option<Stickers> {
    let mut stickers = [0u8; 54];
    for (x, colour) in colours.iter().enumerate() {
        stickers[x] = (0..6).find(|&face| colours[9 * face + 4] == *colour)? as u8;
    }
    Some(stickers)
}

/// Every cube within `depth` turns of solved, with its distance, by breadth-first search.
pub fn ball(depth: u8) -> HashMap<Stickers, u8> {
    let mut distance = HashMap::from([(SOLVED, 0u8)]);
    let mut layer = vec![SOLVED];
    for d in 1..=depth {
        let mut next = Vec::new();
        for stickers in &layer {
            for step in 0..12 {
                let neighbour = apply(stickers, step);
                distance.entry(neighbour).or_insert_with(|| {
                    next.push(neighbour);
                    d
                });
            }
        }
        layer = next;
    }
    distance
}

/// Every cube within four turns of solved, with its distance: [`ball`]`(4)`, built once.
pub fn near_solved() -> &'static HashMap<Stickers, u8> {
    static NEAR: OnceLock<HashMap<Stickers, u8>> = OnceLock::new();
    NEAR.get_or_init(|| ball(4))
}

/// The distance of `stickers` from solved when it is at most eight, meeting in the middle:
/// the first layer `r` of a breadth-first search from the cube that touches a cube within
/// four of solved gives `4 + r` (a nearer cube would have touched an earlier layer).
pub fn distance_up_to_8(stickers: Stickers) -> Option<usize> {
    let near = near_solved();
    if let Some(&d) = near.get(&stickers) {
        return Some(usize::from(d));
    }
    let mut seen = HashSet::from([stickers]);
    let mut layer = vec![stickers];
    for r in 1..=4 {
        let mut next = Vec::new();
        for cube in &layer {
            for step in 0..12 {
                let neighbour = apply(cube, step);
                if seen.insert(neighbour) {
                    next.push(neighbour);
                }
            }
        }
        if next.iter().any(|cube| near.contains_key(cube)) {
            return Some(4 + r);
        }
        layer = next;
    }
    None
}
