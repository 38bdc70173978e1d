/*
 * test_deduce_combine.c - the deduction engine's combining of many groups
 * (core/deduce_combine.c: the product of the counts, the tree of halves
 * that gives each group its weights) against a reference that combines
 * them the plain way.  Positions too big for the whole-board brute force
 * of test_deduce.c, with tens of groups: random boards of 10 to 30 mines
 * in a hundred, clicked at safe cells spaced a few apart.  The reference
 * finds the groups itself (covered cells joined through the numbers they
 * share), counts each one's layouts by every mine count by brute force,
 * and combines them in long double: for a cell of group g, the layouts
 * with it a mine and k mines in g, times the product of every other
 * group's counts, times the interior's C(I, M - k - s), summed.  Each
 * cell's certainty must equal the engine's, and its odds agree to within
 * 0.01 %.
 */
#include "check.h"
#include "sapper.h"
#include "lib/xorshift.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 1200u
#define MAX_GROUP 14u /* cells: 2^14 layouts a group, counted one by one */

static uint64_t rng = 0x5DEECE66Dull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

struct position {
    const sap_game *g;
    uint32_t rows, cols;
    int8_t number[MAX_CELLS];  /* an opened cell's number, -1 covered */
    int32_t group[MAX_CELLS];  /* a frontier cell's group, -1 interior or open */
    uint32_t groups, interior; /* groups; interior cells */
    uint32_t member[MAX_CELLS],
        first[MAX_CELLS + 1]; /* group g: member[first[g]..first[g+1]) */
};

/* x's neighbours, into y[]: how many. */
static uint32_t neighbours(const struct position *p, uint32_t x, uint32_t y[8])
{
    uint32_t n = 0, r = x / p->cols, c = x % p->cols, rr, cc;
    for (rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < p->rows; rr++)
        for (cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < p->cols; cc++)
            if (rr != r || cc != c)
                y[n++] = rr * p->cols + cc;
    return n;
}

/* The groups: a flood through covered cells next to numbers, joined by
 * the numbers they share.  False when one is past MAX_GROUP cells. */
static bool find_groups(struct position *p)
{
    uint32_t cells = p->rows * p->cols, x, at = 0, stack[MAX_CELLS], top;
    for (x = 0; x < cells; x++) {
        char v = sap_game_cell(p->g, x / p->cols, x % p->cols);
        p->number[x] = (int8_t)(v >= '0' && v <= '8' ? v - '0' : -1);
        p->group[x] = -1;
    }
    p->groups = p->interior = 0;
    for (x = 0; x < cells; x++) {
        uint32_t y[8], n = neighbours(p, x, y), i;
        bool frontier = false;
        if (p->number[x] >= 0 || p->group[x] >= 0)
            continue;
        for (i = 0; i < n; i++)
            frontier |= p->number[y[i]] >= 0;
        if (!frontier) {
            p->interior++;
            continue;
        }
        p->first[p->groups] = at;
        p->group[x] = (int32_t)p->groups;
        stack[0] = x;
        top = 1;
        while (top > 0) {
            uint32_t z = stack[--top], numbers[8], count = neighbours(p, z, numbers), j;
            p->member[at++] = z;
            for (i = 0; i < count; i++) {
                uint32_t w[8], ws;
                if (p->number[numbers[i]] < 0)
                    continue;
                for (ws = neighbours(p, numbers[i], w), j = 0; j < ws; j++)
                    if (p->number[w[j]] < 0 && p->group[w[j]] < 0) {
                        p->group[w[j]] = (int32_t)p->groups;
                        stack[top++] = w[j];
                    }
            }
        }
        if (at - p->first[p->groups] > MAX_GROUP)
            return false;
        p->groups++;
    }
    p->first[p->groups] = at;
    return true;
}

/* Group g's layouts by mine count (count[k]) and, for each member i, the
 * layouts with it a mine (with_mine[i][k]); each layout of its members
 * checked against every number next to them, as a mask of members. */
