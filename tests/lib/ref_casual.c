/*
 * ref_casual.c - the casual player done the obvious way, to check the core
 * against.  Nothing here is clever on purpose.
 */
#include "ref_casual.h"
#include "sapper.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t neighbours(uint32_t rows, uint32_t cols, uint32_t x, uint32_t out[8])
{
    long r = (long)(x / cols), c = (long)(x % cols);
    uint32_t n = 0;
    long dr, dc;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            long rr = r + dr, cc = c + dc;
            if ((dr == 0 && dc == 0) || rr < 0 || cc < 0 || rr >= (long)rows
                || cc >= (long)cols)
                continue;
            out[n++] = (uint32_t)(rr * (long)cols + cc);
        }
    return n;
}

uint32_t ref_casual_closure(const unsigned char *mines, uint32_t rows, uint32_t cols,
                            uint32_t start, unsigned char *state)
{
    uint32_t cells = rows * cols, x, cleared = 1;
    int changed = 1;

    memset(state, REF_CASUAL_COVERED, cells);
    state[start] = REF_CASUAL_CLEARED;
    while (changed) {
        changed = 0;
        for (x = 0; x < cells; x++) {
            uint32_t nb[8], n, i, f = 0, c = 0, m = 0;
            if (state[x] != REF_CASUAL_CLEARED)
                continue;
            n = neighbours(rows, cols, x, nb);
            for (i = 0; i < n; i++) {
                f += state[nb[i]] == REF_CASUAL_FLAGGED;
                c += state[nb[i]] == REF_CASUAL_COVERED;
                m += mines[nb[i]] != 0;
            }
            if (c == 0)
                continue;
            if (f == m) { /* rule 1 */
                for (i = 0; i < n; i++)
                    if (state[nb[i]] == REF_CASUAL_COVERED) {
                        state[nb[i]] = REF_CASUAL_CLEARED;
                        cleared++;
                    }
                changed = 1;
            } else if (f + c == m) { /* rule 2 */
                for (i = 0; i < n; i++)
                    if (state[nb[i]] == REF_CASUAL_COVERED)
                        state[nb[i]] = REF_CASUAL_FLAGGED;
                changed = 1;
            }
        }
    }
    return cleared;
}

static void fill_left(const unsigned char *mines, const unsigned char *state, uint32_t cells,
                      unsigned char *left)
{
    uint32_t x;
    for (x = 0; x < cells; x++)
        left[x] = !mines[x] && state[x] != REF_CASUAL_CLEARED;
}

int ref_casual_solve(const unsigned char *mines, uint32_t rows, uint32_t cols,
                     struct ref_casual_answer *answer, unsigned char *left)
{
    uint32_t cells = rows * cols, x, safe = 0, best = 0, best_cleared = 0;
    unsigned char *state = malloc(cells);

    if (state == NULL)
        abort();
    for (x = 0; x < cells; x++)
        safe += !mines[x];
    if (safe == 0) {
        free(state);
        return -1;
    }
    for (x = 0; x < cells; x++) {
        uint32_t n;
        if (mines[x])
            continue;
        n = ref_casual_closure(mines, rows, cols, x, state);
        if (n > best_cleared) {
            best_cleared = n;
            best = x;
        }
    }
    answer->covered = safe - best_cleared;
    answer->row = best / cols;
    answer->col = best % cols;
    if (left != NULL) {
        ref_casual_closure(mines, rows, cols, best, state);
        fill_left(mines, state, cells, left);
    }
    free(state);
    return 0;
}

/* One start with a FIFO of cells to re-examine; every cell whose
 * neighbourhood changes is re-examined, re-evaluating f, c and m. */
