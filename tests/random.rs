//! `random` through the binary: every drawn board has exactly the asked distance by the
//! independent searches of `tests/reference/`, draws are distinct, seeded and uniform, and
//! asking for more boards than a layer holds is an error naming its size.

#[path = "setter/boards.rs"]
mod boards;
mod common;
#[path = "setter/references.rs"]
mod references;

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use boards::{cube_nets, cubic_datasets, eight_cells, fifteen_boards, rotation_boards};
use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;
use references::{cubic_reference, eight_reference, fifteen_reference, magic_cube_reference, rotation_reference};

/// `random ARGS...` for `puzzle`: its standard output, and whether it succeeded.
fn random(puzzle: Puzzle, args: &[&str]) -> (String, String, bool) {
    let output = binary(tables_with(puzzle)).arg("random").arg(puzzle.label()).args(args).output().unwrap();
    (stdout_of(&output), stderr_of(&output), output.status.success())
}

fn drawn(puzzle: Puzzle, args: &[&str]) -> String {
    let (out, err, ok) = random(puzzle, args);
    assert!(ok, "random {} {args:?} failed: {err}", puzzle.label());
    out
}

fn eight_distances() -> &'static HashMap<eight_reference::Cells, u8> {
    static DISTANCES: OnceLock<HashMap<eight_reference::Cells, u8>> = OnceLock::new();
    DISTANCES.get_or_init(eight_reference::bfs_distances)
}

#[test]
fn eight_at_31_is_exactly_the_two_farthest_boards_and_a_third_is_an_error() {
    let farthest: HashSet<eight_reference::Cells> =
        eight_distances().iter().filter(|&(_, &d)| d == 31).map(|(&cells, _)| cells).collect();
    assert_eq!(farthest.len(), 2);
    let out = drawn(Puzzle::Eight, &["--distance", "31", "--count", "2", "--seed", "9"]);
    let boards: HashSet<eight_reference::Cells> = out.lines().map(eight_cells).collect();
    assert_eq!(boards, farthest);
    let (out, err, ok) = random(Puzzle::Eight, &["--distance", "31", "--count", "3"]);
    assert!(!ok && out.is_empty());
    assert!(err.contains("asked for 3 boards, but there are only 2 eight boards at distance 31"), "{err}");
}

#[test]
fn every_eight_board_drawn_has_its_distance_by_bfs() {
    for distance in 0..=31u8 {
        let d = distance.to_string();
        let count = if distance == 0 { "1" } else { "2" };
        let out = drawn(Puzzle::Eight, &["--distance", &d, "--count", count, "--seed", &d]);
        assert_eq!(out.lines().count(), count.parse::<usize>().unwrap());
        for line in out.lines() {
            assert_eq!(eight_distances().get(&eight_cells(line)), Some(&distance), "{line}");
        }
    }
    let out = drawn(Puzzle::Eight, &["--count", "500", "--seed", "1"]);
    let boards: HashSet<&str> = out.lines().collect();
    assert_eq!(boards.len(), 500, "distinct");
    assert!(out.lines().all(|line| eight_distances().contains_key(&eight_cells(line))), "all solvable");
}

#[test]
fn the_same_seed_draws_the_same_boards() {
    let args = ["--distance", "20", "--count", "50", "--seed", "1043"];
    assert_eq!(drawn(Puzzle::Eight, &args), drawn(Puzzle::Eight, &args));
    assert_ne!(drawn(Puzzle::Eight, &args), drawn(Puzzle::Eight, &["--distance", "20", "--count", "50"]));
    // The stream is pinned: these boards come from SplitMix64 seeded with 1043.
    let first = drawn(Puzzle::Eight, &["--distance", "27", "--count", "1", "--seed", "1043"]);
    assert_eq!(eight_distances().get(&eight_cells(first.trim())), Some(&27));
}

