/*
 * fuzz_ref.c - the reference implementations of fuzz_ref.h.  Each follows
 * its statement literally; see fuzz_ref.h.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_ref.h"

static void *ref_alloc(size_t bytes)
{
    void *p = calloc(bytes ? bytes : 1, 1);
    FUZZ_CHECK(p != NULL, "calloc(%zu) failed", bytes);
    return p;
}

/* Calls visit(context, row, col) for each of the up to 8 neighbours. */
#define FOR_NEIGHBOURS(rows, cols, r, c, nr, nc)                          \
    for (int64_t nr = (int64_t)(r) - 1; nr <= (int64_t)(r) + 1; nr++)     \
        for (int64_t nc = (int64_t)(c) - 1; nc <= (int64_t)(c) + 1; nc++) \
            if (nr >= 0 && nc >= 0 && nr < (int64_t)(rows) && nc < (int64_t)(cols) \
                && !(nr == (int64_t)(r) && nc == (int64_t)(c)))

/* ---- game engine (boom) ------------------------------------------------- */

void fuzz_ref_game_init(struct fuzz_ref_game *g, uint32_t rows, uint32_t cols)
{
    size_t n = (size_t)rows * cols;
    g->rows = rows;
    g->cols = cols;
    g->mines = 0;
    g->state = SAP_RUNNING;
    g->last = SAP_RUNNING;
    g->mine = ref_alloc(n * sizeof *g->mine);
    g->opened = ref_alloc(n * sizeof *g->opened);
    g->mark = ref_alloc(n);
    g->before = ref_alloc(n);
    memset(g->mark, '_', n);
    memset(g->before, '_', n);
}

void fuzz_ref_game_free(struct fuzz_ref_game *g)
{
    free(g->mine);
    free(g->opened);
    free(g->mark);
    free(g->before);
    memset(g, 0, sizeof *g);
}

void fuzz_ref_game_set_mine(struct fuzz_ref_game *g, uint32_t row, uint32_t col, bool mine)
{
    size_t i = (size_t)row * g->cols + col;
    if (g->mine[i] != mine)
        g->mines += mine ? 1u : (uint32_t)-1;
    g->mine[i] = mine;
}

static uint32_t mines_around(const struct fuzz_ref_game *g, uint32_t r, uint32_t c)
{
    uint32_t n = 0;
    FOR_NEIGHBOURS(g->rows, g->cols, r, c, nr, nc)
        n += g->mine[nr * g->cols + nc];
    return n;
}

char fuzz_ref_game_cell(const struct fuzz_ref_game *g, uint32_t row, uint32_t col)
{
    size_t i = (size_t)row * g->cols + col;
    if (g->opened[i])
        return (char)('0' + mines_around(g, row, col));
    return g->mark[i];
}

uint32_t fuzz_ref_game_covered(const struct fuzz_ref_game *g)
{
    size_t i, n = (size_t)g->rows * g->cols;
    uint32_t covered = 0;
    for (i = 0; i < n; i++)
        covered += !g->opened[i];
    return covered;
}

/* The statement's "open operation": mark opened; a zero spreads to every
 * neighbour that is neither opened nor flagged P.  A work stack instead of
 * the statement's recursion, so big boards cannot overflow the C stack. */
static void open_from(struct fuzz_ref_game *g, uint32_t row, uint32_t col)
{
    size_t n = (size_t)g->rows * g->cols, top = 0;
    size_t *stack = ref_alloc(n * sizeof *stack);
    bool *pushed = ref_alloc(n * sizeof *pushed);

    stack[top++] = (size_t)row * g->cols + col;
    pushed[stack[0]] = true;
    while (top > 0) {
        size_t i = stack[--top];
        uint32_t r = (uint32_t)(i / g->cols), c = (uint32_t)(i % g->cols);
        FUZZ_CHECK(!g->mine[i], "reference engine opened a mine at %u,%u", r, c);
        g->opened[i] = true;
        if (mines_around(g, r, c) != 0)
            continue;
        FOR_NEIGHBOURS(g->rows, g->cols, r, c, nr, nc) {
            size_t j = (size_t)nr * g->cols + (size_t)nc;
            if (!g->opened[j] && g->mark[j] != 'P' && !pushed[j]) {
                pushed[j] = true;
                stack[top++] = j;
            }
        }
    }
    free(stack);
    free(pushed);
}

