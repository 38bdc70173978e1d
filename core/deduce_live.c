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
 *     changed since the last pass (the seeds), counted and weighed as in a
 *     full deduction (deduce.c: the walk or the sweep) but without the
 *     mine count, every assignment of a group alike.  A cell the same in
 *     every assignment of its group is certain, whatever the rest holds.
 *     A group no seed reaches is unchanged, and its cells still uncertain.
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

void sap_deduce_live_seed(sap_deduce *d, uint32_t n)
{
    uint8_t *flags = flags_of(d);
    if ((flags[n] & F_START) || d->seeds_lost)
        return;
    flags[n] |= F_START; /* on a number: its group is to be counted again */
    if (d->queue + d->seeds + 1u >= d->cells) {
        d->seeds_lost = 1;
        return;
    }
    d->seeds++;
    order_of(d)[d->cells - d->seeds] = n;
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
                    sap_deduce_live_seed(d, y);
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
    sap_deduce_live_seed(d, x);
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
            sap_deduce_live_seed(d, n);
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

/* A covered cell next to number n, unsettled and in no group yet (cells:
 * none). */
static uint32_t first_unqueued(sap_deduce *d, uint32_t n)
{
    uint8_t *flags = flags_of(d);
    struct sap_box b = box_at(d, n);
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * d->cols + c;
            if ((flags[y] & (F_OPEN | F_FRONTIER | F_QUEUED | F_SETTLED)) == F_FRONTIER)
                return y;
        }
    return d->cells;
}

/* The next group of a local pass: its first cell, from the seed under way
 * (d->cursor) or the next seed, queued when `take` (else the seed is only
 * found).  False when no seed is left, or the budget is spent. */
static bool next_start(sap_deduce *d, uint32_t *budget, bool take)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d);
    while (*budget > 0) {
        --*budget;
        if (d->cursor < d->cells) {
            uint32_t y = first_unqueued(d, d->cursor);
            if (y < d->cells) {
                if (take) {
                    flags[y] |= F_QUEUED | F_START;
                    order[d->frontier++] = y;
                }
                return true;
            }
            d->cursor = d->cells; /* this seed's groups are all queued */
        }
        if (d->seeds == 0)
            return false;
        d->cursor = order[d->cells - d->seeds];
        d->seeds--;
        flags[d->cursor] &= (uint8_t)~F_START;
    }
    return false;
}

bool sap_deduce_live_components(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d), i;
    bool full;
    while (*budget > 0) {
        if (d->queue < d->frontier) {
            sap_deduce_queue_partners(d, order[d->queue++]);
            --*budget;
            continue;
        }
        /* A group is whole.  Found from a seed, it starts anywhere along
         * the frontier, and both its ends grow: found again from the cell
         * found last (one end), it grows from there to the other, so its
         * cut is narrow for the sweep, as when the usual pass finds it
         * from the first cell in row order.  (comp_start and comp_poly
         * are free until the count.) */
        if (d->comp_poly == 0 && d->frontier - d->comp_start > 2u) {
            uint32_t end = order[d->frontier - 1];
            for (i = d->comp_start; i < d->frontier; i++)
                flags[order[i]] &= (uint8_t) ~(F_QUEUED | F_START);
            d->frontier = d->queue = d->comp_start;
            flags[end] |= F_QUEUED | F_START;
            order[d->frontier++] = end;
            d->comp_poly = 1;
            continue;
        }
        d->comp_poly = 0;
        d->comp_start = d->frontier;
        /* another, while half the workspace is free; past that, the seed
         * it would come from waits for the next pass, and the seeds before
         * it, whose groups are all in this one, are done with (else a group
         * no count can hold would be walked to the step limit again for
         * each of its numbers) */
        full = d->frontier >= d->room / 2u;
        if (!next_start(d, budget, !full))
            return d->seeds == 0 && d->cursor == d->cells;
        if (full) {
            sap_deduce_live_seed(d, d->cursor); /* its other groups wait */
            return true;
        }
    }
    return false;
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
