/*
 * test_hint_live.c - HINT kept between moves
 * (core/hint_live.c) against HINT as it reads the whole position
 * (core/hint.c, core/hint_scan.c, core/hint_text.c).
 *
 * Random games at five sizes, beginner to 100 x 100, played by a mix of
 * moves: HINT's own (open the safe cell, flag the mine, the guess when it
 * is safe), a random safe cell opened, a random covered cell's mark cycled
 * (flags right and wrong), a chord on a random number (which may lose the
 * game when a flag is wrong).  After each move the kept block is told the
 * cells the move changed; sometimes a few moves pass without a HINT, and
 * sometimes a HINT is given up half way (its pass left under way).  Every
 * HINT is run under a random budget a call, and then:
 *   - when the kept block names a move, its line and move are byte for
 *     byte those of the full HINT on the same position, or, where the
 *     full HINT could not count the position (it falls back to the cheap
 *     rules), a cell the layout makes safe or a mine as it says;
 *   - when it names none, the full HINT guesses (nothing is certain), or
 *     could not count the position either;
 *   - now and then PROB's odds from the kept block (a global pass over
 *     it, under a random budget): every cell's view and odds are a full
 *     deduction's, to the 0.01 %, or both give up (past the workspace).
 */
#include "check.h"
#include "deduce.h"
#include "hint.h"
#include "game.h" /* sap_game_board_changed_box */
#include "sapper.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x5DEECE66Dull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

static uint32_t random_budget(void)
{
    static const uint32_t some[] = { 1, 2, 3, 7, 31, 100, 1000, SAP_BUDGET_UNLIMITED };
    return some[rnd(sizeof some / sizeof some[0])];
}

static void *aligned_block(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return NULL;
    return p;
}

struct tally {
    uint32_t hints, named, wrong_flags, guesses, given_up, moves, odds, odds_cells, too_big;
    uint32_t odds_again;   /* PROBs asked again with no move between */
    uint32_t odds_settled; /* PROBs where the kept block had settled more cells */
    uint32_t approximate;
};

/* The full HINT's line and move (op 0: none). */
struct answer {
    char line[SAP_REPLY_MAX];
    uint32_t row, col;
    int op, err;
    bool approximate;
};

