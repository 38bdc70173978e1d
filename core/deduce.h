/*
 * deduce.h - the deduction engine's block, shared by its files, in two
 * layers, each calling only its own and the one below:
 *
 *   the live block   deduce_live.c: the block kept between moves, told
 *                    each cell opened; it runs the rules and its passes
 *                    through the phases below, and tells them of itself
 *                    only through the block: its flags (live, local,
 *                    seeds_lost, passing) and its seeds;
 *   the phases       deduce.c (scan, the counting walk, the driver and
 *                    the API), deduce_rules.c (the cheap rules that settle
 *                    cells before any counting), deduce_components.c (the
 *                    groups, and a live block's seeds), deduce_sweep.c
 *                    (long groups counted by a sweep along them rather
 *                    than the walk), deduce_combine.c (the groups' counts
 *                    combined with the interior).
 *
 * Its numbers are weight.h's.  What reads a deduction (HINT, the endgame
 * search) has a header of its own above this one.  Private to the core.
 */
#ifndef SAP_DEDUCE_H
#define SAP_DEDUCE_H

#include "weight.h"
#include "geometry.h"

SAP_INTERNAL_BEGIN

/* Cell flags.  On an opened cell only F_OPEN and F_QUEUED (waiting for
 * the rules) are used; the rest are a covered cell's. */
#define F_OPEN 0x01u      /* opened: a number */
#define F_FRONTIER 0x02u  /* covered, next to a number */
#define F_QUEUED 0x04u    /* in the order (a number: on the rules' stack) */
#define F_START 0x08u     /* the first cell of its group in the order */
#define F_MINE 0x10u      /* the walk's current assignment */
#define F_TRIED 0x20u     /* ... and the walk has tried the other value too */
#define F_SEEN_MINE 0x40u /* a mine in some layout of positive weight */
#define F_SEEN_SAFE 0x80u /* safe in some layout of positive weight */
/* A frontier cell the rules settled has exactly one F_SEEN_ flag before
 * the walk begins; the walk never visits it. */
#define F_SETTLED (F_SEEN_MINE | F_SEEN_SAFE)

enum deduce_phase {
    PH_SCAN = 0,
    PH_FRONTIER, /* each number's covered neighbours */
    PH_RULES,
    PH_COMPONENTS,
    PH_COUNT,
    PH_PRODUCT, /* combining: the product of the groups' counts, */
    PH_TOTAL,   /* the interior's binomials and every layout's weight, */
    PH_WEIGHTS, /* each group's weight per mine count */
    PH_WEIGH,
    PH_ODDS,
    PH_SCALE, /* a full deduction's total: from the odds' scale to layouts */
    PH_DONE,
    PH_FAILED
};

