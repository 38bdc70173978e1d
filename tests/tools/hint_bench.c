/*
 * hint_bench.c - what HINT after a move costs as boards grow, and PLAY to
 * the end of a large no-guess board.
 *
 *   hint_bench ROWS COLS MINES GAMES SAMPLE [play]
 *
 * Each game is a no-guess board (NEW ROWS COLS MINES <seed> NOGUESS)
 * played through a session in this process, request by request: HINT,
 * then the move it names (open the safe cell, flag the mine), to the end.
 * Every HINT is timed; this is HINT as a session serves it, on the
 * deduction it keeps beside the game (core/hint_live.c).  At every
 * SAMPLE-th move the same position is also given to HINT as it reads the
 * whole board (sap_hint_init on the session's game, core/hint.c), the
 * baseline, timed as well; and PROB through the session (on the kept
 * deduction: a global pass and the map), then PROB again (the odds it
 * kept: its map alone, what writing its reply costs), beside SHOW (a byte
 * a cell: what writing a board costs) and a whole-board deduction (PROB's
 * work before it was kept).  A HINT that says GUESS on a no-guess
 * board is a failure (exit 1), and so is a game not won.
 *
 * With "play", each game is instead played by one PLAY request, timed from
 * the request to END; its reply (gigabytes of boom lines on 1000 x 1000)
 * is read in pieces and must end with WIN.
 *
 * Output: the medians and 99th percentiles, and "summary" rows for
 * tests/bench.sh.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/heap_memory.h"
#include "lib/samples.h"
#include "lib/session_drive.h"
#include "sapper.h"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static struct sap_session session;
static char reply[1 << 16];

static const char *ask(const char *request)
{
    return session_ask(&session, request, reply, sizeof reply);
}

/* A deduction of the whole position, on the session's game. */
static double full_deduce_us(void *block, size_t bytes)
{
    sap_deduce *d;
    double t0 = now_us();
    if (sap_deduce_init(&d, block, bytes, sap_session_game(&session)) != SAP_OK)
        abort();
    while (sap_deduce_step(d, SAP_BUDGET_UNLIMITED) == SAP_MORE)
        ;
    return now_us() - t0;
}

static double ask_us(const char *request)
{
    double t0 = now_us();
    ask(request);
    return now_us() - t0;
}

/* HINT as it reads the whole position, on the session's game. */
static double full_hint_us(void *block, size_t bytes)
{
    sap_hint *h;
    double t0 = now_us();
    if (sap_hint_init(&h, block, bytes, sap_session_game(&session)) != SAP_OK)
        abort();
    while (sap_hint_step(h, SAP_BUDGET_UNLIMITED) == SAP_MORE)
        ;
    return now_us() - t0;
}

/* One game by HINT and its moves; false when it guessed or did not win. */
struct sampled {
    struct samples full, prob, again, show, deduce;
    unsigned too_big; /* PROBs that answered ERR: past any deduction's workspace */
};

static bool hint_game(unsigned rows, unsigned cols, unsigned mines, unsigned seed,
                      unsigned sample, struct samples *live, struct sampled *at, void *block,
                      size_t bytes, unsigned *moves)
{
    char request[96];
    bool won = false;
    unsigned n = 0;
    snprintf(request, sizeof request, "NEW %u %u %u %u NOGUESS\n", rows, cols, mines, seed);
    ask(request);
    for (;;) {
        unsigned x, y;
        char word[8];
        double t0 = now_us();
        ask("HINT\n");
        if (n > 0) /* the first is the first click, before any deduction */
            samples_add(live, now_us() - t0);
        if (sscanf(reply, "%7s %u %u", word, &x, &y) != 3 || strcmp(word, "GUESS") == 0) {
            fprintf(stderr, "hint_bench: %ux%u/%u seed %u, move %u: HINT said: %s", rows, cols,
                    mines, seed, n, reply);
            break;
        }
        if (n > 0 && sample > 0 && n % sample == 0) {
            double prob_us;
            samples_add(&at->full, full_hint_us(block, bytes));
            prob_us = ask_us("PROB\n");
            if (strncmp(reply, "ERR ", 4) == 0) {
                at->too_big++;
            } else {
                samples_add(&at->prob, prob_us);
                samples_add(&at->again, ask_us("PROB\n"));
                samples_add(&at->show, ask_us("SHOW\n"));
                samples_add(&at->deduce, full_deduce_us(block, bytes));
            }
            ask("HINT\n"); /* the move HINT names is the same after PROB */
        }
        snprintf(request, sizeof request, "%d %u %u\n", strcmp(word, "MINE") == 0 ? 2 : 1, x,
                 y);
        ask(request);
        n++;
        if (strstr(reply, "WIN\n") != NULL) {
            won = true;
            break;
        }
        if (strstr(reply, "LOSE\n") != NULL) {
            fprintf(stderr, "hint_bench: %ux%u/%u seed %u: lost at move %u\n", rows, cols,
                    mines, seed, n);
            break;
        }
    }
    *moves += n;
    return won;
}