/// "The same seed gives the same boards on every machine": what each puzzle draws for one
/// seed, written here.
#[test]
fn the_boards_drawn_for_a_seed_are_pinned() {
    let draws = [
        (Puzzle::Eight, &["--distance", "20", "--count", "2", "--seed", "25"][..], PINNED_DRAWS[0]),
        (Puzzle::Eight, &["--count", "2", "--seed", "25"], PINNED_DRAWS[1]),
        (Puzzle::Cubic, &["--distance", "12", "--count", "2", "--seed", "25"], PINNED_DRAWS[2]),
        (Puzzle::Rotation, &["--distance", "8", "--count", "2", "--seed", "25"], PINNED_DRAWS[3]),
        (Puzzle::Rotation, &["--count", "2", "--seed", "25"], PINNED_DRAWS[4]),
        (Puzzle::MagicCube, &["--distance", "4", "--count", "1", "--seed", "25"], PINNED_DRAWS[5]),
        (Puzzle::MagicCube, &["--count", "1", "--seed", "25"], PINNED_DRAWS[6]),
        (Puzzle::Fifteen, &["--distance", "12", "--count", "2", "--seed", "25"], PINNED_DRAWS[7]),
        (Puzzle::Fifteen, &["--count", "2", "--seed", "25"], PINNED_DRAWS[8]),
    ];
    let drawn: Vec<String> = draws.iter().map(|(puzzle, args, _)| drawn(*puzzle, args)).collect();
    for ((puzzle, args, pinned), out) in draws.iter().zip(&drawn) {
        assert_eq!(out, pinned, "random {} {args:?} drew other boards: {drawn:#?}", puzzle.label());
    }
}

/// What `the_boards_drawn_for_a_seed_are_pinned` asks for, in its order.
const PINNED_DRAWS: [&str; 9] = [
    "1 4 6 7 x 8 2 5 3\n4 1 x 2 7 5 3 8 6\n",
    "6 5 1 2 3 x 7 4 8\n2 x 4 6 7 5 1 8 3\n",
    "3 2\nB R B\nR B E\nW W B\n2 1\nW E R\nW R B\nR B W\n",
    "3 2 3 2 3 1 3 2 1 2 1 2 1 3 2 2 3 3 2 1 1 1 1 3\n3 1 1 3 1 3 1 2 3 1 1 2 1 3 3 2 2 2 3 2 2 3 2 1\n",
    "1 1 3 1 2 2 3 3 1 2 3 3 3 1 2 3 2 2 1 1 2 3 1 2\n3 1 3 2 1 3 2 3 2 1 1 2 3 2 1 2 3 3 1 1 2 1 2 3\n",
    "      U U U\n      U U U\n      U U R\nB B B L L F D F F R R R\nL L L F F D B R R B B B\nF F U F R D B R R B L L\n      L F L\n      D D D\n      D D D\n",
    "      R R R\n      U U B\n      B F D\nF L L U L L B D F D D U\nL L D L F F U R F D B B\nF B R U R D R B L U U L\n      B F B\n      R D U\n      D R F\n",
    "1 2 3 4\n9 5 6 8\n14 11 7 12\n13 0 10 15\n\n1 2 0 3\n5 6 12 4\n9 10 8 15\n13 14 7 11\n",
    "10 7 14 15\n0 4 6 8\n9 12 1 3\n5 2 13 11\n\n2 15 6 8\n1 0 4 3\n12 14 13 7\n11 10 5 9\n",
];

/// One board of `puzzle` drawn from the `boards` boards at `distance`, for each of `draws`
/// seeds: every board is drawn, and a chi-square test with `boards - 1` degrees of freedom
/// stays below `critical`.
fn assert_layer_drawn_uniformly(puzzle: Puzzle, distance: &str, boards: usize, draws: u32, critical: f64) {
    let mut counts: HashMap<String, u32> = HashMap::new();
    for seed in 0..draws {
        let out = drawn(puzzle, &["--distance", distance, "--seed", &seed.to_string()]);
        *counts.entry(out).or_default() += 1;
    }
    assert_eq!(counts.len(), boards, "every board of the layer is drawn");
    let expected = f64::from(draws) / boards as f64;
    let chi_square: f64 = counts.values().map(|&n| (f64::from(n) - expected).powi(2) / expected).sum();
    assert!(chi_square < critical, "chi-square {chi_square}");
}

/// One board drawn from the 20 boards at distance 5, for each of 400 seeds: a chi-square
/// test with 19 degrees of freedom (p = 0.001 critical value 43.8).
#[test]
fn draws_from_a_small_layer_are_uniform() {
    assert_layer_drawn_uniformly(Puzzle::Eight, "5", 20, 400, 43.8);
}

