"""Optimal answers to classic search puzzles from precomputed tables.

The eight puzzle, the cubic eight-puzzle, the rotation game, the magic cube, any Rubik's
cube (two-phase) and the fifteen puzzle, answered by the same Rust code as the
``puzzle-tables`` command line: the same parsing, the same answers, the same messages.

>>> import numpy, puzzle_tables
>>> tables = puzzle_tables.Tables.open()             # where `puzzle-tables gen` wrote them
>>> answer = tables.eight.solve("2 3 4 1 5 x 7 6 8")
>>> answer.distance, "".join(answer.moves)
(19, 'ullddrurdllurrdlurd')
>>> tables.eight.distances(numpy.array([[1, 2, 3, 4, 5, 6, 7, 0, 8]]))
array([1])

Tables are built by ``puzzle_tables.gen()`` (or ``puzzle-tables gen``) or installed by
``puzzle-tables install``; opening them builds nothing, and a missing table raises
``TableError`` naming the file and the command that builds it. A board the puzzle refuses
raises ``InvalidBoard`` (a ``ValueError``) with the command line's words.
"""

from __future__ import annotations

import json
import os
import random as _random
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

from . import _puzzle_tables
from ._puzzle_tables import InvalidBoard, TableError, default_dir, fair_cubes, gen, verify

if TYPE_CHECKING:
    import numpy as np

# NumPy is imported by the batches that need it, not at import: it takes most of the time
# `import puzzle_tables` would take.

__all__ = [
    "PUZZLES",
    "Answer",
    "Defined",
    "InvalidBoard",
    "PuzzleTables",
    "TableError",
    "Tables",
    "cube",
    "default_dir",
    "facelet_rows",
    "fair_cubes",
    "gen",
    "random_cubes",
    "verify",
]

PathLike = Union[str, "os.PathLike[str]"]

#: Every puzzle's label, as the command line names it.
PUZZLES = ("eight", "cubic", "rotation", "magic-cube", "cube", "fifteen")


class Answer:
    """One board's answer: the fields of ``puzzle-tables solve --json``.

    ``distance`` is the fewest moves (``None`` when the board is unsolvable, or only
    bounded); ``moves`` the answer's moves as a list of str; ``steps`` and ``children``
    are present when asked for. ``to_dict()`` gives the whole JSON shape; any other field
    of it (such as ``solvable`` or, for the cube, ``length``) is an attribute too.
    """

    __slots__ = ("_fields",)

    def __init__(self, fields: Dict[str, Any]) -> None:
        self._fields = fields

    @property
    def puzzle(self) -> str:
        """The puzzle's label."""
        return self._fields["puzzle"]

    @property
    def distance(self) -> Optional[int]:
        """The fewest moves, when known (the cube: the fewest quarter turns, when proven)."""
        return self._fields.get("distance")

    @property
    def moves(self) -> Optional[List[str]]:
        """The answer's moves, one str each; ``None`` when there is no answer."""
        moves = self._fields.get("moves")
        if moves is None:
            return None
        if self.puzzle in ("cube", "magic-cube"):
            return moves.split()
        return list(moves)

    @property
    def steps(self) -> Optional[List[Dict[str, str]]]:
        """The puzzle after every move (``{"move": ..., "state": ...}``), when asked for."""
        return self._fields.get("steps")

    @property
    def children(self) -> Optional[List[Dict[str, Any]]]:
        """Every legal move and where it leads, when asked for."""
        return self._fields.get("children")

    def to_dict(self) -> Dict[str, Any]:
        """The answer as ``puzzle-tables solve --json`` prints it."""
        return json.loads(json.dumps(self._fields))

    def __getattr__(self, name: str) -> Any:
        fields = object.__getattribute__(self, "_fields")
        if name in fields:
            return fields[name]
        raise AttributeError(name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Answer) and other._fields == self._fields

    def __repr__(self) -> str:
        return f"Answer({self._fields!r})"


