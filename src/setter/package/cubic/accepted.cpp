// An accepted submission for the cubic eight-puzzle (POJ 3131): a breadth-first search over
// every state reachable from a start cell (the empty cell and the eight cubes'
// orientations, 9 * 6^8 codes), once per start cell that a dataset names; a pattern's
// answer is the least distance among the 2^8 states that show its top colours. Written by
// `puzzle-tables package`; C++, standard library only.
#include <cstdio>
#include <cstring>
#include <vector>

// An orientation is the colours (top, front, side), each 0 W, 1 R, 2 B.
static int ORIENT[6][3];
static int ROLL_VERTICAL[6], ROLL_HORIZONTAL[6];
static const int CODES = 9 * 1679616;  // 9 * 6^8

static int orientation_of(int top, int front, int side) {
    for (int o = 0; o < 6; o++)
        if (ORIENT[o][0] == top && ORIENT[o][1] == front && ORIENT[o][2] == side) return o;
    return -1;
}

static void make_orientations() {
    int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    std::memcpy(ORIENT, perms, sizeof perms);
    for (int o = 0; o < 6; o++) {
        ROLL_VERTICAL[o] = orientation_of(ORIENT[o][1], ORIENT[o][0], ORIENT[o][2]);
        ROLL_HORIZONTAL[o] = orientation_of(ORIENT[o][2], ORIENT[o][1], ORIENT[o][0]);
    }
}

static int encode(int empty, const int *orient) {
    int code = 0;
    for (int cell = 0; cell < 9; cell++)
        if (cell != empty) code = code * 6 + orient[cell];
    return empty * 1679616 + code;
}

static void decode(int code, int *empty, int *orient) {
    *empty = code / 1679616;
    int rest = code % 1679616;
    for (int cell = 8; cell >= 0; cell--) {
        if (cell == *empty) {
            orient[cell] = 0;
            continue;
        }
        orient[cell] = rest % 6;
        rest /= 6;
    }
}

static std::vector<unsigned char> distances_from(int start) {
    std::vector<unsigned char> distance(CODES, 255);
    std::vector<int> queue;
    queue.reserve(CODES / 2);
    int orient[9];
    for (int cell = 0; cell < 9; cell++) orient[cell] = 0;  // White top, Red front, Blue side.
    int code = encode(start, orient);
    distance[code] = 0;
    queue.push_back(code);
    for (size_t head = 0; head < queue.size(); head++) {
        int empty;
        decode(queue[head], &empty, orient);
        int d = distance[queue[head]];
        int x = empty % 3, y = empty / 3;
        int neighbours[4] = {y > 0 ? empty - 3 : -1, y < 2 ? empty + 3 : -1, x > 0 ? empty - 1 : -1, x < 2 ? empty + 1 : -1};
        for (int k = 0; k < 4; k++) {
            int from = neighbours[k];
            if (from < 0) continue;
            int moved = orient[from];
            orient[empty] = k < 2 ? ROLL_VERTICAL[moved] : ROLL_HORIZONTAL[moved];
            int next = encode(from, orient);
            orient[empty] = 0;
            if (distance[next] == 255) {
                distance[next] = d + 1;
                queue.push_back(next);
            }
        }
    }
    return distance;
}

int main() {
    make_orientations();
    std::vector<unsigned char> tables[9];
    int x, y;
    while (std::scanf("%d %d", &x, &y) == 2 && (x || y)) {
        char colour[9][4];
        for (int cell = 0; cell < 9; cell++) std::scanf("%3s", colour[cell]);
        int start = (y - 1) * 3 + (x - 1);
        if (tables[start].empty()) tables[start] = distances_from(start);
        int empty = 0, tops[9], free_cells[8], count = 0;
        for (int cell = 0; cell < 9; cell++) {
            char c = colour[cell][0];
            if (c == 'E') {
                empty = cell;
                continue;
            }
            tops[cell] = c == 'W' ? 0 : c == 'R' ? 1 : 2;
            free_cells[count++] = cell;
        }
        int best = 255;
        for (int choice = 0; choice < 256; choice++) {
            int orient[9] = {0};
            for (int i = 0; i < 8; i++) {
                int cell = free_cells[i], top = tops[cell], others[2], n = 0;
                for (int c = 0; c < 3; c++)
                    if (c != top) others[n++] = c;
                int flip = (choice >> i) & 1;
                orient[cell] = orientation_of(top, others[flip], others[1 - flip]);
            }
            int d = tables[start][encode(empty, orient)];
            if (d < best) best = d;
        }
        std::printf("%d\n", best <= 30 ? best : -1);
    }
    return 0;
}
