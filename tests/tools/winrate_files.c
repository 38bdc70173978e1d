/*
 * winrate_files.c - the modes of winrate (winrate.c) that read the output
 * of runs instead of playing: --add and --pair.  winrate.h holds what they
 * take from winrate.c: the configurations, the parsers of numbers and
 * cells, and the table's rows.
 *
 * --add reads the raw lines of any number of runs (files, or stdin), adds
 * their counts per configuration and first click, and prints the table
 * (without HINT's times, which come from other machines) and the added raw
 * lines; a seed counted twice is refused.
 *
 * --pair A B reads the per-game lines of two runs (two builds, or a build
 * and a file kept from an earlier run), pairs them by configuration, first
 * click and seed, and prints how many games both won, both lost or only
 * one won, the paired difference of the win rates with its 95 % interval
 * and McNemar's exact p.
 */
#include "tools/winrate.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The array items (of *cap items of size bytes, count of them used) with
 * room for one more: itself, or grown to twice its items (first, for
 * none) with *cap updated; NULL when out of memory, and items is as it
 * was. */
static void *room_for_one(void *items, size_t *cap, size_t count, size_t size, size_t first)
{
    size_t grown_cap;
    void *grown;
    if (count < *cap)
        return items;
    grown_cap = *cap ? 2 * *cap : first;
    grown = realloc(items, grown_cap * size);
    if (grown != NULL)
        *cap = grown_cap;
    return grown;
}

/* ---- adding shards ----------------------------------------------------- */

struct seed_range {
    uint64_t first, last;
};

/* The counts of one configuration and first click over every shard. */
struct shard_sum {
    const struct config *config;
    struct cell first;
    struct tally tally;
    struct seed_range *ranges;
    size_t range_count, range_cap;
};

struct shard_sums {
    struct shard_sum *sums;
    size_t count, cap;
};

/* "A-B,C-D,...": adds each range to sum; the number of seeds in *seeds. */
static bool read_seed_ranges(char *list, struct shard_sum *sum, uint64_t *seeds)
{
    char *word, *rest;
    *seeds = 0;
    for (word = strtok_r(list, ",", &rest); word != NULL; word = strtok_r(NULL, ",", &rest)) {
        char *dash = strchr(word, '-');
        struct seed_range range, *ranges;
        if (dash == NULL)
            return false;
        *dash = '\0';
        if (!parse_number(word, UINT32_MAX, &range.first)
            || !parse_number(dash + 1, UINT32_MAX, &range.last) || range.last < range.first)
            return false;
        ranges = room_for_one(sum->ranges, &sum->range_cap, sum->range_count, sizeof *ranges,
                              8);
        if (ranges == NULL)
            return false;
        sum->ranges = ranges;
        sum->ranges[sum->range_count++] = range;
        *seeds += range.last - range.first + 1;
    }
    return *seeds > 0;
}

static struct shard_sum *shard_sum_for(struct shard_sums *all, const struct config *c,
                                       struct cell first)
{
    struct shard_sum *sums;
    size_t i;
    for (i = 0; i < all->count; i++)
        if (all->sums[i].config == c && all->sums[i].first.row == first.row
            && all->sums[i].first.col == first.col)
            return &all->sums[i];
    sums = room_for_one(all->sums, &all->cap, all->count, sizeof *sums, 8);
    if (sums == NULL)
        return NULL;
    all->sums = sums;
    memset(&all->sums[all->count], 0, sizeof all->sums[0]);
    all->sums[all->count].config = c;
    all->sums[all->count].first = first;
    return &all->sums[all->count++];
}

/* One "raw" line of a run's output, added to its sum; false when it is
 * malformed. */
