/*
 * test_session_judge.c - the session against the judge readers driven
 * directly: a whole game through the session equals the boom reader's
 * lines for the same moves, a JUDGE stream inside a session equals the
 * reader's output and hands back to requests, and judge-only mode (sapperd
 * --judge) writes exactly the reader's output and reports its errors.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/judge_drive.h"
#include "lib/session_drive.h"
#include "sapper.h"


static char *concat(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = malloc(la + lb + lc + 1);
    memcpy(s, a, la);
    memcpy(s + la, b, lb);
    memcpy(s + la + lb, c, lc + 1);
    return s;
}

static uint32_t rng_state = 99;
static uint32_t next_random(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* Well-formed inputs of each statement, small. */
static const char boom_input[] =
    "2\n3 3\n__*\n___\n___\n1 3 1\n0\n"
    "3 4\n_*__\n____\n__*_\n2 1 2\n1 1 1\n3 1 1\n1 3 4\n2 3 3\n1 3 3\n1 1 4\n0\n";
static const char master_input[] = "5\n5 5 23\n3 1 1\n2 2 1\n4 7 3\n10 10 82\n";
static const char nurikabe_input[] = "3\n\n2 2 1\n0 0 3\n.#\n..\n\n2 2 1\n0 0 3\n#.\n..\n\n"
                                     "3 3 2\n0 0 1\n2 2 1\n.#.\n###\n.#.\n";
static const char casual_input[] = "3 3\n...\n.M.\n...\n2 4\n.M..\n..M.\n1 1\nM\n0 0\n";
static const char *const format_inputs[SAP_FORMAT_COUNT] = { boom_input, casual_input,
                                                             master_input, nurikabe_input };

/* ---- JUDGE streams inside a session ------------------------------------ */

static void check_stream(enum sap_format format, const char *keyword, const char *input)
{
    char *want_judge = session_judge_output(format, input);
    char *in = concat(keyword, input, "HELP me\nbye\n");
    char *want = concat(want_judge, "END\nERR usage: HELP\nBYE\n", "");
    char *got = session_talk(in);
    if (!CHECK_EQ_STR(got, want))
        fprintf(stderr, "    JUDGE %s\n", sap_format_name(format));
    CHECK(strlen(want_judge) > 0);
    free(want_judge);
    free(in);
    free(want);
    free(got);
}

static void test_judge_streams(void)
{
    check_stream(SAP_FORMAT_BOOM, "JUDGE BOOM\n", boom_input);
    check_stream(SAP_FORMAT_BOOM, "judge boom\r\n", boom_input);
    /* streams back to back, CRLF input, and a stream that ends mid-line */
    session_expect(
        "JUDGE BOOM\r\n1\r\n1 1\r\n_\r\n2 1 1\r\n0\r\nJudge Boom\n1 1 1 * 0 HELP me\n",
        "RUNNING: [<1, 1, P>]\nQUIT\nEND\nQUIT\nEND\nERR usage: HELP\n");
    check_stream(SAP_FORMAT_MASTER, "judge master\r\n", master_input);
    check_stream(SAP_FORMAT_NURIKABE, "Judge Nurikabe\n", nurikabe_input);
    check_stream(SAP_FORMAT_CASUAL, "JUDGE CASUAL\n", casual_input);
    /* CASUAL ends at "0 0", on the same line as what follows */
    session_expect("JUDGE CASUAL\r\n1 2\r\n.M\r\n0 0 HELP me\r\n", "0\nEND\nERR usage: HELP\n");
    session_expect(
        "JUDGE MASTER\r\n1\r\n1 1 0\r\nJUDGE NURIKABE\r\n0\r\nJUDGE MASTER\n1 1 2 0 HELP me\n",
        "Case #1:\nc\nEND\nEND\nCase #1:\nc.\nEND\nERR usage: HELP\n");
    /* T = 0: nothing to write, and the next line is a request again */
    session_expect("JUDGE BOOM\n0\nHELP me\n", "END\nERR usage: HELP\n");
    session_expect("JUDGE NURIKABE\n0\nHELP me\n", "END\nERR usage: HELP\n");
}

/* A malformed stream: what was complete, one ERR with the reader's line and
 * reason, END after it unless the ERR is the stream's first line, the rest
 * of that line dropped, then requests (so each input ends with its bad
 * line: the stream's lines after it would be requests). */
