/*
 * test_session.c - the protocol engine: every request and ERR path, framing
 * (CRLF, blank lines, over-long lines, pipelining, 1-byte chunks and
 * polls), memory discipline, JUDGE streams and judge-only mode.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/ref_game.h"
#include "lib/session_drive.h"
#include "sapper.h"

/* The whole transcript of `input` through a fresh session (all at once,
 * then EOF); the memory provider must hold nothing afterwards. */

#define USAGE_NEW                                                                              \
    "ERR usage: NEW <rows> <cols> [<mines> [<seed>] [CASUAL|NOGUESS]] "                        \
    "or NEW BEGINNER|INTERMEDIATE|EXPERT [<seed>] [<level>]\n"

/* Every byte of `out` belongs to a line that ends with '\n'. */
static bool lines_complete(const char *out, size_t length)
{
    return length == 0 || out[length - 1] == '\n';
}

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* ---- requests that need no solver -------------------------------------- */

static void test_help(void)
{
    char *out = session_talk("HELP\n");
    CHECK_EQ_INT(strlen(out), SAP_SESSION_HELP_BYTES);
    CHECK_EQ_INT(count_lines(out), SAP_SESSION_HELP_LINES);
    CHECK(strncmp(out, "NEW ", 4) == 0);
    CHECK(strstr(out, "\nBYE") != NULL);
    CHECK(strstr(out, "JUDGE BOOM|CASUAL|MASTER|NURIKABE") != NULL);
    free(out);
    session_expect("HELP me\n", "ERR usage: HELP\n");
}

static void test_keywords_case_insensitive(void)
{
    char *a = session_talk("HELP\n"), *b = session_talk("help\n"),
         *c = session_talk("hElP\r\n");
    CHECK_EQ_STR(b, a);
    CHECK_EQ_STR(c, a);
    free(a);
    free(b);
    free(c);
    session_expect("bye\n", "BYE\n");
    session_expect("Show\n", "ERR no game: start one with NEW\n");
    session_expect("jUdGe nothing\n",
                   "ERR unknown format 'nothing': JUDGE BOOM|CASUAL|MASTER|NURIKABE\n");
}

static void test_unknown_and_usage(void)
{
    session_expect("FOO\n", "ERR unknown request 'FOO' (HELP lists them)\n");
    session_expect("4 1 1\n", "ERR unknown request '4' (HELP lists them)\n");
    session_expect("01 1 1\n", "ERR unknown request '01' (HELP lists them)\n");
    session_expect("NEWS 1 1\n", "ERR unknown request 'NEWS' (HELP lists them)\n");
    session_expect("NEW\n", USAGE_NEW);
    session_expect("NEW 1\n", USAGE_NEW);
    session_expect("NEW 1 2 CASUAL\n", USAGE_NEW); /* a board's rows have no level */
    session_expect("NEW CASUAL\n", USAGE_NEW);
    session_expect("NEW EXPERT 1 2 3\n", USAGE_NEW); /* six places of five */
    session_expect("NEW 1 2 3 4 5\n", "ERR unknown level '5': CASUAL or NOGUESS\n");
    session_expect("NEW EXPERT 1 HARD\n", "ERR unknown level 'HARD': CASUAL or NOGUESS\n");
    session_expect("NEW 1 2 3 4 CASUAL 6\n", USAGE_NEW);
    session_expect("1 1\n", "ERR usage: 1|2|3 <x> <y>\n");
    session_expect("2 1 1 1\n", "ERR usage: 1|2|3 <x> <y>\n");
    session_expect("0 1\n", "ERR usage: 0\n");
    session_expect("SHOW 1\n", "ERR usage: SHOW\n");
    session_expect("CASUAL 3\n", "ERR usage: CASUAL <r> <c>\n");
    session_expect("CASUALMAP 3 3 3\n", "ERR usage: CASUALMAP <r> <c>\n");
    session_expect("MASTER 3 3\n", "ERR usage: MASTER <R> <C> <M>\n");
    session_expect("NURIKABE 3 3\n", "ERR usage: NURIKABE <r> <c> <d>\n");
    session_expect("JUDGE\n", "ERR usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE\n");
    session_expect("JUDGE BOOM NOW\n", "ERR usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE\n");
    session_expect("BYE now\n", "ERR usage: BYE\n");
}

