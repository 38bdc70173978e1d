/*
 * test_session_play_request.c - PLAY [<n>]: its lines are, move by move,
 * what a client gets by sending HINT and then the move HINT names on an
 * identical game (random expert games, small boards, casual and no-guess
 * ones), to the game's end; PLAY 1 repeated is PLAY; its mistakes (PLAY 0,
 * PLAY x, no game, a finished game); END last, but after an ERR that comes
 * before any move's line; 1-byte polls and a budget of 1 give the same
 * bytes; the allowance is each move's; its blocks go
 * back (but HINT's deduction kept beside the game); SET VIEW ON draws no view in it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "protocol.h"

#define REPLY_CAP (1u << 22)

static char *reply, *played;

struct player {
    struct sap_session s;
    struct session_memory m;
};

static struct player *player_new(void)
{
    struct player *p = calloc(1, sizeof *p);
    if (p == NULL)
        abort();
    session_memory_init(&p->m);
    CHECK_EQ_INT(sap_session_init(&p->s, &p->m.memory), SAP_OK);
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

/* The move a client makes of HINT's line (as PLAY makes it): SAFE and
 * GUESS open, MINE flags; a cell to open under a flag has its mark cycled
 * first.  Writes "op x y\n" into move; false for an ERR line. */
static bool move_of_hint(struct player *p, const char *hint, char *move, size_t cap)
{
    unsigned x, y, cols;
    int op;
    const char *show;
    if (sscanf(hint, "SAFE %u %u", &x, &y) == 2 || sscanf(hint, "GUESS %u %u", &x, &y) == 2)
        op = 1;
    else if (sscanf(hint, "MINE %u %u", &x, &y) == 2)
        op = 2;
    else
        return false;
    cols = (unsigned)sap_game_cols(sap_session_game(&p->s));
    show = ask(p, "SHOW\n");
    if (op == 1 && show[2u * ((x - 1u) * cols + (y - 1u))] == 'P')
        op = 2;
    snprintf(move, cap, "%d %u %u\n", op, x, y);
    return true;
}

/* PLAY [<n>] on one player, HINT and the move on the other, from the same
 * NEW line: equal, move by move, then END (an ERR of HINT's before the
 * first move: that line alone).  Returns the moves played. */
static uint32_t play_allowance = SAP_SESSION_ALLOWANCE;

static unsigned compare_play(const char *new_line, const char *play_line)
{
    struct player *a = player_new(), *b = player_new();
    char want_new[128], move[64], hint[SAP_REPLY_MAX + 1];
    const char *at;
    size_t length;
    unsigned moves = 0;
    sap_session_set_allowance(&a->s, play_allowance);
    sap_session_set_allowance(&b->s, play_allowance);
    snprintf(want_new, sizeof want_new, "%s", ask(a, new_line));
    CHECK_EQ_STR(ask(b, new_line), want_new);
    ask(a, play_line);
    length = strlen(reply);
    memcpy(played, reply, length + 1);
    at = played;
    if (strncmp(played, "ERR ", 4) == 0) { /* HINT's ERR before the first move: alone */
        CHECK(strchr(played, '\n') == played + length - 1);
        CHECK_EQ_STR(ask(b, "HINT\n"), played);
        at = "END\n"; /* nothing more to compare */
    } else {
        CHECK(length >= 4 && strcmp(played + length - 4, "END\n") == 0);
    }
    while (strcmp(at, "END\n") != 0) {
        size_t got;
        snprintf(hint, sizeof hint, "%s", ask(b, "HINT\n"));
        if (!move_of_hint(b, hint, move, sizeof move)) { /* PLAY writes HINT's ERR, then END */
            CHECK(strncmp(hint, "ERR ", 4) == 0);
            CHECK(strncmp(at, hint, strlen(hint)) == 0);
            at += strlen(hint);
            break;
        }
        if (!CHECK(strncmp(at, move, strlen(move)) == 0)) {
            fprintf(stderr, "  %s: move %u: HINT %s  got %.40s\n", new_line, moves, hint, at);
            break;
        }
        at += strlen(move);
        ask(b, move);
        got = strlen(reply);
        if (!CHECK(strncmp(at, reply, got) == 0))
            break;
        at += got;
        moves++;
    }
    CHECK_EQ_STR(at, "END\n");
    if (strcmp(play_line, "PLAY\n") == 0) { /* played to the end: over, or HINT's ERR */
        CHECK(sap_game_state(sap_session_game(&a->s)) != SAP_RUNNING
              || strstr(played, "ERR ") != NULL);
        if (sap_game_state(sap_session_game(&a->s)) != SAP_RUNNING)
            CHECK_EQ_STR(ask(a, "PLAY\n"), "END\n");
    }
    ask(a, "SHOW\n");
    memcpy(played, reply, strlen(reply) + 1);
    CHECK_EQ_STR(ask(b, "SHOW\n"), played); /* the same moves made */
    /* the request's blocks are back; HINT's deduction kept beside the
     * game is the one WORK block left, if any */
    CHECK_EQ_INT(a->m.held[SAP_MEMORY_WORK],
                 sap_session_state(&a->s)->live_block != NULL ? 1 : 0);
    player_end(a);
    player_end(b);
    return moves;
}

