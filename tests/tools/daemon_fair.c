/*
 * daemon_fair.c - is sapperd fair?  Three heavy clients send big CASUAL
 * boards back to back while a light client sends one-line requests; the
 * light client's round trips are what a netcat user feels.
 *
 *   daemon_fair ADDR SIZE LIGHT_COUNT INTERVAL_MS [HEAVY]
 *
 * HEAVY (default 3, at most 3) heavy clients; 0 measures the light client
 * alone, the baseline.
 * Heavy client k (k = 0, 1, 2) cycles through two SIZE x SIZE boards: a
 * random board at 15 % (its own seed) and the periodic tile of the README
 * (`.....M.` / `.....M.` / `M.MMM.M` / `.M...M.`): as it is, flipped
 * upside down, and transposed, one per client.  Every heavy answer is
 * checked against the core solving the same board in this process.  The
 * light client sends `NEW 2 2 1 <i>` every INTERVAL_MS, LIGHT_COUNT times,
 * and waits for "OK 2 2 1" each time.
 *
 * Prints one line:
 *   light p50 <us> p99 <us> max <us> heavy boards <n> wrong <n>
 * Exit status 0 when every reply was right, 1 otherwise (3: a timeout).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "sapper.h"

#define HEAVY 3
#define VARIANTS 2

struct board {
    uint32_t size;
    char *text; /* "CASUAL n n\n" and the rows */
    size_t length;
    char answer[64]; /* the expected reply line */
};

struct heavy {
    pthread_t thread;
    int fd;
    struct board *boards[VARIANTS];
    unsigned done, wrong;
};

static volatile int stopping;

static void sleep_ms(unsigned ms)
{
    struct timespec t = { (time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L };
    nanosleep(&t, NULL);
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static uint32_t rng_next(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* kind 0: random 15 %; 1: the tile; 2: the tile flipped; 3: transposed. */
static bool is_mine(int kind, uint32_t size, uint32_t r, uint32_t c, uint32_t *rng)
{
    static const char *const tile[4] = { ".....M.", ".....M.", "M.MMM.M", ".M...M." };
    if (kind == 0)
        return rng_next(rng) % 1000u < 150u;
    if (kind == 2)
        r = size - 1 - r;
    if (kind == 3) {
        uint32_t t = r;
        r = c;
        c = t;
    }
    return tile[r % 4][c % 7] == 'M';
}

static struct board *make_board(int kind, uint32_t size, uint32_t seed)
{
    struct board *b = calloc(1, sizeof *b);
    size_t bytes = SAP_CASUAL_BYTES(size, size);
    void *block = malloc(bytes);
    sap_casual *cs;
    struct sap_casual_result result;
    uint32_t rng = seed, r, c, safe = 0;
    char *p;

    if (b == NULL || block == NULL || sap_casual_init(&cs, block, bytes, size, size) != SAP_OK)
        abort();
    b->size = size;
    b->text = malloc(64 + (size_t)size * (size + 1));
    if (b->text == NULL)
        abort();
    p = b->text + sprintf(b->text, "CASUAL %u %u\n", size, size);
    for (r = 0; r < size; r++) {
        for (c = 0; c < size; c++) {
            bool mine = is_mine(kind, size, r, c, &rng);
            *p++ = mine ? 'M' : '.';
            if (mine)
                sap_casual_set_mine(cs, r, c, true);
            else
                safe++;
        }
        *p++ = '\n';
    }
    b->length = (size_t)(p - b->text);
    if (safe == 0) {
        snprintf(b->answer, sizeof b->answer, "0 0 0\n");
    } else {
        if (sap_casual_solve(cs, &result) != SAP_OK)
            abort();
        snprintf(b->answer, sizeof b->answer, "%u %u %u\n", result.covered, result.row + 1,
                 result.col + 1);
    }
    free(block);
    return b;
}

static int connect_to(const char *addr)
{
    char host[64];
    const char *colon = strrchr(addr, ':');
    struct sockaddr_in sa;
    struct timeval tv = { 60, 0 };
    int fd, one = 1;

    if (colon == NULL || (size_t)(colon - addr) >= sizeof host)
        return -1;
    memcpy(host, addr, (size_t)(colon - addr));
    host[colon - addr] = '\0';
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)atoi(colon + 1));
    if (inet_pton(AF_INET, host, &sa.sin_addr) != 1)
        return -1;
    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0)
        return -1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    return fd;
}

