/*
 * test_session_person.c - what spares a person typing at a terminal the
 * small stumbles (SAP_PERSON_EXTRAS, core/sapper_config.h): a request line
 * where a board's row is read ends that request at once with one ERR that
 * says what it reads, while a program's malformed board still gets one ERR
 * after its last row and changes nothing; HINT, PROB and VIEW PROB on a game
 * over say it is won or lost; NEW's first word that is no number and no
 * preset names the presets; a cell written as HINT writes it, "(4, 4)",
 * is read as "4 4"; under SET VIEW ONLY a move's reply is its VIEW alone.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "sapper.h"

#define NOT_A_ROW_9                                                                            \
    "ERR row 1 is not a row of _ and *: NEW reads 9 rows; "                                    \
    "for a random board name the mines: NEW 9 9 10\n"
#define NO_GAME "ERR no game: start one with NEW\n"

/* ---- a request line where a row is read ------------------------------------- */

/* NEW 9 9 with the mine count forgotten: the next line is told at once, and
 * the lines after it are requests again. */
static void test_forgotten_mines(void)
{
    session_expect("NEW 9 9\nHINT\nVIEW\nBYE\n", NOT_A_ROW_9 NO_GAME "BYE\n");
    session_expect("new 9 9\n1 5 5\nNEW 9 9 10 1\n2 1 1\n",
                   "ERR row 1 is not a row of _ and *: NEW reads 9 rows; for a random board "
                   "name the mines: NEW 9 9 10\nOK 9 9 10\nRUNNING: [<1, 1, P>]\n");
    /* at a later row, with blank lines and CRLF between */
    session_expect("NEW 3 4\r\n____\r\n\r\n_*__\r\nshow\r\nSHOW\r\n",
                   "ERR row 3 is not a row of _ and *: NEW reads 3 rows; for a random board "
                   "name the mines: NEW 3 4 2\n" NO_GAME);
    /* the request's last line, at the end of input: no second ERR */
    session_expect("NEW 2 2\nbye", "ERR row 1 is not a row of _ and *: NEW reads 2 rows; for a "
                                   "random board name the mines: NEW 2 2 1\n");
    /* an earlier mistake held back is not told as well: the request ends here */
    session_expect("NEW 3 3\n_x_\nHINT\nSHOW\n",
                   "ERR row 2 is not a row of _ and *: NEW reads 3 rows; for a random board "
                   "name the mines: NEW 3 3 1\n" NO_GAME);
}

/* The mines it suggests are an eighth of the cells, rounded up, below the
 * cells (NEW takes them); the longest line fits the reply. */
static void test_suggested_mines(void)
{
    const struct {
        unsigned rows, cols, mines;
    } sizes[] = { { 1, 1, 0 },    { 1, 2, 1 },    { 3, 3, 1 },           { 9, 9, 10 },
                  { 16, 16, 32 }, { 16, 30, 60 }, { 1000, 1000, 125000 } };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        char in[128], want[256], again[64];
        char *got;
        snprintf(in, sizeof in, "NEW %u %u\nHINT\n", sizes[i].rows, sizes[i].cols);
        snprintf(want, sizeof want,
                 "ERR row 1 is not a row of _ and *: NEW reads %u rows; for a random board "
                 "name the mines: NEW %u %u %u\n",
                 sizes[i].rows, sizes[i].rows, sizes[i].cols, sizes[i].mines);
        session_expect(in, want);
        CHECK(strlen(want) <= SAP_REPLY_MAX);
        /* and NEW takes it */
        snprintf(again, sizeof again, "NEW %u %u %u 1\n", sizes[i].rows, sizes[i].cols,
                 sizes[i].mines);
        got = session_talk(again);
        CHECK(strncmp(got, "OK ", 3) == 0);
        free(got);
    }
}

/* Every request's word, in any case and with any words after it, is told
 * so; the session then takes the next line as a request. */
static void test_every_request_word(void)
{
    const char *words[] = {
        "NEW 3 3 1 1", "1 1 1",       "2",         "3 x",    "0",
        "show",        "View",        "HINT",      "play 2", "prob",
        "stats",       "casual 1 1",  "CASUALMAP", "master", "nurikabe 1 1 1",
        "judge boom",  "set echo on", "help",      "bye",    "resume x"
    };
    size_t i;
    for (i = 0; i < sizeof words / sizeof *words; i++) {
        char in[128];
        snprintf(in, sizeof in, "NEW 1 1\n%s\nNEW 1 1\n_\nSHOW\n", words[i]);
        session_expect(in, "ERR row 1 is not a row of _ and *: NEW reads 1 rows; for a random "
                           "board name the mines: NEW 1 1 0\nOK 1 1 0\n_\n");
    }
}

