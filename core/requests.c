/*
 * requests.c - the protocol's request table (sapper.h section 9), and the
 * requests that bring a board of their own (CASUAL, CASUALMAP, NURIKABE,
 * MASTER) or need none (JUDGE, HELP, BYE).  The requests on the current
 * game are in requests_game.c and requests_deduce.c.
 *
 * Each request is one row of `sap_requests`, in the style of Redis's
 * commandTable: its keyword, its argument count and kind, the solver it
 * needs, the alphabet of its board rows, and its handlers - the request
 * line's, the number lines' and rows', its work step and its reply writer
 * (protocol.h says when the session calls each).  The session does what
 * requests share; a handler does only its own part and keeps its state in
 * its own struct in s->req.
 */
#include "protocol.h"

/* ---- CASUAL and CASUALMAP ------------------------------------------------ */

/* CASUALMAP's mine bits, a bit per cell after the solver's block. */
static unsigned char *casual_mine_bits(const struct sap_session *s)
{
    return (unsigned char *)s->block + SAP_CASUAL_BYTES(s->rows, s->cols);
}

static void start_casual(struct sap_session *s, const uint32_t *a, bool map)
{
    size_t bytes = SAP_CASUAL_BYTES(a[0], a[1]);
    size_t map_bytes = map ? ((size_t)a[0] * a[1] + 7u) / 8u : 0;
    void *block;
    int err;

    sap_session_expect_lines(s, a[0], a[1], 0);
    s->req.casual.safe = 0;
    s->req.casual.map = map;
    block = sap_session_acquire_block(s, bytes + map_bytes, SAP_MEMORY_WORK);
    if (block == NULL) {
        sap_session_defer_err(s, sap_reason_no_memory);
        return;
    }
    if (map_bytes > 0)
        memset(casual_mine_bits(s), 0, map_bytes);
    err = sap_casual_init(&s->req.casual.solver, block, bytes, a[0], a[1]);
    if (err != SAP_OK)
        sap_session_defer_err(s, sap_strerror(err));
}

static void take_casual(struct sap_session *s, const struct request_line *r)
{
    start_casual(s, r->args, false);
}

static void take_casualmap(struct sap_session *s, const struct request_line *r)
{
    start_casual(s, r->args, true);
}

static void row_casual(struct sap_session *s, uint32_t row, const char *cells)
{
    uint32_t col, safe = 0;
    (void)sap_casual_set_row(s->req.casual.solver, row, 0, cells, s->cols);
    for (col = 0; col < s->cols; col++)
        safe += cells[col] == '.';
    s->req.casual.safe += safe;
    if (!s->req.casual.map)
        return;
    for (col = 0; col < s->cols; col++) { /* the mine bits follow the solver's block */
        if (cells[col] == 'M') {
            size_t cell = (size_t)row * s->cols + col;
            unsigned char *mines = casual_mine_bits(s);
            mines[cell >> 3] = (unsigned char)(mines[cell >> 3] | (1u << (cell & 7u)));
        }
    }
}

/* The answer line "<covered> <x> <y>", then CASUALMAP's map. */
static void reply_casual(struct sap_session *s, uint32_t covered, uint32_t row, uint32_t col)
{
    sap_session_reply_numbers(s, SAP_STR(""), covered, row, col);
    if (s->req.casual.map) {
        s->req.casual.row = 0;
        s->req.casual.col = 0;
        sap_session_stream_reply(s);
    }
}

static bool work_casual(struct sap_session *s)
{
    struct sap_casual_result result;
    int err;
    if (s->req.casual.safe == 0) { /* no safe cell: nothing left covered, no start */
        reply_casual(s, 0, 0, 0);
        return false;
    }
    if (sap_session_give_up(s))
        return false;
    err = sap_casual_solve_step(s->req.casual.solver, s->budget, &result);
    if (err == SAP_MORE)
        return true;
    if (err == SAP_OK)
        reply_casual(s, result.covered, result.row + 1u, result.col + 1u);
    else
        sap_session_reply_strerror(s, err);
    return false;
}

