/*
 * daemon_client.c - scripted TCP clients for sapperd's tests.
 *
 *   daemon_client send ADDR [TIMEOUT_MS]
 *       stdin to the socket (then a half-close), the socket to stdout until
 *       the daemon closes.  A reset while sending is not an error: what the
 *       daemon said before it is still printed.
 *   daemon_client games ADDR SESSIONS SEED MOVES [early]
 *       SESSIONS concurrent sessions, each a different game of MOVES
 *       requests sent pipelined in random chunks; every byte received is
 *       checked against an in-process session fed the same script (the
 *       transport must add, drop or reorder nothing).  "early": requests
 *       go out at a steady pace (a chunk per session every 10 ms, so the
 *       load lasts), and the daemon may close a session before its script
 *       is done (SIGTERM), but what came must be a correct prefix ending
 *       at a line end.
 *   daemon_client boom-game SEED JUDGE_FILE PROTOCOL_FILE
 *       one random game written twice: as boom judge input (T = 1) and as
 *       protocol requests (NEW r c + rows, the moves, 0).
 *   daemon_client noread ADDR COUNT HOLD_MS
 *       starts a 1000 x 1000 game, asks COUNT times for SHOW (2 MB each) and
 *       never reads; holds the connection HOLD_MS.
 *   daemon_client vanish ADDR
 *       asks for a reply of about 14 MB, reads a little, and resets.
 *   daemon_client idle ADDR COUNT HOLD_MS
 *       COUNT connections that send nothing; prints "ready N" once all are
 *       connected, holds them, then prints how many the daemon closed.
 *   daemon_client transcript
 *       stdin through an in-process session, its replies to stdout: what
 *       the daemon must send for the same bytes.
 *   daemon_client wait-close ADDR TIMEOUT_MS
 *       connects, sends nothing, prints the milliseconds until the daemon
 *       closes (or "timeout"), then what it said meanwhile, each line after
 *       "said: ".
 *
 * ADDR is IPV4:PORT or [IPV6]:PORT.  Every wait is bounded; exit status 0
 * on success, 1 on a failed check, 2 on bad usage, 3 on a timeout.
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
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "sapper.h"
#include "lib/session_drive.h"
#include "lib/text.h"

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

static void fail(const char *what)
{
    fprintf(stderr, "daemon_client: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* ---- addresses and sockets ------------------------------------------------ */

static struct sockaddr_storage target;
static socklen_t target_length;

static void parse_target(const char *text)
{
    char host[64];
    const char *port_text;
    size_t n;
    long port;
    char *end;

    memset(&target, 0, sizeof target);
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (close == NULL || close[1] != ':')
            goto bad;
        n = (size_t)(close - text - 1);
        port_text = close + 2;
        if (n >= sizeof host)
            goto bad;
        memcpy(host, text + 1, n);
    } else {
        const char *colon = strrchr(text, ':');
        if (colon == NULL)
            goto bad;
        n = (size_t)(colon - text);
        port_text = colon + 1;
        if (n >= sizeof host)
            goto bad;
        memcpy(host, text, n);
    }
    host[n] = '\0';
    port = strtol(port_text, &end, 10);
    if (*port_text == '\0' || *end != '\0' || port <= 0 || port > 65535)
        goto bad;
    if (text[0] == '[') {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)&target;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, host, &a->sin6_addr) != 1)
            goto bad;
        target_length = sizeof *a;
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *)&target;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)port);
        if (inet_pton(AF_INET, host, &a->sin_addr) != 1)
            goto bad;
        target_length = sizeof *a;
    }
    return;
bad:
    fprintf(stderr, "daemon_client: bad address '%s'\n", text);
    exit(2);
}

static void set_nonblocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
        fail("fcntl");
}

/* A blocking connect, then non-blocking use. */
static int connect_to_target(void)
{
    int fd = socket(target.ss_family, SOCK_STREAM, 0);
    int one = 1;
    if (fd < 0)
        fail("socket");
    if (connect(fd, (struct sockaddr *)&target, target_length) != 0)
        fail("connect");
    (void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    set_nonblocking(fd);
    return fd;
}

/* ---- a small deterministic PRNG (xorshift64*) -------------------------------- */

static uint64_t rng_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 2685821657736338717ull;
}

