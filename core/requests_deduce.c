/*
 * requests_deduce.c - the requests of the deduction engine on the current
 * game, each its row and its handlers: HINT, PROB and PLAY, HINT's moves
 * played one after another.  HINT and PROB work on the deduction the
 * session keeps beside its game (session_game.c) when they can, and on one
 * of their own otherwise (hint.c, deduce.c).
 */
#include "hint.h"
#include "game.h"
#include "protocol.h"

/* ---- the deduction engine: HINT, PROB (and VIEW PROB) ---------------------------- */

/* PROB's map, from the deduction (or, before the first click, none). */
static void start_prob_map(struct session *s)
{
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    s->req.deduce.row = 0;
    s->req.deduce.col = 0;
    s->req.deduce.piece = 0;
    sap_session_reply_stream(s);
}

/* Before the first click of a random board (of any level) its mines are
 * not laid, and whichever cell is opened first is safe: HINT names a good
 * first click and PROB says 0% everywhere, without a deduction.  The
 * click: (3, 3), clipped to the board: on every preset no first click
 * measured wins more often beyond the noise (core/PROTOCOL.md, "Why (3,
 * 3)"; winrate --first-sweep measured expert 54.2 % from it, 53.6 % from
 * the middle, 52.6 % from (2, 2); the corner loses most often on every
 * preset).  A
 * casual or no-guess board is laid around the first click, wherever it is,
 * so (3, 3) needs no guess there either.  A flag on it is wrong, and said
 * so, as HINT says of any safe cell flagged. */
static void first_click_cell(const struct session *s, uint32_t *x, uint32_t *y)
{
    sap_hint_first_click(s->game, x, y); /* the library's rule (hint.c), 0-based */
    *x += 1u;
    *y += 1u;
}

static void first_click(struct session *s)
{
    size_t room;
    char *at;
    sap_session_reply_start(s, SAP_STR(""));
    at = sap_session_reply_room(s, &room);
    sap_session_reply_grow(s, sap_hint_text_first_line(s->game, at, room)); /* the library's */
    sap_session_reply_end(s);
}

/* HINT's block: the deduction and the guess's look-ahead (hint.c); or
 * "ERR not enough memory ...", and false. */
static bool hint_full_start(struct session *s)
{
    size_t bytes = SAP_HINT_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    void *block = sap_session_reply_acquire_block(s, bytes, SAP_MEMORY_WORK);
    s->req.deduce.live = 0;
    if (block == NULL || sap_hint_init(&s->req.deduce.hint, block, bytes, s->game) != SAP_OK) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return false;
    }
    return true;
}

/* HINT on the deduction kept beside the game. */
static bool hint_live_start(struct session *s)
{
    if (!sap_session_game_live(s))
        return false;
    sap_hint_live_begin(s->live);
    s->req.deduce.hint = sap_hint_live_hint(s->live);
    s->req.deduce.live = 1;
    return true;
}

static bool hint_start(struct session *s)
{
    return hint_live_start(s) || hint_full_start(s);
}

/* HINT's work for a poll: SAP_MORE, SAP_OK once its line is known, or an
 * error whose ERR is the reply.  When the kept deduction finds nothing
 * certain (a guess weighs the whole position) or cannot count the
 * position, HINT starts again as before, in a block of its own. */
static int hint_on(struct session *s)
{
    uint32_t budget = s->budget > 0 ? s->budget : 1u;
    int err;
    if (sap_session_reply_give_up(s))
        return SAP_ERR_ARG;
    if (s->req.deduce.live) {
        err = sap_hint_live_spend(s->live, &budget);
        if (err != SAP_ERR_SIZE)
            return err;
        if (!hint_full_start(s))
            return SAP_ERR_NOMEM;
        if (budget == 0)
            return SAP_MORE;
        /* on in the same poll, with what is left of its budget */
    }
    err = sap_hint_step(s->req.deduce.hint, budget);
    if (err == SAP_ERR_STATE)
        sap_session_reply_err(s, SAP_STR("no layout of mines fits the numbers"));
    return err;
}

/* HINT and PROB on a game over say so (SAP_PERSON_EXTRAS): won or lost. */
static void take_hint(struct session *s, const struct request_line *r)
{
    (void)r;
    s->req.deduce.hint = NULL;
    if (SAP_PERSON_EXTRAS && sap_session_reply_over(s))
        return;
    if (!sap_game_mines_laid(s->game))
        first_click(s);
    else if (hint_start(s))
        sap_session_reply_leave_work(s);
}

static void take_prob(struct session *s, const struct request_line *r)
{
    (void)r;
    s->req.deduce.deduce = NULL; /* none before the first click */
    if (SAP_PERSON_EXTRAS && sap_session_reply_over(s))
        return;
    if (!sap_game_mines_laid(s->game))
        start_prob_map(s);
    else
        sap_session_game_deduce_start(s, &s->req.deduce.deduce);
}

