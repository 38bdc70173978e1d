/*
 * server.c - listening sockets, accepting, the client limits (in all, per
 * address, and the descriptors the system allows), their log lines, and
 * the orderly stop on SIGINT/SIGTERM.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <uv.h>

#include "sapperd.h"


/* Splits "IPV4:PORT" or "[IPV6]:PORT" into a socket address. */
static bool parse_address(const char *text, struct sockaddr_storage *address)
{
    char host[SAPPERD_ADDRESS_MAX];
    const char *port_text;
    size_t host_len;
    uint32_t port;

    memset(address, 0, sizeof *address);
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (close == NULL || close[1] != ':')
            return false;
        host_len = (size_t)(close - text - 1);
        if (host_len == 0 || host_len >= sizeof host)
            return false;
        memcpy(host, text + 1, host_len);
        host[host_len] = '\0';
        port_text = close + 2;
    } else {
        const char *colon = strrchr(text, ':');
        if (colon == NULL)
            return false;
        host_len = (size_t)(colon - text);
        if (host_len == 0 || host_len >= sizeof host || memchr(text, ':', host_len) != NULL)
            return false;
        memcpy(host, text, host_len);
        host[host_len] = '\0';
        port_text = colon + 1;
    }
    if (sap_parse_u32(port_text, strlen(port_text), &port) != SAP_OK || port > SAPPERD_PORT_MAX)
        return false;
    if (text[0] == '[')
        return uv_ip6_addr(host, (int)port, (struct sockaddr_in6 *)address) == 0;
    /* uv_ip4_addr accepts short forms inet_aton knows; ask for four parts. */
    {
        unsigned dots = 0;
        size_t k;
        for (k = 0; k < host_len; k++)
            dots += host[k] == '.';
        if (dots != 3)
            return false;
    }
    return uv_ip4_addr(host, (int)port, (struct sockaddr_in *)address) == 0;
}

bool server_address_valid(const char *text)
{
    struct sockaddr_storage address;
    return parse_address(text, &address);
}

/* Pending connections the kernel may queue before we accept them. */
#define LISTEN_BACKLOG 1024
/* Repeated log lines (refusals, accept errors) at most this often. */
#define LOG_INTERVAL_MS 1000u

/* ---- log lines that count ---------------------------------------------------------- */

/* A refusal is worth one line, but a flood of them is not worth a flood.
 * The line says how things were at the last of them, which it may be
 * written a second after. */
static void write_refused(struct server *s, unsigned long long n)
{
    char who[96] = "";
    char address[64];

    if (s->refused_top_sessions > 0) {
        peer_key_format(&s->refused_top, address, sizeof address);
        snprintf(who, sizeof who, "; %s holds the most (%u)", address,
                 (unsigned)s->refused_top_sessions);
    }
    log_line("refused %llu client%s: %u sessions open (--max-clients)%s", n, n == 1 ? "" : "s",
             (unsigned)s->refused_sessions, who);
}

static void write_refused_address(struct server *s, unsigned long long n)
{
    char address[64];

    peer_key_format(&s->refused_peer, address, sizeof address);
    log_line("refused %llu client%s: %u sessions from one address (--max-per-address), "
             "the last from %s",
             n, n == 1 ? "" : "s", (unsigned)s->max_per_address, address);
}

static void write_dropped(struct server *s, unsigned long long n)
{
    log_line("dropped %llu connection%s: %s", n, n == 1 ? "" : "s", s->drop_reason);
}

/* Writes t's line if it has events and its second has passed (or `all`). */
static void tally_flush(struct server *s, struct log_tally *t, server_tally_writer *write,
                        bool all)
{
    uint64_t now = uv_now(s->loop);

    if (t->unlogged == 0)
        return;
    if (!all && t->logged_at != 0 && now - t->logged_at < LOG_INTERVAL_MS)
        return;
    write(s, (unsigned long long)t->unlogged);
    t->unlogged = 0;
    t->logged_at = now;
}

void server_flush_tally(struct server *s, struct log_tally *t, server_tally_writer *write)
{
    tally_flush(s, t, write, false);
}

static void tally_count(struct server *s, struct log_tally *t, server_tally_writer *write)
{
    t->unlogged++;
    tally_flush(s, t, write, false);
}

