/*
 * conn.c - one connection: bytes in, through the session, bytes out.
 *
 * The same code runs a TCP session and the stdin/stdout session; only the
 * way bytes move differs (a libuv stream, or uv_fs for regular files).
 *
 * Flow: a read fills buffers->in; the pump sinks it into the session and
 * polls replies into buffers->out; a full (or, once the input is used up,
 * partial) out buffer is written, with uv_try_write first and uv_write for
 * what the socket would not take.  While a write is in flight nothing more
 * is produced and nothing more is read: a peer that does not read its
 * replies costs one out buffer, not a growing queue.
 *
 * Fairness: a session never does more than one budget of work per poll
 * (sapper.h section 2).  A pump that finds its session still busy after a
 * slice stops there and queues the connection on server->runnable; an idle
 * handle gives the queued connections one more slice each, in turn, for a
 * few milliseconds per loop iteration, so a one-line request from another
 * client (and the timers and signals) waits for about one such turn.
 * Before each queued slice the socket is asked whether the peer has gone
 * (a reset): a busy session is often not reading, and work for no one is
 * stopped there.
 *
 * Ending: DRAINING (no more reading; the last replies go out), SHUTTING
 * (FIN after the last byte), LINGERING (what the peer still sends is read
 * and dropped, so that closing does not reset the connection and destroy
 * replies the peer has not read yet), then CLOSING and CLOSED; close.c
 * does all past DRAINING.  sapperd.h draws the states; sched_set_state()
 * (sched.c) changes them.
 */
#include <stdlib.h>
#include <string.h>

#include "sapperd.h"

/* ---- buffers -------------------------------------------------------------- */

/* An open TCP session with nothing read, nothing to write and nothing in
 * flight gives its buffers back. */
static void conn_detach_if_idle(struct conn *c)
{
    const struct conn_buffers *b = c->buffers;
    if (b != NULL && c->kind == CONN_TCP && c->state == CONN_OPEN && b->in_len == 0
        && b->out_len == 0 && !c->write_in_flight && !conn_in_list(&c->server->runnable, c))
        buffers_detach(c);
}

/* ---- reading -------------------------------------------------------------- */

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf);
static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf);

void conn_read_start(struct conn *c)
{
    int r;

    if (c->eof || conn_closing(c))
        return;
    if (c->in == NULL) {
        /* A regular file: one uv_fs_read at a time, into an empty buffer. */
        c->reading = true;
        if (!c->fs_read_in_flight && c->buffers->in_len == 0) {
            r = stdio_file_read(c);
            if (r < 0)
                close_on_error(c, "read", r);
        }
        return;
    }
    if (c->reading)
        return;
    r = uv_read_start(c->in, on_alloc, on_read);
    if (r < 0) {
        close_on_error(c, "read", r);
        return;
    }
    c->reading = true;
    sched_line_resumed(c);
}

static void conn_read_stop(struct conn *c)
{
    int r;

    if (!c->reading)
        return;
    c->reading = false;
    if (c->in == NULL)
        return;
    r = uv_read_stop(c->in);
    if (r < 0)
        close_on_error(c, "read stop", r);
}

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf)
{
    struct conn *c = (struct conn *)handle;
    struct conn_buffers *b;

    (void)suggested;
    if (c->state != CONN_OPEN || c->buffers == NULL) {
        /* Ending: what still arrives is dropped.  Idle (no buffers): the
         * read may well be an EOF, so buffers are taken only once bytes
         * have come (conn_received moves them). */
        buf->base = c->server->scratch;
        buf->len = sizeof c->server->scratch;
        return;
    }
    b = c->buffers;
    buf->base = b->in + b->in_len;
    buf->len = b->in_cap - b->in_len;
}

static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf)
{
    (void)buf;
    conn_received((struct conn *)stream, nread);
}

/* ---- the pump ------------------------------------------------------------- */

enum flush_result { FLUSH_DONE, FLUSH_PENDING, FLUSH_FAILED };

static void on_write(uv_write_t *req, int status)
{
    conn_written(req->data, status);
}

/* Writes out[out_sent..out_len): FLUSH_DONE when all of it is out. */
static enum flush_result conn_flush(struct conn *c)
{
    struct conn_buffers *b = c->buffers;
    uv_buf_t buf;
    int r;

