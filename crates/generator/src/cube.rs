//! The two-phase cube tables: flip-slice symmetry classes, phase-1 distances by class and
//! twist in each metric (kept modulo 3) and the entries near G1 as a graph, and for the
//! phase-2 permutations (corners, U/D edges) their symmetry classes, move tables on the
//! classes and pair distances by class. The optional large set (`gen cube --large`) holds
//! each phase-1 entry's face-turn distance with the steps of its face turns.
//!
//! Each phase-1 walk is a breadth-first search over the 140,908,410 entries (class x twist)
//! by the moves that cost one in its metric (all 18 face turns in HTM, the 12 quarter turns
//! in QTM, where a half turn is two steps), the walk of [`crate::class_walk`].

use puzzle_tables_models::cube::coords::{
    FLIPS, FLIP_SLICES, PHASE2_MOVES, SLICES, SLICE_PERMS, TWISTS, UD_EDGE_PERMS,
};
use puzzle_tables_models::cube::move_tables::{corner_perm_moves, ud_edge_perm_moves, CoordinateMoves};
use puzzle_tables_models::cube::symmetry::{
    conjugate_flip_slice, twist_conjugates, ud_edge_perm_conjugates, FLIP_SLICE_CLASSES, PERMUTATION_CLASSES,
    SYMMETRIES,
};
use puzzle_tables_models::cube::{moves_text, Metric, Move};
use puzzle_tables_query::cube::{
    corner_class_steps, corner_edge_distance_spec, near_g1_radius, near_graph_spec, phase1_spec, phase1_steps_spec,
    phase1_steps_word, Permutation, CLASS_FINDER_ROWS, CLASS_FINDER_SPEC, CLASS_MOVES_SPEC,
};
use puzzle_tables_query::Metadata;

use crate::bfs::UNREACHED;
use crate::class_walk::{class_twist_distances, ClassWalk, SymmetryClasses};
use crate::pack::{pack3, pack4};
use crate::{BuiltTable, Progress};

/// The command that builds these tables.
const GENERATED_BY: &str = "puzzle-tables gen cube";

/// The flip-slice coordinates grouped into classes under the 16 symmetries.
pub type FlipSliceClasses = SymmetryClasses;

/// Groups the flip-slice coordinates into classes, numbered in the order of their smallest
/// member.
///
/// # Panics
/// If the count differs from [`FLIP_SLICE_CLASSES`], a fact of the cube.
pub fn flip_slice_classes() -> FlipSliceClasses {
    let classes = SymmetryClasses::new(FLIP_SLICES, conjugate_flip_slice);
    assert_eq!(classes.len(), FLIP_SLICE_CLASSES, "flip-slice classes under 16 symmetries");
    classes
}

impl FlipSliceClasses {
    /// Where face turn `m` (by index) takes the representative of class `class`: the
    /// flip-slice it leads to, as `class * 16 + s` ([`FlipSliceClasses::class_of`]).
    pub fn after(&self, moves: &CoordinateMoves, class: usize, m: usize) -> u32 {
        let (flip_slice, _) = moves.moved(self.representatives[class] as usize, 0, m);
        self.class_of[flip_slice]
    }
}

/// Every entry's exact phase-1 distance in `metric`, and how many entries lie at each
/// distance.
///
/// # Panics
/// If some entry stays unreached: every cube can be brought into G1.
pub fn phase1_distances(
    classes: &FlipSliceClasses,
    metric: Metric,
    progress: &mut dyn Progress,
) -> (Vec<u8>, Vec<u64>) {
    let moves = CoordinateMoves::new();
    let steps: Vec<usize> = Move::ALL.iter().filter(|m| m.cost(metric) == 1).map(|m| m.index()).collect();
    let class_moves = classes.moves(|flip_slice, m| moves.moved(flip_slice, 0, m).0);
    let shape = ClassWalk { class_moves: &class_moves, self_symmetries: &classes.self_symmetries, steps: &steps };
    let what = format!("cube, phase-1 distances ({})", metric.label().to_uppercase());
    class_twist_distances(&shape, &what, progress)
}

/// The class finder's words of `classes`, the classes of a flip and slice coordinate
/// (`slice * 2,048 + flip`, `slices` slices; [`CLASS_FINDER_SPEC`] for the flip-slice,
/// `FLIP_SORTED_SLICE_CLASS_SPEC` for the flip and sorted UD-slice), whose conjugate by
/// symmetry `s` is `conjugate(value, s)`: for each slice `s`, σ(s) is the symmetry that takes
/// the coordinate with slice `s` and no flips to its class's representative, and the slice it
/// takes `s` to is an image, whose row lists the class and symmetry of each of its flips.
///
/// # Panics
/// If the number of images differs from `rows`.
pub fn class_finder_words(
    classes: &SymmetryClasses,
    slices: usize,
    conjugate: impl Fn(u32, usize) -> u32,
    rows: usize,
) -> Vec<u32> {
    let mut images = Vec::new();
    let slice_words: Vec<u32> = (0..slices)
        .map(|slice| {
            let symmetry = classes.class_of[slice * FLIPS] as usize % SYMMETRIES;
            let image = conjugate((slice * FLIPS) as u32, symmetry) as usize;
            let row = images.iter().position(|&r| r == image / FLIPS).unwrap_or_else(|| {
                images.push(image / FLIPS);
                images.len() - 1
            });
            (row << 15 | (image % FLIPS) << 4 | symmetry) as u32
        })
        .collect();
    assert_eq!(images.len(), rows, "image slices of the class finder");
    let row_words = images.iter().flat_map(|&slice| &classes.class_of[slice * FLIPS..(slice + 1) * FLIPS]);
    slice_words.into_iter().chain(row_words.copied()).collect()
}

