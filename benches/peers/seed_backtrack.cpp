// Reference peer: the seed page's algorithm for Project Euler 96, as the
// page writes it. Take the first empty cell in scan order; compute the
// digits still available there once, in one pass over its row, column and
// block; try them in ascending order, recurse, backtrack. No uniqueness
// proof.
//
//   g++ -O3 -march=native -o /tmp/seed benches/peers/seed_backtrack.cpp
//   /tmp/seed data/p096_sudoku.txt      # prints the corner sum, 24702
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

static int g[9][9];

// available: the digits no cell of (r, c)'s row, column or block holds,
// as bits 1..9, found in one pass over the 27 cells.
static int available(int r, int c) {
    int used = 0;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 9; i++) {
        used |= 1 << g[r][i];
        used |= 1 << g[i][c];
        used |= 1 << g[br + i / 3][bc + i % 3];
    }
    return ~used & 0x3FE;
}

static bool solve() {
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            if (g[r][c] == 0) {
                int avail = available(r, c);
                for (int d = 1; d <= 9; d++)
                    if (avail & (1 << d)) {
                        g[r][c] = d;
                        if (solve()) return true;
                    }
                g[r][c] = 0;
                return false;
            }
    return true;
}

int main(int argc, char** argv) {
    std::ifstream in(argc > 1 ? argv[1] : "data/p096_sudoku.txt");
    std::string line;
    long sum = 0;
    while (std::getline(in, line)) {
        if (line.rfind("Grid", 0) != 0) continue;
        for (int r = 0; r < 9; r++) {
            std::getline(in, line);
            for (int c = 0; c < 9; c++) g[r][c] = line[c] - '0';
        }
        if (solve()) sum += g[0][0] * 100 + g[0][1] * 10 + g[0][2];
    }
    std::printf("%ld\n", sum);
    return 0;
}
