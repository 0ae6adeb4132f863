//! The corner and edge positions: their names, and the facelets of the judge's net each one
//! covers, which also give each piece's colours.

use super::turns::facelet;

/// The corner positions, in the usual order, as names.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// The edge positions, in the usual order, as names.
pub const EDGE_NAMES: [&str; 12] = ["UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"];

/// Each corner position's facelets: the up or down one first, then the others clockwise
/// as seen from outside that corner. The orientation of a corner is the place, in its
/// position's list, of the facelet showing its up or down colour.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [facelet(4, 2, 2), facelet(2, 0, 0), facelet(1, 0, 2)],
    [facelet(4, 2, 0), facelet(1, 0, 0), facelet(0, 0, 2)],
    [facelet(4, 0, 0), facelet(0, 0, 0), facelet(3, 0, 2)],
    [facelet(4, 0, 2), facelet(3, 0, 0), facelet(2, 0, 2)],
    [facelet(5, 0, 2), facelet(1, 2, 2), facelet(2, 2, 0)],
    [facelet(5, 0, 0), facelet(0, 2, 2), facelet(1, 2, 0)],
    [facelet(5, 2, 0), facelet(3, 2, 2), facelet(0, 2, 0)],
    [facelet(5, 2, 2), facelet(2, 2, 2), facelet(3, 2, 0)],
];

/// Each edge position's facelets: the up or down one first, else the front or back one.
/// An edge is flipped when its first colour is not on its position's first facelet.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [facelet(4, 1, 2), facelet(2, 0, 1)],
    [facelet(4, 2, 1), facelet(1, 0, 1)],
    [facelet(4, 1, 0), facelet(0, 0, 1)],
    [facelet(4, 0, 1), facelet(3, 0, 1)],
    [facelet(5, 1, 2), facelet(2, 2, 1)],
    [facelet(5, 0, 1), facelet(1, 2, 1)],
    [facelet(5, 1, 0), facelet(0, 2, 1)],
    [facelet(5, 2, 1), facelet(3, 2, 1)],
    [facelet(1, 1, 2), facelet(2, 1, 0)],
    [facelet(1, 1, 0), facelet(0, 1, 2)],
    [facelet(3, 1, 2), facelet(0, 1, 0)],
    [facelet(3, 1, 0), facelet(2, 1, 2)],
];

const fn face_of(x: usize) -> u8 {
    (x / 9) as u8
}

/// The faces (colours) of each corner piece, in its facelet order.
pub(super) const CORNER_FACES: [[u8; 3]; 8] = {
    let mut faces = [[0u8; 3]; 8];
    let mut corner = 0;
    while corner < 8 {
        let mut k = 0;
        while k < 3 {
            faces[corner][k] = face_of(CORNER_FACELETS[corner][k]);
            k += 1;
        }
        corner += 1;
    }
    faces
};

/// The faces (colours) of each edge piece, in its facelet order.
pub(super) const EDGE_FACES: [[u8; 2]; 12] = {
    let mut faces = [[0u8; 2]; 12];
    let mut edge = 0;
    while edge < 12 {
        faces[edge] = [face_of(EDGE_FACELETS[edge][0]), face_of(EDGE_FACELETS[edge][1])];
        edge += 1;
    }
    faces
};
