/*
 * requests_game.c - the requests on the current game: NEW, 0, the clicks
 * 1 2 3, SHOW, STATS (the deduction engine's HINT, PROB and PLAY are in
 * requests_deduce.c).  Their rows of the request table are in requests.c;
 * their state is their own struct in s->req (sapper.h).
 */
#include "deduce_hint.h"
#include "game.h"
#include "geometry.h"
#include "protocol.h"

/* "OK r c mines", and with `named` " SEED <seed>": the seed a NEW without
 * one was given, with which NEW r c mines seed replays the board. */
static void reply_ok_board(struct sap_session *s, uint32_t rows, uint32_t cols, uint32_t mines,
                           bool named, uint32_t seed)
{
    sap_session_reply_numbers(s, SAP_STR("OK "), rows, cols, mines);
    if (named) {
        s->reply_length--; /* the line end, written again after the seed */
        sap_session_reply_add(s, SAP_STR(" SEED "));
        sap_session_reply_add_u32(s, seed);
        sap_session_reply_end(s);
    }
}

#if SAP_NEW_SHORTCUTS
const char sap_usage_new[] SAP_ROM =
    "usage: NEW <rows> <cols> [<mines> [<seed>] [CASUAL|NOGUESS]] "
    "or NEW BEGINNER|INTERMEDIATE|EXPERT [<seed>] [<level>]";
#else
const char sap_usage_new[] SAP_ROM =
    "usage: NEW <rows> <cols> [<mines> <seed> [CASUAL|NOGUESS]]";
#endif

/* ---- NEW ------------------------------------------------------------------- */

/* The classic levels: BEGINNER 9 x 9 with 10 mines, INTERMEDIATE 16 x 16
 * with 40, EXPERT 16 x 30 with 99. */
SAP_TEXT(preset_words, "beginner\0intermediate\0expert");
static const char preset_sizes[9] SAP_ROM = { 9, 9, 10, 16, 16, 40, 16, 30, 99 };

bool sap_new_preset(const char *word, uint32_t length, uint32_t *args)
{
    const char *name = preset_words;
    uint32_t i, k;
    for (i = 0; i < sizeof preset_sizes; i += 3u) {
        if (sap_word_is(word, length, name)) {
            for (k = 0; k < 3u; k++)
                args[k] = (uint8_t)sap_rom_byte(&preset_sizes[i + k]);
            return true;
        }
        name += sap_text_length(name) + 1u;
    }
    return false;
}

/* A GAME block for a NEW, beside the current game: a refusal leaves that
 * game playing.  Only a board past SAP_MAX_WORK_BYTES (a microcontroller's
 * single game arena) is never held beside it: that game goes first. */
static void *acquire_game(struct sap_session *s, size_t bytes)
{
    if (!sap_work_fits(bytes))
        sap_session_release_game(s);
    return sap_session_acquire_block(s, bytes, SAP_MEMORY_GAME);
}

/* NEW r c reads its rows into a game of its own; NEW r c mines [seed]
 * [level] (or a preset for r c mines) makes one at once, with a seed from
 * the session's source (sap_session_set_seeds) when the line names none.
 * Either replaces the current game only once it is complete. */
void sap_req_new_take(struct sap_session *s, const struct request_line *r)
{
    const uint32_t *a = r->args;
    size_t bytes = SAP_GAME_BYTES(a[0], a[1]);
    bool random = r->numbers >= 3u, named = SAP_NEW_SHORTCUTS && r->numbers == 3u;
    uint32_t seed = a[3];
    sap_game **game = &s->req.new_board.game;
    const char *reason;
    void *block;
    int err;
    if (r->numbers < 2u || (!random && r->level != SAP_LEVEL_RANDOM)
        || (!SAP_NEW_SHORTCUTS && r->numbers == 3u)) {
        sap_session_reply_err(s, sap_usage_new); /* told after the numbers and the size */
        return;
    }
    if (r->level != SAP_LEVEL_RANDOM && !SERVES(SAP_SOLVER_DEDUCE)) {
        /* the generator plays with the engine: the level word is quoted */
        uint32_t last = r->tokens->count - 1u;
        sap_session_reply_err_format(s, sap_reason_not_served, NULL,
                                     r->text + r->tokens->start[last], r->tokens->length[last]);
        return;
    }
    if (random && a[2] >= a[0] * a[1]) { /* the product fits: sizes are checked */
        sap_session_reply_too_many_mines(s, a[0], a[1]);
        return;
    }
    if (named && s->next_seed == NULL) {
        sap_session_reply_err(s, SAP_STR("no seed source here: name a seed, as in NEW 9 9 10 "
                                         "42 or NEW EXPERT 42"));
        return;
    }
    if (!random)
        sap_session_expect_lines(s, a[0], a[1], 0);
    block = acquire_game(s, bytes);
    if (block == NULL) {
        reason = s->game != NULL ? SAP_STR("not enough memory for this board beside the "
                                           "current game (0 ends it)")
                                 : sap_reason_no_memory;
    } else {
        err = sap_game_init(game, block, bytes, a[0], a[1]);
        if (err == SAP_OK && random) {
            if (named)
                seed = s->next_seed(s->seed_context);
            err = sap_game_set_random(*game, a[2], seed);
        }
        reason = err != SAP_OK ? sap_strerror(err) : NULL;
    }
    if (!random) {
        if (reason != NULL) /* its rows are still to come */
            sap_session_defer_err(s, reason);
    } else if (reason != NULL) {
        sap_session_reply_err(s, reason);
    } else {
        sap_game_set_level(*game, r->level);
        sap_session_install_game(s, *game);
        reply_ok_board(s, a[0], a[1], a[2], named, seed);
    }
}