/// The flip-slice class finder's words ([`class_finder_words`]).
pub fn flip_slice_finder_words(classes: &FlipSliceClasses) -> Vec<u32> {
    class_finder_words(classes, SLICES, conjugate_flip_slice, CLASS_FINDER_ROWS)
}

/// The flip-slice class finder's table, four bytes a word.
pub fn build_class_finder_table(classes: &FlipSliceClasses) -> BuiltTable {
    BuiltTable {
        spec: CLASS_FINDER_SPEC,
        metadata: Metadata {
            description: format!(
                "cube: the flip-slice class finder: for each of the 495 UD-slice positions, row x 2^15 + \
                 flips x 16 + symmetry (the symmetry takes the slice's flip-slices to an image slice's, whose \
                 row it is, no flips to these), then {CLASS_FINDER_ROWS} rows of 2,048: for each flip of the \
                 image slice, its class under the 16 symmetries that keep the U-D axis x 16 + the symmetry to \
                 the class's representative"
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts: Vec::new(),
            parameters: vec![("classes".into(), FLIP_SLICE_CLASSES.to_string())],
        },
        payload: flip_slice_finder_words(classes).iter().flat_map(|w| w.to_le_bytes()).collect(),
    }
}

/// The flip-slice class moves: for each class and face turn, where the turn takes the
/// class's representative, three bytes an entry.
pub fn build_class_moves_table(classes: &FlipSliceClasses) -> BuiltTable {
    let moves = CoordinateMoves::new();
    let words = (0..FLIP_SLICE_CLASSES).flat_map(|class| (0..Move::COUNT).map(move |m| (class, m)));
    BuiltTable {
        spec: CLASS_MOVES_SPEC,
        metadata: Metadata {
            description: "cube: for each flip-slice class and face turn (class x 18 + turn), the class of the \
                          representative after the turn x 16 + the symmetry to that class's representative"
                .into(),
            generated_by: GENERATED_BY.into(),
            depth_counts: Vec::new(),
            parameters: vec![("classes".into(), FLIP_SLICE_CLASSES.to_string())],
        },
        payload: words
            .flat_map(|(class, m)| classes.after(&moves, class, m).to_le_bytes().into_iter().take(3))
            .collect(),
    }
}

/// The phase-1 table of `metric`: each distance modulo 3, five entries a byte.
pub fn build_phase1_table(metric: Metric, distances: &[u8], depth_counts: Vec<u64>) -> BuiltTable {
    let moves = moves_of(metric);
    BuiltTable {
        spec: phase1_spec(metric),
        metadata: Metadata {
            description: format!(
                "cube: for each flip-slice class and corner twist (class x 2,187 + twist), the fewest {moves} \
                 into <U, D, R2, L2, F2, B2>, modulo 3, five base-3 digits a byte"
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("metric".into(), metric.label().into())],
        },
        payload: pack3(distances),
    }
}

/// What `metric` counts, for table descriptions.
fn moves_of(metric: Metric) -> &'static str {
    match metric {
        Metric::Htm => "face turns",
        Metric::Qtm => "quarter turns (a half turn counting two)",
    }
}

/// The near-G1 graph of `metric` ([`puzzle_tables_query::cube::near_graph_spec`]): each
/// entry within the radius, in order, with its distance and the node and symmetry each face
/// turn of its representative leads to.
///
/// # Panics
/// If the number of nodes differs from the spec's, a fact of the cube.
pub fn build_near_graph_table(metric: Metric, classes: &FlipSliceClasses, distances: &[u8]) -> BuiltTable {
    let radius = near_g1_radius(metric);
    let nodes: Vec<usize> = (0..distances.len()).filter(|&e| distances[e] <= radius).collect();
    let node_of = |entry: usize| nodes.binary_search(&entry).ok();
    let moves = CoordinateMoves::new();
    let mut depth_counts = vec![0u64; usize::from(radius) + 1];
    let mut words = Vec::with_capacity(nodes.len() * (2 + Move::COUNT));
    for &entry in &nodes {
        let (class, twist) = (entry / TWISTS, entry % TWISTS);
        depth_counts[usize::from(distances[entry])] += 1;
        words.extend([entry as u32, u32::from(distances[entry])]);
        words.extend(Move::ALL.map(|m| {
            let class_sym = classes.after(&moves, class, m.index()) as usize;
            let next_twist = usize::from(moves.twist[twist * Move::COUNT + m.index()]);
            let next = (class_sym >> 4) * TWISTS + usize::from(twist_conjugates()[next_twist * 16 + (class_sym & 15)]);
            node_of(next).map_or(u32::MAX, |node| (node as u32) << 4 | (class_sym & 15) as u32)
        }));
    }
    let spec = near_graph_spec(metric);
    assert_eq!(words.len() as u64, spec.entries, "the near-G1 graph's size is a fact of the cube");
    BuiltTable {
        spec,
        metadata: Metadata {
            description: format!(
                "cube: the phase-1 entries (flip-slice class x 2,187 + twist) within {radius} {} of                  <U, D, R2, L2, F2, B2>, each as 20 words: the entry, its distance, and for each face turn                  the node x 16 + symmetry it leads to, or 2^32 - 1 beyond",
                moves_of(metric)
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("metric".into(), metric.label().into()), ("radius".into(), radius.to_string())],
        },
        payload: words.iter().flat_map(|w| w.to_le_bytes()).collect(),
    }
}

