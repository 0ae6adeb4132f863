//! Puzzles from definitions, trusting nothing of the library's model: an independent
//! breadth-first search over this file's own reading of the KPuzzle JSON (serde_json values,
//! its own permutation code) against the tables the real binary builds; the published
//! counts; every solution replayed here; malformed definitions refused by name.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{binary, stderr_of, stdout_of};
use puzzle_tables_query::definition::{DefinitionTable, Pattern};
use puzzle_tables_query::prng::Prng;
use serde_json::Value;

/// The bundled definitions small enough to walk here, their tables built once by `gen`.
const SMALL: [&str; 5] = ["3x3x3-eo", "3x3x3-cross", "skewb", "2x2x2", "2x2x2-qtm"];

fn tables() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let output = binary(dir.path()).arg("gen").args(SMALL).arg("pyraminx-no-tips").output().unwrap();
        assert!(output.status.success(), "{}", stderr_of(&output));
        dir
    })
    .path()
}

fn bundled_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/models/src/definition/bundled").join(name)
}

/// This test's own model: a pattern as one byte vector (each orbit's pieces, orientations
/// and moduli in turn) and a move as its orbits' permutations and deltas from the JSON.
struct Model {
    /// `(orbit name, pieces, orientations)` in the definition's order.
    orbits: Vec<(String, usize, u8)>,
    moves: Vec<(String, Move)>,
}

type State = Vec<u8>;
/// A move: each orbit's permutation and orientation deltas.
type Move = Vec<(Vec<usize>, Vec<u8>)>;

impl Model {
    /// The multiples of the named base moves (their own JSON entries, no derived moves).
    fn new(definition: &Value, moves: &[&str], quarter_turns: bool) -> Model {
        let orbits: Vec<(String, usize, u8)> = definition["orbits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                let n = o["numPieces"].as_u64().unwrap() as usize;
                (o["orbitName"].as_str().unwrap().to_string(), n, o["numOrientations"].as_u64().unwrap() as u8)
            })
            .collect();
        let mut model = Model { orbits, moves: Vec::new() };
        for name in moves {
            let base: Move = model
                .orbits
                .iter()
                .map(|(orbit, _, _)| {
                    let part = &definition["moves"][name][orbit];
                    let list = |key: &str| {
                        part[key].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect::<Vec<_>>()
                    };
                    (
                        list("permutation").iter().map(|&p| p as usize).collect(),
                        list("orientationDelta").iter().map(|&d| d as u8).collect(),
                    )
                })
                .collect();
            let mut power = base.clone();
            let mut multiples = Vec::new();
            while !model.is_identity(&power) {
                multiples.push(power.clone());
                power = model.compose(&power, &base);
            }
            let order = multiples.len() + 1;
            for (i, multiple) in multiples.into_iter().enumerate() {
                let amount = i + 1;
                let quarter = amount == 1 || amount == order - 1;
                if quarter_turns && !quarter {
                    continue;
                }
                model.moves.push((format!("{name}^{amount}"), multiple));
            }
        }
        model
    }

    fn is_identity(&self, t: &[(Vec<usize>, Vec<u8>)]) -> bool {
        t.iter().all(|(p, d)| p.iter().enumerate().all(|(i, &x)| i == x) && d.iter().all(|&x| x == 0))
    }

    fn compose(&self, a: &[(Vec<usize>, Vec<u8>)], b: &[(Vec<usize>, Vec<u8>)]) -> Move {
        a.iter()
            .zip(b)
            .zip(&self.orbits)
            .map(|(((pa, da), (pb, db)), (_, _, k))| {
                let p = pb.iter().map(|&i| pa[i]).collect();
                let d = pb.iter().zip(db).map(|(&i, &x)| (da[i] + x) % k).collect();
                (p, d)
            })
            .collect()
    }

    /// A pattern from KPuzzle JSON: per orbit, pieces, orientations reduced by their
    /// moduli, and the moduli.
    fn state(&self, pattern: &Value) -> State {
        let mut state = Vec::new();
        for (orbit, n, k) in &self.orbits {
            let part = &pattern[orbit];
            let list = |key: &str| -> Vec<u8> {
                part.get(key)
                    .and_then(Value::as_array)
                    .map_or(vec![0; *n], |a| a.iter().map(|v| v.as_u64().unwrap() as u8).collect())
            };
            let moduli: Vec<u8> = list("orientationMod").into_iter().map(|m| if m == 0 { *k } else { m }).collect();
            let orientation: Vec<u8> = list("orientation").iter().zip(&moduli).map(|(o, m)| o % m).collect();
            state.extend(list("pieces"));
            state.extend(orientation);
            state.extend(moduli);
        }
        state
    }

    fn apply(&self, state: &State, g: usize) -> State {
        let mut next = Vec::with_capacity(state.len());
        let mut at = 0;
        for ((_, n, _), (permutation, delta)) in self.orbits.iter().zip(&self.moves[g].1) {
            let (pieces, rest) = state[at..].split_at(*n);
            let (orientation, moduli) = rest.split_at(*n);
            next.extend(permutation.iter().map(|&i| pieces[i]));
            next.extend(permutation.iter().zip(delta).map(|(&i, &d)| (orientation[i] + d) % moduli[i]));
            next.extend(permutation.iter().map(|&i| moduli[i]));
            at += 3 * n;
        }
        next
    }

    /// Every state the moves reach from `start`, with its distance.
    fn breadth_first(&self, start: State) -> HashMap<State, u8> {
        let mut distances = HashMap::from([(start.clone(), 0u8)]);
        let mut frontier = vec![start];
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for state in &frontier {
                for g in 0..self.moves.len() {
                    let child = self.apply(state, g);
                    if !distances.contains_key(&child) {
                        distances.insert(child.clone(), depth);
                        next.push(child);
                    }
                }
            }
            frontier = next;
        }
        distances
    }

    /// The library's pattern of a state of this model.
    fn library_pattern(&self, state: &State) -> Pattern {
        let mut at = 0;
        let parts = self
            .orbits
            .iter()
            .map(|(_, n, _)| {
                let part = puzzle_tables_query::definition::OrbitPattern {
                    pieces: state[at..at + n].to_vec(),
                    orientation: state[at + n..at + 2 * n].to_vec(),
                    orientation_mod: state[at + 2 * n..at + 3 * n].to_vec(),
                };
                at += 3 * n;
                part
            })
            .collect();
        Pattern(parts)
    }
}

