/*
 * check.h - the tests' whole framework: a test is a function, CHECK records
 * a failure with its place and carries on, RUN_TEST counts the test as
 * passed or failed, and check_summary prints the line tests/run adds up:
 * "<program>: N passed, M failed".  RUN_SLOW_TEST is RUN_TEST for a test of
 * seconds (a long random or exhaustive sweep), which `make check` leaves to
 * `make test` by setting CHECK_QUICK=1 (the summary then says how many).
 * CHECK_ONLY=name[,name...] runs only the tests of those names (a test's
 * name is its function's, as its FAIL line prints it; a slow one runs too),
 * and the summary says so; a name that is no test of the program counts as
 * a failed test and is said on stderr with the names the program has.
 */
#ifndef SAPPER_CHECK_H
#define SAPPER_CHECK_H

#include <stdio.h>
#include <string.h>

/* Defined once, in tests/lib/check.c, so that helpers in tests/lib can use
 * CHECK and count against the test that calls them. */
extern int check_tests_passed, check_tests_failed, check_failures_in_test;

/* Each check's value is whether it held, and that is written out here
 * (not only returned from tests/lib/check.c) so that the static analyzers
 * of `make lint` follow `if (!CHECK(p != NULL)) return;` as the test of p
 * that it is.  The check_failed_* functions report a failure and count it. */
#define CHECK(cond) check_that(!!(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b)                                                                     \
    check_eq_int((long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)
#define CHECK_EQ_STR(a, b) check_eq_str((a), (b), #a, __FILE__, __LINE__)
#define RUN_TEST(fn) run_test(fn, #fn)
#define RUN_SLOW_TEST(fn) run_slow_test(fn, #fn)

void check_failed(const char *what, const char *file, int line);
void check_failed_int(long long a, long long b, const char *ea, const char *eb,
                      const char *file, int line);
void check_failed_str(const char *got, const char *want, const char *what, const char *file,
                      int line);

static inline int check_that(int ok, const char *what, const char *file, int line)
{
    if (!ok)
        check_failed(what, file, line);
    return ok;
}

static inline int check_eq_int(long long a, long long b, const char *ea, const char *eb,
                               const char *file, int line)
{
    if (a == b)
        return 1;
    check_failed_int(a, b, ea, eb, file, line);
    return 0;
}

static inline int check_eq_str(const char *got, const char *want, const char *what,
                               const char *file, int line)
{
    if (strcmp(got, want) == 0)
        return 1;
    check_failed_str(got, want, what, file, line);
    return 0;
}

void run_test(void (*fn)(void), const char *name);
void run_slow_test(void (*fn)(void), const char *name);
int check_summary(const char *program);

#endif
