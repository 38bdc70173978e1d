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
 * The casual level's player is the casual player's own engine (casual.c:
 * the closure of rules 1 and 2 from one start, with counters, linear in the
 * board), which takes a moved mine into its counters; pure logic plays the
 * game with the live deduction engine (deduce_live.c), cheapest first: both
 * cheap rules, and the full engine only when they stall.
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
    G_SETUP,   /* a fresh play of the layout from the first click */
    G_LIVE,    /* NOGUESS: the rules, opening every cell they settle safe */
    G_PLAY,    /* the casual player's play (CASUAL: casual.c's engine) */
    G_PERTURB, /* the play stalled: change the layout there */
    G_DONE,
    G_FAILED
};

/* The mine a swap moves, choosiest first; with none such, the next. */
enum swap_from {
    FROM_ANY = 0,    /* any mine not opened (a known one too) */
    FROM_WALL,       /* far cells walled in by known mines: a wall mine next to one */
    FROM_WALL_OPENED /* ... and next to an opened cell too (falls to FROM_WALL) */
};

/* Whether a swap of this kind moves its mine among the far cells. */
static bool walled(uint8_t choosy)
{
    return choosy == FROM_WALL || choosy == FROM_WALL_OPENED;
}

/* G_PERTURB's passes over the board, in order (perturb_on). */
enum perturb_pass {
    PASS_COUNT = 0,  /* the places' cells and mines */
    PASS_MOVE_FILL,  /* move_mines: the new places, */
    PASS_MOVE_EMPTY, /* the old ones */
    PASS_SWAP_FROM,  /* no room: the mine that moves, */
    PASS_SWAP_TO     /* and where to */
};

struct sap_generate {
    uint32_t rows, cols, cells, mines;
    uint32_t start;         /* the first click's cell */
    struct sap_box zone;    /* no mine goes here: the start's block, or the start */
    uint32_t rng;           /* the random state (geometry.h) */
    uint32_t tries;         /* perturbations so far */
    uint32_t failed_checks; /* NOGUESS: checks that did not clear the board */
    uint32_t cursor;        /* G_LAY, G_SETUP, G_PERTURB: the next cell */
    uint32_t moved;         /* CASUAL: cells moved_of holds, for the play to recheck */
    union {                 /* the phase's own figures */
        struct {
            uint32_t needed, eligible; /* mines still to lay, among this many cells */
        } lay;
        struct { /* G_PERTURB's count: the covered cells by place */
            uint32_t frontier, frontier_mines, far_safe, far_mines;
        } count;
        struct {                  /* move_mines */
            uint32_t k, left;     /* mines to move, and still to place this pass */
            uint32_t mines, room; /* the mines at `from`, the free cells at `to` */
        } move;
        struct { /* one mine to one safe cell */
            uint32_t seen, from, to;
            uint32_t skip; /* the far safe cells (a walled swap's room); PASS_SWAP_TO:
                            * the cells that may take the mine, to pass over */
        } swap;
    } u;
    sap_deduce *deduce; /* NOGUESS: the live deduction the player plays; CASUAL: ... */
    sap_casual *casual; /* ... the casual player, in the same room */
    uint8_t level;      /* enum sap_level */
    uint8_t phase;      /* enum gen_phase */
    uint8_t resumed;    /* NOGUESS: the play went on past a perturbation */
    uint8_t checking;   /* NOGUESS: the play checks a resumed play's board */
    uint8_t pass;       /* G_SETUP: 0 laid, 1 begun; G_PERTURB: enum perturb_pass */
    uint8_t from, to;   /* move_mines: enum place */
    uint8_t choosy;     /* a swap: the mine it moves (enum swap_from) */
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

/* CASUAL: the cells a perturbation moved, after the casual player's
 * board in the deduction's room (which has 4 bytes a cell to spare). */
static uint32_t *moved_of(sap_generate *g)
{
    return (uint32_t *)(void *)((unsigned char *)g->deduce
                                + SAP_CASUAL_BYTES(g->rows, g->cols));
}

SAP_STATIC_ASSERT(generate_moved_fit, SAP_DEDUCE_BYTES(1, 1) >= SAP_CASUAL_BYTES(1, 1) + 4u);

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
 * instructions): a cell's place, at the casual level, reads the player's
 * view of its block, and a turn of the casual player's play fires the
 * rules around a cell. */
