/*
 * test_deduce_sweep.c - the deduction engine's sweep (core/deduce_sweep.c),
 * the dynamic programme that counts and weighs a long group of frontier
 * cells, against the walk it replaces there and against counts made here
 * without the engine:
 *   - on positions of real games at four sizes (beginner to 30 x 40), the
 *     sweep of every group, the sweep in a room so tight that it forgets
 *     layers all the time (and falls back to the walk on wider groups),
 *     and the engine's own choice, each under a random budget a call (1
 *     included), agree with the walk on every cell: the same certainty,
 *     the probability to 0.01 %;
 *   - expert seed 1586 after 118 HINTs, where one group of 65 cells has
 *     5.8 million assignments (the walk needed more than 50 million steps
 *     and gave up), is answered within a session's budgets, and agrees
 *     with a backtracking count of every assignment, in exact integers;
 *   - a wall of 1s and 2s 200 cells long is answered exactly, against a
 *     transfer matrix along the wall.
 */
#include "check.h"
#include "deduce.h"
#include "sapper.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

/* A budget a call: 1 often, else anything from 2 steps to unlimited. */
static uint32_t random_budget(void)
{
    static const uint32_t some[] = { 1, 2, 3, 7, 31, 100, 1000, SAP_BUDGET_UNLIMITED };
    return some[rnd(sizeof some / sizeof some[0])];
}

/* A deduction's answers: its result and every cell's view and odds. */
struct answers {
    int err;
    uint32_t steps, largest; /* steps spent; the largest group */
    int *view;
    uint32_t *p;
};

static void answers_init(struct answers *a, uint32_t cells)
{
    a->view = calloc(cells, sizeof *a->view);
    a->p = calloc(cells, sizeof *a->p);
}

static void answers_free(struct answers *a)
{
    free(a->view);
    free(a->p);
}

/* The largest group of a deduction that has found its groups. */
static uint32_t largest_group(sap_deduce *d)
{
    uint32_t i = 0, most = 0;
    while (i < d->frontier) {
        uint32_t e = group_end(d, i);
        if (e - i > most)
            most = e - i;
        i = e;
    }
    return most;
}

/* Deduces g counting `how`, `budget` steps a call, giving up (SAP_ERR_SIZE)
 * past `cap` steps in all. */
static void deduce(const sap_game *g, enum deduce_count how, uint32_t budget, uint64_t cap,
                   struct answers *a)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), x;
    size_t bytes = SAP_DEDUCE_BYTES(rows, cols);
    void *block = malloc(bytes);
    uint64_t spent = 0;
    sap_deduce *d;
    CHECK_EQ_INT(sap_deduce_init(&d, block, bytes, g), SAP_OK);
    sap_deduce_set_count(d, how);
    a->largest = 0;
    do {
        a->err = sap_deduce_step(d, budget);
        spent += budget;
        if (a->largest == 0 && d->phase >= PH_COUNT && d->phase <= PH_DONE)
            a->largest = largest_group(d);
    } while (a->err == SAP_MORE && spent < cap);
    if (a->err == SAP_MORE)
        a->err = SAP_ERR_SIZE;
    a->steps = d->steps;
    for (x = 0; x < rows * cols && a->err == SAP_OK; x++)
        a->view[x] = sap_deduce_cell(d, x / cols, x % cols, &a->p[x]);
    free(block);
}

/* Every cell the same, the odds to 0.01 %. */
static bool agree(const sap_game *g, const struct answers *a, const struct answers *b,
                  const char *what)
{
    uint32_t x, cells = sap_game_rows(g) * sap_game_cols(g);
    if (!CHECK_EQ_INT(a->err, b->err))
        return false;
    for (x = 0; x < cells && a->err == SAP_OK; x++) {
        uint32_t pa = a->p[x], pb = b->p[x];
        if (!CHECK_EQ_INT(a->view[x], b->view[x]) || !CHECK(pa <= pb + 1 && pb <= pa + 1)) {
            fprintf(stderr, "  %s: cell %u,%u: %d %u against %d %u\n", what,
                    x / sap_game_cols(g), x % sap_game_cols(g), a->view[x], pa, b->view[x], pb);
            return false;
        }
    }
    return true;
}

