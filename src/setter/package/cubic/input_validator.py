"""Input format validator (Kattis): the cubic eight-puzzle's judge input, POJ 3131. Exit 42
when valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library
only."""
import sys


def check_input(lines):
    if lines[-1] != "0 0" or (len(lines) - 1) % 4 != 0:
        sys.exit(43)
    for start in range(0, len(lines) - 1, 4):
        if lines[start] not in ["%d %d" % (x, y) for x in (1, 2, 3) for y in (1, 2, 3)]:
            sys.exit(43)
        cells = []
        for row in lines[start + 1 : start + 4]:
            colours = row.split(" ")
            if len(colours) != 3 or any(colour not in ("W", "R", "B", "E") for colour in colours):
                sys.exit(43)
            cells += colours
        if cells.count("E") != 1:
            sys.exit(43)