static void test_numbers(void)
{
    session_expect("NEW 3 x\n", "ERR 'x' is not a number\n");
    session_expect("NEW 3 -3\n", "ERR '-3' is not a number\n");
    session_expect("CASUAL +3 3\n", "ERR '+3' is not a number\n");
    session_expect("NEW 4294967296 3\n",
                   "ERR '4294967296' is too large: numbers go up to 4294967295\n");
    session_expect("NEW 3 99999999999999999999\n",
                   "ERR '99999999999999999999' is too large: numbers go up to 4294967295\n");
    session_expect("1 4294967295 1\n", "ERR no game: start one with NEW\n");
    session_expect("1 4294967296 1\n",
                   "ERR '4294967296' is too large: numbers go up to 4294967295\n");
    session_expect("MASTER 1 1 1x\n", "ERR '1x' is not a number\n");
    /* NEW's first word may be a preset: one that is neither is told so
     * (test_session_person.c) */
    session_expect("NEW hard\n",
                   "ERR 'hard' is not a number or a preset: BEGINNER, INTERMEDIATE, EXPERT\n");
}

static void test_sizes(void)
{
    char line[128];
    session_expect("NEW 0 3\n", "ERR r must be at least 1\n");
    session_expect("NEW 3 0 1 1\n", "ERR c must be at least 1\n");
    char want[128];
    snprintf(line, sizeof line, "NEW %u 1\n", SAP_MAX_ROWS + 1u);
    snprintf(want, sizeof want, "ERR r is over this build's limit of %u rows\n", SAP_MAX_ROWS);
    session_expect(line, want);
    snprintf(line, sizeof line, "CASUAL 1 %u\n", SAP_MAX_COLS + 1u);
    snprintf(want, sizeof want, "ERR c is over this build's limit of %u columns\n",
             SAP_MAX_COLS);
    session_expect(line, want);
    snprintf(line, sizeof line, "MASTER %u 1 0\n", SAP_MAX_ROWS + 1u);
    snprintf(want, sizeof want, "ERR r is over this build's limit of %u rows\n", SAP_MAX_ROWS);
    session_expect(line, want);
    snprintf(line, sizeof line, "NURIKABE 1 %u 0\n", SAP_MAX_COLS + 1u);
    snprintf(want, sizeof want, "ERR c is over this build's limit of %u columns\n",
             SAP_MAX_COLS);
    session_expect(line, want);
    session_expect("NEW 2 2 4 1\n", "ERR too many mines: a 2 x 2 board holds at most 3\n");
    session_expect("NEW 2 3 7\n", "ERR too many mines: a 2 x 3 board holds at most 5\n");
    session_expect("MASTER 2 2 4\n", "ERR too many mines: a 2 x 2 board holds at most 3\n");
    session_expect("NURIKABE 2 2 5\n", "ERR more numbers than cells: d is 5, the grid has 4\n");
    /* A refused request line expects no rows: the next line is a request. */
    session_expect("NEW 0 3\nHELP me\n", "ERR r must be at least 1\nERR usage: HELP\n");
}

static void test_no_game(void)
{
    session_expect("1 1 1\n", "ERR no game: start one with NEW\n");
    session_expect("2 1 1\n3 1 1\nSHOW\n",
                   "ERR no game: start one with NEW\nERR no game: start one with NEW\n"
                   "ERR no game: start one with NEW\n");
    session_expect("0\n", "OK\n");
}

static void test_blank_lines_and_crlf(void)
{
    session_expect("\n\n \t \n\r\n", "");
    session_expect("  HELP me  \r\n", "ERR usage: HELP\n");
    session_expect("\tbye\t\r\n", "BYE\n");
    /* a lone '\r' ends a line too (what a serial terminal sends for Enter):
     * BYE is answered, and what follows is discarded */
    session_expect("BYE\rX\n", "BYE\n");
    session_expect("HELP me\rSHOW\r\r\n\rbye\r", "ERR usage: HELP\n"
                                                 "ERR no game: start one with NEW\nBYE\n");
}

static void test_bye_closes(void)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    const char *in = "BYE\nHELP\nHELP\n";
    size_t used;

    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    CHECK(!sap_session_closing(&s));
    used = session_drive(&s, in, strlen(in), 0, 4096, false, &o);
    CHECK_EQ_INT(used, strlen(in)); /* discarded, not refused */
    CHECK_EQ_STR(o.text.bytes, "BYE\n");
    CHECK(sap_session_closing(&s));
    sap_session_release(&s);
    session_output_free(&o);
}

