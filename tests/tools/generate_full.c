/*
 * generate_full.c - the no-guess generator as it was before the live
 * deduction (core/generate.c at commit 2b84ade), kept for make bench as
 * the baseline of how generation grows with the board: after every round
 * of openings it deduces the whole board again, and after every
 * perturbation it plays the board again from the first click.  Only its
 * names differ (full_generate_*); generate_full.h says how to call it.
 */
#include "casual.h" /* the casual player's play */
#include "deduce.h"
#include "generate_full.h"


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

/* G_PERTURB's passes over the board, in order (perturb_on). */
enum perturb_pass {
    PASS_COUNT = 0,  /* the places' cells and mines */
    PASS_MOVE_COUNT, /* move_mines: the mines to move and the room for them, */
    PASS_MOVE_FILL,  /* the new places, */
    PASS_MOVE_EMPTY, /* the old ones */
    PASS_SWAP_FROM,  /* no room: the mine that moves, */
    PASS_SWAP_TO     /* and where to */
};

struct full_generate {
    uint32_t rows, cols, cells, mines;
    uint32_t start;      /* the first click's cell */
    struct sap_box zone; /* no mine goes here: the start's block, or the start */
    uint32_t rng;        /* the random state (geometry.h) */
    uint32_t tries;      /* perturbations so far */
    uint32_t cursor;     /* G_LAY, G_SETUP, G_ACT, G_PERTURB: the next cell */
    union {              /* the phase's own figures */
        struct {
            uint32_t needed, eligible; /* mines still to lay, among this many cells */
        } lay;
        uint32_t opened; /* G_ACT: cells opened this round */
        struct {         /* G_PERTURB's count: the covered cells by place */
            uint32_t frontier, frontier_mines, far_safe, far_mines;
        } count;
        struct {                  /* move_mines */
            uint32_t k, left;     /* mines to move, and still to place this pass */
            uint32_t mines, room; /* the mines at `from`, the free cells at `to` */
        } move;
        struct { /* one mine to one safe cell */
            uint32_t seen, from, to;
        } swap;
    } u;
    sap_game *game;
    sap_deduce *deduce; /* NOGUESS: the engine on the game; CASUAL: ... */
    sap_casual *casual; /* ... the casual player, in the same room */
    uint8_t level;      /* enum sap_level */
    uint8_t phase;      /* enum gen_phase */
    uint8_t reach;      /* the next deduction's enum deduce_depth */
    uint8_t after_open; /* the phase an opening returns to */
    uint8_t pass;       /* G_SETUP: 0 laid, 1 begun; G_PERTURB: enum perturb_pass */
    uint8_t from, to;   /* move_mines: enum place */
};

SAP_STATIC_ASSERT(full_generate_header_fits, sizeof(struct full_generate) <= FULL_HEADER_BYTES);

/* ---- the block ---------------------------------------------------------- */

