/*
 * requests_game.c - the requests on the current game: NEW, 0, the clicks
 * 1 2 3, SHOW, STATS, and the deduction engine's HINT and PROB.  Their
 * rows of the request table are in requests.c; their state is their own
 * struct in s->req (sapper.h).
 */
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
static bool play_move(struct sap_session *s, int op, uint32_t x, uint32_t y)
{
    return move_goes_on(s, sap_game_move_begin(s->game, op, x, y));
}

/* A no-guess board's first left click: its layout is made first (the
 * work), then laid into the game and the click played (generate_done). */
static void start_generate(struct sap_session *s, uint32_t row, uint32_t col)
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
    return play_move(s, SAP_OP_LEFT, s->req.move.row + 1u, s->req.move.col + 1u);
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
            start_generate(s, a[0] - 1u, a[1] - 1u);
            return;
        }
    }
    if (play_move(s, op, a[0], a[1]))
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

/* ---- the deduction engine: HINT, PROB (and VIEW PROB) ---------------------------- */

/* PROB's map, from the deduction (or, before the first click, none). */
static void start_prob_map(struct sap_session *s)
{
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    s->req.deduce.row = 0;
    s->req.deduce.col = 0;
    s->req.deduce.piece = 0;
    sap_session_stream_reply(s);
}

/* Before the first click of a random board (of any level) its mines are
 * not laid, and whichever cell is opened first is safe: HINT names a good
 * first click and PROB says 0% everywhere, without a deduction.  The
 * click: (3, 3), clipped to the board: on every preset no first click
 * measured wins more often beyond the noise (daemon/README.md, "Why (3,
 * 3)": expert 54.2 % from it, 53.6 % from the middle, 52.6 % from (2,
 * 2); the corner loses most often on every preset).  A
 * casual or no-guess board is laid around the first click, wherever it is,
 * so (3, 3) needs no guess there either.  A flag on it is wrong, and said
 * so, as HINT says of any safe cell flagged. */
static void first_click(struct sap_session *s)
{
    uint32_t rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    uint32_t x = rows < 3u ? rows : 3u, y = cols < 3u ? cols : 3u;
    if (s->request - 1u == REQ_PROB) {
        start_prob_map(s);
        return;
    }
    sap_session_reply_start(s, SAP_STR("SAFE "));
    sap_session_reply_add_u32(s, x);
    sap_session_reply_add(s, SAP_STR(" "));
    sap_session_reply_add_u32(s, y);
    sap_session_reply_add(s, sap_game_cell(s->game, x - 1u, y - 1u) == 'P'
                                 ? SAP_STR(": the flag on it is wrong: the first click is "
                                           "never a mine")
                                 : SAP_STR(": the first click is never a mine"));
    sap_session_reply_end(s);
}

/* The deduction kept beside a game in play (hint_live.c), made at the
 * first HINT, PLAY or PROB on it; false when it cannot be had (a game
 * over, a build without it, memory). */
static bool live_ready(struct sap_session *s)
{
    size_t bytes = SAP_HINT_LIVE_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    void *block;
    if (!SERVES(SAP_SOLVER_DEDUCE) || sap_game_state(s->game) != SAP_RUNNING)
        return false;
    if (s->live != NULL)
        return true;
    block = sap_work_fits(bytes) ? sap_session_acquire_live(s, bytes) : NULL;
    if (block == NULL || sap_live_init(&s->live, block, bytes, s->game) != SAP_OK) {
        sap_session_release_live(s);
        return false;
    }
    return true;
}

/* PROB's deduction (VIEW PROB's too) in a block of its own. */
static bool deduce_full_start(struct sap_session *s, sap_deduce **d)
{
    size_t bytes = SAP_DEDUCE_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    void *block = sap_session_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL || sap_deduce_init(d, block, bytes, s->game) != SAP_OK) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return false;
    }
    return true;
}

/* PROB's odds: from the kept deduction when there is one (*d is then its
 * block), else from a deduction of the position in a block of its own.
 * The kept one settles at least what a whole-board deduction settles, so
 * a position it cannot count, a whole-board one cannot either. */
void sap_req_deduce_start(struct sap_session *s, sap_deduce **d)
{
    if (live_ready(s)) {
        sap_live_begin_odds(s->live);
        *d = sap_live_deduce(s->live);
    } else if (!deduce_full_start(s, d)) {
        return;
    }
    sap_session_leave_work(s);
}

/* HINT's block: the deduction and the guess's look-ahead (guess.c). */
static bool hint_full_start(struct sap_session *s)
{
    size_t bytes = SAP_HINT_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    void *block = sap_session_acquire_block(s, bytes, SAP_MEMORY_WORK);
    s->req.deduce.live = 0;
    return block != NULL && sap_hint_init(&s->req.deduce.hint, block, bytes, s->game) == SAP_OK;
}

/* HINT on the deduction kept beside the game. */
static bool hint_live_start(struct sap_session *s)
{
    if (!live_ready(s))
        return false;
    sap_live_begin(s->live);
    s->req.deduce.hint = sap_live_hint(s->live);
    s->req.deduce.live = 1;
    return true;
}

