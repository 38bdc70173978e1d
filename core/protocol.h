/*
 * protocol.h - shared by the protocol session's files, never installed.
 * Its layers, each calling only its own and the ones below it:
 *
 *   the requests     each file holds its requests' rows of the table and
 *                    their handlers, and calls no other request file:
 *     requests.c          the table (HELP's order), JUDGE, SET, HELP, BYE
 *     requests_game.c     NEW, 0, the clicks 1 2 3, SHOW, STATS, RESUME
 *     requests_view.c     VIEW [PROB]
 *     requests_deduce.c   HINT, PROB, PLAY
 *     requests_analyze.c  ANALYZE, CELL, MINES
 *     requests_puzzles.c  CASUAL, CASUALMAP, MASTER, NURIKABE
 *   the current game session_game.c: a game installed, a move and its
 *                    resumable work, the deduction kept beside the game,
 *                    one after-move hook, sap_session_game; view.c: the
 *                    game drawn (VIEW's reply, and a move's under SET VIEW
 *                    ON).
 *   the session      session.c, the rest of the API (sapper.h section 4):
 *                    sink, poll, EOF, JUDGE streams, driving the request in
 *                    progress - its work and its long reply - through its
 *                    row; session_lines.c, framing bytes into lines, the
 *                    table walk (a request line's word, argument count,
 *                    numbers, board size) and the rows and number lines a
 *                    request reads; session_reply.c, the reply and memory
 *                    calls below, the request in progress's life, and
 *                    every block the session holds given back (the
 *                    current game's too).
 *
 * The session names no request: a request is its row, and the session
 * reaches it only through that row's pointers and flags (the table,
 * sap_requests, is the one name of the layers above that it reads).  A
 * request sets its reply, the lines it reads and what it leaves for poll
 * only through the calls below, plays the game through session_game.c,
 * and keeps its own state in its struct of s->req.  The current game's
 * blocks are given back by session_reply.c, so that the session's own
 * calls that need them gone (a request's block, a JUDGE stream,
 * sap_session_take_game, the session's end) call nothing above them.
 * tests/t_symbols.sh checks the layers on the objects.
 *
 * Adding a request: write its handlers and its row (a const struct
 * sap_request) in the requests file of what it serves, declare the row
 * below, put it in requests.c's table where HELP should list it, and its
 * HELP lines in sapper.h's list (SAP_HELP_ROWS_, at the same place), which
 * its row's `help` takes with HELP_TEXT; its state, if any, is a struct of
 * s->req.
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
    uint32_t end;   /* the line's length (a request reading its lines whole) */
    uint32_t count; /* every token of the line, even past TOKENS_MAX */
    uint32_t start[TOKENS_MAX];
    uint32_t length[TOKENS_MAX];
};

/* ---- the session's state -------------------------------------------------- */

/* The private part of struct sap_session (sapper.h holds its bytes, with
 * SAP_SESSION_PRIVATE_BYTES).  Pointers first, then numbers, then bytes,
 * so that no build pads it much: the size sapper.h declares is checked
 * below. */
