/*
 * session.c - the line protocol engine (sapper.h section 9), sans-IO.
 *
 * Bytes come in through sap_session_sink and are framed into lines in the
 * session's fixed line buffer; each complete line is a request, a row of
 * a board a request announced, or a NURIKABE number line.  A request's
 * reply is either one short line built in `reply` or a long reply that a
 * writer produces piece by piece as it is polled (a move's changes, SHOW,
 * a MASTER board, a CASUALMAP map, HELP, a JUDGE stream).  While any reply
 * byte is waiting, sink consumes nothing: that is the whole backpressure
 * story, and it is why one reply buffer and one line buffer suffice.
 *
 * Inside a JUDGE stream the bytes go straight to the embedded judge reader
 * instead of the line buffer, so a stream has no line length limit beyond
 * the reader's own.
 */
#include "internal.h"

/* What the next input is. */
enum session_mode {
    MODE_REQUEST = 0,   /* a request line */
    MODE_NUMBERS,       /* a NURIKABE number line "r' c' n" */
    MODE_ROWS,          /* a board row of the request being read */
    MODE_JUDGE,         /* raw bytes of a JUDGE stream */
    MODE_CLOSED         /* closing: input is discarded */
};

/* The request whose lines are being read (MODE_NUMBERS / MODE_ROWS). */
enum session_request {
    REQUEST_NONE = 0,
    REQUEST_NEW,
    REQUEST_CASUAL,
    REQUEST_CASUALMAP,
    REQUEST_NURIKABE
};

/* The long reply being written. */
enum session_out {
    OUT_NONE = 0,
    OUT_MOVE,           /* sap_game_reply */
    OUT_SHOW,           /* the player map */
    OUT_MASTER,         /* a planned one-click-win board */
    OUT_CASUALMAP       /* the best start's end */
};

/* Whether this build serves a solver (SAP_SOLVERS, sapper.h section 1).
 * A constant: the calls into a solver left out are dead code, so nothing
 * keeps that solver in the image. */
#define SERVES(solver) ((SAP_SOLVERS & (solver)) != 0u)

/* Longest number of tokens a request takes (NEW r c mines seed); one more
 * is kept so that "too many" is told apart. */
#define TOKENS_MAX 6

struct tokens {
    uint32_t count;                 /* every token of the line, even past TOKENS_MAX */
    uint32_t start[TOKENS_MAX];
    uint32_t length[TOKENS_MAX];
};

SAP_TEXT(help_text,
    "NEW <rows> <cols>, then <rows> lines of _ and *: a game on that board\n"
    "NEW <rows> <cols> <mines> <seed>: a random game, laid at the first left click\n"
    "1 <x> <y>: left click (open) at row x, column y, 1-based\n"
    "2 <x> <y>: right click (cycle the mark _ P ?)\n"
    "3 <x> <y>: middle click (chord)\n"
    "0: end the game (QUIT if it was running)\n"
    "SHOW: the player map\n"
    "CASUAL <r> <c>, then r lines of M and .: fewest cells left covered, best first cell\n"
    "CASUALMAP <r> <c>, then r lines of M and .: as CASUAL, then the best start's map\n"
    "MASTER <R> <C> <M>: a board won by one click, or Impossible\n"
    "NURIKABE <r> <c> <d>, then d lines r' c' n and r lines of # and .: solved or not\n"
    "JUDGE BOOM|CASUAL|MASTER|NURIKABE, then that statement's input: its output\n"
    "HELP: this list\n"
    "BYE: close the session\n");

/* Texts said in more than one place. */
SAP_TEXT(err_prefix, "ERR ");
SAP_TEXT(not_served, "not in this build");
SAP_TEXT(no_memory, "not enough memory for this board");
SAP_TEXT(no_game, "no game: start one with NEW");
SAP_TEXT(too_many_mines, "too many mines: a board needs a safe cell");
SAP_TEXT(number_line, "number line ");

SAP_STATIC_ASSERT(help_bytes, sizeof help_text - 1 == SAP_SESSION_HELP_BYTES);
SAP_STATIC_ASSERT(reply_fits_u16, SAP_REPLY_MAX >= 112u && SAP_REPLY_MAX <= 65535u);
SAP_STATIC_ASSERT(line_holds_a_row, SAP_LINE_MAX >= SAP_MAX_COLS);

/* ---- memory ------------------------------------------------------------ */

static void *acquire(struct sap_session *s, size_t bytes, enum sap_memory_purpose purpose)
{
    if (s->memory == NULL || s->memory->acquire == NULL)
        return NULL;
    if (purpose == SAP_MEMORY_WORK && !sap_work_fits(bytes))
        return NULL; /* refused as a provider would: SAP_MAX_WORK_BYTES */
    return s->memory->acquire(s->memory->context, bytes, purpose);
}

static void release(struct sap_session *s, void **block, enum sap_memory_purpose purpose)
{
    if (*block != NULL && s->memory != NULL && s->memory->release != NULL)
        s->memory->release(s->memory->context, *block, purpose);
    *block = NULL;
}

