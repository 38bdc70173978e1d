/*
 * sapper.h - the one public header of the sapper core.
 *
 * The core is C99 and freestanding: it includes only <stddef.h>, <stdint.h>
 * and <stdbool.h>, calls no C library function (a port supplies memcpy,
 * memset, memmove and memcmp), allocates nothing, never recurses and keeps
 * no mutable globals.  Every byte it touches is the caller's: either a struct
 * declared here (whose sizeof is its whole footprint) or a block whose size a
 * SAP_..._BYTES macro gives (each worked out in section 13).
 *
 * Sections, in the order a program meets them:
 *   1. version, limits and knobs  (in sapper_config.h, included below:
 *                                  each overridable with -D, each with its
 *                                  default and why; a program and the
 *                                  library it links must agree on them)
 *   2. errors, NULL, resumable work, the decimal parser
 *   3. caller memory              (struct sap_memory, for readers and sessions)
 *   4. protocol session           (the line protocol, sans-IO: what most
 *                                  programs call; the protocol itself is
 *                                  described in core/PROTOCOL.md)
 *   5. game engine                (the boom interactor; a move's changes)
 *   6. casual player              (Mid-Central 2003 "mines")
 *   7. one-click win              (GCJ 2014 "Minesweeper Master")
 *   8. Nurikabe verifier          (UVa 11585 "Nurikabe")
 *   9. judge readers              (the statements' batch formats, sans-IO)
 *  10. deduction engine           (certain cells and mine odds of a position)
 *  11. board statistics           (3BV, openings, islands: STATS)
 *  12. no-guess boards            (layouts the casual player or pure logic
 *                                  clears from the first click)
 *  13. sizes worked out           (the arithmetic behind the SAP_..._BYTES,
 *                                  SAP_REPLY_..._MAX and SAP_SESSION_HELP_...
 *                                  macros the sections name, HELP's text,
 *                                  struct sap_session's opaque layout:
 *                                  nothing a program calls)
 *
 * Sans-IO shape (as heatshrink): a reader or session is a struct in caller
 * memory; the caller "sinks" received bytes in and "polls" reply bytes out.
 * Nothing in the core reads or writes a file, a socket or a UART.
 */
#ifndef SAPPER_H
#define SAPPER_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "sapper_config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * 2. Errors, NULL, resumable work
 *
 * Zero is success and every failure is a negative enum sap_error; a call
 * that fails changes nothing.
 *
 * NULL, the one rule: a NULL object or out pointer is a caller's mistake,
 * and every call answers it without touching memory, in the one way its
 * return type allows: a call returning int returns SAP_ERR_ARG (a NULL
 * memory block given to an ..._init is SAP_ERR_NOMEM, as one too small); a
 * count or a size, 0; a bool, false; a char, '\0'; a string, a message
 * (never NULL); a void call does nothing.  tests/test_null.c checks every
 * call.
 * ---------------------------------------------------------------------- */

enum sap_error {
    SAP_OK = 0,
    SAP_ERR_ARG = -1,        /* an argument is outside its documented domain */
    SAP_ERR_SIZE = -2,       /* a size is beyond this build's limits */
    SAP_ERR_NOMEM = -3,      /* the caller's memory is too small, or none was given */
    SAP_ERR_RANGE = -4,      /* a coordinate is outside the board */
    SAP_ERR_SYNTAX = -5,     /* malformed input */
    SAP_ERR_STATE = -6,      /* the call does not fit the object's current state */
    SAP_ERR_IMPOSSIBLE = -7, /* no answer exists (one-click win) */
    SAP_ERR_LIMITS = -8      /* the program was compiled with other limits than the
                               library (section 1's SAP_LIMITS_TAG) */
};

/* A short English message for an error code; never NULL.  Constant text:
 * in program memory where SAP_TEXT_IN_FLASH is 1 (section 1). */
const char *sap_strerror(int err);

/* Resumable work.  Every call whose work grows with the board has a bounded
 * form, named ..._step, that takes a budget: it does at most about `budget`
 * steps (a step is one cell visited, or one cell taken from a work list:
 * a few dozen instructions), keeps where it stopped in the caller's memory
 * that the SAP_..._BYTES macros already size, and returns SAP_MORE while
 * work remains, then SAP_OK (or a negative error).  Call it again with any
 * budget until it returns something else; the answer does not depend on
 * the budgets given.  A budget of 0 counts as 1.  The unbounded calls
 * (sap_casual_solve, sap_nurikabe_verify, sap_game_move) are the same work
 * with SAP_BUDGET_UNLIMITED. */
#define SAP_MORE 4 /* distinct from every enum sap_outcome and SAP_OK */
#define SAP_BUDGET_UNLIMITED UINT32_MAX

/* The one decimal parser of the project (the protocol, the judge readers
 * and sapperd's options use it): s[0..len) as a whole decimal number.
 * SAP_OK, SAP_ERR_SYNTAX (empty or a non-digit) or SAP_ERR_SIZE (past
 * UINT32_MAX: refused, never wrapped). */
int sap_parse_u32(const char *s, size_t len, uint32_t *value);

/* ------------------------------------------------------------------------
 * 3. Caller memory
 *
 * Readers and sessions that meet a board size only while parsing ask the
 * caller for a block through this table.  The core never frees on its own:
 * every block it acquires it releases through the same table.  A host passes
 * malloc/free; a board passes a static arena per purpose.  Blocks must be
 * aligned as for uint32_t and pointers.
 * ---------------------------------------------------------------------- */

enum sap_memory_purpose {
    SAP_MEMORY_GAME = 0, /* the protocol session's current game */
    SAP_MEMORY_WORK = 1  /* a judge reader's or a one-shot solver's board */
};

struct sap_memory {
    /* Returns a block of at least `bytes` bytes, or NULL to refuse. */
    void *(*acquire)(void *context, size_t bytes, enum sap_memory_purpose purpose);
    /* Gives back a block that acquire returned. */
    void (*release)(void *context, void *block, enum sap_memory_purpose purpose);
    void *context;
};

/* ------------------------------------------------------------------------
 * 4. Protocol session
 *
 * One connection (a socket, stdin, a UART) is one session: a struct
 * sap_session in caller memory, SAP_SESSION_BYTES bytes, plus the blocks it
 * acquires through struct sap_memory while a board needs them.
 *
 *     sap_session_init(&s, &memory);
 *     for each chunk received:
 *         while chunk not empty:
 *             chunk += sap_session_sink(&s, chunk, len);    (backpressure:
 *             while ((n = sap_session_poll(&s, out, cap)) > 0)   it stops at
 *                 send(out, n);                              every reply)
 *             if (sap_session_closing(&s)) close after sending, stop reading;
 *     at EOF (after every received byte was sunk): sap_session_finish(&s),
 *         poll until 0, close.
 *     sap_session_release(&s) when the connection is gone.
 *
 * sink consumes request bytes until a reply is waiting, then returns: poll
 * the reply out (any cap >= 1 makes progress) and sink the rest.  A session
 * never buffers more than one short reply line (SAP_REPLY_MAX); long replies
 * are produced piece by piece as they are polled.  Once the session is
 * closing and its reply is out, sink discards whatever it is given.  Close
 * the connection when sap_session_closing() is true and sap_session_poll()
 * returns 0.
 *
 * The protocol itself - every request, its reply and its errors, what a
 * malformed line does, NEW keeping the old game until the new one is
 * whole, JUDGE streams, where a reply stops, line ends and limits - is
 * described in one place: core/PROTOCOL.md, "The requests".  A line
 * (a request, a board row, a number line) ends at "\n", at "\r\n" or at
 * a lone "\r" (what a serial terminal sends for Enter); "\r\n" is one
 * line end, whichever sink calls its bytes come in.  HELP lists the
 * requests this build serves (SAP_SESSION_HELP_LINES lines); the table
 * that serves them is core/requests.c.  Anything malformed gets exactly
 * one "ERR <reason>" line and changes nothing; a line longer than
 * SAP_LINE_MAX gets "ERR line too long" and the session closes.  Where
 * the replies whose length the request does not fix stop, ERRs included:
 * core/PROTOCOL.md, "Replies that end with END".
 *
 * Largest reply per request, in bytes (the fuzz harness asserts these):
 *   every ERR line, OK, QUIT, BYE, HINT, STATS, CASUAL, NURIKABE:
 *                       SAP_REPLY_MAX
 *   1/2/3 x y           SAP_REPLY_MOVE_MAX(rows, cols) of the current game
 *   SHOW                SAP_REPLY_SHOW_MAX(rows, cols)
 *   PROB                5 bytes a cell of the current game ("100%" and a
 *                       space or the line end)
 *   VIEW, VIEW PROB     SAP_REPLY_VIEW_MAX(rows, cols) of the current game
 *                       (colour on or off)
 *   1/2/3 x y, SET VIEW ON: SAP_REPLY_MOVE_MAX + SAP_REPLY_VIEW_MAX
 *   PLAY [n]            each move's line (SAP_REPLY_MAX) and its reply as
 *                       a move's, then END (no VIEW under SET VIEW ON)
 *   CASUALMAP r c       SAP_REPLY_MAX + SAP_REPLY_MASTER_MAX(r, c)
 *   MASTER R C M        SAP_REPLY_MASTER_MAX(R, C)
 *   HELP                SAP_SESSION_HELP_BYTES
 *   JUDGE f             the statement's output for the input, plus at most
 *                       one ERR line
 *   a board row, a blank line: nothing (the request answers after its last row)
 * ---------------------------------------------------------------------- */

