/*
 * casual.c - the casual player of Mid-Central 2003 "mines", on any board.
 *
 * A start's result is the closure of two rules over cleared cells:
 *   rule 1: every mine around it is flagged  -> clear every covered neighbour;
 *   rule 2: every safe neighbour is cleared  -> flag every covered neighbour.
 * (f = m and f + c = m in the statement's words: flags are always right, so
 * "f = m" means all mines are flagged and "f + c = m" means nothing covered
 * is safe.)  Both conditions only grow with the cleared and flagged sets, so
 * the closure Cl is monotone: the order of firing does not matter, and for
 * any set X, Cl(d) lies within the closure of X plus d.  A set the rules
 * cannot grow is "closed"; the common part of two closed sets is closed.
 *
 * - Skipping: a start inside an earlier start's closure has a closure within
 *   it, so it cannot leave fewer cells covered.  Starts go in a fixed
 *   pseudo-random order (see "the visiting order" below), so that chains of
 *   starts each swallowing the one before cost about ln L closures, not L,
 *   whichever way they run.  The answer is the best start this order
 *   expands first, named by the top-left cell of its opening (its zero
 *   cells, which all clear each other): the protocol promises a best
 *   first cell, not the top-left best of all.
 * - Only a zero cell (no mine around) can clear more than itself: any other
 *   first click keeps rule 1 shut and rule 2 only flags.  The first safe
 *   cell stands for every non-zero start; only zero cells are expanded.
 * - The fresh engine computes one closure from scratch over a work list of
 *   touched (cleared or flagged) cells.  Each cell keeps two counters, its
 *   untouched mines and untouched safe neighbours, set when it is touched
 *   and counted down as neighbours are touched; a rule holds when one of
 *   them is zero, so a check costs O(1) and each cell is listed once.
 * - The base: on random boards most starts are pockets whose closures all
 *   cover one giant region.  A closed set S inside the closure of a known
 *   start (the base start) stays on the board as the base, with generators:
 *   cells whose closure is known to hold S (the base start's zero component,
 *   each of which clears all the others).  A new start d is first extended
 *   on top of S (the closure of S plus d, which holds Cl(d)); if that clears
 *   no more cells than the best so far, d cannot win and is done at the cost
 *   of its own few cells, and so is every later start inside that
 *   extension (its own bound lies within it).  The extension stops as soon
 *   as it outgrows the best.  Otherwise d is computed fresh, watching for
 *   the first generator it clears: from there Cl(d) holds S, so it is
 *   exactly S extended by d (finished fresh, or extended from S when S is
 *   the bigger part), and it is a new best, which on random boards happens
 *   a few times, not once per pocket.
 * - The base follows the board: a closure more than twice its size
 *   replaces it; a fresh closure that covers most of it but not all shrinks
 *   it to the common part (a smaller base bounds tightly the starts that
 *   cover just that part); and when three new bests in a row each hold the
 *   one before, the newest becomes the base, so a chain of starts each
 *   swallowing the last (periodic boards) stays linear.
 *
 * The worst case stays the number of expanded starts times the board: a
 * board could hold many starts whose closures overlap in big, different
 * parts, none holding another, that the base cannot bound.  Chains (the
 * periodic boards, whichever way they run) cost about ln L closures each
 * in the random order, and random boards touch each cell a few times;
 * tests/bench_casual.sh times the worst boards found.
 *
 * Memory: one 32-bit word per cell, in the caller's block after the header:
 *   bits 0..19   link: the next cell of the work list
 *   bits 20..26  the fresh engine's counters: untouched mines * 9 +
 *                untouched safe neighbours
 *   bit 27       touched by the closure being computed
 *   bit 28       in the base
 *   bit 29       a generator of the base
 *   bit 30       seen: no better start than an earlier one (it lies in an
 *                earlier start's closure, or in an extension that was
 *                bounded below the best)
 *   bit 31       mine
 * The work list threads through the link fields, so finishing a closure
 * walks only its own cells; only replacing or shrinking the base walks the
 * board.
 */
#include "internal.h"

#define CELL_LINK ((uint32_t)0x000FFFFFul)
#define LINK_NONE CELL_LINK
#define CODE_SHIFT 20
#define CODE_MASK ((uint32_t)0x7F << CODE_SHIFT)
#define CELL_TOUCHED ((uint32_t)1 << 27)
#define CELL_BASE ((uint32_t)1 << 28)
#define CELL_GENERATOR ((uint32_t)1 << 29)
#define CELL_SEEN ((uint32_t)1 << 30)
#define CELL_MINE ((uint32_t)1 << 31)

/* The counters code: untouched mines * 9 + untouched safe neighbours. */
#define CODE_MINE 9u
#define CODE_SAFE 1u

SAP_STATIC_ASSERT(casual_cells_fit_links, SAP_MAX_CELLS < LINK_NONE);

/* The extension of a start on top of the base gives up past a quarter of
 * the base plus this many cells. */
