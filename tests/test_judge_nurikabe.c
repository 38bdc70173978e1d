/*
 * test_judge_nurikabe.c - the UVa 11585 reader: the statement's sample byte
 * for byte under every chunking and output cap, blank lines anywhere, t = 0,
 * random grids written out and read back against the reference verifier,
 * and a clear error for every malformed input.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/judge_drive.h"
#include "lib/ref_nurikabe.h"
#include "sapper.h"

static void run(const char *input, size_t chunk, size_t cap, struct judge_drive_result *r)
{
    judge_drive(SAP_FORMAT_NURIKABE, input, strlen(input), chunk, cap, r);
    CHECK(!r->stuck);
    CHECK_EQ_INT(r->blocks_left, 0);
}

static void test_statement_sample(void)
{
    static const size_t chunks[] = { 0, 1, 2, 3, 5, 7, 16, 100 };
    static const size_t caps[] = { 1, 2, 3, 4, 11, 4096 };
    char *input = judge_drive_read_file("tests/data/nurikabe/statement-sample.in", NULL);
    char *expected = judge_drive_read_file("tests/data/nurikabe/statement-sample.out", NULL);
    size_t i, k;

    if (!CHECK(input != NULL && expected != NULL))
        return;
    for (i = 0; i < sizeof chunks / sizeof chunks[0]; i++)
        for (k = 0; k < sizeof caps / sizeof caps[0]; k++) {
            struct judge_drive_result r;
            run(input, chunks[i], caps[k], &r);
            CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
            if (!CHECK_EQ_STR(r.output, expected))
                fprintf(stderr, "  chunk %zu cap %zu\n", chunks[i], caps[k]);
            judge_drive_free(&r);
        }
    free(input);
    free(expected);
}

static void test_whitespace_and_no_grids(void)
{
    static const char *const empty[] = { "0", "0\n", "\n\n0\n\n\n", "\r\n0\r\n" };
    struct judge_drive_result r;
    size_t i;

    for (i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        run(empty[i], 1, 1, &r);
        CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
        CHECK_EQ_STR(r.output, "");
        judge_drive_free(&r);
    }
    /* blank lines and CRLF between any two tokens, none before the grid */
    run("\n\n2\r\n\r\n1\n\n1 \n\n 1\n0\n\n0\n\n1\n\n\n.\r\n1 3 0 ### \n", 0, 64, &r);
    CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
    CHECK_EQ_STR(r.output, "solved\nsolved\n");
    judge_drive_free(&r);
    run("1 1 1 0 .", 0, 64, &r);
    CHECK_EQ_STR(r.output, "not solved\n"); /* an unnumbered region */
    judge_drive_free(&r);
}

/* Random grids, written in the statement's format (with blank lines as the
 * statement shows them), answered as the reference verifier answers. */
