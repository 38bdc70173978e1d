/*
 * test_deduce_live.c - the live deduction (core/deduce_live.c), which
 * follows a game move by move, against the full pass (core/deduce.c),
 * which reads the whole position every time:
 *   - random games at five sizes, beginner to 100 x 100, played by opening
 *     a random cell the full pass proves safe (or, with none, a random safe
 *     cell); after every move the live block is told each cell opened (in
 *     a random order) and brought up to date under a random budget a call,
 *     and then every covered cell must be what the full pass says: proven
 *     safe, proven a mine, or neither;
 *   - how often the mine count was left out (slack) and a global pass was
 *     needed, so that both ways are seen to be taken;
 *   - after every move, the block's counts (each number's need and
 *     unknown cells, the covered, settled and unsure cells) are what its
 *     cells say, and every cell it settled is what the layout holds;
 *   - the no-guess generator's use: a play opening what the block settles
 *     safe, a mine moved under it (from a cell settled or not, to one not
 *     settled), then the play goes on: the counts stay right, nothing
 *     settled or opened is false of the new layout, and no mine is opened.
 */
#include "check.h"
#include "deduce.h"
#include "sapper.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;

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

static void *aligned_block(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return NULL;
    return p;
}

struct tally {
    uint32_t positions, certain, slack, global, partial;
    uint32_t full_gave_up; /* positions past the full pass's SAP_DEDUCE_MAX_STEPS */
};

/* Tells the live block every cell the game shows open that it does not
 * know yet, starting at a random cell and wrapping around. */
static void tell_opened(sap_deduce *d, const sap_game *g)
{
    uint32_t cols = sap_game_cols(g), cells = sap_game_rows(g) * cols;
    uint32_t start = rnd(cells), i;
    for (i = 0; i < cells; i++) {
        uint32_t x = (start + i) % cells;
        char v = sap_game_cell(g, x / cols, x % cols);
        if (v >= '0' && v <= '8' && sap_deduce_standing(d, x) != STANDING_OPEN)
            sap_deduce_live_open(d, x, (uint8_t)(v - '0'));
    }
}

/* The number at x of layout `mine`. */
static uint8_t number_of(const unsigned char *mine, uint32_t rows, uint32_t cols, uint32_t x)
{
    struct sap_box b = sap_block_around_cell(rows, cols, x);
    uint32_t r, c, n = 0;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            n += mine[r * cols + c];
    return (uint8_t)n;
}

/* The live block's counts match its cells, and what it settled is true:
 * of game g, or (g NULL) of layout `mine`. */
static bool consistent(sap_deduce *d, const sap_game *g, const unsigned char *mine)
{
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    uint32_t x, covered = 0, settled = 0, settled_mines = 0, unsure = 0;
    bool ok = true;
    if (g == NULL && mine == NULL)
        return false;
    for (x = 0; x < d->cells; x++) {
        struct sap_box b = box_at(d, x);
        uint32_t r, c, mines = 0, unknown = 0;
        int shown;
        if (!(flags[x] & F_OPEN)) {
            covered++;
            settled += (flags[x] & F_SETTLED) != 0;
            settled_mines += (flags[x] & F_SETTLED) == F_SEEN_MINE;
            unsure += (flags[x] & (F_FRONTIER | F_SETTLED)) == F_FRONTIER;
            continue;
        }
        for (r = b.top; r <= b.bottom; r++)
            for (c = b.left; c <= b.right; c++) {
                uint8_t f = flags[r * d->cols + c];
                if (f & F_OPEN)
                    continue;
                mines += (f & F_SETTLED) == F_SEEN_MINE;
                unknown += (f & F_SETTLED) == 0;
            }
        shown = g != NULL ? sap_game_cell(g, x / d->cols, x % d->cols) - '0'
                          : number_of(mine, d->rows, d->cols, x);
        if (!CHECK_EQ_INT(free_[x], unknown) || !CHECK_EQ_INT(need[x] + mines, shown)) {
            fprintf(stderr, "  number %u,%u\n", x / d->cols, x % d->cols);
            ok = false;
        }
    }
    for (x = 0; x < d->cells; x++) {
        uint8_t f = flags[x] & F_SETTLED;
        if (!(flags[x] & F_OPEN) && f != 0 && f != F_SETTLED
            && !CHECK_EQ_INT(f == F_SEEN_MINE,
                             g != NULL ? sap_game_mine_at(g, x / d->cols, x % d->cols)
                                       : mine[x] != 0)) {
            fprintf(stderr, "  settled wrong: %u,%u\n", x / d->cols, x % d->cols);
            ok = false;
        }
    }
    ok = CHECK_EQ_INT(d->covered, covered) && ok;
    ok = CHECK_EQ_INT(d->settled, settled) && ok;
    ok = CHECK_EQ_INT(d->settled_mines, settled_mines) && ok;
    ok = CHECK_EQ_INT(d->unsure, unsure) && ok;
    return ok;
}