static void test_eof(void)
{
    struct sap_session s;
    struct session_output o = { 0 };

    /* a last line without its line end is answered */
    session_expect("bye", "BYE\n");
    session_expect("HELP x", "ERR usage: HELP\n");
    /* a board cut short by EOF is answered, and gives its block back */
    session_expect("NEW 2 2\n__\n",
                   "ERR input ended inside a request, with 1 of its lines to come\n");
    session_expect("NEW 2 2\n__\n_*", "OK 2 2 1\n");
    session_expect("NEW 1 1\n_\nNEW 2 2\n__\n\n",
                   "OK 1 1 0\nERR input ended inside a request, with 1 of its lines to come\n");
    sap_session_init(&s, NULL);
    session_drive(&s, "", 0, 0, 64, true, &o);
    CHECK(sap_session_closing(&s));
    CHECK_EQ_STR(o.text.bytes, "");
    sap_session_release(&s);
    session_output_free(&o);
}

/* ---- games ------------------------------------------------------------- */

static void test_game_hand_worked(void)
{
    session_expect(
        "NEW 3 3\n__*\n___\n___\n1 3 1\n0\n1 1 1\n",
        "OK 3 3 1\n"
        "RUNNING: [<1, 1, 0>, <1, 2, 1>, <2, 1, 0>, <2, 2, 1>, <2, 3, 1>, <3, 1, 0>, "
        "<3, 2, 0>, <3, 3, 0>]\nWIN\n"
        "OK\n"
        "ERR no game: start one with NEW\n");
    /* flags, a chord, a loss, INVALID after it, then 0 says OK */
    session_expect(
        "new 2 2\n_*\n__\n2 1 2\n2 1 2\n2 1 2\n1 1 1\n3 1 1\n1 2 2\nSHOW\n1 2 1\n0\n",
        "OK 2 2 1\n"
        "RUNNING: [<1, 2, P>]\nRUNNING: [<1, 2, ?>]\nRUNNING: [<1, 2, _>]\n"
        "RUNNING: [<1, 1, 1>]\nRUNNING: []\nRUNNING: [<2, 2, 1>]\n"
        "1 _\n_ 1\n"
        "RUNNING: [<2, 1, 1>]\nWIN\n"
        "OK\n");
    session_expect("NEW 1 2\n*_\n1 1 1\n1 1 2\n0\n", "OK 1 2 1\nLOSE\nINVALID\nOK\n");
    /* 0 while running: QUIT, and the game is gone */
    session_expect(
        "NEW 1 3\n__*\n2 1 3\n0\nSHOW\n0\n",
        "OK 1 3 1\nRUNNING: [<1, 3, P>]\nQUIT\nERR no game: start one with NEW\nOK\n");
}

/* The game core/PROTOCOL.md shows (tests/t_doc_sessions.sh runs it too). */
static void test_readme_example(void)
{
    session_expect("NEW 2 3\n__*\n___\n1 2 1\n2 1 3\nshow\n1 2 3\n0\n",
                   "OK 2 3 1\nRUNNING: [<1, 1, 0>, <1, 2, 1>, <2, 1, 0>, <2, 2, 1>]\n"
                   "RUNNING: [<1, 3, P>]\n0 1 P\n0 1 _\nRUNNING: [<2, 3, 1>]\nWIN\nOK\n");
}

static void test_game_coordinates(void)
{
    const char *board = "NEW 3 4\n____\n_*__\n____\n";
    char in[256];
    const char *bad[] = { "1 0 1", "1 4 1", "1 1 0", "1 1 5", "2 4 4", "3 9 9" };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(in, sizeof in, "%s%s\nSHOW\n", board, bad[i]);
        session_expect(in, "OK 3 4 1\nERR coordinate outside the board: rows 1-3, columns 1-4\n"
                           "_ _ _ _\n_ _ _ _\n_ _ _ _\n");
    }
    snprintf(in, sizeof in, "%s1 1 2\n2 3 4\n", board);
    session_expect(in, "OK 3 4 1\nRUNNING: [<1, 2, 1>]\nRUNNING: [<3, 4, P>]\n");
}