/* ---- the sweep against the walk on real games ----------------------------- */

/* Games at one size played by the engine's advice (every certain safe
 * cell, else the safest); on each position the walk (given up past 2
 * million steps: the positions it cannot do are left out) against the
 * three others.  Counts what it compared into the totals. */
static void games_at(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t games,
                     uint32_t *positions, uint32_t *uncertain, uint32_t *long_groups,
                     uint32_t *skipped)
{
    static const enum deduce_count others[] = { COUNT_SWEEP, COUNT_SWEEP_TIGHT, COUNT_AUTO };
    static const char *const names[] = { "sweep", "tight sweep", "auto" };
    uint32_t cells = rows * cols, game, x, k;
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    void *block = malloc(bytes);
    struct answers walk, other;
    answers_init(&walk, cells);
    answers_init(&other, cells);
    for (game = 0; game < games && check_failures_in_test == 0; game++) {
        sap_game *g;
        sap_game_init(&g, block, bytes, rows, cols);
        sap_game_set_random(g, mines, 1000u * rows + game);
        sap_game_move(g, 1, rows / 2 + 1, cols / 2 + 1);
        while (sap_game_state(g) == SAP_RUNNING && check_failures_in_test == 0) {
            uint32_t best = cells, best_p = 10001, opened = 0;
            deduce(g, COUNT_WALK, 1u << 18, 2000000u, &walk);
            if (walk.err == SAP_ERR_SIZE) {
                ++*skipped; /* the walk cannot: its answers are the sweep's */
                deduce(g, COUNT_AUTO, SAP_BUDGET_UNLIMITED, UINT64_MAX, &walk);
                CHECK_EQ_INT(walk.err, SAP_OK);
            } else {
                for (k = 0; k < 3; k++) {
                    deduce(g, others[k], random_budget(), UINT64_MAX, &other);
                    if (!agree(g, &walk, &other, names[k]))
                        fprintf(stderr, "  %ux%u game %u, %u covered\n", rows, cols, game,
                                sap_game_covered(g));
                }
                ++*positions;
                *long_groups += walk.largest >= SWEEP_MIN_CELLS;
            }
            if (walk.err != SAP_OK)
                break;
            for (x = 0; x < cells; x++) {
                *uncertain += walk.view[x] == SAP_CELL_UNSURE;
                if (walk.view[x] == SAP_CELL_SAFE) {
                    sap_game_move(g, 1, x / cols + 1, x % cols + 1);
                    opened++;
                } else if (walk.view[x] == SAP_CELL_UNSURE && walk.p[x] < best_p) {
                    best_p = walk.p[x];
                    best = x;
                }
            }
            if (opened == 0 && best < cells)
                sap_game_move(g, 1, best / cols + 1, best % cols + 1);
        }
    }
    answers_free(&walk);
    answers_free(&other);
    free(block);
}

static void test_sweep_agrees_with_walk(void)
{
    uint32_t positions = 0, uncertain = 0, long_groups = 0, skipped = 0;
    games_at(9, 9, 10, 80, &positions, &uncertain, &long_groups, &skipped);
    games_at(16, 16, 40, 40, &positions, &uncertain, &long_groups, &skipped);
    games_at(16, 30, 99, 40, &positions, &uncertain, &long_groups, &skipped);
    games_at(30, 40, 250, 6, &positions, &uncertain, &long_groups, &skipped);
    fprintf(
        stderr,
        "  %u positions compared (%u with a group of %u cells or more), %u uncertain cells; "
        "%u left out (past the walk)\n",
        positions, long_groups, SWEEP_MIN_CELLS, uncertain, skipped);
    CHECK(positions > 1500);
    CHECK(long_groups > 20);
    CHECK(uncertain > 50000);
}

/* ---- expert seed 1586 after 118 HINTs --------------------------------------- */

/* What the player saw (sap_game_cell): 65 unsettled frontier cells in one
 * group.  Rebuilt from the seed: the first click at 3 3, then every number
 * shown opened. */
