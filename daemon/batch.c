/*
 * batch.c - sapperd --judge FORMAT: stdin to stdout through one session in
 * judge-only mode, with plain blocking reads and writes.
 *
 * A batch filter has one input and one output and nothing else to serve,
 * so the event loop (and libuv's thread pool, which is how it reads a
 * regular file) would only add wake-ups: here each read of up to 256 KiB
 * goes through the session (sans-IO, the same calls as every other
 * session), whose output collects in a 256 KiB buffer written when full
 * and after every read (so a game is answered while the input is still
 * open).  The result becomes the exit status: 0, 2 for malformed input
 * (its reason on stderr, `sapperd: <format>: line N: ...`), 1 for an I/O
 * error.  A reader that stops reading (`sapperd --judge boom < in | head`:
 * EPIPE, SIGPIPE being ignored) is not an error: the filter stops quietly
 * with status 0, as the rest of its output is wanted by no one.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "sapperd.h"

#define BATCH_IO_BYTES (256u * 1024u)

struct batch_out {
    char bytes[BATCH_IO_BYTES];
    size_t filled;
    bool failed;      /* stop writing: an error, or the reader went away */
    bool reader_gone; /* EPIPE: not an error */
};

static void batch_flush(struct batch_out *o)
{
    size_t done = 0;
    while (done < o->filled && !o->failed) {
        ssize_t w = write(STDOUT_FILENO, o->bytes + done, o->filled - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EPIPE) {
            o->reader_gone = true;
            o->failed = true;
        } else if (w <= 0) {
            log_line("writing stdout: %s", w < 0 ? strerror(errno) : "nothing written");
            o->failed = true;
        } else {
            done += (size_t)w;
        }
    }
    o->filled = 0;
}

/* Everything the session has to say now.  A poll that leaves room in the
 * buffer has said it all, unless the session is still busy (work spread
 * over budgets): one poll per reply, not a second one to hear nothing. */
static void batch_drain(struct sap_session *s, struct batch_out *o)
{
    while (!o->failed) {
        o->filled += sap_session_poll(s, o->bytes + o->filled, sizeof o->bytes - o->filled);
        if (o->filled == sizeof o->bytes)
            batch_flush(o);
        else if (!sap_session_busy(s))
            break;
    }
}

/* 0, or 2 with the reason on stderr. */
static int batch_exit_status(const struct sap_session *session, enum sap_format format)
{
    uint32_t line = 0;
    const char *reason = NULL;
    int status = sap_session_judge_result(session, &line, &reason);

    if (status == SAP_JUDGE_DONE)
        return 0;
    if (status == SAP_JUDGE_READING) {
        /* Cannot happen once finish was called; said rather than hidden. */
        log_line("%s: the input ended before the judge did", sap_format_name(format));
        return 2;
    }
    log_line("%s: line %u: %s", sap_format_name(format), (unsigned)line,
             reason != NULL ? reason : sap_strerror(status));
    return 2;
}

int batch_run(const struct sapperd_options *options)
{
    static struct sap_session session;
    static struct batch_out out;
    static char in[BATCH_IO_BYTES];
    struct sapperd_memory memory;
    struct sapperd_account account;
    enum sap_format format = (enum sap_format)options->judge_format;
    int status;

    memory_init(&memory, options->max_memory, options->max_memory, NULL);
    memory_account_init(&account, &memory, NULL);
    status = sap_session_init(&session, &account.table);
    if (status != SAP_OK) {
        log_line("the judge's session cannot start: %s", sap_strerror(status));
        return 1;
    }
    if (sap_session_start_judge(&session, format) != SAP_OK) {
        log_line("cannot start the %s judge", sap_format_name(format));
        return 1;
    }
    sap_session_set_budget(&session, SAP_BUDGET_UNLIMITED);
    while (!sap_session_closing(&session) && !out.failed) {
        ssize_t got = read(STDIN_FILENO, in, sizeof in);
        size_t pos = 0;
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            log_line("reading stdin: %s", strerror(errno));
            sap_session_release(&session);
            return 1;
        }
        if (got == 0) {
            sap_session_finish(&session);
            batch_drain(&session, &out);
            break;
        }
        while (pos < (size_t)got && !sap_session_closing(&session) && !out.failed) {
            pos += sap_session_sink(&session, in + pos, (size_t)got - pos);
            batch_drain(&session, &out);
        }
        batch_flush(&out);
    }
    batch_drain(&session, &out);
    batch_flush(&out);
    status = out.reader_gone ? 0 : out.failed ? 1 : batch_exit_status(&session, format);
    sap_session_release(&session);
    return status;
}
