/*
 * fuzz_nurikabe.c - the Nurikabe verifier against the reference verifier.
 *
 * The reference is the tests' own verifier (tests/lib/ref_nurikabe.c).
 *
 * Input: mode byte, rows, cols (at most 12x12, or 40x40 with a seeded
 * shading), the shading, then the numbers.  Random shadings are almost
 * never solutions, so in "island" mode the harness numbers each unshaded
 * island with its own size (in a cell the input picks) and then lets the
 * input perturb a few numbers: both answers come up often.  In "free" mode
 * the input places the numbers itself, including ones the API must refuse
 * (zero, outside the grid, a second number in a cell, one more than
 * declared), and those must be refused and change nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ref_nurikabe.h"

#define SMALL_MAX_SIDE 12u
#define LARGE_MAX_SIDE 40u

struct placed {
    uint32_t row, col, value;
};

/* Numbers each unshaded 4-connected island with its size. */
static uint32_t number_islands(struct fuzz_bytes *in, const bool *shaded, uint32_t rows,
                               uint32_t cols, struct placed *out)
{
    size_t n = (size_t)rows * cols, i, top;
    bool *seen = calloc(n, sizeof *seen);
    size_t *cells = malloc(n * sizeof *cells);
    uint32_t count = 0;

    FUZZ_CHECK(seen != NULL && cells != NULL, "malloc");
    for (i = 0; i < n; i++) {
        size_t size = 0, pick;
        if (shaded[i] || seen[i])
            continue;
        top = 0;
        cells[top++] = i;
        seen[i] = true;
        while (size < top) { /* cells[] doubles as the queue and the island's list */
            size_t j = cells[size++];
            /* cols >= 1, as i < rows * cols says (the analyzer does not
             * follow products): NOLINTNEXTLINE(clang-analyzer-core.DivideZero) */
            uint32_t r = (uint32_t)(j / cols), c = (uint32_t)(j % cols);
            size_t next[4];
            int k, m = 0;
            if (r > 0)
                next[m++] = j - cols;
            if (r + 1 < rows)
                next[m++] = j + cols;
            if (c > 0)
                next[m++] = j - 1;
            if (c + 1 < cols)
                next[m++] = j + 1;
            for (k = 0; k < m; k++)
                if (!shaded[next[k]] && !seen[next[k]]) {
                    seen[next[k]] = true;
                    cells[top++] = next[k];
                }
        }
        pick = cells[fuzz_u8(in) % size];
        /* as above: NOLINTNEXTLINE(clang-analyzer-core.DivideZero) */
        out[count].row = (uint32_t)(pick / cols);
        out[count].col = (uint32_t)(pick % cols);
        out[count].value = (uint32_t)size;
        count++;
    }
    free(seen);
    free(cells);
    return count;
}

