/*
 * test_judge_boom.c - the boom judge reader: the statement's five games
 * byte-exact through every chunking of the input and every size of output
 * buffer, CRLF input, T = 0, every malformed input with its line and reason,
 * a million-change reply streamed through a small buffer, and random
 * multi-game inputs against tests/lib/ref_game.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/ref_game.h"
#include "lib/text.h"
#include "sapper.h"

/* ---- memory table: malloc, counting the blocks still held ---------------------- */

struct test_memory {
    int live;
    size_t refuse_above; /* 0: never refuse */
};

static void *test_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct test_memory *m = context;
    void *block;
    CHECK_EQ_INT(purpose, SAP_MEMORY_WORK);
    if (m->refuse_above != 0 && bytes > m->refuse_above)
        return NULL;
    block = malloc(bytes);
    if (block != NULL)
        m->live++;
    return block;
}

static void test_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct test_memory *m = context;
    (void)purpose;
    m->live--;
    free(block);
}

/* ---- driver ------------------------------------------------------------------------ */

struct run {
    char *out;
    size_t out_len;
    int status;
    uint32_t error_line;
    char reason[128];
};

static void run_free(struct run *r)
{
    free(r->out);
    r->out = NULL;
}

/* Feeds input in chunks of `chunk` bytes, polls with `cap`-byte buffers, the
 * way sapperd does; records the output and the final status. */
static struct run run_judge_with(const char *input, size_t len, size_t chunk, size_t cap,
                                 size_t refuse_above)
{
    struct test_memory mem = { 0, refuse_above };
    struct sap_memory table = { test_acquire, test_release, &mem };
    struct sap_judge judge;
    struct run r;
    size_t pos = 0, room = 1024, n;
    char *buf = malloc(cap);
    int polls_without_input = 0;

    memset(&r, 0, sizeof r);
    r.out = malloc(room);
    CHECK_EQ_INT(sap_judge_init(&judge, SAP_FORMAT_BOOM, &table), SAP_OK);
    while (pos < len && sap_judge_status(&judge) == SAP_JUDGE_READING) {
        size_t end = pos + chunk < len ? pos + chunk : len;
        while (pos < end && sap_judge_status(&judge) == SAP_JUDGE_READING) {
            size_t took = sap_judge_sink(&judge, input + pos, end - pos);
            pos += took;
            polls_without_input = took == 0 ? polls_without_input + 1 : 0;
            while ((n = sap_judge_poll(&judge, buf, cap)) > 0) {
                if (!CHECK(n <= cap))
                    break;
                if (r.out_len + n + 1 > room) {
                    room = (r.out_len + n + 1) * 2;
                    r.out = realloc(r.out, room);
                }
                memcpy(r.out + r.out_len, buf, n);
                r.out_len += n;
            }
            if (!CHECK(polls_without_input < 3))
                goto done; /* a reader that takes nothing and says nothing: stuck */
        }
    }
    if (sap_judge_status(&judge) == SAP_JUDGE_READING) {
        sap_judge_finish(&judge);
        while ((n = sap_judge_poll(&judge, buf, cap)) > 0) {
            if (r.out_len + n + 1 > room) {
                room = (r.out_len + n + 1) * 2;
                r.out = realloc(r.out, room);
            }
            memcpy(r.out + r.out_len, buf, n);
            r.out_len += n;
        }
    }
done:
    r.out[r.out_len] = '\0';
    r.status = sap_judge_status(&judge);
    r.error_line = judge.error_line;
    if (r.status < 0 && judge.error_reason != NULL)
        snprintf(r.reason, sizeof r.reason, "%s", judge.error_reason);
    sap_judge_release(&judge);
    CHECK_EQ_INT(mem.live, 0);
    free(buf);
    return r;
}

static struct run run_judge(const char *input, size_t chunk, size_t cap)
{
    return run_judge_with(input, strlen(input), chunk, cap, 0);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data;
    long size;
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    data = malloc((size_t)size + 1);
    if (fread(data, 1, (size_t)size, f) != (size_t)size)
        size = 0;
    data[size] = '\0';
    fclose(f);
    *len = (size_t)size;
    return data;
}

static char *to_crlf(const char *text)
{
    size_t n = strlen(text), i, k = 0;
    char *out = malloc(2 * n + 1);
    for (i = 0; i < n; i++) {
        if (text[i] == '\n')
            out[k++] = '\r';
        out[k++] = text[i];
    }
    out[k] = '\0';
    return out;
}