static bool add_raw_line(char *line, struct shard_sums *all)
{
    char *field[10], *rest, *word;
    uint64_t v[6], seeds;
    unsigned n = 0, i;
    const struct config *c;
    struct cell first;
    struct shard_sum *sum;

    for (word = strtok_r(line, "\t\n", &rest); word != NULL && n < 10;
         word = strtok_r(NULL, "\t\n", &rest))
        field[n++] = word;
    if (n != 10 || word != NULL || (c = config_named(field[1])) == NULL
        || !parse_cell(field[2], &first))
        return false;
    for (i = 0; i < 6; i++)
        if (!parse_number(field[4 + i], UINT64_MAX, &v[i]))
            return false;
    if (v[1] + v[2] > v[0] || (sum = shard_sum_for(all, c, first)) == NULL
        || !read_seed_ranges(field[3], sum, &seeds) || seeds != v[0])
        return false;
    sum->tally.games += v[0];
    sum->tally.wins += v[1];
    sum->tally.errs += v[2];
    sum->tally.guesses += v[3];
    sum->tally.hints += v[4];
    sum->tally.moves += v[5];
    return true;
}

static bool read_raw_file(FILE *in, const char *name, struct shard_sums *all)
{
    char line[4096];
    unsigned long number = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        number++;
        if (strncmp(line, "raw\t", 4) != 0)
            continue;
        if (!add_raw_line(line, all)) {
            fprintf(stderr, PROGRAM ": %s line %lu: not a raw line of " PROGRAM "'s output\n",
                    name, number);
            return false;
        }
    }
    return !ferror(in);
}

static int compare_ranges(const void *a, const void *b)
{
    const struct seed_range *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* Sorts and joins a sum's ranges into "A-B,C-D" in out; false (said) when
 * two shards played the same seed. */
static bool join_ranges(struct shard_sum *sum, char *out, size_t cap)
{
    size_t i, len = 0;
    struct seed_range open;
    qsort(sum->ranges, sum->range_count, sizeof sum->ranges[0], compare_ranges);
    open = sum->ranges[0];
    out[0] = '\0';
    for (i = 1; i <= sum->range_count; i++) {
        if (i < sum->range_count && sum->ranges[i].first <= open.last) {
            fprintf(stderr, PROGRAM ": %s (%u, %u): seeds %llu-%llu are in two shards\n",
                    sum->config->name, (unsigned)sum->first.row, (unsigned)sum->first.col,
                    (unsigned long long)sum->ranges[i].first,
                    (unsigned long long)(open.last < sum->ranges[i].last
                                             ? open.last
                                             : sum->ranges[i].last));
            return false;
        }
        if (i < sum->range_count && sum->ranges[i].first == open.last + 1) {
            open.last = sum->ranges[i].last;
            continue;
        }
        len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s%llu-%llu",
                                len ? "," : "", (unsigned long long)open.first,
                                (unsigned long long)open.last);
        if (i < sum->range_count)
            open = sum->ranges[i];
    }
    return len < cap;
}

int run_add(char *const *files, int file_count)
{
    struct shard_sums all = { 0 };
    size_t i, cap;
    int k, status = 0;
    char *seeds = NULL;

    if (file_count == 0 && !read_raw_file(stdin, "stdin", &all))
        status = 1;
    for (k = 0; k < file_count && status == 0; k++) {
        FILE *in = fopen(files[k], "r");
        if (in == NULL) {
            fprintf(stderr, PROGRAM ": %s: %s\n", files[k], strerror(errno));
            status = 1;
        } else {
            status = read_raw_file(in, files[k], &all) ? 0 : 1;
            fclose(in);
        }
    }
    if (status == 0 && all.count == 0) {
        fprintf(stderr, PROGRAM ": no raw lines to add\n");
        status = 1;
    }
    for (i = 0, cap = 1; i < all.count; i++)
        if (all.sums[i].range_count * 24 + 1 > cap)
            cap = all.sums[i].range_count * 24 + 1;
    if (status == 0 && (seeds = malloc(cap)) == NULL)
        status = 1;
    for (i = 0; i < all.count && status == 0; i++)
        if (!join_ranges(&all.sums[i], seeds, cap))
            status = 1;
    if (status == 0) {
        printf("added: HINT's times are left out (shards may come from other machines)\n\n");
        print_table_head();
        for (i = 0; i < all.count; i++)
            print_row(all.sums[i].config->name, all.sums[i].first, &all.sums[i].tally, NULL);
        printf("\n" RAW_HEAD);
        for (i = 0; i < all.count; i++) {
            join_ranges(&all.sums[i], seeds, cap);
            print_raw(all.sums[i].config->name, all.sums[i].first, seeds, &all.sums[i].tally);
        }
    }
    for (i = 0; i < all.count; i++)
        free(all.sums[i].ranges);
    free(all.sums);
    free(seeds);
    return status;
}

