//! The magic cube's judge parser and the facelet-string reader on arbitrary input: no
//! panic, and every accepted cube has a key that decodes back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_tables_models::magic_cube::{parse_judge_input, Cube, Facelets};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let from_string = Facelets::from_urfdlb(&text).ok().and_then(|facelets| facelets.cube().ok());
    for cube in parse_judge_input(&text).cases.into_iter().flatten().chain(from_string) {
        assert_eq!(Cube::from_key(cube.key()), Some(cube));
    }
});