static const char *const seed_1586[16] = {
    "00000001P1112P11______________", "00000123211P2111______________",
    "000012PP102220123_____________", "11112P44312P213P______________",
    "__2__23PP23P31PP__2___________", "_____23PP33P213_42212_________",
    "____22P333P2101_2P112_________", "______322P3100112112P_________",
    "______P23P20001_1114P_________", "______3__322223_32P3P3________",
    "_________3__P__PP32312________", "_______________333P222________",
    "_______________2__4___________", "______________________________",
    "______________________________", "______________________________",
};

static bool is_number(char v)
{
    return v >= '0' && v <= '8';
}

/* The count made here: every assignment of each group of frontier cells
 * (covered cells next to a number; groups joined by the numbers they
 * share), by backtracking in breadth-first order, counted exactly per mine
 * count, in all and with a mine at each cell; the groups and the interior
 * combined in long double.  Probabilities in prob[] (-1 off the frontier
 * and the interior, which gets interior_p); false past `cap` nodes. */
struct ref {
    uint32_t rows, cols, cells, nf;
    const char *view;
    int *front_of;   /* cell -> its place in front[], or -1 */
    uint32_t *front; /* frontier cells, a group after another */
    uint32_t *group_start;
    int *need, *left; /* per number cell: mines still needed, cells not yet assigned */
    unsigned char *mine;
    uint64_t *count, *cell_count; /* per mine count; per frontier cell and mine count */
    uint64_t nodes, cap;
};

/* Adds dneed to the mines still needed and dleft to the cells not yet
 * assigned of every number around x. */
static void ref_around(struct ref *r, uint32_t x, int dneed, int dleft)
{
    int dr, dc, rr0 = (int)(x / r->cols), cc0 = (int)(x % r->cols);
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            int rr = rr0 + dr, cc = cc0 + dc;
            uint32_t n;
            if (rr < 0 || cc < 0 || rr >= (int)r->rows || cc >= (int)r->cols)
                continue;
            n = (uint32_t)rr * r->cols + (uint32_t)cc;
            if (is_number(r->view[n])) {
                r->need[n] += dneed;
                r->left[n] += dleft;
            }
        }
}

static bool ref_fits(const struct ref *r, uint32_t x)
{
    int dr, dc, rr0 = (int)(x / r->cols), cc0 = (int)(x % r->cols);
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            int rr = rr0 + dr, cc = cc0 + dc;
            uint32_t n;
            if (rr < 0 || cc < 0 || rr >= (int)r->rows || cc >= (int)r->cols)
                continue;
            n = (uint32_t)rr * r->cols + (uint32_t)cc;
            if (is_number(r->view[n]) && (r->need[n] < 0 || r->need[n] > r->left[n]))
                return false;
        }
    return true;
}

/* Cells a..e of front[] from place i on, k mines so far (recursion is fine
 * in a test). */
static bool ref_walk(struct ref *r, uint32_t a, uint32_t e, uint32_t i, uint32_t k)
{
    uint32_t x, j;
    int v;
    if (++r->nodes > r->cap)
        return false;
    if (i == e) {
        r->count[(size_t)a * (r->nf + 1) + k]++;
        for (j = a; j < e; j++)
            if (r->mine[r->front[j]])
                r->cell_count[(size_t)j * (r->nf + 1) + k]++;
        return true;
    }
    x = r->front[i];
    for (v = 0; v < 2; v++) {
        bool ok;
        ref_around(r, x, -v, -1);
        r->mine[x] = (unsigned char)v;
        ok = !ref_fits(r, x) || ref_walk(r, a, e, i + 1, k + (uint32_t)v);
        ref_around(r, x, v, 1);
        r->mine[x] = 0;
        if (!ok)
            return false;
    }
    return true;
}