#define EXTEND_BUDGET_MIN 64u

/* Three new bests in a row, each holding the one before, make the newest
 * one's closure the base. */
#define CHAIN_DEPTH_TO_REBASE 2u

/* Where a resumable solve stands (sapper.h section 2).  The solve is the
 * algorithm above written as a state machine: each state does one of its
 * loops (a work list, a walk of the list or of the board) for as much of
 * the budget as it needs, and names the state that follows.  Walking a
 * list to finish it is shared by many places: `after` says where to go on. */
enum solve_pc {
    PC_IDLE = 0,        /* no solve under way (a set_mine starts over) */
    PC_INIT,            /* ready every row, reset the cells, note the first safe cell */
    PC_SCAN,            /* the next start to expand */
    PC_FRESH_FIRST,     /* no base yet: the fresh closure of the start */
    PC_BASE_FINISH,     /* make_base: the closure becomes the base */
    PC_BASE_OLD,        /* ... the old base's generators are dropped */
    PC_BASE_OLD_FLOOD,
    PC_BASE_NEW,        /* ... the start's zero component are the generators */
    PC_BASE_NEW_FLOOD,
    PC_BASE_DONE,
    PC_EXTEND,          /* the base extended by the start, up to a limit */
    PC_FRESH,           /* outgrown: the start's own closure, up to a generator */
    PC_FRESH_DONE,
    PC_CLEAR_BASE,      /* a much bigger closure: the base is dropped */
    PC_COMMON,          /* the base cells the closure holds */
    PC_SHRINK,          /* the base shrinks to that common part */
    PC_FRESH_ON,        /* it holds a generator: finish it fresh ... */
    PC_EXTEND_ALL,      /* ... or as the base extended by the start */
    PC_CHAIN,           /* a new best: rebase, or note the chain */
    PC_RETURN,          /* the start's closure size is in n */
    PC_LOWEST,          /* the best start's opening (its zero cells) ... */
    PC_LOWEST_FLOOD,
    PC_LOWEST_MIN,      /* ... and its top-left cell, which names the answer */
    PC_VIEW,            /* leave the best start's closure on the board */
    PC_VIEW_EXTEND,
    PC_VIEW_FRESH,
    PC_ANSWER,
    PC_FINISH_LIST,     /* clear and set bits along the list, then `after` */
    PC_DONE
};

struct sap_casual {
    uint32_t rows, cols;
    uint32_t safe;            /* safe cells on the board */
    uint32_t rows_ready;      /* rows laid out (init is lazy) */
    uint32_t head, tail;      /* the work list of the closure being computed */
    uint32_t next;            /* first listed cell not yet looked at */
    uint32_t cleared;         /* safe cells listed */
    uint32_t limit;           /* an extension stops past this many */
    uint32_t base_start;      /* the base lies in this start's closure */
    uint32_t base_cleared;    /* safe cells in the base */
    uint32_t record;          /* the last new best that held the base, or LINK_NONE */
    /* the solve under way */
    uint32_t walk;            /* the scan's place in the visiting order */
    uint32_t start;           /* the start being expanded */
    uint32_t best, best_cleared; /* the best start so far */
    uint32_t n;               /* the expanded start's closure size */
    uint32_t cursor;          /* a walk's place: a cell, or a listed cell */
    uint32_t count;           /* what a walk counts */
    uint32_t finish_clear, finish_set; /* PC_FINISH_LIST's bits */
    uint8_t pc, after;        /* enum solve_pc */
    uint8_t stop_at_generator; /* the fresh engine stops at a generator */
    uint8_t stopped;          /* the engine stopped early (limit or generator) */
    uint8_t follow_generators; /* zero_flood: follow generators, not zero cells */
    uint8_t has_base;
    uint8_t base_whole;       /* the base is all of Cl(base_start) */
    uint8_t solved;
    uint8_t record_depth;     /* how many new bests before `record` each held the next */
    uint8_t order_half;       /* the visiting order permutes 2^(2 * order_half) blocks */
    uint8_t view;             /* after a solve: the bits holding the answer's closure, >> 24 */
    uint32_t cells[];
};

SAP_STATIC_ASSERT(casual_header_fits, sizeof(struct sap_casual) <= SAP_CASUAL_HEADER_BYTES);

int sap_casual_init(sap_casual **casual, void *memory, size_t bytes,
                    uint32_t rows, uint32_t cols)
{
    sap_casual *cs;
    int err;

    if (casual == NULL)
        return SAP_ERR_ARG;
    *casual = NULL;
    err = sap_check_board_size(rows, cols);
    if (err != SAP_OK)
        return err;
    if (memory == NULL || bytes < SAP_CASUAL_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (sizeof(uint32_t) - 1u)) != 0)
        return SAP_ERR_ARG;
    cs = (sap_casual *)memory;
    memset(cs, 0, sizeof *cs);
    cs->rows = rows;
    cs->cols = cols;
    cs->safe = rows * cols;
    /* The cells are laid out lazily, a row at a time as set_mine reaches
     * it, and the rest by the solve: init itself is O(1). */
    cs->rows_ready = 0;
    *casual = cs;
    return SAP_OK;
}

