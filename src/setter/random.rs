//! `random PUZZLE [--distance D] [--count N] [--seed S] [--judge-input]`: distinct boards
//! drawn uniformly at random from all boards whose answer is exactly D (or from all
//! solvable boards), printed in the judge's input format.
//!
//! The drawing is the query crate's ([`puzzle_tables_query::random`]), shared with the
//! server and the Python package: each puzzle's registry entry draws with its drawer over
//! the tables opened here, so the same seed gives the same boards everywhere. This module
//! holds the arguments and the seed.

use puzzle_tables_models::cubic::Cell;
use puzzle_tables_query::random::clock_seed;

use crate::writer::errln;

/// `random PUZZLE`.
#[derive(clap::Args)]
pub struct RandomArgs {
    /// The puzzle, or a defined puzzle's table name (such as 2x2x2: scrambles of patterns
    /// at exactly --distance D, each as long as D).
    #[arg(value_parser = crate::options::target_parser(true))]
    pub puzzle: crate::options::Target,
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
    #[arg(long, value_name = "X,Y", value_parser = puzzle_tables_query::answer::parse_cell)]
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

/// `--seed`, else one from the clock, printed on standard error for `random LABEL`.
pub fn seed_of(args: &RandomArgs, label: &str) -> u64 {
    args.seed.unwrap_or_else(|| {
        let seed = clock_seed();
        errln!("puzzle-tables: random {label}: --seed {seed}");
        seed
    })
}
