/*
 * fuzz_master.c - one-click win.
 *
 * Input: mode byte, then the size.  Mode 0: R, C <= 5 with R*C <= 20, where
 * "possible" is settled by trying every mine layout; mode 1: R, C <= 64;
 * mode 2: R, C, M as raw 32-bit numbers, for the argument checks (boards
 * past 250,000 cells are planned but not drawn).  Every plan must draw a
 * board that fuzz_ref_master_check_board accepts (the mine count, one 'c',
 * one click opens every safe cell, also on the game engine), and
 * SAP_ERR_IMPOSSIBLE must come exactly when the reference says so.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "fuzz_ref.h"

#define DRAW_MAX_CELLS 250000u
/* Plans per input: enough to mix sizes, few enough to keep an input fast. */
#define MAX_PLANS 24u

static void check_plan(uint32_t rows, uint32_t cols, uint32_t mines, struct fuzz_bytes *in)
{
    struct sap_master plan;
    bool zero_side = rows == 0 || cols == 0;
    bool too_big = rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS
                   || (uint64_t)rows * cols > SAP_MAX_CELLS;
    int rc = sap_master_plan(&plan, rows, cols, mines);
    uint64_t cells = (uint64_t)rows * cols;
    size_t i;
    char *board;
    const char *problem;
    bool possible;

    if (zero_side || too_big) {
        FUZZ_CHECK(rc == SAP_ERR_ARG || rc == SAP_ERR_SIZE, "plan %u %u %u gave %d", rows, cols,
                   mines, rc);
        if (!zero_side)
            FUZZ_CHECK(rc == SAP_ERR_SIZE, "plan %u %u %u past the limits gave %d", rows, cols,
                       mines, rc);
        else if (!too_big)
            FUZZ_CHECK(rc == SAP_ERR_ARG, "plan %u %u %u with a zero side gave %d", rows, cols,
                       mines, rc);
        return;
    }
    if (mines >= cells) {
        FUZZ_CHECK(rc == SAP_ERR_ARG, "plan %u %u %u (mines >= cells) gave %d", rows, cols,
                   mines, rc);
        return;
    }
    possible = fuzz_ref_master_possible(rows, cols, mines);
    if (!possible) {
        FUZZ_CHECK(rc == SAP_ERR_IMPOSSIBLE, "%u %u %u has no one-click board, plan gave %d",
                   rows, cols, mines, rc);
        return;
    }
    FUZZ_CHECK(rc == SAP_OK, "%u %u %u has a one-click board, plan gave %d", rows, cols, mines,
               rc);
    FUZZ_CHECK(plan.rows == rows && plan.cols == cols && plan.mines == mines,
               "the plan says %u %u %u for %u %u %u", plan.rows, plan.cols, plan.mines, rows,
               cols, mines);
    if (cells > DRAW_MAX_CELLS)
        return;
    board = malloc((size_t)cells);
    FUZZ_CHECK(board != NULL, "malloc");
    for (i = 0; i < cells; i++)
        board[i] = sap_master_cell(&plan, (uint32_t)(i / cols), (uint32_t)(i % cols));
    problem = fuzz_ref_master_check_board(board, rows, cols, mines);
    FUZZ_CHECK(problem == NULL, "%u %u %u: %s", rows, cols, mines, problem);
    /* A cell is a pure function of the plan: asking again, in any order,
     * gives the same character. */
    for (i = 0; i < 16; i++) {
        uint32_t r = fuzz_u16(in) % rows, c = fuzz_u16(in) % cols;
        FUZZ_CHECK(sap_master_cell(&plan, r, c) == board[(size_t)r * cols + c],
                   "cell %u,%u changed on a second look", r, c);
    }
    free(board);
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    uint8_t mode;
    uint32_t plans;

    fuzz_bytes_init(&in, data, size);
    mode = fuzz_u8(&in) % 3;
    for (plans = 0; plans < MAX_PLANS && (mode == 0 || fuzz_bytes_left(&in)); plans++) {
        uint32_t rows, cols, mines;
        if (mode == 0) {
            rows = fuzz_range(&in, 1, 5);
            cols = fuzz_range(&in, 1, rows == 5 ? 4 : 5);
            mines = fuzz_u8(&in) % (rows * cols);
        } else if (mode == 1) {
            rows = fuzz_range(&in, 1, 64);
            cols = fuzz_range(&in, 1, 64);
            mines = fuzz_u16(&in) % (rows * cols);
        } else {
            rows = fuzz_u32(&in);
            cols = fuzz_u32(&in);
            mines = fuzz_u32(&in);
            if (fuzz_u8(&in) & 1) { /* keep a raw side, scale the rest into range */
                rows = rows % (SAP_MAX_ROWS + 2);
                cols = cols % (SAP_MAX_COLS + 2);
                mines = (uint32_t)(mines % ((uint64_t)rows * cols + 2));
            }
        }
        check_plan(rows, cols, mines, &in);
        if (mode == 0)
            break;
    }
}
