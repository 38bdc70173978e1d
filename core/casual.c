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
 *   it, so it cannot leave fewer cells covered.  Starts go in row-major
 *   order, which also settles ties towards the lowest row, then column.
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
 * The worst case stays the number of expanded starts times the board (as
 * on a periodic board where columns of starts each swallow the one above,
 * visited interleaved in row order); random boards touch each cell a few
 * times.
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

struct sap_casual {
    uint32_t rows, cols;
    uint32_t safe;            /* safe cells on the board */
    uint32_t head, tail;      /* the work list of the closure being computed */
    uint32_t next;            /* first listed cell not yet looked at */
    uint32_t cleared;         /* safe cells listed */
    uint32_t limit;           /* an extension stops past this many */
    uint32_t base_start;      /* the base lies in this start's closure */
    uint32_t base_cleared;    /* safe cells in the base */
    uint32_t record;          /* the last new best that held the base, or LINK_NONE */
    uint32_t record_depth;    /* how many new bests before it each held the next */
    uint32_t view;            /* after a solve: the bits holding the answer's closure */
    uint8_t stop_at_generator; /* the fresh engine stops at a generator */
    uint8_t stopped;          /* the engine stopped early (limit or generator) */
    uint8_t has_base;
    uint8_t base_whole;       /* the base is all of Cl(base_start) */
    uint8_t solved;
    uint32_t cells[];
};

SAP_STATIC_ASSERT(casual_header_fits, sizeof(struct sap_casual) <= SAP_CASUAL_HEADER_BYTES);

int sap_casual_init(sap_casual **casual, void *memory, size_t bytes,
                    uint32_t rows, uint32_t cols)
{
    sap_casual *cs;
    size_t cells, i;
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
    cells = (size_t)rows * cols;
    cs->safe = (uint32_t)cells;
    for (i = 0; i < cells; i++)
        cs->cells[i] = LINK_NONE;
    *casual = cs;
    return SAP_OK;
}

