/*
 * requests.c - the protocol's requests, as a table (sapper.h section 9).
 *
 * Each request is one row of `requests` below, in the style of memcached's
 * command table: its keyword, how many arguments it takes and whether they
 * are numbers, the solver it needs, the alphabet of the board rows that
 * follow it, and its handlers.  The table walk does what every request
 * shares (find the word, refuse a solver this build leaves out, check the
 * argument count, parse the numbers, check a board size); a handler does
 * only its own part.
 *
 * Requests with a board (NEW r c, CASUAL, CASUALMAP, NURIKABE) then read
 * their number lines and rows; every row goes through the one row reader
 * (rows.c), and the first mistake is held back as an ERR until the last
 * line.  Work that grows with the board is left to session.c's poll as
 * s->work_kind and done here a budget at a time (sap_requests_work).
 */
#include "protocol.h"

/* ---- the table --------------------------------------------------------- */

/* Flags of a request kind. */
#define ARGS_NUMBERS 0x1u   /* its arguments are numbers */
#define ARGS_BOARD 0x2u     /* ... and the first two are a board size */
#define ARGS_LEVEL 0x4u     /* ... but a fifth is a level word (NEW's CASUAL, NOGUESS) */

struct request_kind {
    const char *word;       /* the keyword, lower case (constant text) */
    const char *usage;      /* the ERR reason for a wrong argument count */
    uint8_t args_min, args_max; /* tokens after the keyword */
    uint8_t flags;
    uint8_t solver;         /* the SAP_SOLVER_... it needs; 0: the game's */
    const char *rows;       /* the alphabet of its board rows, or NULL */
    void (*start)(struct sap_session *s, const char *line, const struct tokens *t,
                  const uint32_t *args);
    /* A row of exactly s->cols cells, already checked against `rows`. */
    void (*row)(struct sap_session *s, uint32_t row, const char *cells);
    void (*complete)(struct sap_session *s);
};

SAP_TEXT(help_text,
    "NEW <rows> <cols>, then <rows> lines of _ and *: a game on that board\n"
    "NEW <rows> <cols> <mines> <seed>: a random game, laid at the first left click\n"
    "NEW <rows> <cols> <mines> <seed> CASUAL|NOGUESS: one that needs no guess\n"
    "1 <x> <y>: left click (open) at row x, column y, 1-based\n"
    "2 <x> <y>: right click (cycle the mark _ P ?)\n"
    "3 <x> <y>: middle click (chord)\n"
    "0: end the game (QUIT if it was running)\n"
    "SHOW: the player map\n"
    "HINT: a certain cell and why, or the safest guess\n"
    "PROB: the player map with each covered cell's mine odds\n"
    "STATS: the board's 3BV, openings, islands, and the clicks so far\n"
    "CASUAL <r> <c>, then r lines of M and .: fewest cells left covered, best first cell\n"
    "CASUALMAP <r> <c>, then r lines of M and .: as CASUAL, then the best start's map\n"
    "MASTER <R> <C> <M>: a board won by one click, or Impossible\n"
    "NURIKABE <r> <c> <d>, then d lines r' c' n and r lines of # and .: solved or not\n"
    "JUDGE BOOM|CASUAL|MASTER|NURIKABE, then that statement's input: its output, then END\n"
    "HELP: this list, then END\n"
    "BYE: close the session\n"
    "END\n");

SAP_STATIC_ASSERT(help_bytes, sizeof help_text - 1 == SAP_SESSION_HELP_BYTES);

SAP_TEXT(not_served, "not in this build");
SAP_TEXT(usage_new, "usage: NEW <rows> <cols> [<mines> <seed> [CASUAL|NOGUESS]]");
SAP_TEXT(no_memory, "not enough memory for this board");
SAP_TEXT(no_game, "no game: start one with NEW");
SAP_TEXT(too_many_mines, "too many mines: a board needs a safe cell");

/* The table index + 1 of the request whose lines are read is s->request;
 * these name the ones the code tests for. */
enum { KIND_NEW = 1, KIND_CASUAL, KIND_CASUALMAP, KIND_NURIKABE, KIND_HINT, KIND_PROB };

/* ---- shared steps ------------------------------------------------------ */

static void reply_solver_err(struct sap_session *s, int err)
{
    sap_session_reply_err(s, sap_strerror(err));
}

/* Holds back a constant-text ERR until the request's last line. */
static void defer_err(struct sap_session *s, const char *reason)
{
    if (s->deferred_length != 0)
        return;
    sap_session_reply_err(s, reason);
    sap_session_defer_reply(s);
}

