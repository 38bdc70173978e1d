/*
 * test_geometry.c - core/geometry.h against plain definitions: the eight
 * neighbour steps, the clipped blocks and boxes on every small board, the
 * first click's zone and the seeded generator: its 64-bit product from
 * 16-bit halves, and draws that favour no value where a plain
 * multiply-shift would favour a third of them; and beside them the number
 * a player sees (game.h's sap_seen_number).
 */
#include "check.h"
#include "game.h" /* sap_seen_number */
#include "geometry.h"
#include "sapper.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void test_steps(void)
{
    int seen[3][3] = { { 0 } };
    unsigned d;
    for (d = 0; d < 8; d++) {
        /* through the accessors: from (1, 1) a step lands in 0..2 */
        int dr = (int)sap_step_row(1, d) - 1, dc = (int)sap_step_col(1, d) - 1;
        CHECK(dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1 && (dr != 0 || dc != 0));
        seen[dr + 1][dc + 1]++;
        /* d and 7 - d are opposite: the walks in game.c and stats.c step back by it */
        CHECK_EQ_INT((int)sap_step_row(1, 7 - d) - 1, -dr);
        CHECK_EQ_INT((int)sap_step_col(1, 7 - d) - 1, -dc);
        if (d > 0) /* row-major order */
            CHECK((dr + 1) * 3 + dc
                  > (int)sap_step_row(1, d - 1) * 3 + (int)sap_step_col(1, d - 1) - 1);
    }
    for (d = 0; d < 9; d++)
        CHECK_EQ_INT(seen[d / 3][d % 3], d == 4 ? 0 : 1);
    /* off the top or left edge wraps, so one unsigned test catches it */
    CHECK_EQ_INT(sap_step_row(0, 0), UINT32_MAX);
    CHECK_EQ_INT(sap_step_col(0, 3), UINT32_MAX);
    CHECK_EQ_INT(sap_step_row(4, 7), 5);
    CHECK_EQ_INT(sap_step_col(4, 7), 5);
}

/* Every box on every board up to 5 x 5: exactly the cells within reach. */
static void test_boxes(void)
{
    uint32_t rows, cols, r, c, reach, rr, cc;
    for (rows = 1; rows <= 5; rows++)
        for (cols = 1; cols <= 5; cols++)
            for (r = 0; r < rows; r++)
                for (c = 0; c < cols; c++)
                    for (reach = 1; reach <= 2; reach++) {
                        struct sap_box box = sap_box_within(rows, cols, r, c, reach);
                        uint32_t inside = 0;
                        for (rr = 0; rr < rows; rr++)
                            for (cc = 0; cc < cols; cc++) {
                                bool near = rr + reach >= r && rr <= r + reach
                                            && cc + reach >= c && cc <= c + reach;
                                inside += near;
                                CHECK_EQ_INT(sap_box_holds(&box, rr, cc), near);
                            }
                        CHECK_EQ_INT(sap_box_cells(&box), inside);
                        CHECK(box.bottom < rows && box.right < cols);
                        if (reach == 1) {
                            struct sap_box block = sap_block_around(rows, cols, r, c);
                            struct sap_box same = sap_block_around_cell(rows, cols,
                                                                        r * cols + c);
                            CHECK(memcmp(&block, &box, sizeof box) == 0);
                            CHECK(memcmp(&same, &box, sizeof box) == 0);
                        }
                    }
}

/* The first click's block is kept clear while the mines leave room. */
static void test_first_click_zone(void)
{
    struct sap_box zone = sap_first_click_zone(9, 9, 4, 4, 72);
    CHECK_EQ_INT(sap_box_cells(&zone), 9);
    zone = sap_first_click_zone(9, 9, 4, 4, 73);
    CHECK_EQ_INT(sap_box_cells(&zone), 1);
    CHECK(sap_box_holds(&zone, 4, 4));
    zone = sap_first_click_zone(9, 9, 0, 0, 77); /* a corner's block is 4 cells */
    CHECK_EQ_INT(sap_box_cells(&zone), 4);
    zone = sap_first_click_zone(9, 9, 0, 0, 78);
    CHECK_EQ_INT(sap_box_cells(&zone), 1);
}

