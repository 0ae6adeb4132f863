//! The board's eight symmetries, the three classes of start cells they make, and the
//! ranking of a start's states up to its own symmetries (see the [module overview](super)).

use super::{Cell, Colour, Orientation, Pattern, Roll, State, BINOMIAL_8, CUBE_TOPS};

/// A start cell's class under the board's symmetries; each class's tables are built from
/// its representative start cell only. Exhaustive: the 3x3 board's symmetries split its
/// nine cells into these three classes and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StartClass {
    /// The four corners; representative (1,1).
    Corner,
    /// The four edge midpoints; representative (2,1).
    Edge,
    /// The centre (2,2).
    Centre,
}

impl StartClass {
    /// Every class.
    pub const ALL: [StartClass; 3] = [StartClass::Corner, StartClass::Edge, StartClass::Centre];

    /// The start cell whose walk stands for the class.
    pub fn representative(self) -> Cell {
        match self {
            StartClass::Corner => Cell(0),
            StartClass::Edge => Cell(1),
            StartClass::Centre => Cell(4),
        }
    }

    /// The class of start cell `cell`.
    pub fn of(cell: Cell) -> StartClass {
        match cell.0 {
            4 => StartClass::Centre,
            0 | 2 | 6 | 8 => StartClass::Corner,
            _ => StartClass::Edge,
        }
    }

    /// The class's start cells in row-major order.
    pub fn cells(self) -> Vec<Cell> {
        Cell::ALL.into_iter().filter(|&c| StartClass::of(c) == self).collect()
    }

    /// A lowercase name: `corner`, `edge`, `centre`.
    pub fn label(self) -> &'static str {
        match self {
            StartClass::Corner => "corner",
            StartClass::Edge => "edge",
            StartClass::Centre => "centre",
        }
    }

    /// The number of odd cubes of every state the representative start reaches.
    pub fn odd_cubes(self) -> u32 {
        State::start(self.representative()).odd_cubes()
    }

    /// The symmetries that keep the representative start cell in place. With their
    /// renaming they keep the start state too, so every state lies as far from the start as
    /// its images under them.
    pub fn stabilizer(self) -> impl Iterator<Item = Symmetry> {
        let start = self.representative();
        Symmetry::all().into_iter().filter(move |s| s.cell(start) == start)
    }
}

/// The ranking of a state table: the states a class's representative start reaches, up to
/// the start's own symmetries ([`StartClass::stabilizer`]).
///
/// Each orbit of empty cells under the stabilizer is stored once, by its first cell in
/// row-major order: the corner's (1,1) has the diagonal reflection (6 of 9 cells kept),
/// the edge's (2,1) the left-right mirror (6 of 9), the centre all eight (3 of 9). A state
/// whose empty cell is elsewhere is moved onto a stored cell first.
#[derive(Clone, Debug)]
pub struct ReducedRanking {
    /// By empty cell: the stabilizer symmetry that moves it onto a stored cell.
    to_stored: [Symmetry; 9],
    /// By stored empty cell: its position among the stored cells.
    stored_index: [u32; 9],
    /// The states stored per empty cell: every pattern of the other cells, each with
    /// `C(8, k)` sets of odd cubes.
    per_empty_cell: u32,
    stored_cells: u32,
}

impl ReducedRanking {
    /// The ranking of `class`'s state table.
    pub fn of(class: StartClass) -> ReducedRanking {
        let to_stored = Cell::ALL.map(|cell| class.stabilizer().min_by_key(|s| s.cell(cell)).unwrap_or_default());
        let mut stored_index = [0; 9];
        let mut stored_cells = 0;
        for cell in Cell::ALL.into_iter().filter(|&cell| to_stored[cell.index()].cell(cell) == cell) {
            stored_index[cell.index()] = stored_cells;
            stored_cells += 1;
        }
        let per_empty_cell = CUBE_TOPS * BINOMIAL_8[class.odd_cubes() as usize];
        ReducedRanking { to_stored, stored_index, per_empty_cell, stored_cells }
    }

    /// The number of ranks.
    pub fn states(&self) -> u32 {
        self.stored_cells * self.per_empty_cell
    }

    /// Whether states with `empty` empty are stored as they are (not moved first).
    pub fn stores(&self, empty: Cell) -> bool {
        self.to_stored[empty.index()] == Symmetry::IDENTITY
    }

    /// The rank, in `0..self.states()`, of `state`, which the class's start reaches.
    pub fn rank(&self, state: &State) -> u32 {
        let stored = self.to_stored[state.empty.index()].state(state);
        self.rank_stored(stored.empty, stored.orbit_rank())
    }

    /// The rank of the state with `empty` empty (a stored cell) and orbit rank `orbit_rank`.
    pub fn rank_stored(&self, empty: Cell, orbit_rank: u32) -> u32 {
        self.stored_index[empty.index()] * self.per_empty_cell + orbit_rank % self.per_empty_cell
    }
}

