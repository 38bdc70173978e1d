/*
 * casual.c - the casual player's board (laid out in casual.h), the order
 * in which the solve visits its starts, and the engines that compute
 * closures on it; casual_solve.c searches for the best start with them,
 * and casual_play.c plays one start with the fresh engine.
 *
 * The player applies two rules over cleared cells:
 *   rule 1: every mine around it is flagged  -> clear every covered neighbour;
 *   rule 2: every safe neighbour is cleared  -> flag every covered neighbour.
 * The closure of a start, Cl(start), is what they clear and flag from it.
 * Three engines list such sets on the work list, in the touched bits:
 *   - the fresh engine computes one closure from scratch.  Each touched
 *     (cleared or flagged) safe cell keeps two counters, its untouched
 *     mines and untouched safe neighbours, set when it is touched and
 *     counted down as neighbours are touched; a rule holds when one of them
 *     is zero, so a check costs O(1);
 *   - the extension engine computes the closure of the base (a closed set
 *     kept on the board, casual_solve.c) plus one start, listing only its
 *     part outside the base; the base keeps no counters, so the engine
 *     counts a cell's block each time it looks at the cell;
 *   - the zero flood lists an opening: the zero cells joined to one zero
 *     cell through zero cells (or the base's generators joined to one).
 *
 * Why their loops end, and what bounds their work: a cell is listed only
 * while it is untouched, and listing it touches it (list_add), so one run
 * lists each cell at most once.  Every run loop takes the next listed cell
 * a turn, so it ends after at most rows * cols turns whatever the budget (a
 * budget only splits the turns between calls), and a turn reads a few 3x3
 * blocks.  The fresh engine reads a block to fire a rule only when the rule
 * holds, and firing touches every cell the rule names, which leaves that
 * cell's counters at zero: each cell fires at most once.
 */
#include "casual.h"

int sap_casual_init(sap_casual **casual, void *memory, size_t bytes, uint32_t rows,
                    uint32_t cols)
{
    sap_casual *cs;
    int err;

    if (casual == NULL)
        return SAP_ERR_ARG;
    *casual = NULL;
    err = sap_text_check_board_size(rows, cols);
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
    /* The cells are laid out lazily, a row at a time as set_mine or
     * set_row reaches it, and the rest by the solve: init itself is O(1). */
    cs->rows_ready = 0;
    *casual = cs;
    return SAP_OK;
}

/* Lays out the rows before `rows` that are not yet: empty cells.  Rows
 * usually arrive in order, so this is the row being set. */
void sap_casual_ready_rows(sap_casual *cs, uint32_t rows)
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
        sap_casual_ready_rows(cs, row + 1);
    word = &cs->cells[row * cs->cols + col];
    if (mine && !(*word & CELL_MINE)) {
        *word |= CELL_MINE;
        cs->safe--;
    } else if (!mine && (*word & CELL_MINE)) {
        *word &= ~CELL_MINE;
        cs->safe++;
    }
    cs->solved = 0;
    cs->pc = SOLVE_IDLE;
    return SAP_OK;
}

/* Lays out row `row`, not laid out yet, with the run of `count` cells from
 * `col` set from checked text: rows usually arrive whole and in order, so
 * this is one pass over the row.  The rows before it are laid out too. */
static void lay_row(sap_casual *cs, uint32_t row, uint32_t col, const char *cells,
                    uint32_t count)
{
    uint32_t *line, i;
    sap_casual_ready_rows(cs, row);
    line = cs->cells + row * cs->cols;
    for (i = 0; i < col; i++)
        line[i] = LINK_NONE;
    for (i = 0; i < count; i++)
        line[col + i] = (cells[i] == 'M' ? CELL_MINE : 0u) | LINK_NONE;
    for (i = col + count; i < cs->cols; i++)
        line[i] = LINK_NONE;
    cs->rows_ready = row + 1;
}

