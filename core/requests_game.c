/*
 * requests_game.c - the requests on the current game: NEW, 0, the clicks
 * 1 2 3, SHOW, STATS and RESUME, each its row and its handlers.  They play
 * and install games through session_game.c; their state is their own
 * struct in s->req.
 */
#include "hint.h"
#include "game.h"
#include "protocol.h"

/* "OK r c mines", and with `named` " SEED <seed>": the seed a NEW without
 * one was given, with which NEW r c mines seed replays the board. */
static void reply_ok_board(struct session *s, uint32_t rows, uint32_t cols, uint32_t mines,
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
static const char usage_new[] SAP_ROM =
    "usage: NEW <rows> <cols> [<mines> [<seed>] [CASUAL|NOGUESS]] "
    "or NEW BEGINNER|INTERMEDIATE|EXPERT [<seed>] [<level>]";
#else
static const char usage_new[] SAP_ROM =
    "usage: NEW <rows> <cols> [<mines> <seed> [CASUAL|NOGUESS]]";
#endif

/* ---- NEW ------------------------------------------------------------------- */

/* The classic levels: BEGINNER 9 x 9 with 10 mines, INTERMEDIATE 16 x 16
 * with 40, EXPERT 16 x 30 with 99. */
SAP_TEXT(preset_words, "beginner\0intermediate\0expert");
static const char preset_sizes[9] SAP_ROM = { 9, 9, 10, 16, 16, 40, 16, 30, 99 };

/* A first word that is no number and no preset: with SAP_PERSON_EXTRAS,
 * the presets are named (NEW EXPRET). */
#if SAP_PERSON_EXTRAS
SAP_TEXT(not_a_preset, "% is not a number or a preset: BEGINNER, INTERMEDIATE, EXPERT");
#else
#define not_a_preset sap_reason_not_a_number
#endif

static const char *new_preset(const char *word, uint32_t length, uint32_t *args)
{
    const char *name = preset_words;
    uint32_t i, k;
    for (i = 0; i < sizeof preset_sizes; i += 3u) {
        if (sap_text_word_is(word, length, name)) {
            for (k = 0; k < 3u; k++)
                args[k] = (uint8_t)sap_rom_byte(&preset_sizes[i + k]);
            return NULL;
        }
        name += sap_text_length(name) + 1u;
    }
    return not_a_preset;
}

/* NEW r c reads its rows into a game of its own; NEW r c mines [seed]
 * [level] (or a preset for r c mines) makes one at once, with a seed from
 * the session's source (sap_session_set_seeds) when the line names none.
 * Either replaces the current game only once it is complete. */
static void take_new(struct session *s, const struct request_line *r)
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
        sap_session_reply_err(s, usage_new); /* told after the numbers and the size */
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
        sap_session_reply_expect_lines(s, a[0], a[1], 0);
    block = sap_session_game_acquire(s, bytes);
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
            sap_session_reply_defer_err(s, reason);
    } else if (reason != NULL) {
        sap_session_reply_err(s, reason);
    } else {
        sap_game_random_set_level(*game, r->level);
        sap_session_game_install(s, *game);
        reply_ok_board(s, a[0], a[1], a[2], named, seed);
    }
}

static void row_new(struct session *s, uint32_t row, const char *cells)
{
    (void)sap_game_set_row(s->req.new_board.game, row, 0, cells, s->cols);
}

/* Its rows are read: it becomes the current game. */
static bool work_new(struct session *s)
{
    sap_game *game = s->req.new_board.game;
    sap_session_game_install(s, game);
    reply_ok_board(s, s->rows, s->cols, sap_game_mines(game), false, 0);
    return false;
}

static void take_quit(struct session *s, const struct request_line *r)
{
    (void)r;
    sap_session_reply_line(s, s->game != NULL && sap_game_state(s->game) == SAP_RUNNING
                                  ? SAP_STR("QUIT")
                                  : SAP_STR("OK"));
    if (SERVES(SAP_SOLVER_RESUME) && s->game != NULL)
        sap_session_game_record(s, SAP_RECORD_END, 0, 0, 0, 0, '\0');
    sap_session_reply_release_game(s);
}

/* ---- the clicks ------------------------------------------------------------ */

static void take_move(struct session *s, const struct request_line *r)
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
    if (sap_session_game_needs_layout(s, op))
        return;
    if (sap_session_game_lays_mines(s, op, a[0], a[1])) {
        sap_session_game_generate(s, a[0] - 1u, a[1] - 1u);
        return;
    }
    if (sap_session_game_move(s, op, a[0], a[1]))
        sap_session_reply_leave_work(s);
}

/* The boom lines, then under SET VIEW ON the VIEW (begun by the move);
 * under SET VIEW ONLY the VIEW alone (the boom lines left unread are
 * dropped by the next move, as any reply not polled to its end). */
static size_t reply_move(struct session *s, char *out, size_t cap)
{
    size_t n = 0;
    if (!SAP_PERSON_EXTRAS || (s->terminal & SAP_TERMINAL_VIEW_ONLY) == 0
        || !sap_session_game_view_follows(s))
        n = sap_game_reply(s->game, out, cap);
    if (n == 0 && sap_session_game_view_follows(s))
        n = sap_view_reply(s, out, cap);
    return n;
}

/* ---- SHOW ------------------------------------------------------------------ */

static void take_show(struct session *s, const struct request_line *r)
{
    (void)r;
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    s->req.show.row = 0;
    s->req.show.pos = 0;
    sap_session_reply_stream(s);
}

