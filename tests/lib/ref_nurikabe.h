/*
 * ref_nurikabe.h - the tests' own Nurikabe verifier (straightforward
 * breadth-first searches over int arrays, nothing shared with the core)
 * and a generator of random grids whose verdicts are both common.
 */
#ifndef REF_NURIKABE_H
#define REF_NURIKABE_H

#include <stdbool.h>
#include <stdint.h>

struct ref_nurikabe_number {
    int row, col;
    uint32_t value;
};

struct ref_nurikabe_grid {
    int rows, cols;
    unsigned char *shaded; /* rows*cols, 1 = shaded */
    int count;             /* numbers in use */
    int capacity;
    struct ref_nurikabe_number *numbers; /* no two in one cell */
    int *number_of;                      /* rows*cols: index into numbers, or -1 */
};

/* A small deterministic generator (splitmix64). */
struct ref_nurikabe_rng {
    uint64_t state;
};
uint64_t ref_nurikabe_next(struct ref_nurikabe_rng *rng);
/* Uniform in [0, n), n >= 1. */
uint32_t ref_nurikabe_below(struct ref_nurikabe_rng *rng, uint32_t n);

/* An all-unshaded grid without numbers (room for rows*cols numbers). */
void ref_nurikabe_grid_init(struct ref_nurikabe_grid *g, int rows, int cols);
void ref_nurikabe_grid_free(struct ref_nurikabe_grid *g);
/* Adds a number; false when the cell already has one. */
bool ref_nurikabe_add_number(struct ref_nurikabe_grid *g, int row, int col, uint32_t value);
/* Removes numbers[k] (the last number takes its place in the list). */
void ref_nurikabe_remove_number(struct ref_nurikabe_grid *g, int k);

/* 1 solved, 0 not solved: the rules of core/README.md (Nurikabe verifier). */
int ref_nurikabe_verify(const struct ref_nurikabe_grid *g);

/* How ref_nurikabe_generate shades. */
enum ref_nurikabe_shading {
    REF_NURIKABE_RANDOM, /* each cell shaded with probability percent/100: solved by luck */
    REF_NURIKABE_SOLVED, /* one connected wall grown without 2x2 pools or closed-off
                           * cells: solved */
    REF_NURIKABE_HOLES   /* the same wall, but allowed to close cells off from the
                           * edge: not solved by the edge rule alone, when it does */
};

/* Fills g (already initialised, no numbers) with a shading of about
 * `percent` per cent of the cells and puts a number equal to its size on a
 * random cell of every unshaded region. */
void ref_nurikabe_generate(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng,
                           enum ref_nurikabe_shading shading, unsigned percent);

/* Applies one random small change: a shading flipped, a number moved,
 * changed by one, added or removed, two numbers swapped, a cell walled in. */
void ref_nurikabe_perturb(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng);

#endif
