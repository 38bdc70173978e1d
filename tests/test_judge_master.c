/*
 * test_judge_master.c - the GCJ "Minesweeper Master" reader: answers
 * checked, not compared (tests/lib/ref_master.c), the same bytes for every
 * input chunking and output cap, and a clear error for every malformed
 * input.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/judge_drive.h"
#include "lib/ref_master.h"
#include "sapper.h"

static const char sample_input[] = "5\n5 5 23\n3 1 1\n2 2 1\n4 7 3\n10 10 82\n";

/* Runs the reader and checks its output with the checker; returns the
 * output (malloc'd) for comparisons. */
static char *run_and_check(const char *input, size_t chunk, size_t cap, unsigned *boards,
                           unsigned *impossible)
{
    struct judge_drive_result r;
    char why[160];
    const char *bad;

    judge_drive(SAP_FORMAT_MASTER, input, strlen(input), chunk, cap, &r);
    CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
    CHECK(!r.stuck);
    CHECK_EQ_INT(r.blocks_left, 0);
    CHECK_EQ_INT(r.peak_bytes, 0); /* a plan is a few numbers: no board memory at all */
    bad = ref_master_check_output(input, r.output, r.output_length, why, sizeof why, boards,
                                  impossible);
    if (bad != NULL)
        fprintf(stderr, "chunk %zu cap %zu: %s\n", chunk, cap, bad);
    CHECK(bad == NULL);
    return r.output;
}

static void test_statement_sample(void)
{
    size_t length;
    char *expected = judge_drive_read_file("tests/data/gcj/statement-sample.out", &length);
    char *output;
    unsigned boards, impossible;
    const char *a, *b;

    if (!CHECK(expected != NULL))
        return;
    output = run_and_check(sample_input, 0, 4096, &boards, &impossible);
    CHECK_EQ_INT(boards, 3);
    CHECK_EQ_INT(impossible, 2);
    /* the statement's Impossible cases are ours; the boards may differ */
    a = strstr(output, "Case #1:\nImpossible\nCase #2:\n");
    b = strstr(expected, "Case #1:\nImpossible\nCase #2:\n");
    CHECK(a == output && b == expected);
    CHECK(strstr(output, "Case #3:\nImpossible\nCase #4:\n") != NULL);
    CHECK(strstr(expected, "Case #3:\nImpossible\nCase #4:\n") != NULL);
    /* case 2 has a single column: its board is forced up to the mine's place */
    CHECK(strstr(output, "Case #2:\nc\n.\n*\nCase #3:") != NULL);
    /* no trailing spaces anywhere */
    CHECK(strstr(output, " \n") == NULL);
    free(output);
    free(expected);
}

/* Every way of cutting the input and of polling gives the same bytes. */
static void test_chunks_and_caps(void)
{
    static const size_t chunks[] = { 0, 1, 2, 3, 5, 8, 17, 64 };
    static const size_t caps[] = { 1, 2, 3, 7, 10, 11, 64, 4096 };
    const char *input = "7\r\n5 5 23\r\n3 1 1\n2 2 1\n\n4 7 3\t10 10 82 1 1 0 30 30 891\n";
    unsigned boards, impossible;
    char *reference = run_and_check(input, 0, 4096, &boards, &impossible);
    size_t i, k;

    CHECK_EQ_INT(boards, 5);
    CHECK_EQ_INT(impossible, 2);
    for (i = 0; i < sizeof chunks / sizeof chunks[0]; i++)
        for (k = 0; k < sizeof caps / sizeof caps[0]; k++) {
            char *output = run_and_check(input, chunks[i], caps[k], &boards, &impossible);
            CHECK_EQ_STR(output, reference);
            free(output);
        }
    free(reference);
}

