/*
 * xorshift.h - the tests' random numbers: xorshift64 (Marsaglia's 13, 7,
 * 17), each test with its own state and seed, so that its positions are
 * the same from run to run.
 */
#ifndef SAPPER_TESTS_XORSHIFT_H
#define SAPPER_TESTS_XORSHIFT_H

#include <stdint.h>

/* The next number of *state, below n (n at least 1). */
static inline uint32_t xorshift_below(uint64_t *state, uint32_t n)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    /* NOLINTNEXTLINE(clang-analyzer-core.DivideZero): every caller's n is at least 1 */
    return (uint32_t)(*state % n);
}

#endif
