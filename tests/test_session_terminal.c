/*
 * test_session_terminal.c - a person at a terminal: line ends ("\n",
 * "\r\n", a lone "\r", and a "\r\n" cut between two sink calls, in request
 * lines, board rows, number lines and JUDGE streams), and echo
 * (sap_session_set_terminal, SET ECHO ON|OFF): the exact bytes echoed, line
 * editing with backspace and DEL, "\r\n" line ends in what the session
 * writes, every reply on a line of its own, and nothing changed with echo
 * off.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "sapper.h"

/* ---- helpers ------------------------------------------------------------ */

/* The transcript of `input` through a fresh session with `options`, sunk in
 * chunks of `chunk` bytes (0: at once) and polled `cap` bytes at a time,
 * then EOF; every block is given back. */
static char *transcript(const char *input, size_t length, unsigned options, size_t chunk,
                        size_t cap)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    sap_session_set_terminal(&s, options);
    CHECK_EQ_INT(sap_session_terminal(&s), options);
    session_drive(&s, input, length, chunk, cap, true, &o);
    CHECK(!o.stuck);
    sap_session_release(&s);
    CHECK_EQ_INT(m.held_bytes, 0);
    if (o.text.bytes == NULL) {
        o.text.bytes = malloc(1);
        o.text.bytes[0] = '\0';
    }
    return o.text.bytes;
}

/* `text` with every "\n" written as `line_end`. */
static char *with_line_ends(const char *text, const char *line_end)
{
    size_t n = strlen(text), e = strlen(line_end), i, k = 0;
    char *out = malloc(n * e + 1);
    for (i = 0; i < n; i++) {
        if (text[i] == '\n') {
            memcpy(out + k, line_end, e);
            k += e;
        } else {
            out[k++] = text[i];
        }
    }
    out[k] = '\0';
    return out;
}

static const size_t chunks[] = { 0, 1, 2, 3, 5, 7 };
static const size_t caps[] = { 1, 2, 3, 5, 4096 };

/* `input` gives `want` through sessions with `options`, whatever the
 * chunks and poll sizes. */
static void expect_every_way(const char *input, unsigned options, const char *want)
{
    size_t i, j;
    for (i = 0; i < sizeof chunks / sizeof *chunks; i++) {
        for (j = 0; j < sizeof caps / sizeof *caps; j++) {
            char *got = transcript(input, strlen(input), options, chunks[i], caps[j]);
            if (!CHECK_EQ_STR(got, want)) {
                fprintf(stderr, "    chunk %zu, cap %zu, options %u, input: ", chunks[i],
                        caps[j], options);
                fwrite(input, 1, strlen(input) < 200 ? strlen(input) : 200, stderr);
                fputc('\n', stderr);
                free(got);
                return;
            }
            free(got);
        }
    }
}

/* ---- line ends ------------------------------------------------------------ */

/* Requests, board rows, number lines and JUDGE streams (one whole, one
 * failing on its 4th line, one failing inside a line whose rest is
 * dropped): the same replies whichever line end the input has. */
static const char *const lines_script = "NEW 2 3\n__*\n___\n1 2 1\nSHOW\n"
                                        "NURIKABE 2 2 1\n0 0 3\n.#\n..\n"
                                        "CASUAL 2 2\n.M\n..\n"
                                        "CASUALMAP 1 3\n.M.\n"
                                        "MASTER 2 3 1\n"
                                        "HELP me\n\n  \n"
                                        "JUDGE BOOM\n1\n1 1\n_\n2 1 1\n0\n"
                                        "JUDGE BOOM\n1\n2 2\n__\nx 1 1\n"
                                        "JUDGE BOOM\n1\n1 1\n_\n1 x 1 HELP\nSHOW\n"
                                        "JUDGE CASUAL\n1 2\n.M\n0 0\n"
                                        "JUDGE NURIKABE\n1\n1 1 0\n.\n"
                                        "STATS\n0\nbye\nHELP\n";

