//! Reading definitions and patterns from KPuzzle JSON, every field checked.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use super::{alg_transformation, Alg, Definition, DefinitionError, Orbit, OrbitPattern, OrbitTransformation};
use super::{Pattern, Transformation};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawDefinition {
    name: String,
    orbits: Vec<RawOrbit>,
    default_pattern: BTreeMap<String, RawOrbitPattern>,
    moves: BTreeMap<String, BTreeMap<String, RawOrbitTransformation>>,
    #[serde(default)]
    derived_moves: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawOrbit {
    orbit_name: String,
    num_pieces: u64,
    num_orientations: u64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawOrbitPattern {
    pieces: Vec<u64>,
    orientation: Vec<u64>,
    #[serde(default)]
    orientation_mod: Option<Vec<u64>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawOrbitTransformation {
    permutation: Vec<u64>,
    orientation_delta: Vec<u64>,
}

fn error(why: impl std::fmt::Display) -> DefinitionError {
    DefinitionError::new(why)
}

pub(super) fn definition(json: &str) -> Result<Definition, DefinitionError> {
    let raw: RawDefinition = serde_json::from_str(json).map_err(|e| error(format!("not a KPuzzle definition: {e}")))?;
    let orbits = orbits(&raw.orbits)?;
    let default_pattern = pattern_of(&raw.default_pattern, &orbits, "defaultPattern")?;
    let mut moves = BTreeMap::new();
    for (name, parts) in &raw.moves {
        check_move_name(name)?;
        moves.insert(name.clone(), transformation(name, parts, &orbits)?);
    }
    let mut resolver = Resolver { raw: &raw.derived_moves, orbits: &orbits, moves, resolving: BTreeSet::new() };
    for name in raw.derived_moves.keys() {
        check_move_name(name)?;
        resolver.resolve(name)?;
    }
    let moves = resolver.moves;
    let defined = raw.moves.keys().cloned().collect();
    Ok(Definition { name: raw.name, orbits, default_pattern, moves, defined, json: json.to_string() })
}

/// A move's name must read back as one move of amount 1.
fn check_move_name(name: &str) -> Result<(), DefinitionError> {
    match name.parse::<Alg>() {
        Ok(Alg(nodes)) if matches!(nodes.as_slice(), [super::AlgNode::Move { amount: 1, name: n }] if n == name) => {
            Ok(())
        }
        _ => Err(error(format!("the move name {name:?} is not a move's name (a family such as `R` or `2Rw`)"))),
    }
}

fn orbits(raw: &[RawOrbit]) -> Result<Vec<Orbit>, DefinitionError> {
    if raw.is_empty() {
        return Err(error("the definition has no orbits"));
    }
    let mut orbits = Vec::new();
    for orbit in raw {
        let name = &orbit.orbit_name;
        if orbits.iter().any(|o: &Orbit| &o.name == name) {
            return Err(error(format!("the orbit `{name}` is defined twice")));
        }
        if !(1..=255).contains(&orbit.num_pieces) || !(1..=255).contains(&orbit.num_orientations) {
            return Err(error(format!("orbit `{name}`: numPieces and numOrientations must lie in 1..=255")));
        }
        orbits.push(Orbit {
            name: name.clone(),
            pieces: orbit.num_pieces as usize,
            orientations: orbit.num_orientations as u8,
        });
    }
    Ok(orbits)
}

fn parts_in_order<'a, T>(
    parts: &'a BTreeMap<String, T>,
    orbits: &[Orbit],
    whose: &str,
) -> Result<Vec<&'a T>, DefinitionError> {
    if let Some(unknown) = parts.keys().find(|name| !orbits.iter().any(|o| &o.name == *name)) {
        return Err(error(format!("{whose}: unknown orbit `{unknown}`")));
    }
    orbits
        .iter()
        .map(|orbit| parts.get(&orbit.name).ok_or_else(|| error(format!("{whose}: no orbit `{}`", orbit.name))))
        .collect()
}

fn transformation(
    name: &str,
    parts: &BTreeMap<String, RawOrbitTransformation>,
    orbits: &[Orbit],
) -> Result<Transformation, DefinitionError> {
    let whose = format!("move `{name}`");
    let parts = parts_in_order(parts, orbits, &whose)?;
    let mut result = Vec::new();
    for (orbit, part) in orbits.iter().zip(parts) {
        let at = || format!("{whose}, orbit `{}`", orbit.name);
        if part.permutation.len() != orbit.pieces || part.orientation_delta.len() != orbit.pieces {
            return Err(error(format!("{}: permutation and orientationDelta need {} entries", at(), orbit.pieces)));
        }
        let mut seen = vec![false; orbit.pieces];
        for &from in &part.permutation {
            match seen.get_mut(from as usize) {
                Some(slot) if !*slot => *slot = true,
                _ => {
                    return Err(error(format!("{}: the permutation is not a permutation of 0..{}", at(), orbit.pieces)))
                }
            }
        }
        if let Some(&delta) = part.orientation_delta.iter().find(|&&d| d >= orbit.orientations as u64) {
            return Err(error(format!("{}: orientation delta {delta} is not below {}", at(), orbit.orientations)));
        }
        result.push(OrbitTransformation {
            permutation: part.permutation.iter().map(|&p| p as u8).collect(),
            orientation_delta: part.orientation_delta.iter().map(|&d| d as u8).collect(),
        });
    }
    Ok(Transformation(result))
}

fn pattern_of(
    parts: &BTreeMap<String, RawOrbitPattern>,
    orbits: &[Orbit],
    whose: &str,
) -> Result<Pattern, DefinitionError> {
    let parts = parts_in_order(parts, orbits, whose)?;
    let mut result = Vec::new();
    for (orbit, part) in orbits.iter().zip(parts) {
        let at = || format!("{whose}, orbit `{}`", orbit.name);
        let n = orbit.pieces;
        let moduli: Vec<u64> = part.orientation_mod.clone().unwrap_or_else(|| vec![0; n]);
        if part.pieces.len() != n || part.orientation.len() != n || moduli.len() != n {
            return Err(error(format!("{}: pieces, orientation and orientationMod need {n} entries", at())));
        }
        if let Some(&piece) = part.pieces.iter().find(|&&p| p >= n as u64) {
            return Err(error(format!("{}: piece {piece} is not below {n}", at())));
        }
        let k = orbit.orientations as u64;
        let mut orientation_mod = Vec::new();
        for (&o, &m) in part.orientation.iter().zip(&moduli) {
            let m = if m == 0 { k } else { m };
            if !k.is_multiple_of(m) {
                return Err(error(format!("{}: orientationMod {m} does not divide {k}", at())));
            }
            if o >= m {
                return Err(error(format!("{}: orientation {o} is not below its modulus {m}", at())));
            }
            orientation_mod.push(m as u8);
        }
        result.push(OrbitPattern {
            pieces: part.pieces.iter().map(|&p| p as u8).collect(),
            orientation: part.orientation.iter().map(|&o| o as u8).collect(),
            orientation_mod,
        });
    }
    Ok(Pattern(result))
}

/// Derived moves resolved on first use, a loop among them refused.
struct Resolver<'a> {
    raw: &'a BTreeMap<String, String>,
    orbits: &'a [Orbit],
    moves: BTreeMap<String, Transformation>,
    resolving: BTreeSet<String>,
}

