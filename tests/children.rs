//! The answer path's children against independent searches (tests/reference, never the
//! tables): for random boards of every puzzle and the far corners (the goal, the deepest
//! boards, unsolvable ones), every legal move is listed, each child's distance is the
//! reference's (or, where only bounds are claimed, the reference's lies within them), and a
//! move is marked optimal exactly when it leads one nearer.

mod common;
#[path = "reference/cube.rs"]
mod cube_reference;
#[path = "reference/cubic.rs"]
mod cubic_reference;
#[path = "reference/eight.rs"]
mod eight_reference;
#[path = "reference/fifteen.rs"]
mod fifteen_reference;
#[path = "reference/rotation.rs"]
mod rotation_reference;

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use common::tables_with;
use puzzle_tables_query::answer::{AnswerOptions, Answerer, Child, CubeInput};
use puzzle_tables_query::cube::Metric;
use puzzle_tables_query::cubic::Cell;
use puzzle_tables_query::{Puzzle, Tables};

fn answerer(puzzle: Puzzle) -> Answerer {
    Answerer::new(Tables::open(tables_with(puzzle)).expect("the tables open"))
}

fn with_children() -> AnswerOptions {
    AnswerOptions { children: true, ..AnswerOptions::default() }
}

/// Numbers of a board as the answers write it (`x` the blank), in order.
fn numbers(text: &str) -> Vec<u8> {
    text.split(' ').map(|n| if n == "x" { 0 } else { n.parse().expect("a number") }).collect()
}

/// Checks `children` against the reference distances `reference` gives each child's board,
/// and their number against `legal`; `parent` is the board's reference distance.
fn check_children(
    children: &[Child],
    parent: Option<u32>,
    legal: usize,
    reference: impl Fn(&str) -> Option<u32>,
    what: &str,
) {
    assert_eq!(children.len(), legal, "{what}: every legal move");
    for child in children {
        let truth = reference(&child.board);
        match child.distance {
            Some(distance) => assert_eq!(Some(distance), truth, "{what}: {child:?}"),
            None if truth.is_none() => {}
            None => {
                let truth = truth.expect("a solvable child");
                assert!(child.at_least.is_some_and(|low| low <= truth), "{what}: {child:?} vs {truth}");
                assert!(child.at_most.is_none_or(|high| truth <= high), "{what}: {child:?} vs {truth}");
            }
        }
        let nearer = matches!((truth, parent), (Some(c), Some(p)) if c + 1 == p);
        let proven = child.distance.is_some();
        assert_eq!(child.optimal, nearer && proven, "{what}: {child:?}");
    }
}

fn eight_distances() -> &'static HashMap<eight_reference::Cells, u8> {
    static DISTANCES: OnceLock<HashMap<eight_reference::Cells, u8>> = OnceLock::new();
    DISTANCES.get_or_init(eight_reference::bfs_distances)
}

#[test]
fn eight_puzzle_children_match_the_breadth_first_search_on_every_kind_of_board() {
    let answerer = answerer(Puzzle::Eight);
    let distances = eight_distances();
    let reference = |text: &str| -> Option<u32> {
        let cells: eight_reference::Cells = numbers(text).try_into().expect("nine cells");
        distances.get(&cells).map(|&d| u32::from(d))
    };
    let mut rng = fastrand::Rng::with_seed(41);
    let deepest = distances.iter().filter(|(_, &d)| d == 31).map(|(cells, _)| *cells);
    let mut boards: Vec<eight_reference::Cells> = deepest.chain([eight_reference::GOAL]).collect();
    boards.extend((0..3000).map(|_| {
        let mut cells = eight_reference::GOAL;
        rng.shuffle(&mut cells);
        cells
    }));
    for cells in boards {
        let text: Vec<String> = cells.iter().map(u8::to_string).collect();
        let answer = answerer.answer_eight(&text.join(" "), &with_children()).expect("an answer");
        let parent = distances.get(&cells).map(|&d| u32::from(d));
        assert_eq!(answer.distance.map(|d| d as u32), parent);
        let legal = eight_reference::LETTERS.iter().filter(|&&l| eight_reference::slide(&cells, l).is_some()).count();
        check_children(&answer.details.children.expect("asked for"), parent, legal, reference, &answer.board);
    }
}

