"""The Python package's figures, side by side in one run (printed as Markdown rows for
BENCHMARKS.md):

    pip install kociemba            # the anchor, installed only for this benchmark
    python benches/python/bench_python.py --tables DIR --binary target/release/puzzle-tables

- the cube: ``tables.cube.solve`` against PyPI's ``kociemba.solve`` on the same random-state
  cubes (median and worst time per cube, mean length in face turns), each warmed up by one
  solve first (kociemba builds or loads its tables on its first call);
- cube batches: ``tables.cube.distances`` against ``puzzle-tables solve cube -`` on the
  same cubes (cubes per second);
- the eight puzzle: ``distances`` on random boards against a Python loop over ``distance``;
- the fifteen puzzle: labels per second in one process and on a 2-worker Dask cluster
  (``examples/python/label_boards.py``), on the same boards;
- ``import puzzle_tables`` and ``Tables.open()``, each in a fresh interpreter.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import puzzle_tables

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "python"))


def timed(function, *args, **keywords):
    started = time.perf_counter()
    result = function(*args, **keywords)
    return result, time.perf_counter() - started


def row(*cells):
    print("| " + " | ".join(str(cell) for cell in cells) + " |", flush=True)


def per_cube(solve, cubes):
    times, lengths = [], []
    for facelets in cubes:
        moves, elapsed = timed(solve, facelets)
        times.append(elapsed)
        lengths.append(len(moves))
    return statistics.median(times), max(times), statistics.mean(lengths)


def bench_cube(tables, count, binary):
    import kociemba

    facelets = puzzle_tables.fair_cubes(count, 2026)
    ours = lambda f: tables.cube.solve(f).moves  # noqa: E731
    theirs = lambda f: kociemba.solve(f).split()  # noqa: E731
    ours(facelets[0]), theirs(facelets[0])
    print()
    row(f"cube, {count} random-state cubes", "median per cube", "worst per cube", "mean length (HTM)")
    row("---", "---", "---", "---")
    for name, solve in (("puzzle_tables `tables.cube.solve`", ours), ("kociemba 1.2 `kociemba.solve`", theirs)):
        median, worst, length = per_cube(solve, facelets)
        row(name, f"{median * 1e3:.3f} ms", f"{worst * 1e3:.1f} ms", f"{length:.2f}")
    rows = puzzle_tables.facelet_rows(facelets)
    _, batch = timed(tables.cube.distances, rows)
    print()
    row("cube batch", f"{count} cubes", "cubes/s")
    row("---", "---", "---")
    row("`tables.cube.distances`", f"{batch:.2f} s", f"{count / batch:.0f}")
    if binary:
        text = "\n".join(facelets) + "\n"
        command = [binary, "--tables", tables.path, "solve", "cube", "-"]
        _, cli = timed(subprocess.run, command, input=text, text=True, capture_output=True, check=True)
        row("`puzzle-tables solve cube -` (process included)", f"{cli:.2f} s", f"{count / cli:.0f}")


def bench_eight(tables, count, loop_count):
    rng = np.random.default_rng(1)
    boards = rng.permuted(np.tile(np.arange(9), (count, 1)), axis=1)
    _, first = timed(tables.eight.distances, boards[:10])
    _, batch = timed(tables.eight.distances, boards)
    texts = [" ".join(map(str, board)) for board in boards[:loop_count].tolist()]
    _, loop = timed(lambda: [tables.eight.distance(t) for t in texts])
    print()
    row("eight puzzle", "boards", "time", "boards/s")
    row("---", "---", "---", "---")
    row("`tables.eight.distances`", count, f"{batch:.2f} s", f"{count / batch:,.0f}")
    row("Python loop over `distance`", loop_count, f"{loop:.2f} s", f"{loop_count / loop:,.0f}")
    row(f"`distances` / the loop: {loop / loop_count / (batch / count):.0f}x", "", "", "")
    row("(the first call, 10 boards: opens the table, derives the distances)", 10, f"{first * 1e3:.1f} ms", "")


def bench_fifteen(tables, count, walk, chunk):
    from distributed import Client

    import label_boards

    boards = label_boards.walked_boards(count, walk, np.random.default_rng(5))
    # Both sides open the databases before the clock starts: the process here, each worker
    # when it joins (the example's plugin).
    tables.fifteen.distances(label_boards.GOAL.reshape(1, -1))
    labels, one = timed(tables.fifteen.distances, boards)
    cluster, start = timed(label_boards.local_cluster, 2)
    with Client(cluster) as client:
        _, opening = timed(label_boards.open_tables, client, tables.path)
        dask_labels, dask = timed(label_boards.label_on, client, boards, chunk)
    cluster.close()
    again, one_again = timed(tables.fifteen.distances, boards)
    assert np.array_equal(labels, dask_labels) and np.array_equal(labels, again)
    print()
    row(f"fifteen puzzle, {count} boards ({walk} random moves, mean distance {labels.mean():.1f})", "time", "labels/s")
    row("---", "---", "---")
    row("one process, `tables.fifteen.distances`", f"{one:.2f} s", f"{count / one:.0f}")
    row(f"Dask LocalCluster, 2 worker processes, {chunk} boards a task", f"{dask:.2f} s", f"{count / dask:.0f}")
    row("one process again, after the cluster", f"{one_again:.2f} s", f"{count / one_again:.0f}")
    row("Dask / one process (mean of the two)", f"{dask / ((one + one_again) / 2):.2f}x the time", "")
    row("(starting that cluster, not counted above)", f"{start:.2f} s", "")
    row("(opening the tables on its workers, not counted above)", f"{opening:.2f} s", "")


def bench_start(tables_dir):
    code = (
        "import time; s = time.perf_counter(); import puzzle_tables; i = time.perf_counter();"
        f"puzzle_tables.Tables.open({tables_dir!r}); o = time.perf_counter();"
        "print(f'{(i - s) * 1e3:.1f} {(o - i) * 1e3:.3f}')"
    )
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(5)]
    imports = sorted(float(r[0]) for r in runs)
    opens = sorted(float(r[1]) for r in runs)
    print()
    row("start (median of 5 fresh interpreters)", "time")
    row("---", "---")
    row("`import puzzle_tables`", f"{imports[2]:.1f} ms")
    row("`Tables.open(path)`", f"{opens[2]:.3f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", required=True)
    parser.add_argument("--binary", help="the puzzle-tables binary, for `solve cube -`")
    parser.add_argument("--cubes", type=int, default=1000)
    parser.add_argument("--eight", type=int, default=1_000_000)
    parser.add_argument("--eight-loop", type=int, default=50_000)
    parser.add_argument("--fifteen", type=int, default=2000)
    parser.add_argument("--walk", type=int, default=150)
    parser.add_argument("--chunk", type=int, default=25, help="fifteen-puzzle boards per Dask task")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (on {os.cpu_count()} cores)\n")
    tables = puzzle_tables.Tables.open(args.tables)
    bench_start(args.tables)
    bench_eight(tables, args.eight, args.eight_loop)
    bench_fifteen(tables, args.fifteen, args.walk, args.chunk)
    bench_cube(tables, args.cubes, args.binary)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
