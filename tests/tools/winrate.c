/*
 * winrate - how often a player that follows sapper's HINT wins, measured so
 * that anyone can reproduce it: game k of a configuration is played on
 * seed k, so ranges of seeds played on many machines add up to one figure.
 *
 * One game, its board by the configuration's rules, HINT followed through
 * a protocol session and every move checked: winrate_game.c.  A game's
 * fault (the tool's checks disagreeing with the core) makes the exit
 * status 1.
 *
 * Seeds are shared among --jobs worker processes (fork), worker w taking
 * seeds S + w, S + w + J, ...; every game depends on its seed alone, so the
 * counts do not depend on J.  tests/README.md ("make winrate") describes
 * the options, the table and how to add shards.
 *
 * --add and --pair read runs' output instead of playing: winrate_files.c.
 */
#include "tools/winrate.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_JOBS 256u
#define MAX_CONFIGS 16u
#define MAX_SWEEP_CELLS 32u

/* ---- workers ----------------------------------------------------------- */

/* One run: a configuration and first click over seeds first_seed ... */
struct run {
    const struct config *config;
    struct cell first;
    uint32_t first_seed, games;
    unsigned jobs;
    bool verify;
};

struct result {
    struct game_record *records; /* by seed - first_seed */
    struct timing timing;
    double wall_seconds;
};

static bool write_all(int fd, const void *data, size_t bytes)
{
    const char *at = data;
    while (bytes > 0) {
        ssize_t n = write(fd, at, bytes);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        at += n;
        bytes -= (size_t)n;
    }
    return true;
}

/* Reads exactly `bytes`; false on an early end or an error. */
static bool read_all(int fd, void *data, size_t bytes)
{
    char *at = data;
    while (bytes > 0) {
        ssize_t n = read(fd, at, bytes);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        at += n;
        bytes -= (size_t)n;
    }
    return true;
}

/* Seeds a worker plays: first_seed + worker, then every jobs-th. */
static uint32_t worker_games(const struct run *run, unsigned worker)
{
    return worker < run->games ? (run->games - worker + run->jobs - 1) / run->jobs : 0;
}

/* A worker's life: its games, then their records and its timing on fd. */
static int worker_main(const struct run *run, unsigned worker, int fd)
{
    uint32_t n = worker_games(run, worker), i;
    struct game_record *records = calloc(n ? n : 1, sizeof *records);
    struct timing *timing = calloc(1, sizeof *timing);
    struct player *p = timing ? player_new(run->config, run->first, run->verify, timing) : NULL;
    uint64_t cpu_start = now_ns(CLOCK_PROCESS_CPUTIME_ID);
    bool ok;

    if (records == NULL || p == NULL || timing == NULL) {
        fprintf(stderr, PROGRAM ": worker %u: out of memory\n", worker);
        return 1;
    }
    for (i = 0; i < n; i++) {
        uint64_t game_start = now_ns(CLOCK_PROCESS_CPUTIME_ID), took;
        play_game(p, run->first_seed + worker + i * run->jobs, &records[i]);
        took = (now_ns(CLOCK_PROCESS_CPUTIME_ID) - game_start) / 1000u;
        records[i].cpu_us = took < UINT32_MAX ? (uint32_t)took : UINT32_MAX;
    }
    timing->cpu_seconds = (double)(now_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_start) / 1e9;
    if (player_unshown(p) > 0)
        fprintf(stderr, PROGRAM ": worker %u: %u more complaints not shown\n", worker,
                player_unshown(p));
    ok = write_all(fd, records, n * sizeof *records) && write_all(fd, timing, sizeof *timing);
    free(records);
    player_free(p);
    free(timing);
    return ok ? 0 : 1;
}

/* Reads worker `w`'s records into their places, and its timing. */
static bool collect(const struct run *run, unsigned w, int fd, struct result *out)
{
    uint32_t n = worker_games(run, w), i;
    struct timing *timing = malloc(sizeof *timing);
    bool ok = timing != NULL;
    for (i = 0; ok && i < n; i++) {
        struct game_record g;
        uint32_t index = w + i * run->jobs;
        ok = read_all(fd, &g, sizeof g) && g.seed == run->first_seed + index;
        if (ok)
            out->records[index] = g;
    }
    ok = ok && read_all(fd, timing, sizeof *timing);
    if (ok)
        timing_add(&out->timing, timing);
    free(timing);
    return ok;
}