static void test_line_end_forms(void)
{
    char *want = transcript(lines_script, strlen(lines_script), 0, 0, 4096);
    char *crlf = with_line_ends(lines_script, "\r\n");
    char *cr = with_line_ends(lines_script, "\r");
    /* the replies themselves, to be sure the script says what it means */
    CHECK(strstr(want, "ERR boom line 4: ") != NULL);
    CHECK(strstr(want, "\nsolved\n") != NULL);
    CHECK(strcmp(want + strlen(want) - 4, "BYE\n") == 0);
    expect_every_way(lines_script, 0, want);
    expect_every_way(crlf, 0, want);
    expect_every_way(cr, 0, want);
    free(want);
    free(crlf);
    free(cr);
}

/* "\r\n" is one line end: the "\n" after a "\r" never counts as a second
 * line, here seen by a JUDGE stream's line numbers (its readers count
 * lines).  The "\r" and the "\n" in different sink calls, too. */
static void test_crlf_is_one_line_end(void)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    const char *parts[] = { "JUDGE BOOM\r", "\n1\r", "\n1 1\r", "\n", "x\r", "\nbye\r", "\n" };
    size_t i;

    expect_every_way("JUDGE BOOM\r\n1\r\n1 1\r\nx\r\nbye\r\n", 0,
                     "ERR boom line 3: row 1 holds 'x': cells are '*' or '_'\n"
                     "BYE\n");
    expect_every_way("JUDGE BOOM\r1\r1 1\rx\rbye\r", 0,
                     "ERR boom line 3: row 1 holds 'x': cells are '*' or '_'\n"
                     "BYE\n");
    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    for (i = 0; i < sizeof parts / sizeof *parts; i++)
        CHECK_EQ_INT(session_drive(&s, parts[i], strlen(parts[i]), 0, 64, false, &o),
                     strlen(parts[i]));
    CHECK_EQ_STR(o.text.bytes, "ERR boom line 3: row 1 holds 'x': cells are '*' or '_'\nBYE\n");
    sap_session_release(&s);
    session_output_free(&o);
}

/* A JUDGE stream after "JUDGE BOOM\r\n" is byte for byte the reader's
 * output, its line ends "\n", "\r\n" or "\r" alike. */
static const char boom_input[] =
    "2\n3 3\n__*\n___\n___\n1 3 1\n0\n"
    "3 4\n_*__\n____\n__*_\n2 1 2\n1 1 1\n3 1 1\n1 3 4\n2 3 3\n1 3 3\n1 1 4\n0\n";

static void test_judge_stream_byte_exact(void)
{
    const char *ends[] = { "\n", "\r\n", "\r" };
    char *judged = session_judge_output(SAP_FORMAT_BOOM, boom_input);
    size_t want_length = strlen(judged) + 32;
    char *want = malloc(want_length);
    size_t e;
    snprintf(want, want_length, "%sEND\nERR usage: HELP\n", judged);
    for (e = 0; e < sizeof ends / sizeof *ends; e++) {
        char *stream = with_line_ends(boom_input, ends[e]);
        size_t length = strlen(stream) + 64;
        char *in = malloc(length);
        snprintf(in, length, "JUDGE BOOM\r\n%sHELP me%s", stream, ends[e]);
        expect_every_way(in, 0, want);
        free(stream);
        free(in);
    }
    free(judged);
    free(want);
}

/* ---- echo ------------------------------------------------------------------ */

