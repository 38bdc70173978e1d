/*
 * test_stats.c - STATS's figures (core/stats.c) against a plain reference
 * written from the definitions of core/PROTOCOL.md (STATS): int arrays, a
 * breadth-first queue per group.  Random boards of every shape up to
 * 40 x 40 at densities from empty to nearly full, budgets of 1, 7 and
 * unlimited steps a call; hand counted boards; the click count; a random
 * board before its mines exist.
 */
#include "check.h"
#include "sapper.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

/* The reference: each cell's number (-1 for a mine), then groups by BFS. */
static void reference(const sap_game *g, struct sap_board_stats *out)
{
    int rows = (int)sap_game_rows(g), cols = (int)sap_game_cols(g), cells = rows * cols;
    int *number = malloc(sizeof(int) * (size_t)cells),
        *queue = malloc(sizeof(int) * (size_t)cells);
    char *lonely = calloc((size_t)cells, 1), *seen = calloc((size_t)cells, 1);
    int x, dr, dc;

    memset(out, 0, sizeof *out);
    for (x = 0; x < cells; x++) {
        int r = x / cols, c = x % cols, n = 0;
        if (sap_game_mine_at(g, (uint32_t)r, (uint32_t)c)) {
            number[x] = -1;
            continue;
        }
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++)
                if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols)
                    n += sap_game_mine_at(g, (uint32_t)(r + dr), (uint32_t)(c + dc));
        number[x] = n;
    }
    for (x = 0; x < cells; x++) {
        int r = x / cols, c = x % cols, touches_zero = 0;
        if (number[x] <= 0)
            continue;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++)
                if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols
                    && number[(r + dr) * cols + c + dc] == 0)
                    touches_zero = 1;
        if (!touches_zero) {
            lonely[x] = 1;
            out->bv3++;
        }
    }
    for (x = 0; x < cells; x++) {
        int zero = number[x] == 0, head = 0, tail = 0;
        if (seen[x] || !(zero || lonely[x]))
            continue;
        if (zero)
            out->openings++;
        else
            out->islands++;
        seen[x] = 1;
        queue[tail++] = x;
        while (head < tail) {
            int y = queue[head++], r = y / cols, c = y % cols;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++) {
                    int z = (r + dr) * cols + c + dc;
                    if (r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols || seen[z])
                        continue;
                    if (zero ? number[z] == 0 : lonely[z]) {
                        seen[z] = 1;
                        queue[tail++] = z;
                    }
                }
        }
    }
    out->bv3 += out->openings;
    out->clicks = sap_game_clicks(g);
    free(number);
    free(queue);
    free(lonely);
    free(seen);
}

static int stats_of(const sap_game *g, uint32_t budget, struct sap_board_stats *out)
{
    size_t bytes = SAP_STATS_BYTES(sap_game_rows(g), sap_game_cols(g));
    void *block = malloc(bytes);
    sap_stats *s;
    int err = sap_stats_init(&s, block, bytes, g);
    if (err == SAP_OK) {
        while ((err = sap_stats_step(s, budget)) == SAP_MORE)
            CHECK_EQ_INT(sap_stats_result(s, out), SAP_ERR_STATE);
        if (err == SAP_OK)
            err = sap_stats_result(s, out);
    }
    free(block);
    return err;
}

