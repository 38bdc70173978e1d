/* players.c - see players.h. */
#include "players.h"

#include <stdlib.h>

#include "sapper.h"

bool player_logic_clears(const unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t row,
                         uint32_t col)
{
    size_t bytes = SAP_GAME_BYTES(rows, cols), dbytes = SAP_DEDUCE_BYTES(rows, cols);
    void *block = malloc(bytes), *dblock = malloc(dbytes);
    uint32_t x, cells = rows * cols;
    sap_game *g;
    bool won = false;
    if (block == NULL || dblock == NULL)
        goto done;
    sap_game_init(&g, block, bytes, rows, cols);
    for (x = 0; x < cells; x++)
        if (mine[x])
            sap_game_set_mine(g, x / cols, x % cols, true);
    sap_game_move(g, 1, row + 1, col + 1);
    while (sap_game_state(g) == SAP_RUNNING) {
        sap_deduce *d;
        uint32_t p, opened = 0;
        sap_deduce_init(&d, dblock, dbytes, g);
        if (sap_deduce_step(d, SAP_BUDGET_UNLIMITED) != SAP_OK)
            break;
        for (x = 0; x < cells; x++)
            if (sap_deduce_cell(d, x / cols, x % cols, &p) == SAP_CELL_SAFE
                && sap_game_cell(g, x / cols, x % cols) == '_') {
                sap_game_move(g, 1, x / cols + 1, x % cols + 1);
                opened++;
            }
        if (opened == 0)
            break;
    }
    won = sap_game_state(g) == SAP_WIN;
done:
    free(block);
    free(dblock);
    return won;
}
