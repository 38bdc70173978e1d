/*
 * deduce_combine.c - step 4 of the deduction engine (deduce.c): the
 * groups' counts by mine count, combined with the interior's binomials
 * C(I, M - s), give every layout's weight (Z), the interior's expected
 * mines, and each group's weight per mine count k (the layouts of
 * everything else that fit with it), which the weighing walk then hands
 * to its cells.  Three phases, each resumable in bounded steps:
 *   PH_BINOM    the binomials, stepped up from C(I, 0);
 *   PH_TOTAL    the product of every group's counts, then Z;
 *   PH_WEIGHTS  per block of groups, the product of the other blocks'
 *               counts, the block's weight per mine count, then each of
 *               its groups' weights from that and the block's other
 *               groups.
 * The products are convolutions of the counts, a row at a time.  The
 * product of the others' counts costs about F^2 / 2 for F frontier cells
 * however it is cut, so it is made once a block (about BLOCK_CELLS cells)
 * rather than once a group: a frontier of many small groups, where it was
 * most of the engine's time, combines several times faster.
 */
#include "deduce.h"

/* Combining works in sap_weight products and binomial steps, the dearest
 * operations of the engine (a binomial step divides bit by bit where a
 * 64-bit division is no instruction, weight.c): it is
 * charged per operation, a product as a step and a binomial step as
 * SCALE_STEPS, so that a budget stays about as long as elsewhere. */
#define SCALE_STEPS 32u
#define ROW_CLEAR UINT32_MAX /* the convolution's scratch row is still to clear */
/* A block of groups: its groups hold at least this many cells, or it is
 * the last.  Spreading a block's weights to its groups costs at most about
 * (groups) x (cells)^2 products: a bounded chunk of a call. */
#define BLOCK_CELLS 32u

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
        sap_charge(budget, SCALE_STEPS);
    }
    return true;
}

/* Starts the product of every group's counts but those of the groups
 * skip..skip_end (all when skip_end is 0) in the product room. */
static void product_begin(sap_deduce *d, uint32_t skip, uint32_t skip_end)
{
    d->u.product.skip = skip;
    d->u.product.skip_end = skip_end;
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
        if (d->u.product.group < d->u.product.skip
            || d->u.product.group >= d->u.product.skip_end) {
            if (*budget == 0)
                return false;
            if (d->u.product.row == ROW_CLEAR) {
                for (i = 0; i < la + lb - 1; i++)
                    tmp[i] = sap_weight_of(0);
                d->u.product.row = 0;
                sap_charge(budget, la + lb - 1);
            }
            while (d->u.product.row<la && * budget> 0) {
                i = d->u.product.row++;
                if (!sap_weight_is_zero(prod[i]))
                    for (j = 0; j < lb; j++)
                        tmp[i + j] = sap_weight_add(tmp[i + j], sap_weight_mul(prod[i], b[j]));
                sap_charge(budget, lb);
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
        sap_charge(budget, SCALE_STEPS);
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

/* The block of groups whose first place is i: one past its last place;
 * its groups in *groups. */
static uint32_t block_end(sap_deduce *d, uint32_t i, uint32_t *groups)
{
    uint32_t e = i;
    *groups = 0;
    do {
        e = group_end(d, e);
        ++*groups;
    } while (e < d->frontier && e - i < BLOCK_CELLS);
    return e;
}

/* r[0..la + lb - 1) = a[0..la) * b[0..lb) (r apart from both). */
static void convolve(struct sap_weight *r, const struct sap_weight *a, uint32_t la,
                     const struct sap_weight *b, uint32_t lb)
{
    uint32_t i, j;
    for (i = 0; i < la + lb - 1u; i++)
        r[i] = sap_weight_of(0);
    for (i = 0; i < la; i++)
        if (!sap_weight_is_zero(a[i]))
            for (j = 0; j < lb; j++)
                r[i + j] = sap_weight_add(r[i + j], sap_weight_mul(a[i], b[j]));
}

/* The block of groups from place i to e, its groups' indices from
 * d->u.product.skip, once the product of the other blocks' counts is
 * made: the block's weight for each t of its mines (the other blocks'
 * layouts times the interior's, summed over their mine counts j), into
 * the scratch row; then for each group of the block, its weight for each
 * k of its mines: the block's weight at t = k + i for i mines in the
 * block's other groups, times the ways they hold them (their counts'
 * product, made in the product room, which the mass row helps make). */
static void spread_block(sap_deduce *d, uint32_t i, uint32_t e, uint32_t *budget)
{
    struct sap_weight *prod = prod_of(d), *binom = binom_of(d), *weights = weights_of(d);
    struct sap_weight *block = scratch_of(d), *tmp = mass_of(d);
    uint32_t cells = e - i, t, j, g, at, other, index = d->u.product.skip, work = 0;
    for (t = 0; t <= cells; t++) {
        struct sap_weight w = sap_weight_of(0);
        for (j = 0; j < d->u.product.length && t + j <= d->frontier; j++)
            w = sap_weight_add(w, sap_weight_mul(prod[j], binom[t + j]));
        block[t] = w;
        work += d->u.product.length;
    }
    for (g = i; g < e; g = group_end(d, g), index++) {
        uint32_t ge = group_end(d, g), length = 1, k;
        prod[0] = sap_weight_of(1); /* the block's other groups' counts */
        for (at = i, other = d->u.product.skip; at < e; at = group_end(d, at), other++) {
            uint32_t ae = group_end(d, at);
            if (at == g)
                continue;
            /* group at's counts: at its first place plus its index */
            convolve(tmp, prod, length, counts_of(d) + at + other, ae - at + 1u);
            length += ae - at;
            for (k = 0; k < length; k++)
                prod[k] = tmp[k];
            work += length * (ae - at + 1u);
        }
        for (k = 0; k <= ge - g; k++) {
            struct sap_weight w = sap_weight_of(0);
            for (j = 0; j < length; j++)
                w = sap_weight_add(w, sap_weight_mul(prod[j], block[k + j]));
            weights[g + index + k] = w;
        }
        work += (ge - g + 1u) * length;
    }
    sap_charge(budget, work);
}

/* PH_WEIGHTS: each block of groups in turn, its first place cursor. */
static bool group_weights(sap_deduce *d, uint32_t *budget)
{
    while (d->cursor < d->frontier) {
        uint32_t groups, e = block_end(d, d->cursor, &groups);
        if (!product_on(d, budget) || *budget == 0)
            return false;
        spread_block(d, d->cursor, e, budget);
        d->cursor = e;
        if (e < d->frontier) {
            uint32_t next = d->u.product.skip_end, more;
            (void)block_end(d, e, &more);
            product_begin(d, next, next + more);
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
            product_begin(d, 0, 0);
            d->cursor = 0;
            d->phase = PH_TOTAL;
            break;
        case PH_TOTAL:
            if (!layouts_total(d, budget))
                return false;
            d->cursor = 0;
            if (d->frontier > 0) {
                uint32_t groups;
                (void)block_end(d, 0, &groups);
                product_begin(d, 0, groups);
            }
            d->phase = PH_WEIGHTS;
            break;
        default: /* PH_WEIGHTS */
            return group_weights(d, budget);
        }
    }
    return false;
}