/* Brings the live block up to date under random budgets; its answer. */
static int solve(sap_deduce *d, struct tally *t)
{
    int got;
    do {
        uint32_t budget = random_budget();
        got = sap_deduce_live_solve(d, &budget, NULL);
    } while (got == LIVE_MORE);
    t->global += d->counted; /* a global pass since the move */
    t->slack += !d->counted;
    return got;
}

/* Every covered cell as the full pass of g says; false (after reporting)
 * when one differs.  Counts the certain cells. */
static bool agrees(sap_deduce *live, const sap_game *g, void *full_block, struct tally *t)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), x;
    sap_deduce *full;
    if (!CHECK_EQ_INT(sap_deduce_init(&full, full_block, SAP_DEDUCE_BYTES(rows, cols), g),
                      SAP_OK))
        return false;
    if (sap_deduce_step(full, SAP_BUDGET_UNLIMITED) != SAP_OK) {
        t->full_gave_up++; /* too big for the full pass: nothing to compare */
        return true;
    }
    for (x = 0; x < rows * cols; x++) {
        uint32_t p, q;
        int want = sap_deduce_cell(full, x / cols, x % cols, &p);
        int got = sap_deduce_cell(live, x / cols, x % cols, &q);
        if (want == SAP_CELL_SAFE || want == SAP_CELL_MINE)
            t->certain++;
        if (!CHECK_EQ_INT(got, want)) {
            fprintf(stderr, "  cell %u,%u: live %d, full pass %d\n", x / cols, x % cols, got,
                    want);
            return false;
        }
    }
    t->positions++;
    return true;
}

/* The live block's view of the position: numbers, s and m for cells
 * settled safe and mines, * for other mines, . for other safe cells. */
static void show(const sap_deduce *live, const sap_game *g)
{
    uint32_t r, c, p;
    for (r = 0; r < sap_game_rows(g); r++) {
        fputs("  ", stderr);
        for (c = 0; c < sap_game_cols(g); c++) {
            int v = sap_deduce_cell(live, r, c, &p);
            fputc(v == SAP_CELL_OPEN          ? sap_game_cell(g, r, c)
                  : v == SAP_CELL_SAFE        ? 's'
                  : v == SAP_CELL_MINE        ? 'm'
                  : sap_game_mine_at(g, r, c) ? '*'
                                              : '.',
                  stderr);
        }
        fputc('\n', stderr);
    }
}

/* The next cell to open: a random one the full pass proves safe, else a
 * random safe one (the test knows the layout). */
static uint32_t next_move(const sap_game *g, sap_deduce *live)
{
    uint32_t cols = sap_game_cols(g), cells = sap_game_rows(g) * cols;
    uint32_t start = rnd(cells), i, p, fallback = cells;
    for (i = 0; i < cells; i++) {
        uint32_t x = (start + i) % cells, r = x / cols, c = x % cols;
        if (sap_game_cell(g, r, c) != '_' || sap_game_mine_at(g, r, c))
            continue;
        if (sap_deduce_cell(live, r, c, &p) == SAP_CELL_SAFE)
            return x;
        if (fallback == cells)
            fallback = x;
    }
    return fallback;
}

