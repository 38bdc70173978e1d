/*
 * protocol.h - shared by the protocol session's files, never installed.
 *
 *   session.c        the API (sapper.h section 9): sink, poll, EOF, JUDGE
 *                    streams; it drives the request in progress - its
 *                    work and its long reply - through the request table.
 *   session_lines.c  framing bytes into lines, the table walk (a request
 *                    line's word, argument count, numbers, board size),
 *                    and the rows and number lines a request reads.
 *   session_reply.c  the reply API and the memory API below, and the
 *                    request in progress's life (lines, work, reply, end).
 *   requests.c       the request table, and the requests that take a
 *                    board of their own (CASUAL, CASUALMAP, NURIKABE,
 *                    MASTER) or none (JUDGE, HELP, BYE).
 *   requests_game.c  the requests on the current game (NEW, 0, 1 2 3,
 *                    SHOW, STATS).
 *   requests_deduce.c  the deduction engine's (HINT, PROB, PLAY).
 *   view.c           VIEW [PROB], the board drawn for a person, also
 *                    after every move under SET VIEW ON.
 *
 * The session names no request: a request is its row of the table, and
 * the session reaches it only through that row's pointers.  A request
 * sets its reply, the lines it reads and what it leaves for poll only
 * through the calls below; it reads the session's game, board and budget
 * and keeps its own state in its struct of s->req (sapper.h).
 */
#ifndef SAPPER_PROTOCOL_H
#define SAPPER_PROTOCOL_H

#include "internal.h"
#include "judge.h" /* sap_judge_working, below */

SAP_INTERNAL_BEGIN

/* Whether this build serves a solver (SAP_SOLVERS, sapper.h section 1).
 * A constant: the calls into a solver left out are dead code, so nothing
 * keeps that solver in the image. */
#define SERVES(solver) ((SAP_SOLVERS & (solver)) != 0u)

/* What the next input is. */
enum session_mode {
    MODE_REQUEST = 0, /* a request line */
    MODE_NUMBERS,     /* a number line of the request in progress */
    MODE_ROWS,        /* a board row of the request in progress */
    MODE_JUDGE,       /* raw bytes of a JUDGE stream */
    MODE_CLOSED       /* closing: input is discarded */
};

/* What the request in progress has left for poll, once its lines are read. */
enum session_stage {
    STAGE_NONE = 0, /* nothing: it is over, or still reading lines */
    STAGE_WORK,     /* its work step, a budget per poll */
    STAGE_REPLY     /* its reply writer (after the short reply line, if any) */
};

/* Longest number of tokens a request takes (NEW r c mines seed level); one more
 * is kept so that "too many" is told apart. */
#define TOKENS_MAX 7

struct tokens {
    uint32_t count; /* every token of the line, even past TOKENS_MAX */
    uint32_t start[TOKENS_MAX];
    uint32_t length[TOKENS_MAX];
};

/* ---- the request table (requests.c) -------------------------------------- */

/* A request line, as the table walk hands it to its row's `take`. */
struct request_line {
    const char *text;              /* the line (RAM text) */
    const struct tokens *tokens;   /* its tokens, the keyword first */
    uint32_t args[TOKENS_MAX - 1]; /* with ARGS_NUMBERS: its arguments as numbers
                                       (a preset word's three first) */
    uint32_t numbers;              /* how many of args it gave */
    uint8_t level;                 /* with ARGS_LEVEL: its level word's enum
                                       sap_level; SAP_LEVEL_RANDOM without one */
};

/* The rows of the table, in HELP's order. */
enum request_kind {
    REQ_NEW,
    REQ_LEFT,  /* 1 x y */
    REQ_RIGHT, /* 2 x y */
    REQ_CHORD, /* 3 x y */
    REQ_QUIT,  /* 0 */
    REQ_SHOW,
    REQ_VIEW,
    REQ_HINT,
    REQ_PLAY,
    REQ_PROB,
    REQ_STATS,
    REQ_CASUAL,
    REQ_CASUALMAP,
    REQ_MASTER,
    REQ_NURIKABE,
    REQ_JUDGE,
    REQ_SET,
    REQ_HELP,
    REQ_BYE,
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    REQ_RESUME, /* a server's only: a board's table has no such row */
#endif
    REQUEST_KINDS
};

/* The options a person sets with SET are struct sap_session's `terminal`:
 * SAP_TERMINAL_ECHO, _COLOR, _VIEW (sapper.h section 9). */

/* What the table walk checks for a request (struct sap_request's `flags`). */
#define ARGS_NUMBERS 0x1u /* its arguments are numbers */
#define ARGS_BOARD 0x2u   /* ... and the first two are a board size */
#define ARGS_LEVEL                                                                             \
    0x4u                /* ... but the last may be a level word (CASUAL, NOGUESS),
                             and a fifth always is */
