/*
 * fuzz_deduce.c - the deduction engine on positions drawn from the input.
 *
 * The input lays a board (up to 6 x 6 for the exact oracle, up to 16 x 30
 * for soundness), its mines, a few left clicks and some marks (right or
 * wrong: the engine must ignore them), and a budget a call.  Then:
 *   - on every board, nothing the engine calls certain is wrong: a cell
 *     called safe holds no mine, a cell called a mine holds one;
 *   - on positions with at most 20 covered cells, every certainty and
 *     probability equals an exact count of all layouts of the covered
 *     cells with the board's mine count that fit every number
 *     (probabilities to the engine's 0.01 %): fuzz_ref_layouts, which
 *     walks the cells next to a number and gives up a partial layout at
 *     the first number it breaks, and which the tests' try-every-subset
 *     layouts_count checks on positions of up to 10 covered cells;
 *   - budgets of 1 to 64 steps a call give the same answer as unlimited;
 *   - the groups counted the way a last input byte picks (as the engine
 *     chooses, every group walked, every group swept, or swept in a room
 *     so tight that it forgets layers and falls back to the walk; a
 *     shorter input: as the engine chooses) give the same answer to
 *     0.01 % (the walk alone may give up where the sweep does not), under
 *     that budget, and agree with the brute force in turn;
 *   - HINT's move (sap_hint, its look-ahead included) opens no cell the
 *     engine proves a mine, guesses only when no cell is certain, and on
 *     boards up to 16 x 16 (BUDGET_HINT_MAX_CELLS) is the same at that
 *     budget as at once;
 *   - HINT kept between moves (core/hint_live.c), told each click and
 *     mark as it is made and asked after each at that budget, names what
 *     HINT on the whole position names, byte for byte, or nothing when
 *     that HINT guesses.  The whole position's HINT is worked out once a
 *     map (a move that changes nothing leaves it), and where the kept
 *     block names nothing only as far as its scan, which settles whether
 *     it guesses; the final position's, which check_hint needs, in full.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "deduce.h" /* sap_deduce_set_count */
#include "hint.h"   /* HINT kept between moves */
#include "game.h"   /* sap_game_board_changed_box */
#include "fuzz_ref.h"
#include "players.h"
#include "sapper.h"

/* Runs the engine, counting groups `how`; SAP_OK and its answers in
 * view[] / odds[]. */
static int deduce(const sap_game *g, uint32_t budget, enum deduce_count how, int *view,
                  uint32_t *odds)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), r, c;
    size_t bytes = SAP_DEDUCE_BYTES(rows, cols);
    void *block = malloc(bytes);
    sap_deduce *d;
    unsigned long calls = 0;
    int err;

    FUZZ_CHECK(block != NULL, "malloc");
    FUZZ_CHECK(sap_deduce_init(&d, block, bytes, g) == SAP_OK, "init");
    sap_deduce_set_count(d, how);
    do
        err = sap_deduce_step(d, budget);
    while (err == SAP_MORE && ++calls < 100000000ul);
    if (err == SAP_OK)
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                view[r * cols + c] = sap_deduce_cell(d, r, c, &odds[r * cols + c]);
    free(block);
    return err;
}

/* HINT's move with `budget` steps a call: its op, the cell in *x. */
static int hint_move(const sap_game *g, uint32_t budget, uint32_t *x)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), r = 0, c = 0;
    size_t bytes = SAP_HINT_BYTES(rows, cols);
    void *block = malloc(bytes);
    sap_hint *h;
    unsigned long calls = 0;
    int err, op;

    FUZZ_CHECK(block != NULL, "malloc");
    FUZZ_CHECK(sap_hint_init(&h, block, bytes, g) == SAP_OK, "hint init");
    do
        err = sap_hint_step(h, budget);
    while (err == SAP_MORE && ++calls < 100000000ul);
    FUZZ_CHECK(err == SAP_OK, "HINT gave %d on a real position", err);
    op = sap_hint_move(h, &r, &c);
    *x = r * cols + c;
    free(block);
    return op;
}

