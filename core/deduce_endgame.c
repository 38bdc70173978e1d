/*
 * deduce_endgame.c - when few layouts fit a position, the move that most
 * often wins the whole game, found exactly by searching every way the game
 * can go on (the endgame search of the best solvers, JSMinesweeper's "brute
 * force analysis").
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
 * The cascade.  Opening a cell that shows 0 opens its neighbours in the
 * real game (game.c).  The model needs no cascade of its own: those
 * neighbours are safe in every layout of the outcome, so the second rule
 * opens them for free, with their numbers; and a cell safe in every layout
 * whose number is the same in all of them tells nothing.  So every state
 * is taken "closed": no cell safe in all its layouts shows different
 * numbers in them, and a closed state is determined by the cells that are
 * safe in all its layouts and any one of its layouts (the numbers of those
 * cells are that layout's).  That is the memo's key: the union of the
 * state's layouts and its first layout, exact, no hash trusted.
 *
 * The search is depth first, on an explicit stack of frames in the block
 * (each level opens a cell not opened above it, so at most 65 frames),
 * resumable at any step.  A state's layouts are a range of perm[], an
 * order of the layout indices: opening a cell sorts the range by outcome
 * (mines first, then numbers 0 to 8), so each outcome is a sub-range that
 * the level below sorts in turn, and the set of a range never changes.
 * Pruning, exact: the moves are tried safest first, a move can win at most
 * where it is safe (so once a move's safe layouts are no more than the
 * best found, it and every later one are left), and a move whose
 * outcomes left cannot lift it above the best is abandoned.  Ties go to
 * the move tried first (safest, then first on the board).
 *
 * Memory: SAP_ENDGAME_BYTES, fixed by the build's limits, not the board.
 * Steps (sapper.h section 2): a layout read is one; the two passes over
 * the board that gather the unknown cells and the numbers are charged to
 * the budget but not counted towards SAP_ENDGAME_MAX_STEPS (they are
 * bounded by the board), everything after them is.
 */
#include "deduce.h"
#include "game.h"

#if SAP_ENDGAME_LAYOUTS > 0

#include <stddef.h>

#if (SAP_ENDGAME_LAYOUTS) > 65535 || (SAP_ENDGAME_LAYOUTS) < 2
#error "SAP_ENDGAME_LAYOUTS must be 0, or 2 to 65535"
#endif
#if (SAP_ENDGAME_MEMO) == 0 || ((SAP_ENDGAME_MEMO) & ((SAP_ENDGAME_MEMO)-1)) != 0
#error "SAP_ENDGAME_MEMO must be a power of two"
#endif

#define EG_CELLS 64u               /* unknown cells and safe cells next to them */
#define EG_FRAMES (EG_CELLS + 1u)  /* each level opens a cell */
#define EG_NUMBERS (8u * EG_CELLS) /* numbers next to an unknown cell */
#define EG_PROBE 4u                /* memo slots looked at per key */
#define EG_NO_CELL UINT32_MAX

enum eg_phase {
    EG_UNKNOWN = 0, /* the board: the unknown cells, the mines left */
    EG_GATHER,      /* ... the numbers, the cells' neighbours */
    EG_ORDER,       /* the frontier's order for the listing */
    EG_LIST,        /* every assignment of the frontier that fits */
    EG_COMBOS,      /* ... each with every way to put the rest in the interior */
    EG_SEARCH,
    EG_DONE,
    EG_FAILED
};

enum eg_stage {
    ST_ENTER = 0, /* the state's union and intersection */
    ST_CLOSE,     /* a safe cell that tells something is opened for free */
    ST_RANK,      /* the moves, safest first */
    ST_MOVE,      /* the next move's outcomes */
    ST_CHILD,     /* ... each in turn */
    ST_RETURN     /* ... one has its answer (in the frame above, popped) */
};

enum eg_kind { K_DECIDE = 0, K_CHANCE };

#define EG_NO_MOVE 0xFFu

/* A state on the stack: the layouts perm[start..start + len).  Its floor:
 * what the frame below needs it to win more than, for the move or the
 * free cell under way there to matter.  Its answer is W exactly when W is
 * above the floor, else no more than the floor (which is all that the
 * frame below then needs). */
