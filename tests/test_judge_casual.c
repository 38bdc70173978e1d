/*
 * test_judge_casual.c - the casual judge reader (core/judge_casual.c driven
 * by core/judge.c): the official judge data and the statement sample byte
 * for byte, fed in chunks of many sizes and polled through small and large
 * buffers; malformed inputs with their line and reason and the answers
 * that were complete before them; memory given back in every case.
 */
#include "check.h"
#include "lib/judge_drive.h"
#include "lib/ref_casual.h"
#include "lib/text.h"
#include "sapper.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DATA_DIR "tests/data/mines/"

/* ---- memory that counts its blocks ------------------------------------ */

struct counting_memory {
    int outstanding;
    size_t refuse_above; /* refuse blocks larger than this (0: never) */
};

static void *counting_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct counting_memory *m = context;
    void *block;
    if (purpose != SAP_MEMORY_WORK || (m->refuse_above != 0 && bytes > m->refuse_above))
        return NULL;
    block = malloc(bytes);
    if (block != NULL)
        m->outstanding++;
    return block;
}

static void counting_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct counting_memory *m = context;
    (void)purpose;
    m->outstanding--;
    free(block);
}

/* ---- running the reader ------------------------------------------------ */

struct run {
    char *output;
    size_t output_length;
    int status;
    uint32_t error_line;
    char reason[96];
    int outstanding; /* blocks not given back after sap_judge_release */
};

/* Feeds `input` in chunks whose sizes cycle through chunk_sizes, polling
 * through a buffer of poll_cap bytes, as the header's usage sketch says. */
static struct run run_reader(const char *input, size_t length, const size_t *chunk_sizes,
                             size_t n_chunk_sizes, size_t poll_cap, size_t refuse_above)
{
    struct counting_memory counting = { 0, refuse_above };
    struct sap_memory memory = { counting_acquire, counting_release, &counting };
    struct sap_judge judge;
    struct run run;
    struct text output = { NULL, 0, 0 };
    size_t at = 0, k = 0, n;
    char out[4096];

    memset(&run, 0, sizeof run);
    text_add(&output, "", 0); /* "" when nothing is polled */
    if (sap_judge_init(&judge, SAP_FORMAT_CASUAL, &memory) != SAP_OK)
        abort();
    while (at < length && sap_judge_status(&judge) == SAP_JUDGE_READING) {
        size_t chunk = chunk_sizes[k++ % n_chunk_sizes];
        const char *p = input + at;
        if (chunk > length - at)
            chunk = length - at;
        at += chunk;
        while (chunk > 0) {
            size_t used = sap_judge_sink(&judge, p, chunk);
            p += used;
            chunk -= used;
            while ((n = sap_judge_poll(&judge, out, poll_cap)) > 0)
                text_add(&output, out, n);
            if (used == 0 && sap_judge_status(&judge) != SAP_JUDGE_READING)
                break;
        }
    }
    sap_judge_finish(&judge);
    while ((n = sap_judge_poll(&judge, out, poll_cap)) > 0)
        text_add(&output, out, n);
    run.output = output.bytes;
    run.output_length = output.length;
    run.status = sap_judge_status(&judge);
    if (run.status < 0) {
        run.error_line = judge.error_line;
        snprintf(run.reason, sizeof run.reason, "%s", judge.error_reason);
    }
    sap_judge_release(&judge);
    run.outstanding = counting.outstanding;
    return run;
}

static struct run run_simple(const char *input)
{
    static const size_t whole[] = { (size_t)-1 };
    return run_reader(input, strlen(input), whole, 1, sizeof(char[4096]), 0);
}

static char *read_file(const char *path, size_t *length)
{
    char *data = judge_drive_read_file(path, length);
    if (data == NULL) {
        fprintf(stderr, "cannot open %s (run from the repository root)\n", path);
        exit(1);
    }
    return data;
}

/* ---- the official data ------------------------------------------------- */

static size_t strip_cr(char *text, size_t length)
{
    size_t i, n = 0;
    for (i = 0; i < length; i++)
        if (text[i] != '\r')
            text[n++] = text[i];
    text[n] = '\0';
    return n;
}

