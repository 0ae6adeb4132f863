"""The Python package against independent pure-Python models (reference.py): every answer
is replayed, distances are compared with small searches, batches with one-at-a-time
answers; bad inputs raise the command line's messages."""

import os
import random
import signal
import subprocess
import threading
import time

import numpy as np
import pytest

import puzzle_tables
from puzzle_tables import InvalidBoard, TableError

import reference


def random_walk(board, moves, width, rng):
    for _ in range(moves):
        move = rng.choice("udlr")
        try:
            board = reference.slide(board, move, width)
        except ValueError:
            pass
    return board


def text(board):
    return " ".join(map(str, board))


@pytest.fixture(scope="module")
def eight_bfs():
    return reference.eight_distances()


# The eight puzzle.


def test_eight_answers_replay_to_the_goal_in_the_bfs_distance(tables, eight_bfs):
    rng = random.Random(1)
    boards = rng.sample(sorted(eight_bfs), 300)
    for board in boards:
        answer = tables.eight.solve(text(board))
        assert answer.distance == eight_bfs[board]
        assert reference.replay_slides(board, answer.moves, 3) == reference.goal(3)
        assert tables.eight.distance(text(board)) == eight_bfs[board]


def test_eight_unsolvable_board_has_no_distance(tables):
    answer = tables.eight.solve("2 1 3 4 5 6 7 8 0")
    assert answer.distance is None and answer.moves is None and answer.solvable is False


def test_eight_steps_and_children_follow_the_model(tables, eight_bfs):
    board = (2, 3, 4, 1, 5, 0, 7, 6, 8)
    answer = tables.eight.solve(text(board), steps=True, children=True)
    state = board
    for move, step in zip(answer.moves, answer.steps):
        state = reference.slide(state, move, 3)
        assert step["move"] == move
        assert step["state"].replace("x", "0").split() == [str(t) for t in state]
    for child in answer.children:
        after = reference.slide(board, child["move"], 3)
        assert child["distance"] == eight_bfs[after]
        assert child["optimal"] == (eight_bfs[after] + 1 == answer.distance)
    assert answer.to_dict()["puzzle"] == "eight"
    assert answer.to_dict()["moves"] == "".join(answer.moves)


def test_eight_batch_equals_bfs_and_one_at_a_time(tables, eight_bfs):
    rng = np.random.default_rng(2)
    boards = np.array([rng.permutation(9) for _ in range(2000)])
    found = tables.eight.distances(boards)
    assert found.shape == (2000,) and found.dtype == np.int64
    singles = [tables.eight.distance(text(row)) for row in boards[:200]]
    assert found[:200].tolist() == [-1 if d is None else d for d in singles]
    for row, distance in zip(boards, found):
        assert distance == eight_bfs.get(tuple(int(t) for t in row), -1)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64])
def test_batches_take_any_integer_dtype(tables, dtype):
    boards = np.array([[1, 2, 3, 4, 5, 6, 7, 0, 8]], dtype=dtype)
    assert tables.eight.distances(boards).tolist() == [1]


@pytest.mark.parametrize(
    "boards, message",
    [
        (np.zeros((3, 8), dtype=np.int64), r"expected an array of shape \(n, 9\), found \(3, 8\)"),
        (np.zeros(9, dtype=np.int64), r"expected an array of shape \(n, 9\), found \(9,\)"),
        (np.zeros((1, 9)), "expected an array of integers, found dtype float64"),
        (np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 8, 9]]), r"row 1: not an eight-puzzle board"),
    ],
)
def test_bad_batches_are_refused_naming_what_was_expected(tables, boards, message):
    with pytest.raises(InvalidBoard, match=message):
        tables.eight.distances(boards)


@pytest.mark.parametrize(
    "board, message",
    [
        ("1 2 3", "not an eight-puzzle board: expected 9 cells, found 3"),
        ("1 2 3 4 5 6 7 8 9", 'not an eight-puzzle board: unknown tile "9"'),
    ],
)
def test_bad_boards_raise_invalid_board_with_the_cli_message(tables, board, message):
    with pytest.raises(InvalidBoard, match=message):
        tables.eight.solve(board)
    with pytest.raises(ValueError):
        tables.eight.solve(board)


