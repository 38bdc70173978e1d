/*
 * casual.c - the casual player of Mid-Central 2003 "mines", on any board.
 *
 * A start's result is the closure of two rules over cleared cells:
 *   rule 1: every mine around it is flagged  -> clear every covered neighbour;
 *   rule 2: every safe neighbour is cleared  -> flag every covered neighbour.
 * (f = m and f + c = m in the statement's words: flags are always right, so
 * "f = m" means all mines are flagged and "f + c = m" means nothing covered
 * is safe.)  Both conditions only grow with the cleared and flagged sets,
 * so the closure is monotone and does not depend on the order of firing.
 * Everything below leans on that:
 *
 * - A start x that lies in the closure of a start s has Cl(x) within Cl(s),
 *   so it can never leave fewer cells covered; starts are tried in row-major
 *   order and every cell some closure already cleared is skipped, which also
 *   settles ties towards the lowest row, then column.
 * - Only a zero cell (no mine around) can clear more than itself: any other
 *   first click leaves rule 1 shut, and rule 2 at best flags its mines.  So
 *   the first safe cell stands for every non-zero start (one cell cleared),
 *   and only zero cells are ever expanded.
 * - One closure is a work list of touched cells (cleared or flagged): when a
 *   cell is touched, the rules can newly fire only at it and at its cleared
 *   neighbours, so only those are checked, each by one look at its 3x3
 *   block.  Each cell enters the list at most once per start.
 * - Reuse between starts: when the closure of start c clears the start of
 *   the closure computed just before (S), then Cl(c) contains S whole.  S is
 *   still on the board, so it is taken over instead of being recomputed:
 *   the two states are joined and the cells c had reached are looked at
 *   again against the join.  A chain of starts each swallowing the previous
 *   one (common on periodic and dense boards) then costs linear time, where
 *   recomputing would be quadratic.
 *
 * The worst case stays the number of expanded starts times the board (a
 * board can be built where many starts each swallow one large region that
 * is not the last one computed); random boards expand each cell a few times
 * at most.
 *
 * Memory: one 32-bit word per cell, in the caller's block after the header:
 *   bits 0..L-1   link: the next cell of the work list (L = 16, 20 or 24,
 *                 the fewest that index SAP_MAX_CELLS with one value spare)
 *   bits L..29    stamp: the computation that last touched the cell; a cell
 *                 counts as touched when low <= stamp <= epoch, so starting
 *                 a new closure, or joining the previous one, is O(1)
 *   bit 30        seen: cleared by some closure of this solve
 *   bit 31        mine
 * Stamps are renumbered (one pass over the board) when the epoch counter
 * would overflow its bits: once per 1022 expanded starts on the host build.
 */
#include "internal.h"

#define LINK_BITS (SAP_MAX_CELLS < 0xFFFFu ? 16u : SAP_MAX_CELLS < 0xFFFFFu ? 20u : 24u)
#define LINK_NONE ((1u << LINK_BITS) - 1u)
#define STAMP_SHIFT LINK_BITS
#define STAMP_LIMIT ((1u << (30u - LINK_BITS)) - 1u)
/* A test build may renumber far more often to exercise it. */
#ifdef SAP_CASUAL_STAMP_MAX
#define STAMP_MAX ((uint32_t)SAP_CASUAL_STAMP_MAX)
SAP_STATIC_ASSERT(casual_stamp_max_fits, SAP_CASUAL_STAMP_MAX >= 2 && SAP_CASUAL_STAMP_MAX <= STAMP_LIMIT);
#else
#define STAMP_MAX STAMP_LIMIT
#endif
#define CELL_SEEN (1u << 30)
#define CELL_MINE (1u << 31)

SAP_STATIC_ASSERT(casual_cells_fit_links, SAP_MAX_CELLS < 0xFFFFFFu);

