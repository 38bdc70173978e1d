/*
 * fuzz_ref.c - see fuzz_ref.h.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_ref.h"
#include "ref_master.h"

static void *ref_alloc(size_t bytes)
{
    void *p = calloc(bytes ? bytes : 1, 1);
    FUZZ_CHECK(p != NULL, "calloc(%zu) failed", bytes);
    return p;
}

/* Runs the statement that follows once per neighbour (up to 8) of (r, c). */
#define FOR_NEIGHBOURS(rows, cols, r, c, nr, nc)                          \
    for (int64_t nr = (int64_t)(r) - 1; nr <= (int64_t)(r) + 1; nr++)     \
        for (int64_t nc = (int64_t)(c) - 1; nc <= (int64_t)(c) + 1; nc++) \
            if (nr >= 0 && nc >= 0 && nr < (int64_t)(rows) && nc < (int64_t)(cols) \
                && !(nr == (int64_t)(r) && nc == (int64_t)(c)))

/* ---- casual player ------------------------------------------------------ */

enum { CASUAL_COVERED = 0, CASUAL_CLEARED = 1, CASUAL_FLAGGED = 2 };

uint32_t fuzz_ref_casual_from(const bool *mine, uint32_t rows, uint32_t cols,
                              uint32_t row, uint32_t col, bool *left_covered)
{
    size_t n = (size_t)rows * cols, i;
    unsigned char *state = ref_alloc(n);
    uint32_t left = 0;
    bool changed = true;

    FUZZ_CHECK(!mine[(size_t)row * cols + col], "reference casual started on a mine");
    state[(size_t)row * cols + col] = CASUAL_CLEARED;
    while (changed) {
        uint32_t r, c;
        changed = false;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                uint32_t f = 0, cov = 0, m = 0;
                if (state[(size_t)r * cols + c] != CASUAL_CLEARED)
                    continue;
                FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
                    size_t j = (size_t)nr * cols + (size_t)nc;
                    f += state[j] == CASUAL_FLAGGED;
                    cov += state[j] == CASUAL_COVERED;
                    m += mine[j];
                }
                if (cov == 0)
                    continue;
                if (f == m) { /* rule 1: every covered neighbour is safe */
                    FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
                        size_t j = (size_t)nr * cols + (size_t)nc;
                        if (state[j] == CASUAL_COVERED) {
                            FUZZ_CHECK(!mine[j], "reference casual cleared a mine");
                            state[j] = CASUAL_CLEARED;
                        }
                    }
                    changed = true;
                } else if (f + cov == m) { /* rule 2: every covered neighbour is a mine */
                    FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
                        size_t j = (size_t)nr * cols + (size_t)nc;
                        if (state[j] == CASUAL_COVERED) {
                            FUZZ_CHECK(mine[j], "reference casual flagged a safe cell");
                            state[j] = CASUAL_FLAGGED;
                        }
                    }
                    changed = true;
                }
            }
    }
    for (i = 0; i < n; i++) {
        bool covered_safe = !mine[i] && state[i] != CASUAL_CLEARED;
        left += covered_safe;
        if (left_covered != NULL)
            left_covered[i] = covered_safe;
    }
    free(state);
    return left;
}

bool fuzz_ref_casual_solve(const bool *mine, uint32_t rows, uint32_t cols,
                           struct sap_casual_result *result, bool *left_covered)
{
    uint32_t r, c;
    bool found = false;

    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            uint32_t left;
            if (mine[(size_t)r * cols + c])
                continue;
            left = fuzz_ref_casual_from(mine, rows, cols, r, c, NULL);
            if (!found || left < result->covered) {
                result->covered = left;
                result->row = r;
                result->col = c;
                found = true;
            }
        }
    if (found && left_covered != NULL)
        fuzz_ref_casual_from(mine, rows, cols, result->row, result->col, left_covered);
    return found;
}

/* ---- one-click win ------------------------------------------------------ */

bool fuzz_ref_master_possible(uint32_t rows, uint32_t cols, uint32_t mines)
{
    /* Harness-side cache of the brute force, one run per board shape. */
    static bool known[21][21];
    static bool possible[21][21][21];
    uint32_t safe = rows * cols - mines;
    bool rule = ref_master_possible(rows, cols, safe);

    if ((uint64_t)rows * cols <= 20) {
        if (!known[rows][cols]) {
            ref_master_brute_force(rows, cols, possible[rows][cols]);
            known[rows][cols] = true;
        }
        FUZZ_CHECK(rule == possible[rows][cols][safe],
                   "the references disagree on %ux%u with %u mines", rows, cols, mines);
    }
    return rule;
}

/* Boards up to this many cells are also played on the core's engine. */
#define MASTER_PLAY_MAX_CELLS 40000u

const char *fuzz_ref_master_check_board(const char *board, uint32_t rows, uint32_t cols,
                                        uint32_t mines)
{
    size_t n = (size_t)rows * cols, bytes, i, click = 0;
    const char *problem = ref_master_check(board, rows, cols, mines);
    void *memory;
    sap_game *game;
    int rc;

    if (problem != NULL || n > MASTER_PLAY_MAX_CELLS || !fuzz_game_engine_built())
        return problem;
    bytes = SAP_GAME_BYTES(rows, cols);
    memory = malloc(bytes);
    FUZZ_CHECK(memory != NULL, "malloc(%zu)", bytes);
    rc = sap_game_init(&game, memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "game init %ux%u: %d", rows, cols, rc);
    for (i = 0; i < n; i++) {
        if (board[i] == '*')
            FUZZ_CHECK(sap_game_set_mine(game, (uint32_t)(i / cols), (uint32_t)(i % cols), true)
                           == SAP_OK, "set_mine");
        else if (board[i] == 'c')
            click = i;
    }
    if (sap_game_move(game, SAP_OP_LEFT, (uint32_t)(click / cols) + 1,
                      (uint32_t)(click % cols) + 1) != SAP_WIN)
        problem = "one click on the game engine does not win";
    free(memory);
    return problem;
}