static void test_echo_exact_bytes(void)
{
    const unsigned echo = SAP_TERMINAL_ECHO;
    /* each line end echoed once as "\r\n", the reply's line ends "\r\n" */
    expect_every_way("HELP me\r", echo, "HELP me\r\nERR usage: HELP\r\n");
    expect_every_way("HELP me\r\n", echo, "HELP me\r\nERR usage: HELP\r\n");
    expect_every_way("HELP me\n", echo, "HELP me\r\nERR usage: HELP\r\n");
    expect_every_way("\r\n\r\r\n\n", echo, "\r\n\r\n\r\n\r\n");
    /* backspace and DEL erase the last character, "\b \b" each */
    expect_every_way("HELX\bP me\r", echo, "HELX\b \bP me\r\nERR usage: HELP\r\n");
    expect_every_way("HELP mex\x7f\r", echo, "HELP mex\b \b\r\nERR usage: HELP\r\n");
    /* nothing to erase: nothing echoed; never past the line's start */
    expect_every_way("\b\x7f"
                     "bye\r",
                     echo, "bye\r\nBYE\r\n");
    expect_every_way("ab\b\b\b\bbye\r", echo, "ab\b \b\b \bbye\r\nBYE\r\n");
    /* a control byte goes into the line unechoed, and its erasure is silent */
    expect_every_way("b\x01\x1b\b\bye\r", echo, "bye\r\nBYE\r\n");
    expect_every_way("\x01"
                     "bye\r",
                     echo, "bye\r\nERR unknown request '\\x01bye' (HELP lists them)\r\n");
    /* a UTF-8 character is erased whole; a tab is echoed */
    expect_every_way("bye\xc3\xa9\b\tx\b\b\r", echo,
                     "bye\xc3\xa9\b \b\tx\b \b\b \b\r\nBYE\r\n");
    /* the echo of what comes after BYE: none, the session is closing */
    expect_every_way("bye\rHELP\r", echo, "bye\r\nBYE\r\n");
}

/* A reply starts on a line of its own: where the echo left the cursor
 * inside a line, "\r\n" comes first.  A line past SAP_LINE_MAX (its bytes
 * echoed up to the one too many), a last line the input ends without its
 * line end, and in a JUDGE stream the output of a move typed on the same
 * line as the next one, the ERR after a bad byte, and the END of a stream
 * whose last word is followed by more on its line. */
static void test_echo_reply_on_its_own_line(void)
{
    static const char after[] = "\rHELP\r", reply[] = "\r\nERR line too long\r\n";
    const unsigned echo = SAP_TERMINAL_ECHO;
    size_t k, length = SAP_LINE_MAX + 1u;
    char *input = malloc(length + sizeof after), *want = malloc(length + sizeof reply);
    for (k = 0; k < length; k++)
        input[k] = (char)('A' + k % 26u);
    memcpy(input + length, after, sizeof after);
    memcpy(want, input, length);
    memcpy(want + length, reply, sizeof reply);
    expect_every_way(input, echo, want);
    free(input);
    free(want);
    expect_every_way("HELP me", echo, "HELP me\r\nERR usage: HELP\r\n");
    expect_every_way("NEW 1 2\r_*", echo, "NEW 1 2\r\n_*\r\nOK 1 2 1\r\n");
    expect_every_way("JUDGE BOOM\r1 1 1 _ 1 1 1 0\rbye\r", echo,
                     "JUDGE BOOM\r\n1 1 1 _ 1 1 1 \r\nRUNNING: [<1, 1, 0>]\r\nWIN\r\n"
                     "0\r\nEND\r\nbye\r\nBYE\r\n");
    expect_every_way("JUDGE CASUAL\r1 2 .M 0 0 bye\r", echo,
                     "JUDGE CASUAL\r\n1 2 .M \r\n0\r\n0 0 \r\nEND\r\nbye\r\nBYE\r\n");
    expect_every_way("JUDGE BOOM\r1 1 1 _ 1 1 1 x y\rbye\r", echo,
                     "JUDGE BOOM\r\n1 1 1 _ 1 1 1 \r\nRUNNING: [<1, 1, 0>]\r\nWIN\r\n"
                     "x\r\nERR boom line 1: expected a non-negative number\r\nEND\r\n y\r\n"
                     "bye\r\nBYE\r\n");
}

/* HELP's lines all end "\r\n": the check above cut it short. */
static void test_echo_long_replies(void)
{
    char *plain = transcript("HELP\n", 5, 0, 0, 4096);
    char *want = with_line_ends(plain, "\r\n");
    size_t k = strlen(want) + 8;
    char *full = malloc(k);
    snprintf(full, k, "HELP\r\n%s", want);
    expect_every_way("HELP\r", SAP_TERMINAL_ECHO, full);
    CHECK_EQ_INT(strlen(plain), SAP_SESSION_HELP_BYTES);
    free(plain);
    free(want);
    free(full);
}

