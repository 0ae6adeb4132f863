//! The magic cube judge's formats (ZOJ 2477): the unfolded net, the judge input (a count,
//! then nine-line nets) and the judge answer (`face dir` steps, at most five).

use crate::judge::{parse_counted_input, Case, CountedInput, InputError};

use super::cubies::Cube;
use super::facelets::{colour_byte, Facelets};
use super::turns::{facelet, Turn, FACELETS};

/// The judge's limit: a cube that needs more quarter turns than this is answered `-1`.
pub const JUDGE_LIMIT: usize = 5;

/// `POSITIONS_WITHIN[n]`: how many cubes are within `n` quarter turns of solved (counted by
/// breadth-first search; the generator checks its walk against these).
pub const POSITIONS_WITHIN: [u64; 8] = [1, 13, 127, 1_195, 11_206, 105_046, 983_926, 9_205_558];

/// The judge's answer for a shortest solution (`None`: more than [`JUDGE_LIMIT`] turns, or
/// unknown beyond it): the count and one `face dir` line per step, or `-1`.
pub fn judge_answer(solution: Option<&[Turn]>) -> String {
    match solution.filter(|turns| turns.len() <= JUDGE_LIMIT) {
        Some(turns) => std::iter::once(turns.len().to_string())
            .chain(turns.iter().map(|t| t.judge_step()))
            .map(|line| line + "\n")
            .collect(),
        None => "-1\n".to_string(),
    }
}

/// A judge input: the cases in order, and what is wrong with the case count line, if
/// anything.
pub type JudgeInput = CountedInput<Cube>;

/// Parses a judge input: the number of cases, then for each case an empty line and the
/// nine lines of the net. Cases are the blocks of non-blank lines; a block of 18, 27, ...
/// lines (cases without the empty line between them) holds several cases.
pub fn parse_judge_input(input: &str) -> JudgeInput {
    parse_counted_input(input, "case", parse_cases)
}

fn parse_cases(blocks: &[Vec<(usize, &str)>]) -> Vec<Case<Cube>> {
    let mut cases = Vec::new();
    for block in blocks.iter().filter(|block| !block.is_empty()) {
        if block.len() % 9 != 0 {
            let problem = format!(
                "a case is the nine lines of the net, but lines {} to {} are {} lines",
                block[0].0,
                block[block.len() - 1].0,
                block.len()
            );
            cases.push(Err(InputError::new(block[0].0, problem)));
            continue;
        }
        for lines in block.chunks(9) {
            let first_line = lines[0].0;
            cases.push(
                read_net(lines)
                    .and_then(|facelets| facelets.cube().map_err(|e| InputError::new(first_line, e.to_string()))),
            );
        }
    }
    cases
}

/// Reads one net, the nine non-blank lines of `text` (as in a judge case), into stickers.
/// Errors name lines of `text` (1-based). The pieces are not checked: see [`Facelets::cube`].
pub fn parse_net(text: &str) -> Result<Facelets, InputError> {
    let lines: Vec<(usize, &str)> = crate::judge::numbered_lines(text).collect();
    if lines.len() != 9 {
        let line = lines.get(9).or(lines.last()).map_or(1, |l| l.0);
        return Err(InputError::new(line, format!("a net is nine lines, found {}", lines.len())));
    }
    read_net(&lines)
}

/// The nine numbered lines of a net: three rows of the up face, three rows of left, front,
/// right and back, three rows of the down face.
fn read_net(lines: &[(usize, &str)]) -> Result<Facelets, InputError> {
    let mut colours = [0u8; FACELETS];
    for (row_index, &(line, text)) in lines.iter().enumerate() {
        let faces: &[usize] = match row_index / 3 {
            0 => &[4],
            1 => &[0, 1, 2, 3],
            _ => &[5],
        };
        let letters = row_letters(text, faces.len() * 3).map_err(|problem| InputError::new(line, problem))?;
        for (k, &letter) in letters.iter().enumerate() {
            colours[facelet(faces[k / 3], row_index % 3, k % 3)] = letter;
        }
    }
    Ok(Facelets { colours })
}

/// The letters of one net row: `expected` single letters separated by spaces (or written
/// together).
fn row_letters(text: &str, expected: usize) -> Result<Vec<u8>, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let together = tokens.len() == 1 && tokens[0].chars().count() == expected && expected > 1;
    let letters: Vec<char> = if together {
        tokens[0].chars().collect()
    } else {
        let mut letters = Vec::new();
        for token in &tokens {
            let mut chars = token.chars();
            match (chars.next(), chars.next()) {
                (Some(letter), None) => letters.push(letter),
                _ => {
                    return Err(format!(
                        "expected single letters separated by spaces, found {}",
                        crate::judge::quoted(token)
                    ))
                }
            }
        }
        letters
    };
    if letters.len() != expected {
        return Err(format!("expected {expected} letters on this line of the net, found {}", letters.len()));
    }
    letters.into_iter().map(|letter| colour_byte(letter).map_err(|e| e.to_string())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_second_sample_is_solved_by_turning_face_1_clockwise() {
        let net = "w w w\nw w w\nb b b\nr r w g g g y b b o o o\nr r w g g g y b b o o o\nr r w g g g y b b o o o\nr r r\ny y y\ny y y\n";
        let facelets = parse_net(net).unwrap();
        let turned = facelets.turn(Turn::new(1, true).unwrap());
        assert!(turned.cube().unwrap().is_solved());
        assert_eq!(facelets.cube().unwrap().apply(Turn::new(1, true).unwrap()), Cube::SOLVED);
    }

    #[test]
    fn judge_input_reads_cases_and_reports_the_count_and_bad_lines() {
        let solved = Facelets::SOLVED.net();
        let input = format!("3\n\n{solved}\nw w\n{}\n{solved}", &solved[solved.find('\n').unwrap() + 1..]);
        let parsed = parse_judge_input(&input);
        assert_eq!(parsed.cases.len(), 3);
        assert_eq!(parsed.cases[0], Ok(Cube::SOLVED));
        assert_eq!(parsed.cases[1], Err(InputError::new(13, "expected 3 letters on this line of the net, found 2")));
        assert_eq!(parsed.cases[2], Ok(Cube::SOLVED));
        assert_eq!(parsed.count_problem, None);
        let short = parse_judge_input(&format!("2\n\n{solved}"));
        assert_eq!(short.cases, vec![Ok(Cube::SOLVED)]);
        assert_eq!(
            short.count_problem.unwrap().to_string(),
            "line 1: the input announces 2 cases but holds 1; answering the 1 present"
        );
        let uncounted = parse_judge_input(&solved);
        assert_eq!(uncounted.cases, vec![Ok(Cube::SOLVED)]);
        assert_eq!(uncounted.count_problem.unwrap().line, 1);
        let eight = parse_judge_input(&format!("1\n\n{}", &solved[..solved.rfind("      ").unwrap()]));
        assert!(eight.cases[0].as_ref().unwrap_err().problem.contains("are 8 lines"));
    }
}
