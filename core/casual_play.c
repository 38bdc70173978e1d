/*
 * casual_play.c - the casual player's play from one first click: the
 * no-guess generator's CASUAL level (generate.c).  The fresh engine
 * (casual.c) over the whole board, from one start, with nothing skipped;
 * it keeps the play's frontier as it goes (cs->play), and the play goes on
 * from where it stalled once the generator has moved mines there.  The
 * board is a fresh one (init, then its mines), which the generator lays
 * out cell by cell within its budget: rows not laid out yet are laid out
 * here.
 */
#include "casual.h"

void sap_casual_play_begin(sap_casual *cs, uint32_t row, uint32_t col)
{
    sap_casual_ready_rows(cs, cs->rows);
    cs->solved = 0;
    list_start(cs);
    cs->stop_at_generator = 0;
    cs->play = 1;
    cs->frontier = cs->frontier_mines = cs->flagged = 0;
    sap_casual_fresh_touch(cs, row * cs->cols + col, row, col);
}

bool sap_casual_play_step(sap_casual *cs, uint32_t *budget)
{
    return sap_casual_fresh_run(cs, budget);
}

/* A mine moved to (mine) or from cell x under a play that stalled.
 * Every cell whose rule fired has all its neighbours touched, so when x is
 * untouched no number the play has used changes: what it touched stands on
 * the new layout too, and the play goes on from there.  Only the counters
 * of x's touched safe neighbours change; recheck fires those whose rule
 * now holds, once every move of the perturbation is made.  A flagged mine
 * moved away (a wall the play cannot pass) is cleared where it stands, as
 * if the player had found it safe: the flags around it may then rest on
 * numbers that changed, so such a play is checked from the click again
 * (generate.c checks every resumed play). */
void sap_casual_play_moved(sap_casual *cs, uint32_t x, bool mine)
{
    struct sap_box b = block_around(cs, x);
    uint32_t r, c, code = 0;
    if (mine == ((cs->cells[x] & CELL_MINE) != 0))
        return;
    cs->cells[x] ^= CELL_MINE;
    cs->safe = mine ? cs->safe - 1u : cs->safe + 1u;
    if (cs->cells[x] & CELL_TOUCHED) { /* only a flag moves: it is cleared */
        cs->flagged--;
        sap_casual_frontier_around(cs, x);
        for (r = b.top; r <= b.bottom; r++)
            for (c = b.left; c <= b.right; c++) {
                uint32_t word = cs->cells[r * cs->cols + c];
                if (!(word & CELL_TOUCHED))
                    code += (word & CELL_MINE) ? CODE_MINE : CODE_SAFE;
            }
        cs->cells[x] = (cs->cells[x] & ~CODE_MASK) | (code << CODE_SHIFT);
        cs->cleared++;
        return;
    }
    if (cs->cells[x] & CELL_FRONTIER)
        cs->frontier_mines = mine ? cs->frontier_mines + 1u : cs->frontier_mines - 1u;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t *word = &cs->cells[r * cs->cols + c];
            if ((*word & (CELL_TOUCHED | CELL_MINE)) != CELL_TOUCHED)
                continue;
            /* an untouched safe neighbour became an untouched mine, or back */
            if (mine)
                *word += (uint32_t)(CODE_MINE - CODE_SAFE) << CODE_SHIFT;
            else
                *word -= (uint32_t)(CODE_MINE - CODE_SAFE) << CODE_SHIFT;
        }
}

void sap_casual_play_recheck(sap_casual *cs, uint32_t x)
{
    struct sap_box b = block_around(cs, x);
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            if ((cs->cells[r * cs->cols + c] & (CELL_TOUCHED | CELL_MINE)) == CELL_TOUCHED)
                sap_casual_fresh_fire(cs, r * cs->cols + c, r, c);
}

void sap_casual_play_places(const sap_casual *cs, uint32_t *frontier, uint32_t *frontier_mines,
                            uint32_t *flagged)
{
    *frontier = cs->frontier;
    *frontier_mines = cs->frontier_mines;
    *flagged = cs->flagged;
}

uint32_t sap_casual_play_cleared(const sap_casual *cs)
{
    return cs->cleared;
}

bool sap_casual_play_at_frontier(const sap_casual *cs, uint32_t x)
{
    return (cs->cells[x] & (CELL_TOUCHED | CELL_FRONTIER)) == CELL_FRONTIER;
}

int sap_casual_play_cell(const sap_casual *cs, uint32_t x)
{
    uint32_t word = cs->cells[x];
    if (!(word & CELL_TOUCHED))
        return 0;
    return word & CELL_MINE ? 2 : 1;
}