static void test_expert_games(void)
{
    unsigned seed, wins = 0;
    for (seed = 1; seed <= 12; seed++) {
        char line[64];
        struct player *p = player_new();
        snprintf(line, sizeof line, "NEW EXPERT %u\n", seed * 7919u);
        CHECK(compare_play(line, "PLAY\n") >= 1);
        ask(p, line);
        ask(p, "PLAY\n");
        wins += strstr(reply, "WIN\nEND\n") != NULL;
        player_end(p);
    }
    CHECK(wins >= 1); /* about half are won */
}

static void test_small_boards(void)
{
    static const char *const boards[] = {
        "NEW 9 9 10 42\n",         "NEW 9 9 10 7 NOGUESS\n",  "NEW 9 9 10 8 CASUAL\n",
        "NEW 5 5 3 1\n",           "NEW 1 2 1 3\n",           "NEW 2 2 1 4\n",
        "NEW 1 1 0 5\n",           "NEW 3 3 8 6\n",           "NEW 8 8 20 9\n",
        "NEW 16 16 40 10\n",       "NEW 4 30 20 11\n",        "NEW 30 2 10 12\n",
        "NEW 9 9 10 13 noguess\n", "NEW 16 30 99 14 casual\n"
    };
    size_t i;
    for (i = 0; i < sizeof boards / sizeof *boards; i++) {
        compare_play(boards[i], "PLAY\n");
        compare_play(boards[i], "PLAY 1\n");
        compare_play(boards[i], "PLAY 5\n");
    }
}

/* A board given by its rows: a flag on a safe cell is cycled off first. */
static void test_given_board_and_marks(void)
{
    struct player *p = player_new();
    ask(p, "NEW 3 3\n___\n___\n__*\n");
    ask(p, "1 1 1\n");
    CHECK_EQ_STR(ask(p, "PLAY\n"), "END\n"); /* won at once */
    ask(p, "NEW 3 3\n___\n___\n__*\n");
    ask(p, "2 1 3\n"); /* a wrong flag, then the opening stops at it */
    ask(p, "1 1 1\n");
    CHECK_EQ_STR(ask(p, "PLAY 1\n"), "2 1 3\nRUNNING: [<1, 3, ?>]\nEND\n");
    CHECK_EQ_STR(ask(p, "PLAY\n"), "1 1 3\nRUNNING: [<1, 3, 0>]\nWIN\nEND\n");
    player_end(p);
    compare_play("NEW 9 9 10 42\n", "PLAY\n");
}

/* PLAY 1 again and again plays what PLAY plays at once. */
static void test_one_by_one(void)
{
    struct player *a = player_new(), *b = player_new();
    size_t length, at = 0;
    unsigned rounds = 0;
    ask(a, "NEW EXPERT 99\n");
    ask(b, "NEW EXPERT 99\n");
    ask(a, "PLAY\n");
    length = strlen(reply) - 4u; /* without END */
    memcpy(played, reply, length + 5u);
    while (at < length && rounds++ < 2000) {
        size_t got;
        ask(b, "PLAY 1\n");
        got = strlen(reply);
        if (!CHECK(got > 4 && strcmp(reply + got - 4, "END\n") == 0))
            break;
        if (!CHECK(strncmp(played + at, reply, got - 4) == 0))
            break;
        at += got - 4;
    }
    CHECK_EQ_INT(at, length);
    CHECK_EQ_STR(ask(b, "PLAY 1\n"), "END\n");
    player_end(a);
    player_end(b);
}

static void test_mistakes(void)
{
    struct player *p = player_new();
    CHECK_EQ_STR(ask(p, "PLAY\n"), "ERR no game: start one with NEW\n");
    CHECK_EQ_STR(ask(p, "PLAY 3\n"), "ERR no game: start one with NEW\n");
    ask(p, "NEW 9 9 10 42\n");
    CHECK_EQ_STR(ask(p, "PLAY 0\n"), "ERR usage: PLAY [<n>], n at least 1\n");
    CHECK_EQ_STR(ask(p, "PLAY x\n"), "ERR 'x' is not a number\n");
    CHECK_EQ_STR(ask(p, "PLAY -1\n"), "ERR '-1' is not a number\n");
    CHECK_EQ_STR(ask(p, "PLAY 1 2\n"), "ERR usage: PLAY [<n>]\n");
    ask(p, "SHOW\n"); /* nothing opened by the mistakes */
    CHECK(strchr(reply, '_') != NULL && strspn(reply, "_ \n") == strlen(reply));
    ask(p, "play 1\n");
    CHECK(strncmp(reply, "1 3 3\nRUNNING: [", 16) == 0);
    CHECK(strcmp(reply + strlen(reply) - 4, "END\n") == 0);
    ask(p, "PLAY 4294967295\n");
    CHECK(strstr(reply, "WIN\nEND\n") != NULL || strstr(reply, "LOSE\nEND\n") != NULL);
    CHECK_EQ_STR(ask(p, "PLAY\n"), "END\n"); /* over: no move */
    CHECK_EQ_STR(ask(p, "PLAY 2\n"), "END\n");
    ask(p, "0\n");
    CHECK_EQ_STR(ask(p, "PLAY\n"), "ERR no game: start one with NEW\n");
    player_end(p);
}