/* A refusal over --max-clients, counted as things are when it happens. */
static void count_refused(struct server *s)
{
    const struct address_record *top = addresses_most_sessions(&s->addresses);

    s->refused_sessions = s->sessions;
    s->refused_top_sessions = top != NULL ? top->sessions : 0;
    if (top != NULL)
        s->refused_top = top->key;
    tally_count(s, &s->refused, write_refused);
}

void server_flush_logs(struct server *s, bool all)
{
    tally_flush(s, &s->refused, write_refused, all);
    tally_flush(s, &s->refused_address, write_refused_address, all);
    tally_flush(s, &s->dropped, write_dropped, all);
}

static void drop_connection(struct server *s, uv_stream_t *listener);

/* The spare handle is closed: ready again, and the next owed drop goes. */
static void on_spare_closed(uv_handle_t *handle)
{
    struct server *s = handle->data;
    unsigned i;

    if (uv_tcp_init(s->loop, &s->drop_spare) < 0)
        return; /* the owed listeners stay paused; nothing else can be done */
    s->drop_spare.data = s;
    s->drop_ready = true;
    for (i = 0; i < s->listener_count; i++) {
        if (s->drop_owed & (1u << i)) {
            s->drop_owed &= ~(1u << i);
            drop_connection(s, (uv_stream_t *)&s->listeners[i]);
            return;
        }
    }
}

/* A connection that cannot be served is still accepted, then closed:
 * libuv reports a listener again only once its connection was taken.
 * When the spare is busy closing the last one, this listener waits for it
 * (libuv keeps the connection and pauses the listener meanwhile). */
static void drop_connection(struct server *s, uv_stream_t *listener)
{
    unsigned i;
    if (!s->drop_ready) {
        for (i = 0; i < s->listener_count; i++)
            if (listener == (uv_stream_t *)&s->listeners[i])
                s->drop_owed |= 1u << i;
        return;
    }
    s->drop_ready = false;
    (void)uv_accept(listener, (uv_stream_t *)&s->drop_spare);
    uv_close((uv_handle_t *)&s->drop_spare, on_spare_closed);
}

/* A connection that could not be served: closed at once, and counted. */
static void drop_counted(struct server *s, uv_stream_t *listener, const char *reason)
{
    s->drop_reason = reason;
    tally_count(s, &s->dropped, write_dropped);
    if (listener != NULL)
        drop_connection(s, listener);
}

/* Serving one more connection would leave fewer than SAPPERD_FD_RESERVE
 * descriptors (the drop handle and a pending connection per listener
 * need theirs too). */
static bool out_of_descriptors(const struct server *s)
{
    return s->base_fds + s->sockets + 1 + s->listener_count + SAPPERD_FD_RESERVE > s->fd_limit;
}

/* The descriptors the daemon holds once it listens (the lowest free one:
 * they are taken in order), and the limit on them. */
static void measure_descriptors(struct server *s)
{
    struct rlimit limit;
    int fd = dup(STDERR_FILENO);

    s->base_fds = fd >= 0 ? (uint64_t)fd : 0;
    if (fd >= 0)
        (void)close(fd);
    s->fd_limit = UINT64_MAX;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        s->fd_limit = (uint64_t)limit.rlim_cur;
}

/* A connection's memory.  In a test build, SAPPERD_FAIL_ACCEPT=N in the
 * environment fails the N-th connection's. */
static struct conn *alloc_conn(struct server *s, size_t bytes)
{
#ifdef SAPPERD_TEST_HOOKS
    if (++s->accepted == s->fail_accept)
        return NULL;
#else
    (void)s;
#endif
    return malloc(bytes);
}

#ifdef SAPPERD_TEST_HOOKS
static void read_test_hooks(struct server *s)
{
    const char *fail = getenv("SAPPERD_FAIL_ACCEPT");
    if (fail == NULL || sap_parse_u32(fail, strlen(fail), &s->fail_accept) != SAP_OK)
        s->fail_accept = 0;
}
#endif

/* Who is at the other end of c, as --max-per-address counts it. */
static void read_peer(struct conn *c)
{
    struct sockaddr_storage address;
    int length = (int)sizeof address;

    memset(&address, 0, sizeof address);
    if (uv_tcp_getpeername(&c->handle.tcp, (struct sockaddr *)&address, &length) != 0
        || !peer_key_from(&c->peer, &address))
        memset(&c->peer, 0, sizeof c->peer); /* counted together, as unknown */
}

