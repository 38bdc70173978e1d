/*
 * test_deduce.c - the deduction engine against a brute force: on small
 * positions, every layout of the covered cells with the board's mine count
 * that fits every opened number is counted, as exact integers; each cell's
 * certainty must equal the engine's exactly, and its probability to within
 * 0.01 % (the engine's unit).  Positions come from real games: random
 * boards, a few safe clicks, some flags (right or wrong: they are no
 * evidence), budgets of 1, 7 and unlimited steps a call, and every group
 * walked, swept, or as the engine chooses.  Where each
 * cell stands for the no-guess generator (sap_deduce_standing) must agree
 * with the answers.  On a 300 x 300 position, every pass that grows with
 * the board (and HINT's scan) is split into budgets, with the same answers
 * at one step a call as at once.
 */
#include "check.h"
#include "deduce.h" /* sap_deduce_standing */
#include "hint.h"   /* sap_hint_text_line */
#include "sapper.h"
#include "lib/players.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 88172645463325252ull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

/* Whether the covered cell (r, c) is next to an opened number. */
static bool next_to_number(const sap_game *g, uint32_t r, uint32_t c)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), rr, cc;
    for (rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++)
        for (cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++) {
            char v = sap_game_cell(g, rr, cc);
            if (v >= '0' && v <= '8')
                return true;
        }
    return false;
}

/* Where a finished deduction says cell (r, c) stands, from its answer. */
static enum deduce_standing standing_of(const sap_game *g, uint32_t r, uint32_t c, int view)
{
    if (view == SAP_CELL_OPEN)
        return STANDING_OPEN;
    if (!next_to_number(g, r, c))
        return STANDING_INTERIOR;
    return view == SAP_CELL_UNSURE ? STANDING_UNSETTLED : STANDING_SETTLED;
}

/* PROB's token for cell (r, c), n of whose total layouts hold a mine: the
 * exact fraction rounded once to a whole percent, half away from zero, and
 * 0 % or 100 % only when certain (core/PROTOCOL.md, PROB); and the side of
 * the engine's 0.01 % figure the exact one lies on, which HINT's tenths
 * need to round once too (deduce.h, sap_deduce_below). */
static bool prob_rounded_once(const sap_deduce *d, const sap_game *g, uint32_t r, uint32_t c,
                              uint64_t n, uint64_t total)
{
    char token[8], want[8];
    size_t length = sap_hint_text_prob_token(d, g, r, c, token);
    char v = sap_game_cell(g, r, c);
    uint32_t p;
    token[length] = '\0';
    if (v >= '0' && v <= '8') {
        want[0] = v;
        want[1] = '\0';
    } else {
        uint64_t q = (200u * n + total) / (2u * total);
        if (n > 0 && n < total)
            q = q < 1 ? 1 : q > 99 ? 99 : q;
        snprintf(want, sizeof want, "%u%%", (unsigned)q);
        if (sap_deduce_cell(d, r, c, &p) == SAP_CELL_UNSURE
            && !CHECK_EQ_INT(sap_deduce_below(d, r * sap_game_cols(g) + c),
                             10000u * n < (uint64_t)p * total))
            return false;
    }
    if (CHECK_EQ_STR(token, want))
        return true;
    fprintf(stderr, "  cell %u,%u: exact %llu / %llu\n", r, c, (unsigned long long)n,
            (unsigned long long)total);
    return false;
}

/* The engine on g with `budget` steps a call, counting groups `how`;
 * checks it against b. */