struct session {
    const struct sap_memory *memory;
    void *game_block; /* GAME: the current game, or NULL */
    sap_game *game;
    void *live_block;           /* WORK: HINT's deduction kept beside the game, or NULL */
    struct sap_hint_live *live; /* ... in it (core/hint_live.c) */
    uint32_t (*next_seed)(void *context); /* sap_session_set_seeds, or NULL */
    void *seed_context;
    const struct sap_request *request; /* the request in progress: its row, or NULL */
    void *block;                       /* its WORK block, or the GAME a NEW fills; or NULL */
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    sap_resume_fn resume; /* sap_session_set_resume, or NULL */
    void *resume_context;
    const char *token;    /* ... the session's token (VIEW shows it), or NULL */
    sap_record_fn record; /* sap_session_set_record, or NULL */
    void *record_context;
#endif
    uint32_t budget;    /* sap_session_set_budget */
    uint32_t allowance; /* sap_session_set_allowance: steps a cell, 0 none */
    uint32_t line_length;
    /* The rest of the request in progress: */
    uint32_t rows, cols; /* its board: the one its lines hold or its reply shows */
    uint32_t items_left; /* its number lines or rows still to read */
    uint32_t item;       /* 0-based index of the next one */
    uint32_t work_cells; /* the cells its work allowance counts */
    uint32_t work_per_cell, work_rest; /* its steps: work_per_cell * work_cells + work_rest */
    uint16_t reply_length, reply_sent;
    uint16_t deferred_length; /* an ERR held until a request's last row */
    uint8_t mode;             /* what the next input is (request, row, judge) */
    uint8_t stage;            /* what it has left for poll: work, a long reply */
    uint8_t block_purpose;    /* the sap_memory_purpose of its `block` */
    bool judge_only;          /* sap_session_start_judge */
    bool judge_finished;      /* sap_judge_finish was called on the stream */
    bool finished;            /* sap_session_finish was called */
    uint8_t framing;          /* the line framing's state: a '\r' line end just
                                 passed, a failed JUDGE line's rest to drop */
    uint8_t terminal;         /* SAP_TERMINAL_...: SET's options */
    uint8_t echo;             /* the echo still owed to a person typing */
    union {                   /* its own state (requests*.c), by request */
        struct {              /* NEW r c: the game its rows fill */
            sap_game *game;
        } new_board;
        struct {                           /* 1 x y at a no-guess board's first click */
            struct sap_generate *generate; /* its layout, while being made */
            uint32_t row, col;             /* the click, 0-based */
        } move;
        struct {               /* SHOW: the cursor */
            uint32_t row, pos; /* pos: 2 * cell + (0 the cell, 1 its separator) */
        } show;
        struct { /* CASUAL, CASUALMAP */
            sap_casual *solver;
            uint32_t safe;     /* safe cells read */
            uint32_t row, col; /* CASUALMAP's cursor */
            bool map;          /* CASUALMAP: the mine bits follow the solver */
        } casual;
        struct { /* NURIKABE */
            sap_nurikabe *grid;
        } nurikabe;
        struct {                       /* HINT, PROB, PLAY */
            struct sap_deduce *deduce; /* PROB's */
            struct sap_hint *hint;     /* HINT's, PLAY's */
            bool live;                 /* ... on the deduction kept beside the game */
            uint32_t row, col;         /* PROB's cursor */
            uint32_t piece;            /* how much of the cell's token (PLAY: END) is out */
            /* PLAY: its stage, whether it has a move count, whether a
             * move's line has been written, and how many moves are left
             * (after row and col: a move's fields, which a no-guess
             * board's first click uses, overlap only those) */
            uint8_t play_stage;
            bool play_counted;
            bool play_begun;
            uint32_t moves_left;
        } deduce;
        struct {                    /* ANALYZE, CELL, MINES (requests_analyze.c) */
            sap_game *game;         /* ANALYZE: the position its rows fill */
            sap_deduce *deduce;     /* the check's, in the kept deduction's slot */
            uint32_t row, last_row; /* the rows left to check */
            uint32_t undo_row, undo_col, undo_mines; /* an edit's, to put back */
            char undo;                               /* CELL: the cell as it was; MINES: 0 */
        } analyze;
        struct { /* STATS */
            struct sap_stats *stats;
        } stats;
        struct { /* VIEW [PROB], and a move's under SET VIEW ON (core/view.c) */
            /* VIEW PROB's deduction, else NULL */
            struct sap_deduce *deduce;
            uint32_t line;  /* the line being written: rulers, rows, status, END */
            uint32_t cell;  /* its piece: 0 the margin, 1..cols a cell, then the end */
            uint32_t piece; /* bytes of that piece already out */
            uint32_t flags; /* P marks met so far (the status line's mines left) */
            uint8_t colour; /* the colour the terminal is left in (0: none) */
            uint8_t width;  /* columns a cell takes: 2, or 3 for VIEW PROB */
            uint8_t margin; /* columns of the row numbers: the rows' digits */
            uint8_t rulers; /* ruler lines: the columns' digits */
        } view;
        struct { /* MASTER */
            struct sap_master plan;
            uint32_t row, col; /* the cursor */
        } master;
        struct {            /* HELP */
            const char *at; /* the next byte of a row's text, or NULL */
            uint8_t row;    /* the next row whose text is to go out */
        } help;
        struct {          /* a JUDGE stream, while it is read (core/session.c) */
            bool written; /* its output has begun */
        } stream;
    } req;
    struct sap_judge judge;
    char reply[SAP_REPLY_MAX];
    char line[SAP_LINE_MAX]; /* the line being read, without its line end */
};

/* The state behind a session that sap_session_init accepted (its tag is
 * the library's), else NULL: every API call starts here. */
