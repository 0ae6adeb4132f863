"""Output validator (Kattis) for the fifteen puzzle, UVa 10181: any move string of at most
50 moves that solves the board is accepted, and `This puzzle is not solvable.` exactly when
the judge's answer says so (the board is unsolvable, or needs more than 50 moves). Called as
`validate.py input judge_answer feedback_dir < team_output`; exit 42 accepted, 43 wrong
answer, the reason in feedback_dir/judgemessage.txt. It reads the output as `puzzle-tables
check fifteen` does: CRLF line ends and white space around an answer are forgiven, blank
lines after the last answer too. Written by `puzzle-tables package`; Python 3, standard
library only, no tables: it replays the moves."""
import sys

NOT_SOLVABLE = "This puzzle is not solvable."
MOVES = {"U": -4, "D": 4, "L": -1, "R": 1}
GOAL = list(range(1, 16)) + [0]
MAX_MOVES = 50
MAX_LINE_BYTES = 1 << 20


def judge_case(board, expected, line):
    no_answer = expected == NOT_SOLVABLE
    if line is None:
        return board == GOAL, "the goal's empty answer is missing" if board == GOAL else "no answer"
    text, too_long = line
    if too_long:
        return False, "the line is longer than %d bytes" % MAX_LINE_BYTES
    if text == NOT_SOLVABLE:
        return no_answer, "says not solvable"
    end, problem = replay(board, text, 4, 0, MOVES, repr(NOT_SOLVABLE))
    if problem:
        return False, problem
    if end != GOAL:
        return False, "the moves do not solve the board"
    if len(text) > MAX_MOVES:
        return False, "too long: %d moves, the judge accepts at most %d" % (len(text), MAX_MOVES)
    return True, "%d moves, the fewest are %d" % (len(text), len(expected))


def main():
    input_file, answer_file, feedback_dir = sys.argv[1:4]
    with open(input_file) as handle:
        numbers = [int(token) for token in handle.read().split()]
    boards = [numbers[1 + 16 * k : 17 + 16 * k] for k in range(numbers[0])]
    with open(answer_file) as handle:
        answers = [line.strip() for line in handle.read().split("\n")]
    pieces = [
        (raw.rstrip(b"\r").decode("utf-8", "replace").strip(), len(raw) > MAX_LINE_BYTES)
        for raw in sys.stdin.buffer.read().split(b"\n")
    ]
    # A file that ends with a line end yields one empty piece after it: not a line.
    if pieces and pieces[-1] == ("", False):
        pieces.pop()
    judge_cases(
        len(boards),
        lambda case: judge_case(boards[case], answers[case], pieces[case] if case < len(pieces) else None),
        lambda: any(text for text, _ in pieces[len(boards) :]),
        feedback_dir,
    )