static void release_game(struct sap_session *s)
{
    release(s, &s->game_block, SAP_MEMORY_GAME);
    s->game = NULL;
}

static void release_work(struct sap_session *s)
{
    release(s, &s->work, SAP_MEMORY_WORK);
    s->solver.casual = NULL;
}

/* Drops a request whose lines are being read, and its blocks. */
static void abandon_request(struct sap_session *s)
{
    release(s, &s->new_block, SAP_MEMORY_GAME);
    s->new_game = NULL;
    if (s->request != REQUEST_NONE)
        release_work(s);
    s->request = REQUEST_NONE;
    s->deferred_length = 0;
}

/* ---- replies ----------------------------------------------------------- */

static bool judge_has_output(const struct sap_judge *j)
{
    return j->out_text_left > 0 || j->out_phase != 0;
}

static bool output_pending(const struct sap_session *s)
{
    return s->reply_sent < s->reply_length || s->text_left > 0 || s->out_kind != OUT_NONE
           || (s->mode == MODE_JUDGE && judge_has_output(&s->judge));
}

/* The short reply line is built with the text helpers, which keep a NUL
 * after the text: the cap leaves room for the line end that replaces it. */
static void reply_start(struct sap_session *s, const char *text)
{
    size_t len = 0;
    sap_text_add(s->reply, SAP_REPLY_MAX - 1, &len, text);
    s->reply_length = (uint16_t)len;
    s->reply_sent = 0;
}

static void reply_add(struct sap_session *s, const char *text)
{
    size_t len = s->reply_length;
    sap_text_add(s->reply, SAP_REPLY_MAX - 1, &len, text);
    s->reply_length = (uint16_t)len;
}

static void reply_add_ram(struct sap_session *s, const char *text)
{
    size_t len = s->reply_length;
    sap_text_add_ram(s->reply, SAP_REPLY_MAX - 1, &len, text);
    s->reply_length = (uint16_t)len;
}

static void reply_add_u32(struct sap_session *s, uint32_t value)
{
    size_t len = s->reply_length;
    sap_text_add_u32(s->reply, SAP_REPLY_MAX - 1, &len, value);
    s->reply_length = (uint16_t)len;
}

static void reply_end(struct sap_session *s)
{
    s->reply[s->reply_length++] = '\n';
}

static void reply_line(struct sap_session *s, const char *text)
{
    reply_start(s, text);
    reply_end(s);
}

static void reply_err(struct sap_session *s, const char *reason)
{
    reply_start(s, err_prefix);
    reply_add(s, reason);
    reply_end(s);
}

/* An ERR for a request whose remaining lines are still to be read: held
 * back (only the first one) until the last of them. */
static void defer_err(struct sap_session *s, const char *reason, uint32_t number,
                      const char *middle, uint32_t number2, const char *tail)
{
    if (s->deferred_length != 0)
        return;
    reply_start(s, err_prefix);
    reply_add(s, reason);
    if (middle != NULL) {
        reply_add_u32(s, number);
        reply_add(s, middle);
        if (tail != NULL) {
            reply_add_u32(s, number2);
            reply_add(s, tail);
        }
    }
    reply_end(s);
    s->deferred_length = s->reply_length;
    s->reply_length = 0; /* not sent yet */
}

static void reply_ok_board(struct sap_session *s, uint32_t rows, uint32_t cols, uint32_t mines)
{
    reply_start(s, SAP_STR("OK "));
    reply_add_u32(s, rows);
    reply_add(s, SAP_STR(" "));
    reply_add_u32(s, cols);
    reply_add(s, SAP_STR(" "));
    reply_add_u32(s, mines);
    reply_end(s);
}

/* A solver's unexpected error, in its own words. */
static void reply_solver_err(struct sap_session *s, int err)
{
    reply_err(s, sap_strerror(err));
}

/* Writes SHOW or a CASUALMAP map from its cursor, a cell at a time. */
static size_t write_board(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->out_row < s->rows) {
        uint32_t row = s->out_row, pos = s->out_col;
        char c;
        if (s->out_kind == OUT_SHOW) {
            /* positions 2k: cell k; 2k+1: a space, or the line end */
            if ((pos & 1u) == 0)
                c = sap_game_cell(s->game, row, pos >> 1);
            else
                c = (pos >> 1) + 1u == s->cols ? '\n' : ' ';
            if (++pos == 2u * s->cols) {
                pos = 0;
                s->out_row++;
            }
        } else {
            if (pos == s->cols) {
                c = '\n';
            } else { /* OUT_CASUALMAP: the mine bits follow the solver's block */
                size_t cell = (size_t)row * s->cols + pos;
                const unsigned char *mines =
                    (const unsigned char *)s->work + SAP_CASUAL_BYTES(s->rows, s->cols);
                if (mines[cell >> 3] & (1u << (cell & 7u)))
                    c = 'M';
                else if (SERVES(SAP_SOLVER_CASUAL) && s->count != 0
                         && sap_casual_left_covered(s->solver.casual, row, pos))
                    c = '#';
                else
                    c = '.';
            }
            if (++pos == s->cols + 1u) {
                pos = 0;
                s->out_row++;
            }
        }
        s->out_col = pos;
        out[n++] = c;
    }
    return n;
}

