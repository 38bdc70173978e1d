/*
 * test_session_solvers.c - the session's requests that reach the one-shot
 * solvers (MASTER, NURIKABE, CASUAL/CASUALMAP): answers equal the judge
 * readers' or the solver's own, every ERR path of their lines, replies
 * within the documented bounds, WORK memory given back.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "sapper.h"


static uint32_t rng_state = 99;
static uint32_t next_random(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* ---- MASTER ------------------------------------------------------------- */

/* Whether `text` is R lines of C cells with M mines and one 'c' from which
 * a single click opens every safe cell. */
static bool master_board_ok(int rows, int cols, int mines, const char *text)
{
    int cells = rows * cols, i, r, c, count = 0, clicks = 0, start = -1, opened = 0, head = 0,
        tail = 0;
    char *grid = malloc((size_t)cells);
    int *queue = malloc(sizeof(int) * (size_t)cells);
    bool *seen = calloc((size_t)cells, 1);
    bool ok = true;
    for (r = 0; r < rows && ok; r++) {
        for (c = 0; c < cols; c++) {
            char ch = *text++;
            if (ch != '*' && ch != '.' && ch != 'c')
                ok = false;
            grid[r * cols + c] = ch;
            count += ch == '*';
            if (ch == 'c') {
                clicks++;
                start = r * cols + c;
            }
        }
        if (*text++ != '\n')
            ok = false;
    }
    ok = ok && *text == '\0' && count == mines && clicks == 1;
    if (ok) {
        queue[tail++] = start;
        seen[start] = true;
        while (head < tail) {
            int cell = queue[head++], around = 0, dr, dc;
            opened++;
            r = cell / cols;
            c = cell % cols;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++)
                    if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols)
                        around += grid[(r + dr) * cols + c + dc] == '*';
            if (around != 0)
                continue;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++) {
                    i = (r + dr) * cols + c + dc;
                    if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols
                        && !seen[i]) {
                        seen[i] = true;
                        queue[tail++] = i;
                    }
                }
        }
        ok = opened == cells - mines;
    }
    free(grid);
    free(queue);
    free(seen);
    return ok;
}

static void test_master(void)
{
    int rows, cols;
    session_expect("MASTER 1 1 0\n", "c\n");
    session_expect("MASTER 2 2 1\n", "Impossible\n");
    /* every size up to 5x5, every mine count: the same as the reader, and
     * a valid board when it is not Impossible */
    for (rows = 1; rows <= 5; rows++) {
        for (cols = 1; cols <= 5; cols++) {
            int mines;
            for (mines = 0; mines < rows * cols; mines++) {
                char in[64], *got, *want;
                snprintf(in, sizeof in, "MASTER %d %d %d\n", rows, cols, mines);
                got = session_talk(in);
                snprintf(in, sizeof in, "1\n%d %d %d\n", rows, cols, mines);
                want = session_judge_output(SAP_FORMAT_MASTER, in);
                if (CHECK(strncmp(want, "Case #1:\n", 9) == 0))
                    CHECK_EQ_STR(got, want + 9);
                if (strcmp(got, "Impossible\n") != 0)
                    CHECK(master_board_ok(rows, cols, mines, got));
                CHECK(strlen(got) <= SAP_REPLY_MASTER_MAX(rows, cols));
                free(got);
                free(want);
            }
        }
    }
}

static void test_master_largest(void)
{
    struct sap_session s;
    struct session_output o = { 0 };
    char in[64];
    snprintf(in, sizeof in, "MASTER %u %u %u\n", SAP_MAX_ROWS, SAP_MAX_COLS,
             SAP_MAX_ROWS * SAP_MAX_COLS / 2);
    sap_session_init(&s, NULL); /* MASTER needs no memory at all */
    session_drive(&s, in, strlen(in), 0, 999, true, &o);
    CHECK_EQ_INT(o.text.length, SAP_REPLY_MASTER_MAX(SAP_MAX_ROWS, SAP_MAX_COLS));
    CHECK(master_board_ok((int)SAP_MAX_ROWS, (int)SAP_MAX_COLS,
                          (int)(SAP_MAX_ROWS * SAP_MAX_COLS / 2), o.text.bytes));
    sap_session_release(&s);
    session_output_free(&o);
}

