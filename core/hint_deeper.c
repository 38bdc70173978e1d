/*
 * hint_deeper.c - HINT's deeper look: the look-ahead's close candidates
 * weighed a move further.
 *
 * The look-ahead (hint.c) values each outcome of a guess, a number
 * the cell could show, by the move after it: 1 when a certain cell there
 * tells something, else the safest cell's safety.  Between candidates
 * that survive that often alike, the safest cell is too coarse a measure
 * of an outcome with no certain cell: a next guess that is safe but will
 * show nothing new leaves the player where he was.  So when two or more
 * candidates' survivals are within HINT_DEEP_GATE of the best, those (at
 * most HINT_DEEP, the best first) and the safest are weighed again, each
 * such outcome valued as the look-ahead values a guess: its HINT_NEXT
 * safest cells (by odds, then fewest unsure neighbours, then row order),
 * within HINT_TOLERANCE of its safest, each with a what-if inside the
 * what-if for every number it could show (sap_deduce_suppose twice), and
 * the best of their survivals.  A what-if's weight over the outcome's is
 * exactly that number's probability there, so each figure is exact: the
 * chance that the guess, then the best next guess (or a telling certain
 * cell), then the move after it (a telling certain cell, or the safest)
 * are all safe.  The candidate named is the one whose figure is highest;
 * ties to the safer, then to the first.
 *
 * The deductions reuse the deduction's block, one after another, with the
 * look-ahead's step count going on: the deeper look may cost as much
 * again as the look-ahead may, within the same ceiling (hint.c),
 * and past that it ends and the look-ahead's choice stands.
 */
#include "deduce.h"
#include "hint.h"
#include "game.h"

/* The deduction of deep candidate deep_at showing h->number; with next,
 * inside it next cell next_at showing next_number. */
static void start_deduction(struct sap_hint *h, bool next)
{
    const struct hint_candidate *c = &h->candidate[h->deep_index[h->deep_at]];
    sap_hint_deduce_again(h);
    sap_deduce_suppose(h->deduce, c->cell, (uint8_t)h->number);
    if (next)
        sap_deduce_suppose(h->deduce, h->next_cell[h->next_at], h->next_number);
    h->stage = next ? HS_NEXT : HS_DEEPER;
}

/* Whether candidate a goes before candidate b where their figures tie: the
 * safer, then the first. */
static bool before(const struct sap_hint *h, uint32_t a, uint32_t b)
{
    bool first = a < b;
    uint32_t pa = h->candidate[a].p, pb = h->candidate[b].p;
    return pa < pb || (pa == pb && first);
}

/* The candidate named: the best figure of those weighed again, ties to the
 * safer, then the first; their figures replace the look-ahead's, for the
 * line (hint_text.c). */
static void choose_deeper(struct sap_hint *h)
{
    uint32_t i, best = 0, chosen = h->deep_index[0];
    for (i = 0; i < h->deep_count; i++) {
        uint32_t at = h->deep_index[i];
        uint32_t score = sap_weight_ratio(h->deep_survive[i], h->total, (uint32_t)1 << 30);
        if (i == 0 || score > best || (score == best && before(h, at, chosen))) {
            best = score;
            chosen = at;
        }
    }
    for (i = 0; i < h->deep_count; i++)
        h->candidate[h->deep_index[i]].survive = h->deep_survive[i];
    h->chosen = chosen;
    h->deeper = 1;
    h->stage = HS_DONE;
}

/* On to deep candidate deep_at's next number, or the next candidate, or
 * the choice. */
static void next_outcome(struct sap_hint *h)
{
    const struct hint_candidate *c = &h->candidate[h->deep_index[h->deep_at]];
    if (h->number < c->neighbours) {
        h->number++;
        start_deduction(h, false);
        return;
    }
    if (++h->deep_at < h->deep_count) {
        h->number = 0;
        start_deduction(h, false);
        return;
    }
    choose_deeper(h);
}

/* The outcome under way, valued at v parts in 2^30 of its weight. */
static void outcome_valued(struct sap_hint *h, uint32_t v)
{
    h->deep_survive[h->deep_at] = sap_weight_add(
        h->deep_survive[h->deep_at], sap_weight_scale(h->outcome_total, v, (uint32_t)1 << 30));
    next_outcome(h);
}

/* On to the next cell's next number, or the next cell, or the outcome's
 * value: its best next cell's survival. */