/// A phase-2 permutation's classes ([`Permutation::classes`]).
///
/// # Panics
/// If the count differs from [`PERMUTATION_CLASSES`], a fact of the cube.
pub fn permutation_classes(permutation: Permutation) -> (Vec<u16>, Vec<u16>) {
    let (class_of, representatives) = permutation.classes();
    assert_eq!(representatives.len(), PERMUTATION_CLASSES, "{permutation:?} classes under 16 symmetries");
    (class_of, representatives)
}

/// A phase-2 permutation's class table, two bytes an entry.
pub fn build_permutation_classes_table(permutation: Permutation, class_of: &[u16]) -> BuiltTable {
    let name = permutation_name(permutation);
    BuiltTable {
        spec: permutation.classes_spec(),
        metadata: Metadata {
            description: format!(
                "cube: for each {name} permutation, its class under the 16 symmetries that keep the U-D axis and \
                 the symmetry to the class's representative, as class x 16 + symmetry"
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts: Vec::new(),
            parameters: vec![("classes".into(), PERMUTATION_CLASSES.to_string())],
        },
        payload: class_of.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

/// A phase-2 permutation's move table on its classes, two bytes an entry: for each
/// representative and phase-2 move, the class and symmetry of the value after the move.
pub fn build_moves_table(
    permutation: Permutation,
    moves: &[u16],
    class_of: &[u16],
    representatives: &[u16],
) -> BuiltTable {
    let name = permutation_name(permutation);
    let after = representatives
        .iter()
        .flat_map(|&r| (0..PHASE2_MOVES.len()).map(move |k| usize::from(r) * PHASE2_MOVES.len() + k))
        .map(|entry| class_of[usize::from(moves[entry])]);
    BuiltTable {
        spec: permutation.moves_spec(),
        metadata: Metadata {
            description: format!(
                "cube: for each {name} permutation class and phase-2 move (class x 10 + move), the representative \
                 after the move as class x 16 + symmetry"
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts: Vec::new(),
            parameters: vec![("moves".into(), moves_text(&PHASE2_MOVES))],
        },
        payload: after.flat_map(|v| v.to_le_bytes()).collect(),
    }
}

fn permutation_name(permutation: Permutation) -> &'static str {
    match permutation {
        Permutation::Corners => "corner",
        Permutation::UdEdges => "U and D edge",
    }
}

/// The distances, in `metric`, of every pair (value of `permutation`, slice permutation) to
/// solved by phase-2 moves.
pub fn pair_distances(
    permutation: Permutation,
    moves: &[u16],
    slice_moves: &[u8],
    metric: Metric,
) -> (Vec<u8>, Vec<u64>) {
    layered_distances(permutation.count() * SLICE_PERMS, &PHASE2_MOVES, metric, |index, k| {
        let (value, slice) = (index / SLICE_PERMS, index % SLICE_PERMS);
        usize::from(moves[value * 10 + k]) * SLICE_PERMS + usize::from(slice_moves[slice * 10 + k])
    })
}

/// The distance to entry 0 of each of `count` entries, where move `moves[k]` takes entry `i`
/// to `next(i, k)`: a layered search in which a half turn counts two in QTM (the move sets
/// hold each move's inverse at the same cost, so distances from entry 0 are distances to it).
fn layered_distances(
    count: usize,
    moves: &[Move],
    metric: Metric,
    next: impl Fn(usize, usize) -> usize,
) -> (Vec<u8>, Vec<u64>) {
    let mut distance = vec![UNREACHED; count];
    distance[0] = 0;
    let mut depth_counts = Vec::new();
    let mut depth = 0u8;
    loop {
        let at_depth: Vec<usize> = (0..count).filter(|&i| distance[i] == depth).collect();
        let beyond = distance.iter().any(|&d| d != UNREACHED && d > depth);
        if at_depth.is_empty() && !beyond {
            break;
        }
        depth_counts.push(at_depth.len() as u64);
        for index in at_depth {
            for (k, m) in moves.iter().enumerate() {
                let to = next(index, k);
                distance[to] = distance[to].min(depth + m.cost(metric) as u8);
            }
        }
        depth += 1;
    }
    assert!(!distance.contains(&UNREACHED), "every entry is reachable");
    (distance, depth_counts)
}

/// A phase-2 pair distance table by class: each representative's rows of the pair
/// distances.
pub fn build_pair_table(
    permutation: Permutation,
    metric: Metric,
    moves: &[u16],
    slice_moves: &[u8],
    representatives: &[u16],
) -> BuiltTable {
    let (distances, _) = pair_distances(permutation, moves, slice_moves, metric);
    let rows: Vec<u8> = representatives
        .iter()
        .flat_map(|&r| &distances[usize::from(r) * SLICE_PERMS..][..SLICE_PERMS])
        .copied()
        .collect();
    let mut depth_counts = vec![0u64; usize::from(rows.iter().copied().max().unwrap_or(0)) + 1];
    rows.iter().for_each(|&d| depth_counts[usize::from(d)] += 1);
    let name = permutation_name(permutation);
    BuiltTable {
        spec: permutation.distance_spec(metric),
        metadata: Metadata {
            description: format!(
                "cube: for each {name} permutation class and slice edge permutation (class x 24 + slice), the \
                 fewest phase-2 moves that solve the class's representative with that slice permutation, in {}",
                metric.label().to_uppercase()
            ),
            generated_by: GENERATED_BY.into(),
            depth_counts,
            parameters: vec![("metric".into(), metric.label().into())],
        },
        payload: match metric {
            Metric::Htm => pack4(&rows),
            Metric::Qtm => rows,
        },
    }
}

/// The words of the large set's steps table ([`phase1_steps_word`]) for the entries of
/// class `class`, little-endian into `out` (four bytes an entry): for each face turn, the
/// neighbour class and symmetry are those of the class's representative, and only the twist
/// varies, so the neighbours' distances are read from one block of `distances`.
///
/// # Panics
/// If some entry's neighbours are not one step of face turns away: `distances` are not
/// the phase-1 distances in face turns.
pub fn phase1_steps_of_class(
    classes: &FlipSliceClasses,
    moves: &CoordinateMoves,
    distances: &[u8],
    class: usize,
    out: &mut [u8],
) {
    let conjugates = twist_conjugates();
    let mut children = vec![[0u8; Move::COUNT]; TWISTS];
    for m in 0..Move::COUNT {
        let class_sym = classes.after(moves, class, m) as usize;
        let block = &distances[(class_sym >> 4) * TWISTS..][..TWISTS];
        for (twist, child) in children.iter_mut().enumerate() {
            let moved = usize::from(moves.twist[twist * Move::COUNT + m]);
            child[m] = block[usize::from(conjugates[moved * 16 + (class_sym & 15)])];
        }
    }
    let own = &distances[class * TWISTS..][..TWISTS];
    for ((bytes, &distance), child) in out.chunks_exact_mut(4).zip(own).zip(&children) {
        let word = phase1_steps_word(distance, child).expect("face-turn neighbours are one face turn apart");
        bytes.copy_from_slice(&word.to_le_bytes());
    }
}

/// The large set's steps table: every phase-1 entry's distance in face turns and the steps
/// of its face turns, from the distances of [`phase1_distances`] in face turns. Classes are
/// shared out to the machine's threads in chunks.
pub fn build_phase1_steps_table(classes: &FlipSliceClasses, distances: &[u8], depth_counts: Vec<u64>) -> BuiltTable {
    const CHUNK: usize = 256;
    let moves = CoordinateMoves::new();
    let mut payload = vec![0u8; distances.len() * 4];
    let chunks = std::sync::Mutex::new(payload.chunks_mut(CHUNK * TWISTS * 4).enumerate());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let next = chunks.lock().unwrap_or_else(std::sync::PoisonError::into_inner).next();
                let Some((chunk, out)) = next else { break };
                for (k, class_out) in out.chunks_exact_mut(TWISTS * 4).enumerate() {
                    phase1_steps_of_class(classes, &moves, distances, chunk * CHUNK + k, class_out);
                }
            });
        }
    });
    BuiltTable {
        spec: phase1_steps_spec(),
        metadata: Metadata {
            description: "cube: for each flip-slice class and corner twist (class x 2,187 + twist), a little-endian \
                          word: the fewest face turns into <U, D, R2, L2, F2, B2> in bits 0-7, then for each face \
                          U R F D L B four bits: bit 3 set when its turns' entries are at the distance or one \
                          further (clear: one closer or at it), bit q-1 set when the turn of q quarter turns leads \
                          to the larger of the two"
                .into(),
            generated_by: format!("{GENERATED_BY} --large"),
            depth_counts,
            parameters: vec![("metric".into(), Metric::Htm.label().into())],
        },
        payload,
    }
}