/* Nothing changes: the game before plays on, its marks as they were. */
static void test_old_game_plays_on(void)
{
    session_expect("NEW 2 3\n__*\n___\n2 1 1\nNEW 9 9\n1 2 1\nSHOW\n1 2 1\n",
                   "OK 2 3 1\nRUNNING: [<1, 1, P>]\n" NOT_A_ROW_9
                   "P _ _\n_ _ _\nRUNNING: [<1, 2, 1>, <2, 1, 0>, <2, 2, 1>]\n");
}

/* A program's malformed board, whatever its mistake, still gets one ERR,
 * after its last row, and changes nothing: its rows are never a request's
 * word, whatever alphabet or spacing it used. */
static void test_malformed_boards_keep_one_err(void)
{
    const struct {
        const char *rows, *err;
    } cases[] = {
        { ".*.\n...\n*..\n", "ERR row 1 holds '.': cells are '*' or '_'\n" },
        { "_ _ *\n_ _ _\n* _ _\n", "ERR row 1 is not one word of 3 cells\n" },
        { "010\n000\n100\n", "ERR row 1 holds '0': cells are '*' or '_'\n" },
        { "__\n___\n____\n", "ERR row 1 has 2 cells, fewer than the board's 3\n" },
        { "_x_\nyyy\n#__\n", "ERR row 1 holds 'x': cells are '*' or '_'\n" },
        { "___\n___\n___x\n", "ERR row 3 has more cells than the board's 3\n" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        char in[256], want[256];
        snprintf(in, sizeof in, "NEW 1 2\n*_\nNEW 3 3\n%sSHOW\n", cases[i].rows);
        snprintf(want, sizeof want, "OK 1 2 1\n%s_ _\n", cases[i].err);
        session_expect(in, want);
    }
}

/* CASUAL, CASUALMAP and NURIKABE read rows too, and are told the same way
 * (without NEW's advice); NURIKABE's number lines, numbers as a click's
 * are, are not: their mistake is told after the last line, as before. */
static void test_other_requests_rows(void)
{
    session_expect("CASUAL 2 2\n..\nHINT\nSHOW\n",
                   "ERR row 2 is not a row of M and .: CASUAL reads 2 rows\n" NO_GAME);
    session_expect("casualmap 3 1\nbye\nBYE\n",
                   "ERR row 1 is not a row of M and .: CASUALMAP reads 3 rows\nBYE\n");
    session_expect("NURIKABE 2 2 1\n0 0 1\n#.\nview\nSHOW\n",
                   "ERR row 2 is not a row of # and .: NURIKABE reads 2 rows\n" NO_GAME);
    session_expect("NURIKABE 2 2 1\nHINT\n..\n..\nSHOW\n",
                   "ERR number line 1: expected the 3 numbers r' c' n\n" NO_GAME);
    /* a JUDGE stream's rows are the statement's: its reader tells them */
    session_expect("JUDGE BOOM\n1\n1 2\nHINT\n",
                   "ERR boom line 3: row 1 holds 'H': cells are '*' or '_'\n");
}

/* The request is over once told: no request in progress, every block back
 * (session_expect checks that), in any chunking. */
static void test_request_over(void)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    const char *in = "NEW 4 4\n____\nhint\n";
    size_t chunk;
    for (chunk = 1; chunk <= 4; chunk++) {
        session_memory_init(&m);
        sap_session_init(&s, &m.memory);
        session_drive(&s, in, strlen(in), chunk, 1 + chunk, false, &o);
        CHECK(!sap_session_in_request(&s));
        CHECK_EQ_INT(m.held_bytes, 0);
        CHECK_EQ_STR(o.text.bytes, "ERR row 2 is not a row of _ and *: NEW reads 4 rows; for a "
                                   "random board name the mines: NEW 4 4 2\n");
        sap_session_release(&s);
        session_output_free(&o);
        memset(&o, 0, sizeof o);
    }
}

/* ---- a game over ------------------------------------------------------------ */

#define WON "ERR the game is won: NEW starts another\n"
#define LOST "ERR the game is lost: NEW starts another\n"
#define GUESS_13                                                                               \
    "GUESS 1 3 50.0%: no cell is certain; searching every way the game can go, this wins "     \
    "50.0% of the time\n"