/* The same grid for tests/lib's verifier. */
static bool reference_solved(const uint32_t *number, const bool *shaded, uint32_t rows,
                             uint32_t cols)
{
    struct ref_nurikabe_grid g;
    size_t i;
    int verdict;

    ref_nurikabe_grid_init(&g, (int)rows, (int)cols);
    for (i = 0; i < (size_t)rows * cols; i++) {
        g.shaded[i] = shaded[i];
        if (number[i] != 0)
            /* cols >= 1, as i < rows * cols says (the analyzer does not
             * follow products): NOLINTNEXTLINE(clang-analyzer-core.DivideZero) */
            FUZZ_CHECK(ref_nurikabe_add_number(&g, (int)(i / cols), (int)(i % cols), number[i]),
                       "ref_nurikabe_add_number");
    }
    verdict = ref_nurikabe_verify(&g);
    ref_nurikabe_grid_free(&g);
    return verdict == 1;
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    uint8_t mode;
    uint32_t rows, cols, r, c, count, i, declared;
    size_t n, bytes;
    bool *shaded;
    uint32_t *number;
    struct placed *placed;
    unsigned char *memory;
    sap_nurikabe *grid;
    bool large, islands, want;
    uint32_t budget;
    int rc;

    fuzz_bytes_init(&in, data, size);
    mode = fuzz_u8(&in);
    /* bits 2-6 of the mode: 0 verifies unbounded only, else also 1 to 31
     * steps a call */
    budget = (uint32_t)(mode >> 2) & 31u;
    large = (mode & 2) != 0;
    islands = (mode & 1) == 0;
    rows = fuzz_range(&in, 1, large ? LARGE_MAX_SIDE : SMALL_MAX_SIDE);
    cols = fuzz_range(&in, 1, large ? LARGE_MAX_SIDE : SMALL_MAX_SIDE);
    n = (size_t)rows * cols;
    shaded = calloc(n, sizeof *shaded);
    number = calloc(n, sizeof *number);
    placed = calloc(n + 1, sizeof *placed);
    FUZZ_CHECK(shaded != NULL && number != NULL && placed != NULL, "calloc");
    if (!large) {
        uint8_t bits = 0;
        for (i = 0; i < n; i++) {
            if (i % 8 == 0)
                bits = fuzz_u8(&in);
            shaded[i] = bits >> (i % 8) & 1;
        }
    } else {
        struct fuzz_rng layout;
        uint32_t density = fuzz_u8(&in);
        layout.state = fuzz_u32(&in);
        for (i = 0; i < n; i++)
            shaded[i] = fuzz_rng_next(&layout) % 256u < density;
    }
    if (islands) {
        uint32_t perturb = fuzz_u8(&in) % 4;
        count = number_islands(&in, shaded, rows, cols, placed);
        for (i = 0; i < perturb && count > 0; i++) {
            struct placed *p = &placed[fuzz_u8(&in) % count];
            uint8_t how = fuzz_u8(&in);
            if (how & 1) {
                p->value += (how & 2) ? 1u : p->value > 1 ? (uint32_t)-1 : 1u;
            } else { /* move it to any cell, maybe a shaded one */
                uint32_t to = fuzz_u16(&in) % (uint32_t)n;
                bool taken = false;
                uint32_t k;
                for (k = 0; k < count; k++)
                    taken |= placed[k].row * cols + placed[k].col == to;
                if (!taken) {
                    p->row = to / cols;
                    p->col = to % cols;
                }
            }
        }
    } else {
        count = fuzz_u8(&in) % (uint32_t)(n + 1);
        for (i = 0; i < count; i++) {
            placed[i].row = fuzz_u8(&in) % (rows + 1); /* rows: outside the grid */
            placed[i].col = fuzz_u8(&in) % (cols + 1);
            placed[i].value = fuzz_u8(&in) % 8 == 0 ? fuzz_u32(&in) : fuzz_u8(&in) % 12;
        }
    }

    declared = count;
    bytes = SAP_NURIKABE_BYTES(rows, cols, declared);
    memory = malloc(bytes);
    FUZZ_CHECK(memory != NULL, "malloc");
    memset(memory, 0xA5, bytes);
    rc = sap_nurikabe_init(&grid, memory, bytes - 1, rows, cols, declared);
    FUZZ_CHECK(rc == SAP_ERR_NOMEM, "init with %zu bytes for %ux%u with %u numbers gave %d",
               bytes - 1, rows, cols, declared, rc);
    rc = sap_nurikabe_init(&grid, memory, bytes, rows, cols, declared);
    FUZZ_CHECK(rc == SAP_OK, "init %ux%u %u: %d", rows, cols, declared, rc);
    for (i = 0; i < count; i++) {
        const struct placed *p = &placed[i];
        rc = sap_nurikabe_set_number(grid, p->row, p->col, p->value);
        if (p->row >= rows || p->col >= cols) {
            FUZZ_CHECK(rc == SAP_ERR_RANGE, "a number at %u,%u outside %ux%u gave %d", p->row,
                       p->col, rows, cols, rc);
        } else if (p->value == 0 || number[p->row * cols + p->col] != 0) {
            FUZZ_CHECK(rc == SAP_ERR_ARG, "number %u at %u,%u (holding %u) gave %d", p->value,
                       p->row, p->col, number[p->row * cols + p->col], rc);
        } else {
            FUZZ_CHECK(rc == SAP_OK, "number %u at %u,%u gave %d", p->value, p->row, p->col,
                       rc);
            number[p->row * cols + p->col] = p->value;
        }
    }
    /* One number more than declared has no room. */
    for (i = 0; i < n; i++)
        if (number[i] == 0) {
            bool room_left = false;
            uint32_t k, accepted = 0;
            for (k = 0; k < n; k++)
                accepted += number[k] != 0;
            room_left = accepted < declared;
            rc = sap_nurikabe_set_number(grid, (uint32_t)(i / cols), (uint32_t)(i % cols), 1);
            if (room_left) {
                FUZZ_CHECK(rc == SAP_OK, "a number within the declared count gave %d", rc);
                number[i] = 1;
            } else {
                FUZZ_CHECK(rc < 0, "a number past the declared %u was accepted", declared);
            }
            break;
        }
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            if (shaded[r * cols + c] || (r + c) % 4 == 1) /* set, and some unset again */
                FUZZ_CHECK(sap_nurikabe_set_shaded(grid, r, c, true) == SAP_OK, "set_shaded");
            FUZZ_CHECK(sap_nurikabe_set_shaded(grid, r, c, shaded[r * cols + c]) == SAP_OK,
                       "set_shaded");
        }
    FUZZ_CHECK(sap_nurikabe_set_shaded(grid, rows, 0, true) == SAP_ERR_RANGE
                   && sap_nurikabe_set_shaded(grid, 0, cols, true) == SAP_ERR_RANGE,
               "set_shaded accepted a cell outside the grid");

    want = reference_solved(number, shaded, rows, cols);
    if (budget != 0) { /* the bounded form, a few steps a call (sapper.h section 2) */
        bool solved = false;
        unsigned long calls = 0;
        do
            rc = sap_nurikabe_verify_step(grid, budget, &solved);
        while (rc == SAP_MORE && ++calls < 100000000ul);
        FUZZ_CHECK(rc == SAP_OK && solved == want, "%ux%u: verify_step gave %d, solved %d",
                   rows, cols, rc, solved);
        /* a change starts it over: re-shading a cell as it is */
        FUZZ_CHECK(sap_nurikabe_set_shaded(grid, 0, 0, shaded[0]) == SAP_OK, "set_shaded");
    }
    rc = sap_nurikabe_verify(grid);
    FUZZ_CHECK(rc == (want ? 1 : 0), "%ux%u: verify gave %d, the reference says %s", rows, cols,
               rc, want ? "solved" : "not solved");
    rc = sap_nurikabe_verify(grid);
    FUZZ_CHECK(rc == (want ? 1 : 0), "a second verify gave %d", rc);
    free(memory);
    free(shaded);
    free(number);
    free(placed);
}