static int left_click(struct fuzz_ref_game *g, uint32_t r, uint32_t c)
{
    size_t i = (size_t)r * g->cols + c;
    if (g->opened[i] || g->mark[i] == 'P')
        return SAP_RUNNING;
    if (g->mine[i])
        return SAP_LOSE;
    open_from(g, r, c);
    return SAP_RUNNING;
}

static void right_click(struct fuzz_ref_game *g, uint32_t r, uint32_t c)
{
    size_t i = (size_t)r * g->cols + c;
    if (g->opened[i])
        return;
    g->mark[i] = g->mark[i] == '_' ? 'P' : g->mark[i] == 'P' ? '?' : '_';
}

static int chord(struct fuzz_ref_game *g, uint32_t r, uint32_t c)
{
    uint32_t flags = 0;
    bool hits_mine = false;
    if (!g->opened[(size_t)r * g->cols + c])
        return SAP_RUNNING;
    FOR_NEIGHBOURS(g->rows, g->cols, r, c, nr, nc)
        flags += g->mark[nr * g->cols + nc] == 'P' && !g->opened[nr * g->cols + nc];
    if (flags != mines_around(g, r, c))
        return SAP_RUNNING;
    FOR_NEIGHBOURS(g->rows, g->cols, r, c, nr, nc) {
        size_t j = (size_t)nr * g->cols + (size_t)nc;
        if (!g->opened[j] && g->mark[j] != 'P' && g->mine[j])
            hits_mine = true;
    }
    if (hits_mine)
        return SAP_LOSE;
    FOR_NEIGHBOURS(g->rows, g->cols, r, c, nr, nc) {
        size_t j = (size_t)nr * g->cols + (size_t)nc;
        if (!g->opened[j] && g->mark[j] != 'P')
            open_from(g, (uint32_t)nr, (uint32_t)nc);
    }
    return SAP_RUNNING;
}

int fuzz_ref_game_move(struct fuzz_ref_game *g, int op, uint32_t x, uint32_t y)
{
    uint32_t r = x - 1, c = y - 1, row, col;
    int outcome;

    for (row = 0; row < g->rows; row++)
        for (col = 0; col < g->cols; col++)
            g->before[(size_t)row * g->cols + col] = fuzz_ref_game_cell(g, row, col);
    if (g->state != SAP_RUNNING) {
        g->last = SAP_INVALID;
        return SAP_INVALID;
    }
    FUZZ_CHECK(op >= 1 && op <= 3 && x >= 1 && y >= 1 && x <= g->rows && y <= g->cols,
               "reference engine given op %d at %u,%u", op, x, y);
    if (op == SAP_OP_LEFT)
        outcome = left_click(g, r, c);
    else if (op == SAP_OP_RIGHT) {
        right_click(g, r, c);
        outcome = SAP_RUNNING;
    } else
        outcome = chord(g, r, c);
    /* WIN is judged after every operation that did not lose. */
    if (outcome == SAP_RUNNING && fuzz_ref_game_covered(g) == g->mines)
        outcome = SAP_WIN;
    g->state = outcome;
    g->last = outcome;
    return outcome;
}

void fuzz_ref_game_reply(const struct fuzz_ref_game *g, struct fuzz_text *out)
{
    uint32_t row, col;
    bool first = true;

    if (g->last == SAP_INVALID) {
        fuzz_text_add_str(out, "INVALID\n");
        return;
    }
    if (g->last == SAP_LOSE) {
        fuzz_text_add_str(out, "LOSE\n");
        return;
    }
    fuzz_text_add_str(out, "RUNNING: [");
    for (row = 0; row < g->rows; row++)
        for (col = 0; col < g->cols; col++) {
            char now = fuzz_ref_game_cell(g, row, col);
            if (now == g->before[(size_t)row * g->cols + col])
                continue;
            fuzz_text_add_str(out, first ? "<" : ", <");
            fuzz_text_add_u32(out, row + 1);
            fuzz_text_add_str(out, ", ");
            fuzz_text_add_u32(out, col + 1);
            fuzz_text_add_str(out, ", ");
            fuzz_text_add(out, &now, 1);
            fuzz_text_add_str(out, ">");
            first = false;
        }
    fuzz_text_add_str(out, "]\n");
    if (g->last == SAP_WIN)
        fuzz_text_add_str(out, "WIN\n");
}