def test_missing_tables_raise_table_error_naming_file_and_command(tmp_path):
    with pytest.raises(TableError, match=r"eight-parent\.tbl: missing \(build it with `puzzle-tables gen`"):
        puzzle_tables.Tables.open(tmp_path).eight.solve("1 2 3 4 5 6 7 8 0")
    with pytest.raises(TableError, match=r"not a directory \(build the tables with `puzzle-tables --tables"):
        puzzle_tables.Tables.open(tmp_path / "absent")


def test_verify_reports_every_table_ok(tables_dir):
    report = puzzle_tables.verify(tables_dir)
    assert report and all(status == "ok" for _, status, _ in report), report


def test_damaged_table_raises_table_error(tmp_path, tables_dir):
    import shutil

    damaged = tmp_path / "eight-parent.tbl"
    shutil.copy(f"{tables_dir}/eight-parent.tbl", damaged)
    data = bytearray(damaged.read_bytes())
    data[-1] ^= 0xFF
    damaged.write_bytes(bytes(data))
    with pytest.raises(TableError, match="eight-parent.tbl"):
        puzzle_tables.Tables.open(tmp_path).eight.distance("1 2 3 4 5 6 7 8 0")
    statuses = {path.name: status for path, status, _ in puzzle_tables.verify(tmp_path)}
    assert statuses["eight-parent.tbl"] == "damaged"


