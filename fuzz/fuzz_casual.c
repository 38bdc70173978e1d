/*
 * fuzz_casual.c - the casual player against the literal every-start sweep.
 *
 * Input: mode byte; on boards up to 8x8 (mode bit 0 clear) rows, cols and
 * one bit per cell, and the whole answer (covered count, best start, the
 * cells it leaves covered) must equal the literal algorithm's.  Larger
 * boards, up to 24x24 with mines from a seeded generator at a density the
 * input picks, check what is affordable: the best start's own closure
 * (literal) gives exactly the reported cells, and no sampled start does
 * better or equally well from an earlier cell.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "fuzz_ref.h"

#define LITERAL_MAX_SIDE 8u
#define LARGE_MAX_SIDE 24u
#define LARGE_SAMPLES 6u

static void check(struct fuzz_bytes *in, const bool *mine, uint32_t rows, uint32_t cols,
                  bool literal)
{
    size_t bytes = SAP_CASUAL_BYTES(rows, cols), n = (size_t)rows * cols, i;
    unsigned char *memory = malloc(bytes);
    bool *left = malloc(n * sizeof *left);
    struct sap_casual_result got, want;
    sap_casual *casual;
    uint32_t r, c, safe = 0, reported = 0;
    int rc;

    FUZZ_CHECK(memory != NULL && left != NULL, "malloc");
    memset(memory, 0xA5, bytes);
    rc = sap_casual_init(&casual, memory, bytes - 1, rows, cols);
    FUZZ_CHECK(rc == SAP_ERR_NOMEM, "init with %zu bytes for %ux%u (needs %zu) gave %d",
               bytes - 1, rows, cols, bytes, rc);
    rc = sap_casual_init(&casual, memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "init %ux%u: %d", rows, cols, rc);
    FUZZ_CHECK(sap_casual_set_mine(casual, rows, 0, true) == SAP_ERR_RANGE
                   && sap_casual_set_mine(casual, 0, cols, true) == SAP_ERR_RANGE,
               "set_mine accepted a cell outside the board");
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            bool m = mine[(size_t)r * cols + c];
            safe += !m;
            if (!m && (r + 2 * c) % 3 == 0) /* noise the solver must undo */
                FUZZ_CHECK(sap_casual_set_mine(casual, r, c, true) == SAP_OK, "set_mine");
            FUZZ_CHECK(sap_casual_set_mine(casual, r, c, m) == SAP_OK, "set_mine %u,%u", r, c);
        }

    rc = sap_casual_solve(casual, &got);
    if (safe == 0) {
        FUZZ_CHECK(rc == SAP_ERR_STATE, "a board without a safe cell gave %d", rc);
        goto done;
    }
    FUZZ_CHECK(rc == SAP_OK, "solve %ux%u: %d", rows, cols, rc);
    FUZZ_CHECK(got.row < rows && got.col < cols, "best start %u,%u outside %ux%u", got.row,
               got.col, rows, cols);
    FUZZ_CHECK(!mine[(size_t)got.row * cols + got.col], "best start %u,%u is a mine", got.row,
               got.col);
    FUZZ_CHECK(got.covered < safe, "%u covered of %u safe cells", got.covered, safe);

    if (literal) {
        FUZZ_CHECK(fuzz_ref_casual_solve(mine, rows, cols, &want, left), "reference found no start");
        FUZZ_CHECK(got.covered == want.covered && got.row == want.row && got.col == want.col,
                   "%ux%u: %u covered from %u,%u; the literal sweep: %u from %u,%u", rows, cols,
                   got.covered, got.row, got.col, want.covered, want.row, want.col);
    } else {
        want = got;
        want.covered = fuzz_ref_casual_from(mine, rows, cols, got.row, got.col, left);
        FUZZ_CHECK(want.covered == got.covered, "start %u,%u leaves %u covered, reported %u",
                   got.row, got.col, want.covered, got.covered);
        for (i = 0; i < LARGE_SAMPLES; i++) {
            uint32_t sr = fuzz_u8(in) % rows, sc = fuzz_u8(in) % cols, left_there;
            bool earlier = sr < got.row || (sr == got.row && sc < got.col);
            if (mine[(size_t)sr * cols + sc])
                continue;
            left_there = fuzz_ref_casual_from(mine, rows, cols, sr, sc, NULL);
            FUZZ_CHECK(left_there > got.covered || (left_there == got.covered && !earlier),
                       "start %u,%u leaves %u covered, better than the reported %u,%u with %u",
                       sr, sc, left_there, got.row, got.col, got.covered);
        }
    }
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            bool got_left = sap_casual_left_covered(casual, r, c);
            FUZZ_CHECK(got_left == left[(size_t)r * cols + c],
                       "cell %u,%u: left covered %d, the reference %d", r, c, got_left,
                       left[(size_t)r * cols + c]);
            reported += got_left;
        }
    FUZZ_CHECK(reported == got.covered, "%u cells reported left covered, count %u", reported,
               got.covered);
    FUZZ_CHECK(!sap_casual_left_covered(casual, rows, 0) && !sap_casual_left_covered(casual, 0, cols),
               "a cell outside the board is reported covered");
done:
    free(memory);
    free(left);
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    uint8_t mode;
    uint32_t rows, cols, r, c;
    bool *mine;
    bool literal;

    fuzz_bytes_init(&in, data, size);
    mode = fuzz_u8(&in);
    literal = (mode & 1) == 0;
    rows = fuzz_range(&in, 1, literal ? LITERAL_MAX_SIDE : LARGE_MAX_SIDE);
    cols = fuzz_range(&in, 1, literal ? LITERAL_MAX_SIDE : LARGE_MAX_SIDE);
    mine = malloc((size_t)rows * cols * sizeof *mine);
    FUZZ_CHECK(mine != NULL, "malloc");
    if (literal) {
        uint8_t bits = 0;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                uint32_t i = r * cols + c;
                if (i % 8 == 0)
                    bits = fuzz_u8(&in);
                mine[i] = bits >> (i % 8) & 1;
            }
    } else {
        struct fuzz_rng layout;
        uint32_t density = fuzz_u8(&in);
        layout.state = fuzz_u32(&in);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                mine[r * cols + c] = fuzz_rng_next(&layout) % 256u < density;
    }
    check(&in, mine, rows, cols, literal);
    free(mine);
}
