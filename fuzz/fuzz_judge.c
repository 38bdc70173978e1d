/*
 * fuzz_judge.c - see fuzz_judge.h.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_judge.h"

enum feed_style { FEED_WHOLE, FEED_CHUNKS, FEED_BYTES };

/* Inputs up to this size, whose output is not longer than the second, are
 * also fed one byte at a time with 1-byte polls. */
#define BYTEWISE_MAX 2048u
#define BYTEWISE_OUTPUT_MAX 65536u
#define MEMORY_PLENTY ((size_t)64 << 20)

static const char *const style_names[] = { "whole", "chunks", "bytes" };

static void check_status_value(int status)
{
    FUZZ_CHECK(status == SAP_JUDGE_READING || status == SAP_JUDGE_DONE
                   || (status <= SAP_ERR_ARG && status >= SAP_ERR_IMPOSSIBLE),
               "judge status %d is not a documented value", status);
}

/* Polls until nothing is waiting; returns the bytes read. */
static size_t drain(struct sap_judge *judge, enum feed_style style, struct fuzz_rng *rng,
                    struct fuzz_judge_result *r, const struct fuzz_memory *memory)
{
    size_t total = 0, rounds = 0;
    for (;;) {
        size_t cap = style == FEED_WHOLE   ? 65536
                     : style == FEED_BYTES ? 1
                                           : fuzz_rng_range(rng, 1, 24);
        int before = sap_judge_status(judge);
        char *at = fuzz_text_reserve(&r->output, cap + 1);
        size_t n;
        at[cap] = '\x5A';
        n = sap_judge_poll(judge, at, cap);
        FUZZ_CHECK(n <= cap && at[cap] == '\x5A', "poll wrote %zu bytes into %zu", n, cap);
        FUZZ_CHECK(!(before < 0 && n > 0), "poll gave %zu bytes after the error %d", n, before);
        check_status_value(sap_judge_status(judge));
        FUZZ_CHECK(fuzz_memory_held(memory) <= 1, "the reader holds %zu blocks",
                   fuzz_memory_held(memory));
        if (n == 0)
            return total;
        r->output.length += n;
        r->output.data[r->output.length] = '\0';
        total += n;
        FUZZ_CHECK(++rounds < 400u * 1000u * 1000u, "poll never stops giving bytes");
    }
}

static void run_once(enum sap_format format, const uint8_t *data, size_t size,
                     enum feed_style style, uint64_t seed, size_t memory_limit,
                     struct fuzz_judge_result *r)
{
    struct sap_judge judge;
    struct fuzz_memory memory;
    struct fuzz_rng rng;
    size_t pos = 0;
    int rc;

    rng.state = seed;
    memset(r, 0, sizeof *r);
    fuzz_text_init(&r->output);
    fuzz_text_reserve(&r->output, 1);
    r->output.data[0] = '\0';
    fuzz_memory_init(&memory, memory_limit);
    rc = sap_judge_init(&judge, format, &memory.iface);
    FUZZ_CHECK(rc == SAP_OK, "judge init %d", rc);
    while (pos < size && sap_judge_status(&judge) == SAP_JUDGE_READING) {
        size_t want = style == FEED_WHOLE   ? size - pos
                      : style == FEED_BYTES ? 1
                                            : fuzz_rng_range(&rng, 0, 40);
        size_t took, polled;
        if (want > size - pos)
            want = size - pos;
        took = sap_judge_sink(&judge, (const char *)data + pos, want);
        FUZZ_CHECK(took <= want, "sink took %zu of %zu bytes", took, want);
        pos += took;
        check_status_value(sap_judge_status(&judge));
        polled = drain(&judge, style, &rng, r, &memory);
        FUZZ_CHECK(
            took == want || polled > 0 || sap_judge_status(&judge) != SAP_JUDGE_READING,
            "%s feed: sink took %zu of %zu bytes with nothing to poll (stalled at byte %zu)",
            style_names[style], took, want, pos);
    }
    r->consumed = pos;
    if (sap_judge_status(&judge) != SAP_JUDGE_READING) {
        /* A finished or failed reader takes no more input. */
        char extra = 'x';
        FUZZ_CHECK(sap_judge_sink(&judge, &extra, 1) == 0, "sink took input in status %d",
                   sap_judge_status(&judge));
    }
    sap_judge_finish(&judge);
    check_status_value(sap_judge_status(&judge));
    drain(&judge, style, &rng, r, &memory);
    r->status = sap_judge_status(&judge);
    FUZZ_CHECK(r->status != SAP_JUDGE_READING, "still READING after finish and a full drain");
    if (r->status < 0) {
        const char *reason = judge.error_reason;
        size_t lines = 1, i;
        FUZZ_CHECK(reason != NULL && reason[0] != '\0', "error %d without a reason", r->status);
        for (i = 0; i < pos; i++)
            lines += data[i] == '\n';
        FUZZ_CHECK(judge.error_line >= 1 && judge.error_line <= lines,
                   "error on line %u of an input with %zu lines read", judge.error_line, lines);
        r->error_line = judge.error_line;
        strncpy(r->reason, reason, sizeof r->reason - 1);
        FUZZ_CHECK(strlen(reason) < sizeof r->reason, "error reason longer than %zu bytes",
                   sizeof r->reason);
    }
    r->memory_refused = memory.refused > 0;
    sap_judge_release(&judge);
    fuzz_memory_check_released(&memory, "the judge reader");
    sap_judge_release(&judge); /* releasing twice is harmless */
}

