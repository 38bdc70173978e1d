/*
 * daemon_fuzz.c - a protocol fuzzer for a running sapperd.
 *
 *   daemon_fuzz ADDR [--seed N] [--connections K] [--requests N] [--seconds S]
 *               [--pid PID] [--max-rss-mib M] [--probe-ms MS] [--wait-ms MS]
 *
 * K connections (default 4) send generated requests: every request of the
 * protocol in valid and mutated forms (random case, numbers swapped for
 * edge values, tokens dropped or doubled, bytes inserted, lines cut short),
 * boards small and now and then big, JUDGE streams of each format whole
 * and broken, blank lines, garbage with NUL and CR bytes, overlong lines.
 * Bytes go out whole, in small chunks or one at a time, with pauses; a
 * connection may sit silent first, and ends by a half-close (then reads to
 * the end), a reset, a plain close, or the daemon closing it (BYE, a line
 * too long); another connection takes its place.  The same seed sends the
 * same requests (what the daemon answers, and when, may differ).
 *
 * What it checks, without knowing what any answer should be:
 *   - a fresh connection sending `NEW 2 2 1 1` gets `OK 2 2 1` every
 *     --probe-ms (default 1000) and at the end, each within --wait-ms;
 *   - every reply line is printable ASCII ending in "\n", and one that
 *     starts with ERR is "ERR " and a reason;
 *   - no byte arrives on a connection before it has sent a request (a line
 *     that is not blank, or one past the 2024-byte limit);
 *   - a half-closed connection gets the end of its stream within --wait-ms
 *     (default 30000), and the stream never ends inside a line;
 *   - with --pid, the process lives and, with --max-rss-mib, its resident
 *     memory stays under that.
 * Requests stop after --requests (default 2000) or --seconds, whichever
 * comes first.  On a violation it prints what broke, the seed, and the last
 * requests sent on that connection, and exits 1 (2: bad arguments);
 * otherwise one line of counts and exit 0.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "lib/fuzz_requests.h"


#define CONNECTIONS_MAX 64
#define HISTORY 6
#define HISTORY_BYTES 160
#define LINE_LIMIT 2024 /* SAP_LINE_MAX of the host build */
#define KEEP 100        /* bytes of a reply line kept for messages */

/* ---- connections ------------------------------------------------------- */

struct conn {
    int fd; /* -1: to be opened */
    unsigned number;
    struct text out; /* bytes to send, from out_pos */
    size_t out_pos;
    uint64_t quiet_until, resume_at; /* no sending before these */
    uint64_t end_by;                 /* half-closed: EOF is due by then */
    size_t send_line;                /* the line being sent, for `awake` */
    size_t line_len;                 /* of the reply line being read, in `line` */
    struct fuzz_dims dims;
    unsigned requests;
    bool half_closed;
    bool awake; /* a request went out: replies may come */
    bool send_nonblank, send_cr;
    char line[KEEP + 1];
    char history[HISTORY][HISTORY_BYTES];
};

static struct {
    struct sockaddr_in target;
    uint64_t seed, rng;
    unsigned connections, requests_max, seconds, probe_ms, wait_ms;
    long pid, max_rss_kib;
    unsigned requests, opened, resets, half_closes, peer_ends, lines, errs, probes;
    long rss_peak;
} fz;

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

static void print_history(const struct conn *c)
{
    unsigned i, first = c->requests > HISTORY ? c->requests - HISTORY : 0;
    fprintf(stderr, "  last requests sent on connection %u (oldest first):\n", c->number);
    if (c->requests == 0)
        fprintf(stderr, "    (none)\n");
    for (i = first; i < c->requests; i++)
        fprintf(stderr, "    %s\n", c->history[i % HISTORY]);
}

/* Reports a violation and exits: c is the connection it concerns, if any;
 * all the connections' histories are printed otherwise. */
