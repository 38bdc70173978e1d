/*
 * deduce_components.c - step 2 of the deduction engine (deduce.c): the
 * unsettled frontier cells split into groups, each the cells joined
 * through the numbers they share, in breadth-first order (neighbours close
 * together), one group after the other in order[], each group's first
 * cell marked F_START.
 *
 * A full deduction, and a live block's global pass, find every group,
 * from the frontier's cells in row order.  A live block's local pass
 * (d->local, deduce_live.c) finds only the groups that changed since its
 * last pass: those of its seeds, the numbers whose groups a cell opened, a
 * mine moved or the rules (deduce_rules.c) changed.  Both keep their seeds
 * here, at the top of order[], while the rules' stack grows from its start
 * (deduce_live.c says how the two share it).  So the phases learn of a
 * live block from the block alone, its flags (live, local, seeds_lost,
 * passing) and its seeds, and call nothing of the layer that keeps it.
 */
#include "deduce.h"

/* Queues the unqueued frontier cells that share a number with x. */
static void queue_partners(sap_deduce *d, uint32_t x)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d);
    struct sap_box b = box_at(d, x);
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c, rr, cc;
            struct sap_box nb;
            if (!(flags[n] & F_OPEN))
                continue;
            nb = box_at(d, n);
            for (rr = nb.top; rr <= nb.bottom; rr++)
                for (cc = nb.left; cc <= nb.right; cc++) {
                    uint32_t y = rr * d->cols + cc;
                    if ((flags[y] & (F_FRONTIER | F_QUEUED | F_SETTLED)) == F_FRONTIER) {
                        flags[y] |= F_QUEUED;
                        order[d->frontier++] = y;
                    }
                }
        }
}

/* Every group, from the frontier's cells in row order. */
static bool from_row_order(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d);
    while (*budget > 0) {
        if (d->queue < d->frontier) {
            queue_partners(d, order[d->queue++]);
            --*budget;
            continue;
        }
        for (; d->cursor < d->cells; d->cursor++)
            if ((flags[d->cursor] & (F_FRONTIER | F_QUEUED | F_SETTLED)) == F_FRONTIER)
                break;
        if (d->cursor == d->cells)
            return true;
        flags[d->cursor] |= F_QUEUED | F_START;
        order[d->frontier++] = d->cursor;
    }
    return false;
}

/* Number n a seed: its groups are found again by the next local pass.
 * Where the seeds would reach the rules' stack they are dropped for
 * seeds_lost, and the next local pass finds every group. */
void sap_deduce_components_seed(sap_deduce *d, uint32_t n)
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

/* The groups of the seeds' numbers, each found again from its far end. */
static bool from_seeds(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d), i;
    bool full;
    while (*budget > 0) {
        if (d->queue < d->frontier) {
            queue_partners(d, order[d->queue++]);
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
            sap_deduce_components_seed(d, d->cursor); /* its other groups wait */
            return true;
        }
    }
    return false;
}

bool sap_deduce_components(sap_deduce *d, uint32_t *budget)
{
    return d->local && !d->seeds_lost ? from_seeds(d, budget) : from_row_order(d, budget);
}