static void expect_same(const struct fuzz_judge_result *a, const struct fuzz_judge_result *b,
                        const char *how)
{
    fuzz_text_expect_equal(how, b->output.data, b->output.length, a->output.data,
                           a->output.length);
    FUZZ_CHECK(a->status == b->status, "%s: status %d, whole input %d", how, b->status,
               a->status);
    FUZZ_CHECK(a->error_line == b->error_line, "%s: error line %u, whole input %u", how,
               b->error_line, a->error_line);
    FUZZ_CHECK(strcmp(a->reason, b->reason) == 0, "%s: reason \"%s\", whole input \"%s\"", how,
               b->reason, a->reason);
    FUZZ_CHECK(a->consumed == b->consumed, "%s: took %zu bytes, whole input %zu", how,
               b->consumed, a->consumed);
}

/* The same input through a judge-only session (sapperd --judge): its output
 * and final status must be the reader's own.  The session reads to the end
 * and lets the reader judge what follows the last case, as a stand-alone
 * reader does. */
static void run_judge_only_session(enum sap_format format, const uint8_t *data, size_t size,
                                   size_t memory_limit, const struct fuzz_judge_result *want)
{
    struct sap_session *session = malloc(SAP_SESSION_BYTES);
    struct fuzz_memory memory;
    struct fuzz_text output;
    size_t pos = 0;
    uint32_t line = 0;
    const char *reason = NULL;
    int status, rc;

    FUZZ_CHECK(session != NULL, "malloc");
    memset(session, 0xA5, SAP_SESSION_BYTES);
    fuzz_memory_init(&memory, memory_limit);
    fuzz_text_init(&output);
    fuzz_text_add(&output, "", 0);
    sap_session_init(session, &memory.iface);
    rc = sap_session_start_judge(session, format);
    FUZZ_CHECK(rc == SAP_OK, "start_judge: %d", rc);
    /* a small budget a call (sapper.h section 2), from the input's size */
    sap_session_set_budget(session, (uint32_t)(size % 61u) + 1u);
    for (;;) {
        size_t took = pos < size
                          ? sap_session_sink(session, (const char *)data + pos, size - pos)
                          : 0;
        size_t n, polled = 0;
        pos += took;
        do {
            n = sap_session_poll(session, fuzz_text_reserve(&output, 4096), 4096);
            output.length += n;
            polled += n;
        } while (n > 0 || sap_session_busy(session));
        if (pos == size || sap_session_closing(session))
            break;
        FUZZ_CHECK(took > 0 || polled > 0, "the judge-only session stalled at byte %zu", pos);
    }
    sap_session_finish(session);
    do {
        size_t n = sap_session_poll(session, fuzz_text_reserve(&output, 4096), 4096);
        output.length += n;
        if (n == 0 && !sap_session_busy(session))
            break;
    } while (1);
    fuzz_text_expect_equal("judge-only session against the reader", output.data, output.length,
                           want->output.data, want->output.length);
    status = sap_session_judge_result(session, &line, &reason);
    FUZZ_CHECK(status == want->status, "judge-only session status %d, the reader %d", status,
               want->status);
    if (status < 0)
        FUZZ_CHECK(line == want->error_line && reason != NULL
                       && strcmp(reason, want->reason) == 0,
                   "judge-only session: line %u \"%s\", the reader line %u \"%s\"", line,
                   reason ? reason : "(null)", want->error_line, want->reason);
    FUZZ_CHECK(sap_session_closing(session),
               "the judge-only session is not closing at the end");
    sap_session_release(session);
    fuzz_memory_check_released(&memory, "the judge-only session");
    fuzz_text_free(&output);
    free(session);
}

void fuzz_judge_check(enum sap_format format, const uint8_t *data, size_t size,
                      struct fuzz_judge_result *result)
{
    struct fuzz_judge_result other;
    struct fuzz_rng rng;
    size_t memory_limit;

