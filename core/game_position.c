/*
 * game_position.c - a position typed in as a person sees it: a game with
 * its player map and its mine count but no layout behind it
 * (sap_game_set_position, sapper.h section 5).
 *
 * Its cells hold only their marks, and an opened cell the number it
 * showed in the player's own game (the number bits a layout would have
 * kept up to date); no cell holds a mine.  What reads a game's player map
 * and mine count reads a position as well: the deduction, HINT, PROB, the
 * drawing.  A move that would open a cell is refused (game.c), since only
 * the layout could say what it opens; a right click cycles a mark as on
 * any game, and a position is never won or lost.
 */
#include "game.h"

int sap_game_set_position(sap_game *g, uint32_t mines)
{
    if (g == NULL)
        return SAP_ERR_ARG;
    if (g->work != WORK_NONE
        || ((g->flags & FLAG_POSITION) == 0
            && ((g->flags & (FLAG_STARTED | FLAG_RANDOM)) != 0 || g->mines != 0)))
        return SAP_ERR_STATE; /* a dealt game keeps its layout */
    if (mines >= g->rows * g->cols)
        return SAP_ERR_ARG;
    g->flags |= FLAG_POSITION;
    g->mines = mines;
    return SAP_OK;
}

bool sap_game_is_position(const sap_game *g)
{
    return g != NULL && (g->flags & FLAG_POSITION) != 0;
}

int sap_game_set_seen(sap_game *g, uint32_t row, uint32_t col, char seen)
{
    uint8_t *cell, byte;
    if (g == NULL || (g->flags & FLAG_POSITION) == 0 || g->work != WORK_NONE)
        return g == NULL ? SAP_ERR_ARG : SAP_ERR_STATE;
    if (row >= g->rows || col >= g->cols)
        return SAP_ERR_RANGE;
    switch (seen) {
    case '_':
        byte = MARK_COVERED;
        break;
    case 'P':
        byte = MARK_FLAG;
        break;
    case '?':
        byte = MARK_QUESTION;
        break;
    default:
        if (seen < '0' || seen > '8')
            return SAP_ERR_ARG;
        byte = (uint8_t)(MARK_OPEN | (uint8_t)((seen - '0') << CELL_NUMBER_SHIFT));
        break;
    }
    cell = &cells_of(g)[(size_t)row * g->cols + col];
    if ((*cell & CELL_MARK) == MARK_OPEN)
        g->covered++;
    if ((byte & CELL_MARK) == MARK_OPEN)
        g->covered--;
    *cell = byte;
    return SAP_OK;
}

uint32_t sap_game_position_covered_around(const sap_game *g, uint32_t row, uint32_t col)
{
    struct sap_box b = sap_block_around(g->rows, g->cols, row, col);
    uint32_t r, c, covered = 0;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            covered += (cells_of_const(g)[(size_t)r * g->cols + c] & CELL_MARK) != MARK_OPEN;
    return covered;
}

int sap_game_position_fault(const sap_game *g, uint32_t row, uint32_t *col)
{
    const uint8_t *cells = cells_of_const(g) + (size_t)row * g->cols;
    uint32_t c;
    for (c = 0; c < g->cols; c++) {
        uint8_t byte = cells[c];
        if ((byte & CELL_MARK) == MARK_OPEN
            && (uint32_t)(byte >> CELL_NUMBER_SHIFT)
                   > sap_game_position_covered_around(g, row, c)) {
            *col = c;
            return SAP_ERR_ARG;
        }
    }
    return SAP_OK;
}
