/*
 * test_hint.c - HINT's guess (core/hint.c) against a
 * brute force.  On small positions from random games every layout of the
 * covered cells that fits the numbers and the mine count is listed; then
 * when HINT guesses:
 *   - the guess's odds are the brute force's, to the 0.1 % it is written
 *     in, and so are those of the safest cell it names when it is not it;
 *   - "N% likely to be safe along with the next move" (the guess's and,
 *     after "against", the safest cell's): over the layouts in which the
 *     guess is safe, grouped by the number it shows, those with a cell
 *     safe in the whole group that has a neighbour unsure in it, and of
 *     the others the share in which the group's safest cell is safe;
 *   - a safest cell said to "show a known number" can show only one;
 *   - "N% likely to be safe with the next two moves" (the deeper look's):
 *     the same, with each such group's next move valued as a guess is,
 *     the best of its HINT_NEXT safest cells by their own survival there;
 *   - without the search, the cell named survives its guess and the next
 *     move at least as often as every other cell HINT weighs (all the
 *     cells within its tolerance of the safest, where no more are than it
 *     keeps), and is dead only if all of them are; where two or more are
 *     within HINT_DEEP_GATE of the best, the deeper look weighs them and
 *     the safest again, says so, and names one that survives its guess
 *     and the two moves after it as often as any of them;
 *   - a 50/50 to come is one: in every layout with a mine at the cell
 *     named, the neighbour named is safe, and every cell next to one of
 *     them and not the other is covered and a mine;
 *   - the deduction with two cells assumed mines or safe
 *     (sap_deduce_assume) counts the brute force's layouts with them so:
 *     none exactly when there are none, else the same share;
 *   - the same line and move at 1, 7 and unlimited steps a call, and on
 *     a position whose deeper look passes its cap, at every budget from 1
 *     to 64 steps a call, where the deduction's work is the same too.
 * Once as the build's HINT plays (most guesses on boards this small go to
 * the endgame search, whose win chances tests/test_endgame.c checks),
 * once without the search, so that the look-ahead weighs every guess.  And
 * on hand-built positions: a forced 50/50 is guessed at once, a 50/50 that a
 * move could resolve is not named.
 */
#include "check.h"
#include "hint.h" /* sap_hint_leave_out_endgame, HINT_TOLERANCE */
#include "sapper.h"
#include "lib/brute_layouts.h"
#include "lib/xorshift.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

/* The layouts with covered cell a a mine (or safe) and b a mine (or safe),
 * against the deduction's total with those cells assumed so: none exactly
 * when the brute force has none, else the same share of the position's. */
static bool check_assumed(const sap_game *g, const struct brute_layouts *l, uint32_t a,
                          bool a_mine, uint32_t b, bool b_mine)
{
    static unsigned char block[SAP_DEDUCE_BYTES(6, 6)] __attribute__((aligned(8)));
    struct sap_weight whole;
    uint32_t k, fit = 0, i = brute_index_of(l, a), j = brute_index_of(l, b);
    double share;
    sap_deduce *d;
    int err;
    for (k = 0; k < l->count; k++)
        fit += (bool)(l->list[k] >> i & 1u) == a_mine && (bool)(l->list[k] >> j & 1u) == b_mine;
    sap_deduce_init(&d, block, sizeof block, g);
    while ((err = sap_deduce_step(d, 7)) == SAP_MORE)
        continue;
    if (!CHECK_EQ_INT(err, SAP_OK))
        return false;
    whole = d->total;
    sap_deduce_init(&d, block, sizeof block, g);
    sap_deduce_assume(d, a, a_mine);
    sap_deduce_assume(d, b, b_mine);
    while ((err = sap_deduce_step(d, 7)) == SAP_MORE)
        continue;
    if (fit == 0)
        return CHECK_EQ_INT(err, SAP_ERR_STATE);
    share = (double)fit * 1e6 / l->count; /* to one part in a million */
    return CHECK_EQ_INT(err, SAP_OK)
           && CHECK(fabs(sap_weight_ratio(d->total, whole, 1000000u) - share) <= 1.0);
}

/* Choices the deeper look made, checked so far. */
static unsigned deeper_choices;

/* The living candidates whose survival is within HINT_DEEP_GATE of the
 * best (UINT32_MAX: one lies so near that edge that HINT's rounding could
 * take it either way). */
static uint32_t close_ones(const struct brute_layouts *l, const bool *in,
                           const uint32_t *outcomes, const double *score, double best)
{
    uint32_t i, close = 0;
    double edge = best - HINT_DEEP_GATE / 10000.0;
    for (i = 0; i < l->covered_count; i++) {
        if (!in[i] || outcomes[i] < 2u)
            continue;
        if (brute_near(score[i], edge))
            return UINT32_MAX;
        close += score[i] >= edge;
    }
    return close;
}

