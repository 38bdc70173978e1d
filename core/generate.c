/*
 * generate.c - boards that never force a guess, at two levels:
 *   SAP_LEVEL_CASUAL   the casual player's rules 1 and 2 (one number at a
 *                      time, no mine count) clear every safe cell from the
 *                      first click;
 *   SAP_LEVEL_NOGUESS  pure logic (every cell the deduction engine proves,
 *                      from the numbers and the mine count) clears them.
 *
 * The way of Tatham's generator, without its starting over: lay the mines
 * at random around the first click, then play the board as the level's
 * player would, on a game of our own (the same engine as the player's):
 * open every cell the level's deduction proves safe, again and again.
 * Where it stalls, perturb the layout there - move a mine the player
 * cannot place from the stalled frontier to a covered cell it has not
 * reached (or, with none, into the frontier's other cells) - and play on
 * from where it stalled, the player told which cells changed.  Once that
 * play clears the board it is played again from the first click, and a
 * board is served only once such a play has cleared it, so every served
 * board is solvable at its level by construction; past
 * SAP_GENERATE_MAX_TRIES perturbations the generator says it found none
 * (SAP_ERR_SIZE) and serves nothing.
 *
 * The casual level's player is the casual player's own engine
 * (casual_play.c: the closure of rules 1 and 2 from one start, with
 * counters, linear in the board), which takes a moved mine into its
 * counters; pure logic plays the
 * game with the live deduction engine (deduce_live.c), cheapest first: both
 * cheap rules, and the full engine only when they stall.
 *
 * Memory (SAP_GENERATE_BYTES): a header, the layout (a bit a cell), the
 * game the player plays and the deduction engine's block (which the casual
 * player uses instead at its level: it needs less).  Every step is
 * bounded (sapper.h section 2); no recursion; the same seed, size, level
 * and first click give the same board on every target.
 */
#include "casual.h"
#include "generate.h"

/* The parts start 8-aligned: the deduction block holds a pointer. */
static size_t layout_bytes(uint32_t cells)
{
    return (((size_t)cells + 7u) / 8u + 7u) & ~(size_t)7u;
}

/* ---- the API ------------------------------------------------------------ */

int sap_generate_init(sap_generate **generate, void *memory, size_t bytes, uint32_t rows,
                      uint32_t cols, uint32_t mines, uint32_t seed, enum sap_level level,
                      uint32_t row, uint32_t col)
{
    sap_generate *g;
    uint32_t cells;
    size_t at;

    if (generate == NULL)
        return SAP_ERR_ARG;
    *generate = NULL;
    if (level != SAP_LEVEL_CASUAL && level != SAP_LEVEL_NOGUESS)
        return SAP_ERR_ARG;
    if (sap_text_check_board_size(rows, cols) != SAP_OK)
        return SAP_ERR_SIZE;
    if (row >= rows || col >= cols)
        return SAP_ERR_RANGE;
    cells = rows * cols;
    if (mines >= cells)
        return SAP_ERR_ARG;
    if (memory == NULL || bytes < SAP_GENERATE_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (SAP_BLOCK_ALIGN - 1u)) != 0)
        return SAP_ERR_ARG; /* as malloc gives, and the session's blocks */
    g = (sap_generate *)memory;
    memset(g, 0, sizeof *g);
    g->rows = rows;
    g->cols = cols;
    g->cells = cells;
    g->mines = mines;
    g->start = row * cols + col;
    g->level = (uint8_t)level;
    g->zone = sap_first_click_zone(rows, cols, row, col, mines); /* as the game's */
    g->u.lay.needed = mines;
    g->u.lay.eligible = cells - sap_box_cells(&g->zone);
    g->rng = sap_random_start(seed);
    at = SAP_GENERATE_HEADER_BYTES + layout_bytes(cells);
    memset(layout_of(g), 0, layout_bytes(cells));
    g->deduce = (sap_deduce *)(void *)((unsigned char *)memory + at);
    g->phase = G_LAY;
    *generate = g;
    return SAP_OK;
}

/* What a step costs (sapper.h section 2: a step is a few dozen
 * instructions): a turn of the casual player's play fires the rules around
 * a cell (a cell of a perturbation's pass is one, generate_perturb.c). */
#define PLAY_STEPS 8u
#define OPEN_STEPS 4u /* a live open: the cell's block, its numbers pushed */

/* G_LAY: each eligible cell takes a mine with odds needed / eligible, so
 * every layout is equally likely. */
static void lay(sap_generate *g)
{
    uint32_t x = g->cursor++;
    if (in_zone(g, x))
        return;
    if (draw(g, g->u.lay.eligible) < g->u.lay.needed) {
        set_mine(layout_of(g), x, true);
        g->u.lay.needed--;
    }
    g->u.lay.eligible--;
}

/* The mines around x in the layout: the number the player sees there. */
static uint8_t number_at(sap_generate *g, uint32_t x)
{
    const uint8_t *layout = layout_of(g);
    struct sap_box b = sap_block_around_cell(g->rows, g->cols, x);
    uint32_t r, c, n = 0;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            n += mine_in(layout, r * g->cols + c);
    return (uint8_t)n;
}

/* G_SETUP: a fresh play from the first click.  CASUAL: the casual
 * player's board, a cell a step (laid out a row at a time, as the setting
 * of its first cell reaches it).  NOGUESS: a live deduction with nothing
 * open (a cell a step to clear it), then the first click.  True once it is
 * made. */
