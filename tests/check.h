/*
 * check.h - the tests' whole framework: a test is a function, CHECK records
 * a failure with its place and carries on, RUN_TEST counts the test as
 * passed or failed, and check_summary prints the line tests/run adds up:
 * "<program>: N passed, M failed".
 */
#ifndef SAPPER_CHECK_H
#define SAPPER_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_tests_passed, check_tests_failed, check_failures_in_test;

#define CHECK(cond) check_that(!!(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b) check_eq_int((long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)
#define CHECK_EQ_STR(a, b) check_eq_str((a), (b), #a, __FILE__, __LINE__)
#define RUN_TEST(fn) run_test(fn, #fn)

static inline int check_that(int ok, const char *what, const char *file, int line)
{
    if (!ok) {
        if (check_failures_in_test < 5)
            fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
        check_failures_in_test++;
    }
    return ok;
}

static inline int check_eq_int(long long a, long long b, const char *ea, const char *eb,
                               const char *file, int line)
{
    if (a != b) {
        if (check_failures_in_test < 5)
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", file, line, ea, a, eb, b);
        check_failures_in_test++;
    }
    return a == b;
}

static inline int check_eq_str(const char *got, const char *want, const char *what,
                               const char *file, int line)
{
    int ok = strcmp(got, want) == 0;
    if (!ok) {
        if (check_failures_in_test < 5)
            fprintf(stderr, "%s:%d: %s:\n--- got ---\n%s\n--- expected ---\n%s\n", file, line,
                    what, got, want);
        check_failures_in_test++;
    }
    return ok;
}

static inline void run_test(void (*fn)(void), const char *name)
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

static inline int check_summary(const char *program)
{
    printf("%s: %d passed, %d failed\n", program, check_tests_passed, check_tests_failed);
    return check_tests_failed == 0 ? 0 : 1;
}

#endif
