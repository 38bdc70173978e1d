/*
 * test_session_play.c - the protocol for a person at a terminal: NEW's
 * presets and a NEW without a seed (the caller's seed source, sapper.h
 * section 4, the seed named and replayed), HINT and PROB before the first
 * click of a random, casual or no-guess board (and that HINT's click never
 * loses), the ERR lines that quote a word (hostile bytes, long words) and
 * the one that names the board's range.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"

#define REPLY_CAP (1u << 20)

static char *reply;

/* A seed source that counts its calls and hands out a known sequence. */
struct seeds {
    uint32_t next, calls;
};

static uint32_t next_seed(void *context)
{
    struct seeds *q = context;
    q->calls++;
    return q->next++ * 2654435761u; /* spread, and known to the test */
}

struct player {
    struct sap_session s;
    struct session_memory m;
    struct seeds seeds;
};

static struct player *player_new(uint32_t first_seed)
{
    struct player *p = calloc(1, sizeof *p);
    if (p == NULL)
        abort();
    session_memory_init(&p->m);
    CHECK_EQ_INT(sap_session_init(&p->s, &p->m.memory), SAP_OK);
    p->seeds.next = first_seed;
    sap_session_set_seeds(&p->s, next_seed, &p->seeds);
    return p;
}

static void player_end(struct player *p)
{
    sap_session_release(&p->s);
    CHECK_EQ_INT(p->m.held_bytes, 0);
    free(p);
}

static const char *ask(struct player *p, const char *request)
{
    return session_ask(&p->s, request, reply, REPLY_CAP);
}

/* The SEED a reply names, or -1. */
static long long seed_of(const char *line)
{
    const char *at = strstr(line, " SEED ");
    return at != NULL ? strtoll(at + 6, NULL, 10) : -1;
}

/* ---- presets and seeds -------------------------------------------------------- */

static void test_presets(void)
{
    static const struct {
        const char *word;
        unsigned rows, cols, mines;
    } presets[] = { { "BEGINNER", 9, 9, 10 },       { "beginner", 9, 9, 10 },
                    { "Intermediate", 16, 16, 40 }, { "INTERMEDIATE", 16, 16, 40 },
                    { "EXPERT", 16, 30, 99 },       { "eXpErT", 16, 30, 99 } };
    static const char *const levels[] = { "", " CASUAL", " NOGUESS", " casual", " noGuess" };
    size_t i, l;
    for (i = 0; i < sizeof presets / sizeof *presets; i++) {
        for (l = 0; l < sizeof levels / sizeof *levels; l++) {
            struct player *p = player_new(7);
            char line[128], want[128];
            uint32_t seed = 7u * 2654435761u;
            /* with a seed: the old reply, no SEED; the source is not asked */
            snprintf(line, sizeof line, "NEW %s 42%s\n", presets[i].word, levels[l]);
            snprintf(want, sizeof want, "OK %u %u %u\n", presets[i].rows, presets[i].cols,
                     presets[i].mines);
            CHECK_EQ_STR(ask(p, line), want);
            CHECK_EQ_INT(p->seeds.calls, 0);
            /* without one: the source's seed, named */
            snprintf(line, sizeof line, "NEW %s%s\n", presets[i].word, levels[l]);
            snprintf(want, sizeof want, "OK %u %u %u SEED %u\n", presets[i].rows,
                     presets[i].cols, presets[i].mines, (unsigned)seed);
            CHECK_EQ_STR(ask(p, line), want);
            CHECK_EQ_INT(p->seeds.calls, 1);
            /* the board is the preset's size, nothing opened */
            ask(p, "SHOW\n");
            CHECK_EQ_INT(strlen(reply), 2u * presets[i].rows * presets[i].cols);
            player_end(p);
        }
    }
}

/* NEW r c m (and a level) without a seed: named; the source is asked only
 * for a NEW that is accepted, once. */
static void test_seedless_numbers(void)
{
    struct player *p = player_new(1);
    CHECK(seed_of(ask(p, "NEW 16 30 99\n")) == 2654435761ll);
    CHECK_EQ_INT(p->seeds.calls, 1);
    CHECK_EQ_STR(ask(p, "NEW 5 5 3 noguess\n"),
                 "OK 5 5 3 SEED 1013904226\n"); /* 2 * 2654435761 mod 2^32 */
    CHECK_EQ_STR(ask(p, "NEW 2 2 4\n"), "ERR too many mines: a 2 x 2 board holds at most 3\n");
    CHECK_EQ_STR(ask(p, "NEW 0 2 1\n"), "ERR r must be at least 1\n");
    CHECK_EQ_STR(ask(p, "NEW 2 2 1 5\n"), "OK 2 2 1\n");
    CHECK_EQ_INT(p->seeds.calls, 2); /* neither a refused NEW nor a seeded one asks */
    /* two seedless NEWs get two seeds */
    {
        long long first = seed_of(ask(p, "NEW EXPERT\n"));
        CHECK(first >= 0 && first != seed_of(ask(p, "NEW EXPERT\n")));
    }
    /* without a source (taken away), a seedless NEW says how to name one,
     * and the game plays on */
    ask(p, "NEW 3 3 1 9\n");
    ask(p, "2 1 1\n");
    sap_session_set_seeds(&p->s, NULL, NULL);
    CHECK_EQ_STR(
        ask(p, "NEW 9 9 10\n"),
        "ERR no seed source here: name a seed, as in NEW 9 9 10 42 or NEW EXPERT 42\n");
    CHECK_EQ_STR(ask(p, "SHOW\n"), "P _ _\n_ _ _\n_ _ _\n");
    player_end(p);
}