/* The game a session plays (section 5) and the statement formats its
 * JUDGE streams read (section 9), declared here because the session's
 * calls take them. */
typedef struct sap_game sap_game;

enum sap_format {
    SAP_FORMAT_BOOM = 0,
    SAP_FORMAT_CASUAL = 1,
    SAP_FORMAT_MASTER = 2,
    SAP_FORMAT_NURIKABE = 3
};
#define SAP_FORMAT_COUNT 4

/* One connection's state, SAP_SESSION_BYTES bytes of caller memory: the
 * limits tag sap_session_init checks, then an opaque block (section 13). */
struct sap_session;
#define SAP_SESSION_BYTES (sizeof(struct sap_session))

/* SAP_SESSION_MEMORY_BYTES(rows, cols) is everything one session may hold
 * at once for boards up to rows x cols: the struct, the current game, and
 * either a NEW's second game or a WORK block (never both: HINT's kept
 * deduction is a WORK block, given back before any other is asked for),
 * neither past SAP_MAX_WORK_BYTES (section 1).  A board gives a session one
 * GAME arena of SAP_GAME_BYTES(rows, cols) and one WORK arena of
 * SAP_SESSION_SPARE_BYTES(rows, cols) and needs nothing else.  Where
 * ANALYZE is served (SAP_SOLVER_ANALYZE, the host's) a position being
 * checked holds a third block: the current game, the position (a GAME
 * block) and the check's deduction (a WORK block) at once; a provider that
 * refuses it gets the position refused ("not enough memory ...") and the
 * current game kept. */

/* Readies a session.  `memory` is kept and must outlive it; NULL (or a
 * provider that refuses everything) serves only requests without boards.
 * SAP_OK, SAP_ERR_ARG for a NULL session, or SAP_ERR_LIMITS when this
 * program was compiled with other limits (section 1) than the library: the
 * library's struct sap_session would not be the caller's, so nothing is
 * written past its first field and the session refuses every call (sink
 * discards, poll writes nothing, closing is true).  A macro, so that the
 * caller's own idea of the limits and the struct's size reach the check. */
#define sap_session_init(session, memory)                                                      \
    sap_session_init_checked((session), (memory), SAP_LIMITS_TAG, sizeof(struct sap_session))
int sap_session_init_checked(struct sap_session *session, const struct sap_memory *memory,
                             uint32_t limits_tag, size_t session_bytes);
/* Judge-only mode (sapperd --judge FORMAT), right after init: the session
 * is one JUDGE stream of `format` up to EOF, exactly as struct sap_judge
 * driven alone.  The output is exactly the statement's output: no ERR line
 * ever.  After the last case only whitespace may follow (the reader calls
 * anything else "unexpected input"); the session is closing once the
 * stream failed, or sap_session_finish was called and the reader judged
 * the ending.  sap_session_judge_result tells which.  SAP_ERR_ARG for an
 * unknown format, or one whose solver the build leaves out (SAP_SOLVERS). */
int sap_session_start_judge(struct sap_session *session, enum sap_format format);
/* The JUDGE stream's status (the last one of a session): SAP_JUDGE_READING,
 * SAP_JUDGE_DONE, or a negative sap_error; then *line (1-based, counted
 * from the stream's first line) and *reason (text in the session's RAM,
 * valid while it lives) say what was wrong.  Either pointer may be NULL. */
int sap_session_judge_result(const struct sap_session *session, uint32_t *line,
                             const char **reason);
/* Consumes received bytes; returns how many it took: fewer than `length`
 * when a reply is waiting to be polled. */
size_t sap_session_sink(struct sap_session *session, const char *input, size_t length);
/* Writes waiting reply bytes into out; returns the count, 0 when none. */
size_t sap_session_poll(struct sap_session *session, char *out, size_t cap);
/* The peer will send nothing more (EOF); call it after every received
 * byte has been sunk.  A last line without "\n" is answered; afterwards the
 * session is closing. */
void sap_session_finish(struct sap_session *session);
/* True once the connection should be closed after the replies are out. */
bool sap_session_closing(const struct sap_session *session);
/* The most work (section 2's steps) one sink or poll call does:
 * SAP_SESSION_BUDGET after init; SAP_BUDGET_UNLIMITED suits a batch filter.
 * A heavy request (a CASUAL solve, a NURIKABE walk, a big opening, a JUDGE
 * case) is done across as many calls as it needs. */
void sap_session_set_budget(struct sap_session *session, uint32_t budget);
/* The most work (section 2's steps) one request may have, over all the
 * calls it takes, per cell of its board (a request on the current game:
 * the game's), every board counted as at least SAP_ALLOWANCE_MIN_CELLS:
 * SAP_SESSION_ALLOWANCE after init; 0 for none.  Past it a request whose
 * work changes nothing until it is done (a no-guess or casual board being
 * made, HINT, PROB, STATS, CASUAL, CASUALMAP, NURIKABE) gives up with
 * "ERR gave up after its allowance of work (N steps a cell); nothing
 * changed".  An
 * opening spreading is never given up: its work is bounded by its board.
 * A build serving none of CASUAL, NURIKABE and the deduction engine has
 * nothing to give up: there the allowance is left out. */
void sap_session_set_allowance(struct sap_session *session, uint32_t steps_per_cell);
/* Where a NEW that names no seed (NEW <rows> <cols> <mines>, NEW EXPERT)
 * gets one: next_seed(context), called once for each such NEW when it is
 * accepted, never for one refused.  The core has no entropy of its own:
 * a host gives the system's randomness (sapperd: uv_random), a board what
 * it has (ports/main.c: a timer read at every byte received, the time
 * between keystrokes).  Any uint32_t is a seed; the reply names it, "OK 16
 * 30 99 SEED 2718281828", and "NEW 16 30 99 2718281828" replays that
 * board (the same first click lays the same mines).  Without a source -
 * after sap_session_init, or with next_seed NULL - such a NEW is answered
 * "ERR no seed source here: ..." and changes nothing; a NEW that names its
 * seed never calls it.  next_seed runs inside sap_session_sink and must
 * not call the session. */
void sap_session_set_seeds(struct sap_session *session, uint32_t (*next_seed)(void *context),
                           void *context);
/* True while the session has work to finish, or replies or echo to write,
 * before it takes more input: call sap_session_poll again (a server serving
 * many sessions does so round-robin, one call each in turn). */
bool sap_session_busy(const struct sap_session *session);

/* The options for a person at a terminal, a mask (SET ECHO|COLOR|VIEW
 * ON|OFF sets the same bits, SET VIEW ONLY both VIEW bits); none after
 * init, and then nothing below happens.  A person at a serial terminal
 * (screen, minicom, PuTTY) or a raw one wants SAP_TERMINAL_ECHO:
 *   - every byte received is echoed as a terminal expects: a line end,
 *     whichever form, as "\r\n" once; a control byte (below 0x20 but a
 *     tab, and DEL) as nothing; any other byte as itself;
 *   - backspace (0x08) or DEL (0x7f) erases the last character of the line
 *     being typed (a UTF-8 character whole), echoed as "\b \b" (nothing
 *     when the line is empty or the character was not echoed);
 *   - every line the session writes ends "\r\n", not "\n" (such a
 *     terminal moves down on "\n" but back to the margin only on "\r");
 *   - every reply starts on a line of its own: where the echo left the
 *     cursor inside a line (a line too long, a last line without its line
 *     end, a JUDGE stream's output after a word on the same line), "\r\n"
 *     comes first.
 * The echo of a byte comes out of poll before anything the byte caused (a
 * line's reply): sink takes one byte, then its echo must be polled (the
 * session owes at most one byte's echo: 3 bytes).  Inside a JUDGE stream
 * the bytes are echoed alike, but a backspace is not an edit (the reader
 * has read what it would erase): it reaches the reader.
 * SAP_TERMINAL_COLOR, SAP_TERMINAL_VIEW: see README (VIEW).
 * SAP_TERMINAL_VIEW_ONLY, with SAP_TERMINAL_VIEW (and SAP_PERSON_EXTRAS,
 * else it is ignored): a move's reply is its VIEW alone, without its boom
 * lines.  A judge-only session (sap_session_start_judge) keeps no option. */
#define SAP_TERMINAL_ECHO 0x1u
#define SAP_TERMINAL_COLOR 0x2u
#define SAP_TERMINAL_VIEW 0x4u
#define SAP_TERMINAL_VIEW_ONLY 0x8u
/* Sets the options to `options` (other bits are ignored). */
void sap_session_set_terminal(struct sap_session *session, unsigned options);
/* The options in force. */
unsigned sap_session_terminal(const struct sap_session *session);
/* Gives back every block the session holds; the session then has no game
 * and can be initialised again. */
void sap_session_release(struct sap_session *session);
/* True while a request that began on an earlier line waits for more of
 * its lines: a board's rows, NURIKABE's number lines, a JUDGE stream. */
bool sap_session_in_request(const struct sap_session *session);
/* The current game, to read with section 5's calls (never to play: moves
 * go through the session), or NULL when there is none. */
const sap_game *sap_session_game(const struct sap_session *session);

