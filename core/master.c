/*
 * master.c - one-click-win boards (GCJ 2014 "Minesweeper Master").
 *
 * The click goes to the top-left corner and the safe cells form a staircase
 * there: rows of non-increasing safe widths.  One click wins exactly when
 * the zero cells (safe cells whose every neighbour is safe) reachable from
 * the click, plus their neighbours, are all the safe cells.  For a staircase
 * whose rows are all at least 2 wide, the cell (i, j) of a row with a row
 * of width >= j + 2 below it is zero, so the zeros reach the end of each
 * row but the last two, and every safe cell touches one of them.  The
 * shapes below are chosen so that this holds; the cases where no board at
 * all exists are the ones the plan refuses (tests/test_master.c compares
 * the refusals with an exhaustive search over every board up to 8 x 8).
 *
 * With S safe cells (S >= 2 needs the click to be a zero, so its whole
 * neighbourhood is safe: at least the 2x2 block of a corner):
 *   S == 1              the click alone, every other cell a mine.
 *   one row or column   a run of S cells from the corner.
 *   two rows (columns)  2 x S/2; S must be even and >= 4: every zero has
 *                       both cells of its column safe, and so have the
 *                       columns it opens.
 *   otherwise           S in {2, 3, 5, 7} has no board (an opened set is
 *                       4 cells at a corner, 6, or at least 8);
 *                       S <= 2*cols + 1: two rows of S/2 when S is even,
 *                       else two rows of (S-3)/2 over a row of 3 (S >= 9);
 *                       larger S: full rows, then the remainder r in the
 *                       next row; r == 1 borrows the last cell of the last
 *                       full row (which needs 3 full rows so that the
 *                       borrowed-from row's end is still next to a zero).
 */
#include "internal.h"

static void set_shape(struct sap_master *plan, uint32_t band_rows, uint32_t band_width,
                      uint32_t next_width, uint32_t last_width)
{
    plan->band_rows = band_rows;
    plan->band_width = band_width;
    plan->next_width = next_width;
    plan->last_width = last_width;
}

int sap_master_plan(struct sap_master *plan, uint32_t rows, uint32_t cols, uint32_t mines)
{
    int err = sap_text_check_board_size(rows, cols);
    uint32_t safe;

    if (plan == NULL)
        return SAP_ERR_ARG;
    memset(plan, 0, sizeof *plan);
    if (err != SAP_OK)
        return err;
    if (mines >= rows * cols) /* rows * cols <= SAP_MAX_CELLS: no overflow */
        return SAP_ERR_ARG;
    plan->rows = rows;
    plan->cols = cols;
    plan->mines = mines;
    safe = rows * cols - mines;

    if (safe == 1) {
        set_shape(plan, 1, 1, 0, 0);
    } else if (rows == 1) {
        set_shape(plan, 1, safe, 0, 0);
    } else if (cols == 1) {
        set_shape(plan, safe, 1, 0, 0);
    } else if (rows == 2 || cols == 2) {
        if (safe < 4 || safe % 2 != 0)
            return SAP_ERR_IMPOSSIBLE;
        if (rows == 2)
            set_shape(plan, 2, safe / 2, 0, 0);
        else
            set_shape(plan, safe / 2, 2, 0, 0);
    } else if (safe == 2 || safe == 3 || safe == 5 || safe == 7) {
        return SAP_ERR_IMPOSSIBLE;
    } else if (safe <= 2 * cols + 1) {
        /* safe <= 2*cols+1 <= rows*cols here, and rows >= 3 */
        if (safe % 2 == 0)
            set_shape(plan, 2, safe / 2, 0, 0);
        else
            set_shape(plan, 2, (safe - 3) / 2, 3, 0);
    } else {
        uint32_t full = safe / cols, rest = safe % cols;
        if (rest == 1) /* full >= 3: safe >= 2*cols+2 and rest == 1 */
            set_shape(plan, full - 1, cols, cols - 1, 2);
        else
            set_shape(plan, full, cols, rest, 0);
    }
    return SAP_OK;
}

/* Safe cells in `row` of a planned board (0 for an impossible plan). */
static uint32_t row_width(const struct sap_master *plan, uint32_t row)
{
    if (row < plan->band_rows)
        return plan->band_width;
    if (row == plan->band_rows)
        return plan->next_width;
    if (row == plan->band_rows + 1)
        return plan->last_width;
    return 0;
}

char sap_master_cell(const struct sap_master *plan, uint32_t row, uint32_t col)
{
    if (plan == NULL || row >= plan->rows || col >= plan->cols)
        return '\0';
    if (col >= row_width(plan, row))
        return '*';
    return row == 0 && col == 0 ? 'c' : '.';
}

size_t sap_master_write_row(const struct sap_master *plan, uint32_t row, uint32_t col,
                            char *out, size_t cap)
{
    uint32_t width, end, safe_end;
    size_t n;

    if (plan == NULL || out == NULL || row >= plan->rows || col >= plan->cols || cap == 0)
        return 0;
    width = row_width(plan, row);
    n = plan->cols - col;
    if (n > cap)
        n = cap;
    end = col + (uint32_t)n;
    safe_end = width < end ? width : end;
    if (safe_end > col)
        memset(out, '.', safe_end - col);
    else
        safe_end = col;
    if (end > safe_end)
        memset(out + (safe_end - col), '*', end - safe_end);
    if (row == 0 && col == 0 && width > 0)
        out[0] = 'c';
    return n;
}
