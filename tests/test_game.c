/*
 * test_game.c - the boom game engine: every rule on small hand-worked
 * boards, replies through buffers of every size, a 1000 x 1000 opening
 * streamed through a small buffer, random boards, and a differential run
 * against the simple reference in tests/lib/ref_game.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "internal.h" /* sap_dec, which every reply's coordinates go through */
#include "lib/ref_game.h"
#include "sapper.h"

/* ---- helpers ------------------------------------------------------------ */

struct board {
    sap_game *game;
    void *memory;
};

/* A board from rows separated by '/', with '*' for a mine and '_' for none. */
static struct board board_new(const char *layout)
{
    struct board b = { NULL, NULL };
    uint32_t rows = 1, cols = 0, r = 0, c = 0;
    const char *p;
    size_t bytes;

    for (p = layout; *p != '\0' && *p != '/'; p++)
        cols++;
    for (p = layout; *p != '\0'; p++)
        rows += *p == '/';
    bytes = SAP_GAME_BYTES(rows, cols);
    b.memory = malloc(bytes);
    if (!CHECK(b.memory != NULL))
        return b;
    CHECK_EQ_INT(sap_game_init(&b.game, b.memory, bytes, rows, cols), SAP_OK);
    for (p = layout; *p != '\0'; p++) {
        if (*p == '/') {
            r++;
            c = 0;
            continue;
        }
        CHECK_EQ_INT(sap_game_set_mine(b.game, r, c, *p == '*'), SAP_OK);
        c++;
    }
    return b;
}

static void board_free(struct board *b)
{
    free(b->memory);
    b->memory = NULL;
    b->game = NULL;
}

/* The whole reply of the last move, polled cap bytes at a time. */
static char *reply_through(sap_game *game, size_t cap)
{
    size_t len = 0, room = 256, n;
    char *text = malloc(room);
    char *chunk = malloc(cap);
    if (text == NULL || chunk == NULL)
        abort();
    for (;;) {
        if (len + cap + 1 > room) {
            char *bigger;
            room = (len + cap + 1) * 2;
            bigger = realloc(text, room);
            if (bigger == NULL)
                abort();
            text = bigger;
        }
        n = sap_game_reply(game, chunk, cap);
        if (n == 0)
            break;
        if (n > cap) {
            CHECK(n <= cap);
            break;
        }
        memcpy(text + len, chunk, n);
        len += n;
    }
    text[len] = '\0';
    free(chunk);
    return text;
}

/* A move through the bounded calls (sapper.h section 2), `budget` steps a
 * call; checks what a move under way promises: busy, no reply, no other
 * move.  *calls (if not NULL) counts the step calls. */
static int move_in_steps(sap_game *game, int op, uint32_t x, uint32_t y, uint32_t budget,
                         unsigned long *calls)
{
    int outcome = sap_game_move_begin(game, op, x, y);
    char byte;
    while (outcome == SAP_MORE) {
        CHECK(sap_game_busy(game));
        CHECK_EQ_INT(sap_game_reply(game, &byte, 1), 0);
        CHECK_EQ_INT(sap_game_move_begin(game, 2, 1, 1), SAP_ERR_STATE);
        outcome = sap_game_move_step(game, budget);
        if (calls != NULL)
            ++*calls;
    }
    CHECK(!sap_game_busy(game));
    CHECK_EQ_INT(sap_game_move_step(game, budget), SAP_ERR_STATE);
    return outcome;
}

/* The budgets every differential test cycles through. */
static const uint32_t budgets[3] = { 1, 7, SAP_BUDGET_UNLIMITED };


/* Applies a move and checks its whole reply. */
static void expect_move(sap_game *game, int op, uint32_t x, uint32_t y, const char *want)
{
    char *got;
    sap_game_move(game, op, x, y);
    got = reply_through(game, 4096);
    CHECK_EQ_STR(got, want);
    free(got);
}

/* The player map as rows separated by '/'. */
static void map_of(const sap_game *game, char *out)
{
    uint32_t r, c;
    size_t n = 0;
    for (r = 0; r < sap_game_rows(game); r++) {
        if (r > 0)
            out[n++] = '/';
        for (c = 0; c < sap_game_cols(game); c++)
            out[n++] = sap_game_cell(game, r, c);
    }
    out[n] = '\0';
}

static void expect_map(const sap_game *game, const char *want)
{
    char got[512];
    map_of(game, got);
    CHECK_EQ_STR(got, want);
}