/* The seed a NEW was given replays its board: the same clicks, the same
 * replies, the same mines (all of them, read off the game once it is
 * lost), at every level. */
static void test_seed_replay(void)
{
    static const char *const forms[] = { "NEW 16 30 99", "NEW EXPERT", "NEW 9 9 10 CASUAL",
                                         "NEW BEGINNER NOGUESS", "NEW 20 20 60" };
    size_t f;
    int round;
    for (f = 0; f < sizeof forms / sizeof *forms; f++) {
        for (round = 0; round < 4; round++) {
            struct player *a = player_new((uint32_t)(round * 7 + 3)), *b = player_new(0);
            char line[128], *said;
            const char *level = strstr(forms[f], " CASUAL")    ? " CASUAL"
                                : strstr(forms[f], " NOGUESS") ? " NOGUESS"
                                                               : "";
            long long seed;
            uint32_t rows, cols, r, c, k;
            unsigned mines;
            snprintf(line, sizeof line, "%s\n", forms[f]);
            said = strdup(ask(a, line));
            seed = seed_of(said);
            if (!CHECK(seed >= 0 && sscanf(said, "OK %u %u %u", &rows, &cols, &mines) == 3)) {
                free(said);
                player_end(a);
                player_end(b);
                continue;
            }
            snprintf(line, sizeof line, "NEW %u %u %u %lld%s\n", rows, cols, mines, seed,
                     level);
            {
                char *named = strstr(said, " SEED "); /* seed_of found it */
                if (named != NULL)
                    memcpy(named, "\n", 2);
            }
            CHECK_EQ_STR(ask(b, line), said); /* the same line, without the seed */
            free(said);
            /* the same clicks: the first at (3, 3), then every cell in
             * turn until the game ends (a random board loses at a mine) */
            for (k = 0; k < rows * cols + 1; k++) {
                char *one;
                r = k == 0 ? 3 : (k - 1) / cols + 1;
                c = k == 0 ? 3 : (k - 1) % cols + 1;
                snprintf(line, sizeof line, "1 %u %u\n", r, c);
                one = strdup(ask(a, line));
                CHECK_EQ_STR(ask(b, line), one);
                if (strstr(one, "LOSE") != NULL || strstr(one, "WIN") != NULL) {
                    free(one);
                    break;
                }
                free(one);
            }
            for (r = 0; r < rows; r++)
                for (c = 0; c < cols; c++)
                    CHECK(sap_game_mine_at(sap_session_game(&a->s), r, c)
                          == sap_game_mine_at(sap_session_game(&b->s), r, c));
            player_end(a);
            player_end(b);
        }
    }
}

/* ---- before the first click ----------------------------------------------------------- */

/* HINT names (3, 3) clipped to the board, PROB says 0% everywhere, and
 * that click never loses: on random, casual and no-guess boards of many
 * sizes and seeds; on a no-guess board the next HINT is certain. */