static bool hint_start(struct sap_session *s)
{
    return hint_live_start(s) || hint_full_start(s);
}

/* HINT's work for a poll: SAP_MORE, SAP_OK once its line is known, or an
 * error whose ERR is the reply.  When the kept deduction finds nothing
 * certain (a guess weighs the whole position) or cannot count the
 * position, HINT starts again as before, in a block of its own. */
static int hint_on(struct sap_session *s)
{
    uint32_t budget = s->budget > 0 ? s->budget : 1u;
    int err;
    if (sap_session_give_up(s))
        return SAP_ERR_ARG;
    if (s->req.deduce.live) {
        err = sap_live_spend(s->live, &budget);
        if (err != SAP_ERR_SIZE)
            return err;
        if (!hint_full_start(s)) {
            sap_session_reply_err(s, sap_reason_no_memory);
            return SAP_ERR_NOMEM;
        }
        if (budget == 0)
            return SAP_MORE;
        /* on in the same poll, with what is left of its budget */
    }
    err = sap_hint_step(s->req.deduce.hint, budget);
    if (err == SAP_ERR_STATE)
        sap_session_reply_err(s, SAP_STR("no layout of mines fits the numbers"));
    return err;
}

void sap_req_deduce_take(struct sap_session *s, const struct request_line *r)
{
    (void)r;
    s->req.deduce.deduce = NULL; /* none before the first click */
    s->req.deduce.hint = NULL;
    if (!sap_game_mines_laid(s->game)) {
        first_click(s);
        return;
    }
    if (s->request - 1u == REQ_PROB) {
        sap_req_deduce_start(s, &s->req.deduce.deduce);
        return;
    }
    if (!hint_start(s)) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return;
    }
    sap_session_leave_work(s);
}

int sap_req_deduce_on(struct sap_session *s, sap_deduce **d)
{
    int err;
    if (sap_session_give_up(s))
        return SAP_ERR_ARG;
    if (s->live != NULL && *d == sap_live_deduce(s->live))
        err = sap_live_step(s->live, s->budget); /* its errors are a deduction's */
    else
        err = sap_deduce_step(*d, s->budget);
    if (err == SAP_ERR_SIZE) {
        sap_session_reply_err(s, SAP_STR("the position is too big to work out exactly"));
        return err;
    }
    if (err == SAP_ERR_STATE) {
        sap_session_reply_err(s, SAP_STR("no layout of mines fits the numbers"));
        return err;
    }
    return err == SAP_MORE ? SAP_MORE : SAP_OK;
}

/* HINT's line, once its work is done. */
bool sap_req_hint_work(struct sap_session *s)
{
    size_t room, length;
    char *at;
    int err = hint_on(s);
    if (err != SAP_OK)
        return err == SAP_MORE;
    sap_session_reply_start(s, SAP_STR(""));
    at = sap_session_reply_room(s, &room);
    length = sap_hint_line(s->req.deduce.hint, at, room);
    if (length == 0) {
        sap_session_reply_err(s, SAP_STR("nothing is covered that is not known"));
    } else {
        sap_session_reply_grow(s, length);
        sap_session_reply_end(s);
    }
    return false;
}

/* PROB's map follows the deduction. */
bool sap_req_prob_work(struct sap_session *s)
{
    int err = sap_req_deduce_on(s, &s->req.deduce.deduce);
    if (err != SAP_OK)
        return err == SAP_MORE;
    start_prob_map(s);
    return false;
}

/* Each cell's token and a space or the line end, a token at a time. */
size_t sap_req_prob_reply(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->req.deduce.row < s->rows) {
        char piece[8];
        uint32_t col = s->req.deduce.col;
        size_t length = 2;
        piece[0] = '0'; /* before the first click, every cell: "0%" */
        piece[1] = '%';
        if (s->req.deduce.deduce != NULL)
            length = sap_prob_token(s->req.deduce.deduce, s->game, s->req.deduce.row, col,
                                    piece);
        piece[length++] = col + 1u == s->cols ? '\n' : ' ';
        n += sap_copy_piece(out + n, cap - n, piece, length, &s->req.deduce.piece);
        if (s->req.deduce.piece == length) {
            s->req.deduce.piece = 0;
            if (++s->req.deduce.col == s->cols) {
                s->req.deduce.col = 0;
                s->req.deduce.row++;
            }
        }
    }
    return n;
}

/* ---- PLAY ---------------------------------------------------------------------- */

/* PLAY [<n>]: the moves HINT names, played one after another until the game
 * ends (or n of them): each move's line "<op> <x> <y>" (the short reply),
 * its boom lines (the long one), then the next move's work; END last, after
 * the ERR line of a move that could not be made.  Each move is a request of
 * its own to the allowance (sap_session_leave_work counts it anew), its
 * deduction has the request's block and gives it back before the move is
 * played.  A move's VIEW under SET VIEW ON is not drawn: VIEW's cursor is
 * the request's state, which PLAY's own would share. */