/* splitmix64: the tests' own random numbers, fixed seeds. */
static uint64_t test_rng = 0x5eed;
static uint32_t rnd(uint32_t bound)
{
    uint64_t z = (test_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return bound == 0 ? 0 : (uint32_t)(z % bound);
}

/* ---- the statement's games ------------------------------------------------ */

static void test_statement_games(void)
{
    struct board b = board_new("__*/___/___");
    expect_move(b.game, 1, 3, 1,
                "RUNNING: [<1, 1, 0>, <1, 2, 1>, <2, 1, 0>, <2, 2, 1>, <2, 3, 1>, <3, 1, 0>, "
                "<3, 2, 0>, <3, 3, 0>]\nWIN\n");
    board_free(&b);

    b = board_new("_*_/__*/___");
    expect_move(b.game, 1, 3, 1, "RUNNING: [<2, 1, 1>, <2, 2, 2>, <3, 1, 0>, <3, 2, 1>]\n");
    expect_move(b.game, 1, 1, 3, "RUNNING: [<1, 3, 2>]\n");
    expect_move(b.game, 2, 1, 2, "RUNNING: [<1, 2, P>]\n");
    expect_move(b.game, 2, 2, 3, "RUNNING: [<2, 3, P>]\n");
    expect_move(b.game, 3, 2, 2, "RUNNING: [<1, 1, 1>, <3, 3, 1>]\nWIN\n");
    board_free(&b);

    b = board_new("***/___/***");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 6>]\n");
    expect_move(b.game, 1, 1, 1, "LOSE\n");
    board_free(&b);

    b = board_new("___/_*_/___");
    expect_move(b.game, 1, 2, 2, "LOSE\n");
    board_free(&b);

    b = board_new("___/__*/___");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 1>]\n");
    expect_move(b.game, 2, 1, 2, "RUNNING: [<1, 2, P>]\n");
    expect_move(b.game, 3, 2, 2, "LOSE\n");
    board_free(&b);
}

/* ---- single rules ------------------------------------------------------------ */

static void test_flag_cycle(void)
{
    struct board b = board_new("*__/___");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_map(b.game, "P__/___");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, ?>]\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, _>]\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(b.game, 1, 2, 3, "RUNNING: [<1, 2, 1>, <1, 3, 0>, <2, 2, 1>, <2, 3, 0>]\n");
    /* right click on an opened cell does nothing */
    expect_move(b.game, 2, 1, 2, "RUNNING: []\n");
    expect_map(b.game, "P10/_10");
    board_free(&b);

    b = board_new("*_*/___/*_*");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 4>]\n");
    expect_move(b.game, 2, 2, 2, "RUNNING: []\n");
    expect_map(b.game, "___/_4_/___");
    CHECK_EQ_INT(sap_game_covered(b.game), 8);
    board_free(&b);
}

static void test_left_on_marks(void)
{
    struct board b = board_new("___/___/__*");
    /* left on a flag does nothing, not even on a mine */
    expect_move(b.game, 2, 3, 3, "RUNNING: [<3, 3, P>]\n");
    expect_move(b.game, 1, 3, 3, "RUNNING: []\n");
    CHECK_EQ_INT(sap_game_state(b.game), SAP_RUNNING);
    /* left on a question mark opens it (a number here) */
    expect_move(b.game, 2, 2, 2, "RUNNING: [<2, 2, P>]\n");
    expect_move(b.game, 2, 2, 2, "RUNNING: [<2, 2, ?>]\n");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 1>]\n");
    /* left on an opened cell does nothing */
    expect_move(b.game, 1, 2, 2, "RUNNING: []\n");
    expect_map(b.game, "___/_1_/__P");
    board_free(&b);

    /* left on a question mark over a mine loses */
    b = board_new("*_");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, ?>]\n");
    expect_move(b.game, 1, 1, 1, "LOSE\n");
    board_free(&b);
}

static void test_chord(void)
{
    struct board b = board_new("*__/___/___");
    /* a chord on a covered cell does nothing */
    expect_move(b.game, 3, 2, 2, "RUNNING: []\n");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 1>]\n");
    /* too few flags: nothing */
    expect_move(b.game, 3, 2, 2, "RUNNING: []\n");
    /* too many flags: nothing */
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(b.game, 2, 3, 3, "RUNNING: [<3, 3, P>]\n");
    expect_move(b.game, 3, 2, 2, "RUNNING: []\n");
    /* a question mark is not a flag, and a chord opens it */
    expect_move(b.game, 2, 3, 3, "RUNNING: [<3, 3, ?>]\n");
    expect_move(b.game, 3, 2, 2,
                "RUNNING: [<1, 2, 1>, <1, 3, 0>, <2, 1, 1>, <2, 3, 0>, <3, 1, 0>, <3, 2, 0>, "
                "<3, 3, 0>]\nWIN\n");
    board_free(&b);

    /* a flag on a safe cell makes the count match: the chord hits the real
     * mine, prints only LOSE and opens nothing, although other targets were safe */
    b = board_new("*__/___/___");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 1>]\n");
    expect_move(b.game, 2, 3, 3, "RUNNING: [<3, 3, P>]\n");
    expect_move(b.game, 3, 2, 2, "LOSE\n");
    expect_map(b.game, "___/_1_/__P");
    CHECK_EQ_INT(sap_game_state(b.game), SAP_LOSE);
    board_free(&b);

    /* a chord whose first target's opening reaches a later target */
    b = board_new("*____/_____/_____");
    expect_move(b.game, 1, 2, 2, "RUNNING: [<2, 2, 1>]\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(
        b.game, 3, 2, 2,
        "RUNNING: [<1, 2, 1>, <1, 3, 0>, <1, 4, 0>, <1, 5, 0>, <2, 1, 1>, <2, 3, 0>, "
        "<2, 4, 0>, <2, 5, 0>, <3, 1, 0>, <3, 2, 0>, <3, 3, 0>, <3, 4, 0>, <3, 5, 0>]\nWIN\n");
    board_free(&b);

    /* a chord on a zero re-opens cells a flag once kept covered */
    b = board_new("_____/_____/____*");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(
        b.game, 1, 1, 3,
        "RUNNING: [<1, 2, 0>, <1, 3, 0>, <1, 4, 0>, <1, 5, 0>, <2, 1, 0>, <2, 2, 0>, "
        "<2, 3, 0>, <2, 4, 1>, <2, 5, 1>, <3, 1, 0>, <3, 2, 0>, <3, 3, 0>, <3, 4, 1>]\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, ?>]\n");
    expect_move(b.game, 3, 1, 2, "RUNNING: [<1, 1, 0>]\nWIN\n");
    board_free(&b);
}

