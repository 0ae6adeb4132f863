//! The definitions shipped by name: each a KPuzzle definition (the cubing project's files,
//! MPL-2.0, in `bundled/` with their notice), the moves its table walks, and the pattern it
//! starts from where that is not the definition's own (a cube subset makes pieces identical
//! or ignores orientations).

use super::{Definition, DefinitionError, Metric, Pattern};

/// A definition shipped with puzzle-tables, built by `puzzle-tables gen NAME`.
#[derive(Clone, Copy, Debug)]
pub struct Bundled {
    /// The name tables and commands know it by.
    pub name: &'static str,
    /// What it is, in a line.
    pub about: &'static str,
    /// The KPuzzle definition (JSON).
    pub definition_json: &'static str,
    /// The moves its table walks (all multiples of each).
    pub moves: &'static [&'static str],
    /// How they are counted.
    pub metric: Metric,
    /// The start pattern (JSON), when not the definition's default.
    pub start_json: Option<&'static str>,
}

const CUBE_2: &str = include_str!("bundled/2x2x2.kpuzzle.json");
const CUBE_3: &str = include_str!("bundled/3x3x3.kpuzzle.json");
const PYRAMINX: &str = include_str!("bundled/pyraminx.kpuzzle.json");
const SKEWB: &str = include_str!("bundled/skewb-fixed-corner.kpuzzle.json");
const FACES: &[&str] = &["U", "L", "F", "R", "B", "D"];

/// Every bundled definition, smallest tables first.
pub const BUNDLED: &[Bundled] = &[
    Bundled {
        name: "3x3x3-eo",
        about: "the 3x3x3's edge orientation (2,048 patterns)",
        definition_json: CUBE_3,
        moves: FACES,
        metric: Metric::Htm,
        start_json: Some(include_str!("bundled/3x3x3-eo.pattern.json")),
    },
    Bundled {
        name: "3x3x3-cross",
        about: "the 3x3x3's cross: the four D edges placed and oriented (190,080 patterns)",
        definition_json: CUBE_3,
        moves: FACES,
        metric: Metric::Htm,
        start_json: Some(include_str!("bundled/3x3x3-cross.pattern.json")),
    },
    Bundled {
        name: "pyraminx-no-tips",
        about: "the pyraminx without its tips (933,120 patterns)",
        definition_json: PYRAMINX,
        moves: &["U", "L", "R", "B"],
        metric: Metric::Htm,
        start_json: Some(include_str!("bundled/pyraminx-no-tips.pattern.json")),
    },
    Bundled {
        name: "skewb",
        about: "the skewb, turned about the corners beside a fixed one (3,149,280 patterns)",
        definition_json: SKEWB,
        moves: &["U", "L", "R", "B"],
        metric: Metric::Htm,
        start_json: Some(include_str!("bundled/skewb.pattern.json")),
    },
    Bundled {
        name: "2x2x2",
        about: "the 2x2x2 with one corner fixed: U, F and R (3,674,160 patterns)",
        definition_json: CUBE_2,
        moves: &["U", "F", "R"],
        metric: Metric::Htm,
        start_json: None,
    },
    Bundled {
        name: "2x2x2-qtm",
        about: "the 2x2x2 with one corner fixed, in quarter turns",
        definition_json: CUBE_2,
        moves: &["U", "F", "R"],
        metric: Metric::Qtm,
        start_json: None,
    },
    Bundled {
        name: "pyraminx",
        about: "the pyraminx with its tips (75,582,720 patterns)",
        definition_json: PYRAMINX,
        moves: &["U", "L", "R", "B", "u", "l", "r", "b"],
        metric: Metric::Htm,
        start_json: None,
    },
    Bundled {
        name: "3x3x3-corners",
        about: "the 3x3x3's corners alone (88,179,840 patterns)",
        definition_json: CUBE_3,
        moves: FACES,
        metric: Metric::Htm,
        start_json: Some(include_str!("bundled/3x3x3-corners.pattern.json")),
    },
    Bundled {
        name: "3x3x3-dr",
        about: "domino reduction: corner and edge orientation and the middle layer's edges (2,217,093,120 patterns)",
        definition_json: CUBE_3,
        moves: FACES,
        metric: Metric::Htm,
        start_json: Some(include_str!("bundled/3x3x3-dr.pattern.json")),
    },
];

/// The bundled definition named `name`.
pub fn find(name: &str) -> Option<&'static Bundled> {
    BUNDLED.iter().find(|bundled| bundled.name == name)
}

impl Bundled {
    /// The definition, read and checked.
    pub fn definition(&self) -> Result<Definition, DefinitionError> {
        Definition::from_json(self.definition_json)
    }

    /// The moves, as owned names.
    pub fn move_names(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.to_string()).collect()
    }

    /// The start pattern of `definition` (this one's).
    pub fn start(&self, definition: &Definition) -> Result<Pattern, DefinitionError> {
        match self.start_json {
            Some(json) => definition.pattern_from_json(json),
            None => Ok(definition.default_pattern().clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::definition::index::PatternIndex;
    use crate::definition::Generators;

    /// The index of each bundled definition has exactly its published number of patterns
    /// (the tests of the generator count the reachable ones).
    #[test]
    fn every_bundled_index_is_exactly_its_published_size() {
        let published = [
            ("3x3x3-eo", 2_048),
            ("3x3x3-cross", 190_080),
            ("pyraminx-no-tips", 933_120),
            ("skewb", 3_149_280),
            ("2x2x2", 3_674_160),
            ("2x2x2-qtm", 3_674_160),
            ("pyraminx", 75_582_720),
            ("3x3x3-corners", 88_179_840),
            ("3x3x3-dr", 2_217_093_120),
        ];
        assert_eq!(published.len(), BUNDLED.len());
        for (name, size) in published {
            let bundled = find(name).unwrap();
            let definition = bundled.definition().unwrap();
            let generators = Generators::new(&definition, &bundled.move_names(), bundled.metric).unwrap();
            let index = PatternIndex::new(&definition, &generators, &bundled.start(&definition).unwrap()).unwrap();
            assert_eq!(index.size(), size, "{name} {:?}", index.coordinate_sizes());
            for rank in [0, 1, size / 3, size - 1] {
                assert_eq!(index.rank(&index.pattern(rank)), Ok(rank), "{name} {rank}");
            }
        }
    }
}