/* The best start's end, a cell at a time: 'M', '#' left covered, '.'. */
static size_t reply_casualmap(struct sap_session *s, char *out, size_t cap)
{
    const unsigned char *mines = casual_mine_bits(s);
    size_t n = 0;
    while (n < cap && s->req.casual.row < s->rows) {
        uint32_t row = s->req.casual.row, col = s->req.casual.col;
        size_t cell = (size_t)row * s->cols + col;
        if (col == s->cols)
            out[n++] = '\n';
        else if (mines[cell >> 3] & (1u << (cell & 7u)))
            out[n++] = 'M';
        else if (s->req.casual.safe != 0
                 && sap_casual_left_covered(s->req.casual.solver, row, col))
            out[n++] = '#';
        else
            out[n++] = '.';
        if (++col == s->cols + 1u) {
            col = 0;
            s->req.casual.row++;
        }
        s->req.casual.col = col;
    }
    return n;
}

/* ---- NURIKABE --------------------------------------------------------------- */

static void take_nurikabe(struct sap_session *s, const struct request_line *r)
{
    const uint32_t *a = r->args;
    size_t bytes;
    void *block;
    int err;
    if (a[2] > a[0] * a[1]) {
        uint32_t n[2];
        n[0] = a[2];
        n[1] = a[0] * a[1];
        sap_session_reply_err_format(
            s, SAP_STR("more numbers than cells: d is #, the grid has #"), n, NULL, 0);
        return;
    }
    bytes = SAP_NURIKABE_BYTES(a[0], a[1], a[2]);
    sap_session_expect_lines(s, a[0], a[1], a[2]);
    block = sap_session_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL) {
        sap_session_defer_err(s, sap_reason_no_memory);
        return;
    }
    err = sap_nurikabe_init(&s->req.nurikabe.grid, block, bytes, a[0], a[1], a[2]);
    if (err != SAP_OK)
        sap_session_defer_err(s, sap_strerror(err));
}

/* A number line "r' c' n" (0-based cell, as in the statement). */
static void number_line_nurikabe(struct sap_session *s, const char *line,
                                 const struct tokens *t)
{
    uint32_t a[3] = { 0, 0, 0 }, n[5], bad = 0;
    const char *reason = SAP_STR("expected the 3 numbers r' c' n");

    if (t->count == 3)
        reason = sap_session_parse_numbers(line, t, 0, 3, a, &bad);
    if (t->count == 3 && reason == NULL) {
        int err = sap_nurikabe_set_number(s->req.nurikabe.grid, a[0], a[1], a[2]);
        if (err == SAP_ERR_RANGE)
            reason = SAP_STR("(#, #) is outside the grid: rows 0-#, columns 0-# (0-based)");
        else if (err == SAP_ERR_ARG && a[2] == 0)
            reason = SAP_STR("n must be at least 1");
        else if (err == SAP_ERR_ARG)
            reason = SAP_STR("(#, #) holds a number already");
        else if (err != SAP_OK)
            reason = sap_strerror(err);
    }
    if (reason == NULL)
        return;
    n[0] = s->item + 1;
    n[1] = a[0];
    n[2] = a[1];
    n[3] = s->rows - 1u;
    n[4] = s->cols - 1u;
    sap_session_reply_start_err(s);
    sap_session_reply_add_format(s, SAP_STR("number line #: "), n, NULL, 0);
    sap_session_reply_add_format(s, reason, n + 1, line + t->start[bad], t->length[bad]);
    sap_session_reply_end(s);
    sap_session_defer_reply(s);
}

static void row_nurikabe(struct sap_session *s, uint32_t row, const char *cells)
{
    sap_nurikabe_set_row(s->req.nurikabe.grid, row, 0, cells, s->cols);
}

static bool work_nurikabe(struct sap_session *s)
{
    bool solved = false;
    int err;
    if (sap_session_give_up(s))
        return false;
    err = sap_nurikabe_verify_step(s->req.nurikabe.grid, s->budget, &solved);
    if (err == SAP_MORE)
        return true;
    if (err == SAP_OK)
        sap_session_reply_line(s, solved ? SAP_STR("solved") : SAP_STR("not solved"));
    else
        sap_session_reply_strerror(s, err);
    return false;
}

/* ---- MASTER ------------------------------------------------------------------- */

