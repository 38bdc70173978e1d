/*
 * weight.h - the deduction's numbers (weight.c): layout
 * counts as m * 2^e, in integer arithmetic only.  Private to the core.
 */
#ifndef SAP_WEIGHT_H
#define SAP_WEIGHT_H

#include "internal.h"

SAP_INTERNAL_BEGIN

/* A nonnegative number m * 2^e, m in [2^31, 2^32) or 0: layout counts. */
struct sap_weight {
    uint32_t m;
    int32_t e;
};

struct sap_weight sap_weight_of(uint32_t n);
bool sap_weight_is_zero(struct sap_weight w);
struct sap_weight sap_weight_add(struct sap_weight a, struct sap_weight b);
struct sap_weight sap_weight_mul(struct sap_weight a, struct sap_weight b);
/* The sum of a[i] * b[i * step] for i < n (step 1 or -1: b read down
 * from where it points), summed in one wide word and rounded once: the
 * combining's sums of products, several times faster than a product and
 * a sum a term.  Zero exactly when every term is. */
struct sap_weight sap_weight_dot(const struct sap_weight *a, const struct sap_weight *b,
                                 uint32_t n, int32_t step);
/* a * n / d, for n, d below 2^31 and d > 0. */
struct sap_weight sap_weight_scale(struct sap_weight a, uint32_t n, uint32_t d);
/* round(scale * a / b) for a <= b, b nonzero (scale <= 2^31). */
uint32_t sap_weight_ratio(struct sap_weight a, struct sap_weight b, uint32_t scale);
/* a / b (a <= b, b nonzero) as odds: in 0.01 %, kept in 1..9999 for a
 * share neither none nor all, and ODDS_BELOW when the exact share lies
 * below that figure: all that a figure rounded to 0.01 % needs to be
 * rounded again to fewer places as if from a / b itself, once
 * (hint_text.c).  A share within 2^-24 of the figure (relative) counts as
 * on it: the layout counts' rounding (m has 32 bits, and a count is a
 * product of sums) leaves a / b a little off where the exact share is the
 * figure itself; a share that is not the figure but within 2^-24 of it
 * needs over 1,600 layouts and is rarer still. */
#define ODDS_BELOW 0x4000u
uint32_t sap_weight_odds(struct sap_weight a, struct sap_weight b);

SAP_INTERNAL_END

#endif
