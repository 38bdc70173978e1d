/*
 * hint_candidates.c - the cells HINT weighs when nothing is certain: the
 * candidates of its look-ahead (hint.c), and the 50/50s to come.
 *
 * The scan (hint_scan.c) offers every unsure cell once.  The frontier's
 * safest and the interior's cells with fewest covered neighbours are
 * kept, and of those, the ones within HINT_TOLERANCE of the safest, as
 * many as the look-ahead's work allows.
 *
 * A 50/50 to come: two covered cells a and b side by side are told apart
 * only by the cells next to one and not the other, their flank (the three
 * beyond each, on the board).  When every layout in which a is a mine has
 * b safe and the whole flank mines, no number can ever be seen beside one
 * of a and b and not the other, so in those layouts the player will come
 * to a guess between them, and just as often (the numbers seen fit a
 * layout and its mirror, a and b swapped, alike) to the mirror: half of
 * both are lost, as much as a's layouts with a mine.  Guessing a now loses
 * those and no more, and what it shows may settle other cells, so HINT
 * guesses it before weighing anything (a forced 50/50, two cells with one
 * mine between them and every flank cell a mine, is one).  The scan's
 * odds rule most pairs out at once (a flank cell opened, or certainly
 * safe, or less likely a mine than a; b likelier a mine than a is safe;
 * more than one flank cell not known a mine), and the pairs left, safest
 * a first, are proven by deductions that assume cells (sap_deduce_assume):
 * no layout has both a and b mines, nor a a mine and the flank cell not
 * known a mine safe.
 */
#include "deduce.h"
#include "hint.h"
#include "game.h"

/* The look-ahead's work: cells deduced, in all, per guess (a what-if
 * deduces the whole board): enough for every candidate up to about
 * 150 x 150, fewer beyond, none past about 480 x 480. */
#define HINT_LOOK_CELLS ((uint32_t)1 << 21)

/* The covered neighbours of covered cell x as the player sees them. */
static uint8_t covered_neighbours(const sap_game *g, uint32_t x)
{
    uint32_t cols = sap_game_cols(g);
    return (uint8_t)(sap_game_position_covered_around(g, x / cols, x % cols) - 1u);
}

/* With the rules alone, an unsettled cell's odds as its numbers suggest:
 * the highest share of mines still needed among a number's open cells
 * around it, or in the interior the mines left over the cells left. */
static uint32_t estimate(const struct sap_hint *h, uint32_t x)
{
    sap_deduce *d = h->deduce;
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, x);
    uint32_t r, c, best = 0, left = d->covered - d->settled;
    if (!(flags[x] & F_FRONTIER))
        return left == 0 ? 0 : (d->mines - d->settled_mines) * 10000u / left;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c, p;
            if (!(flags[n] & F_OPEN) || free_[n] == 0)
                continue;
            p = (uint32_t)need[n] * 10000u / free_[n];
            best = p > best ? p : best;
        }
    return best;
}

/* Inserts candidate c among list[0..*count) (at most max), in order of
 * key; equal keys keep the scan's (row) order. */
static void insert(struct hint_candidate *list, uint32_t *count, uint32_t max,
                   const struct hint_candidate *c, uint32_t key,
                   uint32_t (*key_of)(const struct hint_candidate *))
{
    uint32_t i = *count;
    if (i == max && key >= key_of(&list[max - 1u]))
        return;
    if (i == max)
        i--;
    else
        ++*count;
    while (i > 0 && key < key_of(&list[i - 1u])) {
        list[i] = list[i - 1u];
        i--;
    }
    list[i] = *c;
}

static uint32_t odds_key(const struct hint_candidate *c)
{
    return c->p;
}

static uint32_t neighbours_key(const struct hint_candidate *c)
{
    return c->neighbours;
}

/* The flank of x beside y, on x's side: the three cells beyond x, away
 * from y, that are on the board, into out; how many. */
static uint32_t beyond(const sap_deduce *d, uint32_t x, uint32_t y, uint32_t *out)
{
    uint32_t cols = d->cols, xr = x / cols, xc = x % cols, n = 0, k;
    /* the row or column beyond x: x's, one further from y (wraps below 0
     * to a value past the board) */
    uint32_t line = xr == y / cols ? 2u * xc - y % cols : 2u * xr - y / cols;
    for (k = 0; k < 3u; k++) {
        uint32_t r = xr == y / cols ? xr + k - 1u : line,
                 c = xr == y / cols ? line : xc + k - 1u;
        if (r < d->rows && c < cols)
            out[n++] = r * cols + c;
    }
    return n;
}

/* Whether a (at odds p) and b, side by side, may be a 50/50 to come, by
 * the position's odds: b unsure and no likelier a mine than a is safe,
 * and every flank cell covered and a mine in every layout with a mine at
 * a, which needs it no less likely a mine than a (one unit for rounding),
 * and at most one of them not known a mine: that one in *flank (cells:
 * none). */