/* ---- NURIKABE ----------------------------------------------------------- */

static void test_nurikabe(void)
{
    session_expect("NURIKABE 2 2 1\n0 0 3\n.#\n..\n", "solved\n");
    session_expect("nurikabe 2 2 1\n\n0 0 3\n\n#.\n..\n", "not solved\n");
    session_expect("NURIKABE 1 1 0\n#\n", "solved\n");
    session_expect("NURIKABE 3 3 2\r\n0 0 1\r\n2 2 1\r\n.#.\r\n###\r\n.#.\r\n", "not solved\n");
    /* bad lines: one ERR after the last line, then requests */
    session_expect("NURIKABE 2 2 1\n5 0 1\n..\n..\nHELP me\n",
                   "ERR number line 1: (5, 0) is outside the grid: rows 0-1, columns 0-1 "
                   "(0-based)\nERR usage: HELP\n");
    session_expect("NURIKABE 2 3 1\n1 3 1\n...\n...\n",
                   "ERR number line 1: (1, 3) is outside the grid: rows 0-1, columns 0-2 "
                   "(0-based)\n");
    session_expect("NURIKABE 2 2 2\n0 0 1\n0 0 2\n..\n..\nHELP me\n",
                   "ERR number line 2: (0, 0) holds a number already\nERR usage: HELP\n");
    session_expect("NURIKABE 2 2 1\n0 0 0\n..\n..\n",
                   "ERR number line 1: n must be at least 1\n");
    session_expect("NURIKABE 2 2 1\n0 0\n..\n..\nHELP me\n",
                   "ERR number line 1: expected the 3 numbers r' c' n\nERR usage: HELP\n");
    session_expect("NURIKABE 2 2 1\n0 0 x\n..\n..\n",
                   "ERR number line 1: 'x' is not a number\n");
    session_expect(
        "NURIKABE 2 2 1\n0 0 99999999999\n..\n..\n",
        "ERR number line 1: '99999999999' is too large: numbers go up to 4294967295\n");
    session_expect("NURIKABE 1 2 0\n.x\nHELP me\n",
                   "ERR row 1 holds 'x': cells are '#' or '.'\nERR usage: HELP\n");
    session_expect("NURIKABE 2 2 0\n..\n.\n",
                   "ERR row 2 has 1 cells, fewer than the board's 2\n");
    session_expect("NURIKABE 2 2 0\n..\n",
                   "ERR input ended inside a request, with 1 of its lines to come\n");
    session_expect("NURIKABE 2 2 2\n0 0 1\n",
                   "ERR input ended inside a request, with 3 of its lines to come\n");
}

/* Random grids: the session's verdict is the reader's. */
static void test_nurikabe_against_reader(void)
{
    int round;
    for (round = 0; round < 300; round++) {
        int rows = 1 + (int)(next_random() % 5), cols = 1 + (int)(next_random() % 5);
        int numbers = (int)(next_random() % 4), k, r, c;
        char session_in[512], judge_in[512], *got, *want;
        size_t si, ji;
        bool used[25] = { false };
        si = (size_t)sprintf(session_in, "NURIKABE %d %d %d\n", rows, cols, numbers);
        ji = (size_t)sprintf(judge_in, "1\n\n%d %d %d\n", rows, cols, numbers);
        for (k = 0; k < numbers; k++) {
            int cell;
            if (k >= rows * cols)
                break;
            do
                cell = (int)(next_random() % (uint32_t)(rows * cols));
            while (used[cell]);
            used[cell] = true;
            si += (size_t)sprintf(session_in + si, "%d %d %u\n", cell / cols, cell % cols,
                                  1 + (unsigned)(next_random() % 4));
        }
        /* the judge gets the same number lines */
        {
            const char *p = strchr(session_in, '\n') + 1;
            size_t len = (size_t)(session_in + si - p);
            memcpy(judge_in + ji, p, len);
            ji += len;
        }
        for (r = 0; r < rows; r++) {
            for (c = 0; c < cols; c++) {
                char ch = next_random() % 3 == 0 ? '#' : '.';
                session_in[si++] = ch;
                judge_in[ji++] = ch;
            }
            session_in[si++] = '\n';
            judge_in[ji++] = '\n';
        }
        session_in[si] = '\0';
        judge_in[ji] = '\0';
        if (numbers > rows * cols)
            continue;
        got = session_talk(session_in);
        want = session_judge_output(SAP_FORMAT_NURIKABE, judge_in);
        if (!CHECK_EQ_STR(got, want))
            fprintf(stderr, "    for: %s\n", session_in);
        free(got);
        free(want);
    }
}