static uint32_t queue_closure(const unsigned char *mines, uint32_t rows, uint32_t cols,
                              uint32_t start, unsigned char *state, uint32_t *queue,
                              unsigned char *queued, uint32_t *touched, uint32_t *ntouched)
{
    uint32_t head = 0, tail = 0, cleared = 1;

    *ntouched = 0;
    state[start] = REF_CASUAL_CLEARED;
    touched[(*ntouched)++] = start;
    queue[tail++] = start; /* a ring of cells + 1 slots: each cell is queued at most once */
    queued[start] = 1;
    while (head != tail) {
        uint32_t x = queue[head], nb[8], n, i, f = 0, c = 0, m = 0;
        head = (head + 1) % (rows * cols + 1);
        queued[x] = 0;
        if (state[x] != REF_CASUAL_CLEARED)
            continue;
        n = neighbours(rows, cols, x, nb);
        for (i = 0; i < n; i++) {
            f += state[nb[i]] == REF_CASUAL_FLAGGED;
            c += state[nb[i]] == REF_CASUAL_COVERED;
            m += mines[nb[i]] != 0;
        }
        if (c == 0 || (f != m && f + c != m))
            continue;
        for (i = 0; i < n; i++) {
            uint32_t y = nb[i], nb2[9], n2, k;
            if (state[y] != REF_CASUAL_COVERED)
                continue;
            state[y] = f == m ? REF_CASUAL_CLEARED : REF_CASUAL_FLAGGED;
            cleared += f == m;
            touched[(*ntouched)++] = y;
            /* y and its neighbours see a changed neighbourhood */
            n2 = neighbours(rows, cols, y, nb2);
            nb2[n2++] = y;
            for (k = 0; k < n2; k++)
                if (!queued[nb2[k]] && state[nb2[k]] == REF_CASUAL_CLEARED) {
                    queued[nb2[k]] = 1;
                    queue[tail] = nb2[k];
                    tail = (tail + 1) % (rows * cols + 1);
                }
        }
    }
    return cleared;
}

int ref_casual_solve_queue(const unsigned char *mines, uint32_t rows, uint32_t cols,
                           struct ref_casual_answer *answer, unsigned char *left)
{
    uint32_t cells = rows * cols, x, i, safe = 0, best = 0, best_cleared = 0, ntouched;
    unsigned char *state = calloc(cells, 1), *queued = calloc(cells, 1),
                  *done = calloc(cells, 1);
    uint32_t *queue = malloc(sizeof *queue * ((size_t)cells + 1));
    uint32_t *touched = malloc(sizeof *touched * cells);

    if (!state || !queued || !done || !queue || !touched)
        abort();
    for (x = 0; x < cells; x++)
        safe += !mines[x];
    if (safe == 0) {
        free(state);
        free(queued);
        free(done);
        free(queue);
        free(touched);
        return -1;
    }
    for (x = 0; x < cells && best_cleared < safe; x++) {
        uint32_t n;
        if (mines[x] || done[x])
            continue;
        n = queue_closure(mines, rows, cols, x, state, queue, queued, touched, &ntouched);
        if (n > best_cleared) {
            best_cleared = n;
            best = x;
        }
        for (i = 0; i < ntouched; i++) {
            if (state[touched[i]] == REF_CASUAL_CLEARED)
                done[touched[i]] = 1;
            state[touched[i]] = REF_CASUAL_COVERED;
        }
    }
    answer->covered = safe - best_cleared;
    answer->row = best / cols;
    answer->col = best % cols;
    if (left != NULL) {
        queue_closure(mines, rows, cols, best, state, queue, queued, touched, &ntouched);
        fill_left(mines, state, cells, left);
    }
    free(state);
    free(queued);
    free(done);
    free(queue);
    free(touched);
    return 0;
}

uint32_t ref_casual_budget;

