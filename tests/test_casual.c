/*
 * test_casual.c - the casual player's core API: the statement's boards,
 * argument checking, edge boards, and differential runs against the
 * literal algorithm (tests/lib/ref_casual.c) on thousands of random boards.
 */
#include "check.h"
#include "lib/ref_casual.h"
#include "casual.h" /* the play the generator drives */
#include "sapper.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A board block from the heap, sized by the public macro. */
static sap_casual *board_new(uint32_t rows, uint32_t cols, void **block)
{
    sap_casual *cs = NULL;
    *block = malloc(SAP_CASUAL_BYTES(rows, cols));
    if (*block == NULL)
        abort();
    if (sap_casual_init(&cs, *block, SAP_CASUAL_BYTES(rows, cols), rows, cols) != SAP_OK)
        abort();
    return cs;
}

static sap_casual *board_from_mines(const unsigned char *mines, uint32_t rows, uint32_t cols,
                                    void **block)
{
    sap_casual *cs = board_new(rows, cols, block);
    uint32_t r, c;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            if (mines[r * cols + c])
                sap_casual_set_mine(cs, r, c, true);
    return cs;
}

/* rows given as strings of 'M' and '.' */
static sap_casual *board_from_text(const char *const *text, uint32_t rows, void **block)
{
    uint32_t cols = (uint32_t)strlen(text[0]), r, c;
    sap_casual *cs = board_new(rows, cols, block);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            if (text[r][c] == 'M')
                sap_casual_set_mine(cs, r, c, true);
    return cs;
}

/* A best start: the core's start, played by the reference, leaves the
 * core's minimum covered (any best start will do: the protocol names "a
 * best first cell", and the core takes the first its visiting order
 * expands). */
static void check_best_start(const unsigned char *mines, uint32_t rows, uint32_t cols,
                             const struct sap_casual_result *res)
{
    uint32_t x, safe = 0, start = res->row * cols + res->col;
    unsigned char *state = malloc((size_t)rows * cols);
    if (!CHECK(state != NULL) || !CHECK(res->row < rows && res->col < cols)
        || !CHECK(!mines[start])) {
        free(state);
        return;
    }
    for (x = 0; x < rows * cols; x++)
        safe += !mines[x];
    CHECK_EQ_INT(safe - ref_casual_closure(mines, rows, cols, start, state), res->covered);
    free(state);
}

static void expect_text(const char *const *text, uint32_t rows, uint32_t covered)
{
    void *block;
    sap_casual *cs = board_from_text(text, rows, &block);
    uint32_t cols = (uint32_t)strlen(text[0]), r, c;
    unsigned char *mines = malloc((size_t)rows * cols);
    struct sap_casual_result res;
    if (!CHECK(mines != NULL))
        return;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            mines[r * cols + c] = text[r][c] == 'M';
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
    CHECK_EQ_INT(res.covered, covered);
    check_best_start(mines, rows, cols, &res);
    free(mines);
    free(block);
}

/* The bounded solve: init touches no cell (rows are laid out as set_mine
 * reaches them); one call does about its budget (a 1000 x 1000 board needs
 * over a thousand calls of 1000 steps); the answer is the unbounded one; a
 * set_mine in the middle starts the solve over; NULL is an error. */
static void test_bounded_steps(void)
{
    uint32_t n = SAP_MAX_ROWS, r, c;
    size_t bytes = SAP_CASUAL_BYTES(n, n), i;
    unsigned char *block = malloc(bytes);
    sap_casual *cs;
    struct sap_casual_result a, b;
    unsigned long calls = 0;
    uint64_t rng = 7;
    int err, k;

    if (!CHECK(block != NULL))
        return;
    memset(block, 0xAA, bytes);
    CHECK_EQ_INT(sap_casual_init(&cs, block, bytes, n, n), SAP_OK);
    for (i = SAP_CASUAL_HEADER_BYTES; i < bytes && block[i] == 0xAA; i++)
        continue;
    CHECK_EQ_INT(i, bytes); /* init laid out no cell */
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            if (ref_casual_random(&rng) % 1000 < 150)
                sap_casual_set_mine(cs, r, c, true);
    while ((err = sap_casual_solve_step(cs, 1000, &a)) == SAP_MORE)
        calls++;
    CHECK_EQ_INT(err, SAP_OK);
    CHECK(calls > 1000);
    CHECK_EQ_INT(sap_casual_solve(cs, &b), SAP_OK);
    CHECK_EQ_INT(a.covered, b.covered);
    CHECK_EQ_INT(a.row, b.row);
    CHECK_EQ_INT(a.col, b.col);
    /* a change half way starts over, and the answer follows it */
    CHECK_EQ_INT(sap_casual_set_mine(cs, b.row, b.col, false), SAP_OK); /* (it was safe) */
    for (k = 0; k < 100; k++)
        CHECK_EQ_INT(sap_casual_solve_step(cs, 1000, &a), SAP_MORE);
    CHECK_EQ_INT(sap_casual_set_mine(cs, b.row, b.col, true), SAP_OK);
    while ((err = sap_casual_solve_step(cs, 1000, &a)) == SAP_MORE)
        continue;
    CHECK_EQ_INT(err, SAP_OK);
    CHECK_EQ_INT(sap_casual_solve(cs, &b), SAP_OK);
    CHECK_EQ_INT(a.covered, b.covered);
    CHECK_EQ_INT(a.row * n + a.col, b.row * n + b.col);
    CHECK_EQ_INT(sap_casual_solve_step(NULL, 1, &a), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve_step(cs, 1, NULL), SAP_ERR_ARG);
    free(block);
}

