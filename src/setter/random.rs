//! `random PUZZLE [--distance D] [--count N] [--seed S] [--judge-input]`: distinct boards
//! drawn uniformly at random from all boards whose answer is exactly D (or from all
//! solvable boards), printed in the judge's input format.
//!
//! Each puzzle's [`Drawer`] describes the boards as a [`Population`]: a list it can
//! unrank by index (its size counted from the tables), drawn from without replacement by
//! a partial Fisher-Yates shuffle over the indices; or, where no such list is at hand, a
//! source of tries that each give a uniform board or nothing (rejection sampling), with
//! repeats dropped.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;
use puzzle_tables_models::cubic::Cell;
use puzzle_tables_query::Puzzle;

use super::prng::Prng;
use crate::writer::errln;

/// `random PUZZLE`.
#[derive(clap::Args)]
pub struct RandomArgs {
    /// The puzzle.
    #[arg(value_parser = crate::puzzle_parser())]
    pub puzzle: Puzzle,
    /// Only boards whose answer is exactly D moves [default: any solvable board].
    #[arg(long, value_name = "D")]
    pub distance: Option<u32>,
    /// How many distinct boards to draw.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// The seed: the same seed gives the same boards on every machine [default: from the
    /// clock, printed on standard error].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Add what the judge's input needs around the boards (cubic: the closing "0 0";
    /// rotation: the closing "0"; magic-cube, fifteen: the number of cases first), so the
    /// output feeds `judge` directly.
    #[arg(long)]
    pub judge_input: bool,
    /// cubic: the start cell X,Y whose patterns are drawn [default: any of the nine, each
    /// pattern with its start cell].
    #[arg(long, value_name = "X,Y", value_parser = crate::cubic::parse_cell)]
    pub start: Option<Cell>,
}

/// The long help of `random`: how each puzzle's boards are drawn.
pub const DRAWING: &str = "\
Draws distinct boards uniformly at random, without replacement, from all boards whose answer \
is exactly D moves (--distance D), or from all solvable boards, and prints them in the judge's \
input format. The same seed gives the same boards on every machine (SplitMix64, implemented \
here). Asking for more boards than there are is an error that names how many there are.

eight: D from 0 to 31; the boards at D are counted from the table and listed through its \
parent moves.

cubic: per start cell (--start X,Y, else all nine), patterns at exactly D rolls, beyond the \
judge's 30 too (the judge answers -1 there).

magic-cube: D within the table's radius (0 to 6 quarter turns), each cube confirmed by the \
table; without --distance, a \
uniformly random solvable cube (almost surely far beyond the judge's 5: it answers -1).

rotation: without --distance, the 24 blocks (eight of each symbol) are shuffled: uniform over \
all 24!/(8!)^3 boards. The rare layers (D up to 3, and 13) are listed exactly, from the \
placements of each symbol at and beyond D in the table, and drawn by index. The layers \
between (billions of boards each) are sampled: each try picks a symbol uniformly, places its \
eight blocks uniformly among the placements D moves from the centre, shuffles the other \
sixteen blocks, and keeps the board when no symbol is nearer than D, with probability 1/k \
when k symbols are exactly D away: every board at D is then equally likely, exactly. Their \
size is not counted: a --count they cannot supply fails after a bounded number of tries, \
saying how many distinct boards were found.

fifteen: without --distance, uniform over all 16!/2 solvable boards (each has an index: the \
blank's cell and a Lehmer code of the tiles with the parity the rule needs). With --distance \
D, D from 0 to 24: the boards exactly D moves from the goal are listed by a breadth-first \
search from the goal (19,826,318 boards at 24: seconds, and 500 MB of memory) and drawn by index, \
uniformly. D from 25 to 66: by exact rejection: uniform solvable boards, each solved by the IDA* \
over the pattern databases (bounded by D; a board whose blank is on the wrong colour of the \
chessboard for D is rejected without a search), kept when exactly D moves away: uniform over \
the layer. From 29 to 50 a board takes a fraction of a second, at 25 and from 55 to 66 \
seconds (BENCHMARKS.md); deeper layers are not offered (too few boards lie there), nor are \
boards drawn by random walks, which are not uniform over a layer.";

/// One try of a [`Population::Sampled`]: a uniform board of the population, or `None`.
pub type Try<'a, B> = Box<dyn Fn(&mut Prng) -> anyhow::Result<Option<B>> + 'a>;

/// The boards a draw picks from.
pub enum Population<'a, B> {
    /// `size` boards; `unrank(i)` is the board of index `i` in `0..size`.
    Listed {
        /// How many boards there are.
        size: u64,
        /// The board of an index.
        unrank: Box<dyn Fn(u64) -> anyhow::Result<B> + 'a>,
    },
    /// Boards of unknown number, drawn by `draw`, which returns a board uniform over the
    /// population, or `None` for a rejected try.
    Sampled {
        /// One try.
        draw: Try<'a, B>,
        /// How many tries before giving up.
        attempts: u64,
    },
}

