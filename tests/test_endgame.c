/*
 * test_endgame.c - the endgame search (core/endgame.c)
 * against a game tree searched the plain way: on small boards (2 x 3 to
 * 4 x 5, and 4 x 5 to 7 x 9 played on to a few covered cells), positions
 * reached by random safe clicks (at most 22 covered cells, 64 layouts), a
 * recursive solver written here plays the real game - every covered cell
 * may be opened, a 0 opens its neighbours as game.c does, the game is won
 * once every safe cell is open - over every layout that fits what is
 * seen, and finds the most layouts
 * any way of playing on can win.  The search must name a move that wins
 * exactly that many, and say so; the same with a budget of 1, 7 and
 * unlimited steps a call, with the same steps spent.  Also: the textbook
 * 50/50 (1 of 2), two of them (1 of 4), and each way the search declines
 * (too many layouts, too many cells, its step limit, a deduction not
 * finished), the step limit at the same place whatever the budget.
 */
#include "check.h"
#include "endgame.h" /* the endgame's internal API */
#include "sapper.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

/* ---- the reference: the real game, searched plainly ---------------------- */

#define REF_CELLS 64u
#define REF_LAYOUTS 64u

static uint32_t ref_rows, ref_cols, ref_cells;
static uint64_t ref_all;
static uint64_t ref_nbr[REF_CELLS];      /* each cell's neighbours */
static uint64_t ref_layout[REF_LAYOUTS]; /* mines, as board masks */
static uint32_t ref_count;

static int ref_number(uint64_t l, uint32_t x)
{
    return __builtin_popcountll(l & ref_nbr[x]);
}

/* The cells opening x opens in layout l, O being open already: x, and
 * around every 0 its neighbours, as game.c's flood fill. */
static uint64_t ref_reveal(uint64_t l, uint32_t x, uint64_t open)
{
    uint64_t done = 1ull << x;
    uint32_t queue[REF_CELLS], head = 0, tail = 0, y;
    queue[tail++] = x;
    while (head < tail) {
        uint32_t c = queue[head++];
        if (ref_number(l, c) != 0)
            continue;
        for (y = 0; y < ref_cells; y++)
            if ((ref_nbr[c] >> y & 1u) && !(done >> y & 1u) && !(open >> y & 1u)) {
                done |= 1ull << y;
                queue[tail++] = y;
            }
    }
    return done;
}

/* A memo of W(S, O): open addressing, entries of older positions stale. */
#define MEMO_SLOTS (1u << 18)
struct ref_entry {
    uint64_t set, open;
    uint32_t generation;
    int value;
};
static struct ref_entry *memo;
static uint32_t generation, memo_used;

static struct ref_entry *ref_slot(uint64_t set, uint64_t open)
{
    uint64_t h = (set ^ (open << 29) ^ (open >> 35)) * 0x9E3779B97F4A7C15ull;
    uint32_t i = (uint32_t)(h >> 40) & (MEMO_SLOTS - 1u);
    for (;;) {
        struct ref_entry *e = &memo[i];
        if (e->generation != generation || (e->set == set && e->open == open))
            return e;
        i = (i + 1u) & (MEMO_SLOTS - 1u);
    }
}

static int ref_win(uint64_t set, uint64_t open);

/* The layouts of S (not yet won) that opening c, with O open, goes on to
 * win with the best play after it. */
static int ref_move(uint64_t set, uint64_t open, uint32_t c)
{
    uint64_t left = 0;
    uint32_t i;
    int total = 0;
    for (i = 0; i < ref_count; i++)
        if ((set >> i & 1u) && !(ref_layout[i] >> c & 1u))
            left |= 1ull << i;
    while (left != 0) { /* one outcome at a time: what is seen after it */
        uint32_t first = (uint32_t)__builtin_ctzll(left), y;
        uint64_t seen;
        uint64_t same = 0;
        seen = ref_reveal(ref_layout[first], c, open);
        for (i = first; i < ref_count; i++) {
            bool alike;
            if (!(left >> i & 1u))
                continue;
            alike = ref_reveal(ref_layout[i], c, open) == seen;
            for (y = 0; y < ref_cells && alike; y++)
                if (seen >> y & 1u)
                    alike = ref_number(ref_layout[i], y) == ref_number(ref_layout[first], y);
            if (alike)
                same |= 1ull << i;
        }
        left &= ~same;
        total += ref_win(same, open | seen);
    }
    return total;
}