/* HINT, PROB and VIEW PROB on a game won or lost say so, whether HINT's
 * deduction was kept beside the game before or not; VIEW, STATS, SHOW and
 * PLAY answer as before, and a click is INVALID. */
static void test_game_over(void)
{
    const char *over[] = { "HINT\n", "PROB\n", "VIEW PROB\n", "hint\n" };
    size_t i;
    for (i = 0; i < sizeof over / sizeof *over; i++) {
        char in[256], want[512];
        /* won by a click, with no HINT before */
        snprintf(in, sizeof in, "NEW 1 3\n*__\n1 1 3\n%s", over[i]);
        snprintf(want, sizeof want, "OK 1 3 1\nRUNNING: [<1, 2, 1>, <1, 3, 0>]\nWIN\n%s", WON);
        session_expect(in, want);
        /* won after HINTs (its deduction kept beside the game), the mine flagged */
        snprintf(in, sizeof in, "NEW 2 3\n__*\n___\n1 2 1\nHINT\n2 1 3\nHINT\n1 2 3\n%s",
                 over[i]);
        snprintf(want, sizeof want,
                 "OK 2 3 1\nRUNNING: [<1, 1, 0>, <1, 2, 1>, <2, 1, 0>, <2, 2, 1>]\n%s"
                 "RUNNING: [<1, 3, P>]\n%sRUNNING: [<2, 3, 1>]\nWIN\n%s",
                 GUESS_13, GUESS_13, WON);
        session_expect(in, want);
        /* lost */
        snprintf(in, sizeof in, "NEW 1 3\n*__\n1 1 1\n%s", over[i]);
        snprintf(want, sizeof want, "OK 1 3 1\nLOSE\n%s", LOST);
        session_expect(in, want);
        /* a random board, won by its first click (1 x 2, one mine) */
        snprintf(in, sizeof in, "NEW 1 2 1 7\n1 1 1\n%s", over[i]);
        snprintf(want, sizeof want, "OK 1 2 1\nRUNNING: [<1, 1, 1>]\nWIN\n%s", WON);
        session_expect(in, want);
    }
    /* the rest answer as before */
    session_expect("NEW 1 3\n*__\n1 1 1\nVIEW\nSTATS\nPLAY\nSHOW\n1 1 2\nHINT\n0\nHINT\n",
                   "OK 1 3 1\nLOSE\n  1 2 3\n1 @ # #\nmines left 1 of 1  clicks 1  lost\nEND\n"
                   "3BV 1 OPENINGS 1 ISLANDS 0 CLICKS 1\nEND\n_ _ _\nINVALID\n" LOST
                   "OK\n" NO_GAME);
    /* a game in play is not over: before the first click, and after it */
    session_expect("NEW 1 3 1 1\nHINT\n",
                   "OK 1 3 1\nSAFE 1 3: the first click is never a mine\n");
}

/* ---- a word that is no number and no preset ----------------------------------- */

#define NOT_A_PRESET(word)                                                                     \
    "ERR '" word "' is not a number or a preset: BEGINNER, INTERMEDIATE, EXPERT\n"

/* NEW's first word, which may be a preset, names the presets when it is
 * neither; any other word that is no number is told so as before. */
static void test_not_a_preset(void)
{
    session_expect("NEW EXPRET\n", NOT_A_PRESET("EXPRET"));
    session_expect("new expret 5\n", NOT_A_PRESET("expret"));
    session_expect("NEW Beginer 5 NOGUESS\n", NOT_A_PRESET("Beginer"));
    session_expect("NEW 9x 9\n", NOT_A_PRESET("9x"));
    session_expect("NEW +9 9\n", NOT_A_PRESET("+9"));
    session_expect("NEW EASY 9 9\n", NOT_A_PRESET("EASY"));
    /* the word is quoted as any other: cut at 32 characters, bytes escaped */
    session_expect("NEW ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij\n",
                   NOT_A_PRESET("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef..."));
    session_expect("NEW it's\n", NOT_A_PRESET("it\\x27s"));
    /* the presets themselves, and the other words, as before */
    session_expect("NEW EXPERT 1\nNEW beginner 2 casual\n", "OK 16 30 99\nOK 9 9 10\n");
    session_expect("NEW EXPERT HARD\n", "ERR 'HARD' is not a number\n");
    session_expect("NEW 9 x\n", "ERR 'x' is not a number\n");
    session_expect("NEW 9 9 x\n", "ERR 'x' is not a number\n");
    session_expect("NEW 99999999999 3\n",
                   "ERR '99999999999' is too large: numbers go up to 4294967295\n");
    session_expect("NEW EXPRET 1 2 3 4\n", "ERR unknown level '4': CASUAL or NOGUESS\n");
    session_expect("NEW EXPRET 1 2 3 4 5\n",
                   "ERR usage: NEW <rows> <cols> [<mines> [<seed>] [CASUAL|NOGUESS]] or NEW "
                   "BEGINNER|INTERMEDIATE|EXPERT [<seed>] [<level>]\n");
    session_expect("CASUAL x 3\nMASTER EXPERT 1 1\nPLAY x\n",
                   "ERR 'x' is not a number\nERR 'EXPERT' is not a number\n"
                   "ERR 'x' is not a number\n");
}