int sap_casual_set_row(sap_casual *cs, uint32_t row, uint32_t col, const char *cells,
                       uint32_t count)
{
    uint32_t *at, i = 0, words = SAP_FAST_PATHS ? count / 8u * 8u : 0u;
    uint32_t mines = 0, mines_before = 0;
    uint64_t wrong = 0;
    unsigned bad;

    if (cs == NULL || (cells == NULL && count > 0))
        return SAP_ERR_ARG;
    if (row >= cs->rows || col > cs->cols || count > cs->cols - col)
        return SAP_ERR_RANGE;
    for (; i < words; i += 8) {
        uint64_t v = sap_load_eight(cells + i);
        uint64_t not_mine = sap_nonzero_bytes(v ^ SAP_EACH_BYTE('M'));
        wrong |= not_mine & sap_nonzero_bytes(v ^ SAP_EACH_BYTE('.'));
        mines += 8u - sap_byte_sum(not_mine >> 7);
    }
    bad = wrong != 0;
    for (; i < count; i++) { /* no early exit: the loop stays a vector loop */
        bad |= cells[i] != 'M' && cells[i] != '.';
        mines += cells[i] == 'M';
    }
    if (bad)
        return SAP_ERR_ARG;
    if (count == 0)
        return SAP_OK; /* set_mine on no cell: nothing changes */
    if (row >= cs->rows_ready) {
        lay_row(cs, row, col, cells, count);
    } else {
        at = cs->cells + row * cs->cols + col;
        for (i = 0; i < count; i++) {
            uint32_t word = at[i];
            mines_before += (word & CELL_MINE) != 0;
            at[i] = (word & ~CELL_MINE) | (cells[i] == 'M' ? CELL_MINE : 0u);
        }
    }
    cs->safe = cs->safe + mines_before - mines;
    cs->solved = 0;
    cs->pc = SOLVE_IDLE;
    return SAP_OK;
}

bool sap_casual_left_covered(const sap_casual *cs, uint32_t row, uint32_t col)
{
    uint32_t word;
    if (cs == NULL || !cs->solved || row >= cs->rows || col >= cs->cols)
        return false;
    word = cs->cells[row * cs->cols + col];
    return !(word & (CELL_MINE | (uint32_t)cs->view << 24));
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

/* Places the walk at the order's first place. */
void sap_casual_order_begin(sap_casual *cs)
{
    cs->order_half = order_half_for(cs->rows * cs->cols);
    cs->walk = 0;
}

/* Walks the order from cs->walk for at most *budget places, to the next
 * start worth expanding: a safe zero cell no earlier start has seen
 * (*start, with cs->walk at its place), or the end of the order (*start is
 * LINK_NONE).  True when it got there, false when the budget ran out. */
bool sap_casual_next_start(sap_casual *cs, uint32_t *budget, uint32_t *start)
{
    uint32_t end = order_end(cs), skip = 1, x = LINK_NONE, b = *budget;
    for (; cs->walk < end && b > 0; cs->walk += skip, b--) {
        x = order_cell(cs, cs->walk, &skip);
        if (x != LINK_NONE && !(cs->cells[x] & (CELL_MINE | CELL_SEEN)) && is_zero_cell(cs, x))
            break;
    }
    *budget = b;
    if (cs->walk >= end) {
        *start = LINK_NONE;
        return true;
    }
    *start = x;
    return b > 0;
}

/* ---- the work list ------------------------------------------------------ */

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

/* ---- the fresh engine: one closure from scratch, with counters ----------- */

/* A play's frontier: its untouched cells next to a touched safe one,
 * marked CELL_FRONTIER.  The untouched unmarked cells around the safe
 * touched (or about to be) cell x join it. */
void sap_casual_frontier_around(sap_casual *cs, uint32_t x)
{
    struct sap_box b = block_around(cs, x);
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * cs->cols + c, word = cs->cells[y];
            if (!(word & (CELL_TOUCHED | CELL_FRONTIER)) && y != x) {
                cs->cells[y] = word | CELL_FRONTIER;
                cs->frontier++;
                cs->frontier_mines += (word & CELL_MINE) != 0;
            }
        }
}

/* A play's counts as x, not touched yet, is touched: it leaves the
 * frontier (every cell a rule touches was on it, all but the first), and
 * safe, its neighbours join it. */
static void frontier_touch(sap_casual *cs, uint32_t x)
{
    uint32_t word = cs->cells[x];
    uint32_t mine = (word & CELL_MINE) != 0;
    if (word & CELL_FRONTIER) {
        cs->cells[x] = word & ~CELL_FRONTIER;
        cs->frontier--;
        cs->frontier_mines -= mine;
    }
    cs->flagged += mine;
    if (!mine)
        sap_casual_frontier_around(cs, x);
}

/* Touches the untouched cell x: its counters come from its block, and every
 * touched safe neighbour counts x down. */
