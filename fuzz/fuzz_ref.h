/*
 * fuzz_ref.h - what the master harnesses share on top of the tests' own
 * references.  Every reference the harnesses compare the core against is
 * the tests' (tests/lib/ref_game.c, ref_casual.c, ref_master.c,
 * ref_nurikabe.c, linked into every harness): deliberately simple, sharing
 * no code with the core.
 */
#ifndef SAPPER_FUZZ_REF_H
#define SAPPER_FUZZ_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "fuzz.h"

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

#endif /* SAPPER_FUZZ_REF_H */