/* ---- cells as HINT writes them --------------------------------------------- */

/* The transcript of `moves` after NEW 9 9 10 42 and a first click. */
static char *after_first_click(const char *moves)
{
    char in[512];
    snprintf(in, sizeof in, "NEW 9 9 10 42\n1 5 5\n%sSHOW\n", moves);
    return session_talk(in);
}

/* A click written "(4, 4)", "(4,4)", "4,4" or "4, 4" is "4 4", for each
 * button; so is a NURIKABE number line's cell. */
static void test_cells_as_hint_writes_them(void)
{
    const char *forms[] = { "%c (%u, %u)\n", "%c (%u,%u)\n", "%c %u,%u\n",
                            "%c %u, %u\n",   "%c(%u,%u)\n",  "%c\t( %u ,%u )\n" };
    const struct {
        char op;
        unsigned x, y;
    } moves[] = { { '2', 2, 3 }, { '1', 1, 9 }, { '3', 4, 5 }, { '1', 9, 1 }, { '2', 2, 3 } };
    size_t f, m;
    for (f = 0; f < sizeof forms / sizeof *forms; f++) {
        char plain[256] = "", written[256] = "";
        char *want, *got;
        for (m = 0; m < sizeof moves / sizeof *moves; m++) {
            size_t a = strlen(plain), b = strlen(written);
            snprintf(plain + a, sizeof plain - a, "%c %u %u\n", moves[m].op, moves[m].x,
                     moves[m].y);
            snprintf(written + b, sizeof written - b, forms[f], moves[m].op, moves[m].x,
                     moves[m].y);
        }
        want = after_first_click(plain);
        got = after_first_click(written);
        if (!CHECK_EQ_STR(got, want))
            fprintf(stderr, "    for moves:\n%s", written);
        free(want);
        free(got);
    }
    /* HINT's own cell, copied from its reason: (3, 2) shows 1 */
    {
        char *got = after_first_click("HINT\n3 (3, 2)\n");
        CHECK(strstr(got, "MINE 2 3: (3, 2) shows 1 and has one covered neighbour\n"
                          "RUNNING: []\n")
              != NULL);
        free(got);
    }
    session_expect("NURIKABE 2 2 1\n(0, 0) 1\n..\n..\nNURIKABE 2 2 1\n0,0,1\n#.\n..\n",
                   "not solved\nnot solved\n");
    session_expect("NURIKABE 2 2 1\n(5, 0) 1\n..\n..\n",
                   "ERR number line 1: (5, 0) is outside the grid: rows 0-1, columns 0-1 "
                   "(0-based)\n");
}

/* The words they end are quoted as any other; a row keeps them as cells;
 * any request line may use them. */
static void test_cell_notation_elsewhere(void)
{
    session_expect("NEW 2 2 1 1\n1 (2, x)\n1 (1, 2, 3)\n1 (3, 1)\n1 (,)\n",
                   "OK 2 2 1\nERR 'x' is not a number\nERR usage: 1|2|3 <x> <y>\n"
                   "ERR coordinate outside the board: rows 1-2, columns 1-2\n"
                   "ERR usage: 1|2|3 <x> <y>\n");
    session_expect("FLY(1, 2)\n", "ERR unknown request 'FLY' (HELP lists them)\n");
    session_expect("NEW(1,2,1,1)\nSHOW,\n", "OK 1 2 1\n_ _\n");
    session_expect("NEW 1 3\n_,_\n", "ERR row 1 holds ',': cells are '*' or '_'\n");
    session_expect("NEW 1 3\n(_*_)\n", "ERR row 1 has more cells than the board's 3\n");
}

