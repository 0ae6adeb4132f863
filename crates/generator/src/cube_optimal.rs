//! The optimal solver's tables (`gen cube --optimal SIZE`,
//! [`puzzle_tables_query::cube::optimal::OptimalSize`]): for `small`, the flip and sorted
//! UD-slice coordinate grouped into its 1,523,864 classes under the 16 symmetries (their
//! class finder, as the flip-slice's: [`crate::cube::class_finder_words`]), and each
//! entry `class x twist` (3,332,690,568 of them) at its exact face-turn distance from
//! solved, by the walk of [`crate::class_walk`] (one byte an entry while it runs, 3.3 GB),
//! stored modulo 3.

use puzzle_tables_models::cube::coords::{FLIPS, FLIP_SORTED_SLICES, SORTED_SLICES};
use puzzle_tables_models::cube::move_tables::{sorted_slice_moves, CoordinateMoves};
use puzzle_tables_models::cube::symmetry::{conjugate_flip_sorted_slice, FLIP_SORTED_SLICE_CLASSES};
use puzzle_tables_models::cube::Move;
use puzzle_tables_query::cube::optimal::{
    OptimalSize, FLIP_SORTED_SLICE_CLASS_SPEC, FLIP_SORTED_SLICE_FINDER_ROWS, FLIP_SORTED_SLICE_TWIST_SPEC,
};
use puzzle_tables_query::Metadata;

use crate::class_walk::{class_twist_distances, ClassWalk, SymmetryClasses};
use crate::cube::class_finder_words;
use crate::pack::pack3;
use crate::{BuiltTable, Progress};

/// The command that builds these tables.
const GENERATED_BY: &str = "puzzle-tables gen cube --optimal";

/// Groups the flip and sorted UD-slice coordinates into classes.
///
/// # Panics
/// If the count differs from [`FLIP_SORTED_SLICE_CLASSES`], a fact of the cube.
pub fn flip_sorted_slice_classes() -> SymmetryClasses {
    let classes = SymmetryClasses::new(FLIP_SORTED_SLICES, conjugate_flip_sorted_slice);
    assert_eq!(classes.len(), FLIP_SORTED_SLICE_CLASSES, "flip and sorted slice classes under 16 symmetries");
    classes
}

/// The flip and sorted UD-slice class finder's words ([`class_finder_words`]).
pub fn flip_sorted_slice_finder_words(classes: &SymmetryClasses) -> Vec<u32> {
    class_finder_words(classes, SORTED_SLICES, conjugate_flip_sorted_slice, FLIP_SORTED_SLICE_FINDER_ROWS)
}

/// Every entry's exact face-turn distance, and how many entries lie at each distance.
pub fn flip_sorted_slice_distances(classes: &SymmetryClasses, progress: &mut dyn Progress) -> (Vec<u8>, Vec<u64>) {
    let (flip_moves, sorted_moves) = (CoordinateMoves::new().flip, sorted_slice_moves());
    let class_moves = classes.moves(|value, m| {
        let (sorted, flip) = (value / FLIPS, value % FLIPS);
        usize::from(sorted_moves[sorted * Move::COUNT + m]) * FLIPS + usize::from(flip_moves[flip * Move::COUNT + m])
    });
    let steps: Vec<usize> = (0..Move::COUNT).collect();
    let shape = ClassWalk { class_moves: &class_moves, self_symmetries: &classes.self_symmetries, steps: &steps };
    class_twist_distances(&shape, "cube, optimal tables (flip x sorted slice x twist)", progress)
}

/// The tables of `size`, in the order of its specs.
pub fn build_optimal_tables(size: OptimalSize, progress: &mut dyn Progress) -> Vec<BuiltTable> {
    match size {
        OptimalSize::Small => {
            let classes = flip_sorted_slice_classes();
            let (distances, depth_counts) = flip_sorted_slice_distances(&classes, progress);
            vec![build_class_table(&classes), build_distance_table(&distances, depth_counts)]
        }
    }
}

