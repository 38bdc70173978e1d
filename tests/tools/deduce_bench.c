/*
 * deduce_bench - the deduction engine on positions from real expert games
 * (16 x 30, 99 mines, the first click in the middle opens a zero).
 *
 *   deduce_bench GAMES HINT_GAMES SEED
 *
 * Two players, on the boards of seeds SEED, SEED + 1, ...:
 *   - the session player (the first HINT_GAMES games) speaks the protocol
 *     to a real session (sap_session_sink/poll, what sapperd and the ports
 *     run): NEW 16 30 99 <seed>, a click in the middle, then HINT and a
 *     move that follows it (SAFE and GUESS: open; MINE: flag) until the game
 *     ends, with a PROB before every move.  Each HINT and PROB is timed
 *     from the request to the last byte of its reply.
 *   - the engine player (all GAMES games) calls the library itself: it
 *     opens every certain cell at once, and when none is left, makes the
 *     move sap_hint names (its guess), which is what following HINT comes
 *     to (HINT names certain cells while any are left, and the same guess
 *     once none is).  It skips HINT's reasons, and gives the win rate; on
 *     the games both play, their results must agree.
 * Beside the engine's time, the baseline on the same positions where it
 * can run (at most 22 frontier cells): a straightforward enumerator of all
 * 2^F frontier assignments, weighed with binomials in double.
 */
#include "sapper.h"
#include "lib/heap_memory.h"
#include "lib/samples.h"
#include "lib/session_drive.h"

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

/* ---- the session player ---------------------------------------------- */

static struct sap_session session;
static char reply[1 << 16];

static size_t ask(const char *request)
{
    return strlen(session_ask(&session, request, reply, sizeof reply));
}

/* Plays one game by HINT; true when won.  Every HINT and PROB is timed. */
static bool hint_play(unsigned seed, struct samples *hint, struct samples *prob)
{
    char request[64];
    bool won = false;
    sap_session_init(&session, &heap_memory);
    sap_session_set_budget(&session, SAP_BUDGET_UNLIMITED);
    snprintf(request, sizeof request, "NEW %u %u %u %u\n", ROWS, COLS, MINES, seed);
    ask(request);
    snprintf(request, sizeof request, "1 %u %u\n", ROWS / 2, COLS / 2);
    ask(request);
    for (;;) {
        unsigned x, y;
        char word[8];
        double t0 = now_us();
        ask("PROB\n");
        samples_add(prob, now_us() - t0);
        t0 = now_us();
        ask("HINT\n");
        samples_add(hint, now_us() - t0);
        if (sscanf(reply, "%7s %u %u", word, &x, &y) != 3) {
            fprintf(stderr, "deduce_bench: HINT said: %s", reply);
            exit(1);
        }
        snprintf(request, sizeof request, "%d %u %u\n", strcmp(word, "MINE") == 0 ? 2 : 1, x,
                 y);
        ask(request);
        if (strstr(reply, "WIN\n") != NULL) {
            won = true;
            break;
        }
        if (strstr(reply, "LOSE\n") != NULL)
            break;
    }
    sap_session_release(&session);
    return won;
}

/* ---- the engine player ----------------------------------------------- */

