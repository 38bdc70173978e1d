/*
 * endgame.c - when few layouts fit a position, the move that most
 * often wins the whole game, found exactly by searching every way the game
 * can go on (the endgame search of the best solvers, JSMinesweeper's "brute
 * force analysis").  Here: the model of the position, every layout that
 * fits it listed, and the API; endgame_search.c searches them.
 *
 * The model.  A finished deduction (deduce.c) says of every covered cell
 * whether it is certainly safe, certainly a mine, or either; the last are
 * the unknown cells (at most 64: the frontier's and, when the interior is
 * unsure, the interior's).  The layouts are listed explicitly, each a
 * bitset of mines over the unknown cells (at most SAP_ENDGAME_LAYOUTS), all
 * alike likely, as the deduction weighs them.  A state of the game is the
 * set S of the layouts still consistent with what has been seen.  Opening
 * a cell c is safe in the layouts where c holds no mine, and shows there
 * the number of mines around c, which splits them into at most 9
 * outcomes.  W(S), the layouts of S in which the best play wins, is
 *   1                                   when |S| = 1 (everything is known);
 *   the sum of W over the outcomes of c when some cell c is safe in every
 *                                       layout of S and shows different
 *                                       numbers in them (opening it costs
 *                                       nothing and can only help);
 *   max over the cells c that hold a mine in some layouts of S and not in
 *   others, of the sum of W over c's outcomes, otherwise.
 * W(S) / |S| is the chance of winning from S.  Counts of layouts only:
 * nothing is rounded.
 *
 * Memory: SAP_ENDGAME_BYTES, fixed by the build's limits, not the board.
 * Steps (sapper.h section 2): a layout read is one; the two passes over
 * the board that gather the unknown cells and the numbers are charged to
 * the budget but not counted towards SAP_ENDGAME_MAX_STEPS (they are
 * bounded by the board), everything after them is.
 */
#include "endgame.h"
#include "game.h"

#if SAP_ENDGAME_LAYOUTS > 0

/* ---- the board: unknown cells, numbers ------------------------------------ */

