/*
 * casual_bench - times the core's casual solver beside two baselines on one
 * random board (deterministic per seed):
 *
 *   literal: the statement's algorithm as written (every safe start, whole-
 *            board sweeps to a fixpoint; ref_casual_closure), run under a
 *            time cap: when the cap is hit, the time for all starts is
 *            extrapolated from the starts done and marked "~".
 *   queue:   a plain work queue per start that skips starts an earlier
 *            closure cleared (ref_casual_solve_queue), without the core's
 *            other savings.
 *
 *   casual_bench ROWS COLS PERMILLE|TILE SEED RUNS QUEUE_RUNS LITERAL_RUNS CAP_SECONDS
 *
 * TILE (rows of 'M' and '.' joined by '/', e.g. ".....M./.....M./M.MMM.M/.M...M.")
 * draws, instead of a random board, that tile repeated over the board
 * (the periodic boards that were the casual player's worst cases).
 *
 * Prints one line: the board, the answer, the medians in milliseconds and
 * the ratios literal/core and queue/core.  Exit status 1 if the answers
 * disagree.
 */
#include "lib/ref_casual.h"
#include "lib/samples.h"
#include "sapper.h"

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

/* The literal algorithm under a time cap.  Returns seconds for all starts
 * (extrapolated when *complete is 0) and the best start's answer. */
static double literal_run(const unsigned char *mines, uint32_t rows, uint32_t cols, double cap,
                          int *complete, uint32_t *covered)
{
    uint32_t cells = rows * cols, x, safe = 0, done = 0, best = 0;
    unsigned char *state = malloc(cells);
    double start = now(), elapsed = 0;

    if (state == NULL)
        abort();
    for (x = 0; x < cells; x++)
        safe += !mines[x];
    *complete = 1;
    for (x = 0; x < cells; x++) {
        uint32_t n;
        if (mines[x])
            continue;
        n = ref_casual_closure(mines, rows, cols, x, state);
        if (n > best)
            best = n;
        done++;
        elapsed = now() - start;
        if (elapsed > cap && done < safe) {
            *complete = 0;
            break;
        }
    }
    free(state);
    *covered = safe - best;
    return *complete ? elapsed : elapsed * safe / done;
}

/* The tile "row/row/..." repeated over the board; -1 if it is not a
 * rectangle of 'M' and '.'. */
static int tile_board(unsigned char *mines, uint32_t rows, uint32_t cols, const char *tile)
{
    const char *line[64];
    uint32_t height = 0, width = 0, r, c;
    const char *p = tile;

    for (;;) {
        const char *end = strchr(p, '/');
        uint32_t n = end != NULL ? (uint32_t)(end - p) : (uint32_t)strlen(p);
        if (height == 64 || n == 0 || (height > 0 && n != width) || strspn(p, "M.") < n)
            return -1;
        width = n;
        line[height++] = p;
        if (end == NULL)
            break;
        p = end + 1;
    }
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            mines[r * cols + c] = line[r % height][c % width] == 'M';
    return 0;
}