/* ---- SET VIEW ONLY ------------------------------------------------------------ */

/* The replies of `moves` after `head`, one request at a time as a client
 * that waits for each reply sees them, joined by "|" (a reply is the text
 * between two bars). */
static char *replies(const char *head, const char *const *moves, size_t count)
{
    struct session_memory m;
    struct sap_session s;
    char reply[1 << 16], *all = calloc(1, 1 << 20);
    size_t i, length = 0;
    if (!CHECK(all != NULL))
        return NULL;
    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    session_ask(&s, head, reply, sizeof reply);
    for (i = 0; i < count; i++) {
        session_ask(&s, moves[i], reply, sizeof reply);
        length += (size_t)snprintf(all + length, (1u << 20) - length, "%s|", reply);
    }
    sap_session_release(&s);
    CHECK_EQ_INT(m.held_bytes, 0);
    return all;
}

/* Under SET VIEW ONLY a move's reply is the VIEW that SET VIEW ON draws
 * after its boom lines, and nothing else: in play, at a win, at a loss, an
 * INVALID move, a no-guess board's first click; a move refused is its ERR
 * alone; moves after it (under ON or OFF) list only their own changes, and
 * HINT's deduction kept beside the game heard of every move. */
static void test_view_only(void)
{
    const char *const moves[] = { "1 5 5\n", "HINT\n",  "2 2 3\n", "HINT\n",
                                  "3 3 2\n", "1 9 9\n", "1 0 1\n", "1 1 1\n",
                                  "1 1 9\n", "1 1 5\n", "1 2 5\n", "SHOW\n" };
    const size_t count = sizeof moves / sizeof *moves;
    char *on = replies("NEW 9 9 10 42\nSET VIEW ON\n", moves, count);
    char *only = replies("NEW 9 9 10 42\nSET VIEW ONLY\n", moves, count);
    char *off = replies("NEW 9 9 10 42\n", moves, count);
    const char *a = on, *b = only, *c = off;
    size_t i;
    if (on == NULL || only == NULL || off == NULL)
        goto done;
    for (i = 0; i < count; i++) {
        const char *ea = strchr(a, '|'), *eb = strchr(b, '|'), *ec = strchr(c, '|');
        size_t la = (size_t)(ea - a), lb = (size_t)(eb - b), lc = (size_t)(ec - c);
        bool move = moves[i][0] >= '1' && moves[i][0] <= '3';
        if (move && strncmp(b, "ERR", 3) != 0) {
            /* ON's reply is OFF's boom lines, then ONLY's VIEW */
            CHECK(la == lc + lb);
            CHECK(strncmp(a, c, lc) == 0);
            CHECK(strncmp(a + lc, b, lb) == 0);
            CHECK(strncmp(b, "  1 2 3", 7) == 0);
            CHECK(lb > 4 && strncmp(b + lb - 4, "END\n", 4) == 0);
        } else {
            /* a refused move, HINT, SHOW: the same in all three */
            CHECK(la == lb && lb == lc);
            CHECK(strncmp(a, b, la) == 0 && strncmp(b, c, lb) == 0);
        }
        a = ea + 1;
        b = eb + 1;
        c = ec + 1;
    }
    CHECK(strstr(only, "clicks 2  playing\nEND\n") != NULL);
    CHECK(strstr(only, "  lost\nEND\n") != NULL);
    CHECK(strstr(only, "RUNNING") == NULL && strstr(only, "LOSE") == NULL);
    CHECK(strstr(only, "INVALID") == NULL);
done:
    free(on);
    free(only);
    free(off);
    /* won, and a no-guess board's first click */
    session_expect("NEW 1 3\n*__\nSET VIEW ONLY\n1 1 3\n",
                   "OK 1 3 1\nOK\n  1 2 3\n1 * 1 .\nmines left 1 of 1  clicks 1  won\nEND\n");
    {
        char *got = session_talk("NEW 9 9 10 1049 NOGUESS\nSET VIEW ONLY\n1 5 5\n");
        CHECK(strncmp(got, "OK 9 9 10\nOK\n  1 2 3 4 5 6 7 8 9\n", 32) == 0);
        CHECK(strstr(got, "RUNNING") == NULL);
        CHECK(strstr(got, "clicks 1  playing\nEND\n") != NULL);
        free(got);
    }
    /* the next move's changes are its own, the dropped ones not among them */
    session_expect("NEW 9 9 10 42\nSET VIEW ONLY\n1 5 5\nSET VIEW OFF\n2 1 9\n",
                   "OK 9 9 10\nOK\n  1 2 3 4 5 6 7 8 9\n"
                   "1 . 1 # # # # # # #\n2 . 1 # # # # # # #\n3 . 1 1 1 1 # # # #\n"
                   "4 . . . . 1 1 1 2 #\n5 . . . . . . . 2 #\n6 1 1 1 . . . . 1 1\n"
                   "7 # # 2 1 1 . . . .\n8 # # # # 3 1 . . .\n9 # # # # # 1 . . .\n"
                   "mines left 10 of 10  clicks 1  playing\nEND\nOK\nRUNNING: [<1, 9, P>]\n");
    /* byte by byte, in and out: the same bytes */
    {
        const char *in = "NEW 9 9 10 42\nSET VIEW ONLY\nSET COLOR ON\n1 5 5\n2 1 9\n1 1 5\n";
        struct session_memory m;
        char *whole = session_talk(in), *bytes;
        session_memory_init(&m);
        bytes = session_transcript(&m, in, strlen(in), 1, 1);
        CHECK_EQ_STR(bytes, whole);
        CHECK(strstr(whole, "RUNNING") == NULL && strstr(whole, "lost") != NULL);
        free(whole);
        free(bytes);
    }
    /* PLAY draws no VIEW under it either */
    {
        char *got = session_talk("NEW 3 3 1 1\nSET VIEW ONLY\nPLAY 1\n");
        CHECK_EQ_STR(got, "OK 3 3 1\nOK\n1 3 3\nRUNNING: [<1, 1, 0>, <1, 2, 1>, <2, 1, 0>, "
                          "<2, 2, 1>, <2, 3, 1>, <3, 1, 0>, <3, 2, 0>, <3, 3, 0>]\nWIN\nEND\n");
        free(got);
    }
}

