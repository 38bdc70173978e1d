/*
 * test_view.c - VIEW, VIEW PROB, SET COLOR and SET VIEW (core/view.c)
 * through the session.  Random games on boards the test lays out itself
 * (so it knows every mine), from 1 x 1 to 120 x 120 and 1 x 1000; every
 * VIEW is read back by its rulers and row numbers (tests/lib/view_parse)
 * and each cell compared with SHOW, and once the game is over with the
 * board: every mine, the mine(s) the losing move opened, the wrong flags.
 * With colour on, the escapes stripped give the same text and each one
 * sits where it belongs.  Under SET VIEW ON a move's reply is its boom
 * lines byte for byte, then the VIEW; VIEW PROB's fields are PROB's
 * numbers.  Replies are polled with random capacities, down to 1 byte,
 * and stay within SAP_REPLY_VIEW_MAX.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "lib/view_game.h"
#include "lib/view_parse.h"
#include "sapper.h"

static unsigned views_read, probs_read, colours_read, moves_followed;
static unsigned games_won, games_lost_by_click, games_lost_by_chord;

/* ---- what VIEW must show ------------------------------------------------------ */

static bool hit_mine(const struct view_game *g, uint32_t r, uint32_t c)
{
    char mark = g->map[(size_t)r * g->cols + c];
    if (g->state != SAP_LOSE || !g->mine[(size_t)r * g->cols + c])
        return false;
    if (g->lost_op == 1)
        return r == g->lost_row && c == g->lost_col;
    return r + 1u - g->lost_row <= 2u && c + 1u - g->lost_col <= 2u
           && (mark == '_' || mark == '?'); /* every mine the chord opened */
}

static char expected_glyph(const struct view_game *g, uint32_t r, uint32_t c)
{
    char mark = g->map[(size_t)r * g->cols + c];
    bool mine = g->mine[(size_t)r * g->cols + c] != 0, over = g->state != SAP_RUNNING;
    if (over && mine && mark != 'P')
        return hit_mine(g, r, c) ? '@' : '*';
    if (mark == '_')
        return '#';
    if (mark == '0')
        return '.';
    if (mark == 'P' && over && !mine)
        return 'X';
    return mark;
}

static void expected_status(const struct view_game *g, char *out, size_t cap)
{
    size_t i, cells = (size_t)g->rows * g->cols;
    long left = (long)g->mines;
    for (i = 0; i < cells; i++)
        left -= g->map[i] == 'P';
    snprintf(out, cap, "mines left %ld of %u  clicks %u  %s", left, (unsigned)g->mines,
             (unsigned)g->clicks,
             g->state == SAP_WIN    ? "won"
             : g->state == SAP_LOSE ? "lost"
             : g->clicks == 0       ? "not started"
                                    : "playing");
}

/* SHOW agrees with the map the replies built. */
static void check_show(struct view_game *g)
{
    char *show = view_game_ask(g, "SHOW\n"), *t = show;
    uint32_t r, c;
    bool same = true;
    for (r = 0; r < g->rows && same; r++)
        for (c = 0; c < g->cols && same; c++) {
            same = t[0] == g->map[(size_t)r * g->cols + c]
                   && t[1] == (c + 1u == g->cols ? '\n' : ' ');
            t += 2;
        }
    CHECK(same && *t == '\0');
    free(show);
}

/* A VIEW, read back and checked cell by cell; with `colour`, again in
 * colour. */
static void check_view(struct view_game *g, bool colour)
{
    char *plain = view_game_ask(g, "VIEW\n"), status[160];
    struct view_parsed p;
    const char *reason = view_parse(plain, g->rows, g->cols, 2, &p);
    uint32_t r, c, wrong = 0;
    check_show(g);
    CHECK(strlen(plain) <= SAP_REPLY_VIEW_MAX(g->rows, g->cols));
    if (!CHECK(reason == NULL)) {
        fprintf(stderr, "    %s in:\n%.2000s\n", reason, plain);
    } else {
        for (r = 0; r < g->rows; r++)
            for (c = 0; c < g->cols; c++) {
                const char *f = view_field(&p, r, c);
                if (f[0] != ' ' || f[1] != expected_glyph(g, r, c))
                    wrong++;
            }
        CHECK_EQ_INT(wrong, 0);
        expected_status(g, status, sizeof status);
        CHECK_EQ_STR(p.status, status);
        views_read++;
    }
    if (colour && reason == NULL) {
        char *coloured, *stripped;
        view_game_expect(g, "SET COLOR ON\n", "OK\n");
        coloured = view_game_ask(g, "VIEW\n");
        stripped = view_strip(coloured);
        view_game_expect(g, "SET COLOR OFF\n", "OK\n");
        CHECK(strlen(coloured) <= SAP_REPLY_VIEW_MAX(g->rows, g->cols));
        CHECK_EQ_STR(stripped, plain);
        reason = view_check_colours(coloured, &p, 2);
        if (!CHECK(reason == NULL))
            fprintf(stderr, "    %s\n", reason);
        colours_read++;
        free(coloured);
        free(stripped);
    }
    view_parsed_free(&p);
    free(plain);
}