struct sap_casual {
    uint32_t rows, cols;
    uint32_t safe;            /* safe cells on the board */
    uint32_t epoch;           /* stamp of the closure being computed */
    uint32_t low;             /* touched: low <= stamp <= epoch */
    uint32_t head, tail;      /* the work list of this closure */
    uint32_t next;            /* first listed cell not yet looked at */
    uint32_t cleared;         /* safe cells this closure has listed */
    uint32_t overlap;         /* ... of which the previous closure had cleared */
    uint32_t prev_start;      /* start of the last closure computed */
    uint32_t prev_low;        /* its stamp range is prev_low .. epoch - 1 */
    uint32_t prev_cleared;    /* its size */
    uint8_t prev_valid;       /* a closure has been computed and is intact */
    uint8_t may_join;         /* this closure may still take the previous one over */
    uint8_t join_pending;     /* it has just cleared the previous start */
    uint8_t solved;           /* the stamps show the best start's closure */
    uint32_t cells[];
};

SAP_STATIC_ASSERT(casual_header_fits, sizeof(struct sap_casual) <= SAP_CASUAL_HEADER_BYTES);

static uint32_t cell_stamp(uint32_t word)
{
    return (word >> STAMP_SHIFT) & STAMP_LIMIT;
}

static bool is_touched(const sap_casual *cs, uint32_t word)
{
    return cell_stamp(word) - cs->low <= cs->epoch - cs->low;
}

int sap_casual_init(sap_casual **casual, void *memory, size_t bytes,
                    uint32_t rows, uint32_t cols)
{
    sap_casual *cs;
    size_t cells;
    size_t i;
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

/* The 3x3 block around (row, col), clipped to the board. */
struct block {
    uint32_t row0, row1, col0, col1;
};

static struct block block_around(const sap_casual *cs, uint32_t row, uint32_t col)
{
    struct block b;
    b.row0 = row > 0 ? row - 1 : row;
    b.row1 = row + 1 < cs->rows ? row + 1 : row;
    b.col0 = col > 0 ? col - 1 : col;
    b.col1 = col + 1 < cs->cols ? col + 1 : col;
    return b;
}

static bool is_zero_cell(const sap_casual *cs, uint32_t row, uint32_t col)
{
    struct block b = block_around(cs, row, col);
    uint32_t r, c;
    for (r = b.row0; r <= b.row1; r++)
        for (c = b.col0; c <= b.col1; c++)
            if (cs->cells[r * cs->cols + c] & CELL_MINE)
                return false;
    return true;
}

/* Clears (a safe cell) or flags (a mine) an untouched cell and lists it. */
static void touch(sap_casual *cs, uint32_t x)
{
    uint32_t word = cs->cells[x];

    if (!(word & CELL_MINE)) {
        if (cs->may_join) {
            uint32_t stamp = cell_stamp(word);
            if (stamp >= cs->prev_low && stamp < cs->epoch)
                cs->overlap++;
            if (x == cs->prev_start)
                cs->join_pending = 1;
        }
        cs->cleared++;
        word |= CELL_SEEN;
    }
    cs->cells[x] = (word & (CELL_MINE | CELL_SEEN)) | (cs->epoch << STAMP_SHIFT) | LINK_NONE;
    if (cs->tail == LINK_NONE)
        cs->head = x;
    else
        cs->cells[cs->tail] = (cs->cells[cs->tail] & ~LINK_NONE) | x;
    cs->tail = x;
    if (cs->next == LINK_NONE)
        cs->next = x;
}

/* Fires whichever rule holds at the cleared cell (row, col). */
static void apply_rules(sap_casual *cs, uint32_t row, uint32_t col)
{
    struct block b = block_around(cs, row, col);
    uint32_t covered_mines = 0, covered_safe = 0;
    uint32_t want, r, c;

    for (r = b.row0; r <= b.row1; r++) {
        const uint32_t *line = cs->cells + r * cs->cols;
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t word = line[c];
            if (is_touched(cs, word))
                continue;
            if (word & CELL_MINE)
                covered_mines++;
            else
                covered_safe++;
        }
    }
    if (covered_mines == 0 && covered_safe > 0)
        want = 0;                   /* rule 1: the rest is safe */
    else if (covered_safe == 0 && covered_mines > 0)
        want = CELL_MINE;           /* rule 2: the rest is mined */
    else
        return;
    for (r = b.row0; r <= b.row1; r++)
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t x = r * cs->cols + c;
            uint32_t word = cs->cells[x];
            if ((word & CELL_MINE) == want && !is_touched(cs, word))
                touch(cs, x);
        }
}