struct sap_deduce {
    const sap_game *game;
    uint32_t rows, cols, cells;
    uint32_t room;          /* unsettled frontier cells the workspace holds */
    uint32_t mines;         /* on the board */
    uint32_t covered;       /* covered cells */
    uint32_t settled;       /* frontier cells the rules settled ... */
    uint32_t settled_mines; /* ... and how many of them are mines */
    uint32_t frontier;      /* the unsettled frontier: order[0..frontier) */
    uint32_t cursor;        /* the phase's place */
    uint32_t queue;         /* PH_RULES: stack height; PH_COMPONENTS: next to expand */
    uint32_t comp_start;    /* the group being walked: order[comp_start..comp_end) */
    uint32_t comp_end;
    uint32_t comp_poly;              /* its counts' first entry */
    uint32_t depth;                  /* the walk's depth: cells assigned */
    uint32_t placed;                 /* mines among them */
    uint32_t steps;                  /* counted so far (capped at SAP_DEDUCE_MAX_STEPS) */
    uint32_t work;                   /* steps done, units in full (sap_deduce_charge); wraps */
    struct sap_weight total;         /* every layout's weight: Z */
    struct sap_weight interior_mass; /* the expected interior mines, times Z */
    uint32_t interior_odds;          /* an interior cell's, in 0.01 %, and ODDS_BELOW */
    uint8_t phase, entered, result;
    uint8_t interior_all_mines; /* every layout of positive weight fills the interior */
    uint8_t contradiction;      /* the rules met a number that cannot be met */
    uint8_t reach;              /* enum deduce_depth: how far it goes */
    uint8_t comp_swept;         /* the group is counted or weighed by a sweep */
    uint8_t count_by;           /* enum deduce_count: walk or sweep (tests) */
    uint8_t tree_step;          /* combining: enum tree_step (deduce_combine.c) */
    uint8_t supposed_number[2]; /* the numbers supposed[] show (among the bytes: no padding) */
    uint32_t supposed[2];       /* covered cells taken as opened (cells: none) */
    uint32_t assumed[2];        /* covered cells taken as mines or safe ... */
    uint8_t assumed_count;      /* ... how many, */
    uint8_t assumed_mines;      /* ... and which are mines (bit i: assumed[i]) */
    /* Kept between moves (deduce_live.c sets them; the phases read them): */
    uint8_t live;       /* the block is live: it takes moves */
    uint8_t local;      /* the pass under way counts the changed groups only */
    uint8_t unsolved;   /* some changed group could not be counted */
    uint8_t seeds_lost; /* the seed list overflowed: every number is a seed */
    uint8_t counted;    /* a global pass settled all there is since the last move */
    uint8_t passing;    /* settling what a pass found: no news to its groups */
    uint32_t unsure;    /* covered frontier cells not settled */
    uint32_t seeds;     /* numbers whose groups changed, at the top of order[] */
    uint32_t *journal;  /* a cell set each cell settled joins, or NULL (below) */
    /* Combining (PH_PRODUCT to PH_WEIGHTS, deduce_combine.c), resumable:
     * the product of some groups' counts under way (sap_weight
     * products, one row of a convolution at a time): its next group
     * (first place, index), the mine counts it spans (from low, length
     * of them) and the convolution's next row; and the split of the
     * node of groups whose weights are being found (order[comp_start..
     * comp_end), its vector at comp_poly): place m, the index of its
     * group, and the support of the half whose vector is being made
     * (the mine counts it can hold, side_lo..side_hi).  The
     * binomials are over C(interior, binom_top), which the total is
     * multiplied by at last (PH_SCALE). */
    struct {
        uint32_t at, group, low, length, row;
        uint32_t m, index_m, side_lo, side_hi;
        uint32_t binom_top;
    } combine;
};

/* How far a deduction goes (the no-guess generator asks for less than
 * everything when less will do): the cheap rules alone, or everything
 * (the default).  With the rules alone, cells they leave open are
 * SAP_CELL_UNSURE with no odds (0), the interior included: the mine count
 * is not used. */
enum deduce_depth { DEPTH_FULL = 0, DEPTH_RULES };
void sap_deduce_set_depth(sap_deduce *d, enum deduce_depth depth);

/* A what-if, for a look-ahead (HINT's): the deduction takes covered cell
 * x as opened and showing `number`, up to two cells (a second what-if
 * inside the first; a third is not taken).  Its layouts are then exactly
 * the original position's layouts with x safe and showing that number, so
 * its total weight over the original's is that event's probability. */
void sap_deduce_suppose(sap_deduce *d, uint32_t x, uint8_t number);

/* Another what-if (HINT's test of a 50/50 to come): the deduction takes
 * covered cell x as a mine, or as safe showing nothing, up to two cells,
 * before its rules (a cell off the board, or a third, is not taken).  Its
 * layouts are exactly the original position's with those cells so; none
 * (SAP_ERR_STATE) proves that no layout has them so. */
void sap_deduce_assume(sap_deduce *d, uint32_t x, bool mine);

/* sap_deduce_step with the budget left over in *budget (0 unless it
 * finished or failed first), so that HINT can go on in the same call.
 * What its work cost is d->work's growth, whatever the budget. */
int sap_deduce_spend(sap_deduce *d, uint32_t *budget);

/* n steps of one unit of work (a product, a binomial step, a layer) off
 * *budget.  A unit dearer than the budget left is done whole all the
 * same, and its cost past that goes onto d->work, so that the steps that
 * decide anything (SAP_DEDUCE_MAX_STEPS, HINT's look-ahead cap) are the
 * work's, not the budgets': a deduction gives up, or a look-ahead ends,
 * at the same place however its calls were sliced. */
static inline void sap_deduce_charge(sap_deduce *d, uint32_t *budget, uint32_t n)
{
    if (n > *budget)
        d->work += n - *budget;
    sap_charge(budget, n);
}

/* Where cell x stands in the deduction so far, at any phase: the no-guess
 * generator reads it where its play stalled, whether the engine finished
 * or gave up (sap_deduce_cell answers only a finished one). */
enum deduce_standing {
    STANDING_OPEN,     /* opened: the player sees its number */
    STANDING_INTERIOR, /* covered, next to no number */
    STANDING_SETTLED,  /* covered, next to a number, and every layout weighed
                         * so far agrees on it: once done, proven a mine or safe */
    STANDING_UNSETTLED /* covered, next to a number, not (yet) settled */
};
static inline enum deduce_standing sap_deduce_standing(const sap_deduce *d, uint32_t x);

