"""Output validator (Kattis) for the eight puzzle, HDU 1043: any move string that solves
the board is accepted, and `unsolvable` exactly when the judge's answer says so. Called as
`validate.py input judge_answer feedback_dir < team_output`; exit 42 accepted, 43 wrong
answer, the reason in feedback_dir/judgemessage.txt. It reads the output as `puzzle-tables
check eight` does: CRLF line ends and white space around an answer are forgiven, blank lines
after the last answer too. Written by `puzzle-tables package`; Python 3, standard library
only, no tables: it replays the moves."""
import sys

MOVES = {"u": -3, "d": 3, "l": -1, "r": 1}
GOAL = ["1", "2", "3", "4", "5", "6", "7", "8", "x"]
MAX_LINE_BYTES = 1 << 20


def output_lines():
    for raw in sys.stdin.buffer.read().split(b"\n"):
        yield raw.rstrip(b"\r").decode("utf-8", "replace").strip(), len(raw) > MAX_LINE_BYTES


def judge_case(board, solvable, line):
    if line is None:
        return board == GOAL, "the goal's empty answer is missing" if board == GOAL else "no answer"
    text, too_long = line
    if too_long:
        return False, "the line is longer than %d bytes" % MAX_LINE_BYTES
    if text == "unsolvable":
        return not solvable, "says unsolvable"
    end, problem = replay(board, text, 3, "x", MOVES, "unsolvable")
    if problem:
        return False, problem
    if not solvable:
        return False, "the board is unsolvable"
    if end != GOAL:
        return False, "the moves do not solve the board"
    return True, "%d moves" % len(text)


def main():
    input_file, answer_file, feedback_dir = sys.argv[1:4]
    with open(input_file) as handle:
        boards = [line.split() for line in handle.read().split("\n") if line.strip()]
    with open(answer_file) as handle:
        answers = handle.read().split("\n")
    lines = output_lines()
    # A file that ends with a line end yields one empty piece after it: not a line.
    pieces = list(lines)
    if pieces and pieces[-1] == ("", False):
        pieces.pop()
    judge_cases(
        len(boards),
        lambda case: judge_case(
            boards[case], answers[case].strip() != "unsolvable", pieces[case] if case < len(pieces) else None
        ),
        lambda: any(text for text, _ in pieces[len(boards) :]),
        feedback_dir,
    )
