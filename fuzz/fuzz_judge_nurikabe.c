/*
 * fuzz_judge_nurikabe.c - the Nurikabe judge reader on arbitrary bytes.
 *
 * The shared reader checks (fuzz_judge.c), and a reference parser of the
 * UVa 11585 input (t; per grid "r c d", d lines "r' c' n", r rows of #/.)
 * answered by the tests' own verifier (tests/lib/ref_nurikabe.c).
 */
#include <stdlib.h>

#include "fuzz_judge.h"
#include "ref_nurikabe.h"

static enum fuzz_verdict parse_grid(struct fuzz_tokens *in, struct fuzz_text *want)
{
    uint32_t rows, cols, numbers, i, r, c;
    struct ref_nurikabe_grid g;
    enum fuzz_verdict verdict = FUZZ_MALFORMED;

    if (!fuzz_tokens_number(in, &rows) || !fuzz_tokens_number(in, &cols)
        || !fuzz_tokens_number(in, &numbers))
        return FUZZ_MALFORMED;
    if (rows == 0 || cols == 0 || rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS
        || (uint64_t)rows * cols > SAP_MAX_CELLS || numbers > rows * cols
        || (uint64_t)rows * cols > in->size)
        return FUZZ_MALFORMED; /* more numbers than cells, or rows the input cannot hold */
    ref_nurikabe_grid_init(&g, (int)rows, (int)cols);
    for (i = 0; i < numbers; i++) {
        uint32_t value;
        if (!fuzz_tokens_number(in, &r) || !fuzz_tokens_number(in, &c)
            || !fuzz_tokens_number(in, &value))
            goto done;
        /* outside the grid, not positive, or a second number in a cell */
        if (r >= rows || c >= cols || value == 0
            || !ref_nurikabe_add_number(&g, (int)r, (int)c, value))
            goto done;
    }
    for (r = 0; r < rows; r++) {
        if (!fuzz_tokens_next(in) || in->length != cols)
            goto done;
        for (c = 0; c < cols; c++) {
            if (in->token[c] != '#' && in->token[c] != '.')
                goto done;
            g.shaded[(size_t)r * cols + c] = in->token[c] == '#';
        }
    }
    fuzz_text_add_str(want, ref_nurikabe_verify(&g) == 1 ? "solved\n" : "not solved\n");
    verdict = FUZZ_VALID;
done:
    ref_nurikabe_grid_free(&g);
    return verdict;
}

static enum fuzz_verdict reference(const uint8_t *data, size_t size, struct fuzz_text *want,
                                   size_t *complete)
{
    struct fuzz_tokens in;
    uint32_t grids, grid;

    *complete = 0;
    fuzz_tokens_init(&in, data, size);
    if (!fuzz_tokens_more(&in))
        return FUZZ_UNSETTLED; /* an empty input */
    if (!fuzz_tokens_number(&in, &grids))
        return FUZZ_MALFORMED;
    for (grid = 0; grid < grids; grid++) {
        if (parse_grid(&in, want) != FUZZ_VALID)
            return FUZZ_MALFORMED;
        *complete = want->length;
    }
    return fuzz_tokens_more(&in) ? FUZZ_UNSETTLED : FUZZ_VALID;
}

void fuzz_one(const uint8_t *data, size_t size)
{
    fuzz_judge_against_reference(SAP_FORMAT_NURIKABE, data, size, reference);
}
