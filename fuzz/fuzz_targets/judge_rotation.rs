//! The rotation game's judge parser on arbitrary input: no panic, and every parsed board
//! prints back to a form that parses to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_tables_models::rotation::{parse_judge_input, Board};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for board in parse_judge_input(&text).into_iter().flatten() {
        assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        let _ = board.placements().map(|placement| placement.rank());
    }
});