static void test_statement_boards(void)
{
    static const char *const fig1[] = { "...", "...", "MM." };
    static const char *const b2[] = { "M.M.", ".M.M", "M.M." };
    static const char *const b3[] = { ".....", ".....", "MMM..", "M.M..",
                                      "MMM..", ".....", "....." };
    static const char *const b4[] = { "...M", "....", "....", "M..." };
    expect_text(fig1, 3, 0);
    expect_text(b2, 3, 5); /* no zero cell: one cell cleared */
    expect_text(b3, 7, 1); /* the enclosed cell stays covered */
    expect_text(b4, 4, 0);
}

/* Figure 3 of the statement: starting at (2,2) leaves six cells covered. */
static void test_left_covered_figure(void)
{
    static const char *const fig1[] = { "...", "...", "MM." };
    static const char *const b3[] = { ".....", ".....", "MMM..", "M.M..",
                                      "MMM..", ".....", "....." };
    void *block;
    sap_casual *cs = board_from_text(fig1, 3, &block);
    struct sap_casual_result res;
    uint32_t r, c, n = 0;

    CHECK(!sap_casual_left_covered(cs, 0, 0)); /* not solved yet */
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
    for (r = 0; r < 3; r++)
        for (c = 0; c < 3; c++)
            n += sap_casual_left_covered(cs, r, c);
    CHECK_EQ_INT(n, 0);
    free(block);

    cs = board_from_text(b3, 7, &block);
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
    CHECK_EQ_INT(res.covered, 1);
    CHECK(sap_casual_left_covered(cs, 3, 1));  /* the hole in the ring */
    CHECK(!sap_casual_left_covered(cs, 2, 0)); /* a mine is never "left covered" */
    CHECK(!sap_casual_left_covered(cs, 0, 0));
    CHECK(!sap_casual_left_covered(cs, 7, 0)); /* outside */
    CHECK(!sap_casual_left_covered(cs, 0, 5));
    /* changing the board forgets the answer */
    CHECK_EQ_INT(sap_casual_set_mine(cs, 3, 1, true), SAP_OK);
    CHECK(!sap_casual_left_covered(cs, 0, 0));
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
    CHECK_EQ_INT(res.covered, 0);
    CHECK_EQ_INT(sap_casual_set_mine(cs, 3, 1, false), SAP_OK);
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
    CHECK_EQ_INT(res.covered, 1);
    free(block);
}

