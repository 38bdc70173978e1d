/*
 * fuzz_requests.c - requests of the line protocol for tests/tools/daemon_fuzz:
 * every request in valid and mutated forms, JUDGE streams of each format,
 * blank lines, overlong lines and garbage.  Deterministic for a given RNG
 * state.  What the daemon does with them is its business: nothing here
 * knows the answers.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_requests.h"

uint32_t fuzz_rng_below(uint64_t *state, uint32_t n)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (uint32_t)((*state >> 11) % n);
}

static bool one_in(uint64_t *rng, uint32_t n)
{
    return fuzz_rng_below(rng, n) == 0;
}

/* A board side: mostly small, sometimes medium, now and then big. */
static uint32_t side(uint64_t *rng)
{
    static const uint32_t big[] = { 100, 300, 1000 };
    if (one_in(rng, 60))
        return big[fuzz_rng_below(rng, 3)];
    return one_in(rng, 8) ? 1 + fuzz_rng_below(rng, 40) : 1 + fuzz_rng_below(rng, 10);
}

/* r rows of c cells from the two symbols, the second at `permille`. */
static void rows(struct text *t, uint64_t *rng, uint32_t r, uint32_t c, const char *symbols,
                 uint32_t permille)
{
    uint32_t i, j;
    for (i = 0; i < r; i++) {
        for (j = 0; j < c; j++)
            text_add(t, &symbols[fuzz_rng_below(rng, 1000) < permille], 1);
        text_add(t, "\n", 1);
    }
}

/* Replaces t->bytes[at .. at + removed) with n bytes (which may come from
 * t itself). */
static void text_splice(struct text *t, size_t at, size_t removed, const char *bytes, size_t n)
{
    size_t tail = t->length - at - removed;
    char *saved = malloc(tail + n + 1);
    if (saved == NULL)
        abort();
    memcpy(saved, bytes, n);
    memcpy(saved + n, t->bytes + at + removed, tail);
    t->length = at;
    text_add(t, saved, n + tail);
    free(saved);
}

static const char *const edge_numbers[] = {
    "0",          "1",          "2",
    "1000",       "1001",       "1024",
    "4294967295", "4294967296", "99999999999999999999",
    "-1",         "+1",         "0x10",
    "1e3",        "007",        "",
    "3 3",
};

static size_t token_end(const struct text *t, size_t at)
{
    while (at < t->length && t->bytes[at] != ' ' && t->bytes[at] != '\n')
        at++;
    return at;
}

/* Mutates the request in t->bytes[from..]. */
static void mutate(struct text *t, size_t from, uint64_t *rng)
{
    static const char odd[] = { '\0', '\r', '\t', ' ', 'x', '-', (char)0xff, '\n', 0x1b };
    size_t at = from + fuzz_rng_below(rng, (uint32_t)(t->length - from)), i;
    char *p = t->bytes;
    uint32_t how = fuzz_rng_below(rng, 8);
    switch (how) {
    case 0: /* random case */
        for (i = from; i < t->length; i++)
            if ((p[i] | 32) >= 'a' && (p[i] | 32) <= 'z' && one_in(rng, 2))
                p[i] ^= 32;
        break;
    case 1: /* an odd byte put in */
        text_splice(t, at, 0, &odd[fuzz_rng_below(rng, sizeof odd)], 1);
        break;
    case 2: /* cut short: the rest runs into the next request */
        t->length = at;
        break;
    case 3: /* CR LF line ends */
        for (i = t->length; i-- > from;)
            if (t->bytes[i] == '\n' && one_in(rng, 2))
                text_splice(t, i, 0, "\r", 1);
        break;
    case 4: /* a token dropped */
        text_splice(t, at, token_end(t, at) - at, "", 0);
        break;
    case 5: /* a token doubled */
        text_splice(t, at, 0, p + at, token_end(t, at) - at);
        break;
    case 6: /* trailing words or spaces */
        if (p[t->length - 1] == '\n')
            t->length--;
        text_puts(t, one_in(rng, 2) ? " \t extra 12\n" : "\t\n");
        break;
    default: { /* a number swapped for an edge value */
        const char *value =
            edge_numbers[fuzz_rng_below(rng, sizeof edge_numbers / sizeof *edge_numbers)];
        while (at < t->length && (p[at] < '0' || p[at] > '9'))
            at++;
        for (i = at; i < t->length && p[i] >= '0' && p[i] <= '9'; i++)
            ;
        if (at < t->length)
            text_splice(t, at, i - at, value, strlen(value));
    }
    }
}

static void new_game(struct text *t, struct fuzz_dims *g, uint64_t *rng)
{
    uint32_t r = side(rng), c = side(rng), cells = r * c;
    g->rows = r;
    g->cols = c;
    if (one_in(rng, 3) && cells <= 90000) { /* explicit rows */
        text_printf(t, "NEW %u %u\n", r, c);
        rows(t, rng, r, c, "_*", fuzz_rng_below(rng, 400));
    } else if (one_in(rng, 2) || cells < 2) {
        text_printf(t, "NEW %u %u %u %u\n", r, c, cells > 1 ? fuzz_rng_below(rng, cells) : 0,
                    fuzz_rng_below(rng, 1000));
    } else { /* a no-guess board, sparse or one no generator can make: the
              * daemon's work allowance (--max-request-work) bounds it */
        uint32_t dense = one_in(rng, 4) ? 1 : cells >= 10000 ? 10 : 5;
        text_printf(t, "NEW %u %u %u %u %s\n", r, c, fuzz_rng_below(rng, cells / dense + 1),
                    fuzz_rng_below(rng, 1000), one_in(rng, 2) ? "CASUAL" : "NOGUESS");
    }
}

