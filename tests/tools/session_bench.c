/*
 * session_bench.c - throughput of the protocol engine on pipelined moves.
 *
 * Input: GAMES games on a ROWS x COLS board ("NEW r c" and its rows), each
 * MOVES moves (80 % right clicks, 15 % left clicks, 5 % chords, all safe),
 * then "0".  Two runs over the same bytes:
 *   session   sap_session_sink / sap_session_poll, 64 KiB at a time
 *   baseline  a straightforward loop: split lines, strtok_r + strtoul,
 *             the same game calls, replies collected the same way
 * Both outputs must be byte-identical (checked).  Prints the median of
 * RUNS runs of each, moves per second, and the ratio.
 *
 * usage: session_bench [games moves rows cols runs]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/heap_memory.h"
#include "lib/samples.h"
#include "sapper.h"


static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* FNV-1a over the output, so that outputs are compared without storing them. */
struct sink {
    uint64_t hash;
    size_t bytes;
};

static void sink_add(struct sink *k, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        k->hash = (k->hash ^ (unsigned char)p[i]) * 1099511628211ull;
    k->bytes += n;
}

/* Explicit boards (15 % mines) so that the moves can stay safe: left
 * clicks on safe cells, chords where the 3x3 holds no mine, right clicks
 * anywhere.  The games keep running, as a player's would. */
static char *make_input(int games, int moves, int rows, int cols, size_t *length)
{
    size_t cells = (size_t)rows * cols;
    size_t cap = (size_t)games * ((size_t)moves * 24 + cells + (size_t)rows + 64) + 64, n = 0;
    char *in = malloc(cap), *mine = malloc(cells);
    uint32_t seed = 2024;
    int g, m, r, c;
#define NEXT() (seed = seed * 1664525u + 1013904223u, seed >> 8)
    for (g = 0; g < games; g++) {
        n += (size_t)sprintf(in + n, "NEW %d %d\n", rows, cols);
        for (r = 0; r < rows; r++) {
            for (c = 0; c < cols; c++) {
                mine[(size_t)r * cols + c] = NEXT() % 100 < 15;
                in[n++] = mine[(size_t)r * cols + c] ? '*' : '_';
            }
            in[n++] = '\n';
        }
        for (m = 0; m < moves; m++) {
            uint32_t pick = NEXT() % 100;
            int op = pick < 80 ? 2 : pick < 95 ? 1 : 3, tries;
            for (tries = 0; tries < 50; tries++) {
                int dr, dc, clear = 1;
                r = (int)(NEXT() % (uint32_t)rows);
                c = (int)(NEXT() % (uint32_t)cols);
                if (op == 2)
                    break;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++)
                        if ((op == 3 || (dr == 0 && dc == 0)) && r + dr >= 0 && r + dr < rows
                            && c + dc >= 0 && c + dc < cols
                            && mine[(size_t)(r + dr) * cols + c + dc])
                            clear = 0;
                if (clear)
                    break;
            }
            if (tries == 50)
                op = 2;
            n += (size_t)sprintf(in + n, "%d %d %d\n", op, r + 1, c + 1);
        }
        n += (size_t)sprintf(in + n, "0\n");
    }
#undef NEXT
    free(mine);
    *length = n;
    return in;
}

static char out[65536];

static double run_session(const char *in, size_t length, struct sink *k)
{
    static struct sap_session s;
    size_t done = 0;
    double t0 = now();
    sap_session_init(&s, &heap_memory);
    while (done < length) {
        size_t piece = length - done < 65536 ? length - done : 65536;
        while (piece > 0) {
            size_t taken = sap_session_sink(&s, in + done, piece), n;
            done += taken;
            piece -= taken;
            while ((n = sap_session_poll(&s, out, sizeof out)) > 0 || sap_session_busy(&s))
                sink_add(k, out, n);
        }
    }
    sap_session_finish(&s);
    {
        size_t n;
        while ((n = sap_session_poll(&s, out, sizeof out)) > 0 || sap_session_busy(&s))
            sink_add(k, out, n);
    }
    sap_session_release(&s);
    return now() - t0;
}