struct eg_frame {
    uint64_t seen; /* cells whose number is known the same in all its layouts */
    uint64_t key;  /* the union of its layouts (the memo's key) */
    uint64_t vary; /* the cells that differ among them */
    uint16_t start, len;
    uint16_t sum;     /* the move under way: W over its outcomes so far */
    uint16_t best;    /* the best move's W so far (at least the floor); once
                       * popped, the frame's answer */
    uint16_t key_min; /* its first layout (the memo's key) */
    uint16_t bound;   /* the safest move's safe layouts: no move wins more */
    uint16_t floor;
    /* the open cell's outcomes: its mines from start, then showing n from
     * bucket[n] (to bucket[n + 1], the last to the end) */
    uint16_t bucket[9];
    uint8_t kind, stage;
    uint8_t cell;      /* the move under way (K_DECIDE) or the free cell (K_CHANCE) */
    uint8_t best_cell; /* the best move so far, above the floor (EG_NO_MOVE: none) */
    uint8_t at;        /* the outcome under way: 0 its mines, 1 + n showing n */
    uint8_t next;      /* ST_CLOSE: the cell to look at; ST_MOVE: the move */
    uint8_t count;     /* moves */
    uint8_t spare;
    uint8_t cand[EG_CELLS]; /* the moves, safest first */
};

/* A state's W, exactly or as a most (a search that stayed under its
 * floor): exact 1 or 0. */
struct eg_memo {
    uint64_t key;
    uint16_t min, wins, len; /* len 0: empty */
    uint8_t exact, spare;
};

/* While the layouts are listed: the numbers next to unknown cells, each
 * as its unknown neighbours and the mines among them, and per unknown
 * frontier cell its numbers. */
struct eg_numbers {
    uint64_t mask[EG_NUMBERS];
    uint8_t need[EG_NUMBERS];
    uint16_t of[EG_CELLS][8];
};

struct sap_endgame {
    const sap_game *game;
    const sap_deduce *deduce;
    uint32_t cols, cells;
    uint32_t cursor;    /* the board passes' place */
    uint32_t steps;     /* counted so far */
    uint32_t max_steps; /* ... and the limit */
    uint32_t spare;     /* the budget left when the limit was reached */
    uint32_t mines;     /* mines among the unknown cells */
    uint32_t certain;   /* mines certain */
    uint32_t result;    /* the best move's board cell */
    uint32_t first;     /* the one first move to weigh (EG_NO_CELL: every one) */
    uint64_t interior;  /* the unknown cells next to no number */
    uint64_t mines_at;  /* listing: the frontier's assignment, */
    uint64_t assigned;  /* its cells assigned, */
    uint64_t tried;     /* by depth: the second value is the one on */
    uint16_t count;     /* layouts listed */
    uint16_t numbers;   /* numbers gathered */
    uint16_t wins;      /* W of the whole position */
    uint8_t phase, error;
    uint8_t unknown;  /* unknown cells: model cells 0..unknown */
    uint8_t model;    /* ... and safe cells next to them: unknown..model */
    uint8_t frontier; /* unknown cells next to a number */
    uint8_t inside;   /* unknown cells next to none */
    uint8_t depth, placed, entered, k;
    uint8_t height;          /* frames on the stack */
    uint8_t order[EG_CELLS]; /* the frontier's cells in the listing's order */
    uint8_t ibits[EG_CELLS]; /* the interior's cells */
    uint8_t pos[EG_CELLS];   /* the interior's mines: a combination of ibits */
    uint8_t of_count[EG_CELLS];
    uint8_t base[EG_CELLS];    /* a model cell's certain mines around it */
    uint32_t board[EG_CELLS];  /* a model cell's board cell */
    uint64_t around[EG_CELLS]; /* ... and its unknown neighbours */
    uint16_t mine_count[EG_CELLS];
    uint64_t layout[SAP_ENDGAME_LAYOUTS];
    uint16_t perm[SAP_ENDGAME_LAYOUTS], scratch[SAP_ENDGAME_LAYOUTS];
    struct eg_frame frame[EG_FRAMES];
    union {
        struct eg_memo memo[SAP_ENDGAME_MEMO];
        struct eg_numbers num;
    } u;
};

