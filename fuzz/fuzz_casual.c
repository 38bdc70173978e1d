/*
 * fuzz_casual.c - the casual player against the tests' references
 * (tests/lib/ref_casual.c, which share no code with the core).
 *
 * Input: mode byte; on boards up to 8x8 (mode bit 0 clear) rows, cols and
 * one bit per cell, and the covered count must equal the literal
 * every-start sweep's.  Larger boards, up to 32x32 with mines from a
 * seeded generator at a density the input picks, are compared the same way
 * with the faster queue reference.  Either way the reported start (any
 * best start will do) played literally must leave exactly the reported
 * cells covered.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ref_casual.h"

#define LITERAL_MAX_SIDE 8u
#define LARGE_MAX_SIDE 32u

static void check(const unsigned char *mine, uint32_t rows, uint32_t cols, bool literal,
                  uint32_t budget)
{
    size_t bytes = SAP_CASUAL_BYTES(rows, cols), n = (size_t)rows * cols, i;
    unsigned char *memory = malloc(bytes);
    unsigned char *state = malloc(n);
    struct sap_casual_result got;
    struct ref_casual_answer want;
    sap_casual *casual;
    uint32_t r, c, safe = 0, reported = 0, closure_left = 0;
    int rc, want_rc;

    FUZZ_CHECK(memory != NULL && state != NULL, "malloc");
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
            bool m = mine[(size_t)r * cols + c] != 0;
            safe += !m;
            if (!m && (r + 2 * c) % 3 == 0) /* noise the solver must undo */
                FUZZ_CHECK(sap_casual_set_mine(casual, r, c, true) == SAP_OK, "set_mine");
            FUZZ_CHECK(sap_casual_set_mine(casual, r, c, m) == SAP_OK, "set_mine %u,%u", r, c);
        }

    if (budget == 0) {
        rc = sap_casual_solve(casual, &got);
    } else { /* the bounded form, a few steps a call (sapper.h section 2) */
        unsigned long calls = 0;
        do
            rc = sap_casual_solve_step(casual, budget, &got);
        while (rc == SAP_MORE && ++calls < 100000000ul);
    }
    want_rc = literal ? ref_casual_solve(mine, rows, cols, &want, NULL)
                      : ref_casual_solve_queue(mine, rows, cols, &want, NULL);
    if (safe == 0) {
        FUZZ_CHECK(rc == SAP_ERR_STATE && want_rc < 0, "a board without a safe cell gave %d",
                   rc);
        goto done;
    }
    FUZZ_CHECK(rc == SAP_OK && want_rc == 0, "solve %ux%u: %d", rows, cols, rc);
    FUZZ_CHECK(got.covered == want.covered && got.row < rows && got.col < cols
                   && !mine[(size_t)got.row * cols + got.col],
               "%ux%u: %u covered from %u,%u; the %s reference: %u", rows, cols, got.covered,
               got.row, got.col, literal ? "literal" : "queue", want.covered);
    /* Any best start will do (the protocol names "a best first cell"): the
     * reported start, played literally, leaves exactly the cells reported
     * left covered, and as many as the reference's minimum. */
    ref_casual_closure(mine, rows, cols, got.row * cols + got.col, state);
    for (i = 0; i < n; i++) {
        bool covered_safe = !mine[i] && state[i] != REF_CASUAL_CLEARED;
        /* cols >= 1, as i < rows * cols says (the analyzer does not follow
         * products): NOLINTNEXTLINE(clang-analyzer-core.DivideZero) */
        bool got_left = sap_casual_left_covered(casual, (uint32_t)(i / cols),
                                                (uint32_t)(i % cols));
        closure_left += covered_safe;
        reported += got_left;
        FUZZ_CHECK(covered_safe == got_left,
                   "the literal closure of %u,%u differs at cell %zu: "
                   "left covered %d, the closure %d",
                   got.row, got.col, i, got_left, covered_safe);
    }
    FUZZ_CHECK(reported == got.covered, "%u cells reported left covered, count %u", reported,
               got.covered);
    FUZZ_CHECK(closure_left == got.covered, "the literal closure leaves %u, reported %u",
               closure_left, got.covered);
    FUZZ_CHECK(!sap_casual_left_covered(casual, rows, 0)
                   && !sap_casual_left_covered(casual, 0, cols),
               "a cell outside the board is reported covered");
done:
    free(memory);
    free(state);
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    uint8_t mode;
    uint32_t rows, cols, r, c;
    unsigned char *mine;
    bool literal;

    fuzz_bytes_init(&in, data, size);
    mode = fuzz_u8(&in);
    literal = (mode & 1) == 0;
    rows = fuzz_range(&in, 1, literal ? LITERAL_MAX_SIDE : LARGE_MAX_SIDE);
    cols = fuzz_range(&in, 1, literal ? LITERAL_MAX_SIDE : LARGE_MAX_SIDE);
    mine = malloc((size_t)rows * cols);
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
    /* bits 1-5 of the mode: 0 solves unbounded, else that many steps a call */
    check(mine, rows, cols, literal, (uint32_t)(mode >> 1) & 31u);
    free(mine);
}
