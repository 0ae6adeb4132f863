"""An accepted submission for the rotation game (POJ 2286). Each symbol's eight blocks move
independently of the others, so a breadth-first search over the placements of eight blocks
(24 choose 8 = 735,471, as bit masks), from the placement that fills the centre, gives each
symbol's exact distance; a board's distance is the least over its symbols. The answer walks
down from the board, taking at each step the first move in dictionary order that keeps to a
shortest path, so it is the first in dictionary order among the shortest. Written by
`puzzle-tables package`; Python 3, standard library only."""
import sys
from collections import deque

LINES = {
    "A": [0, 2, 6, 11, 15, 20, 22],
    "B": [1, 3, 8, 12, 17, 21, 23],
    "C": [10, 9, 8, 7, 6, 5, 4],
    "D": [19, 18, 17, 16, 15, 14, 13],
}
LINES["F"] = LINES["A"][::-1]
LINES["E"] = LINES["B"][::-1]
LINES["H"] = LINES["C"][::-1]
LINES["G"] = LINES["D"][::-1]
ORDER = "ABCDEFGH"
CENTRE = [6, 7, 8, 11, 12, 15, 16, 17]


def rotate(mask, letter):
    """The placement after the move: each block of the line goes one place towards its
    head, the head's block to the tail."""
    line = LINES[letter]
    moved = mask
    for i in range(7):
        moved &= ~(1 << line[i])
    for i in range(7):
        if mask >> line[(i + 1) % 7] & 1:
            moved |= 1 << line[i]
    return moved


def distances():
    centre = sum(1 << p for p in CENTRE)
    distance = {centre: 0}
    queue = deque([centre])
    while queue:
        mask = queue.popleft()
        for letter in ORDER:
            child = rotate(mask, letter)
            if child not in distance:
                distance[child] = distance[mask] + 1
                queue.append(child)
    return distance


def placements(board):
    return [sum(1 << p for p in range(24) if board[p] == symbol) for symbol in (1, 2, 3)]


def solve(board, distance):
    masks = placements(board)
    left = min(distance[mask] for mask in masks)
    moves = []
    while left > 0:
        for letter in ORDER:
            after = [rotate(mask, letter) for mask in masks]
            if min(distance[mask] for mask in after) == left - 1:
                masks, left = after, left - 1
                moves.append(letter)
                break
    symbol = next(s for s, mask in zip((1, 2, 3), masks) if distance[mask] == 0)
    return "".join(moves), symbol


def main():
    distance = None
    out = []
    for line in sys.stdin.read().split("\n"):
        numbers = [int(t) for t in line.split()]
        if numbers == [0]:
            break
        if len(numbers) != 24:
            continue
        if distance is None:
            distance = distances()
        moves, symbol = solve(numbers, distance)
        out.append(moves or "No moves needed")
        out.append(str(symbol))
    sys.stdout.write("".join(line + "\n" for line in out))


main()