/* The number the player sees: the opened cells' numbers, -1 on covered,
 * flagged and questioned cells alike. */
static void test_seen_number(void)
{
    size_t bytes = SAP_GAME_BYTES(1, 4);
    void *block = malloc(bytes);
    sap_game *g;
    CHECK_EQ_INT(sap_game_init(&g, block, bytes, 1, 4), SAP_OK);
    CHECK_EQ_INT(sap_game_set_row(g, 0, 0, "_*__", 4), SAP_OK);
    CHECK_EQ_INT(sap_game_move(g, SAP_OP_LEFT, 1, 1), SAP_RUNNING);
    CHECK_EQ_INT(sap_game_move(g, SAP_OP_RIGHT, 1, 3), SAP_RUNNING); /* a flag */
    CHECK_EQ_INT(sap_game_move(g, SAP_OP_RIGHT, 1, 4), SAP_RUNNING);
    CHECK_EQ_INT(sap_game_move(g, SAP_OP_RIGHT, 1, 4), SAP_RUNNING); /* a '?' */
    CHECK_EQ_INT(sap_seen_number(g, 0, 0), 1);
    CHECK_EQ_INT(sap_seen_number(g, 0, 1), -1);
    CHECK_EQ_INT(sap_seen_number(g, 0, 2), -1);
    CHECK_EQ_INT(sap_seen_number(g, 0, 3), -1);
    CHECK_EQ_INT(sap_game_move(g, SAP_OP_LEFT, 1, 4), SAP_RUNNING);
    CHECK_EQ_INT(sap_seen_number(g, 0, 3), 0);
    free(block);
}

static void test_product_high(void)
{
    static const uint32_t edge[] = { 0,           1,           2,
                                     0xFFFFu,     0x10000u,    0x7FFFFFFFu,
                                     0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu };
    uint32_t state = sap_random_start(1), i, j;
    for (i = 0; i < sizeof edge / sizeof edge[0]; i++)
        for (j = 0; j < sizeof edge / sizeof edge[0]; j++)
            CHECK_EQ_INT(sap_product_high(edge[i], edge[j]),
                         (uint32_t)(((uint64_t)edge[i] * edge[j]) >> 32));
    for (i = 0; i < 100000 && check_failures_in_test == 0; i++) {
        uint32_t a = sap_random_next(&state), b = sap_random_next(&state);
        CHECK_EQ_INT(sap_product_high(a, b), (uint32_t)(((uint64_t)a * b) >> 32));
    }
}

static void test_random_below(void)
{
    /* With bound 3 * 2^30, a plain multiply-shift turns every four values
     * of x into 3k, 3k, 3k + 1, 3k + 2: half its draws would be multiples
     * of 3.  Drawn again past the surplus, a third are. */
    const uint32_t bound = 3u << 30;
    uint32_t state = sap_random_start(7), i, multiples = 0, n = 60000, small[5] = { 0 };
    for (i = 0; i < n; i++) {
        uint32_t v = sap_random_below(&state, bound);
        CHECK(v < bound);
        multiples += v % 3u == 0;
    }
    CHECK(multiples > n / 3 - n / 50 && multiples < n / 3 + n / 50);
    /* small bounds: every value comes, about equally often */
    for (i = 0; i < 50000; i++)
        small[sap_random_below(&state, 5)]++;
    for (i = 0; i < 5; i++)
        CHECK(small[i] > 9500 && small[i] < 10500);
    CHECK_EQ_INT(sap_random_below(&state, 1), 0);
    CHECK_EQ_INT(sap_random_below(&state, 0), 0);
    /* a seed starts a state xorshift can leave, and neighbouring seeds differ */
    for (i = 0; i < 1000; i++) {
        CHECK(sap_random_start(i) != 0);
        CHECK(sap_random_start(i) != sap_random_start(i + 1));
    }
}

int main(void)
{
    RUN_TEST(test_steps);
    RUN_TEST(test_boxes);
    RUN_TEST(test_first_click_zone);
    RUN_TEST(test_seen_number);
    RUN_TEST(test_product_high);
    RUN_TEST(test_random_below);
    return check_summary("test_geometry");
}
