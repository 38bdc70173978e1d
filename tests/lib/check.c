/* check.c - the one copy of the test counters and checks (see check.h). */
#include "check.h"

#include <stdbool.h>
#include <stdlib.h>

int check_tests_passed, check_tests_failed, check_failures_in_test;
static int check_tests_left_out;

/* Every test's name as RUN_TEST or RUN_SLOW_TEST gave it, run or not, so that
 * check_summary can tell a CHECK_ONLY name that is no test of this program
 * and list the names that are (CHECK_NAMES_MAX: far more than any program
 * has). */
#define CHECK_NAMES_MAX 512
static const char *check_names[CHECK_NAMES_MAX];
static int check_names_count;
static int check_tests_not_named; /* left out by CHECK_ONLY */

/* CHECK_ONLY, or NULL when it is unset or empty. */
static const char *check_only(void)
{
    const char *only = getenv("CHECK_ONLY");

    return only != NULL && only[0] != '\0' ? only : NULL;
}

/* The next name of the comma list at *list (spaces around it skipped): its
 * start, its length in *length, and *list moved past it; NULL after the
 * last. */
static const char *only_next(const char **list, size_t *length)
{
    const char *p = *list;
    const char *end;

    if (p == NULL)
        return NULL;
    while (*p == ' ')
        p++;
    end = p + strcspn(p, ",");
    *list = *end == ',' ? end + 1 : NULL;
    while (end > p && end[-1] == ' ')
        end--;
    *length = (size_t)(end - p);
    return p;
}

static bool only_names(const char *only, const char *name)
{
    const char *word;
    size_t length;

    while ((word = only_next(&only, &length)) != NULL) {
        if (length == strlen(name) && memcmp(word, name, length) == 0)
            return true;
    }
    return false;
}

static void check_name_seen(const char *name)
{
    if (check_names_count == CHECK_NAMES_MAX) {
        fprintf(stderr, "check.c: more than %d tests in one program (CHECK_NAMES_MAX)\n",
                CHECK_NAMES_MAX);
        exit(1);
    }
    check_names[check_names_count++] = name;
}

static bool check_name_known(const char *word, size_t length)
{
    int i;

    for (i = 0; i < check_names_count; i++) {
        if (strlen(check_names[i]) == length && memcmp(check_names[i], word, length) == 0)
            return true;
    }
    return false;
}

/* Each CHECK_ONLY name that no test of this program has, said on stderr with
 * the names it has; their count. */
static int only_unknown(const char *program, const char *only)
{
    const char *word;
    size_t length;
    int unknown = 0, i;

    while ((word = only_next(&only, &length)) != NULL) {
        if (check_name_known(word, length))
            continue;
        fprintf(stderr, "%s: CHECK_ONLY names '%.*s', which is no test of %s\n", program,
                (int)length, word, program);
        unknown++;
    }
    if (unknown > 0) {
        fprintf(stderr, "%s: its tests:", program);
        for (i = 0; i < check_names_count; i++)
            fprintf(stderr, " %s", check_names[i]);
        fprintf(stderr, "\n");
    }
    return unknown;
}


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
    const char *only = check_only();

    check_name_seen(name);
    if (only != NULL && !only_names(only, name)) {
        check_tests_not_named++;
        return;
    }
    check_failures_in_test = 0;
    fn();
    if (check_failures_in_test == 0) {
        check_tests_passed++;
    } else {
        check_tests_failed++;
        fprintf(stderr, "FAIL %s (%d failed checks)\n", name, check_failures_in_test);
    }
}

/* Under CHECK_ONLY, a slow test named there runs whatever CHECK_QUICK says. */
void run_slow_test(void (*fn)(void), const char *name)
{
    const char *quick = getenv("CHECK_QUICK");

    if (quick != NULL && strcmp(quick, "1") == 0 && check_only() == NULL) {
        check_name_seen(name);
        check_tests_left_out++;
    } else {
        run_test(fn, name);
    }
}

/* Under CHECK_ONLY, each name that is no test here counts as a failed test,
 * so that a typo fails rather than passing as a run of nothing. */
int check_summary(const char *program)
{
    const char *only = check_only();

    if (only != NULL) {
        int unknown = only_unknown(program, only);

        check_tests_failed += unknown;
        printf("%s: %d passed, %d failed (CHECK_ONLY=%s: ", program, check_tests_passed,
               check_tests_failed, only);
        if (unknown > 0)
            printf("%d name%s no test here, ", unknown, unknown == 1 ? "" : "s");
        printf("%d other test%s not run)\n", check_tests_not_named,
               check_tests_not_named == 1 ? "" : "s");
    } else if (check_tests_left_out > 0) {
        printf("%s: %d passed, %d failed (%d slow left out: CHECK_QUICK=1)\n", program,
               check_tests_passed, check_tests_failed, check_tests_left_out);
    } else {
        printf("%s: %d passed, %d failed\n", program, check_tests_passed, check_tests_failed);
    }
    return check_tests_failed == 0 ? 0 : 1;
}
