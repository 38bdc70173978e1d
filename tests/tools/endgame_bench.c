/*
 * endgame_bench.c - the endgame search (core/endgame.c, endgame_search.c)
 * on the positions of real games: expert boards (16 x 30, 99 mines, modern
 * rules: game k on seed k, first click (3, 3), as tools/winrate plays
 * them), played by following HINT's look-ahead (sap_hint_* with the endgame
 * search left out: sap_hint_leave_out_endgame, as the boards' HINT plays).
 * At every position where HINT guesses from an exact count, a deduction of
 * the position and the search on it: how many positions the search takes
 * (its layouts at most SAP_ENDGAME_LAYOUTS, at most 64 cells differing
 * among them, within SAP_ENDGAME_MAX_STEPS), why it declines the others,
 * its time there (init to the answer, wall clock: median, p99, slowest and
 * its seed), its steps, and how often it names another cell than HINT, and
 * then what HINT's cell wins with the best play after it (the search asked
 * for that first move alone): the chance of winning HINT's guess gives up.
 * With --follow the player opens the search's cell instead of HINT's guess
 * whenever the search answers: the win rates of the two players on the same
 * seeds tell what the search is worth.
 *
 * --per-game prints a line a game: its seed, won or lost.
 *
 *   endgame_bench [--games N] [--first-seed S] [--follow] [--per-game]
 *                 [--rows R --cols C --mines M]
 */
#include "hint.h"    /* struct sap_hint */
#include "endgame.h" /* the endgame's internal API */
#include "sapper.h"
#include "lib/samples.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

struct timing {
    struct samples seconds;
    double slowest;
    unsigned slowest_seed;
};

static void add_time(struct timing *s, double t, unsigned seed)
{
    samples_add(&s->seconds, t);
    if (t > s->slowest) {
        s->slowest = t;
        s->slowest_seed = seed;
    }
}

static void print_times(const char *what, struct timing *s)
{
    if (s->seconds.count == 0) {
        printf("%s: none\n", what);
        return;
    }
    printf("%s: %zu, median %.1f us, p99 %.1f us, slowest %.1f us (seed %u)\n", what,
           s->seconds.count, samples_quantile(&s->seconds, 0.5) * 1e6,
           samples_quantile(&s->seconds, 0.99) * 1e6, s->slowest * 1e6, s->slowest_seed);
}

/* Layout counts in bands, for the positions HINT guesses in. */
static const double bands[] = { 64, 256, 1024, 4096, 16384, 65536, 1e6 };
#define BANDS (sizeof bands / sizeof bands[0])

