/*
 * deduce.c - the deduction engine: from what a player sees (the opened
 * numbers, the board's size and mine count; never the player's marks),
 * which covered cells are certainly safe, certainly mines, and the exact
 * mine probability of every one, every consistent layout weighing the same.
 *
 * The usual way, in bounded steps (sapper.h section 2):
 *   1. scan: the covered cells next to a number are the frontier; the
 *      others are the interior, which only the mine total constrains;
 *      the cheap rules (deduce_rules.c) settle what one or two numbers
 *      decide;
 *   2. components: the unsettled frontier cells joined through the numbers
 *      they share, each in breadth-first order (neighbours close together;
 *      deduce_components.c);
 *   3. count: each component's consistent assignments, by mine count.  A
 *      component of SWEEP_MIN_CELLS (8) cells or more by a sweep along its
 *      order (deduce_sweep.c): a dynamic programme whose state is what the
 *      numbers seen in part still need and the mines placed, so its work
 *      is the component's length times the states of its widest cut, not
 *      its number of assignments (billions on a long expert frontier).  A
 *      smaller one, or one whose cut does not fit the sweep's room, by a
 *      backtracking walk whose state lives in the cells (no recursion),
 *      a step per node of its tree of assignments;
 *   4. combine: the components' counts and the interior's binomials
 *      C(I, M - s) give every component a weight per mine count k: the
 *      layouts of everything else that fit with it;
 *   5. weigh: each component the same way again, the sweep backwards too
 *      (each state's weight of ways to finish) and the walk handing each
 *      subtree's weight up, so every cell gets the weight of the layouts
 *      with a mine there.
 * A cell is certain when no assignment of positive weight says otherwise:
 * weights are exactly zero or not (weight.c), so certainty is exact;
 * the probabilities are good to about 2^-30.
 *
 * Limits: a component the sweep cannot take (a cut of more than 17
 * numbers, or a layer of more states than its room holds: about 0.4 a
 * workspace cell, 180 on 16 x 30) is walked, and the walk is exponential;
 * past SAP_DEDUCE_MAX_STEPS steps in all, or more unsettled frontier cells
 * than the workspace holds, the engine gives up and claims nothing.
 *
 * Memory (SAP_DEDUCE_BYTES): per cell 3 bytes (flags, and for a number:
 * mines still needed, covered neighbours not yet assigned; a swept
 * component's cells keep their place in the order there), an order entry,
 * and per workspace cell 8 weights: a mass, the components' counts and
 * weights, and the combining room, which the sweep uses while counting and
 * weighing.
 */
#include "deduce.h"
#include "game.h"

/* ---- 1. scan ------------------------------------------------------------ */

static bool scan(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d), *need = need_of(d);
    uint32_t x = d->cursor;
    /* what the player sees, once: a number in need[], covered as 0xFF */
    for (; *budget > 0 && x < d->cells; x++, --*budget) {
        int n = x == d->supposed[0]   ? (int)d->supposed_number[0]
                : x == d->supposed[1] ? (int)d->supposed_number[1]
                                      : sap_seen_number(d->game, x / d->cols, x % d->cols);
        flags[x] = n < 0 ? 0 : F_OPEN;
        need[x] = n < 0 ? 0xFFu : (uint8_t)n;
        d->covered += n < 0;
    }
    d->cursor = x;
    return x == d->cells;
}

/* PH_FRONTIER: each number's covered neighbours, which are the frontier,
 * and every number with some on the rules' stack; a cell a step. */
static bool mark_frontier(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d), *free_ = free_of(d);
    uint32_t x = d->cursor;
    for (; *budget > 0 && x < d->cells; x++, --*budget) {
        struct sap_box b;
        uint32_t r, c, covered = 0;
        if (!(flags[x] & F_OPEN))
            continue;
        b = box_at(d, x);
        for (r = b.top; r <= b.bottom; r++)
            for (c = b.left; c <= b.right; c++) {
                uint32_t y = r * d->cols + c;
                if (!(flags[y] & F_OPEN)) {
                    flags[y] |= F_FRONTIER;
                    covered++;
                }
            }
        free_[x] = (uint8_t)covered;
        if (covered > 0)
            sap_deduce_rules_push(d, x);
    }
    d->cursor = x;
    return x == d->cells;
}