/* The deeper look's choice against the brute force: HINT weighs again the
 * best HINT_DEEP - 1 close candidates and the safest, says so ("with the
 * next two moves"), and names one that survives its guess and the two
 * moves after it as often as any of them.  False (not checked) where
 * ties or edges leave which cells it weighs to HINT's rounding. */
static bool check_deeper(const struct brute_layouts *l, const bool *in,
                         const uint32_t *outcomes, const double *score, double best,
                         uint32_t chosen, const char *line)
{
    uint32_t i, taken = 0, set[HINT_DEEP] = { 0 }, least = UINT32_MAX, safest = 0, ties = 0;
    double edge = best - HINT_DEEP_GATE / 10000.0, top = -1, deeper[HINT_DEEP];
    bool unsure_edge = false, chosen_in = false;
    CHECK(strstr(line, "with the next two moves") != NULL);
    while (taken < HINT_DEEP) { /* the close ones, best first, and one more */
        uint32_t pick = UINT32_MAX, k;
        for (i = 0; i < l->covered_count; i++) {
            bool had = false;
            for (k = 0; k < taken; k++)
                had |= set[k] == i;
            if (!had && in[i] && outcomes[i] > 1u && score[i] >= edge
                && (pick == UINT32_MAX || score[i] > score[pick]))
                pick = i;
        }
        if (pick == UINT32_MAX)
            break;
        set[taken++] = pick;
    }
    if (taken == HINT_DEEP) { /* more than HINT_DEEP - 1 close: the last is cut */
        if (brute_near(score[set[HINT_DEEP - 2u]], score[set[HINT_DEEP - 1u]]))
            return false; /* which are kept is rounding's, or the scan's order */
        taken--;
    }
    for (i = 0; i < l->covered_count; i++) /* the safest, if living */
        if (in[i] && brute_mines_at(l, i) < least) {
            least = brute_mines_at(l, i);
            safest = i;
        }
    for (i = 0; i < l->covered_count; i++)
        ties += in[i] && brute_mines_at(l, i) == least;
    if (ties > 1u) { /* which of them is the safest is the scan's: each weighed already */
        for (i = 0; i < l->covered_count; i++) {
            uint32_t k;
            bool had = false;
            for (k = 0; k < taken; k++)
                had |= set[k] == i;
            if (in[i] && brute_mines_at(l, i) == least && !had && outcomes[i] > 1u)
                return false;
        }
    } else if (outcomes[safest] > 1u) {
        bool had = false;
        for (i = 0; i < taken; i++)
            had |= set[i] == safest;
        if (!had)
            set[taken++] = safest;
    }
    for (i = 0; i < taken; i++) {
        deeper[i] = brute_survive_deeper(l, set[i], &unsure_edge);
        top = deeper[i] > top ? deeper[i] : top;
        chosen_in |= set[i] == chosen;
    }
    if (unsure_edge)
        return false;
    deeper_choices++;
    if (!CHECK(chosen_in))
        return true;
    for (i = 0; i < taken; i++)
        if (set[i] == chosen && !CHECK(deeper[i] > top - 0.002))
            fprintf(stderr, "  %s: survives two moves %.4f, the best %.4f\n", line, deeper[i],
                    top);
    return true;
}

/* The look-ahead's choice against the brute force: of the cells within
 * HINT_TOLERANCE of the safest (the living ones, when there are any: a
 * dead cell is named only if all are), none survives the guess and the
 * move after it more often.
 * Positions whose candidates HINT would cut (more than it keeps), with a
 * cell at 50 % (weighed apart, for a 50/50) or near the tolerance's edge
 * are left out.  Returns whether the position was checked. */