void sap_casual_fresh_touch(sap_casual *cs, uint32_t x, uint32_t row, uint32_t col)
{
    struct sap_box b = block_at(cs, row, col);
    uint32_t mine = cs->cells[x] & CELL_MINE;
    uint32_t down = mine ? CODE_MINE : CODE_SAFE;
    uint32_t code = 0, r, c;

    if (cs->play)
        frontier_touch(cs, x);
    for (r = b.top; r <= b.bottom; r++) {
        uint32_t *line = cs->cells + r * cs->cols;
        for (c = b.left; c <= b.right; c++) {
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
void sap_casual_fresh_fire(sap_casual *cs, uint32_t x, uint32_t row, uint32_t col)
{
    uint32_t code = (cs->cells[x] & CODE_MASK) >> CODE_SHIFT;
    uint32_t want, r, c;
    struct sap_box b;

    if (code == 0)
        return; /* nothing around is untouched */
    if (code < CODE_MINE)
        want = 0; /* rule 1: every mine is flagged */
    else if (code % CODE_MINE == 0)
        want = CELL_MINE; /* rule 2: every safe cell is cleared */
    else
        return;
    b = block_at(cs, row, col);
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * cs->cols + c;
            uint32_t word = cs->cells[y];
            if (!(word & CELL_TOUCHED) && (word & CELL_MINE) == want)
                sap_casual_fresh_touch(cs, y, r, c);
        }
}

/* Runs the fresh engine for at most *budget listed cells; true once its
 * list is done, or it listed a generator of the base (when asked to stop
 * there). */
bool sap_casual_fresh_run(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget;
    while (cs->next != LINK_NONE && !cs->stopped && b > 0) {
        uint32_t x = cs->next, r, c;
        struct sap_box bl = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        b--;
        /* x's touch counted its touched neighbours down (and x itself was
         * counted when touched): the rules may now hold at any of them */
        for (r = bl.top; r <= bl.bottom; r++)
            for (c = bl.left; c <= bl.right; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if ((word & (CELL_TOUCHED | CELL_MINE)) == CELL_TOUCHED)
                    sap_casual_fresh_fire(cs, r * cs->cols + c, r, c);
            }
    }
    *budget = b;
    return cs->next == LINK_NONE || cs->stopped;
}

void sap_casual_fresh_begin(sap_casual *cs, uint32_t start, bool stop_at_generator)
{
    cs->play = 0;
    list_start(cs);
    cs->stop_at_generator = stop_at_generator;
    sap_casual_fresh_touch(cs, start, start / cs->cols, start % cs->cols);
}

/* ---- the extension engine: the closure of the base plus one start ------- */

#define IN_VIEW (CELL_TOUCHED | CELL_BASE)

/* Fires whichever rule holds at the safe cell y of the view, by looking at
 * its block (the base keeps no counters). */
static void extend_fire(sap_casual *cs, uint32_t row, uint32_t col)
{
    struct sap_box b = block_at(cs, row, col);
    uint32_t covered_mines = 0, covered_safe = 0, want, r, c;

    for (r = b.top; r <= b.bottom; r++) {
        const uint32_t *line = cs->cells + r * cs->cols;
        for (c = b.left; c <= b.right; c++) {
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
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t x = r * cs->cols + c;
            uint32_t word = cs->cells[x];
            if (!(word & IN_VIEW) && (word & CELL_MINE) == want) {
                list_add(cs, x, 0);
                if (cs->cleared > cs->limit)
                    cs->stopped = 1;
            }
        }
}

void sap_casual_extend_begin(sap_casual *cs, uint32_t start, uint32_t limit)
{
    list_start(cs);
    cs->limit = limit;
    list_add(cs, start, 0);
}

bool sap_casual_extend_run(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget;
    while (cs->next != LINK_NONE && !cs->stopped && b > 0) {
        uint32_t x = cs->next, r, c;
        struct sap_box bl = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        b--;
        for (r = bl.top; r <= bl.bottom; r++)
            for (c = bl.left; c <= bl.right; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if ((word & IN_VIEW) && !(word & CELL_MINE))
                    extend_fire(cs, r, c);
            }
    }
    *budget = b;
    return cs->next == LINK_NONE || cs->stopped;
}

/* ---- the zero flood ------------------------------------------------------ */

void sap_casual_zero_begin(sap_casual *cs, uint32_t start, bool follow_generators)
{
    list_start(cs);
    cs->follow_generators = follow_generators;
    list_add(cs, start, 0);
}

bool sap_casual_zero_run(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget;
    while (cs->next != LINK_NONE && b > 0) {
        uint32_t x = cs->next, r, c;
        struct sap_box bl = block_around(cs, x);
        cs->next = cs->cells[x] & CELL_LINK;
        b--;
        for (r = bl.top; r <= bl.bottom; r++)
            for (c = bl.left; c <= bl.right; c++) {
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