static bool reference(const sap_game *g, double *prob, double *interior_p, uint64_t cap)
{
    struct ref r;
    uint32_t x, i, ngroups = 0, covered = 0, interior, mines = sap_game_mines(g), gi, k, j;
    char *view;
    long double *prod, *tmp, *binom, z = 0, imass = 0;
    bool ok = true, ifull = true;
    memset(&r, 0, sizeof r);
    r.rows = sap_game_rows(g);
    r.cols = sap_game_cols(g);
    r.cells = r.rows * r.cols;
    if (r.rows == 0 || r.cols == 0)
        return false; /* no board is empty: for the analyzer */
    r.cap = cap;
    view = malloc(r.cells);
    r.front_of = malloc(r.cells * sizeof *r.front_of);
    r.front = malloc(r.cells * sizeof *r.front);
    r.group_start = malloc((r.cells + 1) * sizeof *r.group_start);
    r.need = calloc(r.cells, sizeof *r.need);
    r.left = calloc(r.cells, sizeof *r.left);
    r.mine = calloc(r.cells, 1);
    r.view = view;
    for (x = 0; x < r.cells; x++) {
        view[x] = sap_game_cell(g, x / r.cols, x % r.cols);
        r.front_of[x] = -1;
        prob[x] = -1;
    }
    for (x = 0; x < r.cells; x++)
        if (is_number(view[x])) {
            r.need[x] = view[x] - '0';
            r.left[x] = 0;
        }
    for (x = 0; x < r.cells; x++) {
        int dr, dc, near = 0;
        if (is_number(view[x]))
            continue;
        covered++;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++) {
                int rr = (int)(x / r.cols) + dr, cc = (int)(x % r.cols) + dc;
                if (rr >= 0 && cc >= 0 && rr < (int)r.rows && cc < (int)r.cols
                    && is_number(view[rr * (int)r.cols + cc])) {
                    near = 1;
                    r.left[rr * (int)r.cols + cc]++;
                }
            }
        if (near)
            r.front_of[x] = -2; /* frontier, not yet placed */
    }
    /* groups, breadth first through shared numbers */
    for (x = 0; x < r.cells; x++) {
        uint32_t q;
        if (r.front_of[x] != -2)
            continue;
        r.group_start[ngroups++] = r.nf;
        r.front_of[x] = (int)r.nf;
        r.front[r.nf++] = x;
        for (q = r.group_start[ngroups - 1]; q < r.nf; q++) {
            int y = (int)r.front[q], dr, dc, er, ec;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++) {
                    int nr = y / (int)r.cols + dr, nc = y % (int)r.cols + dc;
                    if (nr < 0 || nc < 0 || nr >= (int)r.rows || nc >= (int)r.cols
                        || !is_number(view[nr * (int)r.cols + nc]))
                        continue;
                    for (er = -1; er <= 1; er++)
                        for (ec = -1; ec <= 1; ec++) {
                            int zr = nr + er, zc = nc + ec, z2;
                            if (zr < 0 || zc < 0 || zr >= (int)r.rows || zc >= (int)r.cols)
                                continue;
                            z2 = zr * (int)r.cols + zc;
                            if (r.front_of[z2] == -2) {
                                r.front_of[z2] = (int)r.nf;
                                r.front[r.nf++] = (uint32_t)z2;
                            }
                        }
                }
        }
    }
    r.group_start[ngroups] = r.nf;
    interior = covered - r.nf;
    r.count = calloc((size_t)(r.nf + 1) * (r.nf + 1), sizeof *r.count);
    r.cell_count = calloc((size_t)(r.nf + 1) * (r.nf + 1), sizeof *r.cell_count);
    for (gi = 0; gi < ngroups && ok; gi++)
        ok = ref_walk(&r, r.group_start[gi], r.group_start[gi + 1], r.group_start[gi], 0);
    /* C(interior, m) for every m, relative to the largest, in long double */
    binom = calloc(mines + 1, sizeof *binom);
    prod = calloc(r.nf + 2, sizeof *prod);
    tmp = calloc(r.nf + 2, sizeof *tmp);
    {
        long double c = 1, top = 0;
        for (k = 0; k <= mines && k <= interior; k++) {
            binom[k] = c;
            if (c > top)
                top = c;
            c = c * (long double)(interior - k) / (long double)(k + 1);
        }
        for (k = 0; k <= mines; k++)
            binom[k] /= top;
    }
    /* for each group: the others' counts multiplied, then its cells */
    for (gi = 0; gi <= ngroups && ok; gi++) {
        uint32_t len = 1, g2, a = gi < ngroups ? r.group_start[gi] : 0;
        prod[0] = 1;
        for (g2 = 0; g2 < ngroups; g2++) {
            uint32_t b = r.group_start[g2], n = r.group_start[g2 + 1] - b;
            if (g2 == gi)
                continue;
            for (k = 0; k < len + n; k++)
                tmp[k] = 0;
            for (k = 0; k < len; k++)
                for (j = 0; j <= n; j++)
                    tmp[k + j] += prod[k] * (long double)r.count[(size_t)b * (r.nf + 1) + j];
            len += n;
            memcpy(prod, tmp, len * sizeof *prod);
        }
        if (gi == ngroups) { /* every group: Z and the interior */
            for (k = 0; k < len; k++)
                if (k <= mines && mines - k <= interior) {
                    z += prod[k] * binom[mines - k];
                    if (interior > 0)
                        imass += prod[k] * binom[mines - k] * (long double)(mines - k)
                                 / (long double)interior;
                    ifull = ifull && mines - k == interior;
                }
            break;
        }
        for (i = a; i < r.group_start[gi + 1]; i++) {
            long double m1 = 0, m0 = 0; /* with a mine there, without */
            for (k = 0; k <= r.group_start[gi + 1] - a; k++)
                for (j = 0; j < len; j++)
                    if (k + j <= mines && mines - k - j <= interior) {
                        uint64_t mine = r.cell_count[(size_t)i * (r.nf + 1) + k];
                        uint64_t all = r.count[(size_t)a * (r.nf + 1) + k];
                        m1 += (long double)mine * prod[j] * binom[mines - k - j];
                        m0 += (long double)(all - mine) * prod[j] * binom[mines - k - j];
                    }
            prob[r.front[i]] = m0 == 0 ? 1 : (double)(m1 / (m1 + m0));
        }
    }
    *interior_p = interior > 0 ? (double)(imass / z) : 0;
    if (interior > 0 && ifull)
        *interior_p = 1;
    free(binom);
    free(prod);
    free(tmp);
    free(r.count);
    free(r.cell_count);
    free(view);
    free(r.front_of);
    free(r.front);
    free(r.group_start);
    free(r.need);
    free(r.left);
    free(r.mine);
    return ok && z > 0;
}