static void take_master(struct sap_session *s, const struct request_line *r)
{
    const uint32_t *a = r->args;
    int err;
    if (a[2] >= a[0] * a[1]) {
        sap_session_reply_too_many_mines(s, a[0], a[1]);
        return;
    }
    err = sap_master_plan(&s->req.master.plan, a[0], a[1], a[2]);
    if (err == SAP_ERR_IMPOSSIBLE) {
        sap_session_reply_line(s, SAP_STR("Impossible"));
    } else if (err != SAP_OK) {
        sap_session_reply_strerror(s, err);
    } else {
        s->rows = a[0];
        s->cols = a[1];
        s->req.master.row = 0;
        s->req.master.col = 0;
        sap_session_stream_reply(s);
    }
}

/* The planned board: runs of cells straight from the plan, then line ends. */
static size_t reply_master(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->req.master.row < s->rows) {
        size_t k = 0;
        if (s->req.master.col < s->cols)
            k = sap_master_write_row(&s->req.master.plan, s->req.master.row, s->req.master.col,
                                     out + n, cap - n);
        if (k == 0) { /* the row is out (a plan that writes nothing ends it too) */
            out[n++] = '\n';
            s->req.master.col = 0;
            s->req.master.row++;
        } else {
            s->req.master.col += (uint32_t)k;
            n += k;
        }
    }
    return n;
}

/* ---- SET ------------------------------------------------------------------------ */

SAP_TEXT(t_usage_set, "usage: SET ECHO|COLOR|VIEW ON|OFF");

/* SET ECHO|COLOR|VIEW ON|OFF: an option for a person at a terminal. */
static void take_set(struct sap_session *s, const struct request_line *r)
{
    const char *line = r->text;
    const struct tokens *t = r->tokens;
    const char *option = line + t->start[1], *value = line + t->start[2];
    uint8_t bit = sap_word_is(option, t->length[1], SAP_STR("echo"))    ? SAP_TERMINAL_ECHO
                  : sap_word_is(option, t->length[1], SAP_STR("color")) ? SAP_TERMINAL_COLOR
                  : sap_word_is(option, t->length[1], SAP_STR("view"))  ? SAP_TERMINAL_VIEW
                                                                        : 0u;
    bool on = sap_word_is(value, t->length[2], SAP_STR("on"));
    if (bit == 0u || (!on && !sap_word_is(value, t->length[2], SAP_STR("off")))) {
        sap_session_reply_err(s, t_usage_set);
        return;
    }
    if (bit != SAP_TERMINAL_ECHO && !SERVES(SAP_SOLVER_VIEW)) { /* they are VIEW's options */
        sap_session_reply_err_format(s, sap_reason_not_served, NULL, option, t->length[1]);
        return;
    }
    s->terminal = (uint8_t)(on ? s->terminal | bit : s->terminal & ~bit);
    sap_session_reply_line(s, SAP_STR("OK"));
}

/* ---- JUDGE, HELP, BYE ----------------------------------------------------------- */

static void take_judge(struct sap_session *s, const struct request_line *r)
{
    const char *name = r->text + r->tokens->start[1];
    uint32_t length = r->tokens->length[1];
    int format = sap_format_from_name(name, length);
    const char *reason = SAP_STR("unknown format %: JUDGE BOOM|CASUAL|MASTER|NURIKABE");
    if (format >= 0) {
        if (sap_session_judge_begin(s, (enum sap_format)format) == SAP_OK)
            return;
        reason = sap_reason_not_served;
    }
    sap_session_reply_err_format(s, reason, NULL, name, length);
}

/* HELP is each served row's `help`, in the table's order, then END: a row
 * whose solver this build leaves out has none (the macros below), so a
 * board's HELP lists only what it serves (core/sapper.h counts the bytes
 * and lines per build, SAP_SESSION_HELP_BYTES; the build checks them). */
SAP_TEXT(end_line, "END\n");

static void take_help(struct sap_session *s, const struct request_line *r)
{
    (void)r;
    s->req.help.at = NULL;
    s->req.help.row = 0;
    sap_session_stream_reply(s);
}

static size_t reply_help(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap) {
        const char *at = s->req.help.at;
        char c = at != NULL ? sap_rom_byte(at) : '\0';
        if (c != '\0') {
            out[n++] = c;
            s->req.help.at = at + 1;
        } else if (s->req.help.row < REQUEST_KINDS) { /* the next row's text, if any */
            REQUEST_FIELD(s->req.help.row, help, s->req.help.at);
            s->req.help.row++;
        } else if (s->req.help.row == REQUEST_KINDS) {
            s->req.help.at = end_line;
            s->req.help.row++;
        } else {
            break;
        }
    }
    return n;
}