static void test_arguments(void)
{
    uint32_t storage[64];
    sap_casual *cs = (sap_casual *)1;
    struct sap_casual_result res;
    size_t need = SAP_CASUAL_BYTES(3, 3);

    CHECK(need <= sizeof storage);
    CHECK_EQ_INT(sap_casual_init(NULL, storage, need, 3, 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_init(&cs, NULL, need, 3, 3), SAP_ERR_NOMEM);
    CHECK(cs == NULL);
    CHECK_EQ_INT(sap_casual_init(&cs, storage, need - 1, 3, 3), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_casual_init(&cs, storage, need, 0, 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_init(&cs, storage, need, 3, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_init(&cs, storage, need, SAP_MAX_ROWS + 1, 1), SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_casual_init(&cs, storage, need, 1, SAP_MAX_COLS + 1), SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_casual_init(&cs, (char *)storage + 1, need, 3, 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_init(&cs, storage, need, 3, 3), SAP_OK);
    CHECK(cs != NULL);
    CHECK_EQ_INT(sap_casual_set_mine(cs, 3, 0, true), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_casual_set_mine(cs, 0, 3, true), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_casual_set_mine(NULL, 0, 0, true), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve(cs, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve(NULL, &res), SAP_ERR_ARG);
    CHECK(!sap_casual_left_covered(NULL, 0, 0));
    /* an empty board: any start clears everything */
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
    CHECK_EQ_INT(res.covered, 0);
    CHECK(res.row < 3 && res.col < 3);
}

static void test_edge_boards(void)
{
    static const char *const all_mines[] = { "MM", "MM" };
    static const char *const one_safe[] = { "MMM", "M.M", "MMM" };
    static const char *const single[] = { "." };
    static const char *const single_mine[] = { "M" };
    static const char *const row[] = { "..M....M.M.." };
    static const char *const column[] = { ".", ".", "M", ".", ".", "." };
    void *block;
    sap_casual *cs;
    struct sap_casual_result res;

    cs = board_from_text(all_mines, 2, &block);
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_ERR_STATE);
    CHECK(!sap_casual_left_covered(cs, 0, 0));
    free(block);
    cs = board_from_text(single_mine, 1, &block);
    CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_ERR_STATE);
    free(block);
    expect_text(one_safe, 3, 0);
    expect_text(single, 1, 0);
    /* 1 x n: from (0,4) or (0,5) the player clears (0,3)..(0,6) and flags both
     * mines beside them; (0,8) between two mines is never reached */
    expect_text(row, 1, 5);
    expect_text(column, 6, 2);
}

/* Compares the core with a reference answer on one board. */
static void compare_board(const unsigned char *mines, uint32_t rows, uint32_t cols,
                          bool literal, const char *what, uint64_t seed)
{
    /* the boards take turns at the unbounded solve and at budgets of 1
     * and 7 steps a call (sapper.h section 2) */
    static const uint32_t budgets[3] = { 0, 1, 7 };
    static unsigned turn;
    char why[160];
    ref_casual_budget = budgets[turn++ % 3];
    if (!CHECK(ref_casual_compare_core(mines, rows, cols, literal, why, sizeof why) == 0))
        fprintf(stderr, "  %s board %ux%u seed %llu budget %u: %s\n", what, rows, cols,
                (unsigned long long)seed, (unsigned)ref_casual_budget, why);
    ref_casual_budget = 0;
}

static void test_random_small_literal(void)
{
    static const unsigned densities[] = { 50, 100, 150, 200, 250, 300, 400, 600 };
    uint64_t rng = 20031025;
    unsigned char mines[12 * 12];
    int i;
    for (i = 0; i < 4000 && check_failures_in_test == 0; i++) {
        uint32_t rows = 1 + (uint32_t)(ref_casual_random(&rng) % 12);
        uint32_t cols = 1 + (uint32_t)(ref_casual_random(&rng) % 12);
        unsigned permille = densities[ref_casual_random(&rng) % 8];
        uint64_t seed = ref_casual_random(&rng);
        ref_casual_random_board(mines, rows, cols, permille, seed);
        compare_board(mines, rows, cols, true, "random", seed);
    }
}

/* Medium boards, where several starts share big regions and the base is
 * built, extended, shrunk and replaced, against the queue reference. */
static void test_random_medium_queue(void)
{
    uint64_t rng = 1234;
    unsigned char mines[48 * 48];
    int i;
    for (i = 0; i < 600 && check_failures_in_test == 0; i++) {
        uint32_t rows = 16 + (uint32_t)(ref_casual_random(&rng) % 33);
        uint32_t cols = 16 + (uint32_t)(ref_casual_random(&rng) % 33);
        unsigned permille = 150 + (unsigned)(ref_casual_random(&rng) % 140);
        uint64_t seed = ref_casual_random(&rng);
        ref_casual_random_board(mines, rows, cols, permille, seed);
        compare_board(mines, rows, cols, false, "random", seed);
    }
}

static void test_random_large_literal(void)
{
    static const struct {
        uint32_t rows, cols;
        unsigned permille;
    } sizes[] = {
        { 40, 40, 200 }, { 40, 40, 250 }, { 40, 1, 150 },
        { 1, 40, 150 },  { 30, 40, 180 }, { 20, 40, 220 },
    };
    unsigned char mines[40 * 40];
    unsigned i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        uint64_t seed = 4000 + i;
        ref_casual_random_board(mines, sizes[i].rows, sizes[i].cols, sizes[i].permille, seed);
        compare_board(mines, sizes[i].rows, sizes[i].cols, true, "random", seed);
    }
}

/* A periodic board on which every start swallows the closure of the start
 * expanded just before it: the core takes the previous closure over. */
static void tile_board(unsigned char *mines, uint32_t rows, uint32_t cols,
                       const char *const *tile, uint32_t tile_rows)
{
    uint32_t tile_cols = (uint32_t)strlen(tile[0]), r, c;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            mines[r * cols + c] = tile[r % tile_rows][c % tile_cols] == 'M';
}

static void test_chain_boards(void)
{
    static const char *const chain[] = { ".....M", "...M..", "......", ".....M", ".M...M" };
    static const char *const chain2[] = { ".M...", ".....", "....M", "M...M" };
    unsigned char *mines = malloc(64 * 64);
    uint32_t shift;
    if (mines == NULL)
        abort();
    tile_board(mines, 20, 36, chain, 5);
    compare_board(mines, 20, 36, true, "chain tile", 0);
    tile_board(mines, 16, 40, chain2, 4);
    compare_board(mines, 16, 40, true, "chain tile", 1);
    /* the same tiles, shifted and cut at odd sizes */
    for (shift = 0; shift < 6; shift++) {
        tile_board(mines, 23 + shift, 31 + 2 * shift, chain, 5);
        mines[shift * 7] = (unsigned char)!mines[shift * 7];
        compare_board(mines, 23 + shift, 31 + 2 * shift, false, "chain tile", shift);
    }
    tile_board(mines, 64, 64, chain, 5);
    compare_board(mines, 64, 64, false, "chain tile", 2);
    free(mines);
}

/* The bench's worst boards (tests/bench_casual.sh): the tile of tests/README.md,
 * its flips and transposes, whose chains run down, up, left and right, and
 * the worst of a search over small random tiles, at odd sizes. */
static void test_worst_boards(void)
{
    static const char *const tiles[][9] = {
        { ".....M.", ".....M.", "M.MMM.M", ".M...M." },
        { ".M...M.", "M.MMM.M", ".....M.", ".....M." },
        { ".M.....", ".M.....", "M.MMM.M", ".M...M." },
        { "..M.", "...M", "..M.", "..M.", "..M.", "MM.M", "..M." },
        { "..M.", "MM.M", "..M.", "..M.", "..M.", "...M", "..M." },
        { "..MMM..M.", "....MM...", "....MM.M.", "M.M......", "....M.MM.", "M.......M",
          ".M.......", "........." },
    };
    unsigned char *mines = malloc(120 * 123);
    uint32_t t, size;
    if (mines == NULL)
        abort();
    for (t = 0; t < sizeof tiles / sizeof tiles[0]; t++) {
        uint32_t height = 0;
        while (height < 9 && tiles[t][height] != NULL)
            height++;
        for (size = 57; size <= 120; size += 63) {
            tile_board(mines, size, size + 3, tiles[t], height);
            compare_board(mines, size, size + 3, false, "worst tile", t);
        }
    }
    free(mines);
}

/* The chain tile with a share of its cells flipped: chains that branch,
 * break and rejoin, so bases are extended, replaced and abandoned. */
static void noisy_chain_board(unsigned char *mines, uint32_t rows, uint32_t cols,
                              unsigned flip_permille, uint64_t seed)
{
    static const char *const chain[] = { ".....M", "...M..", "......", ".....M", ".M...M" };
    uint32_t r, c;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            unsigned char mine = chain[r % 5][c % 6] == 'M';
            if (ref_casual_random(&seed) % 1000 < flip_permille)
                mine = (unsigned char)!mine;
            mines[r * cols + c] = mine;
        }
}

static void test_noisy_chain_boards(void)
{
    uint64_t rng = 2;
    unsigned char *mines = malloc(100 * 100);
    int i;
    if (mines == NULL)
        abort();
    for (i = 0; i < 400 && check_failures_in_test == 0; i++) {
        uint32_t rows = 10 + (uint32_t)(ref_casual_random(&rng) % 90);
        uint32_t cols = 10 + (uint32_t)(ref_casual_random(&rng) % 90);
        unsigned flip = 5 + (unsigned)(ref_casual_random(&rng) % 25);
        uint64_t seed = ref_casual_random(&rng);
        noisy_chain_board(mines, rows, cols, flip, seed);
        compare_board(mines, rows, cols, false, "noisy chain", seed);
    }
    free(mines);
}

/* Boards that once told a wrong solver from a right one: a start exactly
 * one cell past the best, a start joining a base that had shrunk, and a
 * start reaching the generators of a base that had been replaced. */
static void test_regression_boards(void)
{
    static const struct {
        uint32_t rows, cols;
        unsigned permille;
        int noisy;
        uint64_t seed;
    } boards[] = {
        { 96, 13, 14, 1, 13518174876295783495ull }, { 91, 86, 204, 0, 4796698760550872629ull },
        { 37, 68, 25, 1, 15473081233318222154ull }, { 54, 57, 208, 0, 3441196887418454658ull },
        { 48, 82, 26, 1, 12508954694251328439ull }, { 37, 74, 12, 1, 13609922200239343746ull },
        { 71, 15, 22, 1, 8445713012988101429ull },
    };
    unsigned char *mines = malloc(100 * 100);
    unsigned i;
    if (mines == NULL)
        abort();
    for (i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        if (boards[i].noisy)
            noisy_chain_board(mines, boards[i].rows, boards[i].cols, boards[i].permille,
                              boards[i].seed);
        else
            ref_casual_random_board(mines, boards[i].rows, boards[i].cols, boards[i].permille,
                                    boards[i].seed);
        compare_board(mines, boards[i].rows, boards[i].cols, false, "regression",
                      boards[i].seed);
    }
    free(mines);
}

/* Boards big enough for thousands of expanded starts (the stamps are
 * renumbered on the way) against the queue reference. */
static void test_random_big_queue(void)
{
    static const struct {
        uint32_t rows, cols;
        unsigned permille;
    } sizes[] = {
        { 100, 100, 150 }, { 100, 100, 200 }, { 300, 300, 250 },
        { 200, 500, 280 }, { 1, 1000, 200 },  { 1000, 1, 200 },
    };
    unsigned char *mines = malloc(200 * 500);
    unsigned i;
    if (mines == NULL)
        abort();
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        uint64_t seed = 9000 + i;
        ref_casual_random_board(mines, sizes[i].rows, sizes[i].cols, sizes[i].permille, seed);
        compare_board(mines, sizes[i].rows, sizes[i].cols, false, "random", seed);
    }
    free(mines);
}