/* The longest token RESUME takes and VIEW shows (sap_session_set_resume). */
#define SAP_TOKEN_MAX 24u

/* A game taken out of its session (sap_session_take_game), for a server
 * that keeps a game when its connection drops: it holds the game's block,
 * acquired through the session's struct sap_memory, until another session
 * takes it (sap_session_game_put) or it is given back
 * (sap_kept_game_release). */
struct sap_kept_game {
    void *block; /* private */
    sap_game *game;
};

/* The server's side of RESUME <token>: the game kept under token[0..length)
 * moved into *game (then SAP_OK), or SAP_ERR_ARG for a token it does not
 * keep (wrong, expired, already taken), SAP_ERR_STATE for one whose game
 * cannot move now.  Runs inside sap_session_sink. */
typedef int (*sap_resume_fn)(void *context, const char *token, size_t length,
                             struct sap_kept_game *game);

/* Games that outlive their connection (a server's, SAP_SOLVER_RESUME):
 * the server names the session's token, NUL-ended and at most
 * SAP_TOKEN_MAX characters of [0-9a-z] (kept, not copied: it must outlive
 * the session), which VIEW's status line shows as "game <token>" while
 * there is a game; RESUME <token> on any session asks `resume` for the
 * game kept under it and, given it, makes it that session's game
 * ("OK <rows> <cols> <mines>", the old game given back).  Without a
 * `resume` (NULL), RESUME says the server keeps no games. */
void sap_session_set_resume(struct sap_session *session, sap_resume_fn resume, void *context,
                            const char *token);
/* Moves the session's game, if it is still being played, into *game (the
 * session then has none): SAP_OK; SAP_ERR_STATE when there is no game in
 * play, or while a request works or writes a long reply (they may read the
 * game; a request still reading its lines never does). */
int sap_session_take_game(struct sap_session *session, struct sap_kept_game *game);
/* Gives back a kept game's block through `memory` (the provider it came
 * from, or one that releases alike); *game is emptied. */
void sap_kept_game_release(struct sap_kept_game *game, const struct sap_memory *memory);

/* A server that keeps its games across its own restarts (sapperd's
 * --state-dir) hears of each change to a session's current game as it is
 * made: inside sap_session_sink or sap_session_poll, before any byte of the
 * reply that tells the client of it is polled, so that the server can
 * record the change before that reply leaves.  A game is its start and its
 * changes in order; replayed through a session, they make the same game. */
enum sap_record_kind {
    SAP_RECORD_GAME = 1,  /* a new current game (NEW, ANALYZE), to read with
                             sap_session_game; while its mines are still to be
                             laid (a random board), `op` is its enum sap_level
                             and `value` its seed */
    SAP_RECORD_MOVE = 2,  /* `op` (enum sap_op) at 1-based (x, y) was applied:
                             a click, or one of PLAY's moves */
    SAP_RECORD_CELL = 3,  /* a typed position's cell (x, y) shows `seen` now
                             ('_', 'P', '?' or '0'..'8'): CELL */
    SAP_RECORD_MINES = 4, /* a typed position holds `value` mines now: MINES */
    SAP_RECORD_END = 5    /* the current game was given back (0) */
};
struct sap_record {
    int kind; /* enum sap_record_kind */
    int op;
    uint32_t x, y;
    uint32_t value;
    char seen;
};
typedef void (*sap_record_fn)(void *context, const struct sap_record *record);
/* Names the hook that hears of the changes (NULL: none).  Games taken out
 * (sap_session_take_game) or put in by RESUME are the server's own doing:
 * the hook hears of neither.  A build without SAP_SOLVER_RESUME has no
 * hook. */
void sap_session_set_record(struct sap_session *session, sap_record_fn record, void *context);

/* ------------------------------------------------------------------------
 * 5. Game engine (boom)
 *
 * One game is one block of SAP_GAME_BYTES(rows, cols) bytes: a header of at
 * most SAP_GAME_HEADER_BYTES and one byte per cell.  Neighbour counts are
 * derived from the mine bits, never stored; the opening flood fill walks the
 * board with parent directions kept in the cell bytes, so it needs neither
 * recursion nor a side stack.
 * ---------------------------------------------------------------------- */

enum sap_op {
    SAP_OP_LEFT = 1,  /* open */
    SAP_OP_RIGHT = 2, /* cycle the mark _ -> P -> ? -> _ */
    SAP_OP_CHORD = 3  /* middle click */
};

enum sap_outcome {
    SAP_RUNNING = 0, /* the operation was valid and the game goes on */
    SAP_WIN = 1,     /* the operation was valid and won the game */
    SAP_LOSE = 2,    /* the operation opened a mine */
    SAP_INVALID = 3  /* the game had already ended */
};

/* Lays out an empty rows x cols board (no mines) in `memory`.  1 <= rows <=
 * SAP_MAX_ROWS, 1 <= cols <= SAP_MAX_COLS, rows*cols <= SAP_MAX_CELLS, and
 * bytes >= SAP_GAME_BYTES(rows, cols).  *game points into `memory`. */
int sap_game_init(sap_game **game, void *memory, size_t bytes, uint32_t rows, uint32_t cols);

/* Puts or removes a mine at 0-based (row, col) before the first operation. */
int sap_game_set_mine(sap_game *game, uint32_t row, uint32_t col, bool mine);
/* `count` cells of row `row` from column `col` at once, written as the
 * boom statement writes them: '*' a mine, '_' a safe cell (the way to load
 * a board from text; the protocol's NEW and the boom judge both use it).
 * SAP_ERR_RANGE when the run leaves the board, SAP_ERR_ARG for any other
 * byte, SAP_ERR_STATE after the first operation or on a random board;
 * on any error nothing changes. */
int sap_game_set_row(sap_game *game, uint32_t row, uint32_t col, const char *cells,
                     uint32_t count);

/* Asks for `mines` random mines, laid at the first left click that opens
 * a cell, so that the clicked cell is never a mine; they also avoid its 3x3
 * neighbourhood whenever mines <= rows*cols minus that neighbourhood's size.
 * The same seed, size and first click give the same board on every target.
 * mines < rows*cols (SAP_ERR_ARG otherwise); before the first operation
 * (SAP_ERR_STATE otherwise).  sap_game_set_mine is refused afterwards. */
int sap_game_set_random(sap_game *game, uint32_t mines, uint32_t seed);

uint32_t sap_game_rows(const sap_game *game);
uint32_t sap_game_cols(const sap_game *game);
uint32_t sap_game_mines(const sap_game *game);
/* Cells not yet opened (the WIN test compares it with the mine count). */
uint32_t sap_game_covered(const sap_game *game);
/* SAP_RUNNING, SAP_WIN or SAP_LOSE (an enum sap_outcome). */
int sap_game_state(const sap_game *game);
/* Operations the game has applied (any button; INVALID ones not counted). */
uint32_t sap_game_clicks(const sap_game *game);
/* False while a random board waits for its first opening to lay its mines. */
bool sap_game_mines_laid(const sap_game *game);
/* Lays a random board's mines now, before its first opening, from a layout
 * chosen elsewhere (the no-guess generator): mine_at(context, row, col) for
 * every cell.  SAP_ERR_STATE unless the mines are still to be laid;
 * SAP_ERR_ARG (nothing changed) unless the layout has the mine count asked
 * for and leaves a cell safe. */
int sap_game_set_layout(sap_game *game,
                        bool (*mine_at)(const void *context, uint32_t row, uint32_t col),
                        const void *context);
/* The bounded form of sap_game_set_layout (section 2: a cell a step, each
 * cell asked twice: counted, then laid): SAP_MORE while it is under way,
 * then what sap_game_set_layout returns.  Call it again with the same
 * mine_at and context, and nothing else on the game in between (a move is
 * refused, SAP_ERR_STATE; sap_game_busy is true).  A reply not polled to
 * its end is dropped, as by a move; the changes of the last move are no
 * longer listed either way. */
int sap_game_set_layout_step(sap_game *game,
                             bool (*mine_at)(const void *context, uint32_t row, uint32_t col),
                             const void *context, uint32_t budget);

/* A position typed in as a person sees it, from any player's game, with no
 * layout behind it (the protocol's ANALYZE):
 *
 *     sap_game_init(&g, block, SAP_GAME_BYTES(r, c), r, c);
 *     sap_game_set_position(g, mines);        the mines in all
 *     sap_game_set_seen(g, row, col, '3');    each cell as it shows
 *
 * then the deduction (section 10) answers on it as on a game: it reads only
 * the player map and the mine count.  set_position: SAP_OK, SAP_ERR_ARG
 * for mines >= rows * cols, SAP_ERR_STATE for a game that has a layout or
 * has been played (a position's mine count may be set again).  set_seen:
 * '_' covered, 'P' a flag (a mark: the deduction takes it for covered), '?'
 * a question mark, '0'..'8' opened with that number; SAP_ERR_ARG for
 * another byte, SAP_ERR_RANGE outside the board, SAP_ERR_STATE on a dealt
 * game.  A position's left clicks and chords are refused (SAP_ERR_STATE:
 * only a layout could say what they open); right clicks cycle marks, and
 * it is never won or lost.  Whether any layout fits the numbers is the
 * deduction's to say (SAP_ERR_STATE from sap_deduce_step). */
