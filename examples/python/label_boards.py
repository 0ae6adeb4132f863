"""Label fifteen-puzzle boards with their exact distances on a Dask cluster.

    python examples/python/label_boards.py 1000                        # a LocalCluster
    python examples/python/label_boards.py 1000 --workers 4 --out labels.npz
    python examples/python/label_boards.py 100000 --scheduler tcp://10.0.0.1:8786

Draws N boards (uniformly from all 16!/2 solvable boards, or by ``--walk K`` random blank
moves from the goal, which are nearer and faster to label), splits them into chunks and
labels each chunk on a worker with ``tables.fifteen.distances`` (optimal lengths by IDA*,
on every core of the worker). Each worker opens the tables once, when it joins (a worker
plugin); the tables are read-only files and every worker maps its own copy, so on several
machines each needs them at the same path (``puzzle-tables install`` or
``puzzle_tables.gen``). Without ``--scheduler`` a LocalCluster of ``--workers`` processes
runs on this machine. Prints boards per second; ``--out`` saves boards and labels (npz).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Optional, Sequence, Tuple

import numpy as np
from distributed import Client, LocalCluster, WorkerPlugin, get_worker

import puzzle_tables

WIDTH = 4
GOAL = np.array(list(range(1, 16)) + [0], dtype=np.int64)


def solvable(board: np.ndarray) -> bool:
    """The fifteen puzzle's rule: the permutation's parity (the blank counted as a tile)
    equals the parity of the blank's taxicab distance from its goal cell."""
    permutation = [15 if tile == 0 else int(tile) - 1 for tile in board]
    seen, transpositions = [False] * 16, 0
    for start in range(16):
        length = 0
        while not seen[start]:
            seen[start] = True
            start = permutation[start]
            length += 1
        transpositions += max(length - 1, 0)
    blank = int(np.flatnonzero(board == 0)[0])
    taxicab = (3 - blank // WIDTH) + (3 - blank % WIDTH)
    return transpositions % 2 == taxicab % 2


def uniform_boards(count: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` boards uniform over the solvable ones: a uniform permutation, with its first
    two tiles swapped when it is unsolvable (a swap of tiles flips solvability, and pairs
    the unsolvable permutations one to one with the solvable ones)."""
    boards = np.array([rng.permutation(16) for _ in range(count)], dtype=np.int64)
    for board in boards:
        if not solvable(board):
            first, second = np.flatnonzero(board != 0)[:2]
            board[[first, second]] = board[[second, first]]
    return boards


def walked_boards(count: int, moves: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` boards made by ``moves`` random blank moves from the goal (a move off the
    board is skipped)."""
    boards = np.tile(GOAL, (count, 1))
    steps = rng.integers(0, 4, size=(count, moves))
    for board, walk in zip(boards, steps):
        blank = WIDTH * WIDTH - 1
        for step in walk:
            row, column = divmod(blank, WIDTH)
            row += (-1, 1, 0, 0)[step]
            column += (0, 0, -1, 1)[step]
            if 0 <= row < WIDTH and 0 <= column < WIDTH:
                target = row * WIDTH + column
                board[blank], board[target] = board[target], 0
                blank = target
    return boards


class OpenTables(WorkerPlugin):
    """Opens the tables once on each worker as it joins, and the fifteen puzzle's databases
    with them: they are opened (and their checksums verified) on first use, which would
    otherwise fall into the worker's first task."""

    def __init__(self, path: Optional[str]) -> None:
        self.path = path

    def setup(self, worker) -> None:
        worker.puzzle_tables = puzzle_tables.Tables.open(self.path)
        worker.puzzle_tables.fifteen.distances(GOAL.reshape(1, -1))


def label(chunk: np.ndarray) -> np.ndarray:
    """A chunk's optimal distances, on the worker's tables."""
    return get_worker().puzzle_tables.fifteen.distances(chunk)


def open_tables(client: Client, tables: Optional[str]) -> None:
    """Opens the tables on every worker of ``client``'s cluster, now and as others join."""
    client.register_plugin(OpenTables(tables), name="puzzle-tables")


def label_on(client: Client, boards: np.ndarray, chunk: int) -> np.ndarray:
    """Every board's distance, labelled on the cluster of ``client`` (its workers' tables
    opened by ``open_tables``), in order."""
    chunks = [boards[i : i + chunk] for i in range(0, len(boards), chunk)]
    futures = client.map(label, chunks, pure=False)
    return np.concatenate(client.gather(futures)) if chunks else np.empty(0, dtype=np.int64)


def local_cluster(workers: int) -> LocalCluster:
    """A cluster of ``workers`` processes on this machine, one Dask thread each, whose
    batches share the cores: each labels on cores/workers threads (``RAYON_NUM_THREADS``),
    not on every core, which would put workers x cores threads on the cores."""
    threads = max(1, (os.cpu_count() or 1) // workers)
    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        env={"RAYON_NUM_THREADS": str(threads)},
    )


def parse(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, help="how many boards")
    parser.add_argument("--tables", help="the tables directory [default: the CLI's]")
    parser.add_argument("--scheduler", help="a Dask scheduler's address [default: a LocalCluster]")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes [2]")
    parser.add_argument("--walk", type=int, help="boards by this many random moves [default: uniform]")
    parser.add_argument("--chunk", type=int, default=25, help="boards per task [25]")
    parser.add_argument("--seed", type=int, default=1, help="the boards' seed [1]")
    parser.add_argument("--out", help="save boards and labels here (.npz)")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> Tuple[np.ndarray, np.ndarray]:
    """Draws, labels and reports; returns the boards and their labels."""
    args = parse(argv)
    rng = np.random.default_rng(args.seed)
    boards = uniform_boards(args.count, rng) if args.walk is None else walked_boards(args.count, args.walk, rng)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = local_cluster(args.workers)
        client = Client(cluster)
    with client:
        open_tables(client, args.tables)
        started = time.perf_counter()
        labels = label_on(client, boards, args.chunk)
        elapsed = time.perf_counter() - started
    if not args.scheduler:
        cluster.close()
    print(f"{len(boards)} boards labelled in {elapsed:.2f} s: {len(boards) / elapsed:.0f} boards/s")
    if args.out:
        np.savez(args.out, boards=boards, distances=labels)
    return boards, labels


if __name__ == "__main__":
    main()