/* SET VIEW ONLY sets both bits, ON and OFF clear ONLY; ONLY is VIEW's
 * word alone; the API takes the bit. */
static void test_view_only_option(void)
{
    struct sap_session s;
    char reply[256];
    sap_session_init(&s, NULL);
    session_ask(&s, "SET VIEW ONLY\n", reply, sizeof reply);
    CHECK_EQ_STR(reply, "OK\n");
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_VIEW | SAP_TERMINAL_VIEW_ONLY);
    session_ask(&s, "SET ECHO ON\n", reply, sizeof reply);
    CHECK_EQ_INT(sap_session_terminal(&s),
                 SAP_TERMINAL_ECHO | SAP_TERMINAL_VIEW | SAP_TERMINAL_VIEW_ONLY);
    session_ask(&s, "set view on\n", reply, sizeof reply);
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_ECHO | SAP_TERMINAL_VIEW);
    session_ask(&s, "SET VIEW only\n", reply, sizeof reply);
    session_ask(&s, "SET VIEW OFF\n", reply, sizeof reply);
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_ECHO);
    sap_session_set_terminal(&s, SAP_TERMINAL_VIEW | SAP_TERMINAL_VIEW_ONLY);
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_VIEW | SAP_TERMINAL_VIEW_ONLY);
    sap_session_release(&s);
    session_expect("SET ECHO ONLY\nSET COLOR ONLY\nSET VIEW ONLYX\n",
                   "ERR usage: SET ECHO|COLOR|VIEW ON|OFF or SET VIEW ONLY\n"
                   "ERR usage: SET ECHO|COLOR|VIEW ON|OFF or SET VIEW ONLY\n"
                   "ERR usage: SET ECHO|COLOR|VIEW ON|OFF or SET VIEW ONLY\n");
}

int main(void)
{
    RUN_TEST(test_forgotten_mines);
    RUN_TEST(test_suggested_mines);
    RUN_TEST(test_every_request_word);
    RUN_TEST(test_old_game_plays_on);
    RUN_TEST(test_malformed_boards_keep_one_err);
    RUN_TEST(test_other_requests_rows);
    RUN_TEST(test_request_over);
    RUN_TEST(test_game_over);
    RUN_TEST(test_not_a_preset);
    RUN_TEST(test_cells_as_hint_writes_them);
    RUN_TEST(test_cell_notation_elsewhere);
    RUN_TEST(test_view_only);
    RUN_TEST(test_view_only_option);
    return check_summary("test_session_person");
}
