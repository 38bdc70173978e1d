/*
 * generate_full.h - the baseline no-guess generator (generate_full.c), the
 * core's sap_generate_* as it was before the live deduction: the same
 * arguments and answers, its own block size.
 */
#ifndef SAPPER_GENERATE_FULL_H
#define SAPPER_GENERATE_FULL_H

#include "sapper.h"

#define FULL_HEADER_BYTES 96u
/* the header, a bit a cell, the player's game and a deduction block */
#define FULL_GENERATE_BYTES(rows, cols)                                                        \
    ((size_t)FULL_HEADER_BYTES                                                                 \
     + ((((size_t)(rows) * (size_t)(cols) + 7u) / 8u + 7u) & ~(size_t)7u)                      \
     + ((SAP_GAME_BYTES(rows, cols) + 7u) & ~(size_t)7u) + SAP_DEDUCE_BYTES(rows, cols))

typedef struct full_generate full_generate;

int full_generate_init(full_generate **generate, void *memory, size_t bytes, uint32_t rows,
                       uint32_t cols, uint32_t mines, uint32_t seed, enum sap_level level,
                       uint32_t row, uint32_t col);
int full_generate_step(full_generate *g, uint32_t budget);
bool full_generate_mine_at(const full_generate *g, uint32_t row, uint32_t col);
uint32_t full_generate_tries(const full_generate *g);

#endif
