/*
 * sapper.h - the one public header of the sapper core.
 *
 * The core is C99 and freestanding: it includes only <stddef.h>, <stdint.h>
 * and <stdbool.h>, calls no C library function (a port supplies memcpy,
 * memset, memmove and memcmp), allocates nothing, never recurses and keeps
 * no mutable globals.  Every byte it touches is the caller's: either a struct
 * declared here (whose sizeof is its whole footprint) or a block whose size a
 * SAP_..._BYTES macro gives.
 *
 * Sections:
 *   1. version and limits (every limit can be overridden with -D)
 *   2. errors
 *   3. caller memory
 *   4. game engine            (seed 001, "boom")
 *   5. casual player          (seeds 000/002, Mid-Central 2003 "mines")
 *   6. one-click win          (seed 003, GCJ 2014 "Minesweeper Master")
 *   7. Nurikabe verifier      (seed 004, UVa 11585)
 *   8. judge readers          (the statements' batch formats, sans-IO)
 *   9. protocol session       (the line protocol, sans-IO)
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

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * 1. Version and limits
 * ---------------------------------------------------------------------- */

#define SAP_VERSION_MAJOR 0
#define SAP_VERSION_MINOR 1
#define SAP_VERSION_PATCH 0
#define SAP_VERSION_STRING "0.1.0"

/* Largest board side accepted by every solver and reader of this build.
 * The host build takes 1000 x 1000; a microcontroller port lowers these. */
#ifndef SAP_MAX_ROWS
#define SAP_MAX_ROWS 1000u
#endif
#ifndef SAP_MAX_COLS
#define SAP_MAX_COLS 1000u
#endif
/* Largest number of cells (rows * cols) of one board. */
#ifndef SAP_MAX_CELLS
#define SAP_MAX_CELLS ((uint32_t)SAP_MAX_ROWS * (uint32_t)SAP_MAX_COLS)
#endif

/* Longest protocol request line, without its line end.  A board row of
 * SAP_MAX_COLS cells must fit, so the default follows SAP_MAX_COLS. */
#ifndef SAP_LINE_MAX
#define SAP_LINE_MAX (SAP_MAX_COLS + 24u)
#endif

/* Largest decimal number any reader accepts (counts, sizes, coordinates,
 * seeds).  Larger numbers are refused as "number too large", never wrapped. */
#define SAP_NUMBER_MAX 4294967295u

/* ------------------------------------------------------------------------
 * 2. Errors: zero is success, every failure is a negative sap_error.
 * ---------------------------------------------------------------------- */

enum sap_error {
    SAP_OK = 0,
    SAP_ERR_ARG = -1,      /* an argument is outside its documented domain */
    SAP_ERR_SIZE = -2,     /* a size is beyond this build's limits */
    SAP_ERR_NOMEM = -3,    /* the caller's memory is too small, or none was given */
    SAP_ERR_RANGE = -4,    /* a coordinate is outside the board */
    SAP_ERR_SYNTAX = -5,   /* malformed input */
    SAP_ERR_STATE = -6,    /* the call does not fit the object's current state */
    SAP_ERR_IMPOSSIBLE = -7 /* no answer exists (one-click win) */
};

/* A short English message for an error code; never NULL. */
const char *sap_strerror(int err);

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
    SAP_MEMORY_GAME = 0,   /* the protocol session's current game */
    SAP_MEMORY_WORK = 1    /* a judge reader's or a one-shot solver's board */
};

struct sap_memory {
    /* Returns a block of at least `bytes` bytes, or NULL to refuse. */
    void *(*acquire)(void *context, size_t bytes, enum sap_memory_purpose purpose);
    /* Gives back a block that acquire returned. */
    void (*release)(void *context, void *block, enum sap_memory_purpose purpose);
    void *context;
};

/* ------------------------------------------------------------------------
 * 4. Game engine (boom)
 *
 * One game is one block of SAP_GAME_BYTES(rows, cols) bytes: a header of at
 * most SAP_GAME_HEADER_BYTES and one byte per cell.  Neighbour counts are
 * derived from the mine bits, never stored; the opening flood fill walks the
 * board with parent directions kept in the cell bytes, so it needs neither
 * recursion nor a side stack.
 * ---------------------------------------------------------------------- */

#define SAP_GAME_HEADER_BYTES 64u
#define SAP_GAME_BYTES(rows, cols) \
    ((size_t)SAP_GAME_HEADER_BYTES + (size_t)(rows) * (size_t)(cols))

typedef struct sap_game sap_game;

enum sap_op {
    SAP_OP_LEFT = 1,   /* open */
    SAP_OP_RIGHT = 2,  /* cycle the mark _ -> P -> ? -> _ */
    SAP_OP_CHORD = 3   /* middle click */
};

