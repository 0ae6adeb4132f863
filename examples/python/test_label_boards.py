"""The Dask example on 2 worker processes: every label equals the single-process answer,
and the boards it draws are what it says."""

import os
import sys

import numpy as np
import pytest

import puzzle_tables

sys.path.insert(0, os.path.dirname(__file__))
import label_boards  # noqa: E402


@pytest.fixture(scope="module")
def tables_dir():
    return os.environ.get("PUZZLE_TABLES_DIR") or pytest.fail("set PUZZLE_TABLES_DIR to built tables")


def test_two_workers_label_every_board_as_one_process_does(tables_dir, tmp_path):
    out = tmp_path / "labels.npz"
    argv = ["300", "--walk", "150", "--workers", "2", "--tables", tables_dir, "--out", os.fspath(out)]
    boards, labels = label_boards.main(argv)
    saved = np.load(out)
    assert np.array_equal(saved["boards"], boards) and np.array_equal(saved["distances"], labels)
    assert boards.shape == (300, 16) and labels.shape == (300,)
    tables = puzzle_tables.Tables.open(tables_dir)
    assert labels.tolist() == [tables.fifteen.distance(" ".join(map(str, b))) for b in boards]


def test_uniform_boards_are_solvable_permutations(tables_dir):
    tables = puzzle_tables.Tables.open(tables_dir)
    boards = label_boards.uniform_boards(200, np.random.default_rng(3))
    assert all(sorted(board) == list(range(16)) for board in boards.tolist())
    for board in boards[:50]:
        answer = tables.fifteen.solve(" ".join(map(str, board)), max_moves=1)
        assert answer.solvable
    unsolvable = np.array(list(range(2, 0, -1)) + list(range(3, 16)) + [0])
    assert not label_boards.solvable(unsolvable) and label_boards.solvable(label_boards.GOAL)
