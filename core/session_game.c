/*
 * session_game.c - the session's current game: the layer the requests on
 * it (requests_game.c, requests_deduce.c, requests_view.c) stand on, so
 * that none of them calls another.
 *
 *   the game's life      a NEW's or a kept game installed, the old one
 *                        given back first (and the deduction kept beside
 *                        it with it); the game sap_session_game shows;
 *                        the server's record hook told of a new game and of
 *                        every move (sap_session_set_record);
 *   a move               begun on the game, its resumable work (an opening
 *                        spreading, a no-guess board's layout made and laid
 *                        at its first click), then one after-move hook;
 *   the kept deduction   HINT's and PROB's deduction kept beside a game in
 *                        play (hint_live.c): made when first asked for, told
 *                        of every move by the after-move hook, given back
 *                        with the game or when a request needs its room;
 *   a deduction          PROB's and VIEW PROB's odds of the position, on the
 *                        kept deduction when there is one, else in the
 *                        request's block, a budget a poll.
 *
 * The after-move hook is the one place a move is heard of: the kept
 * deduction reads the cells the move changed, and under SET VIEW ON a
 * request whose row says so (DRAWS_MOVES) has the VIEW follow its boom
 * lines (view.c draws it).
 *
 * The game's block and the kept deduction's are given back through
 * session_reply.c, where the session's memory calls are: the session's
 * own calls below this layer give them back too (a request's block, a
 * JUDGE stream, the game taken out, the session's end), and they call
 * nothing above them.
 */
#include "hint.h"
#include "game.h"
#include "protocol.h"

/* ---- the game's life --------------------------------------------------------- */

void sap_session_game_install(struct session *s, sap_game *game)
{
    sap_session_reply_release_game(s);
    s->game_block = s->block;
    s->game = game;
    s->block = NULL;
    if (SERVES(SAP_SOLVER_RESUME))
        sap_session_game_record(
            s, SAP_RECORD_GAME, sap_game_random_pending_level(game), 0, 0,
            sap_game_mines_laid(game) ? 0u : sap_game_random_pending_seed(game), '\0');
}

void *sap_session_game_acquire(struct session *s, size_t bytes)
{
    if (!sap_work_fits(bytes)) {
        if (SERVES(SAP_SOLVER_RESUME) && s->game != NULL)
            sap_session_game_record(s, SAP_RECORD_END, 0, 0, 0, 0, '\0');
        sap_session_reply_release_game(s);
    }
    return sap_session_reply_acquire_block(s, bytes, SAP_MEMORY_GAME);
}

void sap_session_game_put(struct session *s, struct sap_kept_game *kept)
{
    sap_session_reply_release_game(s);
    s->game_block = kept->block;
    s->game = kept->game;
    kept->block = NULL;
    kept->game = NULL;
}

const sap_game *sap_session_game(const struct sap_session *session)
{
    const struct session *s = sap_session_state((struct sap_session *)(uintptr_t)session);
    return s != NULL ? s->game : NULL;
}

/* ---- the kept deduction --------------------------------------------------------- */

bool sap_session_game_live(struct session *s)
{
    size_t bytes = SAP_HINT_LIVE_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    if (!SERVES(SAP_SOLVER_DEDUCE) || sap_game_state(s->game) != SAP_RUNNING)
        return false;
    if (s->live != NULL)
        return true;
    sap_session_reply_release_live(s);
    if (sap_work_fits(bytes))
        s->live_block = sap_session_reply_acquire(s, bytes, SAP_MEMORY_WORK);
    if (s->live_block == NULL
        || sap_hint_live_init(&s->live, s->live_block, bytes, s->game) != SAP_OK) {
        sap_session_reply_release_live(s);
        return false;
    }
    return true;
}

/* ---- a deduction of the position ------------------------------------------------- */

/* The kept deduction settles at least what a whole-board deduction
 * settles, so a position it cannot count, a whole-board one cannot
 * either: the request's own block is only for a game the kept one cannot
 * be had for (a game over, memory). */
void sap_session_game_deduce_start(struct session *s, sap_deduce **d)
{
    if (sap_session_game_live(s)) {
        sap_hint_live_begin_odds(s->live);
        *d = sap_hint_live_deduce(s->live);
    } else {
        size_t bytes = SAP_DEDUCE_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
        void *block = sap_session_reply_acquire_block(s, bytes, SAP_MEMORY_WORK);
        if (block == NULL || sap_deduce_init(d, block, bytes, s->game) != SAP_OK) {
            sap_session_reply_err(s, sap_reason_no_memory);
            return;
        }
    }
    sap_session_reply_leave_work(s);
}