static uint8_t *layout_of(full_generate *g)
{
    return (uint8_t *)g + FULL_HEADER_BYTES;
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
static uint32_t draw(full_generate *g, uint32_t below)
{
    return sap_random_below(&g->rng, below);
}

/* Whether x is in the first click's zone, where no mine may go. */
static bool in_zone(const full_generate *g, uint32_t x)
{
    uint32_t r = x / g->cols;
    return sap_box_holds(&g->zone, r, x - r * g->cols);
}

/* ---- the API ------------------------------------------------------------ */

int full_generate_init(full_generate **generate, void *memory, size_t bytes, uint32_t rows,
                       uint32_t cols, uint32_t mines, uint32_t seed, enum sap_level level,
                       uint32_t row, uint32_t col)
{
    full_generate *g;
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
    if (memory == NULL || bytes < FULL_GENERATE_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (SAP_BLOCK_ALIGN - 1u)) != 0)
        return SAP_ERR_ARG; /* as malloc gives, and the session's blocks */
    g = (full_generate *)memory;
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
    at = FULL_HEADER_BYTES + layout_bytes(cells);
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

/* What a step costs (sapper.h section 2: a step is a few dozen
 * instructions): a cell's place, at the casual level, reads the player's
 * view of its block, and a turn of the casual player's play fires the
 * rules around a cell. */
#define CASUAL_PLACE_STEPS 4u
#define PLAY_STEPS 8u

static void charge(uint32_t *budget, uint32_t steps)
{
    *budget = *budget > steps ? *budget - steps : 0;
}

/* G_LAY: each eligible cell takes a mine with odds needed / eligible, so
 * every layout is equally likely. */
static void lay(full_generate *g)
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

/* G_SETUP: a fresh board of the layout for the level's player, a cell a
 * step (the casual player's board is laid out a row at a time, as the
 * setting of its first cell reaches it), then the first click.  True once
 * it is made. */
static bool setup(full_generate *g, uint32_t *budget)
{
    uint8_t *layout = layout_of(g);
    int err;
    if (g->pass == 0) { /* a fresh board */
        if (g->level == SAP_LEVEL_CASUAL)
            (void)sap_casual_init(&g->casual, g->deduce, SAP_DEDUCE_BYTES(g->rows, g->cols),
                                  g->rows, g->cols);
        else
            (void)sap_game_init(&g->game, g->game, SAP_GAME_BYTES(g->rows, g->cols), g->rows,
                                g->cols);
        g->cursor = 0;
        g->pass = 1;
    }
    while (*budget > 0 && g->cursor < g->cells) { /* a row at a time */
        uint32_t r = g->cursor / g->cols, c = g->cursor - r * g->cols;
        if (c == 0 && g->level == SAP_LEVEL_CASUAL) /* lays the row out */
            (void)sap_casual_set_mine(g->casual, r, 0, false);
        for (; c<g->cols && * budget> 0; c++, g->cursor++, --*budget) {
            if (!mine_in(layout, g->cursor))
                continue;
            if (g->level == SAP_LEVEL_CASUAL)
                (void)sap_casual_set_mine(g->casual, r, c, true);
            else
                (void)sap_game_set_mine(g->game, r, c, true);
        }
    }
    if (g->cursor < g->cells)
        return false;
    g->pass = 0;
    if (g->level == SAP_LEVEL_CASUAL) {
        sap_casual_play_begin(g->casual, g->start / g->cols, g->start % g->cols);
        g->phase = G_PLAY;
        return true;
    }
    err = sap_game_move_begin(g->game, SAP_OP_LEFT, g->start / g->cols + 1u,
                              g->start % g->cols + 1u);
    g->reach = DEPTH_RULES;
    g->after_open = G_THINK;
    g->phase = err == SAP_MORE ? G_OPEN : G_THINK;
    return true;
}

/* The play stalled: perturb the layout there, or give up past the tries. */
static void stalled(full_generate *g)
{
    if (++g->tries > SAP_GENERATE_MAX_TRIES) {
        g->phase = G_FAILED;
        return;
    }
    memset(&g->u, 0, sizeof g->u);
    g->cursor = 0;
    g->pass = PASS_COUNT;
    g->phase = G_PERTURB;
}

/* After a round of openings (or none): what next. */
static void round_over(full_generate *g)
{
    if (sap_game_state(g->game) == SAP_WIN) {
        g->phase = G_DONE;
    } else if (g->u.opened > 0) {
        g->reach = DEPTH_RULES;
        g->phase = G_THINK;
    } else if (g->reach == DEPTH_RULES) {
        g->reach = DEPTH_FULL; /* the cheap rules stalled: everything */
        g->phase = G_THINK;
    } else {
        stalled(g);
    }
}

/* Where the play stalled, each covered cell is one of: known to the player
 * (proven a mine, or opened), in the zone, at the frontier and unknown
 * (next to an opened number), or far (next to none). */
enum place { P_KNOWN, P_FRONTIER, P_FAR };

/* The casual player's view: known when cleared or flagged; at the
 * frontier when a cleared neighbour shows its number. */
static enum place casual_place_of(full_generate *g, uint32_t x)
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

static enum place place_of(full_generate *g, uint32_t x)
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
static bool opened(full_generate *g, uint32_t x)
{
    if (g->level == SAP_LEVEL_CASUAL)
        return sap_casual_play_cell(g->casual, x) == 1;
    return sap_deduce_standing(g->deduce, x) == STANDING_OPEN;
}

/* Starts moving `count` mines (0 = all) from cells at `from` to cells at
 * `to` that have none, both chosen at random among those places
 * (selection sampling: a pass each, after a pass that counts them). */
static void move_mines(full_generate *g, enum place from, enum place to, uint32_t count)
{
    memset(&g->u, 0, sizeof g->u);
    g->u.move.k = count;
    g->from = (uint8_t)from;
    g->to = (uint8_t)to;
    g->cursor = 0;
    g->pass = PASS_MOVE_COUNT;
}

/* The end of PASS_COUNT (Tatham's idea): the frontier the player cannot
 * settle is emptied - its mines go to far cells - so that next time the
 * numbers around it are met by the mines the player knows, and it clears.
 * With too little far room it is filled instead, from far mines; with
 * neither, one unopened mine moves to an unopened safe cell. */
static void choose_perturbation(full_generate *g)
{
    uint32_t frontier = g->u.count.frontier, frontier_mines = g->u.count.frontier_mines;
    uint32_t far_safe = g->u.count.far_safe, far_mines = g->u.count.far_mines;
    if (frontier > 0 && frontier_mines > 0 && frontier_mines <= far_safe) {
        move_mines(g, P_FRONTIER, P_FAR, 0);
    } else if (frontier > 0 && frontier - frontier_mines <= far_mines) {
        move_mines(g, P_FAR, P_FRONTIER, frontier - frontier_mines);
    } else if (frontier > 0 && far_safe > 0) {
        move_mines(g, P_FRONTIER, P_FAR, far_safe);
    } else {
        /* no room either way (a small board, or a wall of proven mines):
         * one mine anywhere the player has not opened moves to a safe
         * cell it has not opened either, so the layout always changes */
        memset(&g->u, 0, sizeof g->u);
        g->u.swap.from = g->u.swap.to = UINT32_MAX;
        g->cursor = 0;
        g->pass = PASS_SWAP_FROM;
    }
}

/* One cell x of the perturbation's current pass. */
static void perturb_cell(full_generate *g, uint32_t x)
{
    uint8_t *layout = layout_of(g);
    enum place p;
    switch (g->pass) {
    case PASS_COUNT:
        p = place_of(g, x);
        if (p == P_FRONTIER) {
            g->u.count.frontier++;
            g->u.count.frontier_mines += mine_in(layout, x);
        } else if (p == P_FAR) {
            g->u.count.far_mines += mine_in(layout, x);
            g->u.count.far_safe += !mine_in(layout, x);
        }
        break;
    case PASS_MOVE_COUNT:
        p = place_of(g, x);
        g->u.move.mines += p == g->from && mine_in(layout, x);
        g->u.move.room += p == g->to && !mine_in(layout, x);
        break;
    case PASS_MOVE_FILL: /* first the new places (so a cell is never both emptied and filled) */
        if (place_of(g, x) == g->to && !mine_in(layout, x)) {
            if (draw(g, g->u.move.room) < g->u.move.left) {
                set_mine(layout, x, true);
                g->u.move.left--;
            }
            g->u.move.room--;
        }
        break;
    case PASS_MOVE_EMPTY:
        if (place_of(g, x) == g->from && mine_in(layout, x)) {
            if (draw(g, g->u.move.mines) < g->u.move.left) {
                set_mine(layout, x, false);
                g->u.move.left--;
            }
            g->u.move.mines--;
        }
        break;
    case PASS_SWAP_FROM:
        if (!opened(g, x) && !in_zone(g, x) && mine_in(layout, x)
            && draw(g, ++g->u.swap.seen) == 0)
            g->u.swap.from = x;
        break;
    default: /* PASS_SWAP_TO */
        if (!opened(g, x) && !in_zone(g, x) && !mine_in(layout, x)
            && draw(g, ++g->u.swap.seen) == 0)
            g->u.swap.to = x;
        break;
    }
}

/* The perturbation's pass is over: the next one, or a new play. */
static void perturb_pass_over(full_generate *g)
{
    uint8_t *layout = layout_of(g);
    g->cursor = 0;
    switch (g->pass) {
    case PASS_COUNT:
        choose_perturbation(g);
        return;
    case PASS_MOVE_COUNT: {
        uint32_t k = g->u.move.k;
        k = k == 0 || k > g->u.move.mines ? g->u.move.mines : k;
        g->u.move.k = k > g->u.move.room ? g->u.move.room : k;
        g->u.move.left = g->u.move.k;
        g->pass = PASS_MOVE_FILL;
        return;
    }
    case PASS_MOVE_FILL:
        g->u.move.left = g->u.move.k;
        g->pass = PASS_MOVE_EMPTY;
        return;
    case PASS_SWAP_FROM:
        g->u.swap.seen = 0;
        g->pass = PASS_SWAP_TO;
        return;
    case PASS_SWAP_TO:
        if (g->u.swap.from != UINT32_MAX && g->u.swap.to != UINT32_MAX) {
            set_mine(layout, g->u.swap.from, false);
            set_mine(layout, g->u.swap.to, true);
        }
        break;
    default: /* PASS_MOVE_EMPTY */
        break;
    }
    g->pass = 0;
    g->phase = G_SETUP;
}

/* G_PERTURB: its passes, a cell a step (a casual place a few); true once
 * the layout is changed. */
static bool perturb_on(full_generate *g, uint32_t *budget)
{
    uint32_t steps = g->level == SAP_LEVEL_CASUAL ? CASUAL_PLACE_STEPS : 1u;
    while (*budget > 0) {
        /* a fill or empty pass ends once every mine is placed */
        bool placing = g->pass == PASS_MOVE_FILL || g->pass == PASS_MOVE_EMPTY;
        if (g->cursor == g->cells || (placing && g->u.move.left == 0)) {
            perturb_pass_over(g);
            if (g->phase != G_PERTURB)
                return true;
            continue;
        }
        perturb_cell(g, g->cursor++);
        charge(budget, steps);
    }
    return false;
}

/* G_PLAY: the casual player's turns, PLAY_STEPS steps each. */
static void play_on(full_generate *g, uint32_t *budget)
{
    uint32_t turns = *budget / PLAY_STEPS > 0 ? *budget / PLAY_STEPS : 1u, left = turns;
    bool done = sap_casual_play_step(g->casual, &left);
    charge(budget, (turns - left) * PLAY_STEPS);
    if (!done)
        return;
    if (sap_casual_play_cleared(g->casual) == g->cells - g->mines)
        g->phase = G_DONE;
    else
        stalled(g);
}

/* What is left of a budget handed whole to a bounded call that does not
 * say how much it used: nothing, unless the caller's was unlimited. */
static uint32_t spent(uint32_t budget, bool unlimited)
{
    return unlimited ? budget : 0;
}

/* G_ACT: the deduction, then opening the cells it proved safe, a cell a
 * step. */
static void act(full_generate *g, uint32_t *budget, bool unlimited)
{
    if (g->cursor == UINT32_MAX) {
        int err = sap_deduce_step(g->deduce, *budget);
        *budget = spent(*budget, unlimited);
        if (err == SAP_MORE)
            return;
        if (err != SAP_OK) { /* gave up (too big a group): stalled there */
            stalled(g);
            return;
        }
        g->cursor = 0;
        g->u.opened = 0;
        return;
    }
    for (; *budget > 0 && g->cursor < g->cells; --*budget) {
        uint32_t x = g->cursor++, r = x / g->cols, c = x % g->cols, p;
        if (sap_deduce_cell(g->deduce, r, c, &p) != SAP_CELL_SAFE
            || sap_game_cell(g->game, r, c) != '_')
            continue;
        g->u.opened++;
        if (sap_game_move_begin(g->game, SAP_OP_LEFT, r + 1u, c + 1u) == SAP_MORE) {
            g->after_open = G_ACT;
            g->phase = G_OPEN;
            return;
        }
    }
    if (g->cursor == g->cells)
        round_over(g);
}

int full_generate_step(full_generate *g, uint32_t budget)
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
            (void)setup(g, &budget);
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
            act(g, &budget, unlimited);
            break;
        case G_PLAY:
            play_on(g, &budget);
            break;
        case G_PERTURB:
            (void)perturb_on(g, &budget);
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

bool full_generate_mine_at(const full_generate *g, uint32_t row, uint32_t col)
{
    if (g == NULL || g->phase != G_DONE || row >= g->rows || col >= g->cols)
        return false;
    return mine_in((const uint8_t *)g + FULL_HEADER_BYTES, row * g->cols + col);
}

uint32_t full_generate_tries(const full_generate *g)
{
    return g != NULL ? g->tries : 0;
}
