//! A puzzle made from a definition: the definition, the moves a table walks, the start
//! pattern and the index, with the facts a table file records to make it again.

use super::bundled::Bundled;
use super::index::{PatternIndex, Unreachable};
use super::{
    rotations, Alg, AlgNode, Definition, DefinitionError, Generators, Metric, OrbitPattern, Pattern, Transformation,
    ROTATIONS,
};

/// A definition with its moves, metric and start: everything a table of it needs.
#[derive(Clone, Debug)]
pub struct DefinedPuzzle {
    name: String,
    definition: Definition,
    generators: Generators,
    index: PatternIndex,
}

/// The longest name a defined puzzle may have.
const MAX_NAME: usize = 64;

/// Checks that `name` can name a table file: lowercase letters, digits, `-`, `_` and `.`,
/// starting with a letter or digit, at most 64 characters.
pub fn check_name(name: &str) -> Result<(), DefinitionError> {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.".contains(c);
    let first_ok = name.chars().next().is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if name.len() > MAX_NAME || !first_ok || !name.chars().all(allowed) {
        return Err(DefinitionError::new(format!(
            "{name:?} cannot name a table: use lowercase letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most {MAX_NAME} characters"
        )));
    }
    Ok(())
}

/// Refuses a start pattern that no sequence of the definition's moves makes from its default
/// pattern, by two invariants: an orbit's orientation sum (where both count every
/// orientation), which each move changes by what its deltas sum to, and the permutation
/// parities of the orbits both give with distinct pieces, which change only as the moves'
/// parities over those orbits together allow. A start with pieces made identical or
/// orientations ignored (a subset's) is checked on what it does give.
fn check_start(definition: &Definition, start: &Pattern) -> Result<(), DefinitionError> {
    let default = definition.default_pattern();
    let moves: Vec<Transformation> = definition
        .defined_move_names()
        .iter()
        .map(|name| definition.move_transformation(name, 1))
        .collect::<Result<_, _>>()?;
    let unreachable = |why: String| {
        DefinitionError::new(format!(
            "the start pattern cannot be made from the definition's default pattern by its moves: {why}"
        ))
    };
    let distinct = |part: &OrbitPattern| {
        let mut pieces = part.pieces.clone();
        pieces.sort_unstable();
        pieces.iter().enumerate().all(|(i, &p)| usize::from(p) == i)
    };
    let mut given = Vec::new();
    for (o, orbit) in definition.orbits().iter().enumerate() {
        let (start, default) = (&start.0[o], &default.0[o]);
        if distinct(start) && distinct(default) {
            given.push(o);
        }
        let counted = |part: &OrbitPattern| part.orientation_mod.iter().all(|&m| m == orbit.orientations);
        if !counted(start) || !counted(default) {
            continue;
        }
        let n = u32::from(orbit.orientations);
        let sum = |values: &[u8]| values.iter().map(|&v| u32::from(v)).sum::<u32>() % n;
        let step = moves.iter().fold(n, |g, m| gcd(g, sum(&m.0[o].orientation_delta)));
        let (found, home) = (sum(&start.orientation), sum(&default.orientation));
        if (found + n - home) % step != 0 {
            return Err(unreachable(format!(
                "its {}' orientations sum to {found} modulo {n}, the default's to {home}, and every move changes \
                 the sum by a multiple of {step}",
                orbit.name
            )));
        }
    }
    let parities = |parity_of: &dyn Fn(usize) -> bool| {
        given.iter().enumerate().fold(0u64, |bits, (bit, &o)| bits | u64::from(parity_of(o)) << bit)
    };
    let spanned = moves.iter().map(|m| parities(&|o| odd(&m.0[o].permutation))).collect::<Vec<_>>();
    let wanted = parities(&|o| odd(&start.0[o].pieces) != odd(&default.0[o].pieces));
    if !in_span(&spanned, wanted) {
        let names: Vec<&str> = given.iter().map(|&o| definition.orbits()[o].name.as_str()).collect();
        return Err(unreachable(format!(
            "no sequence of moves gives its permutations' parities ({})",
            names.join(", ")
        )));
    }
    Ok(())
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether the permutation `p` (distinct values `0..n`) is odd.
fn odd(p: &[u8]) -> bool {
    let mut seen = vec![false; p.len()];
    let mut odd = false;
    for start in 0..p.len() {
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            at = usize::from(p[at]);
            odd ^= at != start;
        }
    }
    odd
}

