//! Rubik's cube, any position: the solver through the binary, checked by an independent model.

#[path = "reference/cube.rs"]
mod reference;
