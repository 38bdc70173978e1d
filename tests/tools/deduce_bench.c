/*
 * deduce_bench - the deduction engine on positions from real expert games
 * (16 x 30, 99 mines, the first click in the middle opens a zero), played
 * by an autoplayer that follows what HINT would say: every certain safe
 * cell, else the safest guess.
 *
 *   deduce_bench GAMES SEED
 *
 * Prints:
 *   - the time of one deduction (what HINT and PROB each cost: the engine
 *     on the position, every cell read), median and 99th percentile over
 *     every position met;
 *   - beside it the baseline on the same positions where it can run (at
 *     most 22 frontier cells): a straightforward enumerator that tries all
 *     2^F assignments of the frontier and weighs them with binomials in
 *     double;
 *   - the autoplayer's win rate.
 */
#include "sapper.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 16u
#define COLS 30u
#define CELLS (ROWS * COLS)
#define MINES 99u
#define BASELINE_MAX 22u

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *v, size_t n, double q)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, compare);
    return v[(size_t)((double)(n - 1) * q + 0.5)];
}

/* log C(n, k) */
static double log_binom(unsigned n, unsigned k)
{
    return lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0);
}

/* The baseline: every assignment of the frontier; -1 when it is too big. */
static int baseline(const sap_game *g, double *prob)
{
    unsigned front[CELLS], nf = 0, covered = 0, i, r, c;
    char view[CELLS];
    unsigned long long set;
    double total = 0, mass[CELLS];

    for (i = 0; i < CELLS; i++)
        view[i] = sap_game_cell(g, i / COLS, i % COLS);
    for (i = 0; i < CELLS; i++) {
        int dr, dc, near = 0;
        if (view[i] >= '0' && view[i] <= '8')
            continue;
        covered++;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++) {
                int rr = (int)(i / COLS) + dr, cc = (int)(i % COLS) + dc;
                if (rr >= 0 && cc >= 0 && rr < (int)ROWS && cc < (int)COLS
                    && view[rr * COLS + cc] >= '0' && view[rr * COLS + cc] <= '8')
                    near = 1;
            }
        if (near)
            front[nf++] = i;
    }
    if (nf > BASELINE_MAX)
        return -1;
    memset(mass, 0, sizeof mass);
    for (set = 0; set < (1ull << nf); set++) {
        unsigned char mine[CELLS] = { 0 };
        unsigned k = 0, rest, interior = covered - nf;
        int ok = 1;
        double w;
        for (i = 0; i < nf; i++)
            if (set >> i & 1u) {
                mine[front[i]] = 1;
                k++;
            }
        if (k > MINES || MINES - k > interior)
            continue;
        for (r = 0; r < ROWS && ok; r++)
            for (c = 0; c < COLS && ok; c++) {
                int dr, dc, n = 0;
                char v = view[r * COLS + c];
                if (!(v >= '0' && v <= '8'))
                    continue;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++) {
                        int rr = (int)r + dr, cc = (int)c + dc;
                        if (rr >= 0 && cc >= 0 && rr < (int)ROWS && cc < (int)COLS)
                            n += mine[rr * COLS + cc];
                    }
                ok = n == v - '0';
            }
        if (!ok)
            continue;
        rest = MINES - k;
        w = exp(log_binom(interior, rest) - log_binom(interior, interior / 2));
        total += w;
        for (i = 0; i < nf; i++)
            if (mine[front[i]])
                mass[front[i]] += w;
    }
    for (i = 0; i < nf; i++)
        prob[front[i]] = total > 0 ? mass[front[i]] / total : 0;
    return (int)nf;
}

int main(int argc, char **argv)
{
    unsigned games, seed, game, wins = 0;
    size_t gbytes = SAP_GAME_BYTES(ROWS, COLS), dbytes = SAP_DEDUCE_BYTES(ROWS, COLS);
    void *gblock = malloc(gbytes), *dblock = malloc(dbytes);
    size_t cap = 1u << 16, n = 0, nb = 0;
    double *times = malloc(cap * sizeof *times), *base = malloc(cap * sizeof *base);
    double *ours = malloc(cap * sizeof *ours);
    unsigned gave_up = 0;

    if (argc != 3 || gblock == NULL || dblock == NULL || times == NULL) {
        fprintf(stderr, "usage: deduce_bench GAMES SEED\n");
        return 2;
    }
    games = (unsigned)atoi(argv[1]);
    seed = (unsigned)atoi(argv[2]);
    for (game = 0; game < games; game++) {
        sap_game *g;
        sap_game_init(&g, gblock, gbytes, ROWS, COLS);
        sap_game_set_random(g, MINES, seed + game);
        sap_game_move(g, 1, ROWS / 2, COLS / 2);
        while (sap_game_state(g) == SAP_RUNNING) {
            sap_deduce *d;
            uint32_t r, c, p, best_p = 10001, best = 0, opened = 0;
            int err, view[CELLS];
            uint32_t odds[CELLS];
            double t0 = now_us(), t1;
            sap_deduce_init(&d, dblock, dbytes, g);
            while ((err = sap_deduce_step(d, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                continue;
            if (err != SAP_OK) {
                gave_up++;
                break;
            }
            for (r = 0; r < ROWS; r++)
                for (c = 0; c < COLS; c++)
                    view[r * COLS + c] = sap_deduce_cell(d, r, c, &odds[r * COLS + c]);
            t1 = now_us();
            if (n < cap)
                times[n++] = t1 - t0;
            if (nb < cap && game % 4 == 0) { /* the baseline on some of them */
                double prob[CELLS];
                double t2 = now_us();
                if (baseline(g, prob) >= 0) {
                    base[nb] = now_us() - t2;
                    ours[nb++] = t1 - t0;
                }
            }
            for (r = 0; r < CELLS; r++) {
                if (view[r] == SAP_CELL_SAFE) {
                    sap_game_move(g, 1, r / COLS + 1, r % COLS + 1);
                    opened++;
                } else if (view[r] == SAP_CELL_UNSURE && odds[r] < best_p) {
                    best_p = odds[r];
                    best = r;
                }
            }
            if (opened == 0 && best_p <= 10000)
                sap_game_move(g, 1, best / COLS + 1, best % COLS + 1);
            (void)p;
        }
        wins += sap_game_state(g) == SAP_WIN;
    }
    printf("deduction (HINT/PROB), 16x30/99 expert positions: median %.1f us, p99 %.1f us over "
           "%zu positions%s\n",
           percentile(times, n, 0.5), percentile(times, n, 0.99), n,
           gave_up ? " (some gave up)" : "");
    printf("baseline (all 2^F frontier assignments, F <= %u) on %zu of them: median %.1f us, "
           "p99 %.1f us; the engine on the same: median %.1f us, p99 %.1f us\n",
           BASELINE_MAX, nb, percentile(base, nb, 0.5), percentile(base, nb, 0.99),
           percentile(ours, nb, 0.5), percentile(ours, nb, 0.99));
    printf("autoplayer (certain cells, else the safest guess): %u of %u games won, %.1f %%\n",
           wins, games, 100.0 * wins / games);
    return 0;
}
