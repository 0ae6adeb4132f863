//! A dense index over the patterns a definition's moves reach from a start.
//!
//! The moves split each orbit's slots into components (the slots a piece can travel
//! between); a piece never leaves its component, and a slot whose piece no move moves or
//! turns never changes. The index is a product of independent coordinates, each moved by
//! every move on its own, so a generator steps through it by table lookups:
//! - an **arrangement** per orbit: in each component, which piece sits where, as a
//!   permutation rank (among even permutations only when every move permutes the component
//!   evenly) or, where pieces are identical, a multiset rank;
//! - an **orientation** per modulus, over the slots of every orbit whose pieces all count
//!   orientation by that modulus: a digit a slot, the last one dropped where every move
//!   keeps the digits' sum (an orbit alone if it keeps its own sum, else the orbits
//!   together);
//! - a **joint** coordinate for an orbit whose pieces count orientation by different
//!   moduli (a cube's cross: four edges oriented, eight ignored): the arrangement, then a
//!   digit for each piece by its own modulus.
//!
//! A pattern that breaks an invariant the index relies on (a piece outside its component,
//! an odd permutation, a wrong orientation sum, a slot that never changes changed) has no
//! rank: the moves cannot reach it.

use super::{Definition, DefinitionError, Generators, Pattern};

/// A piece as the index tells pieces apart: its number and its orientation modulus.
type Kind = (u8, u8);

/// The largest index accepted: past it the table would not fit any machine anyway.
pub const MAX_INDEX: u64 = 1 << 48;

#[derive(Clone, Debug)]
struct Component {
    slots: Vec<usize>,
    /// The start's kinds in these slots, sorted.
    kinds: Vec<Kind>,
    distinct: bool,
    /// Whether every move permutes the component evenly (ranked among even permutations).
    even: bool,
    size: u64,
}

#[derive(Clone, Debug)]
struct Arrangement {
    orbit: usize,
    components: Vec<Component>,
    size: u64,
}

#[derive(Clone, Debug)]
struct Orientation {
    /// `(orbit, slot)` in order.
    slots: Vec<(usize, usize)>,
    modulus: u8,
    /// The digits' sum modulo `modulus` where every move keeps it; the last digit follows.
    sum: Option<u32>,
    size: u64,
}

#[derive(Clone, Debug)]
struct Joint {
    arrangement: Arrangement,
    /// The orbit's slots that change, whose pieces' digits follow the arrangement.
    slots: Vec<usize>,
    orientation_size: u64,
}

/// Coordinates the moves tie together (the skewb's corners: where they are and how they
/// turn), merged into one: the values of their product that the moves reach, sorted.
#[derive(Clone, Debug)]
struct Merged {
    parts: Vec<Coordinate>,
    /// The reached values of the parts' product (mixed radix, the first part first).
    reached: Vec<u64>,
}

#[derive(Clone, Debug)]
enum Coordinate {
    Arrangement(Arrangement),
    Orientation(Orientation),
    Joint(Joint),
    Merged(Merged),
}

/// The dense index of a definition's patterns under some moves, from a start pattern.
#[derive(Clone, Debug)]
pub struct PatternIndex {
    start: Pattern,
    coordinates: Vec<Coordinate>,
    /// Each coordinate's place value in the index (the last coordinate's is 1).
    strides: Vec<u64>,
    /// `(orbit, slot)` whose orientation no move changes.
    fixed: Vec<(usize, usize)>,
    size: u64,
    merges: Vec<(usize, usize)>,
}

impl PatternIndex {
    /// The index of every pattern `generators` can reach from `start`, read from how the
    /// moves act (the coordinates the moves tie found by walking pairs of them); refused when
    /// it would have more than [`MAX_INDEX`] entries.
    pub fn new(
        definition: &Definition,
        generators: &Generators,
        start: &Pattern,
    ) -> Result<PatternIndex, DefinitionError> {
        PatternIndex::with_merges(definition, generators, start, None)
    }