/* W(S, O): the layouts of S that the best play wins, O being open. */
static int ref_win(uint64_t set, uint64_t open)
{
    struct ref_entry *e = ref_slot(set, open);
    uint64_t playing = 0;
    uint32_t i, c;
    int won = 0, best = 0;
    if (e->generation == generation)
        return e->value;
    for (i = 0; i < ref_count; i++) {
        if (!(set >> i & 1u))
            continue;
        if ((ref_all & ~ref_layout[i] & ~open) == 0)
            won++; /* every safe cell is open: the game is over, won */
        else
            playing |= 1ull << i;
    }
    if (playing != 0)
        for (c = 0; c < ref_cells; c++)
            if (!(open >> c & 1u)) {
                int v = ref_move(playing, open, c);
                best = v > best ? v : best;
            }
    if (memo_used < MEMO_SLOTS / 2u) { /* else not kept: the table stays sparse */
        e = ref_slot(set, open);
        e->set = set;
        e->open = open;
        e->generation = generation;
        e->value = won + best;
        memo_used++;
    }
    return won + best;
}

/* Sets the reference up for game g: the layouts of its covered cells
 * with its mine count that fit every number.  False when there are more
 * than REF_LAYOUTS. */
static uint32_t ref_max_covered = 22u, ref_max_layouts = REF_LAYOUTS;

static bool ref_setup(const sap_game *g, uint64_t *open_out)
{
    uint32_t r, c, x, covered = 0, mines = sap_game_mines(g), cell[REF_CELLS];
    uint64_t open = 0;
    uint32_t pick;
    ref_rows = sap_game_rows(g);
    ref_cols = sap_game_cols(g);
    ref_cells = ref_rows * ref_cols;
    ref_all = ref_cells == 64u ? UINT64_MAX : (1ull << ref_cells) - 1u;
    for (r = 0; r < ref_rows; r++)
        for (c = 0; c < ref_cols; c++) {
            uint32_t rr, cc;
            uint64_t m = 0;
            for (rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < ref_rows; rr++)
                for (cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < ref_cols; cc++)
                    if (rr != r || cc != c)
                        m |= 1ull << (rr * ref_cols + cc);
            x = r * ref_cols + c;
            ref_nbr[x] = m;
            if (sap_game_cell(g, r, c) >= '0' && sap_game_cell(g, r, c) <= '8')
                open |= 1ull << x;
            else
                cell[covered++] = x;
        }
    ref_count = 0;
    if (mines > covered || covered > ref_max_covered)
        return false;
    /* every choice of `mines` of the covered cells (Gosper's hack) */
    for (pick = mines == 0 ? 0 : (1u << mines) - 1u; pick < (1u << covered);) {
        uint64_t l = 0;
        uint32_t i;
        bool fits = true;
        for (i = 0; i < covered; i++)
            if (pick >> i & 1u)
                l |= 1ull << cell[i];
        for (r = 0; r < ref_rows && fits; r++)
            for (c = 0; c < ref_cols && fits; c++)
                if (open >> (r * ref_cols + c) & 1u)
                    fits = ref_number(l, r * ref_cols + c) == sap_game_cell(g, r, c) - '0';
        if (fits) {
            if (ref_count == ref_max_layouts)
                return false;
            ref_layout[ref_count++] = l;
        }
        if (pick == 0)
            break;
        {
            uint32_t low = pick & -pick, up = pick + low;
            pick = up | (((pick ^ up) >> 2) / low);
        }
    }
    *open_out = open;
    generation++;
    memo_used = 0;
    return true;
}