static void test_against_reference(void)
{
    static const uint32_t budgets[] = { 1, 7, SAP_BUDGET_UNLIMITED };
    int round, islands = 0;
    for (round = 0; round < 3000 && check_failures_in_test == 0; round++) {
        uint32_t rows = 1 + rnd(round < 2000 ? 8 : 40), cols = 1 + rnd(round < 2000 ? 8 : 40);
        uint32_t density = rnd(101), i, clicks = rnd(4);
        size_t bytes = SAP_GAME_BYTES(rows, cols);
        void *block = malloc(bytes);
        sap_game *g;
        struct sap_board_stats want, got;
        sap_game_init(&g, block, bytes, rows, cols);
        for (i = 0; i < rows * cols; i++)
            if (rnd(100) < density)
                sap_game_set_mine(g, i / cols, i % cols, true);
        for (i = 0; i < clicks; i++)
            sap_game_move(g, 1 + (int)rnd(3), 1 + rnd(rows), 1 + rnd(cols));
        reference(g, &want);
        if (CHECK_EQ_INT(stats_of(g, budgets[round % 3], &got), SAP_OK)) {
            CHECK_EQ_INT(got.bv3, want.bv3);
            CHECK_EQ_INT(got.openings, want.openings);
            CHECK_EQ_INT(got.islands, want.islands);
            CHECK_EQ_INT(got.clicks, want.clicks);
        }
        islands += want.islands > 1;
        free(block);
    }
    CHECK(islands > 100);
}

/* Counted by hand:   * 1 0 0
 *                    1 2 1 1
 *                    0 1 * 1
 * openings {(1,3),(1,4)} and {(3,1)}; every number touches a 0 but (3,4),
 * which is the one island; 3BV = 2 + 1. */
static void test_by_hand(void)
{
    size_t bytes = SAP_GAME_BYTES(3, 4);
    void *block = malloc(bytes);
    sap_game *g;
    struct sap_board_stats b;
    sap_game_init(&g, block, bytes, 3, 4);
    sap_game_set_mine(g, 0, 0, true);
    sap_game_set_mine(g, 2, 2, true);
    CHECK_EQ_INT(stats_of(g, 1, &b), SAP_OK);
    CHECK_EQ_INT(b.bv3, 3);
    CHECK_EQ_INT(b.openings, 2);
    CHECK_EQ_INT(b.islands, 1);
    CHECK_EQ_INT(b.clicks, 0);
    /* clicks: any button, while the game runs; INVALID ones do not count */
    sap_game_move(g, 2, 1, 1);
    sap_game_move(g, 2, 1, 1);
    sap_game_move(g, 1, 1, 4);
    CHECK_EQ_INT(sap_game_clicks(g), 3);
    sap_game_move(g, 1, 1, 1); /* LOSE: still a click */
    sap_game_move(g, 1, 2, 2); /* INVALID */
    CHECK_EQ_INT(sap_game_clicks(g), 4);
    free(block);
}

static void test_not_laid(void)
{
    size_t bytes = SAP_GAME_BYTES(16, 30), sbytes = SAP_STATS_BYTES(16, 30);
    void *block = malloc(bytes), *sblock = malloc(sbytes);
    sap_game *g;
    sap_stats *s;
    struct sap_board_stats b;
    sap_game_init(&g, block, bytes, 16, 30);
    sap_game_set_random(g, 99, 7);
    CHECK(!sap_game_mines_laid(g));
    CHECK_EQ_INT(sap_stats_init(&s, sblock, sbytes, g), SAP_ERR_STATE);
    sap_game_move(g, 2, 1, 1); /* a flag lays nothing */
    CHECK(!sap_game_mines_laid(g));
    sap_game_move(g, 1, 8, 15);
    CHECK(sap_game_mines_laid(g));
    CHECK_EQ_INT(sap_stats_init(&s, sblock, sbytes - 1, g), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_stats_init(NULL, sblock, sbytes, g), SAP_ERR_ARG);
    if (CHECK_EQ_INT(stats_of(g, SAP_BUDGET_UNLIMITED, &b), SAP_OK)) {
        CHECK(b.openings >= 1); /* the first click opened a zero */
        CHECK_EQ_INT(b.clicks, 2);
    }
    CHECK_EQ_INT(sap_stats_step(NULL, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_stats_result(NULL, &b), SAP_ERR_ARG);
    free(block);
    free(sblock);
}

int main(void)
{
    RUN_TEST(test_against_reference);
    RUN_TEST(test_by_hand);
    RUN_TEST(test_not_laid);
    return check_summary("test_stats");
}