static void test_new_bad_rows_keep_the_old_game(void)
{
    const char *old = "NEW 2 3\n__*\n___\n2 1 1\n";
    const char *old_reply = "OK 2 3 1\nRUNNING: [<1, 1, P>]\n";
    const char *after = "SHOW\n1 2 1\n";
    const char *after_reply = "P _ _\n_ _ _\nRUNNING: [<1, 2, 1>, <2, 1, 0>, <2, 2, 1>]\n";
    struct {
        const char *rows, *err;
    } cases[] = {
        { "NEW 2 3\n___\n_x_\n", "ERR row 2 holds 'x': cells are '*' or '_'\n" },
        { "NEW 2 3\n____\n___\n", "ERR row 1 has more cells than the board's 3\n" },
        { "NEW 2 3\n__\n___\n", "ERR row 1 has 2 cells, fewer than the board's 3\n" },
        { "NEW 2 3\n_ _ _\n___\n", "ERR row 1 is not one word of 3 cells\n" },
        { "NEW 2 3\n_*_\n*.*\n", "ERR row 2 holds '.': cells are '*' or '_'\n" },
        /* the first bad row is the one reported; blank lines do not count */
        { "NEW 2 3\n\n_?_\n\r\n___x\n", "ERR row 1 holds '?': cells are '*' or '_'\n" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        char in[256], want[512];
        snprintf(in, sizeof in, "%s%s%s", old, cases[i].rows, after);
        snprintf(want, sizeof want, "%s%s%s", old_reply, cases[i].err, after_reply);
        session_expect(in, want);
    }
    /* a good NEW replaces it */
    session_expect("NEW 2 3\n__*\n___\n2 1 1\nNEW 1 1\n_\nSHOW\n",
                   "OK 2 3 1\nRUNNING: [<1, 1, P>]\nOK 1 1 0\n_\n");
}

/* A provider that refuses a second GAME block: the NEW is refused and the
 * current game plays on, whatever the NEW held; once 0 ends it, NEW works. */
static void test_new_refused_keeps_the_game(void)
{
    struct session_memory m;
    char *out;
    const char *in = "NEW 1 2\n_*\nNEW 1 2\n_x\nSHOW\nNEW 2 2 1 5\n0\nNEW 1 2\n*_\n1 1 2\n0\n";

    session_memory_init(&m);
    m.max_blocks[SAP_MEMORY_GAME] = 1;
    out = session_transcript(&m, in, strlen(in), 0, 4096);
    CHECK_EQ_STR(out,
                 "OK 1 2 1\n"
                 "ERR not enough memory for this board beside the current game (0 ends it)\n"
                 "_ _\n"
                 "ERR not enough memory for this board beside the current game (0 ends it)\n"
                 "QUIT\nOK 1 2 1\nRUNNING: [<1, 2, 1>]\nWIN\nOK\n");
    CHECK_EQ_INT(m.held_bytes, 0);
    free(out);

    /* with room for two, the bad NEW is told by its row; peak = 2 games */
    session_memory_init(&m);
    out = session_transcript(&m, in, strlen(in), 0, 4096);
    CHECK(strstr(out, "OK 1 2 1\nERR row 1 holds 'x': cells are '*' or '_'\n_ _\nOK 2 2 1\n")
          != NULL);
    CHECK_EQ_INT(m.peak_bytes, SAP_GAME_BYTES(1, 2) + SAP_GAME_BYTES(2, 2));
    free(out);
}

static void test_random_game(void)
{
    char *a, *b, *c;
    const char *in = "NEW 9 9 10 42\n1 5 5\nSHOW\n";
    a = session_talk(in);
    b = session_talk(in);
    c = session_talk("NEW 9 9 10 43\n1 5 5\nSHOW\n");
    CHECK(strncmp(a, "OK 9 9 10\nRUNNING: [", 20) == 0);
    CHECK_EQ_STR(b, a);                    /* deterministic per seed */
    CHECK(strcmp(c, a) != 0);              /* and the seed matters */
    CHECK(strstr(a, "<5, 5, 0>") != NULL); /* 3x3 kept clear: it opens */
    free(a);
    free(b);
    free(c);
    /* every first click is safe, even on a board that is all mines but one */
    session_expect("NEW 2 2 3 9\n1 2 1\n", "OK 2 2 3\nRUNNING: [<2, 1, 3>]\nWIN\n");
    session_expect("NEW 1 1 0 0\n2 1 1\n2 1 1\n1 1 1\n",
                   "OK 1 1 0\nRUNNING: [<1, 1, P>]\n"
                   "RUNNING: [<1, 1, ?>]\nRUNNING: [<1, 1, 0>]\nWIN\n");
}

/* Random boards and moves: every reply equals the reference engine's,
 * SHOW equals its map, and every reply is within the documented bound. */
static void test_game_against_reference(void)
{
    uint32_t seed = 777;
    int round;
    for (round = 0; round < 200; round++) {
        struct session_memory m;
        struct sap_session s;
        struct session_output o = { 0 };
        int rows, cols, r, c, move;
        char mines[64], line[96];
        struct ref_game *ref;

#define NEXT() (seed = seed * 1664525u + 1013904223u, seed >> 8)
        rows = 1 + (int)(NEXT() % 7);
        cols = 1 + (int)(NEXT() % 8);
        for (r = 0; r < rows * cols; r++)
            mines[r] = NEXT() % 5 == 0 ? '*' : '_';
        ref = ref_game_new(rows, cols, mines);
        session_memory_init(&m);
        sap_session_init(&s, &m.memory);
        snprintf(line, sizeof line, "NEW %d %d\n", rows, cols);
        session_drive(&s, line, strlen(line), 0, 4096, false, &o);
        for (r = 0; r < rows; r++) {
            memcpy(line, mines + r * cols, (size_t)cols);
            line[cols] = '\n';
            session_drive(&s, line, (size_t)cols + 1, 0, 4096, false, &o);
        }
        CHECK(strncmp(o.text.bytes, "OK ", 3) == 0);
        for (move = 0; move < 12; move++) {
            int op = 1 + (int)(NEXT() % 3);
            int x = 1 + (int)(NEXT() % (uint32_t)rows), y = 1 + (int)(NEXT() % (uint32_t)cols);
            const char *want = ref_game_move(ref, op, x, y);
            o.text.length = 0;
            snprintf(line, sizeof line, "%d %d %d\n", op, x, y);
            session_drive(&s, line, strlen(line), (size_t)move % 3, 1 + (size_t)move % 6, false,
                          &o);
            if (!CHECK_EQ_STR(o.text.bytes, want))
                break;
            CHECK(o.text.length <= SAP_REPLY_MOVE_MAX(rows, cols));
        }
        o.text.length = 0;
        session_drive(&s, "SHOW\n", 5, 0, 3, false, &o);
        CHECK_EQ_INT(o.text.length, SAP_REPLY_SHOW_MAX(rows, cols));
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                CHECK_EQ_INT(o.text.bytes[(r * cols + c) * 2], ref_game_cell(ref, r, c));
        o.text.length = 0;
        session_drive(&s, "0\n", 2, 0, 4096, true, &o);
        CHECK_EQ_STR(o.text.bytes, ref_game_state(ref) == 0 ? "QUIT\n" : "OK\n");
        CHECK_EQ_INT(m.held_bytes, 0); /* 0 gave the game back */
        sap_session_release(&s);
        session_output_free(&o);
        ref_game_free(ref);
#undef NEXT
    }
}

/* The largest board: one click opens a million cells; the reply streams
 * through a small poll buffer and stays within its bound. */
static void test_game_largest_board(void)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    char line[64];
    size_t cells = (size_t)SAP_MAX_ROWS * SAP_MAX_COLS;

    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    snprintf(line, sizeof line, "NEW %u %u 0 1\n1 1 1\n", SAP_MAX_ROWS, SAP_MAX_COLS);
    session_drive(&s, line, strlen(line), 0, 1000, false, &o);
    CHECK(o.text.length <= SAP_REPLY_MAX + SAP_REPLY_MOVE_MAX(SAP_MAX_ROWS, SAP_MAX_COLS));
    CHECK(o.text.length > cells * 10);
    CHECK(strcmp(o.text.bytes + o.text.length - 5, "WIN\n") != 0
          || o.text.bytes[o.text.length - 6] == '\n');
    CHECK(strstr(o.text.bytes, "]\nWIN\n") != NULL);
    CHECK(m.peak_bytes
          <= SAP_SESSION_MEMORY_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS) - SAP_SESSION_BYTES);
    o.text.length = 0;
    session_drive(&s, "SHOW\n", 5, 0, 777, true, &o);
    CHECK_EQ_INT(o.text.length, SAP_REPLY_SHOW_MAX(SAP_MAX_ROWS, SAP_MAX_COLS));
    sap_session_release(&s);
    CHECK_EQ_INT(m.held_bytes, 0);
    session_output_free(&o);
}

