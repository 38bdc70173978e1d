/*
 * generate_bench - no-guess boards: time per board and success rate per
 * size and level, beside a straightforward generate-and-test baseline.
 *
 *   generate_bench BOARDS BASELINE_BOARDS
 *
 * For each of four sizes (16 x 30 / 99, 16 x 16 / 99, 16 x 30 / 170,
 * 100 x 100 / 2000) and each level, BOARDS boards (seeds 1, 2, ...; the
 * first click in the middle) by the core's generator (sap_generate_*), and
 * BASELINE_BOARDS by the baseline: lay the mines at random around the
 * click (as the generator does), play the board with the player the level
 * names (the statement's casual player, or one that opens every cell the
 * deduction engine proves safe), and start over with a new random layout until one clears,
 * giving up after 5 s of trying for one board.  Every board either one
 * serves is checked by that player before it is counted.
 */
#include "sapper.h"
#include "lib/players.h"
#include "lib/ref_casual.h"
#include "lib/samples.h"
#include "tools/generate_full.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

/* The level's player on the layout `mine`: true when it clears the board.
 * CASUAL: the statement's casual player word for word (tests/lib's
 * ref_casual_closure); NOGUESS: every cell the deduction engine proves. */
static bool clears(const unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t row,
                   uint32_t col, enum sap_level level)
{
    static unsigned char state[100 * 100];
    uint32_t x, safe = 0;
    if (level == SAP_LEVEL_NOGUESS)
        return player_logic_clears(mine, rows, cols, row, col);
    for (x = 0; x < rows * cols; x++)
        safe += !mine[x];
    return ref_casual_closure(mine, rows, cols, row * cols + col, state) == safe;
}

/* The baseline's random layout: `mines` mines outside the click's 3x3. */
static void random_layout(unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t mines,
                          uint32_t row, uint32_t col)
{
    uint32_t cells = rows * cols, placed = 0;
    memset(mine, 0, cells);
    while (placed < mines) {
        uint32_t x = rnd(cells), r = x / cols, c = x % cols;
        if (mine[x] || (r + 1 >= row && r <= row + 1 && c + 1 >= col && c <= col + 1))
            continue;
        mine[x] = 1;
        placed++;
    }
}

/* Whether the served board in g clears by the level's player (the click
 * in the middle); `mine` and `state` hold a cell each. */
static bool served_clears(const sap_generate *g, unsigned char *mine, unsigned char *state,
                          uint32_t rows, uint32_t cols, enum sap_level level)
{
    uint32_t x, safe = 0, cells = rows * cols;
    for (x = 0; x < cells; x++) {
        mine[x] = sap_generate_mine_at(g, x / cols, x % cols);
        safe += !mine[x];
    }
    if (level == SAP_LEVEL_NOGUESS)
        return player_logic_clears(mine, rows, cols, rows / 2, cols / 2);
    return ref_casual_closure(mine, rows, cols, rows / 2 * cols + cols / 2, state) == safe;
}

/* How generation grows with the board, NOGUESS at 20 % mines and CASUAL at
 * 15 %: the median time a board (seeds 1, 2, ...; the click in the middle)
 * and a cell, by the core's generator and by the baseline (generate_full.c,
 * the same generator deducing the whole board after every round of
 * openings and playing from the click after every perturbation; the
 * biggest boards take it minutes, and are left to it only with
 * BENCH_FULL_BIG=1).  The 100 x 100 and 400 x 400 boards served are checked
 * by the level's player (tests/lib: the engine-only player, the statement's
 * casual player), outside the timing. */