static bool compare(const sap_game *g, const struct layouts *b, uint32_t budget,
                    enum deduce_count how)
{
    size_t bytes = SAP_DEDUCE_BYTES(sap_game_rows(g), sap_game_cols(g));
    void *block = malloc(bytes);
    sap_deduce *d;
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), r, c;
    int err;
    bool ok = true;

    CHECK_EQ_INT(sap_deduce_init(&d, block, bytes, g), SAP_OK);
    sap_deduce_set_count(d, how);
    while ((err = sap_deduce_step(d, budget)) == SAP_MORE)
        continue;
    if (b->total == 0) {
        ok = CHECK_EQ_INT(err, SAP_ERR_STATE);
        free(block);
        return ok;
    }
    if (!CHECK_EQ_INT(err, SAP_OK)) {
        free(block);
        return false;
    }
    for (r = 0; r < rows && ok; r++)
        for (c = 0; c < cols && ok; c++) {
            uint32_t x = r * cols + c, p;
            char v = sap_game_cell(g, r, c);
            int view = sap_deduce_cell(d, r, c, &p);
            uint64_t n = b->mine_in[x], total = b->total;
            if (v >= '0' && v <= '8') {
                ok = CHECK_EQ_INT(view, SAP_CELL_OPEN);
            } else if (n == 0) {
                ok = CHECK_EQ_INT(view, SAP_CELL_SAFE) && CHECK_EQ_INT(p, 0);
            } else if (n == total) {
                ok = CHECK_EQ_INT(view, SAP_CELL_MINE) && CHECK_EQ_INT(p, 10000);
            } else {
                /* exact: n / total; the engine rounds to 0.01 % (kept in 1..9999) */
                double want = 10000.0 * (double)n / (double)total;
                ok = CHECK_EQ_INT(view, SAP_CELL_UNSURE)
                     && CHECK((double)p >= want - 1.0 && (double)p <= want + 1.0);
                if (!ok)
                    fprintf(stderr, "  cell %u,%u: %u / 10000, exact %llu / %llu\n", r, c, p,
                            (unsigned long long)n, (unsigned long long)total);
            }
            if (ok)
                ok = CHECK_EQ_INT(sap_deduce_standing(d, x), standing_of(g, r, c, view));
            if (ok)
                ok = prob_rounded_once(d, g, r, c, n, total);
        }
    free(block);
    return ok;
}

/* A random position: a board, a few safe clicks, some flags. */
static sap_game *random_position(void **block, uint32_t *covered_out)
{
    uint32_t rows = 1 + rnd(6), cols = 1 + rnd(6), cells = rows * cols, i, clicks, mines = 0;
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    uint32_t density = 10 + rnd(40);
    sap_game *g;
    *block = malloc(bytes);
    sap_game_init(&g, *block, bytes, rows, cols);
    for (i = 0; i < cells; i++)
        if (rnd(100) < density) {
            sap_game_set_mine(g, i / cols, i % cols, true);
            mines++;
        }
    clicks = 1 + rnd(4);
    for (i = 0; i < clicks * 4 && clicks > 0; i++) {
        uint32_t x = rnd(cells);
        if (sap_game_mine_at(g, x / cols, x % cols))
            continue;
        sap_game_move(g, 1, x / cols + 1, x % cols + 1);
        clicks--;
    }
    for (i = 0; i < rnd(3); i++) { /* marks, right or wrong */
        uint32_t x = rnd(cells);
        sap_game_move(g, 2, x / cols + 1, x % cols + 1);
    }
    *covered_out = sap_game_covered(g);
    (void)mines;
    return g;
}

/* The covered cells of g that some of b's layouts mine and some leave clear. */
static int uncertain_cells(const sap_game *g, const struct layouts *b)
{
    uint32_t x, cells = sap_game_rows(g) * sap_game_cols(g);
    int count = 0;
    for (x = 0; x < cells; x++)
        count += b->mine_in[x] > 0 && b->mine_in[x] < b->total;
    return count;
}