/* The whole position's HINT (unlimited budget), kept with the player's
 * map it was worked out on.  HINT reads the map and the mine count, never
 * the mines, so while the moves leave the map as it was (a click on an
 * opened cell, a mark on a number) the answer kept is the answer and is
 * not worked out again. */
struct full_hint {
    char *map;     /* rows * cols bytes as sap_game_cell shows them */
    bool known;    /* guess is HINT's on that map ... */
    bool complete; /* ... and so are line, op and x */
    bool guess;    /* no covered cell is certain (or the rules alone ran) */
    char line[SAP_REPLY_MAX];
    int op;
    uint32_t x;
};

/* Steps a call while only `guess` is wanted: once HINT's scan finds no
 * certain cell (h->guessing), the rest (the endgame search or the
 * look-ahead, the costliest part by far) only chooses the guess. */
#define GUESS_ONLY_STEPS 4096u

/* HINT on the whole position: whether it guesses, and with `move` (or
 * when it does not guess) its line, op and cell too. */
static const struct full_hint *full_hint(const sap_game *g, struct full_hint *f, bool move)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), cells = rows * cols, i;
    uint32_t r = 0, c = 0;
    size_t bytes = SAP_HINT_BYTES(rows, cols);
    bool same = f->known;
    void *block;
    sap_hint *h;
    int err;

    for (i = 0; i < cells; i++) {
        char v = sap_game_cell(g, i / cols, i % cols);
        same = same && f->map[i] == v;
        f->map[i] = v;
    }
    if (same && (f->complete || !move))
        return f;
    block = malloc(bytes);
    FUZZ_CHECK(block != NULL, "malloc");
    FUZZ_CHECK(sap_hint_init(&h, block, bytes, g) == SAP_OK, "hint init");
    do
        err = sap_hint_step(h, move ? SAP_BUDGET_UNLIMITED : GUESS_ONLY_STEPS);
    while (err == SAP_MORE && (move || !h->guessing));
    FUZZ_CHECK(err == SAP_OK || err == SAP_MORE, "HINT gave %d on a real position", err);
    f->known = true;
    f->guess = h->guessing || h->approximate;
    f->complete = err == SAP_OK;
    f->line[0] = '\0';
    f->op = 0;
    f->x = 0;
    if (f->complete) {
        (void)sap_hint_text_line(h, f->line, sizeof f->line);
        f->op = sap_hint_move(h, &r, &c);
        f->x = r * cols + c;
    }
    free(block);
    return f;
}

/* HINT is worked out again at the input's budget on boards up to this
 * many cells (16 x 16): on an expert board its look-ahead alone takes a
 * few milliseconds under the sanitizers, and the budget is spent by the
 * same steps whatever the board's size. */
#define BUDGET_HINT_MAX_CELLS 256u

/* HINT on the position the engine answered in view[]: the same move at
 * `budget` (on boards up to BUDGET_HINT_MAX_CELLS), never into a proven
 * mine, a guess only when nothing is certain (a proven mine already
 * flagged is no news). */
static void check_hint(const sap_game *g, uint32_t budget, const int *view,
                       struct full_hint *full)
{
    uint32_t cols = sap_game_cols(g), cells = sap_game_rows(g) * cols, x2 = 0, i;
    const struct full_hint *f = full_hint(g, full, true);
    uint32_t x = f->x;
    int op = f->op;
    bool certain = false;
    if (op == 0)
        return; /* nothing covered is unknown */
    if (budget != 0 && cells <= BUDGET_HINT_MAX_CELLS)
        FUZZ_CHECK(hint_move(g, budget, &x2) == op && x2 == x,
                   "a budget of %u changes HINT's move", budget);
    /* deduce() filled view[] for the game's cells, which the analyzer
     * cannot see into the core:
     * NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
    FUZZ_CHECK(op != SAP_OP_LEFT || view[x] != SAP_CELL_MINE, "HINT opens a proven mine");
    for (i = 0; i < cells; i++)
        /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult): as above */
        certain = certain || view[i] == SAP_CELL_SAFE
                  || (view[i] == SAP_CELL_MINE && sap_game_cell(g, i / cols, i % cols) != 'P');
    /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult): as above */
    FUZZ_CHECK(view[x] != SAP_CELL_UNSURE || !certain, "HINT guesses beside a certain cell");
}