/* "<prefix>a b c": OK r c mines, and CASUAL's answer. */
static void reply_numbers(struct sap_session *s, const char *prefix, uint32_t a, uint32_t b,
                          uint32_t c)
{
    sap_session_reply_start(s, prefix);
    sap_session_reply_add_u32(s, a);
    sap_session_reply_add(s, SAP_STR(" "));
    sap_session_reply_add_u32(s, b);
    sap_session_reply_add(s, SAP_STR(" "));
    sap_session_reply_add_u32(s, c);
    sap_session_reply_end(s);
}

static void reply_ok_board(struct sap_session *s, uint32_t rows, uint32_t cols, uint32_t mines)
{
    reply_numbers(s, SAP_STR("OK "), rows, cols, mines);
}

/* Starts reading `rows` board rows (after `numbers` number lines) for the
 * request of table index `kind` - 1. */
static void expect_lines(struct sap_session *s, uint32_t kind, uint32_t rows, uint32_t cols,
                         uint32_t numbers)
{
    s->request = (uint8_t)kind;
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

/* ---- games ------------------------------------------------------------- */

/* A GAME block for a NEW; when the provider refuses a second one (one
 * arena), the current game goes first.  A board past SAP_MAX_WORK_BYTES
 * is never held beside the current game: that goes first at once. */
static void *acquire_game(struct sap_session *s, size_t bytes)
{
    void *block;
    if (!sap_work_fits(bytes))
        sap_session_release_game(s);
    block = sap_session_acquire(s, bytes, SAP_MEMORY_GAME);
    if (block == NULL && s->game_block != NULL) {
        sap_session_release_game(s);
        block = sap_session_acquire(s, bytes, SAP_MEMORY_GAME);
    }
    return block;
}

/* The NEW game is complete: it replaces the current one. */
static void install_new_game(struct sap_session *s)
{
    sap_session_release_game(s);
    s->game_block = s->new_block;
    s->game = s->new_game;
    s->new_block = NULL;
    s->new_game = NULL;
}

static void start_new(struct sap_session *s, const char *line, const struct tokens *t,
                      const uint32_t *a)
{
    size_t bytes = SAP_GAME_BYTES(a[0], a[1]);
    bool random = t->count >= 5;
    uint8_t level = t->count == 6 ? (uint8_t)a[4] : (uint8_t)SAP_LEVEL_RANDOM;
    int err;

    (void)line;
    if (t->count == 4) {
        sap_session_reply_err(s, usage_new);
        return;
    }
    if (level != SAP_LEVEL_RANDOM && !SERVES(SAP_SOLVER_DEDUCE)) {
        sap_session_reply_err(s, not_served); /* the generator plays with the engine */
        return;
    }
    if (random && a[2] >= a[0] * a[1]) { /* the product fits: sizes are checked */
        sap_session_reply_err(s, too_many_mines);
        return;
    }
    if (!random)
        expect_lines(s, KIND_NEW, a[0], a[1], 0);
    s->new_block = acquire_game(s, bytes);
    if (s->new_block == NULL) {
        if (random)
            sap_session_reply_err(s, no_memory);
        else /* its rows are still to come */
            defer_err(s, no_memory);
        return;
    }
    err = sap_game_init(&s->new_game, s->new_block, bytes, a[0], a[1]);
    if (err == SAP_OK && random)
        err = sap_game_set_random(s->new_game, a[2], a[3]);
    if (!random) {
        if (err != SAP_OK)
            defer_err(s, sap_strerror(err));
        return;
    }
    if (err != SAP_OK) {
        sap_session_release_block(s, &s->new_block, SAP_MEMORY_GAME);
        s->new_game = NULL;
        reply_solver_err(s, err);
        return;
    }
    sap_game_set_level(s->new_game, level);
    install_new_game(s);
    reply_ok_board(s, a[0], a[1], a[2]);
}

static void row_new(struct sap_session *s, uint32_t row, const char *cells)
{
    (void)sap_game_set_row(s->new_game, row, 0, cells, s->cols);
}

static void complete_new(struct sap_session *s)
{
    uint32_t mines = sap_game_mines(s->new_game);
    install_new_game(s);
    reply_ok_board(s, s->rows, s->cols, mines);
}

static void start_quit(struct sap_session *s, const char *line, const struct tokens *t,
                       const uint32_t *a)
{
    (void)line;
    (void)t;
    (void)a;
    sap_session_reply_line(s, s->game != NULL && sap_game_state(s->game) == SAP_RUNNING
                              ? SAP_STR("QUIT") : SAP_STR("OK"));
    sap_session_release_game(s);
}

/* A no-guess board's first left click: its layout is made first (WORK),
 * then laid into the game and the click played (generate_done). */
static void start_generate(struct sap_session *s, uint32_t row, uint32_t col)
{
    uint32_t rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    size_t bytes = SAP_GENERATE_BYTES(rows, cols);
    s->work = sap_session_acquire(s, bytes, SAP_MEMORY_WORK);
    if (s->work == NULL
        || sap_generate_init(&s->solver.generate, s->work, bytes, rows, cols,
                             sap_game_mines(s->game), sap_game_pending_seed(s->game),
                             (enum sap_level)sap_game_pending_level(s->game),
                             row, col) != SAP_OK) {
        sap_session_release_work(s);
        sap_session_reply_err(s, no_memory);
        return;
    }
    s->out_row = row;
    s->out_col = col;
    s->work_kind = WORK_GENERATE;
}

static bool generated_mine(const void *generate, uint32_t row, uint32_t col)
{
    return sap_generate_mine_at((const sap_generate *)generate, row, col);
}

/* Begins operation op at 1-based (x, y) on the current game: its reply,
 * or the opening left to spread in poll. */
static void play_move(struct sap_session *s, int op, uint32_t x, uint32_t y)
{
    int outcome = sap_game_move_begin(s->game, op, x, y);
    if (outcome == SAP_MORE && sap_game_busy(s->game))
        s->work_kind = WORK_MOVE; /* an opening still spreading */
    else if (outcome < 0)
        reply_solver_err(s, outcome);
    else
        s->out_kind = OUT_MOVE;
}

static void generate_done(struct sap_session *s, int err)
{
    if (err == SAP_OK)
        err = sap_game_set_layout(s->game, generated_mine, s->solver.generate);
    sap_session_release_work(s);
    if (err != SAP_OK) {
        sap_session_reply_err(s, err == SAP_ERR_SIZE
                                 ? (sap_game_pending_level(s->game) == SAP_LEVEL_CASUAL
                                        ? SAP_STR("no casual board found within the generator's "
                                                  "tries; no mines laid")
                                        : SAP_STR("no no-guess board found within the "
                                                  "generator's tries; no mines laid"))
                                 : sap_strerror(err));
        return;
    }
    play_move(s, SAP_OP_LEFT, s->out_row + 1u, s->out_col + 1u);
}

static void start_move(struct sap_session *s, const char *line, const struct tokens *t,
                       const uint32_t *a)
{
    if (s->game == NULL) {
        sap_session_reply_err(s, no_game);
        return;
    }
    if (a[0] < 1 || a[0] > sap_game_rows(s->game) || a[1] < 1 || a[1] > sap_game_cols(s->game)) {
        sap_session_reply_err(s, SAP_STR("coordinate outside the board"));
        return;
    }
    if (line[t->start[0]] == '1' && sap_game_pending_level(s->game) != SAP_LEVEL_RANDOM
        && SERVES(SAP_SOLVER_DEDUCE)) {
        char v = sap_game_cell(s->game, a[0] - 1u, a[1] - 1u);
        if (v == '_' || v == '?') { /* the click that lays the mines */
            start_generate(s, a[0] - 1u, a[1] - 1u);
            return;
        }
    }
    play_move(s, line[t->start[0]] - '0', a[0], a[1]);
}

static void start_show(struct sap_session *s, const char *line, const struct tokens *t,
                       const uint32_t *a)
{
    (void)line;
    (void)t;
    (void)a;
    if (s->game == NULL) {
        sap_session_reply_err(s, no_game);
        return;
    }
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    s->out_row = 0;
    s->out_col = 0;
    s->out_kind = OUT_SHOW;
}

/* ---- solvers ----------------------------------------------------------- */

static void start_casual(struct sap_session *s, const char *line, const struct tokens *t,
                         const uint32_t *a)
{
    bool map = sap_word_is(line + t->start[0], t->length[0], SAP_STR("casualmap"));
    size_t bytes = SAP_CASUAL_BYTES(a[0], a[1]);
    size_t map_bytes = map ? ((size_t)a[0] * a[1] + 7u) / 8u : 0;
    int err;

    expect_lines(s, map ? KIND_CASUALMAP : KIND_CASUAL, a[0], a[1], 0);
    s->work = sap_session_acquire(s, bytes + map_bytes, SAP_MEMORY_WORK);
    if (s->work == NULL) {
        defer_err(s, no_memory);
        return;
    }
    if (map_bytes > 0)
        memset((char *)s->work + bytes, 0, map_bytes);
    err = sap_casual_init(&s->solver.casual, s->work, bytes, a[0], a[1]);
    if (err != SAP_OK)
        defer_err(s, sap_strerror(err));
}

static void row_casual(struct sap_session *s, uint32_t row, const char *cells)
{
    uint32_t col, safe = 0;
    (void)sap_casual_set_row(s->solver.casual, row, 0, cells, s->cols);
    for (col = 0; col < s->cols; col++)
        safe += cells[col] == '.';
    s->count += safe;
    if (s->request != KIND_CASUALMAP)
        return;
    for (col = 0; col < s->cols; col++) { /* the mine bits follow the solver's block */
        if (cells[col] == 'M') {
            size_t cell = (size_t)row * s->cols + col;
            unsigned char *mines = (unsigned char *)s->work + SAP_CASUAL_BYTES(s->rows, s->cols);
            mines[cell >> 3] = (unsigned char)(mines[cell >> 3] | (1u << (cell & 7u)));
        }
    }
}

/* The answer line of a solved board, then CASUALMAP's map. */
static void reply_casual(struct sap_session *s, uint32_t covered, uint32_t row, uint32_t col)
{
    reply_numbers(s, SAP_STR(""), covered, row, col);
    if (s->request == KIND_CASUALMAP) {
        s->out_row = 0;
        s->out_col = 0;
        s->out_kind = OUT_CASUALMAP; /* releases the block when written */
    } else {
        sap_session_release_work(s);
    }
}

static void complete_casual(struct sap_session *s)
{
    if (s->count == 0) { /* no safe cell: nothing left covered, no start */
        reply_casual(s, 0, 0, 0);
        return;
    }
    s->work_kind = WORK_CASUAL;
}

/* ---- STATS ---------------------------------------------------------------- */

static void start_stats(struct sap_session *s, const char *line, const struct tokens *t,
                        const uint32_t *a)
{
    size_t bytes;
    (void)line;
    (void)t;
    (void)a;
    if (s->game == NULL) {
        sap_session_reply_err(s, no_game);
        return;
    }
    if (!sap_game_mines_laid(s->game)) {
        sap_session_reply_err(s, SAP_STR("no mines yet: a random board lays them at the first left "
                                     "click"));
        return;
    }
    bytes = SAP_STATS_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    s->work = sap_session_acquire(s, bytes, SAP_MEMORY_WORK);
    if (s->work == NULL || sap_stats_init(&s->solver.stats, s->work, bytes, s->game) != SAP_OK) {
        sap_session_release_work(s);
        sap_session_reply_err(s, no_memory);
        return;
    }
    s->work_kind = WORK_STATS;
}

static void stats_done(struct sap_session *s)
{
    struct sap_board_stats b = { 0, 0, 0, 0 };
    (void)sap_stats_result(s->solver.stats, &b); /* done: it cannot fail */
    sap_session_reply_start(s, SAP_STR("3BV "));
    sap_session_reply_add_u32(s, b.bv3);
    sap_session_reply_add(s, SAP_STR(" OPENINGS "));
    sap_session_reply_add_u32(s, b.openings);
    sap_session_reply_add(s, SAP_STR(" ISLANDS "));
    sap_session_reply_add_u32(s, b.islands);
    sap_session_reply_add(s, SAP_STR(" CLICKS "));
    sap_session_reply_add_u32(s, b.clicks);
    sap_session_reply_end(s);
    sap_session_release_work(s);
}

/* ---- the deduction engine: HINT and PROB --------------------------------- */

static void start_deduce(struct sap_session *s, const char *line, const struct tokens *t,
                         const uint32_t *a)
{
    bool prob = sap_word_is(line + t->start[0], t->length[0], SAP_STR("prob"));
    size_t bytes;
    (void)a;
    if (s->game == NULL) {
        sap_session_reply_err(s, no_game);
        return;
    }
    bytes = SAP_DEDUCE_BYTES(sap_game_rows(s->game), sap_game_cols(s->game));
    s->work = sap_session_acquire(s, bytes, SAP_MEMORY_WORK);
    if (s->work == NULL) {
        sap_session_reply_err(s, no_memory);
        return;
    }
    if (sap_deduce_init(&s->solver.deduce, s->work, bytes, s->game) != SAP_OK) {
        sap_session_release_work(s);
        sap_session_reply_err(s, no_memory);
        return;
    }
    s->request = prob ? KIND_PROB : KIND_HINT;
    s->work_kind = WORK_DEDUCE;
}

/* The deduction is done: HINT's line, or PROB's map (which gives the block
 * back once written). */
static void deduce_done(struct sap_session *s, int err)
{
    if (err == SAP_ERR_SIZE || err == SAP_ERR_STATE) {
        sap_session_reply_err(s, err == SAP_ERR_SIZE
                                 ? SAP_STR("the position is too big to work out exactly")
                                 : SAP_STR("no layout of mines fits the numbers"));
    } else if (s->request == KIND_PROB) {
        s->rows = sap_game_rows(s->game);
        s->cols = sap_game_cols(s->game);
        s->out_row = 0;
        s->out_col = 0;
        s->item = 0;
        s->out_kind = OUT_PROB;
        return;
    } else {
        size_t len = sap_hint_line(s->solver.deduce, s->game, s->reply, SAP_REPLY_MAX - 1);
        if (len == 0) {
            sap_session_reply_err(s, SAP_STR("nothing is covered that is not known"));
        } else {
            s->reply_length = (uint16_t)len;
            s->reply_sent = 0;
            sap_session_reply_end(s);
        }
    }
    sap_session_release_work(s);
}

static void start_master(struct sap_session *s, const char *line, const struct tokens *t,
                         const uint32_t *a)
{
    int err;
    (void)line;
    (void)t;
    if (a[2] >= a[0] * a[1]) {
        sap_session_reply_err(s, too_many_mines);
        return;
    }
    err = sap_master_plan(&s->master, a[0], a[1], a[2]);
    if (err == SAP_ERR_IMPOSSIBLE) {
        sap_session_reply_line(s, SAP_STR("Impossible"));
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

static void start_nurikabe(struct sap_session *s, const char *line, const struct tokens *t,
                           const uint32_t *a)
{
    size_t bytes;
    int err;
    (void)line;
    (void)t;
    if (a[2] > a[0] * a[1]) {
        sap_session_reply_err(s, SAP_STR("more numbers than cells"));
        return;
    }
    bytes = SAP_NURIKABE_BYTES(a[0], a[1], a[2]);
    expect_lines(s, KIND_NURIKABE, a[0], a[1], a[2]);
    s->work = sap_session_acquire(s, bytes, SAP_MEMORY_WORK);
    if (s->work == NULL) {
        defer_err(s, no_memory);
        return;
    }
    err = sap_nurikabe_init(&s->solver.nurikabe, s->work, bytes, a[0], a[1], a[2]);
    if (err != SAP_OK)
        defer_err(s, sap_strerror(err));
}

static void row_nurikabe(struct sap_session *s, uint32_t row, const char *cells)
{
    sap_nurikabe_set_row(s->solver.nurikabe, row, 0, cells, s->cols);
}

static void complete_nurikabe(struct sap_session *s)
{
    s->work_kind = WORK_NURIKABE;
}

static void start_judge(struct sap_session *s, const char *line, const struct tokens *t,
                        const uint32_t *a)
{
    int format = sap_format_from_name(line + t->start[1], t->length[1]);
    (void)a;
    if (format < 0)
        sap_session_reply_err(s, SAP_STR("unknown format: JUDGE BOOM|CASUAL|MASTER|NURIKABE"));
    else if (sap_session_judge_begin(s, (enum sap_format)format) != SAP_OK)
        sap_session_reply_err(s, not_served);
}

static void start_help(struct sap_session *s, const char *line, const struct tokens *t,
                       const uint32_t *a)
{
    (void)line;
    (void)t;
    (void)a;
    s->text = help_text;
    s->text_left = SAP_SESSION_HELP_BYTES;
}

static void start_bye(struct sap_session *s, const char *line, const struct tokens *t,
                      const uint32_t *a)
{
    (void)line;
    (void)t;
    (void)a;
    sap_session_reply_line(s, SAP_STR("BYE"));
    s->mode = MODE_CLOSED;
    s->closing = true;
}

/* The table's texts (a static initializer cannot hold SAP_STR). */
SAP_TEXT(t_new, "new");
#define t_usage_new_rows_cols_mines_seed usage_new
SAP_TEXT(t_casual, "casual");
SAP_TEXT(t_usage_casual_r_c, "usage: CASUAL <r> <c>");
SAP_TEXT(t_casualmap, "casualmap");
SAP_TEXT(t_usage_casualmap_r_c, "usage: CASUALMAP <r> <c>");
SAP_TEXT(t_nurikabe, "nurikabe");
SAP_TEXT(t_usage_nurikabe_r_c_d, "usage: NURIKABE <r> <c> <d>");
SAP_TEXT(t_0, "0");
SAP_TEXT(t_usage_0, "usage: 0");
SAP_TEXT(t_1, "1");
SAP_TEXT(t_usage_1_2_3_x_y, "usage: 1|2|3 <x> <y>");
SAP_TEXT(t_2, "2");
SAP_TEXT(t_3, "3");
SAP_TEXT(t_show, "show");
SAP_TEXT(t_usage_show, "usage: SHOW");
SAP_TEXT(t_hint, "hint");
SAP_TEXT(t_usage_hint, "usage: HINT");
SAP_TEXT(t_prob, "prob");
SAP_TEXT(t_usage_prob, "usage: PROB");
SAP_TEXT(t_stats, "stats");
SAP_TEXT(t_usage_stats, "usage: STATS");
SAP_TEXT(t_master, "master");
SAP_TEXT(t_usage_master_r_c_m, "usage: MASTER <R> <C> <M>");
SAP_TEXT(t_judge, "judge");
SAP_TEXT(t_usage_judge_boom_casual_master_nurikab, "usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE");
SAP_TEXT(t_help, "help");
SAP_TEXT(t_usage_help, "usage: HELP");
SAP_TEXT(t_bye, "bye");
SAP_TEXT(t_usage_bye, "usage: BYE");

/* A solver this build leaves out has no handlers (nothing refers to its
 * code, so the link drops it); the walk refuses its requests first. */
#define CASUAL(handler) (SERVES(SAP_SOLVER_CASUAL) ? (handler) : NULL)
#define MASTER(handler) (SERVES(SAP_SOLVER_MASTER) ? (handler) : NULL)
#define NURIKABE(handler) (SERVES(SAP_SOLVER_NURIKABE) ? (handler) : NULL)
#define DEDUCE(handler) (SERVES(SAP_SOLVER_DEDUCE) ? (handler) : NULL)
#define N ARGS_NUMBERS
#define B (ARGS_NUMBERS | ARGS_BOARD)
static const struct request_kind requests[] SAP_ROM_TABLE = {
    /* word, usage, args, flags, solver, rows, start, row, complete */
    { t_new, t_usage_new_rows_cols_mines_seed, 2, 5, B | ARGS_LEVEL, 0,
      sap_rows_game, start_new, row_new, complete_new },
    { t_casual, t_usage_casual_r_c, 2, 2, B, SAP_SOLVER_CASUAL,
      sap_rows_casual, CASUAL(start_casual), CASUAL(row_casual), CASUAL(complete_casual) },
    { t_casualmap, t_usage_casualmap_r_c, 2, 2, B, SAP_SOLVER_CASUAL,
      sap_rows_casual, CASUAL(start_casual), CASUAL(row_casual), CASUAL(complete_casual) },
    { t_nurikabe, t_usage_nurikabe_r_c_d, 3, 3, B, SAP_SOLVER_NURIKABE,
      sap_rows_nurikabe, NURIKABE(start_nurikabe), NURIKABE(row_nurikabe),
      NURIKABE(complete_nurikabe) },
    { t_hint, t_usage_hint, 0, 0, N, SAP_SOLVER_DEDUCE, NULL, DEDUCE(start_deduce), NULL, NULL },
    { t_prob, t_usage_prob, 0, 0, N, SAP_SOLVER_DEDUCE, NULL, DEDUCE(start_deduce), NULL, NULL },
    { t_stats, t_usage_stats, 0, 0, N, 0, NULL, start_stats, NULL, NULL },
    { t_0, t_usage_0, 0, 0, N, 0, NULL, start_quit, NULL, NULL },
    { t_1, t_usage_1_2_3_x_y, 2, 2, N, 0, NULL, start_move, NULL, NULL },
    { t_2, t_usage_1_2_3_x_y, 2, 2, N, 0, NULL, start_move, NULL, NULL },
    { t_3, t_usage_1_2_3_x_y, 2, 2, N, 0, NULL, start_move, NULL, NULL },
    { t_show, t_usage_show, 0, 0, N, 0, NULL, start_show, NULL, NULL },
    { t_master, t_usage_master_r_c_m, 3, 3, B, SAP_SOLVER_MASTER,
      NULL, MASTER(start_master), NULL, NULL },
    { t_judge, t_usage_judge_boom_casual_master_nurikab, 1, 1, 0, 0,
      NULL, start_judge, NULL, NULL },
    { t_help, t_usage_help, 0, 0, N, 0, NULL, start_help, NULL, NULL },
    { t_bye, t_usage_bye, 0, 0, N, 0, NULL, start_bye, NULL, NULL },
};
#undef N
#undef B
#undef CASUAL
#undef MASTER
#undef NURIKABE
#undef DEDUCE
#define REQUEST_KINDS (sizeof requests / sizeof requests[0])

SAP_STATIC_ASSERT(table_order, KIND_NURIKABE == 4 && KIND_PROB == 6); /* table index + 1 */

static void kind_at(uint32_t index, struct request_kind *k)
{
    sap_rom_table_copy(k, &requests[index], sizeof *k);
}

/* ---- the table walk ---------------------------------------------------- */

void sap_requests_take(struct sap_session *s, const char *line, const struct tokens *t)
{
    struct request_kind k;
    uint32_t args[TOKENS_MAX - 1], i, index;
    const char *word = line + t->start[0];

    for (index = 0; index < REQUEST_KINDS; index++) {
        kind_at(index, &k);
        if (sap_word_is(word, t->length[0], k.word))
            break;
    }
    if (index == REQUEST_KINDS) {
        sap_session_reply_err(s, SAP_STR("unknown request (HELP lists them)"));
        return;
    }
    if ((k.solver & ~SAP_SOLVERS) != 0) {
        sap_session_reply_err(s, not_served);
        return;
    }
    if (t->count < 1u + k.args_min || t->count > 1u + k.args_max) {
        sap_session_reply_err(s, k.usage);
        return;
    }
    for (i = 0; (k.flags & ARGS_NUMBERS) && i + 1 < t->count; i++) {
        int err;
        if (i == 4 && (k.flags & ARGS_LEVEL)) {
            const char *w = line + t->start[5];
            args[4] = sap_word_is(w, t->length[5], SAP_STR("casual")) ? SAP_LEVEL_CASUAL
                      : sap_word_is(w, t->length[5], SAP_STR("noguess")) ? SAP_LEVEL_NOGUESS
                                                                       : SAP_LEVEL_RANDOM;
            if (args[4] == SAP_LEVEL_RANDOM) {
                sap_session_reply_err(s, SAP_STR("unknown level: CASUAL or NOGUESS"));
                return;
            }
            continue;
        }
        err = sap_parse_u32(line + t->start[i + 1], t->length[i + 1], &args[i]);
        if (err != SAP_OK) {
            sap_session_reply_err(s, err == SAP_ERR_SIZE ? SAP_STR("number too large")
                                                     : SAP_STR("not a number"));
            return;
        }
    }
    if ((k.flags & ARGS_BOARD) && sap_check_board_size(args[0], args[1]) != SAP_OK) {
        size_t len = 0;
        sap_session_reply_start(s, SAP_STR("ERR "));
        len = s->reply_length;
        sap_size_reason(s->reply, SAP_REPLY_MAX - 1, &len, args[0], args[1]);
        s->reply_length = (uint16_t)len;
        sap_session_reply_end(s);
        return;
    }
    k.start(s, line, t, args);
}

/* ---- the lines of a request -------------------------------------------- */

void sap_requests_take_row(struct sap_session *s, const char *line, const struct tokens *t)
{
    struct request_kind k;
    const char *cells = line + t->start[0];
    enum sap_row_mistake mistake = SAP_ROW_CELL;
    uint32_t col = 0;
    char bad = 0;

    if (s->deferred_length != 0)
        return; /* the request has already failed: its rows are only counted */
    kind_at(s->request - 1, &k);
    if (t->count != 1) {
        mistake = SAP_ROW_WORDS;
    } else if (t->length[0] < s->cols) {
        mistake = SAP_ROW_SHORT;
    } else if (t->length[0] > s->cols) {
        mistake = SAP_ROW_LONG;
    } else {
        for (col = 0; col < s->cols && sap_row_cell(k.rows, cells[col]) >= 0; col++)
            continue;
        if (col == s->cols) {
            k.row(s, s->item, cells);
            return;
        }
        bad = cells[col];
    }
    {
        size_t len;
        sap_session_reply_start(s, SAP_STR("ERR "));
        len = s->reply_length;
        sap_row_reason(s->reply, SAP_REPLY_MAX - 1, &len, mistake, s->item + 1, t->length[0],
                       s->cols, k.rows, bad);
        s->reply_length = (uint16_t)len;
        sap_session_reply_end(s);
        sap_session_defer_reply(s);
    }
}

/* A NURIKABE number line "r' c' n" (0-based cell, as in the statement). */
void sap_requests_take_number_line(struct sap_session *s, const char *line, const struct tokens *t)
{
    uint32_t a[3], k;
    const char *tail = NULL;
    int err = SAP_OK;

    if (s->deferred_length != 0 || !SERVES(SAP_SOLVER_NURIKABE))
        return; /* the request has already failed: its lines are only counted */
    if (t->count != 3)
        tail = SAP_STR(": expected r' c' n");
    for (k = 0; tail == NULL && k < 3; k++) {
        err = sap_parse_u32(line + t->start[k], t->length[k], &a[k]);
        if (err != SAP_OK)
            tail = err == SAP_ERR_SIZE ? SAP_STR(": number too large") : SAP_STR(": not a number");
    }
    if (tail == NULL) {
        err = sap_nurikabe_set_number(s->solver.nurikabe, a[0], a[1], a[2]);
        if (err == SAP_ERR_RANGE)
            tail = SAP_STR(": cell outside the grid (0-based)");
        else if (err == SAP_ERR_ARG)
            tail = SAP_STR(": a zero number, or a second one in a cell");
        else if (err != SAP_OK)
            tail = SAP_STR(": the grid refused it");
    }
    if (tail == NULL)
        return;
    sap_session_reply_start(s, SAP_STR("ERR number line "));
    sap_session_reply_add_u32(s, s->item + 1);
    sap_session_reply_add(s, tail);
    sap_session_reply_end(s);
    sap_session_defer_reply(s);
}

void sap_requests_complete(struct sap_session *s)
{
    struct request_kind k;

    if (s->deferred_length != 0) {
        uint16_t length = s->deferred_length;
        sap_session_abandon_request(s);
        s->reply_length = length;
        s->reply_sent = 0;
        return;
    }
    kind_at(s->request - 1, &k);
    k.complete(s);
    if (s->work_kind == WORK_NONE)
        s->request = 0;
}

/* ---- work -------------------------------------------------------------- */

void sap_requests_work(struct sap_session *s)
{
    int err = SAP_OK;
    uint32_t kind = s->work_kind;

    if (kind == WORK_MOVE) {
        err = sap_game_move_step(s->game, s->budget);
        if (err == SAP_MORE && sap_game_busy(s->game))
            return;
        s->work_kind = WORK_NONE;
        if (err < 0)
            reply_solver_err(s, err);
        else
            s->out_kind = OUT_MOVE;
        return;
    }
    if (kind == WORK_GENERATE && SERVES(SAP_SOLVER_DEDUCE)) {
        err = sap_generate_step(s->solver.generate, s->budget);
        if (err == SAP_MORE)
            return;
        s->work_kind = WORK_NONE;
        generate_done(s, err);
        if (s->work_kind == WORK_MOVE)
            return; /* the click's opening goes on */
    } else if (kind == WORK_STATS) {
        err = sap_stats_step(s->solver.stats, s->budget);
        if (err == SAP_MORE)
            return;
        stats_done(s);
    } else if (kind == WORK_DEDUCE && SERVES(SAP_SOLVER_DEDUCE)) {
        err = sap_deduce_step(s->solver.deduce, s->budget);
        if (err == SAP_MORE)
            return;
        s->work_kind = WORK_NONE;
        deduce_done(s, err);
        if (s->out_kind == OUT_PROB)
            return; /* the map is written first */
    } else if (kind == WORK_CASUAL && SERVES(SAP_SOLVER_CASUAL)) {
        struct sap_casual_result result;
        err = sap_casual_solve_step(s->solver.casual, s->budget, &result);
        if (err == SAP_MORE)
            return;
        s->work_kind = WORK_NONE;
        if (err == SAP_OK) {
            reply_casual(s, result.covered, result.row + 1u, result.col + 1u);
        } else {
            reply_solver_err(s, err);
            sap_session_release_work(s);
        }
    } else if (kind == WORK_NURIKABE && SERVES(SAP_SOLVER_NURIKABE)) {
        bool solved = false;
        err = sap_nurikabe_verify_step(s->solver.nurikabe, s->budget, &solved);
        if (err == SAP_MORE)
            return;
        s->work_kind = WORK_NONE;
        if (err == SAP_OK)
            sap_session_reply_line(s, solved ? SAP_STR("solved") : SAP_STR("not solved"));
        else
            reply_solver_err(s, err);
        sap_session_release_work(s);
    }
    s->work_kind = WORK_NONE;
    s->request = 0;
}