    fuzz_rng_seed(&rng, data, size);
    /* One input in eight runs with a stingy memory, to walk the refusals. */
    memory_limit = fuzz_rng_range(&rng, 0, 7) == 0 ? fuzz_rng_range(&rng, 1, 4096)
                                                   : MEMORY_PLENTY;

    run_once(format, data, size, FEED_WHOLE, rng.state, memory_limit, result);
    run_once(format, data, size, FEED_CHUNKS, rng.state + 1, memory_limit, &other);
    expect_same(result, &other, "random chunks");
    fuzz_judge_result_free(&other);
    if (memory_limit == MEMORY_PLENTY) /* a session also holds its own blocks */
        run_judge_only_session(format, data, size, memory_limit, result);
    if (size <= BYTEWISE_MAX && result->output.length <= BYTEWISE_OUTPUT_MAX) {
        run_once(format, data, size, FEED_BYTES, rng.state + 2, memory_limit, &other);
        expect_same(result, &other, "one byte at a time");
        fuzz_judge_result_free(&other);
    }
}

void fuzz_judge_result_free(struct fuzz_judge_result *r)
{
    fuzz_text_free(&r->output);
}

/* ---- the reference parsers' tokenizer ----------------------------------- */

bool fuzz_is_space(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

void fuzz_tokens_init(struct fuzz_tokens *t, const uint8_t *data, size_t size)
{
    t->data = data;
    t->size = size;
    t->pos = 0;
    t->token = NULL;
    t->length = 0;
}

bool fuzz_tokens_next(struct fuzz_tokens *t)
{
    while (t->pos < t->size && fuzz_is_space(t->data[t->pos]))
        t->pos++;
    if (t->pos == t->size)
        return false;
    t->token = t->data + t->pos;
    while (t->pos < t->size && !fuzz_is_space(t->data[t->pos]))
        t->pos++;
    t->length = (size_t)(t->data + t->pos - t->token);
    return true;
}

bool fuzz_tokens_more(const struct fuzz_tokens *t)
{
    size_t i;
    for (i = t->pos; i < t->size; i++)
        if (!fuzz_is_space(t->data[i]))
            return true;
    return false;
}

bool fuzz_tokens_number(struct fuzz_tokens *t, uint32_t *value)
{
    uint64_t v = 0;
    size_t i;
    if (!fuzz_tokens_next(t))
        return false;
    for (i = 0; i < t->length; i++) {
        if (t->token[i] < '0' || t->token[i] > '9')
            return false;
        v = v * 10u + (uint64_t)(t->token[i] - '0');
        if (v > UINT32_MAX)
            return false;
    }
    *value = (uint32_t)v;
    return true;
}

void fuzz_judge_compare(const char *name, const struct fuzz_judge_result *got,
                        enum fuzz_verdict verdict, const struct fuzz_text *want,
                        size_t complete)
{
    bool prefix;
    if (verdict == FUZZ_UNSETTLED)
        return;
    prefix = got->output.length <= want->length
             && memcmp(got->output.data, want->data, got->output.length) == 0;
    if (!prefix) /* reports where the output leaves the reference, and aborts */
        fuzz_text_expect_equal(name, got->output.data, got->output.length, want->data,
                               want->length);
    if (got->status == SAP_ERR_NOMEM && got->memory_refused)
        return; /* refused memory stops a reader anywhere */
    if (verdict == FUZZ_VALID) {
        FUZZ_CHECK(got->status == SAP_JUDGE_DONE,
                   "%s: well-formed input failed with %d on line %u: %s", name, got->status,
                   got->error_line, got->reason);
        fuzz_text_expect_equal(name, got->output.data, got->output.length, want->data,
                               want->length);
    } else {
        FUZZ_CHECK(got->status < 0, "%s: malformed input accepted (status %d)", name,
                   got->status);
        FUZZ_CHECK(got->output.length >= complete,
                   "%s: only %zu bytes written before the error, %zu were complete", name,
                   got->output.length, complete);
    }
}

void fuzz_judge_against_reference(enum sap_format format, const uint8_t *data, size_t size,
                                  fuzz_judge_reference reference)
{
    struct fuzz_judge_result got;
    struct fuzz_text want;
    enum fuzz_verdict verdict;
    size_t complete;

    fuzz_judge_check(format, data, size, &got);
    fuzz_text_init(&want);
    fuzz_text_add(&want, "", 0);
    verdict = reference(data, size, &want, &complete);
    fuzz_judge_compare(sap_format_name(format), &got, verdict, &want, complete);
    fuzz_text_free(&want);
    fuzz_judge_result_free(&got);
}
