/*
 * test_deduce_guess.c - HINT's guess (core/deduce_guess.c) against a
 * brute force.  On small positions from random games every layout of the
 * covered cells that fits the numbers and the mine count is listed; then
 * when HINT guesses:
 *   - the guess's odds are the brute force's, to the 0.1 % it is written
 *     in, and so are those of the safest cell it names when it is not it;
 *   - "N% likely to be safe and lead to a safe cell": the share of
 *     layouts in which the guess is safe and, among the layouts showing the
 *     same number there, some other covered cell is safe in all of them;
 *   - a 50/50 said to be forced is one: a neighbour with exactly one mine
 *     between the two in every layout, and every covered cell next to one
 *     of them and not the other a mine in every layout;
 *   - the same line and move at 1, 7 and unlimited steps a call.
 * Once as the build's HINT plays (most guesses on boards this small go to
 * the endgame search, whose win chances tests/test_deduce_endgame.c checks),
 * once without the search, so that the look-ahead weighs every guess.  And
 * on hand-built positions: a forced 50/50 is guessed at once, a 50/50 that a
 * move could resolve is not called forced.
 */
#include "check.h"
#include "deduce_hint.h" /* sap_hint_leave_out_endgame */
#include "sapper.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COVERED 18u
#define MAX_CELLS 36u

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    /* NOLINTNEXTLINE(clang-analyzer-core.DivideZero): n is at least 1 */
    return (uint32_t)(rng % n);
}

/* Every layout of the covered cells that fits what is seen: bit i of a
 * layout is covered[i]. */
struct layouts {
    uint32_t rows, cols, count, covered_count;
    uint32_t covered[MAX_COVERED];
    uint32_t *list;
};

static int seen(const sap_game *g, uint32_t x)
{
    char v = sap_game_cell(g, x / sap_game_cols(g), x % sap_game_cols(g));
    return v >= '0' && v <= '8' ? v - '0' : -1;
}