static void violation(const struct conn *c, const struct conn *all, const char *format, ...)
{
    va_list ap;
    unsigned k;
    fprintf(stderr, "daemon_fuzz: VIOLATION: ");
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fprintf(stderr,
            "\n  seed %llu, after %u requests; rerun: daemon_fuzz ADDR --seed %llu "
            "--connections %u\n",
            (unsigned long long)fz.seed, fz.requests, (unsigned long long)fz.seed,
            fz.connections);
    if (c != NULL)
        print_history(c);
    else if (all != NULL)
        for (k = 0; k < fz.connections; k++)
            print_history(&all[k]);
    exit(1);
}

/* The line kept so far, printable for a message. */
static const char *shown(const struct conn *c)
{
    static char text[4 * KEEP + 1];
    size_t i, n = 0;
    for (i = 0; i < c->line_len; i++) {
        unsigned char b = (unsigned char)c->line[i];
        n += (size_t)(b >= 0x20 && b < 0x7f && b != '\\' ? sprintf(text + n, "%c", b)
                                                         : sprintf(text + n, "\\x%02x", b));
    }
    text[n] = '\0';
    return text;
}

static int open_socket(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    if (fd < 0)
        return -1;
    if (connect(fd, (const struct sockaddr *)&fz.target, sizeof fz.target) < 0) {
        close(fd);
        return -1;
    }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static void conn_open(struct conn *c, struct conn *all)
{
    c->fd = open_socket();
    if (c->fd < 0)
        violation(c, all, "cannot connect to the daemon: %s", strerror(errno));
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
    c->number = ++fz.opened;
    c->out.length = c->out_pos = 0;
    c->half_closed = c->awake = c->send_nonblank = c->send_cr = false;
    c->send_line = c->line_len = 0;
    c->requests = 0;
    c->dims.rows = c->dims.cols = 0;
    c->resume_at = 0;
    /* One in six sits silent a while first: nothing may arrive. */
    c->quiet_until = fuzz_rng_below(&fz.rng, 6) == 0
                         ? now_ms() + 30 + fuzz_rng_below(&fz.rng, 300)
                         : 0;
}

static void conn_close(struct conn *c, bool reset)
{
    if (reset) {
        struct linger hard = { 1, 0 };
        setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
        fz.resets++;
    }
    close(c->fd);
    c->fd = -1;
}

/* Bytes that went out: a non-blank line ended (at \n, \r\n or a lone \r,
 * as the session ends lines), or a line past the limit, is a request the
 * daemon may answer. */
static void note_sent(struct conn *c, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        char b = p[i];
        if (b == '\n' && c->send_cr) { /* the \n of a \r\n: the same line end */
            c->send_cr = false;
            continue;
        }
        if (b == '\n' || b == '\r') {
            if (c->send_nonblank)
                c->awake = true;
            c->send_line = 0;
            c->send_nonblank = false;
            c->send_cr = b == '\r';
            continue;
        }
        c->send_cr = false;
        if (b != ' ' && b != '\t')
            c->send_nonblank = true;
        if (++c->send_line > LINE_LIMIT)
            c->awake = true;
    }
}

static void record(struct conn *c, const struct text *t, size_t from)
{
    char *h = c->history[c->requests++ % HISTORY];
    size_t i, n = 0, length = t->length - from;
    for (i = 0; i < length && n + 8 < HISTORY_BYTES - 24; i++) {
        unsigned char b = (unsigned char)t->bytes[from + i];
        if (b == '\n')
            n += (size_t)sprintf(h + n, "\\n");
        else if (b >= 0x20 && b < 0x7f && b != '\\')
            h[n++] = (char)b;
        else
            n += (size_t)sprintf(h + n, "\\x%02x", b);
    }
    h[n] = '\0';
    if (i < length)
        sprintf(h + n, "... (%zu bytes)", length);
}