/* A listed cell changed its neighbourhood: the rules may now hold at the
 * cell itself (if cleared) and at every cleared neighbour. */
static void look_at(sap_casual *cs, uint32_t x)
{
    uint32_t row = x / cs->cols, col = x - row * cs->cols;
    struct block b = block_around(cs, row, col);
    uint32_t r, c;

    for (r = b.row0; r <= b.row1; r++)
        for (c = b.col0; c <= b.col1; c++) {
            uint32_t word = cs->cells[r * cs->cols + c];
            if (!(word & CELL_MINE) && is_touched(cs, word))
                apply_rules(cs, r, c);
        }
}

/* Renumbers the stamps so that the previous closure keeps stamp 1 and every
 * other cell reads as never touched; epoch restarts at 1. */
static void renumber_stamps(sap_casual *cs)
{
    uint32_t cells = cs->rows * cs->cols, i;
    for (i = 0; i < cells; i++) {
        uint32_t word = cs->cells[i];
        uint32_t stamp = cell_stamp(word);
        uint32_t keep = cs->prev_valid && stamp >= cs->prev_low && stamp <= cs->epoch;
        cs->cells[i] = (word & ~(STAMP_LIMIT << STAMP_SHIFT)) | (keep << STAMP_SHIFT);
    }
    cs->prev_low = 1;
    cs->epoch = 1;
}

/* Computes the closure of `start` into the stamps; returns its number of
 * cleared cells.  With may_join, a closure that clears the previous start
 * takes the previous closure over instead of recomputing it. */
static uint32_t expand(sap_casual *cs, uint32_t start, bool may_join)
{
    if (cs->epoch == STAMP_MAX)
        renumber_stamps(cs);
    cs->epoch++;
    cs->low = cs->epoch;
    cs->head = cs->tail = cs->next = LINK_NONE;
    cs->cleared = 0;
    cs->overlap = 0;
    cs->may_join = may_join && cs->prev_valid;
    cs->join_pending = 0;

    touch(cs, start);
    for (;;) {
        uint32_t x;
        if (cs->join_pending) {
            /* Cl(start) holds the previous start, hence the previous
             * closure: join its stamps and look at our cells again. */
            cs->low = cs->prev_low;
            cs->may_join = 0;
            cs->join_pending = 0;
            cs->cleared = cs->prev_cleared + cs->cleared - cs->overlap;
            cs->next = cs->head;
        }
        x = cs->next;
        if (x == LINK_NONE)
            break;
        cs->next = cs->cells[x] & LINK_NONE;
        look_at(cs, x);
    }
    cs->prev_valid = 1;
    cs->prev_start = start;
    cs->prev_low = cs->low;
    cs->prev_cleared = cs->cleared;
    return cs->cleared;
}

int sap_casual_solve(sap_casual *cs, struct sap_casual_result *result)
{
    uint32_t cells, x, row, col;
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
    cs->epoch = 0;
    cs->prev_valid = 0;

    for (row = 0, x = 0; row < cs->rows && best_cleared < cs->safe; row++) {
        for (col = 0; col < cs->cols; col++, x++) {
            uint32_t n;
            if (cs->cells[x] & (CELL_MINE | CELL_SEEN))
                continue;
            if (!is_zero_cell(cs, row, col))
                continue;
            n = expand(cs, x, true);
            if (n > best_cleared) {
                best = x;
                best_cleared = n;
                if (n == cs->safe)
                    break;
            }
        }
    }
    /* Leave the best start's closure on the board for left_covered. */
    if (!(cs->prev_valid && cs->prev_start == best))
        expand(cs, best, false);
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
    return !(word & CELL_MINE) && !is_touched(cs, word);
}
