//! The rotation game's distance table: for each of the C(24, 8) placements of one symbol's
//! eight blocks, the fewest moves that bring them all to the centre.
//!
//! One walk serves all three symbols, since the moves treat every symbol alike.

use puzzle_tables_models::rotation::{Move, Placement, CENTRE, PLACEMENTS};
use puzzle_tables_query::rotation::{RotationTable, MAX_DISTANCE};
use puzzle_tables_query::Metadata;

use crate::bfs::{reverse_bfs, StateSpace};
use crate::{pack4, BuiltTable, Progress};

/// The placements, ranked; walking backwards unranks by looking them up.
pub struct RotationSpace {
    placements: Vec<Placement>,
}

impl RotationSpace {
    /// Lists every placement in rank order: the rank is the index among eight-bit masks in
    /// increasing order, so counting up through those masks (Gosper's next-combination
    /// step) lists ranks 0, 1, 2, ...
    pub fn new() -> RotationSpace {
        let mut placements = Vec::with_capacity(PLACEMENTS as usize);
        let mut mask = 0xffu32;
        for _ in 0..PLACEMENTS {
            placements.push(Placement::from_mask(mask).expect("eight bits below bit 24"));
            let lowest = mask & mask.wrapping_neg();
            let carried = mask + lowest;
            mask = carried | (((carried ^ mask) >> 2) / lowest);
        }
        RotationSpace { placements }
    }
}

impl Default for RotationSpace {
    fn default() -> RotationSpace {
        RotationSpace::new()
    }
}

impl StateSpace for RotationSpace {
    fn state_count(&self) -> u64 {
        self.placements.len() as u64
    }

    fn for_each_predecessor(&self, state: u64, mut visit: impl FnMut(u64, u8)) {
        let placement = self.placements[state as usize];
        for step in Move::ALL {
            // `step` takes the placement its inverse reaches back to `placement`.
            let predecessor = placement.apply(step.inverse());
            visit(u64::from(predecessor.rank()), step.index());
        }
    }
}

/// One walk from the goal placement over all 735,471 placements, keeping each one's
/// distance in four bits.
///
/// # Panics
/// If some placement were unreachable or farther than [`MAX_DISTANCE`]: the rotations
/// reach every placement within that many moves, which the tests check.
pub fn build_distance_table(progress: &mut dyn Progress) -> BuiltTable {
    let space = RotationSpace::new();
    let goal = u64::from(Placement::GOAL.rank());
    progress.start("rotation game", u64::from(PLACEMENTS));
    let walk = reverse_bfs(&space, &[goal], |_, _| {}, progress);
    let farthest = walk.depth_counts.len() - 1;
    assert!(farthest <= usize::from(MAX_DISTANCE), "placements lie {farthest} moves away");
    assert_eq!(walk.depth_counts.iter().sum::<u64>(), u64::from(PLACEMENTS), "every placement is reached");
    let distances = walk.distances();
    let goal_positions: Vec<String> = CENTRE.iter().map(|p| format!("{p:02}")).collect();
    BuiltTable {
        spec: RotationTable::SPEC,
        metadata: Metadata {
            description: "rotation game: for every placement of one symbol's eight blocks, the fewest moves \
                          that bring them to the centre"
                .into(),
            generated_by: "puzzle-tables gen rotation".into(),
            depth_counts: walk.depth_counts,
            parameters: vec![("goal positions".into(), goal_positions.join(" "))],
        },
        payload: pack4(&distances),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_space_lists_placements_in_rank_order() {
        let space = RotationSpace::new();
        assert_eq!(space.state_count(), u64::from(PLACEMENTS));
        for (rank, placement) in space.placements.iter().enumerate() {
            assert_eq!(placement.rank(), rank as u32);
        }
    }
}