/// One puzzle's boards: what to draw from, and how the judge's input writes them.
pub trait Drawer {
    /// A board of the judge's input.
    type Board: Clone + Eq + Hash;

    /// The puzzle's label.
    fn label(&self) -> &'static str;

    /// The boards whose answer is exactly `distance` (every solvable board when `None`),
    /// described for an error message (`boards at distance 31`), or why there are none.
    fn population(&self, distance: Option<u32>) -> anyhow::Result<(String, Population<'_, Self::Board>)>;

    /// Writes `boards` in the judge's input format; `judge_input` adds the header or
    /// terminator the judge needs.
    fn write_boards(&self, out: &mut dyn Write, boards: &[Self::Board], judge_input: bool) -> io::Result<()>;
}

/// Draws `args.count` boards with `drawer` and writes them to `out`.
pub fn run<D: Drawer>(drawer: &D, args: &RandomArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        errln!("puzzle-tables: random {}: --seed {seed}", drawer.label());
    }
    let (name, population) = drawer.population(args.distance)?;
    let boards = draw(population, args.count, &mut Prng::new(seed), &format!("{} {name}", drawer.label()))?;
    drawer.write_boards(out, &boards, args.judge_input)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `count` distinct boards of `population`, in the order drawn.
pub fn draw<B: Clone + Eq + Hash>(
    population: Population<'_, B>,
    count: u64,
    prng: &mut Prng,
    name: &str,
) -> anyhow::Result<Vec<B>> {
    match population {
        Population::Listed { size, unrank } => {
            if count > size {
                bail!("asked for {count} boards, but there are only {size} {name}");
            }
            distinct_indices(size, count, prng).into_iter().map(unrank).collect()
        }
        Population::Sampled { draw, attempts } => {
            let mut seen = HashSet::new();
            let mut boards = Vec::new();
            for _ in 0..attempts {
                if boards.len() as u64 == count {
                    break;
                }
                if let Some(board) = draw(prng)? {
                    if seen.insert(board.clone()) {
                        boards.push(board);
                    }
                }
            }
            if (boards.len() as u64) < count {
                let found = boards.len();
                bail!("asked for {count} boards, but {attempts} random draws found only {found} distinct {name}");
            }
            Ok(boards)
        }
    }
}

/// `count` distinct indices uniform in `0..size`, in a uniformly random order: the first
/// `count` steps of a Fisher-Yates shuffle of `0..size`, with only the moved slots stored.
fn distinct_indices(size: u64, count: u64, prng: &mut Prng) -> Vec<u64> {
    let mut moved: HashMap<u64, u64> = HashMap::new();
    let mut picked = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
    for i in 0..count {
        let j = i + prng.below(size - i);
        let at_j = moved.get(&j).copied().unwrap_or(j);
        let at_i = moved.get(&i).copied().unwrap_or(i);
        moved.insert(j, at_i);
        picked.push(at_j);
    }
    picked
}

/// A seed from the clock, for a run without `--seed`.
pub fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_secs() ^ u64::from(now.subsec_nanos()) << 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_distinct_and_cover_a_small_population() {
        let mut prng = Prng::new(5);
        let mut all = distinct_indices(50, 50, &mut prng);
        all.sort_unstable();
        assert_eq!(all, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn asking_for_more_than_a_population_holds_names_its_size() {
        let population = Population::Listed { size: 2, unrank: Box::new(Ok) };
        let error = draw(population, 3, &mut Prng::new(1), "boards at distance 31").unwrap_err();
        assert_eq!(error.to_string(), "asked for 3 boards, but there are only 2 boards at distance 31");
    }
}