#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
/* RESUME <token>: the server's game kept under token becomes this
 * session's.  The token's own bytes are never quoted back: a wrong one is
 * told no more than that nothing is kept under it. */
static void take_resume(struct sap_session *s, const struct request_line *r)
{
    struct sap_kept_game kept = { NULL, NULL };
    int err;

    if (s->resume == NULL) {
        sap_session_reply_err(s, SAP_STR("this server keeps no games to resume"));
        return;
    }
    err = s->resume(s->resume_context, r->text + r->tokens->start[1], r->tokens->length[1],
                    &kept);
    if (err == SAP_ERR_STATE) {
        sap_session_reply_err(s, SAP_STR("that game is busy answering a request; try again"));
        return;
    }
    if (err != SAP_OK || kept.game == NULL) {
        sap_session_reply_err(s, SAP_STR("no game is kept under that token (wrong, expired "
                                         "or already resumed)"));
        return;
    }
    sap_session_put_game(s, &kept);
    sap_session_reply_numbers(s, SAP_STR("OK "), sap_game_rows(s->game), sap_game_cols(s->game),
                              sap_game_mines(s->game));
}
#endif

static void take_bye(struct sap_session *s, const struct request_line *r)
{
    (void)r;
    sap_session_reply_line(s, SAP_STR("BYE"));
    sap_session_close(s);
}

/* ---- the table ---------------------------------------------------------------- */

/* Its texts (a static initializer cannot hold SAP_STR). */
SAP_TEXT(t_new, "new");
SAP_TEXT(t_1, "1");
SAP_TEXT(t_2, "2");
SAP_TEXT(t_3, "3");
SAP_TEXT(t_usage_click, "usage: 1|2|3 <x> <y>");
SAP_TEXT(t_0, "0");
SAP_TEXT(t_usage_0, "usage: 0");
SAP_TEXT(t_show, "show");
SAP_TEXT(t_usage_show, "usage: SHOW");
SAP_TEXT(t_view, "view");
SAP_TEXT(t_hint, "hint");
SAP_TEXT(t_usage_hint, "usage: HINT");
SAP_TEXT(t_play, "play");
SAP_TEXT(t_usage_play, "usage: PLAY [<n>]");
SAP_TEXT(t_prob, "prob");
SAP_TEXT(t_usage_prob, "usage: PROB");
SAP_TEXT(t_stats, "stats");
SAP_TEXT(t_usage_stats, "usage: STATS");
SAP_TEXT(t_casual, "casual");
SAP_TEXT(t_usage_casual, "usage: CASUAL <r> <c>");
SAP_TEXT(t_casualmap, "casualmap");
SAP_TEXT(t_usage_casualmap, "usage: CASUALMAP <r> <c>");
SAP_TEXT(t_master, "master");
SAP_TEXT(t_usage_master, "usage: MASTER <R> <C> <M>");
SAP_TEXT(t_nurikabe, "nurikabe");
SAP_TEXT(t_usage_nurikabe, "usage: NURIKABE <r> <c> <d>");
SAP_TEXT(t_judge, "judge");
SAP_TEXT(t_usage_judge, "usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE");
SAP_TEXT(t_set, "set");
SAP_TEXT(t_help, "help");
SAP_TEXT(t_usage_help, "usage: HELP");
SAP_TEXT(t_bye, "bye");
SAP_TEXT(t_usage_bye, "usage: BYE");
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
SAP_TEXT(t_resume, "resume");
SAP_TEXT(t_usage_resume, "usage: RESUME <token> (VIEW shows a game's token)");
#endif

/* Each row's HELP lines.  What a build leaves out is left out of them too:
 * NEW's CASUAL and NOGUESS levels (the deduction engine plays them), and
 * JUDGE's formats (core/sapper.h's SAP_SESSION_HELP_BYTES counts alike). */
