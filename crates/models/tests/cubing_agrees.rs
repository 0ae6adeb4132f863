//! Our reading of definitions and algs against the cubing project's own (`cubing_core`, the
//! crate twips and cubing.rs build on): every move of every bundled definition, derived ones
//! included, in several amounts, and random algs with groupings, commutators and conjugates,
//! give the same transformation.

use cubing_core::alg::Alg as CubingAlg;
use cubing_core::kpuzzle::KPuzzle;
use puzzle_tables_models::definition::bundled::BUNDLED;
use puzzle_tables_models::definition::{Alg, Definition};

fn agree(ours: &Definition, theirs: &KPuzzle, alg: &str) {
    let mine = ours.alg_transformation(&alg.parse::<Alg>().unwrap()).unwrap();
    let data = theirs.transformation_from_alg(&alg.parse::<CubingAlg>().unwrap()).unwrap().to_data();
    for (orbit, part) in ours.orbits().iter().zip(&mine.0) {
        let other = &data[&orbit.name.as_str().into()];
        assert_eq!(part.permutation, other.permutation, "{alg}: {}'s permutation", orbit.name);
        assert_eq!(part.orientation_delta, other.orientation_delta, "{alg}: {}'s orientations", orbit.name);
    }
}

#[test]
fn every_move_and_alg_matches_cubing_core() {
    let mut seen = Vec::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    for bundled in BUNDLED {
        if seen.contains(&bundled.definition_json) {
            continue;
        }
        seen.push(bundled.definition_json);
        let ours = Definition::from_json(bundled.definition_json).unwrap();
        let theirs = KPuzzle::try_from_json(bundled.definition_json.as_bytes()).unwrap();
        let names: Vec<String> = ours.move_names().map(str::to_string).collect();
        for name in &names {
            for suffix in ["", "2", "'", "2'", "3"] {
                agree(&ours, &theirs, &format!("{name}{suffix}"));
            }
        }
        for _ in 0..200 {
            let mut pick = || format!("{}{}", names[next(names.len())], ["", "2", "'"][next(3)]);
            let alg = format!(
                "{} ({} {})2' [{}, {}] [{}: {} {}]",
                pick(),
                pick(),
                pick(),
                pick(),
                pick(),
                pick(),
                pick(),
                pick()
            );
            agree(&ours, &theirs, &alg);
        }
    }
}
