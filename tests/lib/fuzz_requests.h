/*
 * fuzz_requests.h - generated protocol requests for the daemon fuzzer
 * (tests/tools/daemon_fuzz.c).
 */
#ifndef FUZZ_REQUESTS_H
#define FUZZ_REQUESTS_H

#include <stddef.h>
#include <stdint.h>

#include "text.h"

/* The board a connection's last NEW asked for, to aim clicks at. */
struct fuzz_dims {
    uint32_t rows, cols;
};

/* xorshift64: a number below n (n > 0); state must not be 0. */
uint32_t fuzz_rng_below(uint64_t *state, uint32_t n);

/* Appends one request (all its lines; a mutated one may lack its last
 * "\n") for a connection whose last NEW was g, and updates g. */
void fuzz_request(struct text *t, struct fuzz_dims *g, uint64_t *rng);

#endif
