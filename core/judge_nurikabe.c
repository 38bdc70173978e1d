/*
 * judge_nurikabe.c - the UVa 11585 batch format.
 *
 * Input: t, then t grids, each "r c d", d lines "r' c' n", and r rows of
 * '#'/'.'.  Output: "solved" or "not solved" per grid.  Blank lines are
 * whitespace like any other, so they may appear anywhere.  Each grid gets
 * its own block (SAP_NURIKABE_BYTES), given back as soon as it is judged.
 *
 * Numbers that share an edge are accepted although the statement promises
 * there are none: such a grid can never be solved (two unshaded numbers
 * that touch share a region; a shaded number breaks the first rule), so
 * the verifier's "not solved" is already the only right answer.
 */
#include "judge.h"

/* After the grids, rows and cols (judge.h, SAP_JUDGE_STEP_CASES on): */
enum nurikabe_step {
    STEP_NUMBERS = SAP_JUDGE_STEP_OWN,
    STEP_NUMBER_ROW,
    STEP_NUMBER_COL,
    STEP_NUMBER_VALUE,
    STEP_SHADING
};

/* args: 0 rows, 1 cols, 2 numbers announced, 3 numbers read, 4 number row, 5 number col */

static void begin(struct sap_judge *j)
{
    j->step = SAP_JUDGE_STEP_CASES;
    j->expect = SAP_EXPECT_NUMBER;
}

static void expect_shading(struct sap_judge *j)
{
    j->step = STEP_SHADING;
    j->expect = SAP_EXPECT_ROW;
    j->row_length = j->args[1];
    j->rows_read = 0;
}

static void start_grid(struct sap_judge *j, uint32_t numbers)
{
    uint32_t rows = j->args[0], cols = j->args[1];
    void *block;
    int err;

    if (numbers > rows * cols) {
        sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("d is more than the grid's "), rows * cols,
                         SAP_STR(" cells"));
        return;
    }
    block = sap_judge_acquire(j, SAP_NURIKABE_BYTES(rows, cols, numbers));
    if (block == NULL)
        return;
    err = sap_nurikabe_init(&j->u.nurikabe, block, j->block_bytes, rows, cols, numbers);
    if (err != SAP_OK) {
        sap_judge_fail(j, err, sap_strerror(err));
        return;
    }
    j->args[2] = numbers;
    j->args[3] = 0;
    if (numbers == 0)
        expect_shading(j);
    else
        j->step = STEP_NUMBER_ROW;
}

static void add_number(struct sap_judge *j, uint32_t value)
{
    int err;

    if (value == 0) {
        sap_judge_fail(j, SAP_ERR_SYNTAX, SAP_STR("a number must be positive, not 0"));
        return;
    }
    err = sap_nurikabe_set_number(j->u.nurikabe, j->args[4], j->args[5], value);
    if (err != SAP_OK) {
        /* the coordinates were checked, so this is the second number of a cell */
        sap_judge_fail(j, SAP_ERR_SYNTAX, SAP_STR("a second number for the same cell"));
        return;
    }
    j->args[3]++;
    if (j->args[3] == j->args[2])
        expect_shading(j);
    else
        j->step = STEP_NUMBER_ROW;
}

/* The board's sides and cells as the statement names them (judge.h). */
SAP_TEXT(size_names, "r\0c\0r*c");

static void number(struct sap_judge *j, uint32_t value)
{
    switch (j->step) {
    case SAP_JUDGE_STEP_CASES:
    case SAP_JUDGE_STEP_ROWS:
    case SAP_JUDGE_STEP_COLS:
        sap_judge_read_size(j, value, size_names);
        break;
    case STEP_NUMBERS:
        start_grid(j, value);
        break;
    case STEP_NUMBER_ROW:
        if (value >= j->args[0])
            sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("number's row "), value,
                             SAP_STR(" is outside the grid"));
        j->args[4] = value;
        j->step = STEP_NUMBER_COL;
        break;
    case STEP_NUMBER_COL:
        if (value >= j->args[1])
            sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("number's column "), value,
                             SAP_STR(" is outside the grid"));
        j->args[5] = value;
        j->step = STEP_NUMBER_VALUE;
        break;
    default:
        add_number(j, value);
        break;
    }
}

/* Row bytes, already checked against the alphabet (judge.c, rows.c). */
static void row_bytes(struct sap_judge *j, uint32_t index, const char *bytes, uint32_t count)
{
    sap_nurikabe_set_row(j->u.nurikabe, j->rows_read, index, bytes, count);
}

/* judge->out_phase while a grid's verification is under way */
#define OUT_VERIFYING 1u

static void row_end(struct sap_judge *j)
{
    j->rows_read++;
    if (j->rows_read < j->args[0])
        return;
    j->out_phase = OUT_VERIFYING; /* poll verifies, a budget at a time */
}

/* Carries the verification on (judge->budget steps a poll); once it is
 * done, the verdict is queued and the next grid may come. */
static size_t poll(struct sap_judge *j, char *out, size_t cap)
{
    bool solved = false;
    int err = sap_nurikabe_verify_step(j->u.nurikabe, j->budget, &solved);

    (void)out;
    (void)cap;
    if (err == SAP_MORE)
        return 0;
    sap_judge_release_block(j);
    j->u.nurikabe = NULL;
    j->out_phase = 0;
    if (err < 0) {
        sap_judge_fail(j, err, sap_strerror(err));
        return 0;
    }
    sap_judge_queue_text(j, solved ? SAP_STR("solved\n") : SAP_STR("not solved\n"));
    sap_judge_next_case(j);
    return 0;
}

static void finish(struct sap_judge *j)
{
    sap_judge_finish_cases(j, SAP_STR("input ended before the number of grids t"),
                           SAP_STR("input ended before grid "));
}

const struct sap_judge_format sap_judge_nurikabe = { begin,   number, row_bytes,
                                                     row_end, poll,   finish };