/* ---- casual player ------------------------------------------------------ */

enum { CASUAL_COVERED = 0, CASUAL_CLEARED = 1, CASUAL_FLAGGED = 2 };

uint32_t fuzz_ref_casual_from(const bool *mine, uint32_t rows, uint32_t cols,
                              uint32_t row, uint32_t col, bool *left_covered)
{
    size_t n = (size_t)rows * cols, i;
    unsigned char *state = ref_alloc(n);
    uint32_t left = 0;
    bool changed = true;

    FUZZ_CHECK(!mine[(size_t)row * cols + col], "reference casual started on a mine");
    state[(size_t)row * cols + col] = CASUAL_CLEARED;
    while (changed) {
        uint32_t r, c;
        changed = false;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                uint32_t f = 0, cov = 0, m = 0;
                if (state[(size_t)r * cols + c] != CASUAL_CLEARED)
                    continue;
                FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
                    size_t j = (size_t)nr * cols + (size_t)nc;
                    f += state[j] == CASUAL_FLAGGED;
                    cov += state[j] == CASUAL_COVERED;
                    m += mine[j];
                }
                if (cov == 0)
                    continue;
                if (f == m) { /* rule 1: every covered neighbour is safe */
                    FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
                        size_t j = (size_t)nr * cols + (size_t)nc;
                        if (state[j] == CASUAL_COVERED) {
                            FUZZ_CHECK(!mine[j], "reference casual cleared a mine");
                            state[j] = CASUAL_CLEARED;
                        }
                    }
                    changed = true;
                } else if (f + cov == m) { /* rule 2: every covered neighbour is a mine */
                    FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
                        size_t j = (size_t)nr * cols + (size_t)nc;
                        if (state[j] == CASUAL_COVERED) {
                            FUZZ_CHECK(mine[j], "reference casual flagged a safe cell");
                            state[j] = CASUAL_FLAGGED;
                        }
                    }
                    changed = true;
                }
            }
    }
    for (i = 0; i < n; i++) {
        bool covered_safe = !mine[i] && state[i] != CASUAL_CLEARED;
        left += covered_safe;
        if (left_covered != NULL)
            left_covered[i] = covered_safe;
    }
    free(state);
    return left;
}

bool fuzz_ref_casual_solve(const bool *mine, uint32_t rows, uint32_t cols,
                           struct sap_casual_result *result, bool *left_covered)
{
    uint32_t r, c;
    bool found = false;

    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            uint32_t left;
            if (mine[(size_t)r * cols + c])
                continue;
            left = fuzz_ref_casual_from(mine, rows, cols, r, c, NULL);
            if (!found || left < result->covered) {
                result->covered = left;
                result->row = r;
                result->col = c;
                found = true;
            }
        }
    if (found && left_covered != NULL)
        fuzz_ref_casual_from(mine, rows, cols, result->row, result->col, left_covered);
    return found;
}

/* ---- one-click win ------------------------------------------------------ */

/* Boards of at most 20 cells as bit masks, bit r*cols+c. */
static uint32_t dilate(uint32_t set, uint32_t rows, uint32_t cols)
{
    uint32_t full = rows * cols == 32 ? 0xFFFFFFFFu : (1u << (rows * cols)) - 1u;
    uint32_t first_col = 0, last_col = 0, r, h;
    for (r = 0; r < rows; r++) {
        first_col |= 1u << (r * cols);
        last_col |= 1u << (r * cols + cols - 1);
    }
    /* mask before the vertical step: a bit shifted past the last cell must
     * not come back in through h >> cols */
    h = (set | ((set << 1) & ~first_col) | ((set >> 1) & ~last_col)) & full;
    return (h | (h << cols) | (h >> cols)) & full;
}

static int popcount32(uint32_t v)
{
    int n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
}

/* Whether one click wins with this mine layout. */
static bool one_click_wins(uint32_t mines, uint32_t rows, uint32_t cols)
{
    uint32_t full = (1u << (rows * cols)) - 1u;
    uint32_t safe = full & ~mines;
    uint32_t zero = safe & ~dilate(mines, rows, cols);

    if (popcount32(safe) == 1)
        return true; /* the click opens the only safe cell */
    while (zero != 0) {
        uint32_t region = zero & (~zero + 1u), grown;
        for (;;) {
            grown = dilate(region, rows, cols) & zero;
            if (grown == region)
                break;
            region = grown;
        }
        if ((dilate(region, rows, cols) & safe) == safe)
            return true;
        zero &= ~region;
    }
    return false; /* a click on a non-zero cell opens only that cell */
}

