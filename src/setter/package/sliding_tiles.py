

# The sliding puzzles' replay (src/setter/package/sliding_tiles.py), shared by the eight and
# fifteen puzzles' output validators and written after their own part.


def replay(board, moves, width, blank_tile, steps, other_answer):
    """The board's cells after the blank's moves, each a letter of steps (the blank's move
    to each), on a width x width board; or None and why a move is refused (other_answer is
    the one answer that is not moves)."""
    cells = list(board)
    blank = cells.index(blank_tile)
    for index, letter in enumerate(moves):
        step = steps.get(letter)
        if step is None:
            names = ", ".join(steps)
            return None, "character %d is %r: not a move (%s), nor %s" % (index + 1, letter, names, other_answer)
        target = blank + step
        if target < 0 or target >= width * width or (step in (-1, 1) and target // width != blank // width):
            return None, "move %d (%s) pushes the blank off the board" % (index + 1, letter)
        cells[blank], cells[target] = cells[target], cells[blank]
        blank = target
    return cells, None
