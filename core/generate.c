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
 * reached (or, with none, into the frontier's other cells) - and play the
 * board again from the first click.  A board is served only once a play
 * from the first click has cleared it, so every served board is solvable
 * at its level by construction; past SAP_GENERATE_MAX_TRIES perturbations
 * the generator says it found none (SAP_ERR_SIZE) and serves nothing.
 *
 * The casual level's player is the casual player's own engine (casual.c:
 * the closure of rules 1 and 2 from one start, with counters, linear in the
 * board); pure logic plays the game with the deduction engine, cheapest
 * first: both cheap rules, and the full engine only when they stall.
 *
 * Memory (SAP_GENERATE_BYTES): a header, the layout (a bit a cell), the
 * game the player plays and the deduction engine's block (which the casual
 * player uses instead at its level: it needs less).  Every step is
 * bounded (sapper.h section 2); no recursion; the same seed, size, level
 * and first click give the same board on every target.
 */
#include "deduce.h"

enum gen_phase {
    G_LAY = 0, /* mines at random, outside the start zone */
    G_SETUP,   /* a fresh game of the layout, the first click begun */
    G_OPEN,    /* an opening spreading */
    G_THINK,   /* a deduction */
    G_ACT,     /* opening the cells it proved safe */
    G_PLAY,    /* the casual player's play (CASUAL: casual.c's engine) */
    G_PERTURB, /* the play stalled: change the layout there */
    G_DONE,
    G_FAILED
};

struct sap_generate {
    uint32_t rows, cols, cells, mines;
    uint32_t start;      /* the first click's cell */
    struct sap_box zone; /* no mine goes here: the start's block, or the start */
    uint32_t rng;        /* the random state (geometry.h) */
    uint32_t tries;      /* perturbations so far */
    uint32_t cursor;     /* G_LAY, G_ACT: the next cell */
    uint32_t needed;     /* G_LAY: mines still to lay ... */
    uint32_t eligible;   /* ... among this many cells */
    uint32_t opened;     /* G_ACT: cells opened this round */
    sap_game *game;
    sap_deduce *deduce; /* NOGUESS: the engine on the game; CASUAL: ... */
    sap_casual *casual; /* ... the casual player, in the same room */
    uint8_t level;      /* enum sap_level */
    uint8_t phase;      /* enum gen_phase */
    uint8_t reach;      /* the next deduction's enum deduce_depth */
    uint8_t after_open; /* the phase an opening returns to */
};

SAP_STATIC_ASSERT(generate_header_fits,
                  sizeof(struct sap_generate) <= SAP_GENERATE_HEADER_BYTES);

/* ---- the block ---------------------------------------------------------- */

static uint8_t *layout_of(sap_generate *g)
{
    return (uint8_t *)g + SAP_GENERATE_HEADER_BYTES;
}

/* The parts start 8-aligned: the deduction block holds a pointer. */
static size_t layout_bytes(uint32_t cells)
{
    return (((size_t)cells + 7u) / 8u + 7u) & ~(size_t)7u;
}

static bool mine_in(const uint8_t *layout, uint32_t x)
{
    return (layout[x >> 3] >> (x & 7u)) & 1u;
}

static void set_mine(uint8_t *layout, uint32_t x, bool mine)
{
    if (mine)
        layout[x >> 3] = (uint8_t)(layout[x >> 3] | (1u << (x & 7u)));
    else
        layout[x >> 3] = (uint8_t)(layout[x >> 3] & ~(1u << (x & 7u)));
}

/* A draw in [0, below), as the game's random boards draw. */
static uint32_t draw(sap_generate *g, uint32_t below)
{
    return sap_random_below(&g->rng, below);
}

/* Whether x is in the first click's zone, where no mine may go. */
static bool in_zone(const sap_generate *g, uint32_t x)
{
    uint32_t r = x / g->cols;
    return sap_box_holds(&g->zone, r, x - r * g->cols);
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
    if (sap_check_board_size(rows, cols) != SAP_OK)
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
    g->needed = mines;
    g->eligible = cells - sap_box_cells(&g->zone);
    g->rng = sap_random_start(seed);
    at = SAP_GENERATE_HEADER_BYTES + layout_bytes(cells);
    memset(layout_of(g), 0, layout_bytes(cells));
    if (sap_game_init(&g->game, (unsigned char *)memory + at, SAP_GAME_BYTES(rows, cols), rows,
                      cols)
        != SAP_OK)
        return SAP_ERR_NOMEM;
    g->deduce = (sap_deduce *)(void *)((unsigned char *)memory + at
                                       + ((SAP_GAME_BYTES(rows, cols) + 7u) & ~(size_t)7u));
    g->phase = G_LAY;
    *generate = g;
    return SAP_OK;
}

/* G_LAY: each eligible cell takes a mine with odds needed / eligible, so
 * every layout is equally likely. */
