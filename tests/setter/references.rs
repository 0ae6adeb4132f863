//! Every puzzle's independent searches (`tests/reference/`), for the tests of `check` and
//! `random`, which judge every puzzle's answers and boards by them.

#[path = "../reference/cubic.rs"]
pub mod cubic_reference;
#[path = "../reference/eight.rs"]
pub mod eight_reference;
#[path = "../reference/fifteen.rs"]
pub mod fifteen_reference;
#[path = "../reference/magic_cube.rs"]
pub mod magic_cube_reference;
#[path = "../reference/rotation.rs"]
pub mod rotation_reference;
