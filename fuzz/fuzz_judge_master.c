/*
 * fuzz_judge_master.c - the one-click-win judge reader on arbitrary bytes.
 *
 * Any valid board is a right answer, so the output is checked, not
 * compared: a reference parser reads the "T, then R C M" input, and the
 * reader's output must be, case by case, "Case #k:" then either a board
 * that fuzz_ref_master_check_board accepts (the boards of the input's
 * first PLAYED_CELLS_MAX cells; the rest pass the checks that cost
 * nothing) or "Impossible" exactly when the reference says no board
 * exists.  Well-formed input must be answered in full; malformed input
 * must fail after answering every complete case.  Inputs asking for more
 * than TOTAL_CELLS_MAX board cells in all are skipped.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_judge.h"
#include "fuzz_ref.h"

/* Inputs asking for more board cells than this in all (256 x 256, or
 * 1000 x 65) are skipped: a fuzz iteration should take a millisecond or
 * two, and the master harness draws boards of up to 250,000 cells. */
#define TOTAL_CELLS_MAX (1u << 16)
/* An input's boards are played by the reference's click (and on the game
 * engine) until this many cells have been; a board past them is checked
 * for what costs nothing: its characters, its mine count, its one 'c', and
 * that the 'c' shows 0 (else it opens only itself) unless it is the only
 * safe cell.  A played cell costs about a third of a microsecond under
 * the sanitizers, every board the reader draws about a hundredth. */
#define PLAYED_CELLS_MAX (1u << 12)

struct master_case {
    uint32_t rows, cols, mines;
};

/* The cases of the input up to where it stops being well formed. */
static enum fuzz_verdict reference(const uint8_t *data, size_t size, struct master_case **cases,
                                   uint32_t *valid, uint64_t *cells)
{
    struct fuzz_tokens in;
    uint32_t count, k;

    *cases = NULL;
    *valid = 0;
    *cells = 0;
    fuzz_tokens_init(&in, data, size);
    if (!fuzz_tokens_more(&in))
        return FUZZ_UNSETTLED;
    if (!fuzz_tokens_number(&in, &count))
        return FUZZ_MALFORMED;
    if (count == 0)
        return FUZZ_UNSETTLED; /* the statement promises T >= 1 */
    /* Each case needs at least 6 bytes ("1 1 0\n"), so this bounds the array. */
    *cases = calloc(size / 6 + 1, sizeof **cases);
    FUZZ_CHECK(*cases != NULL, "calloc");
    for (k = 0; k < count; k++) {
        struct master_case c;
        if (!fuzz_tokens_number(&in, &c.rows) || !fuzz_tokens_number(&in, &c.cols)
            || !fuzz_tokens_number(&in, &c.mines))
            return FUZZ_MALFORMED;
        if (c.rows == 0 || c.cols == 0 || c.rows > SAP_MAX_ROWS || c.cols > SAP_MAX_COLS
            || (uint64_t)c.rows * c.cols > SAP_MAX_CELLS || c.mines >= c.rows * c.cols)
            return FUZZ_MALFORMED;
        FUZZ_CHECK(*valid <= size / 6, "more cases than the input can hold");
        (*cases)[(*valid)++] = c;
        *cells += (uint64_t)c.rows * c.cols;
    }
    return fuzz_tokens_more(&in) ? FUZZ_UNSETTLED : FUZZ_VALID;
}

/* The checks of a board that is not played: NULL when it passes them. */
static const char *check_unplayed(const char *board, uint32_t rows, uint32_t cols,
                                  uint32_t mines)
{
    size_t cells = (size_t)rows * cols, i, click = 0, clicks = 0, mine_count = 0;
    uint32_t r, c, dr, dc;
    for (i = 0; i < cells; i++) {
        if (board[i] == '*')
            mine_count++;
        else if (board[i] == 'c')
            click = i, clicks++;
        else if (board[i] != '.')
            return "a character other than '*', '.' and 'c'";
    }
    if (mine_count != mines)
        return "wrong number of mines";
    if (clicks != 1)
        return "not exactly one click cell";
    if (mines + 1u == cells)
        return NULL;
    r = (uint32_t)(click / cols);
    c = (uint32_t)(click % cols);
    for (dr = r > 0 ? r - 1u : 0; dr <= r + 1u && dr < rows; dr++)
        for (dc = c > 0 ? c - 1u : 0; dc <= c + 1u && dc < cols; dc++)
            if (board[(size_t)dr * cols + dc] == '*')
                return "the click cell has a mine next to it";
    return NULL;
}

