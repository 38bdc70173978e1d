/*
 * longest_call - how long can one call into the core take?  Drives a
 * struct sap_session as sapperd does (malloc-backed memory, 8 KiB of input
 * per sink, 8 KiB of reply per poll, the daemon's budget) through each
 * heavy request kind, and times every single sap_session_sink and
 * sap_session_poll call of the request being measured (CPU time of this
 * thread, so that other processes on the machine count less).
 *
 *   longest_call [--size N] [--budget B] [--deadline S] [--limit MS] [KIND...]
 *
 *   --size N      board side (default 1000: N x N boards)
 *   --budget B    sap_session_set_budget (default 16384, sapperd's
 *                 SAPPERD_SESSION_BUDGET)
 *   --deadline S  CPU seconds one kind may run before it is stopped
 *                 (default 8; the generators at high density may need more)
 *   --limit MS    exit status 1 when any call took longer than MS
 *   KIND...       only these kinds (default: all; --list names them)
 *
 * One line per kind:
 *
 *   <kind>  sink max <ms> med <ms> (<calls>)  poll max <ms> med <ms> (<calls>)
 *           total <ms>  <done|stopped>  <hash>  <the reply's first bytes>
 *
 * The hash (FNV-1a of the whole measured reply) lets runs at different
 * budgets, or of different builds, be compared: the core's answers must
 * not depend on the budget.  A stopped kind (past the deadline) has no
 * meaningful hash and shows "-".  Setting a kind up (a game in progress
 * for HINT, a board for a NEW's first click) is not timed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/heap_memory.h"
#include "lib/samples.h"
#include "lib/text.h"
#include "sapper.h"

#define CHUNK 8192u /* sapperd's SAPPERD_IN_BYTES and SAPPERD_OUT_BYTES */

static uint32_t side = 1000, budget = 16384;
static double deadline = 8.0, limit_ms = 0.0;

/* ---- text to send ---------------------------------------------------------- */

/* A board's rows, `mine` and `safe` the characters of its request. */
static void text_rows(struct text *t, const uint8_t *mines, uint32_t rows, uint32_t cols,
                      char mine, char safe)
{
    uint32_t r, c;
    text_reserve(t, (size_t)rows * (cols + 1u));
    for (r = 0; r < rows; r++) {
        char *row = t->bytes + t->length;
        for (c = 0; c < cols; c++)
            row[c] = mines[(size_t)r * cols + c] ? mine : safe;
        row[cols] = '\n';
        text_wrote(t, cols + 1u);
    }
}

/* ---- boards ------------------------------------------------------------------ */

static uint32_t rng = 2024;

