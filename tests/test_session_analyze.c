/*
 * test_session_analyze.c - ANALYZE, CELL and MINES: a position typed in
 * as a person sees it.
 *
 *  - Games stopped at random points (expert boards, and one 1000 x 1000
 *    board): their SHOW rows, their VIEW rows (row numbers and all) and
 *    the same glyphs without spaces, each typed into ANALYZE in another
 *    session, give the game's own PROB and HINT, byte for byte.
 *  - Small random positions against the brute force: every layout of the
 *    mine count that fits the numbers is listed; PROB's odds are theirs
 *    (to the percent), HINT's SAFE cell is clear in all of them and its
 *    MINE a mine in all.
 *  - A position built by CELL and MINES equals the same position typed
 *    whole.
 *  - Positions no layout fits, found at a cell or only by the count, get
 *    one ERR and change nothing (the game before is still the game); so
 *    do an edit that breaks a position, and every mistake of form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "lib/text.h"

static char reply[1 << 23];

struct player {
    struct session_memory m;
    struct sap_session s;
};

static void player_start(struct player *p)
{
    session_memory_init(&p->m);
    sap_session_init(&p->s, &p->m.memory);
}

static void player_end(struct player *p)
{
    sap_session_release(&p->s);
    CHECK_EQ_INT(p->m.held[0] + p->m.held[1], 0);
}

/* The whole reply to `request` (a malloc'd copy). */
static char *ask(struct player *p, const char *request)
{
    const char *r = session_ask(&p->s, request, reply, sizeof reply);
    char *copy = malloc(strlen(r) + 1);
    if (copy != NULL)
        memcpy(copy, r, strlen(r) + 1);
    return copy;
}

/* ANALYZE's lines from a game's SHOW (rows of cells and spaces) in three
 * forms: as SHOW writes them (0), without the spaces (1), and VIEW's rows
 * (2: the row number right-aligned, '#' for '_', '.' for '0'). */
static char *analyze_from_show(const char *show, unsigned rows, unsigned cols, unsigned mines,
                               int form)
{
    struct text t = { NULL, 0, 0 };
    const char *line = show;
    unsigned row;
    int margin = rows >= 1000 ? 4 : rows >= 100 ? 3 : rows >= 10 ? 2 : 1;
    text_printf(&t, "ANALYZE %u %u %u\n", rows, cols, mines);
    for (row = 0; row < rows; row++) {
        const char *end = strchr(line, '\n');
        size_t k;
        if (end == NULL)
            break;
        if (form == 2)
            text_printf(&t, "%*u", margin, row + 1);
        for (k = 0; line + k < end; k++) {
            char c = line[k];
            if (c == ' ' && form == 1)
                continue;
            if (form == 2 && k % 2 == 0) {
                text_add(&t, " ", 1);
                c = c == '_' ? '#' : c == '0' ? '.' : c;
            }
            if (c != ' ' || form != 2)
                text_add(&t, &c, 1);
        }
        text_add(&t, "\n", 1);
        line = end + 1;
    }
    return t.bytes;
}

/* The game's PROB and HINT at a random point against the position's. */
static void compare_at(struct player *game, unsigned rows, unsigned cols, unsigned mines)
{
    char *show = ask(game, "SHOW\n"), *prob = ask(game, "PROB\n"), *hint = ask(game, "HINT\n");
    int form;
    for (form = 0; form < 3; form++) {
        struct player typed;
        char *request = analyze_from_show(show, rows, cols, mines, form), *r;
        player_start(&typed);
        r = ask(&typed, request);
        if (!CHECK_EQ_STR(r, "OK\n"))
            fprintf(stderr, "    form %d\n", form);
        free(r);
        r = ask(&typed, "SHOW\n");
        CHECK_EQ_STR(r, show);
        free(r);
        r = ask(&typed, "PROB\n");
        if (!CHECK(strcmp(r, prob) == 0))
            fprintf(stderr, "    form %d: PROB differs\n", form);
        free(r);
        r = ask(&typed, "HINT\n");
        if (!CHECK_EQ_STR(r, hint))
            fprintf(stderr, "    form %d\n", form);
        free(r);
        player_end(&typed);
        free(request);
    }
    free(show);
    free(prob);
    free(hint);
}

