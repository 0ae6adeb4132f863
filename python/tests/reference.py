"""Independent pure-Python models of the puzzles, written from the puzzles' rules and not
from the Rust code: the answers under test are replayed on them and compared with small
searches."""

from collections import deque
from typing import Dict, List, Sequence, Tuple

# The eight and fifteen puzzles: the blank's moves, as (row, column) steps.
BLANK_STEPS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def slide(board: Sequence[int], move: str, width: int) -> Tuple[int, ...]:
    """``board`` (0 the blank, row by row) after the blank moves ``move`` (u d l r, any
    case); a ValueError when the blank would leave the board."""
    blank = board.index(0)
    row, column = divmod(blank, width)
    step_row, step_column = BLANK_STEPS[move.lower()]
    row, column = row + step_row, column + step_column
    if not (0 <= row < width and 0 <= column < width):
        raise ValueError(f"move {move} leaves the board")
    target = row * width + column
    cells = list(board)
    cells[blank], cells[target] = cells[target], cells[blank]
    return tuple(cells)


def replay_slides(board: Sequence[int], moves: Sequence[str], width: int) -> Tuple[int, ...]:
    for move in moves:
        board = slide(board, move, width)
    return tuple(board)


def goal(width: int) -> Tuple[int, ...]:
    return tuple(range(1, width * width)) + (0,)


def eight_distances() -> Dict[Tuple[int, ...], int]:
    """Every solvable eight-puzzle board's distance, by breadth-first search from the goal."""
    start = goal(3)
    distance = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        for move in "udlr":
            try:
                after = slide(board, move, 3)
            except ValueError:
                continue
            if after not in distance:
                distance[after] = distance[board] + 1
                queue.append(after)
    return distance