    if (b->out_sent == b->out_len) {
        b->out_len = b->out_sent = 0;
        return FLUSH_DONE;
    }
    /* No reply leaves before the records of the moves it tells of. */
    disk_flush(&c->server->journal);
    if (c->out == NULL) {
        r = stdio_file_write(c);
        if (r < 0) {
            close_on_error(c, "write", r);
            return FLUSH_FAILED;
        }
        c->write_in_flight = true;
        return FLUSH_PENDING;
    }
    buf = uv_buf_init(b->out + b->out_sent, (unsigned)(b->out_len - b->out_sent));
    r = uv_try_write(c->out, &buf, 1);
    if (r >= 0) {
        b->out_sent += (size_t)r;
    } else if (r != UV_EAGAIN && r != UV_ENOSYS) {
        close_on_error(c, "write", r);
        return FLUSH_FAILED;
    }
    if (b->out_sent == b->out_len) {
        b->out_len = b->out_sent = 0;
        return FLUSH_DONE;
    }
    buf = uv_buf_init(b->out + b->out_sent, (unsigned)(b->out_len - b->out_sent));
    b->write_req.data = c;
    r = uv_write(&b->write_req, c->out, &buf, 1, on_write);
    if (r < 0) {
        close_on_error(c, "write", r);
        return FLUSH_FAILED;
    }
    c->write_in_flight = true;
    return FLUSH_PENDING;
}

/* No more reading: what was read is still answered. */
static void conn_begin_drain(struct conn *c)
{
    sched_set_state(c, CONN_DRAINING);
    conn_read_stop(c);
}

/* The session has more to do, but others come first: what it wrote so
 * far goes out now, and it waits in the runnable queue.  Its unread input
 * waits too (reading stops meanwhile, so the buffer cannot overflow). */
static void conn_yield(struct conn *c)
{
    struct conn_buffers *b = c->buffers;
    int r;

    if (!c->write_in_flight && b->out_len > 0 && conn_flush(c) == FLUSH_FAILED)
        return;
    if (b->in_len > 0 || c->write_in_flight)
        conn_read_stop(c);
    if (c->write_in_flight || !conn_pumping(c))
        return; /* conn_written pumps it */
    r = sched_run_later(c);
    if (r < 0)
        close_on_error(c, "schedule", r);
}

/* Appends text[0..n) to the out buffer, as far as it has room. */
static void conn_put(struct conn_buffers *b, const char *text, size_t n)
{
    if (n > b->out_cap - b->out_len)
        n = b->out_cap - b->out_len;
    memcpy(b->out + b->out_len, text, n);
    b->out_len += n;
}

/* Writes c->farewell (a line without its end) after the last reply (the
 * out buffer is empty then); true when it is out, false when a write is in
 * flight or failed.  A person at a terminal (SET ECHO ON) sees it as the
 * session's own lines: on a line of its own, even in the middle of one
 * being typed, and ended "\r\n". */
static bool conn_say_farewell(struct conn *c)
{
    struct conn_buffers *b = c->buffers;
    bool terminal = c->session_held && (sap_session_terminal(&c->session) & SAP_TERMINAL_ECHO);

    if (c->farewell == NULL)
        return true;
    if (terminal && c->line_open)
        conn_put(b, "\r\n", 2);
    conn_put(b, c->farewell, strlen(c->farewell));
    conn_put(b, terminal ? "\r\n" : "\n", terminal ? 2 : 1);
    c->farewell = NULL;
    return conn_flush(c) == FLUSH_DONE;
}

