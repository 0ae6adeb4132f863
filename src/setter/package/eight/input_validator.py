"""Input format validator (Kattis): the eight puzzle's judge input, HDU 1043. Exit 42 when
valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library only."""
import sys

CELLS = sorted(["1", "2", "3", "4", "5", "6", "7", "8", "x"])


def check_input(lines):
    for line in lines:
        cells = line.split(" ")
        if sorted(cells) != CELLS:
            sys.exit(43)