static void count_group(const struct position *p, uint32_t g, long double *count,
                        long double with_mine[][MAX_GROUP + 1])
{
    uint32_t n = p->first[g + 1] - p->first[g], mask, i, j, numbers = 0;
    const uint32_t *m = p->member + p->first[g];
    uint32_t seen[8 * MAX_GROUP], need[8 * MAX_GROUP], where[8 * MAX_GROUP];
    for (i = 0; i < n; i++) {
        uint32_t y[8], ys = neighbours(p, m[i], y), l;
        for (l = 0; l < ys; l++) {
            if (p->number[y[l]] < 0)
                continue;
            for (j = 0; j < numbers && where[j] != y[l]; j++)
                ;
            if (j == numbers) {
                where[numbers] = y[l];
                need[numbers] = (uint32_t)p->number[y[l]];
                seen[numbers++] = 0;
            }
            seen[j] |= 1u << i;
        }
    }
    for (i = 0; i <= n; i++) {
        count[i] = 0;
        for (j = 0; j < n; j++)
            with_mine[j][i] = 0;
    }
    for (mask = 0; mask < (1u << n); mask++) {
        uint32_t k = (uint32_t)__builtin_popcount(mask);
        for (j = 0; j < numbers && (uint32_t)__builtin_popcount(mask & seen[j]) == need[j]; j++)
            ;
        if (j < numbers)
            continue;
        count[k] += 1;
        for (i = 0; i < n; i++)
            if (mask >> i & 1u)
                with_mine[i][k] += 1;
    }
}

/* C(n, k) over C(n, k0): binomials of one n, scaled alike (0 outside). */
static long double binomial(uint32_t n, int64_t k, int64_t k0)
{
    if (k < 0 || k > (int64_t)n)
        return 0;
    return expl(lgammal((long double)k0 + 1) + lgammal((long double)(n - k0) + 1)
                - lgammal((long double)k + 1) - lgammal((long double)(n - k) + 1));
}

static long double counts[MAX_CELLS][MAX_GROUP + 1];
static long double with_mine[MAX_CELLS][MAX_GROUP][MAX_GROUP + 1];

/* The product of every group's counts but group `skip`'s (none: groups). */
static uint32_t product(const struct position *p, uint32_t skip, long double *prod)
{
    uint32_t g, length = 1, i, j;
    long double tmp[MAX_CELLS + 1];
    prod[0] = 1;
    for (g = 0; g < p->groups; g++) {
        uint32_t n = p->first[g + 1] - p->first[g];
        if (g == skip)
            continue;
        for (i = 0; i < length + n; i++)
            tmp[i] = 0;
        for (i = 0; i < length; i++)
            for (j = 0; j <= n; j++)
                tmp[i + j] += prod[i] * counts[g][j];
        length += n;
        memcpy(prod, tmp, length * sizeof *prod);
    }
    return length;
}