static void test_games_typed_back(void)
{
    unsigned seed, compared = 0;
    for (seed = 1; seed <= 24; seed++) {
        struct player game;
        char request[64], *r;
        player_start(&game);
        snprintf(request, sizeof request, "NEW 16 30 99 %u\n", seed);
        free(ask(&game, request));
        snprintf(request, sizeof request, "PLAY %u\n", 1 + seed * 7 % 40);
        r = ask(&game, request);
        free(r);
        r = ask(&game, "VIEW\n");
        if (strstr(r, "  playing") != NULL) {
            compare_at(&game, 16, 30, 99);
            compared++;
        }
        free(r);
        player_end(&game);
    }
    CHECK(compared >= 12);
}

/* A board at the build's limit: its position fits a request line, spaces
 * and all (SAP_LINE_MAX is twice a row where ANALYZE is served). */
static void test_large_game_typed_back(void)
{
    struct player game;
    char *r;
    player_start(&game);
    free(ask(&game, "NEW 1000 1000 150000 7\n"));
    free(ask(&game, "1 500 500\n"));
    r = ask(&game, "PLAY 3\n");
    free(r);
    r = ask(&game, "VIEW\n");
    if (CHECK(strstr(r, "  playing") != NULL))
        compare_at(&game, 1000, 1000, 150000);
    free(r);
    player_end(&game);
}

/* ---- against the brute force ------------------------------------------------- */

#define SMALL_CELLS 20u

static unsigned rng_next(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 8) & 0xffffffu;
}

/* Every layout of `mines` mines on the covered cells that fits the opened
 * numbers: how many, and per cell in how many it holds a mine. */
static unsigned long brute_force(const char *seen, unsigned rows, unsigned cols, unsigned mines,
                                 unsigned long *mine_count)
{
    unsigned cells = rows * cols, covered[SMALL_CELLS], ncovered = 0, i;
    unsigned long total = 0, mask, layouts;
    for (i = 0; i < cells; i++) {
        mine_count[i] = 0;
        if (seen[i] == '_' || seen[i] == 'P' || seen[i] == '?')
            covered[ncovered++] = i;
    }
    layouts = 1ul << ncovered;
    for (mask = 0; mask < layouts; mask++) {
        unsigned char mine[SMALL_CELLS] = { 0 };
        unsigned k, ones = 0, r, c;
        bool fits = true;
        for (k = 0; k < ncovered; k++)
            if (mask >> k & 1u) {
                mine[covered[k]] = 1;
                ones++;
            }
        if (ones != mines)
            continue;
        for (r = 0; r < rows && fits; r++)
            for (c = 0; c < cols && fits; c++) {
                char v = seen[r * cols + c];
                int dr, dc, n = 0;
                if (v < '0' || v > '8')
                    continue;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++) {
                        int rr = (int)r + dr, cc = (int)c + dc;
                        if (rr >= 0 && cc >= 0 && rr < (int)rows && cc < (int)cols)
                            n += mine[rr * (int)cols + cc];
                    }
                fits = n == v - '0';
            }
        if (!fits)
            continue;
        total++;
        for (k = 0; k < cells; k++)
            mine_count[k] += mine[k];
    }
    return total;
}

/* A random position of a random layout: some safe cells opened, some
 * covered cells flagged or questioned. */
static void random_position(unsigned *state, unsigned rows, unsigned cols, unsigned mines,
                            char *seen)
{
    unsigned cells = rows * cols, i, placed = 0;
    unsigned char mine[SMALL_CELLS] = { 0 };
    while (placed < mines) {
        unsigned x = rng_next(state) % cells;
        if (!mine[x]) {
            mine[x] = 1;
            placed++;
        }
    }
    for (i = 0; i < cells; i++) {
        unsigned r = i / cols, c = i % cols, n = 0, roll = rng_next(state) % 8;
        int dr, dc;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++) {
                int rr = (int)r + dr, cc = (int)c + dc;
                if (rr >= 0 && cc >= 0 && rr < (int)rows && cc < (int)cols)
                    n += mine[rr * (int)cols + cc];
            }
        if (!mine[i] && roll < 4)
            seen[i] = (char)('0' + n);
        else
            seen[i] = roll == 5 ? 'P' : roll == 6 ? '?' : '_';
    }
}

