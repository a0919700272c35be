// Reference peer: the seed page's algorithm for Project Euler 96. Take the
// first empty cell in scan order, try 1..9 against its row, column and
// block by scanning them, recurse, backtrack. No uniqueness proof.
//
//   g++ -O3 -o /tmp/seed benches/peers/seed_backtrack.cpp
//   /tmp/seed data/p096_sudoku.txt      # prints the corner sum, 24702
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

static int g[9][9];

static bool ok(int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (g[r][i] == d || g[i][c] == d) return false;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (g[br + i][bc + j] == d) return false;
    return true;
}

static bool solve() {
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            if (g[r][c] == 0) {
                for (int d = 1; d <= 9; d++)
                    if (ok(r, c, d)) {
                        g[r][c] = d;
                        if (solve()) return true;
                        g[r][c] = 0;
                    }
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
