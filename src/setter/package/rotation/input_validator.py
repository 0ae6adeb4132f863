"""Input format validator (Kattis): the rotation game's judge input, POJ 2286. Exit 42 when
valid, 43 otherwise. Written by `puzzle-tables package`; Python 3, standard library only."""
import sys

BLOCKS = sorted(["1"] * 8 + ["2"] * 8 + ["3"] * 8)


def main():
    text = sys.stdin.buffer.read().decode("ascii")
    if not text.endswith("\n"):
        sys.exit(43)
    lines = text[:-1].split("\n")
    if lines[-1] != "0":
        sys.exit(43)
    for line in lines[:-1]:
        if sorted(line.split(" ")) != BLOCKS:
            sys.exit(43)
    sys.exit(42)


if __name__ == "__main__":
    try:
        main()
    except UnicodeDecodeError:
        sys.exit(43)