/* ---- 3 and 5. the walk over one component's assignments ------------------ */

/* Assigns x (a mine or not) and checks every number around it: false when
 * one can no longer be met (the assignment is then undone). */
static bool assign(sap_deduce *d, uint32_t x, bool mine)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, x);
    uint32_t r, c;
    bool ok = true;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c;
            if (!(flags[n] & F_OPEN))
                continue;
            free_[n]--;
            if (mine)
                need[n]--; /* need > 0 is checked first below */
            if (need[n] > free_[n] || need[n] == 0xFFu)
                ok = false;
        }
    if (mine)
        flags[x] |= F_MINE;
    return ok;
}

static void unassign(sap_deduce *d, uint32_t x)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, x);
    bool mine = (flags[x] & F_MINE) != 0;
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c;
            if (!(flags[n] & F_OPEN))
                continue;
            free_[n]++;
            if (mine)
                need[n]++;
        }
    flags[x] &= (uint8_t)~F_MINE;
}

/* The weighing pass keeps, for each depth, the weight of the layouts found
 * below the value its cell has now (acc[], in the combining room, which is
 * free by then); a cell's total is handed to its mass and to its parent
 * when the cell changes value.  So a layout costs O(1), not O(group). */

/* One complete assignment: counted (pass 1) or weighed (pass 2). */
static void record(sap_deduce *d)
{
    uint32_t k = d->placed;
    if (d->phase == PH_COUNT) {
        struct sap_weight *p = counts_of(d) + d->comp_poly + k;
        *p = sap_weight_add(*p, sap_weight_of(1));
    } else {
        struct sap_weight w = weights_of(d)[d->comp_poly + k];
        struct sap_weight *acc = acc_of(d) + d->depth - 1;
        if (!sap_weight_is_zero(w)) /* else no layout of the rest fits */
            *acc = sap_weight_add(*acc, w);
    }
}

/* The cell at depth i is about to change value (pass 2): what was found
 * under its current one is settled into its flags and mass. */
static void hand_up(sap_deduce *d, uint32_t i)
{
    uint8_t *flags = flags_of(d);
    uint32_t x = order_of(d)[d->comp_start + i];
    struct sap_weight *acc = acc_of(d);
    if (d->phase != PH_WEIGH || sap_weight_is_zero(acc[i]))
        return;
    if (flags[x] & F_MINE) {
        flags[x] |= F_SEEN_MINE;
        mass_of(d)[d->comp_start + i] = sap_weight_add(mass_of(d)[d->comp_start + i], acc[i]);
    } else {
        flags[x] |= F_SEEN_SAFE;
    }
    if (i > 0)
        acc[i - 1] = sap_weight_add(acc[i - 1], acc[i]);
}

/* Walks the component's assignments on for *budget steps; true when done.
 * The cell at depth i is order[comp_start + i]; F_TRIED says its second
 * value is the one assigned now. */
static bool walk(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d);
    struct sap_weight *acc = acc_of(d);
    uint32_t size = d->comp_end - d->comp_start;

    while (*budget > 0) {
        --*budget;
        if (d->entered) {
            /* descend: the next cell takes its first value (safe) */
            if (d->depth == size) {
                record(d);
            } else {
                uint32_t x = order[d->comp_start + d->depth];
                flags[x] &= (uint8_t)(~(F_TRIED | F_MINE));
                acc[d->depth] = sap_weight_of(0);
                if (assign(d, x, false)) {
                    d->depth++;
                    continue;
                }
                unassign(d, x);
                /* the first value failed: try the second at once */
                flags[x] |= F_TRIED;
                if (assign(d, x, true)) {
                    d->placed++;
                    d->depth++;
                    continue;
                }
                unassign(d, x);
            }
            d->entered = 0;
        }
        /* back up to the deepest cell that still has its second value */
        for (;;) {
            uint32_t x;
            if (d->depth == 0)
                return true;
            x = order[d->comp_start + d->depth - 1];
            hand_up(d, d->depth - 1);
            if (flags[x] & F_TRIED) {
                if (flags[x] & F_MINE)
                    d->placed--;
                unassign(d, x);
                d->depth--;
                continue;
            }
            unassign(d, x);
            flags[x] |= F_TRIED;
            acc[d->depth - 1] = sap_weight_of(0);
            if (assign(d, x, true)) {
                d->placed++;
                d->entered = 1;
                break;
            }
            unassign(d, x);
            d->depth--;
        }
    }
    return false;
}

