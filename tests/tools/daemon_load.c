/*
 * daemon_load.c - the load client of tests/bench_daemon.sh (epoll, plain
 * sockets, one thread).
 *
 *   daemon_load pipeline ADDR CONNS MOVES
 *       CONNS connections, each starts a game (1000 x 1000 for one
 *       connection, 100 x 100 for many) and sends MOVES
 *       right clicks at once (pipelined); prints the move replies per
 *       second over all of them, from the first byte sent to the last
 *       reply line received.
 *   daemon_load inprocess MOVES
 *       the baseline: the same requests through an in-process session
 *       (sink and poll, no socket); prints replies per second.
 *   daemon_load latency ADDR CONNS ROUNDS
 *       CONNS connections, each sends one request and waits for its reply,
 *       ROUNDS times; prints the p50 and p99 round trip in microseconds.
 *   daemon_load hold ADDR COUNT GAME
 *       opens COUNT connections that stay idle (GAME 1: each first starts
 *       a 200 x 200 game and opens it with one click); prints "ready" once
 *       the daemon has accepted (and answered) them all, then holds them
 *       until stdin ends.
 *
 * Every wait is bounded (60 s); exit status 0, 1 on an error, 3 on a timeout.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "lib/heap_memory.h"
#include "lib/samples.h"
#include "sapper.h"

#define DEADLINE_NS (60ull * 1000000000ull)

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void die(const char *what)
{
    fprintf(stderr, "daemon_load: %s: %s\n", what, strerror(errno));
    exit(1);
}

static struct sockaddr_in target;

static void parse_target(const char *text)
{
    const char *colon = strrchr(text, ':');
    char host[64];
    size_t n;

    memset(&target, 0, sizeof target);
    target.sin_family = AF_INET;
    if (colon == NULL || (n = (size_t)(colon - text)) >= sizeof host) {
        fprintf(stderr, "daemon_load: bad address '%s' (IPV4:PORT)\n", text);
        exit(2);
    }
    memcpy(host, text, n);
    host[n] = '\0';
    target.sin_port = htons((uint16_t)atoi(colon + 1));
    if (inet_pton(AF_INET, host, &target.sin_addr) != 1) {
        fprintf(stderr, "daemon_load: bad address '%s' (IPV4:PORT)\n", text);
        exit(2);
    }
}

/* A blocking connect (the daemon's backlog takes it at once), then
 * non-blocking use. */
static int open_connection(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    if (fd < 0)
        die("socket");
    if (connect(fd, (struct sockaddr *)&target, sizeof target) != 0)
        die("connect");
    (void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0)
        die("fcntl");
    return fd;
}

static uint64_t rng_state = 88172645463325252ull;

static uint32_t rng_below(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* "NEW side side 1 <seed>" and MOVES right clicks: every click answers
 * one line ("RUNNING: [<x, y, P>]" or the mark it cycles to), and no right
 * click ends a game. */
static char *make_moves(unsigned side, unsigned moves, unsigned seed, size_t *length)
{
    size_t cap = 32 + (size_t)moves * 16, n;
    char *text = malloc(cap);
    unsigned i;
    if (text == NULL)
        die("malloc");
    n = (size_t)sprintf(text, "NEW %u %u 1 %u\n", side, side, seed);
    for (i = 0; i < moves; i++)
        n += (size_t)sprintf(text + n, "2 %u %u\n", 1 + rng_below(side), 1 + rng_below(side));
    *length = n;
    return text;
}

struct stream {
    int fd;
    char *out;
    size_t out_len, out_sent;
    size_t lines_wanted, lines_seen;
    uint64_t sent_at; /* latency: when the request went out */
    unsigned rounds_left;
};

static size_t count_newlines(const char *b, size_t n)
{
    size_t k = 0;
    const char *p = b, *end = b + n;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        k++;
        p++;
    }
    return k;
}

static int epoll_add(int ep, int fd, uint32_t events, void *ptr)
{
    struct epoll_event e;
    e.events = events;
    e.data.ptr = ptr;
    return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e);
}

static void epoll_mod(int ep, int fd, uint32_t events, void *ptr)
{
    struct epoll_event e;
    e.events = events;
    e.data.ptr = ptr;
    if (epoll_ctl(ep, EPOLL_CTL_MOD, fd, &e) != 0)
        die("epoll_ctl");
}

static void write_some(int ep, struct stream *s)
{
    while (s->out_sent < s->out_len) {
        ssize_t put = send(s->fd, s->out + s->out_sent, s->out_len - s->out_sent, MSG_NOSIGNAL);
        if (put < 0) {
            if (errno == EAGAIN)
                return;
            die("send");
        }
        s->out_sent += (size_t)put;
    }
    epoll_mod(ep, s->fd, EPOLLIN, s);
}

