"""The magic cube of ZOJ 2477, standalone: facelet 9 * face + 3 * row + column of the net
(faces 0 left, 1 front, 2 right, 3 back, 4 up, 5 down), the twelve quarter turns as
permutations built from the statement's rules, and the judge input read into cubes.
Written by `puzzle-tables package`; Python 3, standard library only."""
import sys


def facelet(face, row, col):
    return 9 * face + 3 * row + col


# For each face, the four strips A, B, C, D of its clockwise turn: A takes what B held, B
# what C held, C what D held, D what A held; i runs 0..2 along each strip.
STRIPS = {
    0: (lambda i: facelet(4, i, 0), lambda i: facelet(3, 2 - i, 2), lambda i: facelet(5, i, 0), lambda i: facelet(1, i, 0)),
    1: (lambda i: facelet(4, 2, i), lambda i: facelet(0, 2 - i, 2), lambda i: facelet(5, 0, 2 - i), lambda i: facelet(2, i, 0)),
    2: (lambda i: facelet(4, i, 2), lambda i: facelet(1, i, 2), lambda i: facelet(5, i, 2), lambda i: facelet(3, 2 - i, 0)),
    3: (lambda i: facelet(4, 0, i), lambda i: facelet(2, i, 2), lambda i: facelet(5, 2, 2 - i), lambda i: facelet(0, 2 - i, 0)),
    4: (lambda i: facelet(3, 0, i), lambda i: facelet(0, 0, i), lambda i: facelet(1, 0, i), lambda i: facelet(2, 0, i)),
    5: (lambda i: facelet(1, 2, i), lambda i: facelet(0, 2, i), lambda i: facelet(3, 2, i), lambda i: facelet(2, 2, i)),
}


def clockwise(face):
    """The permutation p of a clockwise turn: the new facelet x holds the old p[x]."""
    p = list(range(54))
    for row in range(3):
        for col in range(3):
            p[facelet(face, row, col)] = facelet(face, 2 - col, row)
    for i in range(3):
        a, b, c, d = (strip(i) for strip in STRIPS[face])
        p[a], p[b], p[c], p[d] = b, c, d, a
    return p


def inverse(p):
    q = [0] * 54
    for x, y in enumerate(p):
        q[y] = x
    return q


# TURNS[(face, dir)] for dir 1 (clockwise) and -1.
TURNS = {}
for _face in range(6):
    TURNS[(_face, 1)] = clockwise(_face)
    TURNS[(_face, -1)] = inverse(TURNS[(_face, 1)])


def apply(cube, turn):
    p = TURNS[turn]
    return tuple(cube[p[x]] for x in range(54))


def solved(cube):
    return all(len(set(cube[9 * face : 9 * face + 9])) == 1 for face in range(6))


def solved_like(cube):
    """The solved cube with the centres of `cube`."""
    return tuple(cube[9 * face + 4] for face in range(6) for _ in range(9))


def read_cubes(text):
    """The cubes of a judge input: the count, then 54 letters a cube in the net's order."""
    tokens = text.split()
    cubes = []
    for k in range(int(tokens[0])):
        letters = tokens[1 + 54 * k : 55 + 54 * k]
        cube = [None] * 54
        for index, letter in enumerate(letters):
            if index < 9:
                face, row, col = 4, index // 3, index % 3
            elif index < 45:
                face, row, col = (index - 9) % 12 // 3, (index - 9) // 12, (index - 9) % 3
            else:
                face, row, col = 5, (index - 45) // 3, (index - 45) % 3
            cube[facelet(face, row, col)] = letter
        cubes.append(tuple(cube))
    return cubes
