/*
 * game_random.c - the boom engine's random boards (NEW r c mines seed): the
 * mines asked for are laid at the first left click, never on the clicked
 * cell, or placed by the no-guess generator (sap_game_set_layout).
 *
 * The generator is geometry.h's, shared with the no-guess boards.
 */
#include "game.h"

/* Lays the asked-for mines before the opening of the clicked cell (kept
 * in v.walk): never on that cell, and off its whole 3x3 neighbourhood when
 * the count allows.  Selection sampling (each eligible cell is taken with
 * probability needed / eligible left) gives exactly the asked-for count in
 * one pass and no extra memory.  sap_game_random_lay_start sets the pass up;
 * sap_game_random_lay_on carries it on for at most `budget` cells and returns
 * true once done. */
static struct sap_box lay_zone(const sap_game *g)
{
    return sap_first_click_zone(g->rows, g->cols, g->v.walk.row, g->v.walk.col, g->mines);
}

void sap_game_random_lay_start(sap_game *g)
{
    struct sap_box zone = lay_zone(g);
    g->u.lay.eligible = g->rows * g->cols - sap_box_cells(&zone);
    g->u.lay.needed = g->mines;
    g->u.lay.row = 0;
    g->u.lay.col = 0;
    g->w.seed = sap_random_start(g->w.seed);
}

bool sap_game_random_lay_on(sap_game *g, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    uint8_t *cell = cells_of(g);
    struct sap_box zone = lay_zone(g);
    uint32_t needed = g->u.lay.needed, eligible = g->u.lay.eligible, state = g->w.seed;
    uint32_t r = g->u.lay.row, c = g->u.lay.col;

    for (; r < g->rows && needed > 0; r++, c = 0) {
        for (; c < g->cols && needed > 0; c++) {
            if (budget-- == 0)
                goto pause;
            if (sap_box_holds(&zone, r, c))
                continue;
            if (sap_random_below(&state, eligible) < needed) {
                cell[(size_t)r * g->cols + c] |= CELL_MINE;
                sap_game_board_mine_changed(cell, g->rows, g->cols, r, c, true);
                needed--;
            }
            eligible--;
        }
    }
    g->flags &= (uint8_t)~FLAG_RANDOM;
    *budget_left = budget;
    return true;
pause:
    *budget_left = 0;
    g->u.lay.row = r;
    g->u.lay.col = c;
    g->u.lay.needed = needed;
    g->u.lay.eligible = eligible;
    g->w.seed = state;
    return false;
}

int sap_game_set_random(sap_game *g, uint32_t mines, uint32_t seed)
{
    uint8_t *board;
    size_t i, total;

    if (g == NULL)
        return SAP_ERR_ARG;
    if (g->flags & FLAG_STARTED)
        return SAP_ERR_STATE; /* (a move under way has started) */
    total = (size_t)g->rows * g->cols;
    if (mines >= total)
        return SAP_ERR_ARG;
    board = cells_of(g);
    for (i = 0; i < total; i++) /* no mines, so every number is 0 */
        board[i] &= (uint8_t)(~(CELL_MINE | CELL_NUMBER));
    g->mines = mines;
    g->w.seed = seed;
    g->flags |= FLAG_RANDOM;
    return SAP_OK;
}

/* sap_game_set_layout_step keeps its place in u.lay (no move is under way,
 * and the box of the last move's changes is given up): the next cell (row,
 * col), the mines counted so far (needed), and the pass (eligible: 0
 * counting, which changes nothing, then 1 laying). */
static void layout_over(sap_game *g)
{
    g->work = WORK_NONE;
    g->u.box.top = g->u.box.left = UINT32_MAX; /* no change to list */
    g->u.box.bottom = g->u.box.right = 0;
}

int sap_game_set_layout_step(sap_game *g,
                             bool (*mine_at)(const void *context, uint32_t row, uint32_t col),
                             const void *context, uint32_t budget)
{
    uint8_t *board;
    uint32_t r, c;
    if (g == NULL || mine_at == NULL)
        return SAP_ERR_ARG;
    if (g->work != WORK_LAYOUT) {
        if (!(g->flags & FLAG_RANDOM) || g->work != WORK_NONE)
            return SAP_ERR_STATE;
        if (g->reply_phase != REPLY_DONE) { /* as a move drops it */
            sap_game_reply_drop(g);
            g->reply_phase = REPLY_DONE;
        }
        g->u.lay.row = g->u.lay.col = g->u.lay.needed = g->u.lay.eligible = 0;
        g->work = WORK_LAYOUT;
    }
    if (budget == 0)
        budget = 1;
    board = cells_of(g);
    for (;;) {
        for (r = g->u.lay.row, c = g->u.lay.col; r < g->rows; r++, c = 0)
            for (; c < g->cols; c++) {
                if (budget-- == 0) {
                    g->u.lay.row = r;
                    g->u.lay.col = c;
                    return SAP_MORE;
                }
                if (!mine_at(context, r, c))
                    continue;
                if (g->u.lay.eligible == 0) {
                    g->u.lay.needed++;
                } else {
                    board[(size_t)r * g->cols + c] |= CELL_MINE;
                    sap_game_board_mine_changed(board, g->rows, g->cols, r, c, true);
                }
            }
        if (g->u.lay.eligible != 0)
            break;
        /* counted: the count must be the game's before anything changes */
        if (g->u.lay.needed != g->mines || g->u.lay.needed >= g->rows * g->cols) {
            layout_over(g);
            return SAP_ERR_ARG;
        }
        g->u.lay.row = g->u.lay.col = 0;
        g->u.lay.eligible = 1;
    }
    g->flags &= (uint8_t)~FLAG_RANDOM;
    layout_over(g);
    return SAP_OK;
}

int sap_game_set_layout(sap_game *g,
                        bool (*mine_at)(const void *context, uint32_t row, uint32_t col),
                        const void *context)
{
    return sap_game_set_layout_step(g, mine_at, context, SAP_BUDGET_UNLIMITED);
}

uint32_t sap_game_random_pending_seed(const sap_game *g)
{
    return g->w.seed;
}

void sap_game_random_set_level(sap_game *g, uint8_t level)
{
    g->level = level;
}

uint8_t sap_game_random_pending_level(const sap_game *g)
{
    return (g->flags & FLAG_RANDOM) ? g->level : (uint8_t)SAP_LEVEL_RANDOM;
}

bool sap_game_mines_laid(const sap_game *g)
{
    return g != NULL && !(g->flags & FLAG_RANDOM);
}
