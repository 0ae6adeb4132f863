

# An accepted submission for the magic cube (ZOJ 2477): the cubes within 3 quarter turns of
# solved, each with a shortest way back, met by the cubes within 2 turns of the case's
# cube, layer by layer, so the first meeting is a shortest solution (at most 5 turns).

LIMIT = 5
ALL_TURNS = [(face, direction) for face in range(6) for direction in (1, -1)]


def layers(cube, depth):
    """Every cube within `depth` turns of `cube`, each with the turns that reach it, by layer."""
    seen = {cube: []}
    layer = [cube]
    found = [dict(seen)]
    for _ in range(depth):
        next_layer = []
        for state in layer:
            for turn in ALL_TURNS:
                child = apply(state, turn)
                if child not in seen:
                    seen[child] = seen[state] + [turn]
                    next_layer.append(child)
        layer = next_layer
        found.append({state: seen[state] for state in layer})
    return found


def solve(cube):
    home = layers(solved_like(cube), 3)
    ways = layers(cube, 2)
    for total in range(LIMIT + 1):
        for forward in range(min(total, 2) + 1):
            backward = total - forward
            if backward > 3:
                continue
            for state, turns in ways[forward].items():
                back = home[backward].get(state)
                if back is not None:
                    # Undo the turns from solved, last first, each the other way.
                    return turns + [(face, -direction) for face, direction in reversed(back)]
    return None


def main():
    out = []
    for cube in read_cubes(sys.stdin.read()):
        turns = solve(cube)
        if turns is None:
            out.append("-1")
            continue
        out.append(str(len(turns)))
        out.extend("%d %d" % turn for turn in turns)
    sys.stdout.write("".join(line + "\n" for line in out))


main()