static bool check_choice(const struct brute_layouts *l, const sap_game *g, uint32_t row,
                         uint32_t col, const char *line)
{
    uint32_t i, frontier = 0, interior = 0, outcomes[BRUTE_MAX_COVERED], min = UINT32_MAX;
    uint32_t chosen = brute_index_of(l, row * l->cols + col), close;
    double odds[BRUTE_MAX_COVERED], score[BRUTE_MAX_COVERED], best = -1, safest;
    bool in[BRUTE_MAX_COVERED], living = false;
    for (i = 0; i < l->covered_count; i++) {
        uint32_t mines = brute_mines_at(l, i);
        odds[i] = (double)mines / l->count;
        if (mines * 2u == l->count)
            return false;
        if (mines > 0 && mines < l->count)
            min = mines < min ? mines : min;
    }
    if (min == UINT32_MAX || chosen >= l->covered_count)
        return false;
    safest = 1 - (double)min / l->count;
    for (i = 0; i < l->covered_count; i++) {
        double edge = safest * (1 - HINT_TOLERANCE / 10000.0);
        in[i] = odds[i] > 0 && odds[i] < 1 && 1 - odds[i] >= edge;
        if (odds[i] > 0 && odds[i] < 1 && 1 - odds[i] > edge - 0.001
            && 1 - odds[i] < edge + 0.001 && odds[i] * l->count != min)
            return false;
        if (!in[i])
            continue;
        if (brute_on_frontier(l, g, i))
            frontier++;
        else
            interior++;
        score[i] = brute_survive(l, i, &outcomes[i]);
        living |= outcomes[i] > 1u;
    }
    if (frontier > HINT_FRONTIER_CANDIDATES || interior > HINT_INTERIOR_CANDIDATES)
        return false;
    if (!CHECK(in[chosen]))
        return true; /* its score is not counted */
    if (living)
        CHECK(outcomes[chosen] > 1u);
    for (i = 0; i < l->covered_count; i++)
        if (in[i] && (!living || outcomes[i] > 1u) && score[i] > best)
            best = score[i];
    close = living ? close_ones(l, in, outcomes, score, best) : 0;
    if (close == UINT32_MAX)
        return false;
    if (close >= 2u)
        return check_deeper(l, in, outcomes, score, best, chosen, line);
    CHECK(strstr(line, "with the next two moves") == NULL);
    if (!CHECK(score[chosen] > best - 0.002))
        fprintf(stderr, "  (%u, %u) survives %.4f, the best %.4f\n", row + 1, col + 1,
                score[chosen], best);
    return true;
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
    line[sap_hint_text_line(h, line, SAP_REPLY_MAX)] = '\0';
    return sap_hint_move(h, row, col);
}

/* Whether a cell as safe as covered cell `safest` (the same mines over the
 * layouts) can show `outcomes` numbers only (0: any) and, when `percent` is
 * not -1, survives its guess and the next move that often (to 1 %). */
static bool safest_like(const struct brute_layouts *l, uint32_t safest, uint32_t outcomes,
                        int percent, bool deeper)
{
    uint32_t i, want = brute_mines_at(l, safest);
    for (i = 0; i < l->covered_count; i++) {
        uint32_t n;
        double s;
        bool unsure_edge = false;
        if (brute_mines_at(l, i) != want)
            continue;
        s = 100.0 * brute_survive(l, i, &n);
        if (deeper)
            s = 100.0 * brute_survive_deeper(l, i, &unsure_edge);
        if (unsure_edge)
            return true; /* not to be checked */
        if ((outcomes == 0 || n == outcomes)
            && (percent < 0 || (percent + 1.0 > s && percent < s + 1.0)))
            return true;
    }
    return false;
}

/* "N% likely to be safe along with the next move" at text, of covered
 * cell i, against the brute force. */
static void check_survival(const struct brute_layouts *l, uint32_t i, const char *text,
                           const char *line)
{
    unsigned percent, outcomes;
    int end = 0;
    bool unsure_edge = false, deeper = strstr(text, "with the next two moves") != NULL;
    double want = 100.0 * brute_survive(l, i, &outcomes);
    if (deeper) {
        want = 100.0 * brute_survive_deeper(l, i, &unsure_edge);
        CHECK(sscanf(text, "%u%% likely to be safe with the next two moves%n", &percent, &end)
              == 1);
    } else {
        CHECK(sscanf(text, "%u%% likely to be safe along with the next move%n", &percent, &end)
              == 1);
    }
    if (CHECK(end > 0) && !unsure_edge && !CHECK(percent + 1.0 > want && percent < want + 1.0))
        fprintf(stderr, "  %s: brute force %.2f%%\n", line, want);
}

/* Guesses named beside a dead safest cell, so far. */
static unsigned dead_safest;