static int run_pipeline(const char *address, unsigned conns, unsigned moves)
{
    struct stream *streams = calloc(conns, sizeof *streams);
    struct epoll_event events[256];
    static char buf[1 << 16];
    size_t open_count = conns, total_lines = 0;
    uint64_t start, deadline;
    int ep = epoll_create1(0);
    unsigned i;

    if (streams == NULL || ep < 0)
        die("setup");
    parse_target(address);
    for (i = 0; i < conns; i++) {
        streams[i].fd = open_connection();
        /* One connection plays on a 1000 x 1000 board; many share memory. */
        streams[i].out = make_moves(conns == 1 ? 1000u : 100u, moves, i + 1,
                                    &streams[i].out_len);
        streams[i].lines_wanted = (size_t)moves + 1;
    }
    start = now_ns();
    deadline = start + DEADLINE_NS;
    for (i = 0; i < conns; i++) {
        if (epoll_add(ep, streams[i].fd, EPOLLIN | EPOLLOUT, &streams[i]) != 0)
            die("epoll_ctl");
    }
    while (open_count > 0) {
        int n = epoll_wait(ep, events, 256, 1000), k;
        if (now_ns() > deadline) {
            fprintf(stderr, "daemon_load: pipeline: timeout\n");
            return 3;
        }
        for (k = 0; k < n; k++) {
            struct stream *s = events[k].data.ptr;
            if (events[k].events & EPOLLOUT)
                write_some(ep, s);
            if (events[k].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
                for (;;) {
                    ssize_t got = recv(s->fd, buf, sizeof buf, 0);
                    if (got > 0) {
                        s->lines_seen += count_newlines(buf, (size_t)got);
                        continue;
                    }
                    if (got < 0 && errno == EAGAIN)
                        break;
                    fprintf(stderr, "daemon_load: connection ended early\n");
                    return 1;
                }
                if (s->lines_seen >= s->lines_wanted && s->fd >= 0) {
                    total_lines += s->lines_seen - 1; /* minus the OK of NEW */
                    close(s->fd);
                    s->fd = -1;
                    open_count--;
                }
            }
        }
    }
    {
        double seconds = (double)(now_ns() - start) / 1e9;
        printf("pipeline: %u connections, %zu move replies in %.3f s: %.0f replies/s\n", conns,
               total_lines, seconds, (double)total_lines / seconds);
    }
    for (i = 0; i < conns; i++)
        free(streams[i].out);
    free(streams);
    close(ep);
    return 0;
}

/* ---- the in-process baseline ---------------------------------------------------- */

static int run_inprocess(unsigned moves)
{
    static struct sap_session session;
    static char out[8192];
    size_t length, pos = 0, lines = 0;
    char *text = make_moves(1000, moves, 1, &length);
    uint64_t start = now_ns();
    double seconds;

    sap_session_init(&session, &heap_memory);
    /* Fed in 8 KiB pieces and polled into an 8 KiB buffer, as the daemon. */
    while (pos < length) {
        size_t piece = length - pos < 8192 ? length - pos : 8192, done = 0;
        while (done < piece) {
            size_t n;
            done += sap_session_sink(&session, text + pos + done, piece - done);
            while ((n = sap_session_poll(&session, out, sizeof out)) > 0
                   || sap_session_busy(&session))
                lines += count_newlines(out, n);
        }
        pos += piece;
    }
    seconds = (double)(now_ns() - start) / 1e9;
    sap_session_release(&session);
    free(text);
    printf("inprocess: %zu move replies in %.3f s: %.0f replies/s\n", lines - 1, seconds,
           (double)(lines - 1) / seconds);
    return 0;
}

/* ---- latency ----------------------------------------------------------------------- */

static void send_request(struct stream *s)
{
    char line[32];
    int n = sprintf(line, "2 %u %u\n", 1 + rng_below(1000), 1 + rng_below(1000));
    s->sent_at = now_ns();
    if (send(s->fd, line, (size_t)n, MSG_NOSIGNAL) != n)
        die("send"); /* a few bytes into an empty socket buffer */
}