/* What one would write first: lines, strtok_r, strtoul, the game API. */
static double run_baseline(const char *in, size_t length, struct sink *k)
{
    char *copy = malloc(length + 1), *save = NULL, *line;
    void *block = NULL;
    sap_game *game = NULL;
    double t0 = now();
    memcpy(copy, in, length);
    copy[length] = '\0';
    for (line = strtok_r(copy, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char *words[6], *wsave = NULL, *w;
        int count = 0;
        for (w = strtok_r(line, " \t\r", &wsave); w != NULL && count < 6;
             w = strtok_r(NULL, " \t\r", &wsave))
            words[count++] = w;
        if (count == 3 && strcmp(words[0], "NEW") == 0) {
            unsigned long r = strtoul(words[1], NULL, 10), c = strtoul(words[2], NULL, 10), i,
                          j;
            unsigned long mines = 0;
            char reply[64];
            free(block);
            block = malloc(SAP_GAME_BYTES(r, c));
            sap_game_init(&game, block, SAP_GAME_BYTES(r, c), (uint32_t)r, (uint32_t)c);
            for (i = 0; i < r; i++) {
                char *row = strtok_r(NULL, "\n", &save);
                for (j = 0; j < c; j++)
                    if (row[j] == '*') {
                        sap_game_set_mine(game, (uint32_t)i, (uint32_t)j, true);
                        mines++;
                    }
            }
            sink_add(k, reply, (size_t)sprintf(reply, "OK %lu %lu %lu\n", r, c, mines));
        } else if (count == 3 && game != NULL) {
            size_t n;
            sap_game_move(game, atoi(words[0]), (uint32_t)strtoul(words[1], NULL, 10),
                          (uint32_t)strtoul(words[2], NULL, 10));
            while ((n = sap_game_reply(game, out, sizeof out)) > 0)
                sink_add(k, out, n);
        } else if (count == 1 && strcmp(words[0], "0") == 0) {
            const char *reply = game != NULL && sap_game_state(game) == SAP_RUNNING ? "QUIT\n"
                                                                                    : "OK\n";
            sink_add(k, reply, strlen(reply));
            free(block);
            block = NULL;
            game = NULL;
        }
    }
    free(block);
    free(copy);
    return now() - t0;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 30, moves = argc > 2 ? atoi(argv[2]) : 10000;
    int rows = argc > 3 ? atoi(argv[3]) : 200, cols = argc > 4 ? atoi(argv[4]) : 200;
    int runs = argc > 5 ? atoi(argv[5]) : 5, i;
    size_t length;
    char *in;
    double ts[32], tb[32], ts_median, tb_median, total_moves;
    struct sink ks = { 0, 0 }, kb = { 0, 0 };

    if (games < 1 || moves < 0 || rows < 1 || cols < 1 || runs < 1 || runs > 32)
        return 2;
    in = make_input(games, moves, rows, cols, &length);
    total_moves = (double)games * moves;
    for (i = 0; i < runs; i++) {
        struct sink a = { 1469598103934665603ull, 0 }, b = { 1469598103934665603ull, 0 };
        ts[i] = run_session(in, length, &a);
        tb[i] = run_baseline(in, length, &b);
        ks = a;
        kb = b;
    }
    ts_median = quantile(ts, (size_t)runs, 0.5);
    tb_median = quantile(tb, (size_t)runs, 0.5);
    printf("input: %d games of %d moves on %dx%d, %.1f MiB in, %.1f MiB out\n", games, moves,
           rows, cols, (double)length / 1048576.0, (double)ks.bytes / 1048576.0);
    printf("session:  median %.3f s over %d runs, %.0f move replies/s, %.1f MiB/s of input\n",
           ts_median, runs, total_moves / ts_median, (double)length / 1048576.0 / ts_median);
    printf("baseline: median %.3f s (strtok_r/strtoul loop, same game calls), %.0f moves/s\n",
           tb_median, total_moves / tb_median);
    printf("ratio baseline/session: %.2f; same output bytes: %s\n", tb_median / ts_median,
           ks.hash == kb.hash && ks.bytes == kb.bytes ? "yes" : "NO");
    printf("SAP_SESSION_BYTES = %zu\n", SAP_SESSION_BYTES);
    free(in);
    return ks.hash == kb.hash && ks.bytes == kb.bytes ? 0 : 1;
}