int sap_game_set_position(sap_game *game, uint32_t mines);
int sap_game_set_seen(sap_game *game, uint32_t row, uint32_t col, char seen);
bool sap_game_is_position(const sap_game *game);

/* Applies one operation at 1-based (x = row, y = column), as the boom
 * statement settles it (core/README.md, "Game engine").  Returns the outcome (>= 0), or
 * SAP_ERR_RANGE / SAP_ERR_ARG and changes nothing.  The changed cells stay
 * marked until sap_game_reply has written them; a reply not polled to its
 * end when the next operation comes is dropped. */
int sap_game_move(sap_game *game, int op, uint32_t x, uint32_t y);

/* Writes the reply lines of the last operation into out, piece by piece:
 * "RUNNING: [<x, y, v>, ...]\n" then "WIN\n" if won, or "LOSE\n", or
 * "INVALID\n".  Returns the number of bytes written; 0 once the whole reply
 * is out.  Any cap >= 1 makes progress, so a reply that lists a million
 * cells never needs memory proportional to its length. */
size_t sap_game_reply(sap_game *game, char *out, size_t cap);

/* The cells the last operation changed, for a program that draws the
 * board itself (a GUI, a display on a board) instead of reading the reply
 * text: one a call, in the boom order (by row, then column), each once.
 * Fills *change and returns true, or returns false once every change is
 * given (at once for an INVALID operation, a LOSE, or a move still
 * spreading).  The reply text and this iterator share the changes: the
 * reply writes the ones not yet given, so read a move's changes one way or
 * the other.  A value is what sap_game_cell shows: '_', 'P', '?' or
 * '0'..'8'.
 *
 *     struct sap_change ch;
 *     int outcome = sap_game_move(game, SAP_OP_LEFT, x, y);
 *     while (sap_game_next_change(game, &ch))
 *         draw_cell(ch.row, ch.col, ch.value);      (0-based)
 *     if (outcome == SAP_WIN) ...
 *
 * A complete program is in README.md ("The library"). */
struct sap_change {
    uint32_t row, col; /* 0-based */
    char value;        /* the player-map character after the operation */
};
bool sap_game_next_change(sap_game *game, struct sap_change *change);

/* The bounded form of sap_game_move.  sap_game_move_begin checks and starts
 * the operation like sap_game_move and returns its outcome (>= 0) when it
 * is done at once, SAP_MORE when an opening is still spreading, or
 * SAP_ERR_RANGE / SAP_ERR_ARG (nothing changed).  While it is spreading,
 * sap_game_move_step(game, budget) carries it on: SAP_MORE, or the outcome
 * (>= 0) once done.  Until then the game takes no other operation
 * (SAP_ERR_STATE) and its reply is empty; sap_game_busy() tells. */
int sap_game_move_begin(sap_game *game, int op, uint32_t x, uint32_t y);
int sap_game_move_step(sap_game *game, uint32_t budget);
bool sap_game_busy(const sap_game *game);

/* The player-map character at 0-based (row, col): '_', 'P', '?' or '0'..'8';
 * '\0' outside the board. */
char sap_game_cell(const sap_game *game, uint32_t row, uint32_t col);

/* Whether 0-based (row, col) holds a mine (to reveal the board once a game
 * is over).  A random board has no mine before its first opening. */
bool sap_game_mine_at(const sap_game *game, uint32_t row, uint32_t col);

/* ------------------------------------------------------------------------
 * 6. Casual player
 *
 * The fewest safe cells a player who only applies rule 1 and rule 2 leaves
 * covered, over every safe first cell, and a best start: the top-left cell
 * of the best opening the solver's fixed visiting order meets first (the
 * same board always gives the same cell).  The first click only clears
 * that cell (it shows its number); from there on only the two rules act.
 * One board is one block of SAP_CASUAL_BYTES(rows, cols): a header and 4
 * bytes per cell, which hold the mines, the closure being computed and its
 * work list, so a solve needs no other memory, no recursion and a few
 * hundred bytes of stack.  Random boards cost a few passes over the board;
 * see core/casual_solve.c for the worst case.
 *
 *     sap_casual_init(&cs, block, SAP_CASUAL_BYTES(r, c), r, c);
 *     for each row: sap_casual_set_row(cs, row, 0, text, c);
 *     sap_casual_solve(cs, &result);   then sap_casual_left_covered(...)
 * ---------------------------------------------------------------------- */

typedef struct sap_casual sap_casual;

struct sap_casual_result {
    uint32_t covered; /* safe cells left covered by the best start */
    uint32_t row;     /* the best first cell, 0-based */
    uint32_t col;
};

/* Lays out a rows x cols board without mines in `memory` (aligned as for
 * uint32_t).  SAP_ERR_ARG / SAP_ERR_SIZE for a size outside 1 ..
 * SAP_MAX_ROWS / SAP_MAX_COLS / SAP_MAX_CELLS, SAP_ERR_NOMEM when bytes <
 * SAP_CASUAL_BYTES(rows, cols).  *casual points into `memory`. */
int sap_casual_init(sap_casual **casual, void *memory, size_t bytes, uint32_t rows,
                    uint32_t cols);
/* Puts or removes a mine at 0-based (row, col); SAP_ERR_RANGE outside. */
int sap_casual_set_mine(sap_casual *casual, uint32_t row, uint32_t col, bool mine);
/* `count` cells of row `row` from column `col` at once, written as the
 * statement writes them: 'M' a mine, '.' a safe cell (the way to load a
 * board from text: one pass, eight bytes a word on hosts, instead of a
 * call a cell; the protocol's CASUAL and the casual judge both use it).
 * The same as sap_casual_set_mine on each of the cells in turn.
 * SAP_ERR_RANGE when the run leaves the board, SAP_ERR_ARG for any other
 * byte; either way nothing changes. */
int sap_casual_set_row(sap_casual *casual, uint32_t row, uint32_t col, const char *cells,
                       uint32_t count);
/* Solves; SAP_ERR_STATE when the board has no safe cell. */
int sap_casual_solve(sap_casual *casual, struct sap_casual_result *result);
/* The bounded form of sap_casual_solve (see "Resumable work", section 2):
 * SAP_MORE until the answer is in *result, then SAP_OK; SAP_ERR_STATE when
 * the board has no safe cell.  A set_mine or set_row starts the solve over. */
int sap_casual_solve_step(sap_casual *casual, uint32_t budget,
                          struct sap_casual_result *result);
/* After a solve (and until the next set_mine or set_row): whether 0-based
 * (row, col) is a safe cell that the best start leaves covered. */
bool sap_casual_left_covered(const sap_casual *casual, uint32_t row, uint32_t col);

/* ------------------------------------------------------------------------
 * 7. One-click win
 *
 * A plan is a few numbers; any cell of the board is computed from it, so a
 * 1000 x 1000 board can be written row by row with O(1) memory.
 *
 * The safe region is always a staircase anchored at the top-left corner,
 * where the click goes: `band_rows` rows of `band_width` safe cells, then
 * one row of `next_width` and one row of `last_width` (either may be 0).
 * With S = rows*cols - mines safe cells, a board exists exactly when
 *   S == 1 (the click opens only itself), or rows == 1 or cols == 1, or
 *   min(rows, cols) == 2 and S is even and S >= 4, or
 *   min(rows, cols) >= 3 and S is 4, 6 or at least 8.
 * ---------------------------------------------------------------------- */

struct sap_master {
    uint32_t rows, cols, mines;
    /* private: the staircase described above */
    uint32_t band_rows, band_width, next_width, last_width;
};

/* SAP_OK and a plan, or SAP_ERR_IMPOSSIBLE (the plan then holds the size
 * and no board), SAP_ERR_ARG (a zero side, or mines >= rows*cols) or
 * SAP_ERR_SIZE (beyond SAP_MAX_ROWS / SAP_MAX_COLS / SAP_MAX_CELLS). */
int sap_master_plan(struct sap_master *plan, uint32_t rows, uint32_t cols, uint32_t mines);
/* '*', '.' or 'c' at 0-based (row, col) of a planned board; '\0' outside it. */
char sap_master_cell(const struct sap_master *plan, uint32_t row, uint32_t col);
/* Writes the cells of 0-based `row` from column `col` on into out, at most
 * cap of them and never past the row's end (no line end); returns how many.
 * The fast way to stream a board: two memsets per call. */
size_t sap_master_write_row(const struct sap_master *plan, uint32_t row, uint32_t col,
                            char *out, size_t cap);

/* ------------------------------------------------------------------------
 * 8. Nurikabe verifier
 *
 * Linear time, no recursion, no side stack: one byte per cell (shading,
 * "numbered", visit marks and the direction back to the parent of a
 * depth-first walk, so each walk retraces its own path) plus 8 bytes per
 * number (its cell and value), after a header of at most 64 bytes:
 * SAP_NURIKABE_BYTES(rows, cols, numbers).
 * ---------------------------------------------------------------------- */

typedef struct sap_nurikabe sap_nurikabe;

/* Lays out an all-unshaded rows x cols grid without numbers in `memory`
 * (aligned as for uint32_t), with room for `numbers` numbers.  1 <= rows <=
 * SAP_MAX_ROWS, 1 <= cols <= SAP_MAX_COLS, rows*cols <= SAP_MAX_CELLS,
 * numbers <= rows*cols (SAP_ERR_ARG otherwise), bytes >=
 * SAP_NURIKABE_BYTES(rows, cols, numbers) (SAP_ERR_NOMEM otherwise). */
