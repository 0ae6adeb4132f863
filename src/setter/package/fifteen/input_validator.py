"""Input format validator (Kattis): the fifteen puzzle's judge input, UVa 10181. Exit 42
when valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library
only."""
import sys

TILES = list(range(16))


def check_input(lines):
    count = int(lines[0])
    if lines[0] != str(count) or not 1 <= count <= 1000:
        sys.exit(43)
    rows = []
    for line in lines[1:]:
        if line == "":
            continue
        numbers = line.split(" ")
        if len(numbers) != 4 or any(str(int(number)) != number for number in numbers):
            sys.exit(43)
        rows.append([int(number) for number in numbers])
    if len(rows) != 4 * count:
        sys.exit(43)
    for board in range(count):
        cells = [cell for row in rows[4 * board : 4 * board + 4] for cell in row]
        if sorted(cells) != TILES:
            sys.exit(43)