static void test_against_brute_force(void)
{
    unsigned state = 2026, round, checked_hints = 0;
    for (round = 0; round < 300; round++) {
        unsigned rows = 3 + rng_next(&state) % 2, cols = 4 + rng_next(&state) % 2;
        unsigned mines = 1 + rng_next(&state) % 5, i;
        char seen[SMALL_CELLS], request[256], *r, *prob, *at;
        unsigned long count[SMALL_CELLS], total;
        struct player p;
        int n = snprintf(request, sizeof request, "ANALYZE %u %u %u\n", rows, cols, mines);
        random_position(&state, rows, cols, mines, seen);
        for (i = 0; i < rows * cols; i++) {
            request[n++] = seen[i];
            if ((i + 1) % cols == 0)
                request[n++] = '\n';
        }
        request[n] = '\0';
        total = brute_force(seen, rows, cols, mines, count);
        player_start(&p);
        r = ask(&p, request);
        CHECK_EQ_STR(r, "OK\n"); /* a real layout fits: never refused */
        free(r);
        prob = ask(&p, "PROB\n");
        at = prob;
        for (i = 0; i < rows * cols && total > 0; i++) {
            char *end;
            double got;
            while (*at == ' ' || *at == '\n')
                at++;
            if (seen[i] >= '0' && seen[i] <= '8') {
                CHECK(*at == seen[i]);
                at++;
                continue;
            }
            got = strtod(at, &end);
            at = end + 1; /* past '%' */
            if (count[i] == 0 || count[i] == total)
                CHECK(got == (count[i] == 0 ? 0.0 : 100.0));
            else if (!CHECK(got >= 100.0 * count[i] / total - 1.0
                            && got <= 100.0 * count[i] / total + 1.0))
                fprintf(stderr, "    cell %u: %g%% against %lu of %lu\n", i, got, count[i],
                        total);
        }
        free(prob);
        r = ask(&p, "HINT\n");
        {
            unsigned x, y;
            if (sscanf(r, "SAFE %u %u", &x, &y) == 2) {
                CHECK(count[(x - 1) * cols + (y - 1)] == 0);
                checked_hints++;
            } else if (sscanf(r, "MINE %u %u", &x, &y) == 2) {
                CHECK(count[(x - 1) * cols + (y - 1)] == total);
                checked_hints++;
            }
        }
        free(r);
        player_end(&p);
    }
    CHECK(checked_hints >= 100);
}

/* ---- edits ---------------------------------------------------------------------- */

static void test_edits_equal_typed_whole(void)
{
    struct player game, whole, edited;
    char *show, *r, request[64], *whole_prob;
    unsigned row, col;
    player_start(&game);
    free(ask(&game, "NEW 9 9 10 3\n"));
    free(ask(&game, "1 5 5\n"));
    free(ask(&game, "2 1 1\n"));
    show = ask(&game, "SHOW\n");
    player_start(&whole);
    r = analyze_from_show(show, 9, 9, 10, 0);
    free(ask(&whole, r));
    free(r);
    whole_prob = ask(&whole, "PROB\n");
    player_start(&edited);
    r = ask(&edited, "ANALYZE 9 9 10\n#########\n#########\n#########\n#########\n#########\n"
                     "#########\n#########\n#########\n#########\n");
    CHECK_EQ_STR(r, "OK\n");
    free(r);
    for (row = 0; row < 9; row++)
        for (col = 0; col < 9; col++) {
            char v = show[row * 18 + col * 2];
            if (v == '_')
                continue;
            snprintf(request, sizeof request, "CELL %u %u %c\n", row + 1, col + 1, v);
            r = ask(&edited, request);
            if (!CHECK_EQ_STR(r, "OK\n"))
                fprintf(stderr, "    %s", request);
            free(r);
        }
    r = ask(&edited, "MINES 10\n");
    CHECK_EQ_STR(r, "OK\n");
    free(r);
    r = ask(&edited, "SHOW\n");
    CHECK_EQ_STR(r, show);
    free(r);
    r = ask(&edited, "PROB\n");
    CHECK_EQ_STR(r, whole_prob);
    free(r);
    /* a flag by right click, as on any game; a flag is a mark, not a mine */
    r = ask(&edited, "2 1 9\n");
    CHECK_EQ_STR(r, "RUNNING: [<1, 9, P>]\n");
    free(r);
    free(whole_prob);
    free(show);
    player_end(&game);
    player_end(&whole);
    player_end(&edited);
}

