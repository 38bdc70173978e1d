/*
 * deduce_live.c - the deduction kept between moves (deduce.h says how it
 * is used).  A full deduction reads the whole board every time; a live
 * block is told each cell opened and does only what that cell changes:
 *
 *   - the cell's block: its number's need and free counts, its covered
 *     neighbours joining the frontier, its numbers' counts;
 *   - the cheap rules (deduce_rules.c) from the numbers it changed, which
 *     settle most cells and hand the safe ones back to be opened;
 *   - where the rules stall, a local pass: the groups of the numbers that
 *     changed since the last pass (the seeds, deduce_components.c),
 *     counted and weighed as in a full deduction (deduce.c: the walk or
 *     the sweep) but without the mine count, every assignment of a group
 *     alike.  A cell the same in every assignment of its group is
 *     certain, whatever the rest holds.  A group no seed reaches is
 *     unchanged, and its cells still uncertain.
 *
 * A cell a pass settles was the same in every assignment of its group, so
 * settling it tells the group nothing; anything else that changes a group
 * makes a seed of the numbers around it: a cell opened (a new number, and
 * one unknown fewer for its neighbours), a cell the rules settle (they
 * may have used a number from outside the group as it was counted, as
 * when a new number next to it proves it), a mine moved.  The mine count settles more
 * than the groups only when it binds: with U frontier cells unsettled, I
 * interior cells and L mines left for them, every way of filling the
 * frontier leaves the interior between 0 and I mines (exclusive) when
 * U < L < I, and then the layouts are every combination of the groups'
 * assignments: a cell is certain exactly when its group says so, and the
 * interior is not (live_slack).  Otherwise a global pass, the
 * usual phases from the groups on over the live block, settles what the
 * count proves.
 *
 * This file sits above the deduction's phases (deduce.h): it drives them
 * (the rules a number at a time, its passes through sap_deduce_spend) and
 * they call nothing here; what they must know of a live block, they read
 * in it: the flags set here (live, local, passing) and the seeds.
 *
 * Memory: none beyond the deduction's block.  The rules' stack grows up
 * order[] from its start and the seeds down from its end; numbers and
 * covered cells are apart, so a pass's order and the seeds never meet, and
 * when the stack would reach the seeds they are dropped for a flag that
 * makes the next local pass take every group.
 */
#include "deduce.h"

int sap_deduce_live_init(sap_deduce **deduce, void *memory, size_t bytes, uint32_t rows,
                         uint32_t cols, uint32_t mines)
{
    sap_deduce *d;
    uint32_t cells;
    if (deduce == NULL)
        return SAP_ERR_ARG;
    *deduce = NULL;
    if (sap_text_check_board_size(rows, cols) != SAP_OK)
        return SAP_ERR_SIZE;
    cells = rows * cols;
    if (memory == NULL || bytes < SAP_DEDUCE_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (SAP_BLOCK_ALIGN - 1u)) != 0 || mines >= cells)
        return SAP_ERR_ARG;
    d = (sap_deduce *)memory;
    memset(d, 0, sizeof *d);
    d->rows = rows;
    d->cols = cols;
    d->cells = cells;
    d->room = SAP_DEDUCE_ROOM(cells);
    d->mines = mines;
    d->covered = cells;
    d->supposed[0] = d->supposed[1] = cells;
    d->live = 1;
    d->reach = DEPTH_RULES; /* between passes: what is settled, no odds */
    d->phase = PH_DONE;
    memset(flags_of(d), 0, cells);
    memset(need_of(d), 0xFF, cells);
    memset(free_of(d), 0, cells);
    *deduce = d;
    return SAP_OK;
}