static inline struct session *sap_session_state(struct sap_session *session)
{
    if (session == NULL || session->limits_tag != SAP_LIMITS_TAG)
        return NULL;
    return (struct session *)(void *)session->state.bytes;
}

SAP_STATIC_ASSERT(session_state_fits,
                  sizeof(struct session) <= sizeof(((struct sap_session *)NULL)->state));
/* ... and sapper.h's count is tight: a board's RAM is no bigger for it. */
SAP_STATIC_ASSERT(session_state_tight, sizeof(((struct sap_session *)NULL)->state)
                                           <= sizeof(struct session) + 2u * sizeof(void *));

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

/* What the table walk checks for a request (struct sap_request's `flags`). */
#define ARGS_NUMBERS 0x1u /* its arguments are numbers */
#define ARGS_BOARD 0x2u   /* ... and the first two are a board size */
#define ARGS_LEVEL                                                                             \
    0x4u                /* ... but the last may be a level word (CASUAL, NOGUESS),
                             and a fifth always is */
#define NEEDS_GAME 0x8u /* it is about the current game: "ERR no game" without */
#define DRAWS_MOVES                                                                            \
    0x10u /* under SET VIEW ON, the VIEW follows the boom lines of
                             its moves (session_game.c) */
/* The alphabet of its board rows (rows.c), two bits of `flags`: none, or
 * a game's (_ *), the casual player's (M .), Nurikabe's (# .). */
#define ROWS_GAME 0x20u
#define ROWS_CASUAL 0x40u
#define ROWS_NURIKABE 0x60u
#define ROWS_MASK 0x60u

/* A request: its row of the table, defined beside its handlers (the
 * requests_*.c files), and listed in requests.c.  The session calls its
 * handlers, and the request reaches the session only through the calls
 * of this header. */
struct sap_request {
    const char *word;           /* the keyword, lower case (constant text) */
    const char *usage;          /* the ERR reason for a wrong argument count
                                   (NULL where its solver is left out: the
                                   walk refuses such a row before) */
    const char *help;           /* its HELP lines, each ending "\n"; NULL: none
                                   (its solver is left out of this build) */
    uint8_t args_min, args_max; /* tokens after the keyword */
    uint8_t flags;              /* ARGS_..., NEEDS_GAME, DRAWS_MOVES, ROWS_... */
    uint8_t solver;             /* the SAP_SOLVER_... it needs; 0: the game's */
    /* With ARGS_NUMBERS, a word that stands for its first arguments (NEW
     * EXPERT for 16 30 99): NULL and those numbers in args[0..2], or for a
     * word it does not know (then parsed as a number) the reason that word
     * gets if it is no number either (its '%' the word).  NULL: none. */
    const char *(*preset)(const char *word, uint32_t length, uint32_t *args);
    /* The request line, its arguments checked (and a game there, with
     * NEEDS_GAME).  It answers, or says what follows: lines to read
     * (sap_session_reply_expect_lines), work (sap_session_reply_leave_work), a long
     * reply (sap_session_reply_stream). */
    void (*take)(struct session *s, const struct request_line *r);
    /* A line the request reads whole, before any rows: NURIKABE's number
     * lines, ANALYZE's rows (none while an ERR is held back).  A request
     * with no ROWS_ alphabet reads no rows after them. */
    void (*number_line)(struct session *s, const char *line, const struct tokens *t);
    /* A board row of exactly s->cols cells, already checked against its
     * alphabet (ROWS_...; none while an ERR is held back). */
    void (*row)(struct session *s, uint32_t row, const char *cells);
    /* One budget's worth of its work; true while more is left.  A request
     * that reads lines has one: it runs once they are all read.  When it is
     * done, the reply is set: a short line, a long one, or both. */
    bool (*work)(struct session *s);
    /* Writes the next part of its long reply, at most cap (>= 1) bytes;
     * 0 once it is all out. */
    size_t (*reply)(struct session *s, char *out, size_t cap);
};

/* A handler of a solver this build leaves out is NULL in its row, so that
 * nothing refers to its code and the link drops it; the walk refuses its
 * requests first. */
#define SERVED(solver, handler) (SERVES(solver) ? (handler) : NULL)

