//! The optimal solver's tables (`gen cube --optimal SIZE`,
//! [`puzzle_tables_query::cube::optimal::OptimalSize`]): for `tiny`, the corner table: the
//! corner permutation's 2,768 classes (numbered as phase 2's) x twist, 6,053,616 entries at
//! their exact face-turn distance that solves the corners, four bits an entry; for `small`,
//! the flip and sorted UD-slice coordinate grouped into its 1,523,864 classes under the 16
//! symmetries (their class finder, as the flip-slice's: [`crate::cube::class_finder_words`]),
//! and each entry `class x twist` (3,332,690,568 of them) at its exact face-turn distance
//! from solved, stored modulo 3. Both by the walk of [`crate::class_walk`] (one byte an entry
//! while it runs, 3.3 GB for `small`).

use puzzle_tables_models::cube::coords::{CornerSplit, CORNER_PERMS, FLIPS};
use puzzle_tables_models::cube::flip_rows::FlipRow;
use puzzle_tables_models::cube::move_tables::{corner_perm_face_turns, CoordinateMoves};
use puzzle_tables_models::cube::symmetry::{conjugate_corner_perm, PERMUTATION_CLASSES};
use puzzle_tables_models::cube::Move;
use puzzle_tables_query::cube::optimal::{
    finder_rows, level_above_floor, OptimalSize, CORNER_TWIST_SPEC, DISTANCE_FLOOR, FLIP_SLICE_TETRADS_ABOVE_SPEC,
};
use puzzle_tables_query::format::{distance_level, LEVELS_BASE};
use puzzle_tables_query::Metadata;

use crate::class_walk::{class_twist_distances, ClassWalk, SymmetryClasses};
use crate::cube::class_finder_words;
use crate::pack::{pack3, pack3_of, pack4, pack_lines2};
use crate::{BuiltTable, Progress};

/// The command that builds these tables.
const GENERATED_BY: &str = "puzzle-tables gen cube --optimal";

/// Groups the coordinate `row * 2,048 + flip` of `row` into classes.
///
/// # Panics
/// If the count differs from [`FlipRow::classes`], a fact of the cube.
pub fn flip_row_classes(row: FlipRow) -> SymmetryClasses {
    let classes = SymmetryClasses::new(row.with_flips(), |value, s| row.conjugate(value, s));
    assert_eq!(classes.len(), row.classes(), "{row:?} and flip classes under 16 symmetries");
    classes
}

/// The class finder's words of `row` and the flip ([`class_finder_words`]).
pub fn flip_row_finder_words(row: FlipRow, classes: &SymmetryClasses) -> Vec<u32> {
    class_finder_words(classes, row.count(), |value, s| row.conjugate(value, s), finder_rows(row))
}

/// Every entry's exact face-turn distance (`class * 2,187 + twist`, the classes of `row` and
/// the flip), and how many entries lie at each distance.
pub fn flip_row_distances(row: FlipRow, classes: &SymmetryClasses, progress: &mut dyn Progress) -> (Vec<u8>, Vec<u64>) {
    let (flip_moves, row_moves) = (CoordinateMoves::new().flip, row.face_turns());
    let class_moves = classes.moves(|value, m| {
        let (row, flip) = (value / FLIPS, value % FLIPS);
        usize::from(row_moves[row * Move::COUNT + m]) * FLIPS + usize::from(flip_moves[flip * Move::COUNT + m])
    });
    let steps: Vec<usize> = (0..Move::COUNT).collect();
    let shape = ClassWalk { class_moves: &class_moves, self_symmetries: &classes.self_symmetries, steps: &steps };
    class_twist_distances(&shape, &format!("cube, optimal tables ({} x flip x twist)", row_name(row)), progress)
}

/// What the row coordinate is, in the tables' descriptions.
fn row_name(row: FlipRow) -> &'static str {
    match row {
        FlipRow::SortedSlice => "sorted UD-slice",
        FlipRow::SliceSeparation(CornerSplit::Layers) => "UD-slice x corner layer separation",
        FlipRow::SliceSeparation(CornerSplit::Tetrads) => "UD-slice x corner tetrad separation",
    }
}

/// Groups the corner permutations into classes, numbered as phase 2's (in the order of
/// their smallest member).
///
/// # Panics
/// If the count differs from [`PERMUTATION_CLASSES`], a fact of the cube.
pub fn corner_perm_classes() -> SymmetryClasses {
    let classes = SymmetryClasses::new(CORNER_PERMS, |value, s| u32::from(conjugate_corner_perm(value as u16, s)));
    assert_eq!(classes.len(), PERMUTATION_CLASSES, "corner permutation classes under 16 symmetries");
    classes
}

