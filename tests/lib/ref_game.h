/*
 * ref_game.h - a deliberately simple boom engine for differential tests:
 * int arrays, a recursive opening straight from the statement, and changes
 * found by comparing the whole player map before and after each operation.
 * Slow and obvious on purpose; it shares no code with core/game.c.
 */
#ifndef SAPPER_REF_GAME_H
#define SAPPER_REF_GAME_H

#include <stddef.h>

struct ref_game;

/* mines: rows*cols bytes, row by row, '*' for a mine.  NULL when out of memory. */
struct ref_game *ref_game_new(int rows, int cols, const char *mines);
void ref_game_free(struct ref_game *game);

/* Applies one operation (op 1/2/3, 1-based x = row, y = column) and returns
 * its reply lines, as the statement prints them; the text stays valid until
 * the next call. */
const char *ref_game_move(struct ref_game *game, int op, int x, int y);

/* The player map at 0-based (row, col): '_', 'P', '?' or '0'..'8'. */
char ref_game_cell(const struct ref_game *game, int row, int col);
/* 0 running, 1 won, 2 lost (as enum sap_outcome). */
int ref_game_state(const struct ref_game *game);
int ref_game_covered(const struct ref_game *game);

#endif