uint32_t ref_casual_play(const unsigned char *mines, uint32_t rows, uint32_t cols, int literal,
                         uint32_t start, unsigned char *left)
{
    size_t cells = (size_t)rows * cols;
    unsigned char *state = calloc(cells, 1), *queued = calloc(cells, 1);
    uint32_t *queue = malloc(sizeof *queue * (cells + 1)),
             *touched = malloc(sizeof *touched * cells);
    uint32_t cleared, ntouched;

    if (!state || !queued || !queue || !touched)
        abort();
    cleared = literal ? ref_casual_closure(mines, rows, cols, start, state)
                      : queue_closure(mines, rows, cols, start, state, queue, queued, touched,
                                      &ntouched);
    fill_left(mines, state, (uint32_t)cells, left);
    free(state);
    free(queued);
    free(queue);
    free(touched);
    return cleared;
}

int ref_casual_compare_core(const unsigned char *mines, uint32_t rows, uint32_t cols,
                            int literal, char *why, size_t why_size)
{
    size_t cells = (size_t)rows * cols;
    unsigned char *left = malloc(cells);
    void *block = malloc(SAP_CASUAL_BYTES(rows, cols));
    struct ref_casual_answer want;
    struct sap_casual_result got;
    sap_casual *cs = NULL;
    int ref_status, status, result = 0;
    uint32_t r, c, wrong = 0, safe = 0, start;

    if (left == NULL || block == NULL)
        abort();
    ref_status = literal ? ref_casual_solve(mines, rows, cols, &want, NULL)
                         : ref_casual_solve_queue(mines, rows, cols, &want, NULL);
    status = sap_casual_init(&cs, block, SAP_CASUAL_BYTES(rows, cols), rows, cols);
    for (r = 0; r < rows && status == SAP_OK; r++)
        for (c = 0; c < cols && status == SAP_OK; c++)
            if (mines[r * cols + c])
                status = sap_casual_set_mine(cs, r, c, true);
            else
                safe++;
    if (status == SAP_OK && ref_casual_budget == 0) {
        status = sap_casual_solve(cs, &got);
    } else if (status == SAP_OK) { /* the bounded form, that many steps a call */
        do
            status = sap_casual_solve_step(cs, ref_casual_budget, &got);
        while (status == SAP_MORE);
    }
    if (ref_status < 0) {
        if (status != SAP_ERR_STATE) {
            snprintf(why, why_size, "no safe cell, but the core returned %d", status);
            result = -1;
        }
    } else if (status != SAP_OK) {
        snprintf(why, why_size, "the core returned %d", status);
        result = -1;
    } else if (got.covered != want.covered || got.row >= rows || got.col >= cols
               || mines[got.row * cols + got.col]) {
        snprintf(why, why_size, "core %u at (%u,%u), reference %u (first best at (%u,%u))",
                 got.covered, got.row, got.col, want.covered, want.row, want.col);
        result = -1;
    } else {
        /* any best start will do (the protocol names "a best first cell"):
         * the core's start, played by the reference, must leave exactly
         * the minimum covered, and the very cells the core says */
        start = got.row * cols + got.col;
        if (safe - ref_casual_play(mines, rows, cols, literal, start, left) != got.covered) {
            snprintf(why, why_size, "core %u at (%u,%u), but that start leaves %u covered",
                     got.covered, got.row, got.col,
                     safe - ref_casual_play(mines, rows, cols, literal, start, left));
            result = -1;
        } else {
            for (r = 0; r < rows; r++)
                for (c = 0; c < cols; c++)
                    wrong += sap_casual_left_covered(cs, r, c) != (left[r * cols + c] != 0);
            if (wrong) {
                snprintf(why, why_size, "core %u at (%u,%u): %u cells differ in the left set",
                         got.covered, got.row, got.col, wrong);
                result = -1;
            }
        }
    }
    free(block);
    free(left);
    return result;
}

uint64_t ref_casual_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ref_casual_random_board(unsigned char *mines, uint32_t rows, uint32_t cols,
                             unsigned permille, uint64_t seed)
{
    uint32_t x, cells = rows * cols;
    for (x = 0; x < cells; x++)
        mines[x] = ref_casual_random(&seed) % 1000u < permille;
}
