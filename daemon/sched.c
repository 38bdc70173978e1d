/*
 * sched.c - where connections wait, and the one place their state changes.
 *
 * Every connection the server knows is in lists chosen by its state
 * (sapperd.h draws the states and what each implies): server->active
 * holds open TCP sessions in the order they were last active, so the idle
 * sweep looks only at the front; server->ending holds the ending ones,
 * each with a deadline.  Two more lists hold connections for a moment:
 * server->paused, those that filled their input buffer this loop turn
 * (they read again once the turn's I/O is done), and server->runnable,
 * the sessions with work left, which get one slice each in turn, a few
 * milliseconds of them per loop iteration.  server->partial holds the
 * open sessions with a line under way, oldest first, for --line-timeout.
 * sched_set_state() keeps all of it, the counts against --max-clients and
 * --max-per-address, each address's own list of its open sessions in the
 * order of server->active (addresses.c), and the session's memory, in step
 * with the state.
 */
#include <stdlib.h>

#include "sapperd.h"

/* ---- the state ---------------------------------------------------------------------- */

#define TO(state) (1u << (state))

/* The arrows of the map in sapperd.h: allowed[from] has bit `to` set. */
static const unsigned allowed[CONN_STATES] = {
    [CONN_NEW] = TO(CONN_OPEN) | TO(CONN_DRAINING) | TO(CONN_CLOSING),
    [CONN_OPEN] = TO(CONN_DRAINING) | TO(CONN_CLOSING),
    [CONN_DRAINING] = TO(CONN_SHUTTING) | TO(CONN_CLOSING),
    [CONN_SHUTTING] = TO(CONN_LINGERING) | TO(CONN_CLOSING),
    [CONN_LINGERING] = TO(CONN_CLOSING),
    [CONN_CLOSING] = TO(CONN_CLOSED),
    [CONN_CLOSED] = 0
};

static const char *const state_names[CONN_STATES] = { "NEW",      "OPEN",      "DRAINING",
                                                      "SHUTTING", "LINGERING", "CLOSING",
                                                      "CLOSED" };

static bool transition_allowed(const struct conn *c, enum conn_state to)
{
    if ((allowed[c->state] & TO(to)) == 0)
        return false;
    /* A refused connection starts ending; the others start open. */
    if (c->state == CONN_NEW && to == CONN_OPEN)
        return c->kind != CONN_REFUSED;
    if (c->state == CONN_NEW && to == CONN_DRAINING)
        return c->kind == CONN_REFUSED;
    return true;
}

/* The list of server->active and server->ending that the state puts c in. */
static struct conn_list *sweep_list(struct conn *c)
{
    if (c->kind == CONN_STDIO)
        return NULL; /* it ends with its input, never by a timeout */
    if (c->state == CONN_OPEN)
        return &c->server->active;
    if (conn_ending(c))
        return &c->server->ending;
    return NULL;
}

/* A TCP session counts against --max-clients until its last reply is out. */
static bool counted(const struct conn *c)
{
    return c->kind == CONN_TCP && conn_pumping(c);
}

/* An ending TCP connection past its FIN, or a refused one. */
static bool lingering(const struct conn *c)
{
    if (c->kind == CONN_TCP)
        return c->state == CONN_SHUTTING || c->state == CONN_LINGERING;
    return c->kind == CONN_REFUSED && conn_ending(c);
}

/* The counts of the map's "counted" and "lingering" columns. */
static void count(struct conn *c, bool was_counted, bool was_lingering)
{
    struct server *s = c->server;

    if (counted(c) != was_counted) {
        if (was_counted) {
            s->sessions--;
            if (c->address != NULL)
                addresses_remove(&s->addresses, c->address);
            c->address = NULL;
        } else {
            s->sessions++;
            c->address = addresses_add(&s->addresses, &c->peer);
        }
    }
    if (lingering(c) != was_lingering)
        s->lingering = was_lingering ? s->lingering - 1 : s->lingering + 1;
}

