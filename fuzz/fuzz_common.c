/*
 * fuzz_common.c - the pieces every harness shares: failure reports, input
 * decoding, a seeded generator, checking caller memory and growing buffers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fuzz_fail(const char *file, int line, const char *what, const char *format, ...)
{
    va_list args;
    fprintf(stderr, "fuzz: %s:%d: oracle failed: %s: ", file, line, what);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

/* ---- reading the input -------------------------------------------------- */

void fuzz_bytes_init(struct fuzz_bytes *in, const uint8_t *data, size_t size)
{
    in->data = data;
    in->size = size;
    in->pos = 0;
}

bool fuzz_bytes_left(const struct fuzz_bytes *in)
{
    return in->pos < in->size;
}

uint8_t fuzz_u8(struct fuzz_bytes *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

uint16_t fuzz_u16(struct fuzz_bytes *in)
{
    uint16_t v = fuzz_u8(in);
    return (uint16_t)(v | (uint16_t)fuzz_u8(in) << 8);
}

uint32_t fuzz_u32(struct fuzz_bytes *in)
{
    uint32_t v = fuzz_u16(in);
    return v | (uint32_t)fuzz_u16(in) << 16;
}

uint32_t fuzz_range(struct fuzz_bytes *in, uint32_t lo, uint32_t hi)
{
    uint32_t span;
    if (hi <= lo)
        return lo;
    span = hi - lo + 1u;
    if (span == 0) /* the whole uint32_t range */
        return fuzz_u32(in);
    if (span <= 256u)
        return lo + fuzz_u8(in) % span;
    if (span <= 65536u)
        return lo + fuzz_u16(in) % span;
    return lo + fuzz_u32(in) % span;
}

/* ---- deterministic pseudo-random numbers -------------------------------- */

void fuzz_rng_seed(struct fuzz_rng *rng, const uint8_t *data, size_t size)
{
    uint64_t h = 14695981039346656037ull; /* FNV-1a */
    size_t i;
    for (i = 0; i < size; i++) {
        h ^= data[i];
        h *= 1099511628211ull;
    }
    rng->state = h ^ (uint64_t)size;
}

uint32_t fuzz_rng_next(struct fuzz_rng *rng)
{
    /* splitmix64: every seed, zero included, gives a good sequence. */
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

uint32_t fuzz_rng_range(struct fuzz_rng *rng, uint32_t lo, uint32_t hi)
{
    if (hi <= lo)
        return lo;
    return lo + fuzz_rng_next(rng) % (hi - lo + 1u);
}

/* ---- caller memory that checks its caller ------------------------------- */

static void *memory_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct fuzz_memory *m = context;
    size_t slot;
    void *block;

    FUZZ_CHECK(purpose == SAP_MEMORY_GAME || purpose == SAP_MEMORY_WORK,
               "acquire with purpose %d", (int)purpose);
    FUZZ_CHECK(bytes > 0, "acquire of 0 bytes");
    if (bytes > m->limit - m->in_use) {
        m->refused++;
        return NULL;
    }
    for (slot = 0; slot < FUZZ_MEMORY_SLOTS; slot++)
        if (m->block[slot] == NULL)
            break;
    FUZZ_CHECK(slot < FUZZ_MEMORY_SLOTS, "the core holds more than %d blocks at once",
               FUZZ_MEMORY_SLOTS);
    block = malloc(bytes);
    FUZZ_CHECK(block != NULL, "malloc(%zu) failed", bytes);
    memset(block, 0xA5, bytes); /* whatever the core reads, it must have written */
    m->block[slot] = block;
    m->bytes[slot] = bytes;
    m->purpose[slot] = purpose;
    m->in_use += bytes;
    m->acquired++;
    return block;
}

static void memory_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct fuzz_memory *m = context;
    size_t slot;

    FUZZ_CHECK(block != NULL, "release of NULL");
    for (slot = 0; slot < FUZZ_MEMORY_SLOTS; slot++)
        if (m->block[slot] == block)
            break;
    FUZZ_CHECK(slot < FUZZ_MEMORY_SLOTS, "release of a block the memory never gave (%p)",
               block);
    FUZZ_CHECK(m->purpose[slot] == purpose, "block acquired for purpose %d released as %d",
               (int)m->purpose[slot], (int)purpose);
    m->in_use -= m->bytes[slot];
    m->block[slot] = NULL;
    m->bytes[slot] = 0;
    free(block);
}