static int growth(enum sap_level level)
{
    static const struct {
        uint32_t rows, cols, mines[3];
        unsigned boards, full_boards, check;
    } rows_of[] = { { 16, 30, { 0, 72, 99 }, 200, 50, 0 },
                    { 100, 100, { 0, 1500, 2000 }, 20, 5, 3 },
                    { 400, 400, { 0, 24000, 32000 }, 7, 1, 1 },
                    { 1000, 1000, { 0, 150000, 200000 }, 5, 0, 0 } };
    unsigned i, k;
    int status = 0;
    bool big = getenv("BENCH_FULL_BIG") != NULL;
    const char *name = level == SAP_LEVEL_NOGUESS ? "NOGUESS" : "CASUAL";
    printf("\n%-18s %26s %26s %8s\n",
           level == SAP_LEVEL_NOGUESS ? "NOGUESS board" : "CASUAL board",
           "sapper: median ms (us/cell)", "full-pass baseline", "ratio");
    for (i = 0; i < sizeof rows_of / sizeof rows_of[0]; i++) {
        uint32_t rows = rows_of[i].rows, cols = rows_of[i].cols,
                 mines = rows_of[i].mines[level];
        uint32_t cells = rows * cols, seed, served = 0;
        unsigned full_boards = rows_of[i].full_boards + (big && rows_of[i].full_boards == 0);
        size_t bytes = SAP_GENERATE_BYTES(rows, cols),
               full_bytes = FULL_GENERATE_BYTES(rows, cols);
        void *block = malloc(bytes > full_bytes ? bytes : full_bytes);
        unsigned char *mine = malloc(cells), *state = malloc(cells);
        double ms[200], full_ms[200], ours, full = 0;
        char label[32], full_text[64] = "not run (minutes a board)", ratio[16] = "-";
        if (block == NULL || mine == NULL || state == NULL) {
            free(block);
            free(mine);
            free(state);
            return 1;
        }
        for (seed = 1; seed <= rows_of[i].boards; seed++) {
            sap_generate *g;
            double t0 = now_ms();
            int err = sap_generate_init(&g, block, bytes, rows, cols, mines, seed, level,
                                        rows / 2, cols / 2);
            if (err == SAP_OK)
                while ((err = sap_generate_step(g, 65536)) == SAP_MORE)
                    continue;
            ms[seed - 1] = now_ms() - t0;
            served += err == SAP_OK;
            if (err == SAP_OK && seed <= rows_of[i].check) {
                if (!served_clears(g, mine, state, rows, cols, level)) {
                    printf("a served board does not clear: %ux%u seed %u\n", rows, cols, seed);
                    status = 1;
                }
            }
        }
        ours = quantile(ms, rows_of[i].boards, 0.5);
        for (k = 0; k < full_boards; k++) {
            full_generate *g;
            double t0 = now_ms();
            int err = full_generate_init(&g, block, full_bytes, rows, cols, mines, k + 1, level,
                                         rows / 2, cols / 2);
            if (err == SAP_OK)
                while (full_generate_step(g, 65536) == SAP_MORE)
                    continue;
            full_ms[k] = now_ms() - t0;
        }
        if (full_boards > 0) {
            full = quantile(full_ms, full_boards, 0.5);
            snprintf(full_text, sizeof full_text, "%.2f ms (%.2f us)", full,
                     full * 1e3 / cells);
            snprintf(ratio, sizeof ratio, "%.1fx", full / ours);
        }
        snprintf(label, sizeof label, "%ux%u/%u", rows, cols, mines);
        printf("%-18s %15.2f (%6.2f us) %26s %8s   %u of %u served\n", label, ours,
               ours * 1e3 / cells, full_text, ratio, served, rows_of[i].boards);
        printf(
            "summary\t%s %s (median a board of %u; us a cell)\t%.2f ms (%.2f us)\t%s\t%s\t-\n",
            name, label, rows_of[i].boards, ours, ours * 1e3 / cells, full_text, ratio);
        fflush(stdout);
        free(block);
        free(mine);
        free(state);
    }
    return status;
}