/* One game by a single PLAY; true when its reply ends with the game won. */
static bool play_game(unsigned rows, unsigned cols, unsigned mines, unsigned seed,
                      struct samples *play, size_t *reply_bytes)
{
    char request[96], tail[64] = "";
    const char *line = "PLAY\n";
    size_t taken = 0, length = strlen(line);
    double t0;
    snprintf(request, sizeof request, "NEW %u %u %u %u NOGUESS\n", rows, cols, mines, seed);
    ask(request);
    t0 = now_us();
    while (taken < length)
        taken += sap_session_sink(&session, line + taken, length - taken);
    for (;;) {
        size_t got = sap_session_poll(&session, reply, sizeof reply);
        if (got == 0 && !sap_session_busy(&session))
            break;
        *reply_bytes += got;
        if (got >= sizeof tail - 1) {
            memcpy(tail, reply + got - (sizeof tail - 1), sizeof tail - 1);
        } else if (got > 0) { /* shift the tail along */
            size_t keep = strlen(tail) + got > sizeof tail - 1 ? sizeof tail - 1 - got
                                                               : strlen(tail);
            memmove(tail, tail + strlen(tail) - keep, keep);
            memcpy(tail + keep, reply, got);
            tail[keep + got] = '\0';
        }
    }
    samples_add(play, now_us() - t0);
    return strstr(tail, "WIN\nEND\n") != NULL;
}

int main(int argc, char **argv)
{
    unsigned rows, cols, mines, games, sample, game, moves = 0, failed = 0;
    bool play;
    size_t bytes, reply_bytes = 0;
    void *block;
    struct samples live = { 0 };
    struct sampled at = { { 0 }, { 0 }, { 0 }, { 0 }, { 0 }, 0 };
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: hint_bench ROWS COLS MINES GAMES SAMPLE [play]\n");
        return 2;
    }
    rows = (unsigned)atoi(argv[1]);
    cols = (unsigned)atoi(argv[2]);
    mines = (unsigned)atoi(argv[3]);
    games = (unsigned)atoi(argv[4]);
    sample = (unsigned)atoi(argv[5]);
    play = argc == 7 && strcmp(argv[6], "play") == 0;
    bytes = SAP_HINT_BYTES(rows, cols);
    if (posix_memalign(&block, 64, bytes) != 0)
        return 2;
    for (game = 0; game < games; game++) {
        bool ok;
        sap_session_init(&session, &heap_memory);
        sap_session_set_budget(&session, SAP_BUDGET_UNLIMITED);
        ok = play ? play_game(rows, cols, mines, game + 1, &live, &reply_bytes)
                  : hint_game(rows, cols, mines, game + 1, sample, &live, &at, block, bytes,
                              &moves);
        failed += !ok;
        sap_session_release(&session);
    }
    free(block);
    if (play) {
        printf("PLAY to the end, %ux%u/%u no-guess, %u games: median %.0f ms (%.2f us a "
               "cell), %zu bytes of reply; %u not won\n",
               rows, cols, mines, games, samples_quantile(&live, 0.5) / 1e3,
               samples_quantile(&live, 0.5) / ((double)rows * cols), reply_bytes, failed);
        printf("summary\tPLAY to the end, %ux%u/%u no-guess (median)\t%.0f ms\t-\t-\t"
               "won, no GUESS\n",
               rows, cols, mines, samples_quantile(&live, 0.5) / 1e3);
    } else {
        double l50 = samples_quantile(&live, 0.5), l99 = samples_quantile(&live, 0.99);
        double f50 = samples_quantile(&at.full, 0.5), p50 = samples_quantile(&at.prob, 0.5);
        double s50 = samples_quantile(&at.show, 0.5), d50 = samples_quantile(&at.deduce, 0.5);
        double a50 = samples_quantile(&at.again, 0.5);
        printf("HINT after a move, %ux%u/%u no-guess, %u games, %u moves: kept deduction "
               "median %.1f us, p99 %.1f us; whole-board HINT (%zu positions) median %.1f us; "
               "%u games with a GUESS or not won\n",
               rows, cols, mines, games, moves, l50, l99, at.full.count, f50, failed);
        printf("PROB at the same positions: %zu answered, median %.1f us through the "
               "session; PROB again (its map alone) %.1f us; SHOW %.1f us; a whole-board "
               "deduction alone %.1f us; %u too big to work out (ERR)\n",
               at.prob.count, p50, a50, s50, d50, at.too_big);
        printf("summary\tHINT after a move, %ux%u/%u (median)\t%.1f us\t%.1f us\t%.0fx\t"
               "within 3x of expert\n",
               rows, cols, mines, l50, f50, l50 > 0 ? f50 / l50 : 0.0);
        if (at.prob.count > 0)
            printf("summary\tPROB after a move, %ux%u/%u (median; its map alone %.0f us, SHOW "
                   "%.0f us)\t%.0f us\t%.0f us\t%.1fx\tabout what its map costs\n",
                   rows, cols, mines, a50, s50, p50, d50 + s50,
                   p50 > 0 ? (d50 + s50) / p50 : 0.0);
    }
    samples_free(&live);
    samples_free(&at.full);
    samples_free(&at.prob);
    samples_free(&at.again);
    samples_free(&at.show);
    samples_free(&at.deduce);
    return failed == 0 ? 0 : 1;
}