/* Plays a run on run->jobs worker processes; false (said on stderr) when
 * a worker could not be started or did not finish. */
static bool run_games(const struct run *run, struct result *out)
{
    pid_t pids[MAX_JOBS];
    int fds[MAX_JOBS];
    unsigned w, started = 0;
    bool ok = true;
    uint64_t wall_start = now_ns(CLOCK_MONOTONIC);

    memset(&out->timing, 0, sizeof out->timing);
    out->records = calloc(run->games, sizeof *out->records);
    if (out->records == NULL) {
        fprintf(stderr, PROGRAM ": out of memory for %u games\n", (unsigned)run->games);
        return false;
    }
    fflush(NULL); /* nothing buffered is written twice */
    for (w = 0; w < run->jobs && ok; w++) {
        int pipe_fds[2];
        if (pipe(pipe_fds) != 0 || (pids[w] = fork()) < 0) {
            fprintf(stderr, PROGRAM ": cannot start worker %u: %s\n", w, strerror(errno));
            ok = false;
            break;
        }
        if (pids[w] == 0) {
            unsigned k;
            for (k = 0; k < w; k++)
                close(fds[k]);
            close(pipe_fds[0]);
            _exit(worker_main(run, w, pipe_fds[1]));
        }
        close(pipe_fds[1]);
        fds[w] = pipe_fds[0];
        started++;
    }
    /* A worker writes only once its games are done, so reading them in turn
     * holds none of them back for long. */
    for (w = 0; w < started; w++) {
        int status;
        bool read_ok = ok && collect(run, w, fds[w], out);
        close(fds[w]);
        while (waitpid(pids[w], &status, 0) < 0 && errno == EINTR)
            continue;
        if (ok && (!read_ok || !WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
            fprintf(stderr, PROGRAM ": worker %u failed\n", w);
            ok = false;
        }
    }
    out->wall_seconds = (double)(now_ns(CLOCK_MONOTONIC) - wall_start) / 1e9;
    return ok;
}

/* ---- counts and the table ---------------------------------------------- */

static struct tally tally_of(const struct game_record *records, uint32_t n)
{
    struct tally t = { 0 };
    uint32_t i;
    for (i = 0; i < n; i++) {
        t.games++;
        t.wins += records[i].outcome == OUTCOME_WON;
        t.errs += records[i].outcome == OUTCOME_ERR;
        t.guesses += records[i].guesses;
        t.hints += records[i].hints;
        t.moves += records[i].moves;
        t.faults += records[i].faults;
    }
    return t;
}

/* The Wilson score interval of wins / games at 95 % (z = 1.959964), in
 * percent; it stays inside 0-100 and is right for small counts too. */
static void wilson_95(uint64_t wins, uint64_t games, double *low, double *high)
{
    const double z = 1.959964;
    double n = (double)games, p = n > 0 ? (double)wins / n : 0;
    double centre, half, scale;
    if (games == 0) {
        *low = *high = 0;
        return;
    }
    scale = 1 + z * z / n;
    centre = (p + z * z / (2 * n)) / scale;
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / scale;
    *low = 100 * (centre - half);
    *high = 100 * (centre + half);
}

void print_table_head(void)
{
    printf("| configuration | first click | games | wins | win rate | 95 %% interval "
           "| lost to an ERR | guesses a game | HINT median (µs) | HINT p99 (µs) "
           "| HINT slowest (µs) | CPU a game (ms) |\n");
    printf("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
}

/* One row; timing NULL (the columns say "-") when the counts were added
 * from shards, whose times were taken on other machines. */
void print_row(const char *name, struct cell first, const struct tally *t,
               const struct timing *timing)
{
    double low, high, per = t->games ? (double)t->games : 1;
    wilson_95(t->wins, t->games, &low, &high);
    printf("| %s | (%u, %u) | %llu | %llu | %.2f %% | %.2f - %.2f %% | %llu | %.2f ", name,
           (unsigned)first.row, (unsigned)first.col, (unsigned long long)t->games,
           (unsigned long long)t->wins, 100.0 * (double)t->wins / per, low, high,
           (unsigned long long)t->errs, (double)t->guesses / per);
    if (timing == NULL || timing->hints == 0)
        printf("| - | - | - | - |\n");
    else
        printf("| %.1f | %.1f | %.1f | %.2f |\n", timing_quantile_us(timing, 0.5),
               timing_quantile_us(timing, 0.99), (double)timing->slowest_ns / 1e3,
               1e3 * timing->cpu_seconds / per);
}

/* The raw counts of a run, for winrate --add: tab-separated, seeds as a
 * list of ranges. */
void print_raw(const char *name, struct cell first, const char *seeds, const struct tally *t)
{
    printf("raw\t%s\t%u,%u\t%s\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n", name,
           (unsigned)first.row, (unsigned)first.col, seeds, (unsigned long long)t->games,
           (unsigned long long)t->wins, (unsigned long long)t->errs,
           (unsigned long long)t->guesses, (unsigned long long)t->hints,
           (unsigned long long)t->moves);
}

/* ---- the command line -------------------------------------------------- */

struct options {
    const struct config *configs[MAX_CONFIGS];
    unsigned config_count;
    uint32_t first_seed, games;
    unsigned jobs;
    bool first_given;
    struct cell first;
    bool sweep;
    struct cell cells[MAX_SWEEP_CELLS];
    unsigned cell_count;
    bool per_game, verify, summary, boards, add, pair;
    char **files;
    int file_count;
};

static void usage(FILE *to)
{
    static const char *const lines[] = {
        "usage: winrate [--config NAME[,NAME...]] [--first-seed S] [--games N] [--jobs J]",
        "               [--first R,C] [--verify] [--per-game] [--summary]",
        "       winrate --first-sweep --config NAME [--cells 'R,C R,C ...'] [the same]",
        "       winrate --boards --config NAME [--first-seed S] [--games N] [--first R,C]",
        "       winrate --add [FILE...]",
        "       winrate --pair [--per-game] A B",
        "Plays seeds S to S+N-1 (default 0 and 1000) of each configuration by following",
        "HINT on J worker processes (default: the CPUs online), and prints a Markdown",
        "table and the raw counts; --add adds the raw counts of runs (files or stdin);",
        "--pair pairs the games of two runs' --per-game lines seed by seed.",
    };
    unsigned i;
    for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
        fprintf(to, "%s\n", lines[i]);
    fprintf(to, "configurations (default: all):");
    for (i = 0; i < CONFIG_COUNT; i++)
        fprintf(to, " %s", configs[i].name);
    fprintf(to, "\n");
}

static int usage_error(const char *format, const char *word)
{
    fprintf(stderr, PROGRAM ": ");
    fprintf(stderr, format, word);
    fprintf(stderr, " (try --help)\n");
    return 2;
}

/* A whole decimal number up to max; false for anything else. */
bool parse_number(const char *text, uint64_t max, uint64_t *value)
{
    unsigned long long v;
    char *end;
    if (text[0] < '0' || text[0] > '9')
        return false;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return false;
    *value = v;
    return true;
}

/* A copy of text in to[cap] for strtok_r to cut; false when it does not fit. */
static bool copy_text(char *to, size_t cap, const char *text)
{
    size_t n = strlen(text);
    if (n >= cap)
        return false;
    memcpy(to, text, n + 1);
    return true;
}

/* "R,C", both at least 1 (the board clips them). */
bool parse_cell(const char *text, struct cell *at)
{
    char copy[48], *comma;
    uint64_t r, c;
    if (!copy_text(copy, sizeof copy, text))
        return false;
    comma = strchr(copy, ',');
    if (comma == NULL)
        return false;
    *comma = '\0';
    if (!parse_number(copy, UINT32_MAX, &r) || !parse_number(comma + 1, UINT32_MAX, &c)
        || r == 0 || c == 0)
        return false;
    *at = (struct cell){ (uint32_t)r, (uint32_t)c };
    return true;
}

static int parse_cells(const char *list, struct options *o)
{
    char copy[1024], *word, *rest;
    if (!copy_text(copy, sizeof copy, list))
        return usage_error("--cells '%.40s...' is too long", list);
    o->cell_count = 0;
    for (word = strtok_r(copy, " ;\t", &rest); word != NULL;
         word = strtok_r(NULL, " ;\t", &rest)) {
        if (o->cell_count == MAX_SWEEP_CELLS)
            return usage_error("--cells: more than 32 cells in '%s'", list);
        if (!parse_cell(word, &o->cells[o->cell_count++]))
            return usage_error("--cells: '%s' is not a cell R,C (both at least 1)", word);
    }
    return o->cell_count == 0 ? usage_error("--cells '%s' names no cell", list) : 0;
}

static int parse_configs(const char *list, struct options *o)
{
    char copy[256], *word, *rest;
    if (strcmp(list, "all") == 0) {
        for (o->config_count = 0; o->config_count < CONFIG_COUNT; o->config_count++)
            o->configs[o->config_count] = &configs[o->config_count];
        return 0;
    }
    if (!copy_text(copy, sizeof copy, list))
        return usage_error("--config '%.40s...' is too long", list);
    for (word = strtok_r(copy, ",", &rest); word != NULL; word = strtok_r(NULL, ",", &rest)) {
        const struct config *c = config_named(word);
        if (c == NULL)
            return usage_error("unknown configuration '%s'", word);
        if (o->config_count == MAX_CONFIGS)
            return usage_error("--config: too many configurations in '%s'", list);
        o->configs[o->config_count++] = c;
    }
    return 0;
}

/* One option with its value (value NULL for a flag); 0, or 2 after saying
 * what is wrong. */
static int take_option(const char *name, const char *value, struct options *o)
{
    uint64_t v;
    if (strcmp(name, "--config") == 0)
        return parse_configs(value, o);
    if (strcmp(name, "--first-seed") == 0) {
        if (!parse_number(value, UINT32_MAX, &v))
            return usage_error("--first-seed '%s' is not a number from 0 to 4294967295", value);
        o->first_seed = (uint32_t)v;
    } else if (strcmp(name, "--games") == 0) {
        if (!parse_number(value, UINT32_MAX, &v) || v == 0)
            return usage_error("--games '%s' is not a number of games, at least 1", value);
        o->games = (uint32_t)v;
    } else if (strcmp(name, "--jobs") == 0) {
        if (!parse_number(value, MAX_JOBS, &v) || v == 0)
            return usage_error("--jobs '%s' is not a number from 1 to 256", value);
        o->jobs = (unsigned)v;
    } else if (strcmp(name, "--first") == 0) {
        if (!parse_cell(value, &o->first))
            return usage_error("--first '%s' is not a cell R,C (both at least 1)", value);
        o->first_given = true;
    } else if (strcmp(name, "--cells") == 0) {
        return parse_cells(value, o);
    }
    return 0;
}

static int parse_options(int argc, char **argv, struct options *o)
{
    static const char *const valued[] = { "--config", "--first-seed", "--games",
                                          "--jobs",   "--first",      "--cells" };
    int i;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    memset(o, 0, sizeof *o);
    o->games = 1000;
    o->jobs = cpus < 1 ? 1u : cpus > (long)MAX_JOBS ? MAX_JOBS : (unsigned)cpus;
    for (i = 1; i < argc; i++) {
        char name[32];
        const char *arg = argv[i], *eq = strchr(arg, '='), *value = NULL;
        size_t k, len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
        bool flag = true;
        int err;
        if ((o->add && arg[0] != '-')
            || (o->pair && (arg[0] != '-' || strcmp(arg, "-") == 0))) {
            o->files = argv + i;
            o->file_count = argc - i;
            break;
        }
        if (len >= sizeof name)
            return usage_error("unknown option '%s'", arg);
        memcpy(name, arg, len);
        name[len] = '\0';
        for (k = 0; k < sizeof valued / sizeof valued[0]; k++)
            if (strcmp(name, valued[k]) == 0)
                flag = false;
        if (!flag) {
            value = eq != NULL ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
            if (value == NULL)
                return usage_error("%s needs a value", name);
            if ((err = take_option(name, value, o)) != 0)
                return err;
            continue;
        }
        if (eq != NULL)
            return usage_error("%s takes no value", name);
        if (strcmp(name, "--help") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(name, "--first-sweep") == 0)
            o->sweep = true;
        else if (strcmp(name, "--verify") == 0)
            o->verify = true;
        else if (strcmp(name, "--per-game") == 0)
            o->per_game = true;
        else if (strcmp(name, "--summary") == 0)
            o->summary = true;
        else if (strcmp(name, "--boards") == 0)
            o->boards = true;
        else if (strcmp(name, "--add") == 0)
            o->add = true;
        else if (strcmp(name, "--pair") == 0)
            o->pair = true;
        else
            return usage_error("unknown option '%s'", arg);
    }
    return 0;
}

/* The cross-option rules; 0, or 2 after saying what is wrong. */
static int check_options(struct options *o)
{
    if (o->add + o->sweep + o->boards + o->pair > 1)
        return usage_error("%s",
                           "--add, --pair, --first-sweep and --boards are separate modes");
    if ((uint64_t)o->first_seed + o->games - 1 > UINT32_MAX)
        return usage_error("%s", "--first-seed + --games goes past seed 4294967295");
    if (o->pair && o->file_count != 2)
        return usage_error("%s", "--pair takes two files (one may be - for stdin)");
    if (o->add || o->pair)
        return 0;
    if (o->config_count == 0)
        parse_configs("all", o);
    if ((o->sweep || o->boards) && o->config_count != 1)
        return usage_error("%s needs one --config", o->sweep ? "--first-sweep" : "--boards");
    if (o->sweep && o->first_given)
        return usage_error("%s", "--first-sweep plays the cells of --cells, not --first");
    if (o->cell_count > 0 && !o->sweep)
        return usage_error("%s", "--cells is for --first-sweep");
    if (o->boards && o->configs[0]->rules != RULES_CLASSIC)
        return usage_error("--boards prints classic boards; %s is laid by sapper",
                           o->configs[0]->name);
    if (o->jobs > o->games)
        o->jobs = o->games;
    return 0;
}

/* ---- playing: the table and the sweep ---------------------------------- */

/* The load average when the run starts, for the reader of the figures. */
static void print_preamble(const struct options *o, const char *what)
{
    char load[64] = "unknown";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f != NULL) {
        float a, b, c;
        if (fscanf(f, "%f %f %f", &a, &b, &c) == 3)
            snprintf(load, sizeof load, "%.2f %.2f %.2f", a, b, c);
        fclose(f);
    }
    printf("%s: seeds %u-%u, %u jobs, load average at the start %s\n\n", what,
           (unsigned)o->first_seed, (unsigned)(o->first_seed + o->games - 1), o->jobs, load);
}

struct played {
    const struct config *config;
    struct cell first;
    struct result result;
    struct tally tally;
};

/* Plays one configuration from one first click and prints its row. */
static bool play_row(const struct options *o, const struct config *c, struct cell first,
                     struct played *out)
{
    struct run run;
    run.config = c;
    run.first = first;
    run.first_seed = o->first_seed;
    run.games = o->games;
    run.jobs = o->jobs;
    run.verify = o->verify;
    out->config = c;
    out->first = first;
    if (!run_games(&run, &out->result))
        return false;
    out->tally = tally_of(out->result.records, o->games);
    print_row(c->name, first, &out->tally, &out->result.timing);
    fflush(stdout);
    return true;
}

static int compare_cpu(const void *a, const void *b)
{
    const struct game_record *x = a, *y = b;
    return x->cpu_us < y->cpu_us ? -1 : x->cpu_us > y->cpu_us;
}

/* How long a row's games took, and where to look when one is slow. */
static void print_game_times(const struct played *row, uint32_t games)
{
    struct game_record *sorted = malloc(games * sizeof *sorted);
    const struct timing *t = &row->result.timing;
    if (sorted == NULL)
        return;
    memcpy(sorted, row->result.records, games * sizeof *sorted);
    qsort(sorted, games, sizeof *sorted, compare_cpu);
    printf("%s from (%u, %u): CPU a game median %.2f ms, mean %.2f ms, slowest %.1f ms (seed "
           "%u); the slowest HINT %.1f ms (seed %u)\n",
           row->config->name, (unsigned)row->first.row, (unsigned)row->first.col,
           sorted[(games - 1) / 2].cpu_us / 1e3, 1e3 * t->cpu_seconds / games,
           sorted[games - 1].cpu_us / 1e3, (unsigned)sorted[games - 1].seed,
           (double)t->slowest_ns / 1e6, (unsigned)t->slowest_seed);
    free(sorted);
}

/* What follows the table: the checks, the raw counts, the summary rows
 * and the games; the exit status (1 when a check failed). */
static int print_after(const struct options *o, const struct played *rows, unsigned n)
{
    char seeds[32];
    uint64_t faults = 0, games = 0;
    double wall = 0;
    unsigned i;
    uint32_t g;

    for (i = 0; i < n; i++) {
        faults += rows[i].tally.faults;
        games += rows[i].tally.games;
        wall += rows[i].result.wall_seconds;
    }
    printf("\n%llu games in %.1f s; each game's end checked against the map its replies "
           "drew%s: %llu faults\n",
           (unsigned long long)games, wall,
           o->verify ? ", each move against tests/lib/ref_game.c" : "",
           (unsigned long long)faults);
    for (i = 0; i < n; i++)
        print_game_times(&rows[i], o->games);
    snprintf(seeds, sizeof seeds, "%u-%u", (unsigned)o->first_seed,
             (unsigned)(o->first_seed + o->games - 1));
    printf("\n" RAW_HEAD);
    for (i = 0; i < n; i++)
        print_raw(rows[i].config->name, rows[i].first, seeds, &rows[i].tally);
    for (i = 0; o->summary && i < n; i++) {
        const struct tally *t = &rows[i].tally;
        double low, high;
        wilson_95(t->wins, t->games, &low, &high);
        printf("summary\twin rate following HINT (session), %llu %s games at (%u, %u)\t"
               "%.1f %% (%.1f-%.1f), %llu ERR\t-\t-\t%s\n",
               (unsigned long long)t->games, rows[i].config->name, (unsigned)rows[i].first.row,
               (unsigned)rows[i].first.col, 100.0 * (double)t->wins / (double)t->games, low,
               high, (unsigned long long)t->errs,
               strcmp(rows[i].config->name, "expert-modern") == 0
                   ? "anchors: JSMinesweeper 54.3 %, PSEQ-D256 53.45 %"
                   : "-");
    }
    for (i = 0; o->per_game && i < n; i++)
        for (g = 0; g < o->games; g++) {
            const struct game_record *r = &rows[i].result.records[g];
            printf("game\t%s\t%u,%u\t%u\t%s\t%u\t%u\n", rows[i].config->name,
                   (unsigned)rows[i].first.row, (unsigned)rows[i].first.col, (unsigned)r->seed,
                   outcome_names[r->outcome], (unsigned)r->moves, (unsigned)r->guesses);
        }
    if (faults > 0)
        fprintf(stderr, PROGRAM ": %llu faults: see the lines above\n",
                (unsigned long long)faults);
    return faults > 0 ? 1 : 0;
}

static int run_table(const struct options *o)
{
    struct played *rows = calloc(o->config_count, sizeof *rows);
    unsigned i, n = 0;
    int status = 1;

    if (rows == NULL)
        return 1;
    print_preamble(o, "HINT's win rate");
    print_table_head();
    for (i = 0; i < o->config_count; i++) {
        const struct config *c = o->configs[i];
        struct cell first = o->first_given ? clip_cell(c, o->first) : default_first(c);
        if (!play_row(o, c, first, &rows[n++]))
            break;
    }
    if (i == o->config_count)
        status = print_after(o, rows, n);
    for (i = 0; i < n; i++)
        free(rows[i].result.records);
    free(rows);
    return status;
}

/* The first clicks a sweep tries when --cells names none: the corner, the
 * cells along the diagonal, their neighbours to the right, the middle. */
static unsigned default_sweep(const struct config *c, struct cell *cells)
{
    static const struct cell wanted[] = { { 1, 1 }, { 1, 2 }, { 2, 2 }, { 2, 3 }, { 3, 3 },
                                          { 3, 4 }, { 4, 4 }, { 4, 5 }, { 5, 5 } };
    unsigned i, n = 0;
    for (i = 0; i < sizeof wanted / sizeof wanted[0]; i++)
        cells[n++] = wanted[i];
    cells[n++] = (struct cell){ (c->rows + 1) / 2, (c->cols + 1) / 2 };
    return n;
}

static int run_sweep(const struct options *o)
{
    const struct config *c = o->configs[0];
    struct cell cells[MAX_SWEEP_CELLS];
    struct played *rows = calloc(MAX_SWEEP_CELLS, sizeof *rows);
    unsigned i, k, n = 0, count, best = 0;
    double low, high;
    int status = 1;

    if (rows == NULL)
        return 1;
    count = o->cell_count > 0 ? o->cell_count : default_sweep(c, cells);
    if (o->cell_count > 0)
        memcpy(cells, o->cells, count * sizeof cells[0]);
    print_preamble(o, "first clicks");
    print_table_head();
    for (i = 0; i < count; i++) {
        struct cell at = clip_cell(c, cells[i]);
        bool seen = false;
        for (k = 0; k < n; k++) /* clipping can make two cells one */
            seen |= rows[k].first.row == at.row && rows[k].first.col == at.col;
        if (seen)
            continue;
        if (!play_row(o, c, at, &rows[n++]))
            goto done;
        if (rows[n - 1].tally.wins > rows[best].tally.wins)
            best = n - 1;
    }
    wilson_95(rows[best].tally.wins, rows[best].tally.games, &low, &high);
    printf("\nbest first click: (%u, %u), %.2f %% (%.2f - %.2f %%); within its interval:",
           (unsigned)rows[best].first.row, (unsigned)rows[best].first.col,
           100.0 * (double)rows[best].tally.wins / (double)rows[best].tally.games, low, high);
    for (i = 0, k = 0; i < n; i++) {
        double rate = 100.0 * (double)rows[i].tally.wins / (double)rows[i].tally.games;
        if (i != best && rate >= low) {
            printf(" (%u, %u)", (unsigned)rows[i].first.row, (unsigned)rows[i].first.col);
            k++;
        }
    }
    printf("%s\n", k == 0 ? " none" : "");
    status = print_after(o, rows, n);
done:
    for (i = 0; i < n; i++)
        free(rows[i].result.records);
    free(rows);
    return status;
}

/* --boards: the classic boards as the session is given them. */
static int run_boards(const struct options *o)
{
    const struct config *c = o->configs[0];
    struct cell first = o->first_given ? clip_cell(c, o->first) : default_first(c);
    char board[MAX_CELLS];
    uint32_t k, r;
    for (k = 0; k < o->games; k++) {
        uint32_t seed = o->first_seed + k;
        classic_board(c, seed, first, board);
        printf("seed %u first %u,%u\nNEW %u %u\n", (unsigned)seed, (unsigned)first.row,
               (unsigned)first.col, (unsigned)c->rows, (unsigned)c->cols);
        for (r = 0; r < c->rows; r++)
            printf("%.*s\n", (int)c->cols, board + r * c->cols);
    }
    return ferror(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
    struct options o;
    int err = parse_options(argc, argv, &o);
    if (err == 0)
        err = check_options(&o);
    if (err != 0)
        return err;
    if (o.add)
        return run_add(o.files, o.file_count);
    if (o.pair)
        return run_pair(o.files[0], o.files[1], o.per_game);
    if (o.boards)
        return run_boards(&o);
    return o.sweep ? run_sweep(&o) : run_table(&o);
}