/* The engine's answers against the reference's probabilities: certain
 * exactly where they are 0 or 1, else to 0.01 %. */
static bool agree_with(const sap_game *g, const struct answers *a, const double *prob,
                       double interior_p)
{
    uint32_t x, cells = sap_game_rows(g) * sap_game_cols(g), cols = sap_game_cols(g);
    for (x = 0; x < cells; x++) {
        double want = is_number(sap_game_cell(g, x / cols, x % cols)) ? -2
                      : prob[x] < 0                                   ? interior_p
                                                                      : prob[x];
        int view = a->view[x];
        bool ok;
        if (want == -2)
            ok = view == SAP_CELL_OPEN;
        else if (want == 0)
            ok = view == SAP_CELL_SAFE;
        else if (want == 1)
            ok = view == SAP_CELL_MINE;
        else
            ok = view == SAP_CELL_UNSURE && (double)a->p[x] >= 10000 * want - 1.0
                 && (double)a->p[x] <= 10000 * want + 1.0;
        if (!CHECK(ok)) {
            fprintf(stderr, "  cell %u,%u: %d %u, the count says %.6f\n", x / cols, x % cols,
                    view, a->p[x], want);
            return false;
        }
    }
    return true;
}

static void test_seed_1586(void)
{
    size_t bytes = SAP_GAME_BYTES(16, 30);
    void *block = malloc(bytes);
    double prob[480], interior_p;
    struct answers a, b;
    uint32_t r, c, budget;
    sap_game *g;
    answers_init(&a, 480);
    answers_init(&b, 480);
    sap_game_init(&g, block, bytes, 16, 30);
    sap_game_set_random(g, 99, 1586);
    sap_game_move(g, 1, 3, 3);
    for (r = 0; r < 16; r++)
        for (c = 0; c < 30; c++)
            if (is_number(seed_1586[r][c]))
                sap_game_move(g, 1, r + 1, c + 1);
    for (r = 0; r < 16; r++)
        for (c = 0; c < 30; c++)
            CHECK_EQ_INT(is_number(sap_game_cell(g, r, c)), is_number(seed_1586[r][c]));
    /* a session's budget a call, and others: well within the steps */
    for (budget = 1; budget <= 4096; budget *= 8) {
        deduce(g, COUNT_AUTO, budget, UINT64_MAX, &a);
        CHECK_EQ_INT(a.err, SAP_OK);
        CHECK_EQ_INT(a.largest, 65);
        CHECK(a.steps < 100000);
    }
    deduce(g, COUNT_SWEEP, 1, UINT64_MAX, &b);
    agree(g, &a, &b, "sweep");
    if (CHECK(reference(g, prob, &interior_p, 400000000u)))
        agree_with(g, &a, prob, interior_p);
    fprintf(stderr, "  answered in %u steps\n", a.steps);
    answers_free(&a);
    answers_free(&b);
    free(block);
}