/* ---- the search under test ---------------------------------------------- */

struct answer {
    int err;
    uint32_t cell, wins, layouts, steps, calls;
};

/* Every layout of the reference. */
static uint64_t every_layout(void)
{
    return ref_count == 64u ? UINT64_MAX : (1ull << ref_count) - 1u;
}

/* Deduces g, then runs the endgame search with `budget` steps a call (and
 * max_steps, 0 for the default), weighing only the first move `first`
 * unless it is UINT32_MAX. */
static struct answer search_first(const sap_game *g, uint32_t budget, uint32_t max_steps,
                                  uint32_t first)
{
    struct answer a;
    size_t dbytes = SAP_DEDUCE_BYTES(sap_game_rows(g), sap_game_cols(g));
    void *dblock = malloc(dbytes), *eblock = malloc(SAP_ENDGAME_BYTES);
    sap_deduce *d;
    struct sap_endgame *eg;
    memset(&a, 0, sizeof a);
    CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK);
    while ((a.err = sap_deduce_step(d, SAP_BUDGET_UNLIMITED)) == SAP_MORE)
        continue;
    if (a.err == SAP_OK)
        a.err = sap_endgame_init(&eg, eblock, SAP_ENDGAME_BYTES, g, d);
    if (a.err == SAP_OK) {
        if (max_steps != 0)
            sap_endgame_set_max_steps(eg, max_steps);
        if (first != UINT32_MAX)
            sap_endgame_set_first(eg, first);
        do {
            uint32_t left = budget;
            a.calls++;
            a.err = sap_endgame_spend(eg, &left);
            /* a search that ends, or gives up at its limit, leaves the rest
             * of a large budget to its caller (HINT goes on with it) */
            if (a.err != SAP_MORE && budget == SAP_BUDGET_UNLIMITED)
                CHECK(left > UINT32_MAX / 2u);
        } while (a.err == SAP_MORE);
        a.steps = sap_endgame_steps(eg);
        if (a.err == SAP_OK && sap_endgame_best(eg, &a.cell, &a.wins, &a.layouts) != SAP_OK)
            a.cell = UINT32_MAX; /* nothing to guess */
        if (a.err != SAP_OK)
            CHECK_EQ_INT(sap_endgame_best(eg, &a.cell, &a.wins, &a.layouts), SAP_ERR_STATE);
    }
    free(dblock);
    free(eblock);
    return a;
}

static struct answer search(const sap_game *g, uint32_t budget, uint32_t max_steps)
{
    return search_first(g, budget, max_steps, UINT32_MAX);
}

static sap_game *new_game(void **block, uint32_t rows, uint32_t cols)
{
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    sap_game *g;
    *block = malloc(bytes);
    CHECK_EQ_INT(sap_game_init(&g, *block, bytes, rows, cols), SAP_OK);
    return g;
}

/* A board of rows x cols, each up to one less than twice that, and a
 * few random safe clicks; with `covered` (0: none), clicks go on while
 * more cells are covered than a number drawn between the mines and that. */
static sap_game *random_position(void **block, uint32_t rows, uint32_t cols, uint32_t covered)
{
    uint32_t cells, mines, i, clicks, until = UINT32_MAX;
    sap_game *g;
    rows += rnd(rows);
    cols += rnd(cols);
    cells = rows * cols;
    g = new_game(block, rows, cols);
    mines = 1 + rnd(cells / 3u);
    if (covered != 0) {
        mines = 4 + rnd(covered / 2u);
        until = mines + 2u + rnd(covered - mines - 1u);
    }
    for (i = 0; i < mines;) {
        uint32_t x = rnd(cells);
        if (!sap_game_mine_at(g, x / cols, x % cols)) {
            sap_game_set_mine(g, x / cols, x % cols, true);
            i++;
        }
    }
    clicks = covered != 0 ? 1 : 1 + rnd(rows + cols);
    for (i = 0; i < 500 && (clicks > 0 || sap_game_covered(g) > until)
                && sap_game_state(g) == SAP_RUNNING;
         i++) {
        uint32_t x = rnd(cells);
        if (sap_game_mine_at(g, x / cols, x % cols)
            || sap_game_cell(g, x / cols, x % cols) != '_')
            continue;
        sap_game_move(g, SAP_OP_LEFT, x / cols + 1, x % cols + 1);
        clicks -= clicks > 0;
    }
    return g;
}

