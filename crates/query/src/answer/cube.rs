//! Rubik's cube answers: any cube by the two-phase solver, exactly optimal in quarter
//! turns wherever the magic cube's table reaches (a lookup within its depth, and within
//! twice it by meeting the table in the middle); and the magic cube's own answer, the
//! table alone. The stats of both: the two-phase tables', and the magic cube's table's.

use serde::Serialize;
use serde_json::json;

use super::{
    plural, Answer, AnswerError, AnswerOptions, Answerer, Child, DepthReport, Details, InputError, PuzzleAnswer,
    RegisteredPuzzle, SearchHook, Stats, Step, Walk,
};
use crate::cube::optimal::{OptimalLimits, OptimalSolution};
use crate::cube::{moves_from_turns, moves_text, parse_moves, Cube, Facelets, Metric, Move};
use crate::fifteen::search::SearchProgress;
use crate::magic_cube::{self, notation, Turn, TABLE_DEPTH};
use crate::random::{drawn, DrawError, DrawRequest, MagicCubes};
use crate::Puzzle;
use puzzle_tables_models::cube::{judge_answer, JUDGE_LIMIT};

/// The quarter-turn radius within which the magic cube's table gives exact answers.
const EXACT_RADIUS: u32 = 2 * TABLE_DEPTH as u32;

/// How a cube is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CubeInput {
    /// The 54-letter facelet string of cube solvers (faces U R F D L B).
    #[default]
    Facelets,
    /// A scramble in face turns, made from solved.
    Scramble,
}

/// A cube's solution and what is known about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeSolution {
    /// The solution, in face turns.
    pub moves: Vec<Move>,
    /// Whether it has the fewest quarter turns of all.
    pub optimal_in_quarter_turns: bool,
    /// A shortest solution in quarter turns when within the magic-cube judge's limit.
    pub judge_turns: Option<Vec<Turn>>,
}

/// Any cube's answer.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CubeAnswer {
    /// `"cube"`.
    pub puzzle: &'static str,
    /// The cube's facelet string, faces U R F D L B.
    pub facelets: String,
    /// `"htm"` or `"qtm"`: how `length` counts.
    pub metric: &'static str,
    /// The solution, face turns such as `R U2 F'`; empty for a solved cube.
    pub moves: String,
    /// The solution's length in the metric.
    pub length: u32,
    /// The solution's length in face turns.
    pub face_turns: u32,
    /// The solution's length in quarter turns.
    pub quarter_turns: u32,
    /// Whether no solution has fewer quarter turns.
    pub optimal_in_quarter_turns: bool,
    /// The fewest quarter turns, when known (`null` otherwise).
    pub distance: Option<u32>,
    /// Asked for an optimal solution: whether the search proved that none is shorter in the
    /// metric (`false` when it gave up first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal: Option<bool>,
    /// Asked for an optimal solution and given up: every solution has at least this many
    /// moves of the metric.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u32>,
    /// Asked for an optimal solution: the nodes its search generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Asked for an optimal solution: how many of the 48 symmetries of the whole cube
    /// (rotations and reflections) leave it as it is (1 for almost every cube, 48 for the
    /// superflip); the search starts from one first move per orbit of these.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<u32>,
    /// The magic-cube judge's (ZOJ 2477) answer: the number of steps and each step, or -1.
    pub judge_answer: String,
    /// The judge's steps, each `face direction`, when within its limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_steps: Option<Vec<String>>,
    /// The steps, children and walk, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

/// A cube's answer from the magic cube's table alone.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MagicCubeAnswer {
    /// `"magic-cube"`.
    pub puzzle: &'static str,
    /// The cube's facelet string, faces U R F D L B.
    pub facelets: String,
    /// The fewest quarter turns, when within the table's depth.
    pub distance: Option<u32>,
    /// A shortest solution in quarter turns, when within the table's depth.
    pub moves: Option<String>,
    /// Beyond the table: every solution has more quarter turns than this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more_than: Option<u32>,
    /// The judge's (ZOJ 2477) answer: the number of steps and each step, or -1.
    pub judge_answer: String,
    /// The steps, children, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

