/*
 * casual_solve.c - the casual player of Mid-Central 2003 "mines", on any
 * board: the fewest safe cells left covered over every first click, and a
 * best first click.  The visiting order and the engines it drives are in
 * casual.c.
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
 *   pseudo-random order ("the visiting order", casual.c), so that chains
 *   of starts each swallowing the one before cost about ln L closures, not
 *   L, whichever way they run.  The answer is the best start this order
 *   expands first, named by the top-left cell of its opening (its zero
 *   cells, which all clear each other): the protocol promises a best
 *   first cell, not the top-left best of all.
 * - Only a zero cell (no mine around) can clear more than itself: any other
 *   first click keeps rule 1 shut and rule 2 only flags.  The first safe
 *   cell stands for every non-zero start; only zero cells are expanded.
 * - A closure from scratch is the fresh engine's work (casual.c): each cell
 *   is listed once, and a rule is checked in O(1).
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
 */
#include "casual.h"

/* The extension of a start on top of the base gives up past a quarter of
 * the base plus this many cells. */
#define EXTEND_BUDGET_MIN 64u

/* Three new bests in a row, each holding the one before, make the newest
 * one's closure the base. */
#define CHAIN_DEPTH_TO_REBASE 2u

/* Where a resumable solve stands (sapper.h section 2).  The solve is the
 * algorithm above written as a state machine: each state does one of its
 * loops (an engine's run, a walk of the list or of the board) for as much
 * of the budget as it needs, and names the state that follows, or itself
 * when the budget ran out inside it (the next call goes on there).  The
 * function that carries out PC_X is x(), below, in groups as in the map. */
enum solve_pc {
    PC_IDLE = SOLVE_IDLE, /* no solve under way (a board change starts over) */
    PC_INIT,              /* ready every row, reset the cells, note the first safe cell */
    PC_SCAN,              /* the next start to expand */
    PC_FRESH_FIRST,       /* no base yet: the fresh closure of the start */
    PC_BASE_OLD,          /* make_base: the old base's generators are dropped ... */
    PC_BASE_OLD_FLOOD,
    PC_BASE_NEW, /* ... the start's zero component are the generators */
    PC_BASE_NEW_FLOOD,
    PC_BASE_DONE,
    PC_EXTEND, /* the base extended by the start, up to a limit */
    PC_FRESH,  /* outgrown: the start's own closure, up to a generator */
    PC_FRESH_DONE,
    PC_CLEAR_BASE, /* a much bigger closure: the base is dropped */
    PC_COMMON,     /* the base cells the closure holds */
    PC_SHRINK,     /* the base shrinks to that common part */
    PC_FRESH_ON,   /* it holds a generator: finish it fresh ... */
    PC_EXTEND_ALL, /* ... or as the base extended by the start */
    PC_CHAIN,      /* a new best: rebase, or note the chain */
    PC_EXPANDED,   /* the start's closure size is in n */
    PC_LOWEST,     /* the best start's opening (its zero cells) ... */
    PC_LOWEST_FLOOD,
    PC_LOWEST_MIN, /* ... and its top-left cell, which names the answer */
    PC_VIEW,       /* leave the best start's closure on the board */
    PC_VIEW_EXTEND,
    PC_VIEW_FRESH,
    PC_ANSWER,
    PC_FINISH_LIST, /* clear and set bits along the list, then `after` */
    PC_DONE
};