/* Runs the session as far as the buffers and its time slice allow. */
static void conn_pump(struct conn *c)
{
    struct sap_session *session = &c->session;
    struct conn_buffers *b = c->buffers;
    unsigned stalled = 0;
    uint64_t started = uv_hrtime();

    while (conn_pumping(c)) {
        size_t produced = 0, taken = 0;

        if (uv_hrtime() - started > SAPPERD_SLICE_NS
            && (sap_session_busy(session) || b->in_pos < b->in_len)) {
            conn_yield(c); /* its time is up: the others go first */
            return;
        }
        if (c->write_in_flight) {
            /* Backpressure: read nothing more until conn_written. */
            conn_read_stop(c);
            return;
        }
        while (b->out_len < b->out_cap) {
            size_t n = sap_session_poll(session, b->out + b->out_len, b->out_cap - b->out_len);
            if (n == 0)
                break;
            b->out_len += n;
            produced += n;
        }
        if (b->out_len == b->out_cap) {
            if (conn_flush(c) == FLUSH_FAILED)
                return;
            continue;
        }
        if (b->in_pos < b->in_len) {
            if (sap_session_closing(session)) {
                b->in_pos = b->in_len = 0; /* never to be read */
                continue;
            }
            taken = sap_session_sink(session, b->in + b->in_pos, b->in_len - b->in_pos);
            sched_body_check(c);
            b->in_pos += taken;
            if (b->in_pos == b->in_len)
                b->in_pos = b->in_len = 0;
        } else if (c->eof && !c->session_finished) {
            sap_session_finish(session);
            c->session_finished = true;
            continue;
        }
        if (taken > 0 || produced > 0) {
            stalled = 0;
            continue;
        }
        if (sap_session_busy(session)) {
            conn_yield(c); /* it spent its budget: the others go first */
            return;
        }
        if (b->in_len > 0 && ++stalled < 2)
            continue;
        if (b->in_len > 0) {
            /* Neither input taken nor output given: the session refuses. */
            log_line("a session stopped taking input; closing it");
            close_now(c);
            return;
        }
        break;
    }
    if (!conn_pumping(c))
        return;

    /* The input is used up: write what was collected. */
    if (b->out_len > 0 && conn_flush(c) == FLUSH_FAILED)
        return;
    if (c->state == CONN_OPEN && sap_session_closing(session))
        conn_begin_drain(c);
    if (c->state == CONN_DRAINING) {
        if (!c->write_in_flight && (!c->eof || c->session_finished) && conn_say_farewell(c))
            close_with_fin(c);
        return;
    }
    if (c->write_in_flight) {
        conn_read_stop(c);
    } else {
        conn_read_start(c);
        conn_detach_if_idle(c);
    }
}

/* Fairness: libuv reads a stream up to 32 times per loop turn while data
 * keeps coming, so a pipelining client could hold the loop for 32 buffers'
 * worth of requests while others (and signals) wait.  A connection whose
 * read filled the buffer stops reading until the end of this turn. */
static void conn_pause(struct conn *c)
{
    struct server *s = c->server;
    if (c->state != CONN_OPEN || !c->reading || c->in == NULL || conn_in_list(&s->paused, c))
        return;
    conn_read_stop(c);
    if (c->state == CONN_OPEN) /* else the stop failed and closed it */
        conn_list_push(&s->paused, c);
}

void conn_resume(struct conn *c)
{
    if (c->state == CONN_OPEN && !c->write_in_flight
        && (c->buffers == NULL || c->buffers->in_len == 0))
        conn_read_start(c);
}

/* The peer of an idle session (no buffers) ended its input.  Usually the
 * session has nothing more to say, and then the connection ends without
 * taking buffers: ten thousand clients leaving at once must not each
 * allocate them.  False when the connection ended here. */
static bool conn_finish_idle(struct conn *c)
{
    char reply[SAP_REPLY_MAX];
    size_t n;

    sap_session_finish(&c->session);
    c->session_finished = true;
    n = sap_session_poll(&c->session, reply, sizeof reply);
    if (n == 0) {
        close_with_fin(c);
        return false;
    }
    if (!buffers_attach(c)) {
        close_now(c);
        return false;
    }
    memcpy(c->buffers->out, reply, n);
    c->buffers->out_len = n;
    return true;
}