static void check_pair(const char *name)
{
    static const size_t one[] = { 1 }, two[] = { 2 }, odd[] = { 3, 7, 1, 13, 2, 64, 5 },
                        big[] = { 1000 }, whole[] = { (size_t)-1 };
    static const struct {
        const size_t *sizes;
        size_t n;
        size_t poll_cap;
    } ways[] = {
        { one, 1, 1 }, { two, 1, 3 },      { odd, 7, 2 },   { odd, 7, 4096 },
        { big, 1, 1 }, { whole, 1, 4096 }, { whole, 1, 1 },
    };
    char in_path[128], out_path[128];
    size_t in_length, out_length, w;
    char *input, *expected;

    snprintf(in_path, sizeof in_path, DATA_DIR "%s.in", name);
    snprintf(out_path, sizeof out_path, DATA_DIR "%s.out", name);
    input = read_file(in_path, &in_length);
    expected = read_file(out_path, &out_length);
    /* Answers end in "\n" whatever the input's line ends: the archive's
     * DOS answer file is the same text with "\r" before each "\n". */
    out_length = strip_cr(expected, out_length);
    for (w = 0; w < sizeof ways / sizeof ways[0]; w++) {
        struct run run = run_reader(input, in_length, ways[w].sizes, ways[w].n,
                                    ways[w].poll_cap, 0);
        if (!CHECK_EQ_INT(run.status, SAP_JUDGE_DONE))
            fprintf(stderr, "  %s: line %u: %s\n", name, run.error_line, run.reason);
        CHECK_EQ_INT(run.output_length, out_length);
        CHECK_EQ_STR(run.output, expected);
        CHECK_EQ_INT(run.outstanding, 0);
        free(run.output);
    }
    free(input);
    free(expected);
}

static void test_statement_sample(void)
{
    check_pair("statement-sample");
}
static void test_judge_data(void)
{
    check_pair("judge");
}
static void test_judge_data_crlf(void)
{
    check_pair("judge-crlf");
}

/* ---- other well-formed inputs ------------------------------------------ */

static void expect_answers(const char *input, const char *want)
{
    struct run run = run_simple(input);
    if (!CHECK_EQ_INT(run.status, SAP_JUDGE_DONE))
        fprintf(stderr, "  line %u: %s\n", run.error_line, run.reason);
    CHECK_EQ_STR(run.output, want);
    CHECK_EQ_INT(run.outstanding, 0);
    free(run.output);
}

static void test_lifted_limits(void)
{
    expect_answers("1 1\nM\n0 0\n", "0\n"); /* no safe cell: nothing covered */
    expect_answers("1 1\n.\n0 0\n", "0\n");
    expect_answers("2 2\nMM\nMM\n1 3\n.M.\n0 0\n", "0\n1\n");
    expect_answers("1 5\n..M..\n0 0", "2\n"); /* no final line end */
    expect_answers("2 2 .. M. 0 0", "2\n");   /* any whitespace separates */
    expect_answers("\n\n  3 3\r\n...\r\n...\r\nMM.\r\n0 0\r\n", "0\n");
    expect_answers("3 3\r\n...\n...\nMM.\n0 0\n", "0\n");
    expect_answers("0 0\n", "");
    expect_answers("1 1\n.\n0 0\n\n  \r\n", "0\n");
    expect_answers("00 000\n", "");
}

static void test_big_board(void)
{
    uint32_t rows = 300, cols = 400, r, c;
    size_t length = 32 + (size_t)rows * (cols + 1), at;
    char *input = malloc(length);
    unsigned char *mines = malloc((size_t)rows * cols);
    struct ref_casual_answer want;
    char expected[32];
    if (input == NULL || mines == NULL)
        abort();
    ref_casual_random_board(mines, rows, cols, 180, 42);
    ref_casual_solve_queue(mines, rows, cols, &want, NULL);
    at = (size_t)sprintf(input, "%u %u\n", rows, cols);
    for (r = 0; r < rows; r++) {
        for (c = 0; c < cols; c++)
            input[at++] = mines[r * cols + c] ? 'M' : '.';
        input[at++] = '\n';
    }
    at += (size_t)sprintf(input + at, "0 0\n");
    snprintf(expected, sizeof expected, "%u\n", want.covered);
    input[at] = '\0';
    expect_answers(input, expected);
    free(input);
    free(mines);
}

/* The largest board this build takes, and one row or column past it. */
static void test_size_limits(void)
{
    size_t length = 64 + (size_t)SAP_MAX_COLS + 1, at;
    char *input = malloc(length);
    struct run run;
    uint32_t c;
    if (input == NULL)
        abort();
    at = (size_t)sprintf(input, "1 %u\n", SAP_MAX_COLS);
    for (c = 0; c < SAP_MAX_COLS; c++)
        input[at++] = c % 3 == 1 ? 'M' : '.';
    sprintf(input + at, "\n0 0\n");
    run = run_simple(input);
    CHECK_EQ_INT(run.status, SAP_JUDGE_DONE);
    CHECK(run.output_length > 0);
    free(run.output);
    free(input);
}

/* ---- malformed inputs --------------------------------------------------- */