impl Resolver<'_> {
    fn resolve(&mut self, name: &str) -> Result<Transformation, DefinitionError> {
        if let Some(t) = self.moves.get(name) {
            return Ok(t.clone());
        }
        let Some(text) = self.raw.get(name) else {
            return Err(error(format!("unknown move `{name}`")));
        };
        if !self.resolving.insert(name.to_string()) {
            return Err(error(format!("derived move `{name}` is defined in terms of itself")));
        }
        let alg: Alg = text.parse().map_err(|e| error(format!("derived move `{name}`: {e}")))?;
        let identity = identity(self.orbits);
        let mut known: BTreeMap<String, Transformation> = BTreeMap::new();
        for dependency in moves_of(&alg) {
            let t = self.resolve(&dependency).map_err(|e| error(format!("derived move `{name}`: {e}")))?;
            known.insert(dependency, t);
        }
        let orbits = self.orbits;
        let lookup = |n: &str, amount: i32| Ok(super::power(orbits, &identity, &known[n], amount));
        let t = alg_transformation(&alg, &lookup, &identity, orbits)?;
        self.resolving.remove(name);
        self.moves.insert(name.to_string(), t.clone());
        Ok(t)
    }
}

fn identity(orbits: &[Orbit]) -> Transformation {
    Transformation(
        orbits
            .iter()
            .map(|o| OrbitTransformation {
                permutation: (0..o.pieces as u8).collect(),
                orientation_delta: vec![0; o.pieces],
            })
            .collect(),
    )
}

/// The names of the moves `alg` uses.
fn moves_of(alg: &Alg) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for node in &alg.0 {
        match node {
            super::AlgNode::Move { name, .. } => {
                names.insert(name.clone());
            }
            super::AlgNode::Grouping(inner, _) => names.extend(moves_of(inner)),
            super::AlgNode::Commutator(a, b) | super::AlgNode::Conjugate(a, b) => {
                names.extend(moves_of(a));
                names.extend(moves_of(b));
            }
        }
    }
    names
}

pub(super) fn pattern(json: &str, orbits: &[Orbit]) -> Result<Pattern, DefinitionError> {
    let parts: BTreeMap<String, RawOrbitPattern> =
        serde_json::from_str(json).map_err(|e| error(format!("not a KPuzzle pattern: {e}")))?;
    pattern_of(&parts, orbits, "the pattern")
}

pub(super) fn pattern_text(pattern: &Pattern, orbits: &[Orbit]) -> String {
    let list = |values: &[u8]| values.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    let parts: Vec<String> = orbits
        .iter()
        .zip(&pattern.0)
        .map(|(orbit, part)| {
            let full = part.orientation_mod.iter().all(|&m| m == orbit.orientations);
            let moduli =
                if full { String::new() } else { format!(", \"orientationMod\": [{}]", list(&part.orientation_mod)) };
            format!(
                "  {}: {{\"pieces\": [{}], \"orientation\": [{}]{moduli}}}",
                serde_json::Value::from(orbit.name.as_str()),
                list(&part.pieces),
                list(&part.orientation)
            )
        })
        .collect();
    format!("{{\n{}\n}}", parts.join(",\n"))
}
