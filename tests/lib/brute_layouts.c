/*
 * brute_layouts.c - every layout of a small position's covered cells that
 * fits what is seen, listed one by one, and the figures HINT states or
 * weighs (core/README.md, "HINT's guess") computed from them the slow and
 * obvious way, for tests/test_hint.c.
 */
#include "brute_layouts.h"
#include "hint.h" /* HINT_NEXT, HINT_TOLERANCE */

#include <math.h>
#include <stdlib.h>
#include <string.h>

int brute_seen(const sap_game *g, uint32_t x)
{
    char v = sap_game_cell(g, x / sap_game_cols(g), x % sap_game_cols(g));
    return v >= '0' && v <= '8' ? v - '0' : -1;
}

bool brute_adjacent(uint32_t cols, uint32_t a, uint32_t b)
{
    int dr = (int)(a / cols) - (int)(b / cols), dc = (int)(a % cols) - (int)(b % cols);
    return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

/* Lists the layouts; false when the position has too many covered cells. */
bool brute_layouts_list(const sap_game *g, struct brute_layouts *l)
{
    uint32_t cells = sap_game_rows(g) * sap_game_cols(g), x, set, mines = sap_game_mines(g);
    l->rows = sap_game_rows(g);
    l->cols = sap_game_cols(g);
    l->covered_count = 0;
    l->count = 0;
    for (x = 0; x < cells; x++)
        if (brute_seen(g, x) < 0) {
            if (l->covered_count == BRUTE_MAX_COVERED)
                return false;
            l->covered[l->covered_count++] = x;
        }
    l->list = malloc(sizeof *l->list << l->covered_count);
    if (l->list == NULL)
        abort();
    for (set = 0; set < (1u << l->covered_count); set++) {
        bool fits = (uint32_t)__builtin_popcount(set) == mines;
        for (x = 0; x < cells && fits; x++) {
            int n = brute_seen(g, x), around = 0;
            uint32_t i;
            if (n < 0)
                continue;
            for (i = 0; i < l->covered_count; i++)
                around += (set >> i & 1u) && brute_adjacent(l->cols, x, l->covered[i]);
            fits = around == n;
        }
        if (fits)
            l->list[l->count++] = set;
    }
    return true;
}

uint32_t brute_index_of(const struct brute_layouts *l, uint32_t cell)
{
    uint32_t i;
    for (i = 0; i < l->covered_count && l->covered[i] != cell; i++)
        ;
    return i;
}

/* The number covered cell i would show in layout `set`. */
static uint32_t number_at(const struct brute_layouts *l, uint32_t set, uint32_t i)
{
    uint32_t j, n = 0;
    for (j = 0; j < l->covered_count; j++)
        n += (set >> j & 1u) && brute_adjacent(l->cols, l->covered[i], l->covered[j]);
    return n;
}

/* The layouts in which covered cell i is a mine. */
uint32_t brute_mines_at(const struct brute_layouts *l, uint32_t i)
{
    uint32_t k, mines = 0;
    for (k = 0; k < l->count; k++)
        mines += l->list[k] >> i & 1u;
    return mines;
}

/* Mines at i over all layouts, in 0.1 % as HINT writes it. */
uint32_t brute_tenths(const struct brute_layouts *l, uint32_t i)
{
    uint64_t mines = brute_mines_at(l, i), tenths;
    tenths = (2000u * mines + l->count) / (2u * (uint64_t)l->count); /* half up */
    if (mines > 0 && mines < l->count) /* 0 % and 100 % only when certain */
        tenths = tenths < 1 ? 1 : tenths > 999 ? 999 : tenths;
    return (uint32_t)tenths;
}

/* Whether HINT's 0.1 % figure is i's odds: the exact fraction rounded once
 * (core/PROTOCOL.md). */
bool brute_odds_match(const struct brute_layouts *l, uint32_t i, uint32_t written)
{
    return written == brute_tenths(l, i);
}

/* Whether covered cell i, with covered cell j beside it, is a 50/50 to
 * come: in every layout with a mine at i, j is safe and every cell next to
 * one of them and not the other (their flank) is a covered mine. */
bool brute_fifty_to_come(const struct brute_layouts *l, uint32_t i, uint32_t j)
{
    uint32_t k, x, cells = l->rows * l->cols;
    bool ok = j < l->covered_count && brute_adjacent(l->cols, l->covered[i], l->covered[j]);
    for (k = 0; k < l->count && ok; k++)
        ok = !(l->list[k] >> i & 1u) || !(l->list[k] >> j & 1u);
    for (x = 0; x < cells && ok; x++) {
        uint32_t c = brute_index_of(l, x);
        if (x == l->covered[i] || x == l->covered[j]
            || brute_adjacent(l->cols, x, l->covered[i])
                   == brute_adjacent(l->cols, x, l->covered[j]))
            continue;
        ok = c < l->covered_count; /* not an opened number */
        for (k = 0; k < l->count && ok; k++)
            ok = !(l->list[k] >> i & 1u) || (l->list[k] >> c & 1u);
    }
    return ok;
}

/* The next move as the look-ahead values it (core/README.md, "HINT's
 * guess"), over the layouts sub[0..count) with the covered cells in
 * `opened` taken as opened: mines[] over them, and the next move's chance, 1 when a cell
 * safe in all of them has a neighbour unsure in them (or none is unsure),
 * else the safest unsure cell's safety.  *least: the fewest mines an
 * unsure cell has (count + 1: none). */
static double next_move(const struct brute_layouts *l, const uint32_t *sub, uint32_t count,
                        uint32_t opened, uint32_t *mines, uint32_t *least)
{
    uint32_t k, j;
    bool certain = false;
    memset(mines, 0, sizeof *mines * BRUTE_MAX_COVERED);
    for (k = 0; k < count; k++)
        for (j = 0; j < l->covered_count; j++)
            mines[j] += l->list[sub[k]] >> j & 1u;
    *least = count + 1;
    for (j = 0; j < l->covered_count; j++) {
        if (opened >> j & 1u)
            continue;
        if (mines[j] > 0 && mines[j] < count && mines[j] < *least)
            *least = mines[j];
        if (mines[j] == 0)
            for (k = 0; k < l->covered_count; k++)
                certain |= !(opened >> k & 1u) && k != j
                           && brute_adjacent(l->cols, l->covered[j], l->covered[k])
                           && mines[k] > 0 && mines[k] < count;
    }
    return certain || *least > count ? 1.0 : 1.0 - (double)*least / count;
}

/* The layouts of sub[0..count) in which covered cell i is safe and shows
 * n, into out; how many. */
static uint32_t shows(const struct brute_layouts *l, const uint32_t *sub, uint32_t count,
                      uint32_t i, uint32_t n, uint32_t *out)
{
    uint32_t k, kept = 0;
    for (k = 0; k < count; k++)
        if (!(l->list[sub[k]] >> i & 1u) && number_at(l, l->list[sub[k]], i) == n)
            out[kept++] = sub[k];
    return kept;
}

/* Whether two shares lie within 0.02 % of each other (a share and an
 * edge, or two cells' odds), where HINT's figures, in 0.01 %, may fall
 * either way. */
bool brute_near(double a, double b)
{
    return fabs(a - b) < 0.0002;
}

/* The chance of surviving the guess at i and the move after it, by the
 * look-ahead's rule (core/README.md, "HINT's guess"): the next move is a
 * certain cell that tells something if there is one (or the game is won),
 * else the safest cell.  *outcomes: how many numbers i can show (one: i
 * is dead). */
double brute_survive(const struct brute_layouts *l, uint32_t i, uint32_t *outcomes)
{
    /* one more, so that the block is never of size 0 */
    uint32_t *all = malloc(sizeof *all * (l->count * 2u + 1u)), *group, n, k;
    double sum = 0;
    if (all == NULL)
        abort();
    group = all + l->count;
    for (k = 0; k < l->count; k++)
        all[k] = k;
    *outcomes = 0;
    for (n = 0; n <= 8; n++) {
        uint32_t size = shows(l, all, l->count, i, n, group), mines[BRUTE_MAX_COVERED], least;
        if (size == 0)
            continue;
        ++*outcomes;
        sum += size * next_move(l, group, size, 1u << i, mines, &least);
    }
    free(all);
    return sum / l->count;
}

/* The chance of surviving the guess at covered cell i and the two moves
 * after it, by the deeper look's rule: in each outcome of the guess (a
 * number it shows) with no telling certain cell, the best of its
 * HINT_NEXT safest cells (by odds, then fewest unsure neighbours, then row
 * order; within HINT_TOLERANCE of its safest) by the look-ahead's
 * survival there.  *unsure_edge: some outcome's cells lie so near the cut
 * or the tolerance's edge that HINT's rounding could choose others. */
double brute_survive_deeper(const struct brute_layouts *l, uint32_t i, bool *unsure_edge)
{
    /* one more, so that the block is never of size 0 */
    uint32_t *all = malloc(sizeof *all * (l->count * 3u + 1u)), *group, *sub;
    uint32_t n, k;
    double sum = 0;
    if (all == NULL)
        abort();
    group = all + l->count;
    sub = group + l->count;
    for (k = 0; k < l->count; k++)
        all[k] = k;
    for (n = 0; n <= 8; n++) {
        uint32_t size = shows(l, all, l->count, i, n, group), mines[BRUTE_MAX_COVERED], least;
        uint32_t next[BRUTE_MAX_COVERED], key[BRUTE_MAX_COVERED], count = 0, j, a;
        double best = 0, edge;
        if (size == 0)
            continue;
        if (next_move(l, group, size, 1u << i, mines, &least) == 1.0) {
            sum += size;
            continue;
        }
        for (j = 0; j < l->covered_count; j++) { /* the unsure cells, in the look's order */
            uint32_t around = 0;
            if (j == i || mines[j] == 0 || mines[j] == size)
                continue;
            for (k = 0; k < l->covered_count; k++)
                around += k != i
                          && (k == j || brute_adjacent(l->cols, l->covered[j], l->covered[k]))
                          && mines[k] > 0 && mines[k] < size;
            for (a = count++; a > 0
                              && (mines[next[a - 1]] > mines[j]
                                  || (mines[next[a - 1]] == mines[j] && key[a - 1] > around));
                 a--) {
                next[a] = next[a - 1];
                key[a] = key[a - 1];
            }
            next[a] = j;
            key[a] = around;
        }
        if (count > HINT_NEXT
            && brute_near((double)mines[next[HINT_NEXT - 1]] / size,
                          (double)mines[next[HINT_NEXT]] / size))
            *unsure_edge = true;
        count = count < HINT_NEXT ? count : HINT_NEXT;
        edge = (1.0 - (double)least / size) * (1.0 - HINT_TOLERANCE / 10000.0);
        for (a = 0; a < count; a++) {
            double safety = 1.0 - (double)mines[next[a]] / size, s2 = 0;
            uint32_t m, after[BRUTE_MAX_COVERED], after_least;
            if (brute_near(safety, edge))
                *unsure_edge = true;
            if (safety < edge)
                continue;
            for (m = 0; m <= 8; m++) {
                uint32_t size2 = shows(l, group, size, next[a], m, sub);
                if (size2 > 0)
                    s2 += size2
                          * next_move(l, sub, size2, 1u << i | 1u << next[a], after,
                                      &after_least);
            }
            best = s2 / size > best ? s2 / size : best;
        }
        sum += size * best;
    }
    free(all);
    return sum / l->count;
}

/* Whether covered cell i is next to an opened number. */
bool brute_on_frontier(const struct brute_layouts *l, const sap_game *g, uint32_t i)
{
    uint32_t x, cells = l->rows * l->cols;
    for (x = 0; x < cells; x++)
        if (brute_seen(g, x) >= 0 && brute_adjacent(l->cols, x, l->covered[i]))
            return true;
    return false;
}

void brute_layouts_free(struct brute_layouts *l)
{
    free(l->list);
    l->list = NULL;
}