    /// [`new`](Self::new), merging the coordinates `merges` names (what [`merges`](Self::merges)
    /// gave) instead of looking for ties: a table's reader replays its builder's merges.
    pub fn with_merges(
        definition: &Definition,
        generators: &Generators,
        start: &Pattern,
        merges: Option<&[(usize, usize)]>,
    ) -> Result<PatternIndex, DefinitionError> {
        let moves = &generators.transformations;
        let mut coordinates = Vec::new();
        let mut fixed = Vec::new();
        let mut shared: Vec<(u8, Vec<(usize, usize)>)> = Vec::new();
        for (o, orbit) in definition.orbits().iter().enumerate() {
            let part = &start.0[o];
            let components = components(orbit.pieces, moves.iter().map(|t| &t.0[o].permutation));
            let singleton = |slot: usize| components.iter().any(|c| c.len() == 1 && c[0] == slot);
            let changing: Vec<usize> = (0..orbit.pieces)
                .filter(|&slot| {
                    let turned = moves.iter().any(|t| t.0[o].orientation_delta[slot] % part.orientation_mod[slot] != 0);
                    let fixed_here = singleton(slot) && (!turned || part.orientation_mod[slot] == 1);
                    if fixed_here {
                        fixed.push((o, slot));
                    }
                    !fixed_here
                })
                .collect();
            let arrangement = arrangement(o, part, &components, moves)?;
            let moduli: Vec<u8> = changing.iter().map(|&slot| part.orientation_mod[slot]).collect();
            let uniform = moduli.windows(2).all(|w| w[0] == w[1]);
            if uniform {
                if arrangement.size > 1 {
                    coordinates.push(Coordinate::Arrangement(arrangement));
                }
                if let Some(&modulus) = moduli.first().filter(|&&m| m > 1) {
                    let slots: Vec<(usize, usize)> = changing.iter().map(|&slot| (o, slot)).collect();
                    if keeps_sum(moves, &slots, modulus) {
                        coordinates.push(Coordinate::Orientation(orientation(start, slots, modulus, true)));
                    } else {
                        match shared.iter_mut().find(|(m, _)| *m == modulus) {
                            Some((_, all)) => all.extend(slots),
                            None => shared.push((modulus, slots)),
                        }
                    }
                }
            } else {
                let orientation_size = checked_product(changing.iter().map(|&slot| part.orientation_mod[slot] as u64))?;
                coordinates.push(Coordinate::Joint(Joint { arrangement, slots: changing, orientation_size }));
            }
        }
        for (modulus, slots) in shared {
            let keeps = keeps_sum(moves, &slots, modulus);
            coordinates.push(Coordinate::Orientation(orientation(start, slots, modulus, keeps)));
        }
        let (coordinates, merges) = match merges {
            None => merge_tied(coordinates, start, generators),
            Some(merges) => (replay_merges(coordinates, merges, start, generators)?, merges.to_vec()),
        };
        let sizes: Vec<u64> = coordinates.iter().map(Coordinate::size).collect();
        let size = checked_product(sizes.iter().copied())?;
        let mut strides = vec![1u64; sizes.len()];
        for i in (0..sizes.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * sizes[i + 1];
        }
        Ok(PatternIndex { start: start.clone(), coordinates, strides, fixed, size, merges })
    }

    /// The coordinates merged, in order: each pair `(i, j)` of the list as it then stood.
    pub fn merges(&self) -> &[(usize, usize)] {
        &self.merges
    }

    /// The number of entries.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The start pattern (index of distance 0).
    pub fn start(&self) -> &Pattern {
        &self.start
    }

    /// Each coordinate's number of values, in index order (most significant first).
    pub fn coordinate_sizes(&self) -> Vec<u64> {
        self.coordinates.iter().map(Coordinate::size).collect()
    }

    /// Each coordinate's place value in the index.
    pub fn strides(&self) -> &[u64] {
        &self.strides
    }