def _rows(boards: Any, columns: int, label: str) -> np.ndarray:
    """``boards`` as a C-contiguous (n, columns) int64 array, or a clear refusal."""
    import numpy as np

    array = np.asarray(boards)
    if array.ndim != 2 or array.shape[1] != columns:
        raise InvalidBoard(
            f"{label} boards: expected an array of shape (n, {columns}), found {array.shape}"
        )
    if array.size and not np.issubdtype(array.dtype, np.integer):
        raise InvalidBoard(
            f"{label} boards: expected an array of integers, found dtype {array.dtype}"
        )
    return np.ascontiguousarray(array, dtype=np.int64)


class PuzzleTables:
    """One puzzle of a tables directory: ``solve``, ``distance``, ``distances``."""

    #: How many integers a row of ``distances`` holds.
    columns = 0
    #: The puzzle's label.
    label = ""

    def __init__(self, tables: "_puzzle_tables.Tables") -> None:
        self._tables = tables

    def _answer(self, board: str, **keywords: Any) -> Answer:
        return Answer(json.loads(self._tables.answer_json(self.label, board, **keywords)))

    def solve(self, board: str, *, steps: bool = False, children: bool = False) -> Answer:
        """The answer for ``board``, written as ``puzzle-tables solve`` reads it."""
        return self._answer(board, steps=steps, children=children)

    def distance(self, board: str) -> Optional[int]:
        """The fewest moves for ``board``; ``None`` when it is unsolvable."""
        return self.solve(board).distance

    def distances(self, boards: Any) -> np.ndarray:
        """The distance of every row of ``boards`` (an ``(n, columns)`` array of integers),
        as an ``(n,)`` int64 array, -1 where there is none. Answered on every core with the
        GIL released."""
        return self._tables.distances(self.label, _rows(boards, self.columns, self.label))


class Eight(PuzzleTables):
    """The eight puzzle: boards of nine cells (``"2 3 4 1 5 x 7 6 8"``, 0 or x the blank);
    batch rows of 9 integers, 0 the blank. Moves are the blank's: ``u d l r``."""

    columns = 9
    label = "eight"


class Rotation(PuzzleTables):
    """The rotation game: 24 symbols (1 to 3), in the judge's order; moves ``A`` to ``H``."""

    columns = 24
    label = "rotation"


class MagicCube(PuzzleTables):
    """The magic cube: a cube's 54-letter facelet string (faces U R F D L B), answered in
    quarter turns from one table within its depth; batch rows of 54 stickers, ``U R F D L
    B`` as 0 to 5."""

    columns = 54
    label = "magic-cube"


class Fifteen(PuzzleTables):
    """The fifteen puzzle: sixteen tiles (0 the blank), answered optimally by IDA*; moves
    are the blank's, ``U D L R``."""

    columns = 16
    label = "fifteen"

    def solve(
        self,
        board: str,
        *,
        max_moves: Optional[int] = None,
        steps: bool = False,
        children: bool = False,
    ) -> Answer:
        """The answer for ``board``; beyond ``max_moves`` (default and most: 80) the answer
        says so (``distance`` is ``None``, ``more_than`` set)."""
        return self._answer(board, max_moves=max_moves, steps=steps, children=children)

    def distances(self, boards: Any, *, max_moves: Optional[int] = None) -> np.ndarray:
        """Optimal lengths of every row of ``boards`` (``(n, 16)``), -1 for an unsolvable
        board or one beyond ``max_moves``."""
        rows = _rows(boards, self.columns, self.label)
        return self._tables.distances(self.label, rows, max_moves=max_moves)


