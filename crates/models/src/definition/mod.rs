//! Twisty puzzles from their definitions, in cubing.js's KPuzzle format: orbits of pieces
//! with orientations, moves as permutations with orientation changes, derived moves as algs.
//!
//! [`Definition::from_json`] reads and checks a definition (every move a permutation, every
//! orientation in range, every derived move resolvable) and never panics. A
//! [`Transformation`] acts on a [`Pattern`] as cubing.js's do: move `T` takes pattern `P` to
//! `new.pieces[i] = P.pieces[T.permutation[i]]` and `new.orientation[i] =
//! (P.orientation[T.permutation[i]] + T.orientationDelta[i]) mod m`, where `m` is the
//! orientation modulus the piece carries with it (`orientationMod`; 1 ignores orientation).
//! [`Generators`] are the moves a table walks (all multiples of each named move, counted in
//! face or quarter turns), and [`index::PatternIndex`] ranks the patterns they reach densely.
//! [`bundled`] holds the definitions shipped by name.

pub mod alg;
pub mod bundled;
pub mod index;
mod json;
pub mod puzzle;

use std::collections::BTreeMap;
use std::fmt;

pub use alg::{Alg, AlgError, AlgNode};
pub use puzzle::DefinedPuzzle;

/// Bumped whenever [`index::PatternIndex`]'s ranking changes; tables built with another one
/// are refused.
pub const RANKING_VERSION: u32 = 1;

/// A definition, a pattern or an alg refused, with what is wrong in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError(pub String);

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DefinitionError {}

impl DefinitionError {
    fn new(why: impl fmt::Display) -> DefinitionError {
        DefinitionError(why.to_string())
    }
}

/// A kind of piece: how many slots it has and how many ways each piece can turn in one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// The orbit's name, such as `CORNERS`.
    pub name: String,
    /// The number of slots (and pieces).
    pub pieces: usize,
    /// The number of orientations of a piece.
    pub orientations: u8,
}

/// One orbit's part of a [`Transformation`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OrbitTransformation {
    /// `permutation[i]`: the slot whose piece moves into slot `i`.
    pub permutation: Vec<u8>,
    /// `orientation_delta[i]`: what the piece moving into slot `i` turns by.
    pub orientation_delta: Vec<u8>,
}

/// A move, or any sequence of moves: what it does to each orbit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transformation(pub Vec<OrbitTransformation>);

/// One orbit's part of a [`Pattern`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrbitPattern {
    /// `pieces[i]`: the piece in slot `i` (equal numbers are identical pieces).
    pub pieces: Vec<u8>,
    /// `orientation[i]`: its orientation, below `orientation_mod[i]`.
    pub orientation: Vec<u8>,
    /// `orientation_mod[i]`: the modulus the piece in slot `i` counts its orientation by
    /// (the orbit's orientations when the definition gives none; 1 ignores orientation).
    pub orientation_mod: Vec<u8>,
}

/// What a puzzle looks like: every orbit's pieces and orientations.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pattern(pub Vec<OrbitPattern>);

/// A checked definition: its orbits, its default pattern, and every move it names (the
/// derived ones resolved), each as a transformation.
#[derive(Clone, Debug)]
pub struct Definition {
    name: String,
    orbits: Vec<Orbit>,
    default_pattern: Pattern,
    moves: BTreeMap<String, Transformation>,
    /// The moves the definition defines itself, not derived.
    defined: Vec<String>,
    json: String,
}

impl Definition {
    /// Reads a KPuzzle definition as cubing.js writes it (JSON), checking every part.
    pub fn from_json(json: &str) -> Result<Definition, DefinitionError> {
        json::definition(json)
    }

    /// The definition's name (its `name` field).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The JSON it was read from.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// Its orbits, in the definition's order.
    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// The pattern the definition starts from (usually solved).
    pub fn default_pattern(&self) -> &Pattern {
        &self.default_pattern
    }

    /// Every move's name, defined and derived, in name order.
    pub fn move_names(&self) -> impl Iterator<Item = &str> {
        self.moves.keys().map(String::as_str)
    }