/* HINT's line, once its work is done. */
static bool work_hint(struct session *s)
{
    size_t room, length;
    char *at;
    int err = hint_on(s);
    if (err != SAP_OK)
        return err == SAP_MORE;
    sap_session_reply_start(s, SAP_STR(""));
    at = sap_session_reply_room(s, &room);
    length = sap_hint_text_line(s->req.deduce.hint, at, room);
    if (length == 0) {
        sap_session_reply_err(s, SAP_STR("nothing is covered that is not known"));
    } else {
        sap_session_reply_grow(s, length);
        sap_session_reply_end(s);
    }
    return false;
}

/* PROB's map follows the deduction. */
static bool work_prob(struct session *s)
{
    int err = sap_session_game_deduce_step(s, &s->req.deduce.deduce);
    if (err != SAP_OK)
        return err == SAP_MORE;
    start_prob_map(s);
    return false;
}

/* Each cell's token and a space or the line end, a token at a time:
 * straight into out while a whole one fits, else through a piece that
 * goes out in parts. */
static size_t reply_prob(struct session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->req.deduce.row < s->rows) {
        char piece[8];
        uint32_t col = s->req.deduce.col;
        bool whole = s->req.deduce.piece == 0 && cap - n >= sizeof piece;
        char *token = whole ? out + n : piece;
        size_t length = 2;
        token[0] = '0'; /* before the first click, every cell: "0%" */
        token[1] = '%';
        if (s->req.deduce.deduce != NULL)
            length = sap_hint_text_prob_token(s->req.deduce.deduce, s->game, s->req.deduce.row,
                                              col, token);
        token[length++] = col + 1u == s->cols ? '\n' : ' ';
        if (whole)
            n += length;
        else
            n += sap_text_copy_piece(out + n, cap - n, piece, length, &s->req.deduce.piece);
        if (whole || s->req.deduce.piece == length) {
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
 * the ERR line of a move that could not be made.  An ERR before the first
 * move's line is the whole reply (core/PROTOCOL.md, "Replies that end with
 * END").  Each move is a request of
 * its own to the allowance (sap_session_reply_leave_work counts it anew), its
 * deduction has the request's block and gives it back before the move is
 * played.  A move's VIEW under SET VIEW ON is not drawn: VIEW's cursor is
 * the request's state, which PLAY's own would share. */
enum play_stage {
    PLAY_NEXT = 0, /* the next move is to be chosen, or the game is over */
    PLAY_HINT,     /* HINT's deduction and scan */
    PLAY_LAY,      /* a no-guess board's first click, its line out: its layout to begin */
    PLAY_MOVE,     /* the move: a no-guess layout being made, an opening */
    PLAY_BOOM,     /* its boom lines going out */
    PLAY_END       /* END going out */
};

SAP_TEXT(play_end, "END\n");

SAP_STATIC_ASSERT(play_after_move,
                  offsetof(struct session, req.deduce.play_stage)
                      >= offsetof(struct session, req.move.col) + sizeof(uint32_t));

/* END, after the reply line already set (an ERR, or none); an ERR set
 * before any move's line is the reply alone, and the request ends. */
static bool play_stop(struct session *s)
{
    if (!s->req.deduce.play_begun && s->reply_length != 0)
        return false;
    s->req.deduce.play_stage = PLAY_END;
    s->req.deduce.piece = 0;
    sap_session_reply_stream(s);
    return false;
}

/* The move's outcome (or its opening spreading): its boom lines, or an
 * ERR and END. */
static bool play_moved(struct session *s, bool more)
{
    if (more)
        return true;
    if (s->stage == STAGE_WORK) /* an ERR: the move was not made */
        return play_stop(s);
    s->req.deduce.play_stage = PLAY_BOOM;
    return false;
}

/* Its line "<op> <x> <y>" (1-based), then the move, as the request itself
 * would make it.  A no-guess board's first click begins its layout once
 * the line is out (PLAY_LAY), so that the ERR of a layout that cannot
 * begin comes after the line, as the click's own reply. */
static bool play_begin(struct session *s, int op, uint32_t x, uint32_t y)
{
    if (s->req.deduce.play_counted)
        s->req.deduce.moves_left--;
    sap_session_reply_numbers(s, SAP_STR(""), (uint32_t)op, x, y);
    s->req.deduce.play_begun = true;
    s->req.move.generate = NULL;
    if (sap_session_game_lays_mines(s, op, x, y)) {
        s->req.move.row = x - 1u;
        s->req.move.col = y - 1u;
        s->req.deduce.play_stage = PLAY_LAY;
        return true;
    }
    s->req.deduce.play_stage = PLAY_MOVE;
    return play_moved(s, sap_session_game_move(s, op, x, y));
}

/* The next move: HINT's first click before the mines are laid, else its
 * deduction, in a block of the request's own. */
static bool play_next(struct session *s)
{
    uint32_t x, y;
    if (sap_game_state(s->game) != SAP_RUNNING
        || (s->req.deduce.play_counted && s->req.deduce.moves_left == 0))
        return play_stop(s);
    sap_session_reply_leave_work(s); /* the allowance counts this move's work */
    if (!sap_game_mines_laid(s->game)) {
        first_click_cell(s, &x, &y);
        return play_begin(
            s, sap_game_cell(s->game, x - 1u, y - 1u) == 'P' ? SAP_OP_RIGHT : SAP_OP_LEFT, x,
            y);
    }
    if (!hint_start(s))
        return play_stop(s); /* its ERR */
    s->req.deduce.play_stage = PLAY_HINT;
    return true;
}

/* HINT's work, as HINT's work step; then its move. */
static bool play_hint(struct session *s)
{
    uint32_t row, col;
    int op, err = hint_on(s);
    if (err == SAP_MORE)
        return true;
    if (err != SAP_OK)
        return play_stop(s); /* its ERR is the reply */
    op = sap_hint_move(s->req.deduce.hint, &row, &col);
    s->req.deduce.hint = NULL;
    sap_session_reply_release_block(s);
    if (op == 0) {
        sap_session_reply_err(s, SAP_STR("nothing is covered that is not known"));
        return play_stop(s);
    }
    return play_begin(s, op, row + 1u, col + 1u);
}

static void take_play(struct session *s, const struct request_line *r)
{
    if (sap_session_game_needs_layout(s, SAP_OP_LEFT))
        return;
    s->req.deduce.play_counted = r->numbers == 1u;
    s->req.deduce.moves_left = r->args[0];
    if (r->numbers == 1u && r->args[0] == 0) {
        sap_session_reply_err(s, SAP_STR("usage: PLAY [<n>], n at least 1"));
        return;
    }
    s->req.deduce.hint = NULL;
    s->req.deduce.play_stage = PLAY_NEXT;
    s->req.deduce.play_begun = false;
    sap_session_reply_leave_work(s);
}

static bool work_play(struct session *s)
{
    switch (s->req.deduce.play_stage) {
    case PLAY_NEXT:
        return play_next(s);
    case PLAY_HINT:
        return play_hint(s);
    case PLAY_LAY:
        s->req.deduce.play_stage = PLAY_MOVE;
        sap_session_game_generate(s, s->req.move.row, s->req.move.col);
        return play_moved(s, s->req.move.generate != NULL);
    default: /* PLAY_MOVE */
        return play_moved(s, sap_session_game_move_step(s));
    }
}

/* A move's boom lines, then back to the work for the next; END last. */
static size_t reply_play(struct session *s, char *out, size_t cap)
{
    size_t n;
    if (s->req.deduce.play_stage == PLAY_BOOM) {
        n = sap_game_reply(s->game, out, cap);
        if (n == 0) {
            s->req.deduce.play_stage = PLAY_NEXT;
            sap_session_reply_leave_work(s);
        }
        return n;
    }
    return sap_text_copy(out, cap, play_end, sizeof play_end - 1u, &s->req.deduce.piece);
}

/* ---- the rows ----------------------------------------------------------------------- */

SAP_TEXT(t_hint, "hint");
SAP_TEXT(t_usage_hint, "usage: HINT");
SAP_TEXT(t_play, "play");
SAP_TEXT(t_usage_play, "usage: PLAY [<n>]");
SAP_TEXT(t_prob, "prob");
SAP_TEXT(t_usage_prob, "usage: PROB");
SAP_TEXT(h_hint, HELP_TEXT(SAP_HELP_HINT_));
SAP_TEXT(h_play, HELP_TEXT(SAP_HELP_PLAY_));
SAP_TEXT(h_prob, HELP_TEXT(SAP_HELP_PROB_));

#define DEDUCE(x) SERVED(SAP_SOLVER_DEDUCE, x)

const struct sap_request sap_request_hint SAP_ROM_TABLE = {
    .word = t_hint,
    .usage = DEDUCE(t_usage_hint),
    .help = DEDUCE(h_hint),
    .flags = ARGS_NUMBERS | NEEDS_GAME,
    .solver = SAP_SOLVER_DEDUCE,
    .take = DEDUCE(take_hint),
    .work = DEDUCE(work_hint),
};

/* PLAY's moves draw no VIEW (no DRAWS_MOVES): see PLAY above. */
const struct sap_request sap_request_play SAP_ROM_TABLE = {
    .word = t_play,
    .usage = DEDUCE(t_usage_play),
    .help = DEDUCE(h_play),
    .args_max = 1,
    .flags = ARGS_NUMBERS | NEEDS_GAME,
    .solver = SAP_SOLVER_DEDUCE,
    .take = DEDUCE(take_play),
    .work = DEDUCE(work_play),
    .reply = DEDUCE(reply_play),
};

const struct sap_request sap_request_prob SAP_ROM_TABLE = {
    .word = t_prob,
    .usage = DEDUCE(t_usage_prob),
    .help = DEDUCE(h_prob),
    .flags = ARGS_NUMBERS | NEEDS_GAME,
    .solver = SAP_SOLVER_DEDUCE,
    .take = DEDUCE(take_prob),
    .work = DEDUCE(work_prob),
    .reply = DEDUCE(reply_prob),
};