static bool engine_play(unsigned seed, void *gblock, size_t gbytes, void *dblock, size_t dbytes,
                        struct samples *engine, struct samples *base, struct samples *ours,
                        bool try_baseline, unsigned *gave_up)
{
    sap_game *g;
    sap_game_init(&g, gblock, gbytes, ROWS, COLS);
    sap_game_set_random(g, MINES, seed);
    sap_game_move(g, 1, ROWS / 2, COLS / 2);
    while (sap_game_state(g) == SAP_RUNNING) {
        sap_deduce *d;
        uint32_t r, c, unsure = 0, opened = 0;
        int err, view[CELLS];
        uint32_t odds[CELLS];
        double t0 = now_us(), t1;
        sap_deduce_init(&d, dblock, dbytes, g);
        while ((err = sap_deduce_step(d, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
            continue;
        if (err != SAP_OK) {
            ++*gave_up;
            return false;
        }
        for (r = 0; r < ROWS; r++)
            for (c = 0; c < COLS; c++)
                view[r * COLS + c] = sap_deduce_cell(d, r, c, &odds[r * COLS + c]);
        t1 = now_us();
        samples_add(engine, t1 - t0);
        if (try_baseline) {
            double prob[CELLS], t2 = now_us();
            if (baseline(g, prob) >= 0) {
                samples_add(base, now_us() - t2);
                samples_add(ours, t1 - t0);
            }
        }
        for (r = 0; r < CELLS; r++) {
            if (view[r] == SAP_CELL_SAFE) {
                sap_game_move(g, 1, r / COLS + 1, r % COLS + 1);
                opened++;
            } else if (view[r] == SAP_CELL_UNSURE) {
                unsure++;
            }
        }
        if (opened == 0 && unsure > 0) { /* HINT's guess (sapper.h section 10) */
            static unsigned char hblock[SAP_HINT_BYTES(ROWS, COLS)] __attribute__((aligned(8)));
            sap_hint *h;
            int op;
            sap_hint_init(&h, hblock, sizeof hblock, g);
            while ((err = sap_hint_step(h, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
                continue;
            op = err == SAP_OK ? sap_hint_move(h, &r, &c) : 0;
            if (op == 0) {
                ++*gave_up;
                return false;
            }
            sap_game_move(g, op, r + 1, c + 1);
        }
    }
    return sap_game_state(g) == SAP_WIN;
}

int main(int argc, char **argv)
{
    unsigned games, hint_games, seed, game, wins = 0, hint_wins = 0, agree = 0, gave_up = 0;
    size_t gbytes = SAP_GAME_BYTES(ROWS, COLS), dbytes = SAP_DEDUCE_BYTES(ROWS, COLS);
    void *gblock = malloc(gbytes), *dblock = malloc(dbytes);
    struct samples engine = { 0 }, base = { 0 }, ours = { 0 }, hint = { 0 }, prob = { 0 };

    if (argc != 4 || gblock == NULL || dblock == NULL) {
        fprintf(stderr, "usage: deduce_bench GAMES HINT_GAMES SEED\n");
        free(gblock);
        free(dblock);
        return 2;
    }
    games = (unsigned)atoi(argv[1]);
    hint_games = (unsigned)atoi(argv[2]);
    seed = (unsigned)atoi(argv[3]);
    if (hint_games > games)
        hint_games = games;
    for (game = 0; game < games; game++) {
        /* the baseline takes up to seconds a position: a few games only */
        bool won = engine_play(seed + game, gblock, gbytes, dblock, dbytes, &engine, &base,
                               &ours, game < 200, &gave_up);
        wins += won;
        if (game < hint_games) {
            bool hint_won = hint_play(seed + game, &hint, &prob);
            hint_wins += hint_won;
            agree += hint_won == won;
        }
    }
    printf("HINT through the session, %zu requests (%u games followed it): median %.1f us, "
           "p99 %.1f us\n",
           hint.count, hint_games, samples_quantile(&hint, 0.5), samples_quantile(&hint, 0.99));
    printf("PROB through the session, %zu requests: median %.1f us, p99 %.1f us\n", prob.count,
           samples_quantile(&prob, 0.5), samples_quantile(&prob, 0.99));
    printf("the engine alone (deduction, every cell read), %zu positions of %u games: median "
           "%.1f us, p99 %.1f us, max %.1f us%s\n",
           engine.count, games, samples_quantile(&engine, 0.5), samples_quantile(&engine, 0.99),
           samples_quantile(&engine, 1.0), gave_up ? " (some gave up)" : "");
    printf("baseline (all 2^F frontier assignments, F <= %u) on %zu of them: median %.1f us, "
           "p99 %.1f us; the engine on the same: median %.1f us, p99 %.1f us\n",
           BASELINE_MAX, base.count, samples_quantile(&base, 0.5),
           samples_quantile(&base, 0.99), samples_quantile(&ours, 0.5),
           samples_quantile(&ours, 0.99));
    /* rows for make bench's summary table (tests/lib/bench_summary.sh) */
    printf("summary\tHINT, expert positions (median)\t%.1f us\t-\t-\t< 200 us\n",
           samples_quantile(&hint, 0.5));
    printf("summary\tHINT, expert positions (p99)\t%.1f us\t-\t-\t< 5000 us\n",
           samples_quantile(&hint, 0.99));
    printf("summary\tPROB, expert positions (median)\t%.1f us\t-\t-\t< 200 us\n",
           samples_quantile(&prob, 0.5));
    printf("summary\tPROB, expert positions (p99)\t%.1f us\t-\t-\t< 5000 us\n",
           samples_quantile(&prob, 0.99));
    if (base.count > 0)
        printf("summary\tdeduction vs all 2^F assignments, F <= %u (median)\t%.1f us\t%.1f us"
               "\t%.0fx\t-\n",
               BASELINE_MAX, samples_quantile(&ours, 0.5), samples_quantile(&base, 0.5),
               samples_quantile(&base, 0.5) / samples_quantile(&ours, 0.5));
    printf("summary\twin rate following HINT, %u expert games\t%.1f %%\t-\t-\t"
           "anchors: JSMinesweeper 54.3 %%, PSEQ-D256 53.45 %% (from (3, 3))\n",
           games, 100.0 * wins / games);
    printf(
        "win rate following HINT: %u of %u games, %.1f %% (the session player: %u of %u, "
        "agreeing on %u); anchors: JSMinesweeper 54.3 %%, PSEQ-D256 53.45 %% (from (3, 3))\n",
        wins, games, 100.0 * wins / games, hint_wins, hint_games, agree);
    samples_free(&engine);
    samples_free(&base);
    samples_free(&ours);
    samples_free(&hint);
    samples_free(&prob);
    free(gblock);
    free(dblock);
    return agree == hint_games && gave_up == 0 ? 0 : 1;
}
