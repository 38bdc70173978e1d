/*
 * test_samples.c - tests/lib/samples.c, the one reading of a median and a
 * percentile behind every figure `make bench` prints: ranks read between
 * the two nearest, against values worked out by hand, and the samples'
 * array growing past its first allocation without losing a value.
 */
#include "check.h"
#include "lib/samples.h"

#include <math.h>

static int near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static void test_quantile(void)
{
    double odd[] = { 5, 1, 4, 2, 3 };
    double even[] = { 10, 40, 20, 30 };
    double one[] = { 7 };
    CHECK(near(quantile(odd, 5, 0.5), 3));     /* the middle value */
    CHECK(near(odd[0], 1) && near(odd[4], 5)); /* sorted in place */
    CHECK(near(quantile(odd, 5, 0), 1));
    CHECK(near(quantile(odd, 5, 1), 5));
    CHECK(near(quantile(odd, 5, 0.25), 2));
    CHECK(near(quantile(odd, 5, 0.3), 2.2)); /* rank 1.2: a fifth of the way to 3 */
    CHECK(near(quantile(even, 4, 0.5), 25)); /* the middle two's mean */
    CHECK(near(quantile(even, 4, 0.99), 39.7));
    CHECK(near(quantile(one, 1, 0.5), 7) && near(quantile(one, 1, 0.99), 7));
    CHECK(near(quantile(one, 0, 0.5), 0)); /* no values */
    CHECK(near(quantile(even, 4, -1), 10) && near(quantile(even, 4, 2), 40));
}

static void test_samples_grow(void)
{
    struct samples s = { 0 };
    unsigned i, misplaced = 0;
    CHECK(near(samples_quantile(&s, 0.5), 0));
    for (i = 0; i < 5000; i++) /* past the first 1,024, in descending order */
        samples_add(&s, (double)(4999 - i));
    CHECK_EQ_INT(s.count, 5000);
    CHECK(s.capacity >= 5000);
    CHECK(near(samples_quantile(&s, 0.5), 2499.5));
    CHECK(near(samples_quantile(&s, 0.99), 4949.01));
    CHECK(near(samples_quantile(&s, 1), 4999));
    for (i = 0; i < s.count; i++) /* every value kept, each once, now sorted */
        misplaced += s.values[i] != (double)i;
    CHECK_EQ_INT(misplaced, 0);
    samples_free(&s);
    CHECK(s.values == NULL && s.count == 0 && s.capacity == 0);
}

int main(void)
{
    RUN_TEST(test_quantile);
    RUN_TEST(test_samples_grow);
    return check_summary("test_samples");
}