static void games_at(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t games,
                     struct tally *t)
{
    size_t game_bytes = SAP_GAME_BYTES(rows, cols), bytes = SAP_DEDUCE_BYTES(rows, cols);
    void *game_block = malloc(game_bytes), *live_block = aligned_block(bytes);
    void *full_block = aligned_block(bytes);
    uint32_t n;
    if (!CHECK(game_block != NULL && live_block != NULL && full_block != NULL)) {
        free(game_block);
        free(live_block);
        free(full_block);
        return;
    }
    for (n = 0; n < games && check_failures_in_test == 0; n++) {
        sap_game *g;
        sap_deduce *live;
        uint32_t x = rnd(rows * cols), gave_up;
        CHECK_EQ_INT(sap_game_init(&g, game_block, game_bytes, rows, cols), SAP_OK);
        CHECK_EQ_INT(sap_game_set_random(g, mines, rnd(1u << 30)), SAP_OK);
        CHECK_EQ_INT(sap_deduce_live_init(&live, live_block, bytes, rows, cols, mines), SAP_OK);
        while (x < rows * cols && sap_game_state(g) == SAP_RUNNING) {
            int got, outcome = sap_game_move(g, SAP_OP_LEFT, x / cols + 1, x % cols + 1);
            if (!CHECK(outcome == SAP_RUNNING || outcome == SAP_WIN))
                break;
            tell_opened(live, g);
            if (!consistent(live, g, NULL))
                break;
            got = solve(live, t);
            if (!consistent(live, g, NULL))
                break;
            if (got == LIVE_PARTIAL) {
                t->partial++;
                break; /* too big to count: the live block claims no more */
            }
            gave_up = t->full_gave_up;
            if (!CHECK_EQ_INT(got, LIVE_IDLE) || !agrees(live, g, full_block, t)) {
                fprintf(stderr, "  %ux%u/%u game %u, after opening %u,%u:\n", rows, cols, mines,
                        n, x / cols, x % cols);
                show(live, g);
                break;
            }
            if (t->full_gave_up > gave_up)
                break; /* the rest of this game would be too big for it as well */
            x = next_move(g, live);
        }
    }
    free(game_block);
    free(live_block);
    free(full_block);
}

static void test_games(void)
{
    struct tally t;
    memset(&t, 0, sizeof t);
    games_at(9, 9, 10, 300, &t);
    games_at(16, 16, 40, 200, &t);
    games_at(16, 30, 99, 100, &t);
    games_at(30, 40, 300, 20, &t);
    games_at(100, 100, 2000, 1, &t);
    fprintf(stderr,
            "  %u positions agree (%u certain cells); %u solved without the mine count, %u "
            "with a global pass; %u too big; %u past the full pass's step limit\n",
            t.positions, t.certain, t.slack, t.global, t.partial, t.full_gave_up);
    CHECK(t.positions > 10000);
    CHECK(t.slack > 1000);
    CHECK(t.global > 1000);
}


/* Plays layout `mine` on as the no-guess generator does, opening every
 * cell the live block settles safe, at most `opens` of them. */
static int play_live(sap_deduce *live, const unsigned char *mine, uint32_t rows, uint32_t cols,
                     uint32_t opens)
{
    int got;
    for (;;) {
        uint32_t budget = SAP_BUDGET_UNLIMITED, x = 0;
        got = sap_deduce_live_solve(live, &budget, &x);
        if (got != LIVE_READY || opens-- == 0)
            return got;
        sap_deduce_live_open(live, x, number_of(mine, rows, cols, x));
    }
}

/* A mine moved under the player, as the no-guess generator does (from a
 * cell settled or not to one not settled): the numbers around it change,
 * what was settled stays and is still true, the counts stay right, and
 * the play goes on, never opening a mine, to where the new layout's
 * numbers take it. */