SAP_STATIC_ASSERT(endgame_frame_size, sizeof(struct eg_frame) == 128u);
SAP_STATIC_ASSERT(endgame_header_fits,
                  offsetof(struct sap_endgame, layout) <= SAP_ENDGAME_HEADER_BYTES);
SAP_STATIC_ASSERT(endgame_numbers_fit, sizeof(struct eg_numbers) <= 6144u);
SAP_STATIC_ASSERT(endgame_fits, sizeof(struct sap_endgame) <= SAP_ENDGAME_BYTES);

/* ---- bits, without libgcc's 64-bit helpers (32-bit targets) ------------- */

static uint64_t bit(uint32_t n)
{
    return n < 32u ? (uint64_t)(1u << n) : (uint64_t)(1u << (n - 32u)) << 32;
}

static uint32_t pop32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

static uint32_t pop64(uint64_t v)
{
    return pop32((uint32_t)v) + pop32((uint32_t)(v >> 32));
}

/* The lowest set bit of v != 0. */
static uint32_t low_bit(uint64_t v)
{
    uint32_t x = (uint32_t)v, n = 0;
    if (x == 0) {
        x = (uint32_t)(v >> 32);
        n = 32;
    }
    if ((x & 0xFFFFu) == 0) {
        n += 16;
        x >>= 16;
    }
    if ((x & 0xFFu) == 0) {
        n += 8;
        x >>= 8;
    }
    if ((x & 0xFu) == 0) {
        n += 4;
        x >>= 4;
    }
    if ((x & 3u) == 0) {
        n += 2;
        x >>= 2;
    }
    return n + ((x & 1u) == 0);
}

/* ---- steps ---------------------------------------------------------------- */

/* n steps off the budget; counted ones towards the limit, which once
 * reached ends the budget (sap_endgame_spend then gives up), so that where
 * it gives up does not depend on the budgets. */
static void charge(struct sap_endgame *e, uint32_t *budget, uint32_t n, bool counted)
{
    sap_charge(budget, n);
    if (!counted)
        return;
    e->steps = n > UINT32_MAX - e->steps ? UINT32_MAX : e->steps + n;
    if (e->steps >= e->max_steps && *budget > 0) {
        e->spare += *budget; /* given back by sap_endgame_spend */
        *budget = 0;
    }
}

static void fail(struct sap_endgame *e, int err)
{
    e->phase = EG_FAILED;
    e->error = (uint8_t)-err;
}

/* The number model cell c shows in layout l. */
static uint32_t number(const struct sap_endgame *e, uint64_t l, uint32_t c)
{
    return e->base[c] + pop64(l & e->around[c]);
}

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

/* ---- the search ------------------------------------------------------------ */

static uint32_t memo_slot(uint64_t key, uint32_t min)
{
    uint32_t h = (uint32_t)key * 0x9E3779B1u ^ (uint32_t)(key >> 32) * 0x85EBCA77u
                 ^ (min + 1u) * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h & (SAP_ENDGAME_MEMO - 1u);
}

/* The memo's answer for the frame's state: 1, exact; 2, a most that is
 * not above the frame's floor (as good as exact there); 0, none. */
static int memo_find(const struct sap_endgame *e, const struct eg_frame *f, uint32_t *wins)
{
    uint32_t s = memo_slot(f->key, f->key_min), i;
    for (i = 0; i < EG_PROBE; i++) {
        const struct eg_memo *m = &e->u.memo[(s + i) & (SAP_ENDGAME_MEMO - 1u)];
        if (m->len == 0)
            return 0;
        if (m->key == f->key && m->min == f->key_min) {
            *wins = m->wins;
            return m->exact ? 1 : m->wins <= f->floor ? 2 : 0;
        }
    }
    return 0;
}

/* Keeps a state's answer: over its own entry if this one says more, else
 * in an empty slot, else over the smallest state among the slots looked at
 * (the cheapest to work out again). */