/* The rows, by file: */
extern const struct sap_request sap_request_new SAP_ROM_TABLE; /* requests_game.c */
extern const struct sap_request sap_request_left SAP_ROM_TABLE;
extern const struct sap_request sap_request_right SAP_ROM_TABLE;
extern const struct sap_request sap_request_chord SAP_ROM_TABLE;
extern const struct sap_request sap_request_end_game SAP_ROM_TABLE;
extern const struct sap_request sap_request_show SAP_ROM_TABLE;
extern const struct sap_request sap_request_stats SAP_ROM_TABLE;
extern const struct sap_request sap_request_resume SAP_ROM_TABLE;
extern const struct sap_request sap_request_view SAP_ROM_TABLE; /* requests_view.c */
extern const struct sap_request sap_request_hint SAP_ROM_TABLE; /* requests_deduce.c */
extern const struct sap_request sap_request_play SAP_ROM_TABLE;
extern const struct sap_request sap_request_prob SAP_ROM_TABLE;
extern const struct sap_request sap_request_casual SAP_ROM_TABLE; /* requests_puzzles.c */
extern const struct sap_request sap_request_casualmap SAP_ROM_TABLE;
extern const struct sap_request sap_request_master SAP_ROM_TABLE;
extern const struct sap_request sap_request_nurikabe SAP_ROM_TABLE;
extern const struct sap_request sap_request_analyze SAP_ROM_TABLE; /* requests_analyze.c */
extern const struct sap_request sap_request_cell SAP_ROM_TABLE;
extern const struct sap_request sap_request_mines SAP_ROM_TABLE;
extern const struct sap_request sap_request_judge SAP_ROM_TABLE; /* requests.c */
extern const struct sap_request sap_request_set SAP_ROM_TABLE;
extern const struct sap_request sap_request_help SAP_ROM_TABLE;
extern const struct sap_request sap_request_bye SAP_ROM_TABLE;

/* A row's HELP text, from its list in sapper.h (SAP_HELP_NEW_ and the
 * others), which also counts it into SAP_SESSION_HELP_BYTES and _LINES:
 * SAP_TEXT(h_show, HELP_TEXT(SAP_HELP_SHOW_)). */
#define HELP_TEXT(row) row(SAP_HELP_TEXT_)

/* The table (requests.c): every row, in HELP's order. */
#define REQUEST_KINDS                                                                          \
    (19u + (SERVES(SAP_SOLVER_ANALYZE) ? 3u : 0u) + (SERVES(SAP_SOLVER_RESUME) ? 1u : 0u))
extern const struct sap_request *const sap_requests[REQUEST_KINDS] SAP_ROM_TABLE;

/* The row at `index` of the table. */
static inline const struct sap_request *sap_request_at(uint32_t index)
{
    const struct sap_request *row;
    sap_rom_table_copy(&row, &sap_requests[index], sizeof row);
    return row;
}

/* Reads one field of a row (the request in progress: s->request) into `out`. */
#define REQUEST_FIELD(request, field, out)                                                     \
    sap_rom_table_copy(&(out), &(request)->field, sizeof(out))

/* The one wording of the mistakes more than one request can make.  A '%'
 * in a reason stands for the word it quotes (sap_session_reply_err_format). */
extern const char sap_reason_not_served[] SAP_ROM; /* "% is not in this build" */
extern const char sap_reason_no_memory[] SAP_ROM;  /* a block refused */
/* "% is not a number" */
extern const char sap_reason_not_a_number[] SAP_ROM;
/* ---- session_game.c: the current game, under the requests on it ------------ */

/* The current game (s->game, s->game_block): a request's GAME block
 * becomes it, or a kept game does (*kept emptied); the old one is given
 * back first (sap_session_reply_release_game, which also ends a game). */
void sap_session_game_install(struct session *s, sap_game *game);
void sap_session_game_put(struct session *s, struct sap_kept_game *kept);
/* HINT's deduction kept beside a game in play (s->live, hint_live.c): made
 * at the first HINT, PLAY or PROB on it; false when it cannot be had (a
 * game over, a build without it, memory).  It is a WORK block outside any
 * request, given back (sap_session_reply_release_live) when another block
 * is asked for (a port's one WORK arena serves both) and with the game. */
bool sap_session_game_live(struct session *s);
/* The deduction of the current game's position, *d: the kept one, or one
 * in the request's block, left as its work (or "ERR not enough memory
 * ..."); then one budget of it a poll: SAP_MORE, SAP_OK once done
 * (sap_deduce_cell reads *d), or the error it ended with (its ERR is the
 * reply). */