static void test_flood_stops_at_flag_opens_question(void)
{
    /* a wall of flags down column 3 keeps the opening on the left; the
     * question mark at (1, 1) is opened by it */
    struct board b = board_new("_____/_____/_____/_____");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, ?>]\n");
    expect_move(b.game, 2, 1, 3, "RUNNING: [<1, 3, P>]\n");
    expect_move(b.game, 2, 2, 3, "RUNNING: [<2, 3, P>]\n");
    expect_move(b.game, 2, 3, 3, "RUNNING: [<3, 3, P>]\n");
    expect_move(b.game, 2, 4, 3, "RUNNING: [<4, 3, P>]\n");
    expect_move(b.game, 1, 4, 1,
                "RUNNING: [<1, 1, 0>, <1, 2, 0>, <2, 1, 0>, <2, 2, 0>, <3, 1, 0>, <3, 2, 0>, "
                "<4, 1, 0>, <4, 2, 0>]\n");
    expect_map(b.game, "00P__/00P__/00P__/00P__");
    CHECK_EQ_INT(sap_game_covered(b.game), 12);
    board_free(&b);

    /* a mine-free flag cell stays covered: no WIN while it is */
    b = board_new("___/___");
    expect_move(b.game, 2, 2, 3, "RUNNING: [<2, 3, P>]\n");
    expect_move(b.game, 1, 1, 1,
                "RUNNING: [<1, 1, 0>, <1, 2, 0>, <1, 3, 0>, <2, 1, 0>, <2, 2, 0>]\n");
    expect_move(b.game, 2, 2, 3, "RUNNING: [<2, 3, ?>]\n");
    expect_move(b.game, 1, 2, 3, "RUNNING: [<2, 3, 0>]\nWIN\n");
    board_free(&b);
}

static void test_win_lose_invalid(void)
{
    /* every cell a mine: the first operation that does not lose wins */
    struct board b = board_new("**/**");
    expect_move(b.game, 2, 2, 1, "RUNNING: [<2, 1, P>]\nWIN\n");
    expect_move(b.game, 2, 2, 1, "INVALID\n");
    expect_move(b.game, 1, 1, 1, "INVALID\n");
    expect_move(b.game, 3, 1, 1, "INVALID\n");
    CHECK_EQ_INT(sap_game_state(b.game), SAP_WIN);
    board_free(&b);

    b = board_new("**/**");
    expect_move(b.game, 3, 1, 1, "RUNNING: []\nWIN\n");
    board_free(&b);

    b = board_new("**/**");
    expect_move(b.game, 1, 1, 2, "LOSE\n");
    expect_move(b.game, 2, 2, 1, "INVALID\n");
    CHECK_EQ_INT(sap_game_state(b.game), SAP_LOSE);
    board_free(&b);

    /* the return values */
    b = board_new("_*");
    CHECK_EQ_INT(sap_game_move(b.game, 2, 1, 1), SAP_RUNNING);
    CHECK_EQ_INT(sap_game_move(b.game, 2, 1, 1), SAP_RUNNING);
    CHECK_EQ_INT(sap_game_move(b.game, 1, 1, 1), SAP_WIN);
    CHECK_EQ_INT(sap_game_move(b.game, 1, 1, 2), SAP_INVALID);
    board_free(&b);
}

static void test_one_by_one(void)
{
    struct board b = board_new("_");
    expect_move(b.game, 3, 1, 1, "RUNNING: []\n");
    expect_move(b.game, 1, 1, 1, "RUNNING: [<1, 1, 0>]\nWIN\n");
    expect_move(b.game, 1, 1, 1, "INVALID\n");
    board_free(&b);

    b = board_new("*");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\nWIN\n");
    board_free(&b);

    b = board_new("*");
    expect_move(b.game, 1, 1, 1, "LOSE\n");
    board_free(&b);

    b = board_new("_");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, P>]\n");
    expect_move(b.game, 1, 1, 1, "RUNNING: []\n");
    expect_move(b.game, 2, 1, 1, "RUNNING: [<1, 1, ?>]\n");
    expect_move(b.game, 1, 1, 1, "RUNNING: [<1, 1, 0>]\nWIN\n");
    board_free(&b);
}