int main(int argc, char **argv)
{
    uint32_t rows, cols, r, c, safe = 0, literal_covered = 0;
    unsigned permille = 0;
    const char *tile = NULL;
    unsigned long long seed;
    int runs, queue_runs, literal_runs, i, literal_complete = 1, status = 0;
    double cap, *times, core_ms, queue_ms = 0, literal_ms = 0;
    unsigned char *mines;
    void *block;
    sap_casual *cs;
    struct sap_casual_result result;
    struct ref_casual_answer queue_answer;

    if (argc != 9) {
        fprintf(stderr,
                "usage: casual_bench ROWS COLS PERMILLE SEED RUNS QUEUE_RUNS LITERAL_RUNS"
                " CAP_SECONDS\n");
        return 2;
    }
    rows = (uint32_t)strtoul(argv[1], NULL, 10);
    cols = (uint32_t)strtoul(argv[2], NULL, 10);
    if (strchr(argv[3], '/') != NULL || strchr(argv[3], 'M') != NULL)
        tile = argv[3];
    else
        permille = (unsigned)strtoul(argv[3], NULL, 10);
    seed = strtoull(argv[4], NULL, 10);
    runs = atoi(argv[5]);
    queue_runs = atoi(argv[6]);
    literal_runs = atoi(argv[7]);
    cap = atof(argv[8]);
    if (rows == 0 || cols == 0 || rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS || runs < 1
        || queue_runs < 0 || literal_runs < 0 || runs > 1000 || queue_runs > 1000
        || literal_runs > 1000) {
        fprintf(stderr, "casual_bench: bad arguments\n");
        return 2;
    }
    mines = malloc((size_t)rows * cols);
    block = malloc(SAP_CASUAL_BYTES(rows, cols));
    times = malloc(sizeof *times * (size_t)(runs + queue_runs + literal_runs + 1));
    if (mines == NULL || block == NULL || times == NULL)
        abort();
    if (tile != NULL) {
        if (tile_board(mines, rows, cols, tile) < 0) {
            fprintf(stderr, "casual_bench: bad tile %s\n", tile);
            free(mines);
            free(block);
            free(times);
            return 2;
        }
    } else {
        ref_casual_random_board(mines, rows, cols, permille, seed);
    }
    for (i = 0; i < (int)(rows * cols); i++)
        safe += !mines[i];

    /* the core: board set-up and solve, as a caller does it */
    for (i = 0; i < runs; i++) {
        double t0 = now();
        if (sap_casual_init(&cs, block, SAP_CASUAL_BYTES(rows, cols), rows, cols) != SAP_OK)
            abort();
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                if (mines[r * cols + c])
                    sap_casual_set_mine(cs, r, c, true);
        if (sap_casual_solve(cs, &result) != SAP_OK)
            result.covered = 0;
        times[i] = now() - t0;
    }
    core_ms = quantile(times, (size_t)runs, 0.5) * 1e3;

    queue_answer.covered = result.covered;
    for (i = 0; i < queue_runs; i++) {
        double t0 = now();
        if (ref_casual_solve_queue(mines, rows, cols, &queue_answer, NULL) < 0)
            queue_answer.covered = 0;
        times[i] = now() - t0;
    }
    if (queue_runs > 0)
        queue_ms = quantile(times, (size_t)queue_runs, 0.5) * 1e3;

    for (i = 0; i < literal_runs; i++) {
        times[i] = literal_run(mines, rows, cols, cap, &literal_complete, &literal_covered);
        if (!literal_complete) {
            literal_runs = i + 1;
            break;
        }
    }
    if (literal_runs > 0)
        literal_ms = quantile(times, (size_t)literal_runs, 0.5) * 1e3;

    if (tile != NULL)
        printf("%ux%u tile %s: %u safe, answer %u at (%u,%u)  core %.3f ms", rows, cols, tile,
               safe, result.covered, result.row, result.col, core_ms);
    else
        printf("%ux%u %2u.%u%% mines seed %llu: %u safe, answer %u at (%u,%u)  core %.3f ms",
               rows, cols, permille / 10, permille % 10, seed, safe, result.covered, result.row,
               result.col, core_ms);
    if (queue_runs > 0)
        printf("  queue %.2f ms (%.1fx)", queue_ms, queue_ms / core_ms);
    if (literal_runs == 0)
        printf("  literal: not run");
    else if (literal_complete)
        printf("  literal %.1f ms (%.0fx, %d runs)", literal_ms, literal_ms / core_ms,
               literal_runs);
    else
        printf("  literal ~%.0f ms (~%.0fx, extrapolated from a %.0f s run)", literal_ms,
               literal_ms / core_ms, cap);
    printf("  [median of %d]\n", runs);
    if (queue_answer.covered != result.covered
        || (literal_runs > 0 && literal_complete && literal_covered != result.covered)) {
        printf("  ANSWERS DISAGREE: core %u, queue %u, literal %u\n", result.covered,
               queue_answer.covered, literal_covered);
        status = 1;
    }
    free(mines);
    free(block);
    free(times);
    return status;
}