/* The model index of unknown board cell y (board[] is in board order). */
static uint32_t find(const struct sap_endgame *e, uint32_t y)
{
    uint32_t lo = 0, hi = e->unknown;
    while (hi - lo > 1u) {
        uint32_t mid = (lo + hi) / 2u;
        if (e->board[mid] <= y)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static int view_of(const struct sap_endgame *e, uint32_t x)
{
    uint32_t p;
    return sap_deduce_cell(e->deduce, x / e->cols, x % e->cols, &p);
}

/* EG_UNKNOWN: the unknown cells in board order, the certain mines. */
static bool gather_unknown(struct sap_endgame *e, uint32_t *budget)
{
    for (; *budget > 0 && e->cursor < e->cells; e->cursor++) {
        uint32_t x = e->cursor;
        int view = view_of(e, x);
        charge(e, budget, 1, false);
        if (view == SAP_CELL_MINE)
            e->certain++;
        if (view != SAP_CELL_UNSURE)
            continue;
        if (e->unknown == EG_CELLS) {
            fail(e, SAP_ERR_SIZE);
            return false;
        }
        e->board[e->unknown] = x;
        if (sap_deduce_standing(e->deduce, x) == STANDING_INTERIOR) {
            e->interior |= bit(e->unknown);
            e->ibits[e->inside++] = e->unknown;
        }
        e->unknown++;
    }
    return e->cursor == e->cells;
}

/* Cell x's neighbours: its unknown ones (a mask) and its certain mines. */
static uint64_t neighbours(const struct sap_endgame *e, uint32_t x, uint32_t *certain)
{
    struct sap_box b = sap_block_around_cell(e->cells / e->cols, e->cols, x);
    uint32_t r, c;
    uint64_t mask = 0;
    *certain = 0;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * e->cols + c;
            int view;
            if (y == x)
                continue;
            view = view_of(e, y);
            if (view == SAP_CELL_MINE)
                ++*certain;
            else if (view == SAP_CELL_UNSURE)
                mask |= bit(find(e, y));
        }
    return mask;
}

/* A number next to unknown cells, as a constraint on them. */
static bool add_number(struct sap_endgame *e, uint64_t mask, uint32_t need)
{
    uint64_t m = mask;
    if (e->numbers == EG_NUMBERS)
        return false;
    e->u.num.mask[e->numbers] = mask;
    e->u.num.need[e->numbers] = (uint8_t)need;
    while (m != 0) {
        uint32_t b = low_bit(m);
        m &= m - 1u;
        if (e->of_count[b] == 8u)
            return false;
        e->u.num.of[b][e->of_count[b]++] = e->numbers;
    }
    e->numbers++;
    return true;
}

/* EG_GATHER: every number next to an unknown cell; each unknown cell's
 * neighbours, and the safe cells next to unknown ones (their numbers
 * differ among the layouts). */
static bool gather_numbers(struct sap_endgame *e, uint32_t *budget)
{
    for (; *budget > 0 && e->cursor < e->cells; e->cursor++) {
        uint32_t x = e->cursor, certain;
        int n = sap_seen_number(e->game, x / e->cols, x % e->cols), view = SAP_CELL_OPEN;
        uint64_t mask;
        charge(e, budget, 9, false);
        if (n < 0) {
            view = view_of(e, x);
            if (view == SAP_CELL_MINE)
                continue;
        }
        mask = neighbours(e, x, &certain);
        if (n >= 0) {
            if (mask == 0)
                continue;
            if ((uint32_t)n < certain) {
                fail(e, SAP_ERR_STATE);
                return false;
            }
            if (!add_number(e, mask, (uint32_t)n - certain)) {
                fail(e, SAP_ERR_SIZE);
                return false;
            }
        } else if (view == SAP_CELL_UNSURE) {
            uint32_t self = find(e, x);
            e->around[self] = mask;
            e->base[self] = (uint8_t)certain;
        } else if (mask != 0) {
            if (e->model == EG_CELLS) {
                fail(e, SAP_ERR_SIZE);
                return false;
            }
            e->board[e->model] = x;
            e->around[e->model] = mask;
            e->base[e->model] = (uint8_t)certain;
            e->model++;
        }
    }
    return e->cursor == e->cells;
}

/* EG_ORDER: the frontier's cells breadth first through the numbers they
 * share, so that a number's cells are assigned close together and a
 * wrong assignment is seen early. */
static void order_frontier(struct sap_endgame *e, uint32_t *budget)
{
    uint64_t left = (e->unknown == 64u ? ~(uint64_t)0 : bit(e->unknown) - 1u) & ~e->interior;
    uint32_t head = 0, tail = 0;
    while (left != 0) {
        uint32_t b = low_bit(left);
        left &= ~bit(b);
        e->order[tail++] = (uint8_t)b;
        while (head < tail) {
            uint32_t c = e->order[head++], i;
            for (i = 0; i < e->of_count[c]; i++) {
                uint64_t m = e->u.num.mask[e->u.num.of[c][i]] & left;
                while (m != 0) {
                    uint32_t y = low_bit(m);
                    m &= m - 1u;
                    left &= ~bit(y);
                    e->order[tail++] = (uint8_t)y;
                }
            }
        }
    }
    e->frontier = (uint8_t)tail;
    charge(e, budget, 8u * tail + 1u, true);
}

/* ---- listing the layouts -------------------------------------------------- */

/* Whether frontier cell b, just assigned at depth e->depth, still lets
 * every number around it and the mine count be met. */
static bool fits(const struct sap_endgame *e, uint32_t b)
{
    uint32_t left = e->frontier - e->depth - 1u + e->inside, i;
    if (e->placed > e->mines || e->placed + left < e->mines)
        return false;
    for (i = 0; i < e->of_count[b]; i++) {
        uint32_t k = e->u.num.of[b][i], need = e->u.num.need[k];
        uint64_t m = e->u.num.mask[k];
        uint32_t mines = pop64(m & e->mines_at), open = pop64(m & ~e->assigned);
        if (mines > need || mines + open < need)
            return false;
    }
    return true;
}

/* Frontier cell b at depth e->depth takes its second value, a mine. */
static bool try_mine(struct sap_endgame *e, uint32_t b)
{
    e->tried |= bit(e->depth);
    e->mines_at |= bit(b);
    e->placed++;
    if (fits(e, b))
        return true;
    e->mines_at &= ~bit(b);
    e->placed--;
    e->assigned &= ~bit(b);
    return false;
}

/* EG_LIST: a backtracking walk over the frontier's assignments, safe
 * first; each that fits goes to EG_COMBOS.  True once done. */
static bool list(struct sap_endgame *e, uint32_t *budget)
{
    while (*budget > 0) {
        charge(e, budget, 1, true);
        if (e->entered) {
            if (e->depth == e->frontier) { /* the interior takes the rest */
                uint32_t i;
                e->entered = 0;
                if (e->placed <= e->mines && e->mines - e->placed <= e->inside) {
                    e->k = (uint8_t)(e->mines - e->placed);
                    for (i = 0; i < e->k; i++)
                        e->pos[i] = (uint8_t)i;
                    e->phase = EG_COMBOS;
                    return false;
                }
            } else {
                uint32_t b = e->order[e->depth];
                e->tried &= ~bit(e->depth);
                e->assigned |= bit(b);
                if (fits(e, b) || try_mine(e, b)) {
                    e->depth++;
                    continue;
                }
                e->entered = 0;
            }
        }
        /* back up to the deepest cell still to take its second value */
        for (;;) {
            uint32_t b;
            if (e->depth == 0)
                return true;
            e->depth--;
            b = e->order[e->depth];
            if (e->tried & bit(e->depth)) {
                if (e->mines_at & bit(b)) {
                    e->mines_at &= ~bit(b);
                    e->placed--;
                }
                e->assigned &= ~bit(b);
                continue;
            }
            if (try_mine(e, b)) {
                e->depth++;
                e->entered = 1;
                break;
            }
        }
    }
    return false;
}

/* EG_COMBOS: the frontier's assignment with each combination of k mines
 * in the interior, in order; back to EG_LIST once done. */
static void combos(struct sap_endgame *e, uint32_t *budget)
{
    uint32_t k = e->k, n = e->inside;
    while (*budget > 0) {
        uint64_t l = e->mines_at;
        uint32_t i, j;
        charge(e, budget, 1u + k / 8u, true);
        if (e->count == SAP_ENDGAME_LAYOUTS) {
            fail(e, SAP_ERR_SIZE);
            return;
        }
        for (i = 0; i < k; i++)
            l |= bit(e->ibits[e->pos[i]]);
        e->layout[e->count++] = l;
        for (i = k; i > 0 && e->pos[i - 1u] == n - k + i - 1u; i--)
            ;
        if (i == 0) {
            e->phase = EG_LIST;
            return;
        }
        e->pos[i - 1u]++;
        for (j = i; j < k; j++)
            e->pos[j] = (uint8_t)(e->pos[j - 1u] + 1u);
    }
}

/* ---- the API ---------------------------------------------------------------- */

/* Whether weight w is at most SAP_ENDGAME_LAYOUTS (a count of layouts is
 * exact in a weight that small). */
static bool few(struct sap_weight w)
{
    uint32_t shift;
    if (w.m == 0)
        return true;
    if (w.e >= 0)
        return false;
    shift = (uint32_t)-w.e;
    return shift >= 32u || (w.m >> shift) <= SAP_ENDGAME_LAYOUTS;
}

int sap_endgame_init(struct sap_endgame **eg, void *memory, size_t bytes, const sap_game *game,
                     const sap_deduce *d)
{
    struct sap_endgame *e;
    if (eg == NULL || game == NULL || d == NULL)
        return SAP_ERR_ARG;
    *eg = NULL;
    if (memory == NULL || bytes < SAP_ENDGAME_BYTES)
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (SAP_BLOCK_ALIGN - 1u)) != 0)
        return SAP_ERR_ARG;
    if (d->phase != PH_DONE || d->reach != DEPTH_FULL || d->game != game
        || d->supposed[0] != d->cells || d->assumed_count != 0)
        return SAP_ERR_STATE;
    if (!few(d->total))
        return SAP_ERR_SIZE;
    e = (struct sap_endgame *)memory;
    memset(e, 0, offsetof(struct sap_endgame, layout));
    e->game = game;
    e->deduce = d;
    e->cols = d->cols;
    e->cells = d->cells;
    e->max_steps = SAP_ENDGAME_MAX_STEPS;
    e->result = EG_NO_CELL;
    e->first = EG_NO_CELL;
    e->phase = EG_UNKNOWN;
    *eg = e;
    return SAP_OK;
}