enum play_stage {
    PLAY_NEXT = 0, /* the next move is to be chosen, or the game is over */
    PLAY_HINT,     /* HINT's deduction and scan */
    PLAY_MOVE,     /* the move: a no-guess layout being made, an opening */
    PLAY_BOOM,     /* its boom lines going out */
    PLAY_END       /* END going out */
};

SAP_TEXT(play_end, "END\n");

SAP_STATIC_ASSERT(play_after_move,
                  offsetof(struct sap_session, req.deduce.play_stage)
                      >= offsetof(struct sap_session, req.move.col) + sizeof(uint32_t));

/* END, after the reply line already set (an ERR, or none). */
static bool play_stop(struct sap_session *s)
{
    s->req.deduce.play_stage = PLAY_END;
    s->req.deduce.piece = 0;
    sap_session_stream_reply(s);
    return false;
}

/* The move's outcome (or its opening spreading): its boom lines, or an
 * ERR and END. */
static bool play_moved(struct sap_session *s, bool more)
{
    if (more)
        return true;
    if (s->stage == STAGE_WORK) /* an ERR: the move was not made */
        return play_stop(s);
    s->req.deduce.play_stage = PLAY_BOOM;
    return false;
}

/* Its line "<op> <x> <y>" (1-based), then the move, as the request itself
 * would make it. */
static bool play_begin(struct sap_session *s, int op, uint32_t x, uint32_t y)
{
    char v = sap_game_cell(s->game, x - 1u, y - 1u);
    if (s->req.deduce.play_counted)
        s->req.deduce.moves_left--;
    sap_session_reply_numbers(s, SAP_STR(""), (uint32_t)op, x, y);
    s->req.deduce.play_stage = PLAY_MOVE;
    s->req.move.generate = NULL;
    if (op == SAP_OP_LEFT && sap_game_pending_level(s->game) != SAP_LEVEL_RANDOM
        && (v == '_' || v == '?')) { /* a no-guess board's first click */
        start_generate(s, x - 1u, y - 1u);
        return play_moved(s, s->req.move.generate != NULL);
    }
    return play_moved(s, play_move(s, op, x, y));
}

/* The next move: HINT's first click before the mines are laid, else its
 * deduction, in a block of the request's own. */
static bool play_next(struct sap_session *s)
{
    uint32_t rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    if (sap_game_state(s->game) != SAP_RUNNING
        || (s->req.deduce.play_counted && s->req.deduce.moves_left == 0))
        return play_stop(s);
    sap_session_leave_work(s); /* the allowance counts this move's work */
    if (!sap_game_mines_laid(s->game)) {
        uint32_t x = rows < 3u ? rows : 3u, y = cols < 3u ? cols : 3u;
        return play_begin(
            s, sap_game_cell(s->game, x - 1u, y - 1u) == 'P' ? SAP_OP_RIGHT : SAP_OP_LEFT, x,
            y);
    }
    if (!hint_start(s)) {
        sap_session_release_request_block(s);
        sap_session_reply_err(s, sap_reason_no_memory);
        return play_stop(s);
    }
    s->req.deduce.play_stage = PLAY_HINT;
    return true;
}

/* HINT's work, as HINT's work step; then its move. */
static bool play_hint(struct sap_session *s)
{
    uint32_t row, col;
    int op, err = hint_on(s);
    if (err == SAP_MORE)
        return true;
    if (err != SAP_OK)
        return play_stop(s); /* its ERR is the reply */
    op = sap_hint_move(s->req.deduce.hint, &row, &col);
    s->req.deduce.hint = NULL;
    sap_session_release_request_block(s);
    if (op == 0) {
        sap_session_reply_err(s, SAP_STR("nothing is covered that is not known"));
        return play_stop(s);
    }
    return play_begin(s, op, row + 1u, col + 1u);
}

void sap_req_play_take(struct sap_session *s, const struct request_line *r)
{
    s->req.deduce.play_counted = r->numbers == 1u;
    s->req.deduce.moves_left = r->args[0];
    if (r->numbers == 1u && r->args[0] == 0) {
        sap_session_reply_err(s, SAP_STR("usage: PLAY [<n>], n at least 1"));
        return;
    }
    s->req.deduce.hint = NULL;
    s->req.deduce.play_stage = PLAY_NEXT;
    sap_session_leave_work(s);
}

bool sap_req_play_work(struct sap_session *s)
{
    switch (s->req.deduce.play_stage) {
    case PLAY_NEXT:
        return play_next(s);
    case PLAY_HINT:
        return play_hint(s);
    default: /* PLAY_MOVE */
        return play_moved(s, sap_req_move_work(s));
    }
}

/* A move's boom lines, then back to the work for the next; END last. */
size_t sap_req_play_reply(struct sap_session *s, char *out, size_t cap)
{
    size_t n;
    if (s->req.deduce.play_stage == PLAY_BOOM) {
        n = sap_game_reply(s->game, out, cap);
        if (n == 0) {
            s->req.deduce.play_stage = PLAY_NEXT;
            sap_session_leave_work(s);
        }
        return n;
    }
    return sap_copy_text(out, cap, play_end, sizeof play_end - 1u, &s->req.deduce.piece);
}