static void run_cancel(struct conn *c);

void sched_set_state(struct conn *c, enum conn_state to)
{
    struct server *s = c->server;
    struct conn_list *list_before = sweep_list(c);
    struct conn_list *list_after;
    bool was_counted = counted(c), was_lingering = lingering(c);
    bool was_pumping = conn_pumping(c);

    if (!transition_allowed(c, to)) {
        log_line("bug: a connection went from %s to %s", state_names[c->state],
                 state_names[to]);
        abort();
    }
    c->state = to;
    list_after = sweep_list(c);

    /* Out of its address's idle list while the address's count holds it. */
    if (list_before == &s->active && list_after != &s->active)
        addresses_idle_remove(&s->addresses, c);
    count(c, was_counted, was_lingering);
    if (list_after != list_before) {
        if (list_before != NULL)
            conn_list_remove(list_before, c);
        if (list_after != NULL)
            conn_list_push(list_after, c);
    }
    if (list_after != NULL)
        c->stamp = uv_now(s->loop) + (to == CONN_OPEN ? 0 : SAPPERD_LINGER_MS);
    if (list_after == &s->active && list_before != &s->active)
        addresses_idle_push(&s->addresses, c);
    if (to != CONN_OPEN) {
        conn_list_remove(&s->paused, c);
        conn_list_remove(&s->partial, c);
        conn_list_remove(&s->bodies, c);
    }
    if (!conn_pumping(c))
        run_cancel(c);
    /* The session has said its last: its boards go back to the budget. */
    if (was_pumping && !conn_pumping(c))
        close_session(c);
}

/* ---- the run queue ---------------------------------------------------------------- */

static void run_cancel(struct conn *c)
{
    struct server *s = c->server;

    if (!conn_in_list(&s->runnable, c))
        return;
    conn_list_remove(&s->runnable, c);
    if (s->runnable.count == 0)
        (void)uv_idle_stop(&s->runner); /* libuv's stop functions cannot fail */
}

/* One slice for each connection at the front of the queue, in turn, until
 * SAPPERD_TURN_NS has passed or every connection queued when the loop came
 * round has had one; those still busy queue themselves again, behind the
 * others, so the next turn begins where this one stopped. */
static void on_runner(uv_idle_t *idle)
{
    struct server *s = idle->data;
    size_t turns = s->runnable.count;
    uint64_t started = uv_hrtime();
    struct conn *c;

    while (turns-- > 0 && (c = s->runnable.head) != NULL) {
        run_cancel(c);
        conn_run(c);
        if (uv_hrtime() - started >= SAPPERD_TURN_NS)
            break;
    }
}

int sched_run_later(struct conn *c)
{
    struct server *s = c->server;
    int r;

    if (conn_in_list(&s->runnable, c))
        return 0;
    if (s->runnable.count == 0) {
        r = uv_idle_start(&s->runner, on_runner);
        if (r < 0)
            return r;
    }
    conn_list_push(&s->runnable, c);
    return 0;
}

void sched_reap_gone(struct server *s)
{
    struct conn *c, *next;

    /* Once per millisecond at most: a flood of newcomers at the limit
     * must not make the daemon ask every busy socket for each of them. */
    if (s->reaped_at == uv_now(s->loop))
        return;
    s->reaped_at = uv_now(s->loop);
    CONN_LIST_EACH(&s->runnable, c, next)
    {
        (void)close_if_gone(c);
    }
}

bool sched_idle_long(const struct conn *c)
{
    const struct server *s = c->server;
    return s->evict_ms != 0 && uv_now(s->loop) - c->stamp >= s->evict_ms;
}

void sched_evict(struct conn *c, const char *line, bool at_once)
{
    conn_drain_saying(c, line);
    /* The line is usually out at once and the slot free with it; a peer
     * that reads nothing would hold the slot until the linger's end. */
    if (at_once && counted(c))
        close_now(c);
}