static void expect_failure(const char *input, const char *want_output, int want_status,
                           uint32_t want_line, const char *want_reason)
{
    struct run run = run_simple(input);
    CHECK_EQ_INT(run.status, want_status);
    CHECK_EQ_INT(run.error_line, want_line);
    if (!CHECK(strstr(run.reason, want_reason) != NULL))
        fprintf(stderr, "  reason \"%s\", expected it to hold \"%s\"\n", run.reason,
                want_reason);
    CHECK_EQ_STR(run.output, want_output);
    CHECK_EQ_INT(run.outstanding, 0);
    free(run.output);
}

static void test_malformed(void)
{
    char text[96];

    expect_failure("3 3\n...\n..\n...\n0 0\n", "", SAP_ERR_SYNTAX, 3, "fewer than");
    expect_failure("3 3\n...\n....\n...\n0 0\n", "", SAP_ERR_SYNTAX, 3,
                   "row 2 has more cells than the board's 3");
    expect_failure("3 3\n...\n.x.\n...\n0 0\n", "", SAP_ERR_SYNTAX, 3,
                   "row 2 holds 'x': cells are 'M' or '.'");
    expect_failure("3 3\n...\n.m.\n...\n0 0\n", "", SAP_ERR_SYNTAX, 3,
                   "row 2 holds 'm': cells are 'M' or '.'");
    expect_failure("0 5\n", "", SAP_ERR_SYNTAX, 1, "r must be at least 1");
    expect_failure("1 1\n.\n4 0\n", "0\n", SAP_ERR_SYNTAX, 3, "c must be at least 1");
    snprintf(text, sizeof text, "%u 1\n", SAP_MAX_ROWS + 1);
    expect_failure(text, "", SAP_ERR_SIZE, 1, "r is over this build's limit of");
    snprintf(text, sizeof text, "1 %u\n", SAP_MAX_COLS + 1);
    expect_failure(text, "", SAP_ERR_SIZE, 1, "c is over this build's limit of");
    expect_failure("1 4294967296\n", "", SAP_ERR_SIZE, 1, "number too large");
    expect_failure("99999999999999999999 1\n", "", SAP_ERR_SIZE, 1, "number too large");
    expect_failure("2 2\n..\n..\n", "0\n", SAP_ERR_SYNTAX, 4, "closing \"0 0\"");
    expect_failure("2 2\r\n..\r\n..", "0\n", SAP_ERR_SYNTAX, 3, "closing \"0 0\"");
    expect_failure("", "", SAP_ERR_SYNTAX, 1, "closing \"0 0\"");
    expect_failure("2 2\n..\n..\n2", "0\n", SAP_ERR_SYNTAX, 4, "inside a board's size");
    expect_failure("2 2\n..\n", "", SAP_ERR_SYNTAX, 3, "after 1 rows");
    expect_failure("3 3\n...\n...\nMM.\n3 3\n..\n", "0\n", SAP_ERR_SYNTAX, 6, "fewer than");
    expect_failure("2 2\n..\nM.\n-1 3\n", "2\n", SAP_ERR_SYNTAX, 4, "non-negative number");
    expect_failure("2 x\n", "", SAP_ERR_SYNTAX, 1, "non-negative number");
    expect_failure("1 1\n.\n0 0\n\n1 1\n", "0\n", SAP_ERR_SYNTAX, 5, "unexpected input");
}

static void test_memory_refused(void)
{
    static const size_t whole[] = { (size_t)-1 };
    const char *input = "1 1\n.\n30 30\n";
    struct run run = run_reader(input, strlen(input), whole, 1, 4096, SAP_CASUAL_BYTES(10, 10));
    CHECK_EQ_INT(run.status, SAP_ERR_NOMEM);
    CHECK_EQ_INT(run.error_line, 3);
    CHECK_EQ_STR(run.output, "0\n");
    CHECK_EQ_INT(run.outstanding, 0);
    free(run.output);
}

/* Stopping in the middle of a board gives its block back. */
static void test_release_midway(void)
{
    struct counting_memory counting = { 0, 0 };
    struct sap_memory memory = { counting_acquire, counting_release, &counting };
    struct sap_judge judge;
    const char *input = "3 3\n...\n";
    CHECK_EQ_INT(sap_judge_init(&judge, SAP_FORMAT_CASUAL, &memory), SAP_OK);
    CHECK_EQ_INT(sap_judge_sink(&judge, input, strlen(input)), strlen(input));
    CHECK_EQ_INT(counting.outstanding, 1);
    sap_judge_release(&judge);
    CHECK_EQ_INT(counting.outstanding, 0);
}

int main(void)
{
    RUN_TEST(test_statement_sample);
    RUN_TEST(test_judge_data);
    RUN_TEST(test_judge_data_crlf);
    RUN_TEST(test_lifted_limits);
    RUN_TEST(test_big_board);
    RUN_TEST(test_size_limits);
    RUN_TEST(test_malformed);
    RUN_TEST(test_memory_refused);
    RUN_TEST(test_release_midway);
    return check_summary("test_judge_casual");
}