    /// `pattern`'s index, or why the moves cannot reach it from the start.
    pub fn rank(&self, pattern: &Pattern) -> Result<u64, Unreachable> {
        if pattern.0.len() != self.start.0.len()
            || pattern.0.iter().zip(&self.start.0).any(|(p, s)| p.pieces.len() != s.pieces.len())
        {
            return Err(Unreachable("the pattern's orbits are not the definition's".into()));
        }
        for &(o, slot) in &self.fixed {
            let (p, s) = (&pattern.0[o], &self.start.0[o]);
            if p.orientation[slot] % s.orientation_mod[slot] != s.orientation[slot] {
                return Err(Unreachable(format!("orbit {o}'s slot {slot} has an orientation no move changes")));
            }
        }
        let mut index = 0u64;
        for (coordinate, stride) in self.coordinates.iter().zip(&self.strides) {
            index += coordinate.rank(pattern)? * stride;
        }
        Ok(index)
    }

    /// The pattern of index `index` (below [`size`](Self::size)).
    pub fn pattern(&self, index: u64) -> Pattern {
        let mut pattern = self.start.clone();
        for (coordinate, (&stride, size)) in
            self.coordinates.iter().zip(self.strides.iter().zip(self.coordinate_sizes()))
        {
            coordinate.set(index / stride % size, &mut pattern);
        }
        pattern
    }

    /// For each coordinate, its value after each generator: `table[value * moves + g]`.
    /// The generator walks the index with these instead of patterns.
    pub fn move_tables(&self, generators: &Generators) -> Vec<Vec<u32>> {
        self.coordinates.iter().map(|coordinate| move_table(coordinate, &self.start, generators)).collect()
    }
}

/// Steps through an index by its coordinates' move tables: the index after each generator,
/// without building a pattern. The one-process generator, the distributed build and the
/// table reader all step with it.
#[derive(Clone, Debug)]
pub struct IndexSteps {
    /// For each coordinate, its value after each generator (see [`PatternIndex::move_tables`]).
    moves: Vec<Vec<u32>>,
    sizes: Vec<u64>,
    strides: Vec<u64>,
    generators: usize,
}

impl IndexSteps {
    /// The steps of `index` by `generators`.
    pub fn new(index: &PatternIndex, generators: &Generators) -> IndexSteps {
        IndexSteps {
            moves: index.move_tables(generators),
            sizes: index.coordinate_sizes(),
            strides: index.strides().to_vec(),
            generators: generators.len(),
        }
    }

    /// How many generators step the index.
    pub fn generators(&self) -> usize {
        self.generators
    }

    /// Fills `children` (one slot a generator) with the index after each generator from
    /// `index`.
    #[inline]
    pub fn children(&self, index: u64, children: &mut [u64]) {
        children.fill(0);
        let moves = self.generators;
        for ((table, &size), &stride) in self.moves.iter().zip(&self.sizes).zip(&self.strides) {
            let row = &table[(index / stride % size) as usize * moves..][..moves];
            for (child, &value) in children.iter_mut().zip(row) {
                *child += value as u64 * stride;
            }
        }
    }

    /// The index after generator `g` from `index`.
    #[inline]
    pub fn child(&self, index: u64, g: usize) -> u64 {
        let mut child = 0;
        for ((table, &size), &stride) in self.moves.iter().zip(&self.sizes).zip(&self.strides) {
            let value = (index / stride % size) as usize;
            child += table[value * self.generators + g] as u64 * stride;
        }
        child
    }
}

fn move_table(coordinate: &Coordinate, start: &Pattern, generators: &Generators) -> Vec<u32> {
    let mut table = Vec::with_capacity(coordinate.size() as usize * generators.len());
    let mut pattern = start.clone();
    for value in 0..coordinate.size() {
        coordinate.set(value, &mut pattern);
        for t in &generators.transformations {
            let next = super::apply(&pattern, t);
            table.push(coordinate.rank(&next).expect("a move keeps every invariant of the index") as u32);
        }
    }
    table
}

/// The largest product of two coordinates [`merge_tied`] walks to see whether they are tied.
const MAX_MERGE: u64 = 1 << 22;