/* One GUESS line checked against the layouts. */
static void check_guess(const struct brute_layouts *l, const char *line, uint32_t row,
                        uint32_t col, unsigned *forced, unsigned *riskier, unsigned *searched)
{
    unsigned x, y, whole, tenth, safest_whole, safest_tenth, k, min = 1001, min_at = 0;
    uint32_t i = brute_index_of(l, row * l->cols + col);
    const char *at;
    if (!CHECK(sscanf(line, "GUESS %u %u %u.%u%%", &x, &y, &whole, &tenth) == 4)
        || !CHECK(i < l->covered_count))
        return;
    CHECK(x == row + 1 && y == col + 1);
    CHECK(brute_odds_match(l, i, whole * 10 + tenth));
    for (k = 0; k < l->covered_count; k++)
        if (brute_tenths(l, k) < 1000 && brute_tenths(l, k) < min) {
            min = brute_tenths(l, k);
            min_at = k;
        }
    if (strstr(line, "searching every way the game can go") != NULL) {
        ++*searched; /* its win chance: tests/test_endgame.c */
        return;
    }
    at = strstr(line, "%: if it is a mine, it and ");
    if (at != NULL) {
        unsigned pr, pc;
        CHECK(sscanf(at,
                     "%%: if it is a mine, it and %u %u are a 50/50 no move can ever "
                     "resolve: guess it now",
                     &pr, &pc)
              == 2);
        CHECK(brute_fifty_to_come(l, i, brute_index_of(l, (pr - 1) * l->cols + pc - 1)));
        ++*forced;
        return;
    }
    at = strstr(line, "%: the safest (");
    if (at != NULL) { /* the safest is dead: it can show one number only */
        CHECK(sscanf(at, "%%: the safest (%u.%u%%) would show a known number", &safest_whole,
                     &safest_tenth)
              == 2);
        CHECK(brute_odds_match(l, min_at, safest_whole * 10 + safest_tenth));
        CHECK(whole * 10 + tenth >= min);
        CHECK(safest_like(l, min_at, 1u, -1, false));
        ++*riskier;
        dead_safest++;
        at = strstr(line, "; ");
        if (at != NULL)
            check_survival(l, i, at + 2, line);
        return;
    }
    at = strstr(line, "riskier than the safest (");
    if (at != NULL) {
        unsigned against;
        CHECK(sscanf(at, "riskier than the safest (%u.%u%%)", &safest_whole, &safest_tenth)
              == 2);
        CHECK(brute_odds_match(l, min_at, safest_whole * 10 + safest_tenth));
        CHECK(whole * 10 + tenth >= min);
        ++*riskier;
        at = strstr(line, ", against ");
        if (at != NULL && CHECK(sscanf(at, ", against %u%%", &against) == 1))
            CHECK(safest_like(l, min_at, 0, (int)against,
                              strstr(line, "with the next two moves") != NULL));
        at = strstr(line, ", but ");
        if (CHECK(at != NULL))
            check_survival(l, i, at + 6, line);
        return;
    }
    CHECK(brute_odds_match(l, min_at, whole * 10 + tenth));
    at = strstr(line, "this is the safest, ");
    if (at != NULL)
        check_survival(l, i, at + 20, line);
}

/* Random small games played by HINT's own moves; every guess checked. */
static void test_guesses_against_brute_force(void)
{
    unsigned game, guesses = 0, forced = 0, riskier = 0, searched = 0, choices = 0, assumed = 0;
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
            struct brute_layouts l;
            if (!CHECK(op > 0))
                break;
            if (strncmp(line, "GUESS ", 6) == 0 && brute_layouts_list(g, &l)) {
                check_guess(&l, line, row, col, &forced, &riskier, &searched);
                if (l.covered_count > 1) { /* a pair of cells assumed, chosen by the count */
                    uint32_t i = guesses % l.covered_count;
                    uint32_t j = (i + 1 + guesses / 4 % (l.covered_count - 1))
                                 % l.covered_count;
                    assumed += check_assumed(g, &l, l.covered[i], guesses & 1u, l.covered[j],
                                             guesses & 2u);
                }
                if (!with_endgame && strstr(line, "50/50") == NULL)
                    choices += check_choice(&l, g, row, col, line);
                CHECK_EQ_INT(hint(g, 1, again, &r2, &c2), op);
                CHECK_EQ_STR(again, line);
                CHECK_EQ_INT(hint(g, 7, again, &r2, &c2), op);
                CHECK(r2 == row && c2 == col);
                brute_layouts_free(&l);
                guesses++;
            }
            sap_game_move(g, op, row + 1, col + 1);
        }
    }
    printf("  %s: %u guesses checked (%u by the endgame search, %u riskier than the "
           "safest, %u of them beside a dead safest, %u 50/50s to come, %u choices against "
           "every candidate's, %u of them the deeper look's; %u counts with two cells "
           "assumed)\n",
           with_endgame ? "HINT" : "HINT without the endgame search", guesses, searched,
           riskier, dead_safest, forced, choices, deeper_choices, assumed);
    CHECK(guesses > 500 && assumed == guesses);
    CHECK(with_endgame ? searched > guesses / 2
                       : searched == 0 && riskier > 0 && dead_safest > 0 && forced > 0
                             && choices > guesses / 8 && deeper_choices > 10);
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
    CHECK_EQ_STR(
        line,
        "GUESS 1 1 50.0%: if it is a mine, it and 1 2 are a 50/50 no move can ever resolve: "
        "guess it now");
    with_endgame = false;
    line_after(forced, 3, 3, 1, line);
    CHECK_EQ_STR(
        line,
        "GUESS 1 1 50.0%: if it is a mine, it and 1 2 are a 50/50 no move can ever resolve: "
        "guess it now");
    line_after(open, 4, 2, 3, line);
    CHECK(strstr(line, "50/50") == NULL);
    with_endgame = true;
}