int sap_casual_set_mine(sap_casual *cs, uint32_t row, uint32_t col, bool mine)
{
    uint32_t *word;

    if (cs == NULL)
        return SAP_ERR_ARG;
    if (row >= cs->rows || col >= cs->cols)
        return SAP_ERR_RANGE;
    word = &cs->cells[row * cs->cols + col];
    if (mine && !(*word & CELL_MINE)) {
        *word |= CELL_MINE;
        cs->safe--;
    } else if (!mine && (*word & CELL_MINE)) {
        *word &= ~CELL_MINE;
        cs->safe++;
    }
    cs->solved = 0;
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

/* Walks the listed cells: clears `clear` bits and sets `set` bits. */
static void list_finish(sap_casual *cs, uint32_t clear, uint32_t set)
{
    uint32_t x = cs->head;
    while (x != LINK_NONE) {
        uint32_t word = cs->cells[x];
        cs->cells[x] = (word & ~clear) | set;
        x = word & CELL_LINK;
    }
    list_start(cs);
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

/* Runs the fresh engine until its list is done, or it listed a generator
 * of the base (when asked to stop there).  Returns the cells cleared. */
static uint32_t fresh_run(sap_casual *cs)
{
    while (cs->next != LINK_NONE && !cs->stopped) {
        uint32_t x = cs->next, r, c;
        struct block b = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        /* x's touch counted its touched neighbours down (and x itself was
         * counted when touched): the rules may now hold at any of them */
        for (r = b.row0; r <= b.row1; r++)
            for (c = b.col0; c <= b.col1; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if ((word & (CELL_TOUCHED | CELL_MINE)) == CELL_TOUCHED)
                    fresh_fire(cs, r * cs->cols + c, r, c);
            }
    }
    return cs->cleared;
}

/* Cl(start) into the touched bits; with stop_at_generator, stops as soon
 * as it lists a generator of the base (fresh_run then carries on). */
static uint32_t fresh_closure(sap_casual *cs, uint32_t start, bool stop_at_generator)
{
    list_start(cs);
    cs->stop_at_generator = stop_at_generator;
    fresh_touch(cs, start, start / cs->cols, start % cs->cols);
    return fresh_run(cs);
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

/* The closure of the base plus `start` into the touched bits; the listed
 * cells are its part outside the base.  Stops once more than `limit` safe
 * cells are listed. */
static uint32_t extend_closure(sap_casual *cs, uint32_t start, uint32_t limit)
{
    list_start(cs);
    cs->limit = limit;
    list_add(cs, start, 0);
    while (cs->next != LINK_NONE && !cs->stopped) {
        uint32_t x = cs->next, r, c;
        struct block b = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        for (r = b.row0; r <= b.row1; r++)
            for (c = b.col0; c <= b.col1; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if ((word & IN_VIEW) && !(word & CELL_MINE))
                    extend_fire(cs, r, c);
            }
    }
    return cs->cleared;
}

/* ---- the base ----------------------------------------------------------- */

/* Lists the zero cells joined to the zero cell `start` through zero cells,
 * or with follow_generators the generator cells joined to it, and finishes
 * the list clearing `clear` and setting `set` on them. */
static void zero_flood(sap_casual *cs, uint32_t start, bool follow_generators,
                       uint32_t clear, uint32_t set)
{
    list_start(cs);
    list_add(cs, start, 0);
    while (cs->next != LINK_NONE) {
        uint32_t x = cs->next, r, c;
        struct block b = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        for (r = b.row0; r <= b.row1; r++)
            for (c = b.col0; c <= b.col1; c++) {
                uint32_t y = r * cs->cols + c;
                uint32_t word = cs->cells[y];
                if (word & CELL_TOUCHED)
                    continue;
                if (follow_generators ? (word & CELL_GENERATOR) != 0
                                      : !(word & CELL_MINE) && is_zero_cell(cs, y))
                    list_add(cs, y, 0);
            }
    }
    list_finish(cs, CELL_TOUCHED | clear, set);
}

static void clear_base(sap_casual *cs)
{
    uint32_t cells = cs->rows * cs->cols, i;
    for (i = 0; i < cells; i++)
        cs->cells[i] &= ~(CELL_BASE | CELL_GENERATOR);
    cs->has_base = 0;
}

/* The listed closure of `start` (n cleared cells), which holds the current
 * base if there is one, becomes the base.  Its generators are the cells
 * whose closure is known to hold it: the start's zero component (each of
 * those clears all the others). */
static void make_base(sap_casual *cs, uint32_t start, uint32_t n)
{
    list_finish(cs, CELL_TOUCHED, CELL_BASE | CELL_SEEN);
    if (cs->has_base)
        zero_flood(cs, cs->base_start, true, CELL_GENERATOR, 0);
    zero_flood(cs, start, false, 0, CELL_GENERATOR);
    cs->has_base = 1;
    cs->base_start = start;
    cs->base_cleared = n;
    cs->base_whole = 1;
    cs->record = LINK_NONE;
    cs->record_depth = 0;
}

/* The listed closure T of a start holds the base only in part, but most of
 * it: the base becomes its common part with T.  Both closures are closed
 * under the rules, so their common part is too, and it still lies in
 * Cl(base_start): it stays a valid base (with the same generators), a
 * smaller one, which bounds tightly the starts whose closures cover mostly
 * that part. */
static void shrink_base(sap_casual *cs)
{
    uint32_t cells = cs->rows * cs->cols, i, kept = 0;
    for (i = 0; i < cells; i++) {
        uint32_t word = cs->cells[i];
        if ((word & CELL_BASE) && !(word & CELL_TOUCHED))
            cs->cells[i] = word & ~CELL_BASE;
        else if ((word & (CELL_BASE | CELL_MINE)) == CELL_BASE)
            kept++;
    }
    cs->base_cleared = kept;
    cs->base_whole = 0;
}

/* Safe cells of the base that the listed closure holds. */
static uint32_t listed_in_base(const sap_casual *cs)
{
    uint32_t x = cs->head, n = 0;
    while (x != LINK_NONE) {
        uint32_t word = cs->cells[x];
        n += (word & (CELL_BASE | CELL_MINE)) == CELL_BASE;
        x = word & CELL_LINK;
    }
    return n;
}

/* The number of cells Cl(d) clears if that is more than `best`; otherwise
 * any number up to `best`.  Leaves the touched bits clear, and marks seen
 * at least the zero cells of Cl(d) (and any cell that, as a start, cannot
 * beat the best either). */
static uint32_t expand(sap_casual *cs, uint32_t d, uint32_t best)
{
    uint32_t n, margin, budget;
    bool outgrown, chain;

    if (!cs->has_base) {
        n = fresh_closure(cs, d, false);
        make_base(cs, d, n);
        return n;
    }
    /* Cl(d) lies within the base extended by d: if that is no bigger than
     * the best, d cannot win.  The extension stops once it is bigger, or
     * once it is a big part of the base: then d's closure is most likely
     * its own large region, better computed fresh. */
    margin = best - cs->base_cleared;
    budget = cs->base_cleared / 4 + EXTEND_BUDGET_MIN;
    extend_closure(cs, d, margin < budget ? margin : budget);
    outgrown = cs->stopped;
    if (!outgrown) {
        /* Every later start x in this extension is bounded by it too (the
         * closure of the base plus x lies within it, as it is closed), so
         * none of them can win either: mark them all seen. */
        list_finish(cs, CELL_TOUCHED, CELL_SEEN);
        return 0;
    }
    list_finish(cs, CELL_TOUCHED, 0);

    n = fresh_closure(cs, d, true);
    if (!cs->stopped) {
        /* Cl(d) holds no generator of the base */
        if (n > 2 * cs->base_cleared) {
            clear_base(cs);
            make_base(cs, d, n);
            return n;
        }
        if (2 * n >= cs->base_cleared) {
            uint32_t common = listed_in_base(cs);
            if (common < cs->base_cleared && 2 * common >= cs->base_cleared)
                shrink_base(cs);
        }
        list_finish(cs, CELL_TOUCHED, 0);
        return n;
    }
    /* Cl(d) holds a generator, hence the whole base: it is exactly the base
     * extended by d, and bigger than the best so far.  When the base is no
     * bigger than what the fresh engine has listed already, finishing fresh
     * costs less than extending the base; otherwise extend it. */
    cs->stop_at_generator = 0;
    if (cs->cleared >= cs->base_cleared) {
        cs->stopped = 0;
        n = fresh_run(cs);
    } else {
        list_finish(cs, CELL_TOUCHED, 0);
        n = cs->base_cleared + extend_closure(cs, d, UINT32_MAX);
    }
    /* The listed cells (all of Cl(d), or its part outside the base) now
     * make Cl(d) with the base. */
    chain = cs->record != LINK_NONE && (cs->cells[cs->record] & CELL_TOUCHED);
    if (n > 2 * cs->base_cleared
        || (chain && cs->record_depth + 1 >= CHAIN_DEPTH_TO_REBASE)) {
        make_base(cs, d, n);
        return n;
    }
    cs->record_depth = chain ? cs->record_depth + 1 : 0;
    cs->record = d;
    list_finish(cs, CELL_TOUCHED, CELL_SEEN);
    return n;
}

int sap_casual_solve(sap_casual *cs, struct sap_casual_result *result)
{
    uint32_t cells, x;
    uint32_t best = LINK_NONE, best_cleared = 0;

    if (cs == NULL || result == NULL)
        return SAP_ERR_ARG;
    cs->solved = 0;
    if (cs->safe == 0)
        return SAP_ERR_STATE;
    cells = cs->rows * cs->cols;
    for (x = 0; x < cells; x++) {
        uint32_t word = cs->cells[x] & CELL_MINE;
        if (!word && best == LINK_NONE) {
            best = x;           /* any non-zero start clears just itself */
            best_cleared = 1;
        }
        cs->cells[x] = word | LINK_NONE;
    }
    cs->has_base = 0;
    cs->record = LINK_NONE;
    cs->record_depth = 0;

    for (x = 0; x < cells && best_cleared < cs->safe; x++) {
        uint32_t n;
        if ((cs->cells[x] & (CELL_MINE | CELL_SEEN)) || !is_zero_cell(cs, x))
            continue;
        n = expand(cs, x, best_cleared);
        if (n > best_cleared) {
            best = x;
            best_cleared = n;
        }
    }
    /* Leave the best start's closure on the board for left_covered. */
    if (cs->has_base && cs->base_whole && cs->base_start == best) {
        cs->view = CELL_BASE;
    } else if (cs->has_base && cs->record == best) {
        extend_closure(cs, best, UINT32_MAX);   /* best holds the base */
        cs->view = CELL_BASE | CELL_TOUCHED;
    } else {
        fresh_closure(cs, best, false);
        cs->view = CELL_TOUCHED;
    }
    cs->solved = 1;
    result->covered = cs->safe - best_cleared;
    result->row = best / cs->cols;
    result->col = best - result->row * cs->cols;
    return SAP_OK;
}

bool sap_casual_left_covered(const sap_casual *cs, uint32_t row, uint32_t col)
{
    uint32_t word;
    if (cs == NULL || !cs->solved || row >= cs->rows || col >= cs->cols)
        return false;
    word = cs->cells[row * cs->cols + col];
    return !(word & (CELL_MINE | cs->view));
}