/* A MASTER board: runs of cells straight from the plan, then line ends. */
static size_t write_master(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->out_row < s->rows) {
        size_t k = 0;
        if (s->out_col < s->cols)
            k = sap_master_write_row(&s->master, s->out_row, s->out_col, out + n, cap - n);
        if (k == 0) { /* the row is out (a plan that writes nothing ends it too) */
            out[n++] = '\n';
            s->out_col = 0;
            s->out_row++;
        } else {
            s->out_col += (uint32_t)k;
            n += k;
        }
    }
    return n;
}

static size_t write_long_reply(struct sap_session *s, char *out, size_t cap)
{
    size_t n;
    if (s->out_kind == OUT_MOVE)
        n = sap_game_reply(s->game, out, cap);
    else if (s->out_kind == OUT_MASTER)
        n = SERVES(SAP_SOLVER_MASTER) ? write_master(s, out, cap) : 0;
    else
        n = write_board(s, out, cap);
    if (n == 0) {
        if (s->out_kind == OUT_CASUALMAP)
            release_work(s);
        s->out_kind = OUT_NONE;
    }
    return n;
}

/* ---- state changes that need no input ---------------------------------- */

static void take_line(struct sap_session *s, const char *line, uint32_t length);

/* Leaves a JUDGE stream once the reader is done (or failed) and has
 * nothing left to write, and handles EOF once every reply is out.
 * Returns true when it changed something (call it again). */
static bool settle_step(struct sap_session *s)
{
    if (s->mode == MODE_JUDGE && !judge_has_output(&s->judge)) {
        int status = s->judge.status;
        if (status == SAP_JUDGE_READING && s->judge.expect == SAP_EXPECT_NOTHING
            && !s->judge.in_token && !s->judge.eof && !s->judge_only) {
            /* The statement's input is complete (its last case, or "0 0"):
             * the stream ends here, not at EOF.  The reader's own ending
             * check then says DONE.  (Judge-only mode reads to EOF and lets
             * the reader judge what follows the last case.) */
            sap_judge_finish(&s->judge);
            return true;
        }
        if (status == SAP_JUDGE_DONE) {
            sap_judge_release(&s->judge);
            if (s->judge_only) { /* DONE came at EOF */
                s->mode = MODE_CLOSED;
                s->closing = true;
            } else {
                s->mode = MODE_REQUEST;
                s->line_length = 0;
            }
            return true;
        }
        if (status < 0) {
            sap_judge_release(&s->judge);
            if (s->judge_only) {
                s->mode = MODE_CLOSED;
                s->closing = true;
            } else {
                reply_start(s, err_prefix);
                reply_add(s, sap_format_name(s->judge.format));
                reply_add(s, SAP_STR(" line "));
                reply_add_u32(s, s->judge.error_line);
                reply_add(s, SAP_STR(": "));
                reply_add_ram(s, s->judge.error_reason); /* set with every failure */
                reply_end(s);
                s->mode = MODE_REQUEST;
                s->line_length = 0;
            }
            return true;
        }
    }
    if (!s->finished || output_pending(s))
        return false;
    switch (s->mode) {
    case MODE_REQUEST:
    case MODE_NUMBERS:
    case MODE_ROWS:
        if (s->line_length > 0) { /* a last line without its line end */
            uint32_t line_length = s->line_length;
            s->line_length = 0;
            take_line(s, s->line, line_length);
            return true;
        }
        if (s->mode != MODE_REQUEST) {
            abandon_request(s);
            reply_err(s, SAP_STR("input ended inside a request"));
        }
        s->mode = MODE_CLOSED;
        s->closing = true;
        return true;
    case MODE_JUDGE:
        if (!s->judge.eof) {
            sap_judge_finish(&s->judge);
            return true;
        }
        return false; /* sap_judge_poll carries the reader's ending on */
    default:
        return false;
    }
}

static void settle(struct sap_session *s)
{
    int steps;
    for (steps = 0; steps < 8 && settle_step(s); steps++)
        continue;
}

/* ---- tokens and numbers ------------------------------------------------ */

static void tokenize(const char *line, uint32_t length, struct tokens *t)
{
    uint32_t i = 0;
    t->count = 0;
    while (i < length) {
        uint32_t start;
        while (i < length && (line[i] == ' ' || line[i] == '\t'))
            i++;
        if (i == length)
            break;
        start = i;
        while (i < length && line[i] != ' ' && line[i] != '\t')
            i++;
        if (t->count < TOKENS_MAX) {
            t->start[t->count] = start;
            t->length[t->count] = i - start;
        }
        t->count++;
    }
}

/* Parses tokens [first, first + count) into numbers: SAP_OK, or the
 * parser's SAP_ERR_SYNTAX / SAP_ERR_SIZE. */