/* A walk given up half way (at SAP_DEDUCE_MAX_STEPS) gives back what its
 * cells took from the numbers around them: a block kept between moves
 * (deduce_live.c) goes on from those numbers. */
static void walk_abandon(sap_deduce *d)
{
    /* depth is 0 but in a walk under way (a walk ends at 0) */
    while (d->depth > 0) {
        d->depth--;
        unassign(d, order_of(d)[d->comp_start + d->depth]);
    }
}

/* Starts the walk of the component at order[cursor]. */
static void walk_start(sap_deduce *d)
{
    d->comp_start = d->cursor;
    d->comp_end = group_end(d, d->cursor);
    d->depth = 0;
    d->placed = 0;
    d->entered = 1;
}

/* Whether the component just started is swept rather than walked. */
static bool sweeps(sap_deduce *d)
{
    uint32_t size = d->comp_end - d->comp_start;
    if (d->count_by == COUNT_WALK || (d->count_by == COUNT_AUTO && size < SWEEP_MIN_CELLS))
        return false;
    return sap_deduce_sweep_begin(d);
}

/* Walks (or sweeps) every component in turn (pass 1 or 2); true when all
 * are done. */
static bool walk_all(sap_deduce *d, uint32_t *budget)
{
    while (*budget > 0) {
        if (d->comp_end <= d->cursor) { /* the next component */
            if (d->cursor == d->frontier)
                return true;
            walk_start(d);
            d->comp_swept = sweeps(d);
        }
        if (d->comp_swept) {
            int done = sap_deduce_sweep(d, budget);
            if (done == SWEEP_MORE)
                return false;
            if (done == SWEEP_UNFIT) { /* the walk takes it from the start */
                d->comp_swept = 0;
                continue;
            }
        } else if (!walk(d, budget))
            return false;
        d->comp_poly += d->comp_end - d->comp_start + 1;
        d->cursor = d->comp_end;
    }
    return d->cursor == d->frontier && d->comp_end <= d->cursor;
}

/* ---- 6. odds ------------------------------------------------------------ */

/* In units of 0.01 %, 0 and 10000 kept for certain cells; ODDS_BELOW
 * when the exact figure lies below it (weight.h). */
static uint32_t odds_of(struct sap_weight mass, struct sap_weight total)
{
    return sap_weight_odds(mass, total);
}

/* Each walked cell's odds, kept in its need and free bytes (which a
 * covered cell does not use), so the workspace holds nothing per cell
 * when the answers are read; the interior's once. */
static bool odds(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    uint32_t *order = order_of(d);
    struct sap_weight *mass = mass_of(d);
    if (d->cursor == 0)
        d->interior_odds = odds_of(d->interior_mass, d->total);
    for (; *budget > 0 && d->cursor < d->frontier; d->cursor++, --*budget) {
        uint32_t x = order[d->cursor], p = odds_of(mass[d->cursor], d->total);
        if ((flags[x] & F_SETTLED) != F_SETTLED)
            continue; /* certain: the flags say which */
        need[x] = (uint8_t)(p & 0xFFu);
        free_[x] = (uint8_t)(p >> 8);
    }
    return d->cursor == d->frontier;
}

/* ---- the API ------------------------------------------------------------ */

int sap_deduce_init(sap_deduce **deduce, void *memory, size_t bytes, const sap_game *game)
{
    sap_deduce *d;
    uint32_t rows, cols;
    size_t need;

    if (deduce == NULL || game == NULL)
        return SAP_ERR_ARG;
    *deduce = NULL;
    rows = sap_game_rows(game);
    cols = sap_game_cols(game);
    need = SAP_DEDUCE_BYTES(rows, cols);
    if (memory == NULL || bytes < need)
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (SAP_BLOCK_ALIGN - 1u)) != 0)
        return SAP_ERR_ARG;
    d = (sap_deduce *)memory;
    memset(d, 0, sizeof *d);
    d->game = game;
    d->rows = rows;
    d->cols = cols;
    d->cells = rows * cols;
    d->room = SAP_DEDUCE_ROOM(d->cells);
    d->mines = sap_game_mines(game);
    d->supposed[0] = d->supposed[1] = d->cells;
    d->phase = PH_SCAN;
    *deduce = d;
    return SAP_OK;
}