void conn_received(struct conn *c, ssize_t nread)
{
    if (conn_closing(c))
        return;
    if (nread > 0) {
        if (c->state != CONN_OPEN)
            return; /* ending: dropped (read into the scratch buffer) */
        if (c->kind == CONN_REFUSED)
            return;
        /* A read that filled what it was given (the scratch buffer, or the
         * connection's own) pauses the connection until the loop turns. */
        size_t given = c->buffers == NULL ? sizeof c->server->scratch : c->buffers->in_cap;
        bool active = sched_line_received(
            c, c->buffers == NULL ? c->server->scratch : c->buffers->in + c->buffers->in_len,
            (size_t)nread);
        if (c->buffers == NULL) {
            /* Read into the server's scratch buffer (on_alloc). */
            if (!buffers_attach(c)) {
                close_on_error(c, "read", UV_ENOMEM);
                return;
            }
            memcpy(c->buffers->in, c->server->scratch, (size_t)nread);
        }
        c->buffers->in_len += (size_t)nread;
        if (active)
            sched_touch(c); /* a blank line is no sign of life (--idle-timeout) */
        conn_pump(c);
        if ((size_t)nread == given)
            conn_pause(c);
        return;
    }
    if (nread == 0) {
        conn_detach_if_idle(c); /* nothing was read: not the end */
        return;
    }
    if (nread != UV_EOF) {
        close_on_error(c, "read", (int)nread);
        return;
    }
    c->eof = true;
    c->reading = false;
    switch (c->state) {
    case CONN_OPEN:
    case CONN_DRAINING:
        if (c->kind == CONN_REFUSED)
            return;
        if (c->state == CONN_OPEN)
            conn_begin_drain(c);
        if (c->state != CONN_DRAINING)
            return;
        if (c->buffers == NULL && !conn_finish_idle(c))
            return;
        conn_pump(c);
        break;
    case CONN_SHUTTING:
        break; /* on_shutdown closes */
    case CONN_LINGERING:
        close_now(c);
        break;
    case CONN_NEW:
    case CONN_CLOSING:
    case CONN_CLOSED:
        break;
    }
}

void conn_written(struct conn *c, int status)
{
    c->write_in_flight = false;
    if (conn_closing(c))
        return;
    if (status < 0) {
        close_on_error(c, "write", status);
        return;
    }
    c->buffers->out_len = c->buffers->out_sent = 0;
    sched_touch(c);
    conn_pump(c);
}

/* ---- starting and stopping ------------------------------------------------ */

void conn_init(struct conn *c, struct server *s, enum conn_kind kind)
{
    memset(c, 0, offsetof(struct conn, session)); /* CONN_NEW, in no list */
    c->server = s;
    c->kind = kind;
}

/* The seed of a NEW that names none (sap_session_set_seeds): 32 bits of
 * the system's randomness (uv_random: getrandom(2) on Linux, without
 * blocking once the system's pool is ready).  Should that fail, the clock
 * and a count of the seeds given, mixed (splitmix64's finalizer), so that
 * two NEWs still differ. */
static uint32_t conn_next_seed(void *context)
{
    struct server *s = context;
    uint32_t seed;
    uint64_t z;

    if (uv_random(NULL, NULL, &seed, sizeof seed, 0, NULL) == 0)
        return seed;
    z = uv_hrtime() + ++s->seeds_given * 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (uint32_t)(z ^ (z >> 31));
}

void conn_start(struct conn *c)
{
    struct server *s = c->server;
    uv_buf_t buf;
    int r;

    if (c->kind != CONN_REFUSED) {
        sap_session_set_budget(&c->session, SAPPERD_SESSION_BUDGET);
        sap_session_set_allowance(&c->session, s->options->max_request_work);
        sap_session_set_seeds(&c->session, conn_next_seed, s);
        sched_set_state(c, CONN_OPEN);
        /* stdin as a file reads into its buffers from the start. */
        if (c->kind == CONN_STDIO && !buffers_attach(c)) {
            close_on_error(c, "start", UV_ENOMEM);
            return;
        }
        conn_read_start(c);
        return;
    }

    /* Refused: one line, written at once into the empty socket buffer. */
    sched_set_state(c, CONN_DRAINING);
    buf = uv_buf_init(c->refusal, (unsigned)strlen(c->refusal));
    r = uv_try_write(c->out, &buf, 1);
    if (r != (int)buf.len || s->lingering > SAPPERD_LINGERING_MAX) {
        close_now(c);
        return;
    }
    close_with_fin(c);
}

void conn_drain(struct conn *c)
{
    if (c->state != CONN_OPEN)
        return;
    conn_begin_drain(c);
    if (c->state != CONN_DRAINING)
        return;
    if (c->buffers == NULL && c->farewell == NULL) {
        close_with_fin(c); /* an idle session: nothing is queued */
        return;
    }
    if (c->buffers == NULL && !buffers_attach(c)) {
        close_now(c);
        return;
    }
    conn_pump(c);
}

void conn_drain_saying(struct conn *c, const char *line)
{
    if (c->state != CONN_OPEN)
        return;
    c->farewell = line;
    conn_drain(c);
}

void conn_run(struct conn *c)
{
    if (close_if_gone(c))
        return;
    if (c->buffers == NULL && !buffers_attach(c)) {
        close_now(c);
        return;
    }
    sched_touch(c); /* working is not idling (--idle-timeout) */
    conn_pump(c);
}