static bool adjacent(uint32_t cols, uint32_t a, uint32_t b)
{
    int dr = (int)(a / cols) - (int)(b / cols), dc = (int)(a % cols) - (int)(b % cols);
    return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

/* Lists the layouts; false when the position has too many covered cells. */
static bool list_layouts(const sap_game *g, struct layouts *l)
{
    uint32_t cells = sap_game_rows(g) * sap_game_cols(g), x, set, mines = sap_game_mines(g);
    l->rows = sap_game_rows(g);
    l->cols = sap_game_cols(g);
    l->covered_count = 0;
    l->count = 0;
    for (x = 0; x < cells; x++)
        if (seen(g, x) < 0) {
            if (l->covered_count == MAX_COVERED)
                return false;
            l->covered[l->covered_count++] = x;
        }
    l->list = malloc(sizeof *l->list << l->covered_count);
    if (l->list == NULL)
        abort();
    for (set = 0; set < (1u << l->covered_count); set++) {
        bool fits = (uint32_t)__builtin_popcount(set) == mines;
        for (x = 0; x < cells && fits; x++) {
            int n = seen(g, x), around = 0;
            uint32_t i;
            if (n < 0)
                continue;
            for (i = 0; i < l->covered_count; i++)
                around += (set >> i & 1u) && adjacent(l->cols, x, l->covered[i]);
            fits = around == n;
        }
        if (fits)
            l->list[l->count++] = set;
    }
    return true;
}

static uint32_t index_of(const struct layouts *l, uint32_t cell)
{
    uint32_t i;
    for (i = 0; i < l->covered_count && l->covered[i] != cell; i++)
        ;
    return i;
}

/* The number covered cell i would show in layout `set`. */
static uint32_t number_at(const struct layouts *l, uint32_t set, uint32_t i)
{
    uint32_t j, n = 0;
    for (j = 0; j < l->covered_count; j++)
        n += (set >> j & 1u) && adjacent(l->cols, l->covered[i], l->covered[j]);
    return n;
}

/* Mines at i over all layouts, in 0.1 % as HINT writes it. */
static uint32_t tenths(const struct layouts *l, uint32_t i)
{
    uint32_t k, mines = 0;
    for (k = 0; k < l->count; k++)
        mines += l->list[k] >> i & 1u;
    return (uint32_t)((1000.0 * mines / l->count) + 0.5);
}

/* Whether HINT's 0.1 % figure is i's odds: HINT rounds the engine's 0.01 %
 * figure, so a true value within 0.005 % of a rounding edge may go either
 * way. */
static bool odds_match(const struct layouts *l, uint32_t i, uint32_t written)
{
    uint32_t k, mines = 0;
    double exact;
    for (k = 0; k < l->count; k++)
        mines += l->list[k] >> i & 1u;
    exact = 1000.0 * mines / l->count;
    return written == tenths(l, i)
           || (exact - (double)(uint32_t)exact > 0.45 && exact - (double)(uint32_t)exact < 0.55
               && (written == (uint32_t)exact || written == (uint32_t)exact + 1u));
}

/* Percent of layouts in which i is safe and, among those showing the same
 * number at i, some other covered cell is safe in all (or every other one
 * is a mine in all: the game is won). */
static double progress(const struct layouts *l, uint32_t i)
{
    uint32_t n, k, j, with = 0, all = (uint32_t)((1ull << l->covered_count) - 1u);
    for (n = 0; n <= 8; n++) {
        uint32_t group = 0, mine_seen = 0, safe_seen = 0;
        for (k = 0; k < l->count; k++)
            if (!(l->list[k] >> i & 1u) && number_at(l, l->list[k], i) == n) {
                group++;
                mine_seen |= l->list[k];
                safe_seen |= ~l->list[k] & all;
            }
        if (group > 0 && (safe_seen & ~(1u << i)) == 0) {
            with += group; /* won */
            continue;
        }
        for (j = 0; j < l->covered_count && group > 0; j++)
            if (j != i && !(mine_seen >> j & 1u)) {
                with += group;
                break;
            }
    }
    return 100.0 * with / l->count;
}

/* A forced 50/50 at i: a neighbour with exactly one mine of the two in
 * every layout, and every cell next to one of them only covered and a mine
 * in every layout. */
static bool forced_half(const struct layouts *l, uint32_t i)
{
    uint32_t j, k, x, cells = l->rows * l->cols;
    for (j = 0; j < l->covered_count; j++) {
        bool ok = adjacent(l->cols, l->covered[i], l->covered[j]);
        for (k = 0; k < l->count && ok; k++)
            ok = ((l->list[k] >> i) ^ (l->list[k] >> j)) & 1u;
        for (x = 0; x < cells && ok; x++) {
            uint32_t c = index_of(l, x);
            if (x == l->covered[i] || x == l->covered[j]
                || adjacent(l->cols, x, l->covered[i]) == adjacent(l->cols, x, l->covered[j]))
                continue;
            ok = c < l->covered_count; /* not an opened number */
            for (k = 0; k < l->count && ok; k++)
                ok = l->list[k] >> c & 1u;
        }
        if (ok)
            return true;
    }
    return false;
}

/* With the endgame search (the build's HINT) or without it (the
 * look-ahead, which the search would otherwise take over on boards this
 * small). */
static bool with_endgame = true;

/* HINT's line and move with `budget` steps a call. */
static int hint(const sap_game *g, uint32_t budget, char *line, uint32_t *row, uint32_t *col)
{
    static unsigned char block[SAP_HINT_BYTES(14, 6)] __attribute__((aligned(8)));
    sap_hint *h;
    int err;
    line[0] = '\0';
    *row = *col = 0;
    if (!CHECK_EQ_INT(sap_hint_init(&h, block, sizeof block, g), SAP_OK))
        return -1;
    if (!with_endgame)
        sap_hint_leave_out_endgame(h);
    while ((err = sap_hint_step(h, budget)) == SAP_MORE)
        continue;
    if (err != SAP_OK)
        return err;
    line[sap_hint_line(h, line, SAP_REPLY_MAX)] = '\0';
    return sap_hint_move(h, row, col);
}

/* One GUESS line checked against the layouts. */
static void check_guess(const struct layouts *l, const char *line, uint32_t row, uint32_t col,
                        unsigned *forced, unsigned *riskier, unsigned *searched)
{
    unsigned x, y, whole, tenth, percent, safest_whole, safest_tenth, k, min = 1001, min_at = 0;
    uint32_t i = index_of(l, row * l->cols + col);
    const char *at;
    if (!CHECK(sscanf(line, "GUESS %u %u %u.%u%%", &x, &y, &whole, &tenth) == 4)
        || !CHECK(i < l->covered_count))
        return;
    CHECK(x == row + 1 && y == col + 1);
    CHECK(odds_match(l, i, whole * 10 + tenth));
    for (k = 0; k < l->covered_count; k++)
        if (tenths(l, k) < 1000 && tenths(l, k) < min) {
            min = tenths(l, k);
            min_at = k;
        }
    if (strstr(line, "searching every way the game can go") != NULL) {
        ++*searched; /* its win chance: tests/test_deduce_endgame.c */
        return;
    }
    if (strstr(line, "a 50/50 that no move can ever resolve") != NULL) {
        CHECK(forced_half(l, i));
        ++*forced;
        return;
    }
    at = strstr(line, "riskier than the safest (");
    if (at != NULL) {
        CHECK(sscanf(at, "riskier than the safest (%u.%u%%)", &safest_whole, &safest_tenth)
              == 2);
        CHECK(odds_match(l, min_at, safest_whole * 10 + safest_tenth));
        CHECK(whole * 10 + tenth >= min);
        ++*riskier;
    } else {
        CHECK(odds_match(l, min_at, whole * 10 + tenth));
    }
    at = strstr(line, ", but ");
    if (at == NULL)
        at = strstr(line, ", and ");
    if (at != NULL
        && CHECK(sscanf(at + 6, "%u%% likely to be safe and lead to a safe cell", &percent)
                 == 1)) {
        double want = progress(l, i);
        if (!CHECK(percent + 1.0 > want && percent < want + 1.0))
            fprintf(stderr, "  %s: brute force %.2f%%\n", line, want);
    }
}

/* Random small games played by HINT's own moves; every guess checked. */
static void test_guesses_against_brute_force(void)
{
    unsigned game, guesses = 0, forced = 0, riskier = 0, searched = 0;
    for (game = 0; game < 1500; game++) {
        uint32_t rows = 3 + rnd(4), cols = 3 + rnd(4), cells = rows * cols;
        uint32_t mines = 1 + rnd(cells / 3), row, col;
        unsigned char gblock[SAP_GAME_BYTES(6, 6)] __attribute__((aligned(8)));
        sap_game *g;
        sap_game_init(&g, gblock, sizeof gblock, rows, cols);
        sap_game_set_random(g, mines, game);
        sap_game_move(g, SAP_OP_LEFT, 1 + rnd(rows), 1 + rnd(cols));
        while (sap_game_state(g) == SAP_RUNNING) {
            char line[SAP_REPLY_MAX + 1], again[SAP_REPLY_MAX + 1];
            uint32_t r2 = 0, c2 = 0;
            int op;
            row = col = 0;
            op = hint(g, SAP_BUDGET_UNLIMITED, line, &row, &col);
            struct layouts l;
            if (!CHECK(op > 0))
                break;
            if (strncmp(line, "GUESS ", 6) == 0 && list_layouts(g, &l)) {
                check_guess(&l, line, row, col, &forced, &riskier, &searched);
                CHECK_EQ_INT(hint(g, 1, again, &r2, &c2), op);
                CHECK_EQ_STR(again, line);
                CHECK_EQ_INT(hint(g, 7, again, &r2, &c2), op);
                CHECK(r2 == row && c2 == col);
                free(l.list);
                guesses++;
            }
            sap_game_move(g, op, row + 1, col + 1);
        }
    }
    printf("  %s: %u guesses checked (%u by the endgame search, %u riskier than the "
           "safest, %u forced 50/50s)\n",
           with_endgame ? "HINT" : "HINT without the endgame search", guesses, searched,
           riskier, forced);
    CHECK(guesses > 500);
    CHECK(with_endgame ? searched > guesses / 2 : searched == 0 && riskier > 0 && forced > 0);
}

static void test_look_ahead_against_brute_force(void)
{
    with_endgame = false;
    test_guesses_against_brute_force();
    with_endgame = true;
}

/* Plays the board (rows of * and _) from a click; HINT's line after it. */
static void line_after(const char *const *board, uint32_t rows, uint32_t row, uint32_t col,
                       char *line)
{
    unsigned char gblock[SAP_GAME_BYTES(14, 6)] __attribute__((aligned(8)));
    uint32_t cols = (uint32_t)strlen(board[0]), r, c, hr, hc;
    sap_game *g;
    sap_game_init(&g, gblock, sizeof gblock, rows, cols);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            sap_game_set_mine(g, r, c, board[r][c] == '*');
    sap_game_move(g, SAP_OP_LEFT, row, col);
    hint(g, SAP_BUDGET_UNLIMITED, line, &hr, &hc);
}

static void test_hand_built_halves(void)
{
    /* the same pair above a deep interior: too many layouts for the
     * search (2 x 2 x 3003), so the look-ahead finds the 50/50 */
    static const char *const deep[] = { "*_", "__", "__", "__", "__", "__", "*_",
                                        "_*", "*_", "_*", "*_", "_*", "*_", "__" };
    /* two cells under a row of 1s: nothing can tell them apart */
    static const char *const forced[] = { "*_", "__", "__" };
    /* the same pair, but (1, 3) next to one of them can be opened */
    static const char *const open[] = { "*__", "___", "___", "_**" };
    char line[SAP_REPLY_MAX + 1];
    line_after(deep, 14, 3, 1, line);
    CHECK_EQ_STR(line, "GUESS 1 1 50.0%: a 50/50 that no move can ever resolve: guess it now");
    with_endgame = false;
    line_after(forced, 3, 3, 1, line);
    CHECK_EQ_STR(line, "GUESS 1 1 50.0%: a 50/50 that no move can ever resolve: guess it now");
    line_after(open, 4, 2, 3, line);
    CHECK(strstr(line, "50/50") == NULL);
    with_endgame = true;
}

int main(void)
{
    RUN_TEST(test_guesses_against_brute_force);
    RUN_TEST(test_look_ahead_against_brute_force);
    RUN_TEST(test_hand_built_halves);
    return check_summary("test_deduce_guess");
}