class Cubic(PuzzleTables):
    """The cubic eight-puzzle: a pattern of top colours (``"RBW RWW EWW"``, E the empty
    cell) from a start cell ``(x, y)``, 1 to 3 each; batch rows of 9 colours, ``E W R B``
    as 0 to 3."""

    columns = 9
    label = "cubic"

    def solve(  # type: ignore[override]
        self, board: str, *, start: Tuple[int, int], steps: bool = False, children: bool = False
    ) -> Answer:
        """The answer for the pattern ``board`` from the empty cell ``start``."""
        return self._answer(board, start=tuple(start), steps=steps, children=children)

    def distance(self, board: str, *, start: Tuple[int, int]) -> Optional[int]:  # type: ignore[override]
        """The fewest rolls to ``board`` from ``start``."""
        return self.solve(board, start=start).distance

    def distances(self, boards: Any, *, start: Tuple[int, int]) -> np.ndarray:  # type: ignore[override]
        """The fewest rolls of every row of ``boards`` (``(n, 9)``) from ``start``."""
        rows = _rows(boards, self.columns, self.label)
        return self._tables.distances(self.label, rows, start=tuple(start))


class Cube(PuzzleTables):
    """Any Rubik's cube, by the two-phase solver (at most 20 face turns, 26 quarter turns),
    exactly optimal in quarter turns where the magic cube's table reaches."""

    columns = 54
    label = "cube"

    def solve(  # type: ignore[override]
        self,
        facelets: Optional[str] = None,
        *,
        scramble: Optional[str] = None,
        metric: str = "htm",
        max: Optional[int] = None,
        steps: bool = False,
        children: bool = False,
        optimal: bool = False,
        max_seconds: Optional[float] = None,
    ) -> Answer:
        """A solution of the cube given by its 54-letter ``facelets`` (faces U R F D L B)
        or by a ``scramble`` from solved, of at most ``max`` moves in ``metric`` (``htm``
        or ``qtm``; default: God's number, 20 or 26). ``length`` is its length in the
        metric.

        With ``optimal``, a shortest solution in the metric, proven by IDA* as
        ``puzzle-tables solve cube --optimal`` does (seconds to hours a cube; ``puzzle-tables
        gen cube --optimal SIZE`` builds tables that make it faster), on every core and
        without the GIL; ``answer.optimal`` is True and ``answer.nodes`` the nodes searched.
        ``max_seconds`` gives up after that long: then ``answer.optimal`` is False, the
        solution is the best known and ``answer.at_least`` the proven lower bound. Ctrl-C
        (``KeyboardInterrupt``) stops the search within a fraction of a second."""
        if (facelets is None) == (scramble is None):
            raise InvalidBoard("give the cube as facelets or as a scramble, not both or neither")
        board = scramble if facelets is None else facelets
        return self._answer(
            board,
            scramble=scramble is not None,
            metric=metric,
            max=max,
            steps=steps,
            children=children,
            optimal=optimal,
            max_seconds=max_seconds,
        )

    def distance(  # type: ignore[override]
        self, facelets: str, *, metric: str = "htm", optimal: bool = False
    ) -> Optional[int]:
        """The length in ``metric`` of the two-phase solution of ``facelets``; with
        ``optimal``, of a shortest solution (the cube's distance, see ``solve``)."""
        return self.solve(facelets, metric=metric, optimal=optimal).length

    def distances(  # type: ignore[override]
        self, boards: Any, *, metric: str = "htm", optimal: bool = False
    ) -> np.ndarray:
        """The two-phase solution's length in ``metric`` of every row of ``boards``
        (``(n, 54)`` stickers, ``U R F D L B`` as 0 to 5); with ``optimal``, each cube's
        distance, proven by the optimal search (see ``solve``) one row after another, each on
        every core; Ctrl-C stops it."""
        rows = _rows(boards, self.columns, self.label)
        return self._tables.distances(self.label, rows, metric=metric, optimal=optimal)

    def scramble(self, count: int = 1, seed: Optional[int] = None) -> List[Tuple[str, str]]:
        """``count`` fair scrambles (WCA regulation 4b3), as ``puzzle-tables scramble cube
        --facelets --seed SEED`` prints them: each cube's facelet string and the moves (at
        most 20 face turns) that make it from solved."""
        return self._tables.scrambles(count, _seed(seed))