static void test_first_click(void)
{
    static const struct {
        unsigned rows, cols, mines;
        bool levels; /* casual and no-guess boards of it exist */
    } sizes[] = { { 1, 1, 0, true },    { 1, 5, 3, false },   { 2, 2, 3, true },
                  { 4, 2, 2, true },    { 9, 9, 10, true },   { 16, 16, 40, true },
                  { 16, 30, 99, true }, { 30, 16, 99, true }, { 8, 8, 30, false } };
    static const char *const levels[] = { "", " CASUAL", " NOGUESS" };
    size_t i, l;
    uint32_t seed;
    for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        for (l = 0; l < (sizes[i].levels ? 3u : 1u); l++) {
            for (seed = 0; seed < 6; seed++) {
                struct player *p = player_new(seed);
                unsigned x = sizes[i].rows < 3 ? sizes[i].rows : 3;
                unsigned y = sizes[i].cols < 3 ? sizes[i].cols : 3;
                char line[128], want[128];
                const char *got;
                size_t k, zeros = 0;
                snprintf(line, sizeof line, "NEW %u %u %u%s\n", sizes[i].rows, sizes[i].cols,
                         sizes[i].mines, levels[l]);
                CHECK(strncmp(ask(p, line), "OK ", 3) == 0);
                snprintf(want, sizeof want, "SAFE %u %u: the first click is never a mine\n", x,
                         y);
                CHECK_EQ_STR(ask(p, "HINT\n"), want);
                got = ask(p, "PROB\n");
                for (k = 0; got[k] != '\0'; k += 3)
                    zeros += strncmp(got + k, "0%", 2) == 0
                             && (got[k + 2] == ' ' || got[k + 2] == '\n');
                CHECK_EQ_INT(zeros, sizes[i].rows * sizes[i].cols);
                CHECK_EQ_INT(strlen(got), 3u * sizes[i].rows * sizes[i].cols);
                snprintf(line, sizeof line, "1 %u %u\n", x, y);
                got = ask(p, line);
                if (!CHECK(strncmp(got, "RUNNING: [<", 11) == 0 && strstr(got, "LOSE") == NULL))
                    fprintf(stderr, "    %s at seed %u: %.80s\n", line, (unsigned)seed, got);
                if (l == 2 && strstr(got, "WIN") == NULL) {
                    got = ask(p, "HINT\n");
                    CHECK(strncmp(got, "SAFE ", 5) == 0 || strncmp(got, "MINE ", 5) == 0);
                }
                player_end(p);
            }
        }
    }
}

/* Marks do not change it: a flag on (3, 3) is said to be wrong, PROB
 * stays 0%; a board given by its rows (mines known) is reasoned as ever. */
static void test_first_click_marks(void)
{
    struct player *p = player_new(5);
    ask(p, "NEW 4 4 3 1\n");
    CHECK_EQ_STR(ask(p, "2 3 3\n"), "RUNNING: [<3, 3, P>]\n");
    CHECK_EQ_STR(ask(p, "2 1 1\n"), "RUNNING: [<1, 1, P>]\n");
    CHECK_EQ_STR(ask(p, "2 1 1\n"), "RUNNING: [<1, 1, ?>]\n");
    CHECK_EQ_STR(ask(p, "HINT\n"),
                 "SAFE 3 3: the flag on it is wrong: the first click is never a mine\n");
    CHECK_EQ_STR(ask(p, "PROB\n"), "0% 0% 0% 0%\n0% 0% 0% 0%\n0% 0% 0% 0%\n0% 0% 0% 0%\n");
    CHECK_EQ_STR(ask(p, "STATS\n"),
                 "ERR no mines yet: a random board lays them at the first left click\n");
    /* known mines: the deduction, as before */
    CHECK_EQ_STR(ask(p, "NEW 2 2\n*_\n__\n"), "OK 2 2 1\n");
    CHECK_EQ_STR(ask(p, "PROB\n"), "25% 25%\n25% 25%\n");
    player_end(p);
}

/* ---- ERR lines that help ---------------------------------------------------------------- */

/* One line, printable ASCII, its line end last, within SAP_REPLY_MAX. */
static bool one_safe_line(const char *got)
{
    size_t n = strlen(got), i;
    if (n == 0 || n > SAP_REPLY_MAX || got[n - 1] != '\n')
        return false;
    for (i = 0; i + 1 < n; i++)
        if (got[i] < ' ' || got[i] > '~')
            return false;
    return true;
}

