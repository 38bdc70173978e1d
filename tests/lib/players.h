/* players.h - what the tests, the fuzz harnesses and the benchmarks share
 * to check the deduction engine and the no-guess generator with: a player
 * that opens only what the engine proves, and the count of every layout. */
#ifndef SAPPER_PLAYERS_H
#define SAPPER_PLAYERS_H

#include <stdbool.h>
#include <stdint.h>

#include "sapper.h"

/* Every layout of the covered cells of g (a board of at most
 * LAYOUTS_MAX_CELLS cells; 2^covered of them are tried) with g's mine count
 * that fits every opened number, the player's marks ignored: how many, and
 * in how many of them each cell holds a mine.  Exact integers, the oracle
 * of the deduction engine's tests. */
#define LAYOUTS_MAX_CELLS 64u
struct layouts {
    uint64_t total;
    uint64_t mine_in[LAYOUTS_MAX_CELLS];
};
void layouts_count(const sap_game *g, struct layouts *b);

/* Pure logic: plays the board `mine` (rows * cols bytes, nonzero = mine)
 * from a first left click at 0-based (row, col), opening only the cells
 * the deduction engine proves safe, round after round; true when that
 * clears every safe cell. */
bool player_logic_clears(const unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t row,
                         uint32_t col);

#endif
