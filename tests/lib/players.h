/* players.h - players the tests, the fuzz harnesses and the benchmarks
 * share, to check boards with (the no-guess generator's). */
#ifndef SAPPER_PLAYERS_H
#define SAPPER_PLAYERS_H

#include <stdbool.h>
#include <stdint.h>

/* Pure logic: plays the board `mine` (rows * cols bytes, nonzero = mine)
 * from a first left click at 0-based (row, col), opening only the cells
 * the deduction engine proves safe, round after round; true when that
 * clears every safe cell. */
bool player_logic_clears(const unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t row,
                         uint32_t col);

#endif