/*
 * The map of the states (PC_ left off).  "finish -> X" is FINISH_LIST: it
 * walks the work list clearing the touched bits (and setting the bits
 * named, as in "finish +seen"), then goes on at X; make_base is the
 * sequence drawn below it.  d is the start being expanded.
 *
 *   INIT -> SCAN -> (no start left, or the best clears every safe cell) LOWEST
 *                -> (a zero start d, no base yet) FRESH_FIRST -> make_base
 *                -> (a zero start d) EXTEND
 *
 *   EXTEND -> (the base plus d clears no more than the best) finish +seen -> EXPANDED
 *          -> (it outgrew the best, or its limit) finish -> FRESH -> FRESH_DONE
 *   FRESH_DONE, when Cl(d) holds no generator of the base:
 *          -> (more than twice the base) CLEAR_BASE -> make_base
 *          -> (at least half the base) COMMON
 *          -> finish -> EXPANDED
 *   COMMON -> (most of the base, not all) SHRINK -> finish -> EXPANDED
 *          -> finish -> EXPANDED
 *   FRESH_DONE, when Cl(d) holds a generator (so the base: a new best):
 *          -> (listed no less than the base) FRESH_ON -> CHAIN
 *          -> finish -> EXTEND_ALL -> CHAIN
 *   CHAIN -> (more than twice the base, or three bests in a chain) make_base
 *         -> finish +seen -> EXPANDED
 *
 *   make_base: finish +base +seen -> BASE_OLD
 *   BASE_OLD -> (an old base) BASE_OLD_FLOOD -> finish -generator -> BASE_NEW
 *            -> BASE_NEW
 *   BASE_NEW -> BASE_NEW_FLOOD -> finish +generator -> BASE_DONE -> EXPANDED
 *
 *   EXPANDED -> SCAN
 *
 *   LOWEST -> (the best start clears more than itself) LOWEST_FLOOD -> LOWEST_MIN
 *               -> finish -> VIEW
 *          -> VIEW
 *   VIEW -> (the base is all of the best start's closure) ANSWER
 *        -> (the best start's closure holds the base) VIEW_EXTEND -> ANSWER
 *        -> VIEW_FRESH -> ANSWER
 *   ANSWER -> DONE
 */

/* ---- the work list's walk: FINISH_LIST ---------------------------------- */

/* Goes to FINISH_LIST, which walks the listed cells, clearing `clear` bits
 * and setting `set` bits, then goes on at `after` with the list emptied. */
static enum solve_pc list_finish(sap_casual *cs, uint32_t clear, uint32_t set,
                                 enum solve_pc after)
{
    cs->finish_clear = clear;
    cs->finish_set = set;
    cs->cursor = cs->head;
    cs->after = (uint8_t)after;
    return PC_FINISH_LIST;
}

static enum solve_pc finish_list(sap_casual *cs, uint32_t *budget)
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
        return PC_FINISH_LIST;
    list_start(cs);
    return (enum solve_pc)cs->after;
}

/* ---- the scan over the starts -------------------------------------------- */

/* Every row laid out, the marks of an earlier solve forgotten, and the
 * first safe cell noted: any non-zero start clears just itself. */
static enum solve_pc init(sap_casual *cs, uint32_t *budget)
{
    uint32_t total = cs->rows * cs->cols, b = *budget, x;
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
        return PC_INIT;
    cs->rows_ready = cs->rows;
    sap_casual_order_begin(cs);
    return PC_SCAN;
}

/* The expansion of cs->start begins: on the base if there is one, else
 * fresh. */
static enum solve_pc expand_begin(sap_casual *cs)
{
    uint32_t margin, limit;
    if (!cs->has_base) {
        sap_casual_fresh_begin(cs, cs->start, false);
        return PC_FRESH_FIRST;
    }
    /* Cl(d) lies within the base extended by d: if that is no bigger than
     * the best, d cannot win.  The extension stops once it is bigger, or
     * once it is a big part of the base: then d's closure is most likely
     * its own large region, better computed fresh. */
    margin = cs->best_cleared - cs->base_cleared;
    limit = cs->base_cleared / 4 + EXTEND_BUDGET_MIN;
    sap_casual_extend_begin(cs, cs->start, margin < limit ? margin : limit);
    return PC_EXTEND;
}

/* The next start to expand; the answer once there is none, or once the
 * best clears every safe cell. */
static enum solve_pc scan(sap_casual *cs, uint32_t *budget)
{
    uint32_t start;
    if (cs->best_cleared >= cs->safe)
        return PC_LOWEST;
    if (!sap_casual_next_start(cs, budget, &start))
        return PC_SCAN;
    if (start == LINK_NONE)
        return PC_LOWEST;
    cs->start = start;
    return expand_begin(cs);
}

