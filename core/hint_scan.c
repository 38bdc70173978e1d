/*
 * hint_scan.c - HINT's scan of a finished deduction (deduce.c): the move
 * HINT names and the cells offered to its guess.
 *
 * The scan looks for a flag on a cell proven safe first, else the certain
 * cell with the simplest reason a person can check (its level and text:
 * hint_reasons.c), and offers every unsure cell to the guess
 * (hint_candidates.c).  Cells the player has already opened, and proven
 * mines already flagged, are not news.
 */
#include "deduce.h"
#include "hint.h"
#include "game.h"

void sap_hint_scan_begin(struct sap_hint *h)
{
    h->scan.cell = 0;
    h->scan.best_cell = 0;
    h->scan.pass = 0;
    h->scan.best = 4;
    h->scan.best_safe = 0;
}

bool sap_hint_scan_wrong_flag(struct sap_hint *h, uint32_t x)
{
    sap_deduce *d = h->deduce;
    uint32_t cols = sap_game_cols(h->game), p;
    if (sap_game_cell(h->game, x / cols, x % cols) != 'P'
        || sap_deduce_cell(d, x / cols, x % cols, &p) != SAP_CELL_SAFE)
        return false;
    h->scan.best = 0;
    h->scan.best_cell = x;
    h->scan.best_safe = 1;
    return true;
}

uint32_t sap_hint_scan_consider(struct sap_hint *h, uint32_t x)
{
    sap_deduce *d = h->deduce;
    const sap_game *g = h->game;
    uint32_t cols = sap_game_cols(g), r = x / cols, c = x % cols, p;
    int view = sap_deduce_cell(d, r, c, &p);
    char none[1]; /* only the reason's level counts here, not its text */
    size_t n = 0;
    unsigned level, best = h->scan.best;
    bool safe = view == SAP_CELL_SAFE;
    if (view == SAP_CELL_UNSURE)
        sap_hint_candidates_offer(h, x, p);
    if (view != SAP_CELL_SAFE && view != SAP_CELL_MINE)
        return 1;
    if (sap_game_cell(g, r, c) == 'P')
        return 1; /* a proven mine flagged, or a wrong flag (said first) */
    level = sap_hint_reasons_at(g, r, c, safe, none, sizeof none, &n, best);
    if (level < best) {
        h->scan.best = (uint8_t)level;
        h->scan.best_cell = x;
        h->scan.best_safe = safe;
    }
    return best > 2 && (safe || SAP_HINT_REASONS) ? TWO_STEPS_STEPS : REASON_STEPS;
}

/* The scan: first a flag the numbers prove wrong (the first such), then,
 * unless one was found, every cell until one with a one-number reason. */
bool sap_hint_scan(struct sap_hint *h, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    const sap_game *g = h->game;
    uint32_t cells = sap_game_rows(g) * sap_game_cols(g);
    while (h->scan.pass < 2 && budget > 0) {
        uint32_t x = h->scan.cell, cost = 1;
        if (x == cells || (h->scan.pass == 0 && h->scan.best == 0)
            || (h->scan.pass == 1 && h->scan.best <= 1)) {
            h->scan.pass = h->scan.best > 1 ? h->scan.pass + 1 : 2;
            h->scan.cell = 0;
            continue;
        }
        if (h->scan.pass == 0)
            (void)sap_hint_scan_wrong_flag(h, x);
        else
            cost = sap_hint_scan_consider(h, x);
        h->scan.cell = x + 1;
        sap_charge(&budget, cost);
    }
    *budget_left = budget;
    return h->scan.pass == 2;
}