static bool may_be_fifty(const sap_deduce *d, uint32_t a, uint32_t p, uint32_t b,
                         uint32_t *flank)
{
    const uint8_t *flags = flags_of((sap_deduce *)(uintptr_t)d);
    uint32_t cells[6], n, i, q;
    if (sap_deduce_view(d, b, &q) != SAP_CELL_UNSURE || p + q > 10001u
        || !((flags[a] | flags[b]) & F_FRONTIER))
        return false;
    n = beyond(d, a, b, cells);
    n += beyond(d, b, a, cells + n);
    *flank = d->cells;
    for (i = 0; i < n; i++) {
        int view = sap_deduce_view(d, cells[i], &q);
        if (view == SAP_CELL_MINE)
            continue;
        if (view != SAP_CELL_UNSURE || q + 1u < p || *flank != d->cells)
            return false;
        *flank = cells[i];
    }
    return true;
}

/* Unsure cell x at odds p, paired with each covered cell beside it: the
 * pairs that may be 50/50s to come, the safest HINT_FIFTIES kept. */
static void offer_fifty(struct sap_hint *h, uint32_t x, uint32_t p)
{
    const sap_deduce *d = h->deduce;
    uint32_t cols = d->cols, r = x / cols, c = x % cols, k;
    for (k = 0; k < 4u; k++) {
        uint32_t i, y, flank;
        if ((k == 0 && c + 1u >= cols) || (k == 1 && r + 1u >= d->rows) || (k == 2 && c == 0)
            || (k == 3 && r == 0))
            continue;
        y = k == 0 ? x + 1u : k == 1 ? x + cols : k == 2 ? x - 1u : x - cols;
        if (!may_be_fifty(d, x, p, y, &flank))
            continue;
        i = h->fifty_count < HINT_FIFTIES ? h->fifty_count++ : HINT_FIFTIES;
        if (i == HINT_FIFTIES && p >= h->fifty[HINT_FIFTIES - 1u].p)
            continue;
        if (i == HINT_FIFTIES)
            i--;
        while (i > 0 && p < h->fifty[i - 1u].p) {
            h->fifty[i] = h->fifty[i - 1u];
            i--;
        }
        h->fifty[i].cell = x;
        h->fifty[i].partner = y;
        h->fifty[i].flank = flank;
        h->fifty[i].p = p;
    }
}

/* During the scan the frontier's candidates are candidate[0..8), in order
 * of odds, and the interior's candidate[8..10), in order of covered
 * neighbours (they all have the same odds); finish() puts them together. */
void sap_hint_candidates_offer(struct sap_hint *h, uint32_t x, uint32_t p)
{
    struct hint_candidate c;
    memset(&c, 0, sizeof c);
    c.cell = x;
    c.p = h->approximate ? estimate(h, x) : p;
    c.neighbours = covered_neighbours(h->game, x);
    c.traits = (uint8_t)((flags_of(h->deduce)[x] & F_FRONTIER ? 0u : CANDIDATE_INTERIOR)
                         | (!h->approximate && sap_deduce_below(h->deduce, x) ? CANDIDATE_BELOW
                                                                              : 0u));
    if (SAP_HINT_FIFTIES && !h->approximate)
        offer_fifty(h, x, c.p);
    if (c.traits & CANDIDATE_INTERIOR)
        insert(h->candidate + HINT_FRONTIER_CANDIDATES, &h->interior_count,
               HINT_INTERIOR_CANDIDATES, &c, c.neighbours, neighbours_key);
    else
        insert(h->candidate, &h->frontier_count, HINT_FRONTIER_CANDIDATES, &c, c.p, odds_key);
}

/* The scan is done: the candidates together, those near enough the
 * safest, as many as the look-ahead's work allows. */
void sap_hint_candidates_finish(struct sap_hint *h)
{
    struct hint_candidate *list = h->candidate;
    uint32_t i, kept = 0, min_p = 10001u, cost = 0;
    uint32_t cells = sap_game_rows(h->game) * sap_game_cols(h->game);
    for (i = 0; i < h->interior_count; i++)
        list[h->frontier_count + i] = list[HINT_FRONTIER_CANDIDATES + i];
    h->count = h->frontier_count + h->interior_count;
    for (i = 0; i < h->count; i++)
        min_p = list[i].p < min_p ? list[i].p : min_p;
    for (i = 0; i < h->count; i++)
        if ((10000u - list[i].p) * 10000u >= (10000u - min_p) * (10000u - HINT_TOLERANCE))
            list[kept++] = list[i];
    h->count = kept;
    for (i = 0; i < kept; i++)
        cost += list[i].neighbours + 1u;
    /* the work cap drops the riskiest first, never the safest */
    while (h->count > 1u && (uint64_t)cost * cells > HINT_LOOK_CELLS) {
        uint32_t drop = h->count - 1u, worst = 0;
        for (i = 0; i < h->count; i++)
            if (list[i].p > worst || (list[i].p == worst && i > drop)) {
                worst = list[i].p;
                drop = i;
            }
        if (list[drop].p == min_p)
            drop = h->count - 1u;
        cost -= list[drop].neighbours + 1u;
        for (i = drop; i + 1u < h->count; i++)
            list[i] = list[i + 1u];
        h->count--;
    }
    for (i = 0; i < h->count && list[i].p != min_p; i++)
        ;
    h->safest = i;
    h->chosen = i;
}