#define CASUAL_PLACE_STEPS 4u
#define PLAY_STEPS 8u
#define OPEN_STEPS 4u /* a live open: the cell's block, its numbers pushed */

static void charge(uint32_t *budget, uint32_t steps)
{
    *budget = *budget > steps ? *budget - steps : 0;
}

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
        charge(budget, g->cells);
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

/* Resuming a play past a perturbation saves replaying it, but what the
 * player knew may have come from numbers the perturbation changed, and
 * its check from the click then fails.  On a big board that happens here
 * and there; a board where it keeps happening (a small crowded one, where
 * the resumed play and the check can stall by turns for ever) is played
 * from the click after every perturbation instead, which always moves on. */
static bool resumes(const sap_generate *g)
{
    return g->failed_checks < 4u + g->cells / 4096u;
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
    memset(&g->u, 0, sizeof g->u);
    /* the casual player keeps its places' counts: no pass (count_places) */
    g->cursor = g->level == SAP_LEVEL_CASUAL ? g->cells : 0;
    g->pass = PASS_COUNT;
    g->phase = G_PERTURB;
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

/* Where the play stalled, each covered cell is one of: known to the player
 * (proven a mine, or opened), in the zone, at the frontier and unknown
 * (next to an opened number), or far (next to none). */
enum place { P_KNOWN, P_FRONTIER, P_FAR };

/* The casual player's view: known when cleared or flagged; at the
 * frontier when a cleared neighbour shows its number (the play marks it). */
static enum place casual_place_of(sap_generate *g, uint32_t x)
{
    if (sap_casual_play_cell(g->casual, x) != 0 || in_zone(g, x))
        return P_KNOWN;
    return sap_casual_play_at_frontier(g->casual, x) ? P_FRONTIER : P_FAR;
}

static enum place place_of(sap_generate *g, uint32_t x)
{
    if (g->level == SAP_LEVEL_CASUAL)
        return casual_place_of(g, x);
    /* the zone is open by now (count_places), so known */
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

/* Starts moving `count` mines (0 = all) from cells at `from`, which hold
 * `mines`, to cells at `to` that have none, `room` of them; both chosen at
 * random among those places (selection sampling: a pass each). */
static void move_mines(sap_generate *g, enum place from, enum place to, uint32_t count,
                       uint32_t mines, uint32_t room)
{
    uint32_t k = count == 0 || count > mines ? mines : count;
    memset(&g->u, 0, sizeof g->u);
    g->u.move.mines = mines;
    g->u.move.room = room;
    g->u.move.k = k > room ? room : k;
    g->u.move.left = g->u.move.k;
    g->from = (uint8_t)from;
    g->to = (uint8_t)to;
    g->cursor = 0;
    g->pass = PASS_MOVE_FILL;
}

/* PASS_SWAP_FROM's start: the mine is the first that may move from a cell
 * drawn at random (eight-aligned, for nothing_in_eight), going round the
 * board once.  A wall may be long, and one mine of it is all it takes. */
static void swap_from_begin(sap_generate *g)
{
    g->u.swap.seen = 0;
    g->cursor = draw(g, g->cells) & ~7u;
    g->pass = PASS_SWAP_FROM;
}

/* The end of PASS_COUNT (Tatham's idea): the frontier the player cannot
 * settle is emptied - its mines go to far cells - so that next time the
 * numbers around it are met by the mines the player knows, and it clears.
 * With too little far room it is filled instead, from far mines; with
 * neither, one unopened mine moves to an unopened safe cell. */
static void choose_perturbation(sap_generate *g)
{
    uint32_t frontier = g->u.count.frontier, frontier_mines = g->u.count.frontier_mines;
    uint32_t far_safe = g->u.count.far_safe, far_mines = g->u.count.far_mines;
    if (frontier > 0 && frontier_mines > 0 && frontier_mines <= far_safe) {
        move_mines(g, P_FRONTIER, P_FAR, 0, frontier_mines, far_safe);
    } else if (frontier > 0 && frontier - frontier_mines <= far_mines) {
        move_mines(g, P_FAR, P_FRONTIER, frontier - frontier_mines, far_mines,
                   frontier - frontier_mines);
    } else if (frontier > 0 && far_safe > 0) {
        move_mines(g, P_FRONTIER, P_FAR, far_safe, frontier_mines, far_safe);
    } else {
        /* no room either way (a small board, or a wall of proven mines):
         * one mine the player has not opened moves to a safe cell it has
         * not opened either, so the layout always changes; walled, a mine
         * of the wall moves in among the cells walled in */
        memset(&g->u, 0, sizeof g->u);
        g->u.swap.from = g->u.swap.to = UINT32_MAX;
        g->choosy = resumes(g) && frontier == 0 && far_safe > 0 ? FROM_WALL_OPENED : FROM_ANY;
        g->u.swap.skip = far_safe;
        swap_from_begin(g);
    }
}

/* Whether mine x is in the wall around far cells the player cannot reach
 * (next to one), and with strict, next to an opened cell as well: moved
 * away, it is a safe cell the player can find, which opens the wall. */
static bool in_wall(sap_generate *g, uint32_t x, bool strict)
{
    struct sap_box b = sap_block_around_cell(g->rows, g->cols, x);
    uint32_t r, c;
    bool far = false;
    for (r = b.top; r <= b.bottom && !far; r++)
        for (c = b.left; c <= b.right && !far; c++)
            far = place_of(g, r * g->cols + c) == P_FAR;
    if (!far || !strict)
        return far; /* most mines: none of their neighbours far */
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            if (opened(g, r * g->cols + c))
                return true;
    return false;
}

/* A mine moved to or from covered cell x, which the player has neither
 * opened nor settled: the live play takes the numbers around it as they
 * are now. */
static void move_mine(sap_generate *g, uint32_t x, bool mine)
{
    set_mine(layout_of(g), x, mine);
    if (g->level == SAP_LEVEL_NOGUESS) {
        sap_deduce_live_moved(g->deduce, x, mine);
    } else {
        sap_casual_play_moved(g->casual, x, mine);
        moved_of(g)[g->moved++] = x; /* a cell moves once a perturbation */
    }
}

/* Whether cell x may take a swap's mine: a safe cell not opened (the
 * zone is opened by now), and walled, a far one. */
static bool swap_takes(sap_generate *g, uint32_t x)
{
    return !mine_in(layout_of(g), x) && !opened(g, x)
           && (!walled(g->choosy) || place_of(g, x) == P_FAR);
}

/* PASS_SWAP_TO's start: the cell is drawn among those that may take the
 * mine (one draw; the pass then counts its way to it).  Walled, they are
 * the far safe cells counted before; else every covered safe cell. */
static void swap_to_begin(sap_generate *g)
{
    uint32_t room = g->u.swap.skip;
    if (!walled(g->choosy))
        room = g->level == SAP_LEVEL_NOGUESS
                   ? g->deduce->covered - g->mines
                   : g->cells - g->mines - sap_casual_play_cleared(g->casual);
    g->u.swap.skip = room > 0 ? draw(g, room) : UINT32_MAX;
}

/* One cell x of the perturbation's current pass. */
static void perturb_cell(sap_generate *g, uint32_t x)
{
    uint8_t *layout = layout_of(g);
    enum place p;
    switch (g->pass) {
    case PASS_COUNT: /* NOGUESS: the mines by place (count_places has the cells) */
        if (!mine_in(layout, x))
            break;
        p = place_of(g, x);
        g->u.count.frontier_mines += p == P_FRONTIER;
        g->u.count.far_mines += p == P_FAR;
        break;
    case PASS_MOVE_FILL: /* first the new places (so a cell is never both emptied and filled) */
        if (!mine_in(layout, x) && place_of(g, x) == g->to) {
            if (draw(g, g->u.move.room) < g->u.move.left) {
                move_mine(g, x, true);
                g->u.move.left--;
            }
            g->u.move.room--;
        }
        break;
    case PASS_MOVE_EMPTY:
        if (mine_in(layout, x) && place_of(g, x) == g->from) {
            if (draw(g, g->u.move.mines) < g->u.move.left) {
                move_mine(g, x, false);
                g->u.move.left--;
            }
            g->u.move.mines--;
        }
        break;
    case PASS_SWAP_FROM: /* walled: a mine of the wall, which then opens */
        g->u.swap.seen++;
        if (mine_in(layout, x) && !opened(g, x) && !in_zone(g, x)
            && (g->choosy == FROM_ANY || in_wall(g, x, g->choosy == FROM_WALL_OPENED)))
            g->u.swap.from = x;
        break;
    default: /* PASS_SWAP_TO: the one drawn (swap_to_begin) */
        if (swap_takes(g, x) && (g->u.swap.seen++, g->u.swap.skip-- == 0))
            g->u.swap.to = x;
        break;
    }
}

/* The end of PASS_COUNT, the places' cells and mines.  At NOGUESS the
 * pass counted the mines only, and the live block's counts give the
 * cells: its unsure cells are the frontier the player cannot settle; its
 * covered cells neither settled nor at the frontier are the far ones (the
 * zone is open by now: the click's block holds no mine, so its 0 opens
 * it, or the zone is the click).  The casual player keeps its frontier's
 * counts as it plays, and what it has not touched beyond is far. */
static void count_places(sap_generate *g)
{
    const sap_deduce *d = g->deduce;
    uint32_t frontier, frontier_mines, flagged, untouched_mines;
    if (g->level == SAP_LEVEL_NOGUESS) {
        g->u.count.frontier = d->unsure;
        g->u.count.far_safe = d->covered - d->settled - d->unsure - g->u.count.far_mines;
        return;
    }
    sap_casual_play_places(g->casual, &frontier, &frontier_mines, &flagged);
    untouched_mines = g->mines - flagged;
    g->u.count.frontier = frontier;
    g->u.count.frontier_mines = frontier_mines;
    g->u.count.far_mines = untouched_mines - frontier_mines;
    g->u.count.far_safe = g->cells - g->mines - sap_casual_play_cleared(g->casual)
                          - (frontier - frontier_mines);
}

/* The perturbation's pass is over: the next one, or a new play. */
static void perturb_pass_over(sap_generate *g)
{
    g->cursor = 0;
    switch (g->pass) {
    case PASS_COUNT:
        count_places(g);
        choose_perturbation(g);
        return;
    case PASS_MOVE_FILL:
        g->u.move.left = g->u.move.k;
        g->pass = PASS_MOVE_EMPTY;
        return;
    case PASS_SWAP_FROM:
        if (g->u.swap.from == UINT32_MAX && g->u.swap.seen < g->cells)
            return; /* on from the board's first cell */
        g->u.swap.seen = 0;
        if (g->u.swap.from == UINT32_MAX && g->choosy != FROM_ANY) {
            /* no such mine: look again, less choosy */
            g->choosy = g->choosy == FROM_WALL_OPENED ? FROM_WALL : FROM_ANY;
            swap_from_begin(g);
            return;
        }
        g->pass = PASS_SWAP_TO;
        swap_to_begin(g);
        return;
    case PASS_SWAP_TO:
        if (g->u.swap.to == UINT32_MAX && g->u.swap.seen > 0) {
            /* fewer cells than counted before: drawn again among those seen */
            g->u.swap.skip = draw(g, g->u.swap.seen);
            g->u.swap.seen = 0;
            return;
        }
        if (g->u.swap.from != UINT32_MAX && g->u.swap.to != UINT32_MAX) {
            move_mine(g, g->u.swap.from, false);
            move_mine(g, g->u.swap.to, true);
        }
        /* fall through */
    default: /* PASS_MOVE_EMPTY: the play goes on from where it stalled */
        if (resumes(g)) {
            g->pass = 0;
            g->resumed = 1;
            g->phase = g->level == SAP_LEVEL_NOGUESS ? G_LIVE : G_PLAY;
            return;
        }
        break;
    }
    g->pass = 0; /* played again from the first click */
    g->phase = G_SETUP;
}

/* Whether the eight cells from the cursor (a multiple of 8) have nothing
 * for the NOGUESS pass under way, and it can step over them at once: a
 * pass over mines skips eight without one, or without one at the place it
 * empties (the count: at no unknown place; a walled swap: next to no far
 * cell); a pass over safe cells skips eight mines, or eight with no cell
 * at the place it fills (a swap: none not opened).  Late in a big board's
 * play most of the board is known, and skipped.  The same cells are
 * looked at, in the same order, so the same board comes of it. */
/* Whether a cell of the eight from x, in one row, or next to one of them
 * has flags f with (f & mask) == want: a far cell (covered, next to no
 * number and unsettled: its flags all clear), or an opened one.  A wall
 * mine is next to a far cell, and a strict one to an opened cell too. */
static bool near_eight(sap_generate *g, uint32_t x, uint8_t mask, uint8_t want)
{
    const uint8_t *flags = flags_of(g->deduce);
    uint32_t r = x / g->cols, c = x - r * g->cols, rr, i;
    uint32_t left = c > 0 ? c - 1u : 0, right = c + 8u < g->cols ? c + 8u : g->cols - 1u;
    for (rr = r > 0 ? r - 1u : 0; rr <= r + 1u && rr < g->rows; rr++) {
        const uint8_t *row = flags + rr * g->cols;
        uint64_t v = sap_load_eight(row + left) & SAP_EACH_BYTE(mask);
        if (sap_nonzero_bytes(v ^ SAP_EACH_BYTE(want)) != SAP_EACH_BYTE(0x80))
            return true;
        for (i = left + 8u; i <= right; i++)
            if ((row[i] & mask) == want)
                return true;
    }
    return false;
}

/* Whether none of the eight cells from x is at place p (the flags of a
 * far cell are all clear; an unknown frontier cell's are F_FRONTIER alone
 * of F_OPEN, F_FRONTIER and the settled bits); P_KNOWN here: none is
 * either. */
static bool none_at(sap_generate *g, uint32_t x, enum place p)
{
    uint64_t v = sap_load_eight(flags_of(g->deduce) + x);
    if (p == P_FAR)
        return sap_nonzero_bytes(v) == SAP_EACH_BYTE(0x80);
    if (p == P_FRONTIER)
        return sap_nonzero_bytes((v & SAP_EACH_BYTE(F_OPEN | F_FRONTIER | F_SETTLED))
                                 ^ SAP_EACH_BYTE(F_FRONTIER))
               == SAP_EACH_BYTE(0x80);
    return sap_nonzero_bytes(v & SAP_EACH_BYTE(F_OPEN | F_SETTLED)) == SAP_EACH_BYTE(0x80);
}

/* PASS_SWAP_TO at NOGUESS: whether the cell drawn is past the eight from
 * x, whose mines are `mines`; then the pass steps over them, counted.
 * The cells that may take the mine are safe ones not opened, and walled,
 * far ones (their flags all clear). */
static bool swap_to_eight(sap_generate *g, uint32_t x, uint8_t mines)
{
    uint64_t v = sap_load_eight(flags_of(g->deduce) + x), takes;
    uint32_t i, n;
    if (!walled(g->choosy))
        v &= SAP_EACH_BYTE(F_OPEN);
    takes = ~sap_nonzero_bytes(v) & SAP_EACH_BYTE(0x80); /* a high bit a cell */
    for (i = 0; i < 8u; i++)
        if ((mines >> i) & 1u)
            takes &= ~((uint64_t)0x80u << (8u * i));
    n = sap_byte_sum(takes >> 7);
    if (n > g->u.swap.skip)
        return false;
    g->u.swap.skip -= n;
    g->u.swap.seen += n;
    return true;
}

static bool nothing_in_eight(sap_generate *g)
{
    const uint8_t *layout = layout_of(g);
    uint32_t x = g->cursor;
    uint8_t mines;
    if (g->level != SAP_LEVEL_NOGUESS || (x & 7u) != 0 || x + 8u > g->cells)
        return false;
    mines = layout[x >> 3];
    switch (g->pass) {
    case PASS_COUNT: /* the mines of unknown cells */
        return mines == 0 || (SAP_FAST_PATHS && none_at(g, x, P_KNOWN));
    case PASS_MOVE_EMPTY:
        return mines == 0 || (SAP_FAST_PATHS && none_at(g, x, (enum place)g->from));
    case PASS_MOVE_FILL:
        return mines == 0xFFu || (SAP_FAST_PATHS && none_at(g, x, (enum place)g->to));
    case PASS_SWAP_FROM: /* walled: a mine next to a far cell */
        return mines == 0
               || (SAP_FAST_PATHS && walled(g->choosy) && x % g->cols + 8u <= g->cols
                   && (!near_eight(g, x, 0xFFu, 0)
                       || (g->choosy == FROM_WALL_OPENED
                           && !near_eight(g, x, F_OPEN, F_OPEN))));
    default: /* PASS_SWAP_TO: counts its way past them */
        return mines == 0xFFu || (SAP_FAST_PATHS && swap_to_eight(g, x, mines));
    }
}

/* G_PERTURB: its passes, a cell a step (a casual place a few, eight cells
 * that have nothing for it one); true once the layout is changed. */
static bool perturb_on(sap_generate *g, uint32_t *budget)
{
    uint32_t steps = g->level == SAP_LEVEL_CASUAL ? CASUAL_PLACE_STEPS : 1u;
    while (*budget > 0) {
        /* a fill or empty pass ends once every mine is placed */
        bool placing = g->pass == PASS_MOVE_FILL || g->pass == PASS_MOVE_EMPTY;
        bool drawn = (g->pass == PASS_SWAP_TO && g->u.swap.to != UINT32_MAX)
                     || (g->pass == PASS_SWAP_FROM
                         && (g->u.swap.from != UINT32_MAX || g->u.swap.seen == g->cells));
        if (g->cursor == g->cells || (placing && g->u.move.left == 0) || drawn) {
            perturb_pass_over(g);
            if (g->phase != G_PERTURB)
                return true;
            continue;
        }
        if (nothing_in_eight(g)) {
            g->cursor += 8u;
            if (g->pass == PASS_SWAP_FROM)
                g->u.swap.seen += 8u;
            charge(budget, 1u);
            continue;
        }
        perturb_cell(g, g->cursor++);
        charge(budget, steps);
    }
    return false;
}

/* G_PLAY: the casual player's turns, PLAY_STEPS steps each; resumed,
 * first the rules around each cell the perturbation moved (a turn each). */
static void play_on(sap_generate *g, uint32_t *budget)
{
    uint32_t turns, left;
    bool done;
    for (; g->moved > 0 && *budget > 0; charge(budget, PLAY_STEPS))
        sap_casual_play_recheck(g->casual, moved_of(g)[--g->moved]);
    if (g->moved > 0)
        return;
    turns = *budget / PLAY_STEPS > 0 ? *budget / PLAY_STEPS : 1u;
    left = turns;
    done = sap_casual_play_step(g->casual, &left);
    charge(budget, (turns - left) * PLAY_STEPS);
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
        charge(budget, OPEN_STEPS);
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