/* Boards on which a start's closure covers most of the base but not its
 * start, so the base shrinks to the common part (these seeds take that
 * path; gcov on this test shows it). */
static void test_shrinking_base(void)
{
    static const struct {
        uint32_t size;
        int literal;
        uint64_t seed;
    } boards[] = {
        { 60, 1, 1 },
        { 80, 0, 5 },
        { 120, 0, 2 },
        { 120, 0, 3 },
    };
    unsigned char *mines = malloc(120 * 123);
    unsigned i;
    if (mines == NULL)
        abort();
    for (i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        ref_casual_random_board(mines, boards[i].size, boards[i].size, 220, boards[i].seed);
        compare_board(mines, boards[i].size, boards[i].size, boards[i].literal != 0, "random",
                      boards[i].seed);
    }
    free(mines);
}

/* Solving twice, and solving after edits, gives the same as a fresh board. */
static void test_resolve(void)
{
    unsigned char mines[15 * 15];
    uint64_t rng = 7;
    void *block, *fresh_block;
    sap_casual *cs, *fresh;
    struct sap_casual_result a, b;
    struct ref_casual_answer want;
    int i;

    ref_casual_random_board(mines, 15, 15, 200, 77);
    cs = board_from_mines(mines, 15, 15, &block);
    CHECK_EQ_INT(sap_casual_solve(cs, &a), SAP_OK);
    CHECK_EQ_INT(sap_casual_solve(cs, &b), SAP_OK);
    CHECK_EQ_INT(a.covered, b.covered);
    CHECK_EQ_INT(a.row, b.row);
    CHECK_EQ_INT(a.col, b.col);
    for (i = 0; i < 30; i++) {
        uint32_t x = (uint32_t)(ref_casual_random(&rng) % (15 * 15));
        mines[x] = (unsigned char)!mines[x];
        sap_casual_set_mine(cs, x / 15, x % 15, mines[x] != 0);
        CHECK_EQ_INT(sap_casual_solve(cs, &a), SAP_OK);
        ref_casual_solve(mines, 15, 15, &want, NULL);
        CHECK_EQ_INT(a.covered, want.covered);
        check_best_start(mines, 15, 15, &a);
        /* the same start as a fresh board of the same mines */
        fresh = board_from_mines(mines, 15, 15, &fresh_block);
        CHECK_EQ_INT(sap_casual_solve(fresh, &b), SAP_OK);
        CHECK_EQ_INT(a.row * 15 + a.col, b.row * 15 + b.col);
        free(fresh_block);
    }
    free(block);
}

