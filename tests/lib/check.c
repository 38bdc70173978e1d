/* check.c - the one copy of the test counters and checks (see check.h). */
#include "check.h"

#include <stdlib.h>

int check_tests_passed, check_tests_failed, check_failures_in_test;
static int check_tests_left_out;


void check_failed(const char *what, const char *file, int line)
{
    if (check_failures_in_test < 5)
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    check_failures_in_test++;
}

void check_failed_int(long long a, long long b, const char *ea, const char *eb,
                      const char *file, int line)
{
    if (check_failures_in_test < 5)
        fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", file, line, ea, a, eb, b);
    check_failures_in_test++;
}

void check_failed_str(const char *got, const char *want, const char *what, const char *file,
                      int line)
{
    if (check_failures_in_test < 5)
        fprintf(stderr, "%s:%d: %s:\n--- got ---\n%s\n--- expected ---\n%s\n", file, line, what,
                got, want);
    check_failures_in_test++;
}

void run_test(void (*fn)(void), const char *name)
{
    check_failures_in_test = 0;
    fn();
    if (check_failures_in_test == 0) {
        check_tests_passed++;
    } else {
        check_tests_failed++;
        fprintf(stderr, "FAIL %s (%d failed checks)\n", name, check_failures_in_test);
    }
}

void run_slow_test(void (*fn)(void), const char *name)
{
    const char *quick = getenv("CHECK_QUICK");

    if (quick != NULL && strcmp(quick, "1") == 0)
        check_tests_left_out++;
    else
        run_test(fn, name);
}

int check_summary(const char *program)
{
    if (check_tests_left_out > 0)
        printf("%s: %d passed, %d failed (%d slow left out: CHECK_QUICK=1)\n", program,
               check_tests_passed, check_tests_failed, check_tests_left_out);
    else
        printf("%s: %d passed, %d failed\n", program, check_tests_passed, check_tests_failed);
    return check_tests_failed == 0 ? 0 : 1;
}