/* Room for a newcomer from `from`, made where the shares allow: NULL, or
 * the line that refuses it.
 *
 * An address at --max-per-address makes room only from its own sessions:
 * the one idle longest goes if it has been idle for a twelfth of
 * --idle-timeout (a NAT's neighbours are not locked out by sessions
 * someone forgot).  At --max-clients, what gives way belongs to the
 * address holding the most sessions, never to one holding fewer than the
 * newcomer's: if the newcomer's holds fewer, that address's session idle
 * longest gives its slot up at once, whatever its age; if none holds more,
 * the session idle longest of those holding as many goes, once idle for a
 * twelfth of --idle-timeout. */
static char *make_room(struct server *s, const struct peer_key *from)
{
    const struct address_record *own = addresses_find(&s->addresses, from);
    bool full = s->sessions >= s->options->max_clients;
    struct address_record *top;

    if (own != NULL && own->sessions >= s->max_per_address) {
        if (own->idle.head != NULL && sched_idle_long(own->idle.head))
            sched_evict(own->idle.head, s->evict_address_line, false);
        if (addresses_count(&s->addresses, from) >= s->max_per_address)
            return full ? s->busy_line : s->busy_address_line;
        full = s->sessions >= s->options->max_clients;
    }
    if (!full)
        return NULL;
    top = addresses_most_sessions(&s->addresses);
    if (top != NULL && top->idle.head != NULL) {
        if (addresses_count(&s->addresses, from) < top->sessions)
            sched_evict(top->idle.head, s->evict_fewer_line, true);
        else if (sched_idle_long(top->idle.head))
            sched_evict(top->idle.head, s->evict_line, false);
    }
    return s->sessions >= s->options->max_clients ? s->busy_line : NULL;
}

/* An accepted connection: a session, or one line saying why not.  False
 * when it cannot be set up (closed, and counted as dropped). */
static bool admit(struct server *s, struct conn *c)
{
    int r;

    read_peer(c);
    c->refusal = make_room(s, &c->peer);
    if (c->refusal != NULL) {
        c->kind = CONN_REFUSED;
        if (c->refusal == s->busy_line) {
            count_refused(s);
        } else {
            s->refused_peer = c->peer;
            tally_count(s, &s->refused_address, write_refused_address);
        }
        return true;
    }
    if (!addresses_reserve(&s->addresses)) {
        close_now(c);
        drop_counted(s, NULL, "out of memory for a new connection");
        return false;
    }
    /* a session the core refuses (a library built with other limits)
     * says it is closing, and the connection ends after its first read */
    memory_account_init(&c->account, &s->memory, &c->peer);
    r = sap_session_init(&c->session, &c->account.table);
    c->session_held = true;
    if (r != SAP_OK)
        log_line("a session cannot start: %s", sap_strerror(r));
    else
        kept_session_start(c);
    return true;
}

static void on_connection(uv_stream_t *listener, int status)
{
    struct server *s = listener->data;
    struct conn *c;
    int r;

    if (status < 0) {
        drop_counted(s, NULL, uv_strerror(status));
        return;
    }
    if (s->stopping) {
        drop_connection(s, listener);
        return;
    }
    if (out_of_descriptors(s)) {
        drop_counted(s, listener,
                     "too few file descriptors left (ulimit -n; each client takes one)");
        return;
    }
    if (s->sessions >= s->options->max_clients)
        sched_reap_gone(s); /* a busy session's peer may have gone meanwhile */
    /* Whether it is served depends on its address, known once it is
     * accepted: every connection is allocated with a session.  Refused
     * ones are few at a time (SAPPERD_LINGERING_MAX linger at most). */
    c = alloc_conn(s, sizeof *c);
    if (c == NULL) {
        drop_counted(s, listener, "out of memory for a new connection");
        return;
    }
    conn_init(c, s, CONN_TCP);
    r = uv_tcp_init(s->loop, &c->handle.tcp);
    if (r < 0) {
        free(c);
        drop_counted(s, listener, uv_strerror(r));
        return;
    }
    s->sockets++; /* until close_free */
    c->handle.handle.data = c;
    c->in = c->out = &c->handle.stream;
    r = uv_accept(listener, &c->handle.stream);
    if (r == 0)
        r = uv_tcp_nodelay(&c->handle.tcp, 1);
    if (r < 0) {
        close_now(c);
        drop_counted(s, NULL, uv_strerror(r));
        return;
    }
    if (admit(s, c))
        conn_start(c);
}

