/*
 * deduce_combine.c - step 4 of the deduction engine (deduce.c): the
 * groups' counts by mine count, combined with the interior's binomials
 * C(I, M - s), give every layout's weight (Z), the interior's expected
 * mines, and each group's weight per mine count k (the layouts of
 * everything else that fit with it), which the weighing walk then hands
 * to its cells.  Three phases, each resumable in bounded steps:
 *   PH_PRODUCT  the product of every group's counts;
 *   PH_TOTAL    the binomials over the mine counts it spans, each a step
 *               from the one before, and Z;
 *   PH_WEIGHTS  the groups split in halves down to single groups, each
 *               half's vector of weights made from its node's (below).
 * The products are convolutions of the counts, an entry at a time, each
 * entry a sum of products rounded once (sap_weight_dot).  The sums
 * depend on the layouts alone: every vector is kept over the mine counts
 * its groups can hold only (product_on), the binomials' top is the most
 * interior mines of a layout, and a node splits at half its groups.  So a
 * block kept between moves, which has settled a cell a whole-board
 * deduction still counts in its group, makes the same sums and finds the
 * same odds.
 */
#include "deduce.h"

/* Combining works in sap_weight products and binomial steps, the dearest
 * operations of the engine (a binomial step divides bit by bit where a
 * 64-bit division is no instruction, weight.c): it is
 * charged per operation, a product as a step and a binomial step as
 * SCALE_STEPS, so that a budget stays about as long as elsewhere. */
#define SCALE_STEPS 32u
#define ROW_CLEAR UINT32_MAX /* a convolution not yet begun */

/* The combining room: the product of the counts.  The interior's
 * binomials are made where the tree's root keeps its vector, the first
 * of the groups' weights; the mass row holds a half's vector for a
 * while. */