void sap_req_new_row(struct sap_session *s, uint32_t row, const char *cells)
{
    (void)sap_game_set_row(s->req.new_board.game, row, 0, cells, s->cols);
}

/* Its rows are read: it becomes the current game. */
bool sap_req_new_work(struct sap_session *s)
{
    sap_game *game = s->req.new_board.game;
    sap_session_install_game(s, game);
    reply_ok_board(s, s->rows, s->cols, sap_game_mines(game), false, 0);
    return false;
}

void sap_req_quit_take(struct sap_session *s, const struct request_line *r)
{
    (void)r;
    sap_session_reply_line(s, s->game != NULL && sap_game_state(s->game) == SAP_RUNNING
                                  ? SAP_STR("QUIT")
                                  : SAP_STR("OK"));
    sap_session_release_game(s);
}

/* ---- the clicks ------------------------------------------------------------ */

/* Whether this build and the session's options follow a move's boom lines
 * with the VIEW (SET VIEW ON): never PLAY's moves (see PLAY). */
static bool view_follows(const struct sap_session *s)
{
    return SERVES(SAP_SOLVER_VIEW) && (s->terminal & SAP_TERMINAL_VIEW) != 0
           && s->request - 1u != REQ_PLAY;
}

/* After sap_game_move_begin or _step said `outcome`: true while the
 * move's opening is still spreading; else its reply is set (boom's lines,
 * written by sap_game_reply, or an ERR). */
static bool move_goes_on(struct sap_session *s, int outcome)
{
    if (outcome == SAP_MORE && sap_game_busy(s->game))
        return true;
    if (outcome < 0) {
        sap_session_reply_strerror(s, outcome);
        return false;
    }
    if (SERVES(SAP_SOLVER_DEDUCE) && s->live != NULL)
        sap_live_moved(s->live, sap_game_changed_box(s->game));
    if (view_follows(s))
        sap_view_begin(s, false); /* what follows the boom lines */
    sap_session_stream_reply(s);
    return false;
}

/* Begins operation op at 1-based (x, y) on the current game: true when its
 * opening is left to spread first. */
bool sap_req_play_move(struct sap_session *s, int op, uint32_t x, uint32_t y)
{
    return move_goes_on(s, sap_game_move_begin(s->game, op, x, y));
}

/* A no-guess board's first left click: its layout is made first (the
 * work), then laid into the game and the click played (generate_done). */
void sap_req_start_generate(struct sap_session *s, uint32_t row, uint32_t col)
{
    uint32_t rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    size_t bytes = SAP_GENERATE_BYTES(rows, cols);
    void *block = sap_session_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL
        || sap_generate_init(&s->req.move.generate, block, bytes, rows, cols,
                             sap_game_mines(s->game), sap_game_pending_seed(s->game),
                             (enum sap_level)sap_game_pending_level(s->game), row, col)
               != SAP_OK) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return;
    }
    s->req.move.row = row;
    s->req.move.col = col;
    sap_session_leave_work(s);
}

static bool generated_mine(const void *generate, uint32_t row, uint32_t col)
{
    return sap_generate_mine_at((const sap_generate *)generate, row, col);
}

/* The layout is made (or the generator gave up): it is laid into the game
 * a budget a poll (the poll that made it only begins: one cell), then the
 * click, or an ERR.  True while the laying goes on. */
static bool generate_done(struct sap_session *s, int err)
{
    if (err == SAP_OK)
        err = sap_game_set_layout_step(s->game, generated_mine, s->req.move.generate,
                                       sap_game_busy(s->game) ? s->budget : 1u);
    if (err == SAP_MORE)
        return true;
    s->req.move.generate = NULL;
    sap_session_release_request_block(s);
    if (err == SAP_ERR_SIZE) {
        uint32_t tries = SAP_GENERATE_MAX_TRIES;
        sap_session_reply_err_format(s,
                                     sap_game_pending_level(s->game) == SAP_LEVEL_CASUAL
                                         ? SAP_STR("no casual board found within # tries; no "
                                                   "mines laid (fewer mines may do)")
                                         : SAP_STR("no no-guess board found within # tries; no "
                                                   "mines laid (fewer mines may do)"),
                                     &tries, NULL, 0);
        return false;
    }
    if (err != SAP_OK) {
        sap_session_reply_strerror(s, err);
        return false;
    }
    return sap_req_play_move(s, SAP_OP_LEFT, s->req.move.row + 1u, s->req.move.col + 1u);
}