/* The start's closure size is in n (0 when it cannot win). */
static enum solve_pc expanded(sap_casual *cs)
{
    if (cs->n > cs->best_cleared) {
        cs->best = cs->start;
        cs->best_cleared = cs->n;
    }
    cs->walk++;
    return PC_SCAN;
}

/* ---- making the base ----------------------------------------------------- */

/* The listed closure of cs->start (cs->n cleared cells), which holds the
 * current base if there is one, becomes the base.  Its generators are the
 * cells whose closure is known to hold it: the start's zero component
 * (each of those clears all the others). */
static enum solve_pc make_base(sap_casual *cs)
{
    return list_finish(cs, CELL_TOUCHED, CELL_BASE | CELL_SEEN, PC_BASE_OLD);
}

static enum solve_pc base_old(sap_casual *cs)
{
    if (!cs->has_base)
        return PC_BASE_NEW;
    sap_casual_zero_begin(cs, cs->base_start, true);
    return PC_BASE_OLD_FLOOD;
}

static enum solve_pc base_old_flood(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_zero_run(cs, budget))
        return PC_BASE_OLD_FLOOD;
    return list_finish(cs, CELL_TOUCHED | CELL_GENERATOR, 0, PC_BASE_NEW);
}

static enum solve_pc base_new(sap_casual *cs)
{
    sap_casual_zero_begin(cs, cs->start, false);
    return PC_BASE_NEW_FLOOD;
}

static enum solve_pc base_new_flood(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_zero_run(cs, budget))
        return PC_BASE_NEW_FLOOD;
    return list_finish(cs, CELL_TOUCHED, CELL_GENERATOR, PC_BASE_DONE);
}

static enum solve_pc base_done(sap_casual *cs)
{
    cs->has_base = 1;
    cs->base_start = cs->start;
    cs->base_cleared = cs->n;
    cs->base_whole = 1;
    cs->record = LINK_NONE;
    cs->record_depth = 0;
    return PC_EXPANDED;
}

/* ---- expanding a start ----------------------------------------------------- */

/* With no base yet: the start's closure, which becomes the base. */
static enum solve_pc fresh_first(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_fresh_run(cs, budget))
        return PC_FRESH_FIRST;
    cs->n = cs->cleared;
    return make_base(cs);
}

static enum solve_pc extend(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_extend_run(cs, budget))
        return PC_EXTEND;
    if (cs->stopped)
        return list_finish(cs, CELL_TOUCHED, 0, PC_FRESH);
    /* Every later start x in this extension is bounded by it too (the
     * closure of the base plus x lies within it, as it is closed), so none
     * of them can win either: mark them all seen. */
    cs->n = 0;
    return list_finish(cs, CELL_TOUCHED, CELL_SEEN, PC_EXPANDED);
}

static enum solve_pc fresh(sap_casual *cs)
{
    sap_casual_fresh_begin(cs, cs->start, true);
    return PC_FRESH_DONE;
}

static enum solve_pc fresh_done(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_fresh_run(cs, budget))
        return PC_FRESH_DONE;
    cs->n = cs->cleared;
    if (!cs->stopped) {
        /* Cl(d) holds no generator of the base */
        if (cs->n > 2 * cs->base_cleared) {
            cs->cursor = 0;
            return PC_CLEAR_BASE;
        }
        if (2 * cs->n >= cs->base_cleared) {
            cs->cursor = cs->head;
            cs->count = 0;
            return PC_COMMON;
        }
        return list_finish(cs, CELL_TOUCHED, 0, PC_EXPANDED);
    }
    /* Cl(d) holds a generator, hence the whole base: it is exactly the base
     * extended by d, and bigger than the best so far.  When the base is no
     * bigger than what the fresh engine has listed already, finishing fresh
     * costs less than extending the base. */
    cs->stop_at_generator = 0;
    if (cs->cleared >= cs->base_cleared) {
        cs->stopped = 0;
        return PC_FRESH_ON;
    }
    return list_finish(cs, CELL_TOUCHED, 0, PC_EXTEND_ALL);
}