static int parse_tokens(const char *line, const struct tokens *t, uint32_t first,
                        uint32_t count, uint32_t *numbers)
{
    uint32_t k;
    for (k = 0; k < count; k++) {
        int err = sap_parse_u32(line + t->start[first + k], t->length[first + k], &numbers[k]);
        if (err != SAP_OK)
            return err;
    }
    return SAP_OK;
}

/* A request's arguments (the tokens after its keyword); on failure the
 * ERR is the reply. */
static bool parse_args(struct sap_session *s, const char *line, const struct tokens *t,
                       uint32_t count, uint32_t *numbers)
{
    int err = parse_tokens(line, t, 1, count, numbers);
    if (err != SAP_OK)
        reply_err(s, err == SAP_ERR_SIZE ? SAP_STR("number too large") : SAP_STR("not a number"));
    return err == SAP_OK;
}

static bool check_size(struct sap_session *s, uint32_t rows, uint32_t cols)
{
    int err = sap_check_board_size(rows, cols);
    if (err == SAP_ERR_ARG) {
        reply_err(s, SAP_STR("a board needs at least one row and one column"));
        return false;
    }
    if (err != SAP_OK) {
        reply_err(s, SAP_STR("board larger than this build's limit"));
        return false;
    }
    return true;
}

/* ---- requests ---------------------------------------------------------- */

/* Starts reading `rows` board rows (after `numbers` number lines). */
static void expect_lines(struct sap_session *s, enum session_request request, uint32_t rows,
                         uint32_t cols, uint32_t numbers)
{
    s->request = request;
    s->rows = rows;
    s->cols = cols;
    s->count = 0;
    s->deferred_length = 0;
    s->item = 0;
    if (numbers > 0) {
        s->mode = MODE_NUMBERS;
        s->items_left = numbers;
    } else {
        s->mode = MODE_ROWS;
        s->items_left = rows;
    }
}

/* A GAME block for a NEW; when the provider refuses a second one (one
 * arena), the current game goes first.  A board past SAP_MAX_WORK_BYTES
 * is never held beside the current game: that goes first at once. */
static void *acquire_game(struct sap_session *s, size_t bytes)
{
    void *block;
    if (!sap_work_fits(bytes))
        release_game(s);
    block = acquire(s, bytes, SAP_MEMORY_GAME);
    if (block == NULL && s->game_block != NULL) {
        release_game(s);
        block = acquire(s, bytes, SAP_MEMORY_GAME);
    }
    return block;
}

/* The NEW game is complete: it replaces the current one. */
static void install_new_game(struct sap_session *s)
{
    release_game(s);
    s->game_block = s->new_block;
    s->game = s->new_game;
    s->new_block = NULL;
    s->new_game = NULL;
}

static void request_new(struct sap_session *s, const char *line, const struct tokens *t)
{
    uint32_t a[4];
    size_t bytes;
    int err;

    if (t->count != 3 && t->count != 5) {
        reply_err(s, SAP_STR("usage: NEW <rows> <cols> [<mines> <seed>]"));
        return;
    }
    if (!parse_args(s, line, t, t->count - 1, a) || !check_size(s, a[0], a[1]))
        return;
    if (t->count == 5 && a[2] >= a[0] * a[1]) { /* the product fits: sizes are checked */
        reply_err(s, too_many_mines);
        return;
    }
    bytes = SAP_GAME_BYTES(a[0], a[1]);
    s->new_block = acquire_game(s, bytes);
    if (s->new_block == NULL) {
        if (t->count == 5) {
            reply_err(s, no_memory);
        } else { /* its rows are still to come */
            expect_lines(s, REQUEST_NEW, a[0], a[1], 0);
            defer_err(s, no_memory, 0, NULL, 0, NULL);
        }
        return;
    }
    err = sap_game_init(&s->new_game, s->new_block, bytes, a[0], a[1]);
    if (err == SAP_OK && t->count == 5)
        err = sap_game_set_random(s->new_game, a[2], a[3]);
    if (t->count == 3) {
        expect_lines(s, REQUEST_NEW, a[0], a[1], 0);
        if (err != SAP_OK)
            defer_err(s, sap_strerror(err), 0, NULL, 0, NULL);
        return;
    }
    if (err != SAP_OK) {
        release(s, &s->new_block, SAP_MEMORY_GAME);
        s->new_game = NULL;
        reply_solver_err(s, err);
        return;
    }
    install_new_game(s);
    reply_ok_board(s, a[0], a[1], a[2]);
}

static void request_move(struct sap_session *s, const char *line, const struct tokens *t, int op)
{
    uint32_t a[2];
    int outcome;

    if (op == 0) {
        if (t->count != 1) {
            reply_err(s, SAP_STR("usage: 0"));
            return;
        }
        reply_line(s, s->game != NULL && sap_game_state(s->game) == SAP_RUNNING ? SAP_STR("QUIT")
                                                                                : SAP_STR("OK"));
        release_game(s);
        return;
    }
    if (t->count != 3) {
        reply_err(s, SAP_STR("usage: 1|2|3 <x> <y>"));
        return;
    }
    if (!parse_args(s, line, t, 2, a))
        return;
    if (s->game == NULL) {
        reply_err(s, no_game);
        return;
    }
    if (a[0] < 1 || a[0] > sap_game_rows(s->game) || a[1] < 1 || a[1] > sap_game_cols(s->game)) {
        reply_err(s, SAP_STR("coordinate outside the board"));
        return;
    }
    outcome = sap_game_move(s->game, op, a[0], a[1]);
    if (outcome < 0) {
        reply_solver_err(s, outcome);
        return;
    }
    s->out_kind = OUT_MOVE;
}