static void lay(sap_generate *g)
{
    uint32_t x = g->cursor++;
    if (in_zone(g, x))
        return;
    if (draw(g, g->eligible) < g->needed) {
        set_mine(layout_of(g), x, true);
        g->needed--;
    }
    g->eligible--;
}

/* G_SETUP: a fresh game of the layout, and the first click. */
static void setup(sap_generate *g)
{
    uint32_t x;
    int err;
    if (g->level == SAP_LEVEL_CASUAL) {
        (void)sap_casual_init(&g->casual, g->deduce, SAP_DEDUCE_BYTES(g->rows, g->cols),
                              g->rows, g->cols);
        for (x = 0; x < g->cells; x++)
            if (mine_in(layout_of(g), x))
                (void)sap_casual_set_mine(g->casual, x / g->cols, x % g->cols, true);
        sap_casual_play_begin(g->casual, g->start / g->cols, g->start % g->cols);
        g->phase = G_PLAY;
        return;
    }
    (void)sap_game_init(&g->game, g->game, SAP_GAME_BYTES(g->rows, g->cols), g->rows, g->cols);
    for (x = 0; x < g->cells; x++)
        if (mine_in(layout_of(g), x))
            (void)sap_game_set_mine(g->game, x / g->cols, x % g->cols, true);
    err = sap_game_move_begin(g->game, SAP_OP_LEFT, g->start / g->cols + 1u,
                              g->start % g->cols + 1u);
    g->reach = DEPTH_RULES;
    g->after_open = G_THINK;
    g->phase = err == SAP_MORE ? G_OPEN : G_THINK;
}

/* After a round of openings (or none): what next. */
static void round_over(sap_generate *g)
{
    if (sap_game_state(g->game) == SAP_WIN) {
        g->phase = G_DONE;
    } else if (g->opened > 0) {
        g->reach = DEPTH_RULES;
        g->phase = G_THINK;
    } else if (g->reach == DEPTH_RULES) {
        g->reach = DEPTH_FULL; /* the cheap rules stalled: everything */
        g->phase = G_THINK;
    } else {
        g->phase = G_PERTURB;
    }
}

/* Where the play stalled, each covered cell is one of: known to the player
 * (proven a mine, or opened), in the zone, at the frontier and unknown
 * (next to an opened number), or far (next to none). */
enum place { P_KNOWN, P_FRONTIER, P_FAR };

/* The casual player's view: known when cleared or flagged; at the
 * frontier when a cleared neighbour shows its number. */
static enum place casual_place_of(sap_generate *g, uint32_t x)
{
    struct sap_box block;
    uint32_t r, c;
    if (sap_casual_play_cell(g->casual, x) != 0 || in_zone(g, x))
        return P_KNOWN;
    block = sap_block_around_cell(g->rows, g->cols, x);
    for (r = block.top; r <= block.bottom; r++)
        for (c = block.left; c <= block.right; c++)
            if (sap_casual_play_cell(g->casual, r * g->cols + c) == 1)
                return P_FRONTIER;
    return P_FAR;
}

static enum place place_of(sap_generate *g, uint32_t x)
{
    if (g->level == SAP_LEVEL_CASUAL)
        return casual_place_of(g, x);
    if (in_zone(g, x))
        return P_KNOWN;
    switch (sap_deduce_standing(g->deduce, x)) {
    case STANDING_INTERIOR:
        return P_FAR;
    case STANDING_UNSETTLED: /* the rules left it open, or the count weighed it both ways */
        return P_FRONTIER;
    default: /* opened, or settled */
        return P_KNOWN;
    }
}

/* Whether the player has opened x. */
static bool opened(sap_generate *g, uint32_t x)
{
    if (g->level == SAP_LEVEL_CASUAL)
        return sap_casual_play_cell(g->casual, x) == 1;
    return sap_deduce_standing(g->deduce, x) == STANDING_OPEN;
}

/* Moves `count` mines (0 = all) from cells at `from` to cells at `to` that
 * have none, both chosen at random among those places (selection sampling:
 * one pass each).  Returns how many moved. */
static uint32_t move_mines(sap_generate *g, enum place from, enum place to, uint32_t count)
{
    uint8_t *layout = layout_of(g);
    uint32_t x, mines = 0, room = 0, k, left;
    for (x = 0; x < g->cells; x++) {
        enum place p = place_of(g, x);
        mines += p == from && mine_in(layout, x);
        room += p == to && !mine_in(layout, x);
    }
    k = count == 0 || count > mines ? mines : count;
    if (k > room)
        k = room;
    /* first the new places (so a cell is never both emptied and filled) */
    for (x = 0, left = k; x < g->cells && left > 0; x++)
        if (place_of(g, x) == to && !mine_in(layout, x)) {
            if (draw(g, room) < left) {
                set_mine(layout, x, true);
                left--;
            }
            room--;
        }
    for (x = 0, left = k; x < g->cells && left > 0; x++)
        if (place_of(g, x) == from && mine_in(layout, x)) {
            if (draw(g, mines) < left) {
                set_mine(layout, x, false);
                left--;
            }
            mines--;
        }
    return k;
}