/* A closure more than twice the base replaces it. */
static enum solve_pc clear_base(sap_casual *cs, uint32_t *budget)
{
    uint32_t total = cs->rows * cs->cols, b = *budget, x;
    for (x = cs->cursor; x < total && b > 0; x++, b--)
        cs->cells[x] &= ~(CELL_BASE | CELL_GENERATOR);
    *budget = b;
    cs->cursor = x;
    if (x < total)
        return PC_CLEAR_BASE;
    cs->has_base = 0;
    return make_base(cs);
}

/* The safe cells of the base that the listed closure holds. */
static enum solve_pc common(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget, x;
    for (x = cs->cursor; x != LINK_NONE && b > 0; b--) {
        uint32_t word = cs->cells[x];
        cs->count += (word & (CELL_BASE | CELL_MINE)) == CELL_BASE;
        x = word & CELL_LINK;
    }
    *budget = b;
    cs->cursor = x;
    if (x != LINK_NONE)
        return PC_COMMON;
    if (cs->count < cs->base_cleared && 2 * cs->count >= cs->base_cleared) {
        cs->cursor = 0;
        cs->count = 0;
        return PC_SHRINK;
    }
    return list_finish(cs, CELL_TOUCHED, 0, PC_EXPANDED);
}

/* The closure T holds the base only in part, but most of it: the base
 * becomes its common part with T.  Both are closed under the rules, so
 * their common part is too, and it still lies in Cl(base_start): a valid
 * base (with the same generators), a smaller one, which bounds tightly the
 * starts whose closures cover mostly that part. */
static enum solve_pc shrink(sap_casual *cs, uint32_t *budget)
{
    uint32_t total = cs->rows * cs->cols, b = *budget, x;
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
        return PC_SHRINK;
    cs->base_cleared = cs->count;
    cs->base_whole = 0;
    return list_finish(cs, CELL_TOUCHED, 0, PC_EXPANDED);
}

static enum solve_pc fresh_on(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_fresh_run(cs, budget))
        return PC_FRESH_ON;
    cs->n = cs->cleared;
    return PC_CHAIN;
}

static enum solve_pc extend_all(sap_casual *cs, uint32_t *budget)
{
    /* an empty list: the state is entered, not resumed */
    if (cs->next == LINK_NONE && cs->head == LINK_NONE)
        sap_casual_extend_begin(cs, cs->start, UINT32_MAX);
    if (!sap_casual_extend_run(cs, budget))
        return PC_EXTEND_ALL;
    cs->n = cs->base_cleared + cs->cleared;
    return PC_CHAIN;
}

/* The listed cells (all of Cl(d), or its part outside the base) make Cl(d)
 * with the base, a new best. */
static enum solve_pc chain(sap_casual *cs)
{
    bool chained = cs->record != LINK_NONE && (cs->cells[cs->record] & CELL_TOUCHED);
    if (cs->n > 2 * cs->base_cleared
        || (chained && cs->record_depth + 1u >= CHAIN_DEPTH_TO_REBASE))
        return make_base(cs);
    cs->record_depth = chained ? (uint8_t)(cs->record_depth + 1) : 0;
    cs->record = cs->start;
    return list_finish(cs, CELL_TOUCHED, CELL_SEEN, PC_EXPANDED);
}

/* ---- the answer ---------------------------------------------------------- */

/* The zero cells joined to the best start through zero cells all have its
 * closure (each clears the others): the answer names the top-left one, so
 * that an opening is named the same whichever of its cells the visiting
 * order met first.  cs->count keeps the lowest so far. */
static enum solve_pc lowest(sap_casual *cs)
{
    cs->count = cs->best;
    if (cs->best_cleared > 1 && is_zero_cell(cs, cs->best)) {
        sap_casual_zero_begin(cs, cs->best, false);
        return PC_LOWEST_FLOOD;
    }
    return PC_VIEW;
}

static enum solve_pc lowest_flood(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_zero_run(cs, budget))
        return PC_LOWEST_FLOOD;
    cs->cursor = cs->head;
    return PC_LOWEST_MIN;
}