/* ---- a wall of 1s and 2s --------------------------------------------------- */

#define WALL 200u

/* A 4 x WALL board whose row 1 is opened, its numbers 1s and 2s, against
 * the top wall: rows 0 and 2 are the frontier, row 3 the interior.  At
 * most one mine a column in rows 0 and 2 (above or below, at random), and
 * no three columns in a row with one or with none; one of the first two
 * columns and of the last two has one.  So every number sees 1 or 2, and
 * the rules settle little. */
static sap_game *wall(void *block, size_t bytes)
{
    sap_game *g;
    uint32_t c, run_mine = 0, run_clear = 0;
    bool last = false;
    sap_game_init(&g, block, bytes, 4, WALL);
    for (c = 0; c < WALL; c++) {
        bool mine = rnd(100) < 45;
        if (run_clear == 2 || (c == 1 && !last) || (c == WALL - 1 && !last))
            mine = true;
        if (run_mine == 2)
            mine = false;
        last = mine;
        run_mine = mine ? run_mine + 1 : 0;
        run_clear = mine ? 0 : run_clear + 1;
        if (mine)
            sap_game_set_mine(g, rnd(2) ? 0 : 2, c, true);
        sap_game_set_mine(g, 3, c, rnd(100) < 30);
    }
    for (c = 0; c < WALL; c++)
        sap_game_move(g, 1, 2, c + 1);
    return g;
}

/* Mines in a column's pair of frontier cells (bit 0: row 0, bit 1: row 2). */
static uint32_t pair_mines(uint32_t s)
{
    return (s & 1u) + (s >> 1 & 1u);
}

/* The exact odds of rows 0 and 2 by a transfer matrix along the wall (the
 * state: the last two columns' pairs), per mine count k so far; the
 * interior (row 3) by binomials.  fw[c][s][k]: columns 0..c-1 assigned,
 * s the pairs of columns c-2 and c-1, every number before column c-1 met;
 * bw[c][s][k] the weight of every way to finish from there. */