void sap_session_game_deduce_start(struct session *s, sap_deduce **d);
int sap_session_game_deduce_step(struct session *s, sap_deduce **d);
/* A move: op at 1-based (x, y), true while its opening is left to spread
 * (sap_session_game_move_step, a budget a poll), else its reply is set: boom's
 * lines (sap_game_reply writes them) or an ERR.  A no-guess or casual
 * board's first left click (sap_session_game_lays_mines) has its layout made
 * first: sap_session_game_generate, 0-based, then the same steps.  A move's
 * state is s->req.move. */
bool sap_session_game_move(struct session *s, int op, uint32_t x, uint32_t y);
/* Whether move op on the current game needs a layout it has not (a
 * position typed in with ANALYZE opens nothing): then its ERR is the reply. */
bool sap_session_game_needs_layout(struct session *s, int op);
/* A GAME block for a request's game beside the current one (a refusal
 * leaves that game playing); only a board past SAP_MAX_WORK_BYTES (a
 * microcontroller's single game arena) is never held beside it: that game
 * goes first. */
void *sap_session_game_acquire(struct session *s, size_t bytes);
bool sap_session_game_lays_mines(const struct session *s, int op, uint32_t x, uint32_t y);
void sap_session_game_generate(struct session *s, uint32_t row, uint32_t col);
bool sap_session_game_move_step(struct session *s);
/* Whether the VIEW follows the request's moves (SET VIEW ON, DRAWS_MOVES);
 * the after-move hook has then begun it (sap_view_reply writes it). */
bool sap_session_game_view_follows(const struct session *s);

/* Tells the server's hook (sap_session_set_record) of a change to the
 * current game; nothing in a build without RESUME. */
static inline void sap_session_game_record(struct session *s, int kind, int op, uint32_t x,
                                           uint32_t y, uint32_t value, char seen)
{
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    struct sap_record r;
    if (s->record == NULL)
        return;
    r.kind = kind;
    r.op = op;
    r.x = x;
    r.y = y;
    r.value = value;
    r.seen = seen;
    s->record(s->record_context, &r);
#else
    (void)s, (void)kind, (void)op, (void)x, (void)y, (void)value, (void)seen;
#endif
}

/* ---- view.c: the current game drawn for a person --------------------------- */

/* The VIEW of the current game is what sap_view_reply writes from here on;
 * with `prob`, VIEW PROB's, whose deduction (s->req.view.deduce) is done. */
void sap_view_begin(struct session *s, bool prob);
size_t sap_view_reply(struct session *s, char *out, size_t cap);

/* ---- session_reply.c: the reply, for the requests ----------------------- */

/* The short reply line (at most SAP_REPLY_MAX bytes): start, add, end. */
void sap_session_reply_start(struct session *s, const char *text);
void sap_session_reply_add(struct session *s, const char *text);
void sap_session_reply_add_ram(struct session *s, const char *text);
void sap_session_reply_add_u32(struct session *s, uint32_t value);
void sap_session_reply_end(struct session *s);
/* "ERR ", the start of a line whose reason is built piece by piece. */
void sap_session_reply_start_err(struct session *s);
/* One whole line of constant text; "ERR <reason>"; "ERR " and the reason
 * sap_strerror gives for `err`. */
void sap_session_reply_line(struct session *s, const char *text);
void sap_session_reply_err(struct session *s, const char *reason);
void sap_session_reply_strerror(struct session *s, int err);
/* The constant text `format` with its '#' the numbers and its '%' the
 * word[0..length) of a request line, quoted (sap_text_add_format: safe for
 * any bytes); err_format makes it a whole line "ERR <format>". */
void sap_session_reply_add_format(struct session *s, const char *format,
                                  const uint32_t *numbers, const char *word, uint32_t length);
void sap_session_reply_err_format(struct session *s, const char *format,
                                  const uint32_t *numbers, const char *word, uint32_t length);
/* "ERR too many mines: a <rows> x <cols> board holds at most <cells - 1>". */
void sap_session_reply_too_many_mines(struct session *s, uint32_t rows, uint32_t cols);
/* With SAP_PERSON_EXTRAS, a game over: "ERR the game is won|lost: NEW starts another". */
bool sap_session_reply_over(struct session *s); /* false while the game is in play */
/* "<prefix>a b c": OK r c mines, and CASUAL's answer. */
void sap_session_reply_numbers(struct session *s, const char *prefix, uint32_t a, uint32_t b,
                               uint32_t c);
