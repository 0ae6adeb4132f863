"""Input format validator (Kattis): the eight puzzle's judge input, HDU 1043. Exit 42 when
valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library only."""
import sys

CELLS = sorted(["1", "2", "3", "4", "5", "6", "7", "8", "x"])


def main():
    text = sys.stdin.buffer.read().decode("ascii")
    if not text or not text.endswith("\n"):
        sys.exit(43)
    for line in text[:-1].split("\n"):
        cells = line.split(" ")
        if sorted(cells) != CELLS:
            sys.exit(43)
    sys.exit(42)


if __name__ == "__main__":
    try:
        main()
    except UnicodeDecodeError:
        sys.exit(43)