static uint32_t next_random(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

/* Each cell a mine with odds permille / 1000 (the same board every run). */
static uint8_t *random_board(uint32_t rows, uint32_t cols, uint32_t permille, uint32_t seed)
{
    uint8_t *m = calloc((size_t)rows * cols, 1);
    size_t x;
    if (m == NULL)
        exit(1);
    rng = seed;
    for (x = 0; x < (size_t)rows * cols; x++)
        m[x] = next_random() % 1000u < permille;
    return m;
}

/* The casual player's worst case of tests/README.md: this tile repeated. */
static uint8_t *periodic_board(uint32_t rows, uint32_t cols)
{
    static const char *const tile[4] = { ".....M.", ".....M.", "M.MMM.M", ".M...M." };
    uint8_t *m = calloc((size_t)rows * cols, 1);
    uint32_t r, c;
    if (m == NULL)
        exit(1);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            m[(size_t)r * cols + c] = tile[r % 4u][c % 7u] == 'M';
    return m;
}

/* Whether (r, c) and its 3x3 hold no mine: a left click there opens. */
static int zero_at(const uint8_t *m, uint32_t rows, uint32_t cols, uint32_t r, uint32_t c)
{
    uint32_t rr, cc;
    for (rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++)
        for (cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++)
            if (m[(size_t)rr * cols + cc])
                return 0;
    return 1;
}

/* Left clicks on `count` zero cells spread over the board. */
static void text_clicks(struct text *t, const uint8_t *m, uint32_t rows, uint32_t cols,
                        uint32_t count)
{
    uint32_t k, tries;
    for (k = 0; k < count; k++)
        for (tries = 0; tries < 10000; tries++) {
            uint32_t r = next_random() % rows, c = next_random() % cols;
            if (zero_at(m, rows, cols, r, c)) {
                text_printf(t, "1 %u %u\n", r + 1, c + 1);
                break;
            }
        }
}

/* A solved nurikabe grid: row 0 and the even columns shaded (a comb), each
 * odd column below row 0 one island of rows - 1 cells, numbered at its
 * top, so that every check walks the whole grid. */
static void text_nurikabe(struct text *t, uint32_t rows, uint32_t cols)
{
    uint32_t r, c;
    text_printf(t, "%u %u %u\n", rows, cols, rows > 1 ? cols / 2 : 0);
    for (c = 1; c < cols && rows > 1; c += 2)
        text_printf(t, "1 %u %u\n", c, rows - 1);
    text_reserve(t, (size_t)rows * (cols + 1u));
    for (r = 0; r < rows; r++) {
        char *row = t->bytes + t->length;
        for (c = 0; c < cols; c++)
            row[c] = r > 0 && c % 2u == 1 ? '.' : '#';
        row[cols] = '\n';
        text_wrote(t, cols + 1u);
    }
}

/* ---- the kinds ------------------------------------------------------------ */

/* A game in progress: a random board at 15 %, a few openings. */
static void game_in_progress(struct text *setup)
{
    uint8_t *m = random_board(side, side, 150, 7);
    text_printf(setup, "NEW %u %u\n", side, side);
    text_rows(setup, m, side, side, '*', '_');
    text_clicks(setup, m, side, side, 12);
    free(m);
}

static void kind_open(struct text *setup, struct text *measured)
{
    uint8_t *m = random_board(side, side, 2, 11); /* 0.2 %: one opening nearly everywhere */
    uint32_t r = side / 2, c = r;                 /* the middle */
    text_printf(setup, "NEW %u %u\n", side, side);
    text_rows(setup, m, side, side, '*', '_');
    while (!zero_at(m, side, side, r, c))
        c = (c + 1) % side;
    text_printf(measured, "1 %u %u\n", r + 1, c + 1);
    free(m);
}

static void kind_hint(struct text *setup, struct text *measured)
{
    game_in_progress(setup);
    text_printf(measured, "HINT\n");
}

static void kind_prob(struct text *setup, struct text *measured)
{
    game_in_progress(setup);
    text_printf(measured, "PROB\n");
}

static void kind_show(struct text *setup, struct text *measured)
{
    game_in_progress(setup);
    text_printf(measured, "SHOW\n");
}

static void kind_stats(struct text *setup, struct text *measured)
{
    game_in_progress(setup);
    text_printf(measured, "STATS\n");
}

/* NEW r c mines seed LEVEL: the first left click makes the board. */
static void kind_generate(struct text *setup, struct text *measured, uint32_t permille,
                          const char *level)
{
    uint32_t mines = (uint32_t)((uint64_t)side * side * permille / 1000u);
    text_printf(setup, "NEW %u %u %u 1912 %s\n", side, side, mines, level);
    text_printf(measured, "1 %u %u\n", side / 2 + 1, side / 2 + 1);
}

static void kind_gen_casual(struct text *setup, struct text *measured)
{
    kind_generate(setup, measured, 250, "CASUAL");
}

static void kind_gen_noguess(struct text *setup, struct text *measured)
{
    kind_generate(setup, measured, 150, "NOGUESS");
}

/* Densities the generators finish at, so that laying the board into the
 * game (and the click's opening) is measured too. */
static void kind_gen_casual_sparse(struct text *setup, struct text *measured)
{
    kind_generate(setup, measured, 100, "CASUAL");
}

static void kind_gen_noguess_sparse(struct text *setup, struct text *measured)
{
    kind_generate(setup, measured, 100, "NOGUESS");
}

static void kind_casual(struct text *measured, const char *request, uint8_t *m)
{
    text_printf(measured, "%s %u %u\n", request, side, side);
    text_rows(measured, m, side, side, 'M', '.');
    free(m);
}

static void kind_casual_random(struct text *setup, struct text *measured)
{
    (void)setup;
    kind_casual(measured, "CASUAL", random_board(side, side, 150, 3));
}

static void kind_casual_periodic(struct text *setup, struct text *measured)
{
    (void)setup;
    kind_casual(measured, "CASUAL", periodic_board(side, side));
}

static void kind_casualmap_random(struct text *setup, struct text *measured)
{
    (void)setup;
    kind_casual(measured, "CASUALMAP", random_board(side, side, 150, 3));
}

static void kind_casualmap_periodic(struct text *setup, struct text *measured)
{
    (void)setup;
    kind_casual(measured, "CASUALMAP", periodic_board(side, side));
}

static void kind_nurikabe(struct text *setup, struct text *measured)
{
    (void)setup;
    text_printf(measured, "NURIKABE ");
    text_nurikabe(measured, side, side);
}

/* One game of a random board at 15 % with clicks, and one that a click
 * opens nearly whole. */
static void kind_judge_boom(struct text *setup, struct text *measured)
{
    uint8_t *m = random_board(side, side, 150, 5);
    uint32_t k, r, c;
    (void)setup;
    text_printf(measured, "JUDGE BOOM\n2\n%u %u\n", side, side);
    text_rows(measured, m, side, side, '*', '_');
    text_clicks(measured, m, side, side, 30);
    for (k = 0; k < 2000; k++)
        text_printf(measured, "%u %u %u\n", 2 + next_random() % 2u, 1 + next_random() % side,
                    1 + next_random() % side);
    text_printf(measured, "0\n");
    free(m);
    m = random_board(side, side, 2, 11);
    text_printf(measured, "%u %u\n", side, side);
    text_rows(measured, m, side, side, '*', '_');
    for (r = side / 2, c = side / 2; !zero_at(m, side, side, r, c);)
        c = (c + 1) % side;
    text_printf(measured, "1 %u %u\n0\n", r + 1, c + 1);
    free(m);
}

static void kind_judge_casual(struct text *setup, struct text *measured)
{
    uint8_t *m = random_board(side, side, 150, 3);
    (void)setup;
    text_printf(measured, "JUDGE CASUAL\n%u %u\n", side, side);
    text_rows(measured, m, side, side, 'M', '.');
    free(m);
    m = periodic_board(side, side);
    text_printf(measured, "%u %u\n", side, side);
    text_rows(measured, m, side, side, 'M', '.');
    free(m);
    text_printf(measured, "0 0\n");
}

static void kind_judge_master(struct text *setup, struct text *measured)
{
    uint64_t cells = (uint64_t)side * side;
    (void)setup;
    text_printf(measured, "JUDGE MASTER\n3\n%u %u %llu\n%u %u %llu\n%u %u %llu\n", side, side,
                (unsigned long long)(cells / 2), side, side, (unsigned long long)(cells - 1),
                side, side, (unsigned long long)(cells / 5));
}

static void kind_judge_nurikabe(struct text *setup, struct text *measured)
{
    (void)setup;
    text_printf(measured, "JUDGE NURIKABE\n1\n");
    text_nurikabe(measured, side, side);
}

static const struct kind {
    const char *name;
    void (*build)(struct text *setup, struct text *measured);
} kinds[] = {
    { "open", kind_open },
    { "hint", kind_hint },
    { "prob", kind_prob },
    { "show", kind_show },
    { "stats", kind_stats },
    { "gen-casual", kind_gen_casual },
    { "gen-noguess", kind_gen_noguess },
    { "gen-casual-sparse", kind_gen_casual_sparse },
    { "gen-noguess-sparse", kind_gen_noguess_sparse },
    { "casual-random", kind_casual_random },
    { "casual-periodic", kind_casual_periodic },
    { "casualmap-random", kind_casualmap_random },
    { "casualmap-periodic", kind_casualmap_periodic },
    { "nurikabe", kind_nurikabe },
    { "judge-boom", kind_judge_boom },
    { "judge-casual", kind_judge_casual },
    { "judge-master", kind_judge_master },
    { "judge-nurikabe", kind_judge_nurikabe },
};
#define KINDS (sizeof kinds / sizeof kinds[0])

/* ---- driving and timing --------------------------------------------------- */

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The median and the largest of calls' durations in seconds, in ms. */
static void calls_summary(struct samples *calls, double *median, double *max)
{
    *median = samples_quantile(calls, 0.5) * 1e3;
    *max = samples_quantile(calls, 1.0) * 1e3;
}

/* What the measured request answered. */
struct reply {
    uint64_t hash; /* FNV-1a of all of it */
    char head[72]; /* its first bytes, line ends shown as '|' */
    size_t length;
};

static void reply_add(struct reply *y, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        y->hash = (y->hash ^ (unsigned char)p[i]) * 1099511628211ull;
        if (y->length < sizeof y->head - 1)
            y->head[y->length] = p[i] == '\n' ? '|' : p[i];
        y->length++;
    }
}