/* ---- the pause list --------------------------------------------------------------- */

/* After each loop turn's I/O: paused connections read again. */
static void on_resume(uv_check_t *check)
{
    struct server *s = check->data;
    struct conn *c;

    while ((c = s->paused.head) != NULL) {
        conn_list_remove(&s->paused, c);
        conn_resume(c);
    }
}

/* ---- idle order and deadlines ----------------------------------------------------- */

void sched_touch(struct conn *c)
{
    struct server *s = c->server;

    if (c->kind == CONN_STDIO || !conn_started(c))
        return;
    if (conn_ending(c)) {
        c->stamp = uv_now(s->loop) + SAPPERD_LINGER_MS;
        return;
    }
    c->stamp = uv_now(s->loop);
    if (s->active.tail != c) {
        conn_list_remove(&s->active, c);
        conn_list_push(&s->active, c);
    }
    addresses_idle_touch(&s->addresses, c);
}

/* ---- the line clock (--line-timeout) ---------------------------------------------- */

static void line_clock_start(struct conn *c)
{
    struct server *s = c->server;

    conn_list_remove(&s->partial, c);
    c->line_started = uv_now(s->loop);
    conn_list_push(&s->partial, c);
}

/* Lines end where the session's end (sapper.h section 4): at "\n", at
 * "\r\n" and at a lone "\r", a serial terminal's Enter.  A line of blanks
 * (spaces, tabs) is no sign of life: it ends a line under way but counts
 * as no activity. */
bool sched_line_received(struct conn *c, const char *bytes, size_t n)
{
    bool active = false, ended = false;
    size_t i;

    if (c->kind != CONN_TCP || c->state != CONN_OPEN)
        return true;
    if (conn_in_list(&c->server->bodies, c))
        c->body_bytes += n;
    for (i = 0; i < n; i++) {
        char b = bytes[i];
        if (b == '\n' && c->line_cr) { /* the second byte of "\r\n" */
            c->line_cr = false;
            continue;
        }
        c->line_cr = b == '\r';
        if (b == '\r' || b == '\n') {
            active = active || (c->line_open && !c->line_blank);
            ended = true;
            c->line_open = false;
            continue;
        }
        if (!c->line_open) {
            c->line_open = true;
            c->line_blank = true;
        }
        if (b != ' ' && b != '\t')
            c->line_blank = false;
    }
    if (c->server->options->line_timeout == 0)
        return active;
    if (!c->line_open)
        conn_list_remove(&c->server->partial, c);
    else if (ended || !conn_in_list(&c->server->partial, c))
        line_clock_start(c); /* the bytes after the last line end begin a line */
    return active;
}

void sched_line_resumed(struct conn *c)
{
    if (conn_in_list(&c->server->partial, c))
        line_clock_start(c);
}

/* ---- the request clock (--request-timeout) ------------------------------------------ */

void sched_body_check(struct conn *c)
{
    struct server *s = c->server;
    bool in_body;

    if (c->kind != CONN_TCP || s->options->request_timeout == 0)
        return;
    in_body = c->state == CONN_OPEN && sap_session_in_request(&c->session);
    if (in_body == conn_in_list(&s->bodies, c))
        return;
    if (!in_body) {
        conn_list_remove(&s->bodies, c);
        return;
    }
    c->body_waited = c->body_bytes = 0;
    c->body_counted = uv_now(s->loop);
    conn_list_push(&s->bodies, c);
}

/* A request's lines have --request-timeout seconds of the daemon's waiting
 * for them, and a second more for each SAPPERD_REQUEST_RATE bytes that
 * came: time the daemon spends not reading (the session at work, its
 * replies not yet taken) is not the client's to answer for. */