static uint32_t rng_below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(rng_next(state) % n);
}

/* ---- send ------------------------------------------------------------------------ */

static int run_send(const char *address, int timeout_ms)
{
    char in[65536], out[65536];
    size_t in_len = 0, in_pos = 0;
    bool stdin_open = true, sending = true, receiving = true;
    uint64_t deadline = now_ms() + (uint64_t)timeout_ms;
    int fd;

    parse_target(address);
    fd = connect_to_target();
    while (receiving) {
        struct pollfd p[2];
        int n = 0, r;
        int64_t left = (int64_t)(deadline - now_ms());
        if (left <= 0) {
            fflush(stdout); /* what did come, for the test's message */
            fprintf(stderr, "daemon_client: send: timeout\n");
            return 3;
        }
        p[0].fd = fd;
        p[0].events = POLLIN | (sending && in_pos < in_len ? POLLOUT : 0);
        n = 1;
        if (sending && stdin_open && in_pos == in_len) {
            p[1].fd = STDIN_FILENO;
            p[1].events = POLLIN;
            n = 2;
        }
        r = poll(p, (nfds_t)n, (int)left);
        if (r < 0 && errno != EINTR)
            fail("poll");
        if (r <= 0)
            continue;
        if (n == 2 && (p[1].revents & (POLLIN | POLLHUP))) {
            ssize_t got = read(STDIN_FILENO, in, sizeof in);
            if (got <= 0) {
                stdin_open = false;
                sending = false;
                (void)shutdown(fd, SHUT_WR);
            } else {
                in_len = (size_t)got;
                in_pos = 0;
            }
        }
        if (p[0].revents & POLLOUT) {
            ssize_t put = send(fd, in + in_pos, in_len - in_pos, MSG_NOSIGNAL);
            if (put > 0) {
                in_pos += (size_t)put;
            } else if (put < 0 && errno != EAGAIN && errno != EINTR) {
                sending = false; /* the daemon closed: read what it said */
            }
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t got = recv(fd, out, sizeof out, 0);
            if (got > 0) {
                if (fwrite(out, 1, (size_t)got, stdout) != (size_t)got)
                    fail("stdout");
            } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
                receiving = false;
            }
        }
    }
    fflush(stdout);
    close(fd);
    return 0;
}

/* ---- games ----------------------------------------------------------------------- */

/* One session's script: a game (random or explicit board) and requests. */
static void make_script(struct text *t, uint64_t seed, unsigned moves)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1u;
    uint32_t rows = 2 + rng_below(&rng, 24), cols = 2 + rng_below(&rng, 24);
    unsigned i;

    if (rng_below(&rng, 2) == 0) {
        uint32_t mines = 1 + rng_below(&rng, rows * cols / 5 + 1);
        text_printf(t, "NEW %u %u %u %u\n", (unsigned)rows, (unsigned)cols, (unsigned)mines,
                    (unsigned)rng_below(&rng, 1000000));
    } else {
        uint32_t r, c;
        text_printf(t, "new %u %u\r\n", (unsigned)rows, (unsigned)cols);
        for (r = 0; r < rows; r++) {
            for (c = 0; c < cols; c++)
                text_add(t, rng_below(&rng, 7) == 0 ? "*" : "_", 1);
            text_add(t, "\n", 1);
        }
    }
    for (i = 0; i < moves; i++) {
        uint32_t pick = rng_below(&rng, 100);
        if (pick < 55)
            text_printf(t, "1 %u %u\n", (unsigned)(1 + rng_below(&rng, rows)),
                        (unsigned)(1 + rng_below(&rng, cols)));
        else if (pick < 75)
            text_printf(t, "2 %u %u\n", (unsigned)(1 + rng_below(&rng, rows)),
                        (unsigned)(1 + rng_below(&rng, cols)));
        else if (pick < 85)
            text_printf(t, "3 %u %u\n", (unsigned)(1 + rng_below(&rng, rows)),
                        (unsigned)(1 + rng_below(&rng, cols)));
        else if (pick < 90)
            text_printf(t, "show\n");
        else if (pick < 93)
            text_printf(t, "1 %u 1\n", (unsigned)(rows + 1)); /* ERR outside */
        else if (pick < 95)
            text_printf(t, "FLY %u\n", (unsigned)pick); /* ERR unknown */
        else if (pick < 97)
            text_printf(t, "MASTER %u %u %u\n", (unsigned)(1 + rng_below(&rng, 6)),
                        (unsigned)(1 + rng_below(&rng, 6)), (unsigned)rng_below(&rng, 10));
        else if (pick < 99)
            text_printf(t, "0\n");
        else
            text_printf(t, "NEW %u %u %u %u\n", (unsigned)rows, (unsigned)cols, 1u,
                        (unsigned)rng_below(&rng, 1000));
    }
    text_printf(t, "BYE\n");
}