/* ---- CASUAL / CASUALMAP ---------------------------------------------- */

/* The solver driven directly: "<min> <x> <y>\n" and the CASUALMAP lines. */
static char *casual_direct(int rows, int cols, const char *board, bool map)
{
    size_t bytes = SAP_CASUAL_BYTES(rows, cols);
    void *block = malloc(bytes);
    sap_casual *cs;
    struct sap_casual_result result;
    char *out = malloc(64 + (size_t)rows * (cols + 1));
    size_t n;
    int r, c, safe = 0;
    CHECK_EQ_INT(sap_casual_init(&cs, block, bytes, (uint32_t)rows, (uint32_t)cols), SAP_OK);
    for (r = 0; r < rows * cols; r++) {
        if (board[r] == 'M')
            sap_casual_set_mine(cs, (uint32_t)(r / cols), (uint32_t)(r % cols), true);
        else
            safe++;
    }
    if (safe == 0) {
        n = (size_t)sprintf(out, "0 0 0\n");
    } else {
        CHECK_EQ_INT(sap_casual_solve(cs, &result), SAP_OK);
        n = (size_t)sprintf(out, "%u %u %u\n", result.covered, result.row + 1, result.col + 1);
    }
    if (map) {
        for (r = 0; r < rows; r++) {
            for (c = 0; c < cols; c++)
                out[n++] = board[r * cols + c] == 'M' ? 'M'
                           : safe > 0 && sap_casual_left_covered(cs, (uint32_t)r, (uint32_t)c)
                               ? '#'
                               : '.';
            out[n++] = '\n';
        }
    }
    out[n] = '\0';
    free(block);
    return out;
}

static void test_casual(void)
{
    session_expect("CASUAL 1 2\n.M\n", "0 1 1\n");
    session_expect("casual 2 2\n..\n..\n", "0 1 1\n");
    session_expect("CASUAL 2 2\nMM\nMM\n", "0 0 0\n"); /* no safe cell: no start */
    session_expect("CASUALMAP 1 3\nMMM\n", "0 0 0\nMMM\n");
    session_expect("CASUALMAP 1 2\r\n.M\r\n", "0 1 1\n.M\n");
    session_expect("CASUAL 2 2\n..\n.x\nHELP me\n",
                   "ERR row 2 holds 'x': cells are 'M' or '.'\nERR usage: HELP\n");
    session_expect("CASUAL 2 2\n...\n..\n", "ERR row 1 has more cells than the board's 2\n");
    session_expect("CASUALMAP 2 2\n..\n",
                   "ERR input ended inside a request, with 1 of its lines to come\n");
}

/* Random boards: the session's answer and map are the solver's, and stay
 * within the documented bounds; the WORK block goes back after each. */
