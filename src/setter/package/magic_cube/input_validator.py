"""Input format validator (Kattis): the magic cube's judge input, ZOJ 2477: the count, then
each case as an empty line and the nine lines of the net (the top and bottom blocks
indented by six spaces or not at all), six letters nine times each, one a centre. Exit 42
when valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library
only."""
import sys


def letters(line, count, indented):
    if indented and line.startswith("      "):
        line = line[6:]
    tokens = line.split(" ")
    if len(tokens) != count or any(len(token) != 1 or not token.isalpha() for token in tokens):
        sys.exit(43)
    return tokens


def check_input(lines):
    count = int(lines[0])
    if lines[0] != str(count) or count < 1 or len(lines) != 1 + 10 * count:
        sys.exit(43)
    for case in range(count):
        net = lines[2 + 10 * case : 11 + 10 * case]
        if lines[1 + 10 * case] != "":
            sys.exit(43)
        cells = []
        for row, line in enumerate(net):
            cells += letters(line, 12 if 3 <= row < 6 else 3, not 3 <= row < 6)
        centres = {cells[4], cells[49]} | {cells[9 + 12 + 3 * face + 1] for face in range(4)}
        if len(centres) != 6 or any(cells.count(colour) != 9 for colour in centres):
            sys.exit(43)