/// One of the board's eight symmetries: an exchange of `x` and `y` (when
/// [`Symmetry::swaps_axes`]) followed by mirrors of either axis; see the module
/// documentation for why the axis-swapping ones rename Red and Blue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symmetry {
    transpose: bool,
    mirror_x: bool,
    mirror_y: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry { transpose: false, mirror_x: false, mirror_y: false };

    /// All eight.
    pub fn all() -> [Symmetry; 8] {
        std::array::from_fn(|i| Symmetry { transpose: i & 4 != 0, mirror_x: i & 2 != 0, mirror_y: i & 1 != 0 })
    }

    /// The symmetry that takes start cell `start` to its class's representative (the first
    /// of [`Symmetry::all`] that does).
    pub fn to_representative(start: Cell) -> Symmetry {
        let target = StartClass::of(start).representative();
        Symmetry::all().into_iter().find(|s| s.cell(start) == target).unwrap_or(Symmetry::IDENTITY)
    }

    /// Whether it exchanges the board's rows and columns (and so Red and Blue).
    pub fn swaps_axes(self) -> bool {
        self.transpose
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        // Mirrors applied after a transposition act on the other axis when undone first.
        if self.transpose {
            Symmetry { transpose: true, mirror_x: self.mirror_y, mirror_y: self.mirror_x }
        } else {
            self
        }
    }

    /// Where `cell` goes.
    pub fn cell(self, cell: Cell) -> Cell {
        let (mut x, mut y) = (cell.x(), cell.y());
        if self.transpose {
            (x, y) = (y, x);
        }
        if self.mirror_x {
            x = 4 - x;
        }
        if self.mirror_y {
            y = 4 - y;
        }
        Cell((3 * (y - 1) + (x - 1)) as u8)
    }

    /// The direction a roll in `direction` travels after the symmetry.
    pub fn roll(self, direction: Roll) -> Roll {
        let mut mapped = direction;
        if self.transpose {
            mapped = match mapped {
                Roll::Up => Roll::Left,
                Roll::Down => Roll::Right,
                Roll::Left => Roll::Up,
                Roll::Right => Roll::Down,
            };
        }
        if (self.mirror_x && !mapped.is_vertical()) || (self.mirror_y && mapped.is_vertical()) {
            mapped = mapped.inverse();
        }
        mapped
    }

    /// The colour seen on top after the symmetry.
    pub fn top_colour(self, colour: Colour) -> Colour {
        if self.transpose {
            colour.swap_red_blue()
        } else {
            colour
        }
    }

    /// The pattern moved by the symmetry.
    pub fn pattern(self, pattern: &Pattern) -> Pattern {
        let mut tops = [Colour::White; 9];
        for cell in Cell::ALL {
            if let Some(top) = pattern.top(cell) {
                tops[self.cell(cell).index()] = self.top_colour(top);
            }
        }
        Pattern::new(self.cell(pattern.empty()), tops)
    }

    /// The state moved by the symmetry.
    pub fn state(self, state: &State) -> State {
        let mut cubes = [Orientation::START; 9];
        for cell in Cell::ALL {
            let cube = state.cubes[cell.index()];
            cubes[self.cell(cell).index()] = if self.transpose { cube.transposed() } else { cube };
        }
        State::new(self.cell(state.empty), cubes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubic::{CUBE_ORIENTATIONS, STATES};

    #[test]
    fn reduced_ranks_are_a_bijection_onto_stored_states_and_their_images() {
        for class in StartClass::ALL {
            let ranking = ReducedRanking::of(class);
            let mut seen = vec![false; ranking.states() as usize];
            let stored = Cell::ALL.into_iter().filter(|&cell| ranking.stores(cell));
            for first in stored.map(|cell| cell.0 as u32 * CUBE_ORIENTATIONS) {
                for rank in first..first + CUBE_ORIENTATIONS {
                    let state = State::unrank(rank).unwrap();
                    if state.odd_cubes() == class.odd_cubes() {
                        assert!(!std::mem::replace(&mut seen[ranking.rank(&state) as usize], true), "{state}");
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{class:?}");
            for rank in (0..STATES).step_by(1009) {
                let state = State::unrank(rank).unwrap();
                if state.odd_cubes() == class.odd_cubes() {
                    // The state shares its rank with an image of it that is stored as it is.
                    let images = class.stabilizer().map(|symmetry| symmetry.state(&state));
                    let mut stored = images.filter(|image| ranking.stores(image.empty()));
                    assert!(stored.any(|image| ranking.rank(&image) == ranking.rank(&state)), "{state}");
                }
            }
        }
        let stored = |class| Cell::ALL.into_iter().filter(|&c| ReducedRanking::of(class).stores(c)).count();
        assert_eq!(StartClass::ALL.map(stored), [6, 6, 3]);
    }

    #[test]
    fn symmetries_map_rolls_along_with_cells_and_keep_the_start_orientation() {
        for symmetry in Symmetry::all() {
            assert_eq!(symmetry.inverse().cell(symmetry.cell(Cell(5))), Cell(5));
            for rank in (0..STATES).step_by(997) {
                let state = State::unrank(rank).unwrap();
                let moved = symmetry.state(&state);
                assert_eq!(symmetry.inverse().state(&moved), state);
                assert_eq!(moved.pattern(), symmetry.pattern(&state.pattern()));
                for direction in Roll::ALL {
                    let rolled = state.roll(direction).map(|s| symmetry.state(&s));
                    assert_eq!(rolled, moved.roll(symmetry.roll(direction)));
                }
            }
            for cell in Cell::ALL {
                assert_eq!(symmetry.state(&State::start(cell)), State::start(symmetry.cell(cell)));
            }
        }
        for cell in Cell::ALL {
            let to_representative = Symmetry::to_representative(cell);
            assert_eq!(to_representative.cell(cell), StartClass::of(cell).representative());
        }
    }
}