void sap_deduce_live_open(sap_deduce *d, uint32_t x, uint8_t number)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, x);
    uint8_t was = flags[x];
    uint32_t r, c, mines = 0, unknown = 0;
    if (was & F_OPEN)
        return;
    d->counted = 0;
    if (was & F_SETTLED)
        d->settled--; /* settled safe: opened as the rules said */
    else if (was & F_FRONTIER)
        d->unsure--;
    d->covered--;
    flags[x] = (uint8_t)(F_OPEN | (was & F_QUEUED));
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * d->cols + c;
            if (y == x)
                continue;
            if (flags[y] & F_OPEN) { /* a number that saw x unsettled: news */
                if (!(was & F_SETTLED)) {
                    free_[y]--;
                    sap_deduce_components_seed(d, y);
                    sap_deduce_rules_push(d, y);
                }
                continue;
            }
            if (!(flags[y] & F_FRONTIER)) {
                flags[y] |= F_FRONTIER;
                d->unsure += !(flags[y] & F_SETTLED);
            }
            if ((flags[y] & F_SETTLED) == F_SEEN_MINE)
                mines++;
            else if (!(flags[y] & F_SETTLED))
                unknown++;
        }
    if (mines > number || number - mines > unknown)
        d->contradiction = 1;
    need[x] = (uint8_t)(number - mines);
    free_[x] = (uint8_t)unknown;
    sap_deduce_components_seed(d, x);
    sap_deduce_rules_push(d, x);
}

void sap_deduce_live_moved(sap_deduce *d, uint32_t y, bool mine)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, y);
    bool known = (flags[y] & F_SETTLED) != 0; /* a mine the player knew, now safe */
    uint32_t r, c;
    d->counted = 0;
    if (known) {
        flags[y] &= (uint8_t)~F_SETTLED;
        d->settled--;
        d->settled_mines--;
        d->unsure += (flags[y] & F_FRONTIER) != 0;
    }
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c;
            if (!(flags[n] & F_OPEN))
                continue;
            if (known) /* one mine fewer to see, and it placed: the same need */
                free_[n]++;
            else
                need[n] = (uint8_t)(mine ? need[n] + 1u : need[n] - 1u);
            sap_deduce_components_seed(d, n);
            sap_deduce_rules_push(d, n);
        }
}

static bool live_changed(const sap_deduce *d)
{
    return d->seeds > 0 || d->seeds_lost;
}

static bool live_slack(const sap_deduce *d)
{
    uint32_t left = d->mines - d->settled_mines;
    uint32_t interior = d->covered - d->settled - d->unsure;
    return !d->unsolved && d->unsure < left && left < interior;
}

/* Every mark of a seed cleared (a global pass counts every group). */
static void forget_seeds(sap_deduce *d)
{
    uint8_t *flags = flags_of(d);
    uint32_t x;
    if (d->seeds_lost) {
        for (x = 0; x < d->cells; x++)
            if (flags[x] & F_OPEN)
                flags[x] &= (uint8_t)~F_START;
        d->seeds_lost = 0;
    }
    for (; d->seeds > 0; d->seeds--)
        flags[order_of(d)[d->cells - d->seeds]] &= (uint8_t)~F_START;
}

static void live_pass(sap_deduce *d, bool global)
{
    if (global)
        forget_seeds(d);
    d->local = !global;
    d->reach = DEPTH_FULL;
    d->phase = PH_COMPONENTS;
    d->result = 0;
    d->steps = 0;
    d->queue = 0;
    d->frontier = 0;
    d->cursor = global || d->seeds_lost ? 0 : d->cells; /* local: no seed under way */
    d->comp_start = d->comp_end = d->comp_poly = 0;
    d->total = sap_weight_of(0);
    d->interior_mass = sap_weight_of(0);
}

void sap_deduce_live_count(sap_deduce *d)
{
    live_pass(d, true);
}

/* The pass's certain cells, listed in the workspace (free once the flags
 * are read: mass_of() holds room entries of 8 bytes, and a pass that did
 * not fail has at most room cells); the rest back to unsettled. */
