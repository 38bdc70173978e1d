/*
 * protocol.h - shared by the protocol session's two files, never installed.
 *
 *   session.c   framing bytes into lines, the sink/poll API, the replies
 *               (short lines and the long writers), the work a request
 *               leaves to be done in bounded steps, and JUDGE streams.
 *   requests.c  the request table and its handlers: what each request
 *               line, number line and board row does.
 */
#ifndef SAPPER_PROTOCOL_H
#define SAPPER_PROTOCOL_H

#include "internal.h"

SAP_INTERNAL_BEGIN

/* Whether this build serves a solver (SAP_SOLVERS, sapper.h section 1).
 * A constant: the calls into a solver left out are dead code, so nothing
 * keeps that solver in the image. */
#define SERVES(solver) ((SAP_SOLVERS & (solver)) != 0u)

/* What the next input is. */
enum session_mode {
    MODE_REQUEST = 0,   /* a request line */
    MODE_NUMBERS,       /* a NURIKABE number line "r' c' n" */
    MODE_ROWS,          /* a board row of the request being read */
    MODE_JUDGE,         /* raw bytes of a JUDGE stream */
    MODE_CLOSED         /* closing: input is discarded */
};

/* The long reply being written. */
enum session_out {
    OUT_NONE = 0,
    OUT_MOVE,           /* sap_game_reply */
    OUT_SHOW,           /* the player map */
    OUT_MASTER,         /* a planned one-click-win board */
    OUT_CASUALMAP,      /* the best start's end */
    OUT_PROB            /* PROB's map of odds */
};

/* The work a request left to be done in bounded steps, in poll. */
enum session_work {
    WORK_NONE = 0,
    WORK_MOVE,          /* sap_game_move_step on the current game */
    WORK_CASUAL,        /* sap_casual_solve_step (CASUAL, CASUALMAP) */
    WORK_NURIKABE,      /* sap_nurikabe_verify_step */
    WORK_DEDUCE,        /* sap_deduce_step (HINT, PROB) */
    WORK_STATS,         /* sap_stats_step (STATS) */
    WORK_GENERATE       /* sap_generate_step: a no-guess board at its first click */
};

/* Longest number of tokens a request takes (NEW r c mines seed level); one more
 * is kept so that "too many" is told apart. */
#define TOKENS_MAX 7

struct tokens {
    uint32_t count;                 /* every token of the line, even past TOKENS_MAX */
    uint32_t start[TOKENS_MAX];
    uint32_t length[TOKENS_MAX];
};

/* ---- session.c: replies and memory, for the handlers --------------------- */

/* The short reply line (at most SAP_REPLY_MAX bytes): start, add, end. */
void sap_session_reply_start(struct sap_session *s, const char *text);
void sap_session_reply_add(struct sap_session *s, const char *text);
void sap_session_reply_add_u32(struct sap_session *s, uint32_t value);
void sap_session_reply_end(struct sap_session *s);
/* One whole line of constant text; "ERR <reason>". */
void sap_session_reply_line(struct sap_session *s, const char *text);
void sap_session_reply_err(struct sap_session *s, const char *reason);
/* An ERR for a request whose remaining lines are still to be read: the
 * line just built in the reply buffer is held back until the last of them.
 * Only the first mistake of a request is told: callers build none while
 * s->deferred_length != 0. */
void sap_session_defer_reply(struct sap_session *s);

void *sap_session_acquire(struct sap_session *s, size_t bytes, enum sap_memory_purpose purpose);
void sap_session_release_block(struct sap_session *s, void **block, enum sap_memory_purpose purpose);
void sap_session_release_game(struct sap_session *s);
void sap_session_release_work(struct sap_session *s);
/* Drops a request whose lines are being read, and its blocks. */
void sap_session_abandon_request(struct sap_session *s);

/* ---- requests.c ---------------------------------------------------------- */

/* A request line (already tokenized, at least one token). */
void sap_requests_take(struct sap_session *s, const char *line, const struct tokens *t);
/* A number line or board row of the request being read. */
void sap_requests_take_number_line(struct sap_session *s, const char *line, const struct tokens *t);
void sap_requests_take_row(struct sap_session *s, const char *line, const struct tokens *t);
/* The request's last line was read: answer it, or leave work. */
void sap_requests_complete(struct sap_session *s);
/* One budget's worth of the work a request left (s->work_kind); once it is
 * done, the reply starts and work_kind is WORK_NONE. */
void sap_requests_work(struct sap_session *s);

/* SAP_ERR_ARG for a format whose solver this build leaves out. */
int sap_session_judge_begin(struct sap_session *s, enum sap_format format);

SAP_INTERNAL_END

#endif /* SAPPER_PROTOCOL_H */
