/*
 * deduce_rules.c - the cheap rules the deduction engine tries before it
 * counts anything: most frontier cells of a real position are settled by
 * one number or by two overlapping ones, and every cell settled here is a
 * cell the exponential walk need not visit (and groups fall apart where
 * settled cells joined them).
 *
 *   one number:  it needs no more mines: its other covered cells are safe;
 *                it needs as many as it has covered cells: all are mines.
 *   two numbers: a and b, with I the covered cells they share.  b's
 *                mines in I are at most need(b); a can put at most
 *                |A \ I| outside I.  So when need(a) - need(b) = |A \ I|,
 *                every cell of A \ I is a mine and every cell of B \ I
 *                is safe (the subset rule is the case A \ I empty).
 *
 * Both follow from the numbers alone, so every layout that fits what is
 * seen agrees with them: settling cells changes no count.  A number the
 * rules cannot meet (more mines than room, or fewer than placed) means no
 * layout fits; the engine then fails as the walk would.
 *
 * The work is a stack of numbers to look at (in the order[] array, which
 * the walk uses only later): every number once at the start, then again
 * whenever a covered neighbour is settled.  A number is pushed at most
 * once per settled neighbour, so the whole is linear in the board.
 */
#include "deduce.h"

void sap_deduce_rules_push(sap_deduce *d, uint32_t n)
{
    uint8_t *flags = flags_of(d);
    if (flags[n] & F_QUEUED)
        return;
    flags[n] |= F_QUEUED;
    if (d->live && d->queue + d->seeds + 1u >= d->cells) {
        d->seeds = 0; /* the stack reaches the seeds: take every group instead */
        d->seeds_lost = 1;
    }
    order_of(d)[d->queue++] = n;
}

/* A covered neighbour of a number that nothing has settled yet. */
static bool open_question(const uint8_t *flags, uint32_t y)
{
    return (flags[y] & (F_OPEN | F_SETTLED)) == 0;
}

/* Settles covered cell y; its numbers are updated and pushed again.  A
 * live block pushes a safe cell too, to be opened (sap_deduce_live_next,
 * deduce_live.c). */
void sap_deduce_rules_settle(sap_deduce *d, uint32_t y, bool mine)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, y);
    uint32_t r, c;
    flags[y] |= mine ? F_SEEN_MINE : F_SEEN_SAFE;
    d->settled++;
    d->settled_mines += mine;
    if (d->journal != NULL)
        sap_cell_set_add(d->journal, (d->cells + 31u) / 32u, y);
    if (d->live) {
        d->unsure -= (flags[y] & F_FRONTIER) != 0;
        if (!mine)
            sap_deduce_rules_push(d, y);
    }
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c;
            if (!(flags[n] & F_OPEN))
                continue;
            free_[n]--;
            if (mine) {
                if (need[n] == 0)
                    d->contradiction = 1;
                else
                    need[n]--;
            }
            if (need[n] > free_[n])
                d->contradiction = 1;
            if (d->live && !d->passing)
                sap_deduce_components_seed(d, n); /* news to y's group: count it again */
            sap_deduce_rules_push(d, n);
        }
}

/* Settles every open question in box a that is outside box `outside`
 * (pass a box that cannot meet a, such as an empty one, for all of them). */
static void settle_box(sap_deduce *d, struct sap_box a, const struct sap_box *outside,
                       bool mine)
{
    uint8_t *flags = flags_of(d);
    uint32_t r, c;
    for (r = a.top; r <= a.bottom; r++)
        for (c = a.left; c <= a.right; c++) {
            uint32_t y = r * d->cols + c;
            if (outside != NULL && sap_box_holds(outside, r, c))
                continue;
            if (open_question(flags, y))
                sap_deduce_rules_settle(d, y, mine);
        }
}

/* Open questions in both boxes. */
static uint32_t shared(const sap_deduce *d, const uint8_t *flags, struct sap_box a,
                       struct sap_box b)
{
    uint32_t r0 = a.top > b.top ? a.top : b.top, r1 = a.bottom < b.bottom ? a.bottom : b.bottom;
    uint32_t c0 = a.left > b.left ? a.left : b.left, c1 = a.right < b.right ? a.right : b.right;
    uint32_t r, c, n = 0;
    for (r = r0; r <= r1 && c0 <= c1; r++)
        for (c = c0; c <= c1; c++)
            n += open_question(flags, r * d->cols + c);
    return n;
}

/* The two-number rule for a then b: true when it settled something. */
static bool pair(sap_deduce *d, uint32_t a, uint32_t b, uint32_t in_both)
{
    uint8_t *need = need_of(d), *free_ = free_of(d);
    uint32_t a_only = free_[a] - in_both, b_only = free_[b] - in_both;
    struct sap_box ba, bb;
    if (a_only + b_only == 0 || need[a] < need[b] || (uint32_t)(need[a] - need[b]) != a_only)
        return false;
    ba = box_at(d, a);
    bb = box_at(d, b);
    settle_box(d, ba, &bb, true);
    settle_box(d, bb, &ba, false);
    return true;
}

/* Everything the rules say around number n. */
void sap_deduce_rules_examine(sap_deduce *d, uint32_t n)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box bn = box_at(d, n), far;
    uint32_t r, c;

    if (free_[n] == 0)
        return;
    if (need[n] == 0 || need[n] == free_[n]) {
        settle_box(d, bn, NULL, need[n] != 0);
        return;
    }
    /* the numbers that can share a covered cell with n */
    far = sap_box_within(d->rows, d->cols, n / d->cols, n % d->cols, 2);
    for (r = far.top; r <= far.bottom; r++)
        for (c = far.left; c <= far.right; c++) {
            uint32_t m = r * d->cols + c, in_both;
            if (m == n || !(flags[m] & F_OPEN) || free_[m] == 0)
                continue;
            in_both = shared(d, flags, bn, box_at(d, m));
            if (in_both == 0)
                continue;
            if (pair(d, n, m, in_both) || pair(d, m, n, in_both)) {
                sap_deduce_rules_push(d, n); /* its other pairs, on the new counts */
                return;
            }
        }
}

bool sap_deduce_rules(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d);
    uint32_t *stack = order_of(d);
    while (*budget > 0 && d->queue > 0 && !d->contradiction) {
        uint32_t n = stack[--d->queue];
        --*budget;
        flags[n] &= (uint8_t)~F_QUEUED;
        sap_deduce_rules_examine(d, n);
    }
    return d->queue == 0 || d->contradiction;
}