static void memo_store(struct sap_endgame *e, const struct eg_frame *f, uint32_t wins,
                       bool exact)
{
    uint32_t s = memo_slot(f->key, f->key_min), i;
    struct eg_memo *victim = NULL;
    for (i = 0; i < EG_PROBE; i++) {
        struct eg_memo *m = &e->u.memo[(s + i) & (SAP_ENDGAME_MEMO - 1u)];
        if (m->len != 0 && m->key == f->key && m->min == f->key_min) {
            if (m->exact || (!exact && m->wins <= wins))
                return; /* it knows as much */
            victim = m;
            break;
        }
        if (m->len == 0) {
            victim = m;
            break;
        }
        if (victim == NULL || m->len < victim->len)
            victim = m;
    }
    if (victim->len > f->len)
        return;
    victim->key = f->key;
    victim->min = f->key_min;
    victim->wins = (uint16_t)wins;
    victim->len = f->len;
    victim->exact = exact;
}

static void push(struct sap_endgame *e, uint32_t start, uint32_t len, uint64_t seen,
                 uint32_t floor)
{
    struct eg_frame *f;
    if (e->height == EG_FRAMES) { /* cannot be: each level opens a cell */
        fail(e, SAP_ERR_SIZE);
        return;
    }
    f = &e->frame[e->height++];
    f->start = (uint16_t)start;
    f->len = (uint16_t)len;
    f->seen = seen;
    f->floor = (uint16_t)floor;
    f->kind = K_DECIDE;
    f->stage = ST_ENTER;
}

/* The top frame's answer (exact, or a most not above its floor): kept in
 * the memo, and handed to the frame below (or it is the search's). */
static void finish(struct sap_endgame *e, uint32_t wins, bool exact)
{
    struct eg_frame *f = &e->frame[e->height - 1u];
    if (f->kind == K_DECIDE && f->len >= 3u)
        memo_store(e, f, wins, exact);
    if (e->height == 1u) { /* the floor is 0: exact */
        e->wins = (uint16_t)wins;
        e->result = f->len == 1u ? EG_NO_CELL
                                 : e->board[f->kind == K_DECIDE ? f->best_cell : f->cell];
        e->height = 0;
        e->phase = EG_DONE;
        return;
    }
    f->best = (uint16_t)wins;
    e->height--;
    e->frame[e->height - 1u].stage = ST_RETURN;
}

/* Where outcome b of the frame's open cell begins and ends in perm[]. */
static uint32_t outcome_from(const struct eg_frame *f, uint32_t b)
{
    return b == 0 ? f->start : f->bucket[b - 1u];
}

static uint32_t outcome_to(const struct eg_frame *f, uint32_t b)
{
    return b < 9u ? f->bucket[b] : (uint32_t)f->start + f->len;
}

/* Sorts the frame's layouts by what opening c shows: its mines first,
 * then by number. */
static void partition(struct sap_endgame *e, struct eg_frame *f, uint32_t c)
{
    uint32_t n[10] = { 0 }, at[10], i, end = (uint32_t)f->start + f->len;
    uint64_t mine = bit(c);
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]];
        n[(l & mine) ? 0 : 1u + number(e, l, c)]++;
    }
    at[0] = f->start;
    for (i = 1; i < 10u; i++) {
        at[i] = at[i - 1u] + n[i - 1u];
        f->bucket[i - 1u] = (uint16_t)at[i];
    }
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]];
        e->scratch[at[(l & mine) ? 0 : 1u + number(e, l, c)]++] = e->perm[i];
    }
    memcpy(e->perm + f->start, e->scratch + f->start, (size_t)f->len * sizeof e->perm[0]);
}

/* ST_ENTER: the union of the frame's layouts (its key), the cells that
 * differ among them, and its first layout. */
static void enter(struct sap_endgame *e, struct eg_frame *f)
{
    uint64_t any = 0, all = ~(uint64_t)0;
    uint32_t i, min = UINT32_MAX, end = (uint32_t)f->start + f->len;
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]];
        any |= l;
        all &= l;
        min = e->perm[i] < min ? e->perm[i] : min;
    }
    f->key = any;
    f->vary = any & ~all;
    f->key_min = (uint16_t)min;
    f->next = 0;
    f->stage = ST_CLOSE;
}

