/*
 * casual_gen - random boards in the Mid-Central 2003 "mines" input format,
 * deterministic per seed, or the answers the reference gives for them.
 *
 *   casual_gen [--answers] [--vary] ROWS COLS PERMILLE SEED [COUNT]
 *
 * Writes COUNT boards (default 1) of ROWS x COLS cells, each cell a mine
 * with probability PERMILLE/1000, then "0 0"; board i is the board that
 * casual_bench draws for seed SEED + i.  --vary draws each board's
 * size between 1 x 1 and ROWS x COLS instead.  --answers writes, instead of
 * the boards, one line per board with the reference's answer
 * (ref_casual_solve_queue in tests/lib/ref_casual.c; a board without a safe
 * cell answers 0), so `sapperd --judge casual` can be checked against it.
 */
#include "lib/ref_casual.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse(const char *text, unsigned long max, unsigned long *value)
{
    char *end;
    unsigned long v;
    if (text[0] < '0' || text[0] > '9')
        return -1;
    v = strtoul(text, &end, 10);
    if (*end != '\0' || v > max)
        return -1;
    *value = v;
    return 0;
}

int main(int argc, char **argv)
{
    int answers = 0, vary = 0, a = 1;
    unsigned long rows, cols, permille, seed, count = 1, i;
    unsigned char *mines;
    char *line;

    for (; a < argc && strncmp(argv[a], "--", 2) == 0; a++) {
        if (strcmp(argv[a], "--answers") == 0)
            answers = 1;
        else if (strcmp(argv[a], "--vary") == 0)
            vary = 1;
        else
            break;
    }
    if (argc - a < 4 || argc - a > 5 || parse(argv[a], 100000, &rows) || rows == 0
        || parse(argv[a + 1], 100000, &cols) || cols == 0 || rows * cols > 100000000ul
        || parse(argv[a + 2], 1000, &permille) || parse(argv[a + 3], 0xFFFFFFFFul, &seed)
        || (argc - a == 5 && parse(argv[a + 4], 1000000, &count))) {
        fprintf(stderr,
                "usage: casual_gen [--answers] [--vary] ROWS COLS PERMILLE SEED [COUNT]\n");
        return 2;
    }
    mines = malloc(rows * cols);
    line = malloc(cols + 2);
    if (mines == NULL || line == NULL) {
        fprintf(stderr, "casual_gen: out of memory\n");
        free(mines);
        free(line);
        return 1;
    }
    for (i = 0; i < count; i++) {
        uint64_t rng = seed * 1000003ull + i;
        uint32_t r = (uint32_t)rows, c = (uint32_t)cols, y, x;
        if (vary) {
            r = 1 + (uint32_t)(ref_casual_random(&rng) % rows);
            c = 1 + (uint32_t)(ref_casual_random(&rng) % cols);
        }
        /* board i of seed s is the board casual_bench draws for seed s + i */
        ref_casual_random_board(mines, r, c, (unsigned)permille, seed + i);
        if (answers) {
            struct ref_casual_answer answer;
            if (ref_casual_solve_queue(mines, r, c, &answer, NULL) < 0)
                answer.covered = 0;
            printf("%u\n", answer.covered);
            continue;
        }
        printf("%u %u\n", r, c);
        for (y = 0; y < r; y++) {
            for (x = 0; x < c; x++)
                line[x] = mines[y * c + x] ? 'M' : '.';
            line[c] = '\n';
            fwrite(line, 1, c + 1, stdout);
        }
    }
    if (!answers)
        printf("0 0\n");
    free(mines);
    free(line);
    return fflush(stdout) == 0 ? 0 : 1;
}