static void click(struct text *t, const struct fuzz_dims *g, uint64_t *rng)
{
    uint32_t x = g->rows > 0 ? 1 + fuzz_rng_below(rng, g->rows) : 1;
    uint32_t y = g->cols > 0 ? 1 + fuzz_rng_below(rng, g->cols) : 1;
    if (one_in(rng, 8))
        x = one_in(rng, 2) ? 0 : g->rows + 1;
    if (one_in(rng, 8))
        y = one_in(rng, 2) ? 0 : g->cols + 1;
    text_printf(t, "%u %u %u\n", 1 + fuzz_rng_below(rng, 3), x, y);
}

static void nurikabe_case(struct text *t, uint64_t *rng, uint32_t r, uint32_t c)
{
    uint32_t d = fuzz_rng_below(rng, 4), k;
    text_printf(t, "%u %u %u\n", r, c, d);
    for (k = 0; k < d; k++)
        text_printf(t, "%u %u %u\n", fuzz_rng_below(rng, r), fuzz_rng_below(rng, c),
                    1 + fuzz_rng_below(rng, 4));
    rows(t, rng, r, c, ".#", 500);
}

/* A JUDGE stream of one of the four formats, whole (it may still be
 * malformed: the mutations and the random boards see to that). */
static void judge(struct text *t, uint64_t *rng)
{
    static const char *const formats[] = { "BOOM", "CASUAL", "MASTER", "NURIKABE" };
    uint32_t format = fuzz_rng_below(rng, 4), cases = fuzz_rng_below(rng, 4), k, r, c;
    text_printf(t, "JUDGE %s\n", formats[format]);
    if (format != 1)
        text_printf(t, "%u\n", cases);
    for (k = 0; k < cases; k++) {
        r = 1 + fuzz_rng_below(rng, 8);
        c = 1 + fuzz_rng_below(rng, 8);
        if (format == 0) {
            uint32_t moves = fuzz_rng_below(rng, 6);
            struct fuzz_dims g = { r, c };
            text_printf(t, "%u %u\n", r, c);
            rows(t, rng, r, c, "_*", 200);
            while (moves-- > 0)
                click(t, &g, rng);
            text_printf(t, "0\n");
        } else if (format == 1) {
            text_printf(t, "%u %u\n", r, c);
            rows(t, rng, r, c, ".M", 300);
        } else if (format == 2) {
            text_printf(t, "%u %u %u\n", r, c, fuzz_rng_below(rng, r * c + 1));
        } else {
            text_printf(t, "\n");
            nurikabe_case(t, rng, r, c);
        }
    }
    if (format == 1)
        text_printf(t, "0 0\n");
}

static void garbage(struct text *t, uint64_t *rng)
{
    uint32_t n = 1 + fuzz_rng_below(rng, one_in(rng, 10) ? 3000 : 60), k;
    for (k = 0; k < n; k++) {
        char b = (char)fuzz_rng_below(rng, 256);
        text_add(t, &b, 1);
    }
    if (!one_in(rng, 4))
        text_add(t, "\n", 1);
}

void fuzz_request(struct text *t, struct fuzz_dims *g, uint64_t *rng)
{
    static const char *const plain[] = { "0", "SHOW", "STATS", "HINT", "PROB", "HELP" };
    size_t from = t->length;
    uint32_t pick = fuzz_rng_below(rng, 100), r = side(rng), c = side(rng);
    if (pick < 12) {
        new_game(t, g, rng);
    } else if (pick < 40) {
        click(t, g, rng);
    } else if (pick < 58) {
        text_printf(t, "%s\n", plain[fuzz_rng_below(rng, 6)]);
    } else if (pick < 64) {
        text_printf(t, "%s %u %u\n", one_in(rng, 2) ? "CASUAL" : "CASUALMAP", r, c);
        rows(t, rng, r, c, ".M", fuzz_rng_below(rng, 400));
    } else if (pick < 68) {
        text_printf(t, "NURIKABE ");
        nurikabe_case(t, rng, r, c);
    } else if (pick < 72) {
        text_printf(t, "MASTER %u %u %u\n", r, c, fuzz_rng_below(rng, r * c + 1));
    } else if (pick < 80) {
        judge(t, rng);
    } else if (pick < 81) {
        text_printf(t, "BYE\n");
    } else if (pick < 86) {
        text_printf(t, "%s", one_in(rng, 2) ? "\n" : one_in(rng, 2) ? " \t\r\n" : "\r\n");
        return;
    } else if (pick < 88) { /* over the line limit */
        uint32_t n = 1025 + fuzz_rng_below(rng, one_in(rng, 4) ? 20000 : 100);
        while (n-- > 0)
            text_add(t, "x", 1);
        text_add(t, "\n", 1);
        return;
    } else {
        garbage(t, rng);
        return;
    }
    if (one_in(rng, 4))
        mutate(t, from, rng);
}