static void request_show(struct sap_session *s, const struct tokens *t)
{
    if (t->count != 1) {
        reply_err(s, SAP_STR("usage: SHOW"));
        return;
    }
    if (s->game == NULL) {
        reply_err(s, no_game);
        return;
    }
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    s->out_row = 0;
    s->out_col = 0;
    s->out_kind = OUT_SHOW;
}

static void request_casual(struct sap_session *s, const char *line, const struct tokens *t,
                           enum session_request request)
{
    uint32_t a[2];
    size_t bytes, map_bytes = 0;
    int err;

    if (!SERVES(SAP_SOLVER_CASUAL)) {
        reply_err(s, not_served);
        return;
    }
    if (t->count != 3) {
        reply_err(s, request == REQUEST_CASUAL ? SAP_STR("usage: CASUAL <r> <c>")
                                               : SAP_STR("usage: CASUALMAP <r> <c>"));
        return;
    }
    if (!parse_args(s, line, t, 2, a) || !check_size(s, a[0], a[1]))
        return;
    bytes = SAP_CASUAL_BYTES(a[0], a[1]);
    if (request == REQUEST_CASUALMAP)
        map_bytes = ((size_t)a[0] * a[1] + 7u) / 8u;
    expect_lines(s, request, a[0], a[1], 0);
    s->work = acquire(s, bytes + map_bytes, SAP_MEMORY_WORK);
    if (s->work == NULL) {
        defer_err(s, no_memory, 0, NULL, 0, NULL);
        return;
    }
    if (map_bytes > 0)
        memset((char *)s->work + bytes, 0, map_bytes);
    err = sap_casual_init(&s->solver.casual, s->work, bytes, a[0], a[1]);
    if (err != SAP_OK)
        defer_err(s, sap_strerror(err), 0, NULL, 0, NULL);
}

static void request_master(struct sap_session *s, const char *line, const struct tokens *t)
{
    uint32_t a[3];
    int err;

    if (!SERVES(SAP_SOLVER_MASTER)) {
        reply_err(s, not_served);
        return;
    }
    if (t->count != 4) {
        reply_err(s, SAP_STR("usage: MASTER <R> <C> <M>"));
        return;
    }
    if (!parse_args(s, line, t, 3, a) || !check_size(s, a[0], a[1]))
        return;
    if (a[2] >= a[0] * a[1]) {
        reply_err(s, too_many_mines);
        return;
    }
    err = sap_master_plan(&s->master, a[0], a[1], a[2]);
    if (err == SAP_ERR_IMPOSSIBLE) {
        reply_line(s, SAP_STR("Impossible"));
    } else if (err != SAP_OK) {
        reply_solver_err(s, err);
    } else {
        s->rows = a[0];
        s->cols = a[1];
        s->out_row = 0;
        s->out_col = 0;
        s->out_kind = OUT_MASTER;
    }
}

static void request_nurikabe(struct sap_session *s, const char *line, const struct tokens *t)
{
    uint32_t a[3];
    size_t bytes;
    int err;

    if (!SERVES(SAP_SOLVER_NURIKABE)) {
        reply_err(s, not_served);
        return;
    }
    if (t->count != 4) {
        reply_err(s, SAP_STR("usage: NURIKABE <r> <c> <d>"));
        return;
    }
    if (!parse_args(s, line, t, 3, a) || !check_size(s, a[0], a[1]))
        return;
    if (a[2] > a[0] * a[1]) {
        reply_err(s, SAP_STR("more numbers than cells"));
        return;
    }
    bytes = SAP_NURIKABE_BYTES(a[0], a[1], a[2]);
    expect_lines(s, REQUEST_NURIKABE, a[0], a[1], a[2]);
    s->work = acquire(s, bytes, SAP_MEMORY_WORK);
    if (s->work == NULL) {
        defer_err(s, no_memory, 0, NULL, 0, NULL);
        return;
    }
    err = sap_nurikabe_init(&s->solver.nurikabe, s->work, bytes, a[0], a[1], a[2]);
    if (err != SAP_OK)
        defer_err(s, sap_strerror(err), 0, NULL, 0, NULL);
}

/* SAP_ERR_ARG for a format whose solver this build leaves out. */
static int start_judge(struct sap_session *s, enum sap_format format)
{
    int err = sap_judge_init(&s->judge, format, s->memory);
    if (err == SAP_OK)
        s->mode = MODE_JUDGE;
    return err;
}

