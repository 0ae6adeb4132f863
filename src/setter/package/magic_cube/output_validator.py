

# Output validator (Kattis) for the magic cube, ZOJ 2477: the count must be the minimum
# number of quarter turns written in the judge's answer and the steps must solve the cube,
# `-1` exactly when the judge's answer is -1 (more than 5 are needed). Called as
# `validate.py input judge_answer feedback_dir < team_output`; exit 42 accepted, 43 wrong
# answer, the reason in feedback_dir/judgemessage.txt. It reads the output as
# `puzzle-tables check magic-cube` does: a count alone on its line, then the lines of two
# numbers after it as steps; blank lines and white space around are forgiven.
import re

LIMIT = 5


class Lines:
    """The team's output, line by line, each stripped; one line may be put back."""

    def __init__(self, data):
        self.lines = [raw.rstrip(b"\r").decode("utf-8", "replace").strip() for raw in data.split(b"\n")]
        if data.endswith(b"\n") or not data:
            self.lines.pop()
        self.next = 0

    def next_nonblank(self, wanted=lambda line: True):
        while self.next < len(self.lines):
            line = self.lines[self.next]
            if not line:
                self.next += 1
                continue
            if not wanted(line):
                return None
            self.next += 1
            return line
        return None


def integer(text):
    """A whole number as the judge reads it (a sign, then digits), else None."""
    return int(text) if re.fullmatch(r"[+-]?[0-9]+", text) else None


def step_of(line):
    numbers = [integer(token) for token in line.split()]
    if len(numbers) == 2 and numbers[0] in range(6) and numbers[1] in (1, -1):
        return (numbers[0], numbers[1])
    return None


def judge_case(cube, minimum, output):
    count_line = output.next_nonblank()
    if count_line is None:
        return False, "no answer"
    steps, bad_step, given = [], False, 0
    while True:
        line = output.next_nonblank(lambda line: len(line.split()) == 2)
        if line is None:
            break
        given += 1
        step = step_of(line)
        if step is None:
            bad_step = True
        elif not bad_step:
            steps.append(step)
    count = integer(count_line)
    if count is None:
        return False, "expected the number of steps"
    if count == -1:
        return given == 0 and minimum == -1, "-1"
    if count != given:
        return False, "the count says %d, found %d steps" % (count, given)
    if bad_step:
        return False, "a step is not \"face dir\""
    if given > LIMIT:
        return False, "%d steps, more than %d" % (given, LIMIT)
    for step in steps:
        cube = apply(cube, step)
    if not solved(cube):
        return False, "the steps do not solve the cube"
    if minimum == -1 or minimum < given:
        return False, "%d steps, the minimum is %d" % (given, minimum)
    return True, "%d steps, the minimum" % given


def main():
    input_file, answer_file, feedback_dir = sys.argv[1:4]
    with open(input_file) as handle:
        cubes = read_cubes(handle.read())
    with open(answer_file) as handle:
        # The judge's answer: each case's count first, then its steps.
        minima = [int(line) for line in handle.read().split("\n") if len(line.split()) == 1]
    output = Lines(sys.stdin.buffer.read())
    judge_cases(
        len(cubes),
        lambda case: judge_case(cubes[case], minima[case], output),
        lambda: output.next_nonblank() is not None,
        feedback_dir,
    )