enum sap_outcome {
    SAP_RUNNING = 0,   /* the operation was valid and the game goes on */
    SAP_WIN = 1,       /* the operation was valid and won the game */
    SAP_LOSE = 2,      /* the operation opened a mine */
    SAP_INVALID = 3    /* the game had already ended */
};

/* Lays out an empty rows x cols board (no mines) in `memory`.  1 <= rows <=
 * SAP_MAX_ROWS, 1 <= cols <= SAP_MAX_COLS, rows*cols <= SAP_MAX_CELLS, and
 * bytes >= SAP_GAME_BYTES(rows, cols).  *game points into `memory`. */
int sap_game_init(sap_game **game, void *memory, size_t bytes,
                  uint32_t rows, uint32_t cols);

/* Puts or removes a mine at 0-based (row, col) before the first operation. */
int sap_game_set_mine(sap_game *game, uint32_t row, uint32_t col, bool mine);

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
/* SAP_RUNNING, SAP_WIN or SAP_LOSE. */
enum sap_outcome sap_game_state(const sap_game *game);

/* Applies one operation at 1-based (x = row, y = column), as the boom
 * statement and SPEC.md settle it.  Returns the outcome (>= 0), or
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

/* The player-map character at 0-based (row, col): '_', 'P', '?' or '0'..'8';
 * '\0' outside the board. */
char sap_game_cell(const sap_game *game, uint32_t row, uint32_t col);

/* Whether 0-based (row, col) holds a mine (to reveal the board once a game
 * is over).  A random board has no mine before its first opening. */
bool sap_game_mine_at(const sap_game *game, uint32_t row, uint32_t col);

/* ------------------------------------------------------------------------
 * 5. Casual player
 *
 * The fewest safe cells a player who only applies rule 1 and rule 2 leaves
 * covered, over every safe first cell, and the first best start (lowest row,
 * then lowest column).  At most 4 bytes per cell of caller memory.
 * ---------------------------------------------------------------------- */

#define SAP_CASUAL_HEADER_BYTES 64u
#define SAP_CASUAL_BYTES(rows, cols) \
    ((size_t)SAP_CASUAL_HEADER_BYTES + (size_t)4u * (size_t)(rows) * (size_t)(cols))

typedef struct sap_casual sap_casual;

struct sap_casual_result {
    uint32_t covered;  /* safe cells left covered by the best start */
    uint32_t row;      /* the best first cell, 0-based */
    uint32_t col;
};

int sap_casual_init(sap_casual **casual, void *memory, size_t bytes,
                    uint32_t rows, uint32_t cols);
int sap_casual_set_mine(sap_casual *casual, uint32_t row, uint32_t col, bool mine);
/* Solves; SAP_ERR_STATE when the board has no safe cell. */
int sap_casual_solve(sap_casual *casual, struct sap_casual_result *result);
/* After a solve: whether 0-based (row, col) is a safe cell that the best
 * start leaves covered. */
bool sap_casual_left_covered(const sap_casual *casual, uint32_t row, uint32_t col);

/* ------------------------------------------------------------------------
 * 6. One-click win
 *
 * A plan is a few numbers; any cell of the board is computed from it, so a
 * 1000 x 1000 board can be written row by row with O(1) memory.
 * ---------------------------------------------------------------------- */

struct sap_master {
    uint32_t rows, cols, mines;
    uint32_t shape[4];  /* private: the layout of the safe region */
};

/* SAP_OK and a plan, SAP_ERR_IMPOSSIBLE, or SAP_ERR_SIZE / SAP_ERR_ARG
 * (mines >= rows*cols). */
int sap_master_plan(struct sap_master *plan, uint32_t rows, uint32_t cols,
                    uint32_t mines);
/* '*', '.' or 'c' at 0-based (row, col) of a planned board. */
char sap_master_cell(const struct sap_master *plan, uint32_t row, uint32_t col);

/* ------------------------------------------------------------------------
 * 7. Nurikabe verifier
 *
 * Linear time; at most 2 bytes per cell plus the list of numbers.
 * ---------------------------------------------------------------------- */

#define SAP_NURIKABE_HEADER_BYTES 64u
#define SAP_NURIKABE_BYTES(rows, cols, numbers)                          \
    ((size_t)SAP_NURIKABE_HEADER_BYTES + (size_t)2u * (size_t)(rows) * (size_t)(cols) \
     + (size_t)8u * (size_t)(numbers))

typedef struct sap_nurikabe sap_nurikabe;

int sap_nurikabe_init(sap_nurikabe **grid, void *memory, size_t bytes,
                      uint32_t rows, uint32_t cols, uint32_t numbers);
/* 0-based cell and its positive number; SAP_ERR_RANGE outside the grid,
 * SAP_ERR_ARG for a second number in one cell or a zero number. */
int sap_nurikabe_set_number(sap_nurikabe *grid, uint32_t row, uint32_t col,
                            uint32_t value);
int sap_nurikabe_set_shaded(sap_nurikabe *grid, uint32_t row, uint32_t col,
                            bool shaded);