static void request_judge(struct sap_session *s, const char *line, const struct tokens *t)
{
    int format;
    if (t->count != 2) {
        reply_err(s, SAP_STR("usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE"));
        return;
    }
    format = sap_format_from_name(line + t->start[1], t->length[1]);
    if (format < 0) {
        reply_err(s, SAP_STR("unknown format: JUDGE BOOM|CASUAL|MASTER|NURIKABE"));
        return;
    }
    if (start_judge(s, (enum sap_format)format) != SAP_OK)
        reply_err(s, not_served);
}

static void take_request(struct sap_session *s, const char *line, const struct tokens *t)
{
    const char *word = line + t->start[0];
    uint32_t length = t->length[0];

    if (length == 1 && word[0] >= '0' && word[0] <= '3') {
        request_move(s, line, t, word[0] - '0');
    } else if (sap_word_is(word, length, SAP_STR("new"))) {
        request_new(s, line, t);
    } else if (sap_word_is(word, length, SAP_STR("show"))) {
        request_show(s, t);
    } else if (sap_word_is(word, length, SAP_STR("casual"))) {
        request_casual(s, line, t, REQUEST_CASUAL);
    } else if (sap_word_is(word, length, SAP_STR("casualmap"))) {
        request_casual(s, line, t, REQUEST_CASUALMAP);
    } else if (sap_word_is(word, length, SAP_STR("master"))) {
        request_master(s, line, t);
    } else if (sap_word_is(word, length, SAP_STR("nurikabe"))) {
        request_nurikabe(s, line, t);
    } else if (sap_word_is(word, length, SAP_STR("judge"))) {
        request_judge(s, line, t);
    } else if (sap_word_is(word, length, SAP_STR("help"))) {
        if (t->count != 1) {
            reply_err(s, SAP_STR("usage: HELP"));
            return;
        }
        s->text = help_text;
        s->text_left = SAP_SESSION_HELP_BYTES;
    } else if (sap_word_is(word, length, SAP_STR("bye"))) {
        if (t->count != 1) {
            reply_err(s, SAP_STR("usage: BYE"));
            return;
        }
        reply_line(s, SAP_STR("BYE"));
        s->mode = MODE_CLOSED;
        s->closing = true;
    } else {
        reply_err(s, SAP_STR("unknown request (HELP lists them)"));
    }
}

/* ---- the lines of a request -------------------------------------------- */

/* The request's last line was read: answer it. */
static void complete_request(struct sap_session *s)
{
    struct sap_casual_result result;
    int err;

    s->mode = MODE_REQUEST;
    if (s->deferred_length != 0) {
        uint16_t length = s->deferred_length;
        abandon_request(s);
        s->reply_length = length;
        s->reply_sent = 0;
        return;
    }
    switch (s->request) {
    case REQUEST_NEW:
        install_new_game(s);
        reply_ok_board(s, s->rows, s->cols, s->count);
        break;
    case REQUEST_CASUAL:
    case REQUEST_CASUALMAP:
        if (!SERVES(SAP_SOLVER_CASUAL))
            break;
        if (s->count == 0) { /* no safe cell: nothing left covered, no start */
            result.covered = 0;
            result.row = UINT32_MAX;
            result.col = UINT32_MAX;
            err = SAP_OK;
        } else {
            err = sap_casual_solve(s->solver.casual, &result);
        }
        if (err != SAP_OK) {
            reply_solver_err(s, err);
            release_work(s);
            break;
        }
        reply_start(s, SAP_STR(""));
        reply_add_u32(s, result.covered);
        reply_add(s, SAP_STR(" "));
        reply_add_u32(s, result.row + 1u);
        reply_add(s, SAP_STR(" "));
        reply_add_u32(s, result.col + 1u);
        reply_end(s);
        if (s->request == REQUEST_CASUALMAP) {
            s->out_row = 0;
            s->out_col = 0;
            s->out_kind = OUT_CASUALMAP; /* releases the block when written */
        } else {
            release_work(s);
        }
        break;
    case REQUEST_NURIKABE:
        if (!SERVES(SAP_SOLVER_NURIKABE))
            break;
        err = sap_nurikabe_verify(s->solver.nurikabe);
        if (err < 0)
            reply_solver_err(s, err);
        else
            reply_line(s, err > 0 ? SAP_STR("solved") : SAP_STR("not solved"));
        release_work(s);
        break;
    default:
        break;
    }
    s->request = REQUEST_NONE;
}

static void take_number_line(struct sap_session *s, const char *line, const struct tokens *t)
{
    uint32_t a[3];
    uint32_t item = s->item + 1u;
    int err;

    if (s->deferred_length != 0 || !SERVES(SAP_SOLVER_NURIKABE))
        return; /* the request has already failed: its lines are only counted */
    if (t->count != 3) {
        defer_err(s, number_line, item, SAP_STR(": expected r' c' n"), 0, NULL);
        return;
    }
    err = parse_tokens(line, t, 0, 3, a);
    if (err != SAP_OK) {
        defer_err(s, number_line, item,
                  err == SAP_ERR_SIZE ? SAP_STR(": number too large") : SAP_STR(": not a number"),
                  0, NULL);
        return;
    }
    err = sap_nurikabe_set_number(s->solver.nurikabe, a[0], a[1], a[2]);
    if (err == SAP_ERR_RANGE)
        defer_err(s, number_line, item, SAP_STR(": cell outside the grid (0-based)"),
                  0, NULL);
    else if (err == SAP_ERR_ARG)
        defer_err(s, number_line, item,
                  SAP_STR(": a zero number, or a second one in a cell"), 0, NULL);
    else if (err != SAP_OK)
        defer_err(s, sap_strerror(err), 0, NULL, 0, NULL);
}