/* Queues a batch of 1 to 12 requests. */
static void queue_batch(struct conn *c)
{
    unsigned n = 1 + fuzz_rng_below(&fz.rng, 12);
    while (n-- > 0 && fz.requests < fz.requests_max) {
        size_t from = c->out.length;
        fuzz_request(&c->out, &c->dims, &fz.rng);
        record(c, &c->out, from);
        fz.requests++;
    }
}

static void send_some(struct conn *c)
{
    size_t left = c->out.length - c->out_pos, chunk = left;
    uint32_t style = fuzz_rng_below(&fz.rng, 10);
    ssize_t k;
    if (style < 2)
        chunk = 1 + fuzz_rng_below(&fz.rng, 64);
    else if (style < 3)
        chunk = 1;
    if (chunk > left)
        chunk = left;
    k = send(c->fd, c->out.bytes + c->out_pos, chunk, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (k < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return;
        conn_close(c, false); /* the daemon closed it (BYE, line too long) */
        fz.peer_ends++;
        return;
    }
    note_sent(c, c->out.bytes + c->out_pos, (size_t)k);
    c->out_pos += (size_t)k;
    if (style < 3 && fuzz_rng_below(&fz.rng, 4) == 0)
        c->resume_at = now_ms() + fuzz_rng_below(&fz.rng, 40);
    if (fuzz_rng_below(&fz.rng, 400) == 0)
        conn_close(c, true); /* a reset in the middle of things */
}

/* Checks the bytes of replies as they come. */
static void take_reply(struct conn *c, struct conn *all, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned char b = (unsigned char)p[i];
        if (!c->awake) {
            c->line[c->line_len < KEEP ? c->line_len++ : KEEP - 1] = (char)b;
            violation(c, all, "a reply arrived before the connection sent a request: \"%s\"",
                      shown(c));
        }
        if (b == '\n') {
            fz.lines++;
            if (c->line_len >= 3 && memcmp(c->line, "ERR", 3) == 0) {
                fz.errs++;
                if (c->line_len < 5 || c->line[3] != ' ' || c->line[4] == ' ')
                    violation(c, all, "an ERR line without \"ERR \" and a reason: \"%s\"",
                              shown(c));
            }
            c->line_len = 0;
            continue;
        }
        if (c->line_len < KEEP)
            c->line[c->line_len++] = (char)b;
        if (b < 0x20 || b > 0x7e)
            violation(c, all, "byte 0x%02x in a reply line: \"%s\"", b, shown(c));
    }
}

static void read_some(struct conn *c, struct conn *all)
{
    static char buf[65536];
    ssize_t k = recv(c->fd, buf, sizeof buf, 0);
    if (k > 0) {
        take_reply(c, all, buf, (size_t)k);
        return;
    }
    if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return;
    if (k == 0 && c->line_len > 0)
        violation(c, all, "the stream ended inside a reply line: \"%s\"", shown(c));
    if (!c->half_closed)
        fz.peer_ends++;
    conn_close(c, false);
}

/* A fresh connection: `NEW 2 2 1 1` must get `OK 2 2 1` in time. */
static void probe(struct conn *all)
{
    struct timeval tv = { (time_t)(fz.wait_ms / 1000u), (long)(fz.wait_ms % 1000u) * 1000L };
    char reply[64];
    size_t n = 0;
    int fd = open_socket();
    fz.probes++;
    if (fd < 0)
        violation(NULL, all, "probe: cannot connect to the daemon: %s", strerror(errno));
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    if (send(fd, "NEW 2 2 1 1\n", 12, MSG_NOSIGNAL) != 12)
        violation(NULL, all, "probe: cannot send: %s", strerror(errno));
    while (n + 1 < sizeof reply && (n == 0 || reply[n - 1] != '\n')) {
        ssize_t k = recv(fd, reply + n, 1, 0);
        if (k <= 0)
            violation(NULL, all, "probe: no answer to NEW 2 2 1 1 within %u ms (%s)",
                      fz.wait_ms, k == 0 ? "closed" : strerror(errno));
        n++;
    }
    reply[n] = '\0';
    close(fd);
    if (strcmp(reply, "OK 2 2 1\n") != 0)
        violation(NULL, all, "probe: NEW 2 2 1 1 got \"%.*s\"", (int)strcspn(reply, "\n"),
                  reply);
}