/// The large set's phase-2 distances in face turns, up to `max_depth` (beyond it entries
/// stay [`UNREACHED`]): for each corner class and U/D-edge permutation (`class * 40,320 +
/// edges`), the fewest phase-2 moves that solve the class's representative with those edges.
/// A breadth-first search layer by layer over the entries; an entry stands for a cube and
/// its conjugates, so a move's result is written at every entry that holds one of them:
/// the moved edges conjugated by each symmetry that takes the moved corners to their class's
/// representative. The search's reads stay within a few rows of 40 kB, the edges' move and
/// conjugate tables are laid out by move and by symmetry, so that each stays in the caches.
pub fn corner_edge_distances(max_depth: u8, progress: &mut dyn Progress) -> Vec<u8> {
    const EDGES: usize = UD_EDGE_PERMS;
    let steps = corner_class_steps();
    let (edge_moves, conjugates) = (ud_edge_perm_moves(), ud_edge_perm_conjugates());
    let moved_by: Vec<Vec<u16>> =
        (0..PHASE2_MOVES.len()).map(|k| (0..EDGES).map(|e| edge_moves[e * PHASE2_MOVES.len() + k]).collect()).collect();
    let conjugated_by: Vec<Vec<u16>> =
        (0..SYMMETRIES).map(|u| (0..EDGES).map(|e| conjugates[e * SYMMETRIES + u]).collect()).collect();
    let mut distance = vec![UNREACHED; PERMUTATION_CLASSES * EDGES];
    distance[0] = 0;
    progress.start("cube, phase-2 corner and U/D-edge distances (HTM)", distance.len() as u64);
    let (mut reached, mut frontier) = (1u64, Vec::with_capacity(EDGES));
    for depth in 0..max_depth {
        let before = reached;
        for class in 0..PERMUTATION_CLASSES {
            frontier.clear();
            frontier.extend((0..EDGES).filter(|&e| distance[class * EDGES + e] == depth));
            for (k, &(next, symmetries)) in steps[class * PHASE2_MOVES.len()..][..PHASE2_MOVES.len()].iter().enumerate()
            {
                let row = &mut distance[next * EDGES..][..EDGES];
                for u in (0..SYMMETRIES).filter(|&u| symmetries >> u & 1 == 1) {
                    let (moved, conjugated) = (&moved_by[k], &conjugated_by[u]);
                    for &e in &frontier {
                        let entry = &mut row[usize::from(conjugated[usize::from(moved[e])])];
                        if *entry == UNREACHED {
                            *entry = depth + 1;
                            reached += 1;
                        }
                    }
                }
            }
            progress.advance(reached);
        }
        if reached == before {
            break;
        }
    }
    distance
}