/* With echo on, a person's session is the plain one, line by line: each
 * line typed comes back, then "\r\n", then its reply with "\r\n" line ends.
 * The oracle asks an echo-off session one line at a time. */
static const char *const game_script = "NEW 3 4\n_*__\n____\n__*_\n2 1 2\n1 1 1\n3 1 1\n"
                                       "SHOW\n1 3 4\nSTATS\nMASTER 3 3 2\nCASUALMAP 2 2\n"
                                       ".M\n..\nNEW 9 9 10 7\n1 5 5\nPROB\nHINT\n"
                                       "JUDGE chess\nbye\n";

static void test_echo_is_the_plain_session_line_by_line(void)
{
    struct session_memory m;
    struct sap_session s;
    size_t want_cap = 1u << 16, want_length = 0;
    char *want = malloc(want_cap), *typed = with_line_ends(game_script, "\r");
    const char *line = game_script;
    static char reply[1u << 14];

    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    while (*line != '\0') {
        const char *end = strchr(line, '\n');
        size_t n = (size_t)(end - line), r;
        char one[128], *crlf;
        memcpy(one, line, n + 1);
        one[n + 1] = '\0';
        session_ask(&s, one, reply, sizeof reply);
        crlf = with_line_ends(reply, "\r\n");
        r = strlen(crlf);
        CHECK(want_length + n + 2 + r < want_cap);
        memcpy(want + want_length, line, n);
        memcpy(want + want_length + n, "\r\n", 2);
        memcpy(want + want_length + n + 2, crlf, r);
        want_length += n + 2 + r;
        free(crlf);
        line = end + 1;
    }
    want[want_length] = '\0';
    sap_session_release(&s);
    CHECK(strstr(want, "%") != NULL && strstr(want, "BYE\r\n") != NULL);
    expect_every_way(typed, SAP_TERMINAL_ECHO, want);
    free(want);
    free(typed);
}

/* Echo off (the default) changes nothing: backspace and DEL are bytes of
 * the line like any other, replies end "\n". */
static void test_echo_off_changes_nothing(void)
{
    expect_every_way("HELX\bP me\r", 0, "ERR unknown request 'HELX\\x08P' (HELP lists them)\n");
    expect_every_way("bye\x7f\n", 0, "ERR unknown request 'bye\\x7f' (HELP lists them)\n");
    expect_every_way("HELP me\rbye\r", 0, "ERR usage: HELP\nBYE\n");
}

/* SET ECHO ON|OFF is the same option: the reply to SET ECHO ON already has
 * "\r\n", the one to SET ECHO OFF no longer; the line that turns it on is
 * not echoed, the one that turns it off is. */
static void test_set_echo(void)
{
    struct sap_session s;
    char reply[256];

    expect_every_way("SET ECHO ON\rbye\r", 0, "OK\r\nbye\r\nBYE\r\n");
    expect_every_way("set echo on\r\nSET ECHO OFF\r\nbye\r\n", 0,
                     "OK\r\nSET ECHO OFF\r\nOK\nBYE\n");
    expect_every_way("SET ECHO OFF\rbye\r", SAP_TERMINAL_ECHO, "SET ECHO OFF\r\nOK\nBYE\n");
    expect_every_way(
        "SET ECHO MAYBE\r", SAP_TERMINAL_ECHO,
        "SET ECHO MAYBE\r\nERR usage: SET ECHO|COLOR|VIEW ON|OFF or SET VIEW ONLY\r\n");
    sap_session_init(&s, NULL);
    CHECK_EQ_INT(sap_session_terminal(&s), 0);
    session_ask(&s, "SET ECHO ON\n", reply, sizeof reply);
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_ECHO);
    session_ask(&s, "SET COLOR ON\r", reply, sizeof reply);
    CHECK_EQ_STR(reply, "SET COLOR ON\r\nOK\r\n");
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_ECHO | SAP_TERMINAL_COLOR);
    sap_session_set_terminal(&s, 0xf0u | SAP_TERMINAL_VIEW);
    CHECK_EQ_INT(sap_session_terminal(&s), SAP_TERMINAL_VIEW);
    sap_session_release(&s);
    /* judge-only mode keeps none: its output is the statement's */
    sap_session_init(&s, NULL);
    sap_session_set_terminal(&s, SAP_TERMINAL_ECHO);
    CHECK_EQ_INT(sap_session_start_judge(&s, SAP_FORMAT_MASTER), SAP_OK);
    CHECK_EQ_INT(sap_session_terminal(&s), 0);
    sap_session_set_terminal(&s, SAP_TERMINAL_ECHO);
    CHECK_EQ_INT(sap_session_terminal(&s), 0);
    sap_session_release(&s);
    sap_session_set_terminal(NULL, SAP_TERMINAL_ECHO);
    CHECK_EQ_INT(sap_session_terminal(NULL), 0);
}