static void test_casual_against_solver(void)
{
    int round;
    for (round = 0; round < 300; round++) {
        int rows = 1 + (int)(next_random() % 8), cols = 1 + (int)(next_random() % 8), r;
        int density = 1 + (int)(next_random() % 5);
        bool map = round % 2 == 1;
        char board[64], in[256], *got, *want;
        size_t n = (size_t)sprintf(in, "%s %d %d\n", map ? "CASUALMAP" : "CASUAL", rows, cols);
        for (r = 0; r < rows * cols; r++)
            board[r] = next_random() % 6 < (uint32_t)density ? 'M' : '.';
        for (r = 0; r < rows; r++) {
            memcpy(in + n, board + r * cols, (size_t)cols);
            n += (size_t)cols;
            in[n++] = '\n';
        }
        in[n] = '\0';
        got = session_talk(in);
        want = casual_direct(rows, cols, board, map);
        if (!CHECK_EQ_STR(got, want))
            fprintf(stderr, "    for: %s\n", in);
        {
            /* the minimum is the casual reader's answer for the board */
            const char *board_text = strchr(in, ' ') + 1;
            size_t length = n - (size_t)(board_text - in);
            char judge_in[256], *judge_out;
            memcpy(judge_in, board_text, length);
            memcpy(judge_in + length, "0 0\n", sizeof "0 0\n");
            judge_out = session_judge_output(SAP_FORMAT_CASUAL, judge_in);
            CHECK_EQ_INT(strtoul(got, NULL, 10), strtoul(judge_out, NULL, 10));
            free(judge_out);
        }
        CHECK(strlen(got) <= SAP_REPLY_MAX + (map ? SAP_REPLY_MASTER_MAX(rows, cols) : 0));
        free(got);
        free(want);
    }
}

/* WORK memory: one block per board, within SAP_SESSION_WORK_BYTES, back
 * after the reply; the current game is kept meanwhile. */
static void test_work_memory(void)
{
    struct session_memory m;
    struct sap_session s;
    struct session_output o = { 0 };
    const char *in =
        "NEW 1 2\n_*\nCASUALMAP 2 3\n.M.\n...\nNURIKABE 2 3 1\n0 0 2\n.#.\n.##\n1 1 1\n";

    session_memory_init(&m);
    sap_session_init(&s, &m.memory);
    session_drive(&s, in, strlen(in), 0, 7, false, &o);
    CHECK(strstr(o.text.bytes, "OK 1 2 1\n") == o.text.bytes);
    CHECK(strstr(o.text.bytes, "RUNNING: [<1, 1, 1>]\nWIN\n") != NULL);
    CHECK_EQ_INT(m.held[SAP_MEMORY_WORK], 0);
    CHECK_EQ_INT(m.held[SAP_MEMORY_GAME], 1);
    CHECK(m.peak_bytes <= SAP_GAME_BYTES(1, 2) + SAP_SESSION_WORK_BYTES(2, 3));
    CHECK(m.peak_bytes >= SAP_GAME_BYTES(1, 2) + SAP_CASUAL_BYTES(2, 3));
    sap_session_release(&s);
    CHECK_EQ_INT(m.held_bytes, 0);
    session_output_free(&o);
}

/* HINT and PROB: the simplest reason first, a wrong flag before that, the
 * odds as whole percent (0 and 100 only when certain), GUESS to one
 * decimal; their ERR lines.  (session_expect repeats each with budgets of
 * 1 and 7 steps a call.) */