/* For a builder that writes into a buffer itself (sap_hint_text_line): the
 * free room after the line so far and its size, then how much it used. */
char *sap_session_reply_room(struct session *s, size_t *room);
void sap_session_reply_grow(struct session *s, size_t length);
/* The line just built is an ERR for a request whose lines are still to be
 * read: it is held back until the last of them, which are then only
 * counted (no line handler sees them).  Only the first mistake of a
 * request is told: defer_err builds none while one is held. */
void sap_session_reply_defer(struct session *s);
void sap_session_reply_defer_err(struct session *s, const char *reason);

/* ---- session_reply.c: the request in progress ----------------------------- */

/* It reads `numbers` number lines, then `rows` rows of `cols` cells. */
void sap_session_reply_expect_lines(struct session *s, uint32_t rows, uint32_t cols,
                                    uint32_t numbers);
/* It has work for poll (its row's `work`), or a long reply to write after
 * the short line, if any (its row's `reply`).  A reply writer that calls
 * leave_work and returns 0 goes back to its work step (PLAY's next move);
 * every leave_work counts the work allowance anew. */
void sap_session_reply_leave_work(struct session *s);
void sap_session_reply_stream(struct session *s);
/* Whether the request in progress has already had more work than its
 * allowance (sap_session_set_allowance): then its reply is "ERR gave up
 * ...; nothing changed" and its work step must return false; else this
 * call's budget is counted.  A work step whose work changes nothing until
 * it is done asks first, once a call; an opening spreading does not. */
bool sap_session_reply_give_up(struct session *s);
/* It is over (or dropped, lines and all): its block goes back. */
void sap_session_reply_end_request(struct session *s);
void sap_session_reply_abandon(struct session *s);
/* The session closes once its reply is out (BYE, a line too long, EOF). */
void sap_session_reply_close(struct session *s);

/* ---- session_reply.c: memory ------------------------------------------- */

/* The request's own block, s->block: at most one, asked for while it has
 * none (NULL when refused). */
void *sap_session_reply_acquire_block(struct session *s, size_t bytes,
                                      enum sap_memory_purpose purpose);
void sap_session_reply_release_block(struct session *s);
/* A block from the session's provider (NULL when refused; a WORK block
 * past SAP_MAX_WORK_BYTES always is), and one given back (*block NULL). */
void *sap_session_reply_acquire(struct session *s, size_t bytes,
                                enum sap_memory_purpose purpose);
void sap_session_reply_give_back(struct session *s, void **block,
                                 enum sap_memory_purpose purpose);
/* The blocks kept between requests given back, with what points into
 * them: the WORK block beside the game (s->live_block, s->live), and the
 * game's (s->game_block, s->game) with it. */
void sap_session_reply_release_live(struct session *s);
void sap_session_reply_release_game(struct session *s);

/* ---- session_lines.c ---------------------------------------------------- */

/* The line framing's state (struct session's `framing`).  FRAME_CR:
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

/* The echo still owed (struct session's `echo`), a byte at a time
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
bool sap_session_lines_frame_byte(struct session *s, char c);

/* Parses tokens first .. first + count - 1 of a line as numbers into
 * values: NULL, or the one wording of why the first that is not one is not
 * ("% is not a number", "% is too large: ..."), *bad the index of that
 * token (the word the reason quotes). */
const char *sap_session_lines_parse_numbers(const char *line, const struct tokens *t,
                                            uint32_t first, uint32_t count, uint32_t *values,
                                            uint32_t *bad);

/* Frames bytes into lines until a reply is waiting or the mode changes. */
size_t sap_session_lines_sink(struct session *s, const char *input, size_t length);
/* One complete line (without its line end). */
void sap_session_lines_take(struct session *s, const char *line, uint32_t length);

/* ---- session.c --------------------------------------------------------- */

/* Whether echo, a reply line, the request's work or long reply, or a JUDGE
 * stream's output is waiting (sink takes nothing meanwhile). */
static inline bool sap_session_output_pending(const struct session *s)
{
    return s->echo != 0 || s->reply_sent < s->reply_length || s->stage != STAGE_NONE
           || (s->mode == MODE_JUDGE && sap_judge_working(&s->judge));
}

/* SAP_ERR_ARG for a format whose solver this build leaves out. */
int sap_session_judge_begin(struct session *s, enum sap_format format);

SAP_INTERNAL_END

#endif /* SAPPER_PROTOCOL_H */