int sap_nurikabe_init(sap_nurikabe **grid, void *memory, size_t bytes, uint32_t rows,
                      uint32_t cols, uint32_t numbers);
/* 0-based cell and its positive number; SAP_ERR_RANGE outside the grid,
 * SAP_ERR_ARG for a second number in one cell or a zero number,
 * SAP_ERR_STATE when all `numbers` places are taken.  Numbers that share
 * an edge are accepted: such a grid is never solved (both unshaded: one
 * region with two numbers; one shaded: a shaded number). */
int sap_nurikabe_set_number(sap_nurikabe *grid, uint32_t row, uint32_t col, uint32_t value);
/* SAP_ERR_RANGE outside the grid. */
int sap_nurikabe_set_shaded(sap_nurikabe *grid, uint32_t row, uint32_t col, bool shaded);
/* `count` cells of row `row` from column `col` at once, written as the
 * statement writes them: '#' shaded, '.' unshaded (the way to load a grid
 * from text: one pass, eight bytes a word on hosts, instead of a call a
 * cell).
 * SAP_ERR_RANGE when the run leaves the grid, SAP_ERR_ARG for any other
 * byte; either way nothing changes. */
int sap_nurikabe_set_row(sap_nurikabe *grid, uint32_t row, uint32_t col, const char *cells,
                         uint32_t count);
/* 1 solved, 0 not solved, or a negative error.  Rules (core/README.md,
 * "Nurikabe verifier"): no numbered
 * cell is shaded; the shaded cells are 4-connected (vacuously when there are
 * none); every 4-connected unshaded region holds exactly one number, equal
 * to its size; every unshaded cell reaches the grid's edge through unshaded
 * cells sharing a side or a corner; no 2 x 2 square is all shaded.  May be
 * called again after more changes. */
int sap_nurikabe_verify(sap_nurikabe *grid);
/* The bounded form (section 2): SAP_MORE while the walks go on, then SAP_OK
 * with *solved set, or a negative error.  A change to the grid starts the
 * verification over. */
int sap_nurikabe_verify_step(sap_nurikabe *grid, uint32_t budget, bool *solved);

/* ------------------------------------------------------------------------
 * 9. Judge readers
 *
 * A judge reader takes a statement's whole input as a byte stream and gives
 * its whole output, streamed as cases complete.  Whitespace separates
 * tokens ("\r\n" included); board rows are taken a byte at a time straight
 * into the solver's memory, so no line has a length limit of its own.
 *
 *     sap_judge_init(&j, SAP_FORMAT_BOOM, &memory);
 *     for each chunk of input:
 *         while chunk not empty:
 *             chunk += sap_judge_sink(&j, chunk, len);
 *             while ((n = sap_judge_poll(&j, out, sizeof out)) > 0) write(out, n);
 *             if (sap_judge_status(&j) < 0) report j.error_line, j.error_reason;
 *     sap_judge_finish(&j); drain sap_judge_poll; check sap_judge_status.
 * ---------------------------------------------------------------------- */

/* The formats are enum sap_format's (declared in section 4, whose JUDGE
 * streams read them).  Their names, "boom", "casual", "master",
 * "nurikabe"; in program memory where
 * SAP_TEXT_IN_FLASH is 1 (section 1). */
const char *sap_format_name(enum sap_format format);
/* Case-insensitive lookup of a name: an enum sap_format, or SAP_ERR_ARG
 * when unknown. */
int sap_format_from_name(const char *name, size_t length);

enum sap_judge_status {
    SAP_JUDGE_READING = 0, /* wants more input */
    SAP_JUDGE_DONE = 1     /* the whole input has been read and answered */
    /* negative: a sap_error; error_line and error_reason say more */
};


struct sap_judge {
    /* public, read-only */
    int status;               /* enum sap_judge_status or a sap_error */
    uint32_t error_line;      /* 1-based line of the error */
    const char *error_reason; /* reason[] (RAM) once status < 0, e.g. "row has 4 cells, ..." */
    uint32_t line;            /* current 1-based input line */

    /* private: tokenizer */
    enum sap_format format;
    uint8_t expect; /* what the tokenizer reads next (core/judge.h) */
    bool in_token;
    bool eof;      /* sap_judge_finish was called */
    bool eof_done; /* ... and the format has judged the ending */
    uint32_t token_line;
    uint32_t token_length;
    uint32_t number;
    uint32_t row_length; /* expected length of the row being read */
    const struct sap_memory *memory;
    uint32_t budget; /* sap_judge_set_budget */
    void *block;     /* the block acquired for the current case */
    size_t block_bytes;
    char reason[72]; /* room for a reason with numbers in it */

    /* private: the format's reader state */
    uint32_t cases;      /* cases announced by the input (T or t) */
    uint32_t case_index; /* cases completed */
    uint32_t step;       /* the format's parser state */
    uint32_t args[6];    /* numbers collected for the current item */
    uint32_t rows_read;
    uint32_t out_phase;        /* pending output: what to write next */
    uint32_t out_row, out_col; /* cursor of pending output */
    const char *out_text;      /* pending literal text, written first */
    size_t out_text_left;
    union {
        sap_game *game;
        sap_casual *casual;
        sap_nurikabe *nurikabe;
        struct sap_master master;
    } u;
};

int sap_judge_init(struct sap_judge *judge, enum sap_format format,
                   const struct sap_memory *memory);
/* Consumes input bytes; returns how many it took.  It takes fewer than
 * `length` when reply bytes are waiting (poll them, then sink the rest),
 * when the input is complete, or after an error. */
size_t sap_judge_sink(struct sap_judge *judge, const char *input, size_t length);
/* Writes waiting reply bytes into out; returns the count, 0 when none. */
size_t sap_judge_poll(struct sap_judge *judge, char *out, size_t cap);
/* Marks the end of input: completes a trailing token, or fails when the
 * input ended inside a case.  Poll until it returns 0 afterwards: the last
 * case's reply may still be coming. */
void sap_judge_finish(struct sap_judge *judge);
/* enum sap_judge_status, or a negative sap_error. */
int sap_judge_status(const struct sap_judge *judge);
/* Gives back any block still held (after an error, or an early stop). */
void sap_judge_release(struct sap_judge *judge);
/* The most work (section 2's steps) one sink or poll call does on a case:
 * SAP_BUDGET_UNLIMITED after init.  A poll that runs out of budget returns
 * what it has (maybe 0 bytes) and sap_judge_busy() stays true. */
void sap_judge_set_budget(struct sap_judge *judge, uint32_t budget);
/* True while the reader has reply bytes to write or work to finish before
 * it takes more input: call sap_judge_poll. */
bool sap_judge_busy(const struct sap_judge *judge);
/* The format the reader was started with (an enum sap_format). */
int sap_judge_format(const struct sap_judge *judge);
/* True once the statement's input is complete (after the last case, or "0
 * 0"): only whitespace may follow.  A protocol JUDGE stream ends there. */
bool sap_judge_input_complete(const struct sap_judge *judge);

/* ------------------------------------------------------------------------
 * 10. Deduction engine
 *
 * From what the player of a game sees - the opened numbers, the board's
 * size and mine count, never the player's P and ? marks (a player can be
 * wrong) - every covered cell: certainly safe, certainly a mine, or its
 * exact probability of being a mine, every layout consistent with what is
 * seen weighing the same.  Certainty is exact; probabilities are good to
 * far better than 0.1 %.  Integer arithmetic only, no recursion.
 *
 *     sap_deduce_init(&d, block, SAP_DEDUCE_BYTES(r, c), game);
 *     while ((err = sap_deduce_step(d, budget)) == SAP_MORE) ...;
 *     sap_deduce_cell(d, row, col, &p)  -> SAP_CELL_...
 *
 * The block is 256 bytes, 8 a cell and 64 a workspace cell (SAP_DEDUCE_ROOM
 * of them): 34.8 KB for 16 x 30, 8 MB + 244 KiB for 1000 x 1000.
 * The game must not change until the answers are read.  After the cheap
 * rules have settled what they can, each group of cells that share
 * numbers is counted by a sweep along it, whose work is the group's length
 * times the states of its widest cut (what the numbers seen in part still
 * need, and the mines placed), not its number of assignments: a long
 * frontier along a wall of numbers costs well under a millisecond.  The
 * work is still exponential in the worst case: a group too wide for the
 * sweep (more than 17 numbers in a cut, or a layer of more states than the
 * workspace holds, about 0.4 a workspace cell) is walked assignment by
 * assignment; past SAP_DEDUCE_MAX_STEPS steps, or when more frontier cells
 * are left unsettled than the workspace holds (SAP_DEDUCE_ROOM), the
 * engine gives up (SAP_ERR_SIZE) and claims nothing.
 * ---------------------------------------------------------------------- */

typedef struct sap_deduce sap_deduce;

enum sap_cell_view {
    SAP_CELL_OPEN = 0,  /* opened: a number */
    SAP_CELL_SAFE = 1,  /* covered and certainly safe */
    SAP_CELL_MINE = 2,  /* covered and certainly a mine */
    SAP_CELL_UNSURE = 3 /* covered, either way: see the probability */
};