static void sweep_late_bodies(struct server *s, uint64_t now)
{
    uint64_t timeout_ms = (uint64_t)s->options->request_timeout * 1000u;
    struct conn *c, *next;

    if (timeout_ms == 0)
        return;
    CONN_LIST_EACH(&s->bodies, c, next)
    {
        if (c->reading)
            c->body_waited += now - c->body_counted;
        c->body_counted = now;
        if (c->body_waited >= timeout_ms + c->body_bytes * 1000u / SAPPERD_REQUEST_RATE)
            conn_drain_saying(c, s->request_timeout_line);
    }
}

/* The sessions whose line has been arriving for --line-timeout are told so
 * and closed.  One that is not reading (its earlier requests are still
 * being answered) cannot be sent the rest: its clock starts again when it
 * reads again. */
static void sweep_late_lines(struct server *s, uint64_t now)
{
    uint64_t timeout_ms = (uint64_t)s->options->line_timeout * 1000u;
    struct conn *c, *next;

    if (timeout_ms == 0)
        return;
    CONN_LIST_EACH(&s->partial, c, next)
    {
        if (now - c->line_started < timeout_ms)
            break; /* oldest first: the rest are younger */
        if (c->reading)
            conn_drain_saying(c, s->line_timeout_line);
    }
}

void sched_sweep(struct server *s)
{
    uint64_t now = uv_now(s->loop);
    uint64_t timeout_ms = (uint64_t)s->options->idle_timeout * 1000u;
    struct conn *c, *next;

    if (s->stopping && now >= s->stop_deadline) {
        while (s->active.head != NULL)
            close_now(s->active.head);
        while (s->ending.head != NULL)
            close_now(s->ending.head);
        if (s->stdio != NULL)
            close_now(s->stdio);
        return;
    }
    CONN_LIST_EACH(&s->ending, c, next)
    {
        if (now >= c->stamp)
            close_now(c);
    }
    sweep_late_lines(s, now);
    sweep_late_bodies(s, now);
    kept_sweep(s, now);
    disk_tick(&s->journal, now);
    memory_trim(&s->memory);
    if (timeout_ms == 0)
        return;
    /* Least recently active first: the sweep stops at the first that is not
     * idle.  Each is told why before it is closed. */
    while ((c = s->active.head) != NULL && now - c->stamp >= timeout_ms)
        conn_drain_saying(c, s->idle_line);
}

static void on_sweep(uv_timer_t *timer)
{
    struct server *s = timer->data;

    sched_sweep(s);
    server_flush_logs(s, false);
}

/* ---- setting up ------------------------------------------------------------------- */

void sched_init(struct server *s)
{
    conn_list_init(&s->active, CONN_LINK_SWEEP);
    conn_list_init(&s->ending, CONN_LINK_SWEEP);
    conn_list_init(&s->paused, CONN_LINK_PAUSED);
    conn_list_init(&s->runnable, CONN_LINK_RUN);
    conn_list_init(&s->partial, CONN_LINK_LINE);
    conn_list_init(&s->bodies, CONN_LINK_BODY);
}

/* The check handle and the timer do not keep the loop alive: it ends when
 * no listener and no connection is left.  The idle handle runs only while
 * a session has work left. */
int sched_start(struct server *s)
{
    int r;

    r = uv_idle_init(s->loop, &s->runner);
    if (r < 0)
        return r;
    s->runner.data = s;
    r = uv_check_init(s->loop, &s->resume);
    if (r < 0)
        return r;
    s->resume.data = s;
    uv_unref((uv_handle_t *)&s->resume);
    r = uv_check_start(&s->resume, on_resume);
    if (r < 0)
        return r;
    r = uv_timer_init(s->loop, &s->sweep);
    if (r < 0)
        return r;
    s->sweep.data = s;
    uv_unref((uv_handle_t *)&s->sweep);
    return uv_timer_start(&s->sweep, on_sweep, SAPPERD_SWEEP_MS, SAPPERD_SWEEP_MS);
}