/* The kept block after the move just made: its HINT at `budget` is the
 * whole position's, line and move, or it names nothing (SAP_ERR_SIZE)
 * where the whole position's guesses, which is then all that is worked
 * out of it. */
static void check_live(const sap_game *g, struct sap_hint_live *l, uint32_t budget,
                       struct full_hint *full)
{
    char got[SAP_REPLY_MAX];
    const struct full_hint *f;
    uint32_t y = 0, r = 0, c = 0, calls = 0;
    int err;
    sap_hint_live_moved(l, sap_game_board_changed_box(g));
    sap_hint_live_begin(l);
    do
        err = sap_hint_live_step(l, budget != 0 ? budget : SAP_BUDGET_UNLIMITED);
    while (err == SAP_MORE && ++calls < 100000000u);
    f = full_hint(g, full, err != SAP_ERR_SIZE);
    if (err == SAP_ERR_SIZE) {
        FUZZ_CHECK(f->guess, "the kept block names nothing where HINT says: %s", f->line);
        return;
    }
    FUZZ_CHECK(err == SAP_OK, "the kept block's HINT gave %d", err);
    (void)sap_hint_text_line(sap_hint_live_hint(l), got, sizeof got);
    FUZZ_CHECK(strcmp(got, f->line) == 0, "the kept block says %s where HINT says %s", got,
               f->line);
    FUZZ_CHECK(sap_hint_move(sap_hint_live_hint(l), &r, &c) == f->op,
               "the kept block's op differs");
    y = r * sap_game_cols(g) + c;
    FUZZ_CHECK(y == f->x, "the kept block's move differs");
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    uint8_t mode;
    bool small;
    uint32_t rows, cols, cells, i, clicks, marks, budget, round;
    enum deduce_count how;
    size_t bytes, live_bytes;
    void *block, *live_block;
    struct sap_hint_live *live = NULL;
    sap_game *g;
    int *view, *view2, err, err2;
    uint32_t *odds, *odds2;
    struct layouts b;
    struct full_hint full;

    fuzz_bytes_init(&in, data, size);
    mode = fuzz_u8(&in);
    small = (mode & 1) == 0;
    budget = (uint32_t)(mode >> 1) & 63u;
    rows = fuzz_range(&in, 1, small ? 6 : 16);
    cols = fuzz_range(&in, 1, small ? 6 : 30);
    cells = rows * cols;
    bytes = SAP_GAME_BYTES(rows, cols);
    block = malloc(bytes);
    view = malloc(cells * sizeof *view);
    view2 = malloc(cells * sizeof *view2);
    odds = malloc(cells * sizeof *odds);
    odds2 = malloc(cells * sizeof *odds2);
    full.map = malloc(cells);
    full.known = full.complete = false;
    FUZZ_CHECK(block && view && view2 && odds && odds2 && full.map, "malloc");
    FUZZ_CHECK(sap_game_init(&g, block, bytes, rows, cols) == SAP_OK, "game init");
    {
        uint32_t density = fuzz_range(&in, 0, 60);
        struct fuzz_rng layout;
        layout.state = fuzz_u32(&in);
        for (i = 0; i < cells; i++)
            if (fuzz_rng_next(&layout) % 100u < density)
                sap_game_set_mine(g, i / cols, i % cols, true);
    }
    live_bytes = SAP_HINT_LIVE_BYTES(rows, cols);
    live_block = malloc(live_bytes);
    FUZZ_CHECK(live_block != NULL, "malloc");
    clicks = fuzz_range(&in, 0, 6);
    for (i = 0; i < clicks; i++) {
        uint32_t x = fuzz_range(&in, 0, cells - 1);
        if (sap_game_mine_at(g, x / cols, x % cols))
            continue; /* a lost game shows nothing new */
        sap_game_move(g, 1, x / cols + 1, x % cols + 1);
        if (live == NULL)
            FUZZ_CHECK(sap_hint_live_init(&live, live_block, live_bytes, g) == SAP_OK,
                       "live init");
        if (sap_game_state(g) == SAP_RUNNING)
            check_live(g, live, budget, &full);
    }
    marks = fuzz_range(&in, 0, 4);
    for (i = 0; i < marks; i++) {
        uint32_t x = fuzz_range(&in, 0, cells - 1);
        sap_game_move(g, 2, x / cols + 1, x % cols + 1);
        if (live != NULL && sap_game_state(g) == SAP_RUNNING)
            check_live(g, live, budget, &full);
    }
    free(live_block);
    how = (enum deduce_count)(fuzz_u8(&in) % 4u);