#[test]
fn every_cubic_pattern_drawn_has_its_distance_by_bidirectional_search() {
    for (start, distance, count) in
        [(None, 0, 3), (Some("1,1"), 7, 3), (Some("2,1"), 36, 1), (None, 31, 3), (Some("2,2"), 18, 3)]
    {
        let (d, n) = (distance.to_string(), count.to_string());
        let mut args = vec!["--distance", &d, "--count", &n, "--seed", "3"];
        if let Some(start) = start {
            args.extend(["--start", start]);
        }
        let datasets = cubic_datasets(&drawn(Puzzle::Cubic, &args));
        assert_eq!(datasets.len(), count);
        for (empty, key) in datasets {
            if let Some(start) = start {
                assert_eq!(format!("{},{}", empty % 3 + 1, empty / 3 + 1), start);
            }
            assert_eq!(cubic_reference::bidirectional_distance(empty, key), Some(distance));
        }
    }
    let (_, err, ok) = random(Puzzle::Eight, &["--start", "1,1"]);
    assert!(!ok && err.contains("--start is the cubic puzzle's start cell"), "{err}");
    let (_, err, ok) = random(Puzzle::Cubic, &["--distance", "33", "--start", "1,1"]);
    assert!(!ok && err.contains("no cubic pattern is 33 rolls from start cell"), "{err}");
}

#[test]
fn every_rotation_board_drawn_has_its_distance_by_bfs() {
    for distance in 0..=12u8 {
        let d = distance.to_string();
        let boards = rotation_boards(&drawn(Puzzle::Rotation, &["--distance", &d, "--count", "5", "--seed", &d]));
        assert_eq!(boards.len(), 5);
        for cells in boards {
            assert_eq!(rotation_reference::board_distance(&cells), distance, "{cells:?}");
        }
    }
}

/// The boards at 13, the deepest layer, counted without the tables: ordered triples of
/// disjoint placements (by the reference's BFS over masks), each at least 13 moves from the
/// centre and one exactly 13.
fn boards_at_13() -> usize {
    let far: Vec<(u32, u8)> = rotation_reference::reached().filter(|&(_, d)| d >= 13).collect();
    let all = (1u32 << 24) - 1;
    let mut boards = 0;
    for &(a, da) in &far {
        for &(b, db) in far.iter().filter(|&&(b, _)| a & b == 0) {
            let dc = rotation_reference::bfs_distances()[(all ^ a ^ b) as usize];
            boards += usize::from(dc != rotation_reference::UNSEEN && dc >= 13 && da.min(db).min(dc) == 13);
        }
    }
    boards
}

#[test]
fn the_rare_rotation_layers_are_listed_whole_and_counted_exactly() {
    let expected = boards_at_13();
    let (_, err, ok) = random(Puzzle::Rotation, &["--distance", "13", "--count", &(expected + 1).to_string()]);
    assert!(!ok && err.contains(&format!("there are only {expected} rotation boards at distance 13")), "{err}");
    let n = expected.to_string();
    let boards = rotation_boards(&drawn(Puzzle::Rotation, &["--distance", "13", "--count", &n, "--seed", "1"]));
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), expected, "every board of the layer, once");
    assert!(boards.iter().all(|cells| rotation_reference::board_distance(cells) == 13));
    // A symbol on all eight centre positions, the other sixteen blocks anyhow: 3 * C(16, 8).
    let (_, err, _) = random(Puzzle::Rotation, &["--distance", "0", "--count", "38611"]);
    assert!(err.contains("there are only 38610 rotation boards at distance 0"), "{err}");
    let (_, err, ok) = random(Puzzle::Rotation, &["--distance", "14"]);
    assert!(!ok && err.contains("no rotation board needs exactly 14 moves"), "{err}");
}