class Defined:
    """A puzzle from its definition (cubing.js's KPuzzle format), by its table's name:
    ``tables.definition("2x2x2")``. Its table is opened and verified when first asked."""

    def __init__(self, tables: "_puzzle_tables.Tables", name: str) -> None:
        self._tables = tables
        self.name = name

    def solve(
        self,
        scramble: Optional[str] = None,
        *,
        pattern: Optional[str] = None,
        all: Optional[int] = None,
        steps: bool = False,
        children: bool = False,
    ) -> Answer:
        """The exact distance and an optimal solution of ``scramble`` (an alg in the
        definition's notation) or ``pattern`` (KPuzzle JSON); ``all=N`` counts every optimal
        solution and lists up to N (``answer.all``). Raises ``InvalidBoard``."""
        if (scramble is None) == (pattern is None):
            raise InvalidBoard("give one of scramble and pattern")
        case = scramble if scramble is not None else pattern
        text = self._tables.definition_json(
            self.name, case, pattern=pattern is not None, all=all, steps=steps, children=children
        )
        return Answer(json.loads(text))

    def distance(self, scramble: str) -> int:
        """The fewest moves that undo ``scramble``."""
        return int(self.solve(scramble).distance)

    def distances(self, rows: Any) -> np.ndarray:
        """The distance of every row of ``rows`` (each orbit's pieces, then its
        orientations, in the definition's orbit order), -1 where the moves never reach it."""
        import numpy as np

        array = np.asarray(rows, dtype=np.int64)
        if array.ndim != 2:
            raise InvalidBoard(f"{self.name} rows: expected a 2-dimensional array, found {array.ndim} dimensions")
        return self._tables.definition_distances(self.name, np.ascontiguousarray(array))

    def __repr__(self) -> str:
        return f"Defined({self.name!r})"