/* Sink takes one byte while echo is on, then nothing until its echo is
 * polled: the session owes at most one byte's echo. */
static void test_echo_backpressure(void)
{
    struct sap_session s;
    char out[8];
    sap_session_init(&s, NULL);
    sap_session_set_terminal(&s, SAP_TERMINAL_ECHO);
    CHECK_EQ_INT(sap_session_sink(&s, "ab\b", 3), 1);
    CHECK(sap_session_busy(&s));
    CHECK_EQ_INT(sap_session_sink(&s, "b\b", 2), 0);
    CHECK_EQ_INT(sap_session_poll(&s, out, sizeof out), 1);
    CHECK(!sap_session_busy(&s));
    CHECK_EQ_INT(sap_session_sink(&s, "b\b", 2), 1);
    CHECK_EQ_INT(sap_session_poll(&s, out, sizeof out), 1);
    CHECK_EQ_INT(sap_session_sink(&s, "\b", 1), 1);
    CHECK_EQ_INT(sap_session_poll(&s, out, 2), 2);
    CHECK_EQ_INT(sap_session_poll(&s, out + 2, 2), 1);
    CHECK(memcmp(out, "\b \b", 3) == 0);
    sap_session_release(&s);
}

/* In a JUDGE stream with echo on, every byte is echoed (its line ends as
 * "\r\n"), the statement's output follows the byte that completed it, with
 * "\r\n" line ends, and a backspace is a byte of the stream. */
static void test_echo_in_judge_stream(void)
{
    expect_every_way("JUDGE BOOM\r1\r1 1\r_\r1 1 1\r0\rbye\r", SAP_TERMINAL_ECHO,
                     "JUDGE BOOM\r\n1\r\n1 1\r\n_\r\n1 1 1\r\nRUNNING: [<1, 1, 0>]\r\nWIN\r\n"
                     "0\r\nEND\r\nbye\r\nBYE\r\n");
    expect_every_way("JUDGE MASTER\r\n1\r\n1 1 0\r\nbye\r\n", SAP_TERMINAL_ECHO,
                     "JUDGE MASTER\r\n1\r\n1 1 0\r\nCase #1:\r\nc\r\nEND\r\nbye\r\nBYE\r\n");
    expect_every_way("JUDGE BOOM\r1\r1 1\rx\b\r0\rbye\r", SAP_TERMINAL_ECHO,
                     "JUDGE BOOM\r\n1\r\n1 1\r\nx\r\n"
                     "ERR boom line 3: row 1 holds 'x': cells are '*' or '_'\r\n"
                     "\r\n0\r\nOK\r\nbye\r\nBYE\r\n");
}

int main(void)
{
    RUN_TEST(test_line_end_forms);
    RUN_TEST(test_crlf_is_one_line_end);
    RUN_TEST(test_judge_stream_byte_exact);
    RUN_TEST(test_echo_exact_bytes);
    RUN_TEST(test_echo_reply_on_its_own_line);
    RUN_TEST(test_echo_long_replies);
    RUN_TEST(test_echo_is_the_plain_session_line_by_line);
    RUN_TEST(test_echo_off_changes_nothing);
    RUN_TEST(test_set_echo);
    RUN_TEST(test_echo_backpressure);
    RUN_TEST(test_echo_in_judge_stream);
    return check_summary("test_session_terminal");
}