/// Every corner entry's exact face-turn distance (`class * 2,187 + twist`), and how many
/// entries lie at each distance.
pub fn corner_distances(progress: &mut dyn Progress) -> (Vec<u8>, Vec<u64>) {
    let classes = corner_perm_classes();
    let turns = corner_perm_face_turns();
    let class_moves = classes.moves(|value, m| usize::from(turns[value * Move::COUNT + m]));
    let steps: Vec<usize> = (0..Move::COUNT).collect();
    let shape = ClassWalk { class_moves: &class_moves, self_symmetries: &classes.self_symmetries, steps: &steps };
    class_twist_distances(&shape, "cube, optimal tables (corners)", progress)
}

/// The tables of `size`, in the order of its specs.
pub fn build_optimal_tables(size: OptimalSize, progress: &mut dyn Progress) -> Vec<BuiltTable> {
    match size {
        OptimalSize::Tiny => {
            let (corners, depth_counts) = corner_distances(progress);
            vec![build_corner_table(size, &corners, depth_counts)]
        }
        OptimalSize::Small | OptimalSize::Large | OptimalSize::Levels | OptimalSize::Huge => {
            let row = size.flip_row().expect("the edge table sizes have a row coordinate");
            let classes = flip_row_classes(row);
            // The finder first: it checks its count of rows before the long walk.
            let finder = build_class_table(size, row, &classes);
            let (distances, depth_counts) = flip_row_distances(row, &classes, progress);
            drop(classes);
            let mut tables = vec![finder, build_distance_table(size, row, &distances, depth_counts.clone())];
            if size == OptimalSize::Huge {
                tables.push(build_above_table(&distances, depth_counts));
                drop(distances);
                let (corners, depth_counts) = corner_distances(progress);
                tables.push(build_corner_table(size, &corners, depth_counts));
            }
            tables
        }
    }
}