SAP_STATIC_ASSERT(deduce_header_fits, sizeof(struct sap_deduce) <= SAP_DEDUCE_HEADER_BYTES);

/* ---- the deduction kept between moves (deduce_live.c) -------------------- */

/* A live block follows a game move by move instead of reading it whole:
 * what the rules and the counts settled stays settled (a cell certain
 * stays certain as more is seen), a cell opened updates only its block,
 * and the rules run from the numbers it changed.  The numbers whose
 * groups changed are kept as seeds, and a local pass counts only their
 * groups, without the mine count: a cell certain within its group is
 * certain.  When the mine count cannot matter (slack: every way of
 * filling the unsettled frontier leaves the interior room for the mines
 * left, and some of them), nothing else is certain either, so a position
 * is solved without reading the whole board; otherwise a global pass (the
 * usual phases from the groups on) settles what the mine count proves.
 *
 *   sap_deduce_live_init(d, memory, bytes, rows, cols, mines)  nothing open
 *   sap_deduce_live_open(d, x, number)    x opened, showing number
 *   sap_deduce_live_next(d, &budget, &x)  the rules: LIVE_READY with a safe
 *                                         cell to open, LIVE_MORE, LIVE_IDLE
 *   sap_deduce_live_solve(d, &budget, &x) all of it: the rules, local
 *                                         passes, a global pass when the
 *                                         count may matter
 */
enum { LIVE_MORE = 0, LIVE_READY, LIVE_IDLE, LIVE_PARTIAL };
int sap_deduce_live_init(sap_deduce **deduce, void *memory, size_t bytes, uint32_t rows,
                         uint32_t cols, uint32_t mines);
void sap_deduce_live_open(sap_deduce *d, uint32_t x, uint8_t number);
int sap_deduce_live_next(sap_deduce *d, uint32_t *budget, uint32_t *x);
/* Brings a live block up to date for *budget steps: LIVE_MORE; with ready
 * not NULL, LIVE_READY and in *ready a cell settled safe, to be opened
 * (with NULL such cells stay settled, unopened); LIVE_IDLE once every
 * certain cell is settled (sap_deduce_cell says which, a covered cell not
 * settled being SAP_CELL_UNSURE with no odds); LIVE_PARTIAL when the
 * count could not be done (a group past the workspace or the steps; or
 * no layout fits, d->contradiction): what is settled is certain, but
 * maybe not all that is. */
int sap_deduce_live_solve(sap_deduce *d, uint32_t *budget, uint32_t *ready);
/* The odds on a live block (PROB's): once it is solved (LIVE_IDLE), a
 * global pass, driven by sap_deduce_spend; at SAP_OK sap_deduce_cell
 * answers every cell with its odds, as a full deduction does, until the
 * next sap_deduce_live_solve settles what the pass found. */
void sap_deduce_live_count(sap_deduce *d);
/* The layout changed under the player (the no-guess generator moved a
 * mine to or from covered cell y, unsettled, or away from y, a mine
 * settled): y and the numbers around it.  What stays settled stays true,
 * though maybe no longer provable: the generator plays such a board again
 * from the first click before it serves it. */
void sap_deduce_live_moved(sap_deduce *d, uint32_t y, bool mine);
/* A live block's journal: a reader that follows the block move by move
 * (rather than reading the board) gives it a set of cells, d->journal,
 * which every cell the block settles joins from then on; emptying it is
 * the reader's.  A set of cells: a bit a cell in `words` words, then a
 * bit for each of those words, set when the word has a member, so that
 * the members are found in row order without reading the board.  Cell x
 * joins it: */
static inline void sap_cell_set_add(uint32_t *bits, uint32_t words, uint32_t x)
{
    bits[x >> 5] |= (uint32_t)1 << (x & 31u);
    bits[words + (x >> 10)] |= (uint32_t)1 << ((x >> 5) & 31u);
}


/* ---- the block ---------------------------------------------------------- */

static inline uint8_t *flags_of(sap_deduce *d)
{
    return (uint8_t *)d + SAP_DEDUCE_HEADER_BYTES;
}
/* (Inline: the no-guess generator's passes read it for every cell.) */
static inline enum deduce_standing sap_deduce_standing(const sap_deduce *d, uint32_t x)
{
    uint8_t f = ((const uint8_t *)d + SAP_DEDUCE_HEADER_BYTES)[x];
    if (f & F_OPEN)
        return STANDING_OPEN;
    /* the rules settle a cell one way (a live block an interior one too);
     * the walk sees it one way or both */
    if ((f & F_SETTLED) == F_SEEN_MINE || (f & F_SETTLED) == F_SEEN_SAFE)
        return STANDING_SETTLED;
    return f & F_FRONTIER ? STANDING_UNSETTLED : STANDING_INTERIOR;
}