static int listen_on(struct server *s, const char *text)
{
    struct sockaddr_storage address, bound;
    uv_tcp_t *listener = &s->listeners[s->listener_count];
    int length = (int)sizeof bound;
    int r;

    if (!parse_address(text, &address)) {
        log_line("bad --listen address '%s'", text);
        return UV_EINVAL;
    }
    r = uv_tcp_init(s->loop, listener);
    if (r < 0) {
        log_line("cannot listen on %s: %s", text, uv_strerror(r));
        return r;
    }
    s->listener_count++;
    listener->data = s;
    /* IPv6 sockets take IPv6 only, so [::]:P and 0.0.0.0:P can both be given. */
    r = uv_tcp_bind(listener, (const struct sockaddr *)&address,
                    address.ss_family == AF_INET6 ? UV_TCP_IPV6ONLY : 0);
    if (r == 0)
        r = uv_listen((uv_stream_t *)listener, LISTEN_BACKLOG, on_connection);
    if (r == 0)
        r = uv_tcp_getsockname(listener, (struct sockaddr *)&bound, &length);
    if (r != 0) {
        log_line("cannot listen on %s: %s", text, uv_strerror(r));
        return r;
    }
    log_address("listening on", &bound);
    return 0;
}

static void stop_listening(struct server *s)
{
    unsigned i;
    for (i = 0; i < s->listener_count; i++)
        if (!uv_is_closing((uv_handle_t *)&s->listeners[i]))
            uv_close((uv_handle_t *)&s->listeners[i], NULL);
}

static void on_signal(uv_signal_t *handle, int signum)
{
    struct server *s = handle->data;
    const char *name = signum == SIGINT ? "SIGINT" : "SIGTERM";

    if (s->stopping) {
        log_line("%s again: closing every connection now", name);
        s->stop_deadline = uv_now(s->loop);
        sched_sweep(s);
        return;
    }
    log_line("%s: stopping; %u session%s finishing", name,
             (unsigned)(s->sessions + (s->stdio != NULL)),
             s->sessions + (s->stdio != NULL) == 1 ? "" : "s");
    s->stopping = true;
    s->stop_deadline = uv_now(s->loop) + SAPPERD_STOP_GRACE_MS;
    stop_listening(s);
    while (s->active.head != NULL)
        conn_drain(s->active.head);
    if (s->stdio != NULL)
        conn_drain(s->stdio); /* nothing if it has ended */
}

static void discard_handle(uv_handle_t *handle, void *arg)
{
    (void)arg;
    if (!uv_is_closing(handle))
        uv_close(handle, NULL);
}

/* Signals, like sched.c's handles, do not keep the loop alive: it ends
 * when no listener and no connection is left. */
static int start_helpers(struct server *s)
{
    int r;

    r = uv_signal_init(s->loop, &s->sigint);
    if (r == 0)
        r = uv_signal_start(&s->sigint, on_signal, SIGINT);
    if (r == 0)
        r = uv_signal_init(s->loop, &s->sigterm);
    if (r == 0)
        r = uv_signal_start(&s->sigterm, on_signal, SIGTERM);
    if (r < 0)
        return r;
    s->sigint.data = s->sigterm.data = s;
    uv_unref((uv_handle_t *)&s->sigint);
    uv_unref((uv_handle_t *)&s->sigterm);
    return sched_start(s);
}

static int start_stdio(struct server *s)
{
    struct conn *c = malloc(sizeof *c);
    int r;

    if (c == NULL) {
        log_line("out of memory for the stdio session");
        return UV_ENOMEM;
    }
    conn_init(c, s, CONN_STDIO);
    memory_account_init(&c->account, &s->memory, NULL); /* the operator's: no share */
    r = sap_session_init(&c->session, &c->account.table);
    if (r != SAP_OK) {
        log_line("the stdio session cannot start: %s", sap_strerror(r));
        free(c);
        return UV_EINVAL;
    }
    c->session_held = true;
    kept_session_start(c); /* RESUME takes a TCP game over; it has no token */
    s->stdio = c;
    r = stdio_open(s, c);
    if (r < 0) {
        log_line("cannot use stdin/stdout: %s", uv_strerror(r));
        close_now(c);
        return r;
    }
    conn_start(c);
    return 0;
}