static void test_hint_and_prob(void)
{
    session_expect("NEW 1 3\n_*_\n1 1 1\nHINT\n",
                   "OK 1 3 1\nRUNNING: [<1, 1, 1>]\n"
                   "MINE 1 2: (1, 1) shows 1 and has one covered neighbour\n");
    session_expect("NEW 1 3\n_*_\n1 1 1\n2 1 3\nHINT\n",
                   "OK 1 3 1\nRUNNING: [<1, 1, 1>]\nRUNNING: [<1, 3, P>]\n"
                   "SAFE 1 3: the flag on it is wrong: every layout that fits the numbers and "
                   "the mine count leaves it clear\n");
    /* a flagged proven mine is no news: the safe cell is */
    session_expect("NEW 1 3\n_*_\n1 1 1\n2 1 2\nHINT\nPROB\n",
                   "OK 1 3 1\nRUNNING: [<1, 1, 1>]\nRUNNING: [<1, 2, P>]\n"
                   "SAFE 1 3: every layout that fits the numbers and the mine count leaves "
                   "it clear\n1 100% 0%\n");
    session_expect("NEW 2 2\n*_\n__\n1 2 2\nPROB\nHINT\n",
                   "OK 2 2 1\nRUNNING: [<2, 2, 1>]\n33% 33%\n33% 1\n"
                   "GUESS 1 1 33.3%: no cell is certain; searching every way the game can go, "
                   "this wins 33.3% of the time\n");
    /* two steps, once the player has flagged the mines rule 1 proves */
    session_expect(
        "NEW 3 5\n_____\n_____\n__*_*\n1 2 5\n1 1 4\n2 3 3\n2 3 5\nHINT\n",
        "OK 3 5 2\nRUNNING: [<2, 5, 1>]\n"
        "RUNNING: [<1, 1, 0>, <1, 2, 0>, <1, 3, 0>, <1, 4, 0>, <1, 5, 0>, <2, 1, 0>, "
        "<2, 2, 1>, <2, 3, 1>, <2, 4, 2>, <3, 1, 0>, <3, 2, 1>]\n"
        "RUNNING: [<3, 3, P>]\nRUNNING: [<3, 5, P>]\n"
        "SAFE 3 4: (2, 3) shows 1 and its one mine is (3, 3), shown by (2, 2)\n");
    /* before the first click of a random board every cell is safe: the
     * click HINT names at (3, 3), clipped to the board (a flag there is
     * wrong), and 0% everywhere */
    session_expect("NEW 2 2 1 5\nPROB\nHINT\n",
                   "OK 2 2 1\n0% 0%\n0% 0%\nSAFE 2 2: the first click is never a mine\n");
    session_expect("NEW 9 9 10 5\n2 3 3\nHINT\n",
                   "OK 9 9 10\nRUNNING: [<3, 3, P>]\n"
                   "SAFE 3 3: the flag on it is wrong: the first click is never a mine\n");
    session_expect("HINT\n", "ERR no game: start one with NEW\n");
    session_expect("PROB 1\n", "ERR usage: PROB\n");
}

/* STATS: the figures, the clicks so far, and its ERR lines (a random board
 * has no figures before its first left click lays the mines). */
static void test_stats(void)
{
    session_expect(
        "NEW 3 4\n*___\n____\n__*_\nSTATS\n1 1 4\n2 3 1\n2 3 1\nSTATS\n",
        "OK 3 4 2\n3BV 3 OPENINGS 2 ISLANDS 1 CLICKS 0\n"
        "RUNNING: [<1, 2, 1>, <1, 3, 0>, <1, 4, 0>, <2, 2, 2>, <2, 3, 1>, <2, 4, 1>]\n"
        "RUNNING: [<3, 1, P>]\nRUNNING: [<3, 1, ?>]\n"
        "3BV 3 OPENINGS 2 ISLANDS 1 CLICKS 3\n");
    session_expect("NEW 3 3 8 1\nSTATS\n2 1 1\nSTATS\n",
                   "OK 3 3 8\nERR no mines yet: a random board lays them at the first left "
                   "click\nRUNNING: [<1, 1, P>]\nERR no mines yet: a random board lays them at "
                   "the first left click\n");
    session_expect(
        "NEW 1 1\n_\n1 1 1\nSTATS\n",
        "OK 1 1 0\nRUNNING: [<1, 1, 0>]\nWIN\n3BV 1 OPENINGS 1 ISLANDS 0 CLICKS 1\n");
    session_expect("STATS\n", "ERR no game: start one with NEW\n");
    session_expect("STATS 1\n", "ERR usage: STATS\n");
}

int main(void)
{
    RUN_TEST(test_master);
    RUN_TEST(test_master_largest);
    RUN_TEST(test_nurikabe);
    RUN_TEST(test_nurikabe_against_reader);
    RUN_TEST(test_casual);
    RUN_TEST(test_casual_against_solver);
    RUN_TEST(test_work_memory);
    RUN_TEST(test_hint_and_prob);
    RUN_TEST(test_stats);
    return check_summary("test_session_solvers");
}