static struct sap_weight *prod_of(sap_deduce *d)
{
    return total_of(d);
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

/* The binomials are taken over C(I, top), where top is the most interior
 * mines of any layout the product spans: the interior mines m = M - s for
 * the product's mine counts s from its low end up, each C(I, m) a step
 * from the one above, and the layouts' weights summed as they come.
 * Late in a big board's game the interior holds a hundred thousand
 * mines, and stepped up from C(I, 0) a pass would cost a step for each;
 * this way it costs one per frontier mine count.  The odds are ratios, the
 * same either way, and a live block's weights serve its odds alone; a
 * full deduction's total counts the layouts (HINT's look-ahead and the
 * endgame search read it), so it is multiplied by C(I, top) once the
 * odds are found (sap_deduce_combine_scale).  top does not depend on which cells
 * the rules settled: a settled mine is one fewer both in M and in s. */
static void binomials_begin(sap_deduce *d)
{
    uint32_t interior = interior_of(d), mines = mines_left(d), low = d->combine.low;
    d->combine.binom_top = mines < low ? 0 : mines - low < interior ? mines - low : interior;
    d->total = sap_weight_of(0);
    d->interior_mass = sap_weight_of(0);
    d->interior_all_mines = 1;
    d->cursor = 0;
}

bool sap_deduce_combine_scale(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *binomial = weights_of(d); /* free once the odds are kept */
    uint32_t interior = interior_of(d), top = d->combine.binom_top;
    if (d->cursor == 0)
        binomial[0] = sap_weight_of(1); /* C(I, 0) */
    for (; d->cursor < top; d->cursor++) {
        if (*budget == 0)
            return false;
        binomial[0] = sap_weight_scale(binomial[0], interior - d->cursor, d->cursor + 1u);
        sap_deduce_charge(d, budget, SCALE_STEPS);
    }
    d->total = sap_weight_mul(d->total, binomial[0]);
    d->interior_mass = sap_weight_mul(d->interior_mass, binomial[0]);
    return true;
}

/* The mine counts group i..e (index `index`) can hold: its first and
 * last count that is not 0 in *lo and *hi (a group with no layout, whose
 * counts are all 0, gives its last: the products are then 0, and so is
 * Z, which ends the combining). */
static void group_support(sap_deduce *d, uint32_t i, uint32_t e, uint32_t index, uint32_t *lo,
                          uint32_t *hi)
{
    const struct sap_weight *c = counts_of(d) + i + index;
    uint32_t l = 0, h = e - i;
    while (l < h && sap_weight_is_zero(c[l]))
        l++;
    while (h > l && sap_weight_is_zero(c[h]))
        h--;
    *lo = l;
    *hi = h;
}

/* Starts the product of the counts of the groups from place `at` (its
 * group index `group`), in the product room. */
static void product_begin(sap_deduce *d, uint32_t at, uint32_t group)
{
    d->combine.at = at;
    d->combine.group = group;
    d->combine.low = 0;
    d->combine.length = 1;
    d->combine.row = ROW_CLEAR;
    prod_of(d)[0] = sap_weight_of(1);
}

/* Multiplies the groups' counts into the product, up to place `end`, for
 * *budget steps (a term a step); true once done.  A group of n cells has
 * n + 1 counts, at its first place plus its index, of which those from
 * its first to its last that is not 0 are taken; the product keeps only
 * the mine counts its groups can hold too: prod[i] is the product's entry
 * for low + i mines, for i below length.
 * Each multiplication is a convolution made in place, an entry of the
 * product at a time from the top down (entry k reads the entries up to k
 * only).  Trimmed so, a product costs the pairs of mine counts its groups
 * can hold, not of their cells: on a big board a tenth of them. */
static bool product_on(sap_deduce *d, uint32_t end, uint32_t *budget)
{
    struct sap_weight *prod = prod_of(d);
    while (d->combine.at < end) {
        uint32_t at = d->combine.at, e = group_end(d, at), blo, bhi;
        uint32_t la = d->combine.length, lb;
        const struct sap_weight *b;
        group_support(d, at, e, d->combine.group, &blo, &bhi);
        lb = bhi - blo + 1u;
        b = counts_of(d) + at + d->combine.group + blo;
        if (d->combine.row == ROW_CLEAR)
            d->combine.row = la + lb - 1u; /* entries left to make */
        while (d->combine.row > 0) {
            /* entry k: prod[k - j] b[j] for j from lo to hi */
            uint32_t k = d->combine.row - 1u, lo = k + 1u > la ? k + 1u - la : 0;
            uint32_t hi = k < lb - 1u ? k : lb - 1u;
            if (*budget == 0)
                return false;
            prod[k] = sap_weight_dot(b + lo, prod + (k - lo), hi - lo + 1u, -1);
            d->combine.row--;
            sap_deduce_charge(d, budget, hi - lo + 1u);
        }
        d->combine.low += blo;
        d->combine.length += lb - 1u;
        d->combine.at = e;
        d->combine.group++;
        d->combine.row = ROW_CLEAR;
    }
    return true;
}

/* PH_TOTAL: binom[s] = C(I, M - s) / C(I, top) for the product's mine
 * counts s (0 where M - s is more than I), and with it every layout's
 * weight (Z), the expected interior mines times Z, and whether every
 * layout fills the interior; an entry (cursor) a binomial step. */
static bool layouts_total(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *prod = prod_of(d), *binom = weights_of(d);
    uint32_t interior = interior_of(d), mines = mines_left(d), low = d->combine.low;
    for (; d->cursor < d->combine.length; d->cursor++) {
        uint32_t s = low + d->cursor, rest = mines - s; /* interior mines */
        struct sap_weight layouts;
        if (*budget == 0)
            return false;
        sap_deduce_charge(d, budget, SCALE_STEPS);
        if (rest > d->combine.binom_top) { /* (or s > M: rest wraps) */
            binom[s] = sap_weight_of(0);   /* no such layout */
            continue;
        }
        /* C(I, top) over itself, then C(I, m - 1) = C(I, m) m / (I - m + 1) */
        binom[s] = rest == d->combine.binom_top
                       ? sap_weight_of(1)
                       : sap_weight_scale(binom[s - 1u], rest + 1u, interior - rest);
        layouts = sap_weight_mul(prod[d->cursor], binom[s]);
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

/* PH_WEIGHTS: each group's weight per mine count k, the layouts of
 * everything else that fit with it: w[k] = sum over j of O[j] B[k + j],
 * where O is the product of the other groups' counts and B the interior's
 * binomials.  Made for each group apart, the product of the others costs
 * about F^2 / 2 a group, F^3 in all.  Instead the groups are split in two
 * halves (tree_split), again and again down to single groups (a tree,
 * walked left half first, without recursion).  A node's vector V (for
 * t = 0..its cells, the weight of everything outside it that fits with t
 * mines in it) gives its left half's, V_L[t] = sum over j of
 * P_R[j] V[t + j] with P_R the product of the right half's counts, and the
 * right half's alike; a single group's V is its weights, and the root's
 * is B.  Each pair of cells in different halves costs two products, and
 * each half's counts are multiplied once a level: about 3 F^2 / 2, less
 * as the products are trimmed (product_on): V is made only for the mine
 * counts its half can hold (the support), since no layout reads it
 * elsewhere, and V_L then reads V only at mine counts the node can hold.
 *
 * Memory: a node of places a..e whose first group's index is i keeps V
 * where its first group's weights go, at a + i (e - a + 1 of the node's
 * e - a + groups weights); so do its halves.  The right half waits while
 * the left is done: its first cell is marked (F_TRIED, which no walk uses
 * until the weighing), and the node after a group is the one from its end
 * to the next mark.  The left half's V is made in the mass row while the
 * node's V is still read; the right half's in place, from its last entry
 * down, each entry written above all that is still to be read. */
enum tree_step {
    TREE_SPLIT = 0,
    TREE_RIGHT_PRODUCT,
    TREE_LEFT_V,
    TREE_LEFT_PRODUCT,
    TREE_RIGHT_V
};

/* The node's split: its first half of groups, by count (the same groups
 * wherever the rules settled more cells, so the same sums), and the index
 * of the group after them; with the left half's support, the sum of its
 * groups'; the scans charged. */
static void tree_split(sap_deduce *d, uint32_t *budget)
{
    uint32_t a = d->comp_start, at, index = d->comp_poly - a, groups = 0, lo = 0, hi = 0;
    for (at = a; at < d->comp_end; at = group_end(d, at))
        groups++;
    for (at = a; groups > 1u; groups -= 2u, index++) { /* half of them, rounded down */
        uint32_t next = group_end(d, at), l, h;
        group_support(d, at, next, index, &l, &h);
        lo += l;
        hi += h;
        at = next;
    }
    d->combine.m = at;
    d->combine.index_m = index;
    d->combine.side_lo = lo;
    d->combine.side_hi = hi;
    sap_deduce_charge(d, budget, 2u * (d->comp_end - a));
}

/* out[t] = sum over j of prod[j] v[t + j] for t in the support side_lo..
 * side_hi (the rest of out is never read: no layout has a mine count
 * there): up into the mass row, or down in place; the row under way in
 * combine.row; true once done. */
static bool tree_vector(sap_deduce *d, struct sap_weight *out, const struct sap_weight *v,
                        bool down, uint32_t *budget)
{
    const struct sap_weight *p = prod_of(d);
    uint32_t lp = d->combine.length, low = d->combine.low;
    uint32_t lo = d->combine.side_lo, hi = d->combine.side_hi;
    while (d->combine.row <= hi - lo) {
        uint32_t t = down ? hi - d->combine.row : lo + d->combine.row;
        if (*budget == 0)
            return false;
        out[t] = sap_weight_dot(p, v + t + low, lp, 1);
        sap_deduce_charge(d, budget, lp);
        d->combine.row++;
    }
    return true;
}

/* After a single group: the node that waits from its end, if any. */
static bool tree_next(sap_deduce *d, uint32_t *budget)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d), e = d->comp_end, k;
    if (e == d->frontier)
        return false;
    flags[order[e]] &= (uint8_t)~F_TRIED;
    for (k = e + 1u; k < d->frontier && !(flags[order[k]] & F_TRIED); k++)
        ;
    d->comp_poly += e - d->comp_start + 1u; /* one group on */
    d->comp_start = e;
    d->comp_end = k;
    sap_deduce_charge(d, budget, k - e);
    return true;
}

static bool group_weights(sap_deduce *d, uint32_t *budget)
{
    struct sap_weight *weights = weights_of(d), *left = mass_of(d);
    while (*budget > 0) {
        uint32_t a = d->comp_start, e = d->comp_end, m = d->combine.m, k;
        struct sap_weight *v = weights + d->comp_poly;
        switch (d->tree_step) {
        case TREE_SPLIT:
            if (group_end(d, a) == e) { /* a single group: V is its weights */
                if (!tree_next(d, budget))
                    return true;
                break;
            }
            tree_split(d, budget);
            product_begin(d, d->combine.m, d->combine.index_m);
            d->tree_step = TREE_RIGHT_PRODUCT;
            break;
        case TREE_RIGHT_PRODUCT:
        case TREE_LEFT_PRODUCT:
            if (!product_on(d, d->tree_step == TREE_RIGHT_PRODUCT ? e : m, budget))
                return false;
            d->combine.row = 0;
            d->tree_step++;
            break;
        case TREE_LEFT_V:
            if (!tree_vector(d, left, v, false, budget))
                return false;
            /* the right half's support, which its product spans */
            d->combine.side_lo = d->combine.low;
            d->combine.side_hi = d->combine.low + d->combine.length - 1u;
            product_begin(d, a, d->comp_poly - a);
            d->tree_step = TREE_LEFT_PRODUCT;
            break;
        default: /* TREE_RIGHT_V */
            if (!tree_vector(d, weights + m + d->combine.index_m, v, true, budget))
                return false;
            for (k = 0; k <= m - a; k++)
                v[k] = left[k];
            sap_deduce_charge(d, budget, m - a + 1u);
            flags_of(d)[order_of(d)[m]] |= F_TRIED; /* the right half waits */
            d->comp_end = m;
            d->tree_step = TREE_SPLIT;
            break;
        }
    }
    return false;
}

/* The tree's root: every group, its V the binomials (made in place). */
static void group_weights_begin(sap_deduce *d)
{
    uint8_t *flags = flags_of(d);
    uint32_t *order = order_of(d), i;
    for (i = 0; i < d->frontier; i++)
        flags[order[i]] &= (uint8_t)~F_TRIED;
    d->comp_start = 0;
    d->comp_end = d->frontier;
    d->comp_poly = 0;
    d->tree_step = TREE_SPLIT;
}

void sap_deduce_combine_begin(sap_deduce *d)
{
    product_begin(d, 0, 0);
    d->phase = PH_PRODUCT;
}

bool sap_deduce_combine(sap_deduce *d, uint32_t *budget)
{
    while (*budget > 0) {
        switch (d->phase) {
        case PH_PRODUCT:
            if (!product_on(d, d->frontier, budget))
                return false;
            binomials_begin(d);
            d->phase = PH_TOTAL;
            break;
        case PH_TOTAL:
            if (!layouts_total(d, budget))
                return false;
            if (d->frontier == 0 || sap_weight_is_zero(d->total))
                return true; /* no group, or no layout (then no weights) */
            group_weights_begin(d);
            d->phase = PH_WEIGHTS;
            break;
        default: /* PH_WEIGHTS */
            return group_weights(d, budget);
        }
    }
    return false;
}
