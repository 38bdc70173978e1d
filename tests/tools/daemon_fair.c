/*
 * daemon_fair.c - is sapperd fair?  Heavy clients keep the daemon busy
 * while a light client sends one-line requests; the light client's round
 * trips are what a netcat user feels.
 *
 *   daemon_fair ADDR SIZE LIGHT_COUNT INTERVAL_MS [HEAVY]
 *   daemon_fair ADDR SIZE LIGHT_COUNT INTERVAL_MS --heavy KIND[,KIND...]
 *
 * The first form runs HEAVY (default 3, at most 3) clients of the kind
 * `casual`; 0 measures the light client alone, the baseline.  The second
 * runs three clients of each KIND named (`all`: every kind).  The kinds,
 * each on SIZE x SIZE boards:
 *
 *   casual       CASUAL boards back to back: a random board at 15 % (its
 *                own seed) and the periodic tile of tests/README.md (`.....M.` /
 *                `.....M.` / `M.MMM.M` / `.M...M.`), as it is, flipped upside
 *                down and transposed (one per client); every answer is
 *                checked against the core solving the same board here
 *   casual-gen   `NEW S S M seed CASUAL` at 15 % mines, a click in the
 *                middle (the generation), `0`; a new seed each time
 *   noguess-gen  the same with NOGUESS at 20 %
 *   hint         one 15 % game opened in the middle, then HINT and PROB
 *                over and over
 *   show         the same game, SHOW and PROB over and over
 *   judge        a JUDGE CASUAL stream of the client's two casual boards
 *                (answers checked), then a JUDGE BOOM stream that opens
 *                three cells of the tile board
 *   play         a NOGUESS board at 20 % opened in the middle, then PLAY
 *                to the end: every line up to END, which must follow WIN
 *
 * The light client sends `NEW 2 2 1 <i>` every INTERVAL_MS, LIGHT_COUNT
 * times, and waits for "OK 2 2 1" each time.  After it, each heavy client
 * finishes the request it is in (so the daemon is left idle) and stops;
 * its answers are counted to the end, so a client starved while the light
 * client ran shows as few answers, and one never answered as none.
 *
 * Prints one line:
 *   light p50 <us> p99 <us> max <us> heavy answers <n> least <n> (<kind>) wrong <n>
 * where `least` is the fewest answers one heavy client got, and its kind;
 * with --heavy, a second line gives the answers of each kind:
 *   answered by kind: <kind> <n> ...  Exit status 0
 * when every reply was right, 1 otherwise (3: the light client timed out).
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

#include "lib/samples.h"
#include "sapper.h"

#define PER_KIND 3
#define VARIANTS 2

enum kind { CASUAL, CASUAL_GEN, NOGUESS_GEN, HINT, SHOW, JUDGE, PLAY, KINDS };
static const char *const kind_names[KINDS] = { "casual", "casual-gen", "noguess-gen", "hint",
                                               "show",   "judge",      "play" };

static const char *kind_name(enum kind k)
{
    return (unsigned)k < KINDS ? kind_names[k] : "?";
}

struct board {
    uint32_t size;
    char *text; /* "CASUAL n n\n" and the rows */
    size_t length;
    unsigned covered; /* the fewest cells left covered */
    char answer[64];  /* the expected reply line */
};

/* Buffered reading of reply lines, which may be megabytes long. */
struct reader {
    int fd;
    size_t pos, len;
    char buf[65536];
};