static void test_moved(void)
{
    const uint32_t rows = 16, cols = 30, mines = 99, cells = rows * cols;
    size_t bytes = SAP_DEDUCE_BYTES(rows, cols);
    void *live_block = aligned_block(bytes);
    unsigned char *mine = malloc(cells);
    uint32_t round, moved = 0;
    if (!CHECK(live_block != NULL && mine != NULL)) {
        free(live_block);
        free(mine);
        return;
    }
    for (round = 0; round < 500 && check_failures_in_test == 0; round++) {
        sap_deduce *live;
        uint32_t x, placed = 0, from = cells, to = cells, seen;
        memset(mine, 0, cells);
        while (placed < mines) { /* none next to the first click, cell 0 */
            uint32_t y = rnd(cells);
            if (y / cols > 1 || y % cols > 1) {
                placed += !mine[y];
                mine[y] = 1;
            }
        }
        CHECK_EQ_INT(sap_deduce_live_init(&live, live_block, bytes, rows, cols, mines), SAP_OK);
        sap_deduce_live_open(live, 0, number_of(mine, rows, cols, 0));
        (void)play_live(live, mine, rows, cols, rnd(cells));
        for (x = 0, seen = 0; x < cells; x++)
            if (mine[x] && sap_deduce_standing(live, x) != STANDING_OPEN && rnd(++seen) == 0)
                from = x;
        for (x = 0, seen = 0; x < cells; x++)
            if (!mine[x] && sap_deduce_standing(live, x) == STANDING_UNSETTLED
                && rnd(++seen) == 0)
                to = x;
        if (from == cells || to == cells)
            continue;
        mine[from] = 0;
        mine[to] = 1;
        sap_deduce_live_moved(live, from, false);
        sap_deduce_live_moved(live, to, true);
        moved++;
        CHECK(consistent(live, NULL, mine));
        (void)play_live(live, mine, rows, cols, cells);
        CHECK(!live->contradiction);
        for (x = 0; x < cells; x++) { /* everything settled or opened is true */
            uint32_t p;
            int v = sap_deduce_cell(live, x / cols, x % cols, &p);
            if (!CHECK(v == SAP_CELL_UNSURE || (v == SAP_CELL_MINE) == (mine[x] != 0))) {
                fprintf(stderr, "  round %u: cell %u,%u\n", round, x / cols, x % cols);
                break;
            }
        }
        CHECK(consistent(live, NULL, mine));
    }
    fprintf(stderr, "  %u layouts changed under a live play\n", moved);
    CHECK(moved > 300);
    free(live_block);
    free(mine);
}

/* A walk given up at SAP_DEDUCE_MAX_STEPS: the 3 x 60 band of
 * tests/test_deduce.c (about 2^60 layouts in one group), walked rather
 * than swept.  The block cannot count it, and the numbers it keeps are
 * still what the board shows: the cells the walk had taken gave back
 * what they took from them. */
static void test_walk_given_up(void)
{
    const uint32_t cols = 60;
    size_t game_bytes = SAP_GAME_BYTES(3, cols), bytes = SAP_DEDUCE_BYTES(3, cols);
    void *game_block = malloc(game_bytes), *live_block = aligned_block(bytes);
    sap_game *g;
    sap_deduce *live;
    uint32_t c, calls = 0;
    int got;
    if (!CHECK(game_block != NULL && live_block != NULL)) {
        free(game_block);
        free(live_block);
        return;
    }
    CHECK_EQ_INT(sap_game_init(&g, game_block, game_bytes, 3, cols), SAP_OK);
    for (c = 0; c < cols; c++)
        CHECK_EQ_INT(sap_game_set_mine(g, c % 2 ? 0 : 2, c, true), SAP_OK);
    for (c = 0; c < cols; c++)
        CHECK_EQ_INT(sap_game_move(g, SAP_OP_LEFT, 2, c + 1), SAP_RUNNING);
    CHECK_EQ_INT(sap_deduce_live_init(&live, live_block, bytes, 3, cols, cols), SAP_OK);
    sap_deduce_set_count(live, COUNT_WALK);
    tell_opened(live, g);
    do {
        uint32_t budget = 3000000u; /* a walk is given up in the middle of a call */
        got = sap_deduce_live_solve(live, &budget, NULL);
        calls++;
    } while (got == LIVE_MORE && calls < 1000);
    CHECK_EQ_INT(got, LIVE_PARTIAL);
    CHECK(consistent(live, g, NULL));
    free(game_block);
    free(live_block);
}

int main(void)
{
    RUN_SLOW_TEST(test_games);
    RUN_TEST(test_moved);
    RUN_SLOW_TEST(test_walk_given_up);
    return check_summary("test_deduce_live");
}