    /// The transformation that does nothing.
    pub fn identity(&self) -> Transformation {
        Transformation(
            self.orbits
                .iter()
                .map(|orbit| OrbitTransformation {
                    permutation: (0..orbit.pieces as u8).collect(),
                    orientation_delta: vec![0; orbit.pieces],
                })
                .collect(),
        )
    }

    /// The move `name` (such as `R` or `Rv`) turned `amount` times.
    pub fn move_transformation(&self, name: &str, amount: i32) -> Result<Transformation, DefinitionError> {
        let base = self.moves.get(name).ok_or_else(|| {
            DefinitionError::new(format!("unknown move `{name}` (this puzzle's moves: {})", self.move_list()))
        })?;
        Ok(self.power(base, amount))
    }

    fn move_list(&self) -> String {
        self.moves.keys().cloned().collect::<Vec<_>>().join(", ")
    }

    /// What `alg` does.
    pub fn alg_transformation(&self, alg: &Alg) -> Result<Transformation, DefinitionError> {
        alg_transformation(alg, &|name, amount| self.move_transformation(name, amount), &self.identity(), &self.orbits)
    }

    /// `first` then `then`.
    pub fn compose(&self, first: &Transformation, then: &Transformation) -> Transformation {
        compose(&self.orbits, first, then)
    }

    /// The transformation that undoes `t`.
    pub fn invert(&self, t: &Transformation) -> Transformation {
        invert(&self.orbits, t)
    }

    /// `t` done `amount` times (backwards when negative), by repeated squaring.
    pub fn power(&self, t: &Transformation, amount: i32) -> Transformation {
        power(&self.orbits, &self.identity(), t, amount)
    }

    /// The pattern `pattern` becomes under `t`.
    pub fn apply(&self, pattern: &Pattern, t: &Transformation) -> Pattern {
        apply(pattern, t)
    }

    /// The smallest number of times `t` is done to give the identity (at most 65,536).
    pub fn order(&self, t: &Transformation) -> Option<u32> {
        let identity = self.identity();
        let mut current = t.clone();
        for order in 1..=65_536 {
            if current == identity {
                return Some(order);
            }
            current = self.compose(&current, t);
        }
        None
    }

    /// Reads a pattern of this puzzle written in KPuzzle JSON (each orbit's `pieces`,
    /// `orientation` and optional `orientationMod`), checking it against the orbits.
    pub fn pattern_from_json(&self, json: &str) -> Result<Pattern, DefinitionError> {
        json::pattern(json, &self.orbits)
    }

    /// `pattern` written in KPuzzle JSON, one orbit a line.
    pub fn pattern_json(&self, pattern: &Pattern) -> String {
        json::pattern_text(pattern, &self.orbits)
    }
}

fn compose(orbits: &[Orbit], first: &Transformation, then: &Transformation) -> Transformation {
    let parts = orbits.iter().zip(first.0.iter().zip(&then.0)).map(|(orbit, (a, b))| {
        let (permutation, orientation_delta) = b
            .permutation
            .iter()
            .zip(&b.orientation_delta)
            .map(|(&from, &delta)| {
                let from = from as usize;
                (
                    a.permutation[from],
                    ((a.orientation_delta[from] as u32 + delta as u32) % orbit.orientations as u32) as u8,
                )
            })
            .unzip();
        OrbitTransformation { permutation, orientation_delta }
    });
    Transformation(parts.collect())
}

fn invert(orbits: &[Orbit], t: &Transformation) -> Transformation {
    let parts = orbits.iter().zip(&t.0).map(|(orbit, part)| {
        let mut permutation = vec![0; orbit.pieces];
        let mut orientation_delta = vec![0; orbit.pieces];
        for (i, (&from, &delta)) in part.permutation.iter().zip(&part.orientation_delta).enumerate() {
            permutation[from as usize] = i as u8;
            orientation_delta[from as usize] = (orbit.orientations - delta) % orbit.orientations;
        }
        OrbitTransformation { permutation, orientation_delta }
    });
    Transformation(parts.collect())
}

fn power(orbits: &[Orbit], identity: &Transformation, t: &Transformation, amount: i32) -> Transformation {
    let mut base = if amount < 0 { invert(orbits, t) } else { t.clone() };
    let mut left = amount.unsigned_abs();
    let mut result = identity.clone();
    while left > 0 {
        if left & 1 == 1 {
            result = compose(orbits, &result, &base);
        }
        base = compose(orbits, &base, &base);
        left >>= 1;
    }
    result
}