bool fuzz_ref_master_possible_exhaustive(uint32_t rows, uint32_t cols, uint32_t mines)
{
    /* Harness-side cache: one sweep over every layout per board shape. */
    static bool known[21][21];
    static bool possible[21][21][21];
    uint32_t cells = rows * cols;

    FUZZ_CHECK(rows >= 1 && cols >= 1 && cells <= 20 && mines < cells,
               "exhaustive search asked for %ux%u with %u mines", rows, cols, mines);
    if (!known[rows][cols]) {
        uint32_t layout, end = 1u << cells;
        for (layout = 0; layout < end; layout++) {
            int m = popcount32(layout);
            if ((uint32_t)m == cells || possible[rows][cols][m])
                continue;
            if (one_click_wins(layout, rows, cols))
                possible[rows][cols][m] = true;
        }
        known[rows][cols] = true;
    }
    return possible[rows][cols][mines];
}

bool fuzz_ref_master_possible_rule(uint32_t rows, uint32_t cols, uint32_t mines)
{
    uint64_t safe = (uint64_t)rows * cols - mines;
    if (safe == 1 || rows == 1 || cols == 1)
        return true;
    if (rows == 2 || cols == 2)
        return safe % 2 == 0 && safe >= 4;
    return safe >= 4 && safe != 5 && safe != 7;
}

bool fuzz_ref_master_possible(uint32_t rows, uint32_t cols, uint32_t mines)
{
    bool rule = fuzz_ref_master_possible_rule(rows, cols, mines);
    if ((uint64_t)rows * cols <= 20) {
        bool exhaustive = fuzz_ref_master_possible_exhaustive(rows, cols, mines);
        FUZZ_CHECK(rule == exhaustive, "the references disagree on %ux%u with %u mines",
                   rows, cols, mines);
    }
    return rule;
}

/* Boards up to this many cells are also played on the core's engine. */
#define MASTER_PLAY_MAX_CELLS 40000u

static const char *play_on_core(const bool *mine, uint32_t rows, uint32_t cols,
                                uint32_t click_row, uint32_t click_col)
{
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    void *memory = malloc(bytes);
    const char *problem = NULL;
    sap_game *game;
    uint32_t r, c;
    int rc;

    FUZZ_CHECK(memory != NULL, "malloc(%zu)", bytes);
    rc = sap_game_init(&game, memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "game init %ux%u: %d", rows, cols, rc);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            if (mine[(size_t)r * cols + c])
                FUZZ_CHECK(sap_game_set_mine(game, r, c, true) == SAP_OK, "set_mine");
    if (sap_game_move(game, SAP_OP_LEFT, click_row + 1, click_col + 1) != SAP_WIN)
        problem = "one click on the game engine does not win";
    free(memory);
    return problem;
}

const char *fuzz_ref_master_check_board(const char *board, uint32_t rows, uint32_t cols,
                                        uint32_t mines)
{
    size_t n = (size_t)rows * cols, i, top = 0, opened = 0;
    uint32_t stars = 0, clicks = 0, click = 0;
    bool *mine, *seen;
    size_t *stack;
    const char *problem = NULL;

    for (i = 0; i < n; i++) {
        if (board[i] == '*')
            stars++;
        else if (board[i] == 'c') {
            clicks++;
            click = (uint32_t)i;
        } else if (board[i] != '.')
            return "a character other than '*', '.' or 'c'";
    }
    if (stars != mines)
        return "the wrong number of mines";
    if (clicks != 1)
        return "not exactly one 'c'";
    mine = ref_alloc(n * sizeof *mine);
    seen = ref_alloc(n * sizeof *seen);
    stack = ref_alloc(n * sizeof *stack);
    for (i = 0; i < n; i++)
        mine[i] = board[i] == '*';
    /* The click opens 'c'; every opened zero opens its neighbours. */
    stack[top++] = click;
    seen[click] = true;
    while (top > 0) {
        size_t j = stack[--top];
        uint32_t r = (uint32_t)(j / cols), c = (uint32_t)(j % cols), around = 0;
        opened++;
        FOR_NEIGHBOURS(rows, cols, r, c, nr, nc)
            around += mine[nr * cols + nc];
        if (around != 0)
            continue;
        FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
            size_t k = (size_t)nr * cols + (size_t)nc;
            if (!seen[k]) {
                seen[k] = true;
                stack[top++] = k;
            }
        }
    }
    if (opened != n - mines)
        problem = "one click does not open every safe cell";
    else if (n <= MASTER_PLAY_MAX_CELLS && fuzz_game_engine_built())
        problem = play_on_core(mine, rows, cols, click / cols, click % cols);
    free(mine);
    free(seen);
    free(stack);
    return problem;
}