static bool send_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k <= 0)
            return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* One reply line (at most cap - 1 bytes); false on a timeout or EOF. */
static bool read_line(int fd, char *line, size_t cap)
{
    size_t n = 0;
    while (n + 1 < cap) {
        ssize_t k = recv(fd, line + n, 1, 0);
        if (k <= 0)
            return false;
        if (line[n++] == '\n')
            break;
    }
    line[n] = '\0';
    return true;
}

static void *heavy_main(void *arg)
{
    struct heavy *h = arg;
    unsigned i = 0;
    char line[128];
    while (!stopping) {
        struct board *b = h->boards[i++ % VARIANTS];
        if (!send_all(h->fd, b->text, b->length) || !read_line(h->fd, line, sizeof line)) {
            h->wrong++;
            break;
        }
        if (strcmp(line, b->answer) != 0) {
            fprintf(stderr, "daemon_fair: %u x %u board: got %s want %s", b->size, b->size,
                    line, b->answer);
            h->wrong++;
        }
        h->done++;
    }
    return NULL;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    struct heavy heavy[HEAVY];
    uint32_t size;
    unsigned count, interval, i, boards = 0, wrong = 0;
    double *lat;
    int light, k, heavies;
    char line[128];

    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: daemon_fair ADDR SIZE LIGHT_COUNT INTERVAL_MS [HEAVY]\n");
        return 2;
    }
    heavies = argc == 6 ? atoi(argv[5]) : HEAVY;
    if (heavies < 0 || heavies > HEAVY) {
        fprintf(stderr, "daemon_fair: HEAVY is 0 to %d\n", HEAVY);
        return 2;
    }
    size = (uint32_t)atoi(argv[2]);
    count = (unsigned)atoi(argv[3]);
    interval = (unsigned)atoi(argv[4]);
    if (size < 1 || size > SAP_MAX_ROWS || count < 1 || count > 100000) {
        fprintf(stderr, "daemon_fair: bad arguments\n");
        return 2;
    }
    lat = calloc(count, sizeof *lat);
    if (lat == NULL)
        return 1;
    for (k = 0; k < heavies; k++) {
        heavy[k].boards[0] = make_board(0, size, 1000u + (uint32_t)k);
        heavy[k].boards[1] = make_board(1 + k, size, 0);
        heavy[k].done = heavy[k].wrong = 0;
        heavy[k].fd = connect_to(argv[1]);
        if (heavy[k].fd < 0) {
            fprintf(stderr, "daemon_fair: cannot connect to %s\n", argv[1]);
            free(lat);
            return 1;
        }
    }
    light = connect_to(argv[1]);
    if (light < 0) {
        free(lat);
        return 1;
    }
    for (k = 0; k < heavies; k++)
        pthread_create(&heavy[k].thread, NULL, heavy_main, &heavy[k]);
    sleep_ms(200); /* the heavy boards are on their way */

    for (i = 0; i < count; i++) {
        char request[64];
        double t0;
        snprintf(request, sizeof request, "NEW 2 2 1 %u\n", i);
        t0 = now_us();
        if (!send_all(light, request, strlen(request))
            || !read_line(light, line, sizeof line)) {
            fprintf(stderr, "daemon_fair: the light client timed out\n");
            free(lat);
            return 3;
        }
        lat[i] = now_us() - t0;
        if (strcmp(line, "OK 2 2 1\n") != 0) {
            fprintf(stderr, "daemon_fair: light reply %s", line);
            wrong++;
        }
        sleep_ms(interval);
    }
    stopping = 1;
    for (k = 0; k < heavies; k++) {
        pthread_join(heavy[k].thread, NULL);
        boards += heavy[k].done;
        wrong += heavy[k].wrong;
        close(heavy[k].fd);
    }
    close(light);
    qsort(lat, count, sizeof *lat, compare);
    printf("light p50 %.0f p99 %.0f max %.0f heavy boards %u wrong %u\n", lat[count / 2],
           lat[(size_t)(count * 99u) / 100u], lat[count - 1], boards, wrong);
    return wrong == 0 && boards >= (unsigned)heavies ? 0 : 1;
}
