/*
 * judge_master.c - the GCJ 2014 "Minesweeper Master" batch format.
 *
 * Input: T, then T cases of "R C M".  Output per case: "Case #x:" on its
 * own line, then the board's R rows or "Impossible".  A board is never
 * held anywhere: poll asks the plan for the cells of the row under the
 * cursor, so any output cap makes progress and a 1000 x 1000 board costs
 * no more memory than a 1 x 1 one.
 */
#include "judge.h"

enum master_out {
    OUT_NONE = 0,
    OUT_HEADER = 1, /* "Case #x:\n", out_col is the offset into it */
    OUT_BOARD = 2   /* cells of row out_row from column out_col; out_col == cols: the '\n' */
};

static void begin(struct sap_judge *j)
{
    j->step = SAP_JUDGE_STEP_CASES;
    j->expect = SAP_EXPECT_NUMBER;
}

static void start_case(struct sap_judge *j)
{
    uint32_t rows = j->args[0], cols = j->args[1], mines = j->args[2];
    int err = sap_master_plan(&j->u.master, rows, cols, mines);

    if (err != SAP_OK && err != SAP_ERR_IMPOSSIBLE) {
        /* the sizes were checked token by token; this is a mines count */
        sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("M must be less than R*C = "), rows * cols,
                         SAP_STR(""));
        return;
    }
    j->args[3] = err == SAP_OK;
    j->out_phase = OUT_HEADER;
    j->out_col = 0;
    j->out_row = 0;
    sap_judge_next_case(j);
}

/* The board's sides and cells as the statement names them (judge.h). */
SAP_TEXT(size_names, "R\0C\0R*C");

static void number(struct sap_judge *j, uint32_t value)
{
    if (j->step < SAP_JUDGE_STEP_OWN) {
        sap_judge_read_size(j, value, size_names);
        return;
    }
    j->args[2] = value; /* the mines, the case's last number */
    start_case(j);
}

/* The format has no rows: a row callback means the tokenizer was told to
 * expect one by mistake. */
SAP_TEXT(unexpected_row, "unexpected board row");

static void row_bytes(struct sap_judge *j, uint32_t index, const char *bytes, uint32_t count)
{
    (void)index;
    (void)bytes;
    (void)count;
    sap_judge_fail(j, SAP_ERR_SYNTAX, unexpected_row);
}

static void row_end(struct sap_judge *j)
{
    sap_judge_fail(j, SAP_ERR_SYNTAX, unexpected_row);
}

static size_t poll_header(struct sap_judge *j, char *out, size_t cap)
{
    char piece[8 + SAP_DEC_MAX + 2];
    size_t len = 0, n;

    sap_rom_copy(piece, SAP_STR("Case #"), 6);
    len = 6;
    len += sap_dec(piece + len, j->case_index);
    piece[len++] = ':';
    piece[len++] = '\n';
    n = sap_text_copy_piece(out, cap, piece, len, &j->out_col);
    if (j->out_col == len) {
        j->out_col = 0;
        if (j->args[3]) {
            j->out_phase = OUT_BOARD;
        } else {
            j->out_phase = OUT_NONE;
            sap_judge_queue_text(j, SAP_STR("Impossible\n"));
        }
    }
    return n;
}

static size_t poll_board(struct sap_judge *j, char *out, size_t cap)
{
    const struct sap_master *plan = &j->u.master;
    size_t n = 0;

    while (n < cap) {
        if (j->out_row >= plan->rows) {
            j->out_phase = OUT_NONE;
            break;
        }
        if (j->out_col < plan->cols) {
            size_t k = sap_master_write_row(plan, j->out_row, j->out_col, out + n, cap - n);
            j->out_col += (uint32_t)k;
            n += k;
        } else {
            out[n++] = '\n';
            j->out_row++;
            j->out_col = 0;
        }
    }
    if (j->out_row >= plan->rows)
        j->out_phase = OUT_NONE;
    return n;
}

static size_t poll(struct sap_judge *j, char *out, size_t cap)
{
    if (j->out_phase == OUT_HEADER)
        return poll_header(j, out, cap);
    if (j->out_phase == OUT_BOARD)
        return poll_board(j, out, cap);
    j->out_phase = OUT_NONE;
    return 0;
}

static void finish(struct sap_judge *j)
{
    sap_judge_finish_cases(j, SAP_STR("input ended before the number of cases T"),
                           SAP_STR("input ended before case "));
}

const struct sap_judge_format sap_judge_master = { begin,   number, row_bytes,
                                                   row_end, poll,   finish };