int main(int argc, char **argv)
{
    unsigned games = 1000, first = 0, rows = 16, cols = 30, mines = 99, i, k;
    bool follow = false, per_game = false;
    unsigned long wins = 0, errs = 0, guesses = 0, approximate = 0, taken = 0, too_many = 0,
                  too_wide = 0, too_long = 0, no_layout = 0, other = 0, differ = 0,
                  band[BANDS + 1] = { 0 }, followed = 0;
    unsigned long long steps_sum = 0;
    unsigned steps_max = 0;
    double odds_sum = 0, regret = 0;
    unsigned long weighed = 0, worse = 0;
    struct timing times = { 0 }, declined = { 0 };
    size_t gbytes, hbytes, dbytes;
    void *gblock, *hblock, *dblock, *eblock;

    for (i = 1; i < (unsigned)argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < (unsigned)argc)
            games = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--first-seed") == 0 && i + 1 < (unsigned)argc)
            first = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--rows") == 0 && i + 1 < (unsigned)argc)
            rows = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--cols") == 0 && i + 1 < (unsigned)argc)
            cols = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--mines") == 0 && i + 1 < (unsigned)argc)
            mines = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--follow") == 0)
            follow = true;
        else if (strcmp(argv[i], "--per-game") == 0)
            per_game = true;
        else {
            fprintf(stderr, "usage: endgame_bench [--games N] [--first-seed S] [--follow] "
                            "[--per-game] [--rows R --cols C --mines M]\n");
            return 2;
        }
    }
    gbytes = SAP_GAME_BYTES(rows, cols);
    hbytes = SAP_HINT_BYTES(rows, cols);
    dbytes = SAP_DEDUCE_BYTES(rows, cols);
    gblock = malloc(gbytes);
    hblock = malloc(hbytes);
    dblock = malloc(dbytes);
    eblock = malloc(SAP_ENDGAME_BYTES);
    if (!gblock || !hblock || !dblock || !eblock) {
        free(gblock);
        free(hblock);
        free(dblock);
        free(eblock);
        return 1;
    }

    for (k = first; k < first + games; k++) {
        sap_game *g;
        uint32_t r0 = rows < 3 ? rows : 3, c0 = cols < 3 ? cols : 3;
        sap_game_init(&g, gblock, gbytes, rows, cols);
        sap_game_set_random(g, mines, k);
        sap_game_move(g, SAP_OP_LEFT, r0, c0);
        while (sap_game_state(g) == SAP_RUNNING) {
            struct sap_hint *h;
            uint32_t r, c;
            int err, op;
            sap_hint_init(&h, hblock, hbytes, g);
            sap_hint_leave_out_endgame(h); /* the search is what is measured */
            while ((err = sap_hint_step(h, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                continue;
            if (err != SAP_OK) {
                errs++;
                break;
            }
            op = sap_hint_move(h, &r, &c);
            if (op == 0)
                break;
            if (h->guessing) {
                guesses++;
                if (h->approximate) {
                    approximate++;
                } else {
                    sap_deduce *d;
                    struct sap_endgame *eg = NULL;
                    double t0, t1, layouts;
                    sap_deduce_init(&d, dblock, dbytes, g);
                    while ((err = sap_deduce_step(d, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                        continue;
                    layouts = ldexp((double)d->total.m, d->total.e);
                    for (i = 0; i < BANDS && layouts > bands[i]; i++)
                        ;
                    band[i]++;
                    t0 = now();
                    if (err == SAP_OK)
                        err = sap_endgame_init(&eg, eblock, SAP_ENDGAME_BYTES, g, d);
                    if (err == SAP_OK)
                        while ((err = sap_endgame_step(eg, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                            continue;
                    t1 = now();
                    if (err == SAP_OK) {
                        uint32_t cell, w, n, s = sap_endgame_steps(eg);
                        taken++;
                        add_time(&times, t1 - t0, k);
                        steps_sum += s;
                        steps_max = s > steps_max ? s : steps_max;
                        if (sap_endgame_best(eg, &cell, &w, &n) == SAP_OK) {
                            odds_sum += (double)w / n;
                            if (cell != r * cols + c) {
                                /* what HINT's guess wins, the best play after it */
                                struct sap_endgame *h_eg;
                                uint32_t hc, hw, hn;
                                differ++;
                                sap_endgame_init(&h_eg, eblock, SAP_ENDGAME_BYTES, g, d);
                                sap_endgame_set_first(h_eg, r * cols + c);
                                while ((err = sap_endgame_step(h_eg, SAP_BUDGET_UNLIMITED))
                                       == SAP_MORE)
                                    continue;
                                if (err == SAP_OK
                                    && sap_endgame_best(h_eg, &hc, &hw, &hn) == SAP_OK) {
                                    regret += (double)(w - hw) / n;
                                    weighed++;
                                    worse += hw < w;
                                }
                            }
                            if (follow) {
                                r = cell / cols;
                                c = cell % cols;
                                op = SAP_OP_LEFT;
                                followed++;
                            }
                        }
                    } else if (err == SAP_ERR_SIZE && layouts > SAP_ENDGAME_LAYOUTS + 0.5) {
                        too_many++;
                    } else if (err == SAP_ERR_SIZE) {
                        add_time(&declined, t1 - t0, k);
                        if (sap_endgame_steps(eg) >= SAP_ENDGAME_MAX_STEPS)
                            too_long++;
                        else
                            too_wide++;
                    } else if (err == SAP_ERR_STATE) {
                        no_layout++;
                    } else {
                        other++;
                    }
                }
            }
            sap_game_move(g, op, r + 1, c + 1);
        }
        wins += sap_game_state(g) == SAP_WIN;
        if (per_game)
            printf("game\t%u\t%s\n", k, sap_game_state(g) == SAP_WIN ? "won" : "lost");
    }

    printf("%u games %ux%u/%u (seeds %u-%u)%s: %lu won (%.2f %%), %lu ERR\n", games, rows, cols,
           mines, first, first + games - 1, follow ? ", following the search" : "", wins,
           100.0 * wins / games, errs);
    printf("guesses: %lu (%lu too big to count)\n", guesses, approximate);
    printf("layouts at a counted guess:");
    for (i = 0; i <= BANDS; i++) {
        if (i < BANDS)
            printf(" <=%.0f: %lu,", bands[i], band[i]);
        else
            printf(" more: %lu\n", band[i]);
    }
    printf("search (layouts <= %u, memo %u, steps <= %u): took %lu, declined: %lu too many "
           "layouts, %lu too many cells, %lu past the steps, %lu no layout, %lu other\n",
           (unsigned)SAP_ENDGAME_LAYOUTS, (unsigned)SAP_ENDGAME_MEMO,
           (unsigned)SAP_ENDGAME_MAX_STEPS, taken, too_many, too_wide, too_long, no_layout,
           other);
    if (taken > 0)
        printf("taken: mean win chance %.1f %%, another cell than HINT's in %lu (%.1f %%), "
               "steps mean %.0f, most %u%s\n",
               100.0 * odds_sum / taken, differ, 100.0 * differ / taken,
               (double)steps_sum / taken, steps_max, follow ? "" : "");
    if (weighed > 0)
        printf("HINT's other cell weighed in %lu: worse in %lu, by %.2f points of win chance "
               "on average (%.1f games in all)\n",
               weighed, worse, 100.0 * regret / weighed, regret);
    if (follow)
        printf("followed the search: %lu moves\n", followed);
    print_times("time where it answered", &times);
    print_times("time where it declined after init", &declined);
    samples_free(&times.seconds);
    samples_free(&declined.seconds);
    free(gblock);
    free(hblock);
    free(dblock);
    free(eblock);
    return 0;
}
