/*
 * deduce_combine.c - step 4 of the deduction engine (deduce.c): the
 * groups' counts by mine count, combined with the interior's binomials
 * C(I, M - s), give every layout's weight (Z), the interior's expected
 * mines, and each group's weight per mine count k (the layouts of
 * everything else that fit with it), which the weighing walk then hands
 * to its cells.  Three phases, each resumable in bounded steps:
 *   PH_BINOM    the binomials, stepped up from C(I, 0);
 *   PH_TOTAL    the product of every group's counts, then Z;
 *   PH_WEIGHTS  per group, the product of the others' counts, then its
 *               weights.
 * The products are convolutions of the counts, a row at a time.
 */
#include "deduce.h"

/* Combining works in sap_weight products and binomial steps, the dearest
 * operations of the engine (a binomial step divides bit by bit): it is
 * charged per operation, a product as a step and a binomial step as
 * SCALE_STEPS, so that a budget stays about as long as elsewhere. */
#define SCALE_STEPS 32u
#define ROW_CLEAR UINT32_MAX /* the convolution's scratch row is still to clear */

static void charge(uint32_t *budget, uint32_t steps)
{
    *budget = *budget > steps ? *budget - steps : 0;
}

/* The combining room: the product of the counts, the interior's
 * binomials, and a scratch row for the convolutions. */
static struct sap_weight *prod_of(sap_deduce *d)
{
    return total_of(d);
}
static struct sap_weight *binom_of(sap_deduce *d)
{
    return total_of(d) + d->room + 1;
}
static struct sap_weight *scratch_of(sap_deduce *d)
{
    return binom_of(d) + d->room + 1;
}

/* Interior cells and the mines left for the frontier and the interior
 * (the rules checked that they are not more than on the board). */
static uint32_t interior_of(const sap_deduce *d)
{
    return d->covered - d->settled - d->frontier;
}
static uint32_t mines_left(const sap_deduce *d)
{
    return d->mines - d->settled_mines;
}

/* PH_BINOM: binom[s] = C(interior, mines - s) for s = 0..frontier, set to
 * 0 on entry; C(I, m) for m from max(0, M - F) up to min(I, M), stepped up
 * from C(I, 0) in d->total (which holds nothing else yet), m in cursor. */
static bool binomials(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *binom = binom_of(d);
    uint32_t interior = interior_of(d), mines = mines_left(d);
    uint32_t lo = mines > d->frontier ? mines - d->frontier : 0;
    uint32_t hi = mines < interior ? mines : interior;
    if (mines > d->frontier + interior)
        return true; /* no layout: every binomial is 0 */
    for (; d->cursor <= hi; d->cursor++) {
        uint32_t m = d->cursor;
        if (*budget == 0)
            return false;
        if (m >= lo)
            binom[mines - m] = d->total;
        d->total = sap_weight_scale(d->total, interior - m, m + 1);
        charge(budget, SCALE_STEPS);
    }
    return true;
}

/* Starts the product of every group's counts but group `skip`'s (all when
 * skip is UINT32_MAX) in the product room. */
static void product_begin(sap_deduce *d, uint32_t skip)
{
    d->u.product.skip = skip;
    d->u.product.at = 0;
    d->u.product.group = 0;
    d->u.product.length = 1;
    d->u.product.row = ROW_CLEAR;
    prod_of(d)[0] = sap_weight_of(1);
}

/* Multiplies the groups' counts into the product for *budget steps (a
 * term a step); true once done.  A group of n cells has n + 1 counts, at
 * its first place plus its index; each multiplication is a convolution
 * into the scratch row, a row of the product at a time, then copied back. */