/* ---- pairing two runs game by game ------------------------------------- */

/* One game of a run's --per-game lines: its configuration (an index in
 * configs[]), first click, seed and outcome. */
struct paired_game {
    uint32_t config, row, col, seed, outcome;
};

struct paired_side {
    const char *name;
    struct paired_game *games;
    size_t count, cap;
};

/* One configuration and first click of a pairing. */
struct pair_row {
    uint32_t config, row, col;
    uint64_t games, both_won, both_lost, only_a, only_b, errs_a, errs_b;
    uint64_t unpaired_a, unpaired_b;
};

/* One "game" line: game, config, first click, seed, outcome, moves,
 * guesses; false when it is malformed. */
static bool read_game_line(char *line, struct paired_game *g)
{
    char *field[7], *rest, *word;
    unsigned n = 0, k;
    uint64_t seed;
    struct cell first;
    const struct config *c;

    for (word = strtok_r(line, "\t\n", &rest); word != NULL && n < 7;
         word = strtok_r(NULL, "\t\n", &rest))
        field[n++] = word;
    if (n != 7 || word != NULL || (c = config_named(field[1])) == NULL
        || !parse_cell(field[2], &first) || !parse_number(field[3], UINT32_MAX, &seed))
        return false;
    for (k = 0; k < 3; k++)
        if (strcmp(field[4], outcome_names[k]) == 0)
            break;
    if (k == 3)
        return false;
    g->config = (uint32_t)(c - configs);
    g->row = first.row;
    g->col = first.col;
    g->seed = (uint32_t)seed;
    g->outcome = k;
    return true;
}

/* The "game" lines of one run's output (a file, or stdin for "-"); other
 * lines are skipped.  false (said) when a line is malformed. */
static bool read_paired_side(struct paired_side *side)
{
    char line[4096];
    unsigned long number = 0;
    struct paired_game *games;
    bool is_stdin = strcmp(side->name, "-") == 0, ok = true;
    FILE *in = is_stdin ? stdin : fopen(side->name, "r");
    if (in == NULL) {
        fprintf(stderr, PROGRAM ": %s: %s\n", side->name, strerror(errno));
        return false;
    }
    while (ok && fgets(line, sizeof line, in) != NULL) {
        number++;
        if (strncmp(line, "game\t", 5) != 0)
            continue;
        games = room_for_one(side->games, &side->cap, side->count, sizeof *games, 1024);
        if (games == NULL) {
            fprintf(stderr, PROGRAM ": out of memory\n");
            ok = false;
            break;
        }
        side->games = games;
        if (!read_game_line(line, &side->games[side->count])) {
            fprintf(stderr, PROGRAM ": %s line %lu: not a game line of " PROGRAM "'s output\n",
                    side->name, number);
            ok = false;
        } else
            side->count++;
    }
    if (ok && ferror(in)) {
        fprintf(stderr, PROGRAM ": %s: read error\n", side->name);
        ok = false;
    }
    if (!is_stdin)
        fclose(in);
    if (ok && side->count == 0) {
        fprintf(stderr, PROGRAM ": %s: no game lines (play with --per-game)\n", side->name);
        ok = false;
    }
    return ok;
}

/* Orders games by configuration, first click, seed. */
static int compare_paired(const void *a, const void *b)
{
    const struct paired_game *x = a, *y = b;
    if (x->config != y->config)
        return x->config < y->config ? -1 : 1;
    if (x->row != y->row)
        return x->row < y->row ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return x->seed < y->seed ? -1 : x->seed > y->seed;
}

/* Sorts a side; false (said) when a seed is in it twice. */
static bool sort_paired_side(struct paired_side *side)
{
    size_t i;
    qsort(side->games, side->count, sizeof side->games[0], compare_paired);
    for (i = 1; i < side->count; i++)
        if (compare_paired(&side->games[i - 1], &side->games[i]) == 0) {
            fprintf(stderr, PROGRAM ": %s: %s (%u, %u) seed %u is in it twice\n", side->name,
                    configs[side->games[i].config].name, (unsigned)side->games[i].row,
                    (unsigned)side->games[i].col, (unsigned)side->games[i].seed);
            return false;
        }
    return true;
}