/* Two blocks of the same board size, filled alike before init, so that
 * equal blocks mean equal boards (rows not laid out yet included). */
static void twin_boards(uint32_t rows, uint32_t cols, void **block_a, sap_casual **a,
                        void **block_b, sap_casual **b)
{
    size_t bytes = SAP_CASUAL_BYTES(rows, cols);
    *block_a = malloc(bytes);
    *block_b = malloc(bytes);
    if (*block_a == NULL || *block_b == NULL)
        abort();
    memset(*block_a, 0x5A, bytes);
    memset(*block_b, 0x5A, bytes);
    if (sap_casual_init(a, *block_a, bytes, rows, cols) != SAP_OK
        || sap_casual_init(b, *block_b, bytes, rows, cols) != SAP_OK)
        abort();
}

/* set_row does what set_mine does cell by cell: runs of every length from
 * every column (eight-byte words and tails), rows in any order, mines put
 * and taken away, give the same block and the same answer. */
static void test_set_row_as_set_mine(void)
{
    static const uint32_t widths[] = { 1, 7, 8, 9, 16, 23, 40 };
    char run[41];
    uint64_t rng = 11;
    unsigned w;

    for (w = 0; w < sizeof widths / sizeof widths[0] && check_failures_in_test == 0; w++) {
        uint32_t cols = widths[w], rows = 9, col, count, i, r, c;
        void *block_a, *block_b;
        sap_casual *a, *b;
        struct sap_casual_result res_a, res_b;
        int err_a, err_b;

        twin_boards(rows, cols, &block_a, &a, &block_b, &b);
        for (col = 0; col <= cols; col++)
            for (count = 0; col + count <= cols; count++) {
                uint32_t row = (uint32_t)(ref_casual_random(&rng) % rows);
                for (i = 0; i < count; i++)
                    run[i] = ref_casual_random(&rng) % 100 < 30 ? 'M' : '.';
                CHECK_EQ_INT(sap_casual_set_row(a, row, col, run, count), SAP_OK);
                for (i = 0; i < count; i++)
                    CHECK_EQ_INT(sap_casual_set_mine(b, row, col + i, run[i] == 'M'), SAP_OK);
            }
        CHECK(memcmp(block_a, block_b, SAP_CASUAL_BYTES(rows, cols)) == 0);
        err_a = sap_casual_solve(a, &res_a);
        err_b = sap_casual_solve(b, &res_b);
        CHECK_EQ_INT(err_a, err_b);
        if (err_a == SAP_OK) {
            CHECK_EQ_INT(res_a.covered, res_b.covered);
            CHECK_EQ_INT(res_a.row * cols + res_a.col, res_b.row * cols + res_b.col);
            for (r = 0; r < rows; r++)
                for (c = 0; c < cols; c++)
                    CHECK_EQ_INT(sap_casual_left_covered(a, r, c),
                                 sap_casual_left_covered(b, r, c));
        }
        free(block_a);
        free(block_b);
    }
}