/* 1 solved, 0 not solved, or a negative error. */
int sap_nurikabe_verify(sap_nurikabe *grid);

/* ------------------------------------------------------------------------
 * 8. Judge readers
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

enum sap_format {
    SAP_FORMAT_BOOM = 0,
    SAP_FORMAT_CASUAL = 1,
    SAP_FORMAT_MASTER = 2,
    SAP_FORMAT_NURIKABE = 3
};
#define SAP_FORMAT_COUNT 4

/* "boom", "casual", "master", "nurikabe". */
const char *sap_format_name(enum sap_format format);
/* Case-insensitive lookup of a name; -1 when unknown. */
int sap_format_from_name(const char *name, size_t length);

enum sap_judge_status {
    SAP_JUDGE_READING = 0,  /* wants more input */
    SAP_JUDGE_DONE = 1      /* the whole input has been read and answered */
    /* negative: a sap_error; error_line and error_reason say more */
};

/* What the reader expects next from the tokenizer. */
enum sap_expect { SAP_EXPECT_NUMBER, SAP_EXPECT_ROW, SAP_EXPECT_NOTHING };

struct sap_judge {
    /* public, read-only */
    int status;                 /* enum sap_judge_status or a sap_error */
    uint32_t error_line;        /* 1-based line of the error */
    const char *error_reason;   /* static text, e.g. "row 3 has 4 cells, expected 5" */
    uint32_t line;              /* current 1-based input line */

    /* private: tokenizer */
    enum sap_format format;
    enum sap_expect expect;
    bool in_token;
    bool eof;                   /* sap_judge_finish was called */
    bool eof_done;              /* ... and the format has judged the ending */
    uint32_t token_line;
    uint32_t token_length;
    uint32_t number;
    uint32_t row_length;        /* expected length of the row being read */
    const struct sap_memory *memory;
    void *block;                /* the block acquired for the current case */
    size_t block_bytes;
    char reason[72];            /* room for a reason with numbers in it */

    /* private: the format's reader state */
    uint32_t cases;             /* cases announced by the input (T or t) */
    uint32_t case_index;        /* cases completed */
    uint32_t step;              /* the format's parser state */
    uint32_t args[6];           /* numbers collected for the current item */
    uint32_t rows_read;
    uint32_t out_phase;         /* pending output: what to write next */
    uint32_t out_row, out_col;  /* cursor of pending output */
    const char *out_text;       /* pending literal text, written first */
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

/* ------------------------------------------------------------------------
 * 9. Protocol session
 *
 * One connection (a socket, stdin, a UART) is one session.  Requests are
 * lines; each complete request gets at least one reply line.  The table of
 * requests is SPEC.md's; HELP lists them.
 * ---------------------------------------------------------------------- */

/* Bytes of reply text the session buffers for one request line before the
 * caller polls them; long replies (a game move's changes, SHOW, a MASTER
 * board, a JUDGE stream) are produced piece by piece instead. */
#ifndef SAP_REPLY_MAX
#define SAP_REPLY_MAX 160u
#endif

struct sap_session {
    /* private */
    const struct sap_memory *memory;
    sap_game *game;
    size_t game_bytes;
    uint32_t state;             /* what the next line means (request, board row, judge) */
    uint32_t rows_expected;     /* board rows still to read after NEW/CASUAL/NURIKABE */
    uint32_t args[6];
    uint32_t line_length;
    bool line_overflow;
    bool closing;               /* BYE, or a line over SAP_LINE_MAX */
    bool finished;              /* the input has ended */
    uint32_t out_phase;
    uint32_t out_row, out_col;
    uint32_t reply_length, reply_sent;
    void *work;                 /* a one-shot solver's block */
    size_t work_bytes;
    struct sap_judge judge;
    char reply[SAP_REPLY_MAX];
    char line[SAP_LINE_MAX + 1];
};

#define SAP_SESSION_BYTES (sizeof(struct sap_session))

void sap_session_init(struct sap_session *session, const struct sap_memory *memory);
/* Starts the session inside a JUDGE stream, as the request "JUDGE <format>"
 * would (sapperd --judge). */
int sap_session_start_judge(struct sap_session *session, enum sap_format format);
/* Consumes received bytes; returns how many it took (fewer when replies are
 * waiting, or once the session is closing). */
size_t sap_session_sink(struct sap_session *session, const char *input, size_t length);
/* Writes waiting reply bytes into out; returns the count, 0 when none. */
size_t sap_session_poll(struct sap_session *session, char *out, size_t cap);
/* The peer will send nothing more (EOF). */
void sap_session_finish(struct sap_session *session);
/* True once the connection should be closed after the replies are out. */
bool sap_session_closing(const struct sap_session *session);
/* Gives back every block the session holds. */
void sap_session_release(struct sap_session *session);

#ifdef __cplusplus
}
#endif

#endif /* SAPPER_H */