/// Merges pairs of coordinates whose product the moves do not fill (the values one reaches
/// depend on the other's) into one of the reached values, until no pair is tied: so the
/// bundled definitions' indexes hold exactly their reachable patterns.
fn merge_tied(
    mut coordinates: Vec<Coordinate>,
    start: &Pattern,
    generators: &Generators,
) -> (Vec<Coordinate>, Vec<(usize, usize)>) {
    let mut merges = Vec::new();
    'again: loop {
        for i in 0..coordinates.len() {
            for j in i + 1..coordinates.len() {
                let (a, b) = (&coordinates[i], &coordinates[j]);
                if a.size().saturating_mul(b.size()) > MAX_MERGE {
                    continue;
                }
                let reached = reached_pairs(a, b, start, generators);
                if (reached.len() as u64) < a.size() * b.size() {
                    merge(&mut coordinates, i, j, reached);
                    merges.push((i, j));
                    continue 'again;
                }
            }
        }
        return (coordinates, merges);
    }
}

/// Merges the pairs `merges` names, in order, as [`merge_tied`] found them.
fn replay_merges(
    mut coordinates: Vec<Coordinate>,
    merges: &[(usize, usize)],
    start: &Pattern,
    generators: &Generators,
) -> Result<Vec<Coordinate>, DefinitionError> {
    for &(i, j) in merges {
        let fits =
            i < j && j < coordinates.len() && coordinates[i].size().saturating_mul(coordinates[j].size()) <= MAX_MERGE;
        if !fits {
            return Err(DefinitionError::new(format!("coordinates {i} and {j} cannot be merged")));
        }
        let reached = reached_pairs(&coordinates[i], &coordinates[j], start, generators);
        merge(&mut coordinates, i, j, reached);
    }
    Ok(coordinates)
}

fn merge(coordinates: &mut Vec<Coordinate>, i: usize, j: usize, reached: Vec<u64>) {
    let b = coordinates.remove(j);
    let a = coordinates.remove(i);
    coordinates.insert(i, Coordinate::Merged(Merged { parts: vec![a, b], reached }));
}

/// The values `a * b.size() + b` that the moves reach from the start, sorted.
fn reached_pairs(a: &Coordinate, b: &Coordinate, start: &Pattern, generators: &Generators) -> Vec<u64> {
    let (table_a, table_b) = (move_table(a, start, generators), move_table(b, start, generators));
    let (moves, size_b) = (generators.len(), b.size());
    let first = a.rank(start).expect("the start is reached") * size_b + b.rank(start).expect("the start is reached");
    let mut seen = vec![false; (a.size() * size_b) as usize];
    seen[first as usize] = true;
    let mut frontier = vec![first];
    while let Some(value) = frontier.pop() {
        let (va, vb) = ((value / size_b) as usize, (value % size_b) as usize);
        for g in 0..moves {
            let next = table_a[va * moves + g] as u64 * size_b + table_b[vb * moves + g] as u64;
            if !seen[next as usize] {
                seen[next as usize] = true;
                frontier.push(next);
            }
        }
    }
    (0..seen.len() as u64).filter(|&v| seen[v as usize]).collect()
}

/// Why a pattern has no index: the moves cannot reach it from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable(pub String);

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the moves cannot reach this pattern from the start: {}", self.0)
    }
}

impl std::error::Error for Unreachable {}

fn checked_product(mut values: impl Iterator<Item = u64>) -> Result<u64, DefinitionError> {
    values
        .try_fold(1u64, |product, value| product.checked_mul(value).filter(|&p| p <= MAX_INDEX))
        .ok_or_else(|| DefinitionError::new(format!("the index would have more than 2^48 = {MAX_INDEX} entries")))
}