static bool product_on(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *prod = prod_of(d), *tmp = scratch_of(d);
    while (d->u.product.at < d->frontier) {
        uint32_t at = d->u.product.at, e = group_end(d, at), i, j;
        uint32_t la = d->u.product.length, lb = e - at + 1;
        const struct sap_weight *b = counts_of(d) + at + d->u.product.group;
        if (d->u.product.group != d->u.product.skip) {
            if (*budget == 0)
                return false;
            if (d->u.product.row == ROW_CLEAR) {
                for (i = 0; i < la + lb - 1; i++)
                    tmp[i] = sap_weight_of(0);
                d->u.product.row = 0;
                charge(budget, la + lb - 1);
            }
            while (d->u.product.row<la && * budget> 0) {
                i = d->u.product.row++;
                if (!sap_weight_is_zero(prod[i]))
                    for (j = 0; j < lb; j++)
                        tmp[i + j] = sap_weight_add(tmp[i + j], sap_weight_mul(prod[i], b[j]));
                charge(budget, lb);
            }
            if (d->u.product.row < la)
                return false;
            for (i = 0; i < la + lb - 1; i++)
                prod[i] = tmp[i];
            d->u.product.length += e - at;
        }
        d->u.product.at = e;
        d->u.product.group++;
        d->u.product.row = ROW_CLEAR;
    }
    return true;
}

/* PH_TOTAL: every layout's weight (Z), the expected interior mines times
 * Z, and whether every layout fills the interior; a mine count s (cursor)
 * a binomial step. */
static bool layouts_total(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *prod = prod_of(d), *binom = binom_of(d);
    uint32_t interior = interior_of(d), mines = mines_left(d);
    if (!product_on(d, budget))
        return false;
    for (; d->cursor < d->u.product.length && d->cursor <= d->frontier; d->cursor++) {
        uint32_t s = d->cursor, rest = mines - s; /* mines in the interior */
        struct sap_weight layouts = sap_weight_mul(prod[s], binom[s]);
        if (*budget == 0)
            return false;
        charge(budget, SCALE_STEPS);
        if (sap_weight_is_zero(layouts))
            continue;
        d->total = sap_weight_add(d->total, layouts);
        if (rest < interior)
            d->interior_all_mines = 0;
        if (interior > 0)
            d->interior_mass = sap_weight_add(d->interior_mass,
                                              sap_weight_scale(layouts, rest, interior));
    }
    return true;
}

/* PH_WEIGHTS: each group's weight per mine count k, the other groups'
 * layouts times the interior's, summed over their mine counts j; the
 * group whose first place is cursor, k a step per term. */
static bool group_weights(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *prod = prod_of(d), *binom = binom_of(d), *weights = weights_of(d);
    while (d->cursor < d->frontier) {
        uint32_t i = d->cursor, e = group_end(d, i), poly = i + d->u.product.skip, j;
        if (!product_on(d, budget))
            return false;
        for (; d->u.product.k <= e - i; d->u.product.k++) {
            uint32_t k = d->u.product.k;
            struct sap_weight w = sap_weight_of(0);
            if (*budget == 0)
                return false;
            for (j = 0; j < d->u.product.length && k + j <= d->frontier; j++)
                w = sap_weight_add(w, sap_weight_mul(prod[j], binom[k + j]));
            weights[poly + k] = w;
            charge(budget, d->u.product.length);
        }
        d->cursor = e;
        if (e < d->frontier) {
            product_begin(d, d->u.product.skip + 1);
            d->u.product.k = 0;
        }
    }
    return true;
}

void sap_deduce_combine_begin(sap_deduce *d)
{
    uint32_t s;
    for (s = 0; s <= d->frontier; s++)
        binom_of(d)[s] = sap_weight_of(0);
    d->total = sap_weight_of(1); /* C(I, 0) */
    d->cursor = 0;
    d->phase = PH_BINOM;
}

bool sap_deduce_combine(sap_deduce *d, uint32_t *budget)
{
    while (*budget > 0) {
        switch (d->phase) {
        case PH_BINOM:
            if (!binomials(d, budget))
                return false;
            d->total = sap_weight_of(0);
            d->interior_mass = sap_weight_of(0);
            d->interior_all_mines = 1;
            product_begin(d, UINT32_MAX);
            d->cursor = 0;
            d->phase = PH_TOTAL;
            break;
        case PH_TOTAL:
            if (!layouts_total(d, budget))
                return false;
            product_begin(d, 0);
            d->u.product.k = 0;
            d->cursor = 0;
            d->phase = PH_WEIGHTS;
            break;
        default: /* PH_WEIGHTS */
            return group_weights(d, budget);
        }
    }
    return false;
}