struct game_session {
    int fd;
    struct text script;
    char *expected;
    size_t expected_length;
    size_t sent, received;
    uint64_t rng;
    uint64_t next_send; /* paced sending: not before this time */
    bool done;
};

static size_t count_lines(const char *bytes, size_t n)
{
    size_t lines = 0, i;
    for (i = 0; i < n; i++)
        lines += bytes[i] == '\n';
    return lines;
}

/* Prints the line around a mismatch for the test's log. */
static void report_mismatch(unsigned index, const struct game_session *g, const char *got,
                            size_t got_len)
{
    size_t start = g->received;
    while (start > 0 && g->expected[start - 1] != '\n')
        start--;
    fprintf(stderr,
            "session %u: reply differs at byte %zu (line %zu)\n  expected: %.80s\n"
            "  received: %.*s\n",
            index, g->received, count_lines(g->expected, g->received) + 1, g->expected + start,
            (int)(got_len < 80 ? got_len : 80), got);
}

static int run_games(const char *address, unsigned sessions, uint64_t seed, unsigned moves,
                     bool early)
{
    struct game_session *games = calloc(sessions, sizeof *games);
    struct pollfd *polls = calloc(sessions, sizeof *polls);
    struct session_memory memory;
    uint64_t deadline = now_ms() + 120000u;
    unsigned i, open_count = sessions, failures = 0, cut_short = 0;
    size_t replies = 0;
    char buf[65536];

    if (games == NULL || polls == NULL)
        fail("calloc");
    parse_target(address);
    session_memory_init(&memory);
    for (i = 0; i < sessions; i++) {
        struct game_session *g = &games[i];
        make_script(&g->script, seed * 100003u + i, moves);
        g->expected = session_transcript(&memory, g->script.bytes, g->script.length, 0, 4096);
        g->expected_length = strlen(g->expected);
        g->rng = seed + i + 1;
        g->fd = connect_to_target();
    }
    printf("connected %u\n", sessions);
    fflush(stdout);
    while (open_count > 0) {
        int r;
        int64_t left = (int64_t)(deadline - now_ms());
        if (left <= 0) {
            fprintf(stderr, "daemon_client: games: timeout with %u sessions open\n",
                    open_count);
            exit(3);
        }
        uint64_t now = now_ms();
        for (i = 0; i < sessions; i++) {
            struct game_session *g = &games[i];
            bool may_send = g->sent < g->script.length && (!early || now >= g->next_send);
            polls[i].fd = g->done ? -1 : g->fd;
            polls[i].events = POLLIN | (may_send ? POLLOUT : 0);
            polls[i].revents = 0;
        }
        r = poll(polls, sessions, early && left > 10 ? 10 : (int)left);
        if (r < 0 && errno != EINTR)
            fail("poll");
        for (i = 0; i < sessions && r > 0; i++) {
            struct game_session *g = &games[i];
            if (g->done || polls[i].revents == 0)
                continue;
            if (polls[i].revents & POLLOUT) {
                /* Random chunks, so requests straddle the daemon's reads. */
                size_t chunk = 1 + rng_below(&g->rng, 3000);
                ssize_t put;
                if (chunk > g->script.length - g->sent)
                    chunk = g->script.length - g->sent;
                put = send(g->fd, g->script.bytes + g->sent, chunk, MSG_NOSIGNAL);
                if (put > 0) {
                    g->sent += (size_t)put;
                    g->next_send = now + 10u;
                } else if (put < 0 && errno != EAGAIN && errno != EINTR) {
                    g->sent = g->script.length; /* closed on us: the reads tell */
                }
            }
            if (polls[i].revents & (POLLIN | POLLHUP | POLLERR)) {
                ssize_t got = recv(g->fd, buf, sizeof buf, 0);
                if (got > 0) {
                    if (g->received + (size_t)got > g->expected_length
                        || memcmp(g->expected + g->received, buf, (size_t)got) != 0) {
                        report_mismatch(i, g, buf, (size_t)got);
                        failures++;
                        g->done = true;
                        open_count--;
                        close(g->fd);
                        continue;
                    }
                    g->received += (size_t)got;
                } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
                    bool complete = g->received == g->expected_length;
                    bool clean_prefix = got == 0
                                        && (g->received == 0
                                            || g->expected[g->received - 1] == '\n');
                    if (!complete && !(early && clean_prefix)) {
                        fprintf(stderr,
                                "session %u: connection ended after %zu of %zu bytes"
                                " (%s)\n",
                                i, g->received, g->expected_length,
                                got == 0 ? "EOF" : strerror(errno));
                        failures++;
                    } else if (!complete) {
                        cut_short++;
                    }
                    replies += count_lines(g->expected, g->received);
                    g->done = true;
                    open_count--;
                    close(g->fd);
                }
            }
        }
    }
    printf("games: %u sessions, %zu reply lines checked, %u cut short, %u failed\n", sessions,
           replies, cut_short, failures);
    for (i = 0; i < sessions; i++) {
        text_free(&games[i].script);
        free(games[i].expected);
    }
    free(games);
    free(polls);
    return failures == 0 ? 0 : 1;
}

