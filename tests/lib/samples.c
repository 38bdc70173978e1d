/*
 * samples.c - measured values read by rank (samples.h).
 */
#include "samples.h"

#include <stdio.h>
#include <stdlib.h>

void samples_add(struct samples *s, double value)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 1024; /* doubling: O(1) each */
        double *grown = realloc(s->values, capacity * sizeof *grown);
        if (grown == NULL) {
            fputs("out of memory for the samples\n", stderr);
            exit(2);
        }
        s->values = grown;
        s->capacity = capacity;
    }
    s->values[s->count++] = value;
}

void samples_free(struct samples *s)
{
    free(s->values);
    s->values = NULL;
    s->count = s->capacity = 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double quantile(double *values, size_t n, double q)
{
    double at;
    size_t below;
    if (n == 0)
        return 0;
    qsort(values, n, sizeof *values, by_value);
    at = q <= 0 ? 0 : q >= 1 ? (double)(n - 1) : q * (double)(n - 1);
    below = (size_t)at;
    if (below + 1 >= n)
        return values[n - 1];
    return values[below] + (at - (double)below) * (values[below + 1] - values[below]);
}

double samples_quantile(struct samples *s, double q)
{
    return quantile(s->values, s->count, q);
}