/* The engine against the reference on p's game; false on a mismatch. */
static bool compare(struct position *p, uint32_t mines, uint32_t *uncertain)
{
    size_t bytes = SAP_DEDUCE_BYTES(p->rows, p->cols);
    void *block = malloc(bytes);
    sap_deduce *d;
    static long double prod[MAX_CELLS + 1], others[MAX_CELLS + 1], bin[MAX_CELLS + 1];
    long double z = 0, interior_mines = 0, interior_safe = 0;
    uint32_t g, s, length, frontier = p->first[p->groups];
    int64_t k0 = (int64_t)mines - (int64_t)frontier / 2; /* the binomials' scale */
    bool ok = true;
    int err;
    for (g = 0; g < p->groups; g++)
        count_group(p, g, counts[g], with_mine[g]);
    k0 = k0 < 0 ? 0 : k0 > (int64_t)p->interior ? (int64_t)p->interior : k0;
    for (s = 0; s <= frontier; s++) /* the interior's layouts with s mines outside it */
        bin[s] = binomial(p->interior, (int64_t)mines - s, k0);
    length = product(p, p->groups, prod);
    for (s = 0; s < length; s++) {
        z += prod[s] * bin[s];
        if (p->interior > 0) {
            interior_mines += prod[s] * bin[s] * (long double)((int64_t)mines - s);
            interior_safe += prod[s] * bin[s] * (long double)(p->interior - (mines - s));
        }
    }
    CHECK_EQ_INT(sap_deduce_init(&d, block, bytes, p->g), SAP_OK);
    while ((err = sap_deduce_step(d, 1 + rnd(5000))) == SAP_MORE)
        ;
    if (z == 0) {
        ok = CHECK_EQ_INT(err, SAP_ERR_STATE);
        free(block);
        return ok;
    }
    if (!CHECK_EQ_INT(err, SAP_OK)) {
        free(block);
        return false;
    }
    for (g = 0; g <= p->groups && ok; g++) {
        bool interior = g == p->groups;
        uint32_t n = interior ? 0 : p->first[g + 1] - p->first[g], i, k, t;
        long double weight[MAX_GROUP + 1];
        uint32_t lo = interior ? 0 : product(p, g, others);
        for (k = 0; k <= n && !interior; k++) { /* the rest's layouts, k mines in g */
            weight[k] = 0;
            for (t = 0; t < lo; t++)
                weight[k] += others[t] * bin[k + t];
        }
        for (i = 0; i < (interior ? p->rows * p->cols : n) && ok; i++) {
            uint32_t x = interior ? i : p->member[p->first[g] + i], per;
            long double mine = 0, safe = 0, want;
            int view;
            if (interior && (p->number[x] >= 0 || p->group[x] >= 0))
                continue;
            if (interior) {
                mine = interior_mines / p->interior;
                safe = interior_safe / p->interior;
            }
            for (k = 0; k <= n && !interior; k++) {
                mine += with_mine[g][i][k] * weight[k];
                safe += (counts[g][k] - with_mine[g][i][k]) * weight[k];
            }
            view = sap_deduce_cell(d, x / p->cols, x % p->cols, &per);
            want = 10000 * mine / z;
            if (mine == 0)
                ok = CHECK_EQ_INT(view, SAP_CELL_SAFE);
            else if (safe == 0)
                ok = CHECK_EQ_INT(view, SAP_CELL_MINE);
            else
                ok = CHECK_EQ_INT(view, SAP_CELL_UNSURE)
                     && CHECK(fabsl((long double)per - want) <= 1.0L);
            *uncertain += view == SAP_CELL_UNSURE;
            if (!ok)
                fprintf(stderr, "  cell %u,%u: %u / 10000 (view %d), want %.3Lf\n", x / p->cols,
                        x % p->cols, per, view, want);
        }
    }
    free(block);
    return ok;
}

static void test_many_groups(void)
{
    static struct position p;
    uint32_t round, compared = 0, uncertain = 0, most_groups = 0;
    size_t bytes = SAP_GAME_BYTES(30, 40);
    void *block = malloc(bytes);
    for (round = 0; round < 300 && check_failures_in_test == 0; round++) {
        sap_game *g;
        uint32_t rows = 8 + rnd(23), cols = 8 + rnd(33), cells = rows * cols, x, mines = 0;
        uint32_t density = 10 + rnd(21), spacing = 2 + rnd(3);
        sap_game_init(&g, block, bytes, rows, cols);
        p.g = g;
        p.rows = rows;
        p.cols = cols;
        for (x = 0; x < cells; x++)
            if (rnd(100) < density) {
                sap_game_set_mine(g, x / cols, x % cols, true);
                mines++;
            }
        /* a click at every spacing-th cell of every spacing-th row that is
         * safe and shows a number (a zero would open a wide region) */
        for (x = 0; x < cells; x++) {
            uint32_t r = x / cols, c = x % cols;
            uint32_t around = 0, y[8], n, i;
            if (r % spacing != 1 || c % spacing != 1 || sap_game_mine_at(g, r, c))
                continue;
            for (n = neighbours(&p, x, y), i = 0; i < n; i++)
                around += sap_game_mine_at(g, y[i] / cols, y[i] % cols);
            if (around > 0)
                sap_game_move(g, 1, r + 1, c + 1);
        }
        if (sap_game_state(g) != SAP_RUNNING || !find_groups(&p))
            continue;
        if (!compare(&p, mines, &uncertain))
            fprintf(stderr, "  round %u: %ux%u, %u mines, %u groups\n", round, rows, cols,
                    mines, p.groups);
        compared++;
        if (p.groups > most_groups)
            most_groups = p.groups;
    }
    free(block);
    fprintf(stderr, "  %u positions compared (up to %u groups), %u uncertain cells\n", compared,
            most_groups, uncertain);
    CHECK(compared > 100);
    CHECK(most_groups > 50);
}

int main(void)
{
    RUN_TEST(test_many_groups);
    return check_summary("test_deduce_combine");
}
