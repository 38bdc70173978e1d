/*
 * nurikabe_bench - 1,000 random 100 x 100 grids (grown solutions, half of
 * them perturbed), verified by the core (init, numbers, the shading from
 * its rows of '#' and '.', verify: what a judge reader does per grid) and
 * by the reference verifier of
 * tests/lib/ref_nurikabe.c (plain breadth-first searches) as the baseline.
 * Prints cells per second, medians over several runs, and the ratio.
 *
 *   nurikabe_bench [runs] [grids] [side]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/ref_nurikabe.h"
#include "lib/samples.h"
#include "sapper.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: the machine is shared */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The grid's shading as the statement writes it, rows of '#' and '.'. */
static char *grid_text(const struct ref_nurikabe_grid *g)
{
    char *text = malloc((size_t)g->rows * (size_t)g->cols);
    int i;
    if (text == NULL)
        abort();
    for (i = 0; i < g->rows * g->cols; i++)
        text[i] = g->shaded[i] ? '#' : '.';
    return text;
}

static int core_verify(const struct ref_nurikabe_grid *g, const char *text, void *memory,
                       size_t bytes)
{
    sap_nurikabe *grid;
    int i, r;
    if (sap_nurikabe_init(&grid, memory, bytes, (uint32_t)g->rows, (uint32_t)g->cols,
                          (uint32_t)g->count)
        != SAP_OK)
        abort();
    for (i = 0; i < g->count; i++)
        sap_nurikabe_set_number(grid, (uint32_t)g->numbers[i].row, (uint32_t)g->numbers[i].col,
                                g->numbers[i].value);
    for (r = 0; r < g->rows; r++)
        if (sap_nurikabe_set_row(grid, (uint32_t)r, 0, text + (size_t)r * (size_t)g->cols,
                                 (uint32_t)g->cols)
            != SAP_OK)
            abort();
    return sap_nurikabe_verify(grid);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5, count = argc > 2 ? atoi(argv[2]) : 1000;
    int side = argc > 3 ? atoi(argv[3]) : 100, i, run, solved = 0, mismatches = 0;
    struct ref_nurikabe_rng rng = { 11585 };
    struct ref_nurikabe_grid *grids;
    char **texts;
    double core[64], base[64], core_median, base_median, cells;
    size_t bytes = SAP_NURIKABE_BYTES(side, side, side * side);
    void *memory;

    if (runs < 1 || runs > 64 || count < 1 || side < 1 || side > 1000) {
        fprintf(stderr, "usage: nurikabe_bench [runs <= 64] [grids] [side <= 1000]\n");
        return 2;
    }
    grids = calloc((size_t)count, sizeof *grids);
    texts = calloc((size_t)count, sizeof *texts);
    memory = malloc(bytes);
    if (grids == NULL || texts == NULL || memory == NULL) {
        free(grids);
        free(texts);
        free(memory);
        return 1;
    }
    for (i = 0; i < count; i++) {
        ref_nurikabe_grid_init(&grids[i], side, side);
        ref_nurikabe_generate(&grids[i], &rng, REF_NURIKABE_SOLVED,
                              45 + ref_nurikabe_below(&rng, 20));
        if (i % 2 == 1)
            ref_nurikabe_perturb(&grids[i], &rng);
        texts[i] = grid_text(&grids[i]);
    }
    cells = (double)count * side * side;
    for (run = 0; run < runs; run++) {
        double t0 = now();
        int verdicts = 0;
        for (i = 0; i < count; i++)
            verdicts += core_verify(&grids[i], texts[i], memory, bytes);
        core[run] = now() - t0;
        t0 = now();
        for (i = 0; i < count; i++) {
            int ref = ref_nurikabe_verify(&grids[i]);
            solved += ref;
            verdicts -= ref;
        }
        base[run] = now() - t0;
        mismatches += verdicts != 0;
    }
    core_median = quantile(core, (size_t)runs, 0.5);
    base_median = quantile(base, (size_t)runs, 0.5);
    printf("nurikabe: %d grids of %dx%d (%d solved), median of %d runs\n", count, side, side,
           solved / runs, runs);
    printf("  core (load + verify):       %8.1f ms  %12.0f cells/s\n", core_median * 1e3,
           cells / core_median);
    printf("  reference BFS verifier:     %8.1f ms  %12.0f cells/s\n", base_median * 1e3,
           cells / base_median);
    printf("  ratio core/reference throughput: %.2fx\n", base_median / core_median);
    for (i = 0; i < count; i++) {
        ref_nurikabe_grid_free(&grids[i]);
        free(texts[i]);
    }
    free(texts);
    free(grids);
    free(memory);
    if (mismatches != 0) {
        fprintf(stderr, "nurikabe_bench: the core and the reference disagree\n");
        return 1;
    }
    return 0;
}