static void test_against_brute_force(void)
{
    static const uint32_t budgets[] = { 1, 7, SAP_BUDGET_UNLIMITED };
    /* every group walked, swept (in the engine's room or a tight one), or
     * as the engine chooses: with the budgets, every pairing in turn */
    static const enum deduce_count ways[] = { COUNT_AUTO, COUNT_WALK, COUNT_SWEEP,
                                              COUNT_SWEEP_TIGHT };
    int round, compared = 0, uncertain = 0;
    for (round = 0; round < 4000 && check_failures_in_test == 0; round++) {
        void *block;
        uint32_t covered;
        sap_game *g = random_position(&block, &covered);
        struct layouts b;
        if (covered <= 20 && sap_game_state(g) == SAP_RUNNING) {
            layouts_count(g, &b);
            if (!compare(g, &b, budgets[round % 3], ways[round % 4]))
                fprintf(stderr, "  round %d: %ux%u, %u mines, %u covered, budget %u, way %d\n",
                        round, sap_game_rows(g), sap_game_cols(g), sap_game_mines(g), covered,
                        budgets[round % 3], (int)ways[round % 4]);
            compared++;
            uncertain += uncertain_cells(g, &b);
        }
        free(block);
    }
    fprintf(stderr, "  %d positions compared, %d uncertain cells among them\n", compared,
            uncertain);
    CHECK(compared > 1000);
    CHECK(uncertain > 1000);
}

/* Every figure PROB writes, on 12,000 small positions, against the exact
 * fraction rounded once (prob_rounded_once): a figure first rounded to
 * 0.01 % and then to whole percents would be off about once in 3,000. */
static void test_odds_rounded_once(void)
{
    int round, compared = 0, uncertain = 0;
    for (round = 0; compared < 12000 && check_failures_in_test == 0; round++) {
        void *block;
        uint32_t covered;
        sap_game *g = random_position(&block, &covered);
        struct layouts b;
        if (covered <= 16 && sap_game_state(g) == SAP_RUNNING) {
            layouts_count(g, &b);
            if (b.total > 0) {
                if (!compare(g, &b, SAP_BUDGET_UNLIMITED, COUNT_AUTO))
                    fprintf(stderr, "  round %d: %ux%u, %u mines\n", round, sap_game_rows(g),
                            sap_game_cols(g), sap_game_mines(g));
                compared++;
                uncertain += uncertain_cells(g, &b);
            }
        }
        free(block);
    }
    fprintf(stderr, "  %d positions, %d uncertain cells: every PROB figure rounded once\n",
            compared, uncertain);
    CHECK(compared >= 12000 && uncertain > 20000);
}

/* A board too big for the brute force: the expert board's first click. */
static void test_expert_opening(void)
{
    size_t bytes = SAP_GAME_BYTES(16, 30), dbytes = SAP_DEDUCE_BYTES(16, 30);
    void *block = malloc(bytes), *dblock = malloc(dbytes);
    sap_game *g;
    sap_deduce *d;
    uint32_t r, c, p, safe = 0, unsure = 0;
    int err;

    sap_game_init(&g, block, bytes, 16, 30);
    sap_game_set_random(g, 99, 12345);
    sap_game_move(g, 1, 8, 15);
    CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK);
    while ((err = sap_deduce_step(d, 1000)) == SAP_MORE)
        continue;
    CHECK_EQ_INT(err, SAP_OK);
    for (r = 0; r < 16; r++)
        for (c = 0; c < 30; c++) {
            int view = sap_deduce_cell(d, r, c, &p);
            if (view == SAP_CELL_SAFE)
                CHECK(!sap_game_mine_at(g, r, c)), safe++;
            if (view == SAP_CELL_MINE)
                CHECK(sap_game_mine_at(g, r, c));
            unsure += view == SAP_CELL_UNSURE;
        }
    CHECK(unsure > 0);
    CHECK_EQ_INT(sap_deduce_cell(d, 16, 0, &p), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_deduce_init(NULL, dblock, dbytes, g), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes - 1, g), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_deduce_step(NULL, 1), SAP_ERR_ARG);
    free(block);
    free(dblock);
}

/* Expert games played to the end by the engine's own advice (every
 * certain safe cell, else the safest), with small budgets: every cell it
 * calls certain must be what the board really holds. */