def _whole(value: Any, bits: int) -> bool:
    """Whether ``value`` is an int (not a bool) in ``0..2**bits``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**bits


def _seed(seed: Optional[int]) -> int:
    """``seed``, or 64 bits from the operating system."""
    return _random.SystemRandom().getrandbits(64) if seed is None else seed


#: The stickers' letters, faces U R F D L B, in the order batches number them 0 to 5.
FACE_LETTERS = "URFDLB"


def facelet_rows(facelets: List[str]) -> np.ndarray:
    """Facelet strings as an ``(n, 54)`` array of stickers, ``U R F D L B`` as 0 to 5."""
    import numpy as np

    table = np.full(256, -1, dtype=np.int64)
    table[np.frombuffer(FACE_LETTERS.encode(), dtype=np.uint8)] = np.arange(6)
    codes = np.frombuffer("".join(facelets).encode(), dtype=np.uint8)
    return table[codes].reshape(len(facelets), 54)


def random_cubes(count: int, seed: Optional[int] = None) -> np.ndarray:
    """``count`` cubes drawn uniformly from those that need at least 2 moves (the states
    ``puzzle-tables scramble cube`` draws; the same seed gives the same cubes), as an
    ``(count, 54)`` array of stickers for ``tables.cube.distances``."""
    return facelet_rows(fair_cubes(count, _seed(seed)))


class Tables:
    """A tables directory: ``tables.eight``, ``.cubic``, ``.rotation``, ``.magic_cube``,
    ``.cube`` and ``.fifteen`` answer their puzzle. Each puzzle's tables are opened and
    verified the first time it is asked about, then kept; share one ``Tables`` between
    threads freely."""

    def __init__(self, inner: "_puzzle_tables.Tables") -> None:
        self._inner = inner
        self.eight = Eight(inner)
        self.cubic = Cubic(inner)
        self.rotation = Rotation(inner)
        self.magic_cube = MagicCube(inner)
        self.cube = Cube(inner)
        self.fifteen = Fifteen(inner)

    @classmethod
    def open(cls, path: Optional[PathLike] = None) -> "Tables":
        """The tables in ``path`` (default: ``$PUZZLE_TABLES_DIR``, else the per-user data
        directory, as the command line). Raises ``TableError`` when it is no directory."""
        return cls(_puzzle_tables.Tables.open(None if path is None else os.fspath(path)))

    @property
    def path(self) -> str:
        """The tables directory."""
        return os.fspath(self._inner.path)

    def definition(self, name: str) -> Defined:
        """The defined puzzle whose table is ``definition-NAME.tbl`` here (built by
        ``puzzle-tables gen NAME`` or ``gen --definition FILE --name NAME``)."""
        return Defined(self._inner, name)

    def definitions(self) -> List[str]:
        """The names of the defined puzzles whose tables are here."""
        return list(self._inner.definition_names())

    def random(
        self,
        puzzle: str,
        distance: Optional[int] = None,
        count: int = 1,
        seed: Optional[int] = None,
        *,
        start: Optional[Tuple[int, int]] = None,
    ) -> List[str]:
        """``count`` distinct boards of ``puzzle`` drawn uniformly at random from those whose
        answer is exactly ``distance`` moves (default: from every solvable board), each as
        ``puzzle-tables random PUZZLE --distance D --seed SEED`` prints it (the same seed,
        the same boards). Cubic: a board is the start cell's ``x y`` line and the pattern's
        rows, from ``start`` (default: any start cell). The cube (no distance): fair
        random-state cubes as facelet strings, as ``fair_cubes``. Raises ``InvalidBoard``
        when no board lies at ``distance`` or fewer than ``count`` do."""
        return self._random(puzzle, distance, count, seed, start)[0]

    def random_boards(
        self,
        puzzle: str,
        n: int,
        distance: Optional[int] = None,
        seed: Optional[int] = None,
        *,
        start: Optional[Tuple[int, int]] = None,
    ) -> np.ndarray:
        """The boards ``random`` draws, as an ``(n, columns)`` int64 array in the row layout
        of the puzzle's ``distances`` (cubic: ``start`` is required, as ``distances`` takes
        it; the cube: ``random_cubes``)."""
        if puzzle == "cubic" and start is None:
            raise InvalidBoard(
                "cubic boards: random_boards needs start=(x, y), the start cell its rows are "
                "patterns from (as distances takes it)"
            )
        return self._random(puzzle, distance, n, seed, start)[1]

    def _random(
        self,
        puzzle: str,
        distance: Optional[int],
        count: int,
        seed: Optional[int],
        start: Optional[Tuple[int, int]],
    ) -> Tuple[List[str], np.ndarray]:
        """The boards ``random`` draws: their texts and their rows."""
        if puzzle == "cube":
            if distance is not None:
                raise InvalidBoard("cube boards are drawn at no distance: fair random-state cubes")
            cubes = fair_cubes(count, _seed(seed))
            return cubes, facelet_rows(cubes)
        self.puzzle(puzzle)
        for name, value, bits in (("count", count, 64), ("distance", distance, 32), ("seed", seed, 64)):
            if value is not None and not _whole(value, bits):
                raise InvalidBoard(f"{name}: expected a whole number from 0 to 2**{bits} - 1, found {value!r}")
        texts, rows = self._inner.random(
            puzzle,
            count,
            _seed(seed),
            distance=distance,
            start=None if start is None else tuple(start),
        )
        return texts, rows.reshape(len(texts), self.puzzle(puzzle).columns)

    def puzzle(self, label: str) -> PuzzleTables:
        """The puzzle named ``label`` (``eight``, ``cubic``, ``rotation``, ``magic-cube``,
        ``cube``, ``fifteen``)."""
        if label not in PUZZLES:
            raise InvalidBoard(f"unknown puzzle {label!r}: expected one of {', '.join(PUZZLES)}")
        return getattr(self, label.replace("-", "_"))

    def __repr__(self) -> str:
        return f"Tables.open({self.path!r})"


# `puzzle_tables.cube.scramble(...)`: the module needs `Tables`, defined above.
from . import cube  # noqa: E402
