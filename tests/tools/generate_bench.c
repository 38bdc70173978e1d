/*
 * generate_bench - no-guess boards: time per board and success rate per
 * size and level, beside a straightforward generate-and-test baseline.
 *
 *   generate_bench BOARDS BASELINE_BOARDS
 *
 * For each size of the issue (16 x 30 / 99, 16 x 16 / 99, 16 x 30 / 170,
 * 100 x 100 / 2000) and each level, BOARDS boards (seeds 1, 2, ...; the
 * first click in the middle) by the core's generator (sap_generate_*), and
 * BASELINE_BOARDS by the baseline: lay the mines at random around the
 * click (as the generator does), play the board with the same player the
 * level names (the deduction engine at its depth, opening every cell it
 * proves safe), and start over with a new random layout until one clears,
 * giving up after 5 s of trying for one board.  Every board either one
 * serves is checked by that player before it is counted.
 */
#include "sapper.h"

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
 * CASUAL: one number at a time, no mine count (the casual player's rules
 * 1 and 2: a number whose mines are all known clears the rest, a number
 * with as many unknown cells as missing mines marks them); NOGUESS: every
 * cell the deduction engine proves. */
static bool clears(const unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t row,
                   uint32_t col, enum sap_level level, void *gblock, void *dblock)
{
    uint32_t cells = rows * cols, x;
    sap_game *g;
    sap_game_init(&g, gblock, SAP_GAME_BYTES(rows, cols), rows, cols);
    for (x = 0; x < cells; x++)
        if (mine[x])
            sap_game_set_mine(g, x / cols, x % cols, true);
    sap_game_move(g, 1, row + 1, col + 1);
    if (level == SAP_LEVEL_CASUAL) {
        /* known mines kept here; sweeps of the two rules to a fixpoint */
        static unsigned char known[100 * 100];
        bool moved = true;
        memset(known, 0, cells);
        while (moved && sap_game_state(g) == SAP_RUNNING) {
            moved = false;
            for (x = 0; x < cells; x++) {
                char v = sap_game_cell(g, x / cols, x % cols);
                int r = (int)(x / cols), c = (int)(x % cols), dr, dc, unknown = 0, marked = 0;
                if (v < '1' || v > '8')
                    continue;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++) {
                        int rr = r + dr, cc = c + dc;
                        if (rr < 0 || cc < 0 || rr >= (int)rows || cc >= (int)cols
                            || sap_game_cell(g, (uint32_t)rr, (uint32_t)cc) != '_')
                            continue;
                        if (known[rr * (int)cols + cc])
                            marked++;
                        else
                            unknown++;
                    }
                if (unknown == 0 || (marked != v - '0' && marked + unknown != v - '0'))
                    continue;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++) {
                        int rr = r + dr, cc = c + dc;
                        if (rr < 0 || cc < 0 || rr >= (int)rows || cc >= (int)cols
                            || sap_game_cell(g, (uint32_t)rr, (uint32_t)cc) != '_'
                            || known[rr * (int)cols + cc])
                            continue;
                        if (marked == v - '0')
                            sap_game_move(g, 1, (uint32_t)rr + 1, (uint32_t)cc + 1);
                        else
                            known[rr * (int)cols + cc] = 1;
                        moved = true;
                    }
            }
        }
        return sap_game_state(g) == SAP_WIN;
    }
    while (sap_game_state(g) == SAP_RUNNING) {
        sap_deduce *d;
        uint32_t p, opened = 0;
        sap_deduce_init(&d, dblock, SAP_DEDUCE_BYTES(rows, cols), g);
        if (sap_deduce_step(d, SAP_BUDGET_UNLIMITED) != SAP_OK)
            return false;
        for (x = 0; x < cells; x++)
            if (sap_deduce_cell(d, x / cols, x % cols, &p) == SAP_CELL_SAFE
                && sap_game_cell(g, x / cols, x % cols) == '_') {
                sap_game_move(g, 1, x / cols + 1, x % cols + 1);
                opened++;
            }
        if (opened == 0)
            return false;
    }
    return sap_game_state(g) == SAP_WIN;
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

int main(int argc, char **argv)
{
    static const uint32_t sizes[][3] = { { 16, 30, 99 }, { 16, 16, 99 }, { 16, 30, 170 },
                                         { 100, 100, 2000 } };
    static const char *const level_names[] = { "", "CASUAL", "NOGUESS" };
    unsigned boards, base_boards, i, level;
    void *gblock = malloc(SAP_GAME_BYTES(100, 100)), *dblock = malloc(SAP_DEDUCE_BYTES(100, 100));
    void *block = malloc(SAP_GENERATE_BYTES(100, 100));
    unsigned char *mine = malloc(100 * 100);
    int status = 0;

    if (argc != 3 || gblock == NULL || dblock == NULL || block == NULL || mine == NULL) {
        fprintf(stderr, "usage: generate_bench BOARDS BASELINE_BOARDS\n");
        return 2;
    }
    boards = (unsigned)atoi(argv[1]);
    base_boards = (unsigned)atoi(argv[2]);
    printf("%-14s %-8s %22s %10s %28s\n", "board", "level", "sapper: mean ms/board",
           "served", "generate-and-test: mean ms");
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (level = SAP_LEVEL_CASUAL; level <= SAP_LEVEL_NOGUESS; level++) {
            uint32_t rows = sizes[i][0], cols = sizes[i][1], mines = sizes[i][2];
            uint32_t row = rows / 2, col = cols / 2, seed, served = 0, base_served = 0;
            double t0 = now_ms(), ours, base_total = 0;
            unsigned long tries = 0;
            char label[32], base_text[64];
            for (seed = 1; seed <= boards; seed++) {
                sap_generate *g;
                int err = sap_generate_init(&g, block, SAP_GENERATE_BYTES(rows, cols), rows, cols,
                                            mines, seed, (enum sap_level)level, row, col);
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
                int err = sap_generate_init(&g, block, SAP_GENERATE_BYTES(rows, cols), rows, cols,
                                            mines, seed, (enum sap_level)level, row, col);
                if (err == SAP_OK)
                    while ((err = sap_generate_step(g, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                        continue;
                if (err != SAP_OK)
                    continue;
                for (x = 0; x < rows * cols; x++)
                    mine[x] = sap_generate_mine_at(g, x / cols, x % cols);
                if (!clears(mine, rows, cols, row, col, (enum sap_level)level, gblock, dblock)) {
                    printf("a served board does not clear: seed %u\n", seed);
                    status = 1;
                }
            }
            for (seed = 1; seed <= base_boards; seed++) {
                double start = now_ms();
                rng = 0x9E3779B97F4A7C15ull * seed + level;
                for (;;) {
                    random_layout(mine, rows, cols, mines, row, col);
                    if (clears(mine, rows, cols, row, col, (enum sap_level)level, gblock, dblock)) {
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
            printf("%-14s %-8s %22.2f %6u/%-4u %28s   (%.1f perturbations a board)\n", label,
                   level_names[level], ours, served, boards, base_text, (double)tries / boards);
            fflush(stdout);
        }
    return status;
}