/* ---- boom-game --------------------------------------------------------------------- */

static int run_boom_game(uint64_t seed, const char *judge_path, const char *protocol_path)
{
    uint64_t rng = seed * 0x2545F4914F6CDD1Dull + 7u;
    uint32_t rows = 1 + rng_below(&rng, 40), cols = 1 + rng_below(&rng, 40);
    uint32_t moves = 1 + rng_below(&rng, 200), r, c, i;
    struct text board = { 0 }, ops = { 0 }, judge = { 0 }, protocol = { 0 };
    FILE *f;

    for (r = 0; r < rows; r++) {
        for (c = 0; c < cols; c++)
            text_add(&board, rng_below(&rng, 6) == 0 ? "*" : "_", 1);
        text_add(&board, "\n", 1);
    }
    for (i = 0; i < moves; i++) {
        uint32_t pick = rng_below(&rng, 10);
        text_printf(&ops, "%u %u %u\n",
                    pick < 6   ? 1u
                    : pick < 9 ? 2u
                               : 3u,
                    (unsigned)(1 + rng_below(&rng, rows)),
                    (unsigned)(1 + rng_below(&rng, cols)));
    }
    text_printf(&judge, "1\n%u %u\n", (unsigned)rows, (unsigned)cols);
    text_add(&judge, board.bytes, board.length);
    text_add(&judge, ops.bytes, ops.length);
    text_printf(&judge, "0\n");
    text_printf(&protocol, "NEW %u %u\n", (unsigned)rows, (unsigned)cols);
    text_add(&protocol, board.bytes, board.length);
    text_add(&protocol, ops.bytes, ops.length);
    text_printf(&protocol, "0\n");

    f = fopen(judge_path, "w");
    if (f == NULL || fwrite(judge.bytes, 1, judge.length, f) != judge.length || fclose(f) != 0)
        fail(judge_path);
    f = fopen(protocol_path, "w");
    if (f == NULL || fwrite(protocol.bytes, 1, protocol.length, f) != protocol.length
        || fclose(f) != 0)
        fail(protocol_path);
    text_free(&board);
    text_free(&ops);
    text_free(&judge);
    text_free(&protocol);
    return 0;
}