/* A row of the board being read: one token of exactly `cols` cells. */
static void take_row(struct sap_session *s, const char *line, const struct tokens *t)
{
    uint32_t row = s->item, col;
    const char *cells = line + t->start[0];
    char blank, full;
    int err = SAP_OK;

    if (s->request == REQUEST_NEW) {
        blank = '_';
        full = '*';
    } else if (s->request == REQUEST_NURIKABE) {
        blank = '.';
        full = '#';
    } else {
        blank = '.';
        full = 'M';
    }
    if (s->deferred_length != 0)
        return; /* the request has already failed: its rows are only counted */
    if (t->count != 1 || t->length[0] != s->cols) {
        defer_err(s, SAP_STR("row "), row + 1, SAP_STR(": expected one word of "), s->cols,
                  SAP_STR(" cells"));
        return;
    }
    for (col = 0; col < s->cols; col++) {
        if (cells[col] != blank && cells[col] != full) {
            defer_err(s, SAP_STR("row "), row + 1,
                      s->request == REQUEST_NEW        ? SAP_STR(": cells must be _ or *")
                      : s->request == REQUEST_NURIKABE ? SAP_STR(": cells must be # or .")
                                                       : SAP_STR(": cells must be M or ."),
                      0, NULL);
            return;
        }
    }
    for (col = 0; col < s->cols && err == SAP_OK; col++) {
        bool is_full = cells[col] == full;
        switch (s->request) {
        case REQUEST_NEW:
            if (is_full) {
                err = sap_game_set_mine(s->new_game, row, col, true);
                s->count++;
            }
            break;
        case REQUEST_CASUALMAP:
            if (is_full) {
                size_t cell = (size_t)row * s->cols + col;
                unsigned char *mines =
                    (unsigned char *)s->work + SAP_CASUAL_BYTES(s->rows, s->cols);
                mines[cell >> 3] = (unsigned char)(mines[cell >> 3] | (1u << (cell & 7u)));
            }
            /* fall through */
        case REQUEST_CASUAL:
            if (!SERVES(SAP_SOLVER_CASUAL))
                break;
            if (is_full)
                err = sap_casual_set_mine(s->solver.casual, row, col, true);
            else
                s->count++;
            break;
        case REQUEST_NURIKABE:
            if (is_full && SERVES(SAP_SOLVER_NURIKABE))
                err = sap_nurikabe_set_shaded(s->solver.nurikabe, row, col, true);
            break;
        default:
            break;
        }
    }
    if (err != SAP_OK)
        defer_err(s, sap_strerror(err), 0, NULL, 0, NULL);
}

/* ---- lines ------------------------------------------------------------- */

static void take_line(struct sap_session *s, const char *line, uint32_t length)
{
    struct tokens t;

    if (length > 0 && line[length - 1] == '\r')
        length--;
    tokenize(line, length, &t);
    if (t.count == 0)
        return; /* blank lines are ignored everywhere */
    switch (s->mode) {
    case MODE_REQUEST:
        take_request(s, line, &t);
        return;
    case MODE_NUMBERS:
        take_number_line(s, line, &t);
        break;
    case MODE_ROWS:
        take_row(s, line, &t);
        break;
    default:
        return;
    }
    s->item++;
    if (--s->items_left == 0) {
        if (s->mode == MODE_NUMBERS) {
            s->mode = MODE_ROWS;
            s->items_left = s->rows;
            s->item = 0;
        } else {
            complete_request(s);
        }
    }
}

static void line_too_long(struct sap_session *s)
{
    abandon_request(s);
    reply_err(s, SAP_STR("line too long"));
    s->line_length = 0;
    s->mode = MODE_CLOSED;
    s->closing = true;
}

/* Frames bytes into lines until a reply is waiting or the mode changes. */
static size_t sink_lines(struct sap_session *s, const char *input, size_t length)
{
    size_t i = 0;
    while (i < length && s->mode <= MODE_ROWS && !output_pending(s)) {
        char c = input[i++];
        if (s->skip_line) {
            s->skip_line = c != '\n';
        } else if (c == '\n') {
            uint32_t line_length = s->line_length;
            s->line_length = 0;
            take_line(s, s->line, line_length);
        } else if (s->line_length < SAP_LINE_MAX
                   || (s->line_length == SAP_LINE_MAX && c == '\r')) {
            s->line[s->line_length++] = c;
        } else {
            line_too_long(s);
        }
    }
    return i;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f';
}

