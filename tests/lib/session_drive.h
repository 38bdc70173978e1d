/*
 * session_drive.h - drives a protocol session the way a daemon or a UART
 * loop does, for the tests (and the fuzz harness): input in chunks of a
 * chosen size, replies polled with a chosen capacity, memory from malloc
 * with accounting and optional refusals.
 */
#ifndef SAPPER_SESSION_DRIVE_H
#define SAPPER_SESSION_DRIVE_H

#include <stdbool.h>
#include <stddef.h>
#include "sapper.h"
#include "text.h"

/* A malloc-backed provider that counts what is held and can refuse. */
struct session_memory {
    struct sap_memory memory; /* pass &m.memory to the session */
    size_t held[2];           /* blocks held, per purpose */
    size_t held_bytes;        /* bytes held now */
    size_t peak_bytes;        /* the most held at once */
    size_t acquired;          /* acquire calls that succeeded */
    size_t max_blocks[2];     /* refuse beyond this many per purpose (0: no limit) */
    bool refuse_all;
};

void session_memory_init(struct session_memory *m);

/* Output collected by session_drive. */
struct session_output {
    struct text text; /* everything polled */
    bool stuck;       /* sink took nothing while nothing was to poll */
};

void session_output_free(struct session_output *o);

/* The budget (sapper.h section 2) session_transcript gives its session;
 * 0: the default. */
extern uint32_t session_drive_budget;

/* Sinks `input` in chunks of `chunk` bytes (0: all at once), polling with
 * `cap` bytes after every sink; then, if `finish`, sap_session_finish and
 * a last drain.  Appends to *out; returns bytes of input consumed (all of
 * it unless the session stopped taking any). */
size_t session_drive(struct sap_session *s, const char *input, size_t length, size_t chunk,
                     size_t cap, bool finish, struct session_output *out);

/* One request and its whole reply, as a client that waits for it sees
 * it: sinks `request`, polls until the session is idle with nothing left,
 * and returns the reply in reply[cap] (NUL-terminated, cut at cap - 1). */
const char *session_ask(struct sap_session *s, const char *request, char *reply, size_t cap);

/* One-shot: a fresh session with `m`, the whole input, EOF; returns the
 * output as a malloc'd NUL-terminated string.  The session is released. */
char *session_transcript(struct session_memory *m, const char *input, size_t length,
                         size_t chunk, size_t cap);

/* For tests (they count through check.h): the transcript of `input` through
 * a fresh session, whole and with every block given back; session_expect
 * checks it equals `want`; session_judge_output is the reader's own output
 * for a well-formed `input`, checked to end DONE.  All returned strings are
 * malloc'd. */
char *session_talk(const char *input);
void session_expect(const char *input, const char *want);
char *session_judge_output(enum sap_format format, const char *input);

#endif
