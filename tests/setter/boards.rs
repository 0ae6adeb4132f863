//! Judge inputs read into the reference searches' own representations, written here
//! without the models, for the tests of `check` and `random`.
#![allow(dead_code)] // Each test binary uses its own part of it.

/// Eight-puzzle cells (0 for the blank) of a judge line `2 3 4 1 5 x 7 6 8`.
pub fn eight_cells(line: &str) -> [u8; 9] {
    let cells: Vec<u8> = line.split_whitespace().map(|t| if t == "x" { 0 } else { t.parse().unwrap() }).collect();
    cells.try_into().unwrap()
}

/// Cubic datasets of a judge input (without its closing `0 0`): the start cell's index
/// (row by row) and the pattern's key in `reference/cubic.rs`'s numbering.
pub fn cubic_datasets(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().filter(|line| line.trim() != "0 0").collect();
    lines
        .chunks(4)
        .map(|chunk| {
            let xy: Vec<usize> = chunk[0].split_whitespace().map(|t| t.parse().unwrap()).collect();
            let tops: Vec<usize> = chunk[1..]
                .iter()
                .flat_map(|row| row.split_whitespace())
                .map(|t| match t {
                    "W" => 0,
                    "R" => 1,
                    "B" => 2,
                    _ => 3,
                })
                .collect();
            let key = tops.iter().rev().fold(0, |key, &top| key * 4 + top);
            ((xy[1] - 1) * 3 + xy[0] - 1, key)
        })
        .collect()
}

/// Rotation boards of a judge input (up to its closing `0`).
pub fn rotation_boards(text: &str) -> Vec<[u8; 24]> {
    text.lines()
        .take_while(|line| line.trim() != "0")
        .map(|line| line.split_whitespace().map(|t| t.parse().unwrap()).collect::<Vec<u8>>().try_into().unwrap())
        .collect()
}

/// The colour bytes (net order: face `k`, row, column at `9k + 3 row + col`, faces left,
/// front, right, back, up, down) of every net in a magic-cube judge input, count first.
pub fn cube_nets(text: &str) -> Vec<[u8; 54]> {
    let rows: Vec<&str> = text.lines().filter(|line| !line.trim().is_empty()).skip(1).collect();
    rows.chunks(9)
        .map(|net| {
            let letters: Vec<u8> = net.iter().flat_map(|row| row.split_whitespace()).map(|t| t.as_bytes()[0]).collect();
            let mut colours = [0u8; 54];
            for (k, &letter) in letters.iter().enumerate() {
                let (face, row, col) = match k {
                    0..=8 => (4, k / 3, k % 3),
                    9..=44 => ((k - 9) % 12 / 3, (k - 9) / 12, (k - 9) % 3),
                    _ => (5, (k - 45) / 3, (k - 45) % 3),
                };
                colours[9 * face + 3 * row + col] = letter;
            }
            colours
        })
        .collect()
}

/// Fifteen-puzzle cells (0 for the blank) of every board of a judge input, count first.
pub fn fifteen_boards(text: &str) -> Vec<[u8; 16]> {
    let numbers: Vec<u8> = text.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    numbers.chunks(16).map(|cells| cells.try_into().unwrap()).collect()
}

/// A fifteen-puzzle judge input holding `boards`: the count, then four rows per board.
pub fn fifteen_input(boards: &[[u8; 16]]) -> String {
    let mut input = format!("{}\n", boards.len());
    for cells in boards {
        for row in cells.chunks(4) {
            input.push_str(&format!("{} {} {} {}\n", row[0], row[1], row[2], row[3]));
        }
    }
    input
}