static void test_expert_games_sound(void)
{
    size_t bytes = SAP_GAME_BYTES(16, 30), dbytes = SAP_DEDUCE_BYTES(16, 30);
    void *block = malloc(bytes), *dblock = malloc(dbytes);
    uint32_t game, positions = 0, claims = 0;

    for (game = 0; game < 40 && check_failures_in_test == 0; game++) {
        sap_game *g;
        sap_game_init(&g, block, bytes, 16, 30);
        sap_game_set_random(g, 99, 777 + game);
        sap_game_move(g, 1, 8, 15);
        while (sap_game_state(g) == SAP_RUNNING && check_failures_in_test == 0) {
            sap_deduce *d;
            uint32_t x, p, best = 0, best_p = 10001, opened = 0;
            int err;
            CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK);
            while ((err = sap_deduce_step(d, 1 + game % 50)) == SAP_MORE)
                continue;
            if (!CHECK_EQ_INT(err, SAP_OK))
                break;
            positions++;
            for (x = 0; x < 480; x++) {
                int view = sap_deduce_cell(d, x / 30, x % 30, &p);
                bool mine = sap_game_mine_at(g, x / 30, x % 30);
                if (view == SAP_CELL_SAFE || view == SAP_CELL_MINE) {
                    claims++;
                    CHECK(mine == (view == SAP_CELL_MINE));
                }
                if (view == SAP_CELL_UNSURE && p < best_p) {
                    best_p = p;
                    best = x;
                }
            }
            for (x = 0; x < 480; x++)
                if (sap_deduce_cell(d, x / 30, x % 30, &p) == SAP_CELL_SAFE) {
                    sap_game_move(g, 1, x / 30 + 1, x % 30 + 1);
                    opened++;
                }
            if (opened == 0)
                sap_game_move(g, 1, best / 30 + 1, best % 30 + 1);
        }
    }
    fprintf(stderr, "  %u positions, %u certain cells checked against the boards\n", positions,
            claims);
    CHECK(claims > 10000);
    free(block);
    free(dblock);
}

/* A 3 x N band: the middle row opened, one mine in every column, above
 * or below it (the numbers show 3, 2 at the ends).  Neither rule settles
 * anything, so all 2N covered cells are one group of about 2^N layouts,
 * which the sweep counts along the band: past the workspace
 * (SAP_DEDUCE_FRONTIER cells) the engine gives up and claims nothing;
 * within it, every covered cell is in doubt.  Walked instead (`way`),
 * it costs a step a layout, and the engine gives up at
 * SAP_DEDUCE_MAX_STEPS, however large the budget. */
static int band(uint32_t n, uint32_t budget, enum deduce_count way)
{
    size_t bytes = SAP_GAME_BYTES(3, n), dbytes = SAP_DEDUCE_BYTES(3, n);
    void *block = malloc(bytes), *dblock = malloc(dbytes);
    sap_game *g;
    sap_deduce *d;
    uint32_t c, p;
    int err;

    sap_game_init(&g, block, bytes, 3, n);
    for (c = 0; c < n; c++)
        sap_game_set_mine(g, c % 2 ? 0 : 2, c, true);
    for (c = 0; c < n; c++)
        sap_game_move(g, 1, 2, c + 1);
    CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK);
    d->count_by = (uint8_t)way;
    while ((err = sap_deduce_step(d, budget)) == SAP_MORE)
        continue;
    if (err != SAP_OK)
        CHECK_EQ_INT(sap_deduce_cell(d, 0, 0, &p), SAP_ERR_STATE);
    if (err == SAP_ERR_SIZE && d->frontier <= d->room)
        CHECK_EQ_INT(d->steps, SAP_DEDUCE_MAX_STEPS); /* it gave up at the limit, not past it */
    for (c = 0; c < n && err == SAP_OK; c++) {
        int top = sap_deduce_cell(d, 0, c, &p);
        CHECK_EQ_INT(sap_deduce_cell(d, 1, c, &p), SAP_CELL_OPEN);
        CHECK_EQ_INT(top, SAP_CELL_UNSURE);
    }
    free(block);
    free(dblock);
    return err;
}