/* Lays out the rows before `rows` that are not yet: empty cells.  Rows
 * usually arrive in order, so this is one row per set_mine. */
static void ready_rows(sap_casual *cs, uint32_t rows)
{
    uint32_t i, end = rows * cs->cols;
    for (i = cs->rows_ready * cs->cols; i < end; i++)
        cs->cells[i] = LINK_NONE;
    cs->rows_ready = rows;
}

int sap_casual_set_mine(sap_casual *cs, uint32_t row, uint32_t col, bool mine)
{
    uint32_t *word;

    if (cs == NULL)
        return SAP_ERR_ARG;
    if (row >= cs->rows || col >= cs->cols)
        return SAP_ERR_RANGE;
    if (row >= cs->rows_ready)
        ready_rows(cs, row + 1);
    word = &cs->cells[row * cs->cols + col];
    if (mine && !(*word & CELL_MINE)) {
        *word |= CELL_MINE;
        cs->safe--;
    } else if (!mine && (*word & CELL_MINE)) {
        *word &= ~CELL_MINE;
        cs->safe++;
    }
    cs->solved = 0;
    cs->pc = PC_IDLE; /* a solve under way starts over */
    return SAP_OK;
}

/* ---- the board ---------------------------------------------------------- */

/* The 3x3 block around (row, col), clipped to the board. */
struct block {
    uint32_t row0, row1, col0, col1;
};

static struct block block_at(const sap_casual *cs, uint32_t row, uint32_t col)
{
    struct block b;
    b.row0 = row > 0 ? row - 1 : row;
    b.row1 = row + 1 < cs->rows ? row + 1 : row;
    b.col0 = col > 0 ? col - 1 : col;
    b.col1 = col + 1 < cs->cols ? col + 1 : col;
    return b;
}

static struct block block_around(const sap_casual *cs, uint32_t x)
{
    uint32_t row = x / cs->cols;
    return block_at(cs, row, x - row * cs->cols);
}

static bool is_zero_cell(const sap_casual *cs, uint32_t x)
{
    struct block b = block_around(cs, x);
    uint32_t r, c;
    for (r = b.row0; r <= b.row1; r++)
        for (c = b.col0; c <= b.col1; c++)
            if (cs->cells[r * cs->cols + c] & CELL_MINE)
                return false;
    return true;
}

/* ---- the visiting order ------------------------------------------------- */

/* Starts are expanded in a fixed pseudo-random order, not row by row.  A
 * start is expanded only if no start expanded before it holds it in its
 * closure; in a chain of starts whose closures each hold the one before,
 * the order that meets them smallest first expands every one of them, at
 * the cost of all their closures together (quadratic: the README's
 * periodic tile read row by row, or upside down, or transposed, depending
 * on which way its chains run).  In a random order a chain member is
 * expanded only when it comes before every bigger member: for a chain of
 * L starts, about ln L of them, whichever way the chain runs.
 *
 * The order permutes blocks of ORDER_BLOCK consecutive cells (a 4-round
 * Feistel network over the 2^(2h) >= blocks numbers, skipping those past
 * the last block), and the cells inside each block by a Feistel network of
 * their own keyed by the block's number: a block (4 KiB of cells) is
 * visited whole before the next, so the scan's reads stay within a page or
 * two while the order inside still looks random to chains along a row. */
#define ORDER_BLOCK_SHIFT 10u /* even: the in-block network splits it in halves */
#define ORDER_BLOCK ((uint32_t)1 << ORDER_BLOCK_SHIFT)

/* A permutation of 0 .. 2^(2 * half) - 1: four Feistel rounds on halves of
 * `half` bits, keyed by `key`. */
static uint32_t order_permute(uint32_t value, uint32_t half, uint32_t key)
{
    uint32_t mask = ((uint32_t)1 << half) - 1u, left = value >> half, right = value & mask;
    uint32_t round;
    for (round = 0; round < 4u; round++) {
        uint32_t h = (right + key * 0x27D4EB2Ful + round * 0x9E3779B9ul) * 0x85EBCA6Bul;
        uint32_t next = left ^ ((h ^ (h >> 15)) & mask);
        left = right;
        right = next;
    }
    return (left << half) | right;
}

/* The h (order_half) that makes 2^(2h) blocks cover the board. */
static uint8_t order_half_for(uint32_t cells)
{
    uint32_t blocks = (cells + ORDER_BLOCK - 1u) >> ORDER_BLOCK_SHIFT;
    uint8_t half = 0;
    while (((uint32_t)1 << (2u * half)) < blocks)
        half++;
    return half;
}

/* Places in the order: walk runs from 0 to order_end. */
static uint32_t order_end(const sap_casual *cs)
{
    return (uint32_t)1 << (2u * cs->order_half + ORDER_BLOCK_SHIFT);
}

