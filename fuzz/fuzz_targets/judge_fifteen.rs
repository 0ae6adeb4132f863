//! Fuzz target: see `properties::judge_fifteen`.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::judge_fifteen(data));
