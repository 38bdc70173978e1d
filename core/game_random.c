/*
 * game_random.c - the boom engine's random boards (NEW r c mines seed): the
 * mines asked for are laid at the first left click, never on the clicked
 * cell, or placed by the no-guess generator (sap_game_set_layout).
 *
 * xorshift32: three shifts and three xors per draw, cheap on an 8-bit AVR.
 * The seed is first scrambled so that neighbouring seeds give unrelated
 * boards, and a zero state (xorshift's fixed point) is avoided.
 */
#include "game.h"

static uint32_t rng_start(uint32_t seed)
{
    uint32_t s = seed + 0x9E3779B9u;
    s ^= s >> 16;
    s *= 0x85EBCA6Bu;
    s ^= s >> 13;
    s *= 0xC2B2AE35u;
    s ^= s >> 16;
    return s != 0 ? s : 0x6D2B79F5u;
}

static uint32_t rng_next(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* A draw in [0, bound), bound >= 1: the high half of the 64-bit product
 * x * bound, computed from 16-bit halves so that an 8-bit or 32-bit target
 * needs no 64-bit multiply. */
static uint32_t rng_below(uint32_t *state, uint32_t bound)
{
    uint32_t x = rng_next(state);
    uint32_t xh = x >> 16, xl = x & 0xFFFFu, bh = bound >> 16, bl = bound & 0xFFFFu;
    uint32_t cross1 = xh * bl, cross2 = xl * bh;
    uint32_t carry = ((xl * bl) >> 16) + (cross1 & 0xFFFFu) + (cross2 & 0xFFFFu);
    return xh * bh + (cross1 >> 16) + (cross2 >> 16) + (carry >> 16);
}

/* Lays the asked-for mines before the opening of the clicked cell (kept
 * in v.walk): never on that cell, and off its whole 3x3 neighbourhood when
 * the count allows.  Selection sampling (each eligible cell is taken with
 * probability needed / eligible left) gives exactly the asked-for count in
 * one pass and no extra memory.  sap_game_lay_start sets the pass up; sap_game_lay_on
 * carries it on for at most `budget` cells and returns true once done. */
static bool keep_block_clear(const sap_game *g)
{
    struct sap_box block = block_around(g->rows, g->cols, g->v.walk.row, g->v.walk.col);
    return g->mines <= g->rows * g->cols - box_cells(&block);
}

void sap_game_lay_start(sap_game *g)
{
    struct sap_box block = block_around(g->rows, g->cols, g->v.walk.row, g->v.walk.col);
    uint32_t total = g->rows * g->cols;
    g->u.lay.eligible = keep_block_clear(g) ? total - box_cells(&block) : total - 1;
    g->u.lay.needed = g->mines;
    g->u.lay.row = 0;
    g->u.lay.col = 0;
    g->seed = rng_start(g->seed);
}

bool sap_game_lay_on(sap_game *g, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    uint8_t *cell = cells_of(g);
    uint32_t r0 = g->v.walk.row, c0 = g->v.walk.col;
    bool clear_block = keep_block_clear(g);
    uint32_t needed = g->u.lay.needed, eligible = g->u.lay.eligible, state = g->seed;
    uint32_t r = g->u.lay.row, c = g->u.lay.col;

    for (; r < g->rows && needed > 0; r++, c = 0) {
        for (; c < g->cols && needed > 0; c++) {
            bool excluded = clear_block
                                ? (r + 1 >= r0 && r <= r0 + 1 && c + 1 >= c0 && c <= c0 + 1)
                                : (r == r0 && c == c0);
            if (budget-- == 0)
                goto pause;
            if (excluded)
                continue;
            if (rng_below(&state, eligible) < needed) {
                cell[(size_t)r * g->cols + c] |= CELL_MINE;
                sap_game_mine_changed(cell, g->rows, g->cols, r, c, true);
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
    g->seed = state;
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
        board[i] &= (uint8_t)~(CELL_MINE | CELL_NUMBER);
    g->mines = mines;
    g->seed = seed;
    g->flags |= FLAG_RANDOM;
    return SAP_OK;
}

int sap_game_set_layout(sap_game *g, bool (*mine_at)(const void *context, uint32_t row,
                                                      uint32_t col),
                        const void *context)
{
    uint8_t *board;
    uint32_t r, c, count = 0;
    if (g == NULL || mine_at == NULL)
        return SAP_ERR_ARG;
    if (!(g->flags & FLAG_RANDOM) || g->work != WORK_NONE)
        return SAP_ERR_STATE;
    for (r = 0; r < g->rows; r++)
        for (c = 0; c < g->cols; c++)
            count += mine_at(context, r, c);
    if (count != g->mines || count >= g->rows * g->cols)
        return SAP_ERR_ARG;
    board = cells_of(g);
    for (r = 0; r < g->rows; r++)
        for (c = 0; c < g->cols; c++)
            if (mine_at(context, r, c)) {
                board[(size_t)r * g->cols + c] |= CELL_MINE;
                sap_game_mine_changed(board, g->rows, g->cols, r, c, true);
            }
    g->flags &= (uint8_t)~FLAG_RANDOM;
    return SAP_OK;
}

uint32_t sap_game_pending_seed(const sap_game *g)
{
    return g->seed;
}

void sap_game_set_level(sap_game *g, uint8_t level)
{
    g->level = level;
}

uint8_t sap_game_pending_level(const sap_game *g)
{
    return (g->flags & FLAG_RANDOM) ? g->level : (uint8_t)SAP_LEVEL_RANDOM;
}

bool sap_game_mines_laid(const sap_game *g)
{
    return g != NULL && !(g->flags & FLAG_RANDOM);
}
