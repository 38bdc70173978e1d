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

/* Defined once, in tests/lib/check.c, so that helpers in tests/lib can use
 * CHECK and count against the test that calls them. */
extern int check_tests_passed, check_tests_failed, check_failures_in_test;

#define CHECK(cond) check_that(!!(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b) check_eq_int((long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)
#define CHECK_EQ_STR(a, b) check_eq_str((a), (b), #a, __FILE__, __LINE__)
#define RUN_TEST(fn) run_test(fn, #fn)

int check_that(int ok, const char *what, const char *file, int line);
int check_eq_int(long long a, long long b, const char *ea, const char *eb, const char *file,
                 int line);
int check_eq_str(const char *got, const char *want, const char *what, const char *file,
                 int line);
void run_test(void (*fn)(void), const char *name);
int check_summary(const char *program);

#endif
