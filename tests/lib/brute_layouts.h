/*
 * brute_layouts.h - a brute force for HINT's figures on small positions:
 * every layout of the covered cells that fits the numbers and the mine
 * count, listed, and each figure counted over them.  Slow and obvious on
 * purpose; it shares no code with core/deduce*.c.
 */
#ifndef SAPPER_BRUTE_LAYOUTS_H
#define SAPPER_BRUTE_LAYOUTS_H

#include "sapper.h"

#include <stdbool.h>
#include <stdint.h>

#define BRUTE_MAX_COVERED 18u

/* Every layout of the covered cells that fits what is seen: bit i of a
 * layout is covered[i]. */
struct brute_layouts {
    uint32_t rows, cols, count, covered_count;
    uint32_t covered[BRUTE_MAX_COVERED];
    uint32_t *list;
};

/* Lists the layouts (brute_layouts_free frees them); false when the position
 * has more than BRUTE_MAX_COVERED covered cells. */
bool brute_layouts_list(const sap_game *g, struct brute_layouts *l);
void brute_layouts_free(struct brute_layouts *l);

/* The number opened at cell x, or -1 where it is covered or flagged. */
int brute_seen(const sap_game *g, uint32_t x);
/* Whether cells a and b (row-major, `cols` a row) touch. */
bool brute_adjacent(uint32_t cols, uint32_t a, uint32_t b);
/* The place of `cell` in covered[] (covered_count: not covered). */
uint32_t brute_index_of(const struct brute_layouts *l, uint32_t cell);
/* Whether covered cell i is next to an opened number. */
bool brute_on_frontier(const struct brute_layouts *l, const sap_game *g, uint32_t i);

/* The layouts with a mine at covered cell i; their share in 0.1 %, as
 * HINT writes odds (rounded once, half up; 0 and 1000 only when certain);
 * whether a written 0.1 % figure is that share. */
uint32_t brute_mines_at(const struct brute_layouts *l, uint32_t i);
uint32_t brute_tenths(const struct brute_layouts *l, uint32_t i);
bool brute_odds_match(const struct brute_layouts *l, uint32_t i, uint32_t written);
/* Whether two shares lie within 0.02 % of each other, where HINT's 0.01 %
 * figures may fall either way. */
bool brute_near(double a, double b);

/* Whether covered cells i and j are a 50/50 to come. */
bool brute_fifty_to_come(const struct brute_layouts *l, uint32_t i, uint32_t j);
/* The chance of surviving a guess at covered cell i and the move after it
 * (the look-ahead's figure); *outcomes: the numbers i can show. */
double brute_survive(const struct brute_layouts *l, uint32_t i, uint32_t *outcomes);
/* ... and the two moves after it (the deeper look's figure); *unsure_edge
 * set where HINT's rounding could weigh other cells. */
double brute_survive_deeper(const struct brute_layouts *l, uint32_t i, bool *unsure_edge);

#endif
