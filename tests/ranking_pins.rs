//! Pins each puzzle's ranking: a fixed sample of states (from a seeded generator and the
//! models' own moves), each with its rank, hashed against a value written here. Tables are
//! indexed by these ranks, so a changed ranking must bump its puzzle's `RANKING_VERSION`
//! (old tables are then refused, not misread); a failure here says so.

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, PHASE2_MOVES};
use puzzle_tables_models::cube::symmetry::{
    conjugate_corner_perm, conjugate_flip_slice, conjugate_slice_perm, conjugate_ud_edge_perm, SYMMETRIES,
};
use puzzle_tables_models::cube::Move;
use puzzle_tables_models::cubic::{ReducedRanking, Roll, StartClass, State};
use puzzle_tables_models::fifteen::placement_rank;
use puzzle_tables_models::magic_cube::{Cube, Turn};
use puzzle_tables_models::rotation::Placement;
use puzzle_tables_models::{cube, cubic, eight, fifteen, magic_cube, rotation};

/// How many states each sample holds.
const SAMPLE: usize = 2_000;

/// FNV-1a (64-bit) over every byte of `pairs`, each a state and its rank as bytes: a hash
/// written out here, so it does not change with the standard library.
fn fnv1a(pairs: impl Iterator<Item = Vec<u8>>) -> u64 {
    pairs.flatten().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3))
}

/// Fails unless `(ranking_version, hash)` is `pinned`, saying what to do; `version_name`
/// is the constant to bump (`puzzle::RANKING_VERSION` unless given as `puzzle/NAME`).
fn check_pin(version_name: &str, ranking_version: u32, hash: u64, pinned: (u32, u64)) {
    let (puzzle, constant) = version_name.split_once('/').unwrap_or((version_name, "RANKING_VERSION"));
    assert!(
        (ranking_version, hash) == pinned,
        "the {puzzle} ranking of the pinned sample hashes to {hash:#018x} at ranking version {ranking_version}, \
         but the pin is (version {}, {:#018x}). If the ranking changed, bump {puzzle}::{constant} so that \
         tables built with the old ranking are refused, then pin ({}, {hash:#018x}) here.",
        pinned.0,
        pinned.1,
        ranking_version + u32::from(ranking_version == pinned.0),
    );
}

#[test]
fn the_eight_puzzle_ranking_is_pinned() {
    let mut rng = fastrand::Rng::with_seed(14);
    let pairs = (0..SAMPLE).map(|_| {
        let mut cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        rng.shuffle(&mut cells);
        let rank = eight::Board::from_cells(cells).expect("a permutation is a board").rank();
        [&cells[..], &rank.unwrap_or(u32::MAX).to_le_bytes()].concat()
    });
    check_pin("eight", eight::RANKING_VERSION, fnv1a(pairs), (1, 0x8acc_9b17_10fe_116b));
}

#[test]
fn the_rotation_game_ranking_is_pinned() {
    let mut rng = fastrand::Rng::with_seed(14);
    let pairs = (0..SAMPLE).map(|_| {
        let mut positions: Vec<u32> = (0..24).collect();
        rng.shuffle(&mut positions);
        let mask = positions[..8].iter().fold(0u32, |mask, &p| mask | 1 << p);
        let rank = Placement::from_mask(mask).expect("eight positions").rank();
        [mask.to_le_bytes(), rank.to_le_bytes()].concat()
    });
    check_pin("rotation", rotation::RANKING_VERSION, fnv1a(pairs), (1, 0xbf52_6be0_e349_c135));
}

#[test]
fn the_cubic_rankings_are_pinned() {
    // States reached by random rolls from each class's start, with the three numbers
    // tables are indexed by: the state's rank, its pattern's index and its reduced rank.
    let mut rng = fastrand::Rng::with_seed(14);
    let mut pairs = Vec::new();
    for class in StartClass::ALL {
        let ranking = ReducedRanking::of(class);
        let mut state = State::start(class.representative());
        for _ in 0..SAMPLE {
            state = state.roll(Roll::ALL[rng.usize(..4)]).unwrap_or(state);
            let ranks = [state.rank(), state.pattern().index(), ranking.rank(&state)];
            pairs.push(ranks.iter().flat_map(|rank| rank.to_le_bytes()).collect());
        }
    }
    check_pin("cubic", cubic::RANKING_VERSION, fnv1a(pairs.into_iter()), (1, 0x06d7_7686_2caf_b8ce));
}

#[test]
fn the_magic_cube_key_is_pinned() {
    let mut rng = fastrand::Rng::with_seed(14);
    let mut cube = Cube::SOLVED;
    let pairs = (0..SAMPLE).map(|_| {
        cube = cube.apply(Turn::ALL[rng.usize(..12)]);
        [&cube.facelets().colours()[..], &cube.key().to_le_bytes()].concat()
    });
    check_pin("magic_cube", magic_cube::RANKING_VERSION, fnv1a(pairs), (1, 0x8165_844f_ddbf_0fad));
}

#[test]
fn the_fifteen_placement_ranking_is_pinned() {
    // Placements of as many tiles as any pattern database has (3 to 8), on shuffled cells.
    let mut rng = fastrand::Rng::with_seed(14);
    let pairs = (0..SAMPLE).map(|i| {
        let mut cells: Vec<u8> = (0..16).collect();
        rng.shuffle(&mut cells);
        let placement = &cells[..3 + i % 6];
        [placement, &placement_rank(placement).to_le_bytes()].concat()
    });
    check_pin("fifteen", fifteen::RANKING_VERSION, fnv1a(pairs), (1, 0xf413_8eb7_2cf4_46c9));
}

#[test]
fn the_cube_coordinates_are_pinned() {
    // Cubes reached by random face turns, with phase 1's coordinates and their conjugates
    // by every symmetry (the flip-slice classes are made of these); then cubes in G1 reached
    // by phase 2's moves, with its coordinates and theirs. Both metrics' tables are indexed
    // by them.
    let mut rng = fastrand::Rng::with_seed(14);
    let mut pairs = Vec::new();
    let mut state = cube::Cube::SOLVED;
    for _ in 0..SAMPLE {
        state = state.apply_all(&Move::ALL[rng.usize(..Move::COUNT)].quarter_turns().collect::<Vec<_>>());
        let flip_slice = state.flip_slice();
        let conjugates = (0..SYMMETRIES).map(|s| conjugate_flip_slice(flip_slice, s));
        let coordinates = [u32::from(state.twist()), u32::from(state.flip()), u32::from(state.slice()), flip_slice];
        pairs.push(coordinates.into_iter().chain(conjugates).flat_map(u32::to_le_bytes).collect());
    }
    let mut state = cube::Cube::SOLVED;
    for _ in 0..SAMPLE {
        state = state.apply_all(&PHASE2_MOVES[rng.usize(..PHASE2_MOVES.len())].quarter_turns().collect::<Vec<_>>());
        let (corners, edges, slice) = (state.corner_perm(), state.ud_edge_perm(), state.slice_perm());
        let mut coordinates = vec![corners, edges, u16::from(slice)];
        for s in 0..SYMMETRIES {
            coordinates.extend([
                conjugate_corner_perm(corners, s),
                conjugate_ud_edge_perm(edges, s),
                u16::from(conjugate_slice_perm(slice, s)),
            ]);
        }
        pairs.push(coordinates.into_iter().flat_map(u16::to_le_bytes).collect());
    }
    check_pin(
        "cube::coords/COORDINATE_VERSION",
        COORDINATE_VERSION,
        fnv1a(pairs.into_iter()),
        (1, 0xbbed_0de1_5048_8455),
    );
}
