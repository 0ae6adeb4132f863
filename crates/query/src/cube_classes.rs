//! A flip-slice coordinate's symmetry class, from tables small enough for the fast caches.
//!
//! The class table (`cube-sym-class.tbl`) answers with one read, but a random one in 3 MB,
//! and phase 1 makes one for every node it looks at; with its reads of the 28 MB phase-1
//! table streaming past, that read mostly misses the caches (`perf` put a third of phase 1's
//! time on it). The symmetries' structure gives the same answer from 0.44 MB:
//! - a symmetry moves the slice edges' positions whatever the flips, so conjugating by one
//!   symmetry σ(s) takes every flip-slice with slice `s` to one slice `r(s)`, and the slices
//!   fall into a few dozen such images;
//! - it changes the flips affinely: flip `f` at slice `s` becomes `L(f) xor c(s)`, where `L`
//!   (linear in `f`'s bits) permutes the edges and `c(s)`, the image of no flips, is what the
//!   quarter turns about the U-D axis do to the slice edges' flips;
//! - so the class of `(s, f)` is that of `(r(s), L(f) xor c(s))`, read from a copy of the
//!   class table's rows for the images `r`, and its symmetry is σ(s) followed by that row's.
//!
//! Built at start from the class table: a few hundred conjugations and the rows copied.

use puzzle_tables_models::cube::coords::{FLIPS, SLICES};
use puzzle_tables_models::cube::symmetry::{conjugate_flip_slice, products, SYMMETRIES};

/// The class and symmetry of every flip-slice coordinate, as [`ClassFinder::find`] gives them.
#[derive(Debug)]
pub(crate) struct ClassFinder {
    /// For each slice `s`: its image's row in `rows` (bits 15 and up), `c(s)` (bits 4 to 14)
    /// and σ(s) (bits 0 to 3).
    slices: Vec<u32>,
    /// `linear[σ * FLIPS + f]`: `L(f)` for symmetry σ.
    linear: Vec<u16>,
    /// The class table's rows for the images: `class * 16 + symmetry` for each flip.
    rows: Vec<u32>,
    /// The symmetries' products ([`products`]).
    products: &'static [[u8; SYMMETRIES]; SYMMETRIES],
}

impl ClassFinder {
    /// The finder for the class table `class_of` (`class * 16 + symmetry` for each
    /// flip-slice coordinate, the symmetry taking it to its class's representative).
    pub(crate) fn new(class_of: impl Fn(usize) -> u32) -> ClassFinder {
        let mut images = Vec::new();
        let slices = (0..SLICES)
            .map(|slice| {
                // Any symmetry will do; the class table's for no flips is at hand.
                let symmetry = class_of(slice * FLIPS) as usize % SYMMETRIES;
                let image = conjugate_flip_slice((slice * FLIPS) as u32, symmetry) as usize;
                let row = images.iter().position(|&r| r == image / FLIPS).unwrap_or_else(|| {
                    images.push(image / FLIPS);
                    images.len() - 1
                });
                (row << 15 | (image % FLIPS) << 4 | symmetry) as u32
            })
            .collect();
        let linear = (0..SYMMETRIES)
            .flat_map(|symmetry| {
                let none = conjugate_flip_slice(0, symmetry);
                let bits: [u16; 11] =
                    std::array::from_fn(|bit| (conjugate_flip_slice(1 << bit, symmetry) ^ none) as u16);
                (0..FLIPS)
                    .map(move |flip| (0..11).filter(|bit| flip >> bit & 1 == 1).fold(0, |image, bit| image ^ bits[bit]))
            })
            .collect();
        let class_of = &class_of;
        let rows =
            images.iter().flat_map(|&slice| (0..FLIPS).map(move |flip| class_of(slice * FLIPS + flip))).collect();
        ClassFinder { slices, linear, rows, products: products() }
    }

    /// The class of `flip_slice` and a symmetry that takes it to the class's representative.
    #[inline]
    pub(crate) fn find(&self, flip_slice: usize) -> (usize, usize) {
        let (slice, flip) = (flip_slice / FLIPS, flip_slice % FLIPS);
        let at = self.slices[slice] as usize;
        let symmetry = at % SYMMETRIES;
        let image = usize::from(self.linear[symmetry * FLIPS + flip]) ^ (at >> 4 & (FLIPS - 1));
        let entry = self.rows[(at >> 15) * FLIPS + image] as usize;
        (entry / SYMMETRIES, usize::from(self.products[entry % SYMMETRIES][symmetry]))
    }

    /// How many bytes its tables take.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.slices.len() * 4 + self.linear.len() * 2 + self.rows.len() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::cube::coords::FLIP_SLICES;

    #[test]
    fn every_flip_slice_gets_its_class_and_a_symmetry_to_the_representative() {
        let classes = puzzle_tables_generator::cube::flip_slice_classes();
        let finder = ClassFinder::new(|flip_slice| classes.class_of[flip_slice]);
        assert!(finder.bytes() < 512 * 1024, "{} bytes", finder.bytes());
        for flip_slice in 0..FLIP_SLICES {
            let (class, symmetry) = finder.find(flip_slice);
            let expected = classes.class_of[flip_slice] as usize;
            assert_eq!(class, expected / SYMMETRIES, "flip-slice {flip_slice}");
            // A representative fixed by some symmetries is reached by as many; any will do.
            assert_eq!(
                conjugate_flip_slice(flip_slice as u32, symmetry),
                classes.representatives[class],
                "flip-slice {flip_slice}"
            );
        }
    }
}