static void wall_reference(const sap_game *g, double *prob, double *interior_p)
{
    static long double fw[WALL + 1][16][2 * WALL + 1], bw[WALL + 1][16][2 * WALL + 1];
    uint32_t c, s, k, v, interior = WALL, mines = sap_game_mines(g), top = 2 * WALL;
    int num[WALL];
    long double binom[WALL + 1], cb = 1, z, imass = 0, ifree = 0;
    for (c = 0; c < WALL; c++)
        num[c] = sap_game_cell(g, 1, c) - '0';
    for (k = 0; k <= interior; k++) {
        binom[k] = cb;
        cb = cb * (long double)(interior - k) / (long double)(k + 1);
    }
    memset(fw, 0, sizeof fw);
    memset(bw, 0, sizeof bw);
#define FITS(c, s, v)                                                                          \
    ((c) == 0                                                                                  \
     || (int)(((c) >= 2 ? pair_mines((s) >> 2) : 0) + pair_mines((s)&3u) + pair_mines(v))      \
            == num[(c)-1])
    fw[0][0][0] = 1;
    for (c = 0; c < WALL; c++)
        for (s = 0; s < 16; s++)
            for (k = 0; k <= 2 * c; k++)
                for (v = 0; v < 4 && fw[c][s][k] != 0; v++)
                    if (FITS(c, s, v))
                        fw[c + 1][(s << 2 | v) & 15u][k + pair_mines(v)] += fw[c][s][k];
    for (s = 0; s < 16; s++)
        for (k = 0; k <= top; k++)
            if ((int)(pair_mines(s >> 2) + pair_mines(s & 3u)) == num[WALL - 1] && k <= mines
                && mines - k <= interior)
                bw[WALL][s][k] = binom[mines - k];
    for (c = WALL; c-- > 0;)
        for (s = 0; s < 16; s++)
            for (k = 0; k <= 2 * c; k++)
                for (v = 0; v < 4; v++)
                    if (FITS(c, s, v))
                        bw[c][s][k] += bw[c + 1][(s << 2 | v) & 15u][k + pair_mines(v)];
    z = bw[0][0][0];
    for (c = 0; c < WALL; c++) {
        long double m[2][2] = { { 0, 0 }, { 0, 0 } }; /* [row 0 or 2][clear or a mine] */
        for (s = 0; s < 16; s++)
            for (k = 0; k <= 2 * c; k++)
                for (v = 0; v < 4 && fw[c][s][k] != 0; v++)
                    if (FITS(c, s, v)) {
                        long double w = fw[c][s][k]
                                        * bw[c + 1][(s << 2 | v) & 15u][k + pair_mines(v)];
                        m[0][v & 1u] += w;
                        m[1][v >> 1] += w;
                    }
        prob[c] = m[0][0] == 0 ? 1 : (double)(m[0][1] / z);
        prob[2 * WALL + c] = m[1][0] == 0 ? 1 : (double)(m[1][1] / z);
    }
#undef FITS
    for (s = 0; s < 16; s++)
        for (k = 0; k <= top; k++)
            if (bw[WALL][s][k] != 0) {
                imass += fw[WALL][s][k] * binom[mines - k] * (long double)(mines - k);
                ifree += fw[WALL][s][k] * binom[mines - k]
                         * (long double)(interior - mines + k);
            }
    *interior_p = ifree == 0 ? 1 : (double)(imass / z / (long double)interior);
}

static void test_long_wall(void)
{
    size_t bytes = SAP_GAME_BYTES(4, WALL);
    void *block = malloc(bytes);
    static const enum deduce_count ways[] = { COUNT_AUTO, COUNT_SWEEP };
    double prob[4 * WALL], interior_p;
    struct answers a;
    uint32_t round, c, uncertain = 0, largest = 0, steps = 0;
    answers_init(&a, 4 * WALL);
    for (round = 0; round < 6 && check_failures_in_test == 0; round++) {
        sap_game *g = wall(block, bytes);
        for (c = 0; c < 4 * WALL; c++)
            prob[c] = -1;
        wall_reference(g, prob, &interior_p);
        deduce(g, ways[round % 2], round < 2 ? SAP_BUDGET_UNLIMITED : random_budget(),
               UINT64_MAX, &a);
        if (!CHECK_EQ_INT(a.err, SAP_OK))
            continue;
        if (a.largest > largest)
            largest = a.largest;
        if (a.steps > steps)
            steps = a.steps;
        for (c = 0; c < 4 * WALL; c++)
            uncertain += a.view[c] == SAP_CELL_UNSURE;
        agree_with(g, &a, prob, interior_p);
    }
    fprintf(stderr, "  largest group %u cells, %u uncertain cells, at most %u steps\n", largest,
            uncertain, steps);
    CHECK(largest >= 200);
    CHECK(uncertain >= 1000);
    answers_free(&a);
    free(block);
}

int main(void)
{
    RUN_TEST(test_sweep_agrees_with_walk);
    RUN_SLOW_TEST(test_seed_1586);
    RUN_TEST(test_long_wall);
    return check_summary("test_deduce_sweep");
}