/* `rounds` positions of boards from rows x cols (see random_position)
 * with at most `covered` covered cells and `layouts` layouts, each
 * searched both ways; the counts at least `want`: compared, guessing, not
 * the safest cell. */
static void against_plain_search(int rounds, uint32_t rows, uint32_t cols, uint32_t covered,
                                 uint32_t layouts, const int *want)
{
    static const uint32_t budgets[] = { SAP_BUDGET_UNLIMITED, 1, 7 };
    int round, compared = 0, guesses = 0, not_safest = 0, free_first = 0, lost = 0, firsts = 0;
    memo = calloc(MEMO_SLOTS, sizeof *memo);
    for (round = 0; round < rounds && check_failures_in_test == 0; round++) {
        void *block;
        sap_game *g = random_position(&block, rows, cols, rows > 2 ? covered : 0);
        uint64_t open;
        uint32_t b;
        struct answer a[3];
        int best, move;
        ref_max_covered = covered;
        ref_max_layouts = layouts;
        if (sap_game_state(g) != SAP_RUNNING || !ref_setup(g, &open) || ref_count < 2) {
            free(block);
            continue;
        }
        for (b = 0; b < 3; b++)
            a[b] = search(g, budgets[b], 0);
        best = ref_win(every_layout(), open);
        compared++;
        if (!CHECK_EQ_INT(a[0].err, SAP_OK) || !CHECK(a[0].cell < ref_cells)) {
            free(block);
            continue;
        }
        move = ref_move(every_layout(), open, a[0].cell);
        if (!CHECK_EQ_INT(a[0].layouts, ref_count) || !CHECK_EQ_INT(a[0].wins, best)
            || !CHECK_EQ_INT(move, best))
            fprintf(stderr,
                    "  round %d: %ux%u, %u mines, %u layouts: search (%u, %u) wins %u, "
                    "best %d, that move %d\n",
                    round, ref_rows, ref_cols, sap_game_mines(g), ref_count,
                    a[0].cell / ref_cols, a[0].cell % ref_cols, a[0].wins, best, move);
        for (b = 1; b < 3; b++) {
            CHECK_EQ_INT(a[b].err, a[0].err);
            CHECK_EQ_INT(a[b].cell, a[0].cell);
            CHECK_EQ_INT(a[b].wins, a[0].wins);
            CHECK_EQ_INT(a[b].steps, a[0].steps);
        }
        /* a budget of 1 is kept to: a call reads each layout at most twice */
        CHECK(a[1].calls >= a[0].steps / (2u * ref_count + 16u));
        {
            /* whether the move is the safest, and whether a free cell came first */
            uint32_t i, safe_here = 0, safest = 0, c;
            for (c = 0; c < ref_cells; c++) {
                uint32_t safe = 0;
                if (open >> c & 1u)
                    continue;
                for (i = 0; i < ref_count; i++)
                    safe += !(ref_layout[i] >> c & 1u);
                safest = safe > safest ? safe : safest;
                if (c == a[0].cell)
                    safe_here = safe;
            }
            free_first += safe_here == ref_count;
            guesses += safe_here < ref_count;
            not_safest += safe_here < safest;
            lost += best < (int)ref_count;
            /* one first move asked for: a random covered cell; it must win as
             * the reference says, unless a certain cell comes first (the
             * search then named one) or it is certain itself */
            c = rnd(ref_cells);
            if (!(open >> c & 1u)) {
                struct answer f = search_first(g, 7, 0, c);
                uint32_t safe = 0;
                for (i = 0; i < ref_count; i++)
                    safe += !(ref_layout[i] >> c & 1u);
                if (safe_here == ref_count || safe == 0 || safe == ref_count) {
                    CHECK_EQ_INT(f.err, SAP_ERR_ARG);
                } else if (CHECK_EQ_INT(f.err, SAP_OK)) {
                    CHECK_EQ_INT(f.cell, c);
                    CHECK_EQ_INT(f.wins, ref_move(every_layout(), open, c));
                    CHECK(f.wins <= a[0].wins);
                    firsts++;
                }
            }
        }
        free(block);
    }
    free(memo);
    fprintf(stderr,
            "  %d positions compared (%d a guess, %d not the safest cell, %d opening a safe "
            "cell first, %d not won for certain), %d first moves asked for\n",
            compared, guesses, not_safest, free_first, lost, firsts);
    CHECK(compared >= want[0]);
    CHECK(guesses >= want[1]);
    CHECK(not_safest >= want[2]);
}