/// The flip and sorted UD-slice class finder, four bytes a word.
fn build_class_table(classes: &SymmetryClasses) -> BuiltTable {
    BuiltTable {
        spec: FLIP_SORTED_SLICE_CLASS_SPEC,
        metadata: Metadata {
            description: format!(
                "cube: the flip and sorted UD-slice class finder: for each of the 11,880 sorted UD-slices, row x \
                 2^15 + flips x 16 + symmetry (the symmetry takes the sorted slice's coordinates to an image sorted \
                 slice's, whose row it is, no flips to these), then {FLIP_SORTED_SLICE_FINDER_ROWS} rows of 2,048: \
                 for each flip of the image sorted slice, its class under the 16 symmetries that keep the U-D axis \
                 x 16 + the symmetry to the class's representative"
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts: Vec::new(),
            parameters: vec![("classes".into(), FLIP_SORTED_SLICE_CLASSES.to_string())],
        },
        payload: flip_sorted_slice_finder_words(classes).iter().flat_map(|w| w.to_le_bytes()).collect(),
    }
}

/// The distances modulo 3, five entries a byte.
fn build_distance_table(distances: &[u8], depth_counts: Vec<u64>) -> BuiltTable {
    BuiltTable {
        spec: FLIP_SORTED_SLICE_TWIST_SPEC,
        metadata: Metadata {
            description: "cube: for each edge flip and sorted UD-slice class and corner twist (class x 2,187 + \
                          twist), the fewest face turns that solve those coordinates, modulo 3, five base-3 digits \
                          a byte"
                .into(),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("size".into(), OptimalSize::Small.label().into())],
        },
        payload: pack3(distances),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::cube::coords::{SORTED_SLICES, TWISTS};
    use puzzle_tables_models::cube::symmetry::twist_conjugates;

    /// The builder's walk at small scale: the sorted UD-slice alone (no flip) x twist, its
    /// classes through the same class grouping and walk as the optimal table, checked
    /// entry by entry against a breadth-first search over the raw coordinates (no symmetry,
    /// 26 million states, their own queue).
    #[test]
    fn the_walk_on_sorted_slice_classes_matches_a_plain_search() {
        let sorted_moves = sorted_slice_moves();
        let twist_moves = CoordinateMoves::new().twist;
        let classes = SymmetryClasses::new(SORTED_SLICES, |sorted, s| {
            conjugate_flip_sorted_slice(sorted * FLIPS as u32, s) / FLIPS as u32
        });
        let class_moves = classes.moves(|sorted, m| usize::from(sorted_moves[sorted * Move::COUNT + m]));
        let steps: Vec<usize> = (0..Move::COUNT).collect();
        let shape = ClassWalk { class_moves: &class_moves, self_symmetries: &classes.self_symmetries, steps: &steps };
        let (distances, depth_counts) = class_twist_distances(&shape, "test", &mut crate::Silent);
        assert_eq!(depth_counts.iter().sum::<u64>(), (classes.len() * TWISTS) as u64);

        let mut plain = vec![u8::MAX; SORTED_SLICES * TWISTS];
        plain[0] = 0;
        let mut queue = std::collections::VecDeque::from([0usize]);
        while let Some(state) = queue.pop_front() {
            let (sorted, twist) = (state / TWISTS, state % TWISTS);
            for m in 0..Move::COUNT {
                let next =
                    usize::from(sorted_moves[sorted * 18 + m]) * TWISTS + usize::from(twist_moves[twist * 18 + m]);
                if plain[next] == u8::MAX {
                    plain[next] = plain[state] + 1;
                    queue.push_back(next);
                }
            }
        }
        for (state, &expected) in plain.iter().enumerate() {
            let class_sym = classes.class_of[state / TWISTS] as usize;
            let twist = usize::from(twist_conjugates()[state % TWISTS * 16 + (class_sym & 15)]);
            let entry = (class_sym >> 4) * TWISTS + twist;
            assert_eq!(distances[entry], expected, "sorted slice {}, twist {}", state / TWISTS, state % TWISTS);
        }
    }

    #[test]
    fn the_flip_sorted_slice_classes_are_counted_and_map_to_their_representatives() {
        let classes = flip_sorted_slice_classes();
        crate::class_walk::check_representatives(&classes, FLIP_SORTED_SLICES, 1_009, conjugate_flip_sorted_slice);
    }
}