static uint32_t list_certain(sap_deduce *d, bool done)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    uint32_t *order = order_of(d), *list = (uint32_t *)(void *)mass_of(d), i, n = 0;
    for (i = 0; i < d->frontier; i++) {
        uint32_t x = order[i];
        uint8_t seen = flags[x] & F_SETTLED;
        flags[x] &= (uint8_t) ~(F_QUEUED | F_START | F_MINE | F_TRIED | F_SETTLED);
        need[x] = 0xFFu; /* the sweep and the odds wrote here */
        free_[x] = 0;
        if (done && (seen == F_SEEN_MINE || seen == F_SEEN_SAFE))
            list[n++] = x | (seen == F_SEEN_MINE ? 0x80000000u : 0u);
    }
    return n;
}

static bool live_settle(sap_deduce *d)
{
    uint8_t *flags = flags_of(d);
    uint32_t *list = (uint32_t *)(void *)mass_of(d), n, i, x;
    bool done = d->phase == PH_DONE, global = !d->local, found;
    bool interior_safe = false, interior_mines = false;
    if (done && global && d->covered - d->settled > d->frontier) {
        interior_safe = sap_weight_is_zero(d->interior_mass);
        interior_mines = d->interior_all_mines != 0;
    }
    n = list_certain(d, done);
    if (d->local && d->seeds_lost)
        forget_seeds(d); /* it took every group */
    if (!done && d->local)
        d->unsolved = 1; /* its groups stay uncounted: no slack claimed */
    if (done && global)
        d->unsolved = 0;
    d->frontier = 0;
    d->queue = 0;
    d->local = 0;
    d->reach = DEPTH_RULES;
    d->phase = PH_DONE;
    found = n > 0 || interior_safe || interior_mines;
    d->passing = 1;
    for (i = 0; i < n; i++)
        sap_deduce_rules_settle(d, list[i] & 0x7FFFFFFFu, (list[i] & 0x80000000u) != 0);
    if (interior_safe || interior_mines) /* rare: the count fills or empties it */
        for (x = 0; x < d->cells; x++)
            if (!(flags[x] & (F_OPEN | F_FRONTIER | F_SETTLED)))
                sap_deduce_rules_settle(d, x, interior_mines);
    d->passing = 0;
    return found;
}

/* The rules, a number a step, as the usual pass runs them
 * (sap_deduce_rules), but a covered cell on the stack is one they settled
 * safe: handed back to be opened. */
int sap_deduce_live_next(sap_deduce *d, uint32_t *budget, uint32_t *x)
{
    uint8_t *flags = flags_of(d);
    uint32_t *stack = order_of(d);
    while (*budget > 0) {
        uint32_t n;
        if (d->queue == 0 || d->contradiction)
            return LIVE_IDLE;
        n = stack[--d->queue];
        --*budget;
        flags[n] &= (uint8_t)~F_QUEUED;
        if (!(flags[n] & F_OPEN)) { /* a cell settled safe: to be opened */
            *x = n;
            return LIVE_READY;
        }
        sap_deduce_rules_examine(d, n);
    }
    return LIVE_MORE;
}

int sap_deduce_live_solve(sap_deduce *d, uint32_t *budget, uint32_t *ready)
{
    while (*budget > 0) {
        uint32_t x = 0;
        int got;
        if (d->reach == DEPTH_FULL) { /* a pass under way */
            bool global = !d->local;
            int err = sap_deduce_spend(d, budget);
            if (err == SAP_MORE)
                return LIVE_MORE;
            (void)live_settle(d);
            if (global && err != SAP_OK)
                return LIVE_PARTIAL; /* the count could not be done */
            d->counted = global;
            continue;
        }
        got = sap_deduce_live_next(d, budget, &x);
        if (got == LIVE_READY && ready != NULL) {
            *ready = x;
            return LIVE_READY;
        }
        if (got != LIVE_IDLE)
            continue; /* a safe cell nobody opens stays settled */
        if (d->contradiction)
            return LIVE_PARTIAL;
        if (live_changed(d))
            live_pass(d, false);
        else if (d->counted || live_slack(d))
            return LIVE_IDLE;
        else
            live_pass(d, true);
    }
    return LIVE_MORE;
}