/* ---- Nurikabe ----------------------------------------------------------- */

/* Marks every cell reachable from `start` through cells with want[] true,
 * 4- or 8-connected; returns how many it marked. */
static size_t flood(const bool *want, bool *seen, uint32_t rows, uint32_t cols,
                    size_t start, bool diagonal, size_t *stack)
{
    size_t top = 0, count = 0;
    stack[top++] = start;
    seen[start] = true;
    while (top > 0) {
        size_t i = stack[--top];
        uint32_t r = (uint32_t)(i / cols), c = (uint32_t)(i % cols);
        count++;
        FOR_NEIGHBOURS(rows, cols, r, c, nr, nc) {
            size_t j = (size_t)nr * cols + (size_t)nc;
            if (!diagonal && nr != (int64_t)r && nc != (int64_t)c)
                continue;
            if (want[j] && !seen[j]) {
                seen[j] = true;
                stack[top++] = j;
            }
        }
    }
    return count;
}

bool fuzz_ref_nurikabe_solved(const uint32_t *number, const bool *shaded,
                              uint32_t rows, uint32_t cols)
{
    size_t n = (size_t)rows * cols, i, shaded_count = 0;
    bool *unshaded = ref_alloc(n * sizeof *unshaded);
    bool *seen = ref_alloc(n * sizeof *seen);
    bool *region = ref_alloc(n * sizeof *region);
    size_t *stack = ref_alloc(n * sizeof *stack);
    bool solved = true;
    uint32_t r, c;

    for (i = 0; i < n; i++) {
        unshaded[i] = !shaded[i];
        shaded_count += shaded[i];
        if (shaded[i] && number[i] != 0)
            solved = false; /* only blank cells may be shaded */
    }
    /* The shaded cells are one 4-connected group (or there are none). */
    if (solved && shaded_count > 0) {
        for (i = 0; !shaded[i]; i++)
            ;
        if (flood(shaded, seen, rows, cols, i, false, stack) != shaded_count)
            solved = false;
    }
    /* Each unshaded 4-connected region: exactly one number, equal to its size. */
    memset(seen, 0, n * sizeof *seen);
    for (i = 0; solved && i < n; i++) {
        size_t size, j, numbers = 0;
        uint32_t value = 0;
        if (!unshaded[i] || seen[i])
            continue;
        memset(region, 0, n * sizeof *region);
        size = flood(unshaded, region, rows, cols, i, false, stack);
        for (j = 0; j < n; j++)
            if (region[j]) {
                seen[j] = true;
                if (number[j] != 0) {
                    numbers++;
                    value = number[j];
                }
            }
        if (numbers != 1 || value != size)
            solved = false;
    }
    /* Every unshaded cell reaches the edge through unshaded cells sharing a
     * side or a corner: flood inward from every unshaded edge cell. */
    memset(seen, 0, n * sizeof *seen);
    for (r = 0; solved && r < rows; r++)
        for (c = 0; c < cols; c++) {
            size_t j = (size_t)r * cols + c;
            bool edge = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
            if (edge && unshaded[j] && !seen[j])
                flood(unshaded, seen, rows, cols, j, true, stack);
        }
    for (i = 0; solved && i < n; i++)
        if (unshaded[i] && !seen[i])
            solved = false;
    /* No 2x2 square entirely shaded. */
    for (r = 0; solved && r + 1 < rows; r++)
        for (c = 0; c + 1 < cols; c++) {
            size_t j = (size_t)r * cols + c;
            if (shaded[j] && shaded[j + 1] && shaded[j + cols] && shaded[j + cols + 1])
                solved = false;
        }
    free(unshaded);
    free(seen);
    free(region);
    free(stack);
    return solved;
}