static void full_hint(const sap_game *g, void *block, size_t bytes, struct answer *a)
{
    sap_hint *h;
    a->err = sap_hint_init(&h, block, bytes, g);
    if (a->err != SAP_OK)
        return;
    while ((a->err = sap_hint_step(h, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
        ;
    a->approximate = h->approximate != 0;
    if (a->err != SAP_OK)
        return;
    (void)sap_hint_text_line(h, a->line, sizeof a->line);
    a->op = sap_hint_move(h, &a->row, &a->col);
}

/* The kept block's HINT under random budgets: SAP_OK with its answer, or
 * SAP_ERR_SIZE (nothing certain, or past counting). */
static int live_hint(struct sap_hint_live *l, struct answer *a)
{
    int err;
    sap_hint_live_begin(l);
    while ((err = sap_hint_live_step(l, random_budget())) == SAP_MORE)
        ;
    if (err == SAP_OK) {
        (void)sap_hint_text_line(sap_hint_live_hint(l), a->line, sizeof a->line);
        a->op = sap_hint_move(sap_hint_live_hint(l), &a->row, &a->col);
    }
    return err;
}

/* PROB's odds from the kept block against a full deduction in `block`:
 * false when a cell differs. */
static bool odds_agree(struct sap_hint_live *l, const sap_game *g, void *block, size_t bytes,
                       struct tally *t)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), r, c;
    sap_deduce *full, *live;
    int err, err2;
    sap_hint_live_begin_odds(l);
    while ((err = sap_hint_live_step(l, random_budget())) == SAP_MORE)
        ;
    live = sap_hint_live_deduce(l);
    if (sap_deduce_init(&full, block, bytes, g) != SAP_OK)
        return false;
    while ((err2 = sap_deduce_step(full, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
        ;
    if (err != SAP_OK || err2 != SAP_OK) { /* past the workspace: both, or neither */
        t->too_big++;
        return CHECK_EQ_INT(err, SAP_ERR_SIZE) && CHECK_EQ_INT(err2, SAP_ERR_SIZE);
    }
    t->odds++;
    /* the same odds from other groups: a cell the kept block has settled
     * is in a group of the full deduction's */
    t->odds_settled += live->frontier != full->frontier;
    if (rnd(2) == 0) { /* PROB again, no move between: the odds as they are, no pass */
        sap_hint_live_begin_odds(l);
        if (!CHECK_EQ_INT(sap_hint_live_step(l, 1), SAP_OK))
            return false;
        t->odds_again++;
    }
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            uint32_t p1 = 0, p2 = 0;
            int v1 = sap_deduce_cell(live, r, c, &p1), v2 = sap_deduce_cell(full, r, c, &p2);
            if (!CHECK_EQ_INT(v1, v2) || !CHECK(p1 == p2)) {
                fprintf(stderr, "  cell %u,%u: %d %u kept, %d %u full\n", r, c, v1, p1, v2, p2);
                return false;
            }
            t->odds_cells += v1 == SAP_CELL_UNSURE;
        }
    return true;
}

/* A covered cell at random, safe or any (cells: none). */
static uint32_t random_covered(const sap_game *g, bool safe)
{
    uint32_t cols = sap_game_cols(g), cells = sap_game_rows(g) * cols, start = rnd(cells), i;
    for (i = 0; i < cells; i++) {
        uint32_t x = (start + i) % cells;
        char v = sap_game_cell(g, x / cols, x % cols);
        if ((v == '_' || v == '?' || v == 'P')
            && !(safe && sap_game_mine_at(g, x / cols, x % cols)))
            return x;
    }
    return cells;
}

static uint32_t random_number(const sap_game *g)
{
    uint32_t cols = sap_game_cols(g), cells = sap_game_rows(g) * cols, start = rnd(cells), i;
    for (i = 0; i < cells; i++) {
        uint32_t x = (start + i) % cells;
        char v = sap_game_cell(g, x / cols, x % cols);
        if (v >= '1' && v <= '8')
            return x;
    }
    return cells;
}

/* The next move: op and 0-based cell into *op, *x (false: none left). */
static bool choose_move(const sap_game *g, const struct answer *full, int *op, uint32_t *x)
{
    uint32_t cols = sap_game_cols(g), cells = sap_game_rows(g) * cols, pick = rnd(100);
    *x = cells;
    if (pick < 65 && full->op != 0
        && !(full->op == SAP_OP_LEFT && sap_game_mine_at(g, full->row, full->col))) {
        *op = full->op;
        *x = full->row * cols + full->col;
    } else if (pick < 80) {
        *op = SAP_OP_RIGHT;
        *x = random_covered(g, false);
    } else if (pick < 90) {
        *op = SAP_OP_CHORD;
        *x = random_number(g);
    }
    if (*x == cells) {
        *op = SAP_OP_LEFT;
        *x = random_covered(g, true);
    }
    return *x < cells;
}

static void games_at(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t games,
                     struct tally *t)
{
    size_t game_bytes = SAP_GAME_BYTES(rows, cols), hint_bytes = SAP_HINT_BYTES(rows, cols);
    size_t live_bytes = SAP_HINT_LIVE_BYTES(rows, cols);
    void *game_block = malloc(game_bytes), *hint_block = aligned_block(hint_bytes);
    void *live_block = aligned_block(live_bytes);
    uint32_t n;
    if (!CHECK(game_block != NULL && hint_block != NULL && live_block != NULL)) {
        free(game_block);
        free(hint_block);
        free(live_block);
        return;
    }
    for (n = 0; n < games && check_failures_in_test == 0; n++) {
        sap_game *g;
        struct sap_hint_live *l = NULL;
        uint32_t x = rnd(rows * cols), quiet = 0;
        int op = SAP_OP_LEFT;
        CHECK_EQ_INT(sap_game_init(&g, game_block, game_bytes, rows, cols), SAP_OK);
        CHECK_EQ_INT(sap_game_set_random(g, mines, rnd(1u << 30)), SAP_OK);
        for (;;) {
            struct answer full, live;
            int outcome = sap_game_move(g, op, x / cols + 1, x % cols + 1), err;
            t->moves++;
            if (outcome != SAP_RUNNING)
                break; /* won, or lost on a chord or a wrong flag's chord */
            if (l == NULL
                && !CHECK_EQ_INT(sap_hint_live_init(&l, live_block, live_bytes, g), SAP_OK))
                break;
            sap_hint_live_moved(l, sap_game_board_changed_box(g));
            memset(&full, 0, sizeof full);
            memset(&live, 0, sizeof live);
            full_hint(g, hint_block, hint_bytes, &full);
            if (!CHECK(full.err == SAP_OK))
                break;
            if (quiet > 0) {
                quiet--; /* a move without a HINT: the boxes add up */
                /* PROB after it, which must not read the odds of before */
                if (rnd(4) == 0 && !odds_agree(l, g, hint_block, hint_bytes, t)) {
                    fprintf(stderr, "  %ux%u/%u game %u, PROB after a move\n", rows, cols,
                            mines, n);
                    break;
                }
            } else if (rnd(20) == 0) { /* a HINT given up half way */
                sap_hint_live_begin(l);
                (void)sap_hint_live_step(l, 1 + rnd(200));
                t->given_up++;
            } else {
                t->hints++;
                err = live_hint(l, &live);
                if (err == SAP_OK && full.approximate) {
                    /* the full HINT has the cheap rules only: a certain cell all the same */
                    bool mine = sap_game_mine_at(g, live.row, live.col);
                    t->approximate++;
                    if (!CHECK(strncmp(live.line, mine ? "MINE " : "SAFE ", 5) == 0)) {
                        fprintf(stderr, "  %ux%u/%u game %u: %s\n", rows, cols, mines, n,
                                live.line);
                        break;
                    }
                } else if (err == SAP_OK) {
                    t->named++;
                    t->wrong_flags += strstr(live.line, "flag on it is wrong") != NULL;
                    if (!CHECK_EQ_STR(live.line, full.line) || !CHECK_EQ_INT(live.op, full.op)
                        || !CHECK(live.row == full.row && live.col == full.col)) {
                        fprintf(stderr, "  %ux%u/%u game %u\n", rows, cols, mines, n);
                        break;
                    }
                } else {
                    t->guesses++;
                    if (!CHECK_EQ_INT(err, SAP_ERR_SIZE)
                        || !CHECK(full.approximate || strncmp(full.line, "GUESS ", 6) == 0)) {
                        fprintf(stderr, "  %ux%u/%u game %u: the full HINT says %s\n", rows,
                                cols, mines, n, full.line);
                        break;
                    }
                }
                if (rnd(10) == 0)
                    quiet = 1 + rnd(5);
                if (rnd(8) == 0 && !odds_agree(l, g, hint_block, hint_bytes, t)) {
                    fprintf(stderr, "  %ux%u/%u game %u\n", rows, cols, mines, n);
                    break;
                }
            }
            if (!choose_move(g, &full, &op, &x))
                break;
        }
    }
    free(game_block);
    free(hint_block);
    free(live_block);
}

static void test_games(void)
{
    struct tally t;
    memset(&t, 0, sizeof t);
    games_at(9, 9, 10, 200, &t);
    games_at(16, 16, 40, 100, &t);
    games_at(16, 30, 99, 60, &t);
    games_at(30, 40, 250, 10, &t);
    games_at(60, 60, 600, 1, &t);
    fprintf(stderr,
            "  %u moves, %u HINTs: %u named by the kept block (%u wrong flags), %u left to "
            "the full HINT; %u given up half way; %u PROBs agree (%u cells with odds; %u "
            "asked again, no move between; %u where the kept block had settled more), %u too "
            "big for both; %u named where the full HINT has the rules only\n",
            t.moves, t.hints, t.named, t.wrong_flags, t.guesses, t.given_up, t.odds,
            t.odds_cells, t.odds_again, t.odds_settled, t.too_big, t.approximate);
    CHECK(t.named > 5000);
    CHECK(t.wrong_flags > 50);
    CHECK(t.guesses > 100);
    CHECK(t.given_up > 100);
    CHECK(t.odds > 1000);
    CHECK(t.odds_again > 300);
    CHECK(t.odds_settled > 100);
}

/* A 3 x N band past the workspace (tests/test_deduce.c's): the middle
 * row open, one mine in every column, above or below it; one group of
 * 2N unsettled cells that no count can hold.  The kept block cannot count
 * it either: HINT gets nothing certain from it (the full HINT guesses
 * from the rules' estimate) and PROB its "too big". */
static void test_band_past_the_workspace(void)
{
    uint32_t n = SAP_DEDUCE_FRONTIER / 2 + 1, c;
    size_t bytes = SAP_GAME_BYTES(3, n), live_bytes = SAP_HINT_LIVE_BYTES(3, n);
    void *block = malloc(bytes), *live_block = aligned_block(live_bytes);
    struct sap_hint_live *l;
    sap_game *g;
    int err;
    if (!CHECK(block != NULL && live_block != NULL)) {
        free(block);
        free(live_block);
        return;
    }
    sap_game_init(&g, block, bytes, 3, n);
    for (c = 0; c < n; c++)
        sap_game_set_mine(g, c % 2 ? 0 : 2, c, true);
    CHECK_EQ_INT(sap_hint_live_init(&l, live_block, live_bytes, g), SAP_OK);
    for (c = 0; c < n; c++) {
        sap_game_move(g, 1, 2, c + 1);
        sap_hint_live_moved(l, sap_game_board_changed_box(g));
    }
    sap_hint_live_begin(l);
    while ((err = sap_hint_live_step(l, 1000)) == SAP_MORE)
        ;
    CHECK_EQ_INT(err, SAP_ERR_SIZE);
    sap_hint_live_begin_odds(l);
    while ((err = sap_hint_live_step(l, 1000)) == SAP_MORE)
        ;
    CHECK_EQ_INT(err, SAP_ERR_SIZE);
    free(block);
    free(live_block);
}

int main(void)
{
    RUN_SLOW_TEST(test_games);
    RUN_TEST(test_band_past_the_workspace);
    return check_summary("test_hint_live");
}
