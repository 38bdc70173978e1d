/*
 * weight.c - layout counts too big for any integer: m * 2^e with a
 * 32-bit mantissa, in integer arithmetic only (many boards have no FPU).
 *
 * The deduction engine weighs every layout consistent with what a player
 * sees; on a 16 x 30 board the counts run past 10^100.  Only sums and
 * products of positive numbers are taken, so the relative error stays
 * near 2^-31 per operation: probabilities come out good to far better
 * than 0.1 %.  Zero is exact (mantissa 0): whether a weight is zero is
 * never a matter of rounding, which is what certainty rests on.
 */
#include "weight.h"

/* Where dividing a 64-bit number is one instruction (elsewhere it is a
 * libgcc call, which the core must not need: this file then divides by
 * shifts and subtractions). */
#if SAP_FAST_PATHS && defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__))
#define SAP_DIV64_IS_ONE_INSTRUCTION 1
#else
#define SAP_DIV64_IS_ONE_INSTRUCTION 0
#endif

/* 64-bit shifts by a variable count are libgcc calls on 32-bit targets
 * (and not every toolchain ships them), so they are built here from 32-bit
 * halves, whose variable shifts every target does in hardware. */
static uint64_t join(uint32_t hi, uint32_t lo)
{
    return ((uint64_t)hi << 32) | lo;
}

static uint64_t shift_right(uint64_t v, uint32_t n)
{
    uint32_t hi, lo;
    if (n >= 64)
        return 0;
    if (n == 0 || SAP_DIV64_IS_ONE_INSTRUCTION) /* (a 64-bit machine shifts too) */
        return v >> n;
    hi = (uint32_t)(v >> 32);
    lo = (uint32_t)v;
    if (n >= 32)
        return hi >> (n - 32);
    return join(hi >> n, (lo >> n) | (hi << (32 - n)));
}

static uint64_t shift_left(uint64_t v, uint32_t n)
{
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    if (n == 0)
        return v;
    if (n >= 64)
        return 0;
    if (n >= 32)
        return join(lo << (n - 32), 0);
    return join((hi << n) | (lo >> (32 - n)), lo << n);
}

/* Leading zero bits of v > 0, by halving the range (no clz instruction on
 * every target, and no libgcc call). */
static uint32_t leading_zeros(uint64_t v)
{
    uint32_t n = 0, x = (uint32_t)(v >> 32);
    if (x == 0) {
        n = 32;
        x = (uint32_t)v;
    }
    if (x < 0x10000u) {
        n += 16;
        x <<= 16;
    }
    if (x < 0x1000000u) {
        n += 8;
        x <<= 8;
    }
    if (x < 0x10000000u) {
        n += 4;
        x <<= 4;
    }
    if (x < 0x40000000u) {
        n += 2;
        x <<= 2;
    }
    if (x < 0x80000000u) {
        n += 1;
    }
    return n;
}

/* n / d for d > 0, by shifts and subtractions from n's top bit where a
 * 64-bit division is a libgcc call (32-bit targets).  The combining steps
 * divide: a few times per group, and a binomial step per interior mine. */