/* The cell at place `walk` of the order, or LINK_NONE past the board;
 * *skip is then how many places to step over (the rest of the block when
 * the whole block is past the board). */
static uint32_t order_cell(const sap_casual *cs, uint32_t walk, uint32_t *skip)
{
    uint32_t block = order_permute(walk >> ORDER_BLOCK_SHIFT, cs->order_half, 0);
    uint32_t x = (block << ORDER_BLOCK_SHIFT)
                 | order_permute(walk & (ORDER_BLOCK - 1u), ORDER_BLOCK_SHIFT / 2u, block + 1u);
    *skip = 1;
    if (x < cs->rows * cs->cols)
        return x;
    if ((block << ORDER_BLOCK_SHIFT) >= cs->rows * cs->cols)
        *skip = ORDER_BLOCK - (walk & (ORDER_BLOCK - 1u));
    return LINK_NONE;
}

/* ---- the work list ------------------------------------------------------ */

static void list_start(sap_casual *cs)
{
    cs->head = cs->tail = cs->next = LINK_NONE;
    cs->cleared = 0;
    cs->stopped = 0;
}

/* Marks x touched (with `extra` bits) and appends it to the work list. */
static void list_add(sap_casual *cs, uint32_t x, uint32_t extra)
{
    cs->cells[x] = (cs->cells[x] & ~CELL_LINK) | CELL_TOUCHED | extra | LINK_NONE;
    if (cs->tail == LINK_NONE)
        cs->head = x;
    else
        cs->cells[cs->tail] = (cs->cells[cs->tail] & ~CELL_LINK) | x;
    cs->tail = x;
    if (cs->next == LINK_NONE)
        cs->next = x;
    if (!(cs->cells[x] & CELL_MINE))
        cs->cleared++;
}

/* PC_FINISH_LIST: walks the listed cells, clearing `clear` bits and
 * setting `set` bits, then goes on at `after` with the list emptied. */
static void list_finish(sap_casual *cs, uint32_t clear, uint32_t set, enum solve_pc after)
{
    cs->finish_clear = clear;
    cs->finish_set = set;
    cs->cursor = cs->head;
    cs->after = (uint8_t)after;
    cs->pc = PC_FINISH_LIST;
}

static bool list_finish_some(sap_casual *cs, uint32_t *budget)
{
    uint32_t x = cs->cursor, clear = cs->finish_clear, set = cs->finish_set, b = *budget;
    while (x != LINK_NONE && b > 0) {
        uint32_t word = cs->cells[x];
        cs->cells[x] = (word & ~clear) | set;
        x = word & CELL_LINK;
        b--;
    }
    *budget = b;
    cs->cursor = x;
    if (x != LINK_NONE)
        return false;
    list_start(cs);
    return true;
}

/* ---- the fresh engine: one closure from scratch, with counters ----------- */

/* Touches the untouched cell x: its counters come from its block, and every
 * touched safe neighbour counts x down. */
static void fresh_touch(sap_casual *cs, uint32_t x, uint32_t row, uint32_t col)
{
    struct block b = block_at(cs, row, col);
    uint32_t mine = cs->cells[x] & CELL_MINE;
    uint32_t down = mine ? CODE_MINE : CODE_SAFE;
    uint32_t code = 0, r, c;

    for (r = b.row0; r <= b.row1; r++) {
        uint32_t *line = cs->cells + r * cs->cols;
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t word = line[c];
            if (word & CELL_TOUCHED) {
                if (!(word & CELL_MINE))
                    line[c] = word - (down << CODE_SHIFT);
            } else if (r * cs->cols + c != x) {
                code += (word & CELL_MINE) ? CODE_MINE : CODE_SAFE;
            }
        }
    }
    list_add(cs, x, CELL_SEEN);
    if (!mine)
        cs->cells[x] = (cs->cells[x] & ~CODE_MASK) | (code << CODE_SHIFT);
    if (cs->stop_at_generator && (cs->cells[x] & CELL_GENERATOR))
        cs->stopped = 1;
}

/* Fires whichever rule the counters of the touched safe cell x say holds. */
static void fresh_fire(sap_casual *cs, uint32_t x, uint32_t row, uint32_t col)
{
    uint32_t code = (cs->cells[x] & CODE_MASK) >> CODE_SHIFT;
    uint32_t want, r, c;
    struct block b;

    if (code == 0)
        return;                     /* nothing around is untouched */
    if (code < CODE_MINE)
        want = 0;                   /* rule 1: every mine is flagged */
    else if (code % CODE_MINE == 0)
        want = CELL_MINE;           /* rule 2: every safe cell is cleared */
    else
        return;
    b = block_at(cs, row, col);
    for (r = b.row0; r <= b.row1; r++)
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t y = r * cs->cols + c;
            uint32_t word = cs->cells[y];
            if (!(word & CELL_TOUCHED) && (word & CELL_MINE) == want)
                fresh_touch(cs, y, r, c);
        }
}

