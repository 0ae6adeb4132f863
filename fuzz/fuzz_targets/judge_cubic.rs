//! The cubic eight-puzzle's judge parser on arbitrary input: no panic, and every parsed
//! pattern prints back to a form that parses to the same pattern.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_tables_models::cubic::{parse_judge_input, Pattern};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for dataset in parse_judge_input(&text).into_iter().flatten() {
        assert_eq!(dataset.pattern.to_string().parse::<Pattern>(), Ok(dataset.pattern));
        let _ = dataset.pattern.index();
    }
});