/* 2 x 3 to 4 x 5. */
static void test_against_plain_search(void)
{
    static const int want[] = { 1000, 500, 100 };
    against_plain_search(3000, 2, 3, 22, 64, want);
}

/* 4 x 5 to 7 x 9 (at most 18 covered cells), played on to 4 to 12
 * mines among a few more covered cells: deeper trees, more numbers. */
static void test_against_plain_search_larger(void)
{
    static const int want[] = { 500, 100, 50 };
    against_plain_search(3000, 4, 5, 18, 64, want);
}

/* Sets the layout from rows of '*' and '_', then opens every cell marked
 * 'o' in `open` (rows of the same size). */
static sap_game *board(void **block, uint32_t rows, uint32_t cols, const char *mines,
                       const char *open)
{
    sap_game *g = new_game(block, rows, cols);
    uint32_t x;
    for (x = 0; x < rows * cols; x++)
        if (mines[x] == '*')
            sap_game_set_mine(g, x / cols, x % cols, true);
    for (x = 0; x < rows * cols; x++)
        if (open[x] == 'o' && sap_game_cell(g, x / cols, x % cols) == '_')
            sap_game_move(g, SAP_OP_LEFT, x / cols + 1, x % cols + 1);
    return g;
}

/* "1 1" over two covered cells, one a mine: no move tells them apart. */
static void test_fifty_fifty(void)
{
    void *block;
    sap_game *g = board(&block, 2, 2, "___*", "oo__");
    struct answer a = search(g, SAP_BUDGET_UNLIMITED, 0);
    CHECK_EQ_INT(a.err, SAP_OK);
    CHECK_EQ_INT(a.layouts, 2);
    CHECK_EQ_INT(a.wins, 1);
    CHECK(a.cell == 2 || a.cell == 3);
    free(block);
    /* two of them, one above the other: 1 of 4 */
    g = board(&block, 5, 2, "___*__*___", "oo__oo__oo");
    a = search(g, SAP_BUDGET_UNLIMITED, 0);
    CHECK_EQ_INT(sap_game_state(g), SAP_RUNNING);
    CHECK_EQ_INT(a.err, SAP_OK);
    CHECK_EQ_INT(a.layouts, 4);
    CHECK_EQ_INT(a.wins, 1);
    free(block);
}

/* Every covered cell certain: nothing to guess. */
static void test_certain_positions(void)
{
    void *block;
    sap_game *g = board(&block, 2, 2, "___*", "ooo_");
    struct answer a = search(g, SAP_BUDGET_UNLIMITED, 0);
    CHECK_EQ_INT(a.err, SAP_OK);
    CHECK_EQ_INT(a.cell, UINT32_MAX);
    free(block);
}