/* ---- what is refused ------------------------------------------------------------ */

/* Every request of `requests` answers `want`, and SHOW is still `show`. */
static void expect_refused(struct player *p, const char *request, const char *want,
                           const char *show)
{
    char *r = ask(p, request);
    if (!CHECK_EQ_STR(r, want))
        fprintf(stderr, "    after %s", request);
    free(r);
    r = ask(p, "SHOW\n");
    CHECK_EQ_STR(r, show);
    free(r);
}

static void test_refusals_change_nothing(void)
{
    struct player p;
    char *show;
    player_start(&p);
    free(ask(&p, "ANALYZE 3 3 1\n1 1 #\n# # #\n# # #\n"));
    show = ask(&p, "SHOW\n");
    CHECK_EQ_STR(show, "1 1 _\n_ _ _\n_ _ _\n");
    /* found at a cell: a 3 with two covered neighbours */
    expect_refused(&p, "ANALYZE 2 2 1\n3#\n.#\n",
                   "ERR (1, 1) shows 3 but only 2 of its neighbours are covered: no layout "
                   "fits; nothing changed\n",
                   show);
    /* found only by the whole position, or by the count */
    expect_refused(&p, "ANALYZE 3 3 1\n1 1 #\n# # #\n. . .\n",
                   "ERR no layout of mines fits these numbers with 1 in all; nothing changed\n",
                   show);
    expect_refused(
        &p, "ANALYZE 2 2 2\n1.\n.#\n",
        "ERR 2 mines, but only 1 cells are covered: no layout fits; nothing changed\n", show);
    /* mistakes of form: the first one told, after the last row */
    expect_refused(&p, "ANALYZE 2 3 1\n1 x #\n###\n",
                   "ERR row 1 holds 'x': cells are # . 1-8 P ? (or _ 0-8 P ? as SHOW writes "
                   "them)\n",
                   show);
    expect_refused(&p, "ANALYZE 2 3 1\n##\n###\n",
                   "ERR row 1 has 2 cells, fewer than the board's 3\n", show);
    expect_refused(&p, "ANALYZE 2 3 1\n####\n###\n",
                   "ERR row 1 has more cells than the board's 3\n", show);
    expect_refused(&p, "ANALYZE 2 3 1\n# ##\n###\n",
                   "ERR row 1 cells are one glyph each, all with spaces between or none\n",
                   show);
    expect_refused(&p, "ANALYZE 2 2 4\n##\n##\n",
                   "ERR too many mines: a 2 x 2 board holds at most 3\n", show);
    /* edits: each checked, and put back when the position breaks */
    expect_refused(
        &p, "CELL 2 1 8\n",
        "ERR (2, 1) shows 8 but only 3 of its neighbours are covered: no layout fits; "
        "nothing changed\n",
        show);
    expect_refused(&p, "CELL 3 3 .\n", "OK\n", "1 1 _\n_ _ _\n_ _ 0\n");
    expect_refused(&p, "CELL 3 3 #\n", "OK\n", show);
    expect_refused(&p, "MINES 9\n", "ERR too many mines: a 3 x 3 board holds at most 8\n",
                   show);
    expect_refused(&p, "MINES 7\n",
                   "ERR no layout of mines fits these numbers with 7 in all; nothing changed\n",
                   show);
    expect_refused(&p, "CELL 4 1 1\n",
                   "ERR coordinate outside the board: rows 1-3, columns 1-3\n", show);
    expect_refused(&p, "CELL 1 3 x\n", "ERR 'x' is not a cell: # . 1-8 P ? (or _ 0-8)\n", show);
    /* what needs the layout */
    expect_refused(
        &p, "1 3 3\n",
        "ERR a position typed in (ANALYZE) has no layout to open cells from; CELL <x> "
        "<y> <n> says what a cell showed\n",
        show);
    expect_refused(&p, "STATS\n", "ERR a position typed in (ANALYZE) has no layout to count\n",
                   show);
    free(show);
    /* a dealt game is not edited */
    free(ask(&p, "NEW 9 9 10 1\n"));
    show = ask(&p, "SHOW\n");
    expect_refused(
        &p, "CELL 1 1 1\n",
        "ERR this game was dealt, not typed in: CELL and MINES edit a position given "
        "with ANALYZE\n",
        show);
    free(show);
    player_end(&p);
}