/* ---- noread, vanish, idle, wait-close -------------------------------------------------- */

static void send_all(int fd, const char *bytes, size_t n, uint64_t deadline)
{
    while (n > 0) {
        ssize_t put = send(fd, bytes, n, MSG_NOSIGNAL);
        if (put > 0) {
            bytes += put;
            n -= (size_t)put;
        } else if (put < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd p = { fd, POLLOUT, 0 };
            if (now_ms() >= deadline) {
                fprintf(stderr, "daemon_client: send: timeout\n");
                exit(3);
            }
            (void)poll(&p, 1, 100);
        } else {
            fail("send");
        }
    }
}

static void sleep_ms(unsigned ms)
{
    struct timespec t;
    t.tv_sec = ms / 1000u;
    t.tv_nsec = (long)(ms % 1000u) * 1000000L;
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

/* Reads what is waiting (bounded) to see whether the daemon kept the
 * connection open; closes it. */
static bool still_open(int fd, const char *who)
{
    char buf[65536];
    uint64_t deadline = now_ms() + 2000u;
    size_t total = 0;
    bool open = true;

    while (now_ms() < deadline && total < (64u << 20)) {
        struct pollfd p = { fd, POLLIN, 0 };
        ssize_t got;
        if (poll(&p, 1, 200) <= 0)
            break; /* nothing more for a while: open */
        got = recv(fd, buf, sizeof buf, 0);
        if (got > 0) {
            total += (size_t)got;
        } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
            open = false;
            break;
        }
    }
    printf("%s: connection %s after %zu bytes\n", who, open ? "still open" : "closed", total);
    close(fd);
    return open;
}

static int run_noread(const char *address, unsigned count, unsigned hold_ms)
{
    struct text t = { 0 };
    unsigned i;
    int fd;

    parse_target(address);
    fd = connect_to_target();
    text_printf(&t, "NEW 1000 1000 1 7\n1 500 500\n");
    for (i = 0; i < count; i++)
        text_printf(&t, "SHOW\n");
    send_all(fd, t.bytes, t.length, now_ms() + 10000u);
    printf("noread: sent %u requests\n", count);
    fflush(stdout);
    sleep_ms(hold_ms);
    text_free(&t);
    return still_open(fd, "noread") ? 0 : 1;
}

static int run_vanish(const char *address)
{
    static const char request[] = "NEW 1000 1000 0 1\n1 1 1\n";
    struct linger reset = { 1, 0 };
    char buf[4096];
    size_t got_total = 0;
    uint64_t deadline = now_ms() + 10000u;
    int fd;

    parse_target(address);
    fd = connect_to_target();
    send_all(fd, request, sizeof request - 1, deadline);
    while (got_total < 20000 && now_ms() < deadline) {
        struct pollfd p = { fd, POLLIN, 0 };
        ssize_t got;
        (void)poll(&p, 1, 100);
        got = recv(fd, buf, sizeof buf, 0);
        if (got > 0)
            got_total += (size_t)got;
        else if (got == 0 || (errno != EAGAIN && errno != EINTR))
            break;
    }
    /* SO_LINGER 0: close sends a reset, the daemon's next write fails. */
    if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset) != 0)
        fail("setsockopt");
    close(fd);
    printf("vanish: reset after %zu bytes\n", got_total);
    return got_total > 0 ? 0 : 1;
}