static int run_latency(const char *address, unsigned conns, unsigned rounds)
{
    struct stream *streams = calloc(conns, sizeof *streams);
    double *samples = malloc(sizeof *samples * (size_t)conns * rounds); /* in ns */
    struct epoll_event events[256];
    static char buf[4096];
    size_t count = 0, open_count = conns;
    uint64_t deadline = now_ns() + DEADLINE_NS;
    int ep = epoll_create1(0);
    unsigned i;

    if (streams == NULL || samples == NULL || ep < 0)
        die("setup");
    parse_target(address);
    for (i = 0; i < conns; i++) {
        struct stream *s = &streams[i];
        char line[64];
        int n = sprintf(line, "NEW 1000 1000 1 %u\n", i + 1);
        s->fd = open_connection();
        if (send(s->fd, line, (size_t)n, MSG_NOSIGNAL) != n)
            die("send");
        s->lines_wanted = 1; /* the OK, not timed */
        s->rounds_left = rounds;
        if (epoll_add(ep, s->fd, EPOLLIN, s) != 0)
            die("epoll_ctl");
    }
    while (open_count > 0) {
        int n = epoll_wait(ep, events, 256, 1000), k;
        if (now_ns() > deadline) {
            fprintf(stderr, "daemon_load: latency: timeout\n");
            exit(3);
        }
        for (k = 0; k < n; k++) {
            struct stream *s = events[k].data.ptr;
            ssize_t got = recv(s->fd, buf, sizeof buf, 0);
            if (got <= 0) {
                if (got < 0 && errno == EAGAIN)
                    continue;
                fprintf(stderr, "daemon_load: connection ended early\n");
                exit(1);
            }
            s->lines_seen += count_newlines(buf, (size_t)got);
            if (s->lines_seen < s->lines_wanted)
                continue;
            if (s->lines_wanted > 1)
                samples[count++] = (double)(now_ns() - s->sent_at);
            if (s->rounds_left == 0) {
                close(s->fd);
                open_count--;
                continue;
            }
            s->rounds_left--;
            s->lines_wanted++;
            send_request(s);
        }
    }
    printf("latency: %u connections, %zu round trips: p50 %.1f us, p99 %.1f us\n", conns, count,
           quantile(samples, count, 0.5) / 1e3, quantile(samples, count, 0.99) / 1e3);
    free(samples);
    free(streams);
    close(ep);
    return 0;
}

/* ---- hold ---------------------------------------------------------------------------- */

/* One blocking round trip on a new connection: once it is answered, every
 * connection queued before it has been accepted (the queue is in order). */
static void round_trip(void)
{
    int fd = open_connection();
    char buf[256];
    uint64_t deadline = now_ns() + DEADLINE_NS;
    if (send(fd, "0\n", 2, MSG_NOSIGNAL) != 2)
        die("send");
    for (;;) {
        struct pollfd p = { fd, POLLIN, 0 };
        ssize_t got;
        if (now_ns() > deadline) {
            fprintf(stderr, "daemon_load: hold: timeout\n");
            exit(3);
        }
        (void)poll(&p, 1, 100);
        got = recv(fd, buf, sizeof buf, 0);
        if (got > 0)
            break;
        if (got == 0 || errno != EAGAIN) {
            fprintf(stderr, "daemon_load: hold: the daemon did not answer (busy?)\n");
            exit(1);
        }
    }
    close(fd);
}

static int run_hold(const char *address, unsigned count, bool game)
{
    int *fds = malloc(sizeof *fds * count);
    char buf[1 << 16];
    unsigned i, closed = 0;

    if (fds == NULL)
        die("malloc");
    parse_target(address);
    for (i = 0; i < count; i++) {
        fds[i] = open_connection();
        if (game) {
            char line[64];
            int n = sprintf(line, "NEW 200 200 4000 %u\n1 100 100\n", i + 1);
            if (send(fds[i], line, (size_t)n, MSG_NOSIGNAL) != n)
                die("send");
        }
        if (i % 256 == 255)
            round_trip(); /* keeps the daemon's accept queue short */
    }
    round_trip();
    if (game) {
        /* Read each game's replies (OK and the opening click). */
        for (i = 0; i < count; i++) {
            size_t lines = 0;
            uint64_t deadline = now_ns() + DEADLINE_NS;
            while (lines < 2) {
                struct pollfd p = { fds[i], POLLIN, 0 };
                ssize_t got;
                if (now_ns() > deadline) {
                    fprintf(stderr, "daemon_load: hold: timeout\n");
                    exit(3);
                }
                (void)poll(&p, 1, 100);
                got = recv(fds[i], buf, sizeof buf, 0);
                if (got > 0)
                    lines += count_newlines(buf, (size_t)got);
                else if (got == 0 || errno != EAGAIN)
                    die("hold: recv");
            }
        }
    }
    printf("ready %u\n", count);
    fflush(stdout);
    while (read(STDIN_FILENO, buf, sizeof buf) > 0)
        ;
    for (i = 0; i < count; i++) {
        ssize_t got = recv(fds[i], buf, 1, 0);
        if (got == 0 || (got < 0 && errno != EAGAIN))
            closed++;
        close(fds[i]);
    }
    printf("hold: %u of %u closed by the daemon meanwhile\n", closed, count);
    free(fds);
    return closed == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "pipeline") == 0 && argc == 5)
        return run_pipeline(argv[2], (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4]));
    if (strcmp(mode, "inprocess") == 0 && argc == 3)
        return run_inprocess((unsigned)atoi(argv[2]));
    if (strcmp(mode, "latency") == 0 && argc == 5)
        return run_latency(argv[2], (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4]));
    if (strcmp(mode, "hold") == 0 && argc == 5)
        return run_hold(argv[2], (unsigned)atoi(argv[3]), atoi(argv[4]) != 0);
    fprintf(stderr, "usage: daemon_load pipeline|inprocess|latency|hold ... "
                    "(see tests/tools/daemon_load.c)\n");
    return 2;
}