/* VIEW PROB against PROB: the same cells, PROB's numbers in its fields. */
static void check_prob(struct view_game *g, bool colour)
{
    char *prob = view_game_ask(g, "PROB\n"), *view = view_game_ask(g, "VIEW PROB\n"), *t = prob;
    struct view_parsed p;
    const char *reason;
    uint32_t r, c, wrong = 0;
    if (strncmp(prob, "ERR ", 4) == 0) { /* refused alike */
        CHECK_EQ_STR(view, prob);
        free(prob);
        free(view);
        return;
    }
    reason = view_parse(view, g->rows, g->cols, 3, &p);
    CHECK(strlen(view) <= SAP_REPLY_VIEW_MAX(g->rows, g->cols));
    if (!CHECK(reason == NULL)) {
        fprintf(stderr, "    %s in:\n%.2000s\n", reason, view);
        view_parsed_free(&p);
        free(prob);
        free(view);
        return;
    }
    for (r = 0; r < g->rows; r++)
        for (c = 0; c < g->cols; c++) {
            const char *f = view_field(&p, r, c);
            char want[3];
            unsigned percent;
            int used = 0;
            if (sscanf(t, "%u%%%n", &percent, &used) == 1 && used > 0) {
                if (percent == 0)
                    memcpy(want, "ok", 2);
                else if (percent == 100)
                    memcpy(want, "**", 2);
                else {
                    want[0] = (char)('0' + percent / 10u % 10u);
                    want[1] = (char)('0' + percent % 10u);
                }
            } else { /* an opened cell's digit */
                want[0] = ' ';
                want[1] = *t == '0' ? '.' : *t;
                used = 1;
            }
            wrong += f[0] != want[0] || f[1] != want[1];
            t += used + 1; /* the token and its space or line end */
        }
    CHECK_EQ_INT(wrong, 0);
    probs_read++;
    if (colour) {
        char *coloured, *stripped;
        view_game_expect(g, "SET COLOR ON\n", "OK\n");
        coloured = view_game_ask(g, "VIEW PROB\n");
        stripped = view_strip(coloured);
        view_game_expect(g, "SET COLOR OFF\n", "OK\n");
        CHECK_EQ_STR(stripped, view);
        reason = view_check_colours(coloured, &p, 3);
        if (!CHECK(reason == NULL))
            fprintf(stderr, "    %s\n", reason);
        free(coloured);
        free(stripped);
    }
    view_parsed_free(&p);
    free(prob);
    free(view);
}

static void play_to_end(struct view_game *g, enum view_plan_kind kind, uint32_t view_every,
                        uint32_t prob_every)
{
    struct view_plan p;
    view_plan_init(&p, g, kind);
    check_view(g, true);
    while (g->state == SAP_RUNNING && CHECK(p.moves < 200000u)) {
        int op;
        uint32_t x, y;
        view_plan_next(g, &p, &op, &x, &y);
        view_game_play(g, op, x, y);
        if (view_every != 0 && p.moves % view_every == 0)
            check_view(g, view_game_random(3) == 0);
        if (prob_every != 0 && p.moves % prob_every == 0)
            check_prob(g, view_game_random(2) == 0);
    }
    CHECK(kind != PLAN_WIN || g->state == SAP_WIN);
    games_won += g->state == SAP_WIN;
    games_lost_by_click += g->state == SAP_LOSE && g->lost_op == 1;
    games_lost_by_chord += g->state == SAP_LOSE && g->lost_op == 3;
    check_view(g, true);
    if (prob_every != 0)
        check_prob(g, true);
    view_game_play(g, 1 + (int)view_game_random(3), 1, 1); /* INVALID: the drawing stays */
    check_view(g, false);
}

/* ---- the tests ----------------------------------------------------------------- */