static void test_band_gives_up_soundly(void)
{
    CHECK_EQ_INT(band(7, 3, COUNT_AUTO), SAP_OK);
    CHECK_EQ_INT(band(SAP_DEDUCE_FRONTIER / 2 - 12, 1000, COUNT_AUTO), SAP_OK);
    CHECK_EQ_INT(band(SAP_DEDUCE_FRONTIER / 2 + 1, SAP_BUDGET_UNLIMITED, COUNT_AUTO),
                 SAP_ERR_SIZE);
    /* about 2^60 layouts, walked in one call of an unlimited budget */
    CHECK_EQ_INT(band(60, SAP_BUDGET_UNLIMITED, COUNT_WALK), SAP_ERR_SIZE);
    CHECK_EQ_INT(band(60, 1000000, COUNT_WALK), SAP_ERR_SIZE);
}

/* A 300 x 300 board at 15 % mines after a few openings, deduced with
 * `budget` steps a call; calls[p] counts the calls that began and ended in
 * phase p (so p was split there).  Returns the deduction (block `memory`). */
static sap_deduce *big_position(sap_game *g, void *memory, uint32_t budget, uint32_t *calls)
{
    sap_deduce *d;
    int err;
    CHECK_EQ_INT(sap_deduce_init(&d, memory, SAP_DEDUCE_BYTES(300, 300), g), SAP_OK);
    do {
        uint8_t before = d->phase;
        err = sap_deduce_step(d, budget);
        if (d->phase == before)
            calls[before]++;
    } while (err == SAP_MORE);
    CHECK_EQ_INT(err, SAP_OK);
    return d;
}

/* HINT's line, its work with `budget` steps a call; *calls counts them;
 * its move's op (sap_hint_move), cell in *row, *col. */
static int hint_in_steps(const sap_game *g, uint32_t budget, char *line, uint32_t *calls,
                         uint32_t *row, uint32_t *col)
{
    size_t bytes = SAP_HINT_BYTES(sap_game_rows(g), sap_game_cols(g));
    void *block = malloc(bytes);
    sap_hint *h;
    int err, op = 0;
    line[0] = '\0';
    if (!CHECK(block != NULL) || !CHECK_EQ_INT(sap_hint_init(&h, block, bytes, g), SAP_OK)) {
        free(block);
        return 0;
    }
    for (*calls = 1; (err = sap_hint_step(h, budget)) == SAP_MORE; ++*calls)
        continue;
    CHECK_EQ_INT(err, SAP_OK);
    line[sap_hint_text_line(h, line, SAP_REPLY_MAX)] = '\0';
    op = sap_hint_move(h, row, col);
    free(block);
    return op;
}

/* HINT never gives up: on the band past the workspace, where the engine
 * claims nothing, the rules alone name a move - here a guess, each cell's
 * estimate half (3 mines among the 6 covered cells around every number) -
 * and say that it is an estimate. */
static void test_hint_past_the_workspace(void)
{
    uint32_t n = SAP_DEDUCE_FRONTIER / 2 + 1, c, calls, row = 99, col = 0;
    size_t bytes = SAP_GAME_BYTES(3, n);
    void *block = malloc(bytes);
    char line[SAP_REPLY_MAX + 1];
    sap_game *g;
    if (!CHECK(block != NULL))
        return;
    sap_game_init(&g, block, bytes, 3, n);
    for (c = 0; c < n; c++)
        sap_game_set_mine(g, c % 2 ? 0 : 2, c, true);
    for (c = 0; c < n; c++)
        sap_game_move(g, 1, 2, c + 1);
    CHECK_EQ_INT(hint_in_steps(g, SAP_BUDGET_UNLIMITED, line, &calls, &row, &col), SAP_OP_LEFT);
    CHECK(row == 0 || row == 2);
    CHECK(strncmp(line, "GUESS ", 6) == 0 && strstr(line, " 50.0%: ") != NULL);
    CHECK(strstr(line, "estimate") != NULL);
    free(block);
}

