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

/* n / d and n % d for d > 0, by shifts and subtractions: a 64-bit
 * division is a libgcc call on 32-bit targets, and not every toolchain
 * ships one for them.  Only the combining steps divide, never the counting. */
static uint64_t divide(uint64_t n, uint32_t d, uint32_t *remainder)
{
    uint64_t q = 0, r = 0;
    int bit;
    for (bit = 63; bit >= 0; bit--) {
        r = (r << 1) | ((n >> 63) & 1u);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    if (remainder != NULL)
        *remainder = (uint32_t)r;
    return q;
}

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
    {
        uint64_t small = (uint64_t)b.m << 8;
        for (; shift > 0; shift--)
            small >>= 1;
        return normalise(((uint64_t)a.m << 8) + small, a.e - 8);
    }
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
        return normalise(divide(m, d, NULL), e - room);
    }
}

/* round(a / b * scale) for a <= b, b nonzero: a probability in 1/scale. */
uint32_t sap_weight_ratio(struct sap_weight a, struct sap_weight b, uint32_t scale)
{
    int32_t shift;
    uint32_t rem;
    uint64_t fixed;
    if (a.m == 0 || b.m == 0)
        return 0;
    shift = a.e - b.e; /* a / b = (a.m / b.m) * 2^shift, a.m / b.m in (1/2, 2) */
    if (shift < -40)
        return 0;
    if (shift > 2)
        return scale;
    /* a.m * scale / b.m in fixed point with 30 fraction bits (scale <= 2^31
     * keeps every step in range), then the exponent, then rounded */
    fixed = divide((uint64_t)a.m * scale, b.m, &rem) << 30;
    fixed += divide((uint64_t)rem << 30, b.m, NULL);
    /* a bit at a time: a variable 64-bit shift is a libgcc call on 32-bit
     * targets, and the count is small */
    for (; shift > 0; shift--)
        fixed <<= 1;
    for (; shift < 0; shift++)
        fixed >>= 1;
    return (uint32_t)((fixed + ((uint64_t)1 << 29)) >> 30);
}