static void test_quoted_words(void)
{
    static const struct {
        const char *in, *want;
    } cases[] = {
        { "open 1 1\n", "ERR unknown request 'open' (HELP lists them)\n" },
        { "\x1b[2J\n", "ERR unknown request '\\x1b[2J' (HELP lists them)\n" },
        { "it's\n", "ERR unknown request 'it\\x27s' (HELP lists them)\n" },
        { "a\\b\n", "ERR unknown request 'a\\x5cb' (HELP lists them)\n" },
        { "\x7f\xc3\xa9\x01\x80\xff\n",
          "ERR unknown request '\\x7f\\xc3\\xa9\\x01\\x80\\xff' (HELP lists them)\n" },
        { "\x01\x02\x03\x04\x05\x06\x07\x08\x10\x0b\x0c\x0e\n",
          "ERR unknown request '\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08...' "
          "(HELP lists them)\n" },
        /* exactly 32 characters shown: no "..." */
        { "abcdefghijklmnopqrstuvwxyz012345\n",
          "ERR unknown request 'abcdefghijklmnopqrstuvwxyz012345' (HELP lists them)\n" },
        { "abcdefghijklmnopqrstuvwxyz0123456\n",
          "ERR unknown request 'abcdefghijklmnopqrstuvwxyz012345...' (HELP lists them)\n" },
        /* an escape that would not fit is left out whole */
        { "abcdefghijklmnopqrstuvwxyz01\x01\n",
          "ERR unknown request 'abcdefghijklmnopqrstuvwxyz01\\x01' (HELP lists them)\n" },
        { "abcdefghijklmnopqrstuvwxyz012\x01\n",
          "ERR unknown request 'abcdefghijklmnopqrstuvwxyz012...' (HELP lists them)\n" },
        { "NEW 9 9 10 1 \x1b[31m\n", "ERR unknown level '\\x1b[31m': CASUAL or NOGUESS\n" },
        { "NEW 9 x\x07 1\n", "ERR 'x\\x07' is not a number\n" },
        { "JUDGE \xe2\x80\x8b\n",
          "ERR unknown format '\\xe2\\x80\\x8b': JUDGE BOOM|CASUAL|MASTER|NURIKABE\n" },
        { "1 99999999999999999999999999999999999999 1\n",
          "ERR '99999999999999999999999999999999...' is too large: numbers go up to "
          "4294967295\n" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct player *p = player_new(1);
        const char *got = ask(p, cases[i].in);
        CHECK_EQ_STR(got, cases[i].want);
        CHECK(one_safe_line(got));
        player_end(p);
    }
}

/* Random hostile words: whatever the bytes, one safe line. */
static void test_hostile_words_fuzzed(void)
{
    uint32_t state = 12345;
    int round;
    for (round = 0; round < 2000; round++) {
        struct player *p = player_new(1);
        char line[SAP_LINE_MAX + 2];
        size_t n = 1 + (state >> 7) % 200, k;
        const char *got;
        for (k = 0; k < n; k++) {
            state = state * 1103515245u + 12345u;
            line[k] = (char)(state >> 16);
            if (line[k] == '\n' || line[k] == ' ' || line[k] == '\t' || line[k] == '\r'
                || line[k] == '\0')
                line[k] = (char)0x80;
        }
        /* as a request word, a level word, a JUDGE format and a number */
        line[n] = '\n';
        line[n + 1] = '\0';
        got = ask(p, line);
        CHECK(one_safe_line(got));
        {
            char in[SAP_LINE_MAX + 64];
            snprintf(in, sizeof in, "NEW 3 3 1 2 %s", line);
            CHECK(one_safe_line(ask(p, in)));
            snprintf(in, sizeof in, "JUDGE %s", line);
            CHECK(one_safe_line(ask(p, in)));
            snprintf(in, sizeof in, "MASTER 2 %s", line);
            got = ask(p, in);
            CHECK(one_safe_line(got) || strcmp(got, "ERR usage: MASTER <R> <C> <M>\n") == 0);
        }
        player_end(p);
    }
}

static void test_coordinate_range(void)
{
    struct player *p = player_new(1);
    char line[128];
    ask(p, "NEW 1 1 0 1\n");
    CHECK_EQ_STR(ask(p, "1 2 1\n"),
                 "ERR coordinate outside the board: rows 1-1, columns 1-1\n");
    ask(p, "NEW EXPERT 3\n");
    CHECK_EQ_STR(ask(p, "1 17 1\n"),
                 "ERR coordinate outside the board: rows 1-16, columns 1-30\n");
    CHECK_EQ_STR(ask(p, "3 0 5\n"),
                 "ERR coordinate outside the board: rows 1-16, columns 1-30\n");
    CHECK_EQ_STR(ask(p, "2 16 31\n"),
                 "ERR coordinate outside the board: rows 1-16, columns 1-30\n");
    CHECK_EQ_STR(ask(p, "2 16 30\n"), "RUNNING: [<16, 30, P>]\n");
    snprintf(line, sizeof line, "NEW %u %u 1 1\n", SAP_MAX_ROWS, SAP_MAX_COLS);
    ask(p, line);
    snprintf(line, sizeof line, "1 1 %u\n", SAP_MAX_COLS + 1u);
    {
        char want[128];
        snprintf(want, sizeof want,
                 "ERR coordinate outside the board: rows 1-%u, columns 1-%u\n", SAP_MAX_ROWS,
                 SAP_MAX_COLS);
        CHECK_EQ_STR(ask(p, line), want);
    }
    player_end(p);
}

int main(void)
{
    reply = malloc(REPLY_CAP);
    if (reply == NULL)
        return 1;
    RUN_TEST(test_presets);
    RUN_TEST(test_seedless_numbers);
    RUN_TEST(test_seed_replay);
    RUN_TEST(test_first_click);
    RUN_TEST(test_first_click_marks);
    RUN_TEST(test_quoted_words);
    RUN_TEST(test_hostile_words_fuzzed);
    RUN_TEST(test_coordinate_range);
    free(reply);
    return check_summary("test_session_play");
}