/* 1-byte chunks and polls, and a budget of 1: the same bytes. */
static void test_caps(void)
{
    static const char input[] = "NEW 9 9 10 42\nPLAY 3\nPLAY\nPLAY\nNEW 8 8 10 3 NOGUESS\n"
                                "PLAY\nBYE\n";
    struct session_memory m;
    char *whole, *bytes, *slow;
    session_memory_init(&m);
    whole = session_transcript(&m, input, sizeof input - 1, 0, 4096);
    bytes = session_transcript(&m, input, sizeof input - 1, 1, 1);
    session_drive_budget = 1;
    slow = session_transcript(&m, input, sizeof input - 1, 3, 7);
    session_drive_budget = 0;
    CHECK_EQ_STR(bytes, whole);
    CHECK_EQ_STR(slow, whole);
    CHECK(strstr(whole, "END\nEND\nOK 8 8 10\n") != NULL);
    CHECK_EQ_INT(m.held_bytes, 0);
    free(whole);
    free(bytes);
    free(slow);
}

/* The allowance is each move's: a tiny one gives up at the first move that
 * needs a deduction, with its ERR alone when that is PLAY's first move
 * (with END after the moves before it, test_session_end.c); with others
 * PLAY plays what
 * HINT and the moves do under the same allowance (a whole expert game's
 * deductions together are far past one of them). */
static void test_allowance(void)
{
    static const uint32_t allowances[] = { 20, 100, 400 };
    struct player *p = player_new();
    size_t i;
    sap_session_set_allowance(&p->s, 1);
    sap_session_set_budget(&p->s, 64);
    ask(p, "NEW 300 300 13500 5\n");
    ask(p, "1 150 150\n");
    ask(p, "SHOW\n");
    memcpy(played, reply, strlen(reply) + 1);
    CHECK_EQ_STR(ask(p, "PLAY\n"), "ERR gave up after its allowance of work (1 steps a cell); "
                                   "nothing changed\n");
    CHECK_EQ_STR(ask(p, "SHOW\n"), played);
    player_end(p);
    for (i = 0; i < sizeof allowances / sizeof *allowances; i++) {
        play_allowance = allowances[i];
        compare_play("NEW EXPERT 21\n", "PLAY\n");
        compare_play("NEW EXPERT 22\n", "PLAY\n");
    }
    play_allowance = SAP_SESSION_ALLOWANCE;
}

/* An expert position whose layouts the full count once gave up on (seed
 * 1586, its first click and 118 moves of the HINT of that day, in
 * tests/data/hint): HINT
 * answers it with a move, never an ERR, and so does PLAY to the end. */
static void test_expert_1586(void)
{
    struct player *p = player_new();
    FILE *f = fopen("tests/data/hint/expert-1586.moves", "r");
    char move[64];
    unsigned moves = 0;
    if (!CHECK(f != NULL)) {
        player_end(p);
        return;
    }
    ask(p, "NEW 16 30 99 1586\n");
    while (fgets(move, sizeof move, f) != NULL) {
        CHECK(strncmp(ask(p, move), "RUNNING: ", 9) == 0);
        moves++;
    }
    fclose(f);
    CHECK_EQ_INT(moves, 119);
    ask(p, "HINT\n");
    CHECK(strncmp(reply, "SAFE ", 5) == 0 || strncmp(reply, "MINE ", 5) == 0
          || strncmp(reply, "GUESS ", 6) == 0);
    ask(p, "PLAY\n");
    CHECK(strstr(reply, "ERR") == NULL);
    CHECK(sap_game_state(sap_session_game(&p->s)) != SAP_RUNNING);
    player_end(p);
}

/* SET VIEW ON: a typed move is followed by its VIEW, PLAY's are not. */
static void test_view_on(void)
{
    struct player *a = player_new(), *b = player_new();
    ask(a, "NEW 9 9 10 42\n");
    ask(b, "NEW 9 9 10 42\n");
    if (strcmp(ask(b, "SET VIEW ON\n"), "OK\n") == 0) {
        ask(a, "PLAY\n");
        memcpy(played, reply, strlen(reply) + 1);
        CHECK_EQ_STR(ask(b, "PLAY\n"), played);
        CHECK(strstr(played, "mines left") == NULL);
    }
    player_end(a);
    player_end(b);
}

int main(void)
{
    reply = malloc(REPLY_CAP);
    played = malloc(REPLY_CAP);
    if (reply == NULL || played == NULL)
        return 1;
    RUN_TEST(test_expert_games);
    RUN_TEST(test_small_boards);
    RUN_TEST(test_given_board_and_marks);
    RUN_TEST(test_one_by_one);
    RUN_TEST(test_mistakes);
    RUN_TEST(test_caps);
    RUN_TEST(test_allowance);
    RUN_TEST(test_view_on);
    RUN_TEST(test_expert_1586);
    free(reply);
    free(played);
    return check_summary("test_session_play_request");
}
