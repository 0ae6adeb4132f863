"""Rubik's cube helpers that need no ``Tables`` object: ``scramble`` opens the default
tables directory (or ``path``), as ``puzzle-tables scramble cube`` does."""

from __future__ import annotations

from typing import List, Optional, Tuple

from . import PathLike, Tables, random_cubes

__all__ = ["random_cubes", "scramble"]


def scramble(count: int = 1, seed: Optional[int] = None, path: Optional[PathLike] = None) -> List[Tuple[str, str]]:
    """``count`` fair scrambles from the stream of ``seed`` (from the operating system
    when ``None``): ``(facelets, moves)`` pairs, each the same as ``puzzle-tables scramble
    cube --facelets --seed SEED`` prints."""
    return Tables.open(path).cube.scramble(count, seed)