fn json_file(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(bundled_file(name)).unwrap()).unwrap()
}

/// The independent search against the table: every reached state's distance for the small
/// definitions, and optimal solutions replayed in this model, from the start's far corners
/// too.
#[test]
fn tables_agree_with_an_independent_breadth_first_search() {
    let cases: [(&str, &str, Option<&str>, &[&str]); 3] = [
        ("3x3x3-eo", "3x3x3.kpuzzle.json", Some("3x3x3-eo.pattern.json"), &["U", "L", "F", "R", "B", "D"]),
        ("3x3x3-cross", "3x3x3.kpuzzle.json", Some("3x3x3-cross.pattern.json"), &["U", "L", "F", "R", "B", "D"]),
        ("skewb", "skewb-fixed-corner.kpuzzle.json", Some("skewb.pattern.json"), &["U", "L", "R", "B"]),
    ];
    let mut prng = Prng::new(52);
    for (name, definition, start, moves) in cases {
        let definition = json_file(definition);
        let model = Model::new(&definition, moves, false);
        let start_json = start.map_or_else(|| definition["defaultPattern"].clone(), json_file);
        let distances = model.breadth_first(model.state(&start_json));
        let table = DefinitionTable::open(&tables().join(format!("definition-{name}.tbl"))).unwrap();
        let reached: u64 = table.depth_counts().iter().sum();
        assert_eq!(reached, distances.len() as u64, "{name}: patterns reached");
        let deepest = *distances.values().max().unwrap();
        let states: Vec<(&State, &u8)> = distances.iter().collect();
        let far = states.iter().filter(|(_, &d)| d == deepest).take(200).copied();
        let sample: Vec<(&State, &u8)> = (0..3000).map(|_| states[prng.below(states.len() as u64) as usize]).collect();
        for (state, &distance) in far.chain(sample) {
            let pattern = model.library_pattern(state);
            assert_eq!(table.distance(&pattern), Ok(Some(distance)), "{name}: {state:?}");
            let index = table.puzzle().rank(&pattern).unwrap();
            let solution = table.solution(index).unwrap().unwrap();
            assert_eq!(solution.len(), distance as usize, "{name}");
            let replayed = solution.iter().fold(state.clone(), |s, &g| {
                let named = &table.puzzle().generators().names[g];
                let (base, amount) = split_amount(named, &model);
                model.apply(&s, model.moves.iter().position(|(n, _)| *n == format!("{base}^{amount}")).unwrap())
            });
            assert_eq!(distances[&replayed], 0, "{name}: {solution:?} does not solve {state:?}");
        }
    }
}