#if (SAP_SOLVERS) & SAP_SOLVER_DEDUCE
#define HELP_NEW_LEVELS "NEW ... CASUAL|NOGUESS (last): a random game that needs no guess\n"
#else
#define HELP_NEW_LEVELS ""
#endif
#if (SAP_SOLVERS) & SAP_SOLVER_CASUAL
#define HELP_JUDGE_CASUAL "|CASUAL"
#else
#define HELP_JUDGE_CASUAL ""
#endif
#if (SAP_SOLVERS) & SAP_SOLVER_MASTER
#define HELP_JUDGE_MASTER "|MASTER"
#else
#define HELP_JUDGE_MASTER ""
#endif
#if (SAP_SOLVERS) & SAP_SOLVER_NURIKABE
#define HELP_JUDGE_NURIKABE "|NURIKABE"
#else
#define HELP_JUDGE_NURIKABE ""
#endif
#if SAP_NEW_SHORTCUTS
#define HELP_NEW_RANDOM                                                                        \
    "NEW <rows> <cols> <mines> [<seed>]: a random game; without a seed, one is named\n"        \
    "NEW BEGINNER|INTERMEDIATE|EXPERT [<seed>]: 9x9 10, 16x16 40, 16x30 99 mines\n"
#else
#define HELP_NEW_RANDOM                                                                        \
    "NEW <rows> <cols> <mines> <seed>: a random game, laid at the first left click\n"
#endif
SAP_TEXT(
    h_new,
    "NEW <rows> <cols>, then <rows> lines of _ and *: a game on that board\n" HELP_NEW_RANDOM
        HELP_NEW_LEVELS);
SAP_TEXT(h_1, "1 <x> <y>: left click (open) at row x, column y, 1-based\n");
SAP_TEXT(h_2, "2 <x> <y>: right click (cycle the mark _ P ?)\n");
SAP_TEXT(h_3, "3 <x> <y>: middle click (chord)\n");
SAP_TEXT(h_0, "0: end the game (QUIT if it was running)\n");
SAP_TEXT(h_show, "SHOW: the player map\n");
SAP_TEXT(h_view, "VIEW: the board drawn for a person (rulers, mines left), then END\n");
SAP_TEXT(h_hint, "HINT: a certain cell and why, or the guess likeliest to win\n");
SAP_TEXT(h_play,
         "PLAY [<n>]: HINT's moves played to the end (or n): each, its reply, then END\n");
SAP_TEXT(h_prob,
         "PROB: the player map with each covered cell's mine odds (VIEW PROB: drawn)\n");
SAP_TEXT(h_stats, "STATS: the board's 3BV, openings, islands, and the clicks so far\n");
SAP_TEXT(
    h_casual,
    "CASUAL <r> <c>, then r lines of M and .: fewest cells left covered, best first cell\n");
SAP_TEXT(h_casualmap,
         "CASUALMAP <r> <c>, then r lines of M and .: as CASUAL, then the best start's map\n");
SAP_TEXT(h_master, "MASTER <R> <C> <M>: a board won by one click, or Impossible\n");
SAP_TEXT(h_nurikabe,
         "NURIKABE <r> <c> <d>, then d lines r' c' n and r lines of # and .: solved or not\n");
SAP_TEXT(h_judge, "JUDGE BOOM" HELP_JUDGE_CASUAL HELP_JUDGE_MASTER HELP_JUDGE_NURIKABE
                  ", then that statement's input: its output, then END\n");
#if (SAP_SOLVERS) & SAP_SOLVER_VIEW
SAP_TEXT(h_set, "SET ECHO|COLOR|VIEW ON|OFF: options for a person at a terminal\n");
#else
SAP_TEXT(h_set, "SET ECHO ON|OFF: echo what is typed (backspace edits)\n");
#endif
SAP_TEXT(h_help, "HELP: this list, then END\n");
SAP_TEXT(h_bye, "BYE: close the session\n");
SAP_TEXT(h_resume, "RESUME <token>: take over the game of a connection that dropped\n");
SAP_STATIC_ASSERT(help_resume_bytes, sizeof(h_resume) - 1u == SAP_HELP_RESUME_BYTES);

