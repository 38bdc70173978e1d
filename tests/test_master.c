/*
 * test_master.c - one-click-win boards, checked by proof: every board the
 * plan produces is played by an independent checker (tests/lib/ref_master.c)
 * and by the core's game engine, and its mines counted, and every refusal
 * on boards up to 8 x 8 is matched against an exhaustive search, itself
 * matched against a brute force over every safe set of every board of up
 * to 20 cells.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/ref_master.h"
#include "sapper.h"

#define EX REF_MASTER_EXHAUSTIVE_MAX

/* The planned board as rows*cols characters; NULL when not planned. */
static char *render(const struct sap_master *plan)
{
    size_t cells = (size_t)plan->rows * plan->cols;
    char *board = malloc(cells + 1);
    uint32_t r, c;
    if (board == NULL)
        abort();
    for (r = 0; r < plan->rows; r++)
        for (c = 0; c < plan->cols; c++)
            board[(size_t)r * plan->cols + c] = sap_master_cell(plan, r, c);
    board[cells] = '\0';
    return board;
}

/* Plays the board through the core's game engine: one left click on 'c'
 * must win, with the board's mine count.  Returns NULL or a reason. */
static const char *play_in_game_engine(const char *board, uint32_t rows, uint32_t cols,
                                       uint32_t mines)
{
    size_t bytes = SAP_GAME_BYTES(rows, cols), i;
    void *memory = malloc(bytes);
    const char *why = NULL;
    sap_game *game;
    uint32_t click = 0;

    if (memory == NULL)
        abort();
    if (sap_game_init(&game, memory, bytes, rows, cols) != SAP_OK) {
        free(memory);
        return "the game engine refused the size";
    }
    for (i = 0; i < (size_t)rows * cols; i++) {
        if (board[i] == '*')
            sap_game_set_mine(game, (uint32_t)(i / cols), (uint32_t)(i % cols), true);
        if (board[i] == 'c')
            click = (uint32_t)i;
    }
    if (sap_game_mines(game) != mines)
        why = "the game engine counts another number of mines";
    else if (sap_game_move(game, SAP_OP_LEFT, click / cols + 1, click % cols + 1) != SAP_WIN)
        why = "the game engine does not say WIN after one click on c";
    free(memory);
    return why;
}

/* Plans (rows, cols, mines); when possible, checks the board.  Returns 1
 * possible, 0 impossible, -1 a wrong board (already reported). */
static int plan_and_check(uint32_t rows, uint32_t cols, uint32_t mines)
{
    struct sap_master plan;
    int err = sap_master_plan(&plan, rows, cols, mines);
    const char *why;
    char *board;

    if (err == SAP_ERR_IMPOSSIBLE)
        return 0;
    if (!CHECK_EQ_INT(err, SAP_OK))
        return -1;
    board = render(&plan);
    why = ref_master_check(board, rows, cols, mines);
    if (why == NULL)
        why = play_in_game_engine(board, rows, cols, mines);
    if (why != NULL)
        fprintf(stderr, "%ux%u with %u mines: %s\n", rows, cols, mines, why);
    CHECK(why == NULL);
    free(board);
    return why == NULL ? 1 : -1;
}

/* exhaustive[cols][rows][s]: the exhaustive search's answers, run once. */
static bool exhaustive[EX + 1][EX + 1][EX * EX + 1];

static void run_exhaustive_search(void)
{
    uint32_t cols;
    for (cols = 1; cols <= EX; cols++)
        ref_master_exhaustive(cols, EX, exhaustive[cols]);
}

/* The exhaustive search agrees with playing out every safe set. */
static void test_exhaustive_matches_brute_force(void)
{
    bool brute[21];
    uint32_t rows, cols, s;

    for (cols = 1; cols <= EX; cols++)
        for (rows = 1; rows <= EX && rows * cols <= 20; rows++) {
            ref_master_brute_force(rows, cols, brute);
            for (s = 1; s <= rows * cols; s++)
                if (!CHECK_EQ_INT(exhaustive[cols][rows][s], brute[s]))
                    fprintf(stderr, "  %ux%u, %u safe\n", rows, cols, s);
        }
}