/* The row of g's configuration and first click: the last row, or a new one
 * (the games come sorted, so a row's games are together). */
static struct pair_row *pair_row_for(struct pair_row *rows, size_t *count,
                                     const struct paired_game *g)
{
    struct pair_row *r = *count > 0 ? &rows[*count - 1] : NULL;
    if (r != NULL && r->config == g->config && r->row == g->row && r->col == g->col)
        return r;
    r = &rows[(*count)++];
    memset(r, 0, sizeof *r);
    r->config = g->config;
    r->row = g->row;
    r->col = g->col;
    return r;
}

/* McNemar's exact test: under "neither run is better" each of the m = b +
 * c discordant games is only-A or only-B with probability 1/2, so the
 * two-sided p is twice the binomial tail P(X <= min(b, c)), X ~ B(m, 1/2),
 * at most 1.  The terms are summed in floating point from logarithms. */
static double mcnemar_exact_p(uint64_t b, uint64_t c)
{
    uint64_t m = b + c, k = b < c ? b : c, i;
    double sum = 0, log_half_m, p;
    if (m == 0)
        return 1;
    log_half_m = (double)m * log(0.5);
    for (i = 0; i <= k; i++)
        sum += exp(lgamma((double)m + 1) - lgamma((double)i + 1) - lgamma((double)(m - i) + 1)
                   + log_half_m);
    p = 2 * sum;
    return p > 1 ? 1 : p;
}

/* The paired difference B - A of the win rates, d = (c - b) / n with b
 * games only A won and c only B, and its 95 % interval d -+ z se, se^2 =
 * ((b + c) / n - d^2) / n (the Wald interval of a paired difference); in
 * points. */
static void paired_difference(const struct pair_row *r, double *d, double *low, double *high)
{
    const double z = 1.959964;
    double n = (double)r->games, diff, var;
    diff = ((double)r->only_b - (double)r->only_a) / n;
    var = (((double)r->only_a + (double)r->only_b) / n - diff * diff) / n;
    if (var < 0)
        var = 0;
    *d = 100 * diff;
    *low = 100 * (diff - z * sqrt(var));
    *high = 100 * (diff + z * sqrt(var));
}

static void print_pair_row(const struct pair_row *r)
{
    double n = (double)r->games, d, low, high;
    uint64_t wins_a = r->both_won + r->only_a, wins_b = r->both_won + r->only_b;
    paired_difference(r, &d, &low, &high);
    printf("| %s | (%u, %u) | %llu | %llu | %llu | %llu | %llu | %.2f %% | %.2f %% "
           "| %+.2f (%+.2f to %+.2f) | %.2g |\n",
           configs[r->config].name, (unsigned)r->row, (unsigned)r->col,
           (unsigned long long)r->games, (unsigned long long)r->both_won,
           (unsigned long long)r->both_lost, (unsigned long long)r->only_a,
           (unsigned long long)r->only_b, 100.0 * (double)wins_a / n,
           100.0 * (double)wins_b / n, d, low, high, mcnemar_exact_p(r->only_a, r->only_b));
}

static void print_pair_raw(const struct pair_row *r)
{
    double d, low, high;
    paired_difference(r, &d, &low, &high);
    printf("pair\t%s\t%u,%u\t%llu\t%llu\t%llu\t%llu\t%llu\t%.4f\t%.4f\t%.4f\t%.6g\n",
           configs[r->config].name, (unsigned)r->row, (unsigned)r->col,
           (unsigned long long)r->games, (unsigned long long)r->both_won,
           (unsigned long long)r->both_lost, (unsigned long long)r->only_a,
           (unsigned long long)r->only_b, d, low, high, mcnemar_exact_p(r->only_a, r->only_b));
}

/* Pairs the sorted sides' games into rows (returns their number); with
 * list, prints a line for each game only one side won. */