/// Whether `wanted` is a sum (over GF(2)) of some of `vectors`.
fn in_span(vectors: &[u64], mut wanted: u64) -> bool {
    let mut basis: Vec<u64> = Vec::new();
    for &v in vectors {
        let reduced = basis.iter().fold(v, |v, &b| v.min(v ^ b));
        if reduced != 0 {
            basis.push(reduced);
            basis.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    for &b in &basis {
        wanted = wanted.min(wanted ^ b);
    }
    wanted == 0
}

impl DefinedPuzzle {
    /// `definition` walked by `moves` (all its defined moves when empty) in `metric`, from
    /// `start` (the definition's default pattern when `None`).
    pub fn new(
        name: &str,
        definition: Definition,
        moves: &[String],
        metric: Metric,
        start: Option<Pattern>,
    ) -> Result<DefinedPuzzle, DefinitionError> {
        check_name(name)?;
        let moves = if moves.is_empty() { definition.defined_move_names() } else { moves.to_vec() };
        let generators = Generators::new(&definition, &moves, metric)?;
        let start = start.unwrap_or_else(|| definition.default_pattern().clone());
        check_start(&definition, &start)?;
        let index = PatternIndex::new(&definition, &generators, &start)?;
        Ok(DefinedPuzzle { name: name.to_string(), definition, generators, index })
    }

    fn with_merges(
        name: &str,
        definition: Definition,
        moves: &[String],
        metric: Metric,
        start: Pattern,
        merges: &[(usize, usize)],
    ) -> Result<DefinedPuzzle, DefinitionError> {
        check_name(name)?;
        let generators = Generators::new(&definition, moves, metric)?;
        let index = PatternIndex::with_merges(&definition, &generators, &start, Some(merges))?;
        Ok(DefinedPuzzle { name: name.to_string(), definition, generators, index })
    }

    /// A bundled definition's puzzle.
    pub fn bundled(bundled: &Bundled) -> Result<DefinedPuzzle, DefinitionError> {
        let definition = bundled.definition()?;
        let start = bundled.start(&definition)?;
        DefinedPuzzle::new(bundled.name, definition, &bundled.move_names(), bundled.metric, Some(start))
    }

    /// The facts a table records to make this puzzle again ([`from_parameters`](Self::from_parameters)).
    pub fn parameters(&self) -> Vec<(String, String)> {
        vec![
            ("name".into(), self.name.clone()),
            ("moves".into(), self.generators.base.join(",")),
            ("metric".into(), self.generators.metric.label().into()),
            ("start".into(), self.definition.pattern_json(self.index.start())),
            (
                "merges".into(),
                self.index.merges().iter().map(|(i, j)| format!("{i}+{j}")).collect::<Vec<_>>().join(","),
            ),
            ("definition".into(), self.definition.json().into()),
        ]
    }

    /// The puzzle a table's [`parameters`](Self::parameters) describe.
    pub fn from_parameters(parameters: &[(String, String)]) -> Result<DefinedPuzzle, DefinitionError> {
        let get = |key: &str| {
            parameters
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
                .ok_or_else(|| DefinitionError::new(format!("the table records no `{key}`")))
        };
        let definition = Definition::from_json(get("definition")?)?;
        let metric = get("metric")?;
        let metric =
            Metric::from_label(metric).ok_or_else(|| DefinitionError::new(format!("unknown metric {metric:?}")))?;
        let moves: Vec<String> = get("moves")?.split(',').map(str::to_string).collect();
        let start = definition.pattern_from_json(get("start")?)?;
        let merges = get("merges")?
            .split(',')
            .filter(|pair| !pair.is_empty())
            .map(|pair| {
                let (i, j) = pair.split_once('+')?;
                Some((i.parse().ok()?, j.parse().ok()?))
            })
            .collect::<Option<Vec<(usize, usize)>>>()
            .ok_or_else(|| DefinitionError::new("the table's merges are not pairs of numbers"))?;
        DefinedPuzzle::with_merges(get("name")?, definition, &moves, metric, start, &merges)
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The definition.
    pub fn definition(&self) -> &Definition {
        &self.definition
    }

    /// The moves a table walks.
    pub fn generators(&self) -> &Generators {
        &self.generators
    }

    /// The dense index of the patterns.
    pub fn index(&self) -> &PatternIndex {
        &self.index
    }

    /// The pattern a scramble (in the definition's notation, derived moves included) makes
    /// from the start, and the whole-puzzle turn (an alg of `x`, `y`, `z`; empty for none)
    /// that was done after it to bring it among the patterns the moves reach: a 2x2x2 with
    /// a fixed corner scrambled with `D` or `L` is turned so that corner is home again.
    pub fn scrambled(&self, scramble: &str) -> Result<(Pattern, String), DefinitionError> {
        let alg: Alg = scramble.parse().map_err(DefinitionError::new)?;
        let t = self.definition.alg_transformation(&alg)?;
        self.reachable(&self.definition.apply(self.index.start(), &t))
    }

    /// `pattern`, turned as a whole where that brings it among the patterns the moves reach
    /// (see [`scrambled`](Self::scrambled)), or why no turn does.
    pub fn reachable(&self, pattern: &Pattern) -> Result<(Pattern, String), DefinitionError> {
        let unreachable = match self.index.rank(pattern) {
            Ok(_) => return Ok((pattern.clone(), String::new())),
            Err(unreachable) => unreachable,
        };
        for (alg, turn) in rotations(&self.definition).into_iter().skip(1) {
            let turned = self.definition.apply(pattern, &turn);
            if self.index.rank(&turned).is_ok() {
                return Ok((turned, alg));
            }
        }
        Err(DefinitionError::new(unreachable))
    }

    /// How long `solution` is in the table's metric: a move of the table counts one (face
    /// turns) or its quarter turns (quarter turns), as written (`R R'` is two), and a
    /// whole-puzzle turn (`x`, `y`, `z`) none. Any other move is refused: it could make a
    /// solution shorter than the table's fewest (a slice `M` is two face turns).
    pub fn solution_length(&self, solution: &Alg) -> Result<u64, DefinitionError> {
        solution.0.iter().try_fold(0u64, |length, node| Ok(length.saturating_add(self.node_length(node)?)))
    }

    fn node_length(&self, node: &AlgNode) -> Result<u64, DefinitionError> {
        Ok(match node {
            AlgNode::Move { name, amount } => self.move_length(name, *amount)?,
            AlgNode::Grouping(alg, times) => self.solution_length(alg)?.saturating_mul(u64::from(times.unsigned_abs())),
            AlgNode::Commutator(a, b) => {
                self.solution_length(a)?.saturating_add(self.solution_length(b)?).saturating_mul(2)
            }
            AlgNode::Conjugate(a, b) => {
                self.solution_length(a)?.saturating_mul(2).saturating_add(self.solution_length(b)?)
            }
        })
    }

    fn move_length(&self, name: &str, amount: i32) -> Result<u64, DefinitionError> {
        if ROTATIONS.contains(&name) && self.definition.move_transformation(name, 1).is_ok() {
            return Ok(0);
        }
        let generators = &self.generators;
        let Some(base) = generators.base.iter().position(|base| base == name) else {
            return Err(DefinitionError::new(format!(
                "`{name}` is not one of the table's moves ({}) nor a whole-puzzle turn",
                generators.base.join(", ")
            )));
        };
        let order = i64::from(generators.orders[base]);
        let turns = i64::from(amount).rem_euclid(order);
        Ok(match generators.metric {
            _ if turns == 0 => 0,
            Metric::Htm => 1,
            Metric::Qtm => turns.min(order - turns) as u64,
        })
    }

    /// What the generator `g` does.
    pub fn generator(&self, g: usize) -> &Transformation {
        &self.generators.transformations[g]
    }

    /// An alg of generator indices, written with their names.
    pub fn moves_text(&self, moves: &[usize]) -> String {
        moves.iter().map(|&g| self.generators.names[g].as_str()).collect::<Vec<_>>().join(" ")
    }

    /// The index of `pattern`, or why the moves cannot reach it.
    pub fn rank(&self, pattern: &Pattern) -> Result<u64, Unreachable> {
        self.index.rank(pattern)
    }
}

impl Definition {
    /// The moves the definition defines itself (not the derived ones), in name order.
    pub fn defined_move_names(&self) -> Vec<String> {
        self.defined.clone()
    }
}