/* Readies a deduction of `game`'s position in `memory` (aligned as for
 * uint32_t, at least SAP_DEDUCE_BYTES of the game's size). */
int sap_deduce_init(sap_deduce **deduce, void *memory, size_t bytes, const sap_game *game);
/* Resumable (section 2): SAP_MORE, SAP_OK once every cell is known,
 * SAP_ERR_STATE when no layout fits what is seen, SAP_ERR_SIZE when it
 * gave up past SAP_DEDUCE_MAX_STEPS. */
int sap_deduce_step(sap_deduce *deduce, uint32_t budget);
/* After SAP_OK: the cell's view (enum sap_cell_view, or a negative error)
 * and its mine probability in units of 0.01 % (0 and 10000 only when
 * certain; 0 for an opened cell). */
int sap_deduce_cell(const sap_deduce *deduce, uint32_t row, uint32_t col, uint32_t *per_10000);

/* HINT (what the protocol's HINT and PLAY use): a certain cell if there is
 * one (a safe one to open, or a mine to flag) and why, else the guess
 * judged best for winning.  The guess: when few layouts fit
 * (SAP_ENDGAME_LAYOUTS), the move that wins most often, found exactly by
 * the endgame search; else the safest cells and the interior cells
 * likeliest to show a 0 are weighed by a look-ahead - the position
 * deduced again for every number each could show - and the one whose
 * guess and next move survive together most often is named, which is not
 * always the safest; before the look-ahead, a cell whose mine would
 * leave a 50/50 no move can resolve (core/README.md).  A position with too many
 * layouts to count is no error here: the cheap rules alone name a move.
 * One block, SAP_HINT_BYTES: a header, the deduction's, and the endgame
 * search's (SAP_ENDGAME_BYTES: about 37 KB by default, none with
 * SAP_ENDGAME_LAYOUTS 0):
 *
 *     sap_hint_init(&h, block, SAP_HINT_BYTES(r, c), game);
 *     while ((err = sap_hint_step(h, budget)) == SAP_MORE) ...;
 *     op = sap_hint_move(h, &row, &col);  -> SAP_OP_LEFT, SAP_OP_RIGHT
 *     sap_hint_text(h, line, sizeof line);  -> "SAFE 3 4: (2, 3) shows 1 ..."
 *
 * The game must not change until the move and the text are read; on a
 * large board the look-ahead weighs fewer cells (each of its deductions
 * covers the whole board), down to none past about 480 x 480.  Before the
 * first click of a random board (sap_game_mines_laid false) nothing is
 * deduced: HINT names (3, 3), clipped to the board, which is never a mine
 * there (the protocol's HINT and PLAY name the same cell). */
typedef struct sap_hint sap_hint;

int sap_hint_init(sap_hint **hint, void *memory, size_t bytes, const sap_game *game);
/* Resumable (section 2): SAP_MORE, SAP_OK once the move is chosen,
 * SAP_ERR_STATE when no layout fits what is seen. */
int sap_hint_step(sap_hint *hint, uint32_t budget);
/* After SAP_OK: the cell (0-based) and what to do there: SAP_OP_LEFT to
 * open it (a safe cell, or the guess), SAP_OP_RIGHT to flag a mine, or to
 * take a flag off a cell to be opened (the flag cycles to '?', which the
 * next move opens; a '?' on a mine cycles to '_' first); 0 when nothing
 * covered is left unknown. */
int sap_hint_move(const sap_hint *hint, uint32_t *row, uint32_t *col);
/* After SAP_OK: HINT's line as the protocol's HINT writes it, without its
 * line end, NUL-terminated: "SAFE x y: <why>" (a safe cell, the flag on it
 * said wrong first where it has one), "MINE x y: <why>" or "GUESS x y
 * p%: <why>" (x, y 1-based; p its mine odds), core/README.md saying what
 * the reasons are.  At most SAP_REPLY_MAX - 1 bytes, so that a buffer of
 * SAP_REPLY_MAX always holds it (a smaller cap cuts it).  Returns its
 * length; 0 when nothing covered is left unknown (sap_hint_move's 0). */
size_t sap_hint_text(const sap_hint *hint, char *out, size_t cap);

/* ------------------------------------------------------------------------
 * 11. Board statistics (STATS)
 *
 * A laid board's openings (8-connected groups of safe cells showing 0),
 * islands (8-connected groups of safe numbered cells none of which
 * touches a 0) and 3BV (openings + safe numbered cells touching no 0: the
 * fewest clicks that clear it), with the game's click count.  One byte a
 * cell, resumable (section 2), no recursion.
 *
 *     sap_stats_init(&s, block, SAP_STATS_BYTES(r, c), game);
 *     while (sap_stats_step(s, budget) == SAP_MORE) ...;
 *     sap_stats_result(s, &figures);
 * ---------------------------------------------------------------------- */

typedef struct sap_stats sap_stats;

struct sap_board_stats {
    uint32_t bv3, openings, islands, clicks;
};

/* SAP_ERR_STATE while the game's mines are not laid (a random board before
 * its first opening); the game must not change until the result is read. */
int sap_stats_init(sap_stats **stats, void *memory, size_t bytes, const sap_game *game);
/* SAP_MORE, or SAP_OK once the figures are known. */
int sap_stats_step(sap_stats *stats, uint32_t budget);
int sap_stats_result(const sap_stats *stats, struct sap_board_stats *out);

/* ------------------------------------------------------------------------
 * 12. No-guess boards
 *
 * A layout of `mines` mines for a rows x cols board whose first left click
 * is at 0-based (row, col), such that the level's player clears every safe
 * cell from that click:
 *   SAP_LEVEL_CASUAL   the casual player (rules 1 and 2: one number at a
 *                      time, no mine count);
 *   SAP_LEVEL_NOGUESS  pure logic: every cell the deduction engine proves
 *                      (section 10) from the numbers and the mine count.
 * The click's 3x3 block is clear when the mines leave room for it (else the
 * click's cell).  Random layouts perturbed where the player stalls;
 * resumable (section 2); the same arguments give the same board on every
 * target.  Past SAP_GENERATE_MAX_TRIES perturbations it gives up
 * (SAP_ERR_SIZE): it never serves a board that needs a guess.
 *
 *     sap_generate_init(&g, block, SAP_GENERATE_BYTES(r, c), r, c, m, seed,
 *                       SAP_LEVEL_NOGUESS, row, col);
 *     while ((err = sap_generate_step(g, budget)) == SAP_MORE) ...;
 *     sap_generate_mine_at(g, row, col)
 * ---------------------------------------------------------------------- */

enum sap_level { SAP_LEVEL_RANDOM = 0, SAP_LEVEL_CASUAL = 1, SAP_LEVEL_NOGUESS = 2 };

typedef struct sap_generate sap_generate;

/* SAP_ERR_ARG for mines >= rows * cols or an unknown level, SAP_ERR_RANGE
 * for a click off the board, SAP_ERR_SIZE past the board limits. */
int sap_generate_init(sap_generate **generate, void *memory, size_t bytes, uint32_t rows,
                      uint32_t cols, uint32_t mines, uint32_t seed, enum sap_level level,
                      uint32_t row, uint32_t col);
/* SAP_MORE; SAP_OK once a board is found; SAP_ERR_SIZE when none was
 * found within SAP_GENERATE_MAX_TRIES perturbations. */
int sap_generate_step(sap_generate *generate, uint32_t budget);
/* After SAP_OK: the board's mines. */
bool sap_generate_mine_at(const sap_generate *generate, uint32_t row, uint32_t col);
/* Perturbations it took (or took before giving up). */
uint32_t sap_generate_tries(const sap_generate *generate);

/* ------------------------------------------------------------------------
 * 13. Sizes worked out
 *
 * Nothing here is called: it is the arithmetic behind the sizes the
 * sections above name, kept out of their way and visible only because a
 * macro is expanded where it is used.  A block's size is a header (a
 * struct the library checks at build time to fit in its ..._HEADER_BYTES)
 * and what grows with the board; HELP's is counted from its text, which
 * is here too; the session's is its private layout, which core/protocol.h
 * checks against the real struct.  The helpers' names end in an
 * underscore so that nobody mistakes them for the library's.
 * ---------------------------------------------------------------------- */

#define SAP_MAX2_(a, b) ((a) > (b) ? (a) : (b))
#define SAP_MIN2_(a, b) ((a) < (b) ? (a) : (b))
/* n rounded up to a multiple of m. */
#define SAP_ROUND_UP_(n, m) (((n) + (m)-1u) / (m) * (m))
/* Decimal digits of n (n < 2^32). */
#define SAP_DEC_DIGITS_(n) SAP_DEC_DIGITS_U32_((uint32_t)(n))
#define SAP_DEC_DIGITS_U32_(n)                                                                 \
    ((n) < 10u           ? 1u                                                                  \
     : (n) < 100u        ? 2u                                                                  \
     : (n) < 1000u       ? 3u                                                                  \
     : (n) < 10000u      ? 4u                                                                  \
     : (n) < 100000u     ? 5u                                                                  \
     : (n) < 1000000u    ? 6u                                                                  \
     : (n) < 10000000u   ? 7u                                                                  \
     : (n) < 100000000u  ? 8u                                                                  \
     : (n) < 1000000000u ? 9u                                                                  \
                         : 10u)