static void next_number(struct sap_hint *h)
{
    uint32_t cell, cols = sap_game_cols(h->game), survival;
    cell = h->next_cell[h->next_at];
    if (h->next_number + 1u
        < sap_game_position_covered_around(h->game, cell / cols, cell % cols)) {
        h->next_number++; /* at most its covered neighbours */
        start_deduction(h, true);
        return;
    }
    survival = sap_weight_ratio(h->next_survive, h->outcome_total, (uint32_t)1 << 30);
    if (survival > h->next_best)
        h->next_best = survival;
    if (++h->next_at < h->next_count) {
        h->next_number = 0;
        h->next_survive = sap_weight_of(0);
        start_deduction(h, true);
        return;
    }
    outcome_valued(h, h->next_best);
}

bool sap_hint_deeper_begin(struct sap_hint *h)
{
    uint32_t i, best = 0, close = 0;
    bool living = false;
    h->deep_count = 0;
    for (i = 0; i < h->count; i++)
        living |= h->candidate[i].weighed == WEIGHED && h->candidate[i].outcomes > 1u;
    if (!living || h->candidate[h->chosen].weighed != WEIGHED)
        return false;
    best = sap_weight_ratio(h->candidate[h->chosen].survive, h->total, 10000u);
    /* the close ones, the best first (the chosen is one), then the safest */
    while (h->deep_count < HINT_DEEP - 1u) {
        uint32_t pick = h->count, pick_score = 0;
        for (i = 0; i < h->count; i++) {
            const struct hint_candidate *c = &h->candidate[i];
            uint32_t score, k;
            bool taken = false;
            if (c->weighed != WEIGHED || c->outcomes < 2u)
                continue;
            for (k = 0; k < h->deep_count; k++)
                taken |= h->deep_index[k] == i;
            score = sap_weight_ratio(c->survive, h->total, 10000u);
            if (taken || score + HINT_DEEP_GATE < best)
                continue;
            if (pick == h->count || score > pick_score) {
                pick = i;
                pick_score = score;
            }
        }
        if (pick == h->count)
            break;
        h->deep_index[h->deep_count++] = (uint8_t)pick;
        close++;
    }
    if (close < 2u)
        return false;
    if (h->candidate[h->safest].weighed == WEIGHED && h->candidate[h->safest].outcomes > 1u) {
        for (i = 0; i < h->deep_count && h->deep_index[i] != h->safest; i++)
            ;
        if (i == h->deep_count)
            h->deep_index[h->deep_count++] = (uint8_t)h->safest;
    }
    for (i = 0; i < h->deep_count; i++)
        h->deep_survive[i] = sap_weight_of(0);
    h->deep_at = 0;
    h->number = 0;
    start_deduction(h, false);
    return true;
}

void sap_hint_deeper_deduced(struct sap_hint *h, int err)
{
    if (err == SAP_ERR_STATE) { /* no layout shows that number */
        if (h->stage == HS_NEXT)
            next_number(h);
        else
            next_outcome(h);
        return;
    }
    if (err != SAP_OK) { /* past its cost, or too many layouts: the look-ahead's choice */
        h->stage = HS_DONE;
        return;
    }
    if (h->stage == HS_DEEPER) {
        h->outcome_total = h->deduce->total;
        h->next_count = 0;
    }
    sap_hint_read_begin(h);
    h->stage = h->stage == HS_NEXT ? HS_NEXT_READ : HS_DEEPER_READ;
}

void sap_hint_deeper_read(struct sap_hint *h, uint32_t *budget)
{
    const sap_deduce *d = h->deduce;
    if (h->stage == HS_NEXT_READ) {
        uint32_t next;
        if (!sap_hint_read_next(h, budget, false))
            return;
        next = h->after_safe || h->after_p > 10000u ? 10000u : 10000u - h->after_p;
        h->next_survive = sap_weight_add(h->next_survive,
                                         sap_weight_scale(d->total, next, 10000u));
        next_number(h);
        return;
    }
    if (!sap_hint_read_next(h, budget, true))
        return;
    if (h->after_safe || h->after_p > 10000u) { /* a telling certain cell, or the game won */
        outcome_valued(h, (uint32_t)1 << 30);
        return;
    }
    /* the safest cells within the tolerance of the safest, in order */
    while (h->next_count > 1u
           && (10000u - h->next_key[h->next_count - 1u] / 16u) * 10000u
                  < (10000u - h->after_p) * (10000u - HINT_TOLERANCE))
        h->next_count--;
    h->next_at = 0;
    h->next_number = 0;
    h->next_best = 0;
    h->next_survive = sap_weight_of(0);
    start_deduction(h, true);
}