/* Every R, C <= 8 and every M: the plan succeeds exactly when the
 * exhaustive search finds a board, and its board is valid. */
static void test_every_small_board(void)
{
    uint32_t rows, cols, mines, possible = 0, impossible = 0;

    for (rows = 1; rows <= EX; rows++)
        for (cols = 1; cols <= EX; cols++) {
            /* the search is not told that the problem is symmetric */
            for (mines = 0; mines < rows * cols; mines++)
                CHECK_EQ_INT(exhaustive[cols][rows][rows * cols - mines],
                             exhaustive[rows][cols][rows * cols - mines]);
            for (mines = 0; mines < rows * cols; mines++) {
                int got = plan_and_check(rows, cols, mines);
                bool want = exhaustive[cols][rows][rows * cols - mines];
                if (!CHECK_EQ_INT(got, want))
                    fprintf(stderr, "  %ux%u with %u mines\n", rows, cols, mines);
                CHECK_EQ_INT(ref_master_possible(rows, cols, rows * cols - mines), want);
                possible += got == 1;
                impossible += got == 0;
            }
        }
    /* both answers occur, and the known impossible ones are among them */
    CHECK(possible > 1000);
    CHECK(impossible > 100);
    CHECK_EQ_INT(plan_and_check(2, 2, 1), 0);
    CHECK_EQ_INT(plan_and_check(3, 3, 2), 0);
    CHECK_EQ_INT(plan_and_check(5, 5, 18), 0); /* 7 safe */
    CHECK_EQ_INT(plan_and_check(2, 5, 3), 0);  /* 7 safe, two rows */
}

/* Every board up to 30 x 30 that the plan answers is valid, and the
 * answers follow the rule documented in sapper.h (ref_master_possible,
 * which test_every_small_board holds against the exhaustive search). */
static void test_every_board_to_30(void)
{
    uint32_t rows, cols, mines;
    for (rows = 1; rows <= 30; rows++)
        for (cols = 1; cols <= 30; cols++) {
            if (rows * cols > 120 && (rows + cols) % 5 != 0)
                continue; /* keep the run short: a fifth of the larger sizes */
            for (mines = 0; mines < rows * cols; mines++) {
                bool want = ref_master_possible(rows, cols, rows * cols - mines);
                if (!CHECK_EQ_INT(plan_and_check(rows, cols, mines), want))
                    fprintf(stderr, "  %ux%u with %u mines\n", rows, cols, mines);
            }
        }
}

static void test_large_boards(void)
{
    static const uint32_t sizes[][3] = {
        { 1000, 1000, 0 },      { 1000, 1000, 999999 }, { 1000, 1000, 999991 },
        { 1000, 1000, 997998 }, { 1000, 1000, 997999 }, { 1000, 1000, 500000 },
        { 1000, 1000, 996999 }, { 1000, 3, 2000 },      { 3, 1000, 2991 },
        { 2, 1000, 1000 },      { 1000, 2, 1996 },      { 1, 1000, 999 },
        { 1000, 1, 0 },         { 999, 1000, 997 },
    };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        CHECK_EQ_INT(plan_and_check(sizes[i][0], sizes[i][1], sizes[i][2]), 1);
    CHECK_EQ_INT(plan_and_check(1000, 1000, 999993), 0); /* 7 safe */
    CHECK_EQ_INT(plan_and_check(2, 1000, 1999), 1);      /* 1 safe */
    CHECK_EQ_INT(plan_and_check(2, 1000, 1997), 0);      /* 3 safe */
}