/* An opened cell's mines not yet placed (0xFF on a covered cell) ... */
static inline uint8_t *need_of(sap_deduce *d)
{
    return flags_of(d) + d->cells;
}
/* ... and its covered neighbours neither settled nor assigned. */
static inline uint8_t *free_of(sap_deduce *d)
{
    return flags_of(d) + 2u * d->cells;
}
/* An unsure frontier cell's odds, as odds() (deduce.c) keeps them in its
 * need and free bytes, which a covered cell does not use: 0.01 % units, and
 * ODDS_BELOW when the exact figure lies below them (weight.h). */
static inline uint32_t kept_odds(sap_deduce *d, uint32_t x)
{
    return need_of(d)[x] | (uint32_t)free_of(d)[x] << 8;
}

/* sap_deduce_cell (sapper.h) of cell x, unchecked: for a finished
 * deduction and a cell on its board (inline: PROB's map reads every
 * cell). */
static inline int sap_deduce_view(const sap_deduce *d, uint32_t x, uint32_t *per_10000)
{
    sap_deduce *dd = (sap_deduce *)(uintptr_t)d; /* the accessors are shared */
    uint8_t f;
    f = flags_of(dd)[x];
    if (f & F_OPEN) {
        *per_10000 = 0;
        return SAP_CELL_OPEN;
    }
    if (d->reach != DEPTH_FULL && (f & F_SETTLED) == 0) {
        *per_10000 = 0; /* the rules alone: no odds */
        return SAP_CELL_UNSURE;
    }
    if ((f & F_SETTLED) == F_SEEN_SAFE) { /* settled: by the rules, or a live block's */
        *per_10000 = 0;
        return SAP_CELL_SAFE;
    }
    if ((f & F_SETTLED) == F_SEEN_MINE) {
        *per_10000 = 10000;
        return SAP_CELL_MINE;
    }
    if (!(f & F_FRONTIER)) { /* the interior: all alike */
        if (sap_weight_is_zero(d->interior_mass)) {
            *per_10000 = 0;
            return SAP_CELL_SAFE;
        }
        if (d->interior_all_mines) {
            *per_10000 = 10000;
            return SAP_CELL_MINE;
        }
        *per_10000 = d->interior_odds & ~ODDS_BELOW;
        return SAP_CELL_UNSURE;
    }
    if (!(f & F_SEEN_MINE)) {
        *per_10000 = 0;
        return SAP_CELL_SAFE;
    }
    if (!(f & F_SEEN_SAFE)) {
        *per_10000 = 10000;
        return SAP_CELL_MINE;
    }
    *per_10000 = kept_odds(dd, x) & ~ODDS_BELOW;
    return SAP_CELL_UNSURE;
}

/* Whether the exact odds of x, a cell sap_deduce_view calls unsure, lie
 * below the 0.01 % figure it gives: all a figure rounded to 0.01 % needs
 * to be rounded to fewer places as if from the exact fraction, once
 * (hint_text.c). */
static inline bool sap_deduce_below(const sap_deduce *d, uint32_t x)
{
    sap_deduce *dd = (sap_deduce *)(uintptr_t)d; /* the accessors are shared */
    if (!(flags_of(dd)[x] & F_FRONTIER))
        return (d->interior_odds & ODDS_BELOW) != 0;
    return (kept_odds(dd, x) & ODDS_BELOW) != 0;
}

/* The rules' stack of numbers, then the walk's order of frontier cells. */
static inline uint32_t *order_of(sap_deduce *d)
{
    size_t at = SAP_DEDUCE_HEADER_BYTES + 3u * (size_t)d->cells;
    at = (at + 3u) & ~(size_t)3u;
    return (uint32_t *)(void *)((unsigned char *)d + at);
}

/* The workspace, sized for `room` unsettled frontier cells (the order's
 * first `room` entries): mass[i], the weight of the layouts with a mine at
 * order[i]; the groups' weights by mine count (each group of n cells takes
 * n + 1; first the interior's binomials, the tree's root); the combining
 * room: the product of the counts, a row the combining leaves free, and a
 * scratch row, which is the weighing walk's acc[] (one per depth) once
 * combining is done; the groups' counts by mine count (n + 1
 * a group again).  A sweep (deduce_sweep.c) takes the 5 room + 5 weights
 * from the weights to the counts while counting, and from the product to
 * the end while weighing. */