void sap_deduce_set_depth(sap_deduce *d, enum deduce_depth depth)
{
    d->reach = (uint8_t)depth;
}

void sap_deduce_set_count(sap_deduce *d, enum deduce_count how)
{
    d->count_by = (uint8_t)how;
}

void sap_deduce_suppose(sap_deduce *d, uint32_t x, uint8_t number)
{
    uint32_t i = d->supposed[0] == d->cells ? 0u : 1u;
    if (d->supposed[i] == d->cells) {
        d->supposed[i] = x;
        d->supposed_number[i] = number;
    }
}

void sap_deduce_assume(sap_deduce *d, uint32_t x, bool mine)
{
    if (x < d->cells && d->assumed_count < 2u) {
        d->assumed_mines |= (uint8_t)((mine ? 1u : 0u) << d->assumed_count);
        d->assumed[d->assumed_count++] = x;
    }
}

/* The cells assumed, settled as the rules would settle them: the count
 * that follows has them so (an interior cell settled leaves the interior,
 * and a mine the mines left for it).  An opened cell is no mine. */
static void settle_assumed(sap_deduce *d)
{
    const uint8_t *flags = flags_of(d);
    uint32_t i;
    for (i = 0; i < d->assumed_count; i++) {
        uint32_t x = d->assumed[i];
        bool mine = (d->assumed_mines >> i) & 1u;
        if (flags[x] & F_OPEN)
            d->contradiction |= mine;
        else if (flags[x] & F_SETTLED)
            d->contradiction |= ((flags[x] & F_SEEN_MINE) != 0) != mine;
        else
            sap_deduce_rules_settle(d, x, mine);
    }
}

/* One phase for *budget steps; true when it is over (d->phase then says
 * what comes next). */
static bool phase_step(sap_deduce *d, uint32_t *budget)
{
    switch (d->phase) {
    case PH_SCAN:
        if (!scan(d, budget))
            return false;
        d->cursor = 0;
        d->phase = PH_FRONTIER;
        return true;
    case PH_FRONTIER:
        if (!mark_frontier(d, budget))
            return false;
        settle_assumed(d);
        d->cursor = 0;
        d->phase = PH_RULES;
        return true;
    case PH_RULES:
        if (!sap_deduce_rules(d, budget))
            return false;
        if (d->contradiction || d->settled_mines > d->mines) {
            d->phase = PH_FAILED; /* no layout fits what is seen */
            d->result = (uint8_t)-SAP_ERR_STATE;
            return true;
        }
        d->queue = 0; /* order[] is the walk's from here */
        d->phase = d->reach == DEPTH_FULL ? PH_COMPONENTS : PH_DONE;
        return true;
    case PH_COMPONENTS: {
        uint32_t i;
        struct sap_weight *counts = counts_of(d);
        if (!sap_deduce_components(d, budget))
            return false;
        if (d->frontier > d->room) { /* past the workspace: claim nothing */
            d->phase = PH_FAILED;
            d->result = (uint8_t)-SAP_ERR_SIZE;
            return true;
        }
        /* each group's counts at its first place plus its index: below
         * twice the frontier (not the whole room: a local pass is small) */
        for (i = 0; i < 2u * d->frontier + 2u; i++)
            counts[i] = sap_weight_of(0);
        d->cursor = 0;
        d->comp_end = 0;
        d->comp_poly = 0;
        d->phase = PH_COUNT;
        return true;
    }
    case PH_COUNT:
        if (!walk_all(d, budget))
            return false;
        if (d->local) { /* no mine count: every assignment of a group fits */
            uint32_t i;
            struct sap_weight *counts = counts_of(d), *weights = weights_of(d);
            for (i = 0; i < d->comp_poly; i++)
                weights[i] = sap_weight_of(!sap_weight_is_zero(counts[i]));
            d->total = sap_weight_of(1);
            d->phase = PH_WEIGHTS;
            return true;
        }
        sap_deduce_combine_begin(d);
        return true;
    case PH_PRODUCT: /* combining (deduce_combine.c) */
    case PH_TOTAL:
    case PH_WEIGHTS: {
        uint32_t i;
        struct sap_weight *mass = mass_of(d);
        if (!d->local && !sap_deduce_combine(d, budget))
            return false;
        for (i = 0; i < d->frontier; i++)
            mass[i] = sap_weight_of(0);
        if (sap_weight_is_zero(d->total)) {
            d->phase = PH_FAILED; /* no layout fits what is seen */
            d->result = (uint8_t)-SAP_ERR_STATE;
            return true;
        }
        d->cursor = 0;
        d->comp_end = 0;
        d->comp_poly = 0;
        d->phase = PH_WEIGH;
        return true;
    }
    case PH_WEIGH:
        if (!walk_all(d, budget))
            return false;
        d->cursor = 0;
        d->phase = d->local ? PH_DONE : PH_ODDS; /* a local pass settles, no more */
        return true;
    case PH_ODDS:
        if (!odds(d, budget))
            return false;
        d->cursor = 0;
        d->phase = d->live ? PH_DONE : PH_SCALE; /* a live block's odds are all it has */
        return true;
    case PH_SCALE:
        if (!sap_deduce_combine_scale(d, budget))
            return false;
        d->phase = PH_DONE;
        return true;
    default:
        return true;
    }
}