def test_two_threads_answer_at_once(tables, eight_bfs):
    rng = np.random.default_rng(3)
    boards = np.array([rng.permutation(9) for _ in range(20000)])
    expected = tables.eight.distances(boards)
    results = {}

    def work(name):
        results[name] = (tables.eight.distances(boards), [tables.eight.distance(text(r)) for r in boards[:300]])

    threads = [threading.Thread(target=work, args=(name,)) for name in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for batch, singles in results.values():
        assert np.array_equal(batch, expected)
        assert [-1 if d is None else d for d in singles] == expected[:300].tolist()


# The fifteen puzzle.


def test_fifteen_answers_are_optimal_and_replay(tables):
    rng = random.Random(4)
    boards = [random_walk(reference.goal(4), 30, 4, rng) for _ in range(12)]
    for board in boards:
        answer = tables.fifteen.solve(text(board))
        assert reference.replay_slides(board, answer.moves, 4) == reference.goal(4)
        assert answer.distance == len(answer.moves) == reference.fifteen_distance(board)
    batch = tables.fifteen.distances(np.array(boards))
    assert batch.tolist() == [tables.fifteen.distance(text(b)) for b in boards]


def test_fifteen_unsolvable_and_max_moves(tables):
    unsolvable = (2, 1) + tuple(range(3, 16)) + (0,)
    assert tables.fifteen.solve(text(unsolvable)).distance is None
    assert tables.fifteen.distances(np.array([unsolvable])).tolist() == [-1]
    far = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"
    answer = tables.fifteen.solve(far, max_moves=10)
    assert answer.distance is None and answer.more_than == 10
    with pytest.raises(InvalidBoard, match="not a fifteen-puzzle board"):
        tables.fifteen.solve("1 2 3")


# The rotation game.


def test_rotation_answers_fill_the_centre_in_the_fewest_moves(tables):
    rng = random.Random(5)
    boards = []
    for _ in range(25):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(tuple(board))
    for board in boards:
        answer = tables.rotation.solve(text(board))
        after = board
        for move in answer.moves:
            after = reference.rotate(after, move)
        assert {after[c] for c in reference.ROTATION_CENTRE} == {answer.centre}
        if answer.distance <= 4:
            assert reference.rotation_distance(board, 4) == answer.distance
    assert tables.rotation.distances(np.array(boards)).tolist() == [tables.rotation.distance(text(b)) for b in boards]
    # Near-solved boards, whose distance the small search proves.
    near = []
    rest = [c for c in range(24) if c not in reference.ROTATION_CENTRE]
    for _ in range(15):
        board = [2] * 24
        for cell, symbol in zip(rest, rng.sample([1] * 8 + [3] * 8, 16)):
            board[cell] = symbol
        board = tuple(board)
        for move in rng.choices("ABCDEFGH", k=3):
            board = reference.rotate(board, move)
        near.append(board)
    for board, distance in zip(near, tables.rotation.distances(np.array(near))):
        assert distance == reference.rotation_distance(board, 3)


# Rubik's cube.


def test_cube_scramble_input_agrees_with_the_facelet_model(tables):
    rng = random.Random(6)
    faces = "URFDLB"
    for _ in range(20):
        scramble = [rng.choice(faces) + rng.choice(["", "2", "'"]) for _ in range(25)]
        answer = tables.cube.solve(scramble=" ".join(scramble))
        assert answer.facelets == reference.apply_moves(reference.SOLVED, scramble)
        assert reference.is_solved(reference.apply_moves(answer.facelets, answer.moves))
        assert answer.length == len(answer.moves) <= 20


def test_cube_qtm_and_max(tables):
    facelets = reference.apply_moves(reference.SOLVED, "R U2 F' L D2 B".split())
    answer = tables.cube.solve(facelets, metric="qtm")
    assert reference.is_solved(reference.apply_moves(facelets, answer.moves))
    assert answer.length == reference.quarter_turns(answer.moves) <= 26
    with pytest.raises(InvalidBoard, match="no solution of at most 2 face turns"):
        tables.cube.solve(facelets, max=2)
    with pytest.raises(InvalidBoard, match="unknown metric"):
        tables.cube.solve(facelets, metric="stm")
    with pytest.raises(InvalidBoard, match="not a facelet string"):
        tables.cube.solve("UUU")
    with pytest.raises(InvalidBoard, match="not both or neither"):
        tables.cube.solve()


def test_cube_optimal_solutions_have_the_independent_searches_lengths(tables):
    rng = random.Random(10)
    for length in range(0, 5):
        for _ in range(6):
            moves = [rng.choice("URFDLB") + rng.choice(["", "2", "'"]) for _ in range(length)]
            facelets = reference.apply_moves(reference.SOLVED, moves)
            answer = tables.cube.solve(facelets, optimal=True)
            assert answer.optimal is True and "at_least" not in answer.to_dict()
            assert reference.is_solved(reference.apply_moves(facelets, answer.moves))
            assert answer.length == len(answer.moves) == reference.face_turn_distance(facelets), moves
            assert tables.cube.distance(facelets, optimal=True) == answer.length
            quarter = tables.cube.solve(facelets, metric="qtm", optimal=True)
            assert reference.is_solved(reference.apply_moves(facelets, quarter.moves))
            if reference.quarter_turns(moves) <= 3:
                assert quarter.length == reference.quarter_turn_distance(facelets, 3), moves


def test_cube_optimal_batches_are_the_distances(tables):
    rng = random.Random(13)
    scrambles = [[rng.choice("URFDLB") + rng.choice(["", "2", "'"]) for _ in range(n)] for n in list(range(5)) * 3 + [11] * 8]
    facelets = [reference.apply_moves(reference.SOLVED, moves) for moves in scrambles]
    near, deeper = facelets[:15], facelets[15:]
    found = tables.cube.distances(puzzle_tables.facelet_rows(near), optimal=True)
    assert found.tolist() == [reference.face_turn_distance(f) for f in near]
    # Eleven moves deep, where some two-phase solutions are longer than the shortest.
    rows = puzzle_tables.facelet_rows(deeper)
    found = tables.cube.distances(rows, optimal=True).tolist()
    assert found == [tables.cube.distance(f, optimal=True) for f in deeper]
    assert found != tables.cube.distances(rows).tolist()


def test_cube_optimal_search_gives_up_after_max_seconds(tables):
    facelets = puzzle_tables.fair_cubes(1, 11)[0]
    answer = tables.cube.solve(facelets, optimal=True, max_seconds=0.05)
    assert answer.optimal is False and answer.nodes > 0
    assert 1 <= answer.at_least < answer.length <= 20
    assert reference.is_solved(reference.apply_moves(facelets, answer.moves))
    with pytest.raises(InvalidBoard, match="max_seconds goes with optimal=True"):
        tables.cube.solve(facelets, max_seconds=1)
    for seconds in (0, -1, float("nan")):
        with pytest.raises(InvalidBoard, match="expected a positive number of seconds"):
            tables.cube.solve(facelets, optimal=True, max_seconds=seconds)


@pytest.fixture
def interrupts_heard():
    """Ctrl-C raises KeyboardInterrupt in the test even when the tests were started with
    SIGINT ignored, as a shell starts `command &` without job control (`.ci/run &`)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize(
    "search",
    [
        # Unheard, the interrupt would be raised only when max_seconds ends the search.
        lambda cube: cube.solve(puzzle_tables.fair_cubes(1, 12)[0], optimal=True, max_seconds=120),
        # Unheard, or heard but with the rows after it still started (each until its first
        # look at the stop), after minutes.
        lambda cube: cube.distances(puzzle_tables.random_cubes(3000, seed=12), optimal=True),
    ],
)
def test_cube_optimal_search_stops_at_an_interrupt(tables, search, interrupts_heard):
    interrupt = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    interrupt.start()
    with pytest.raises(KeyboardInterrupt):
        search(tables.cube)
    assert time.monotonic() - started < 60
    interrupt.join()
    assert tables.cube.solve(scramble="R U", optimal=True).length == 2


def test_cube_batches_equal_one_at_a_time(tables):
    cubes = puzzle_tables.random_cubes(12, seed=7)
    facelets = ["".join("URFDLB"[s] for s in row) for row in cubes]
    for metric in ("htm", "qtm"):
        batch = tables.cube.distances(cubes, metric=metric)
        assert batch.tolist() == [tables.cube.distance(f, metric=metric) for f in facelets]
    assert puzzle_tables.random_cubes(12, seed=7).tolist() == cubes.tolist()
    with pytest.raises(InvalidBoard, match="row 0: not a cube that turns can solve"):
        tables.cube.distances(np.full((1, 54), 9))


def test_cube_scrambles_make_their_cubes(tables, tables_dir):
    scrambles = tables.cube.scramble(5, seed=8)
    assert scrambles == puzzle_tables.cube.scramble(5, seed=8, path=tables_dir)
    for facelets, moves in scrambles:
        assert reference.apply_moves(reference.SOLVED, moves.split()) == facelets
        assert 2 <= len(moves.split()) <= 20
    assert scrambles[0][0] == puzzle_tables.fair_cubes(1, 8)[0]


def test_magic_cube_answers_are_shortest_in_quarter_turns(tables):
    rng = random.Random(9)
    for length in range(0, 5):
        moves = [rng.choice("URFDLB") + rng.choice(["", "'"]) for _ in range(length)]
        facelets = reference.apply_moves(reference.SOLVED, moves)
        answer = tables.magic_cube.solve(facelets)
        assert reference.is_solved(reference.apply_moves(facelets, answer.moves))
        assert answer.distance == len(answer.moves) <= length
    far = reference.apply_moves(reference.SOLVED, "R U F D L B R2 U2".split())
    assert tables.magic_cube.solve(far).distance is None
    rows = puzzle_tables.facelet_rows([reference.apply_moves(reference.SOLVED, ["R", "U"]), far])
    assert tables.magic_cube.distances(rows).tolist() == [2, -1]


# The cubic eight-puzzle.


def test_cubic_batch_equals_one_at_a_time(tables):
    assert tables.cubic.solve("RBW RWW EWW", start=(2, 1)).distance == 3
    patterns = ["RBW RWW EWW", "WWW WEW WWW", "RRR WEW RRR"]
    rows = np.array([["EWRB".index(c) for c in p.replace(" ", "")] for p in patterns])
    singles = [tables.cubic.distance(p, start=(2, 1)) for p in patterns[:1]]
    assert tables.cubic.distances(rows[:1], start=(2, 1)).tolist() == singles
    starts = (3, 2)
    assert tables.cubic.distances(rows[2:], start=starts).tolist() == [tables.cubic.distance(patterns[2], start=starts)]
    with pytest.raises(InvalidBoard, match="no start cell"):
        tables.cubic._tables.answer_json("cubic", "RBW RWW EWW")
    with pytest.raises(InvalidBoard, match="expected X,Y with X and Y from 1 to 3"):
        tables.cubic.solve("RBW RWW EWW", start=(4, 1))


def test_unknown_puzzle_is_refused(tables):
    with pytest.raises(InvalidBoard, match="unknown puzzle 'nine'"):
        tables.puzzle("nine")
    assert tables.puzzle("magic-cube") is tables.magic_cube


# The tables directory.


def test_gen_builds_what_verify_then_finds(tmp_path):
    assert puzzle_tables.gen(["eight"], path=tmp_path) == tmp_path
    statuses = {path.name: status for path, status, _ in puzzle_tables.verify(tmp_path)}
    assert statuses.pop("eight-parent.tbl") == "ok"
    assert set(statuses.values()) == {"missing"}
    assert puzzle_tables.Tables.open(tmp_path).eight.distance("1 2 3 4 5 6 7 0 8") == 1
    with pytest.raises(InvalidBoard, match="unknown puzzle"):
        puzzle_tables.gen(["nine"], path=tmp_path)


def test_open_without_a_path_opens_the_default_directory(monkeypatch, tables_dir):
    monkeypatch.setenv("PUZZLE_TABLES_DIR", tables_dir)
    assert os.fspath(puzzle_tables.default_dir()) == puzzle_tables.Tables.open().path == tables_dir


def test_cubic_answers_replay_to_the_pattern_in_the_bfs_distance(tables):
    rng = random.Random(10)
    for _ in range(20):
        start = (rng.randint(1, 3), rng.randint(1, 3))
        state = reference.cubic_start(start)
        for roll in rng.choices("udlr", k=rng.randint(0, 6)):
            try:
                state = reference.cubic_roll(state, roll)
            except ValueError:
                pass
        pattern = reference.cubic_pattern(state)
        answer = tables.cubic.solve(pattern, start=start)
        replayed = reference.cubic_start(start)
        for roll in answer.moves:
            replayed = reference.cubic_roll(replayed, roll)
        assert reference.cubic_pattern(replayed) == pattern
        assert answer.distance == len(answer.moves) == reference.cubic_distance(start, pattern, 6)


# Drawing boards: the command line's `random`, through the same Rust code.

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: What `puzzle-tables random` prints between two boards.
SEPARATOR = {"eight": "\n", "cubic": "\n", "rotation": "\n", "magic-cube": "\n\n", "fifteen": "\n\n"}


@pytest.fixture(scope="module")
def cli_random(tables_dir):
    """``puzzle-tables random ARGS...`` on the same tables: its standard output. The binary
    is $PUZZLE_TABLES_BIN, else the repository's debug build."""
    binary = os.environ.get("PUZZLE_TABLES_BIN") or os.path.join(REPOSITORY, "target", "debug", "puzzle-tables")
    if not os.path.exists(binary):
        pytest.fail(f"no puzzle-tables binary at {binary}: build it (cargo build) or set PUZZLE_TABLES_BIN")

    def run(*args):
        command = [binary, "--tables", tables_dir, "random", *args]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout

    return run


@pytest.mark.parametrize(
    "puzzle, distance, count",
    [
        ("eight", 20, 7),
        ("eight", None, 7),
        ("cubic", 5, 7),
        ("rotation", 2, 7),
        ("rotation", 7, 3),
        ("rotation", None, 3),
        ("magic-cube", 3, 5),
        ("fifteen", 12, 7),
        ("fifteen", None, 7),
        ("fifteen", 30, 1),
    ],
)
def test_random_draws_what_the_command_line_draws(tables, cli_random, puzzle, distance, count):
    args = [puzzle, "--count", str(count), "--seed", "24"]
    if distance is not None:
        args += ["--distance", str(distance)]
    boards = tables.random(puzzle, distance, count, seed=24)
    assert SEPARATOR[puzzle].join(boards) + "\n" == cli_random(*args)
    assert len(set(boards)) == count
    if puzzle != "cubic":
        rows = tables.random_boards(puzzle, count, distance, seed=24)
        assert rows.shape == (count, tables.puzzle(puzzle).columns) and rows.dtype == np.int64
        # The magic cube's text is the judge's net, which `solve` does not read: its rows'
        # facelets are answered instead.
        singles = boards if puzzle != "magic-cube" else ["".join("URFDLB"[c] for c in row) for row in rows]
        assert tables.puzzle(puzzle).distances(rows).tolist() == [tables.puzzle(puzzle).distance(b) for b in singles]


def test_random_cubic_from_a_start_cell_is_the_command_lines(tables, cli_random):
    boards = tables.random("cubic", 6, 4, seed=5, start=(3, 2))
    assert "\n".join(boards) + "\n" == cli_random("cubic", "--distance", "6", "--count", "4", "--seed", "5", "--start", "3,2")
    rows = tables.random_boards("cubic", 4, 6, seed=5, start=(3, 2))
    assert ["".join("EWRB"[c] for c in row) for row in rows] == [b.split("\n", 1)[1].replace("\n", "").replace(" ", "") for b in boards]


def test_drawn_boards_lie_at_their_distance_by_the_models(tables, eight_bfs):
    for distance in (0, 9, 31):
        rows = tables.random_boards("eight", 2 if distance else 1, distance, seed=distance)
        assert [eight_bfs[tuple(row)] for row in rows.tolist()] == [distance] * len(rows)
    rows = tables.random_boards("eight", 300, seed=3)
    assert len({tuple(row) for row in rows.tolist()}) == 300 and all(tuple(r) in eight_bfs for r in rows.tolist())
    for row in tables.random_boards("fifteen", 6, 14, seed=1).tolist():
        assert reference.fifteen_distance(row) == 14
    for row in tables.random_boards("rotation", 4, 2, seed=2).tolist():
        assert reference.rotation_distance(row, 3) == 2
    for row in tables.random_boards("cubic", 4, 4, seed=3, start=(2, 1)).tolist():
        pattern = "".join("EWRB"[c] for c in row)
        assert reference.cubic_distance((2, 1), " ".join(pattern[i : i + 3] for i in (0, 3, 6)), 5) == 4
    for row in tables.random_boards("magic-cube", 4, 3, seed=4).tolist():
        assert reference.quarter_turn_distance("".join("URFDLB"[c] for c in row), 3) == 3
    cubes = tables.random_boards("cube", 3, seed=6)
    assert cubes.tolist() == puzzle_tables.random_cubes(3, seed=6).tolist()
    assert tables.random("cube", count=3, seed=6) == puzzle_tables.fair_cubes(3, 6)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda t: t.random("eight", 32), "no eight-puzzle board is 32 moves from the goal"),
        (lambda t: t.random("eight", 31, count=3), "asked for 3 boards, but there are only 2 eight boards at distance 31"),
        (lambda t: t.random("rotation", 30), "no rotation-game symbol is 30 moves from the centre"),
        (lambda t: t.random("magic-cube", 9), "--distance 9 is beyond it"),
        (lambda t: t.random("fifteen", 70), "--distance 70 is too deep"),
        (lambda t: t.random("chess"), "unknown puzzle 'chess'"),
        (lambda t: t.random("eight", count=-1), "count: expected a whole number"),
        (lambda t: t.random("eight", 2.5), "distance: expected a whole number"),
        (lambda t: t.random("eight", seed=2**64), "seed: expected a whole number"),
        (lambda t: t.random("cube", 3), "cube boards are drawn at no distance"),
        (lambda t: t.random("cubic", start=(0, 2)), "expected X,Y with X and Y from 1 to 3"),
        (lambda t: t.random_boards("cubic", 3, 2), "random_boards needs start"),
    ],
)
def test_bad_draws_are_refused_naming_why(tables, call, message):
    with pytest.raises(InvalidBoard, match=message):
        call(tables)


def test_a_defined_puzzle_answers_scrambles_patterns_and_rows(tables):
    assert "2x2x2" in tables.definitions()
    cube = tables.definition("2x2x2")
    answer = cube.solve("R U R' F2", all=5, children=True)
    assert answer.distance == 4
    assert answer.all["count"] >= 1 and answer.all["listed"][0] == answer.to_dict()["moves"]
    assert sum(child["optimal"] for child in answer.children) >= 1
    assert cube.distance("R U") == 2
    solved = '{"CORNERS": {"pieces": [0,1,2,3,4,5,6,7], "orientation": [0,0,0,0,0,0,0,0]}}'
    assert cube.solve(pattern=solved).distance == 0
    # Rows: the corners' pieces, then their orientations; one corner twisted is never reached.
    rows = np.array([[0, 1, 2, 3, 4, 5, 6, 7] + [0] * 8, [0, 1, 2, 3, 4, 5, 6, 7] + [1] + [0] * 7])
    assert cube.distances(rows).tolist() == [0, -1]
    with pytest.raises(puzzle_tables.InvalidBoard, match="row 0"):
        cube.distances(np.array([[9] * 16]))
    with pytest.raises(puzzle_tables.InvalidBoard, match="unknown move"):
        cube.solve("R Q")
