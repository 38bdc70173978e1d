/*
 * fuzz_judge_casual.c - the casual judge reader on arbitrary bytes.
 *
 * The shared reader checks (fuzz_judge.c), and a reference parser of the
 * Mid-Central input: boards "r c" and r rows of M/., ended by "0 0",
 * answered by the tests' references (tests/lib/ref_casual.c): the literal
 * every-start sweep on small boards, the queue reference on larger ones,
 * and the core's own solver only past what a reference does quickly (the
 * casual harness checks that solver; here the reader is under test).
 */
#include <stdlib.h>

#include "fuzz_judge.h"
#include "ref_casual.h"

/* Boards up to this many cells get the literal reference, up to the second
 * the queue reference. */
#define LITERAL_MAX_CELLS 64u
#define QUEUE_MAX_CELLS 4096u

static uint32_t core_answer(const unsigned char *mine, uint32_t rows, uint32_t cols,
                            bool *no_safe_cell)
{
    size_t bytes = SAP_CASUAL_BYTES(rows, cols);
    void *memory = malloc(bytes);
    struct sap_casual_result result = { 0, 0, 0 };
    sap_casual *casual;
    uint32_t r, c;
    int rc;

    FUZZ_CHECK(memory != NULL, "malloc(%zu)", bytes);
    rc = sap_casual_init(&casual, memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "casual init %ux%u: %d", rows, cols, rc);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            FUZZ_CHECK(sap_casual_set_mine(casual, r, c, mine[(size_t)r * cols + c]) == SAP_OK,
                       "set_mine");
    rc = sap_casual_solve(casual, &result);
    *no_safe_cell = rc == SAP_ERR_STATE;
    FUZZ_CHECK(rc == SAP_OK || rc == SAP_ERR_STATE, "casual solve: %d", rc);
    free(memory);
    return result.covered;
}

static enum fuzz_verdict reference(const uint8_t *data, size_t size, struct fuzz_text *want,
                                   size_t *complete)
{
    struct fuzz_tokens in;

    *complete = 0;
    fuzz_tokens_init(&in, data, size);
    for (;;) {
        uint32_t rows, cols, r, c;
        struct ref_casual_answer best;
        unsigned char *mine;
        bool no_safe_cell;

        if (!fuzz_tokens_number(&in, &rows) || !fuzz_tokens_number(&in, &cols))
            return FUZZ_MALFORMED; /* includes a missing "0 0" */
        if (rows == 0 && cols == 0)
            break;
        /* One zero side: "0 0" is the only ending the statement has. */
        if (rows == 0 || cols == 0)
            return FUZZ_UNSETTLED;
        if (rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS || (uint64_t)rows * cols > SAP_MAX_CELLS
            || (uint64_t)rows * cols > size)
            return FUZZ_MALFORMED; /* past the limits, or rows the input cannot hold */
        mine = malloc((size_t)rows * cols);
        FUZZ_CHECK(mine != NULL, "malloc");
        for (r = 0; r < rows; r++) {
            if (!fuzz_tokens_next(&in) || in.length != cols) {
                free(mine);
                return FUZZ_MALFORMED;
            }
            for (c = 0; c < cols; c++) {
                if (in.token[c] != 'M' && in.token[c] != '.') {
                    free(mine);
                    return FUZZ_MALFORMED;
                }
                mine[(size_t)r * cols + c] = in.token[c] == 'M';
            }
        }
        if ((uint64_t)rows * cols <= LITERAL_MAX_CELLS)
            no_safe_cell = ref_casual_solve(mine, rows, cols, &best, NULL) < 0;
        else if ((uint64_t)rows * cols <= QUEUE_MAX_CELLS)
            no_safe_cell = ref_casual_solve_queue(mine, rows, cols, &best, NULL) < 0;
        else
            best.covered = core_answer(mine, rows, cols, &no_safe_cell);
        free(mine);
        if (no_safe_cell)
            return FUZZ_UNSETTLED; /* the statement promises a safe cell on every board */
        fuzz_text_add_u32(want, best.covered);
        fuzz_text_add_str(want, "\n");
        *complete = want->length;
    }
    return fuzz_tokens_more(&in) ? FUZZ_UNSETTLED : FUZZ_VALID;
}

void fuzz_one(const uint8_t *data, size_t size)
{
    fuzz_judge_against_reference(SAP_FORMAT_CASUAL, data, size, reference);
}