/* The statement's five games (a copy of ../shared/testdata/boom); tests run
 * from the repository's top. */
static char *read_sample(const char *name, size_t *len)
{
    char path[256];
    snprintf(path, sizeof path, "tests/data/boom/%s", name);
    return read_file(path, len);
}

/* ---- the statement's games -------------------------------------------------------- */

static void test_statement_sample(void)
{
    size_t in_len, out_len, chunk, c;
    static const size_t caps[] = { 1, 2, 3, 5, 16, 64, 4096 };
    char *in = read_sample("statement-sample.in", &in_len);
    char *want = read_sample("statement-sample.out", &out_len);
    char *crlf;
    int bad = 0;

    if (!CHECK(in != NULL && want != NULL && in_len > 0 && out_len > 0))
        return;
    for (chunk = 1; chunk <= 64; chunk++) {
        for (c = 0; c < sizeof caps / sizeof caps[0]; c++) {
            struct run r = run_judge(in, chunk, caps[c]);
            if (!CHECK_EQ_INT(r.status, SAP_JUDGE_DONE) || !CHECK_EQ_STR(r.out, want)) {
                fprintf(stderr, "chunk %zu, cap %zu\n", chunk, caps[c]);
                bad = 1;
            }
            run_free(&r);
            if (bad)
                break;
        }
        if (bad)
            break;
    }
    crlf = to_crlf(in);
    for (chunk = 1; chunk <= 64 && !bad; chunk++) {
        struct run r = run_judge(crlf, chunk, chunk);
        bad = !CHECK_EQ_INT(r.status, SAP_JUDGE_DONE) || !CHECK_EQ_STR(r.out, want);
        run_free(&r);
    }
    free(crlf);
    free(in);
    free(want);
}

static void expect_output(const char *input, const char *want)
{
    struct run r = run_judge(input, 4096, 4096);
    CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
    if (!CHECK_EQ_STR(r.out, want))
        fprintf(stderr, "input:\n%s\n", input);
    if (r.status < 0)
        fprintf(stderr, "line %u: %s\n", (unsigned)r.error_line, r.reason);
    run_free(&r);
}

static void test_wellformed(void)
{
    /* T = 0 prints nothing, with or without a line end */
    expect_output("0\n", "");
    expect_output("0", "");
    expect_output("\n\n  0 \r\n\r\n", "");
    /* no operations: QUIT */
    expect_output("1\n2 2\n__\n__\n0\n", "QUIT\n");
    expect_output("2\n1 1\n*\n0\n1 1\n_\n0", "QUIT\n==========\nQUIT\n");
    /* operations after the end are INVALID; QUIT only when still running */
    expect_output("2\n1 2\n_*\n1 1 1\n2 1 2\n3 1 1\n0\n1 2\n_*\n2 1 1\n0\n",
                  "RUNNING: [<1, 1, 1>]\nWIN\nINVALID\nINVALID\n==========\n"
                  "RUNNING: [<1, 1, P>]\nQUIT\n");
    expect_output("1\n1 2\n_*\n1 1 2\n1 1 1\n0\n", "LOSE\nINVALID\n");
    /* tokens may be spread over lines in any way */
    expect_output("1 2 2 __ _* 1 1 1 0", "RUNNING: [<1, 1, 1>]\nQUIT\n");
    expect_output("1\n2\n2\n__\n_*\n1\n1\n1\n0\n", "RUNNING: [<1, 1, 1>]\nQUIT\n");
    /* a board beyond the statement's 200 x 200, and a 1 x N */
    expect_output("1\n1 5\n__*__\n1 1 1\n1 1 5\n0\n",
                  "RUNNING: [<1, 1, 0>, <1, 2, 1>]\nRUNNING: [<1, 4, 1>, <1, 5, 0>]\nWIN\n");
}

/* ---- malformed input -------------------------------------------------------------- */

struct bad_case {
    const char *input;
    const char *output; /* what was complete before the error */
    int status;
    uint32_t line;
    const char *reason;
};

