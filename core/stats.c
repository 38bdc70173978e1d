/*
 * stats.c - what a board is worth to a player (core/README.md, STATS): its
 * openings (maximal 8-connected groups of safe cells showing 0), its
 * islands (maximal 8-connected groups of safe numbered cells none of which
 * touches a 0), and its 3BV: the fewest left clicks that clear it without
 * flags, one per opening and one per numbered cell no opening reveals.
 *
 * In bounded steps (sapper.h section 2), one byte a cell, no recursion:
 *   1. classify each cell: mine, zero, or a number; count the numbers
 *      that touch no zero (each is a click of its own: 3BV);
 *   2. walk the groups of zeros and of such lonely numbers, counting each
 *      group once: a depth-first walk whose way back is kept in the cells
 *      (the direction to the parent, in the high nibble of the cell's byte;
 *      back at the parent, the next direction to try follows from it).
 */
#include "geometry.h"

#define K_MINE 0x01u
#define K_ZERO 0x02u   /* safe, no mine around */
#define K_LONELY 0x04u /* safe, a number, no zero around */
#define K_SEEN 0x08u   /* counted in a group */
#define K_GROUP (K_ZERO | K_LONELY)

enum stats_phase { ST_CLASSIFY = 0, ST_LONELY, ST_GROUPS, ST_DONE };

struct sap_stats {
    const sap_game *game;
    uint32_t rows, cols, cells;
    uint32_t cursor; /* the phase's next cell */
    uint32_t at;     /* ST_GROUPS: the walk's cell, or UINT32_MAX between groups */
    uint32_t dir;    /* ... and the next direction to try there */
    uint32_t openings, islands, lonely;
    uint8_t phase;
};

SAP_STATIC_ASSERT(stats_header_fits, sizeof(struct sap_stats) <= SAP_STATS_HEADER_BYTES);

static uint8_t *kind_of(sap_stats *s)
{
    return (uint8_t *)s + SAP_STATS_HEADER_BYTES;
}

/* The high nibble of a cell's byte: the direction to its parent in the
 * walk, plus one (0 at the group's first cell).  Directions are
 * geometry.h's, d and 7 - d opposite. */
#define PARENT_SHIFT 4

/* The neighbour of x in direction d (0..7), or UINT32_MAX off the board. */
static uint32_t neighbour(const sap_stats *s, uint32_t x, unsigned d)
{
    uint32_t r = x / s->cols, c = x - r * s->cols;
    uint32_t rr = sap_step_row(r, d), cc = sap_step_col(c, d);
    if (rr >= s->rows || cc >= s->cols)
        return UINT32_MAX;
    return rr * s->cols + cc;
}

int sap_stats_init(sap_stats **stats, void *memory, size_t bytes, const sap_game *game)
{
    sap_stats *s;
    uint32_t rows, cols;
    if (stats == NULL || game == NULL)
        return SAP_ERR_ARG;
    *stats = NULL;
    if (!sap_game_mines_laid(game))
        return SAP_ERR_STATE;
    rows = sap_game_rows(game);
    cols = sap_game_cols(game);
    if (memory == NULL || bytes < SAP_STATS_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    s = (sap_stats *)memory;
    memset(s, 0, sizeof *s);
    s->game = game;
    s->rows = rows;
    s->cols = cols;
    s->cells = rows * cols;
    s->at = UINT32_MAX;
    s->phase = ST_CLASSIFY;
    *stats = s;
    return SAP_OK;
}

/* 1. mines and zeros */
static void classify(sap_stats *s, uint32_t x)
{
    uint8_t *kind = kind_of(s);
    uint32_t r = x / s->cols, c = x - r * s->cols;
    unsigned d, mines = 0;
    if (sap_game_mine_at(s->game, r, c)) {
        kind[x] = K_MINE;
        return;
    }
    for (d = 0; d < 8; d++) {
        uint32_t n = neighbour(s, x, d);
        mines += n != UINT32_MAX && sap_game_mine_at(s->game, n / s->cols, n % s->cols);
    }
    kind[x] = mines == 0 ? K_ZERO : 0;
}

/* 1b. numbers that touch no zero */
static void mark_lonely(sap_stats *s, uint32_t x)
{
    uint8_t *kind = kind_of(s);
    unsigned d;
    if (kind[x] & (K_MINE | K_ZERO))
        return;
    for (d = 0; d < 8; d++) {
        uint32_t n = neighbour(s, x, d);
        if (n != UINT32_MAX && (kind[n] & K_ZERO))
            return;
    }
    kind[x] = K_LONELY;
    s->lonely++;
}

/* 2. one step of the walk through the current group: true when it is done. */
static bool walk_step(sap_stats *s)
{
    uint8_t *kind = kind_of(s);
    uint32_t x = s->at, d = s->dir;
    uint8_t group = kind[x] & K_GROUP;
    if (d < 8) {
        uint32_t n = neighbour(s, x, d);
        s->dir = d + 1u;
        if (n != UINT32_MAX && (kind[n] & (K_GROUP | K_SEEN)) == group) {
            /* down: n's parent is x, the opposite way */
            kind[n] = (uint8_t)(kind[n] | K_SEEN | ((8u - d) << PARENT_SHIFT));
            s->at = n;
            s->dir = 0;
        }
        return false;
    }
    d = kind[x] >> PARENT_SHIFT;
    if (d == 0)
        return true; /* back at the group's first cell */
    /* up: the parent went to x in direction 7 - (d - 1); it tries the next */
    s->at = neighbour(s, x, d - 1u);
    s->dir = 9u - d;
    return false;
}

int sap_stats_step(sap_stats *s, uint32_t budget)
{
    uint8_t *kind;
    if (s == NULL)
        return SAP_ERR_ARG;
    if (budget == 0)
        budget = 1;
    kind = kind_of(s);
    while (budget > 0 && s->phase != ST_DONE) {
        budget--;
        switch (s->phase) {
        case ST_CLASSIFY:
            classify(s, s->cursor++);
            break;
        case ST_LONELY:
            mark_lonely(s, s->cursor++);
            break;
        default: /* ST_GROUPS */
            if (s->at != UINT32_MAX) {
                if (walk_step(s))
                    s->at = UINT32_MAX;
                break;
            }
            if ((kind[s->cursor] & K_GROUP) && !(kind[s->cursor] & K_SEEN)) {
                kind[s->cursor] |= K_SEEN;
                if (kind[s->cursor] & K_ZERO)
                    s->openings++;
                else
                    s->islands++;
                s->at = s->cursor;
                s->dir = 0;
            }
            s->cursor++;
            break;
        }
        if (s->cursor == s->cells && s->at == UINT32_MAX) {
            s->phase++;
            s->cursor = 0;
        }
    }
    return s->phase == ST_DONE ? SAP_OK : SAP_MORE;
}

int sap_stats_result(const sap_stats *s, struct sap_board_stats *out)
{
    if (s == NULL || out == NULL)
        return SAP_ERR_ARG;
    if (s->phase != ST_DONE)
        return SAP_ERR_STATE;
    out->openings = s->openings;
    out->islands = s->islands;
    out->bv3 = s->openings + s->lonely;
    out->clicks = sap_game_clicks(s->game);
    return SAP_OK;
}