struct heavy {
    pthread_t thread;
    enum kind kind;
    unsigned index; /* 0 to PER_KIND - 1 among its kind */
    uint32_t size;
    struct reader in;
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
        b->covered = result.covered;
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

/* Consumes one reply line whole and keeps its first cap - 1 bytes in head
 * ("\n" included when it fits); false on a timeout or EOF. */
static bool read_line(struct reader *in, char *head, size_t cap)
{
    size_t kept = 0;
    for (;;) {
        char *end;
        size_t take;
        if (in->pos == in->len) {
            ssize_t k = recv(in->fd, in->buf, sizeof in->buf, 0);
            if (k <= 0)
                return false;
            in->pos = 0;
            in->len = (size_t)k;
        }
        end = memchr(in->buf + in->pos, '\n', in->len - in->pos);
        take = end != NULL ? (size_t)(end - (in->buf + in->pos)) + 1 : in->len - in->pos;
        if (kept + 1 < cap) {
            size_t keep = take < cap - 1 - kept ? take : cap - 1 - kept;
            memcpy(head + kept, in->buf + in->pos, keep);
            kept += keep;
        }
        in->pos += take;
        if (end != NULL)
            break;
    }
    head[kept] = '\0';
    return true;
}

static bool starts(const char *line, const char *prefix)
{
    return strncmp(line, prefix, strlen(prefix)) == 0;
}

/* A reply of SIZE lines (SHOW, PROB) or one ERR line (PROB too big). */
static bool read_map(struct heavy *h, bool err_allowed)
{
    char line[64];
    uint32_t i;
    if (!read_line(&h->in, line, sizeof line))
        return false;
    if (starts(line, "ERR "))
        return err_allowed;
    for (i = 1; i < h->size; i++)
        if (!read_line(&h->in, line, sizeof line) || starts(line, "ERR"))
            return false;
    return true;
}

/* NEW S S M seed [LEVEL], a click in the middle, then (when end_game) `0`:
 * the replies OK, RUNNING (and WIN), then QUIT or OK. */
static bool play_opening(struct heavy *h, uint32_t mines, uint32_t seed, const char *level,
                         bool end_game)
{
    char request[128], line[64], want[64];
    uint32_t mid = h->size / 2 + 1;
    snprintf(request, sizeof request, "NEW %u %u %u %u%s\n1 %u %u\n%s", h->size, h->size, mines,
             seed, level, mid, mid, end_game ? "0\n" : "");
    snprintf(want, sizeof want, "OK %u %u %u\n", h->size, h->size, mines);
    if (!send_all(h->in.fd, request, strlen(request)) || !read_line(&h->in, line, sizeof line)
        || strcmp(line, want) != 0 || !read_line(&h->in, line, sizeof line)
        || !starts(line, "RUNNING: [<"))
        return false;
    while (end_game) {
        if (!read_line(&h->in, line, sizeof line))
            return false;
        if (strcmp(line, "QUIT\n") == 0 || strcmp(line, "OK\n") == 0)
            break;
        if (strcmp(line, "WIN\n") != 0)
            return false;
    }
    return true;
}

/* JUDGE CASUAL on the client's boards, then JUDGE BOOM on the tile board
 * with three of its safe cells opened; every line up to each END. */
static bool judge_streams(struct heavy *h)
{
    const struct board *tile = h->boards[1];
    char line[64], want[32];
    unsigned v, clicks = 0;
    size_t i;
    bool ok = send_all(h->in.fd, "JUDGE CASUAL\n", 13);
    for (v = 0; v < VARIANTS && ok; v++) {
        const char *sizes = h->boards[v]->text + 7; /* after "CASUAL " */
        ok = send_all(h->in.fd, sizes, h->boards[v]->length - 7);
    }
    ok = ok && send_all(h->in.fd, "0 0\n", 4);
    for (v = 0; v < VARIANTS && ok; v++) {
        snprintf(want, sizeof want, "%u\n", h->boards[v]->covered);
        ok = read_line(&h->in, line, sizeof line) && strcmp(line, want) == 0;
    }
    ok = ok && read_line(&h->in, line, sizeof line) && strcmp(line, "END\n") == 0;
    if (!ok)
        return false;

    {
        char *stream = malloc(tile->length + 256), *p = stream;
        const char *rows = strchr(tile->text, '\n') + 1;
        if (stream == NULL)
            abort();
        p += sprintf(p, "JUDGE BOOM\n1\n%u %u\n", h->size, h->size);
        for (i = 0; rows + i < tile->text + tile->length; i++)
            *p++ = rows[i] == 'M' ? '*' : rows[i] == '.' ? '_' : '\n';
        for (i = 0; i < (size_t)h->size * h->size && clicks < 3; i += h->size / 3 + 1) {
            uint32_t r = (uint32_t)(i / h->size), c = (uint32_t)(i % h->size);
            if (rows[(size_t)r * (h->size + 1) + c] == '.') {
                p += sprintf(p, "1 %u %u\n", r + 1, c + 1);
                clicks++;
            }
        }
        p += sprintf(p, "0\n");
        ok = send_all(h->in.fd, stream, (size_t)(p - stream));
        free(stream);
    }
    while (ok && read_line(&h->in, line, sizeof line) && strcmp(line, "END\n") != 0)
        if (starts(line, "ERR"))
            ok = false;
    return ok;
}

/* A no-guess game played by PLAY to its end: no ERR, WIN just before END. */
static bool play_to_the_end(struct heavy *h, uint32_t mines, uint32_t seed)
{
    char line[128];
    bool won = false;
    if (!play_opening(h, mines, seed, " NOGUESS", false) || !send_all(h->in.fd, "PLAY\n", 5))
        return false;
    while (read_line(&h->in, line, sizeof line)) {
        if (strcmp(line, "END\n") == 0)
            return won;
        if (starts(line, "ERR"))
            return false;
        won = strcmp(line, "WIN\n") == 0;
    }
    return false;
}

/* One request of the client's kind (one answer); false when wrong. */
static bool heavy_step(struct heavy *h, unsigned i)
{
    uint32_t cells = h->size * h->size, seed = 1000u * h->index + i;
    char line[128];
    switch (h->kind) {
    case CASUAL: {
        struct board *b = h->boards[i % VARIANTS];
        if (!send_all(h->in.fd, b->text, b->length) || !read_line(&h->in, line, sizeof line))
            return false;
        if (strcmp(line, b->answer) != 0) {
            fprintf(stderr, "daemon_fair: %u x %u board: got %s want %s", b->size, b->size,
                    line, b->answer);
            return false;
        }
        return true;
    }
    case CASUAL_GEN:
        return play_opening(h, cells / 100u * 15u, seed, " CASUAL", true);
    case NOGUESS_GEN:
        return play_opening(h, cells / 100u * 20u, seed, " NOGUESS", true);
    case HINT:
        if (i == 0 && !play_opening(h, cells / 100u * 15u, h->index, "", false))
            return false;
        return send_all(h->in.fd, "HINT\nPROB\n", 10) && read_line(&h->in, line, sizeof line)
               && (starts(line, "SAFE ") || starts(line, "MINE ") || starts(line, "GUESS ")
                   || starts(line, "ERR "))
               && read_map(h, true);
    case SHOW:
        if (i == 0 && !play_opening(h, cells / 100u * 15u, 100u + h->index, "", false))
            return false;
        return send_all(h->in.fd, "SHOW\nPROB\n", 10) && read_map(h, false)
               && read_map(h, true);
    case JUDGE:
        return judge_streams(h);
    case PLAY:
        return play_to_the_end(h, cells / 100u * 20u, seed);
    case KINDS:
        break;
    }
    return false;
}

static void *heavy_main(void *arg)
{
    struct heavy *h = arg;
    unsigned i;
    for (i = 0; !stopping; i++) {
        bool right = heavy_step(h, i);
        if (!right) {
            fprintf(stderr, "daemon_fair: a %s client's request %u went wrong\n",
                    kind_name(h->kind), i);
            h->wrong++;
            break;
        }
        h->done++;
    }
    return NULL;
}

/* The kinds a comma-separated LIST names, as bits; 0 when one is unknown. */
static unsigned parse_kinds(const char *list)
{
    unsigned bits = 0, k;
    while (*list != '\0') {
        size_t n = strcspn(list, ",");
        bool known = n == 3 && strncmp(list, "all", 3) == 0;
        if (known)
            bits |= (1u << KINDS) - 1u;
        for (k = 0; k < KINDS; k++)
            if (strlen(kind_names[k]) == n && strncmp(list, kind_names[k], n) == 0) {
                bits |= 1u << k;
                known = true;
            }
        if (!known)
            return 0;
        list += n + (list[n] == ',');
    }
    return bits;
}

static int usage(void)
{
    fprintf(stderr, "usage: daemon_fair ADDR SIZE LIGHT_COUNT INTERVAL_MS [HEAVY]\n"
                    "       daemon_fair ADDR SIZE LIGHT_COUNT INTERVAL_MS --heavy "
                    "KIND[,KIND...]\n"
                    "kinds: casual casual-gen noguess-gen hint show judge play all\n");
    return 2;
}

/* Sets up n heavy clients: PER_KIND of each kind in bits, or n casual. */
static struct heavy *start_heavy(const char *addr, uint32_t size, unsigned bits, int *n)
{
    struct heavy *heavy = calloc(PER_KIND * KINDS, sizeof *heavy);
    int k, made = 0;
    if (heavy == NULL)
        return NULL;
    for (k = 0; k < KINDS * PER_KIND; k++) {
        struct heavy *h = &heavy[made];
        enum kind kind = (enum kind)(k / PER_KIND);
        if (bits != 0 ? !(bits & (1u << kind)) : kind != CASUAL || k >= *n)
            continue;
        h->kind = kind;
        h->index = (unsigned)(k % PER_KIND);
        h->size = size;
        if (kind == CASUAL || kind == JUDGE) {
            h->boards[0] = make_board(0, size, 1000u + h->index);
            h->boards[1] = make_board(1 + (int)h->index, size, 0);
        }
        h->in.fd = connect_to(addr);
        if (h->in.fd < 0) {
            fprintf(stderr, "daemon_fair: cannot connect to %s\n", addr);
            exit(1);
        }
        made++;
    }
    *n = made;
    return heavy;
}

int main(int argc, char **argv)
{
    struct heavy *heavy;
    struct reader *light;
    uint32_t size;
    unsigned count, interval, i, answers = 0, least = 0, wrong = 0, kinds = 0;
    double *lat;
    int k, heavies = PER_KIND;
    const char *least_kind = "none";
    unsigned by_kind[KINDS] = { 0 };
    char line[128];

    if (argc == 7 && strcmp(argv[5], "--heavy") == 0) {
        kinds = parse_kinds(argv[6]);
        if (kinds == 0)
            return usage();
    } else if (argc == 6) {
        heavies = atoi(argv[5]);
        if (heavies < 0 || heavies > PER_KIND) {
            fprintf(stderr, "daemon_fair: HEAVY is 0 to %d\n", PER_KIND);
            return 2;
        }
    } else if (argc != 5) {
        return usage();
    }
    size = (uint32_t)atoi(argv[2]);
    count = (unsigned)atoi(argv[3]);
    interval = (unsigned)atoi(argv[4]);
    if (size < 1 || size > SAP_MAX_ROWS || count < 1 || count > 100000) {
        fprintf(stderr, "daemon_fair: bad arguments\n");
        return 2;
    }
    lat = calloc(count, sizeof *lat);
    light = calloc(1, sizeof *light);
    heavy = start_heavy(argv[1], size, kinds, &heavies);
    if (lat == NULL || light == NULL || heavy == NULL
        || (light->fd = connect_to(argv[1])) < 0) {
        free(lat);
        free(light);
        return 1; /* the heavy clients' threads are not started: exit closes them */
    }
    for (k = 0; k < heavies; k++)
        pthread_create(&heavy[k].thread, NULL, heavy_main, &heavy[k]);
    sleep_ms(200); /* the heavy requests are on their way */

    for (i = 0; i < count; i++) {
        char request[64];
        double t0;
        snprintf(request, sizeof request, "NEW 2 2 1 %u\n", i);
        t0 = now_us();
        if (!send_all(light->fd, request, strlen(request))
            || !read_line(light, line, sizeof line)) {
            fprintf(stderr, "daemon_fair: the light client timed out\n");
            exit(3);
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
        answers += heavy[k].done;
        by_kind[heavy[k].kind] += heavy[k].done;
        if (k == 0 || heavy[k].done < least) {
            least = heavy[k].done;
            least_kind = kind_name(heavy[k].kind);
        }
        wrong += heavy[k].wrong;
        close(heavy[k].in.fd);
        for (i = 0; i < VARIANTS; i++)
            if (heavy[k].boards[i] != NULL) {
                free(heavy[k].boards[i]->text);
                free(heavy[k].boards[i]);
            }
    }
    close(light->fd);
    free(heavy);
    free(light);
    printf("light p50 %.0f p99 %.0f max %.0f heavy answers %u least %u (%s) wrong %u\n",
           quantile(lat, count, 0.5), quantile(lat, count, 0.99), quantile(lat, count, 1.0),
           answers, least, least_kind, wrong);
    if (kinds != 0) {
        printf("answered by kind:");
        for (k = 0; k < KINDS; k++)
            if (kinds & (1u << k))
                printf(" %s %u", kind_names[k], by_kind[k]);
        printf("\n");
    }
    free(lat);
    return wrong == 0 ? 0 : 1;
}