static enum solve_pc lowest_min(sap_casual *cs, uint32_t *budget)
{
    uint32_t b = *budget, x;
    for (x = cs->cursor; x != LINK_NONE && b > 0; b--) {
        if (x < cs->count)
            cs->count = x;
        x = cs->cells[x] & CELL_LINK;
    }
    *budget = b;
    cs->cursor = x;
    if (x != LINK_NONE)
        return PC_LOWEST_MIN;
    return list_finish(cs, CELL_TOUCHED, 0, PC_VIEW);
}

/* Leaves the best start's closure on the board for left_covered. */
static enum solve_pc view(sap_casual *cs)
{
    if (cs->has_base && cs->base_whole && cs->base_start == cs->best) {
        cs->view = (uint8_t)(CELL_BASE >> 24);
        return PC_ANSWER;
    }
    if (cs->has_base && cs->record == cs->best) {
        sap_casual_extend_begin(cs, cs->best, UINT32_MAX); /* best holds the base */
        return PC_VIEW_EXTEND;
    }
    sap_casual_fresh_begin(cs, cs->best, false);
    return PC_VIEW_FRESH;
}

static enum solve_pc view_extend(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_extend_run(cs, budget))
        return PC_VIEW_EXTEND;
    cs->view = (uint8_t)((CELL_BASE | CELL_TOUCHED) >> 24);
    return PC_ANSWER;
}

static enum solve_pc view_fresh(sap_casual *cs, uint32_t *budget)
{
    if (!sap_casual_fresh_run(cs, budget))
        return PC_VIEW_FRESH;
    cs->view = (uint8_t)(CELL_TOUCHED >> 24);
    return PC_ANSWER;
}

static enum solve_pc answer(sap_casual *cs)
{
    cs->best = cs->count;
    return PC_DONE;
}

/* ---- the loop -------------------------------------------------------------- */

/* One state's worth of the solve, within *budget: the state that follows,
 * or the same state when the budget ran out inside it. */
static enum solve_pc solve_state(sap_casual *cs, uint32_t *budget)
{
    switch ((enum solve_pc)cs->pc) {
    case PC_INIT:
        return init(cs, budget);
    case PC_SCAN:
        return scan(cs, budget);
    case PC_FRESH_FIRST:
        return fresh_first(cs, budget);
    case PC_BASE_OLD:
        return base_old(cs);
    case PC_BASE_OLD_FLOOD:
        return base_old_flood(cs, budget);
    case PC_BASE_NEW:
        return base_new(cs);
    case PC_BASE_NEW_FLOOD:
        return base_new_flood(cs, budget);
    case PC_BASE_DONE:
        return base_done(cs);
    case PC_EXTEND:
        return extend(cs, budget);
    case PC_FRESH:
        return fresh(cs);
    case PC_FRESH_DONE:
        return fresh_done(cs, budget);
    case PC_CLEAR_BASE:
        return clear_base(cs, budget);
    case PC_COMMON:
        return common(cs, budget);
    case PC_SHRINK:
        return shrink(cs, budget);
    case PC_FRESH_ON:
        return fresh_on(cs, budget);
    case PC_EXTEND_ALL:
        return extend_all(cs, budget);
    case PC_CHAIN:
        return chain(cs);
    case PC_EXPANDED:
        return expanded(cs);
    case PC_LOWEST:
        return lowest(cs);
    case PC_LOWEST_FLOOD:
        return lowest_flood(cs, budget);
    case PC_LOWEST_MIN:
        return lowest_min(cs, budget);
    case PC_VIEW:
        return view(cs);
    case PC_VIEW_EXTEND:
        return view_extend(cs, budget);
    case PC_VIEW_FRESH:
        return view_fresh(cs, budget);
    case PC_ANSWER:
        return answer(cs);
    case PC_FINISH_LIST:
        return finish_list(cs, budget);
    default:
        return PC_DONE;
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
        list_start(cs);
        cs->pc = PC_INIT;
    }
    if (budget == 0)
        budget = 1;
    while (cs->pc != PC_DONE) {
        cs->pc = (uint8_t)solve_state(cs, &budget);
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