fn apply(pattern: &Pattern, t: &Transformation) -> Pattern {
    let parts = pattern.0.iter().zip(&t.0).map(|(p, t)| {
        let mut next = OrbitPattern {
            pieces: Vec::with_capacity(p.pieces.len()),
            orientation: Vec::with_capacity(p.pieces.len()),
            orientation_mod: Vec::with_capacity(p.pieces.len()),
        };
        for (&from, &delta) in t.permutation.iter().zip(&t.orientation_delta) {
            let from = from as usize;
            let modulus = p.orientation_mod[from];
            next.pieces.push(p.pieces[from]);
            next.orientation_mod.push(modulus);
            next.orientation.push(((p.orientation[from] as u32 + delta as u32) % modulus as u32) as u8);
        }
        next
    });
    Pattern(parts.collect())
}

/// What `alg` does, each move looked up by `lookup`.
fn alg_transformation(
    alg: &Alg,
    lookup: &dyn Fn(&str, i32) -> Result<Transformation, DefinitionError>,
    identity: &Transformation,
    orbits: &[Orbit],
) -> Result<Transformation, DefinitionError> {
    let of = |alg: &Alg| alg_transformation(alg, lookup, identity, orbits);
    let mut result = identity.clone();
    for node in &alg.0 {
        let step = match node {
            AlgNode::Move { name, amount } => lookup(name, *amount)?,
            AlgNode::Grouping(inner, amount) => power(orbits, identity, &of(inner)?, *amount),
            AlgNode::Commutator(a, b) => {
                let (a, b) = (of(a)?, of(b)?);
                let ab = compose(orbits, &a, &b);
                let ab_a = compose(orbits, &ab, &invert(orbits, &a));
                compose(orbits, &ab_a, &invert(orbits, &b))
            }
            AlgNode::Conjugate(a, b) => {
                let a = of(a)?;
                compose(orbits, &compose(orbits, &a, &of(b)?), &invert(orbits, &a))
            }
        };
        result = compose(orbits, &result, &step);
    }
    Ok(result)
}

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Every multiple of a move is one move (a face turn of any amount).
    Htm,
    /// A quarter turn (amount 1 or -1) is one move; a half turn is two.
    Qtm,
}

impl Metric {
    /// `htm` or `qtm`.
    pub fn label(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        }
    }

    /// The metric named `label`.
    pub fn from_label(label: &str) -> Option<Metric> {
        [Metric::Htm, Metric::Qtm].into_iter().find(|metric| metric.label() == label)
    }
}

/// The moves a table walks: every multiple of each named move (one per metric step), with
/// names and the index of each one's inverse.
#[derive(Clone, Debug)]
pub struct Generators {
    /// The moves as named, such as `["U", "F", "R"]`.
    pub base: Vec<String>,
    /// How they are counted.
    pub metric: Metric,
    /// Each generator's name, such as `R2'`.
    pub names: Vec<String>,
    /// Each generator's transformation.
    pub transformations: Vec<Transformation>,
    /// `inverse[g]`: the generator that undoes generator `g`.
    pub inverse: Vec<usize>,
    /// Each base move's order: how many turns of it do nothing.
    pub orders: Vec<u32>,
}