/* Runs the fresh engine for at most *budget listed cells; true once its
 * list is done, or it listed a generator of the base (when asked to stop
 * there).  The cells cleared are in cs->cleared. */
static bool fresh_run(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget;
    while (cs->next != LINK_NONE && !cs->stopped && b > 0) {
        uint32_t x = cs->next, r, c;
        struct block bl = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        b--;
        /* x's touch counted its touched neighbours down (and x itself was
         * counted when touched): the rules may now hold at any of them */
        for (r = bl.row0; r <= bl.row1; r++)
            for (c = bl.col0; c <= bl.col1; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if ((word & (CELL_TOUCHED | CELL_MINE)) == CELL_TOUCHED)
                    fresh_fire(cs, r * cs->cols + c, r, c);
            }
    }
    *budget = b;
    return cs->next == LINK_NONE || cs->stopped;
}

/* Starts Cl(start) in the touched bits; with stop_at_generator, fresh_run
 * stops as soon as it lists a generator of the base. */
static void fresh_begin(sap_casual *cs, uint32_t start, bool stop_at_generator)
{
    list_start(cs);
    cs->stop_at_generator = stop_at_generator;
    fresh_touch(cs, start, start / cs->cols, start % cs->cols);
}

/* ---- the extension engine: the closure of the base plus one start ------- */

#define IN_VIEW (CELL_TOUCHED | CELL_BASE)

/* Fires whichever rule holds at the safe cell y of the view, by looking at
 * its block (the base keeps no counters). */
static void extend_fire(sap_casual *cs, uint32_t row, uint32_t col)
{
    struct block b = block_at(cs, row, col);
    uint32_t covered_mines = 0, covered_safe = 0, want, r, c;

    for (r = b.row0; r <= b.row1; r++) {
        const uint32_t *line = cs->cells + r * cs->cols;
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t word = line[c];
            if (word & IN_VIEW)
                continue;
            if (word & CELL_MINE)
                covered_mines++;
            else
                covered_safe++;
        }
    }
    if (covered_mines == 0 && covered_safe > 0)
        want = 0;
    else if (covered_safe == 0 && covered_mines > 0)
        want = CELL_MINE;
    else
        return;
    for (r = b.row0; r <= b.row1; r++)
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t x = r * cs->cols + c;
            uint32_t word = cs->cells[x];
            if (!(word & IN_VIEW) && (word & CELL_MINE) == want) {
                list_add(cs, x, 0);
                if (cs->cleared > cs->limit)
                    cs->stopped = 1;
            }
        }
}

/* Starts the closure of the base plus `start` in the touched bits; the
 * listed cells are its part outside the base.  extend_run stops once more
 * than `limit` safe cells are listed. */
static void extend_begin(sap_casual *cs, uint32_t start, uint32_t limit)
{
    list_start(cs);
    cs->limit = limit;
    list_add(cs, start, 0);
}

static bool extend_run(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget;
    while (cs->next != LINK_NONE && !cs->stopped && b > 0) {
        uint32_t x = cs->next, r, c;
        struct block bl = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        b--;
        for (r = bl.row0; r <= bl.row1; r++)
            for (c = bl.col0; c <= bl.col1; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if ((word & IN_VIEW) && !(word & CELL_MINE))
                    extend_fire(cs, r, c);
            }
    }
    *budget = b;
    return cs->next == LINK_NONE || cs->stopped;
}

/* ---- the base ----------------------------------------------------------- */

/* Lists the zero cells joined to the zero cell `start` through zero cells,
 * or with follow_generators the generator cells joined to it (zero_run
 * spreads the list; its caller then finishes it). */
static void zero_begin(sap_casual *cs, uint32_t start, bool follow_generators)
{
    list_start(cs);
    cs->follow_generators = follow_generators;
    list_add(cs, start, 0);
}

static bool zero_run(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget;
    while (cs->next != LINK_NONE && b > 0) {
        uint32_t x = cs->next, r, c;
        struct block bl = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        b--;
        for (r = bl.row0; r <= bl.row1; r++)
            for (c = bl.col0; c <= bl.col1; c++) {
                uint32_t y = r * cs->cols + c;
                uint32_t word = cs->cells[y];
                if (word & CELL_TOUCHED)
                    continue;
                if (cs->follow_generators ? (word & CELL_GENERATOR) != 0
                                          : !(word & CELL_MINE) && is_zero_cell(cs, y))
                    list_add(cs, y, 0);
            }
    }
    *budget = b;
    return cs->next == LINK_NONE;
}

/* The listed closure of cs->start (cs->n cleared cells), which holds the
 * current base if there is one, becomes the base.  Its generators are the
 * cells whose closure is known to hold it: the start's zero component
 * (each of those clears all the others).  PC_BASE_... carry it out. */
static void make_base(sap_casual *cs)
{
    list_finish(cs, CELL_TOUCHED, CELL_BASE | CELL_SEEN, PC_BASE_OLD);
}

