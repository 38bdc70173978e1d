/*
 * ref_master.h - the tests' own judges of one-click-win boards, written
 * without the core: a checker that plays the click by the statement's
 * rules, a brute force over every safe set of a small board, and an
 * exhaustive row-by-row search that settles every board up to 8 x 8.
 */
#ifndef REF_MASTER_H
#define REF_MASTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest side the exhaustive search takes. */
#define REF_MASTER_EXHAUSTIVE_MAX 8

/* Checks a board of rows*cols characters (row-major, no line ends): only
 * '*', '.', 'c'; exactly `mines` '*'; exactly one 'c'; and one click on the
 * 'c' opens every safe cell, the click spreading from cells with no mine
 * around them to all their neighbours.  NULL when valid, else a reason. */
const char *ref_master_check(const char *board, uint32_t rows, uint32_t cols, uint32_t mines);

/* The rule: whether a rows x cols board with `safe` safe cells can be won
 * with one click (test_master.c matches it with the exhaustive search on
 * every board up to 8 x 8; larger boards add no new kind of case). */
bool ref_master_possible(uint32_t rows, uint32_t cols, uint32_t safe);

/* Checks a whole judge output against its whole judge input (the GCJ
 * format): exactly "Case #x:" per case, then either R rows of C cells that
 * pass ref_master_check, or "Impossible" where ref_master_possible says so;
 * nothing else.  NULL when valid, else a reason (static, or in `why` of
 * why_size bytes).  *boards and *impossible count the answers. */
const char *ref_master_check_output(const char *input, const char *output, size_t output_length,
                                    char *why, size_t why_size, unsigned *boards,
                                    unsigned *impossible);

/* Plays one click on cell `click` of a board whose safe cells are
 * safe[0..rows*cols); true when every safe cell ends up open. */
bool ref_master_click_wins(const bool *safe, uint32_t rows, uint32_t cols, uint32_t click);

/* Brute force, rows*cols <= 20: possible[s] (s = 0..rows*cols) is set when
 * some board with s safe cells is won by some single click. */
void ref_master_brute_force(uint32_t rows, uint32_t cols, bool *possible);

/* Exhaustive search for cols <= 8 and every rows <= max_rows <= 8:
 * possible[rows][s] as above, for every rows = 1..max_rows at once. */
void ref_master_exhaustive(
    uint32_t cols, uint32_t max_rows,
    bool possible[REF_MASTER_EXHAUSTIVE_MAX + 1]
                 [REF_MASTER_EXHAUSTIVE_MAX * REF_MASTER_EXHAUSTIVE_MAX + 1]);

#endif