/* Every refusal leaves the block as it was (a solve's answer, or a solve
 * under way, included); a run that is taken starts the solve over. */
static void test_set_row_refusals(void)
{
    static const char bad[] = { 'm',
                                '*',
                                '_',
                                ',',
                                '\0',
                                (char)('M' | 0x80),
                                (char)('.' | 0x80),
                                (char)('M' ^ 0x01),
                                (char)('.' ^ 0x02),
                                (char)0xFF };
    static const char *const text[] = {
        "..........M.......MMM", ".M..M.............M.M", "..................MMM",
        "...M.....M....M......", ".....................", "M...................M",
    };
    const uint32_t rows = 6, cols = 21;
    size_t bytes = SAP_CASUAL_BYTES(rows, cols);
    unsigned char *before = malloc(bytes);
    void *block;
    sap_casual *cs;
    struct sap_casual_result res;
    char run[21];
    uint32_t i, r, c, covered_cells = 0, covered_before;
    unsigned k, pass;

    if (!CHECK(before != NULL))
        return;
    cs = board_from_text(text, rows, &block);
    for (pass = 0; pass < 2; pass++) {
        /* pass 0: after a solve; pass 1: with a solve under way */
        if (pass == 0) {
            CHECK_EQ_INT(sap_casual_solve(cs, &res), SAP_OK);
        } else {
            CHECK_EQ_INT(sap_casual_set_row(cs, 0, 0, text[0], cols), SAP_OK); /* starts over */
            CHECK_EQ_INT(sap_casual_solve_step(cs, 5, &res), SAP_MORE);
        }
        memcpy(before, block, bytes);
        memcpy(run, text[3], sizeof run);
        CHECK_EQ_INT(sap_casual_set_row(NULL, 0, 0, run, 1), SAP_ERR_ARG);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, 0, NULL, 1), SAP_ERR_ARG);
        CHECK_EQ_INT(sap_casual_set_row(cs, rows, 0, run, 1), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, UINT32_MAX, 0, run, 1), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, cols + 1, run, 0), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, cols, run, 1), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, 0, run, cols + 1), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, 5, run, cols - 4), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, 5, run, UINT32_MAX), SAP_ERR_RANGE);
        CHECK_EQ_INT(sap_casual_set_row(cs, 0, UINT32_MAX, run, 2), SAP_ERR_RANGE);
        /* one bad byte anywhere in a run of two words and a tail */
        for (i = 0; i < cols; i++)
            for (k = 0; k < sizeof bad; k++) {
                memcpy(run, text[3], sizeof run);
                run[i] = bad[k];
                CHECK_EQ_INT(sap_casual_set_row(cs, 4, 0, run, cols), SAP_ERR_ARG);
                CHECK_EQ_INT(sap_casual_set_row(cs, 4, i, run + i, cols - i), SAP_ERR_ARG);
            }
        CHECK(memcmp(before, block, bytes) == 0);
    }
    /* the solve under way goes on to the answer of the board unchanged */
    while (sap_casual_solve_step(cs, 5, &res) == SAP_MORE)
        continue;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            covered_cells += sap_casual_left_covered(cs, r, c);
    CHECK_EQ_INT(covered_cells, res.covered);
    CHECK(res.covered > 0);
    covered_before = res.covered;
    /* an empty run changes nothing */
    memcpy(before, block, bytes);
    CHECK_EQ_INT(sap_casual_set_row(cs, 2, 3, NULL, 0), SAP_OK);
    CHECK_EQ_INT(sap_casual_set_row(cs, 2, cols, run, 0), SAP_OK);
    CHECK(memcmp(before, block, bytes) == 0);
    /* a run that is taken starts the solve over: the safe cell walled in
     * by mines at (1, 19) becomes a mine, so one cell fewer is covered */
    CHECK_EQ_INT(sap_casual_set_row(cs, 1, 19, "M", 1), SAP_OK);
    while (sap_casual_solve_step(cs, 5, &res) == SAP_MORE)
        continue;
    CHECK_EQ_INT(res.covered, covered_before - 1);
    /* even one that leaves the cells as they were */
    CHECK_EQ_INT(sap_casual_set_row(cs, 2, 3, text[2] + 3, 4), SAP_OK);
    covered_cells = 0;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            covered_cells += sap_casual_left_covered(cs, r, c);
    CHECK_EQ_INT(covered_cells, 0);
    free(block);
    free(before);
}