static void test_random_grids(void)
{
    struct ref_nurikabe_rng rng = { 42 };
    size_t capacity = 1u << 20, length = 0;
    char *input = malloc(capacity), *expected = malloc(4096 * 12);
    size_t expected_length = 0;
    int grid, i, r, c, grids = 300, solved = 0;
    struct judge_drive_result result;

    if (input == NULL || expected == NULL)
        abort();
    length += (size_t)sprintf(input, "%d\n", grids);
    for (grid = 0; grid < grids; grid++) {
        struct ref_nurikabe_grid g;
        int rows = 1 + (int)ref_nurikabe_below(&rng, grid % 20 == 0 ? 60 : 9);
        int cols = 1 + (int)ref_nurikabe_below(&rng, grid % 20 == 0 ? 60 : 9);
        int verdict;
        ref_nurikabe_grid_init(&g, rows, cols);
        ref_nurikabe_generate(&g, &rng, REF_NURIKABE_SOLVED, 20 + ref_nurikabe_below(&rng, 60));
        if (ref_nurikabe_below(&rng, 2))
            ref_nurikabe_perturb(&g, &rng);
        verdict = ref_nurikabe_verify(&g);
        solved += verdict;
        expected_length += (size_t)sprintf(expected + expected_length, "%s\n",
                                           verdict ? "solved" : "not solved");
        if (length + (size_t)(rows + 2) * (cols + 2) + (size_t)g.count * 40 + 64 > capacity)
            abort();
        length += (size_t)sprintf(input + length, "\n%d %d %d\n", rows, cols, g.count);
        for (i = 0; i < g.count; i++)
            length += (size_t)sprintf(input + length, "%d %d %u\n", g.numbers[i].row,
                                      g.numbers[i].col, (unsigned)g.numbers[i].value);
        for (r = 0; r < rows; r++) {
            for (c = 0; c < cols; c++)
                input[length++] = g.shaded[r * cols + c] ? '#' : '.';
            input[length++] = '\n';
        }
        input[length] = '\0';
        ref_nurikabe_grid_free(&g);
    }
    CHECK(solved > 50 && solved < grids - 50);
    run(input, 0, 4096, &result);
    CHECK_EQ_INT(result.status, SAP_JUDGE_DONE);
    CHECK_EQ_STR(result.output, expected);
    judge_drive_free(&result);
    run(input, 1013, 5, &result);
    CHECK_EQ_STR(result.output, expected);
    judge_drive_free(&result);
    free(input);
    free(expected);
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
        { "", 1, "input ended before the number of grids t", "" },
        { "2\n1 1 0\n.\n", 4, "input ended before grid 2 was complete", "not solved\n" },
        { "1\n2 2 1\n0 0 1\n.#\n", 5, "input ended before grid 1 was complete", "" },
        { "1\n2 2 2\n0 0 1\n", 4, "input ended before grid 1 was complete", "" },
        { "1\n0 2 0\n", 2, "r must be at least 1", "" },
        { "1\n2 0 0\n", 2, "c must be at least 1", "" },
        { "1\n1001 1 0\n", 2, "r is over this build's limit of 1000 rows", "" },
        { "1\n1 1001 0\n", 2, "c is over this build's limit of 1000 columns", "" },
        { "1\n2 2 5\n", 2, "d is more than the grid's 4 cells", "" },
        { "1\n2 2 1\n2 0 1\n", 3, "number's row 2 is outside the grid", "" },
        { "1\n2 2 1\n0 2 1\n", 3, "number's column 2 is outside the grid", "" },
        { "1\n2 2 1\n0 0 0\n", 3, "a number must be positive, not 0", "" },
        { "1\n2 2 2\n0 0 1\n0 0 2\n", 4, "a second number for the same cell", "" },
        { "1\n2 2 1\n0 0 99999999999\n", 3, "number too large", "" },
        { "1\n2 2 0\n.#\n#\n", 4, "row 2 has 1 cells, fewer than the board's 2", "" },
        { "1\n2 2 0\n.#.\n", 3, "row 1 has more cells than the board's 2", "" },
        { "1\n2 2 0\n.x\n", 3, "row 1 holds 'x': cells are '#' or '.'", "" },
        { "1\n2 2 0\n. #\n", 3, "row 1 has 1 cells, fewer than the board's 2", "" },
        /* a count that does not match: fewer numbers than d, or more */
        { "1\n2 2 2\n0 0 1\n.#\n##\n", 4, "expected a non-negative number", "" },
        { "1\n1 3 1\n0 0 1\n0 2 1\n.#.\n", 4, "row 1 holds '0': cells are '#' or '.'", "" },
        { "1\n1 1 0\n.\n.\n", 4, "unexpected input", "not solved\n" },
        { "0\n1 1 0\n", 2, "unexpected input", "" },
        { "1\n2 -2 0\n", 2, "expected a non-negative number", "" },
    };
    size_t i, chunk;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (chunk = 0; chunk <= 2; chunk++) {
            struct judge_drive_result r;
            run(cases[i].input, chunk, chunk + 1, &r);
            if (!CHECK(r.status < 0) || !CHECK_EQ_STR(r.reason, cases[i].reason)
                || !CHECK_EQ_INT(r.error_line, cases[i].line))
                fprintf(stderr, "  input %zu: \"%s\"\n", i, cases[i].input);
            CHECK_EQ_STR(r.output, cases[i].output);
            judge_drive_free(&r);
        }
}

/* One grid's block is given back before the next grid's is taken, and a
 * 1000 x 1000 grid fits its macro. */
static void test_memory(void)
{
    size_t length = 0, capacity = 1001 * 1001 + 64;
    char *input = malloc(capacity);
    struct judge_drive_result r;
    int row;

    if (input == NULL)
        abort();
    length += (size_t)sprintf(input, "2\n1000 1000 1\n0 0 1000000\n");
    for (row = 0; row < 1000; row++) {
        memset(input + length, '.', 1000);
        length += 1000;
        input[length++] = '\n';
    }
    sprintf(input + length, "1 1 0\n#\n");
    run(input, 65536, 4096, &r);
    CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
    CHECK_EQ_STR(r.output, "solved\nsolved\n");
    CHECK_EQ_INT(r.peak_bytes, SAP_NURIKABE_BYTES(1000, 1000, 1));
    judge_drive_free(&r);
    free(input);
}

int main(void)
{
    RUN_TEST(test_statement_sample);
    RUN_TEST(test_whitespace_and_no_grids);
    RUN_TEST(test_random_grids);
    RUN_TEST(test_malformed_input);
    RUN_TEST(test_memory);
    return check_summary("test_judge_nurikabe");
}