int main(int argc, char **argv)
{
    static const uint32_t sizes[][3] = {
        { 16, 30, 99 }, { 16, 16, 99 }, { 16, 30, 170 }, { 100, 100, 2000 }
    };
    static const char *const level_names[] = { "", "CASUAL", "NOGUESS" };
    unsigned boards, base_boards, i, level;
    void *block = malloc(SAP_GENERATE_BYTES(100, 100));
    unsigned char *mine = malloc(100 * 100);
    int status = 0;

    if (argc != 3 || block == NULL || mine == NULL) {
        fprintf(stderr, "usage: generate_bench BOARDS BASELINE_BOARDS\n");
        free(block);
        free(mine);
        return 2;
    }
    boards = (unsigned)atoi(argv[1]);
    base_boards = (unsigned)atoi(argv[2]);
    printf("%-14s %-8s %22s %10s %28s\n", "board", "level", "sapper: mean ms/board", "served",
           "generate-and-test: mean ms");
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (level = SAP_LEVEL_CASUAL; level <= SAP_LEVEL_NOGUESS; level++) {
            uint32_t rows = sizes[i][0], cols = sizes[i][1], mines = sizes[i][2];
            uint32_t row = rows / 2, col = cols / 2, seed, served = 0, base_served = 0;
            double t0 = now_ms(), ours, base_total = 0;
            unsigned long tries = 0;
            char label[32], base_text[64];
            for (seed = 1; seed <= boards; seed++) {
                sap_generate *g;
                int err = sap_generate_init(&g, block, SAP_GENERATE_BYTES(rows, cols), rows,
                                            cols, mines, seed, (enum sap_level)level, row, col);
                if (err == SAP_OK)
                    while ((err = sap_generate_step(g, 65536)) == SAP_MORE)
                        continue;
                tries += sap_generate_tries(g);
                if (err == SAP_OK)
                    served++;
            }
            ours = (now_ms() - t0) / boards;
            /* check what was served (outside the timing) */
            for (seed = 1; seed <= boards; seed++) {
                sap_generate *g;
                uint32_t x;
                int err = sap_generate_init(&g, block, SAP_GENERATE_BYTES(rows, cols), rows,
                                            cols, mines, seed, (enum sap_level)level, row, col);
                if (err == SAP_OK)
                    while ((err = sap_generate_step(g, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                        continue;
                if (err != SAP_OK)
                    continue;
                for (x = 0; x < rows * cols; x++)
                    mine[x] = sap_generate_mine_at(g, x / cols, x % cols);
                if (!clears(mine, rows, cols, row, col, (enum sap_level)level)) {
                    printf("a served board does not clear: seed %u\n", seed);
                    status = 1;
                }
            }
            for (seed = 1; seed <= base_boards; seed++) {
                double start = now_ms();
                rng = 0x9E3779B97F4A7C15ull * seed + level;
                for (;;) {
                    random_layout(mine, rows, cols, mines, row, col);
                    if (clears(mine, rows, cols, row, col, (enum sap_level)level)) {
                        base_served++;
                        break;
                    }
                    if (now_ms() - start > 5000)
                        break; /* gave up on this one */
                }
                base_total += now_ms() - start;
            }
            snprintf(label, sizeof label, "%ux%u/%u", rows, cols, mines);
            if (base_boards > 0)
                snprintf(base_text, sizeof base_text, "%.1f (%u of %u found)",
                         base_total / base_boards, base_served, base_boards);
            else
                snprintf(base_text, sizeof base_text, "-");
            {
                static const char *const anchors[] = { "< 3 ms (Tatham)", "< 30 ms (Tatham)",
                                                       "< 50 ms (Tatham)",
                                                       "< 100 ms (Tatham)" };
                char base_cell[32] = "-", ratio[32] = "-";
                if (base_boards > 0 && base_served == base_boards) {
                    snprintf(base_cell, sizeof base_cell, "%.1f ms", base_total / base_boards);
                    snprintf(ratio, sizeof ratio, "%.0fx", base_total / base_boards / ours);
                } else if (base_boards > 0) {
                    snprintf(base_cell, sizeof base_cell, "%u of %u found", base_served,
                             base_boards);
                }
                printf(
                    "summary\tno-guess %s %s (mean a board, %u of %u served)\t%.2f ms\t%s\t%s"
                    "\t%s\n",
                    label, level_names[level], served, boards, ours, base_cell, ratio,
                    level == SAP_LEVEL_NOGUESS ? anchors[i] : "-");
            }
            printf("%-14s %-8s %22.2f %6u/%-4u %28s   (%.1f perturbations a board)\n", label,
                   level_names[level], ours, served, boards, base_text, (double)tries / boards);
            fflush(stdout);
        }
    status |= growth(SAP_LEVEL_NOGUESS);
    status |= growth(SAP_LEVEL_CASUAL);
    free(block);
    free(mine);
    return status;
}
