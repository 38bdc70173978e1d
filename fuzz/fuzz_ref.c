/*
 * fuzz_ref.c - see fuzz_ref.h.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_ref.h"
#include "ref_master.h"

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

    if (problem != NULL || n > MASTER_PLAY_MAX_CELLS)
        return problem;
    bytes = SAP_GAME_BYTES(rows, cols);
    memory = malloc(bytes);
    FUZZ_CHECK(memory != NULL, "malloc(%zu)", bytes);
    rc = sap_game_init(&game, memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "game init %ux%u: %d", rows, cols, rc);
    for (i = 0; i < n; i++) {
        if (board[i] == '*')
            FUZZ_CHECK(sap_game_set_mine(game, (uint32_t)(i / cols), (uint32_t)(i % cols), true)
                           == SAP_OK,
                       "set_mine");
        else if (board[i] == 'c')
            click = i;
    }
    if (sap_game_move(game, SAP_OP_LEFT, (uint32_t)(click / cols) + 1,
                      (uint32_t)(click % cols) + 1)
        != SAP_WIN)
        problem = "one click on the game engine does not win";
    free(memory);
    return problem;
}
