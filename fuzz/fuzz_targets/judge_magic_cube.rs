//! Fuzz target: see `properties::judge_magic_cube`.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::judge_magic_cube(data));
