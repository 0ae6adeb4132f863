//! Counts in English (`1 move`, `2 moves`) and the first line every `solve` prints, so each
//! puzzle words its answers the same way.

pub use puzzle_tables_query::answer::plural;

/// A `solve` answer's first line: `19 moves: ullddrurdllurrdlurd`, `1 move: u`, and for a
/// solved start `0 moves: already solved`. `note` follows the count: `35 rolls (beyond the
/// judge's 30: it answers -1): ...`.
pub fn answer_line(distance: usize, noun: &str, note: &str, moves: &str) -> String {
    let moves = if distance == 0 { "already solved" } else { moves };
    format!("{}{note}: {moves}", plural(distance, noun))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1usize, "move"), "1 move");
        assert_eq!(plural(0u64, "roll"), "0 rolls");
        assert_eq!(plural(2u32, "quarter turn"), "2 quarter turns");
    }

    #[test]
    fn a_solved_start_is_already_solved_in_every_puzzle() {
        assert_eq!(answer_line(0, "move", "", ""), "0 moves: already solved");
        assert_eq!(answer_line(1, "quarter turn", "", "R'"), "1 quarter turn: R'");
        assert_eq!(answer_line(31, "roll", " (beyond)", "ud"), "31 rolls (beyond): ud");
    }
}