/// The slots' components under the permutations (union-find), each sorted, by first slot.
fn components<'a>(pieces: usize, permutations: impl Iterator<Item = &'a Vec<u8>>) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..pieces).collect();
    fn root(parent: &mut [usize], mut slot: usize) -> usize {
        while parent[slot] != slot {
            parent[slot] = parent[parent[slot]];
            slot = parent[slot];
        }
        slot
    }
    for permutation in permutations {
        for (slot, &from) in permutation.iter().enumerate() {
            let (a, b) = (root(&mut parent, slot), root(&mut parent, from as usize));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for slot in 0..pieces {
        let r = root(&mut parent, slot);
        match groups.iter_mut().find(|g| g[0] == r) {
            Some(group) => group.push(slot),
            None => groups.push(vec![slot]),
        }
    }
    groups
}

fn arrangement(
    orbit: usize,
    part: &super::OrbitPattern,
    components: &[Vec<usize>],
    moves: &[super::Transformation],
) -> Result<Arrangement, DefinitionError> {
    let mut result = Vec::new();
    for slots in components {
        let mut kinds: Vec<Kind> = slots.iter().map(|&s| (part.pieces[s], part.orientation_mod[s])).collect();
        kinds.sort_unstable();
        let distinct = kinds.windows(2).all(|w| w[0] != w[1]);
        let even = distinct
            && slots.len() > 1
            && moves.iter().all(|t| {
                let local: Vec<usize> = slots
                    .iter()
                    .map(|&s| {
                        slots
                            .iter()
                            .position(|&x| x == t.0[orbit].permutation[s] as usize)
                            .expect("a component is closed")
                    })
                    .collect();
                permutation_is_even(&local)
            });
        let size = arrangements(&kinds, even)?;
        result.push(Component { slots: slots.clone(), kinds, distinct, even, size });
    }
    let size = checked_product(result.iter().map(|c| c.size))?;
    Ok(Arrangement { orbit, components: result, size })
}

/// How many ways `kinds` (sorted) can be arranged: n!/∏(count!), halved for even ones.
fn arrangements(kinds: &[Kind], even: bool) -> Result<u64, DefinitionError> {
    let mut count: u128 = 1;
    let mut run = 0u128;
    for (i, kind) in kinds.iter().enumerate() {
        run = if i > 0 && kinds[i - 1] == *kind { run + 1 } else { 1 };
        count = count * (i as u128 + 1) / run;
        if count > MAX_INDEX as u128 * 2 {
            return Err(DefinitionError::new(format!("the index would have more than 2^48 = {MAX_INDEX} entries")));
        }
    }
    Ok((if even { count / 2 } else { count }) as u64)
}

fn permutation_is_even(permutation: &[usize]) -> bool {
    let mut seen = vec![false; permutation.len()];
    let mut transpositions = 0;
    for start in 0..permutation.len() {
        let mut at = start;
        let mut length = 0;
        while !seen[at] {
            seen[at] = true;
            at = permutation[at];
            length += 1;
        }
        transpositions += length.max(1) - 1;
    }
    transpositions % 2 == 0
}

/// Whether every move keeps the sum of the orientation digits of `slots` modulo `modulus`.
fn keeps_sum(moves: &[super::Transformation], slots: &[(usize, usize)], modulus: u8) -> bool {
    moves
        .iter()
        .all(|t| slots.iter().map(|&(o, s)| t.0[o].orientation_delta[s] as u32).sum::<u32>() % modulus as u32 == 0)
}

fn orientation(start: &Pattern, slots: Vec<(usize, usize)>, modulus: u8, keeps_sum: bool) -> Orientation {
    let digits = slots.len() as u32 - u32::from(keeps_sum);
    let sum =
        keeps_sum.then(|| slots.iter().map(|&(o, s)| start.0[o].orientation[s] as u32).sum::<u32>() % modulus as u32);
    Orientation { slots, modulus, sum, size: (modulus as u64).pow(digits) }
}

impl Coordinate {
    fn size(&self) -> u64 {
        match self {
            Coordinate::Arrangement(a) => a.size,
            Coordinate::Orientation(o) => o.size,
            Coordinate::Joint(j) => j.arrangement.size * j.orientation_size,
            Coordinate::Merged(m) => m.reached.len() as u64,
        }
    }

    fn rank(&self, pattern: &Pattern) -> Result<u64, Unreachable> {
        match self {
            Coordinate::Arrangement(a) => a.rank(pattern),
            Coordinate::Orientation(o) => o.rank(pattern),
            Coordinate::Joint(j) => {
                let arrangement = j.arrangement.rank(pattern)?;
                let part = &pattern.0[j.arrangement.orbit];
                let mut digits = 0u64;
                for &slot in &j.slots {
                    digits = digits * part.orientation_mod[slot] as u64 + part.orientation[slot] as u64;
                }
                Ok(arrangement * j.orientation_size + digits)
            }
            Coordinate::Merged(m) => {
                let mut value = 0u64;
                for part in &m.parts {
                    value = value * part.size() + part.rank(pattern)?;
                }
                let at = m.reached.binary_search(&value);
                at.map(|at| at as u64).map_err(|_| {
                    Unreachable("its pieces are placed and turned in a way the moves never combine".into())
                })
            }
        }
    }

    fn set(&self, value: u64, pattern: &mut Pattern) {
        match self {
            Coordinate::Arrangement(a) => a.set(value, pattern),
            Coordinate::Orientation(o) => o.set(value, pattern),
            Coordinate::Joint(j) => {
                j.arrangement.set(value / j.orientation_size, pattern);
                let part = &mut pattern.0[j.arrangement.orbit];
                let mut digits = value % j.orientation_size;
                for &slot in j.slots.iter().rev() {
                    let modulus = part.orientation_mod[slot] as u64;
                    part.orientation[slot] = (digits % modulus) as u8;
                    digits /= modulus;
                }
            }
            Coordinate::Merged(m) => {
                let mut value = m.reached[value as usize];
                for part in m.parts.iter().rev() {
                    part.set(value % part.size(), pattern);
                    value /= part.size();
                }
            }
        }
    }
}

impl Arrangement {
    fn rank(&self, pattern: &Pattern) -> Result<u64, Unreachable> {
        let part = &pattern.0[self.orbit];
        let mut rank = 0u64;
        for component in &self.components {
            let kinds: Vec<Kind> = component.slots.iter().map(|&s| (part.pieces[s], part.orientation_mod[s])).collect();
            rank = rank * component.size + component.rank(&kinds, self.orbit)?;
        }
        Ok(rank)
    }

    fn set(&self, mut value: u64, pattern: &mut Pattern) {
        let part = &mut pattern.0[self.orbit];
        for component in self.components.iter().rev() {
            let kinds = component.unrank(value % component.size);
            value /= component.size;
            for (&slot, (piece, modulus)) in component.slots.iter().zip(kinds) {
                part.pieces[slot] = piece;
                part.orientation_mod[slot] = modulus;
                part.orientation[slot] %= modulus;
            }
        }
    }
}

impl Component {
    /// The rank of `kinds` (the pieces in this component's slots, in slot order).
    fn rank(&self, kinds: &[Kind], orbit: usize) -> Result<u64, Unreachable> {
        let mut sorted = kinds.to_vec();
        sorted.sort_unstable();
        if sorted != self.kinds {
            let slots = self.slots.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
            return Err(Unreachable(format!(
                "orbit {orbit}'s slots {slots} do not hold the pieces the moves keep there"
            )));
        }
        if !self.distinct {
            return Ok(multiset_rank(kinds, &self.kinds));
        }
        let positions: Vec<usize> =
            kinds.iter().map(|k| self.kinds.binary_search(k).expect("the kinds were compared")).collect();
        let rank = permutation_rank(&positions);
        if self.even {
            if !permutation_is_even(&positions) {
                return Err(Unreachable(format!(
                    "orbit {orbit}'s pieces are an odd permutation, and every move is even"
                )));
            }
            return Ok(rank / 2);
        }
        Ok(rank)
    }

    fn unrank(&self, rank: u64) -> Vec<Kind> {
        if !self.distinct {
            return multiset_unrank(rank, &self.kinds);
        }
        let mut positions = permutation_unrank(if self.even { rank * 2 } else { rank }, self.kinds.len());
        if self.even && !permutation_is_even(&positions) {
            positions = permutation_unrank(rank * 2 + 1, self.kinds.len());
        }
        positions.into_iter().map(|p| self.kinds[p]).collect()
    }
}

/// The lexicographic rank of a permutation of `0..n`.
fn permutation_rank(permutation: &[usize]) -> u64 {
    let n = permutation.len();
    let mut rank = 0u64;
    for (i, &value) in permutation.iter().enumerate() {
        let smaller_after = permutation[i + 1..].iter().filter(|&&later| later < value).count() as u64;
        rank = rank * (n - i) as u64 + smaller_after;
    }
    rank
}

fn permutation_unrank(mut rank: u64, n: usize) -> Vec<usize> {
    let mut digits = vec![0usize; n];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = (rank % base) as usize;
        rank /= base;
    }
    let mut left: Vec<usize> = (0..n).collect();
    digits.into_iter().map(|d| left.remove(d)).collect()
}