/// With `--distance 9`, a board is proposed through each symbol 9 moves away; the draw keeps
/// it with probability 1/k when k symbols are, so boards with ties are not favoured. The
/// share of boards with two or three symbols at 9 must match that of uniformly shuffled
/// boards that happen to be at 9 (two-sample chi-square, 2 degrees of freedom, p = 0.001
/// critical value 13.8).
#[test]
fn rotation_draws_at_a_distance_favour_no_board() {
    let ties = |boards: &[rotation_reference::Cells]| {
        let mut counts = [0f64; 3];
        for cells in boards.iter().filter(|cells| rotation_reference::board_distance(cells) == 9) {
            let at_nine = (1..=3)
                .filter(|&s| rotation_reference::bfs_distances()[rotation_reference::mask_of(cells, s) as usize] == 9)
                .count();
            counts[at_nine - 1] += 1.0;
        }
        counts
    };
    let by_layer =
        ties(&rotation_boards(&drawn(Puzzle::Rotation, &["--distance", "9", "--count", "20000", "--seed", "5"])));
    let by_shuffle = ties(&rotation_boards(&drawn(Puzzle::Rotation, &["--count", "60000", "--seed", "6"])));
    let (n1, n2): (f64, f64) = (by_layer.iter().sum(), by_shuffle.iter().sum());
    assert!(n2 > 10_000.0, "enough shuffled boards at 9: {n2}");
    let chi_square: f64 = (0..3)
        .filter(|&k| by_layer[k] + by_shuffle[k] > 0.0)
        .map(|k| {
            let (a, b) = (by_layer[k], by_shuffle[k]);
            let pooled = (a + b) / (n1 + n2);
            (a - n1 * pooled).powi(2) / (n1 * pooled) + (b - n2 * pooled).powi(2) / (n2 * pooled)
        })
        .sum();
    assert!(chi_square < 13.8, "chi-square {chi_square}: {by_layer:?} against {by_shuffle:?}");
}

#[test]
fn every_magic_cube_drawn_has_its_distance_by_meeting_in_the_middle() {
    for distance in 0..=6usize {
        let d = distance.to_string();
        let count = if distance == 0 { 1 } else { 4 };
        let n = count.to_string();
        let out = drawn(Puzzle::MagicCube, &["--distance", &d, "--count", &n, "--seed", &d, "--judge-input"]);
        assert!(out.starts_with(&format!("{count}\n\n")), "the judge's count first: {out}");
        let nets = cube_nets(&out);
        assert_eq!(nets.len(), count);
        for colours in nets {
            let stickers = magic_cube_reference::stickers_from_colours(&colours).unwrap();
            assert_eq!(magic_cube_reference::distance_up_to_8(stickers), Some(distance));
        }
    }
    let (_, err, ok) = random(Puzzle::MagicCube, &["--distance", "7"]);
    assert!(!ok && err.contains("beyond"), "{err}");
}

#[test]
fn judge_input_output_feeds_judge_directly() {
    for (puzzle, distance) in [
        (Puzzle::Eight, "12"),
        (Puzzle::Cubic, "31"),
        (Puzzle::Rotation, "4"),
        (Puzzle::MagicCube, "3"),
        (Puzzle::Fifteen, "12"),
    ] {
        let input = drawn(puzzle, &["--distance", distance, "--count", "5", "--seed", "2", "--judge-input"]);
        let output = common::run_with_input(binary(tables_with(puzzle)).args(["judge", puzzle.label()]), &input);
        assert!(output.status.success(), "{}: {}", puzzle.label(), stderr_of(&output));
    }
}

/// The fifteen puzzle's layers up to `deepest`, by the test's own breadth-first search.
fn fifteen_layers(deepest: usize) -> Vec<HashSet<fifteen_reference::Cells>> {
    let mut layers = vec![HashSet::from([fifteen_reference::GOAL])];
    while layers.len() <= deepest {
        let last = &layers[layers.len() - 1];
        let next: HashSet<_> = last
            .iter()
            .flat_map(|cells| {
                fifteen_reference::LETTERS.iter().filter_map(|&letter| fifteen_reference::slide(cells, letter))
            })
            .filter(|cells| layers.iter().all(|layer| !layer.contains(cells)))
            .collect();
        layers.push(next);
    }
    layers
}

