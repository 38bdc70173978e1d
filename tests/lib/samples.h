/*
 * samples.h - measured values (times, mostly) for the benchmark tools:
 * collected as they come, then read by rank.  One definition of a median
 * and a percentile for every figure `make bench` prints.  Running out of
 * memory ends the program with status 2, as text.h's buffer does.
 */
#ifndef SAPPER_SAMPLES_H
#define SAPPER_SAMPLES_H

#include <stddef.h>

struct samples {
    double *values;
    size_t count, capacity;
};

void samples_add(struct samples *s, double value);
void samples_free(struct samples *s);

/* The q-quantile (0 <= q <= 1) of n values, which it sorts in place:
 * read between the two nearest ranks, so that q = 0.5 is the median (the
 * middle two's mean for an even n), 0 the smallest and 1 the largest.
 * 0 for no values. */
double quantile(double *values, size_t n, double q);
double samples_quantile(struct samples *s, double q);

#endif
