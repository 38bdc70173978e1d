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
    unsigned char *shaded;               /* rows*cols, 1 = shaded */
    int count;                           /* numbers in use */
    int capacity;
    struct ref_nurikabe_number *numbers; /* no two in one cell */
    int *number_of;                      /* rows*cols: index into numbers, or -1 */
};

/* A small deterministic generator (splitmix64). */
struct ref_nurikabe_rng { uint64_t state; };
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

/* 1 solved, 0 not solved: the rules as SPEC.md settles them. */
int ref_nurikabe_verify(const struct ref_nurikabe_grid *g);

/* Fills g (already initialised, no numbers) with a random shading and puts
 * a number equal to its size on a random cell of every unshaded region.
 * `grow` chooses the shading: true grows one connected shaded wall that
 * never makes a 2x2 pool nor closes an unshaded cell off from the edge (so
 * the grid is solved), false shades each cell with probability
 * `percent` / 100 (solved only by luck). */
void ref_nurikabe_generate(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng, bool grow,
                           unsigned percent);

/* Applies one random small change: a shading flipped, a number moved,
 * changed by one, added or removed, two numbers swapped. */
void ref_nurikabe_perturb(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng);

#endif