/* A provider of two blocks at once, as a board's pool: ANALYZE beside a
 * current game, whose check needs a third, is refused and the game kept. */
static int two_held;
static void *two_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    (void)context, (void)purpose;
    if (two_held == 2)
        return NULL;
    two_held++;
    return malloc(bytes);
}
static void two_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    (void)context, (void)purpose;
    two_held--;
    free(block);
}

static void test_third_block_refused(void)
{
    static const struct sap_memory two = { two_acquire, two_release, NULL };
    struct sap_session s;
    char r[256];
    sap_session_init(&s, &two);
    CHECK_EQ_STR(session_ask(&s, "ANALYZE 1 2 1\n##\n", r, sizeof r), "OK\n");
    CHECK_EQ_STR(session_ask(&s, "ANALYZE 2 2 1\n3#\n##\n", r, sizeof r),
                 "ERR not enough memory to check this position beside the current game (0 ends "
                 "it)\n");
    CHECK_EQ_STR(session_ask(&s, "SHOW\n", r, sizeof r), "_ _\n");
    CHECK_EQ_STR(session_ask(&s, "0\n", r, sizeof r), "QUIT\n");
    CHECK_EQ_STR(session_ask(&s, "ANALYZE 2 2 1\n1#\n##\n", r, sizeof r), "OK\n");
    sap_session_release(&s);
    CHECK_EQ_INT(two_held, 0);
}

/* The glyphs and spacings a person pastes, all one position. */
static void test_every_form(void)
{
    static const char *const forms[] = {
        "ANALYZE 3 4 3\n1 1 . .\n# # 2 1\n# # # #\n",
        "ANALYZE 3 4 3\n11..\n##21\n####\n",
        "ANALYZE 3 4 3\n1100\n__21\n____\n",
        "ANALYZE 3 4 3\n1 1 0 0\n_ _ 2 1\n_ _ _ _\n",
        "ANALYZE 3 4 3\n1 1 1 . .\n2 # # 2 1\n3 # # # #\n",
        "ANALYZE 3 4 3\n  1 11..\n\t2\t##21\n3 ####  \n",
    };
    size_t i;
    for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        struct player p;
        char *r;
        player_start(&p);
        r = ask(&p, forms[i]);
        if (!CHECK_EQ_STR(r, "OK\n"))
            fprintf(stderr, "    form %zu\n", i);
        free(r);
        r = ask(&p, "SHOW\n");
        if (!CHECK_EQ_STR(r, "1 1 0 0\n_ _ 2 1\n_ _ _ _\n"))
            fprintf(stderr, "    form %zu\n", i);
        free(r);
        player_end(&p);
    }
}

int main(void)
{
    RUN_TEST(test_every_form);
    RUN_TEST(test_refusals_change_nothing);
    RUN_TEST(test_third_block_refused);
    RUN_TEST(test_edits_equal_typed_whole);
    RUN_TEST(test_against_brute_force);
    RUN_TEST(test_games_typed_back);
    RUN_SLOW_TEST(test_large_game_typed_back);
    return check_summary("test_session_analyze");
}