/// The lexicographic rank of `kinds` among the arrangements of the multiset `sorted`.
fn multiset_rank(kinds: &[Kind], sorted: &[Kind]) -> u64 {
    let (distinct, mut counts) = multiset(sorted);
    let mut total = arrangements(sorted, false).expect("checked when the index was made") as u128;
    let mut rank = 0u128;
    for (placed, kind) in kinds.iter().enumerate() {
        let left = (kinds.len() - placed) as u128;
        let at = distinct.binary_search(kind).expect("the kinds were compared");
        rank += counts[..at].iter().map(|&count| total * count as u128 / left).sum::<u128>();
        total = total * counts[at] as u128 / left;
        counts[at] -= 1;
    }
    rank as u64
}

fn multiset_unrank(mut rank: u64, sorted: &[Kind]) -> Vec<Kind> {
    let (distinct, mut counts) = multiset(sorted);
    let mut total = arrangements(sorted, false).expect("checked when the index was made") as u128;
    let mut kinds = Vec::with_capacity(sorted.len());
    for placed in 0..sorted.len() {
        let left = (sorted.len() - placed) as u128;
        for (at, kind) in distinct.iter().enumerate() {
            let starting_here = total * counts[at] as u128 / left;
            if (rank as u128) < starting_here {
                kinds.push(*kind);
                total = starting_here;
                counts[at] -= 1;
                break;
            }
            rank -= starting_here as u64;
        }
    }
    kinds
}