/// A generator's name (`R`, `R2`, `R'`) as this model's `R^amount`, `amount` in 1..order.
fn split_amount<'a>(name: &'a str, model: &Model) -> (&'a str, usize) {
    let base = name.trim_end_matches(['\'', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    let rest = &name[base.len()..];
    let magnitude: usize = rest.trim_end_matches('\'').parse().unwrap_or(1);
    let order = model.moves.iter().filter(|(n, _)| n.starts_with(&format!("{base}^"))).count() + 1;
    (base, if rest.ends_with('\'') { order - magnitude } else { magnitude })
}

fn stats(name: &str) -> Value {
    let output = binary(tables()).args(["stats", name, "--json"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    serde_json::from_str(&stdout_of(&output)).unwrap()
}

fn counts(name: &str) -> Vec<u64> {
    stats(name)["patterns_per_distance"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", stats(name)))
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

#[test]
fn the_published_counts() {
    // OEIS A079761 and A079762: the 2x2x2 in face and in quarter turns.
    assert_eq!(counts("2x2x2"), [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]);
    let qtm = counts("2x2x2-qtm");
    assert_eq!(qtm.len(), 15);
    assert_eq!(qtm[..3], [1, 6, 27]);
    assert_eq!(qtm[13..], [90280, 276]);
    assert_eq!(qtm.iter().sum::<u64>(), 3_674_160);
    for (name, patterns, gods_number) in
        [("pyraminx-no-tips", 933_120, 11), ("skewb", 3_149_280, 11), ("3x3x3-eo", 2048, 7)]
    {
        let counts = counts(name);
        assert_eq!(counts.iter().sum::<u64>(), patterns, "{name}");
        assert_eq!(counts.len() - 1, gods_number, "{name}");
    }
    assert_eq!(counts("3x3x3-cross").iter().sum::<u64>(), 190_080);
}

fn solve(args: &[&str]) -> std::process::Output {
    binary(tables()).arg("solve").args(args).output().unwrap()
}

#[test]
fn a_scramble_with_moves_outside_the_table_is_turned_first() {
    // D and L move the 2x2x2's fixed corner: the answer turns the whole cube first.
    let output = solve(&["2x2x2", "--scramble", "D L2 F", "--json"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answer: Value = serde_json::from_str(&stdout_of(&output)).unwrap();
    assert_eq!(answer["distance"], 3);
    assert!(answer["rotation"].is_string(), "{answer}");
    // A scramble inside the table's moves needs no turn, and is undone exactly.
    let answer: Value =
        serde_json::from_str(&stdout_of(&solve(&["2x2x2", "--scramble", "R U R' U'", "--json"]))).unwrap();
    assert_eq!((answer["distance"].as_u64(), answer["moves"].as_str()), (Some(4), Some("U R U' R'")));
    assert!(answer.get("rotation").is_none());
}

#[test]
fn every_optimal_solution_is_counted_and_listed() {
    let output = solve(&["2x2x2", "--scramble", "R2 U2", "--all", "--json", "--children"]);
    let answer: Value = serde_json::from_str(&stdout_of(&output)).unwrap();
    let all = &answer["all"];
    assert_eq!(all["count"], 1);
    assert_eq!(all["listed"], serde_json::json!(["U2 R2"]));
    let children = answer["children"].as_array().unwrap();
    assert_eq!(children.len(), 9);
    assert_eq!(children.iter().filter(|c| c["optimal"] == true).count(), 1);
    // The solved cube: no move, one (empty) solution.
    let answer: Value =
        serde_json::from_str(&stdout_of(&solve(&["2x2x2", "--scramble", "", "--all", "--json"]))).unwrap();
    assert_eq!((answer["distance"].as_u64(), answer["all"]["count"].as_u64()), (Some(0), Some(1)));
}

#[test]
fn random_draws_scrambles_of_the_exact_distance() {
    let output =
        binary(tables()).args(["random", "2x2x2", "--distance", "11", "--count", "5", "--seed", "7"]).output().unwrap();
    let scrambles: Vec<String> = stdout_of(&output).lines().map(str::to_string).collect();
    assert_eq!(scrambles.len(), 5, "{}", stderr_of(&output));
    for scramble in scrambles {
        let answer: Value =
            serde_json::from_str(&stdout_of(&solve(&["2x2x2", "--scramble", &scramble, "--json"]))).unwrap();
        assert_eq!(answer["distance"], 11, "{scramble}");
    }
}

/// Writes `json` to a file and builds a table of it; the failure's message.
fn refused_definition(json: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(&file, json).unwrap();
    let output = binary(dir.path())
        .args(["gen", "--definition", file.to_str().unwrap(), "--name", "bad"])
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stdout_of(&output));
    assert!(!dir.path().join("definition-bad.tbl").exists());
    stderr_of(&output)
}

#[test]
fn malformed_definitions_are_refused_with_what_is_wrong() {
    let good = std::fs::read_to_string(bundled_file("2x2x2.kpuzzle.json")).unwrap();
    let error = refused_definition("{\"name\": \"x\", \"orbits\": [", &[]);
    assert!(error.contains("not a KPuzzle definition") && error.contains("line 1"), "{error}");
    let error =
        refused_definition(&good.replacen("\"permutation\": [1, 2, 3, 0,", "\"permutation\": [1, 1, 3, 0,", 1), &[]);
    assert!(error.contains("move `U`") && error.contains("not a permutation"), "{error}");
    let error =
        refused_definition(&good.replacen("\"orientationDelta\": [2, 1,", "\"orientationDelta\": [7, 1,", 1), &[]);
    assert!(error.contains("orientation delta 7 is not below 3"), "{error}");
    let error = refused_definition(&good, &["--moves", "U,Q"]);
    assert!(error.contains("unknown move `Q`"), "{error}");
    let error = refused_definition(&good.replacen("\"R\": \"[z': U]\"", "\"R\": \"[z': U\"", 1), &[]);
    assert!(error.contains("derived move `R`") && error.contains("`]`"), "{error}");
    let error = refused_definition(&good.replacen("\"z\": \"[x: y]\"", "\"z\": \"[x: L]\"", 1), &[]);
    assert!(error.contains("in terms of itself"), "{error}");
    // Start patterns the moves cannot make from the default one: a 2x2x2's corner twisted
    // in place, a 3x3x3's two edges swapped (every move's permutations are even together).
    let cube = std::fs::read_to_string(bundled_file("3x3x3.kpuzzle.json")).unwrap();
    let mut swapped = json_file("3x3x3.kpuzzle.json")["defaultPattern"].clone();
    swapped["EDGES"]["pieces"][0] = 1.into();
    swapped["EDGES"]["pieces"][1] = 0.into();
    let twisted = r#"{"CORNERS": {"pieces": [0, 1, 2, 3, 4, 5, 6, 7], "orientation": [1, 0, 0, 0, 0, 0, 0, 0]}}"#;
    for (definition, start, why) in [
        (&good, twisted.to_string(), "CORNERS' orientations sum to 1 modulo 3"),
        (&cube, swapped.to_string(), "permutations' parities (EDGES, CORNERS, CENTERS)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("start.json");
        std::fs::write(&file, start).unwrap();
        let error = refused_definition(definition, &["--moves", "U", "--start", file.to_str().unwrap()]);
        let unmade = "the start pattern cannot be made from the definition's default pattern by its moves";
        assert!(error.contains(unmade) && error.contains(why), "{error}");
    }
}

#[test]
fn a_users_definition_builds_and_answers_like_the_bundled_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = bundled_file("2x2x2.kpuzzle.json");
    let output = binary(dir.path())
        .args(["gen", "--definition", file.to_str().unwrap(), "--name", "mine", "--moves", "U,F,R", "--metric", "qtm"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let output = binary(dir.path()).args(["solve", "mine", "--scramble", "R2 U", "--json"]).output().unwrap();
    let answer: Value = serde_json::from_str(&stdout_of(&output)).unwrap();
    assert_eq!(answer["distance"], 3, "a half turn is two quarter turns");
    // A pattern no sequence of moves reaches: one corner twisted.
    let twisted = dir.path().join("twisted.json");
    std::fs::write(&twisted, r#"{"CORNERS": {"pieces": [0,1,2,3,4,5,6,7], "orientation": [1,0,0,0,0,0,0,0]}}"#)
        .unwrap();
    let output = binary(dir.path()).args(["solve", "mine", "--pattern", twisted.to_str().unwrap()]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("cannot reach this pattern"), "{}", stderr_of(&output));
}

/// `check NAME INPUT OUTPUT` for `solutions` of `scrambles` (a line each): its exit status
/// and its verdicts as JSON.
fn check(name: &str, scrambles: &[&str], solutions: &str) -> (Option<i32>, Value) {
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (dir.path().join("input"), dir.path().join("output"));
    std::fs::write(&input, scrambles.iter().map(|s| format!("{s}\n")).collect::<String>()).unwrap();
    std::fs::write(&output, solutions).unwrap();
    let run = binary(tables()).args(["check", name, "--json"]).arg(&input).arg(&output).output().unwrap();
    (run.status.code(), serde_json::from_str(&stdout_of(&run)).unwrap_or(Value::Null))
}

fn verdicts(report: &Value) -> Vec<String> {
    let cases = report["cases"].as_array().expect("a verdict per case");
    cases
        .iter()
        .map(|case| format!("{}: {}", case["verdict"].as_str().unwrap(), case["detail"].as_str().unwrap()))
        .collect()
}

#[test]
fn check_accepts_the_fewest_moves_and_says_what_is_wrong_with_the_rest() {
    let scrambles = ["R U R' U'", "", "D", "R", "R U", "F2 R", "R U F", "U2"];
    let solutions = [
        "U R U' R'", // the fewest
        "",          // the start: no move
        "U' y",      // D ends the cube turned as a whole, and a whole-puzzle turn counts none
        "R R2",      // two moves where one does
        "U'",        // leaves it a move from solved
        "L' F2",     // L is not one of the table's moves (U, F, R)
        "R U F)",    // no alg
    ];
    let (status, report) = check("2x2x2", &scrambles, &(solutions.join("\n") + "\n"));
    assert_eq!(status, Some(1));
    assert_eq!(
        verdicts(&report),
        [
            "accepted: 4 moves, the fewest",
            "accepted: 0 moves, the fewest",
            "accepted: 1 move, the fewest",
            "wrong answer: too long: 2 moves, the fewest are 1",
            "wrong answer: does not solve it: 1 move from solved after 1 move",
            "wrong answer: \"L' F2\": `L` is not one of the table's moves (U, F, R) nor a whole-puzzle turn",
            "wrong answer: \"R U F)\": not an alg: a move, `(`, `[` or the end at character 6 (near \")\")",
            "no answer: the output ends after line 7",
        ]
    );
    // In quarter turns a half turn is two.
    let (status, report) = check("2x2x2-qtm", &["R2 U", "R2 U"], "U' R2\nU' R R\n");
    assert_eq!(status, Some(0), "{report}");
    assert_eq!(verdicts(&report), ["accepted: 3 quarter turns, the fewest"; 2]);
    // A scramble that is no alg makes the input unreadable, named by its line.
    let (status, _) = check("2x2x2", &["R U", "R (U"], "U' R'\nU' R'\n");
    assert_eq!(status, Some(2));
}

/// The 3x3x3's corners as a definition (cubing.js's 3x3x3, edges made identical) against the
/// optimal cube's corner table (the hand-written cube model's, built by another generator):
/// every distance from 0 to 11, twenty patterns each where there are that many, drawn from
/// the definition's table (each draw walks the table), and two thousand random 25-move
/// scrambles.
#[test]
fn the_3x3x3_corners_agree_with_the_optimal_cubes_corner_table() {
    use puzzle_tables_query::cube::{parse_moves, Cube};
    let dir = tempfile::tempdir().unwrap();
    for args in [&["gen", "3x3x3-corners"][..], &["gen", "cube", "--optimal", "tiny"]] {
        let output = binary(dir.path()).args(args).output().unwrap();
        assert!(output.status.success(), "{}", stderr_of(&output));
    }
    let solver = puzzle_tables_query::Tables::open(common::tables_with(puzzle_tables_query::Puzzle::Cube))
        .unwrap()
        .cube()
        .unwrap();
    let optimal = puzzle_tables_query::Tables::open(dir.path()).unwrap().cube_optimal().unwrap().unwrap();
    let corners = DefinitionTable::open(&dir.path().join("definition-3x3x3-corners.tbl")).unwrap();
    let puzzle = corners.puzzle();
    let mut prng = Prng::new(52);
    let mut scrambles = Vec::new();
    for distance in 0..=11u8 {
        for _ in 0..corners.depth_counts()[distance as usize].min(20) {
            let index = corners.random_index(distance, &mut prng).unwrap();
            scrambles.push(corners.scramble_of(index).unwrap().unwrap());
        }
    }
    const FACES: [&str; 18] =
        ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'", "D", "D2", "D'", "L", "L2", "L'", "B", "B2", "B'"];
    scrambles.extend((0..2000).map(|_| (0..25).map(|_| FACES[prng.below(18) as usize]).collect::<Vec<_>>().join(" ")));
    let mut seen = [0usize; 12];
    for scramble in &scrambles {
        let (pattern, rotation) = puzzle.scrambled(scramble).unwrap();
        assert!(rotation.is_empty(), "{scramble}");
        let defined = corners.distance_at(puzzle.rank(&pattern).unwrap()).unwrap();
        let cube = Cube::SOLVED.apply_moves(&parse_moves(scramble).unwrap());
        assert_eq!(Some(defined), optimal.corner_distance(&solver, &cube), "{scramble}");
        seen[defined as usize] += 1;
    }
    assert!(seen.iter().all(|&count| count > 0), "every distance met: {seen:?}");
}
