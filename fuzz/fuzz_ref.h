/*
 * fuzz_ref.h - what the harnesses add to the tests' own references.  The
 * references the harnesses compare the core against are the tests'
 * (tests/lib/ref_game.c, ref_casual.c, ref_master.c, ref_nurikabe.c and
 * layouts_count in players.c, linked into every harness): deliberately
 * simple, sharing no code with the core.  Here: the master harnesses'
 * cached brute force and board check, and a count of layouts that gives
 * layouts_count's answer without trying every subset.
 */
#ifndef SAPPER_FUZZ_REF_H
#define SAPPER_FUZZ_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "fuzz.h"
#include "players.h" /* struct layouts */

/* ---- one-click win ------------------------------------------------------ */

/* Whether some rows x cols board with `mines` mines is won by one click:
 * ref_master_possible's rule, cross-checked (and aborting on a
 * disagreement) against ref_master_brute_force on boards of at most 20
 * cells, whose results are cached per shape. */
bool fuzz_ref_master_possible(uint32_t rows, uint32_t cols, uint32_t mines);
/* ref_master_check (the mine count, one 'c', one click opens every safe
 * cell), then, on boards up to 40,000 cells and when this build has a game
 * engine, the same click played on the core's engine must WIN.  NULL when
 * the board is right, else what is wrong. */
const char *fuzz_ref_master_check_board(const char *board, uint32_t rows, uint32_t cols,
                                        uint32_t mines);

/* ---- layouts of a position -------------------------------------------- */

/* layouts_count's answer (every layout of g's covered cells with g's mine
 * count that fits every opened number, marks ignored: how many, and in how
 * many each cell holds a mine), found by a depth-first walk over the
 * covered cells next to a number that abandons a partial layout as soon
 * as a number has too many mines or too few cells left for its count; the
 * covered cells next to no number take the mines left over in every way,
 * C(free, left) of them, each holding a mine in C(free - 1, left - 1).
 * Exact integers.  A board of at most LAYOUTS_MAX_CELLS cells with at most
 * 32 covered; b->total is 0 otherwise.  Positions with at most
 * FUZZ_LAYOUTS_CHECKED covered cells are also counted by layouts_count,
 * and the two must agree (the harness aborts otherwise). */
#define FUZZ_LAYOUTS_CHECKED 10u
void fuzz_ref_layouts(const sap_game *g, struct layouts *b);

#endif /* SAPPER_FUZZ_REF_H */