static uint64_t divide(uint64_t n, uint32_t d)
{
    uint64_t q = 0, r = 0;
    int bit;
    if (SAP_DIV64_IS_ONE_INSTRUCTION)
        return n / d;
    if (n == 0)
        return 0;
    for (bit = 63 - (int)leading_zeros(n); bit >= 0; bit--) {
        r = (r << 1) | (shift_right(n, (uint32_t)bit) & 1u);
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    return q;
}

/* m normalised into [2^31, 2^32), e adjusted; 0 stays 0. */
static struct sap_weight normalise(uint64_t m, int32_t e)
{
    struct sap_weight w;
    uint32_t zeros;
    if (m == 0) {
        w.m = 0;
        w.e = 0;
        return w;
    }
    zeros = leading_zeros(m);
    if (zeros < 32) { /* too wide: drop bits, rounding half up */
        uint32_t drop = 32 - zeros;
        m = shift_right(m + shift_left(1, drop - 1), drop);
        e += (int32_t)drop;
        if (m >> 32) { /* rounding carried into a new bit */
            m >>= 1;
            e++;
        }
    } else if (zeros > 32) {
        m = shift_left(m, zeros - 32);
        e -= (int32_t)(zeros - 32);
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
    return normalise(((uint64_t)a.m << 8) + shift_right((uint64_t)b.m << 8, (uint32_t)shift),
                     a.e - 8);
}

struct sap_weight sap_weight_dot(const struct sap_weight *a, const struct sap_weight *b,
                                 uint32_t n, int32_t step)
{
    /* Each term lined up at the largest exponent met so far, `room` bits
     * lower still, so that n terms below 2^64 each cannot carry out of the
     * word; a larger term shifts the sum down to it.  The largest keeps
     * 62 - room bits, and a term 2^(62 - room) times smaller than it is
     * at most a unit off (relative error below n 2^(room - 62) in all, far
     * under a bit of the mantissa for any n the workspace holds); the
     * largest is never shifted to nothing, so the sum is 0 only when every
     * term is. */
    uint32_t i, room = 64u - leading_zeros(n);
    int32_t top = 0;
    uint64_t sum = 0;
    bool any = false;
    for (i = 0; i < n; i++) {
        const struct sap_weight *y = b + (ptrdiff_t)i * step;
        int32_t e = a[i].e + y->e;
        if (a[i].m == 0 || y->m == 0)
            continue;
        if (!any || e > top) {
            sum = any ? shift_right(sum, (uint32_t)(e - top)) : 0;
            top = e;
            any = true;
        }
        sum += shift_right((uint64_t)a[i].m * y->m, (uint32_t)(top - e) + room);
    }
    return normalise(sum, top + (int32_t)room);
}

/* a * n / d for small n, d (n, d < 2^31, d > 0): binomial steps. */
struct sap_weight sap_weight_scale(struct sap_weight a, uint32_t n, uint32_t d)
{
    uint64_t m;
    if (a.m == 0 || n == 0)
        return normalise(0, 0);
    m = (uint64_t)a.m * n; /* < 2^63 */
    /* keep 32 good bits after the division: shift m up as far as it goes,
     * to 2^62 and at most 30 places */
    {
        uint32_t zeros = leading_zeros(m), room = zeros > 31u ? 30u : zeros - 1u;
        return normalise(divide(shift_left(m, room), d), a.e - (int32_t)room);
    }
}

/* round(a / b * scale) for a <= b, b nonzero: a probability in 1/scale. */
uint32_t sap_weight_ratio(struct sap_weight a, struct sap_weight b, uint32_t scale)
{
    int32_t shift;
    uint64_t rem, q = 0, fixed;
    int bit;
    if (a.m == 0 || b.m == 0)
        return 0;
    shift = a.e - b.e; /* a / b = (a.m / b.m) * 2^shift, a.m / b.m in (1/2, 2) */
    if (shift < -40)
        return 0;
    if (shift > 2)
        return scale;
    /* q = a.m / b.m with 24 fraction bits, a bit a time (25 bits in all,
     * as a.m < 2 b.m): far finer than the 1/scale asked for */
    rem = a.m;
    for (bit = 0; bit <= 24; bit++) {
        q <<= 1;
        if (rem >= b.m) {
            rem -= b.m;
            q |= 1u;
        }
        rem <<= 1;
    }
    fixed = q * scale; /* < 2^25 * 2^31 */
    fixed = shift >= 0 ? shift_left(fixed, (uint32_t)shift)
                       : shift_right(fixed, (uint32_t)-shift);
    return (uint32_t)((fixed + ((uint64_t)1 << 23)) >> 24);
}

/* Whether scale * a / b < p, for b nonzero and p <= scale <= 2^14, or
 * within 2^-24 of p (sap_weight_odds). */
static bool below(struct sap_weight a, struct sap_weight b, uint32_t scale, uint32_t p)
{
    /* a.m * scale * 2^(a.e - b.e) < p * b.m, both products below 2^46
     * (shifted a place at a time: a variable 64-bit shift is a call on
     * some targets) */
    uint64_t lhs = (uint64_t)a.m * scale, rhs = (uint64_t)p * b.m;
    int32_t shift = a.e - b.e;
    lhs += lhs >> 24;
    if (a.m == 0 || p == 0)
        return lhs < rhs;
    if (shift > 0)
        return false; /* a > b */
    if (shift <= -18)
        return true; /* rhs * 2^18 >= 2^49 > lhs */
    for (; shift < 0; shift++)
        rhs <<= 1;
    return lhs < rhs;
}

uint32_t sap_weight_odds(struct sap_weight a, struct sap_weight b)
{
    uint32_t p = sap_weight_ratio(a, b, 10000);
    p = p < 1 ? 1 : p > 9999 ? 9999 : p;
    return below(a, b, 10000, p) ? p | ODDS_BELOW : p;
}