/* The layout itself, byte for byte, on a board small enough to read. */
static void test_layout(void)
{
    struct view_game g;
    view_game_start(&g, 3, 4, 0, "*_______*__*");
    view_game_expect(&g, "VIEW\n",
                     "  1 2 3 4\n"
                     "1 # # # #\n"
                     "2 # # # #\n"
                     "3 # # # #\n"
                     "mines left 3 of 3  clicks 0  not started\n"
                     "END\n");
    view_game_play(&g, 1, 1, 3);
    view_game_play(&g, 2, 3, 4);
    view_game_play(&g, 2, 2, 1);
    view_game_play(&g, 2, 2, 1);
    view_game_expect(&g, "VIEW\n",
                     "  1 2 3 4\n"
                     "1 # 1 . .\n"
                     "2 ? 2 1 1\n"
                     "3 # # # P\n"
                     "mines left 2 of 3  clicks 4  playing\n"
                     "END\n");
    view_game_play(&g, 2, 3, 3); /* two wrong flags beside the 2 at (2, 2) */
    view_game_play(&g, 2, 3, 2);
    view_game_play(&g, 3, 2, 2); /* its chord opens both its mines */
    view_game_expect(&g, "VIEW\n",
                     "  1 2 3 4\n"
                     "1 @ 1 . .\n"
                     "2 ? 2 1 1\n"
                     "3 @ X X P\n"
                     "mines left 0 of 3  clicks 7  lost\n"
                     "END\n");
    view_game_expect(&g, "SET COLOR ON\n", "OK\n");
    view_game_expect(&g, "VIEW\n",
                     "  1 2 3 4\n"
                     "1 \033[0;1;97;41m@\033[0m \033[0;94m1 \033[0m. .\n"
                     "2 ? \033[0;32m2 \033[0;94m1 1\033[0m\n"
                     "3 \033[0;1;97;41m@\033[0m \033[0;1;95mX X \033[0;1;91mP\033[0m\n"
                     "mines left 0 of 3  clicks 7  lost\n"
                     "END\n");
    view_game_end(&g);
}

static void test_requests_and_errors(void)
{
    struct view_game g;
    session_expect("VIEW\n", "ERR no game: start one with NEW\n");
    session_expect("VIEW PROB\n", "ERR no game: start one with NEW\n");
    session_expect("SET VIEW ON\nSET COLOR ON\nSET VIEW OFF\nSET COLOR OFF\n",
                   "OK\nOK\nOK\nOK\n");
    view_game_start(&g, 2, 2, 0, "*___");
    view_game_expect(&g, "VIEW X\n", "ERR usage: VIEW [PROB]\n");
    view_game_expect(&g, "VIEW PROB 1\n", "ERR usage: VIEW [PROB]\n");
    view_game_expect(&g, "view prob\n",
                     "   1  2\n"
                     "1 25 25\n"
                     "2 25 25\n"
                     "mines left 1 of 1  clicks 0  not started\n"
                     "END\n");
    /* a move refused is its ERR alone, even under SET VIEW ON */
    view_game_expect(&g, "SET VIEW ON\n", "OK\n");
    view_game_expect(&g, "1 3 1\n",
                     "ERR coordinate outside the board: rows 1-2, columns 1-2\n");
    view_game_expect(&g, "1 2 2\n",
                     "RUNNING: [<2, 2, 1>]\n"
                     "  1 2\n"
                     "1 # #\n"
                     "2 # 1\n"
                     "mines left 1 of 1  clicks 1  playing\n"
                     "END\n");
    view_game_expect(&g, "set view off\n", "OK\n");
    view_game_expect(&g, "1 1 2\n", "RUNNING: [<1, 2, 1>]\n");
    view_game_expect(&g, "0\n", "QUIT\n");
    view_game_expect(&g, "VIEW\n", "ERR no game: start one with NEW\n");
    view_game_end(&g);
}

/* 1 x 1: won by a click, lost by one, and a mine won by a right click
 * (every cell a mine: the first move that does not lose wins). */
static void test_single_cell(void)
{
    static const struct {
        const char *layout;
        int op;
        const char *view;
    } cases[] = {
        { "_", 1, "  1\n1 .\nmines left 0 of 0  clicks 1  won\nEND\n" },
        { "*", 1, "  1\n1 @\nmines left 1 of 1  clicks 1  lost\nEND\n" },
        { "*", 2, "  1\n1 P\nmines left 0 of 1  clicks 1  won\nEND\n" },
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        struct view_game g;
        view_game_start(&g, 1, 1, 0, cases[k].layout);
        view_game_play(&g, cases[k].op, 1, 1);
        view_game_expect(&g, "VIEW\n", cases[k].view);
        check_view(&g, true);
        view_game_end(&g);
    }
}