/* The expansion of cs->start begins (see expand's steps in the states):
 * on the base if there is one, else fresh. */
static void expand_begin(sap_casual *cs)
{
    uint32_t margin, limit;
    if (!cs->has_base) {
        fresh_begin(cs, cs->start, false);
        cs->pc = PC_FRESH_FIRST;
        return;
    }
    /* Cl(d) lies within the base extended by d: if that is no bigger than
     * the best, d cannot win.  The extension stops once it is bigger, or
     * once it is a big part of the base: then d's closure is most likely
     * its own large region, better computed fresh. */
    margin = cs->best_cleared - cs->base_cleared;
    limit = cs->base_cleared / 4 + EXTEND_BUDGET_MIN;
    extend_begin(cs, cs->start, margin < limit ? margin : limit);
    cs->pc = PC_EXTEND;
}

/* One state's worth of the solve, within *budget; false when the budget
 * ran out inside it. */
static bool solve_state(sap_casual *cs, uint32_t *budget)
{
    uint32_t total = cs->rows * cs->cols, b, x;

    switch (cs->pc) {
    case PC_INIT:
        /* every row laid out, the marks of an earlier solve forgotten, and
         * the first safe cell noted: any non-zero start clears just itself */
        b = *budget;
        for (x = cs->cursor; x < total && b > 0; x++, b--) {
            uint32_t word = x < cs->rows_ready * cs->cols ? cs->cells[x] & CELL_MINE : 0;
            if (!word && cs->best == LINK_NONE) {
                cs->best = x;
                cs->best_cleared = 1;
            }
            cs->cells[x] = word | LINK_NONE;
        }
        *budget = b;
        cs->cursor = x;
        if (x < total)
            return false;
        cs->rows_ready = cs->rows;
        cs->walk = 0;
        cs->pc = PC_SCAN;
        return true;
    case PC_SCAN: {
        uint32_t end = order_end(cs), skip = 1;
        x = LINK_NONE;
        b = *budget;
        for (; cs->walk < end && cs->best_cleared < cs->safe && b > 0; cs->walk += skip, b--) {
            x = order_cell(cs, cs->walk, &skip);
            if (x != LINK_NONE && !(cs->cells[x] & (CELL_MINE | CELL_SEEN)) && is_zero_cell(cs, x))
                break;
        }
        *budget = b;
        if (cs->walk >= end || cs->best_cleared >= cs->safe) {
            cs->pc = PC_LOWEST;
            return true;
        }
        if (b == 0)
            return false;
        cs->start = x;
        expand_begin(cs);
        return true;
    }
    case PC_FRESH_FIRST:
        if (!fresh_run(cs, budget))
            return false;
        cs->n = cs->cleared;
        make_base(cs);
        return true;
    case PC_BASE_OLD:
        if (!cs->has_base) {
            cs->pc = PC_BASE_NEW;
            return true;
        }
        zero_begin(cs, cs->base_start, true);
        cs->pc = PC_BASE_OLD_FLOOD;
        return true;
    case PC_BASE_OLD_FLOOD:
        if (!zero_run(cs, budget))
            return false;
        list_finish(cs, CELL_TOUCHED | CELL_GENERATOR, 0, PC_BASE_NEW);
        return true;
    case PC_BASE_NEW:
        zero_begin(cs, cs->start, false);
        cs->pc = PC_BASE_NEW_FLOOD;
        return true;
    case PC_BASE_NEW_FLOOD:
        if (!zero_run(cs, budget))
            return false;
        list_finish(cs, CELL_TOUCHED, CELL_GENERATOR, PC_BASE_DONE);
        return true;
    case PC_BASE_DONE:
        cs->has_base = 1;
        cs->base_start = cs->start;
        cs->base_cleared = cs->n;
        cs->base_whole = 1;
        cs->record = LINK_NONE;
        cs->record_depth = 0;
        cs->pc = PC_RETURN;
        return true;
    case PC_EXTEND:
        if (!extend_run(cs, budget))
            return false;
        if (!cs->stopped) {
            /* Every later start x in this extension is bounded by it too
             * (the closure of the base plus x lies within it, as it is
             * closed), so none of them can win either: mark them all seen. */
            cs->n = 0;
            list_finish(cs, CELL_TOUCHED, CELL_SEEN, PC_RETURN);
        } else {
            list_finish(cs, CELL_TOUCHED, 0, PC_FRESH);
        }
        return true;
    case PC_FRESH:
        fresh_begin(cs, cs->start, true);
        cs->pc = PC_FRESH_DONE;
        return true;
    case PC_FRESH_DONE:
        if (!fresh_run(cs, budget))
            return false;
        cs->n = cs->cleared;
        if (!cs->stopped) {
            /* Cl(d) holds no generator of the base */
            if (cs->n > 2 * cs->base_cleared) {
                cs->cursor = 0;
                cs->pc = PC_CLEAR_BASE;
            } else if (2 * cs->n >= cs->base_cleared) {
                cs->cursor = cs->head;
                cs->count = 0;
                cs->pc = PC_COMMON;
            } else {
                list_finish(cs, CELL_TOUCHED, 0, PC_RETURN);
            }
            return true;
        }
        /* Cl(d) holds a generator, hence the whole base: it is exactly the
         * base extended by d, and bigger than the best so far.  When the
         * base is no bigger than what the fresh engine has listed already,
         * finishing fresh costs less than extending the base. */
        cs->stop_at_generator = 0;
        if (cs->cleared >= cs->base_cleared) {
            cs->stopped = 0;
            cs->pc = PC_FRESH_ON;
        } else {
            list_finish(cs, CELL_TOUCHED, 0, PC_EXTEND_ALL);
        }
        return true;
    case PC_CLEAR_BASE:
        /* a closure more than twice the base replaces it */
        b = *budget;
        for (x = cs->cursor; x < total && b > 0; x++, b--)
            cs->cells[x] &= ~(CELL_BASE | CELL_GENERATOR);
        *budget = b;
        cs->cursor = x;
        if (x < total)
            return false;
        cs->has_base = 0;
        make_base(cs);
        return true;
    case PC_COMMON:
        /* safe cells of the base that the listed closure holds */
        b = *budget;
        for (x = cs->cursor; x != LINK_NONE && b > 0; b--) {
            uint32_t word = cs->cells[x];
            cs->count += (word & (CELL_BASE | CELL_MINE)) == CELL_BASE;
            x = word & CELL_LINK;
        }
        *budget = b;
        cs->cursor = x;
        if (x != LINK_NONE)
            return false;
        if (cs->count < cs->base_cleared && 2 * cs->count >= cs->base_cleared) {
            cs->cursor = 0;
            cs->count = 0;
            cs->pc = PC_SHRINK;
        } else {
            list_finish(cs, CELL_TOUCHED, 0, PC_RETURN);
        }
        return true;
    case PC_SHRINK:
        /* The closure T holds the base only in part, but most of it: the
         * base becomes its common part with T.  Both are closed under the
         * rules, so their common part is too, and it still lies in
         * Cl(base_start): a valid base (with the same generators), a
         * smaller one, which bounds tightly the starts whose closures
         * cover mostly that part. */
        b = *budget;
        for (x = cs->cursor; x < total && b > 0; x++, b--) {
            uint32_t word = cs->cells[x];
            if ((word & CELL_BASE) && !(word & CELL_TOUCHED))
                cs->cells[x] = word & ~CELL_BASE;
            else if ((word & (CELL_BASE | CELL_MINE)) == CELL_BASE)
                cs->count++;
        }
        *budget = b;
        cs->cursor = x;
        if (x < total)
            return false;
        cs->base_cleared = cs->count;
        cs->base_whole = 0;
        list_finish(cs, CELL_TOUCHED, 0, PC_RETURN);
        return true;
    case PC_FRESH_ON:
        if (!fresh_run(cs, budget))
            return false;
        cs->n = cs->cleared;
        cs->pc = PC_CHAIN;
        return true;
    case PC_EXTEND_ALL:
        if (cs->next == LINK_NONE && cs->head == LINK_NONE)
            extend_begin(cs, cs->start, UINT32_MAX);
        if (!extend_run(cs, budget))
            return false;
        cs->n = cs->base_cleared + cs->cleared;
        cs->pc = PC_CHAIN;
        return true;
    case PC_CHAIN: {
        /* The listed cells (all of Cl(d), or its part outside the base)
         * now make Cl(d) with the base. */
        bool chain = cs->record != LINK_NONE && (cs->cells[cs->record] & CELL_TOUCHED);
        if (cs->n > 2 * cs->base_cleared
            || (chain && cs->record_depth + 1u >= CHAIN_DEPTH_TO_REBASE)) {
            make_base(cs);
            return true;
        }
        cs->record_depth = chain ? (uint8_t)(cs->record_depth + 1) : 0;
        cs->record = cs->start;
        list_finish(cs, CELL_TOUCHED, CELL_SEEN, PC_RETURN);
        return true;
    }
    case PC_RETURN:
        if (cs->n > cs->best_cleared) {
            cs->best = cs->start;
            cs->best_cleared = cs->n;
        }
        cs->walk++;
        cs->pc = PC_SCAN;
        return true;
    case PC_LOWEST:
        /* The zero cells joined to the best start through zero cells all
         * have its closure (each clears the others): the answer names the
         * top-left one, so that an opening is named the same whichever of
         * its cells the visiting order met first. */
        cs->count = cs->best;
        if (cs->best_cleared > 1 && is_zero_cell(cs, cs->best)) {
            zero_begin(cs, cs->best, false);
            cs->pc = PC_LOWEST_FLOOD;
        } else {
            cs->pc = PC_VIEW;
        }
        return true;
    case PC_LOWEST_FLOOD:
        if (!zero_run(cs, budget))
            return false;
        cs->cursor = cs->head;
        cs->pc = PC_LOWEST_MIN;
        return true;
    case PC_LOWEST_MIN:
        b = *budget;
        for (x = cs->cursor; x != LINK_NONE && b > 0; b--) {
            if (x < cs->count)
                cs->count = x;
            x = cs->cells[x] & CELL_LINK;
        }
        *budget = b;
        cs->cursor = x;
        if (x != LINK_NONE)
            return false;
        list_finish(cs, CELL_TOUCHED, 0, PC_VIEW);
        return true;
    case PC_VIEW:
        /* Leave the best start's closure on the board for left_covered. */
        if (cs->has_base && cs->base_whole && cs->base_start == cs->best) {
            cs->view = (uint8_t)(CELL_BASE >> 24);
            cs->pc = PC_ANSWER;
        } else if (cs->has_base && cs->record == cs->best) {
            extend_begin(cs, cs->best, UINT32_MAX);   /* best holds the base */
            cs->pc = PC_VIEW_EXTEND;
        } else {
            fresh_begin(cs, cs->best, false);
            cs->pc = PC_VIEW_FRESH;
        }
        return true;
    case PC_VIEW_EXTEND:
        if (!extend_run(cs, budget))
            return false;
        cs->view = (uint8_t)((CELL_BASE | CELL_TOUCHED) >> 24);
        cs->pc = PC_ANSWER;
        return true;
    case PC_VIEW_FRESH:
        if (!fresh_run(cs, budget))
            return false;
        cs->view = (uint8_t)(CELL_TOUCHED >> 24);
        cs->pc = PC_ANSWER;
        return true;
    case PC_ANSWER:
        cs->best = cs->count;
        cs->pc = PC_DONE;
        return true;
    case PC_FINISH_LIST:
        if (!list_finish_some(cs, budget))
            return false;
        cs->pc = cs->after;
        return true;
    default:
        return true;
    }
}