/* ---- line limit -------------------------------------------------------- */

static char *repeat(char c, size_t n, const char *tail)
{
    size_t t = strlen(tail);
    char *s = malloc(n + t + 1);
    memset(s, c, n);
    memcpy(s + n, tail, t + 1);
    return s;
}

/* What an ERR quotes of a long word: its first 32 bytes. */
#define X32 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

static void test_line_limit(void)
{
    struct sap_session s;
    struct session_output o = { 0 };
    char *in;
    size_t used;

    /* exactly SAP_LINE_MAX bytes: a (bad) request, not a long line */
    in = repeat('x', SAP_LINE_MAX, "\nHELP me\n");
    session_expect(in, "ERR unknown request '" X32 "...' (HELP lists them)\nERR usage: HELP\n");
    free(in);
    in = repeat('x', SAP_LINE_MAX, "\r\nHELP me\r\n");
    session_expect(in, "ERR unknown request '" X32 "...' (HELP lists them)\nERR usage: HELP\n");
    free(in);

    /* one byte more: ERR at once, closing, the rest discarded unbuffered */
    in = repeat('x', SAP_LINE_MAX + 1, "\nHELP\n");
    session_expect(in, "ERR line too long\n");
    free(in);
    in = repeat('x', SAP_LINE_MAX, "\rHELP me\r");
    session_expect(in, "ERR unknown request '" X32 "...' (HELP lists them)\nERR usage: HELP\n");
    free(in);
    in = repeat(' ', SAP_LINE_MAX + 1, "\r");
    session_expect(in, "ERR line too long\n");
    free(in);

    /* a 4 MiB line without a newline, fed in 64 KiB chunks: the ERR comes
     * as soon as the limit is passed and everything is taken */
    in = repeat('y', 4u << 20, "");
    sap_session_init(&s, NULL);
    used = session_drive(&s, in, 4u << 20, 65536, 4096, false, &o);
    CHECK_EQ_INT(used, 4u << 20);
    CHECK_EQ_STR(o.text.bytes, "ERR line too long\n");
    CHECK(sap_session_closing(&s));
    sap_session_release(&s);
    session_output_free(&o);
    free(in);
}

