"""Input format validator (Kattis): the rotation game's judge input, POJ 2286. Exit 42 when
valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library only."""
import sys

BLOCKS = sorted(["1"] * 8 + ["2"] * 8 + ["3"] * 8)


def check_input(lines):
    if lines[-1] != "0":
        sys.exit(43)
    for line in lines[:-1]:
        if sorted(line.split(" ")) != BLOCKS:
            sys.exit(43)