static size_t pair_merge(const struct paired_side *a, const struct paired_side *b,
                         struct pair_row *rows, bool list)
{
    size_t i = 0, j = 0, count = 0;
    while (i < a->count || j < b->count) {
        const struct paired_game *ga = i < a->count ? &a->games[i] : NULL;
        const struct paired_game *gb = j < b->count ? &b->games[j] : NULL;
        int order = ga == NULL ? 1 : gb == NULL ? -1 : compare_paired(ga, gb);
        struct pair_row *r = pair_row_for(rows, &count, order <= 0 ? ga : gb);
        if (order < 0) {
            r->unpaired_a++;
            i++;
            continue;
        }
        if (order > 0) {
            r->unpaired_b++;
            j++;
            continue;
        }
        r->games++;
        r->errs_a += ga->outcome == OUTCOME_ERR;
        r->errs_b += gb->outcome == OUTCOME_ERR;
        if (ga->outcome == OUTCOME_WON && gb->outcome == OUTCOME_WON)
            r->both_won++;
        else if (ga->outcome == OUTCOME_WON) {
            r->only_a++;
            if (list)
                printf("only\tA\t%s\t%u,%u\t%u\n", configs[ga->config].name, (unsigned)ga->row,
                       (unsigned)ga->col, (unsigned)ga->seed);
        } else if (gb->outcome == OUTCOME_WON) {
            r->only_b++;
            if (list)
                printf("only\tB\t%s\t%u,%u\t%u\n", configs[ga->config].name, (unsigned)ga->row,
                       (unsigned)ga->col, (unsigned)ga->seed);
        } else
            r->both_lost++;
        i++;
        j++;
    }
    return count;
}

/* winrate --pair A B: the games of two runs' --per-game lines paired by
 * configuration, first click and seed; a row per configuration and first
 * click.  A game lost to an ERR counts as not won. */
int run_pair(const char *file_a, const char *file_b, bool list_only_won)
{
    struct paired_side a = { file_a, NULL, 0, 0 }, b = { file_b, NULL, 0, 0 };
    struct pair_row *rows = NULL;
    size_t count = 0, k;
    int status = 1;

    if (strcmp(a.name, "-") == 0 && strcmp(b.name, "-") == 0) {
        fprintf(stderr, PROGRAM ": --pair: only one side can be stdin\n");
        return 2;
    }
    if (!read_paired_side(&a) || !read_paired_side(&b) || !sort_paired_side(&a)
        || !sort_paired_side(&b))
        goto done;
    if ((rows = malloc((a.count + b.count) * sizeof *rows)) == NULL)
        goto done;
    count = pair_merge(&a, &b, rows, false);
    printf("pair: A = %s, B = %s; games paired by configuration, first click and seed\n\n",
           a.name, b.name);
    printf("| configuration | first click | games | both won | both lost | only A | only B "
           "| A | B | B - A, points (95 %%) | McNemar p |\n");
    printf("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    status = 0;
    for (k = 0; k < count; k++)
        if (rows[k].games > 0)
            print_pair_row(&rows[k]);
    printf("\n");
    for (k = 0; k < count; k++) {
        const struct pair_row *r = &rows[k];
        printf("%s (%u, %u): %llu games paired; lost to an ERR: A %llu, B %llu; "
               "left out, in one run only: A %llu, B %llu\n",
               configs[r->config].name, (unsigned)r->row, (unsigned)r->col,
               (unsigned long long)r->games, (unsigned long long)r->errs_a,
               (unsigned long long)r->errs_b, (unsigned long long)r->unpaired_a,
               (unsigned long long)r->unpaired_b);
        if (r->games == 0)
            status = 1;
    }
    if (list_only_won) {
        printf("\n# the games only one run won: only, A or B, config, first click, seed\n");
        pair_merge(&a, &b, rows, true);
    }
    printf("\n# pair: config, first click, games, both won, both lost, only A, only B, "
           "B - A and its 95 %% interval (points), McNemar exact p\n");
    for (k = 0; k < count; k++)
        if (rows[k].games > 0)
            print_pair_raw(&rows[k]);
    if (status != 0)
        fprintf(stderr, PROGRAM ": --pair: a configuration has no game in both runs\n");
done:
    free(a.games);
    free(b.games);
    free(rows);
    return status;
}