#define NEEDS_GAME 0x8u /* it is about the current game: "ERR no game" without */
#define ARGS_PRESET                                                                            \
    0x10u /* ... and the first may be a preset word that stands
                             for three (NEW EXPERT: 16 30 99) */

struct sap_request {
    const char *word;           /* the keyword, lower case (constant text) */
    const char *usage;          /* the ERR reason for a wrong argument count
                                   (NULL where its solver is left out: the
                                   walk refuses such a row before) */
    const char *help;           /* its HELP lines, each ending "\n"; NULL: none
                                   (its solver is left out of this build) */
    uint8_t args_min, args_max; /* tokens after the keyword */
    uint8_t flags;              /* ARGS_..., NEEDS_GAME */
    uint8_t solver;             /* the SAP_SOLVER_... it needs; 0: the game's */
    const char *rows;           /* the alphabet of its board rows, or NULL */
    /* The request line, its arguments checked (and a game there, with
     * NEEDS_GAME).  It answers, or says what follows: lines to read
     * (sap_session_expect_lines), work (sap_session_leave_work), a long
     * reply (sap_session_stream_reply). */
    void (*take)(struct sap_session *s, const struct request_line *r);
    /* A number line, before the rows (none while an ERR is held back). */
    void (*number_line)(struct sap_session *s, const char *line, const struct tokens *t);
    /* A board row of exactly s->cols cells, already checked against `rows`
     * (none while an ERR is held back). */
    void (*row)(struct sap_session *s, uint32_t row, const char *cells);
    /* One budget's worth of its work; true while more is left.  A request
     * that reads lines has one: it runs once they are all read.  When it is
     * done, the reply is set: a short line, a long one, or both. */
    bool (*work)(struct sap_session *s);
    /* Writes the next part of its long reply, at most cap (>= 1) bytes;
     * 0 once it is all out. */
    size_t (*reply)(struct sap_session *s, char *out, size_t cap);
};

extern const struct sap_request sap_requests[REQUEST_KINDS] SAP_ROM_TABLE;

/* The handlers of the requests on the current game (requests_game.c). */
void sap_req_new_take(struct sap_session *s, const struct request_line *r);
void sap_req_new_row(struct sap_session *s, uint32_t row, const char *cells);
bool sap_req_new_work(struct sap_session *s);
void sap_req_quit_take(struct sap_session *s, const struct request_line *r);
void sap_req_move_take(struct sap_session *s, const struct request_line *r);
bool sap_req_move_work(struct sap_session *s);
size_t sap_req_move_reply(struct sap_session *s, char *out, size_t cap);
void sap_req_show_take(struct sap_session *s, const struct request_line *r);
size_t sap_req_show_reply(struct sap_session *s, char *out, size_t cap);
void sap_req_stats_take(struct sap_session *s, const struct request_line *r);
void sap_req_resume_take(struct sap_session *s, const struct request_line *r);
bool sap_req_stats_work(struct sap_session *s);
/* The clicks, for PLAY's moves too: op at 1-based (x, y), true while its
 * opening is left to spread (else its reply is set); a no-guess board's
 * first left click, its layout made first (the work). */
bool sap_req_play_move(struct sap_session *s, int op, uint32_t x, uint32_t y);
void sap_req_start_generate(struct sap_session *s, uint32_t row, uint32_t col);

/* The deduction engine's requests (requests_deduce.c). */
void sap_req_deduce_take(struct sap_session *s, const struct request_line *r);
bool sap_req_hint_work(struct sap_session *s);
bool sap_req_prob_work(struct sap_session *s);
size_t sap_req_prob_reply(struct sap_session *s, char *out, size_t cap);
/* PLAY [<n>]: HINT's moves played one after another, each move's line and
 * its boom lines, then END.  Its reply writer leaves work again between
 * moves (sap_session_leave_work from `reply`: the session goes back to
 * the work step instead of ending the request). */
void sap_req_play_take(struct sap_session *s, const struct request_line *r);
bool sap_req_play_work(struct sap_session *s);
size_t sap_req_play_reply(struct sap_session *s, char *out, size_t cap);
/* The deduction of the current game, *d: the one kept beside the game
 * (hint_live.c), or one in the request's block, left as its work (or "ERR
 * not enough memory ..."); then one budget of it a poll: SAP_MORE, SAP_OK
 * once done (sap_deduce_cell reads *d), or the error it ended with (its
 * ERR is the reply). */
void sap_req_deduce_start(struct sap_session *s, sap_deduce **d);
int sap_req_deduce_on(struct sap_session *s, sap_deduce **d);