/* Whether cell c shows different numbers among the frame's layouts. */
static bool varies(const struct sap_endgame *e, const struct eg_frame *f, uint32_t c)
{
    uint32_t i, end = (uint32_t)f->start + f->len;
    uint32_t first = number(e, e->layout[e->perm[f->start]], c);
    for (i = f->start + 1u; i < end; i++)
        if (number(e, e->layout[e->perm[i]], c) != first)
            return true;
    return false;
}

/* ST_CLOSE: a cell safe in every layout whose number differs among them
 * is opened (a chance frame); true once the state is closed. */
static bool close_state(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    while (*budget > 0 && f->next < e->model) {
        uint32_t c = f->next++;
        charge(e, budget, 1, true);
        if ((c < e->unknown && (f->key & bit(c))) || (f->seen & bit(c))
            || (e->around[c] & f->vary) == 0)
            continue;
        charge(e, budget, f->len, true);
        if (varies(e, f, c)) {
            if (e->height == 1u && e->first != EG_NO_CELL) {
                fail(e, SAP_ERR_ARG); /* a safe cell tells something first */
                return false;
            }
            f->kind = K_CHANCE;
            f->cell = (uint8_t)c;
            partition(e, f, c);
            charge(e, budget, 2u * f->len, true);
            f->sum = 0;
            f->at = 1;
            f->stage = ST_CHILD;
            return false;
        }
        f->seen |= bit(c);
    }
    return f->next == e->model;
}

/* ST_RANK: the moves (the cells that differ), safest first, ties in
 * board order; none can win more than the safest is safe. */
static void rank(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    uint64_t v = f->vary;
    uint32_t i, end = (uint32_t)f->start + f->len, count = 0;
    while (v != 0) {
        e->mine_count[low_bit(v)] = 0;
        v &= v - 1u;
    }
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]] & f->vary;
        while (l != 0) {
            e->mine_count[low_bit(l)]++;
            l &= l - 1u;
        }
    }
    charge(e, budget, 2u * f->len, true);
    for (v = f->vary; v != 0; v &= v - 1u) {
        uint32_t c = low_bit(v), at = count++;
        while (at > 0 && e->mine_count[f->cand[at - 1u]] > e->mine_count[c]) {
            f->cand[at] = f->cand[at - 1u];
            at--;
        }
        f->cand[at] = (uint8_t)c;
    }
    f->count = (uint8_t)count;
    if (e->height == 1u && e->first != EG_NO_CELL) { /* one first move asked for */
        for (i = 0; i < count && e->board[f->cand[i]] != e->first; i++)
            ;
        if (i == count) {
            fail(e, SAP_ERR_ARG);
            return;
        }
        f->cand[0] = f->cand[i];
        f->count = 1;
    }
    f->next = 0;
    f->best = f->floor;
    f->best_cell = EG_NO_MOVE;
    f->bound = (uint16_t)(f->len - e->mine_count[f->cand[0]]);
    f->stage = ST_MOVE;
    if (f->bound <= f->floor)
        finish(e, f->bound, false);
}

/* A decision frame is done: its best move's W, or no more than its floor. */
static void decided(struct sap_endgame *e, struct eg_frame *f)
{
    finish(e, f->best, f->best_cell != EG_NO_MOVE);
}

/* ST_MOVE: the next move, unless none can do better than the best. */
static void next_move(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    uint32_t c, safe;
    if (f->next == f->count || f->best == f->bound) {
        decided(e, f);
        return;
    }
    c = f->cand[f->next++];
    partition(e, f, c);
    charge(e, budget, 2u * f->len, true);
    safe = (uint32_t)f->len - (uint32_t)(f->bucket[0] - f->start);
    if (safe <= f->best) { /* and so every later move */
        decided(e, f);
        return;
    }
    f->cell = (uint8_t)c;
    f->sum = 0;
    f->at = 1;
    f->stage = ST_CHILD;
}

/* What outcome f->at must win more than for the frame's open cell to
 * matter: the best so far (a decision) or the floor (a chance frame), less
 * what the other outcomes have won and can win at most.  0: no floor. */