#define SAP_GAME_HEADER_BYTES 64u
#define SAP_GAME_BYTES(rows, cols)                                                             \
    ((size_t)SAP_GAME_HEADER_BYTES + (size_t)(rows) * (size_t)(cols))

#define SAP_CASUAL_HEADER_BYTES 112u
#define SAP_CASUAL_BYTES(rows, cols)                                                           \
    ((size_t)SAP_CASUAL_HEADER_BYTES + (size_t)4u * (size_t)(rows) * (size_t)(cols))

#define SAP_NURIKABE_HEADER_BYTES 64u
#define SAP_NURIKABE_BYTES(rows, cols, numbers)                                                \
    ((size_t)SAP_NURIKABE_HEADER_BYTES + (size_t)(rows) * (size_t)(cols)                       \
     + (size_t)8u * (size_t)(numbers))

#define SAP_DEDUCE_HEADER_BYTES 192u
#define SAP_DEDUCE_ROOM(cells)                                                                 \
    ((size_t)(cells) < (size_t)SAP_DEDUCE_FRONTIER          ? (size_t)(cells)                  \
     : (size_t)(cells) / 256u > (size_t)SAP_DEDUCE_FRONTIER ? (size_t)(cells) / 256u           \
                                                            : (size_t)SAP_DEDUCE_FRONTIER)
/* 8 bytes a cell (3 of state, an order entry) and 64 a workspace cell (8
 * weights: its mass, its group's counts and weights, the combining room,
 * where the sweep keeps its layers); 1000 x 1000 has a room of 3,906. */
#define SAP_DEDUCE_BYTES(rows, cols)                                                           \
    ((size_t)256u + (size_t)8u * (size_t)(rows) * (size_t)(cols)                               \
     + (size_t)64u * SAP_DEDUCE_ROOM((size_t)(rows) * (size_t)(cols)))

/* The endgame search's block (core/endgame.c), part of HINT's: a header,
 * 12 bytes a layout (the layout, two orders of them), a stack of 65 frames
 * (one a cell the search opens, 128 bytes each), and the memo, which holds
 * the numbers while the layouts are listed. */
#define SAP_ENDGAME_HEADER_BYTES 1536u
#define SAP_ENDGAME_BYTES                                                                      \
    ((SAP_ENDGAME_LAYOUTS) == 0                                                                \
         ? (size_t)0                                                                           \
         : (size_t)SAP_ENDGAME_HEADER_BYTES + (size_t)12u * (size_t)(SAP_ENDGAME_LAYOUTS)      \
               + (size_t)65u * 128u                                                            \
               + ((size_t)16u * (SAP_ENDGAME_MEMO) > (size_t)6144u                             \
                      ? (size_t)16u * (SAP_ENDGAME_MEMO)                                       \
                      : (size_t)6144u))

#define SAP_HINT_HEADER_BYTES 512u
#define SAP_HINT_BYTES(rows, cols)                                                             \
    ((size_t)SAP_HINT_HEADER_BYTES + ((SAP_DEDUCE_BYTES(rows, cols) + 7u) & ~(size_t)7u)       \
     + SAP_ENDGAME_BYTES)

/* A protocol session keeps HINT's deduction beside its game between moves
 * (core/hint_live.c), so that HINT after a move costs what the move
 * changed: a header, five sets of cells (a bit a cell and a bit for every
 * 32 of them), and a deduction block; about 8.9 MB for 1000 x 1000, held
 * until the game is replaced or another request needs the memory. */
#define SAP_HINT_LIVE_HEADER_BYTES 640u
#define SAP_HINT_LIVE_BYTES(rows, cols)                                                        \
    ((size_t)SAP_HINT_LIVE_HEADER_BYTES                                                        \
     + (size_t)5u                                                                              \
           * (((((size_t)(rows) * (size_t)(cols) + 31u) / 32u                                  \
                + ((size_t)(rows) * (size_t)(cols) + 1023u) / 1024u)                           \
                   * 4u                                                                        \
               + 7u)                                                                           \
              & ~(size_t)7u)                                                                   \
     + SAP_DEDUCE_BYTES(rows, cols))

#define SAP_STATS_HEADER_BYTES 64u
#define SAP_STATS_BYTES(rows, cols)                                                            \
    ((size_t)SAP_STATS_HEADER_BYTES + (size_t)(rows) * (size_t)(cols))

#define SAP_GENERATE_HEADER_BYTES 96u
/* the header, a bit a cell and a deduction block, where the player plays */
#define SAP_GENERATE_BYTES(rows, cols)                                                         \
    ((size_t)SAP_GENERATE_HEADER_BYTES                                                         \
     + ((((size_t)(rows) * (size_t)(cols) + 7u) / 8u + 7u) & ~(size_t)7u)                      \
     + SAP_DEDUCE_BYTES(rows, cols))

/* "RUNNING: [" + every cell as "<x, y, v>, " + "]\n" + "WIN\n". */
#define SAP_REPLY_MOVE_MAX(rows, cols)                                                         \
    ((size_t)16u                                                                               \
     + (size_t)(rows) * (size_t)(cols)                                                         \
           * (size_t)(SAP_DEC_DIGITS_(rows) + SAP_DEC_DIGITS_(cols) + 9u))
/* Each cell, then a space or the line end. */
#define SAP_REPLY_SHOW_MAX(rows, cols) ((size_t)2u * (size_t)(rows) * (size_t)(cols))
/* VIEW (core/view.c): a ruler line per digit of the columns (the row
 * numbers' margin, 3 bytes a column for VIEW PROB, the line end), then a
 * line a row: its number, each cell in at most 18 bytes (separator, the
 * widest colour escape ESC[0;1;97;41m, the glyph, ESC[0m after a
 * background), ESC[0m and the line end; the status line (at most 64
 * bytes, and "  game <token>" where the server keeps games) and "END\n". */
#define SAP_REPLY_VIEW_MAX(rows, cols)                                                         \
    ((size_t)SAP_DEC_DIGITS_(cols)                                                             \
         * ((size_t)SAP_DEC_DIGITS_(rows) + 3u * (size_t)(cols) + 1u)                          \
     + (size_t)(rows) * ((size_t)SAP_DEC_DIGITS_(rows) + 18u * (size_t)(cols) + 5u) + 68u + 7u \
     + SAP_TOKEN_MAX)
/* R rows of C cells and a line end, or "Impossible\n". */
#define SAP_REPLY_MASTER_MAX(rows, cols)                                                       \
    ((size_t)(rows) * ((size_t)(cols) + 1u) > 11u ? (size_t)(rows) * ((size_t)(cols) + 1u)     \
                                                  : (size_t)11u)

/* HELP's reply in this build (section 4): each row of core/requests.c's
 * table that the build serves, in the table's order, then END.  A row's
 * lines are a list, ROW(X) applying X to each: the one list makes the text
 * the row serves (core/protocol.h's HELP_TEXT) and counts its bytes and
 * lines below, so that no size of HELP is kept by hand.  A line only some
 * builds have is in the list only there (#if); SAP_HELP_ROWS_ gives each
 * row the condition under which HELP lists it (the row's `help` is NULL
 * otherwise, in requests_*.c). */
#define SAP_HELP_TEXT_(line) line
#define SAP_HELP_ONE_LINE_(line) +1u

#if SAP_NEW_SHORTCUTS
#define SAP_HELP_NEW_RANDOM_(X)                                                                \
    X("NEW <rows> <cols> <mines> [<seed>]: a random game; without a seed, one is named\n")     \
    X("NEW BEGINNER|INTERMEDIATE|EXPERT [<seed>]: 9x9 10, 16x16 40, 16x30 99 mines\n")
#else
#define SAP_HELP_NEW_RANDOM_(X)                                                                \
    X("NEW <rows> <cols> <mines> <seed>: a random game, laid at the first left click\n")
#endif
/* The CASUAL and NOGUESS levels only where the deduction engine that
 * plays them is built in. */
#if (SAP_SOLVERS) & SAP_SOLVER_DEDUCE
#define SAP_HELP_NEW_LEVELS_(X)                                                                \
    X("NEW ... CASUAL|NOGUESS (last): a random game that needs no guess\n")
#else
#define SAP_HELP_NEW_LEVELS_(X)
#endif
#define SAP_HELP_NEW_(X)                                                                       \
    X("NEW <rows> <cols>, then <rows> lines of _ and *: a game on that board\n")               \
    SAP_HELP_NEW_RANDOM_(X) SAP_HELP_NEW_LEVELS_(X)
#define SAP_HELP_LEFT_(X) X("1 <x> <y>: left click (open) at row x, column y, 1-based\n")
#define SAP_HELP_RIGHT_(X) X("2 <x> <y>: right click (cycle the mark _ P ?)\n")
#define SAP_HELP_CHORD_(X) X("3 <x> <y>: middle click (chord)\n")
#define SAP_HELP_QUIT_(X) X("0: end the game (QUIT if it was running)\n")
#define SAP_HELP_SHOW_(X) X("SHOW: the player map\n")
#define SAP_HELP_VIEW_(X)                                                                      \
    X("VIEW: the board drawn for a person (rulers, mines left), then END\n")
#define SAP_HELP_HINT_(X) X("HINT: a certain cell and why, or the guess likeliest to win\n")
#define SAP_HELP_PLAY_(X)                                                                      \
    X("PLAY [<n>]: HINT's moves played to the end (or n): each, its reply, then END\n")
