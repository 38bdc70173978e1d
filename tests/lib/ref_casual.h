/*
 * ref_casual.h - slow, obvious references for the casual player, and a
 * seeded random board generator shared by its tests and tools.
 */
#ifndef REF_CASUAL_H
#define REF_CASUAL_H

#include <stddef.h>
#include <stdint.h>

struct ref_casual_answer {
    uint32_t covered;  /* safe cells the best start leaves covered */
    uint32_t row, col; /* the best start, 0-based, lowest row then column */
};

/* Cell states of one start's play. */
enum { REF_CASUAL_COVERED = 0, REF_CASUAL_CLEARED = 1, REF_CASUAL_FLAGGED = 2 };

/* The statement, word for word: clear `start`, then sweep the whole board
 * applying rule 1 (f == m) and rule 2 (f + c == m) at every cleared cell
 * until a sweep changes nothing.  state: rows*cols bytes, written.  Returns
 * the number of cleared cells. */
uint32_t ref_casual_closure(const unsigned char *mines, uint32_t rows, uint32_t cols,
                            uint32_t start, unsigned char *state);

/* Every safe start through ref_casual_closure.  mines: rows*cols bytes,
 * nonzero = mine.  left (optional, rows*cols bytes): 1 where the best start
 * leaves a safe cell covered.  Returns 0, or -1 when no cell is safe. */
int ref_casual_solve(const unsigned char *mines, uint32_t rows, uint32_t cols,
                     struct ref_casual_answer *answer, unsigned char *left);

/* One start's play, by ref_casual_closure (literal) or by the queue one:
 * left (rows*cols bytes) gets 1 where a safe cell stays covered.  Returns
 * the number of cleared cells. */
uint32_t ref_casual_play(const unsigned char *mines, uint32_t rows, uint32_t cols, int literal,
                         uint32_t start, unsigned char *left);

/* A second, faster reference for boards too big for the literal one: a
 * plain queue per start, no reuse between starts beyond skipping cells an
 * earlier start cleared.  Same contract as ref_casual_solve. */
int ref_casual_solve_queue(const unsigned char *mines, uint32_t rows, uint32_t cols,
                           struct ref_casual_answer *answer, unsigned char *left);

/* The budget ref_casual_compare_core solves with: 0 for sap_casual_solve,
 * else sap_casual_solve_step with that many steps a call. */
extern uint32_t ref_casual_budget;

/* Solves the board with the core (sap_casual_*) and with a reference (the
 * literal one, or the queue one for big boards) and compares the minimum;
 * the core's best start, played by the reference, must leave that minimum
 * covered, and exactly the cells the core's left set says.  Returns 0 when
 * they agree; otherwise -1 and a one-line description in why[why_size]. */
int ref_casual_compare_core(const unsigned char *mines, uint32_t rows, uint32_t cols,
                            int literal, char *why, size_t why_size);

/* Deterministic pseudo-random numbers (splitmix64). */
uint64_t ref_casual_random(uint64_t *state);

/* Fills mines[rows*cols] with each cell a mine with probability
 * permille/1000, from `seed`. */
void ref_casual_random_board(unsigned char *mines, uint32_t rows, uint32_t cols,
                             unsigned permille, uint64_t seed);

#endif