/* The passes that grow with the board - marking the frontier over every
 * cell, the products of the groups' counts, the interior's binomials,
 * the groups' weights, HINT's scan - are split into budgets like the
 * rest (here 50 steps a call), and the answers are the same at one step a
 * call as at once. */
static void test_big_position_in_steps(void)
{
    size_t bytes = SAP_GAME_BYTES(300, 300), dbytes = SAP_DEDUCE_BYTES(300, 300);
    void *block = malloc(bytes), *m1 = malloc(dbytes), *m2 = malloc(dbytes);
    uint32_t few[PH_FAILED + 1], one[PH_FAILED + 1], r, c, r2, c2, p1, p2, opened = 0,
                                                                           hint_calls;
    int op1;
    char line1[SAP_REPLY_MAX + 1], line2[SAP_REPLY_MAX + 1];
    sap_deduce *d1, *d2;
    sap_game *g;
    if (!CHECK(block != NULL && m1 != NULL && m2 != NULL))
        goto done;
    memset(few, 0, sizeof few);
    memset(one, 0, sizeof one);
    CHECK_EQ_INT(sap_game_init(&g, block, bytes, 300, 300), SAP_OK);
    for (r = 0; r < 300; r++)
        for (c = 0; c < 300; c++)
            sap_game_set_mine(g, r, c, rnd(100) < 15);
    while (opened < 12) { /* left clicks on zero cells */
        r = rnd(300);
        c = rnd(300);
        if (sap_game_cell(g, r, c) == '_' && !sap_game_mine_at(g, r, c)
            && sap_game_move(g, SAP_OP_LEFT, r + 1, c + 1) == SAP_RUNNING
            && sap_game_cell(g, r, c) == '0')
            opened++;
    }
    d1 = big_position(g, m1, SAP_BUDGET_UNLIMITED, one);
    d2 = big_position(g, m2, 50, few);
    CHECK(few[PH_FRONTIER] > 10 && few[PH_PRODUCT] > 10);
    CHECK(few[PH_TOTAL] > 10 && few[PH_WEIGHTS] > 10);
    memset(one, 0, sizeof one);
    (void)big_position(g, m2, 1, one);
    for (r = 0; r < 300; r++)
        for (c = 0; c < 300; c++)
            if (!CHECK_EQ_INT(sap_deduce_cell(d1, r, c, &p1), sap_deduce_cell(d2, r, c, &p2))
                || !CHECK_EQ_INT(p1, p2))
                goto done;
    op1 = hint_in_steps(g, SAP_BUDGET_UNLIMITED, line1, &hint_calls, &r, &c);
    CHECK_EQ_INT(hint_calls, 1);
    CHECK_EQ_INT(hint_in_steps(g, 1000, line2, &hint_calls, &r2, &c2), op1);
    CHECK_EQ_STR(line2, line1);
    CHECK(hint_calls > 10 && r2 == r && c2 == c);
    CHECK_EQ_INT(hint_in_steps(g, 1, line2, &hint_calls, &r2, &c2), op1);
    CHECK(r2 == r && c2 == c);
    CHECK_EQ_STR(line2, line1);
done:
    free(block);
    free(m1);
    free(m2);
}

int main(void)
{
    RUN_SLOW_TEST(test_against_brute_force);
    RUN_TEST(test_odds_rounded_once);
    RUN_TEST(test_expert_opening);
    RUN_TEST(test_expert_games_sound);
    RUN_SLOW_TEST(test_band_gives_up_soundly);
    RUN_TEST(test_hint_past_the_workspace);
    RUN_TEST(test_big_position_in_steps);
    return check_summary("test_deduce");
}