/* One phase for *budget steps. */
static void phase_step(struct sap_endgame *e, uint32_t *budget)
{
    switch (e->phase) {
    case EG_UNKNOWN:
        if (!gather_unknown(e, budget) || e->phase == EG_FAILED)
            return;
        if (e->certain > e->deduce->mines || e->deduce->mines - e->certain > e->unknown) {
            fail(e, SAP_ERR_STATE);
            return;
        }
        e->mines = e->deduce->mines - e->certain;
        e->model = e->unknown;
        e->cursor = 0;
        e->phase = EG_GATHER;
        return;
    case EG_GATHER:
        if (gather_numbers(e, budget) && e->phase != EG_FAILED)
            e->phase = EG_ORDER;
        return;
    case EG_ORDER:
        order_frontier(e, budget);
        e->depth = 0;
        e->placed = 0;
        e->entered = 1;
        e->phase = EG_LIST;
        return;
    case EG_LIST:
        if (list(e, budget))
            sap_endgame_search_begin(e, budget);
        return;
    case EG_COMBOS:
        combos(e, budget);
        return;
    case EG_SEARCH:
        sap_endgame_search(e, budget);
        return;
    default:
        return;
    }
}

int sap_endgame_spend(struct sap_endgame *e, uint32_t *budget)
{
    if (e == NULL || budget == NULL)
        return SAP_ERR_ARG;
    while (*budget > 0 && e->phase < EG_DONE)
        phase_step(e, budget);
    if (e->phase < EG_DONE && e->steps >= e->max_steps)
        fail(e, SAP_ERR_SIZE); /* gave up: nothing is claimed */
    if (e->steps >= e->max_steps) {
        *budget += e->spare; /* the rest is its caller's (HINT's look-ahead) */
        e->spare = 0;
    }
    if (e->phase == EG_DONE)
        return SAP_OK;
    if (e->phase == EG_FAILED)
        return -(int)e->error;
    return SAP_MORE;
}

int sap_endgame_step(struct sap_endgame *e, uint32_t budget)
{
    if (budget == 0)
        budget = 1;
    return sap_endgame_spend(e, &budget);
}

int sap_endgame_best(const struct sap_endgame *e, uint32_t *cell, uint32_t *wins,
                     uint32_t *layouts)
{
    if (e == NULL || cell == NULL || wins == NULL || layouts == NULL)
        return SAP_ERR_ARG;
    if (e->phase != EG_DONE || e->result == EG_NO_CELL)
        return SAP_ERR_STATE;
    *cell = e->result;
    *wins = e->wins;
    *layouts = e->count;
    return SAP_OK;
}

void sap_endgame_set_first(struct sap_endgame *e, uint32_t cell)
{
    if (e != NULL)
        e->first = cell;
}

uint32_t sap_endgame_steps(const struct sap_endgame *e)
{
    return e == NULL ? 0 : e->steps;
}

void sap_endgame_set_max_steps(struct sap_endgame *e, uint32_t steps)
{
    if (e != NULL)
        e->max_steps = steps;
}

#else
/* Left out of this build (SAP_ENDGAME_LAYOUTS 0): ISO C wants a
 * declaration in every file. */
typedef int sap_endgame_left_out;
#endif