int sap_casual_solve_step(sap_casual *cs, uint32_t budget, struct sap_casual_result *result)
{
    if (cs == NULL || result == NULL)
        return SAP_ERR_ARG;
    if (cs->safe == 0)
        return SAP_ERR_STATE;
    if (cs->pc == PC_IDLE) {
        cs->solved = 0;
        cs->cursor = 0;
        cs->best = LINK_NONE;
        cs->best_cleared = 0;
        cs->has_base = 0;
        cs->record = LINK_NONE;
        cs->record_depth = 0;
        cs->order_half = order_half_for(cs->rows * cs->cols);
        list_start(cs);
        cs->pc = PC_INIT;
    }
    if (budget == 0)
        budget = 1;
    while (cs->pc != PC_DONE) {
        if (!solve_state(cs, &budget))
            return SAP_MORE;
        if (budget == 0 && cs->pc != PC_DONE)
            return SAP_MORE;
    }
    cs->solved = 1;
    result->covered = cs->safe - cs->best_cleared;
    result->row = cs->best / cs->cols;
    result->col = cs->best - result->row * cs->cols;
    return SAP_OK;
}

int sap_casual_solve(sap_casual *cs, struct sap_casual_result *result)
{
    int err;
    if (cs != NULL)
        cs->pc = PC_IDLE; /* every call solves afresh */
    do
        err = sap_casual_solve_step(cs, SAP_BUDGET_UNLIMITED, result);
    while (err == SAP_MORE);
    return err;
}