/* The phases SAP_DEDUCE_MAX_STEPS counts: the walks that can grow past
 * any bound, and the work before them.  The pass that marks the frontier
 * and the combining are bounded by the board and the workspace, and are
 * charged to the budget without counting towards giving up. */
static bool counted(uint8_t phase)
{
    return phase != PH_FRONTIER && phase != PH_PRODUCT && phase != PH_TOTAL
           && phase != PH_WEIGHTS && phase != PH_SCALE;
}

int sap_deduce_step(sap_deduce *d, uint32_t budget)
{
    if (d == NULL)
        return SAP_ERR_ARG;
    if (budget == 0)
        budget = 1;
    return sap_deduce_spend(d, &budget);
}

int sap_deduce_spend(sap_deduce *d, uint32_t *budget_left)
{
    uint32_t used = 0, budget = *budget_left;
    while (budget > 0 && d->phase < PH_DONE) {
        uint8_t phase = d->phase;
        /* a walk stops at the limit, however large the budget (a unit
         * begun before it is done whole, sap_deduce_charge) */
        uint32_t room = SAP_DEDUCE_MAX_STEPS - d->steps;
        uint32_t cap = !counted(phase) ? budget : used < room ? room - used : 0;
        uint32_t slice = budget < cap ? budget : cap, left = slice, work = d->work, spent;
        if (slice == 0)
            break;
        (void)phase_step(d, &left);
        budget -= slice - left;
        d->work += slice - left;
        spent = d->work - work; /* the steps the work cost, past the slice too */
        if (counted(phase))
            used = spent > UINT32_MAX - used ? UINT32_MAX : used + spent;
    }
    d->steps = used > SAP_DEDUCE_MAX_STEPS - d->steps ? SAP_DEDUCE_MAX_STEPS : d->steps + used;
    *budget_left = budget;
    if (d->phase == PH_DONE)
        return SAP_OK;
    if (d->phase == PH_FAILED)
        return -(int)d->result;
    if (d->steps >= SAP_DEDUCE_MAX_STEPS) {
        walk_abandon(d);
        d->phase = PH_FAILED; /* gave up: nothing is claimed */
        d->result = (uint8_t)-SAP_ERR_SIZE;
        return SAP_ERR_SIZE;
    }
    return SAP_MORE;
}

int sap_deduce_cell(const sap_deduce *d, uint32_t row, uint32_t col, uint32_t *per_10000)
{
    if (d == NULL || per_10000 == NULL)
        return SAP_ERR_ARG;
    if (row >= d->rows || col >= d->cols)
        return SAP_ERR_RANGE;
    if (d->phase != PH_DONE)
        return SAP_ERR_STATE;
    return sap_deduce_view(d, row * d->cols + col, per_10000);
}
