/*
 * test_session_resume.c - games that outlive their session, in process:
 * sap_session_take_game moves a game in play out of a session (refused
 * while a request works on it, or with no game in play), RESUME <token>
 * asks the host's lookup and makes the game the asking session's, the
 * same board click for click; VIEW's status line ends with the session's
 * token while its game is in play; a session without a lookup says the
 * server keeps no games; a kept game's block goes back through
 * sap_kept_game_release; sap_session_in_request follows a request's
 * lines.  Every block is given back at the end (the provider counts).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"

/* The host's side: one kept game under one token. */
struct keeper {
    struct sap_kept_game game;
    const char *token;
    int calls;
    int answer; /* SAP_OK, or the error to give */
};

static int keeper_resume(void *context, const char *token, size_t length,
                         struct sap_kept_game *game)
{
    struct keeper *k = context;
    k->calls++;
    if (k->answer != SAP_OK)
        return k->answer;
    if (k->game.game == NULL || length != strlen(k->token)
        || memcmp(token, k->token, length) != 0)
        return SAP_ERR_ARG;
    *game = k->game;
    k->game.block = NULL;
    k->game.game = NULL;
    return SAP_OK;
}

static char reply[1 << 16];

static const char *ask(struct sap_session *s, const char *request)
{
    return session_ask(s, request, reply, sizeof reply);
}

/* The status line of VIEW: the line before END. */
static const char *status_line(struct sap_session *s, char *line, size_t cap)
{
    const char *view = ask(s, "VIEW\n"), *end = strstr(view, "\nEND\n"), *start = end;
    line[0] = '\0';
    if (end == NULL)
        return line;
    while (start > view && start[-1] != '\n')
        start--;
    if ((size_t)(end - start) < cap) {
        memcpy(line, start, (size_t)(end - start));
        line[end - start] = '\0';
    }
    return line;
}

static void test_take_and_resume(void)
{
    struct session_memory m;
    struct sap_session a, b;
    struct keeper k = { { NULL, NULL }, "abc123", 0, SAP_OK };
    char show[4096], line[256];

    session_memory_init(&m);
    CHECK_EQ_INT(sap_session_init(&a, &m.memory), SAP_OK);
    CHECK_EQ_INT(sap_session_init(&b, &m.memory), SAP_OK);
    sap_session_set_resume(&a, keeper_resume, &k, "tokena");
    sap_session_set_resume(&b, keeper_resume, &k, "tokenb");

    CHECK_EQ_INT(sap_session_take_game(&a, &k.game), SAP_ERR_STATE); /* no game */
    CHECK_EQ_STR(ask(&a, "NEW 9 9 10 4\n"), "OK 9 9 10\n");
    CHECK_EQ_STR(status_line(&a, line, sizeof line),
                 "mines left 10 of 10  clicks 0  not started  game tokena");
    CHECK(strncmp(ask(&a, "1 5 5\n"), "RUNNING: ", 9) == 0);
    CHECK(strncmp(ask(&a, "2 1 1\n"), "RUNNING: [<1, 1, P>]", 20) == 0);
    snprintf(show, sizeof show, "%s", ask(&a, "SHOW\n"));

    /* A request's lines in progress: the game can go (they never read it). */
    CHECK(!sap_session_in_request(&a));
    CHECK_EQ_INT((int)sap_session_sink(&a, "NEW 2 2\n", 8), 8);
    CHECK(sap_session_in_request(&a));
    CHECK_EQ_INT(sap_session_take_game(&a, &k.game), SAP_OK);
    CHECK(k.game.game != NULL);
    CHECK_EQ_STR(ask(&a, "__\n_*\n"), "OK 2 2 1\n");
    CHECK(!sap_session_in_request(&a));

    /* RESUME: the same board, flag and all, and it plays on. */
    CHECK_EQ_STR(ask(&b, "RESUME wrong\n"),
                 "ERR no game is kept under that token (wrong, expired or already resumed)\n");
    CHECK_EQ_STR(ask(&b, "RESUME abc123\n"), "OK 9 9 10\n");
    CHECK_EQ_STR(ask(&b, "SHOW\n"), show);
    CHECK_EQ_STR(status_line(&b, line, sizeof line),
                 "mines left 9 of 10  clicks 2  playing  game tokenb");
    CHECK_EQ_STR(ask(&b, "RESUME abc123\n"),
                 "ERR no game is kept under that token (wrong, expired or already resumed)\n");
    CHECK_EQ_INT(k.calls, 3);
    k.answer = SAP_ERR_STATE;
    CHECK_EQ_STR(ask(&b, "RESUME abc123\n"),
                 "ERR that game is busy answering a request; try again\n");
    CHECK_EQ_STR(ask(&b, "SHOW\n"), show); /* a refused RESUME changed nothing */
    CHECK_EQ_STR(ask(&b, "RESUME\n"),
                 "ERR usage: RESUME <token> (VIEW shows a game's token)\n");

    /* A game over is not taken, and shows no token. */
    CHECK_EQ_STR(ask(&a, "1 2 2\n"), "LOSE\n");
    CHECK_EQ_INT(sap_session_take_game(&a, &k.game), SAP_ERR_STATE);
    CHECK_EQ_STR(status_line(&a, line, sizeof line), "mines left 1 of 1  clicks 1  lost");

    /* Taken, then given back through the provider. */
    CHECK_EQ_INT(sap_session_take_game(&b, &k.game), SAP_OK);
    CHECK(m.held_bytes > 0);
    sap_session_release(&a);
    sap_session_release(&b);
    CHECK(m.held_bytes > 0); /* the kept game */
    sap_kept_game_release(&k.game, &m.memory);
    CHECK(k.game.game == NULL && k.game.block == NULL);
    CHECK_EQ_INT((int)m.held_bytes, 0);
}