/* ---- transport shapes -------------------------------------------------- */

static const char *const pipelined_requests =
    "HELP\r\nFOO\n\nSHOW\n0\nNEW 0 0\nNEW 5 5 25 1\nMASTER 3 3 9\n"
    "JUDGE chess\nhelp\nBYE\nHELP\n";

static void test_chunks_and_polls_agree(void)
{
    struct session_memory m;
    size_t chunks[] = { 0, 1, 2, 3, 7, 64 };
    size_t caps[] = { 1, 2, 5, 4096 };
    char *whole;
    size_t i, j;

    session_memory_init(&m);
    whole = session_transcript(&m, pipelined_requests, strlen(pipelined_requests), 0, 4096);
    CHECK(strstr(whole, "ERR unknown request") != NULL);
    CHECK(strlen(whole) > 2 * SAP_SESSION_HELP_BYTES);
    CHECK(strcmp(whole + strlen(whole) - 4, "BYE\n") == 0);
    for (i = 0; i < sizeof chunks / sizeof *chunks; i++) {
        for (j = 0; j < sizeof caps / sizeof *caps; j++) {
            char *other = session_transcript(&m, pipelined_requests, strlen(pipelined_requests),
                                             chunks[i], caps[j]);
            if (!CHECK_EQ_STR(other, whole))
                fprintf(stderr, "    chunk %zu, cap %zu\n", chunks[i], caps[j]);
            free(other);
        }
    }
    CHECK_EQ_INT(m.held_bytes, 0);
    free(whole);
}

/* sink stops at every reply: one request line is consumed, then nothing
 * until the reply is polled. */
static void test_backpressure(void)
{
    struct sap_session s;
    const char *in = "HELP\nHELP\n";
    char buf[16];
    size_t taken, n, total = 0;

    sap_session_init(&s, NULL);
    taken = sap_session_sink(&s, in, strlen(in));
    CHECK_EQ_INT(taken, 5);
    CHECK_EQ_INT(sap_session_sink(&s, in + taken, strlen(in) - taken), 0);
    while ((n = sap_session_poll(&s, buf, sizeof buf)) > 0)
        total += n;
    CHECK_EQ_INT(total, SAP_SESSION_HELP_BYTES);
    CHECK_EQ_INT(sap_session_sink(&s, in + taken, strlen(in) - taken), 5);
    sap_session_release(&s);
}

/* Random bytes: nothing crashes, every reply line is whole, every line of
 * garbage gets at most one reply line, and HELP still works afterwards. */