static void test_arguments(void)
{
    struct sap_master plan;
    CHECK_EQ_INT(sap_master_plan(&plan, 0, 5, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_master_plan(&plan, 5, 0, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_master_plan(&plan, 5, 5, 25), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_master_plan(&plan, 5, 5, 4000000000u), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_master_plan(&plan, SAP_MAX_ROWS + 1, 1, 0), SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_master_plan(&plan, 1, SAP_MAX_COLS + 1, 0), SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_master_plan(&plan, 4000000000u, 4000000000u, 0), SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_master_plan(&plan, 1, 1, 0), SAP_OK);
    CHECK_EQ_INT(sap_master_cell(&plan, 0, 0), 'c');
    CHECK_EQ_INT(sap_master_cell(&plan, 1, 0), '\0');
    CHECK_EQ_INT(sap_master_cell(&plan, 0, 1), '\0');
    CHECK_EQ_INT(sap_master_plan(&plan, 3, 3, 8), SAP_OK);
    CHECK_EQ_INT(sap_master_cell(&plan, 0, 0), 'c');
    CHECK_EQ_INT(sap_master_cell(&plan, 2, 2), '*');
    CHECK_EQ_INT(sap_master_plan(&plan, 3, 3, 2), SAP_ERR_IMPOSSIBLE);
    CHECK_EQ_INT(sap_master_cell(&plan, 0, 0), '*'); /* no board: no click either */
}

/* sap_master_write_row gives the same cells as sap_master_cell, from any
 * column, with any cap, and never writes past what it returns. */
static void test_write_row_matches_cell(void)
{
    static const uint32_t sizes[][3] = {
        { 7, 9, 20 },   { 9, 7, 54 },    { 1, 13, 5 },    { 13, 1, 5 },  { 2, 11, 8 },
        { 12, 12, 99 }, { 12, 12, 136 }, { 12, 12, 143 }, { 30, 17, 0 },
    };
    char out[64];
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct sap_master plan;
        uint32_t r, c;
        size_t cap;
        CHECK_EQ_INT(sap_master_plan(&plan, sizes[i][0], sizes[i][1], sizes[i][2]), SAP_OK);
        for (r = 0; r <= plan.rows; r++)
            for (c = 0; c <= plan.cols; c++)
                for (cap = 0; cap <= plan.cols + 1 && cap + 1 < sizeof out; cap++) {
                    size_t n, k,
                        want = r < plan.rows && c < plan.cols
                                   ? (plan.cols - c < cap ? plan.cols - c : cap)
                                   : 0;
                    memset(out, '#', sizeof out);
                    n = sap_master_write_row(&plan, r, c, out, cap);
                    CHECK_EQ_INT(n, want);
                    for (k = 0; k < n; k++)
                        CHECK_EQ_INT(out[k], sap_master_cell(&plan, r, c + (uint32_t)k));
                    CHECK_EQ_INT(out[n], '#');
                }
    }
}

/* The contest's inputs: every case that the plan answers is valid, and the
 * refusals are the rule's (the small input holds every R, C <= 5). */
static void check_input_file(const char *path, uint32_t expect_cases)
{
    FILE *f = fopen(path, "r");
    unsigned cases, i, rows, cols, mines, answered = 0, refused = 0;
    if (!CHECK(f != NULL))
        return;
    CHECK_EQ_INT(fscanf(f, "%u", &cases), 1);
    CHECK_EQ_INT(cases, expect_cases);
    for (i = 0; i < cases; i++) {
        int got;
        if (!CHECK_EQ_INT(fscanf(f, "%u %u %u", &rows, &cols, &mines), 3))
            break;
        got = plan_and_check(rows, cols, mines);
        CHECK(got >= 0);
        answered += got == 1;
        refused += got == 0;
    }
    fclose(f);
    printf("%s: %u cases, %u boards, %u impossible\n", path, cases, answered, refused);
    CHECK(answered > 0);
    CHECK(refused > 0);
}

static void test_gcj_inputs(void)
{
    check_input_file("tests/data/gcj/C-small-practice.in", 225);
    check_input_file("tests/data/gcj/C-large.in", 134);
}

int main(void)
{
    RUN_TEST(test_arguments);
    run_exhaustive_search();
    RUN_TEST(test_exhaustive_matches_brute_force);
    RUN_TEST(test_every_small_board);
    RUN_TEST(test_every_board_to_30);
    RUN_TEST(test_large_boards);
    RUN_TEST(test_write_row_matches_cell);
    RUN_TEST(test_gcj_inputs);
    return check_summary("test_master");
}