/// The class finder of `row` and the flip, four bytes a word.
fn build_class_table(size: OptimalSize, row: FlipRow, classes: &SymmetryClasses) -> BuiltTable {
    let (name, count, rows) = (row_name(row), row.count(), finder_rows(row));
    BuiltTable {
        spec: size.specs()[0],
        metadata: Metadata {
            description: format!(
                "cube: the flip and {name} class finder: for each of the {count} values of the {name}, row x \
                 2^15 + flips x 16 + symmetry (the symmetry takes its coordinates to an image value's, whose row \
                 it is, no flips to these), then {rows} rows of 2,048: for each flip of the image value, its \
                 class under the 16 symmetries that keep the U-D axis x 16 + the symmetry to the class's \
                 representative"
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts: Vec::new(),
            parameters: vec![("classes".into(), row.classes().to_string())],
        },
        payload: flip_row_finder_words(row, classes).iter().flat_map(|w| w.to_le_bytes()).collect(),
    }
}

/// The distances of `row`'s entries: modulo 3, five entries a byte, or for `levels` against
/// the base, in lines that each bound their entries at it.
fn build_distance_table(size: OptimalSize, row: FlipRow, distances: &[u8], depth_counts: Vec<u64>) -> BuiltTable {
    let (what, payload) = match size {
        OptimalSize::Levels => (
            format!(
                "where the fewest face turns that solve those coordinates lie against {LEVELS_BASE}: 1 one above, 2 \
                 two above, 3 further, 0 at or below it; in lines of 64 bytes, the least distance at or below it of \
                 the line's entries, then 252 entries of two bits"
            ),
            pack_lines2(distances, distance_level, LEVELS_BASE),
        ),
        _ => (
            "the fewest face turns that solve those coordinates, modulo 3, five base-3 digits a byte".to_string(),
            pack3(distances),
        ),
    };
    BuiltTable {
        spec: size.specs()[1],
        metadata: Metadata {
            description: format!(
                "cube: for each edge flip and {} class and corner twist (class x 2,187 + twist), {what}",
                row_name(row)
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("size".into(), size.label().into())],
        },
        payload,
    }
}

/// Where each distance lies against the floor ([`level_above_floor`]), five entries a byte.
fn build_above_table(distances: &[u8], depth_counts: Vec<u64>) -> BuiltTable {
    BuiltTable {
        spec: FLIP_SLICE_TETRADS_ABOVE_SPEC,
        metadata: Metadata {
            description: format!(
                "cube: for each edge flip and {} class and corner twist (class x 2,187 + twist), where the fewest \
                 face turns that solve those coordinates lie against {DISTANCE_FLOOR}: 0 at or below it, 1 one \
                 above, 2 further, five base-3 digits a byte",
                row_name(OptimalSize::Huge.flip_row().expect("huge's row"))
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("size".into(), OptimalSize::Huge.label().into())],
        },
        payload: pack3_of(distances, level_above_floor),
    }
}

/// The corner distances, two entries a byte (`tiny`'s table, and `huge`'s last).
fn build_corner_table(size: OptimalSize, distances: &[u8], depth_counts: Vec<u64>) -> BuiltTable {
    BuiltTable {
        spec: CORNER_TWIST_SPEC,
        metadata: Metadata {
            description: "cube: for each corner permutation class under the 16 symmetries that keep the U-D axis \
                          (numbered as phase 2's) and corner twist seen through the class's symmetry (class x \
                          2,187 + twist), the fewest face turns that solve the corners, four bits an entry"
                .into(),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("size".into(), size.label().into())],
        },
        payload: pack4(distances),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::cube::coords::TWISTS;
    use puzzle_tables_models::cube::flip_rows::ALL_ROWS;
    use puzzle_tables_models::cube::symmetry::twist_conjugates;
    use puzzle_tables_query::cube::optimal::FLIP_SLICE_TETRADS_LEVELS_SPEC;
    use puzzle_tables_query::cube::Permutation;
    use puzzle_tables_query::{check_entries, Table, TableSpec};

    /// The builder's walk at small scale: the row coordinate of `row` alone (no flip) x
    /// twist, its classes through the same class grouping and walk as the optimal table,
    /// checked entry by entry against a breadth-first search over the raw coordinates (no
    /// symmetry, their own queue).
    fn check_walk_on_row_classes(row: FlipRow) {
        let row_moves = row.face_turns();
        let twist_moves = CoordinateMoves::new().twist;
        let classes =
            SymmetryClasses::new(row.count(), |value, s| row.conjugate(value * FLIPS as u32, s) / FLIPS as u32);
        let class_moves = classes.moves(|value, m| usize::from(row_moves[value * Move::COUNT + m]));
        let steps: Vec<usize> = (0..Move::COUNT).collect();
        let shape = ClassWalk { class_moves: &class_moves, self_symmetries: &classes.self_symmetries, steps: &steps };
        let (distances, depth_counts) = class_twist_distances(&shape, "test", &mut crate::Silent);
        assert_eq!(depth_counts.iter().sum::<u64>(), (classes.len() * TWISTS) as u64);

        let mut plain = vec![u8::MAX; row.count() * TWISTS];
        plain[0] = 0;
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(state) = queue.pop_front() {
            let (value, twist) = (state as usize / TWISTS, state as usize % TWISTS);
            for m in 0..Move::COUNT {
                let next = usize::from(row_moves[value * 18 + m]) * TWISTS + usize::from(twist_moves[twist * 18 + m]);
                if plain[next] == u8::MAX {
                    plain[next] = plain[state as usize] + 1;
                    queue.push_back(next as u32);
                }
            }
        }
        for (state, &expected) in plain.iter().enumerate() {
            let class_sym = classes.class_of[state / TWISTS] as usize;
            let twist = usize::from(twist_conjugates()[state % TWISTS * 16 + (class_sym & 15)]);
            let entry = (class_sym >> 4) * TWISTS + twist;
            assert_eq!(distances[entry], expected, "{row:?} {}, twist {}", state / TWISTS, state % TWISTS);
        }
    }

    /// `small`'s: the sorted UD-slice x twist, 26 million states.
    #[test]
    fn the_walk_on_sorted_slice_classes_matches_a_plain_search() {
        check_walk_on_row_classes(FlipRow::SortedSlice);
    }

    /// `large`'s and `huge`'s: the UD-slice and corner separation x twist, 76 million states
    /// each (the symmetries that swap U and D complement the separation); one test a split,
    /// so that the two run side by side.
    #[test]
    fn the_walk_on_slice_separation_classes_by_layers_matches_a_plain_search() {
        check_walk_on_row_classes(FlipRow::SliceSeparation(CornerSplit::Layers));
    }

    /// As above, the corners split by tetrads.
    #[test]
    fn the_walk_on_slice_separation_classes_by_tetrads_matches_a_plain_search() {
        check_walk_on_row_classes(FlipRow::SliceSeparation(CornerSplit::Tetrads));
    }

    /// The corner table's walk against a breadth-first search over the raw corner states
    /// (40,320 permutations x 2,187 twists, no symmetry, one byte a state, layer by layer:
    /// forwards from the small layers, backwards into the large ones), every state read
    /// through phase 2's corner classes, as the search reads it.
    #[test]
    fn the_corner_distances_match_a_plain_search() {
        let (distances, depth_counts) = corner_distances(&mut crate::Silent);
        assert_eq!(depth_counts.iter().sum::<u64>(), (PERMUTATION_CLASSES * TWISTS) as u64);

        let (perm_moves, twist_moves) = (corner_perm_face_turns(), CoordinateMoves::new().twist);
        let neighbour = |state: usize, m: usize| {
            let (perm, twist) = (state / TWISTS, state % TWISTS);
            usize::from(perm_moves[perm * 18 + m]) * TWISTS + usize::from(twist_moves[twist * 18 + m])
        };
        let mut plain = vec![u8::MAX; CORNER_PERMS * TWISTS];
        plain[0] = 0;
        let (mut depth, mut unreached) = (0u8, plain.len() - 1);
        while unreached > 0 {
            let layer = plain.iter().filter(|&&d| d == depth).count();
            assert!(layer > 0, "{unreached} corner states unreachable");
            if layer < unreached {
                for state in 0..plain.len() {
                    if plain[state] == depth {
                        for m in 0..Move::COUNT {
                            let next = neighbour(state, m);
                            if plain[next] == u8::MAX {
                                plain[next] = depth + 1;
                                unreached -= 1;
                            }
                        }
                    }
                }
            } else {
                for state in 0..plain.len() {
                    if plain[state] == u8::MAX && (0..Move::COUNT).any(|m| plain[neighbour(state, m)] == depth) {
                        plain[state] = depth + 1;
                        unreached -= 1;
                    }
                }
            }
            depth += 1;
        }

        let (class_of, _) = crate::cube::permutation_classes(Permutation::Corners);
        for (state, &expected) in plain.iter().enumerate() {
            let class_sym = usize::from(class_of[state / TWISTS]);
            let twist = usize::from(twist_conjugates()[state % TWISTS * 16 + class_sym % 16]);
            let entry = class_sym / 16 * TWISTS + twist;
            assert_eq!(distances[entry], expected, "corners {}, twist {}", state / TWISTS, state % TWISTS);
        }
    }

    /// `verify`'s check of a table of levels: its counts by level and each line's floor, on
    /// made-up distances. A floor above the base, or at a distance no entry holds, and an
    /// entry moved to another level are refused.
    #[test]
    fn a_levels_table_is_checked_by_its_counts_and_line_floors() {
        let distances: Vec<u8> = (0..5_000u32).map(|i| (i * 7_919 % 13) as u8).collect();
        let mut depth_counts = vec![0u64; 13];
        distances.iter().for_each(|&d| depth_counts[usize::from(d)] += 1);
        let spec = TableSpec { entries: distances.len() as u64, ..FLIP_SLICE_TETRADS_LEVELS_SPEC };
        let dir = tempfile::tempdir().expect("a folder");
        let check = |payload: Vec<u8>| {
            let metadata = Metadata { depth_counts: depth_counts.clone(), ..Metadata::default() };
            let path = dir.path().join(spec.file_name());
            BuiltTable { spec, metadata, payload }.write(&path).expect("written");
            check_entries(&Table::open(&path, &spec).expect("opened")).map_err(|error| error.to_string())
        };
        let packed = pack_lines2(&distances, distance_level, LEVELS_BASE);
        assert_eq!(check(packed.clone()), Ok(()));
        for (byte, floor) in [(64, LEVELS_BASE + 1), (128, 13)] {
            let mut wrong = packed.clone();
            wrong[byte] = floor;
            let error = check(wrong).expect_err("a wrong floor");
            assert!(error.contains(&format!("line {} bounds its entries by {floor}", byte / 64)), "{error}");
        }
        let mut moved = packed;
        moved[1] ^= 0b11;
        assert!(check(moved).expect_err("an entry at another level").contains("entries at level"));
    }

    #[test]
    fn the_flip_row_classes_are_counted_and_map_to_their_representatives() {
        for row in ALL_ROWS {
            let classes = flip_row_classes(row);
            crate::class_walk::check_representatives(&classes, row.with_flips(), 1_009, |v, s| row.conjugate(v, s));
        }
    }
}
