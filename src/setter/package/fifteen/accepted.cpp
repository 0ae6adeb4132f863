// An accepted submission for the fifteen puzzle (UVa 10181): IDA* with the Manhattan
// distance and linear conflicts, moves tried in dictionary order; "not solvable" for an
// unsolvable board and for one that needs more than 50 moves. Written by `puzzle-tables
// package`; C++, standard library only.
#include <cstdio>
#include <cstdlib>
#include <string>

static int cells[16];
static char path[64];
static const char LETTERS[4] = {'D', 'L', 'R', 'U'};
static const int STEPS[4] = {4, -1, 1, -4};

static int manhattan_and_conflicts() {
    int h = 0;
    for (int i = 0; i < 16; i++) {
        int t = cells[i];
        if (t == 0) continue;
        h += std::abs(i / 4 - (t - 1) / 4) + std::abs(i % 4 - (t - 1) % 4);
    }
    // Linear conflicts: two tiles in their goal row (column) in the wrong order.
    for (int line = 0; line < 4; line++) {
        for (int a = 0; a < 4; a++) {
            for (int b = a + 1; b < 4; b++) {
                int ta = cells[line * 4 + a], tb = cells[line * 4 + b];
                if (ta && tb && (ta - 1) / 4 == line && (tb - 1) / 4 == line && ta > tb) h += 2;
                ta = cells[a * 4 + line], tb = cells[b * 4 + line];
                if (ta && tb && (ta - 1) % 4 == line && (tb - 1) % 4 == line && ta > tb) h += 2;
            }
        }
    }
    return h;
}

static bool search(int blank, int depth, int bound, int last) {
    int h = manhattan_and_conflicts();
    if (h == 0) {
        path[depth] = 0;
        return true;
    }
    if (depth + h > bound) return false;
    for (int m = 0; m < 4; m++) {
        if (last >= 0 && STEPS[m] == -STEPS[last]) continue;
        int target = blank + STEPS[m];
        if (target < 0 || target > 15) continue;
        if ((STEPS[m] == 1 || STEPS[m] == -1) && target / 4 != blank / 4) continue;
        cells[blank] = cells[target];
        cells[target] = 0;
        path[depth] = LETTERS[m];
        bool found = search(target, depth + 1, bound, m);
        cells[target] = cells[blank];
        cells[blank] = 0;
        if (found) return true;
    }
    return false;
}

static bool solvable() {
    int inversions = 0, blank = 0;
    for (int i = 0; i < 16; i++) {
        if (cells[i] == 0) {
            blank = i;
            continue;
        }
        for (int j = i + 1; j < 16; j++)
            if (cells[j] && cells[j] < cells[i]) inversions++;
    }
    return (inversions + (4 - blank / 4)) % 2 == 1;
}

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 0;
    while (n-- > 0) {
        int blank = 0;
        for (int i = 0; i < 16; i++) {
            std::scanf("%d", &cells[i]);
            if (cells[i] == 0) blank = i;
        }
        bool found = false;
        if (solvable()) {
            for (int bound = manhattan_and_conflicts(); bound <= 50 && !found; bound += 2)
                found = search(blank, 0, bound, -1);
        }
        std::puts(found ? path : "This puzzle is not solvable.");
    }
    return 0;
}