static bool setup(sap_generate *g, uint32_t *budget)
{
    uint8_t *layout = layout_of(g);
    if (g->level == SAP_LEVEL_NOGUESS) {
        /* clearing the block is three bytes a cell: charged as one step */
        (void)sap_deduce_live_init(&g->deduce, g->deduce, SAP_DEDUCE_BYTES(g->rows, g->cols),
                                   g->rows, g->cols, g->mines);
        sap_charge(budget, g->cells);
        sap_deduce_live_open(g->deduce, g->start, number_at(g, g->start));
        g->phase = G_LIVE;
        return true;
    }
    if (g->pass == 0) { /* a fresh board */
        (void)sap_casual_init(&g->casual, g->deduce, SAP_DEDUCE_BYTES(g->rows, g->cols),
                              g->rows, g->cols);
        g->cursor = 0;
        g->moved = 0;
        g->pass = 1;
    }
    while (*budget > 0 && g->cursor < g->cells) { /* a row at a time */
        uint32_t r = g->cursor / g->cols, c = g->cursor - r * g->cols;
        if (c == 0) /* lays the row out */
            (void)sap_casual_set_mine(g->casual, r, 0, false);
        for (; c<g->cols && * budget> 0; c++, g->cursor++, --*budget)
            if (mine_in(layout, g->cursor))
                (void)sap_casual_set_mine(g->casual, r, c, true);
    }
    if (g->cursor < g->cells)
        return false;
    g->pass = 0;
    sap_casual_play_begin(g->casual, g->start / g->cols, g->start % g->cols);
    g->phase = G_PLAY;
    return true;
}

/* The play stalled: perturb the layout there, or give up past the tries. */
static void stalled(sap_generate *g)
{
    if (g->checking && g->failed_checks < UINT32_MAX)
        g->failed_checks++; /* what the resumed play knew misled it */
    g->checking = 0;
    if (++g->tries > SAP_GENERATE_MAX_TRIES) {
        g->phase = G_FAILED;
        return;
    }
    sap_generate_perturb_begin(g);
}

/* The play cleared the board.  Played straight from the first click, the
 * board is proven and served; played on past a perturbation (whose moved
 * mines changed numbers it had read), it is played again from the click,
 * and that play decides. */
static void cleared(sap_generate *g)
{
    if (g->resumed) {
        g->resumed = 0;
        g->checking = 1;
        g->phase = G_SETUP;
    } else {
        g->phase = G_DONE;
    }
}

/* G_PLAY: the casual player's turns, PLAY_STEPS steps each; resumed,
 * first the rules around each cell the perturbation moved (a turn each). */
static void play_on(sap_generate *g, uint32_t *budget)
{
    uint32_t turns, left;
    bool done;
    for (; g->moved > 0 && *budget > 0; sap_charge(budget, PLAY_STEPS))
        sap_casual_play_recheck(g->casual, moved_of(g)[--g->moved]);
    if (g->moved > 0)
        return;
    turns = *budget / PLAY_STEPS > 0 ? *budget / PLAY_STEPS : 1u;
    left = turns;
    done = sap_casual_play_step(g->casual, &left);
    sap_charge(budget, (turns - left) * PLAY_STEPS);
    if (!done)
        return;
    if (sap_casual_play_cleared(g->casual) == g->cells - g->mines)
        cleared(g);
    else
        stalled(g);
}

/* G_LIVE: the live deduction's rules and passes (deduce_live.c), opening
 * each cell they settle safe, until it has nothing more: then the play has
 * cleared the board or stalled. */
static void live_on(sap_generate *g, uint32_t *budget)
{
    sap_deduce *d = g->deduce;
    uint32_t x = 0;
    int got;
    if (d->covered == g->mines) { /* every safe cell open (the first click may do it) */
        cleared(g);
        return;
    }
    got = sap_deduce_live_solve(d, budget, &x);
    if (got == LIVE_MORE)
        return;
    if (got == LIVE_READY) {
        sap_deduce_live_open(d, x, number_at(g, x));
        sap_charge(budget, OPEN_STEPS);
    } else if (d->contradiction) { /* never on a true layout; play it again */
        g->resumed = 0;
        g->phase = G_SETUP;
    } else { /* idle, or a group too big to count: either way, stalled */
        stalled(g);
    }
}

int sap_generate_step(sap_generate *g, uint32_t budget)
{
    if (g == NULL)
        return SAP_ERR_ARG;
    if (budget == 0)
        budget = 1;
    while (budget > 0 && g->phase < G_DONE) {
        switch (g->phase) {
        case G_LAY:
            for (; budget > 0 && g->cursor < g->cells; budget--)
                lay(g);
            if (g->cursor == g->cells)
                g->phase = G_SETUP;
            break;
        case G_SETUP:
            (void)setup(g, &budget);
            break;
        case G_LIVE:
            live_on(g, &budget);
            break;
        case G_PLAY:
            play_on(g, &budget);
            break;
        case G_PERTURB:
            (void)sap_generate_perturb_on(g, &budget);
            break;
        default:
            break;
        }
    }
    if (g->phase == G_DONE)
        return SAP_OK;
    if (g->phase == G_FAILED)
        return SAP_ERR_SIZE;
    return SAP_MORE;
}

bool sap_generate_mine_at(const sap_generate *g, uint32_t row, uint32_t col)
{
    if (g == NULL || g->phase != G_DONE || row >= g->rows || col >= g->cols)
        return false;
    return mine_in((const uint8_t *)g + SAP_GENERATE_HEADER_BYTES, row * g->cols + col);
}

uint32_t sap_generate_tries(const sap_generate *g)
{
    return g != NULL ? g->tries : 0;
}