/* Plays the board from `start` with the core's play (sap_casual_play_*),
 * to its end, in small budgets. */
static void play_to_end(sap_casual *cs)
{
    uint32_t budget;
    do
        budget = 7;
    while (!sap_casual_play_step(cs, &budget));
}

/* The play's own counts of its frontier (untouched cells next to a
 * cleared one), the mines there and its flags, against the cells. */
static void check_play_places(const sap_casual *cs, const unsigned char *mines, uint32_t rows,
                              uint32_t cols)
{
    uint32_t frontier = 0, frontier_mines = 0, flagged = 0, x, got[3];
    for (x = 0; x < rows * cols; x++) {
        uint32_t r = x / cols, c = x % cols, rr, cc;
        bool near = false;
        flagged += sap_casual_play_cell(cs, x) == 2;
        if (sap_casual_play_cell(cs, x) != 0)
            continue;
        for (rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++)
            for (cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++)
                near |= sap_casual_play_cell(cs, rr * cols + cc) == 1;
        if (!CHECK(sap_casual_play_at_frontier(cs, x) == near))
            return;
        frontier += near;
        frontier_mines += near && mines[x];
    }
    sap_casual_play_places(cs, &got[0], &got[1], &got[2]);
    CHECK(got[0] == frontier);
    CHECK(got[1] == frontier_mines);
    CHECK(got[2] == flagged);
}

/* The play the no-guess generator resumes: a play stalls, mines move
 * between cells it has not touched (sap_casual_play_moved), the rules are
 * fired again around each moved cell, and the play goes on.  What it then
 * touches must be exactly the statement's closure from the start on the new
 * layout: the numbers its rules used did not change.  A flagged mine moved
 * away is cleared where it stands: then every cleared cell must still be
 * safe and every flag a mine.  The play's counts of its frontier must
 * match its cells throughout. */