static void check_process(struct conn *all)
{
    char path[64], row[256];
    FILE *f;
    if (fz.pid <= 0)
        return;
    if (kill((pid_t)fz.pid, 0) != 0)
        violation(NULL, all, "the daemon (pid %ld) is gone", fz.pid);
    snprintf(path, sizeof path, "/proc/%ld/status", fz.pid);
    f = fopen(path, "r");
    if (f == NULL)
        return;
    while (fgets(row, sizeof row, f) != NULL) {
        long kib;
        if (sscanf(row, "VmRSS: %ld", &kib) == 1 && kib > fz.rss_peak)
            fz.rss_peak = kib;
    }
    fclose(f);
    if (fz.max_rss_kib > 0 && fz.rss_peak > fz.max_rss_kib)
        violation(NULL, all, "the daemon's RSS reached %ld KiB, over --max-rss-mib %ld",
                  fz.rss_peak, fz.max_rss_kib / 1024);
}

/* What a connection does next once its bytes are out. */
static void next_step(struct conn *c, bool finishing, uint64_t now)
{
    uint32_t pick = fuzz_rng_below(&fz.rng, 100);
    if (finishing || pick < 8) {
        shutdown(c->fd, SHUT_WR);
        c->half_closed = true;
        c->end_by = now + fz.wait_ms;
        if (c->send_nonblank) /* the daemon may take the cut line as a request */
            c->awake = true;
        fz.half_closes++;
    } else if (pick < 14) {
        conn_close(c, true);
    } else if (pick < 17) {
        conn_close(c, false);
    } else if (pick < 22) {
        c->resume_at = now + 20 + fuzz_rng_below(&fz.rng, 200);
    } else {
        c->out.length = c->out_pos = 0;
        queue_batch(c);
    }
}

/* One turn: poll every connection, move bytes, decide what comes next.
 * Returns the number of connections still open. */
static unsigned turn(struct conn *all, bool finishing)
{
    struct pollfd pfd[CONNECTIONS_MAX];
    uint64_t now = now_ms();
    unsigned k, open = 0;
    for (k = 0; k < fz.connections; k++) {
        struct conn *c = &all[k];
        bool sending = c->fd >= 0 && !c->half_closed && c->out_pos < c->out.length
                       && now >= c->quiet_until && now >= c->resume_at;
        pfd[k].fd = c->fd;
        pfd[k].events = (short)(POLLIN | (sending ? POLLOUT : 0));
        pfd[k].revents = 0;
    }
    poll(pfd, fz.connections, 5);
    now = now_ms();
    for (k = 0; k < fz.connections; k++) {
        struct conn *c = &all[k];
        if (c->fd < 0) {
            if (!finishing)
                conn_open(c, all);
            continue;
        }
        if (pfd[k].revents & (POLLIN | POLLHUP | POLLERR))
            read_some(c, all);
        if (c->fd >= 0 && (pfd[k].revents & POLLOUT))
            send_some(c);
        if (c->fd < 0)
            continue;
        open++;
        if (c->half_closed) {
            if (now > c->end_by)
                violation(c, all, "no end of stream %u ms after a half-close", fz.wait_ms);
        } else if (c->out_pos == c->out.length && now >= c->quiet_until
                   && now >= c->resume_at) {
            next_step(c, finishing || fz.requests >= fz.requests_max, now);
        }
    }
    return open;
}