/* The sum of the served rows' texts and END is what sapper.h declares. */
#define HELP_BYTES(text) (sizeof(text) - 1u)
#define HELP_SERVED(solver, text) (SERVES(solver) ? HELP_BYTES(text) : 0u)
SAP_STATIC_ASSERT(
    help_bytes,
    HELP_BYTES(h_new) + HELP_BYTES(h_1) + HELP_BYTES(h_2) + HELP_BYTES(h_3) + HELP_BYTES(h_0)
            + HELP_BYTES(h_show) + HELP_SERVED(SAP_SOLVER_VIEW, h_view)
            + HELP_SERVED(SAP_SOLVER_DEDUCE, h_hint) + HELP_SERVED(SAP_SOLVER_DEDUCE, h_play)
            + HELP_SERVED(SAP_SOLVER_DEDUCE, h_prob) + HELP_SERVED(SAP_SOLVER_STATS, h_stats)
            + HELP_SERVED(SAP_SOLVER_CASUAL, h_casual)
            + HELP_SERVED(SAP_SOLVER_CASUAL, h_casualmap)
            + HELP_SERVED(SAP_SOLVER_MASTER, h_master)
            + HELP_SERVED(SAP_SOLVER_NURIKABE, h_nurikabe) + HELP_BYTES(h_judge)
            + HELP_BYTES(h_set) + HELP_BYTES(h_help) + HELP_BYTES(h_bye)
            + HELP_SERVED(SAP_SOLVER_RESUME, h_resume) + HELP_BYTES(end_line)
        == SAP_SESSION_HELP_BYTES);

/* A solver this build leaves out has no handlers (nothing refers to its
 * code, so the link drops it); the walk refuses its requests first. */
#define CASUAL(handler) (SERVES(SAP_SOLVER_CASUAL) ? (handler) : NULL)
#define MASTER(handler) (SERVES(SAP_SOLVER_MASTER) ? (handler) : NULL)
#define NURIKABE(handler) (SERVES(SAP_SOLVER_NURIKABE) ? (handler) : NULL)
#define DEDUCE(handler) (SERVES(SAP_SOLVER_DEDUCE) ? (handler) : NULL)
#define VIEW(handler) (SERVES(SAP_SOLVER_VIEW) ? (handler) : NULL)
#define STATS(handler) (SERVES(SAP_SOLVER_STATS) ? (handler) : NULL)
#define BOARD (ARGS_NUMBERS | ARGS_BOARD)
#define CLICK(keyword, help_text)                                                              \
    {                                                                                          \
        .word = (keyword), .usage = t_usage_click, .help = (help_text), .args_min = 2,         \
        .args_max = 2, .flags = ARGS_NUMBERS | NEEDS_GAME, .take = sap_req_move_take,          \
        .work = sap_req_move_work, .reply = sap_req_move_reply                                 \
    }
/* A request without arguments. */
#define ALONE(keyword, usage_text, help_text, more_flags, needs)                               \
    .word = (keyword), .usage = (usage_text), .help = (help_text),                             \
    .flags = ARGS_NUMBERS | (more_flags), .solver = (needs)