#define SAP_HELP_PROB_(X)                                                                      \
    X("PROB: the player map with each covered cell's mine odds (VIEW PROB: drawn)\n")
#define SAP_HELP_ANALYZE_(X)                                                                   \
    X("ANALYZE <rows> <cols> <mines>, then each row as VIEW or SHOW draws it: a position "     \
      "from any game\n")
#define SAP_HELP_CELL_(X)                                                                      \
    X("CELL <x> <y> # . 1-8 P ?: what a cell of that position shows now\n")
#define SAP_HELP_MINES_(X) X("MINES <mines>: the mines in all of that position\n")
#define SAP_HELP_STATS_(X)                                                                     \
    X("STATS: the board's 3BV, openings, islands, and the clicks so far\n")
#define SAP_HELP_CASUAL_(X)                                                                    \
    X("CASUAL <r> <c>, then r lines of M and .: fewest cells left covered, best first cell\n")
#define SAP_HELP_CASUALMAP_(X)                                                                 \
    X("CASUALMAP <r> <c>, then r lines of M and .: as CASUAL, then the best start's map\n")
#define SAP_HELP_MASTER_(X) X("MASTER <R> <C> <M>: a board won by one click, or Impossible\n")
#define SAP_HELP_NURIKABE_(X)                                                                  \
    X("NURIKABE <r> <c> <d>, then d lines r' c' n and r lines of # and .: solved or not\n")
/* JUDGE's line names the formats this build judges. */
#if (SAP_SOLVERS) & SAP_SOLVER_CASUAL
#define SAP_HELP_JUDGE_CASUAL_ "|CASUAL"
#else
#define SAP_HELP_JUDGE_CASUAL_ ""
#endif
#if (SAP_SOLVERS) & SAP_SOLVER_MASTER
#define SAP_HELP_JUDGE_MASTER_ "|MASTER"
#else
#define SAP_HELP_JUDGE_MASTER_ ""
#endif
#if (SAP_SOLVERS) & SAP_SOLVER_NURIKABE
#define SAP_HELP_JUDGE_NURIKABE_ "|NURIKABE"
#else
#define SAP_HELP_JUDGE_NURIKABE_ ""
#endif
#define SAP_HELP_JUDGE_(X)                                                                     \
    X("JUDGE BOOM" SAP_HELP_JUDGE_CASUAL_ SAP_HELP_JUDGE_MASTER_ SAP_HELP_JUDGE_NURIKABE_      \
      ", then that statement's input: its output, then END\n")
/* SET's options: COLOR and VIEW are VIEW's, VIEW ONLY a person's extra. */
#if ((SAP_SOLVERS)&SAP_SOLVER_VIEW) && SAP_PERSON_EXTRAS
#define SAP_HELP_SET_(X)                                                                       \
    X("SET ECHO|COLOR|VIEW ON|OFF, SET VIEW ONLY: options for a person at a terminal\n")
#elif (SAP_SOLVERS) & SAP_SOLVER_VIEW
#define SAP_HELP_SET_(X) X("SET ECHO|COLOR|VIEW ON|OFF: options for a person at a terminal\n")
#else
#define SAP_HELP_SET_(X) X("SET ECHO ON|OFF: echo what is typed (backspace edits)\n")
#endif
#define SAP_HELP_HELP_(X) X("HELP: this list, then END\n")
#define SAP_HELP_BYE_(X) X("BYE: close the session\n")
#define SAP_HELP_RESUME_(X)                                                                    \
    X("RESUME <token>: take over the game of a connection that dropped\n")
#define SAP_HELP_END_(X) X("END\n")

/* Every row and END, each with the condition under which HELP lists it. */
#define SAP_HELP_SERVES_(solver) (((SAP_SOLVERS) & (solver)) != 0u)
#define SAP_HELP_ROWS_(ROW)                                                                    \
    ROW(1, SAP_HELP_NEW_)                                                                      \
    ROW(1, SAP_HELP_LEFT_)                                                                     \
    ROW(1, SAP_HELP_RIGHT_)                                                                    \
    ROW(1, SAP_HELP_CHORD_)                                                                    \
    ROW(1, SAP_HELP_QUIT_)                                                                     \
    ROW(1, SAP_HELP_SHOW_)                                                                     \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_VIEW), SAP_HELP_VIEW_)                                     \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_DEDUCE), SAP_HELP_HINT_)                                   \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_DEDUCE), SAP_HELP_PLAY_)                                   \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_DEDUCE), SAP_HELP_PROB_)                                   \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_ANALYZE), SAP_HELP_ANALYZE_)                               \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_ANALYZE), SAP_HELP_CELL_)                                  \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_ANALYZE), SAP_HELP_MINES_)                                 \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_STATS), SAP_HELP_STATS_)                                   \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_CASUAL), SAP_HELP_CASUAL_)                                 \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_CASUAL), SAP_HELP_CASUALMAP_)                              \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_MASTER), SAP_HELP_MASTER_)                                 \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_NURIKABE), SAP_HELP_NURIKABE_)                             \
    ROW(1, SAP_HELP_JUDGE_)                                                                    \
    ROW(1, SAP_HELP_SET_)                                                                      \
    ROW(1, SAP_HELP_HELP_)                                                                     \
    ROW(1, SAP_HELP_BYE_)                                                                      \
    ROW(SAP_HELP_SERVES_(SAP_SOLVER_RESUME), SAP_HELP_RESUME_)                                 \
    ROW(1, SAP_HELP_END_)
#define SAP_HELP_ROW_BYTES_(served, row) +((served) ? sizeof(row(SAP_HELP_TEXT_)) - 1u : 0u)
#define SAP_HELP_ROW_LINES_(served, row) +((served) ? 0u row(SAP_HELP_ONE_LINE_) : 0u)
#define SAP_SESSION_HELP_LINES (0u SAP_HELP_ROWS_(SAP_HELP_ROW_LINES_))
#define SAP_SESSION_HELP_BYTES ((unsigned)(0u SAP_HELP_ROWS_(SAP_HELP_ROW_BYTES_)))

/* The largest WORK block a session may acquire for an r x c board: a
 * CASUALMAP board (the solver plus a bit per cell for the mines), a
 * NURIKABE grid with a number in every cell, a JUDGE reader's case, and
 * in a build with the deduction engine, a no-guess board's generator
 * (which holds PROB's block and more) and HINT's block. */
#define SAP_SESSION_WORK_BYTES(rows, cols)                                                     \
    SAP_MAX2_(                                                                                 \
        SAP_MAX2_(SAP_MAX2_(SAP_CASUAL_BYTES(rows, cols)                                       \
                                + ((size_t)(rows) * (size_t)(cols) + 7u) / 8u,                 \
                            SAP_NURIKABE_BYTES(rows, cols, (size_t)(rows) * (size_t)(cols))),  \
                  SAP_GAME_BYTES(rows, cols)),                                                 \
        ((SAP_SOLVERS)&SAP_SOLVER_DEDUCE) ? SAP_MAX2_(                                         \
            SAP_GENERATE_BYTES(rows, cols),                                                    \
            SAP_MAX2_(SAP_HINT_BYTES(rows, cols), SAP_HINT_LIVE_BYTES(rows, cols)))            \
                                          : (size_t)0u)

/* What one session holds at once (section 4): the struct, a GAME block,
 * the largest WORK block its build may ask for, and where ANALYZE is
 * served a second GAME block. */
#define SAP_SESSION_SPARE_BYTES(rows, cols)                                                    \
    SAP_MIN2_(SAP_SESSION_WORK_BYTES(rows, cols), (size_t)SAP_MAX_WORK_BYTES)
#define SAP_SESSION_MEMORY_BYTES(rows, cols)                                                   \
    (SAP_SESSION_BYTES + SAP_GAME_BYTES(rows, cols) + SAP_SESSION_SPARE_BYTES(rows, cols)      \
     + (((SAP_SOLVERS)&SAP_SOLVER_ANALYZE) ? SAP_GAME_BYTES(rows, cols) : (size_t)0u))

/* The bytes of the session's private state (core/protocol.h's struct
 * session, which the library checks against this at build time): its
 * pointers, its numbers and flags, its request's state (the largest of
 * the requests' own), a JUDGE stream's reader, the reply line and the
 * request line. */
#define SAP_SESSION_PRIVATE_BYTES                                                              \
    SAP_ROUND_UP_((((SAP_SOLVERS)&SAP_SOLVER_RESUME) ? 14u : 9u) * sizeof(void *) + 56u        \
                      + SAP_MAX2_(2u * sizeof(void *) + 24u, (size_t)36u)                      \
                      + sizeof(struct sap_judge) + SAP_REPLY_MAX + SAP_LINE_MAX,               \
                  sizeof(void *))

struct sap_session {
    /* The SAP_LIMITS_TAG of the library once sap_session_init accepted the
     * struct; any other value and every session call refuses the session.
     * First, so that a refusal can say so without writing past a smaller
     * struct than the library's. */
    uint32_t limits_tag;
    union { /* private: core/protocol.h */
        unsigned char bytes[SAP_SESSION_PRIVATE_BYTES];
        void *align_pointer;
        void (*align_function)(void);
        uint32_t align_u32;
    } state;
};

#ifdef __cplusplus
}
#endif

#endif /* SAPPER_H */