static void test_arguments(void)
{
    uint32_t aligned[(SAP_GAME_BYTES(3, 3) + 3) / 4];
    struct board b;
    sap_game *game = NULL;

    CHECK_EQ_INT(sap_game_init(&game, aligned, sizeof aligned, 0, 3), SAP_ERR_ARG);
    CHECK(game == NULL);
    CHECK_EQ_INT(sap_game_init(&game, aligned, sizeof aligned, 3, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_init(&game, aligned, sizeof aligned, SAP_MAX_ROWS + 1, 1),
                 SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_game_init(&game, aligned, sizeof aligned, 1, SAP_MAX_COLS + 1),
                 SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_game_init(&game, aligned, SAP_GAME_BYTES(3, 3) - 1, 3, 3), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_game_init(&game, NULL, sizeof aligned, 3, 3), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_game_init(&game, (char *)aligned + 1, sizeof aligned - 1, 2, 2),
                 SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_init(&game, aligned, sizeof aligned, 3, 3), SAP_OK);
    CHECK_EQ_INT(sap_game_rows(game), 3);
    CHECK_EQ_INT(sap_game_cols(game), 3);
    CHECK_EQ_INT(sap_game_covered(game), 9);
    CHECK_EQ_INT(sap_game_set_mine(game, 3, 0, true), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_set_mine(game, 0, 3, true), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_set_mine(game, 1, 1, true), SAP_OK);
    CHECK_EQ_INT(sap_game_set_mine(game, 1, 1, true), SAP_OK);
    CHECK_EQ_INT(sap_game_mines(game), 1);
    CHECK_EQ_INT(sap_game_set_mine(game, 1, 1, false), SAP_OK);
    CHECK_EQ_INT(sap_game_mines(game), 0);
    CHECK_EQ_INT(sap_game_move(game, 0, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_move(game, 4, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_move(game, 1, 0, 1), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_move(game, 1, 4, 1), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_move(game, 1, 1, 4), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_covered(game), 9);
    CHECK_EQ_INT(sap_game_cell(game, 3, 0), '\0');
    CHECK_EQ_INT(sap_game_move(game, 2, 1, 1), SAP_RUNNING);
    /* the board is fixed once play has started */
    CHECK_EQ_INT(sap_game_set_mine(game, 0, 1, true), SAP_ERR_STATE);
    CHECK_EQ_INT(sap_game_set_random(game, 1, 1), SAP_ERR_STATE);

    /* an undrained reply is dropped by the next move, not mixed into it */
    b = board_new("_____/_____/_____");
    CHECK_EQ_INT(sap_game_move(b.game, 2, 3, 5), SAP_RUNNING);
    sap_game_reply(b.game, NULL, 0);
    CHECK_EQ_INT(sap_game_move(b.game, 1, 1, 1), SAP_RUNNING);
    {
        char piece[20];
        CHECK_EQ_INT(sap_game_reply(b.game, piece, sizeof piece), sizeof piece);
    }
    expect_move(b.game, 2, 3, 5, "RUNNING: [<3, 5, ?>]\n");
    expect_move(b.game, 1, 3, 5, "RUNNING: [<3, 5, 0>]\nWIN\n");
    board_free(&b);
}

/* ---- replies through small buffers -------------------------------------------- */

static void random_layout(char *layout, uint32_t rows, uint32_t cols, uint32_t percent)
{
    uint32_t r, c;
    size_t n = 0;
    for (r = 0; r < rows; r++) {
        if (r > 0)
            layout[n++] = '/';
        for (c = 0; c < cols; c++)
            layout[n++] = rnd(100) < percent ? '*' : '_';
    }
    layout[n] = '\0';
}

static void test_reply_buffer_sizes(void)
{
    static char layout[40 * 41 + 1];
    int round;
    for (round = 0; round < 60; round++) {
        uint32_t rows = 1 + rnd(40), cols = 1 + rnd(40);
        struct board a, b;
        int move;
        random_layout(layout, rows, cols, rnd(25));
        a = board_new(layout);
        b = board_new(layout);
        for (move = 0; move < 30; move++) {
            int op = 1 + (int)rnd(3);
            uint32_t x = 1 + rnd(rows), y = 1 + rnd(cols);
            size_t cap = round % 2 == 0 ? 1 : 1 + rnd(7);
            char *big, *small;
            CHECK_EQ_INT(sap_game_move(a.game, op, x, y), sap_game_move(b.game, op, x, y));
            big = reply_through(a.game, 1 << 16);
            small = reply_through(b.game, cap);
            CHECK_EQ_STR(small, big);
            free(big);
            free(small);
        }
        board_free(&a);
        board_free(&b);
    }
}

/* One click opens a whole 1000 x 1000 board: a million changes streamed
 * through a 100-byte buffer, checked piece by piece as they come. */
static void test_million_cell_opening(void)
{
    uint32_t rows = SAP_MAX_ROWS, cols = SAP_MAX_COLS;
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    void *memory = malloc(bytes);
    sap_game *game = NULL;
    char expect[64], buf[100];
    size_t expect_len = 0, expect_pos = 0, total = 0;
    uint32_t r = 0, c = 0, cells_seen = 0;
    bool ok = true, in_cells = false, tail = false;
    const char *tail_text = "]\nWIN\n";
    size_t tail_pos = 0, head_pos = 0;
    const char *head = "RUNNING: [";

    if (!CHECK(memory != NULL))
        return;
    CHECK_EQ_INT(sap_game_init(&game, memory, bytes, rows, cols), SAP_OK);
    CHECK_EQ_INT(sap_game_move(game, 1, 500, 321), SAP_WIN);
    CHECK_EQ_INT(sap_game_covered(game), 0);
    for (;;) {
        size_t n = sap_game_reply(game, buf, sizeof buf), i;
        if (n == 0)
            break;
        total += n;
        for (i = 0; i < n && ok; i++) {
            char ch = buf[i];
            if (!in_cells && !tail) {
                ok = ch == head[head_pos++];
                if (head[head_pos] == '\0')
                    in_cells = true;
                continue;
            }
            if (in_cells && expect_pos == expect_len) {
                if (r == rows) {
                    in_cells = false;
                    tail = true;
                } else {
                    expect_len = (size_t)snprintf(expect, sizeof expect, "%s<%u, %u, 0>",
                                                  r == 0 && c == 0 ? "" : ", ",
                                                  (unsigned)(r + 1), (unsigned)(c + 1));
                    expect_pos = 0;
                    cells_seen++;
                    if (++c == cols) {
                        c = 0;
                        r++;
                    }
                }
            }
            if (in_cells)
                ok = ch == expect[expect_pos++];
            else
                ok = tail_text[tail_pos] != '\0' && ch == tail_text[tail_pos++];
        }
        if (!ok)
            break;
    }
    CHECK(ok);
    CHECK_EQ_INT(cells_seen, rows * cols);
    CHECK(tail && tail_text[tail_pos] == '\0');
    CHECK(total > 10000000);
    /* the board is left clean: the next move's reply is just its own */
    CHECK_EQ_INT(sap_game_move(game, 2, 1, 1), SAP_INVALID);
    free(memory);

    /* a single number on a huge board: its reply is one change */
    memory = malloc(bytes);
    CHECK_EQ_INT(sap_game_init(&game, memory, bytes, rows, cols), SAP_OK);
    CHECK_EQ_INT(sap_game_set_mine(game, 999, 998, true), SAP_OK);
    expect_move(game, 1, 1000, 1000, "RUNNING: [<1000, 1000, 1>]\n");
    expect_move(game, 2, 999, 999, "RUNNING: [<999, 999, P>]\n");
    free(memory);
}

/* ---- random boards ---------------------------------------------------------------- */

static uint32_t count_mines(const sap_game *game)
{
    uint32_t r, c, n = 0;
    for (r = 0; r < sap_game_rows(game); r++)
        for (c = 0; c < sap_game_cols(game); c++)
            n += sap_game_mine_at(game, r, c);
    return n;
}

static void test_random_boards(void)
{
    static const uint32_t sizes[][3] = {
        /* rows, cols, mines */
        { 9, 9, 10 }, { 16, 30, 99 }, { 5, 5, 16 },        { 5, 5, 17 },
        { 5, 5, 24 }, { 1, 1, 0 },    { 1, 7, 3 },         { 1, 7, 5 },
        { 7, 1, 6 },  { 2, 2, 3 },    { 200, 200, 10000 },
    };
    size_t s;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        uint32_t rows = sizes[s][0], cols = sizes[s][1], mines = sizes[s][2];
        size_t bytes = SAP_GAME_BYTES(rows, cols);
        void *m1 = malloc(bytes), *m2 = malloc(bytes);
        sap_game *g1, *g2;
        uint32_t seed, click;
        for (seed = 0; seed < 12; seed++) {
            uint32_t x = 1 + rnd(rows), y = 1 + rnd(cols), r, c, block = 0;
            bool same = true, clear;
            int outcome;
            CHECK_EQ_INT(sap_game_init(&g1, m1, bytes, rows, cols), SAP_OK);
            CHECK_EQ_INT(sap_game_set_random(g1, mines, seed), SAP_OK);
            CHECK_EQ_INT(sap_game_mines(g1), mines);
            CHECK_EQ_INT(count_mines(g1), 0); /* nothing laid before the click */
            /* a flag does not lay the mines; a left click on it does nothing */
            CHECK_EQ_INT(sap_game_move(g1, 2, x, y), SAP_RUNNING);
            CHECK_EQ_INT(sap_game_move(g1, 1, x, y), SAP_RUNNING);
            CHECK_EQ_INT(count_mines(g1), 0);
            CHECK_EQ_INT(sap_game_move(g1, 2, x, y), SAP_RUNNING);
            outcome = move_in_steps(g1, 1, x, y, budgets[(x + y) % 3], NULL);
            CHECK(outcome == SAP_RUNNING || outcome == SAP_WIN);
            CHECK(sap_game_cell(g1, x - 1, y - 1) >= '0'
                  && sap_game_cell(g1, x - 1, y - 1) <= '8');
            CHECK_EQ_INT(count_mines(g1), mines);
            for (r = x > 1 ? x - 2 : 0; r <= x && r < rows; r++)
                for (c = y > 1 ? y - 2 : 0; c <= y && c < cols; c++)
                    block++;
            clear = true;
            for (r = x > 1 ? x - 2 : 0; r <= x && r < rows; r++)
                for (c = y > 1 ? y - 2 : 0; c <= y && c < cols; c++)
                    clear = clear && !sap_game_mine_at(g1, r, c);
            if (mines <= rows * cols - block) {
                CHECK(clear);
                CHECK_EQ_INT(sap_game_cell(g1, x - 1, y - 1), '0');
            }
            /* the same seed and click give the same board */
            CHECK_EQ_INT(sap_game_init(&g2, m2, bytes, rows, cols), SAP_OK);
            CHECK_EQ_INT(sap_game_set_random(g2, mines, seed), SAP_OK);
            CHECK_EQ_INT(sap_game_move(g2, 1, x, y), outcome);
            for (r = 0; r < rows; r++)
                for (c = 0; c < cols; c++)
                    same = same && sap_game_mine_at(g1, r, c) == sap_game_mine_at(g2, r, c);
            CHECK(same);
        }
        /* different seeds give different boards (when there is room to differ) */
        if (mines > 0 && mines + 9 < rows * cols) {
            uint32_t differ = 0;
            for (seed = 1; seed < 6; seed++) {
                uint32_t r, c;
                bool same = true;
                CHECK_EQ_INT(sap_game_init(&g1, m1, bytes, rows, cols), SAP_OK);
                CHECK_EQ_INT(sap_game_set_random(g1, mines, seed), SAP_OK);
                CHECK_EQ_INT(sap_game_init(&g2, m2, bytes, rows, cols), SAP_OK);
                CHECK_EQ_INT(sap_game_set_random(g2, mines, seed + 1000), SAP_OK);
                click = 1;
                sap_game_move(g1, 1, click, click);
                sap_game_move(g2, 1, click, click);
                for (r = 0; r < rows; r++)
                    for (c = 0; c < cols; c++)
                        same = same && sap_game_mine_at(g1, r, c) == sap_game_mine_at(g2, r, c);
                differ += !same;
            }
            CHECK(differ >= 4);
        }
        CHECK_EQ_INT(sap_game_init(&g1, m1, bytes, rows, cols), SAP_OK);
        CHECK_EQ_INT(sap_game_set_random(g1, rows * cols, 1), SAP_ERR_ARG);
        free(m1);
        free(m2);
    }
}

/* The layout is part of the contract (the same seed gives the same board on
 * every target): pin one. */
static void test_random_board_is_stable(void)
{
    struct board b = board_new("_____/_____/_____/_____");
    CHECK_EQ_INT(sap_game_set_random(b.game, 5, 42), SAP_OK);
    CHECK_EQ_INT(sap_game_set_mine(b.game, 0, 0, true), SAP_ERR_STATE);
    sap_game_move(b.game, 1, 1, 1);
    {
        char got[64];
        uint32_t r, c;
        size_t n = 0;
        for (r = 0; r < 4; r++) {
            if (r > 0)
                got[n++] = '/';
            for (c = 0; c < 5; c++)
                got[n++] = sap_game_mine_at(b.game, r, c) ? '*' : '_';
        }
        got[n] = '\0';
        /* recorded from the first run; a change here changes every seeded game */
        CHECK_EQ_STR(got, "__*__/___*_/__*__/*___*");
    }
    board_free(&b);
}

/* ---- differential run against the reference ------------------------------------- */

static void test_against_reference(void)
{
    static const uint32_t densities[] = { 0, 3, 8, 15, 25, 40, 70, 100 };
    char *ref_mines;
    int round, games = 5000, lines = 0;

    ref_mines = malloc(64 * 64);
    for (round = 0; round < games; round++) {
        uint32_t rows, cols, r, c, percent = densities[rnd(8)];
        size_t bytes, n = 0;
        void *memory;
        sap_game *game;
        struct ref_game *ref;
        int move, moves, kind = (int)rnd(10);
        bool failed = false;

        if (kind == 0) {
            rows = 1;
            cols = 1 + rnd(60);
        } else if (kind == 1) {
            rows = 1 + rnd(60);
            cols = 1;
        } else if (kind == 2) {
            rows = 1 + rnd(3);
            cols = 1 + rnd(3);
        } else {
            rows = 2 + rnd(16);
            cols = 2 + rnd(16);
        }
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                ref_mines[n++] = rnd(100) < percent ? '*' : '_';
        bytes = SAP_GAME_BYTES(rows, cols);
        memory = malloc(bytes);
        CHECK_EQ_INT(sap_game_init(&game, memory, bytes, rows, cols), SAP_OK);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                sap_game_set_mine(game, r, c, ref_mines[r * cols + c] == '*');
        ref = ref_game_new((int)rows, (int)cols, ref_mines);
        moves = (int)rnd(80);
        for (move = 0; move < moves && !failed; move++) {
            int op, mix = (int)rnd(100);
            uint32_t x = 1 + rnd(rows), y = 1 + rnd(cols), tries;
            const char *want;
            char *got;
            /* steer chords to opened cells and clicks to covered ones, so that
             * most operations do something */
            op = mix < 45 ? 1 : mix < 70 ? 2 : 3;
            for (tries = 0; tries < 8; tries++) {
                char cell = ref_game_cell(ref, (int)x - 1, (int)y - 1);
                bool opened = cell >= '0' && cell <= '8';
                if ((op == 3) == opened)
                    break;
                x = 1 + rnd(rows);
                y = 1 + rnd(cols);
            }
            CHECK_EQ_INT(move_in_steps(game, op, x, y, budgets[round % 3], NULL) >= 0, 1);
            want = ref_game_move(ref, op, (int)x, (int)y);
            got = reply_through(game, rnd(4) == 0 ? 1 + rnd(12) : 4096);
            lines++;
            if (!CHECK_EQ_STR(got, want)) {
                fprintf(stderr, "round %d, move %d: op %d at %u %u on %ux%u\n", round, move, op,
                        (unsigned)x, (unsigned)y, (unsigned)rows, (unsigned)cols);
                failed = true;
            }
            free(got);
            CHECK_EQ_INT(sap_game_state(game), ref_game_state(ref));
            CHECK_EQ_INT(sap_game_covered(game), ref_game_covered(ref));
            for (r = 0; r < rows && !failed; r++)
                for (c = 0; c < cols; c++)
                    if (!CHECK_EQ_INT(sap_game_cell(game, r, c),
                                      ref_game_cell(ref, (int)r, (int)c))) {
                        failed = true;
                        break;
                    }
        }
        ref_game_free(ref);
        free(memory);
        if (failed)
            break;
    }
    free(ref_mines);
    CHECK(lines > 50000);
}

/* One step call does about its budget and no more: the first click on a
 * 1000 x 1000 random board (laying 100 mines, then opening nearly all of
 * it) takes over 2000 calls of 1000 steps, and ends exactly as one
 * unbounded move does, reply and all. */
static void test_bounded_steps(void)
{
    uint32_t rows = SAP_MAX_ROWS, cols = SAP_MAX_COLS;
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    void *m1 = malloc(bytes), *m2 = malloc(bytes);
    sap_game *g1, *g2;
    unsigned long calls = 0;
    char *a, *b;

    if (!CHECK(m1 != NULL && m2 != NULL)) {
        free(m1);
        free(m2);
        return;
    }
    CHECK_EQ_INT(sap_game_init(&g1, m1, bytes, rows, cols), SAP_OK);
    CHECK_EQ_INT(sap_game_init(&g2, m2, bytes, rows, cols), SAP_OK);
    CHECK_EQ_INT(sap_game_set_random(g1, 100, 7), SAP_OK);
    CHECK_EQ_INT(sap_game_set_random(g2, 100, 7), SAP_OK);
    CHECK_EQ_INT(move_in_steps(g1, 1, 500, 500, 1000, &calls), sap_game_move(g2, 1, 500, 500));
    CHECK(calls > 2000);
    CHECK_EQ_INT(sap_game_covered(g1), sap_game_covered(g2));
    CHECK(sap_game_covered(g1) < rows * cols / 2);
    a = reply_through(g1, 4096);
    b = reply_through(g2, 4096);
    CHECK(strcmp(a, b) == 0);
    free(a);
    free(b);
    /* a chord whose neighbours open big regions, one budget at a time */
    CHECK_EQ_INT(sap_game_init(&g1, m1, bytes, 3, 3), SAP_OK);
    CHECK_EQ_INT(sap_game_move_begin(NULL, 1, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_move_step(NULL, 1), SAP_ERR_ARG);
    CHECK(!sap_game_busy(NULL));
    free(m1);
    free(m2);
}

/* sap_dec against printf: every number up to 100,000, the powers of ten
 * and their neighbours, and the top of the range. */
static void test_decimal(void)
{
    uint32_t v, p = 1;
    char want[16], got[16];
    int bad = 0;
    for (v = 0; v <= 100000 && bad < 3; v++) {
        got[sap_dec(got, v)] = '\0';
        snprintf(want, sizeof want, "%u", (unsigned)v);
        bad += !CHECK_EQ_STR(got, want);
    }
    for (;;) {
        uint32_t tries[3] = { p - 1, p, p + 1 };
        int k;
        for (k = 0; k < 3; k++) {
            got[sap_dec(got, tries[k])] = '\0';
            snprintf(want, sizeof want, "%u", (unsigned)tries[k]);
            CHECK_EQ_STR(got, want);
        }
        if (p > UINT32_MAX / 10u)
            break;
        p *= 10u;
    }
    got[sap_dec(got, UINT32_MAX)] = '\0';
    CHECK_EQ_STR(got, "4294967295");
    CHECK_EQ_INT(sap_dec(got, UINT32_MAX), SAP_DEC_MAX);
}

/* set_row loads a row as set_mine would, cell by cell, and refuses a bad
 * byte, a run off the board or a started game without changing anything. */
static void test_set_row(void)
{
    struct board a = board_new("____________/____________/____________");
    struct board b = board_new("____________/____________/____________");
    const char *row = "*__*_*****_*"; /* 12 cells: a word and a tail */
    uint32_t c;
    char before[64], after[64];

    CHECK_EQ_INT(sap_game_set_row(a.game, 1, 0, row, 12), SAP_OK);
    for (c = 0; c < 12; c++)
        CHECK_EQ_INT(sap_game_set_mine(b.game, 1, c, row[c] == '*'), SAP_OK);
    CHECK_EQ_INT(sap_game_mines(a.game), 8);
    map_of(b.game, before);
    CHECK_EQ_INT(sap_game_move(a.game, 1, 3, 3), sap_game_move(b.game, 1, 3, 3));
    map_of(a.game, after);
    map_of(b.game, before);
    CHECK_EQ_STR(after, before);
    board_free(&a);
    board_free(&b);

    a = board_new("____________/____________");
    CHECK_EQ_INT(sap_game_set_row(a.game, 0, 2, "**__*", 5), SAP_OK);
    CHECK_EQ_INT(sap_game_mines(a.game), 3);
    CHECK_EQ_INT(sap_game_set_row(a.game, 0, 2, "____", 4), SAP_OK); /* clears */
    CHECK_EQ_INT(sap_game_mines(a.game), 1);
    CHECK_EQ_INT(sap_game_set_row(a.game, 1, 0, "________M___", 12), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_row(a.game, 1, 0, "*******.", 8), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_row(a.game, 1, 8, "*****", 5), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_set_row(a.game, 2, 0, "*", 1), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_game_set_row(NULL, 0, 0, "*", 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_mines(a.game), 1);
    CHECK_EQ_INT(sap_game_move(a.game, 2, 2, 2), SAP_RUNNING);
    CHECK_EQ_INT(sap_game_set_row(a.game, 1, 0, "*", 1), SAP_ERR_STATE);
    CHECK_EQ_INT(sap_game_mines(a.game), 1);
    board_free(&a);
}

/* The changes of a move as the iterator gives them, written as boom's
 * reply line: the text the reply writer gives must be this, byte for byte. */
static void changes_as_text(sap_game *game, int outcome, char *out)
{
    struct sap_change ch;
    size_t n = 0;
    bool first = true;
    if (outcome == SAP_RUNNING || outcome == SAP_WIN) {
        n += (size_t)sprintf(out + n, "RUNNING: [");
        while (sap_game_next_change(game, &ch)) {
            n += (size_t)sprintf(out + n, "%s<%u, %u, %c>", first ? "" : ", ",
                                 (unsigned)ch.row + 1, (unsigned)ch.col + 1, ch.value);
            first = false;
        }
        n += (size_t)sprintf(out + n, "]\n");
    }
    CHECK(!sap_game_next_change(game, &ch)); /* each change is given once */
    sprintf(out + n, "%s",
            outcome == SAP_WIN       ? "WIN\n"
            : outcome == SAP_LOSE    ? "LOSE\n"
            : outcome == SAP_INVALID ? "INVALID\n"
                                     : "");
}

/* Random games played twice in step, one copy answered by the reply
 * writer, the other by the change iterator: the same text every move. */
static void test_change_iterator(void)
{
    static char text[1 << 16];
    int round, compared = 0;
    for (round = 0; round < 400; round++) {
        uint32_t rows = 1 + rnd(24), cols = 1 + rnd(24), r, c, percent = rnd(30);
        size_t bytes = SAP_GAME_BYTES(rows, cols);
        void *ma = malloc(bytes), *mb = malloc(bytes);
        sap_game *a, *b;
        int move;
        CHECK_EQ_INT(sap_game_init(&a, ma, bytes, rows, cols), SAP_OK);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                sap_game_set_mine(a, r, c, rnd(100) < percent);
        memcpy(mb, ma, bytes);
        b = (sap_game *)mb;
        for (move = 0; move < 60; move++) {
            int op = 1 + (int)rnd(3), oa, ob;
            uint32_t x = 1 + rnd(rows), y = 1 + rnd(cols);
            char *got;
            oa = sap_game_move(a, op, x, y);
            ob = sap_game_move(b, op, x, y);
            CHECK_EQ_INT(oa, ob);
            got = reply_through(a, rnd(3) == 0 ? 1 + rnd(9) : 4096);
            changes_as_text(b, ob, text);
            if (!CHECK_EQ_STR(got, text)) {
                free(got);
                break;
            }
            free(got);
            compared++;
        }
        free(ma);
        free(mb);
    }
    CHECK(compared > 10000);
}

/* Changes given by the iterator are not written again: the reply then has
 * only the rest, and a move's changes read half one way, half the other,
 * still cover each cell once. */
static void test_change_iterator_and_reply_share(void)
{
    struct board b = board_new("____/____/____/___*");
    struct sap_change ch;
    char *got;
    CHECK_EQ_INT(sap_game_move(b.game, 1, 1, 1), SAP_WIN);
    CHECK(sap_game_next_change(b.game, &ch));
    CHECK_EQ_INT(ch.row, 0);
    CHECK_EQ_INT(ch.col, 0);
    CHECK_EQ_INT(ch.value, '0');
    CHECK(sap_game_next_change(b.game, &ch));
    CHECK_EQ_INT(ch.col, 1);
    got = reply_through(b.game, 4096);
    CHECK_EQ_STR(got, "RUNNING: [<1, 3, 0>, <1, 4, 0>, <2, 1, 0>, <2, 2, 0>, <2, 3, 0>, "
                      "<2, 4, 0>, <3, 1, 0>, <3, 2, 0>, <3, 3, 1>, <3, 4, 1>, <4, 1, 0>, "
                      "<4, 2, 0>, <4, 3, 1>]\nWIN\n");
    free(got);
    CHECK(!sap_game_next_change(b.game, &ch));
    CHECK(!sap_game_next_change(NULL, &ch));
    CHECK(!sap_game_next_change(b.game, NULL));
    board_free(&b);
}

int main(void)
{
    RUN_TEST(test_decimal);
    RUN_TEST(test_statement_games);
    RUN_TEST(test_flag_cycle);
    RUN_TEST(test_left_on_marks);
    RUN_TEST(test_chord);
    RUN_TEST(test_flood_stops_at_flag_opens_question);
    RUN_TEST(test_win_lose_invalid);
    RUN_TEST(test_one_by_one);
    RUN_TEST(test_arguments);
    RUN_TEST(test_reply_buffer_sizes);
    RUN_TEST(test_million_cell_opening);
    RUN_TEST(test_random_boards);
    RUN_TEST(test_random_board_is_stable);
    RUN_TEST(test_against_reference);
    RUN_TEST(test_bounded_steps);
    RUN_TEST(test_set_row);
    RUN_TEST(test_change_iterator);
    RUN_TEST(test_change_iterator_and_reply_share);
    return check_summary("test_game");
}