bool sap_casual_left_covered(const sap_casual *cs, uint32_t row, uint32_t col)
{
    uint32_t word;
    if (cs == NULL || !cs->solved || row >= cs->rows || col >= cs->cols)
        return false;
    word = cs->cells[row * cs->cols + col];
    return !(word & (CELL_MINE | (uint32_t)cs->view << 24));
}

/* ---- one start alone: the casual player's play from a first click -------
 * (the no-guess generator's CASUAL level, generate.c).  The fresh engine
 * over the whole board, from one start, with nothing skipped. */

void sap_casual_play_begin(sap_casual *cs, uint32_t row, uint32_t col)
{
    uint32_t x, total = cs->rows * cs->cols;
    for (x = 0; x < total; x++) /* the marks of an earlier play forgotten */
        cs->cells[x] = (x < cs->rows_ready * cs->cols ? cs->cells[x] & CELL_MINE : 0) | LINK_NONE;
    cs->rows_ready = cs->rows;
    cs->solved = 0;
    fresh_begin(cs, row * cs->cols + col, false);
}

bool sap_casual_play_step(sap_casual *cs, uint32_t *budget)
{
    return fresh_run(cs, budget);
}

uint32_t sap_casual_play_cleared(const sap_casual *cs)
{
    return cs->cleared;
}

int sap_casual_play_cell(const sap_casual *cs, uint32_t x)
{
    uint32_t word = cs->cells[x];
    if (!(word & CELL_TOUCHED))
        return 0;
    return word & CELL_MINE ? 2 : 1;
}
