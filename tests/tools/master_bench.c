/*
 * master_bench - every (R, C, M) with R, C <= 30 (216,225 boards), each
 * planned and written cell by cell into an output buffer, timed against a
 * straightforward contest-style baseline that builds each board in a char
 * array and then copies it out.  Prints medians over several runs.
 *
 *   master_bench [runs]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/ref_master.h"
#include "lib/samples.h"
#include "sapper.h"

#define SIDE 30

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: the machine is shared */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char output[SIDE * (SIDE + 1) + 16];

/* The core: a plan, then every row through sap_master_write_row. */
static unsigned long run_core(unsigned long *checksum)
{
    unsigned long boards = 0;
    uint32_t rows, cols, mines, r;
    for (rows = 1; rows <= SIDE; rows++)
        for (cols = 1; cols <= SIDE; cols++)
            for (mines = 0; mines < rows * cols; mines++) {
                struct sap_master plan;
                size_t n = 0;
                if (sap_master_plan(&plan, rows, cols, mines) == SAP_OK) {
                    for (r = 0; r < rows; r++) {
                        n += sap_master_write_row(&plan, r, 0, output + n, cols);
                        output[n++] = '\n';
                    }
                } else {
                    memcpy(output, "Impossible\n", 11);
                    n = 11;
                }
                *checksum += (unsigned long)output[n / 2] + n;
                boards++;
            }
    return boards;
}

/* The baseline: the usual contest solution.  Fill a char grid with mines,
 * carve the safe cells out of the top-left corner case by case, put the
 * click, copy the rows out. */
static int baseline_board(char grid[SIDE][SIDE], int rows, int cols, int mines)
{
    int safe = rows * cols - mines, r, c;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            grid[r][c] = '*';
    if (safe == 1) {
        /* only the click */
    } else if (rows == 1) {
        for (c = 0; c < safe; c++)
            grid[0][c] = '.';
    } else if (cols == 1) {
        for (r = 0; r < safe; r++)
            grid[r][0] = '.';
    } else if (rows == 2 || cols == 2) {
        if (safe % 2 != 0 || safe < 4)
            return 0;
        for (r = 0; r < (rows == 2 ? 2 : safe / 2); r++)
            for (c = 0; c < (rows == 2 ? safe / 2 : 2); c++)
                grid[r][c] = '.';
    } else if (safe == 2 || safe == 3 || safe == 5 || safe == 7) {
        return 0;
    } else if (safe <= 2 * cols + 1) {
        int width = safe % 2 == 0 ? safe / 2 : (safe - 3) / 2;
        for (r = 0; r < 2; r++)
            for (c = 0; c < width; c++)
                grid[r][c] = '.';
        if (safe % 2 != 0)
            for (c = 0; c < 3; c++)
                grid[2][c] = '.';
    } else {
        int left = safe;
        for (r = 0; r < rows && left > 0; r++)
            for (c = 0; c < cols && left > 0; c++, left--)
                grid[r][c] = '.';
        if (safe % cols == 1) { /* a lone cell: move the row above's last cell down */
            r = safe / cols;
            grid[r - 1][cols - 1] = '*';
            grid[r][1] = '.';
        }
    }
    grid[0][0] = 'c';
    return 1;
}

static unsigned long run_baseline(unsigned long *checksum)
{
    static char grid[SIDE][SIDE];
    unsigned long boards = 0;
    int rows, cols, mines, r;
    for (rows = 1; rows <= SIDE; rows++)
        for (cols = 1; cols <= SIDE; cols++)
            for (mines = 0; mines < rows * cols; mines++) {
                size_t n = 0;
                if (baseline_board(grid, rows, cols, mines)) {
                    for (r = 0; r < rows; r++) {
                        memcpy(output + n, grid[r], (size_t)cols);
                        n += (size_t)cols;
                        output[n++] = '\n';
                    }
                } else {
                    memcpy(output, "Impossible\n", 11);
                    n = 11;
                }
                *checksum += (unsigned long)output[n / 2] + n;
                boards++;
            }
    return boards;
}

/* Both are checked once before timing, on every board up to 12 x 12. */
static int validate(void)
{
    static char grid[SIDE][SIDE];
    char board[SIDE * SIDE];
    int rows, cols, mines, r, bad = 0;
    for (rows = 1; rows <= 12; rows++)
        for (cols = 1; cols <= 12; cols++)
            for (mines = 0; mines < rows * cols; mines++) {
                struct sap_master plan;
                int ok = baseline_board(grid, rows, cols, mines);
                int core = sap_master_plan(&plan, (uint32_t)rows, (uint32_t)cols,
                                           (uint32_t)mines)
                           == SAP_OK;
                if (ok != core)
                    bad++;
                if (!ok)
                    continue;
                for (r = 0; r < rows; r++)
                    memcpy(board + r * cols, grid[r], (size_t)cols);
                if (ref_master_check(board, (uint32_t)rows, (uint32_t)cols, (uint32_t)mines)
                    != NULL)
                    bad++;
            }
    return bad;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5, i;
    double core[64], base[64], core_median, base_median;
    unsigned long boards = 0, sum_core = 0, sum_base = 0;

    if (runs < 1 || runs > 64)
        runs = 5;
    if (validate() != 0) {
        fprintf(stderr, "master_bench: the baseline or the core is wrong on small boards\n");
        return 1;
    }
    for (i = 0; i < runs; i++) {
        double t0 = now();
        boards = run_core(&sum_core);
        core[i] = now() - t0;
        t0 = now();
        run_baseline(&sum_base);
        base[i] = now() - t0;
    }
    core_median = quantile(core, (size_t)runs, 0.5);
    base_median = quantile(base, (size_t)runs, 0.5);
    printf("master: %lu boards (every R, C <= %d, every M), median of %d runs\n", boards, SIDE,
           runs);
    printf("  core (plan + write every cell):  %8.1f ms  %12.0f boards/s\n", core_median * 1e3,
           boards / core_median);
    printf("  baseline (char array per board): %8.1f ms  %12.0f boards/s\n", base_median * 1e3,
           boards / base_median);
    printf("  ratio core/baseline throughput:  %.2fx   (checksums %lu %lu)\n",
           base_median / core_median, sum_core % 1000, sum_base % 1000);
    return 0;
}