static inline struct sap_weight *mass_of(sap_deduce *d)
{
    return (struct sap_weight *)(void *)(order_of(d) + d->cells);
}
static inline struct sap_weight *weights_of(sap_deduce *d)
{
    return mass_of(d) + d->room;
}
static inline struct sap_weight *total_of(sap_deduce *d)
{
    return weights_of(d) + 2u * d->room + 2u;
}
static inline struct sap_weight *acc_of(sap_deduce *d)
{
    return total_of(d) + 2u * d->room + 2u;
}
static inline struct sap_weight *counts_of(sap_deduce *d)
{
    return acc_of(d) + d->room + 1u;
}

/* One past the last place in order[] of the group whose first place is i. */
static inline uint32_t group_end(sap_deduce *d, uint32_t i)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d), e = i + 1;
    while (e < d->frontier && !(flags[order[e]] & F_START))
        e++;
    return e;
}

/* The 3x3 block around cell x, clipped to the board. */
static inline struct sap_box box_at(const sap_deduce *d, uint32_t x)
{
    return sap_block_around_cell(d->rows, d->cols, x);
}

/* Combining (deduce_combine.c): begin once the groups are counted, then
 * PH_PRODUCT, PH_TOTAL and PH_WEIGHTS for *budget steps; true once every
 * group's weights are found. */
void sap_deduce_combine_begin(sap_deduce *d);
bool sap_deduce_combine(sap_deduce *d, uint32_t *budget);
/* PH_SCALE: the total and the interior's mass, which combining finds over
 * C(I, binom_top) (deduce_combine.c says why), times it, for *budget steps
 * from cursor 0; true once done. */
bool sap_deduce_combine_scale(sap_deduce *d, uint32_t *budget);

/* How groups are counted and weighed: a group of SWEEP_MIN_CELLS or more
 * by a sweep along it (deduce_sweep.c), falling back to the walk when it
 * does not fit; smaller ones by the walk, as quick there.  The
 * tests force either way to compare them, and a sweep in a room so tight
 * (16 states a layer, a ring of 48, 6 live numbers) that the ring forgets
 * layers all the time and wider groups fall back to the walk. */
enum deduce_count { COUNT_AUTO = 0, COUNT_WALK, COUNT_SWEEP, COUNT_SWEEP_TIGHT };
#define SWEEP_MIN_CELLS 8u
void sap_deduce_set_count(sap_deduce *d, enum deduce_count how);

/* The sweep of the group order[comp_start..comp_end) in PH_COUNT (its
 * counts, at comp_poly) or PH_WEIGH (its cells' mass and flags): begin
 * (false when the group cannot be swept: walk it), then *budget steps a
 * call until SWEEP_DONE, or SWEEP_UNFIT when a layer outgrows the room
 * (the counts are then untouched).  A group that fits while counting
 * fits while weighing (the layers are the same), so weighing one that does
 * not fit stops before it weighs anything. */
enum { SWEEP_MORE = 0, SWEEP_DONE, SWEEP_UNFIT };
bool sap_deduce_sweep_begin(sap_deduce *d);
int sap_deduce_sweep(sap_deduce *d, uint32_t *budget);

/* PH_RULES (deduce_rules.c): pushes a number for the rules ... */
void sap_deduce_rules_push(sap_deduce *d, uint32_t n);
/* ... and works the stack for *budget steps: true when it is empty (or a
 * contradiction was met: d->contradiction).  A live block works it a
 * number at a time (sap_deduce_live_next), each number examined for all
 * the rules say around it; */
bool sap_deduce_rules(sap_deduce *d, uint32_t *budget);
void sap_deduce_rules_examine(sap_deduce *d, uint32_t n);
/* And the rules' settling, which a live block's passes settle their
 * certain cells with: covered cell y a mine or safe, its numbers updated
 * and pushed again (and in a live block made seeds). */
void sap_deduce_rules_settle(sap_deduce *d, uint32_t y, bool mine);

/* PH_COMPONENTS (deduce_components.c): the groups, for *budget steps;
 * true once found.  A local pass (d->local) finds its seeds' only ... */
bool sap_deduce_components(sap_deduce *d, uint32_t *budget);
/* ... and number n, its groups changed, is made one. */
void sap_deduce_components_seed(sap_deduce *d, uint32_t n);

SAP_INTERNAL_END

#endif
