/* players.c - see players.h. */
#include "players.h"

#include <stdlib.h>
#include <string.h>

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

void layouts_count(const sap_game *g, struct layouts *b)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), cells = rows * cols;
    uint32_t covered[LAYOUTS_MAX_CELLS], ncov = 0, i, mines = sap_game_mines(g);
    uint64_t set, limit;
    char view[LAYOUTS_MAX_CELLS];

    memset(b, 0, sizeof *b);
    if (cells > LAYOUTS_MAX_CELLS)
        return;
    for (i = 0; i < cells; i++) {
        view[i] = sap_game_cell(g, i / cols, i % cols);
        if (!(view[i] >= '0' && view[i] <= '8'))
            covered[ncov++] = i;
    }
    limit = (uint64_t)1 << ncov;
    for (set = 0; set < limit; set++) {
        unsigned char mine[LAYOUTS_MAX_CELLS] = { 0 };
        uint32_t k = 0;
        bool ok = true;
        for (i = 0; i < ncov; i++)
            if (set >> i & 1u) {
                mine[covered[i]] = 1;
                k++;
            }
        if (k != mines)
            continue;
        for (i = 0; i < cells && ok; i++) {
            int r = (int)(i / cols), c = (int)(i % cols), dr, dc, n = 0;
            if (!(view[i] >= '0' && view[i] <= '8'))
                continue;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if (rr >= 0 && cc >= 0 && rr < (int)rows && cc < (int)cols)
                        n += mine[(uint32_t)rr * cols + (uint32_t)cc];
                }
            ok = n == view[i] - '0';
        }
        if (!ok)
            continue;
        b->total++;
        for (i = 0; i < cells; i++)
            b->mine_in[i] += mine[i];
    }
}