/* G_PERTURB (Tatham's idea): the frontier the player cannot settle is
 * emptied - its mines go to far cells - so that next time the numbers
 * around it are met by the mines the player knows, and it clears.  With
 * too little far room it is filled instead, from far mines; with neither,
 * one unopened mine moves to an unopened safe cell. */
static void perturb(sap_generate *g)
{
    uint8_t *layout = layout_of(g);
    uint32_t x, frontier = 0, frontier_mines = 0, far_safe = 0, far_mines = 0;
    if (++g->tries > SAP_GENERATE_MAX_TRIES) {
        g->phase = G_FAILED;
        return;
    }
    for (x = 0; x < g->cells; x++) {
        enum place p = place_of(g, x);
        bool mine = mine_in(layout, x);
        frontier += p == P_FRONTIER;
        frontier_mines += p == P_FRONTIER && mine;
        far_safe += p == P_FAR && !mine;
        far_mines += p == P_FAR && mine;
    }
    if (frontier > 0 && frontier_mines > 0 && frontier_mines <= far_safe) {
        (void)move_mines(g, P_FRONTIER, P_FAR, 0);
    } else if (frontier > 0 && frontier - frontier_mines <= far_mines) {
        (void)move_mines(g, P_FAR, P_FRONTIER, frontier - frontier_mines);
    } else if (frontier > 0 && far_safe > 0) {
        (void)move_mines(g, P_FRONTIER, P_FAR, far_safe);
    } else {
        /* no room either way (a small board, or a wall of proven mines):
         * one mine anywhere the player has not opened moves to a safe
         * cell it has not opened either, so the layout always changes */
        uint32_t seen = 0, from = UINT32_MAX, to = UINT32_MAX;
        for (x = 0; x < g->cells; x++)
            if (!opened(g, x) && !in_zone(g, x) && mine_in(layout, x) && draw(g, ++seen) == 0)
                from = x;
        for (x = 0, seen = 0; x < g->cells; x++)
            if (!opened(g, x) && !in_zone(g, x) && !mine_in(layout, x) && draw(g, ++seen) == 0)
                to = x;
        if (from != UINT32_MAX && to != UINT32_MAX) {
            set_mine(layout, from, false);
            set_mine(layout, to, true);
        }
    }
    g->phase = G_SETUP;
}

/* What is left of a budget handed whole to a bounded call that does not
 * say how much it used: nothing, unless the caller's was unlimited. */
static uint32_t spent(uint32_t budget, bool unlimited)
{
    return unlimited ? budget : 0;
}

int sap_generate_step(sap_generate *g, uint32_t budget)
{
    bool unlimited = budget == SAP_BUDGET_UNLIMITED;
    int err;
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
            setup(g);
            budget = budget > g->cells ? budget - g->cells : 0; /* a coarse step */
            break;
        case G_OPEN:
            err = sap_game_move_step(g->game, budget);
            budget = spent(budget, unlimited);
            if (err != SAP_MORE)
                g->phase = g->after_open;
            break;
        case G_THINK:
            (void)sap_deduce_init(&g->deduce, g->deduce, SAP_DEDUCE_BYTES(g->rows, g->cols),
                                  g->game);
            sap_deduce_set_depth(g->deduce, (enum deduce_depth)g->reach);
            g->phase = G_ACT;
            g->cursor = UINT32_MAX; /* the deduction is under way */
            break;
        case G_ACT:
            if (g->cursor == UINT32_MAX) {
                err = sap_deduce_step(g->deduce, budget);
                budget = spent(budget, unlimited);
                if (err == SAP_MORE)
                    break;
                if (err != SAP_OK) { /* gave up (too big a group): stalled there */
                    g->phase = G_PERTURB;
                    break;
                }
                g->cursor = 0;
                g->opened = 0;
                break;
            }
            for (; budget > 0 && g->cursor < g->cells; budget--) {
                uint32_t x = g->cursor++, r = x / g->cols, c = x % g->cols, p;
                if (sap_deduce_cell(g->deduce, r, c, &p) != SAP_CELL_SAFE
                    || sap_game_cell(g->game, r, c) != '_')
                    continue;
                g->opened++;
                if (sap_game_move_begin(g->game, SAP_OP_LEFT, r + 1u, c + 1u) == SAP_MORE) {
                    g->after_open = G_ACT;
                    g->phase = G_OPEN;
                    break;
                }
            }
            if (g->phase == G_ACT && g->cursor == g->cells)
                round_over(g);
            break;
        case G_PLAY:
            if (!sap_casual_play_step(g->casual, &budget))
                break;
            g->phase = sap_casual_play_cleared(g->casual) == g->cells - g->mines ? G_DONE
                                                                                 : G_PERTURB;
            break;
        case G_PERTURB:
            perturb(g);
            budget--;
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