static const struct bad_case bad_cases[] = {
    { "", "", SAP_ERR_SYNTAX, 1, "input ended before the number of games" },
    { "\n\n", "", SAP_ERR_SYNTAX, 3, "input ended before the number of games" },
    { "x\n", "", SAP_ERR_SYNTAX, 1, "expected a non-negative number" },
    { "-1\n", "", SAP_ERR_SYNTAX, 1, "expected a non-negative number" },
    { "99999999999\n", "", SAP_ERR_SIZE, 1, "number too large" },
    { "4294967296", "", SAP_ERR_SIZE, 1, "number too large" },
    { "42949672950\n", "", SAP_ERR_SIZE, 1, "number too large" },
    /* the largest number is taken (leading zeros too), whatever the chunking */
    { "4294967295\n", "", SAP_ERR_SYNTAX, 2, "input ended before the board size of game 1" },
    { "0000004294967295", "", SAP_ERR_SYNTAX, 1,
      "input ended before the board size of game 1" },
    { "1\n", "", SAP_ERR_SYNTAX, 2, "input ended before the board size of game 1" },
    { "1\n3", "", SAP_ERR_SYNTAX, 2, "input ended before the board size of game 1" },
    { "2\n1 1\n_\n0\n", "QUIT\n==========\n", SAP_ERR_SYNTAX, 5,
      "input ended before the board size of game 2" },
    { "1\n0 3\n", "", SAP_ERR_ARG, 2, "n must be at least 1" },
    { "1\n3 0\n", "", SAP_ERR_ARG, 2, "m must be at least 1" },
    { "1\n1001 3\n", "", SAP_ERR_SIZE, 2, "n is over this build's limit of 1000 rows" },
    { "1\n3\n\n4294967295\n", "", SAP_ERR_SIZE, 4,
      "m is over this build's limit of 1000 columns" },
    { "1\n4294967296 3\n", "", SAP_ERR_SIZE, 2, "number too large" },
    { "1\n3 3\n___\n___\n", "", SAP_ERR_SYNTAX, 5, "input ended inside the board of game 1" },
    { "1\n3 3\n___\n__\n___\n", "", SAP_ERR_SYNTAX, 4,
      "row 2 has 2 cells, fewer than the board's 3" },
    { "1\n3 3\n____\n", "", SAP_ERR_SYNTAX, 3, "row 1 has more cells than the board's 3" },
    { "1\n2 3\n_x_\n", "", SAP_ERR_SYNTAX, 3, "row 1 holds 'x': cells are '*' or '_'" },
    { "1\n2 3\n___\n*.*\n", "", SAP_ERR_SYNTAX, 4, "row 2 holds '.': cells are '*' or '_'" },
    { "1\n2 3\n___\n_\x01_\n", "", SAP_ERR_SYNTAX, 4,
      "row 2 holds byte 1: cells are '*' or '_'" },
    /* rows long enough to be read eight bytes at a time on hosts: a bad
     * byte in the first word, in the second, in the tail; one that is '_'
     * or '*' but for its high bit */
    { "1\n1 20\n___x________________\n", "", SAP_ERR_SYNTAX, 3,
      "row 1 holds 'x': cells are '*' or '_'" },
    { "1\n1 20\n*___*___*__.*___*___\n", "", SAP_ERR_SYNTAX, 3,
      "row 1 holds '.': cells are '*' or '_'" },
    { "1\n1 20\n________________*_#_\n", "", SAP_ERR_SYNTAX, 3,
      "row 1 holds '#': cells are '*' or '_'" },
    { "1\n1 20\n_____\xdf______________\n", "", SAP_ERR_SYNTAX, 3,
      "row 1 holds byte 223: cells are '*' or '_'" },
    { "1\n1 20\n__________\xaa_________\n", "", SAP_ERR_SYNTAX, 3,
      "row 1 holds byte 170: cells are '*' or '_'" },
    { "1\n2 3\n___\n___\n1 3 1\n", "", SAP_ERR_RANGE, 5, "x 3 is outside the board's 2 rows" },
    { "1\n2 3\n___\n___\n1 0 1\n", "", SAP_ERR_RANGE, 5, "x 0 is outside the board's 2 rows" },
    { "1\n2 3\n___\n___\n2 1 4\n", "", SAP_ERR_RANGE, 5,
      "y 4 is outside the board's 3 columns" },
    { "1\n2 3\n___\n___\n2\n1\n\n0\n", "", SAP_ERR_RANGE, 8,
      "y 0 is outside the board's 3 columns" },
    { "1\n2 3\n___\n___\n4 1 1\n", "", SAP_ERR_SYNTAX, 5,
      "unknown operation 4: expected 1, 2, 3, or 0 to end the game" },
    { "1\n2 3\n___\n___\n2 1 1\n4294967295 1 1\n", "RUNNING: [<1, 1, P>]\n", SAP_ERR_SYNTAX, 6,
      "unknown operation 4294967295: expected 1, 2, 3, or 0 to end the game" },
    { "1\n2 3\n___\n___\n2 1 99999999999\n", "", SAP_ERR_SIZE, 5, "number too large" },
    { "1\n2 3\n___\n__*\n2 1 1\n", "RUNNING: [<1, 1, P>]\n", SAP_ERR_SYNTAX, 6,
      "input ended inside game 1, before its closing 0" },
    { "1\n2 3\n___\n__*\n2 1 1\n1 1", "RUNNING: [<1, 1, P>]\n", SAP_ERR_SYNTAX, 6,
      "input ended inside an operation of game 1" },
    { "1\n2 3\n___\n__*\n2 1 1 1 1 1 1\n", "RUNNING: [<1, 1, P>]\nRUNNING: []\n",
      SAP_ERR_SYNTAX, 6, "input ended inside an operation of game 1" },
    { "1\n1 1\n_\n0\n0\n", "QUIT\n", SAP_ERR_SYNTAX, 5, "unexpected input" },
    { "0\nboom\n", "", SAP_ERR_SYNTAX, 2, "unexpected input" },
    { "2\n1 1\n_\n1 1 1\n0\n1 1\n*\n1 1 x\n", "RUNNING: [<1, 1, 0>]\nWIN\n==========\n",
      SAP_ERR_SYNTAX, 8, "expected a non-negative number" },
};