/* The player map, a byte at a time: position 2k of a row is cell k,
 * 2k + 1 a space or the line end. */
static size_t reply_show(struct session *s, char *out, size_t cap)
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

static void take_stats(struct session *s, const struct request_line *r)
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
    if (SERVES(SAP_SOLVER_ANALYZE) && sap_game_is_position(s->game)) {
        sap_session_reply_err(s,
                              SAP_STR("a position typed in (ANALYZE) has no layout to count"));
        return;
    }
    bytes = SAP_STATS_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    block = sap_session_reply_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL || sap_stats_init(&s->req.stats.stats, block, bytes, s->game) != SAP_OK) {
        sap_session_reply_err(s, sap_reason_no_memory);
        return;
    }
    sap_session_reply_leave_work(s);
}

static bool work_stats(struct session *s)
{
    struct sap_board_stats b = { 0, 0, 0, 0 };
    if (sap_session_reply_give_up(s))
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

/* ---- RESUME ------------------------------------------------------------------- */

#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
/* RESUME <token>: the server's game kept under token becomes this
 * session's.  The token's own bytes are never quoted back: a wrong one is
 * told no more than that nothing is kept under it. */
static void take_resume(struct session *s, const struct request_line *r)
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
    sap_session_game_put(s, &kept);
    sap_session_reply_numbers(s, SAP_STR("OK "), sap_game_rows(s->game), sap_game_cols(s->game),
                              sap_game_mines(s->game));
}
#endif

/* ---- the rows --------------------------------------------------------------------- */

SAP_TEXT(t_new, "new");
SAP_TEXT(t_1, "1");
SAP_TEXT(t_2, "2");
SAP_TEXT(t_3, "3");
SAP_TEXT(t_usage_click, "usage: 1|2|3 <x> <y>");
SAP_TEXT(t_0, "0");
SAP_TEXT(t_usage_0, "usage: 0");
SAP_TEXT(t_show, "show");
SAP_TEXT(t_usage_show, "usage: SHOW");
SAP_TEXT(t_stats, "stats");
SAP_TEXT(t_usage_stats, "usage: STATS");

SAP_TEXT(h_new, HELP_TEXT(SAP_HELP_NEW_)); /* its levels where this build plays them */
SAP_TEXT(h_1, HELP_TEXT(SAP_HELP_LEFT_));
SAP_TEXT(h_2, HELP_TEXT(SAP_HELP_RIGHT_));
SAP_TEXT(h_3, HELP_TEXT(SAP_HELP_CHORD_));
SAP_TEXT(h_0, HELP_TEXT(SAP_HELP_QUIT_));
SAP_TEXT(h_show, HELP_TEXT(SAP_HELP_SHOW_));
SAP_TEXT(h_stats, HELP_TEXT(SAP_HELP_STATS_));

const struct sap_request sap_request_new SAP_ROM_TABLE = {
    .word = t_new,
    .usage = usage_new,
    .help = h_new,
    .args_min = 1,
    .args_max = 5,
    .flags = ARGS_NUMBERS | ARGS_BOARD | ARGS_LEVEL | ROWS_GAME,
    .preset = SAP_NEW_SHORTCUTS ? new_preset : NULL,
    .take = take_new,
    .row = row_new,
    .work = work_new,
};

#define CLICK(keyword, help_text)                                                              \
    {                                                                                          \
        .word = (keyword), .usage = t_usage_click, .help = (help_text), .args_min = 2,         \
        .args_max = 2, .flags = ARGS_NUMBERS | NEEDS_GAME | DRAWS_MOVES, .take = take_move,    \
        .work = sap_session_game_move_step, .reply = reply_move                                \
    }
const struct sap_request sap_request_left SAP_ROM_TABLE = CLICK(t_1, h_1);
const struct sap_request sap_request_right SAP_ROM_TABLE = CLICK(t_2, h_2);
const struct sap_request sap_request_chord SAP_ROM_TABLE = CLICK(t_3, h_3);

const struct sap_request sap_request_end_game SAP_ROM_TABLE = {
    .word = t_0,
    .usage = t_usage_0,
    .help = h_0,
    .flags = ARGS_NUMBERS,
    .take = take_quit,
};

const struct sap_request sap_request_show SAP_ROM_TABLE = {
    .word = t_show,
    .usage = t_usage_show,
    .help = h_show,
    .flags = ARGS_NUMBERS | NEEDS_GAME,
    .take = take_show,
    .reply = reply_show,
};

const struct sap_request sap_request_stats SAP_ROM_TABLE = {
    .word = t_stats,
    .usage = SERVED(SAP_SOLVER_STATS, t_usage_stats),
    .help = SERVED(SAP_SOLVER_STATS, h_stats),
    .flags = ARGS_NUMBERS | NEEDS_GAME,
    .solver = SAP_SOLVER_STATS,
    .take = SERVED(SAP_SOLVER_STATS, take_stats),
    .work = SERVED(SAP_SOLVER_STATS, work_stats),
};

#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
SAP_TEXT(t_resume, "resume");
SAP_TEXT(t_usage_resume, "usage: RESUME <token> (VIEW shows a game's token)");
SAP_TEXT(h_resume, HELP_TEXT(SAP_HELP_RESUME_));

const struct sap_request sap_request_resume SAP_ROM_TABLE = {
    .word = t_resume,
    .usage = t_usage_resume,
    .help = h_resume,
    .args_min = 1,
    .args_max = 1,
    .solver = SAP_SOLVER_RESUME,
    .take = take_resume,
};
#endif