impl Generators {
    /// The multiples of each of `moves` in `metric`: in face turns every amount from 1 to
    /// the move's order less one, named by the amount nearest zero (`R`, `R2`, `R'`); in
    /// quarter turns `R` and `R'` alone. A move that does nothing, or is named twice, is
    /// refused.
    pub fn new(definition: &Definition, moves: &[String], metric: Metric) -> Result<Generators, DefinitionError> {
        let mut names = Vec::new();
        let mut transformations: Vec<Transformation> = Vec::new();
        let mut amounts = Vec::new();
        let mut orders = Vec::new();
        for (base, name) in moves.iter().enumerate() {
            if moves[..base].contains(name) {
                return Err(DefinitionError::new(format!("the move `{name}` is named twice")));
            }
            let turn = definition.move_transformation(name, 1)?;
            let order = definition
                .order(&turn)
                .ok_or_else(|| DefinitionError::new(format!("the move `{name}` has no order below 65,536")))?;
            if order == 1 {
                return Err(DefinitionError::new(format!("the move `{name}` changes nothing")));
            }
            orders.push(order);
            let order = order as i32;
            let multiples: Vec<i32> = match metric {
                Metric::Htm => (1..order).map(|a| if 2 * a <= order { a } else { a - order }).collect(),
                Metric::Qtm if order == 2 => vec![1],
                Metric::Qtm => vec![1, -1],
            };
            for amount in multiples {
                let t = definition.power(&turn, amount);
                if transformations.contains(&t) {
                    return Err(DefinitionError::new(format!("`{name}{}` repeats another move", alg::Amount(amount))));
                }
                names.push(format!("{name}{}", alg::Amount(amount)));
                transformations.push(t);
                amounts.push((base, amount, order));
            }
        }
        let inverse = amounts
            .iter()
            .map(|&(base, amount, order)| {
                amounts
                    .iter()
                    .position(|&(b, a, _)| b == base && (a + amount).rem_euclid(order) == 0)
                    .expect("each metric's multiples hold every inverse")
            })
            .collect();
        Ok(Generators { base: moves.to_vec(), metric, names, transformations, inverse, orders })
    }

    /// The number of generators.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// Names of the whole-puzzle turns a definition may define, tried in this order.
pub(crate) const ROTATIONS: [&str; 3] = ["x", "y", "z"];

/// Every whole-puzzle turn made of the definition's `x`, `y` and `z` (the group they
/// generate, the identity first; at most 120), each with an alg that makes it, or the
/// identity alone when the definition has none.
pub fn rotations(definition: &Definition) -> Vec<(String, Transformation)> {
    let turns: Vec<(&str, Transformation)> =
        ROTATIONS.iter().filter_map(|&name| definition.move_transformation(name, 1).ok().map(|t| (name, t))).collect();
    let mut found = vec![(String::new(), definition.identity())];
    let mut next = 0;
    while next < found.len() && found.len() < 120 {
        let (alg, t) = found[next].clone();
        for (name, turn) in &turns {
            let product = definition.compose(&t, turn);
            if !found.iter().any(|(_, known)| *known == product) {
                let alg = if alg.is_empty() { name.to_string() } else { format!("{alg} {name}") };
                found.push((alg, product));
            }
        }
        next += 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_by_two() -> Definition {
        bundled::find("2x2x2").unwrap().definition().unwrap()
    }

    #[test]
    fn a_move_and_its_inverse_cancel() {
        let def = two_by_two();
        for name in def.move_names().map(str::to_string).collect::<Vec<_>>() {
            let t = def.move_transformation(&name, 1).unwrap();
            assert_eq!(def.compose(&t, &def.invert(&t)), def.identity(), "{name}");
            assert_eq!(def.power(&t, -3), def.invert(&def.power(&t, 3)), "{name}");
        }
    }

    #[test]
    fn sexy_move_has_order_six() {
        let def = two_by_two();
        let t = def.alg_transformation(&"R U R' U'".parse().unwrap()).unwrap();
        assert_eq!(def.order(&t), Some(6));
        let commutator = def.alg_transformation(&"[R, U]".parse().unwrap()).unwrap();
        assert_eq!(commutator, t);
    }

    #[test]
    fn generators_in_both_metrics() {
        let def = two_by_two();
        let moves: Vec<String> = ["U", "F", "R"].map(String::from).to_vec();
        let htm = Generators::new(&def, &moves, Metric::Htm).unwrap();
        assert_eq!(htm.names, ["U", "U2", "U'", "F", "F2", "F'", "R", "R2", "R'"]);
        assert_eq!(htm.inverse, [2, 1, 0, 5, 4, 3, 8, 7, 6]);
        let qtm = Generators::new(&def, &moves, Metric::Qtm).unwrap();
        assert_eq!(qtm.names, ["U", "U'", "F", "F'", "R", "R'"]);
        let error = Generators::new(&def, &["U".into(), "Q".into()], Metric::Htm).unwrap_err();
        assert!(error.0.contains("unknown move `Q`"), "{error}");
    }

    #[test]
    fn the_cube_has_24_rotations() {
        assert_eq!(rotations(&two_by_two()).len(), 24);
    }
}