/* VIEW [PROB] (view.c), and its usage (the ERR for a wrong word). */
extern const char sap_usage_view[] SAP_ROM;
void sap_req_view_take(struct sap_session *s, const struct request_line *r);
bool sap_req_view_work(struct sap_session *s);
size_t sap_req_view_reply(struct sap_session *s, char *out, size_t cap);
/* The VIEW of the current game is the reply that sap_req_view_reply writes
 * from here on: VIEW itself, a move's boom lines' sequel under SET VIEW ON,
 * or with `prob` VIEW PROB's, whose deduction (s->req.view.deduce) is done. */
void sap_view_begin(struct sap_session *s, bool prob);

/* Reads one field of the table's row `index` into `out`. */
#define REQUEST_FIELD(index, field, out)                                                       \
    sap_rom_table_copy(&(out), &sap_requests[(index)].field, sizeof(out))

/* The one wording of the mistakes more than one request can make.  A '%'
 * in a reason stands for the word it quotes (sap_session_reply_err_format). */
extern const char sap_reason_not_served[] SAP_ROM; /* "% is not in this build" */
extern const char sap_reason_no_memory[] SAP_ROM;  /* a block refused */
/* NEW's usage: its row's, and what NEW itself says to a form it has not. */
extern const char sap_usage_new[] SAP_ROM;
/* NEW's presets (requests_game.c): true and their rows, cols and mines in
 * args[0..2] for a preset word (BEGINNER, INTERMEDIATE, EXPERT; any case). */
bool sap_new_preset(const char *word, uint32_t length, uint32_t *args);

/* ---- session_reply.c: the reply, for the requests ----------------------- */

/* The short reply line (at most SAP_REPLY_MAX bytes): start, add, end. */
void sap_session_reply_start(struct sap_session *s, const char *text);
void sap_session_reply_add(struct sap_session *s, const char *text);
void sap_session_reply_add_ram(struct sap_session *s, const char *text);
void sap_session_reply_add_u32(struct sap_session *s, uint32_t value);
void sap_session_reply_end(struct sap_session *s);
/* "ERR ", the start of a line whose reason is built piece by piece. */
void sap_session_reply_start_err(struct sap_session *s);
/* One whole line of constant text; "ERR <reason>"; "ERR " and the reason
 * sap_strerror gives for `err`. */
void sap_session_reply_line(struct sap_session *s, const char *text);
void sap_session_reply_err(struct sap_session *s, const char *reason);
void sap_session_reply_strerror(struct sap_session *s, int err);
/* The constant text `format` with its '#' the numbers and its '%' the
 * word[0..length) of a request line, quoted (sap_text_add_format: safe for
 * any bytes); err_format makes it a whole line "ERR <format>". */
void sap_session_reply_add_format(struct sap_session *s, const char *format,
                                  const uint32_t *numbers, const char *word, uint32_t length);
void sap_session_reply_err_format(struct sap_session *s, const char *format,
                                  const uint32_t *numbers, const char *word, uint32_t length);
/* "ERR too many mines: a <rows> x <cols> board holds at most <cells - 1>". */
void sap_session_reply_too_many_mines(struct sap_session *s, uint32_t rows, uint32_t cols);
/* "<prefix>a b c": OK r c mines, and CASUAL's answer. */
void sap_session_reply_numbers(struct sap_session *s, const char *prefix, uint32_t a,
                               uint32_t b, uint32_t c);
/* For a builder that writes into a buffer itself (sap_hint_line): the
 * free room after the line so far and its size, then how much it used. */
char *sap_session_reply_room(struct sap_session *s, size_t *room);
void sap_session_reply_grow(struct sap_session *s, size_t length);
/* The line just built is an ERR for a request whose lines are still to be
 * read: it is held back until the last of them, which are then only
 * counted (no line handler sees them).  Only the first mistake of a
 * request is told: defer_err builds none while one is held. */
void sap_session_defer_reply(struct sap_session *s);
void sap_session_defer_err(struct sap_session *s, const char *reason);

/* ---- session_reply.c: the request in progress ----------------------------- */

/* It reads `numbers` number lines, then `rows` rows of `cols` cells. */
void sap_session_expect_lines(struct sap_session *s, uint32_t rows, uint32_t cols,
                              uint32_t numbers);
/* It has work for poll (its row's `work`), or a long reply to write after
 * the short line, if any (its row's `reply`).  A reply writer that calls
 * leave_work and returns 0 goes back to its work step (PLAY's next move);
 * every leave_work counts the work allowance anew. */
void sap_session_leave_work(struct sap_session *s);
void sap_session_stream_reply(struct sap_session *s);
/* Whether the request in progress has already had more work than its
 * allowance (sap_session_set_allowance): then its reply is "ERR gave up
 * ...; nothing changed" and its work step must return false; else this
 * call's budget is counted.  A work step whose work changes nothing until
 * it is done asks first, once a call; an opening spreading does not. */