/* Sends `in` and collects the replies until all is sunk and the session is
 * idle, or past the deadline (then false).  With `sinks`/`polls` given,
 * each call is timed into them. */
static int drive(struct sap_session *s, const struct text *in, struct samples *sinks,
                 struct samples *polls, struct reply *reply)
{
    static char out[CHUNK];
    size_t done = 0;
    double started = cpu_now();
    for (;;) {
        double t0, t1;
        size_t n;
        t0 = cpu_now();
        n = sap_session_poll(s, out, sizeof out);
        t1 = cpu_now();
        if (polls != NULL)
            samples_add(polls, t1 - t0);
        if (reply != NULL)
            reply_add(reply, out, n);
        if (n > 0 || sap_session_busy(s)) {
            if (t1 - started > deadline)
                return 0;
            continue;
        }
        if (done == in->length)
            return 1;
        n = in->length - done < CHUNK ? in->length - done : CHUNK;
        t0 = cpu_now();
        n = sap_session_sink(s, in->bytes + done, n);
        t1 = cpu_now();
        if (sinks != NULL)
            samples_add(sinks, t1 - t0);
        done += n;
    }
}

/* Runs one kind and prints its line; returns its longest call in ms. */
static double run_kind(const struct kind *k)
{
    static struct sap_session s;
    struct text setup = { NULL, 0, 0 }, measured = { NULL, 0, 0 };
    struct samples sinks = { NULL, 0, 0 }, polls = { NULL, 0, 0 }; /* calls' seconds */
    struct reply reply;
    double sink_med, sink_max, poll_med, poll_max, t0, total;
    int finished;

    memset(&reply, 0, sizeof reply);
    reply.hash = 14695981039346656037ull;
    k->build(&setup, &measured);
    sap_session_init(&s, &heap_memory);
    sap_session_set_budget(&s, budget);
    if (!drive(&s, &setup, NULL, NULL, NULL)) {
        fprintf(stderr, "longest_call: %s: setting up took past the deadline\n", k->name);
        exit(2);
    }
    t0 = cpu_now();
    finished = drive(&s, &measured, &sinks, &polls, &reply);
    total = (cpu_now() - t0) * 1e3;
    sap_session_release(&s);
    calls_summary(&sinks, &sink_med, &sink_max);
    calls_summary(&polls, &poll_med, &poll_max);
    printf("%-18s sink max %7.3f med %6.3f (%6zu)  poll max %7.3f med %6.3f (%7zu)"
           "  total %8.1f  %-7s %016llx  %s\n",
           k->name, sink_max, sink_med, sinks.count, poll_max, poll_med, polls.count, total,
           finished ? "done" : "stopped", finished ? (unsigned long long)reply.hash : 0ull,
           reply.head);
    fflush(stdout);
    text_free(&setup);
    text_free(&measured);
    samples_free(&sinks);
    samples_free(&polls);
    return sink_max > poll_max ? sink_max : poll_max;
}

