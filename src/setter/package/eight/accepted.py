"""An accepted submission for the eight puzzle (HDU 1043): a breadth-first search from the
goal over all 181,440 solvable boards, then each board's path read back. Written by
`puzzle-tables package`; Python 3, standard library only."""
import sys
from collections import deque

GOAL = "12345678x"
# The move that brings the blank back: the blank went `letter` to reach the child.
STEPS = (("u", -3), ("d", 3), ("l", -1), ("r", 1))


def neighbours(board):
    blank = board.index("x")
    for letter, step in STEPS:
        target = blank + step
        if target < 0 or target > 8 or (step in (-1, 1) and target // 3 != blank // 3):
            continue
        cells = list(board)
        cells[blank], cells[target] = cells[target], cells[blank]
        yield letter, "".join(cells)


def parents():
    # parent[b] = (the move from b one step closer to the goal, the board it leads to)
    parent = {GOAL: None}
    queue = deque([GOAL])
    inverse = {"u": "d", "d": "u", "l": "r", "r": "l"}
    while queue:
        board = queue.popleft()
        for letter, child in neighbours(board):
            if child not in parent:
                parent[child] = (inverse[letter], board)
                queue.append(child)
    return parent


def main():
    parent = None
    out = []
    for line in sys.stdin.read().split("\n"):
        cells = line.split()
        if not cells:
            continue
        if parent is None:
            parent = parents()
        board = "".join(cells)
        if board not in parent:
            out.append("unsolvable")
            continue
        moves = []
        while parent[board] is not None:
            letter, board = parent[board]
            moves.append(letter)
        out.append("".join(moves))
    sys.stdout.write("".join(line + "\n" for line in out))


main()