static void test_judge_stream_errors(void)
{
    struct {
        enum sap_format format;
        const char *keyword, *input;
    } cases[] = {
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "2\n1 1\n_\n0\n1 x and more\n" },
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "1\n0 2\n" },
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "1\n2 2\n__\n_x\n" },
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "1\n2 2\n___\n" },
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "1\n2 2\n__\n_*\n1 3 1\n" },
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "1\n2 2\n__\n_*\n7 1 1\n" },
        { SAP_FORMAT_BOOM, "JUDGE BOOM\n", "1\n99999999999 2\n" },
        { SAP_FORMAT_MASTER, "JUDGE MASTER\n", "2\n2 2 0\n2 x 0 and more\n" },
        { SAP_FORMAT_MASTER, "JUDGE MASTER\n", "1\n0 2 0\n" },
        { SAP_FORMAT_NURIKABE, "JUDGE NURIKABE\n", "1\n2 2 0\n..\n.x\n" },
        { SAP_FORMAT_NURIKABE, "JUDGE NURIKABE\n", "1\n2 2 0\n...\n" },
        { SAP_FORMAT_CASUAL, "JUDGE CASUAL\n", "1 1\n.\n2 2\n.x\n" },
        { SAP_FORMAT_CASUAL, "JUDGE CASUAL\n", "1 1\n.\n2 2\n...\n" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct judge_drive_result direct;
        char err[192], *in, *want, *got;
        judge_drive(cases[i].format, cases[i].input, strlen(cases[i].input), 0, 4096, &direct);
        CHECK(!direct.stuck);
        CHECK(direct.status < 0);
        snprintf(err, sizeof err, "ERR %s line %u: %s\n%sERR usage: HELP\n",
                 sap_format_name(cases[i].format), direct.error_line, direct.reason,
                 direct.output[0] != '\0' ? "END\n" : "");
        want = concat(direct.output, err, "");
        in = concat(cases[i].keyword, cases[i].input, "HELP me\n");
        got = session_talk(in);
        if (!CHECK_EQ_STR(got, want))
            fprintf(stderr, "    case %zu\n", i);
        judge_drive_free(&direct);
        free(want);
        free(in);
        free(got);
    }
    /* input that ends inside the stream */
    {
        const char *input = "2\n1 1\n*\n1 1 1\n0\n";
        struct judge_drive_result direct;
        char err[192], *in, *want, *got;
        judge_drive(SAP_FORMAT_BOOM, input, strlen(input), 0, 4096, &direct);
        CHECK(!direct.stuck);
        CHECK(direct.status < 0);
        CHECK_EQ_STR(direct.output, "LOSE\n==========\n");
        snprintf(err, sizeof err, "ERR boom line %u: %s\nEND\n", direct.error_line,
                 direct.reason);
        want = concat(direct.output, err, "");
        in = concat("JUDGE BOOM\n", input, "");
        got = session_talk(in);
        CHECK_EQ_STR(got, want);
        judge_drive_free(&direct);
        free(want);
        free(in);
        free(got);
    }
}

/* ---- judge-only mode ---------------------------------------------------- */

struct judge_run {
    char *out;
    int status;
    uint32_t line;
    const char *reason;
    bool closing_before_eof;
    bool closing;
};

static struct judge_run judge_only(enum sap_format format, const char *input, size_t chunk,
                                   size_t cap)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    struct judge_run r;
    static char reason_copy[128];

    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    CHECK_EQ_INT(sap_session_start_judge(&s, format), SAP_OK);
    session_drive(&s, input, strlen(input), chunk, cap, false, &o);
    r.closing_before_eof = sap_session_closing(&s);
    session_drive(&s, "", 0, 0, cap, true, &o);
    r.closing = sap_session_closing(&s);
    r.status = sap_session_judge_result(&s, &r.line, &r.reason);
    if (r.reason != NULL) {
        strncpy(reason_copy, r.reason, sizeof reason_copy - 1);
        r.reason = reason_copy;
    }
    sap_session_release(&s);
    CHECK_EQ_INT(m.held_bytes, 0);
    r.out = o.text.bytes != NULL ? o.text.bytes : calloc(1, 1);
    return r;
}

static void test_judge_only(void)
{
    int f;
    for (f = 0; f < SAP_FORMAT_COUNT; f++) {
        const char *input = format_inputs[f];
        char *want, *trailing;
        struct judge_run r;
        size_t chunk;
        if (input == NULL)
            continue;
        want = session_judge_output((enum sap_format)f, input);
        for (chunk = 0; chunk < 4; chunk++) {
            r = judge_only((enum sap_format)f, input, chunk, chunk == 0 ? 4096 : chunk);
            CHECK_EQ_STR(r.out, want);
            CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
            CHECK(r.reason == NULL);
            CHECK(!r.closing_before_eof); /* trailing input is still to be judged */
            CHECK(r.closing);
            free(r.out);
        }
        /* trailing whitespace is fine */
        trailing = concat(input, " \r\n\n\t \n", "");
        r = judge_only((enum sap_format)f, trailing, 0, 4096);
        CHECK_EQ_STR(r.out, want);
        CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
        free(r.out);
        free(trailing);
        /* anything else is the reader's error at its line, nothing is added */
        trailing = concat(input, "\n\n  HELP\n", "");
        r = judge_only((enum sap_format)f, trailing, 1, 3);
        CHECK_EQ_STR(r.out, want);
        CHECK(r.status < 0);
        CHECK(r.closing_before_eof);
        {
            struct judge_drive_result direct;
            uint32_t lines = 1;
            const char *p;
            judge_drive((enum sap_format)f, trailing, strlen(trailing), 0, 4096, &direct);
            CHECK(!direct.stuck);
            for (p = input; *p; p++)
                lines += *p == '\n';
            CHECK_EQ_INT(r.line, lines + 2);
            CHECK_EQ_INT(r.line, direct.error_line);
            CHECK(r.reason != NULL && strcmp(r.reason, direct.reason) == 0);
            judge_drive_free(&direct);
        }
        free(r.out);
        free(trailing);
        free(want);
    }
}