static void test_declines(void)
{
    void *block, *dblock, *eblock = malloc(SAP_ENDGAME_BYTES);
    sap_game *g;
    sap_deduce *d;
    struct sap_endgame *eg;
    struct answer a;
    size_t dbytes;
    uint32_t x;

    /* more layouts than the limit, at init: 10 mines in 64 covered cells */
    g = new_game(&block, 8, 8);
    for (x = 0; x < 10; x++)
        sap_game_set_mine(g, x % 8, x / 8 * 3, true);
    a = search(g, SAP_BUDGET_UNLIMITED, 0);
    CHECK_EQ_INT(a.err, SAP_ERR_SIZE);
    free(block);

    /* few layouts, but over 64 cells differ among them: the whole 9 x 9
     * board covered, one mine (81 layouts) */
    g = new_game(&block, 9, 9);
    sap_game_set_mine(g, 4, 4, true);
    a = search(g, SAP_BUDGET_UNLIMITED, 0);
    CHECK_EQ_INT(a.err, SAP_ERR_SIZE);
    free(block);
    /* 7 x 9 (63 cells, 63 layouts) fits: every cell alike, 1 in 63 a mine,
     * and whatever the search opens first wins 62 */
    g = new_game(&block, 7, 9);
    sap_game_set_mine(g, 3, 4, true);
    a = search(g, SAP_BUDGET_UNLIMITED, 0);
    CHECK_EQ_INT(a.err, SAP_OK);
    CHECK_EQ_INT(a.layouts, 63);
    CHECK_EQ_INT(a.wins, 62);

    /* the step limit: the same outcome at every budget, for every limit */
    {
        struct answer full = search(g, SAP_BUDGET_UNLIMITED, 0);
        uint32_t limit, gave_up = 0;
        for (limit = 1; limit <= full.steps + 1u; limit += 1u + limit / 16u) {
            struct answer one = search(g, 1, limit),
                          all = search(g, SAP_BUDGET_UNLIMITED, limit);
            CHECK_EQ_INT(one.err, all.err);
            CHECK_EQ_INT(one.steps, all.steps);
            if (limit > full.steps)
                CHECK_EQ_INT(all.err, SAP_OK);
            else if (limit <= full.steps / 2u) /* near the end, the last step may finish */
                CHECK_EQ_INT(all.err, SAP_ERR_SIZE);
            gave_up += all.err == SAP_ERR_SIZE;
        }
        CHECK(gave_up > 10);
    }
    free(block);

    /* a deduction not finished, or a what-if's: not for the search */
    g = board(&block, 2, 2, "___*", "oo__");
    dbytes = SAP_DEDUCE_BYTES(2, 2);
    dblock = malloc(dbytes);
    CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK);
    CHECK_EQ_INT(sap_endgame_init(&eg, eblock, SAP_ENDGAME_BYTES, g, d), SAP_ERR_STATE);
    sap_deduce_suppose(d, 2, 1);
    while (sap_deduce_step(d, 100) == SAP_MORE)
        continue;
    CHECK_EQ_INT(sap_endgame_init(&eg, eblock, SAP_ENDGAME_BYTES, g, d), SAP_ERR_STATE);
    CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK);
    while (sap_deduce_step(d, 100) == SAP_MORE)
        continue;
    CHECK_EQ_INT(sap_endgame_init(&eg, eblock, SAP_ENDGAME_BYTES - 1u, g, d), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_endgame_init(&eg, NULL, SAP_ENDGAME_BYTES, g, d), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_endgame_init(NULL, eblock, SAP_ENDGAME_BYTES, g, d), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_endgame_init(&eg, eblock, SAP_ENDGAME_BYTES, g, d), SAP_OK);
    CHECK_EQ_INT(sap_endgame_best(eg, &x, &x, &x), SAP_ERR_STATE); /* not yet */
    CHECK_EQ_INT(sap_endgame_step(NULL, 1), SAP_ERR_ARG);
    free(dblock);
    free(block);
    free(eblock);
}

int main(void)
{
    RUN_TEST(test_fifty_fifty);
    RUN_TEST(test_certain_positions);
    RUN_TEST(test_declines);
    RUN_TEST(test_against_plain_search);
    RUN_SLOW_TEST(test_against_plain_search_larger);
    return check_summary("test_endgame");
}
