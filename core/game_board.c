/*
 * game_board.c - loading a boom board before its first move: mines one at
 * a time or a row at once, the neighbours' numbers kept up to date as they
 * are placed.  The moves, the opening and the board's plain figures are in
 * game.c, random boards in game_random.c.
 */
#include "game.h"

/* Where counting a 64-bit word's trailing zeros is one instruction on a
 * little-endian core (elsewhere __builtin_ctzll may become a call into
 * libgcc, which the core must not need). */
#if SAP_FAST_PATHS && defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__))       \
    && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SAP_CTZ64_IS_ONE_INSTRUCTION 1
#else
#define SAP_CTZ64_IS_ONE_INSTRUCTION 0
#endif

/* A mine placed at (r, c) (add) or taken away: its neighbours' numbers
 * change by one (game.h). */
void sap_game_board_mine_changed(uint8_t *board, uint32_t rows, uint32_t cols, uint32_t r,
                                 uint32_t c, bool add)
{
    uint8_t step = add ? CELL_NUMBER_ONE : (uint8_t)-CELL_NUMBER_ONE; /* mod 256 */
    unsigned d;
    if (sap_inside_border(rows, cols, r, c)) { /* the eight at once */
        uint8_t *a = &board[(size_t)(r - 1u) * cols + c], *p = a + cols, *b = p + cols;
        a[-1] = (uint8_t)(a[-1] + step);
        a[0] = (uint8_t)(a[0] + step);
        a[1] = (uint8_t)(a[1] + step);
        p[-1] = (uint8_t)(p[-1] + step);
        p[1] = (uint8_t)(p[1] + step);
        b[-1] = (uint8_t)(b[-1] + step);
        b[0] = (uint8_t)(b[0] + step);
        b[1] = (uint8_t)(b[1] + step);
        return;
    }
    for (d = 0; d < 8; d++) {
        uint32_t nr = sap_step_row(r, d), nc = sap_step_col(c, d);
        uint8_t *cell;
        if (nr >= rows || nc >= cols)
            continue;
        cell = &board[(size_t)nr * cols + nc];
        *cell = (uint8_t)(*cell + step);
    }
}

/* Puts or removes one mine; the caller has checked the state and range. */
static inline void put_mine(sap_game *g, uint32_t row, uint32_t col, bool mine)
{
    uint8_t *cell = &cells_of(g)[(size_t)row * g->cols + col];
    if (mine && !(*cell & CELL_MINE)) {
        *cell |= CELL_MINE;
        g->mines++;
        sap_game_board_mine_changed(cells_of(g), g->rows, g->cols, row, col, true);
    } else if (!mine && (*cell & CELL_MINE)) {
        *cell &= (uint8_t)~CELL_MINE;
        g->mines--;
        sap_game_board_mine_changed(cells_of(g), g->rows, g->cols, row, col, false);
    }
}

int sap_game_set_mine(sap_game *g, uint32_t row, uint32_t col, bool mine)
{
    if (g == NULL)
        return SAP_ERR_ARG;
    if (row >= g->rows || col >= g->cols)
        return SAP_ERR_RANGE;
    if (g->flags & (FLAG_STARTED | FLAG_RANDOM))
        return SAP_ERR_STATE;
    put_mine(g, row, col, mine);
    return SAP_OK;
}

int sap_game_set_row(sap_game *g, uint32_t row, uint32_t col, const char *cells, uint32_t count)
{
    if (g == NULL || (cells == NULL && count > 0))
        return SAP_ERR_ARG;
    if (row >= g->rows || col > g->cols || count > g->cols - col)
        return SAP_ERR_RANGE;
    if (g->flags & (FLAG_STARTED | FLAG_RANDOM))
        return SAP_ERR_STATE;
    if (sap_row_has_other(cells, count, '*', '_'))
        return SAP_ERR_ARG;
    sap_game_board_load_row(g, row, col, cells, count);
    return SAP_OK;
}

void sap_game_board_load_row(sap_game *g, uint32_t row, uint32_t col, const char *cells,
                             uint32_t count)
{
    const uint8_t *at = cells_of(g) + (size_t)row * g->cols + col;
    uint32_t i = 0;

#if SAP_FAST_PATHS
    /* Eight cells a word: 0x80 in each byte that is '*', and in each cell
     * holding a mine; only the bytes that differ are visited (in a board
     * being loaded, the new mines), lowest address first. */
    for (; i + 8u <= count; i += 8) {
        uint64_t stars = sap_nonzero_bytes(sap_load_eight(cells + i) ^ SAP_EACH_BYTE('*'))
                         ^ SAP_EACH_BYTE(0x80);
        uint64_t mines = (sap_load_eight(at + i) & SAP_EACH_BYTE(CELL_MINE)) << 7;
        uint64_t differ = stars ^ mines;
#if SAP_CTZ64_IS_ONE_INSTRUCTION
        while (differ != 0) { /* little-endian: byte k is bits 8k..8k+7 */
            uint32_t k = i + ((uint32_t)__builtin_ctzll(differ) >> 3);
            put_mine(g, row, col + k, cells[k] == '*');
            differ &= differ - 1u;
        }
#else
        uint32_t k;
        for (k = i; differ != 0 && k < i + 8u; k++)
            if ((at[k] & CELL_MINE) != (cells[k] == '*'))
                put_mine(g, row, col + k, cells[k] == '*');
#endif
    }
#endif
    for (; i < count; i++)
        if ((at[i] & CELL_MINE) != (cells[i] == '*'))
            put_mine(g, row, col + i, cells[i] == '*');
}

struct sap_box sap_game_board_changed_box(const sap_game *g)
{
    return g->u.box;
}
