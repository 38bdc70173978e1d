/*
 * judge_casual.c - the Mid-Central 2003 "mines" input format, read for the
 * shared judge driver (judge.c): boards "r c" and r rows of 'M' / '.',
 * ended by "0 0"; one line per board with the fewest safe cells the casual
 * player leaves covered.
 *
 * Each board's rows go straight into the solver's block (SAP_CASUAL_BYTES)
 * through sap_casual_set_row; the block is acquired once the size is known
 * and given back as soon as the board is answered.  The statement's own
 * limits (3 <= r, c, at most 40 cells, at least one mine and one empty
 * cell) are lifted: any 1 <= r, c within the build's limits is taken, and a
 * board with no safe cell leaves nothing covered, so its answer is 0.
 * Only whitespace may follow "0 0" (a JUDGE stream in the line protocol
 * ends right there).  Answer lines end in "\n", whatever the input's line
 * ends, as in every judge format.
 */
#include "judge.h"

/* judge->step: what the next token is */
enum { STEP_ROWS = 0, STEP_COLS = 1, STEP_BOARD = 2, STEP_END = 3 };
/* judge->args (the rows first, where sap_judge_size_fits reads them) */
enum { ARG_ROWS = 0, ARG_COLS = 1, ARG_ANSWER = 2 };

static void begin(struct sap_judge *judge)
{
    judge->step = STEP_ROWS;
    judge->expect = SAP_EXPECT_NUMBER;
}

static void start_board(struct sap_judge *judge, uint32_t rows, uint32_t cols)
{
    void *block;

    /* a zero side is malformed input, not a size */
    if (!sap_judge_size_fits(judge, cols, SAP_STR("r\0c\0r*c"), SAP_ERR_SYNTAX))
        return;
    block = sap_judge_acquire(judge, SAP_CASUAL_BYTES(rows, cols));
    if (block == NULL)
        return; /* the judge has failed with the reason */
    if (sap_casual_init(&judge->u.casual, block, judge->block_bytes, rows, cols) != SAP_OK) {
        sap_judge_fail(judge, SAP_ERR_NOMEM,
                       SAP_STR("the memory given for the board is unusable"));
        return;
    }
    judge->step = STEP_BOARD;
    judge->rows_read = 0;
    judge->expect = SAP_EXPECT_ROW;
    judge->row_length = cols;
}

static void number(struct sap_judge *judge, uint32_t value)
{
    if (judge->step == STEP_ROWS) {
        judge->args[ARG_ROWS] = value;
        judge->step = STEP_COLS;
        return;
    }
    judge->args[ARG_COLS] = value;
    if (judge->args[ARG_ROWS] == 0 && value == 0) {
        judge->step = STEP_END; /* only whitespace may follow */
        judge->expect = SAP_EXPECT_NOTHING;
        return;
    }
    start_board(judge, judge->args[ARG_ROWS], value);
}

/* Row bytes, already checked against the alphabet (judge.c, rows.c). */
static void row_bytes(struct sap_judge *judge, uint32_t index, const char *bytes,
                      uint32_t count)
{
    (void)sap_casual_set_row(judge->u.casual, judge->rows_read, index, bytes, count);
}

/* judge->out_phase: the board is being solved (a budget a poll), then its
 * answer line is written. */
enum { OUT_ANSWER = 1, OUT_SOLVING = 2 };

static void row_end(struct sap_judge *judge)
{
    if (++judge->rows_read < judge->args[ARG_ROWS])
        return;
    judge->out_phase = OUT_SOLVING; /* no more input until it is answered */
}

/* One budget of the solve (judge->budget); once it is done, the block
 * goes back and the answer line is due. */
static void solve_some(struct sap_judge *judge)
{
    struct sap_casual_result result;
    int err = sap_casual_solve_step(judge->u.casual, judge->budget, &result);

    if (err == SAP_MORE)
        return;
    if (err == SAP_ERR_STATE) {
        result.covered = 0; /* no safe cell: nothing is left covered */
    } else if (err != SAP_OK) {
        sap_judge_fail(judge, err, SAP_STR("the board could not be solved"));
        return;
    }
    sap_judge_release_block(judge);
    judge->u.casual = NULL;
    judge->args[ARG_ANSWER] = result.covered;
    judge->case_index++;
    judge->step = STEP_ROWS;
    judge->expect = SAP_EXPECT_NUMBER;
    judge->out_col = 0;
    judge->out_phase = OUT_ANSWER;
}

/* The answer line, regenerated on each call and copied from where the last
 * call stopped, so any cap makes progress. */
static size_t poll(struct sap_judge *judge, char *out, size_t cap)
{
    char line[SAP_DEC_MAX + 1];
    size_t length, n;

    if (judge->out_phase == OUT_SOLVING) {
        solve_some(judge);
        if (judge->out_phase != OUT_ANSWER)
            return 0; /* still solving, or failed */
    }
    length = sap_dec(line, judge->args[ARG_ANSWER]);
    line[length++] = '\n';
    n = sap_text_copy_piece(out, cap, line, length, &judge->out_col);
    if (judge->out_col >= length) {
        judge->out_phase = 0;
        judge->out_col = 0;
    }
    return n;
}

static void finish(struct sap_judge *judge)
{
    if (judge->step == STEP_END)
        judge->status = SAP_JUDGE_DONE;
    else if (judge->step == STEP_ROWS)
        sap_judge_fail(judge, SAP_ERR_SYNTAX,
                       SAP_STR("input ends without the closing \"0 0\""));
    else if (judge->step == STEP_COLS)
        sap_judge_fail(judge, SAP_ERR_SYNTAX, SAP_STR("input ends inside a board's size"));
    else
        sap_judge_fail_n(judge, SAP_ERR_SYNTAX, SAP_STR("input ends after "), judge->rows_read,
                         SAP_STR(" rows of a board"));
}

const struct sap_judge_format sap_judge_casual = { begin,   number, row_bytes,
                                                   row_end, poll,   finish };