def manhattan(board: Sequence[int], width: int) -> int:
    total = 0
    for cell, tile in enumerate(board):
        if tile:
            home = tile - 1
            total += abs(cell // width - home // width) + abs(cell % width - home % width)
    return total


def fifteen_distance(board: Sequence[int], limit: int = 30) -> int:
    """The fifteen puzzle's optimal distance by IDA* with the Manhattan distance (for boards
    near the goal)."""
    board = tuple(board)

    def search(state, depth, bound, previous):
        estimate = depth + manhattan(state, 4)
        if estimate > bound:
            return estimate
        if state == goal(4):
            return -1
        least = 10**9
        for move in "udlr":
            if previous and BLANK_STEPS[move] == tuple(-x for x in BLANK_STEPS[previous]):
                continue
            try:
                after = slide(state, move, 4)
            except ValueError:
                continue
            found = search(after, depth + 1, bound, move)
            if found == -1:
                return -1
            least = min(least, found)
        return least

    bound = manhattan(board, 4)
    while bound <= limit:
        found = search(board, 0, bound, None)
        if found == -1:
            return bound
        bound = found
    raise ValueError("beyond the limit")


# The rotation game (the judge's 24 cells): each move shifts one line of seven cells one
# step towards its first cell; the centre is the eight cells in the middle.
ROTATION_LINES = {
    "A": [0, 2, 6, 11, 15, 20, 22],
    "B": [1, 3, 8, 12, 17, 21, 23],
    "C": [10, 9, 8, 7, 6, 5, 4],
    "D": [19, 18, 17, 16, 15, 14, 13],
}
for _name, _reverse in zip("EFGH", "BADC"):
    ROTATION_LINES[_name] = list(reversed(ROTATION_LINES[_reverse]))
ROTATION_CENTRE = [6, 7, 8, 11, 12, 15, 16, 17]


def rotate(board: Sequence[int], move: str) -> Tuple[int, ...]:
    line = ROTATION_LINES[move]
    cells = list(board)
    for i, cell in enumerate(line):
        cells[cell] = board[line[(i + 1) % 7]]
    return tuple(cells)


def rotation_distance(board: Sequence[int], limit: int) -> int:
    """The fewest moves that fill the centre with one symbol, by breadth-first search."""
    frontier = {tuple(board)}
    seen = set(frontier)
    for depth in range(limit + 1):
        if any(len({state[c] for c in ROTATION_CENTRE}) == 1 for state in frontier):
            return depth
        frontier = {rotate(state, m) for state in frontier for m in ROTATION_LINES} - seen
        seen |= frontier
    raise ValueError("beyond the limit")


# Rubik's cube as 54 stickers in 3-D: x to the right (R), y up (U), z to the front (F).
# Each face lists its stickers in reading order as cube solvers write facelet strings
# (faces U R F D L B; U seen from above with B at the top, D from below with F at the top,
# the side faces with U at the top).
FACES = "URFDLB"
_FACE_GEOMETRY = {
    "U": ((0, 1, 0), lambda r, c: (c - 1, 1, r - 1)),
    "R": ((1, 0, 0), lambda r, c: (1, 1 - r, 1 - c)),
    "F": ((0, 0, 1), lambda r, c: (c - 1, 1 - r, 1)),
    "D": ((0, -1, 0), lambda r, c: (c - 1, -1, 1 - r)),
    "L": ((-1, 0, 0), lambda r, c: (-1, 1 - r, c - 1)),
    "B": ((0, 0, -1), lambda r, c: (1 - c, 1 - r, -1)),
}
STICKERS: List[Tuple[Tuple[int, int, int], Tuple[int, int, int]]] = [
    (_FACE_GEOMETRY[face][1](r, c), _FACE_GEOMETRY[face][0]) for face in FACES for r in range(3) for c in range(3)
]
_INDEX = {sticker: i for i, sticker in enumerate(STICKERS)}
SOLVED = "".join(face * 9 for face in FACES)


def _quarter_clockwise(axis, vector):
    """``vector`` turned a quarter clockwise, seen from outside along ``axis``."""
    ax, ay, az = axis
    vx, vy, vz = vector
    cross = (ay * vz - az * vy, az * vx - ax * vz, ax * vy - ay * vx)
    along = ax * vx + ay * vy + az * vz
    return tuple(-c + a * along for c, a in zip(cross, axis))


def _quarter_turn(face: str) -> List[int]:
    """Where each sticker comes from after a clockwise quarter turn of ``face``."""
    axis = _FACE_GEOMETRY[face][0]
    source = list(range(54))
    for i, (position, normal) in enumerate(STICKERS):
        if sum(p * a for p, a in zip(position, axis)) == 1:
            moved = (_quarter_clockwise(axis, position), _quarter_clockwise(axis, normal))
            source[_INDEX[moved]] = i
    return source


QUARTER_TURNS = {face: _quarter_turn(face) for face in FACES}


def turn(facelets: str, move: str) -> str:
    """``facelets`` after ``move`` in standard notation (``R``, ``R'``, ``R2``)."""
    times = {"": 1, "2": 2, "'": 3}[move[1:]]
    for _ in range(times):
        source = QUARTER_TURNS[move[0]]
        facelets = "".join(facelets[source[i]] for i in range(54))
    return facelets


def apply_moves(facelets: str, moves: Sequence[str]) -> str:
    for move in moves:
        facelets = turn(facelets, move)
    return facelets


def is_solved(facelets: str) -> bool:
    return all(len(set(facelets[9 * f : 9 * f + 9])) == 1 for f in range(6))


def quarter_turn_distance(facelets: str, limit: int) -> int:
    """The fewest quarter turns that solve ``facelets``, by breadth-first search from it
    (for cubes near solved)."""
    frontier = {facelets}
    seen = set(frontier)
    for depth in range(limit + 1):
        if any(is_solved(state) for state in frontier):
            return depth
        frontier = {turn(state, face + way) for state in frontier for face in FACES for way in ("", "'")} - seen
        seen |= frontier
    raise ValueError("beyond the limit")


def _within(facelets: str, radius: int) -> Dict[str, int]:
    """Every cube within ``radius`` face turns of ``facelets``, with its distance from it."""
    depths = {facelets: 0}
    frontier = {facelets}
    for depth in range(1, radius + 1):
        frontier = {turn(state, face + way) for state in frontier for face in FACES for way in ("", "2", "'")}
        frontier -= depths.keys()
        depths.update(dict.fromkeys(frontier, depth))
    return depths


def face_turn_distance(facelets: str) -> int:
    """The fewest face turns that solve ``facelets``, by breadth-first search two turns deep
    from it and from solved (for cubes at most four face turns from solved)."""
    near_solved = _within(SOLVED, 2)
    meetings = [near_solved[state] + depth for state, depth in _within(facelets, 2).items() if state in near_solved]
    if not meetings:
        raise ValueError("beyond four face turns")
    return min(meetings)


def quarter_turns(moves: Sequence[str]) -> int:
    return sum(2 if move.endswith("2") else 1 for move in moves)


# The cubic eight-puzzle: a state is the empty cell (x, y), 1 to 3 each, and each cell's
# cube as (top, front, side) colours; a roll, named by the direction the cube travels into
# the empty cell, exchanges top and front (u, d) or top and side (l, r).
CUBIC_START_CUBE = ("W", "R", "B")
CUBIC_ROLLS = {"u": (0, 1), "d": (0, -1), "l": (1, 0), "r": (-1, 0)}


def cubic_start(empty: Tuple[int, int]):
    cubes = {(x, y): CUBIC_START_CUBE for x in range(1, 4) for y in range(1, 4) if (x, y) != empty}
    return empty, cubes


def cubic_roll(state, roll: str):
    """``state`` after ``roll``; a ValueError when no cube can roll that way."""
    (x, y), cubes = state
    dx, dy = CUBIC_ROLLS[roll]
    source = (x + dx, y + dy)
    if source not in cubes:
        raise ValueError(f"no cube rolls {roll}")
    top, front, side = cubes[source]
    moved = (front, top, side) if roll in "ud" else (side, front, top)
    after = dict(cubes)
    del after[source]
    after[(x, y)] = moved
    return source, after


def cubic_pattern(state) -> str:
    """The top colours, rows y = 1 to 3 as the judge writes them (``RBW RWW EWW``)."""
    _, cubes = state
    return " ".join(
        "".join(cubes[(x, y)][0] if (x, y) in cubes else "E" for x in range(1, 4)) for y in range(1, 4)
    )


def cubic_distance(empty: Tuple[int, int], pattern: str, limit: int) -> int:
    """The fewest rolls from the start with ``empty`` to ``pattern``, by breadth-first search."""
    frontier = [cubic_start(empty)]
    for depth in range(limit + 1):
        if any(cubic_pattern(state) == pattern for state in frontier):
            return depth
        following = []
        for state in frontier:
            for roll in CUBIC_ROLLS:
                try:
                    following.append(cubic_roll(state, roll))
                except ValueError:
                    pass
        frontier = following
    raise ValueError("beyond the limit")