/* Work under way (a no-guess board's first click, made a step at a time)
 * keeps the game where it is. */
static void test_busy_keeps_game(void)
{
    struct session_memory m;
    struct sap_session s;
    struct sap_kept_game kept = { NULL, NULL };
    char out[64];

    session_memory_init(&m);
    CHECK_EQ_INT(sap_session_init(&s, &m.memory), SAP_OK);
    sap_session_set_budget(&s, 1);
    CHECK_EQ_STR(ask(&s, "NEW 16 30 99 3 NOGUESS\n"), "OK 16 30 99\n");
    CHECK_EQ_INT((int)sap_session_sink(&s, "1 8 15\n", 7), 7);
    CHECK(sap_session_busy(&s));
    CHECK_EQ_INT(sap_session_take_game(&s, &kept), SAP_ERR_STATE);
    while (sap_session_poll(&s, out, sizeof out) > 0 || sap_session_busy(&s))
        ;
    CHECK_EQ_INT(sap_session_take_game(&s, &kept), SAP_OK);
    sap_session_release(&s);
    sap_kept_game_release(&kept, &m.memory);
    CHECK_EQ_INT((int)m.held_bytes, 0);
}

/* Without a lookup (a library user, a board): RESUME says so, VIEW shows
 * no token. */
static void test_no_keeper(void)
{
    struct session_memory m;
    struct sap_session s;
    char line[256];

    session_memory_init(&m);
    CHECK_EQ_INT(sap_session_init(&s, &m.memory), SAP_OK);
    CHECK_EQ_STR(ask(&s, "RESUME abc\n"), "ERR this server keeps no games to resume\n");
    CHECK_EQ_STR(ask(&s, "NEW 3 3 1 1\n"), "OK 3 3 1\n");
    CHECK_EQ_STR(status_line(&s, line, sizeof line),
                 "mines left 1 of 1  clicks 0  not started");
    sap_session_set_resume(&s, NULL, NULL, "");
    CHECK_EQ_STR(status_line(&s, line, sizeof line),
                 "mines left 1 of 1  clicks 0  not started");
    sap_session_release(&s);
    sap_kept_game_release(NULL, &m.memory);
    CHECK_EQ_INT((int)m.held_bytes, 0);
}

int main(void)
{
    RUN_TEST(test_take_and_resume);
    RUN_TEST(test_busy_keeps_game);
    RUN_TEST(test_no_keeper);
    return check_summary("test_session_resume");
}
