/*
 * fuzz_ref.h - deliberately simple reference implementations the harnesses
 * compare the core against.  They follow the statements and SPEC.md word by
 * word, with plain arrays, malloc and the most obvious loops; speed and
 * memory do not matter here, only being obviously right.
 */
#ifndef SAPPER_FUZZ_REF_H
#define SAPPER_FUZZ_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "fuzz.h"

/* ---- game engine (boom) ------------------------------------------------- */

struct fuzz_ref_game {
    uint32_t rows, cols, mines;
    int state;              /* SAP_RUNNING, SAP_WIN or SAP_LOSE */
    bool *mine;
    bool *opened;
    char *mark;             /* '_', 'P' or '?' while covered */
    char *before;           /* player map before the last operation */
    int last;               /* outcome of the last operation */
};

void fuzz_ref_game_init(struct fuzz_ref_game *g, uint32_t rows, uint32_t cols);
void fuzz_ref_game_free(struct fuzz_ref_game *g);
void fuzz_ref_game_set_mine(struct fuzz_ref_game *g, uint32_t row, uint32_t col, bool mine);
/* The player-map character at 0-based (row, col). */
char fuzz_ref_game_cell(const struct fuzz_ref_game *g, uint32_t row, uint32_t col);
uint32_t fuzz_ref_game_covered(const struct fuzz_ref_game *g);
/* One operation at 1-based (x, y), op 1..3, in range; returns the outcome. */
int fuzz_ref_game_move(struct fuzz_ref_game *g, int op, uint32_t x, uint32_t y);
/* Appends the boom reply lines of the last operation. */
void fuzz_ref_game_reply(const struct fuzz_ref_game *g, struct fuzz_text *out);

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

/* Whether some board of rows x cols with `mines` mines is won by one click,
 * by trying every mine layout (rows * cols <= 20 only). */
bool fuzz_ref_master_possible_exhaustive(uint32_t rows, uint32_t cols, uint32_t mines);
/* The same question answered by the known characterisation of the safe
 * count (any size); the harness cross-checks it against the exhaustive
 * search wherever that is affordable. */
bool fuzz_ref_master_possible_rule(uint32_t rows, uint32_t cols, uint32_t mines);
/* Whether `board` (rows * cols characters, row by row, no line ends) holds
 * exactly `mines` '*', one 'c', '.' elsewhere, and one click on the 'c'
 * opens every safe cell.  NULL when it does, else what is wrong.  Plays the
 * board on the core's game engine too when that is built and the board is
 * not huge. */
const char *fuzz_ref_master_check_board(const char *board, uint32_t rows, uint32_t cols,
                                        uint32_t mines);
/* Both answers to "possible?" for the harnesses: the rule, cross-checked
 * against the exhaustive search on boards of at most 20 cells. */
bool fuzz_ref_master_possible(uint32_t rows, uint32_t cols, uint32_t mines);

/* ---- Nurikabe ----------------------------------------------------------- */

/* number[cell] is 0 for a blank cell; shaded[cell] as given.  Returns
 * whether the four rules hold as SPEC.md settles them. */
bool fuzz_ref_nurikabe_solved(const uint32_t *number, const bool *shaded,
                              uint32_t rows, uint32_t cols);

#endif /* SAPPER_FUZZ_REF_H */