static void test_play_moved(void)
{
    uint64_t rng = 7;
    unsigned char *mines = malloc(60 * 60), *state = malloc(60 * 60);
    void *block = malloc(SAP_CASUAL_BYTES(60, 60));
    uint32_t *moved = malloc(sizeof(uint32_t) * 60 * 60);
    unsigned boards, resumed = 0, flags_moved = 0;
    if (mines == NULL || state == NULL || block == NULL || moved == NULL)
        abort();
    for (boards = 0; boards < 600 && check_failures_in_test == 0; boards++) {
        uint32_t rows = 4 + (uint32_t)(ref_casual_random(&rng) % 57);
        uint32_t cols = 4 + (uint32_t)(ref_casual_random(&rng) % 57);
        uint32_t cells = rows * cols, start, x, n, round;
        bool flag_moves = boards % 3 == 2, exact = true;
        sap_casual *cs;
        ref_casual_random_board(mines, rows, cols,
                                80 + (unsigned)(ref_casual_random(&rng) % 120),
                                ref_casual_random(&rng));
        start = (uint32_t)(ref_casual_random(&rng) % cells);
        mines[start] = 0;
        if (!CHECK(sap_casual_init(&cs, block, SAP_CASUAL_BYTES(rows, cols), rows, cols)
                   == SAP_OK))
            break;
        for (x = 0; x < cells; x++)
            if (mines[x])
                (void)sap_casual_set_mine(cs, x / cols, x % cols, true);
        sap_casual_play_begin(cs, start / cols, start % cols);
        play_to_end(cs);
        check_play_places(cs, mines, rows, cols);
        for (round = 0; round < 6 && check_failures_in_test == 0; round++) {
            uint32_t cleared = 0;
            /* move mines between random cells; flags too, a third of the boards */
            for (n = 0, x = 0; x < 12; x++) {
                uint32_t y = (uint32_t)(ref_casual_random(&rng) % cells);
                int seen = sap_casual_play_cell(cs, y);
                if (y == start || seen == 1 || (seen == 2 && !flag_moves))
                    continue;
                exact &= seen == 0;
                flags_moved += seen == 2;
                mines[y] = (unsigned char)!mines[y];
                sap_casual_play_moved(cs, y, mines[y] != 0);
                moved[n++] = y;
            }
            check_play_places(cs, mines, rows, cols); /* the moves kept them */
            while (n > 0)
                sap_casual_play_recheck(cs, moved[--n]);
            play_to_end(cs);
            check_play_places(cs, mines, rows, cols);
            resumed++;
            if (exact) {
                uint32_t want = ref_casual_closure(mines, rows, cols, start, state);
                for (x = 0; x < cells; x++)
                    if (!CHECK((unsigned char)sap_casual_play_cell(cs, x) == state[x])) {
                        printf("board %u (%ux%u) round %u cell %u: %d, the statement %u\n",
                               boards, rows, cols, round, x, sap_casual_play_cell(cs, x),
                               state[x]);
                        break;
                    }
                CHECK(sap_casual_play_cleared(cs) == want);
            }
            for (x = 0; x < cells; x++) {
                int seen = sap_casual_play_cell(cs, x);
                CHECK(seen == 0 || (seen == 2) == (mines[x] != 0));
                cleared += seen == 1;
            }
            CHECK(sap_casual_play_cleared(cs) == cleared);
        }
    }
    CHECK(resumed == 3600);
    printf("test_play_moved: %u plays resumed, %u flags moved\n", resumed, flags_moved);
    CHECK(flags_moved > 100);
    free(mines);
    free(state);
    free(block);
    free(moved);
}

int main(void)
{
    RUN_TEST(test_statement_boards);
    RUN_TEST(test_bounded_steps);
    RUN_TEST(test_left_covered_figure);
    RUN_TEST(test_arguments);
    RUN_TEST(test_edge_boards);
    RUN_TEST(test_random_small_literal);
    RUN_TEST(test_random_medium_queue);
    RUN_TEST(test_random_large_literal);
    RUN_TEST(test_chain_boards);
    RUN_TEST(test_worst_boards);
    RUN_TEST(test_noisy_chain_boards);
    RUN_TEST(test_regression_boards);
    RUN_TEST(test_random_big_queue);
    RUN_TEST(test_shrinking_base);
    RUN_TEST(test_resolve);
    RUN_TEST(test_set_row_as_set_mine);
    RUN_TEST(test_set_row_refusals);
    RUN_TEST(test_play_moved);
    return check_summary("test_casual");
}