int sap_session_game_deduce_step(struct session *s, sap_deduce **d)
{
    int err;
    if (sap_session_reply_give_up(s))
        return SAP_ERR_ARG;
    if (s->live != NULL && *d == sap_hint_live_deduce(s->live))
        err = sap_hint_live_step(s->live, s->budget); /* its errors are a deduction's */
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

/* ---- a move ------------------------------------------------------------------------ */

bool sap_session_game_view_follows(const struct session *s)
{
    uint8_t flags;
    if (!SERVES(SAP_SOLVER_VIEW) || (s->terminal & SAP_TERMINAL_VIEW) == 0)
        return false;
    REQUEST_FIELD(s->request, flags, flags);
    return (flags & DRAWS_MOVES) != 0;
}

/* The after-move hook: the move is made and its boom lines are ready. */
static void after_move(struct session *s)
{
    if (SERVES(SAP_SOLVER_DEDUCE) && s->live != NULL)
        sap_hint_live_moved(s->live, sap_game_board_changed_box(s->game));
    if (sap_session_game_view_follows(s))
        sap_view_begin(s, false); /* what follows the boom lines */
}

/* After sap_game_move_begin or _step said `outcome`: true while the
 * move's opening is still spreading; else its reply is set (boom's lines,
 * written by sap_game_reply, or an ERR). */
static bool move_goes_on(struct session *s, int outcome)
{
    if (outcome == SAP_MORE && sap_game_busy(s->game))
        return true;
    if (outcome < 0) {
        sap_session_reply_strerror(s, outcome);
        return false;
    }
    after_move(s);
    sap_session_reply_stream(s);
    return false;
}

bool sap_session_game_needs_layout(struct session *s, int op)
{
    if (!SERVES(SAP_SOLVER_ANALYZE) || op == SAP_OP_RIGHT || !sap_game_is_position(s->game))
        return false;
    sap_session_reply_err(s, SAP_STR("a position typed in (ANALYZE) has no layout to open "
                                     "cells from; CELL <x> <y> <n> says what a cell showed"));
    return true;
}

/* A move begun is a move made (an opening spreading always finishes): it
 * is recorded now, before any of its reply.  An INVALID one changed
 * nothing. */
bool sap_session_game_move(struct session *s, int op, uint32_t x, uint32_t y)
{
    int outcome = sap_game_move_begin(s->game, op, x, y);
    if (SERVES(SAP_SOLVER_RESUME) && outcome >= 0 && outcome != SAP_INVALID)
        sap_session_game_record(s, SAP_RECORD_MOVE, op, x, y, 0, '\0');
    return move_goes_on(s, outcome);
}

bool sap_session_game_lays_mines(const struct session *s, int op, uint32_t x, uint32_t y)
{
    char v;
    if (!SERVES(SAP_SOLVER_DEDUCE) || op != SAP_OP_LEFT
        || sap_game_random_pending_level(s->game) == SAP_LEVEL_RANDOM)
        return false;
    v = sap_game_cell(s->game, x - 1u, y - 1u);
    return v == '_' || v == '?';
}

void sap_session_game_generate(struct session *s, uint32_t row, uint32_t col)
{
    uint32_t rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    size_t bytes = SAP_GENERATE_BYTES(rows, cols);
    void *block = sap_session_reply_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL
        || sap_generate_init(&s->req.move.generate, block, bytes, rows, cols,
                             sap_game_mines(s->game), sap_game_random_pending_seed(s->game),
                             (enum sap_level)sap_game_random_pending_level(s->game), row, col)
               != SAP_OK) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return;
    }
    s->req.move.row = row;
    s->req.move.col = col;
    sap_session_reply_leave_work(s);
}

static bool generated_mine(const void *generate, uint32_t row, uint32_t col)
{
    return sap_generate_mine_at((const sap_generate *)generate, row, col);
}

/* The layout is made (or the generator gave up): it is laid into the game
 * a budget a poll (the poll that made it only begins: one cell), then the
 * click, or an ERR.  True while the laying goes on. */
static bool generate_done(struct session *s, int err)
{
    if (err == SAP_OK)
        err = sap_game_set_layout_step(s->game, generated_mine, s->req.move.generate,
                                       sap_game_busy(s->game) ? s->budget : 1u);
    if (err == SAP_MORE)
        return true;
    s->req.move.generate = NULL;
    sap_session_reply_release_block(s);
    if (err == SAP_ERR_SIZE) {
        uint32_t tries = SAP_GENERATE_MAX_TRIES;
        sap_session_reply_start_err(s);
        sap_session_reply_add(s, sap_game_random_pending_level(s->game) == SAP_LEVEL_CASUAL
                                     ? SAP_STR("no casual")
                                     : SAP_STR("no no-guess"));
        sap_session_reply_add_format(
            s, SAP_STR(" board found within # tries; no mines laid (fewer mines may do)"),
            &tries, NULL, 0);
        sap_session_reply_end(s);
        return false;
    }
    if (err != SAP_OK) {
        sap_session_reply_strerror(s, err);
        return false;
    }
    return sap_session_game_move(s, SAP_OP_LEFT, s->req.move.row + 1u, s->req.move.col + 1u);
}

bool sap_session_game_move_step(struct session *s)
{
    if (SERVES(SAP_SOLVER_DEDUCE) && s->req.move.generate != NULL) {
        int err;
        /* Given up while the layout is being made, no mine is laid and
         * the click can be sent again; once it is being laid into the game
         * (the game busy), it is finished, as an opening is. */
        if (!sap_game_busy(s->game) && sap_session_reply_give_up(s))
            return false;
        err = sap_generate_step(s->req.move.generate, s->budget);
        return err == SAP_MORE || generate_done(s, err);
    }
    return move_goes_on(s, sap_game_move_step(s->game, s->budget));
}