/// The large set's phase-2 table ([`puzzle_tables_query::cube::corner_edge_distance_spec`]),
/// a byte an entry.
///
/// # Panics
/// If some entry stays unreached: phase-2 moves reach every corner and U/D-edge permutation
/// together (the slice edges take up the parity).
pub fn build_corner_edge_table(progress: &mut dyn Progress) -> BuiltTable {
    let distances = corner_edge_distances(UNREACHED - 1, progress);
    assert!(!distances.contains(&UNREACHED), "every corner and U/D-edge pair is reachable");
    let mut depth_counts = vec![0u64; usize::from(distances.iter().copied().max().unwrap_or(0)) + 1];
    distances.iter().for_each(|&d| depth_counts[usize::from(d)] += 1);
    BuiltTable {
        spec: corner_edge_distance_spec(),
        metadata: Metadata {
            description: "cube: for each corner permutation class under the 16 symmetries that keep the U-D axis \
                          and U/D edge permutation (class x 40,320 + edges), the fewest face turns of <U, D, R2, \
                          L2, F2, B2> that solve the class's representative with those edges, a byte each; a cube \
                          whose corners are conjugated to the representative by s is looked up with its edges \
                          conjugated by s"
                .into(),
            generated_by: format!("{GENERATED_BY} --large"),
            depth_counts,
            parameters: vec![("metric".into(), Metric::Htm.label().into())],
        },
        payload: distances,
    }
}

/// The cube's large set ([`puzzle_tables_query::cube::large_specs`]), its phase-2 table
/// first (so that its 112 MB and the phase-1 walk's are not held at once with the steps).
pub fn build_large_tables(progress: &mut dyn Progress) -> Vec<BuiltTable> {
    let corner_edges = build_corner_edge_table(progress);
    let classes = flip_slice_classes();
    let (distances, depth_counts) = phase1_distances(&classes, Metric::Htm, progress);
    vec![build_phase1_steps_table(&classes, &distances, depth_counts), corner_edges]
}