/* Checks one answer at *p; returns false when the output ends before it.
 * *played: the cells the reference may still play. */
static bool check_case(const char **p, const char *end, uint32_t number,
                       const struct master_case *c, char *board, uint64_t *played)
{
    char header[32];
    size_t n = (size_t)snprintf(header, sizeof header, "Case #%u:\n", number);
    bool possible = fuzz_ref_master_possible(c->rows, c->cols, c->mines);
    const char *problem;
    uint32_t r;

    if ((size_t)(end - *p) < n)
        return false;
    FUZZ_CHECK(memcmp(*p, header, n) == 0, "expected \"Case #%u:\" at \"%.20s\"", number, *p);
    *p += n;
    if (!possible) {
        FUZZ_CHECK((size_t)(end - *p) >= 11 && memcmp(*p, "Impossible\n", 11) == 0,
                   "case %u (%u %u %u) has no one-click board, answer \"%.20s\"", number,
                   c->rows, c->cols, c->mines, *p);
        *p += 11;
        return true;
    }
    for (r = 0; r < c->rows; r++) {
        FUZZ_CHECK((size_t)(end - *p) > c->cols && (*p)[c->cols] == '\n',
                   "case %u (%u %u %u): row %u is not %u cells and a line end", number, c->rows,
                   c->cols, c->mines, r + 1, c->cols);
        memcpy(board + (size_t)r * c->cols, *p, c->cols);
        *p += c->cols + 1;
    }
    if ((uint64_t)c->rows * c->cols <= *played) {
        *played -= (uint64_t)c->rows * c->cols;
        problem = fuzz_ref_master_check_board(board, c->rows, c->cols, c->mines);
    } else {
        problem = check_unplayed(board, c->rows, c->cols, c->mines);
    }
    FUZZ_CHECK(problem == NULL, "case %u (%u %u %u): %s", number, c->rows, c->cols, c->mines,
               problem);
    return true;
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_judge_result got;
    struct master_case *cases;
    enum fuzz_verdict verdict;
    uint32_t valid, answered = 0, i;
    uint64_t cells, played = PLAYED_CELLS_MAX;
    const char *p, *end;
    char *board = NULL;
    size_t largest = 1;

    verdict = reference(data, size, &cases, &valid, &cells);
    if (cells > TOTAL_CELLS_MAX) {
        free(cases);
        return;
    }
    fuzz_judge_check(SAP_FORMAT_MASTER, data, size, &got);
    for (i = 0; i < valid; i++)
        if ((size_t)cases[i].rows * cases[i].cols > largest)
            largest = (size_t)cases[i].rows * cases[i].cols;
    board = malloc(largest);
    FUZZ_CHECK(board != NULL, "malloc");

    p = got.output.data;
    end = p + got.output.length;
    while (p < end) {
        FUZZ_CHECK(answered < valid, "an answer for case %u, which is not well formed",
                   answered + 1);
        FUZZ_CHECK(check_case(&p, end, answered + 1, &cases[answered], board, &played),
                   "the answer to case %u is cut short", answered + 1);
        answered++;
    }
    if (!(got.status == SAP_ERR_NOMEM && got.memory_refused)) {
        if (verdict == FUZZ_VALID) {
            FUZZ_CHECK(got.status == SAP_JUDGE_DONE, "well-formed input failed: %d line %u: %s",
                       got.status, got.error_line, got.reason);
            FUZZ_CHECK(answered == valid, "%u of %u cases answered", answered, valid);
        } else if (verdict == FUZZ_MALFORMED) {
            FUZZ_CHECK(got.status < 0, "malformed input accepted");
            FUZZ_CHECK(answered == valid, "%u of %u complete cases answered before the error",
                       answered, valid);
        }
    }
    free(board);
    free(cases);
    fuzz_judge_result_free(&got);
}