#[test]
fn every_fifteen_board_drawn_has_its_distance_by_ida_and_layers_are_whole() {
    for distance in (0..=20).chain([24]) {
        let d = distance.to_string();
        let count = ["1", "2"].get(distance).copied().unwrap_or("3");
        let boards = fifteen_boards(&drawn(
            Puzzle::Fifteen,
            &["--distance", &d, "--count", count, "--seed", &d, "--judge-input"],
        ));
        assert_eq!(boards.len().to_string(), count);
        for cells in boards {
            assert_eq!(fifteen_reference::ida_manhattan(cells).len(), distance, "{cells:?}");
        }
    }
    let layers = fifteen_layers(11);
    for (distance, layer) in layers.iter().enumerate() {
        let (d, n) = (distance.to_string(), layer.len().to_string());
        let all =
            fifteen_boards(&drawn(Puzzle::Fifteen, &["--distance", &d, "--count", &n, "--seed", "1", "--judge-input"]));
        assert_eq!(all.iter().collect::<HashSet<_>>(), layer.iter().collect(), "layer {distance} drawn whole");
        let more = (layer.len() + 1).to_string();
        let (_, err, ok) = random(Puzzle::Fifteen, &["--distance", &d, "--count", &more]);
        assert!(!ok && err.contains(&format!("there are only {n} fifteen boards at distance {distance}")), "{err}");
    }
    let (_, err, ok) = random(Puzzle::Fifteen, &["--distance", "67"]);
    assert!(!ok && err.contains("--distance 67 is too deep") && err.contains("from 25 to 66"), "{err}");
}

#[test]
fn deeper_fifteen_boards_drawn_by_rejection_have_their_distance_by_ida() {
    for distance in [25, 28, 31] {
        let d = distance.to_string();
        let args = ["--distance", d.as_str(), "--count", "2", "--seed", "7", "--judge-input"];
        let out = drawn(Puzzle::Fifteen, &args);
        assert_eq!(out, drawn(Puzzle::Fifteen, &args), "same seed, same boards");
        let boards = fifteen_boards(&out);
        assert_eq!(boards.len(), 2);
        assert_ne!(boards[0], boards[1]);
        for cells in boards {
            assert_eq!(fifteen_reference::ida_manhattan(cells).len(), distance, "{cells:?}");
        }
    }
}

/// One board drawn from the 24 boards at distance 4, for each of 480 seeds: a chi-square
/// test with 23 degrees of freedom (p = 0.001 critical value 49.7).
#[test]
fn fifteen_draws_from_a_small_layer_are_uniform() {
    assert_layer_drawn_uniformly(Puzzle::Fifteen, "4", 24, 480, 49.7);
}

/// 32,000 boards drawn without --distance: solvable by the independent parity rule, distinct,
/// the same for the same seed, and uniform in where the blank stands and in which tile
/// takes the last cell (the cells the parity rule constrains): chi-square tests with 15
/// degrees of freedom (p = 0.001 critical value 37.7).
#[test]
fn fifteen_boards_without_a_distance_are_uniform_over_the_solvable_ones() {
    let args = ["--count", "32000", "--seed", "10181", "--judge-input"];
    let out = drawn(Puzzle::Fifteen, &args);
    assert_eq!(out, drawn(Puzzle::Fifteen, &args), "same seed, same boards");
    let boards = fifteen_boards(&out);
    assert_eq!(boards.len(), 32_000);
    assert!(boards.iter().all(fifteen_reference::solvable), "all solvable");
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), boards.len(), "distinct");
    let chi_square = |counts: &HashMap<u8, u32>| {
        let total: u32 = counts.values().sum();
        let expected = f64::from(total) / 16.0;
        assert_eq!(counts.len(), 16);
        counts.values().map(|&n| (f64::from(n) - expected).powi(2) / expected).sum::<f64>()
    };
    let mut blank_cells: HashMap<u8, u32> = HashMap::new();
    let mut last_cells: HashMap<u8, u32> = HashMap::new();
    for cells in &boards {
        *blank_cells.entry(cells.iter().position(|&c| c == 0).unwrap() as u8).or_default() += 1;
        *last_cells.entry(cells[15]).or_default() += 1;
    }
    assert!(chi_square(&blank_cells) < 37.7, "blank cells {blank_cells:?}");
    assert!(chi_square(&last_cells) < 37.7, "last cells {last_cells:?}");
}