static void test_malformed(void)
{
    size_t i;
    for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *b = &bad_cases[i];
        char *crlf = to_crlf(b->input);
        size_t chunk;
        for (chunk = 1; chunk <= 8; chunk *= 2) {
            int v;
            for (v = 0; v < 2; v++) {
                const char *input = v == 0 ? b->input : crlf;
                struct run r = run_judge(input, chunk == 8 ? 4096 : chunk, chunk);
                bool ok = CHECK_EQ_INT(r.status, b->status);
                ok = CHECK_EQ_INT(r.error_line, b->line) && ok;
                ok = CHECK_EQ_STR(r.reason, b->reason) && ok;
                ok = CHECK_EQ_STR(r.out, b->output) && ok;
                if (!ok) {
                    fprintf(stderr, "bad case %zu (chunk %zu, %s)\n", i, chunk,
                            v == 0 ? "LF" : "CRLF");
                    free(crlf);
                    run_free(&r);
                    return;
                }
                run_free(&r);
            }
        }
        free(crlf);
    }
}

static void test_memory_refused(void)
{
    const char *input = "2\n1 1\n_\n0\n20 20\n";
    struct run r = run_judge_with(input, strlen(input), 4096, 4096, SAP_GAME_BYTES(10, 10));
    CHECK_EQ_INT(r.status, SAP_ERR_NOMEM);
    CHECK_EQ_INT(r.error_line, 5);
    CHECK_EQ_STR(r.reason, "not enough memory for this board");
    CHECK_EQ_STR(r.out, "QUIT\n==========\n");
    run_free(&r);
}

/* A 1000 x 1000 board opened by one click: a million changes through a
 * 100-byte output buffer, and the input fed in 4 KiB chunks. */
static void test_million_changes(void)
{
    size_t rows = SAP_MAX_ROWS, cols = SAP_MAX_COLS, len = 0, i, pieces = 0, r;
    char *input = malloc(rows * (cols + 1) + 64);
    struct run run;
    const char *head = "RUNNING: [<1, 1, 0>, <1, 2, 0>, ";
    const char *tail = ", <1000, 999, 0>, <1000, 1000, 0>]\nWIN\n";

    len += (size_t)sprintf(input, "1\n%zu %zu\n", rows, cols);
    for (r = 0; r < rows; r++) {
        memset(input + len, '_', cols);
        len += cols;
        input[len++] = '\n';
    }
    len += (size_t)sprintf(input + len, "1 500 500\n0\n");
    run = run_judge_with(input, len, 4096, 100, 0);
    CHECK_EQ_INT(run.status, SAP_JUDGE_DONE);
    CHECK(strncmp(run.out, head, strlen(head)) == 0);
    CHECK(run.out_len > strlen(tail)
          && strcmp(run.out + run.out_len - strlen(tail), tail) == 0);
    for (i = 0; i < run.out_len; i++)
        pieces += run.out[i] == '<';
    CHECK_EQ_INT(pieces, rows * cols);
    run_free(&run);
    free(input);
}

/* ---- random inputs against the reference ----------------------------------------- */