bool sap_session_give_up(struct sap_session *s);
/* It is over (or dropped, lines and all): its block goes back. */
void sap_session_end_request(struct sap_session *s);
void sap_session_abandon_request(struct sap_session *s);
/* The session closes once its reply is out (BYE, a line too long, EOF). */
void sap_session_close(struct sap_session *s);

/* ---- session_reply.c: memory ------------------------------------------- */

/* The request's own block, s->block: at most one, asked for while it has
 * none (NULL when refused). */
void *sap_session_acquire_block(struct sap_session *s, size_t bytes,
                                enum sap_memory_purpose purpose);
void sap_session_release_request_block(struct sap_session *s);
/* HINT's deduction kept beside the game (s->live_block, core/hint_live.c):
 * a WORK block outside any request, given back when another block is
 * asked for (a port's one WORK arena serves both) and with the game. */
void *sap_session_acquire_live(struct sap_session *s, size_t bytes);
void sap_session_release_live(struct sap_session *s);
/* The current game (s->game, s->game_block): a request's GAME block
 * becomes it, or it goes. */
void sap_session_install_game(struct sap_session *s, sap_game *game);
void sap_session_release_game(struct sap_session *s);
/* Makes a kept game the session's (the old one given back); *kept emptied. */
void sap_session_put_game(struct sap_session *s, struct sap_kept_game *kept);

/* ---- session_lines.c ---------------------------------------------------- */

/* The line framing's state (struct sap_session's `framing`).  FRAME_CR:
 * the last byte was a '\r' that ended a line, so a '\n' next is the rest
 * of that line end and is dropped (in a JUDGE stream too).  FRAME_SKIP: a
 * JUDGE stream failed inside a line, and the rest of that line is dropped.
 * FRAME_MIDLINE: with echo on, the last byte echoed was not a line end, so
 * the terminal's cursor is inside a line: the next reply starts with one
 * (a line too long, a last line without its line end, a JUDGE stream's
 * output or ERR after a word typed on its line). */
#define FRAME_CR 0x1u
#define FRAME_SKIP 0x2u
#define FRAME_MIDLINE 0x4u

/* The echo still owed (struct sap_session's `echo`), a byte at a time
 * through sap_session_poll: 0 none; ECHO_LINE_END ("\r\n") and ECHO_ERASE
 * ("\b \b") from their first byte, ECHO_NEWLINE the "\n" alone; any other
 * value is the one byte to echo (never 1 to 5: those are control bytes,
 * echoed as nothing). */
#define ECHO_LINE_END 1u /* 1 '\r', then 2 '\n' */
#define ECHO_NEWLINE 2u  /* also poll's when a reply's "\r\n" is cut after '\r' */
#define ECHO_ERASE 3u    /* 3 '\b', 4 ' ', 5 '\b' */
#define ECHO_PARTS_END 5u

/* Frames received byte c, in any mode: false for the '\n' of a "\r\n"
 * (nothing more to do with it); else FRAME_CR is set for a '\r', and with
 * echo on its echo is owed: a line end as "\r\n", a control byte as
 * nothing, any other byte as itself. */
bool sap_session_frame_byte(struct sap_session *s, char c);

/* Parses tokens first .. first + count - 1 of a line as numbers into
 * values: NULL, or the one wording of why the first that is not one is not
 * ("% is not a number", "% is too large: ..."), *bad the index of that
 * token (the word the reason quotes). */
const char *sap_session_parse_numbers(const char *line, const struct tokens *t, uint32_t first,
                                      uint32_t count, uint32_t *values, uint32_t *bad);

/* Frames bytes into lines until a reply is waiting or the mode changes. */
size_t sap_session_sink_lines(struct sap_session *s, const char *input, size_t length);
/* One complete line (without its line end). */
void sap_session_take_line(struct sap_session *s, const char *line, uint32_t length);

/* ---- session.c --------------------------------------------------------- */

/* Whether echo, a reply line, the request's work or long reply, or a JUDGE
 * stream's output is waiting (sink takes nothing meanwhile). */
static inline bool sap_session_output_pending(const struct sap_session *s)
{
    return s->echo != 0 || s->reply_sent < s->reply_length || s->stage != STAGE_NONE
           || (s->mode == MODE_JUDGE && sap_judge_working(&s->judge));
}

/* SAP_ERR_ARG for a format whose solver this build leaves out. */
int sap_session_judge_begin(struct sap_session *s, enum sap_format format);

SAP_INTERNAL_END

#endif /* SAPPER_PROTOCOL_H */