static uint32_t child_floor(const struct eg_frame *f)
{
    uint32_t target = f->kind == K_DECIDE ? f->best : f->floor;
    uint32_t later = (uint32_t)f->start + f->len - outcome_to(f, f->at);
    return target > f->sum + later ? target - f->sum - later : 0;
}

/* The open cell cannot matter: a decision tries its next move, a chance
 * frame wins no more than its floor. */
static void cut(struct sap_endgame *e, struct eg_frame *f)
{
    if (f->kind == K_DECIDE)
        f->stage = ST_MOVE;
    else
        finish(e, f->floor, false);
}

/* ST_CHILD: the next outcome of the open cell: one layout wins alone,
 * more are a frame of their own. */
static void next_child(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    uint32_t end = (uint32_t)f->start + f->len;
    while (*budget > 0) {
        uint32_t from, to, target = f->kind == K_DECIDE ? f->best : f->floor;
        charge(e, budget, 1, true);
        if (f->at > 9u) {
            if (f->kind == K_CHANCE) {
                finish(e, f->sum, true);
                return;
            }
            if (f->sum > f->best) {
                f->best = f->sum;
                f->best_cell = f->cell;
            }
            f->stage = ST_MOVE;
            return;
        }
        from = outcome_from(f, f->at);
        to = outcome_to(f, f->at);
        if (target > 0 && (uint32_t)f->sum + (end - from) <= target) {
            cut(e, f);
            return;
        }
        if (to - from <= 1u) {
            f->sum = (uint16_t)(f->sum + (to - from));
            f->at++;
            continue;
        }
        push(e, from, to - from, f->seen | bit(f->cell), child_floor(f));
        return;
    }
}

/* ST_RETURN: the outcome under way has its answer. */
static void returned(struct sap_endgame *e, struct eg_frame *f)
{
    uint32_t wins = e->frame[e->height].best, floor = child_floor(f);
    if (floor > 0 && wins <= floor) {
        cut(e, f);
        return;
    }
    f->sum = (uint16_t)(f->sum + wins);
    f->at++;
    f->stage = ST_CHILD;
}

/* EG_SEARCH for *budget steps. */
static void search(struct sap_endgame *e, uint32_t *budget)
{
    while (*budget > 0 && e->phase == EG_SEARCH) {
        struct eg_frame *f = &e->frame[e->height - 1u];
        uint32_t wins;
        int found;
        switch (f->stage) {
        case ST_ENTER:
            charge(e, budget, 1u + f->len, true);
            if (f->len == 1u)
                finish(e, 1, true);
            else
                enter(e, f);
            break;
        case ST_CLOSE:
            if (!close_state(e, f, budget))
                break;
            if (f->len == 2u && e->height > 1u) { /* two layouts no safe cell tells
                                                    * apart: the root still names a move */
                finish(e, 1, true);
                break;
            }
            found = memo_find(e, f, &wins);
            if (found != 0) {
                finish(e, wins, found == 1);
                break;
            }
            f->stage = ST_RANK;
            break;
        case ST_RANK:
            rank(e, f, budget);
            break;
        case ST_MOVE:
            next_move(e, f, budget);
            break;
        case ST_CHILD:
            next_child(e, f, budget);
            break;
        default:
            charge(e, budget, 1, true);
            returned(e, f);
            break;
        }
    }
}

/* The listing is done: the search begins with every layout. */
static void begin_search(struct sap_endgame *e, uint32_t *budget)
{
    uint32_t i;
    if (e->count == 0) {
        fail(e, SAP_ERR_STATE);
        return;
    }
    for (i = 0; i < e->count; i++)
        e->perm[i] = (uint16_t)i;
    memset(e->u.memo, 0, sizeof e->u.memo);
    charge(e, budget, e->count + SAP_ENDGAME_MEMO / 8u, true);
    e->height = 0;
    push(e, 0, e->count, 0, 0);
    e->phase = EG_SEARCH;
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
        || d->supposed_cell != d->cells)
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
            begin_search(e, budget);
        return;
    case EG_COMBOS:
        combos(e, budget);
        return;
    case EG_SEARCH:
        search(e, budget);
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