const struct sap_request sap_requests[REQUEST_KINDS] SAP_ROM_TABLE = {
    [REQ_NEW] = { .word = t_new,
                  .usage = sap_usage_new,
                  .help = h_new,
                  .args_min = 1,
                  .args_max = 5,
                  .flags = BOARD | ARGS_LEVEL | ARGS_PRESET,
                  .rows = sap_rows_game,
                  .take = sap_req_new_take,
                  .row = sap_req_new_row,
                  .work = sap_req_new_work },
    [REQ_LEFT] = CLICK(t_1, h_1),
    [REQ_RIGHT] = CLICK(t_2, h_2),
    [REQ_CHORD] = CLICK(t_3, h_3),
    [REQ_QUIT] = { ALONE(t_0, t_usage_0, h_0, 0, 0), .take = sap_req_quit_take },
    [REQ_SHOW] = { ALONE(t_show, t_usage_show, h_show, NEEDS_GAME, 0),
                   .take = sap_req_show_take, .reply = sap_req_show_reply },
    [REQ_VIEW] = { .word = t_view,
                   .usage = VIEW(sap_usage_view),
                   .help = VIEW(h_view),
                   .args_max = 1,
                   .flags = NEEDS_GAME,
                   .solver = SAP_SOLVER_VIEW,
                   .take = VIEW(sap_req_view_take),
                   .work = VIEW(sap_req_view_work),
                   .reply = VIEW(sap_req_view_reply) },
    [REQ_HINT] = { ALONE(t_hint, DEDUCE(t_usage_hint), DEDUCE(h_hint), NEEDS_GAME,
                         SAP_SOLVER_DEDUCE),
                   .take = DEDUCE(sap_req_deduce_take), .work = DEDUCE(sap_req_hint_work) },
    [REQ_PLAY] = { .word = t_play,
                   .usage = DEDUCE(t_usage_play),
                   .help = DEDUCE(h_play),
                   .args_max = 1,
                   .flags = ARGS_NUMBERS | NEEDS_GAME,
                   .solver = SAP_SOLVER_DEDUCE,
                   .take = DEDUCE(sap_req_play_take),
                   .work = DEDUCE(sap_req_play_work),
                   .reply = DEDUCE(sap_req_play_reply) },
    [REQ_PROB] = { ALONE(t_prob, DEDUCE(t_usage_prob), DEDUCE(h_prob), NEEDS_GAME,
                         SAP_SOLVER_DEDUCE),
                   .take = DEDUCE(sap_req_deduce_take), .work = DEDUCE(sap_req_prob_work),
                   .reply = DEDUCE(sap_req_prob_reply) },
    [REQ_STATS] = { ALONE(t_stats, STATS(t_usage_stats), STATS(h_stats), NEEDS_GAME,
                          SAP_SOLVER_STATS),
                    .take = STATS(sap_req_stats_take), .work = STATS(sap_req_stats_work) },
    [REQ_CASUAL] = { .word = t_casual,
                     .usage = CASUAL(t_usage_casual),
                     .help = CASUAL(h_casual),
                     .args_min = 2,
                     .args_max = 2,
                     .flags = BOARD,
                     .solver = SAP_SOLVER_CASUAL,
                     .rows = sap_rows_casual,
                     .take = CASUAL(take_casual),
                     .row = CASUAL(row_casual),
                     .work = CASUAL(work_casual) },
    [REQ_CASUALMAP] = { .word = t_casualmap,
                        .usage = CASUAL(t_usage_casualmap),
                        .help = CASUAL(h_casualmap),
                        .args_min = 2,
                        .args_max = 2,
                        .flags = BOARD,
                        .solver = SAP_SOLVER_CASUAL,
                        .rows = sap_rows_casual,
                        .take = CASUAL(take_casualmap),
                        .row = CASUAL(row_casual),
                        .work = CASUAL(work_casual),
                        .reply = CASUAL(reply_casualmap) },
    [REQ_MASTER] = { .word = t_master,
                     .usage = MASTER(t_usage_master),
                     .help = MASTER(h_master),
                     .args_min = 3,
                     .args_max = 3,
                     .flags = BOARD,
                     .solver = SAP_SOLVER_MASTER,
                     .take = MASTER(take_master),
                     .reply = MASTER(reply_master) },
    [REQ_NURIKABE] = { .word = t_nurikabe,
                       .usage = NURIKABE(t_usage_nurikabe),
                       .help = NURIKABE(h_nurikabe),
                       .args_min = 3,
                       .args_max = 3,
                       .flags = BOARD,
                       .solver = SAP_SOLVER_NURIKABE,
                       .rows = sap_rows_nurikabe,
                       .take = NURIKABE(take_nurikabe),
                       .number_line = NURIKABE(number_line_nurikabe),
                       .row = NURIKABE(row_nurikabe),
                       .work = NURIKABE(work_nurikabe) },
    [REQ_JUDGE] = { .word = t_judge,
                    .usage = t_usage_judge,
                    .help = h_judge,
                    .args_min = 1,
                    .args_max = 1,
                    .take = take_judge },
    [REQ_SET] = { .word = t_set,
                  .usage = t_usage_set,
                  .help = h_set,
                  .args_min = 2,
                  .args_max = 2,
                  .take = take_set },
    [REQ_HELP] = { ALONE(t_help, t_usage_help, h_help, 0, 0), .take = take_help,
                   .reply = reply_help },
    [REQ_BYE] = { ALONE(t_bye, t_usage_bye, h_bye, 0, 0), .take = take_bye },
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    [REQ_RESUME] = { .word = t_resume,
                     .usage = t_usage_resume,
                     .help = h_resume,
                     .args_min = 1,
                     .args_max = 1,
                     .solver = SAP_SOLVER_RESUME,
                     .take = take_resume },
#endif
};