/// The cube's entry in the registry: any cube, by the two-phase solver.
pub(super) const REGISTERED: RegisteredPuzzle = RegisteredPuzzle {
    searches: true,
    cubes: true,
    optimal_search: true,
    row_letters: Some(b"URFDLB"),
    ..RegisteredPuzzle::lookup(
        Puzzle::Cube,
        |answerer, text, options| answer(answerer, text, options).map(Answer::Cube),
        |_, _| Err(DrawError::Refused(NO_RANDOM_CUBES.to_string()).into()),
        stats,
    )
};

/// Why no random cube is drawn: `scramble cube` draws fair cubes, as scrambles.
const NO_RANDOM_CUBES: &str = "random does not know the cube yet (the magic cube's is `random magic-cube`)";

/// The magic cube's entry in the registry: a cube from its table alone.
pub(super) const MAGIC_CUBE_REGISTERED: RegisteredPuzzle = RegisteredPuzzle {
    cubes: true,
    row_letters: Some(b"URFDLB"),
    ..RegisteredPuzzle::lookup(
        Puzzle::MagicCube,
        |answerer, text, options| answer_magic_cube(answerer, text, options).map(Answer::MagicCube),
        |answerer, request: &DrawRequest| Ok(drawn(&MagicCubes::new(answerer.magic_cube()?), request)?),
        magic_cube_stats,
    )
};

/// The two-phase tables: their size and the phase-1 distances in both metrics.
fn stats(answerer: &Answerer) -> Result<Stats, AnswerError> {
    let solver = answerer.two_phase()?;
    let metadata = solver.phase1_table(Metric::Htm).metadata();
    let quarter_turns = &solver.phase1_table(Metric::Qtm).metadata().depth_counts;
    let mut report = DepthReport::new("cube", "entries", metadata);
    let bytes = solver.file_bytes();
    report.headline = vec![
        format!(
            "cube: two-phase tables, {bytes} bytes; every cube is solved within 20 face turns and 26 quarter turns"
        ),
        format!(
            "phase 1 (into <U, D, R2, L2, F2, B2>): {} entries (flip-slice classes x twists), at most {} face turns, \
             at most {} quarter turns",
            report.total(),
            report.max_distance(),
            quarter_turns.len().saturating_sub(1)
        ),
        "in face turns:".into(),
    ];
    report.more_tables = vec![("in quarter turns:".into(), quarter_turns)];
    report.extra = json!({ "table_bytes": bytes, "entries_per_quarter_turn_distance": quarter_turns });
    Ok(report.stats())
}

/// The magic cube's table: its cubes per distance, and how far `solve` answers exactly.
fn magic_cube_stats(answerer: &Answerer) -> Result<Stats, AnswerError> {
    let table = answerer.magic_cube()?;
    let depth = table.depth();
    let mut report = DepthReport::new("magic-cube", "cubes", table.table().metadata());
    report.headline = vec![
        format!("magic cube: the table holds the {} cubes within {depth} quarter turns of solved", report.total()),
        format!("solve answers exactly up to {} quarter turns (meeting in the middle)", 2 * depth),
    ];
    report.extra = json!({ "table_depth": depth, "exact_up_to": 2 * depth });
    Ok(report.stats())
}