static uint64_t test_rng = 0xb00b;
static uint32_t rnd(uint32_t bound)
{
    uint64_t z = (test_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return bound == 0 ? 0 : (uint32_t)(z % bound);
}

static void test_against_reference(void)
{
    int input_no;
    for (input_no = 0; input_no < 300; input_no++) {
        struct text in = { NULL, 0, 0 }, want = { NULL, 0, 0 };
        uint32_t games = rnd(5), game;
        struct run r;
        const char *newline = input_no % 3 == 0 ? "\r\n" : "\n";

        text_add(&in, "", 0);
        text_add(&want, "", 0);
        text_printf(&in, "%u%s", (unsigned)games, newline);
        for (game = 0; game < games; game++) {
            uint32_t rows = 1 + rnd(12), cols = 1 + rnd(12), percent = rnd(40), i, ops;
            char *mines = malloc(rows * cols + 1);
            struct ref_game *ref;
            text_printf(&in, "%u %u%s", (unsigned)rows, (unsigned)cols, newline);
            for (i = 0; i < rows * cols; i++)
                mines[i] = rnd(100) < percent ? '*' : '_';
            for (i = 0; i < rows; i++) {
                text_add(&in, mines + i * cols, cols);
                text_puts(&in, newline);
            }
            ref = ref_game_new((int)rows, (int)cols, mines);
            ops = rnd(40);
            for (i = 0; i < ops; i++) {
                int op = 1 + (int)rnd(3);
                uint32_t x = 1 + rnd(rows), y = 1 + rnd(cols);
                text_printf(&in, "%d %u %u%s", op, (unsigned)x, (unsigned)y, newline);
                text_puts(&want, ref_game_move(ref, op, (int)x, (int)y));
            }
            if (ref_game_state(ref) == 0)
                text_puts(&want, "QUIT\n");
            if (game + 1 < games)
                text_puts(&want, "==========\n");
            text_printf(&in, "0%s", newline);
            ref_game_free(ref);
            free(mines);
        }
        r = run_judge(in.bytes, 1 + rnd(300), 1 + rnd(80));
        CHECK_EQ_INT(r.status, SAP_JUDGE_DONE);
        if (!CHECK_EQ_STR(r.out, want.bytes)) {
            fprintf(stderr, "random input %d:\n%s\n", input_no, in.bytes);
            input_no = 1 << 30;
        }
        run_free(&r);
        text_free(&in);
        text_free(&want);
    }
}

/* Hostile input: the sample with random bytes changed, inserted or cut.
 * Every run must end (run_judge checks that the reader never stalls),
 * give its memory back, and either finish or fail with a line and a
 * reason; ASan and UBSan watch the rest. */
static void test_mutated_inputs(void)
{
    static const char alphabet[] = "0123456789 \n\r\t_*x-";
    size_t len, round;
    char *sample = read_sample("statement-sample.in", &len);
    char *input;
    if (!CHECK(sample != NULL))
        return;
    input = malloc(len + 64);
    for (round = 0; round < 3000; round++) {
        size_t n = len, edits = 1 + rnd(4), e;
        struct run r;
        memcpy(input, sample, len);
        for (e = 0; e < edits; e++) {
            size_t at = rnd((uint32_t)n + 1);
            char byte = rnd(4) == 0 ? (char)rnd(256) : alphabet[rnd(sizeof alphabet - 1)];
            switch (rnd(3)) {
            case 0:
                if (at < n)
                    input[at] = byte;
                break;
            case 1:
                memmove(input + at + 1, input + at, n - at);
                input[at] = byte;
                n++;
                break;
            default:
                if (at < n) {
                    memmove(input + at, input + at + 1, n - at - 1);
                    n--;
                }
                break;
            }
        }
        r = run_judge_with(input, n, 1 + rnd(16), 1 + rnd(32), 0);
        CHECK(r.status == SAP_JUDGE_DONE || r.status < 0);
        if (r.status < 0) {
            CHECK(r.reason[0] != '\0');
            CHECK(r.error_line >= 1 && r.error_line <= 40);
        }
        run_free(&r);
    }
    free(input);
    free(sample);
}

int main(void)
{
    RUN_TEST(test_statement_sample);
    RUN_TEST(test_wellformed);
    RUN_TEST(test_malformed);
    RUN_TEST(test_memory_refused);
    RUN_TEST(test_million_changes);
    RUN_TEST(test_against_reference);
    RUN_TEST(test_mutated_inputs);
    return check_summary("test_judge_boom");
}