/* A unit of the deduction's work dearer than a call's budget (a binomial
 * step is 32 steps) is done whole: the steps that decide where a
 * deduction gives up and where HINT's look-ahead ends count it in full
 * (d->work), whatever the budget.  Here (a fuzzer's position: 16 x 16,
 * 143 mines, two 3s shown) the deeper look passes its cap; when each
 * call's last unit was charged only the budget left, budgets under 32 and
 * from 33 to 63 counted fewer steps, finished the deeper look and named
 * another cell. */
static void test_sliced_budgets(void)
{
    static const char *const board[] = {
        "*__***_*****_*__", "_***_*__**___***", "*_*_____**_**_*_", "****___******___",
        "_**_****__*__*_*", "____**_**___*_**", "**_______*_***__", "*_*_*__****_***_",
        "**__*_*_**_*****", "*__*_****___*_**", "__**__******_***", "__*____***__**_*",
        "*_*_*****__**___", "_*__*_**_**_***_", "_***__*_****_*_*", "_****__*__*__***"
    };
    static unsigned char gblock[SAP_GAME_BYTES(16, 16)] __attribute__((aligned(8)));
    static unsigned char hblock[SAP_HINT_BYTES(16, 16)] __attribute__((aligned(8)));
    static unsigned char dblock[SAP_DEDUCE_BYTES(16, 16)] __attribute__((aligned(8)));
    char want[SAP_REPLY_MAX + 1], line[SAP_REPLY_MAX + 1];
    uint32_t r, c, budget, work[2] = { 0, 0 }, differ = 0, worked_else = 0;
    sap_game *g;
    sap_game_init(&g, gblock, sizeof gblock, 16, 16);
    for (r = 0; r < 16; r++)
        for (c = 0; c < 16; c++)
            sap_game_set_mine(g, r, c, board[r][c] == '*');
    sap_game_move(g, SAP_OP_LEFT, 1, 2);
    sap_game_move(g, SAP_OP_LEFT, 9, 3);
    for (budget = 0; budget <= 64; budget++) {
        uint32_t calls = budget == 0 ? SAP_BUDGET_UNLIMITED : budget, k;
        sap_hint *h;
        int err;
        if (!CHECK_EQ_INT(sap_hint_init(&h, hblock, sizeof hblock, g), SAP_OK))
            return;
        while ((err = sap_hint_step(h, calls)) == SAP_MORE)
            continue;
        CHECK_EQ_INT(err, SAP_OK);
        line[sap_hint_text_line(h, line, SAP_REPLY_MAX)] = '\0';
        if (budget == 0)
            memcpy(want, line, sizeof want);
        differ += strcmp(line, want) != 0;
        /* the what-ifs of the two cells HINT chose between, each number */
        for (k = 0; k < 2; k++) {
            uint32_t number, sum = 0;
            for (number = 0; number <= 8; number++) {
                sap_deduce *d;
                uint32_t w0;
                sap_deduce_init(&d, dblock, sizeof dblock, g);
                sap_deduce_suppose(d, k == 0 ? 7u * 16u + 2u : 8u * 16u + 1u, (uint8_t)number);
                w0 = d->work;
                do {
                    uint32_t left = calls;
                    err = sap_deduce_spend(d, &left);
                } while (err == SAP_MORE);
                sum += d->work - w0;
            }
            if (budget == 0)
                work[k] = sum;
            worked_else += sum != work[k];
        }
    }
    /* the look-ahead's choice: the deeper look passes its cap */
    CHECK(strstr(want, "GUESS 8 3 ") == want);
    CHECK_EQ_INT(differ, 0);
    CHECK_EQ_INT(worked_else, 0);
    CHECK(work[0] > 0 && work[1] > 0);
}

int main(void)
{
    RUN_TEST(test_guesses_against_brute_force);
    RUN_TEST(test_look_ahead_against_brute_force);
    RUN_TEST(test_hand_built_halves);
    RUN_TEST(test_sliced_budgets);
    return check_summary("test_hint");
}