/// Every cube table, in the order of [`puzzle_tables_query::cube::specs`].
pub fn build_tables(progress: &mut dyn Progress) -> Vec<BuiltTable> {
    let classes = flip_slice_classes();
    let mut tables = vec![build_class_finder_table(&classes), build_class_moves_table(&classes)];
    let mut graphs = Vec::new();
    for metric in Metric::ALL {
        let (distances, depth_counts) = phase1_distances(&classes, metric, progress);
        tables.push(build_phase1_table(metric, &distances, depth_counts));
        graphs.push(build_near_graph_table(metric, &classes, &distances));
    }
    tables.extend(graphs);
    let slice_moves = CoordinateMoves::new().slice_perm;
    let moves = [corner_perm_moves(), ud_edge_perm_moves()];
    let classes = Permutation::ALL.map(permutation_classes);
    for (&permutation, (class_of, _)) in Permutation::ALL.iter().zip(&classes) {
        tables.push(build_permutation_classes_table(permutation, class_of));
    }
    for (&permutation, (m, (class_of, representatives))) in Permutation::ALL.iter().zip(moves.iter().zip(&classes)) {
        tables.push(build_moves_table(permutation, m, class_of, representatives));
    }
    for metric in Metric::ALL {
        for (&permutation, (m, (_, representatives))) in Permutation::ALL.iter().zip(moves.iter().zip(&classes)) {
            tables.push(build_pair_table(permutation, metric, m, &slice_moves, representatives));
        }
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::cube::symmetry::{conjugate_corner_perm, conjugate_move, product};
    use puzzle_tables_models::cube::{Cube, Move};
    use puzzle_tables_query::cube::step_distance_of;
    use std::collections::HashMap;

    #[test]
    fn classes_map_every_member_to_its_representative() {
        let classes = flip_slice_classes();
        crate::class_walk::check_representatives(&classes, FLIP_SLICES, 101, conjugate_flip_slice);
        assert_eq!(classes.self_symmetries[0], 0xffff, "the solved flip-slice is fixed by every symmetry");
    }

    /// The entry of raw phase-1 coordinates, as the query crate computes it.
    fn entry(classes: &FlipSliceClasses, flip_slice: usize, twist: usize) -> usize {
        let class_sym = classes.class_of[flip_slice] as usize;
        (class_sym >> 4) * TWISTS + usize::from(twist_conjugates()[twist * 16 + (class_sym & 15)])
    }

    /// Raw phase-1 coordinates (flip-slice, twist) after face turn `m` by the move tables.
    fn turned(moves: &CoordinateMoves, (flip_slice, twist): (usize, usize), m: usize) -> (usize, usize) {
        let (flip, slice) = (flip_slice % FLIPS, flip_slice / FLIPS);
        let next = usize::from(moves.slice[slice * 18 + m]) * FLIPS + usize::from(moves.flip[flip * 18 + m]);
        (next, usize::from(moves.twist[twist * 18 + m]))
    }

    /// The raw phase-1 coordinates within `radius` of G1 in `metric` and their distances, by a
    /// breadth-first search without symmetry over the moves that cost one in `metric`.
    fn near_coordinates(moves: &CoordinateMoves, metric: Metric, radius: u8) -> HashMap<(usize, usize), u8> {
        let steps: Vec<usize> = Move::ALL.iter().filter(|m| m.cost(metric) == 1).map(|m| m.index()).collect();
        let mut seen: HashMap<(usize, usize), u8> = HashMap::from([((0, 0), 0)]);
        let mut layer = vec![(0, 0)];
        for depth in 1..=radius {
            let mut next = Vec::new();
            for &state in &layer {
                for &m in &steps {
                    let neighbour = turned(moves, state, m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(neighbour) {
                        e.insert(depth);
                        next.push(neighbour);
                    }
                }
            }
            layer = next;
        }
        seen
    }

    /// The walk's distances in `metric`, checked against a breadth-first search over raw
    /// coordinates (no symmetry) five steps deep, and far entries each one step further than
    /// their nearest neighbour; steps are the moves that cost one in `metric`.
    fn checked_phase1_distances(classes: &FlipSliceClasses, metric: Metric) -> Vec<u8> {
        let (distance, depth_counts) = phase1_distances(classes, metric, &mut crate::Silent);
        assert_eq!(depth_counts.iter().sum::<u64>(), (FLIP_SLICE_CLASSES * TWISTS) as u64);
        let moves = &CoordinateMoves::new();
        let steps: Vec<usize> = Move::ALL.iter().filter(|m| m.cost(metric) == 1).map(|m| m.index()).collect();
        let neighbours = |state: (usize, usize)| steps.iter().map(move |&m| turned(moves, state, m));
        for (&(flip_slice, twist), &depth) in &near_coordinates(moves, metric, 5) {
            assert_eq!(distance[entry(classes, flip_slice, twist)], depth, "flip-slice {flip_slice}, twist {twist}");
        }
        let mut rng = 11u64;
        for _ in 0..2_000 {
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let state = ((rng >> 33) as usize % FLIP_SLICES, (rng >> 13) as usize % TWISTS);
            let here = distance[entry(classes, state.0, state.1)];
            let nearest = neighbours(state).map(|(f, t)| distance[entry(classes, f, t)]).min().unwrap();
            if state != (0, 0) {
                assert_eq!(nearest + 1, here, "state {state:?}");
            }
        }
        distance
    }

    #[test]
    fn phase1_distances_match_a_plain_search_in_both_metrics() {
        let classes = flip_slice_classes();
        let htm = checked_phase1_distances(&classes, Metric::Htm);
        assert_eq!(htm.iter().max(), Some(&12), "phase 1 needs at most 12 face turns");
        let qtm = checked_phase1_distances(&classes, Metric::Qtm);
        // A quarter turn is a face turn, and a face turn at most two quarter turns.
        for (entry, (&h, &q)) in htm.iter().zip(&qtm).enumerate().step_by(997) {
            assert!(h <= q && q <= 2 * h, "entry {entry}: {h} face turns, {q} quarter turns");
        }
        // F2 R is one quarter turn out of G1 (F2 keeps it), F R two, F R2 three.
        for (moves, quarter_turns) in [("F2 R", 1), ("F R", 2), ("F R2", 3)] {
            let cube = Cube::SOLVED.apply_moves(&crate_moves(moves));
            let at = entry(&classes, cube.flip_slice() as usize, usize::from(cube.twist()));
            assert_eq!(qtm[at], quarter_turns, "{moves}");
        }
        check_near_graph(&classes, Metric::Htm, &htm);
        check_near_graph(&classes, Metric::Qtm, &qtm);
        check_phase1_steps(&classes, &htm);
    }

    /// The large set's words against raw coordinates: for every coordinate within four face
    /// turns of G1, each face turn's distance read from its entry's word (the turn
    /// conjugated by the symmetry to the entry) is the plain search's distance of the turned
    /// coordinates; far from G1, for 2,000 drawn coordinates, it is the walk's distance of the
    /// turned coordinates' own entry. The words are built class by class, as the table is.
    fn check_phase1_steps(classes: &FlipSliceClasses, distances: &[u8]) {
        let moves = CoordinateMoves::new();
        let mut words_of: HashMap<usize, Vec<u32>> = HashMap::new();
        let mut word = |flip_slice: usize, twist: usize| {
            let at = entry(classes, flip_slice, twist);
            let words = words_of.entry(at / TWISTS).or_insert_with(|| {
                let mut out = vec![0u8; TWISTS * 4];
                phase1_steps_of_class(classes, &moves, distances, at / TWISTS, &mut out);
                out.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
            });
            (words[at % TWISTS], classes.class_of[flip_slice] as usize & 15)
        };
        let near = near_coordinates(&moves, Metric::Htm, 5);
        for (&(flip_slice, twist), &distance) in near.iter().filter(|(_, &d)| d <= 4) {
            let (word, s) = word(flip_slice, twist);
            assert_eq!(word as u8, distance, "{flip_slice} {twist}");
            for m in Move::ALL {
                let next = turned(&moves, (flip_slice, twist), m.index());
                let read = step_distance_of(word, conjugate_move(m, s).index());
                assert_eq!(read, near[&next], "flip-slice {flip_slice}, twist {twist}, by {m}");
            }
        }
        let mut rng = 5u64;
        for _ in 0..2_000 {
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let state = ((rng >> 33) as usize % FLIP_SLICES, (rng >> 13) as usize % TWISTS);
            let (word, s) = word(state.0, state.1);
            for m in Move::ALL {
                let next = turned(&moves, state, m.index());
                let read = step_distance_of(word, conjugate_move(m, s).index());
                assert_eq!(read, distances[entry(classes, next.0, next.1)], "state {state:?}, by {m}");
            }
        }
    }

    /// The near-G1 graph of `metric` against a plain search over raw coordinates: every
    /// coordinate within the radius has its entry's node at its distance, and every face turn
    /// from it leads where the move tables do. That is, to the node of the turned
    /// coordinates' entry, seen through a symmetry (the node's, composed with the row's) that
    /// takes the turned coordinates to that entry; and to no node beyond the radius.
    fn check_near_graph(classes: &FlipSliceClasses, metric: Metric, distances: &[u8]) {
        let table = build_near_graph_table(metric, classes, distances);
        let words: Vec<u32> =
            table.payload.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        let records: Vec<&[u32]> = words.chunks_exact(2 + Move::COUNT).collect();
        let node_of = |entry: usize| records.binary_search_by_key(&(entry as u32), |r| r[0]).expect("a node");
        let moves = CoordinateMoves::new();
        let near = near_coordinates(&moves, metric, near_g1_radius(metric));
        assert_eq!(table.metadata.depth_counts.iter().sum::<u64>(), records.len() as u64);
        for (i, (&state, &distance)) in near.iter().enumerate() {
            let class_sym = classes.class_of[state.0] as usize;
            let node = node_of(entry(classes, state.0, state.1));
            assert_eq!(records[node][1], u32::from(distance), "{metric:?} {state:?}");
            if i % 7 != 0 {
                continue;
            }
            for m in Move::ALL {
                let next = turned(&moves, state, m.index());
                let child = records[node][2 + conjugate_move(m, class_sym & 15).index()];
                if !near.contains_key(&next) {
                    assert_eq!(child, u32::MAX, "{metric:?} {state:?} by {m}");
                    continue;
                }
                let seen_through = product((child & 15) as usize, class_sym & 15);
                let child_entry = records[(child >> 4) as usize][0] as usize;
                assert_eq!(
                    conjugate_flip_slice(next.0 as u32, seen_through),
                    classes.representatives[child_entry / TWISTS],
                    "{metric:?} {state:?} by {m}"
                );
                assert_eq!(usize::from(twist_conjugates()[next.1 * 16 + seen_through]), child_entry % TWISTS);
            }
        }
    }

    fn crate_moves(text: &str) -> Vec<Move> {
        puzzle_tables_models::cube::parse_moves(text).expect("face turns")
    }

    #[test]
    fn permutation_classes_map_every_value_to_its_representative() {
        for permutation in Permutation::ALL {
            let (class_of, representatives) = permutation_classes(permutation);
            assert!(representatives.windows(2).all(|w| w[0] < w[1]), "numbered by smallest member");
            for (value, &entry) in class_of.iter().enumerate() {
                let (class, s) = (usize::from(entry) / SYMMETRIES, usize::from(entry) % SYMMETRIES);
                assert_eq!(permutation.conjugate(value as u16, s), representatives[class], "{permutation:?} {value}");
                assert!(representatives[class] <= value as u16);
            }
            assert!(representatives.iter().all(|&r| usize::from(class_of[usize::from(r)]) % SYMMETRIES == 0));
        }
    }

    /// The phase-2 table's distances six moves deep against a breadth-first search over raw
    /// (corner, U/D-edge) permutation pairs without symmetry: every pair within six moves is
    /// at its distance under every symmetry that takes its corners to their representative
    /// (a self-symmetric class holds the same cube at several entries), and every entry
    /// reached is such a pair's. (The whole table is built only by `gen cube --large`.)
    #[test]
    fn corner_edge_distances_match_a_plain_search() {
        const DEPTH: u8 = 6;
        let (class_of, representatives) = permutation_classes(Permutation::Corners);
        let (corner_moves, edge_moves) = (corner_perm_moves(), ud_edge_perm_moves());
        let pair_after =
            |(c, e): (u16, u16), k: usize| (corner_moves[usize::from(c) * 10 + k], edge_moves[usize::from(e) * 10 + k]);
        let mut seen: HashMap<(u16, u16), u8> = HashMap::from([((0, 0), 0)]);
        let mut layer = vec![(0u16, 0u16)];
        for depth in 1..=DEPTH {
            let mut next = Vec::new();
            for &pair in &layer {
                for k in 0..PHASE2_MOVES.len() {
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(pair_after(pair, k)) {
                        e.insert(depth);
                        next.push(pair_after(pair, k));
                    }
                }
            }
            layer = next;
        }
        let distances = corner_edge_distances(DEPTH, &mut crate::Silent);
        // Each entry the pair can be read at: its corners' class with its edges conjugated by
        // a symmetry that takes its corners to the representative.
        let entries = |(c, e): (u16, u16)| {
            let class = usize::from(class_of[usize::from(c)]) / SYMMETRIES;
            let representative = representatives[class];
            let to_representative = move |&u: &usize| conjugate_corner_perm(c, u) == representative;
            (0..SYMMETRIES)
                .filter(to_representative)
                .map(move |u| class * UD_EDGE_PERMS + usize::from(ud_edge_perm_conjugates()[usize::from(e) * 16 + u]))
        };
        for (&pair, &depth) in &seen {
            for entry in entries(pair) {
                assert_eq!(distances[entry], depth, "corners {}, edges {}", pair.0, pair.1);
            }
        }
        for (entry, &d) in distances.iter().enumerate().filter(|(_, &d)| d != UNREACHED) {
            let pair = (representatives[entry / UD_EDGE_PERMS], (entry % UD_EDGE_PERMS) as u16);
            assert_eq!(seen.get(&pair), Some(&d), "entry {entry}");
        }
    }

    #[test]
    fn phase2_pair_distances_match_a_plain_search() {
        // Breadth-first search over whole cubes by phase-2 moves, four moves deep: the corner
        // and slice permutations of each cube reached are at least that close.
        let slice_moves = CoordinateMoves::new().slice_perm;
        let corner_moves = corner_perm_moves();
        let (htm, _) = pair_distances(Permutation::Corners, &corner_moves, &slice_moves, Metric::Htm);
        let (qtm, _) = pair_distances(Permutation::Corners, &corner_moves, &slice_moves, Metric::Qtm);
        let mut seen: HashMap<Cube, u8> = HashMap::from([(Cube::SOLVED, 0)]);
        let mut layer = vec![Cube::SOLVED];
        for depth in 1..=4u8 {
            let mut next = Vec::new();
            for cube in &layer {
                for m in PHASE2_MOVES {
                    let moved = cube.apply_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(moved) {
                        e.insert(depth);
                        next.push(moved);
                    }
                }
            }
            layer = next;
        }
        let mut pair_min: HashMap<usize, u8> = HashMap::new();
        for (cube, &d) in &seen {
            let index = usize::from(cube.corner_perm()) * SLICE_PERMS + usize::from(cube.slice_perm());
            let entry = pair_min.entry(index).or_insert(d);
            *entry = (*entry).min(d);
        }
        for (&index, &d) in &pair_min {
            assert!(htm[index] <= d, "pair {index}: table {} > search {d}", htm[index]);
            assert!(qtm[index] >= htm[index]);
            if d <= 3 {
                assert_eq!(htm[index], d, "pair {index} within three moves is exact");
            }
        }
        assert_eq!(htm[0], 0);
        let r2 = Move::new(1, 2).expect("R2");
        let after_r2 = Cube::SOLVED.apply_move(r2);
        let index = usize::from(after_r2.corner_perm()) * SLICE_PERMS + usize::from(after_r2.slice_perm());
        assert_eq!((htm[index], qtm[index]), (1, 2));
    }
}