/* Random games of every plan on boards of every shape the layout has to
 * keep aligned: one to four ruler lines, one- to three-digit row numbers. */
static void test_random_games(void)
{
    static const struct {
        uint32_t rows, cols, percent, games, view_every, prob_every;
    } sizes[] = {
        { 1, 1, 0, 2, 1, 1 },      { 9, 9, 15, 12, 1, 3 },   { 3, 3, 40, 6, 1, 1 },
        { 16, 30, 20, 6, 3, 40 },  { 1, 999, 15, 3, 7, 0 },  { 1, 1000, 15, 3, 11, 0 },
        { 12, 105, 15, 3, 25, 0 }, { 105, 7, 15, 2, 25, 0 }, { 120, 120, 15, 3, 150, 0 },
    };
    size_t k, n;
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        for (n = 0; n < sizes[k].games; n++) {
            struct view_game g;
            view_game_start(&g, sizes[k].rows, sizes[k].cols, sizes[k].percent, NULL);
            play_to_end(&g, (enum view_plan_kind)(n % 3u), sizes[k].view_every,
                        sizes[k].prob_every);
            view_game_end(&g);
        }
    }
}

/* Under SET VIEW ON a move's reply is what it is without, then the VIEW
 * a VIEW would give: two sessions on one board, the same moves. */
static void test_set_view_follows_moves(void)
{
    static const uint32_t sides[][2] = { { 9, 9 }, { 16, 30 }, { 1, 40 }, { 30, 16 } };
    size_t k;
    for (k = 0; k < 3u * (sizeof sides / sizeof sides[0]); k++) {
        struct view_game on, off;
        struct view_plan p;
        uint32_t rows = sides[k % 4u][0], cols = sides[k % 4u][1], saved = view_game_rng;
        bool colour = k % 2u == 1u;
        view_game_start(&on, rows, cols, 18, NULL);
        view_game_rng = saved; /* the same board */
        view_game_start(&off, rows, cols, 18, NULL);
        CHECK(memcmp(on.mine, off.mine, (size_t)rows * cols) == 0);
        view_game_expect(&on, "SET VIEW ON\n", "OK\n");
        if (colour) {
            view_game_expect(&on, "SET COLOR ON\n", "OK\n");
            view_game_expect(&off, "SET COLOR ON\n", "OK\n");
        }
        view_plan_init(&p, &on, (enum view_plan_kind)(k % 3u));
        while (on.state == SAP_RUNNING && CHECK(p.moves < 100000u)) {
            char request[48], *a, *b, *view;
            int op;
            uint32_t x, y;
            size_t boom;
            view_plan_next(&on, &p, &op, &x, &y);
            snprintf(request, sizeof request, "%d %u %u\n", op, (unsigned)x, (unsigned)y);
            a = view_game_ask(&on, request);
            b = view_game_ask(&off, request);
            view = view_game_ask(&off, "VIEW\n");
            boom = view_game_follow(&on, a, op, x, y);
            CHECK_EQ_INT(view_game_follow(&off, b, op, x, y), strlen(b));
            CHECK_EQ_INT(boom, strlen(b));
            CHECK(strncmp(a, b, strlen(b)) == 0);
            CHECK_EQ_STR(a + boom, view);
            CHECK(strlen(a) <= SAP_REPLY_MOVE_MAX(rows, cols) + SAP_REPLY_VIEW_MAX(rows, cols));
            moves_followed++;
            free(a);
            free(b);
            free(view);
        }
        if (colour)
            view_game_expect(&on, "SET COLOR OFF\n", "OK\n");
        check_view(&on, false); /* the model the replies built is the game's */
        view_game_expect(&on, "SET VIEW OFF\n", "OK\n");
        view_game_expect(&on, "1 1 1\n", "INVALID\n");
        view_game_end(&on);
        view_game_end(&off);
    }
}

int main(void)
{
    RUN_TEST(test_layout);
    RUN_TEST(test_requests_and_errors);
    RUN_TEST(test_single_cell);
    RUN_TEST(test_random_games);
    RUN_TEST(test_set_view_follows_moves);
    fprintf(stderr,
            "test_view: %u games won, %u lost by a click, %u by a chord; %u VIEWs and %u VIEW "
            "PROBs read back (%u in colour), %u moves followed by their VIEW\n",
            games_won, games_lost_by_click, games_lost_by_chord, views_read, probs_read,
            colours_read, moves_followed);
    return check_summary("test_view");
}