#[test]
fn rotation_game_children_match_the_breadth_first_search() {
    let answerer = answerer(Puzzle::Rotation);
    let reference = |text: &str| -> Option<u32> {
        let cells: rotation_reference::Cells = numbers(text).try_into().expect("24 symbols");
        Some(u32::from(rotation_reference::board_distance(&cells)))
    };
    let mut rng = fastrand::Rng::with_seed(42);
    let solved: rotation_reference::Cells =
        numbers("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3").try_into().unwrap();
    for i in 0..1500 {
        let mut cells = solved;
        if i > 0 {
            rng.shuffle(&mut cells);
        }
        let text: Vec<String> = cells.iter().map(u8::to_string).collect();
        let answer = answerer.answer_rotation(&text.join(" "), &with_children()).expect("an answer");
        let parent = reference(&text.join(" "));
        assert_eq!(Some(answer.distance as u32), parent);
        check_children(&answer.details.children.expect("asked for"), parent, 8, reference, &answer.board);
    }
}

#[test]
fn fifteen_puzzle_children_match_an_independent_ida_star_and_bounds_hold_past_the_budget() {
    let answerer = answerer(Puzzle::Fifteen);
    let solve = |text: &str| -> Option<u32> {
        let cells: fifteen_reference::Cells = numbers(text).try_into().expect("sixteen cells");
        fifteen_reference::solvable(&cells).then(|| fifteen_reference::ida_manhattan(cells).len() as u32)
    };
    let mut rng = fastrand::Rng::with_seed(43);
    let mut boards = vec![fifteen_reference::GOAL];
    let mut unsolvable = fifteen_reference::GOAL;
    unsolvable.swap(0, 1);
    boards.push(unsolvable);
    boards.extend((0..60).map(|i| fifteen_reference::random_walk(&mut rng, 6 + i % 19)));
    for cells in boards {
        let text = fifteen_reference::board_text(&cells);
        let legal =
            fifteen_reference::LETTERS.iter().filter(|&&l| fifteen_reference::slide(&cells, l).is_some()).count();
        let answer = answerer.answer_fifteen(&text, &with_children()).expect("an answer");
        let parent = solve(&answer.board);
        assert_eq!(answer.distance.map(|d| d as u32), parent, "{text}");
        check_children(&answer.details.children.expect("asked for"), parent, legal, solve, &text);
        // A budget too small for the children's searches leaves bounds, which hold.
        let tight = AnswerOptions { max_nodes: Some(answer.nodes.saturating_sub(1).max(1)), ..with_children() };
        let answer = answerer.answer_fifteen(&text, &tight).expect("an answer");
        if let Some(children) = answer.details.children {
            check_children(&children, parent, legal, solve, &text);
        } else if let Some(at_least) = answer.at_least {
            assert!(answer.budget_exhausted && parent.is_some_and(|p| at_least as u32 <= p), "{text}");
        }
    }
}

/// The fewest rolls from `state` to a state whose top colours are `key`, by a breadth-first
/// search of at most `limit` rolls.
fn cubic_rolls_to(state: u32, key: usize, limit: u32) -> Option<u32> {
    let mut seen = HashSet::from([state]);
    let mut layer = vec![state];
    for depth in 0..=limit {
        if layer.iter().any(|&s| cubic_reference::tops_key(s) == key) {
            return Some(depth);
        }
        layer = layer
            .iter()
            .flat_map(|&s| {
                ['u', 'd', 'l', 'r'].into_iter().filter_map(move |l| cubic_reference::replay(s, &l.to_string()))
            })
            .filter(|&next| seen.insert(next))
            .collect();
    }
    None
}

#[test]
fn cubic_children_are_one_roll_nearer_exactly_when_a_search_from_them_says_so() {
    let answerer = answerer(Puzzle::Cubic);
    let mut rng = fastrand::Rng::with_seed(44);
    for case in 0..40 {
        let empty = rng.usize(..9);
        let start = Cell::from_xy(empty as u32 % 3 + 1, empty as u32 / 3 + 1).expect("a cell");
        let mut state = cubic_reference::start_state(empty);
        for _ in 0..rng.usize(0..=11) {
            let letter = ['u', 'd', 'l', 'r'][rng.usize(..4)];
            state = cubic_reference::replay(state, &letter.to_string()).unwrap_or(state);
        }
        let key = cubic_reference::tops_key(state);
        let pattern = pattern_text(state);
        let options = AnswerOptions { start: Some(start), ..with_children() };
        let answer = answerer.answer_cubic(&pattern, &options).expect("an answer");
        let end = cubic_reference::replay(cubic_reference::start_state(empty), &answer.moves).expect("legal rolls");
        assert_eq!(cubic_reference::tops_key(end), key, "case {case}");
        let distance = answer.distance as u32;
        for child in answer.details.children.expect("asked for") {
            let after =
                cubic_reference::replay(cubic_reference::start_state(empty), &child.step).expect("a legal roll");
            let nearer = distance > 0 && cubic_rolls_to(after, key, distance - 1) == Some(distance - 1);
            let expected = if nearer { distance - 1 } else { distance + 1 };
            assert_eq!((child.distance, child.optimal), (Some(expected), nearer), "case {case}: {child:?}");
        }
    }
}

