

# The end every output validator shares (src/setter/package/output_validator.py), written
# after the puzzle's own part, which defines main(): the verdict written where the judge
# reads it, and the cases judged in order.
import os
import sys


def verdict(accepted, message, feedback_dir):
    with open(os.path.join(feedback_dir, "judgemessage.txt"), "w") as out:
        out.write(message + "\n")
    sys.exit(42 if accepted else 43)


def judge_cases(count, judge_case, extra_output, feedback_dir):
    """Judges cases 0 to count - 1 by judge_case(case), (accepted, why), up to the first
    wrong one, then refuses output after the last case's answer (extra_output())."""
    for case in range(count):
        accepted, why = judge_case(case)
        if not accepted:
            verdict(False, "case %d: wrong answer: %s" % (case + 1, why), feedback_dir)
    if extra_output():
        verdict(False, "extra output after the last case's answer", feedback_dir)
    verdict(True, "%d cases accepted" % count, feedback_dir)


if __name__ == "__main__":
    main()
