"""Type stubs of the compiled module (crates/python): thin wrappers around the Rust answer
path. Use the package's ``Tables`` (``puzzle_tables.Tables``), which wraps these."""

import os
from typing import List, Optional, Tuple

import numpy as np
import numpy.typing as npt

class InvalidBoard(ValueError):
    """A board (or an option for it) that the puzzle refuses; the message says what was
    expected and why, in the command line's words."""

class TableError(Exception):
    """A table that is missing, unreadable or damaged; the message names the file and the
    command that rebuilds it."""

class Tables:
    """A tables directory and the answerer over it."""

    @staticmethod
    def open(path: Optional[str] = None) -> "Tables": ...
    @property
    def path(self) -> os.PathLike[str]: ...
    def answer_json(
        self,
        puzzle_label: str,
        board: str,
        *,
        steps: bool = False,
        children: bool = False,
        start: Optional[Tuple[int, int]] = None,
        scramble: bool = False,
        metric: str = "htm",
        max: Optional[int] = None,
        max_moves: Optional[int] = None,
        optimal: bool = False,
        max_seconds: Optional[float] = None,
    ) -> str: ...
    def definition_json(
        self,
        name: str,
        case: str,
        *,
        pattern: bool = False,
        all: Optional[int] = None,
        steps: bool = False,
        children: bool = False,
    ) -> str: ...
    def definition_distances(self, name: str, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]: ...
    def definition_names(self) -> List[str]: ...
    def distances(
        self,
        puzzle_label: str,
        boards: npt.NDArray[np.int64],
        *,
        start: Optional[Tuple[int, int]] = None,
        metric: str = "htm",
        max_moves: Optional[int] = None,
        optimal: bool = False,
    ) -> npt.NDArray[np.int64]: ...
    def random(
        self,
        puzzle_label: str,
        count: int,
        seed: int,
        *,
        distance: Optional[int] = None,
        start: Optional[Tuple[int, int]] = None,
    ) -> Tuple[List[str], npt.NDArray[np.int64]]: ...
    def scrambles(self, count: int, seed: int) -> List[Tuple[str, str]]: ...

def default_dir() -> Optional[os.PathLike[str]]: ...
def fair_cubes(count: int, seed: int) -> List[str]: ...
def gen(puzzles: Optional[List[str]] = None, path: Optional[str] = None) -> os.PathLike[str]: ...
def verify(path: Optional[str] = None) -> List[Tuple[os.PathLike[str], str, str]]: ...
