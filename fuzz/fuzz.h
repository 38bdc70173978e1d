/*
 * fuzz.h - what every harness shares.
 *
 * A harness is one function, fuzz_one(data, size), linked with one of three
 * mains: main_libfuzzer.c (LLVMFuzzerTestOneInput), main_afl.c (AFL++
 * persistent mode) and main_replay.c (runs stored files, for `make test`).
 * Oracle failures call abort() through FUZZ_CHECK, so libFuzzer, AFL++ and
 * the replay driver all see them as crashes.
 *
 * The harnesses are host programs: they use libc freely; only the core they
 * drive is freestanding.
 */
#ifndef SAPPER_FUZZ_H
#define SAPPER_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "sapper.h"

/* The harness: runs one input and aborts on any broken property. */
void fuzz_one(const uint8_t *data, size_t size);

/* ---- oracle failures ---------------------------------------------------- */

/* Prints "fuzz: file:line: what: message" and aborts. */
void fuzz_fail(const char *file, int line, const char *what, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((noreturn, format(printf, 4, 5)))
#endif
    ;

/* FUZZ_CHECK(cond, "printf format", args...): at least a format string. */
#define FUZZ_CHECK(cond, ...)                                                                  \
    do {                                                                                       \
        if (!(cond))                                                                           \
            fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                                 \
    } while (0)

/* ---- reading the input -------------------------------------------------- */

/* The input seen as a stream of small decisions.  Past its end every read
 * gives 0, so any input, even an empty one, decodes to something. */
struct fuzz_bytes {
    const uint8_t *data;
    size_t size;
    size_t pos;
};

void fuzz_bytes_init(struct fuzz_bytes *in, const uint8_t *data, size_t size);
bool fuzz_bytes_left(const struct fuzz_bytes *in);
uint8_t fuzz_u8(struct fuzz_bytes *in);
uint16_t fuzz_u16(struct fuzz_bytes *in);
uint32_t fuzz_u32(struct fuzz_bytes *in);
/* lo + (next byte(s) modulo the span); lo when the span is empty. */
uint32_t fuzz_range(struct fuzz_bytes *in, uint32_t lo, uint32_t hi);

/* ---- deterministic pseudo-random numbers -------------------------------- */

/* For decisions that must not consume the input (split points, poll sizes),
 * seeded from a hash of the input so a replay reproduces them. */
struct fuzz_rng {
    uint64_t state;
};

void fuzz_rng_seed(struct fuzz_rng *rng, const uint8_t *data, size_t size);
uint32_t fuzz_rng_next(struct fuzz_rng *rng);
/* Uniform-enough in [lo, hi]. */
uint32_t fuzz_rng_range(struct fuzz_rng *rng, uint32_t lo, uint32_t hi);

/* ---- caller memory that checks its caller ------------------------------- */

#define FUZZ_MEMORY_SLOTS 8

/* A malloc-backed struct sap_memory that refuses blocks past `limit` bytes
 * in use, fills new blocks with garbage (the core must not expect zeroes),
 * and aborts on a release of a block it never gave, a purpose that does not
 * match, or more than FUZZ_MEMORY_SLOTS blocks held at once. */
struct fuzz_memory {
    struct sap_memory iface;
    size_t limit;
    size_t in_use;
    size_t acquired; /* blocks handed out so far */
    size_t refused;  /* requests refused for the limit */
    void *block[FUZZ_MEMORY_SLOTS];
    size_t bytes[FUZZ_MEMORY_SLOTS];
    enum sap_memory_purpose purpose[FUZZ_MEMORY_SLOTS];
};

void fuzz_memory_init(struct fuzz_memory *memory, size_t limit);
/* Blocks currently held by the core. */
size_t fuzz_memory_held(const struct fuzz_memory *memory);
/* Aborts if the core still holds a block. */
void fuzz_memory_check_released(const struct fuzz_memory *memory, const char *who);

/* ---- growing byte buffers ----------------------------------------------- */

struct fuzz_text {
    char *data;
    size_t length;
    size_t capacity;
};

void fuzz_text_init(struct fuzz_text *text);
void fuzz_text_free(struct fuzz_text *text);
void fuzz_text_add(struct fuzz_text *text, const char *bytes, size_t length);
void fuzz_text_add_str(struct fuzz_text *text, const char *s);
void fuzz_text_add_u32(struct fuzz_text *text, uint32_t value);
/* Room for at least `length` more bytes at data + length. */
char *fuzz_text_reserve(struct fuzz_text *text, size_t length);

/* Prints where two texts first differ (for failure messages) and aborts. */
void fuzz_text_expect_equal(const char *what, const char *got, size_t got_length,
                            const char *want, size_t want_length);

#endif /* SAPPER_FUZZ_H */