static bool parse_args(int argc, char **argv)
{
    const char *colon;
    char host[64];
    int i;
    if (argc < 2 || (colon = strrchr(argv[1], ':')) == NULL
        || (size_t)(colon - argv[1]) >= sizeof host)
        return false;
    memcpy(host, argv[1], (size_t)(colon - argv[1]));
    host[colon - argv[1]] = '\0';
    fz.target.sin_family = AF_INET;
    fz.target.sin_port = htons((uint16_t)atoi(colon + 1));
    if (inet_pton(AF_INET, host, &fz.target.sin_addr) != 1)
        return false;
    fz.seed = 1;
    fz.connections = 4;
    fz.requests_max = 2000;
    fz.probe_ms = 1000;
    fz.wait_ms = 30000;
    for (i = 2; i + 1 < argc; i += 2) {
        unsigned long long v = strtoull(argv[i + 1], NULL, 10);
        if (strcmp(argv[i], "--seed") == 0)
            fz.seed = v;
        else if (strcmp(argv[i], "--connections") == 0)
            fz.connections = (unsigned)v;
        else if (strcmp(argv[i], "--requests") == 0)
            fz.requests_max = (unsigned)v;
        else if (strcmp(argv[i], "--seconds") == 0)
            fz.seconds = (unsigned)v;
        else if (strcmp(argv[i], "--pid") == 0)
            fz.pid = (long)v;
        else if (strcmp(argv[i], "--max-rss-mib") == 0)
            fz.max_rss_kib = (long)v * 1024;
        else if (strcmp(argv[i], "--probe-ms") == 0)
            fz.probe_ms = (unsigned)v;
        else if (strcmp(argv[i], "--wait-ms") == 0)
            fz.wait_ms = (unsigned)v;
        else
            return false;
    }
    if (fz.seconds > 0 && fz.requests_max == 2000)
        fz.requests_max = UINT32_MAX; /* --seconds alone bounds the run */
    return i == argc && fz.connections >= 1 && fz.connections <= CONNECTIONS_MAX
           && fz.probe_ms > 0 && fz.wait_ms > 0;
}

int main(int argc, char **argv)
{
    static struct conn all[CONNECTIONS_MAX];
    uint64_t start, next_probe, stop_at;
    unsigned k;

    if (!parse_args(argc, argv)) {
        fprintf(stderr, "usage: daemon_fuzz ADDR [--seed N] [--connections K] [--requests N] "
                        "[--seconds S] [--pid PID] [--max-rss-mib M] [--probe-ms MS] "
                        "[--wait-ms MS]\n");
        return 2;
    }
    fz.rng = fz.seed * 0x9e3779b97f4a7c15ull + 1;
    for (k = 0; k < fz.connections; k++)
        all[k].fd = -1;
    start = now_ms();
    next_probe = start + fz.probe_ms;
    stop_at = fz.seconds > 0 ? start + fz.seconds * 1000ull : UINT64_MAX;
    probe(all);
    while (fz.requests < fz.requests_max && now_ms() < stop_at) {
        turn(all, false);
        if (now_ms() >= next_probe) {
            probe(all);
            check_process(all);
            next_probe = now_ms() + fz.probe_ms;
        }
    }
    /* Every connection half-closes once its bytes are out and reads to the
     * end; each has --wait-ms for it. */
    fz.requests_max = fz.requests;
    while (turn(all, true) > 0)
        ;
    probe(all);
    check_process(all);
    printf("daemon_fuzz: seed %llu: %u requests on %u connections in %.1f s; %u reply lines "
           "(%u ERR), %u half-closes, %u resets, %u ended by the daemon, %u probes; "
           "no violation%s",
           (unsigned long long)fz.seed, fz.requests, fz.opened, (now_ms() - start) / 1000.0,
           fz.lines, fz.errs, fz.half_closes, fz.resets, fz.peer_ends, fz.probes,
           fz.rss_peak > 0 ? "" : "\n");
    if (fz.rss_peak > 0)
        printf("; peak RSS %ld KiB\n", fz.rss_peak);
    for (k = 0; k < fz.connections; k++)
        text_free(&all[k].out);
    return 0;
}