static int run_idle(const char *address, unsigned count, unsigned hold_ms)
{
    int *fds = calloc(count, sizeof *fds);
    unsigned i, closed = 0;
    char byte;

    if (fds == NULL)
        fail("calloc");
    parse_target(address);
    for (i = 0; i < count; i++)
        fds[i] = connect_to_target();
    printf("ready %u\n", count);
    fflush(stdout);
    sleep_ms(hold_ms);
    for (i = 0; i < count; i++) {
        ssize_t got;
        while ((got = recv(fds[i], &byte, 1, 0)) > 0)
            continue; /* what the daemon said before it closed (ERR idle ...) */
        if (got == 0 || (got < 0 && errno != EAGAIN))
            closed++;
        close(fds[i]);
    }
    printf("idle: %u of %u closed by the daemon\n", closed, count);
    free(fds);
    return 0;
}

/* What a connection was told, a line "said: ..." each. */
static void print_said(const char *said, size_t n)
{
    size_t start = 0;
    while (start < n) {
        const char *end = memchr(said + start, '\n', n - start);
        size_t length = end != NULL ? (size_t)(end - (said + start)) : n - start;
        printf("said: %.*s\n", (int)length, said + start);
        start += length + 1;
    }
}

static int run_wait_close(const char *address, unsigned timeout_ms)
{
    uint64_t start = now_ms(), deadline = start + timeout_ms;
    char buf[256], said[1024];
    size_t said_length = 0;
    int fd;

    parse_target(address);
    fd = connect_to_target();
    while (now_ms() < deadline) {
        struct pollfd p = { fd, POLLIN, 0 };
        ssize_t got;
        if (poll(&p, 1, 50) <= 0)
            continue;
        got = recv(fd, buf, sizeof buf, 0);
        if (got > 0) {
            size_t keep = (size_t)got < sizeof said - said_length ? (size_t)got
                                                                  : sizeof said - said_length;
            memcpy(said + said_length, buf, keep);
            said_length += keep;
        } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
            printf("closed after %llu ms\n", (unsigned long long)(now_ms() - start));
            print_said(said, said_length);
            close(fd);
            return 0;
        }
    }
    printf("timeout\n");
    print_said(said, said_length);
    close(fd);
    return 3;
}

static int run_transcript(void)
{
    struct text input = { 0 };
    struct session_memory memory;
    char buf[65536], *out;
    size_t n;

    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
        text_add(&input, buf, n);
    session_memory_init(&memory);
    out = session_transcript(&memory, input.bytes != NULL ? input.bytes : "", input.length, 0,
                             4096);
    fputs(out, stdout);
    free(out);
    text_free(&input);
    return 0;
}

static unsigned number(const char *text)
{
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v > 100000000ul) {
        fprintf(stderr, "daemon_client: bad number '%s'\n", text);
        exit(2);
    }
    return (unsigned)v;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";

    if (strcmp(mode, "send") == 0 && (argc == 3 || argc == 4))
        return run_send(argv[2], argc == 4 ? (int)number(argv[3]) : 20000);
    if (strcmp(mode, "games") == 0 && (argc == 6 || argc == 7))
        return run_games(argv[2], number(argv[3]), number(argv[4]), number(argv[5]),
                         argc == 7 && strcmp(argv[6], "early") == 0);
    if (strcmp(mode, "boom-game") == 0 && argc == 5)
        return run_boom_game(number(argv[2]), argv[3], argv[4]);
    if (strcmp(mode, "noread") == 0 && argc == 5)
        return run_noread(argv[2], number(argv[3]), number(argv[4]));
    if (strcmp(mode, "vanish") == 0 && argc == 3)
        return run_vanish(argv[2]);
    if (strcmp(mode, "idle") == 0 && argc == 5)
        return run_idle(argv[2], number(argv[3]), number(argv[4]));
    if (strcmp(mode, "transcript") == 0 && argc == 2)
        return run_transcript();
    if (strcmp(mode, "wait-close") == 0 && argc == 4)
        return run_wait_close(argv[2], number(argv[3]));
    fprintf(stderr, "usage: daemon_client "
                    "send|games|boom-game|noread|vanish|idle|transcript|wait-close ...\n"
                    "(see the comment at the top of tests/tools/daemon_client.c)\n");
    return 2;
}