void fuzz_memory_init(struct fuzz_memory *m, size_t limit)
{
    memset(m, 0, sizeof *m);
    m->iface.acquire = memory_acquire;
    m->iface.release = memory_release;
    m->iface.context = m;
    m->limit = limit;
}

size_t fuzz_memory_held(const struct fuzz_memory *m)
{
    size_t slot, held = 0;
    for (slot = 0; slot < FUZZ_MEMORY_SLOTS; slot++)
        if (m->block[slot] != NULL)
            held++;
    return held;
}

void fuzz_memory_check_released(const struct fuzz_memory *m, const char *who)
{
    FUZZ_CHECK(fuzz_memory_held(m) == 0,
               "%s still holds %zu block(s), %zu bytes, after release", who,
               fuzz_memory_held(m), m->in_use);
}

/* ---- growing byte buffers ----------------------------------------------- */

void fuzz_text_init(struct fuzz_text *t)
{
    t->data = NULL;
    t->length = 0;
    t->capacity = 0;
}

void fuzz_text_free(struct fuzz_text *t)
{
    free(t->data);
    fuzz_text_init(t);
}

char *fuzz_text_reserve(struct fuzz_text *t, size_t length)
{
    if (t->capacity - t->length < length + 1) {
        size_t want = t->capacity ? t->capacity : 256;
        while (want - t->length < length + 1)
            want *= 2;
        t->data = realloc(t->data, want);
        FUZZ_CHECK(t->data != NULL, "realloc(%zu) failed", want);
        t->capacity = want;
    }
    return t->data + t->length;
}

void fuzz_text_add(struct fuzz_text *t, const char *bytes, size_t length)
{
    char *at = fuzz_text_reserve(t, length);
    if (length > 0)
        memcpy(at, bytes, length);
    t->length += length;
    t->data[t->length] = '\0';
}

void fuzz_text_add_str(struct fuzz_text *t, const char *s)
{
    fuzz_text_add(t, s, strlen(s));
}

void fuzz_text_add_u32(struct fuzz_text *t, uint32_t value)
{
    char digits[16];
    int n = snprintf(digits, sizeof digits, "%u", (unsigned)value);
    fuzz_text_add(t, digits, (size_t)n);
}

static void print_excerpt(const char *label, const char *s, size_t length, size_t at)
{
    size_t from = at > 60 ? at - 60 : 0;
    size_t to = at + 60 < length ? at + 60 : length;
    size_t i;
    fprintf(stderr, "  %s (%zu bytes) around byte %zu: \"", label, length, at);
    for (i = from; i < to; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            fputs("\\n", stderr);
        else if (c >= 32 && c < 127)
            fputc(c, stderr);
        else
            fprintf(stderr, "\\x%02x", c);
    }
    fputs("\"\n", stderr);
}

void fuzz_text_expect_equal(const char *what, const char *got, size_t got_length,
                            const char *want, size_t want_length)
{
    size_t at = 0;
    if (got_length == want_length && (got_length == 0 || memcmp(got, want, got_length) == 0))
        return;
    while (at < got_length && at < want_length && got[at] == want[at])
        at++;
    fprintf(stderr, "fuzz: %s differs at byte %zu\n", what, at);
    print_excerpt("got", got, got_length, at);
    print_excerpt("expected", want, want_length, at);
    FUZZ_CHECK(false, "%s: output differs from the reference", what);
}
