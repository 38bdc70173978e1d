/*
 * fuzz_ref.h - the references the harnesses compare the core against.
 *
 * The game engine, the Nurikabe verifier and the one-click-win judges are
 * the tests' own (tests/lib/ref_game.c, ref_nurikabe.c, ref_master.c,
 * linked into every harness); this file adds the casual player's literal
 * algorithm and the wrappers the master harnesses share.  All of them are
 * deliberately simple and share no code with the core.
 */
#ifndef SAPPER_FUZZ_REF_H
#define SAPPER_FUZZ_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "fuzz.h"

/* ---- casual player ------------------------------------------------------ */

/* The literal algorithm: every safe start in row-major order, rule 1 and
 * rule 2 applied in whole-board sweeps until a sweep changes nothing.
 * Returns false when the board has no safe cell.  left_covered (rows*cols,
 * may be NULL) receives the safe cells the best start leaves covered. */
bool fuzz_ref_casual_solve(const bool *mine, uint32_t rows, uint32_t cols,
                           struct sap_casual_result *result, bool *left_covered);
/* The safe cells one start leaves covered (the start must be safe). */
uint32_t fuzz_ref_casual_from(const bool *mine, uint32_t rows, uint32_t cols,
                              uint32_t row, uint32_t col, bool *left_covered);

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