/// A reference state's pattern as `solve cubic` reads it: the top colour of each cell, row
/// by row (the reference's key digits: 0 White, 1 Red, 2 Blue, 3 empty).
fn pattern_text(state: u32) -> String {
    let key = cubic_reference::tops_key(state);
    (0..9).map(|cell| ['W', 'R', 'B', 'E'][key >> (2 * cell) & 3]).collect()
}

fn quarter_turn_ball() -> &'static HashMap<cube_reference::Facelets, u8> {
    static BALL: OnceLock<HashMap<cube_reference::Facelets, u8>> = OnceLock::new();
    BALL.get_or_init(|| cube_reference::quarter_turn_ball(6))
}

#[test]
fn cube_children_in_quarter_turns_are_exact_within_the_tables_reach() {
    tables_with(Puzzle::MagicCube);
    let tables = answerer(Puzzle::Cube);
    let reference = |text: &str| -> Option<u32> {
        let cube = cube_reference::from_text(text).expect("a facelet string");
        cube_reference::quarter_turn_distance(&cube, quarter_turn_ball(), 2).map(|d| d as u32)
    };
    let mut rng = cube_reference::SplitMix64(45);
    let quarters: Vec<cube_reference::Turn> = cube_reference::Turn::quarters().collect();
    for length in [0, 1, 2, 3, 4, 5, 5, 5] {
        let turns: Vec<_> = (0..length).map(|_| quarters[rng.below(12) as usize]).collect();
        let scramble = cube_reference::notation(&turns);
        let parent = reference(&cube_reference::to_text(&cube_reference::apply_all(&cube_reference::SOLVED, &turns)));
        let options = AnswerOptions { cube_input: CubeInput::Scramble, metric: Metric::Qtm, ..with_children() };
        let answer = tables.answer_cube(&scramble, &options).expect("an answer");
        assert_eq!(answer.distance, parent, "{scramble}");
        check_children(&answer.details.children.expect("asked for"), parent, 12, reference, &scramble);
        let magic =
            tables.answer_magic_cube(&scramble, &AnswerOptions { cube_input: CubeInput::Scramble, ..with_children() });
        let magic = magic.expect("an answer");
        assert_eq!(magic.distance, parent, "{scramble}");
        check_children(&magic.details.children.expect("asked for"), parent, 12, reference, &scramble);
    }
}

fn face_turn_ball() -> &'static HashMap<u128, u8> {
    static BALL: OnceLock<HashMap<u128, u8>> = OnceLock::new();
    BALL.get_or_init(|| cube_reference::face_turn_ball(5))
}

#[test]
fn cube_children_of_a_proven_optimal_answer_hold_its_bounds_and_its_first_move_is_exact() {
    tables_with(Puzzle::MagicCube);
    let tables = answerer(Puzzle::Cube);
    let reference = |text: &str| -> Option<u32> {
        let cube = cube_reference::from_text(text).expect("a facelet string");
        cube_reference::face_turn_distance(&cube, face_turn_ball(), 5).map(|d| d as u32)
    };
    let mut rng = cube_reference::SplitMix64(46);
    for length in [0, 1, 2, 4, 5, 6, 7, 8, 8] {
        let turns = cube_reference::random_turns(&mut rng, length);
        let scramble = cube_reference::notation(&turns);
        let parent = reference(&cube_reference::to_text(&cube_reference::apply_all(&cube_reference::SOLVED, &turns)));
        let options = AnswerOptions { cube_input: CubeInput::Scramble, optimal: true, ..with_children() };
        let answer = tables.answer_cube(&scramble, &options).expect("an answer");
        assert_eq!((answer.optimal, Some(answer.length)), (Some(true), parent), "{scramble}");
        let children = answer.details.children.expect("asked for");
        check_children(&children, parent, 18, reference, &scramble);
        let proven = answer.length;
        let first = answer.moves.split(' ').next().filter(|m| !m.is_empty());
        for child in &children {
            // Only the solution's first move is sure to be proven one nearer.
            if Some(child.step.as_str()) == first {
                assert_eq!((child.distance, child.optimal), (Some(proven - 1), true), "{scramble}: {child:?}");
            }
            if child.distance.is_none() {
                assert_eq!(child.at_least, Some(proven.saturating_sub(1).max(1)), "{scramble}: {child:?}");
                assert!(child.at_most.is_some_and(|high| high <= proven + 1), "{scramble}: {child:?}");
            }
        }
    }
}