static void test_garbage(void)
{
    uint32_t seed = 12345;
    int round;
    for (round = 0; round < 300; round++) {
        struct session_memory m;
        struct sap_session s;
        struct session_output o = { 0 };
        char in[2048];
        size_t len = 1 + (size_t)(round * 7) % sizeof in, i, newlines = 0, help_at;
        for (i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            in[i] = (char)(seed >> 16);
            if ((seed >> 8) % 23 == 0)
                in[i] = '\n';
            newlines += in[i] == '\n' || in[i] == '\r'; /* a line end each, at most */
        }
        session_memory_init(&m);
        sap_session_init(&s, &m.memory);
        session_drive(&s, in, len, (size_t)round % 5, 1 + (size_t)round % 9, false, &o);
        CHECK(!o.stuck);
        CHECK(lines_complete(o.text.bytes, o.text.length));
        CHECK(count_lines(o.text.bytes) <= newlines + 1);
        if (sap_session_closing(&s)) {
            sap_session_release(&s);
            session_output_free(&o);
            continue;
        }
        help_at = o.text.length;
        session_drive(&s, "\nHELP\n", 6, 0, 4096, true, &o);
        CHECK(o.text.length >= help_at + SAP_SESSION_HELP_BYTES);
        CHECK(strncmp(o.text.bytes + o.text.length - SAP_SESSION_HELP_BYTES,
                      "NEW <rows> <cols>", 17)
              == 0);
        sap_session_release(&s);
        CHECK_EQ_INT(m.held_bytes, 0);
        session_output_free(&o);
    }
}

/* ---- memory ------------------------------------------------------------ */

static void test_memory_refused(void)
{
    struct session_memory m;
    char *out;
    const char *in = "NEW 2 2\n__\n_*\nHELP me\nNEW 2 2 1 7\nCASUAL 1 2\n.M\n"
                     "NURIKABE 1 1 1\n0 0 1\n.\n";

    session_memory_init(&m);
    m.refuse_all = true;
    out = session_transcript(&m, in, strlen(in), 0, 4096);
    /* an accepted request line with refused memory still reads its rows */
    CHECK_EQ_STR(out, "ERR not enough memory for this board\nERR usage: HELP\n"
                      "ERR not enough memory for this board\n"
                      "ERR not enough memory for this board\n"
                      "ERR not enough memory for this board\n");
    CHECK_EQ_INT(m.acquired, 0);
    free(out);
}

static void test_session_size(void)
{
    /* the line buffer dominates; the rest is a few hundred bytes */
    CHECK(SAP_SESSION_BYTES >= SAP_LINE_MAX);
    CHECK(SAP_SESSION_BYTES - SAP_LINE_MAX - SAP_REPLY_MAX < 512);
    CHECK(SAP_SESSION_MEMORY_BYTES(16, 30) >= SAP_SESSION_BYTES + 2 * SAP_GAME_BYTES(16, 30));
    CHECK(SAP_SESSION_WORK_BYTES(10, 10) >= SAP_NURIKABE_BYTES(10, 10, 100));
    CHECK(SAP_SESSION_WORK_BYTES(10, 10) >= SAP_CASUAL_BYTES(10, 10) + 13);
    CHECK(SAP_SESSION_WORK_BYTES(16, 30) >= SAP_DEDUCE_BYTES(16, 30)); /* HINT, PROB */
    CHECK_EQ_INT(SAP_DEC_DIGITS_(0u), 1);
    CHECK_EQ_INT(SAP_DEC_DIGITS_(9u), 1);
    CHECK_EQ_INT(SAP_DEC_DIGITS_(10u), 2);
    CHECK_EQ_INT(SAP_DEC_DIGITS_(1000u), 4);
    CHECK_EQ_INT(SAP_DEC_DIGITS_(4294967295u), 10);
    CHECK_EQ_INT(SAP_REPLY_MASTER_MAX(1, 1), 11);
    CHECK_EQ_INT(SAP_REPLY_MASTER_MAX(3, 4), 15);
}

/* ---- judge-only mode (sapperd --judge) ---------------------------------- */

static void test_judge_only_unknown_format(void)
{
    struct sap_session s;
    sap_session_init(&s, NULL);
    CHECK_EQ_INT(sap_session_start_judge(&s, (enum sap_format)7), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_session_judge_result(&s, NULL, NULL), SAP_JUDGE_READING);
    sap_session_release(&s);
}

/* A judge error in judge-only mode writes no ERR line and closes. */
static void test_judge_only_error_is_silent(void)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    const char *in = "x\n";
    uint32_t line = 0;
    const char *reason = NULL;

    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    CHECK_EQ_INT(sap_session_start_judge(&s, SAP_FORMAT_MASTER), SAP_OK);
    session_drive(&s, in, strlen(in), 0, 64, true, &o);
    CHECK_EQ_STR(o.text.bytes, "");
    CHECK(sap_session_closing(&s));
    CHECK(sap_session_judge_result(&s, &line, &reason) < 0);
    CHECK_EQ_INT(line, 1);
    CHECK(reason != NULL && reason[0] != '\0');
    sap_session_release(&s);
    CHECK_EQ_INT(m.held_bytes, 0);
    session_output_free(&o);
}