    err = deduce(g, SAP_BUDGET_UNLIMITED, COUNT_AUTO, view, odds);
    FUZZ_CHECK(err == SAP_OK, "%ux%u: the engine gave %d on a real position", rows, cols, err);
    for (i = 0; i < cells; i++) {
        bool mine = sap_game_mine_at(g, i / cols, i % cols);
        /* deduce() filled view[] for the game's rows x cols, which are these
         * (the analyzer cannot see into the core):
         * NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
        FUZZ_CHECK(view[i] != SAP_CELL_SAFE || !mine, "cell %u called safe holds a mine", i);
        FUZZ_CHECK(view[i] != SAP_CELL_MINE || mine, "cell %u called a mine is safe", i);
    }
    check_hint(g, budget, view, &full);
    err2 = SAP_ERR_STATE; /* no second answer */
    if (budget != 0 && how == COUNT_AUTO) {
        err2 = deduce(g, budget, how, view2, odds2);
        FUZZ_CHECK(err2 == SAP_OK && memcmp(view, view2, cells * sizeof *view) == 0
                       && memcmp(odds, odds2, cells * sizeof *odds) == 0,
                   "a budget of %u changes the answer", budget);
    } else if (how != COUNT_AUTO) {
        err2 = deduce(g, budget != 0 ? budget : SAP_BUDGET_UNLIMITED, how, view2, odds2);
        /* the walk may give up (as the engine did before the sweep) */
        FUZZ_CHECK(err2 == SAP_OK || (err2 == SAP_ERR_SIZE && how != COUNT_SWEEP),
                   "counting way %d gave %d", (int)how, err2);
        for (i = 0; i < cells && err2 == SAP_OK; i++)
            /* deduce() filled view2[] as it answered SAP_OK (the analyzer
             * cannot see into the core):
             * NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
            FUZZ_CHECK(view[i] == view2[i] && odds[i] <= odds2[i] + 1
                           && odds2[i] <= odds[i] + 1,
                       "cell %u: %d %u counted as the engine chooses, %d %u counted way %d", i,
                       view[i], odds[i], view2[i], odds2[i], (int)how);
    }
    if (small && sap_game_covered(g) <= 20) {
        fuzz_ref_layouts(g, &b);
        FUZZ_CHECK(b.total > 0, "a real position without a layout");
    }
    for (round = 0; round < 2 && small && sap_game_covered(g) <= 20; round++) {
        const int *v = round == 0 ? view : view2;
        const uint32_t *o = round == 0 ? odds : odds2;
        if (round == 1 && err2 != SAP_OK)
            break;
        for (i = 0; i < cells; i++) {
            uint64_t n = b.mine_in[i];
            double want = 10000.0 * (double)n / (double)b.total;
            if (v[i] == SAP_CELL_OPEN)
                continue;
            FUZZ_CHECK((n == 0) == (v[i] == SAP_CELL_SAFE),
                       "cell %u: safe in every layout "
                       "%d, the engine says %d",
                       i, n == 0, v[i]);
            FUZZ_CHECK((n == b.total) == (v[i] == SAP_CELL_MINE),
                       "cell %u: a mine in every "
                       "layout %d, the engine says %d",
                       i, n == b.total, v[i]);
            FUZZ_CHECK((double)o[i] >= want - 1.0 && (double)o[i] <= want + 1.0,
                       "cell %u: %u / 10000, exact %f", i, o[i], want);
        }
    }
    free(block);
    free(view);
    free(view2);
    free(odds);
    free(odds2);
    free(full.map);
}
