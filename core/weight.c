/*
 * weight.c - layout counts too big for any integer: m * 2^e with a 32-bit
 * mantissa, in integer arithmetic only (many boards have no FPU).
 *
 * The deduction engine weighs every layout consistent with what a player
 * sees; on a 16 x 30 board the counts run past 10^100.  Only sums and
 * products of positive numbers are taken, so the relative error stays
 * near 2^-31 per operation: probabilities come out good to far better
 * than 0.1 %.  Zero is exact (mantissa 0): whether a weight is zero is
 * never a matter of rounding, which is what certainty rests on.
 */
#include "internal.h"

/* m normalised into [2^31, 2^32), e adjusted; 0 stays 0. */
static struct sap_weight normalise(uint64_t m, int32_t e)
{
    struct sap_weight w;
    if (m == 0) {
        w.m = 0;
        w.e = 0;
        return w;
    }
    while (m >= ((uint64_t)1 << 32)) {
        m = (m >> 1) + (m & 1u); /* halved, rounding half up */
        e++;
    }
    while (m < ((uint64_t)1 << 31)) {
        m <<= 1;
        e--;
    }
    w.m = (uint32_t)m;
    w.e = e;
    return w;
}

struct sap_weight sap_weight_of(uint32_t n)
{
    return normalise(n, 0);
}

bool sap_weight_is_zero(struct sap_weight w)
{
    return w.m == 0;
}

struct sap_weight sap_weight_mul(struct sap_weight a, struct sap_weight b)
{
    if (a.m == 0 || b.m == 0)
        return normalise(0, 0);
    return normalise((uint64_t)a.m * b.m, a.e + b.e);
}

struct sap_weight sap_weight_add(struct sap_weight a, struct sap_weight b)
{
    int32_t shift;
    if (a.m == 0)
        return b;
    if (b.m == 0)
        return a;
    if (a.e < b.e) {
        struct sap_weight t = a;
        a = b;
        b = t;
    }
    shift = a.e - b.e;
    if (shift >= 40)
        return a; /* b is below a's last bit */
    /* both mantissas scaled by 2^8 first, so the smaller keeps its bits */
    return normalise(((uint64_t)a.m << 8) + (((uint64_t)b.m << 8) >> shift), b.e - 8 + shift);
}

/* a * n / d for small n, d (n, d < 2^31, d > 0): binomial steps. */
struct sap_weight sap_weight_scale(struct sap_weight a, uint32_t n, uint32_t d)
{
    uint64_t m;
    if (a.m == 0 || n == 0)
        return normalise(0, 0);
    m = (uint64_t)a.m * n;        /* < 2^63 */
    /* keep 32 good bits after the division: shift m up as far as it goes */
    {
        int32_t e = a.e, room = 0;
        while (room < 30 && m < ((uint64_t)1 << 62)) {
            m <<= 1;
            room++;
        }
        return normalise(m / d, e - room);
    }
}

/* round(a / b * scale) for a <= b, b nonzero: a probability in 1/scale. */
uint32_t sap_weight_ratio(struct sap_weight a, struct sap_weight b, uint32_t scale)
{
    int32_t shift;
    uint64_t q;
    if (a.m == 0 || b.m == 0)
        return 0;
    shift = a.e - b.e; /* a / b = (a.m / b.m) * 2^shift, a.m / b.m in (1/2, 2) */
    if (shift < -40)
        return 0;
    if (shift > 2)
        return scale;
    /* (a.m * scale * 2^(shift+30) / b.m) / 2^30, rounded */
    q = ((uint64_t)a.m * scale) / b.m; /* scale <= 2^31 keeps this in range */
    {
        uint64_t rem = ((uint64_t)a.m * scale) % b.m;
        uint64_t frac = (rem << 30) / b.m; /* 30 fraction bits */
        uint64_t fixed = (q << 30) + frac;
        if (shift >= 0)
            fixed <<= shift;
        else
            fixed >>= -shift;
        return (uint32_t)((fixed + ((uint64_t)1 << 29)) >> 30);
    }
}