/* How much of a JUDGE stream to give the reader at once: up to and
 * including the next whitespace byte.  A reader learns that its input is
 * complete only where a token ends, and it would take the bytes after
 * that as its own (and fail on them): so the session looks in between. */
static size_t through_next_space(const char *input, size_t length)
{
    size_t k;
    for (k = 0; k < length; k++)
        if (is_space(input[k]))
            return k + 1;
    return length;
}

/* ---- the API ----------------------------------------------------------- */

void sap_session_init(struct sap_session *s, const struct sap_memory *memory)
{
    memset(s, 0, sizeof *s);
    s->memory = memory;
    s->mode = MODE_REQUEST;
}

int sap_session_start_judge(struct sap_session *s, enum sap_format format)
{
    if ((unsigned)format >= SAP_FORMAT_COUNT)
        return SAP_ERR_ARG;
    if (s->mode != MODE_REQUEST || s->request != REQUEST_NONE || output_pending(s))
        return SAP_ERR_STATE;
    if (start_judge(s, format) != SAP_OK)
        return SAP_ERR_ARG; /* a solver this build leaves out */
    s->judge_only = true;
    settle(s);
    return SAP_OK;
}

int sap_session_judge_result(const struct sap_session *s, uint32_t *line, const char **reason)
{
    int status = s->judge.status;
    if (line != NULL)
        *line = status < 0 ? s->judge.error_line : 0;
    if (reason != NULL)
        *reason = status < 0 ? s->judge.error_reason : NULL; /* RAM text */
    return status;
}

/* True while a judge-only stream (sapperd --judge) is being read and the
 * session itself has nothing to say: then sink and poll are the reader's
 * own calls, and the per-move round trip skips the session's bookkeeping. */
static bool judge_only_reading(const struct sap_session *s)
{
    return s->judge_only && s->mode == MODE_JUDGE && !s->finished
           && s->judge.status == SAP_JUDGE_READING && s->reply_length == 0
           && s->text_left == 0 && s->out_kind == OUT_NONE;
}

size_t sap_session_sink(struct sap_session *s, const char *input, size_t length)
{
    size_t i = 0;
    if (judge_only_reading(s)) {
        i = sap_judge_sink(&s->judge, input, length);
        if (s->judge.status != SAP_JUDGE_READING)
            settle(s);
        return i;
    }
    while (i < length) {
        size_t taken;
        settle(s);
        if (output_pending(s))
            break;
        switch (s->mode) {
        case MODE_JUDGE:
            taken = sap_judge_sink(&s->judge, input + i,
                                   s->judge_only ? length - i
                                                 : through_next_space(input + i, length - i));
            /* a stream that fails inside a line takes the rest of it along,
             * so that one bad line gets one ERR */
            if (s->judge.status < 0 && !s->judge_only && taken > 0 && input[i + taken - 1] != '\n')
                s->skip_line = true;
            break;
        case MODE_CLOSED:
            taken = length - i;
            break;
        default:
            taken = sink_lines(s, input + i, length - i);
            break;
        }
        i += taken;
        if (taken == 0) {
            settle(s);
            if (!output_pending(s) && s->mode == MODE_JUDGE)
                break; /* a reader that takes nothing and says nothing */
        }
    }
    settle(s);
    return i;
}

size_t sap_session_poll(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    if (judge_only_reading(s)) {
        n = sap_judge_poll(&s->judge, out, cap);
        if (s->judge.status != SAP_JUDGE_READING)
            settle(s);
        return n;
    }
    while (n < cap) {
        size_t k;
        settle(s);
        if (s->reply_sent < s->reply_length) {
            k = s->reply_length - s->reply_sent;
            if (k > cap - n)
                k = cap - n;
            memcpy(out + n, s->reply + s->reply_sent, k);
            s->reply_sent = (uint16_t)(s->reply_sent + k);
            if (s->reply_sent == s->reply_length)
                s->reply_sent = s->reply_length = 0;
        } else if (s->text_left > 0) {
            k = s->text_left < cap - n ? s->text_left : cap - n;
            sap_rom_copy(out + n, s->text, k);
            s->text += k;
            s->text_left -= (uint32_t)k;
        } else if (s->out_kind != OUT_NONE) {
            k = write_long_reply(s, out + n, cap - n);
        } else if (s->mode == MODE_JUDGE) {
            k = sap_judge_poll(&s->judge, out + n, cap - n);
            if (k == 0) {
                settle(s);
                if (s->mode == MODE_JUDGE)
                    break; /* nothing more from the reader for now */
            }
        } else {
            break;
        }
        n += k;
    }
    settle(s);
    return n;
}

void sap_session_finish(struct sap_session *s)
{
    if (s->finished)
        return;
    s->finished = true;
    settle(s);
}

bool sap_session_closing(const struct sap_session *s)
{
    return s->closing;
}

void sap_session_release(struct sap_session *s)
{
    abandon_request(s);
    release_work(s);
    release_game(s);
    sap_judge_release(&s->judge);
    s->out_kind = OUT_NONE;
}