impl PuzzleAnswer for CubeAnswer {
    /// The moves, empty for a solved cube.
    fn line(&self) -> String {
        self.moves.clone()
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

impl PuzzleAnswer for MagicCubeAnswer {
    /// The quarter turns, or `more than N quarter turns` beyond the table.
    fn line(&self) -> String {
        match (&self.moves, self.more_than) {
            (Some(moves), _) => moves.clone(),
            (None, more_than) => format!("more than {}", plural(more_than.unwrap_or(0), "quarter turn")),
        }
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

/// What `metric` counts: "face turn" or "quarter turn".
pub fn metric_noun(metric: Metric) -> &'static str {
    match metric {
        Metric::Htm => "face turn",
        Metric::Qtm => "quarter turn",
    }
}

/// The cube `text` writes, as stickers (colours as given), and as pieces.
fn read_cube(text: &str, input: CubeInput) -> Result<(Facelets, Cube), InputError> {
    let facelets = match input {
        CubeInput::Facelets => {
            Facelets::from_urfdlb(text).map_err(|why| InputError::new("not a facelet string", why))?
        }
        CubeInput::Scramble => {
            let moves = parse_moves(text).map_err(|why| InputError::new("not a scramble", why))?;
            Cube::SOLVED.apply_moves(&moves).facelets()
        }
    };
    let cube = facelets.cube().map_err(|why| InputError::new("not a cube that turns can solve", why))?;
    Ok((facelets, cube))
}

/// The facelets after each move.
fn facelets_along(start: Facelets, moves: &[Move]) -> Vec<Facelets> {
    super::walk(start, moves, |f, m| m.quarter_turns().fold(*f, |f, turn| f.turn(turn)))
}

/// The answer for `text` by the two-phase solver.
pub(super) fn answer(answerer: &Answerer, text: &str, options: &AnswerOptions) -> Result<CubeAnswer, AnswerError> {
    let (facelets, cube) = read_cube(text, options.cube_input)?;
    let metric = options.metric;
    let max = options.max.unwrap_or(metric.gods_number());
    let optimal = options.optimal.then(|| optimal_solution(answerer, &cube, &facelets, options)).transpose()?;
    let solution = match &optimal {
        Some(found) => CubeSolution {
            moves: found.moves.clone(),
            optimal_in_quarter_turns: found.optimal && metric == Metric::Qtm,
            judge_turns: None,
        },
        None => answerer.solve_cube(&cube, metric, max, true)?,
    };
    let quarter_turns = Metric::Qtm.length(&solution.moves);
    let mut answer = CubeAnswer {
        puzzle: "cube",
        facelets: facelets.to_urfdlb(),
        metric: metric.label(),
        moves: moves_text(&solution.moves),
        length: metric.length(&solution.moves),
        face_turns: Metric::Htm.length(&solution.moves),
        quarter_turns,
        optimal_in_quarter_turns: solution.optimal_in_quarter_turns,
        distance: solution.optimal_in_quarter_turns.then_some(quarter_turns),
        optimal: optimal.as_ref().map(|found| found.optimal),
        at_least: optimal.as_ref().filter(|found| !found.optimal).map(|found| found.lower_bound),
        nodes: optimal.as_ref().map(|found| found.nodes),
        symmetries: optimal.as_ref().map(|found| found.symmetries),
        judge_answer: judge_answer(solution.judge_turns.as_deref()),
        judge_steps: solution.judge_turns.as_ref().map(|turns| turns.iter().map(|t| t.judge_step()).collect()),
        details: Details::default(),
    };
    if options.steps {
        let after = facelets_along(facelets, &solution.moves);
        let steps = solution.moves.iter().zip(&after);
        answer.details.steps =
            Some(steps.clone().map(|(m, f)| Step { step: m.to_string(), state: f.to_urfdlb() }).collect());
        answer.details.walk = options.walk.then(|| Walk {
            start_caption: "start".into(),
            start: facelets.net(),
            steps: steps.map(|(m, f)| (m.to_string(), f.net())).collect(),
        });
    }
    if options.children {
        // What the parent is proven to need bounds each child's distance: a move changes
        // it by at most one.
        let exact = match &optimal {
            Some(found) => found.optimal.then_some(found.lower_bound),
            None => (metric == Metric::Qtm).then_some(answer.distance).flatten(),
        };
        let parent = ParentBounds {
            exact,
            at_least: exact.or(optimal.as_ref().map(|found| found.lower_bound)),
            solution: &solution.moves,
        };
        answer.details.children = Some(cube_children(answerer, &cube, facelets, metric, &parent)?);
    }
    Ok(answer)
}

/// What a cube's answer proves about its distance in the metric, which bounds its
/// children's.
struct ParentBounds<'a> {
    /// The distance, when proven.
    exact: Option<u32>,
    /// A proven lower bound, when there is one.
    at_least: Option<u32>,
    /// A solution of the cube.
    solution: &'a [Move],
}

/// Every move of the metric from `cube` (written as `facelets`) and where it leads: each
/// child's two-phase solution bounds it from above, and so does `parent`'s solution with the
/// move undone first; `parent`'s lower bound, one less, bounds it from below. A child is
/// exact where its bounds meet (the first move of a proven-optimal solution, and each
/// child whose own solution is one shorter than it), or where the magic cube's table knows
/// it (quarter turns).
fn cube_children(
    answerer: &Answerer,
    cube: &Cube,
    facelets: Facelets,
    metric: Metric,
    parent: &ParentBounds,
) -> Result<Vec<Child>, AnswerError> {
    let at_least = parent.at_least.map(|bound| bound.saturating_sub(1).max(1));
    let mut children = Vec::new();
    for step in Move::ALL.into_iter().filter(|m| m.cost(metric) == 1) {
        let known = answerer.solve_cube(&cube.apply_move(step), metric, metric.gods_number(), false)?;
        let length = metric.length(&known.moves);
        let board = facelets_along(facelets, &[step])[0].to_urfdlb();
        let at_most = length.min(undone_then_solved(step, parent.solution, metric));
        children.push(if length == 0 || (metric == Metric::Qtm && known.optimal_in_quarter_turns) {
            Child::exact(step.to_string(), board, length, parent.exact)
        } else if at_least == Some(at_most) {
            Child::exact(step.to_string(), board, at_most, parent.exact)
        } else {
            Child { step: step.to_string(), board, distance: None, at_least, at_most: Some(at_most), optimal: false }
        });
    }
    Ok(children)
}

/// The length in `metric` of `step` undone and then `solution`, the first move merged with
/// the undoing one when they turn the same face: a solution of the cube after `step`.
fn undone_then_solved(step: Move, solution: &[Move], metric: Metric) -> u32 {
    let length = metric.length(solution);
    match solution.first() {
        Some(first) if first.face() == step.face() => {
            let merged = Move::new(first.face(), (first.quarters() + 4 - step.quarters()) % 4);
            length - first.cost(metric) + merged.map_or(0, |m| m.cost(metric))
        }
        _ => length + step.inverse().cost(metric),
    }
}

/// The optimal search's answer for `cube` (written as `facelets`), within the options'
/// time, telling their hook how far it is.
fn optimal_solution(
    answerer: &Answerer,
    cube: &Cube,
    facelets: &Facelets,
    options: &AnswerOptions,
) -> Result<OptimalSolution, AnswerError> {
    let written = facelets.to_urfdlb();
    let tell = |now: SearchProgress| {
        if let Some(SearchHook(hook)) = &options.progress {
            hook(&written, now);
        }
    };
    let limits = OptimalLimits {
        deadline: options.max_time.map(|time| std::time::Instant::now() + time),
        stop: options.stop.as_deref(),
        progress: Some(&tell),
    };
    answerer.solve_cube_optimal(cube, options.metric, &limits)
}

impl Answerer {
    /// A proven-optimal solution of `cube` in `metric` by IDA* (or, when `limits` stop it
    /// first, the best known and the proven lower bound): [`crate::cube::TwoPhaseSolver::solve_optimal`]
    /// on the answerer's optimal threads, bounded by the optimal solver's own tables when present.
    pub fn solve_cube_optimal(
        &self,
        cube: &Cube,
        metric: Metric,
        limits: &OptimalLimits,
    ) -> Result<OptimalSolution, AnswerError> {
        let (solver, threads) = (self.two_phase()?, self.optimal_threads.unwrap_or(self.cube_threads));
        Ok(solver.solve_optimal_on(cube, metric, self.cube_optimal()?, limits, threads))
    }

    /// A solution of `cube` of at most `max` in `metric`: from the magic cube's table when
    /// the cube is within its depth, else by the two-phase solver; with `exact`, also by
    /// meeting the table in the middle when the cube is within twice its depth (exactly
    /// optimal in quarter turns there, at up to a second a cube). An input error when no
    /// solution is that short.
    pub fn solve_cube(&self, cube: &Cube, metric: Metric, max: u32, exact: bool) -> Result<CubeSolution, AnswerError> {
        let table = self.magic_cube()?;
        if let Some(turns) = table.solution_within_depth(cube)? {
            let moves = moves_from_turns(&turns);
            if metric.length(&moves) <= max {
                let judge_turns = (turns.len() <= JUDGE_LIMIT).then_some(turns);
                return Ok(CubeSolution { moves, optimal_in_quarter_turns: true, judge_turns });
            }
        }
        let solver = self.two_phase()?;
        let Some(moves) = solver.solve(cube, metric, max) else {
            let why = format!(
                "no solution of at most {} found (every cube has one within {})",
                plural(max, metric_noun(metric)),
                metric.gods_number()
            );
            return Err(InputError { what: "", why }.into());
        };
        // Within twice the table's depth, meeting the table in the middle is exact. Whether
        // the cube is that close, the two-phase search tells (it misses no solution of at
        // most its bound, and one direction suffices to prove there is none), where meeting
        // the table takes 0.6 s: pruned by exact quarter-turn distances, it refutes 12
        // quarter turns in a fraction of a millisecond for all but the rare close cubes.
        let within_radius =
            exact && (Metric::Qtm.length(&moves) <= EXACT_RADIUS || solver.is_within(cube, Metric::Qtm, EXACT_RADIUS));
        if within_radius {
            if let magic_cube::Answer::Solution(turns) = table.optimal_solution(cube)? {
                let exact = moves_from_turns(&turns);
                if metric.length(&exact) <= max {
                    return Ok(CubeSolution { moves: exact, optimal_in_quarter_turns: true, judge_turns: None });
                }
            }
        }
        Ok(CubeSolution { moves, optimal_in_quarter_turns: false, judge_turns: None })
    }
}

/// The answer for `text` from the magic cube's table alone.
pub(super) fn answer_magic_cube(
    answerer: &Answerer,
    text: &str,
    options: &AnswerOptions,
) -> Result<MagicCubeAnswer, AnswerError> {
    let (facelets, cube) = read_cube(text, options.cube_input)?;
    let table = answerer.magic_cube()?;
    let turns = table.solution_within_depth(&cube)?;
    let depth = table.depth() as u32;
    let mut answer = MagicCubeAnswer {
        puzzle: "magic-cube",
        facelets: facelets.to_urfdlb(),
        distance: turns.as_ref().map(|t| t.len() as u32),
        moves: turns.as_deref().map(notation),
        more_than: turns.is_none().then_some(depth),
        judge_answer: judge_answer(turns.as_deref()),
        details: Details::default(),
    };
    if let (Some(turns), true) = (&turns, options.steps) {
        let after = super::walk(facelets, turns, |f, t| f.turn(t));
        answer.details.steps =
            Some(turns.iter().zip(after).map(|(t, f)| Step { step: t.notation(), state: f.to_urfdlb() }).collect());
    }
    if options.children {
        let mut children = Vec::new();
        for turn in Turn::ALL {
            let board = facelets.turn(turn).to_urfdlb();
            children.push(match table.solution_within_depth(&cube.apply(turn))? {
                Some(rest) => Child::exact(turn.notation(), board, rest.len() as u32, answer.distance),
                None => Child {
                    step: turn.notation(),
                    board,
                    distance: None,
                    at_least: Some(depth + 1),
                    at_most: None,
                    optimal: false,
                },
            });
        }
        answer.details.children = Some(children);
    }
    Ok(answer)
}
