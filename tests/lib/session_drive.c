/* session_drive.c - see session_drive.h. */
#include "lib/session_drive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/judge_drive.h"

/* Each block carries its size in front so that release can account it. */
struct block_head {
    size_t bytes;
    size_t pad; /* keeps the payload aligned as for pointers and uint64_t */
};

static void *session_memory_acquire(void *context, size_t bytes,
                                    enum sap_memory_purpose purpose)
{
    struct session_memory *m = context;
    struct block_head *h;
    if (m->refuse_all || (unsigned)purpose > 1)
        return NULL;
    if (m->max_blocks[purpose] != 0 && m->held[purpose] >= m->max_blocks[purpose])
        return NULL;
    h = malloc(sizeof *h + bytes);
    if (h == NULL)
        return NULL;
    h->bytes = bytes;
    m->held[purpose]++;
    m->held_bytes += bytes;
    if (m->held_bytes > m->peak_bytes)
        m->peak_bytes = m->held_bytes;
    m->acquired++;
    return h + 1;
}

static void session_memory_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct session_memory *m = context;
    struct block_head *h = (struct block_head *)block - 1;
    m->held[purpose]--;
    m->held_bytes -= h->bytes;
    free(h);
}

void session_memory_init(struct session_memory *m)
{
    memset(m, 0, sizeof *m);
    m->memory.acquire = session_memory_acquire;
    m->memory.release = session_memory_release;
    m->memory.context = m;
}

void session_output_free(struct session_output *o)
{
    text_free(&o->text);
    o->stuck = false;
}

uint32_t session_drive_budget;

/* Polls until the session has nothing more to say without input: while
 * it is busy, a poll may spend its budget and return no byte. */
static size_t drain(struct sap_session *s, size_t cap, struct session_output *o)
{
    size_t total = 0, n;
    do {
        text_reserve(&o->text, cap);
        n = sap_session_poll(s, o->text.bytes + o->text.length, cap);
        text_wrote(&o->text, n);
        total += n;
    } while (n > 0 || sap_session_busy(s));
    return total;
}

size_t session_drive(struct sap_session *s, const char *input, size_t length, size_t chunk,
                     size_t cap, bool finish, struct session_output *out)
{
    size_t done = 0;
    if (cap == 0)
        cap = 4096;
    text_add(&out->text, "", 0); /* "" when nothing is polled */
    while (done < length) {
        size_t piece = chunk == 0 || chunk > length - done ? length - done : chunk;
        while (piece > 0) {
            size_t taken = sap_session_sink(s, input + done, piece);
            size_t polled;
            done += taken;
            piece -= taken;
            polled = drain(s, cap, out);
            if (taken == 0 && polled == 0) {
                out->stuck = true;
                return done;
            }
        }
    }
    if (finish) {
        sap_session_finish(s);
        drain(s, cap, out);
    }
    return done;
}

char *session_transcript(struct session_memory *m, const char *input, size_t length,
                         size_t chunk, size_t cap)
{
    struct sap_session *s = malloc(sizeof *s);
    struct session_output o = { 0 };
    if (s == NULL)
        abort();
    sap_session_init(s, &m->memory);
    if (session_drive_budget != 0)
        sap_session_set_budget(s, session_drive_budget);
    session_drive(s, input, length, chunk, cap, true, &o);
    sap_session_release(s);
    free(s);
    return o.text.bytes; /* session_drive wrote its '\0' at least */
}

/* Every transcript is also taken with budgets of 1 and 7 steps a call
 * (sapper.h section 2): the replies must not depend on the budget. */
char *session_talk(const char *input)
{
    static const uint32_t budgets[] = { 1, 7 };
    struct session_memory m;
    uint32_t kept = session_drive_budget;
    char *out;
    size_t k;
    session_memory_init(&m);
    out = session_transcript(&m, input, strlen(input), 0, 4096);
    CHECK_EQ_INT(m.held_bytes, 0);
    for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
        char *again;
        session_drive_budget = budgets[k];
        again = session_transcript(&m, input, strlen(input), 0, 4096);
        if (!CHECK_EQ_STR(again, out))
            fprintf(stderr, "    with a budget of %u\n", (unsigned)budgets[k]);
        CHECK_EQ_INT(m.held_bytes, 0);
        free(again);
    }
    session_drive_budget = kept;
    return out;
}

void session_expect(const char *input, const char *want)
{
    char *got = session_talk(input);
    if (!CHECK_EQ_STR(got, want))
        fprintf(stderr, "    for input: %s\n", input);
    free(got);
}

char *session_judge_output(enum sap_format format, const char *input)
{
    struct judge_drive_result r;
    judge_drive(format, input, strlen(input), 0, 4096, &r);
    CHECK(!r.stuck);
    if (!CHECK_EQ_INT(r.status, SAP_JUDGE_DONE))
        fprintf(stderr, "    %s: line %u: %s\n", sap_format_name(format), r.error_line,
                r.reason);
    return r.output;
}

const char *session_ask(struct sap_session *s, const char *request, char *reply, size_t cap)
{
    size_t len = strlen(request), taken = 0, n = 0, got;
    char spill[256];
    while (taken < len) {
        taken += sap_session_sink(s, request + taken, len - taken);
        for (;;) {
            /* cppcheck-suppress legacyUninitvar ; spill only receives what does
             * not fit, and cppcheck takes taking its address for reading it */
            char *to = n + 1 < cap ? reply + n : spill;
            size_t room = n + 1 < cap ? cap - 1 - n : sizeof spill;
            got = sap_session_poll(s, to, room);
            if (got == 0 && !sap_session_busy(s))
                break;
            if (to == reply + n)
                n += got;
        }
    }
    reply[n] = '\0';
    return reply;
}
