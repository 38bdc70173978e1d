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
 * the sessions with work left, which get one slice each per loop
 * iteration.  conn_set_state() keeps all of it, and the counts against
 * --max-clients, in step with the state.
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

/* What counts c while it is started (OPEN to LINGERING). */
static uint32_t *started_count(struct conn *c)
{
    if (c->kind == CONN_TCP)
        return &c->server->sessions;
    if (c->kind == CONN_REFUSED)
        return &c->server->refused_lingering;
    return NULL;
}

static void run_cancel(struct conn *c);

void conn_set_state(struct conn *c, enum conn_state to)
{
    struct server *s = c->server;
    struct conn_list *list_before = sweep_list(c);
    struct conn_list *list_after;
    uint32_t *count = started_count(c);
    bool started_before = conn_started(c);

    if (!transition_allowed(c, to)) {
        sapperd_log("bug: a connection went from %s to %s", state_names[c->state],
                    state_names[to]);
        abort();
    }
    c->state = to;

    if (count != NULL && conn_started(c) != started_before)
        *count = started_before ? *count - 1 : *count + 1;
    list_after = sweep_list(c);
    if (list_after != list_before) {
        if (list_before != NULL)
            conn_list_remove(list_before, c);
        if (list_after != NULL)
            conn_list_push(list_after, c);
    }
    if (list_after != NULL)
        c->stamp = uv_now(s->loop) + (to == CONN_OPEN ? 0 : SAPPERD_LINGER_MS);
    if (to != CONN_OPEN)
        conn_list_remove(&s->paused, c);
    if (!conn_pumping(c))
        run_cancel(c);
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

/* One slice for every connection queued when the loop came round; those
 * still busy queue themselves again, behind the others. */
static void on_runner(uv_idle_t *idle)
{
    struct server *s = idle->data;
    size_t turns = s->runnable.count;
    struct conn *c;

    while (turns-- > 0 && (c = s->runnable.head) != NULL) {
        run_cancel(c);
        conn_run(c);
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
}

void sched_sweep(struct server *s)
{
    uint64_t now = uv_now(s->loop);
    uint64_t timeout_ms = (uint64_t)s->options->idle_timeout * 1000u;
    struct conn *c, *next;

    if (s->stopping && now >= s->stop_deadline) {
        while (s->active.head != NULL)
            conn_close(s->active.head);
        while (s->ending.head != NULL)
            conn_close(s->ending.head);
        if (s->stdio != NULL)
            conn_close(s->stdio);
        return;
    }
    CONN_LIST_EACH(&s->ending, c, next)
    {
        if (now >= c->stamp)
            conn_close(c);
    }
    if (timeout_ms == 0)
        return;
    /* Least recently active first: the sweep stops at the first that is not idle. */
    while ((c = s->active.head) != NULL && now - c->stamp >= timeout_ms)
        conn_drain(c);
}

static void on_sweep(uv_timer_t *timer)
{
    sched_sweep(timer->data);
}

/* ---- setting up ------------------------------------------------------------------- */

void sched_init(struct server *s)
{
    conn_list_init(&s->active, CONN_LINK_SWEEP);
    conn_list_init(&s->ending, CONN_LINK_SWEEP);
    conn_list_init(&s->paused, CONN_LINK_PAUSED);
    conn_list_init(&s->runnable, CONN_LINK_RUN);
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