/* A malformed input in judge-only mode: the complete cases' output, no ERR
 * line, and the reader's own line and reason. */
static void test_judge_only_errors(void)
{
    const char *inputs[] = { "2\n1 1\n_\n0\n1 1\n", "1\n2 2\n__\n_x\n", "",
                             "1\n1 1\n_\n5 1 1\n0\n", "1\n1 1\n_\n2 1 1\n" };
    size_t i;
    for (i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        struct judge_drive_result direct;
        struct judge_run r;
        judge_drive(SAP_FORMAT_BOOM, inputs[i], strlen(inputs[i]), 0, 4096, &direct);
        CHECK(!direct.stuck);
        r = judge_only(SAP_FORMAT_BOOM, inputs[i], 0, 4096);
        CHECK(direct.status < 0);
        CHECK_EQ_STR(r.out, direct.output);
        CHECK(strstr(r.out, "ERR") == NULL);
        CHECK_EQ_INT(r.status, direct.status);
        CHECK_EQ_INT(r.line, direct.error_line);
        CHECK(r.reason != NULL && strcmp(r.reason, direct.reason) == 0);
        CHECK(r.closing);
        free(r.out);
        judge_drive_free(&direct);
    }
}

/* ---- a whole game through the session equals the boom reader's lines ---- */

static void test_game_equals_judge(void)
{
    int round;
    for (round = 0; round < 150; round++) {
        int rows = 1 + (int)(next_random() % 9), cols = 1 + (int)(next_random() % 9);
        int moves = (int)(next_random() % 25), r, k;
        size_t cap = 64 + (size_t)rows * (cols + 1) + (size_t)moves * 16;
        char *session_in = malloc(cap), *judge_in = malloc(cap + 8), *got, *want, *reply;
        size_t si = 0, ji = 0;
        char board[128];

        for (k = 0; k < rows * cols; k++)
            board[k] = next_random() % 6 == 0 ? '*' : '_';
        si += (size_t)sprintf(session_in + si, "NEW %d %d\n", rows, cols);
        ji += (size_t)sprintf(judge_in + ji, "1\n%d %d\n", rows, cols);
        for (r = 0; r < rows; r++) {
            memcpy(session_in + si, board + r * cols, (size_t)cols);
            memcpy(judge_in + ji, board + r * cols, (size_t)cols);
            si += (size_t)cols;
            ji += (size_t)cols;
            session_in[si++] = '\n';
            judge_in[ji++] = '\n';
        }
        for (k = 0; k < moves; k++) {
            int op = 1 + (int)(next_random() % 3);
            int x = 1 + (int)(next_random() % (uint32_t)rows);
            int y = 1 + (int)(next_random() % (uint32_t)cols);
            si += (size_t)sprintf(session_in + si, "%d %d %d\n", op, x, y);
            ji += (size_t)sprintf(judge_in + ji, "%d %d %d\n", op, x, y);
        }
        sprintf(session_in + si, "0\n");
        sprintf(judge_in + ji, "0\n");
        want = session_judge_output(SAP_FORMAT_BOOM, judge_in);
        got = session_talk(session_in);
        /* the session adds "OK r c mines" first and answers 0 with OK when
         * the game had already ended (the reader then prints nothing) */
        reply = strchr(got, '\n');
        CHECK(reply != NULL && strncmp(got, "OK ", 3) == 0);
        if (reply != NULL) {
            size_t len = strlen(reply + 1);
            if (len >= 3 && strcmp(reply + 1 + len - 3, "OK\n") == 0
                && (len == 3 || reply[len - 3] == '\n'))
                reply[1 + len - 3] = '\0';
            if (!CHECK_EQ_STR(reply + 1, want))
                fprintf(stderr, "    for: %s\n", session_in);
        }
        free(session_in);
        free(judge_in);
        free(got);
        free(want);
    }
}

int main(void)
{
    RUN_TEST(test_judge_streams);
    RUN_TEST(test_judge_stream_errors);
    RUN_TEST(test_judge_only);
    RUN_TEST(test_judge_only_errors);
    RUN_TEST(test_game_equals_judge);
    return check_summary("test_session_judge");
}