static void test_gcj_inputs(void)
{
    static const char *const paths[] = { "tests/data/gcj/C-small-practice.in",
                                         "tests/data/gcj/C-large.in" };
    size_t i;
    for (i = 0; i < 2; i++) {
        char *input = judge_drive_read_file(paths[i], NULL);
        unsigned boards, impossible;
        char *output;
        if (!CHECK(input != NULL))
            continue;
        output = run_and_check(input, 4093, 4096, &boards, &impossible);
        printf("%s: %u boards, %u impossible\n", paths[i], boards, impossible);
        CHECK(boards > 100);
        CHECK(impossible > 20);
        free(output);
        /* and once with tiny pieces */
        output = run_and_check(input, 3, 5, &boards, &impossible);
        free(output);
        free(input);
    }
}

/* The largest board, a byte at a time out of a 7-byte buffer: no memory
 * beyond the reader's struct. */
static void test_largest_board(void)
{
    unsigned boards, impossible;
    char *output = run_and_check("2 1000 1000 999990 1000 1000 999993", 1, 7, &boards,
                                 &impossible);
    CHECK_EQ_INT(boards, 1);
    CHECK_EQ_INT(impossible, 1);
    CHECK_EQ_INT(strlen(output), 9 + 1000 * 1001 + 9 + 11);
    free(output);
}

static void test_no_cases(void)
{
    static const char *const inputs[] = { "0", "0\n", "\n\n 0 \r\n\n" };
    size_t i;
    for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        struct judge_drive_result r;
        judge_drive(SAP_FORMAT_MASTER, inputs[i], strlen(inputs[i]), 1, 1, &r);
        CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
        CHECK_EQ_INT(r.output_length, 0);
        judge_drive_free(&r);
    }
}

struct bad_input {
    const char *input;
    unsigned line;
    const char *reason;
    const char *output; /* what was complete before the error */
};

static void test_malformed_input(void)
{
    static const struct bad_input cases[] = {
        { "", 1, "input ended before the number of cases T", "" },
        { "\n\n", 3, "input ended before the number of cases T", "" },
        { "2\n1 1 0\n", 3, "input ended before case 2 was complete", "Case #1:\nc\n" },
        { "2\n1 1 0\n3 3", 3, "input ended before case 2 was complete", "Case #1:\nc\n" },
        { "1\n0 5 1\n", 2, "R must be at least 1", "" },
        { "1\n5 0 1\n", 2, "C must be at least 1", "" },
        { "1\n2 2 4\n", 2, "M must be less than R*C = 4", "" },
        { "1\n2 2\n9\n", 3, "M must be less than R*C = 4", "" },
        { "1\n1001 1 0\n", 2, "R is over this build's limit of 1000 rows", "" },
        { "1\n1 1001 0\n", 2, "C is over this build's limit of 1000 columns", "" },
        { "1\n1 1 4294967296\n", 2, "number too large", "" },
        { "99999999999\n", 1, "number too large", "" },
        { "1\n2 x 1\n", 2, "expected a non-negative number", "" },
        { "1\n2 -2 1\n", 2, "expected a non-negative number", "" },
        { "1\n1 1 0\n5\n", 3, "unexpected input", "Case #1:\nc\n" },
        { "0\n1 1 0\n", 2, "unexpected input", "" },
        { "1\n2 2 0 junk", 2, "unexpected input", "Case #1:\nc.\n..\n" },
    };
    size_t i, chunk;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (chunk = 0; chunk <= 2; chunk++) {
            struct judge_drive_result r;
            judge_drive(SAP_FORMAT_MASTER, cases[i].input, strlen(cases[i].input), chunk,
                        chunk + 1, &r);
            if (!CHECK(r.status < 0) || !CHECK_EQ_STR(r.reason, cases[i].reason)
                || !CHECK_EQ_INT(r.error_line, cases[i].line))
                fprintf(stderr, "  input %zu: \"%s\"\n", i, cases[i].input);
            CHECK_EQ_STR(r.output, cases[i].output);
            CHECK_EQ_INT(r.blocks_left, 0);
            judge_drive_free(&r);
        }
}

int main(void)
{
    RUN_TEST(test_statement_sample);
    RUN_TEST(test_chunks_and_caps);
    RUN_TEST(test_gcj_inputs);
    RUN_TEST(test_largest_board);
    RUN_TEST(test_no_cases);
    RUN_TEST(test_malformed_input);
    return check_summary("test_judge_master");
}