fn multiset(sorted: &[Kind]) -> (Vec<Kind>, Vec<u64>) {
    let mut distinct: Vec<Kind> = Vec::new();
    let mut counts = Vec::new();
    for kind in sorted {
        if distinct.last() == Some(kind) {
            *counts.last_mut().expect("beside its kind") += 1;
        } else {
            distinct.push(*kind);
            counts.push(1);
        }
    }
    (distinct, counts)
}

impl Orientation {
    fn rank(&self, pattern: &Pattern) -> Result<u64, Unreachable> {
        let digits = self.slots.iter().map(|&(o, s)| pattern.0[o].orientation[s] as u64);
        if let Some(sum) = self.sum {
            let total: u64 = digits.clone().sum();
            if total % self.modulus as u64 != sum as u64 {
                return Err(Unreachable("the orientations' sum is one no move sequence gives".into()));
            }
        }
        let kept = self.slots.len() - usize::from(self.sum.is_some());
        Ok(digits.take(kept).fold(0u64, |rank, digit| rank * self.modulus as u64 + digit))
    }

    fn set(&self, mut value: u64, pattern: &mut Pattern) {
        let m = self.modulus as u64;
        let kept = self.slots.len() - usize::from(self.sum.is_some());
        let mut total = 0u64;
        for &(o, s) in self.slots[..kept].iter().rev() {
            pattern.0[o].orientation[s] = (value % m) as u8;
            total += value % m;
            value /= m;
        }
        if let (Some(sum), Some(&(o, s))) = (self.sum, self.slots.last()) {
            pattern.0[o].orientation[s] = ((sum as u64 + m - total % m) % m) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_unranks_agree() {
        let sorted: Vec<Kind> = vec![(0, 1), (0, 1), (1, 2), (2, 2), (2, 2)];
        let count = arrangements(&sorted, false).unwrap();
        assert_eq!(count, 30);
        for rank in 0..count {
            assert_eq!(multiset_rank(&multiset_unrank(rank, &sorted), &sorted), rank);
        }
        for rank in 0..120 {
            assert_eq!(permutation_rank(&permutation_unrank(rank, 5)), rank);
        }
    }
}