/* Every public call treats a NULL argument as an error, never a crash. */
static void test_null_arguments(void)
{
    struct sap_master plan;
    struct sap_judge judge;
    struct sap_casual_result result;
    uint32_t value = 7;
    char out[8];
    bool solved;

    CHECK_EQ_INT(sap_parse_u32(NULL, 3, &value), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_parse_u32("12", 2, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(value, 7);
    CHECK_EQ_INT(sap_master_plan(NULL, 2, 2, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_master_cell(NULL, 0, 0), '\0');
    CHECK_EQ_INT(sap_master_write_row(NULL, 0, 0, out, sizeof out), 0);
    CHECK_EQ_INT(sap_master_plan(&plan, 2, 2, 0), SAP_OK);
    CHECK_EQ_INT(sap_master_write_row(&plan, 0, 0, NULL, 8), 0);
    CHECK_EQ_INT(sap_nurikabe_init(NULL, out, sizeof out, 1, 1, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_number(NULL, 0, 0, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(NULL, 0, 0, true), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_verify(NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_verify_step(NULL, 1, &solved), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_init(NULL, out, sizeof out, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_set_mine(NULL, 0, 0, true), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve(NULL, &result), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve_step(NULL, 1, &result), SAP_ERR_ARG);
    CHECK(!sap_casual_left_covered(NULL, 0, 0));
    CHECK_EQ_INT(sap_game_init(NULL, out, sizeof out, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_move(NULL, 1, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_reply(NULL, out, sizeof out), 0);
    CHECK_EQ_INT(sap_judge_init(NULL, SAP_FORMAT_BOOM, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_judge_sink(NULL, "1", 1), 0);
    CHECK_EQ_INT(sap_judge_poll(NULL, out, sizeof out), 0);
    CHECK_EQ_INT(sap_judge_status(NULL), SAP_ERR_ARG);
    CHECK(!sap_judge_busy(NULL));
    sap_judge_finish(NULL);
    sap_judge_release(NULL);
    CHECK_EQ_INT(sap_judge_init(&judge, SAP_FORMAT_BOOM, NULL), SAP_OK);
    CHECK_EQ_INT(sap_judge_sink(&judge, NULL, 4), 0);
    CHECK_EQ_INT(sap_judge_poll(&judge, NULL, 4), 0);
    CHECK_EQ_INT(sap_format_from_name(NULL, 4), SAP_ERR_ARG);
    sap_session_init(NULL, NULL);
    CHECK_EQ_INT(sap_session_sink(NULL, "HELP\n", 5), 0);
    CHECK_EQ_INT(sap_session_poll(NULL, out, sizeof out), 0);
    CHECK(!sap_session_busy(NULL));
    CHECK_EQ_INT(sap_session_start_judge(NULL, SAP_FORMAT_BOOM), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_session_judge_result(NULL, NULL, NULL), SAP_ERR_ARG);
    sap_session_set_budget(NULL, 1);
    sap_session_finish(NULL);
    sap_session_release(NULL);
}

int main(void)
{
    RUN_TEST(test_null_arguments);
    RUN_TEST(test_help);
    RUN_TEST(test_keywords_case_insensitive);
    RUN_TEST(test_unknown_and_usage);
    RUN_TEST(test_numbers);
    RUN_TEST(test_sizes);
    RUN_TEST(test_no_game);
    RUN_TEST(test_blank_lines_and_crlf);
    RUN_TEST(test_bye_closes);
    RUN_TEST(test_eof);
    RUN_TEST(test_game_hand_worked);
    RUN_TEST(test_readme_example);
    RUN_TEST(test_game_coordinates);
    RUN_TEST(test_new_bad_rows_keep_the_old_game);
    RUN_TEST(test_new_refused_keeps_the_game);
    RUN_TEST(test_random_game);
    RUN_TEST(test_game_against_reference);
    RUN_TEST(test_game_largest_board);
    RUN_TEST(test_line_limit);
    RUN_TEST(test_chunks_and_polls_agree);
    RUN_TEST(test_backpressure);
    RUN_TEST(test_garbage);
    RUN_TEST(test_memory_refused);
    RUN_TEST(test_session_size);
    RUN_TEST(test_judge_only_unknown_format);
    RUN_TEST(test_judge_only_error_is_silent);
    return check_summary("test_session");
}
