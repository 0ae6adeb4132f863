

# The end every input validator shares (src/setter/package/input_validator.py), written
# after the puzzle's own part, which defines check_input(lines) and exits 43 on what the
# format refuses: the input read as ASCII lines, each ended by a line end; exit 42 when the
# puzzle's part finds nothing wrong, 43 when the input is not ASCII, lacks its last line
# end or holds a malformed number.
import sys


def input_lines():
    text = sys.stdin.buffer.read().decode("ascii")
    if not text.endswith("\n"):
        sys.exit(43)
    return text[:-1].split("\n")


if __name__ == "__main__":
    try:
        check_input(input_lines())
    except (ValueError, UnicodeDecodeError):
        sys.exit(43)
    sys.exit(42)
