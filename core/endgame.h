/*
 * endgame.h - the endgame search: when few layouts fit a position,
 * the move that most often wins the whole game, found exactly.  Its API,
 * which HINT (hint.c) calls; then its block, shared by its two
 * files: endgame.c (the model: the unknown cells, the numbers, every
 * layout listed; and the API) and endgame_search.c (the search over
 * the layouts).  Private to the core.
 */
#ifndef SAP_ENDGAME_H
#define SAP_ENDGAME_H

#include "deduce.h"

#include <stddef.h> /* offsetof */

SAP_INTERNAL_BEGIN

/* When few layouts fit a position, the move that most often wins the whole
 * game, found exactly; in a block of SAP_ENDGAME_BYTES (sapper.h section
 * 10), aligned as SAP_DEDUCE_BYTES' block.
 *
 *   sap_endgame_init(&eg, block, SAP_ENDGAME_BYTES, game, d);   (d finished)
 *   while ((err = sap_endgame_step(eg, budget)) == SAP_MORE) ...;
 *   if (err == SAP_OK) sap_endgame_best(eg, &cell, &wins, &layouts);
 *
 * init reads nothing but the deduction's header: SAP_ERR_SIZE at once when
 * its layouts are more than SAP_ENDGAME_LAYOUTS, SAP_ERR_STATE unless it
 * finished with every layout counted (not the rules alone).  The deduction
 * and the game must not change until the search is done: it reads them
 * while it lists the layouts (its first steps), never after.  step is
 * resumable (sapper.h section 2): SAP_MORE, SAP_OK with the best move
 * found, SAP_ERR_SIZE when the position is past the search's limits (more
 * layouts or covered cells that differ among them than it holds, or more
 * than SAP_ENDGAME_MAX_STEPS steps): nothing is claimed, and HINT weighs
 * its guess as before; SAP_ERR_STATE when no layout fits.  spend is step
 * with the budget left over in *budget, for HINT to go on in the same call.
 * best: the cell to open (its index, row * cols + col), and that its
 * player wins in exactly `wins` of the `layouts` layouts (all alike
 * likely) by playing on as well as can be: wins / layouts is the best
 * chance of winning the game from here, exactly.  SAP_ERR_STATE unless the
 * search finished (or when every covered cell is certain: nothing to
 * guess).
 *
 * With SAP_ENDGAME_LAYOUTS 0 these are left out. */
struct sap_endgame;
#if SAP_ENDGAME_LAYOUTS > 0
int sap_endgame_init(struct sap_endgame **eg, void *memory, size_t bytes, const sap_game *game,
                     const sap_deduce *d);
int sap_endgame_step(struct sap_endgame *eg, uint32_t budget);
int sap_endgame_spend(struct sap_endgame *eg, uint32_t *budget);
int sap_endgame_best(const struct sap_endgame *eg, uint32_t *cell, uint32_t *wins,
                     uint32_t *layouts);
/* Steps spent so far (the tests and the benchmark read it), and the step
 * limit of this search (SAP_ENDGAME_MAX_STEPS by default; the tests lower
 * it to see it give up). */
uint32_t sap_endgame_steps(const struct sap_endgame *eg);
void sap_endgame_set_max_steps(struct sap_endgame *eg, uint32_t steps);
/* After init, before the first step: weigh only this first move (a board
 * cell, row * cols + col), so that best tells how often it wins with the
 * best play after it (HINT can say what its safest cell would win; the
 * benchmark, what HINT's guess gives up).  The search then answers
 * SAP_ERR_ARG unless the cell is unknown to the deduction and no certain
 * cell has anything to tell first. */
void sap_endgame_set_first(struct sap_endgame *eg, uint32_t cell);

#if (SAP_ENDGAME_LAYOUTS) > 65535 || (SAP_ENDGAME_LAYOUTS) < 2
#error "SAP_ENDGAME_LAYOUTS must be 0, or 2 to 65535"
#endif
#if (SAP_ENDGAME_MEMO) == 0 || ((SAP_ENDGAME_MEMO) & ((SAP_ENDGAME_MEMO)-1)) != 0
#error "SAP_ENDGAME_MEMO must be a power of two"
#endif

/* ---- the block ---------------------------------------------------------- */

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

static inline uint64_t bit(uint32_t n)
{
    return n < 32u ? (uint64_t)(1u << n) : (uint64_t)(1u << (n - 32u)) << 32;
}

static inline uint32_t pop32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

static inline uint32_t pop64(uint64_t v)
{
    return pop32((uint32_t)v) + pop32((uint32_t)(v >> 32));
}

/* The lowest set bit of v != 0. */
static inline uint32_t low_bit(uint64_t v)
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
static inline void charge(struct sap_endgame *e, uint32_t *budget, uint32_t n, bool counted)
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

static inline void fail(struct sap_endgame *e, int err)
{
    e->phase = EG_FAILED;
    e->error = (uint8_t)-err;
}

/* The number model cell c shows in layout l. */
static inline uint32_t number(const struct sap_endgame *e, uint64_t l, uint32_t c)
{
    return e->base[c] + pop64(l & e->around[c]);
}

/* The search (endgame_search.c), once the layouts are listed:
 * begin (SAP_ERR_STATE when there are none), then EG_SEARCH for *budget
 * steps a call until the phase is EG_DONE (or EG_FAILED). */
void sap_endgame_search_begin(struct sap_endgame *e, uint32_t *budget);
void sap_endgame_search(struct sap_endgame *e, uint32_t *budget);

#endif /* SAP_ENDGAME_LAYOUTS > 0 */

SAP_INTERNAL_END

#endif