void sap_req_move_take(struct sap_session *s, const struct request_line *r)
{
    const uint32_t *a = r->args;
    int op = r->text[r->tokens->start[0]] - '0';
    uint32_t rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    if (a[0] < 1 || a[0] > rows || a[1] < 1 || a[1] > cols) {
        uint32_t n[2]; /* x is the row, y the column, both 1-based */
        n[0] = rows;
        n[1] = cols;
        sap_session_reply_err_format(
            s, SAP_STR("coordinate outside the board: rows 1-#, columns 1-#"), n, NULL, 0);
        return;
    }
    s->req.move.generate = NULL;
    if (op == SAP_OP_LEFT && sap_game_pending_level(s->game) != SAP_LEVEL_RANDOM
        && SERVES(SAP_SOLVER_DEDUCE)) {
        char v = sap_game_cell(s->game, a[0] - 1u, a[1] - 1u);
        if (v == '_' || v == '?') { /* the click that lays the mines */
            sap_req_start_generate(s, a[0] - 1u, a[1] - 1u);
            return;
        }
    }
    if (sap_req_play_move(s, op, a[0], a[1]))
        sap_session_leave_work(s);
}

/* A no-guess layout being made, then the click's opening spreading. */
bool sap_req_move_work(struct sap_session *s)
{
    if (SERVES(SAP_SOLVER_DEDUCE) && s->req.move.generate != NULL) {
        int err;
        /* Given up while the layout is being made, no mine is laid and
         * the click can be sent again; once it is being laid into the game
         * (the game busy), it is finished, as an opening is. */
        if (!sap_game_busy(s->game) && sap_session_give_up(s))
            return false;
        err = sap_generate_step(s->req.move.generate, s->budget);
        return err == SAP_MORE || generate_done(s, err);
    }
    return move_goes_on(s, sap_game_move_step(s->game, s->budget));
}

/* The boom lines, then under SET VIEW ON the VIEW (its cursor is ready:
 * move_goes_on). */
size_t sap_req_move_reply(struct sap_session *s, char *out, size_t cap)
{
    size_t n = sap_game_reply(s->game, out, cap);
    if (n == 0 && view_follows(s))
        n = sap_req_view_reply(s, out, cap);
    return n;
}

/* ---- SHOW ------------------------------------------------------------------ */

void sap_req_show_take(struct sap_session *s, const struct request_line *r)
{
    (void)r;
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    s->req.show.row = 0;
    s->req.show.pos = 0;
    sap_session_stream_reply(s);
}

/* The player map, a byte at a time: position 2k of a row is cell k,
 * 2k + 1 a space or the line end. */
size_t sap_req_show_reply(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->req.show.row < s->rows) {
        uint32_t pos = s->req.show.pos;
        if ((pos & 1u) == 0)
            out[n++] = sap_game_cell(s->game, s->req.show.row, pos >> 1);
        else
            out[n++] = (pos >> 1) + 1u == s->cols ? '\n' : ' ';
        if (++pos == 2u * s->cols) {
            pos = 0;
            s->req.show.row++;
        }
        s->req.show.pos = pos;
    }
    return n;
}

/* ---- STATS ------------------------------------------------------------------- */

void sap_req_stats_take(struct sap_session *s, const struct request_line *r)
{
    size_t bytes;
    void *block;
    (void)r;
    if (!sap_game_mines_laid(s->game)) {
        sap_session_reply_err(
            s, SAP_STR("no mines yet: a random board lays them at the first left "
                       "click"));
        return;
    }
    bytes = SAP_STATS_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    block = sap_session_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL || sap_stats_init(&s->req.stats.stats, block, bytes, s->game) != SAP_OK) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return;
    }
    sap_session_leave_work(s);
}

bool sap_req_stats_work(struct sap_session *s)
{
    struct sap_board_stats b = { 0, 0, 0, 0 };
    if (sap_session_give_up(s))
        return false;
    if (sap_stats_step(s->req.stats.stats, s->budget) == SAP_MORE)
        return true;
    (void)sap_stats_result(s->req.stats.stats, &b); /* done: it cannot fail */
    {
        uint32_t n[4];
        n[0] = b.bv3;
        n[1] = b.openings;
        n[2] = b.islands;
        n[3] = b.clicks;
        sap_session_reply_start(s, SAP_STR(""));
        sap_session_reply_add_format(s, SAP_STR("3BV # OPENINGS # ISLANDS # CLICKS #"), n, NULL,
                                     0);
        sap_session_reply_end(s);
    }
    return false;
}