int server_run(const struct sapperd_options *options)
{
    uv_loop_t loop;
    struct server *s;
    unsigned i;
    int status = 0;
    int r;

    /* The server is on the heap: it holds the scratch buffer. */
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        log_line("out of memory");
        return 1;
    }
    s->loop = &loop;
    s->options = options;
    s->stdio_flags[0] = s->stdio_flags[1] = -1;
    strcpy(s->busy_line, "ERR busy\n");
    strcpy(s->busy_address_line, "ERR busy: too many connections from your address\n");
    snprintf(s->line_timeout_line, sizeof s->line_timeout_line,
             "ERR line not finished within %lu s; closing",
             (unsigned long)options->line_timeout);
    snprintf(s->request_timeout_line, sizeof s->request_timeout_line,
             "ERR request not finished within %lu s; closing",
             (unsigned long)options->request_timeout);
    snprintf(s->idle_line, sizeof s->idle_line, "ERR idle for %lu s; closing",
             (unsigned long)options->idle_timeout);
    s->evict_ms = (uint64_t)options->idle_timeout * 1000u / SAPPERD_EVICT_FRACTION;
    snprintf(s->evict_line, sizeof s->evict_line,
             "ERR idle for %lu s while the server is full; closing",
             (unsigned long)(s->evict_ms / 1000u));
    snprintf(s->evict_address_line, sizeof s->evict_address_line,
             "ERR idle for %lu s while your address has no session left; closing",
             (unsigned long)(s->evict_ms / 1000u));
    s->resumed_line = "ERR your game was resumed on another connection; closing";
    s->evict_fewer_line = "ERR closing: the server is full and your address holds the most "
                          "connections";
    s->max_per_address = options_max_per_address(options);
    addresses_init(&s->addresses, uv_hrtime() ^ (uint64_t)(uintptr_t)s);
    memory_init(&s->memory, options->max_memory, options_max_memory_per_address(options),
                &s->addresses);
    memory_account_init(&s->own_account, &s->memory, NULL);
    s->memory.reclaim = kept_reclaim;
    s->memory.reclaim_context = s;
    sched_init(s);
#ifdef SAPPERD_TEST_HOOKS
    read_test_hooks(s);
#endif
    r = uv_loop_init(&loop);
    if (r < 0) {
        log_line("cannot start the event loop: %s", uv_strerror(r));
        free(s);
        return 1;
    }
    loop.data = s;
    s->journal.dir_fd = s->journal.fd = s->journal.retired_fd = -1;
    r = options->state_dir != NULL && restore_run(s) != 0 ? UV_EINVAL : 0;

    if (r == 0 && options->listen_count > 0) {
        r = uv_tcp_init(&loop, &s->drop_spare);
        s->drop_spare.data = s;
        s->drop_ready = r == 0;
    }
    for (i = 0; i < options->listen_count && r == 0; i++)
        r = listen_on(s, options->listen[i]);
    if (r == 0) {
        r = start_helpers(s);
        if (r < 0)
            log_line("cannot set up signals and timers: %s", uv_strerror(r));
    }
    if (r == 0 && options->stdin_session)
        r = start_stdio(s);
    if (r == 0) {
        measure_descriptors(s);
        r = uv_run(&loop, UV_RUN_DEFAULT);
    }
    if (r < 0)
        status = 1;
    /* Every game in play or kept, written whole for the next start. */
    disk_close(&s->journal);
    server_flush_logs(s, true);

    /* Whatever is left (after a failed start: listeners, helpers). */
    uv_walk(&loop, discard_handle, NULL);
    (void)uv_run(&loop, UV_RUN_DEFAULT);
    r = uv_loop_close(&loop);
    if (r < 0)
        log_line("closing the event loop: %s", uv_strerror(r));

    /* An I/O error on stdin/stdout (already logged) is status 1. */
    if (status == 0)
        status = s->exit_status;
    if (s->stdio != NULL)
        close_free(s->stdio);
    kept_free_all(s);
    buffers_free_spares(s);
    addresses_free(&s->addresses);
    if (s->stopping)
        log_line("stopped");
    free(s);
    return status;
}