static double number_arg(const char *text, double max)
{
    char *end;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(v > 0) || v > max) {
        fprintf(stderr, "longest_call: bad number '%s'\n", text);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    int a, picked = 0, over = 0;
    unsigned char chosen[KINDS];
    size_t i;

    memset(chosen, 0, sizeof chosen);
    for (a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--list") == 0) {
            for (i = 0; i < KINDS; i++)
                printf("%s\n", kinds[i].name);
            return 0;
        } else if (a + 1 < argc && strcmp(argv[a], "--size") == 0) {
            side = (uint32_t)number_arg(argv[++a], SAP_MAX_ROWS < SAP_MAX_COLS ? SAP_MAX_ROWS
                                                                               : SAP_MAX_COLS);
        } else if (a + 1 < argc && strcmp(argv[a], "--budget") == 0) {
            budget = (uint32_t)number_arg(argv[++a], 4294967295.0);
        } else if (a + 1 < argc && strcmp(argv[a], "--deadline") == 0) {
            deadline = number_arg(argv[++a], 1e6);
        } else if (a + 1 < argc && strcmp(argv[a], "--limit") == 0) {
            limit_ms = number_arg(argv[++a], 1e9);
        } else {
            for (i = 0; i < KINDS && strcmp(kinds[i].name, argv[a]) != 0; i++)
                continue;
            if (i == KINDS) {
                fprintf(stderr, "usage: longest_call [--size N] [--budget B] [--deadline S] "
                                "[--limit MS] [--list] [KIND...]\n");
                return 2;
            }
            chosen[i] = 1;
            picked = 1;
        }
    }
    if (side * side > SAP_MAX_CELLS) {
        fprintf(stderr, "longest_call: %u x %u is over this build's limit\n", side, side);
        return 2;
    }
    printf("# %u x %u, budget %u, deadline %.0f s a kind; times in ms (thread CPU time)\n",
           side, side, budget, deadline);
    for (i = 0; i < KINDS; i++)
        if (!picked || chosen[i]) {
            double longest = run_kind(&kinds[i]);
            if (limit_ms > 0 && longest > limit_ms)
                over = 1;
        }
    return over;
}
