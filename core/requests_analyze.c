/*
 * requests_analyze.c - a position from any player's game, typed in as it
 * is seen: ANALYZE, and the edits CELL and MINES, each its row and its
 * handlers.
 *
 * ANALYZE <rows> <cols> <mines>, then a line a row: the position becomes
 * the session's current game, a game with a player map and a mine count
 * but no layout (sap_game_set_position), on which HINT, PROB, VIEW and
 * VIEW PROB answer as on any game, since the deduction reads only the
 * player map and the mine count.  A row is what VIEW or SHOW writes of it,
 * or the same glyphs without spaces:
 *
 *     #  _       covered            .  0     opened, no mine around
 *     1 .. 8     opened, that many   P       a flag (a mark, not a mine)
 *     ?          a question mark
 *
 * with the row's number first, as VIEW writes it, or not.  The position is
 * checked before it replaces the current game: every number fits its
 * covered neighbours (else the ERR names the cell), then a deduction of
 * the whole position finds a layout of the mines that fits (else the ERR
 * says none does).  CELL x y <glyph> and MINES <mines> change a typed
 * position in place, checked the same way, and put back what they changed
 * when the check fails: an ERR changes nothing.
 *
 * The check's deduction needs a WORK block beside the position and the
 * current game: it is held in the session's slot for the kept deduction
 * (which no other request uses while this one works); where the session's
 * memory has no room for it, the position is refused as a NEW too big for
 * the memory left is, and the current game stays.
 */
#include "deduce.h"
#include "game.h"
#include "protocol.h"

/* ---- a row as a person sees it ------------------------------------------------ */

/* The player map's byte for a glyph of a person's view: '_', 'P', '?',
 * '0'..'8'; 0 for a byte that is none. */
static char seen_cell(char c)
{
    switch (c) {
    case '#':
    case '_':
        return '_';
    case '.':
        return '0';
    case 'P':
    case 'p':
        return 'P';
    case '?':
        return '?';
    default:
        return c >= '0' && c <= '8' ? c : '\0';
    }
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The words of line[0..end): how many, the first's start and length, and
 * whether every word after the first is one byte. */
struct row_words {
    uint32_t count, first, first_length;
    bool rest_single;
};

static void count_words(const char *line, uint32_t end, struct row_words *w)
{
    uint32_t i = 0;
    w->count = 0;
    w->first = w->first_length = 0;
    w->rest_single = true;
    while (i < end) {
        uint32_t start;
        while (i < end && is_blank(line[i]))
            i++;
        if (i == end)
            break;
        start = i;
        while (i < end && !is_blank(line[i]))
            i++;
        if (w->count == 0) {
            w->first = start;
            w->first_length = i - start;
        } else if (i - start != 1) {
            w->rest_single = false;
        }
        w->count++;
    }
}

/* Whether word[0..length) is the decimal number n (VIEW's row number). */
static bool is_number(const char *word, uint32_t length, uint32_t n)
{
    uint32_t value;
    return sap_parse_u32(word, length, &value) == SAP_OK && value == n;
}

/* "ERR row <n> " and the rest, held back until the last row. */
static void start_row_err(struct session *s)
{
    uint32_t row = s->item + 1u;
    sap_session_reply_start_err(s);
    sap_session_reply_add_format(s, SAP_STR("row # "), &row, NULL, 0);
}

static void defer_row_err(struct session *s)
{
    sap_session_reply_end(s);
    sap_session_reply_defer(s);
}

/* Whether the row has the board's cells, one glyph each, with spaces
 * between or none: true with *from the offset of its first glyph; else
 * its ERR is held back. */
static bool row_shape(struct session *s, const char *line, uint32_t end, uint32_t *from)
{
    struct row_words w;
    uint32_t number = s->item + 1u, n[2];
    count_words(line, end, &w);
    *from = w.first;
    n[0] = w.count;
    if (w.count == 1u) {
        n[0] = w.first_length;
    } else if (!(w.count == s->cols && w.rest_single && w.first_length == 1u)
               && is_number(line + w.first, w.first_length, number)) {
        /* VIEW's row number first: the rest is the row (a row of glyphs
         * with spaces between is read as such first) */
        *from = w.first + w.first_length;
        n[0] = w.count - 1u;
        if (w.count == 2u) {
            count_words(line + *from, end - *from, &w);
            *from += w.first;
            n[0] = w.first_length;
        } else if (!w.rest_single) {
            n[0] = 0;
        }
    } else if (!w.rest_single || w.first_length != 1u) {
        n[0] = 0;
    }
    n[1] = s->cols;
    if (n[0] == s->cols)
        return true;
    start_row_err(s);
    sap_session_reply_add_format(s,
                                 n[0] == 0 ? SAP_STR("cells are one glyph each, all "
                                                     "with spaces between or none")
                                 : n[0] < s->cols
                                     ? SAP_STR("has # cells, fewer than the board's #")
                                     : SAP_STR("has more cells than the board's #"),
                                 n[0] < s->cols ? n : n + 1, NULL, 0);
    defer_row_err(s);
    return false;
}

/* One row of ANALYZE: its glyphs into the position, or its ERR. */
static void line_analyze(struct session *s, const char *line, const struct tokens *t)
{
    uint32_t from, col;
    if (!row_shape(s, line, t->end, &from))
        return;
    for (col = 0; col < s->cols; col++) {
        char c;
        while (is_blank(line[from]))
            from++;
        c = seen_cell(line[from]);
        if (c == '\0') {
            start_row_err(s);
            sap_session_reply_add_format(s, SAP_STR("holds %"), NULL, line + from, 1);
            sap_session_reply_add(s, SAP_STR(": cells are # . 1-8 P ? (or _ 0-8 P ? as SHOW "
                                             "writes them)"));
            defer_row_err(s);
            return;
        }
        (void)sap_game_set_seen(s->req.analyze.game, s->item, col, c);
        from++;
    }
}

/* ---- the check ---------------------------------------------------------------- */

/* The position's first number that its covered neighbours cannot hold,
 * in rows row .. last_row - 1, a budget's worth of rows a call: SAP_MORE,
 * SAP_OK once every row passed, or SAP_ERR_ARG with the reply set. */
static int check_rows(struct session *s, const sap_game *g)
{
    uint32_t cols = sap_game_cols(g);
    uint32_t budget = s->budget, row, col;
    int err = SAP_MORE;
    while (err == SAP_MORE) {
        if (s->req.analyze.row >= s->req.analyze.last_row) {
            err = SAP_OK;
            break;
        }
        if (sap_game_position_fault(g, s->req.analyze.row, &col) != SAP_OK) {
            uint32_t n[4];
            row = s->req.analyze.row;
            n[0] = row + 1u;
            n[1] = col + 1u;
            n[2] = (uint32_t)(sap_game_cell(g, row, col) - '0');
            n[3] = sap_game_position_covered_around(g, row, col);
            sap_session_reply_err_format(
                s,
                SAP_STR("(#, #) shows # but only # of its neighbours are covered: no layout "
                        "fits; nothing changed"),
                n, NULL, 0);
            return SAP_ERR_ARG;
        }
        s->req.analyze.row++;
        if (budget <= cols)
            break;
        budget -= cols;
    }
    return err;
}

/* The whole position against its mine count, a budget a poll, in a block
 * of the kept deduction's slot: SAP_MORE, SAP_OK (a layout fits, or the
 * position is too big to tell: the local check stands), or an error with
 * the reply set. */
static int check_layouts(struct session *s, sap_game *g)
{
    int err;
    if (s->req.analyze.deduce == NULL) {
        size_t bytes = SAP_DEDUCE_BYTES(sap_game_rows(g), sap_game_cols(g));
        uint32_t covered = sap_game_covered(g);
        if (sap_game_mines(g) > covered) {
            uint32_t n[2];
            n[0] = sap_game_mines(g);
            n[1] = covered;
            sap_session_reply_err_format(
                s,
                SAP_STR(
                    "# mines, but only # cells are covered: no layout fits; nothing changed"),
                n, NULL, 0);
            return SAP_ERR_STATE;
        }
        sap_session_reply_release_live(s);
        if (sap_work_fits(bytes))
            s->live_block = sap_session_reply_acquire(s, bytes, SAP_MEMORY_WORK);
        if (s->live_block == NULL
            || sap_deduce_init(&s->req.analyze.deduce, s->live_block, bytes, g) != SAP_OK) {
            sap_session_reply_release_live(s);
            sap_session_reply_err(s, s->game != NULL && s->game != g
                                         ? SAP_STR("not enough memory to check this position "
                                                   "beside the current game (0 ends it)")
                                         : sap_reason_no_memory);
            return SAP_ERR_NOMEM;
        }
    }
    if (sap_session_reply_give_up(s)) {
        sap_session_reply_release_live(s);
        return SAP_ERR_ARG;
    }
    err = sap_deduce_step(s->req.analyze.deduce, s->budget);
    if (err == SAP_MORE)
        return SAP_MORE;
    sap_session_reply_release_live(s);
    s->req.analyze.deduce = NULL;
    if (err == SAP_ERR_STATE) {
        uint32_t mines = sap_game_mines(g);
        sap_session_reply_err_format(
            s, SAP_STR("no layout of mines fits these numbers with # in all; nothing changed"),
            &mines, NULL, 0);
        return SAP_ERR_STATE;
    }
    return SAP_OK; /* SAP_ERR_SIZE: too big to tell, as PROB would say */
}

/* Both checks, as the request's work: true while more is left; once done,
 * the reply is OK, or the ERR (after which `undo` puts back an edit). */
static bool work_check(struct session *s, sap_game *g, bool *failed)
{
    int err = SAP_OK;
    *failed = false;
    if (s->req.analyze.row < s->req.analyze.last_row)
        err = check_rows(s, g);
    if (err == SAP_OK)
        err = check_layouts(s, g);
    if (err == SAP_MORE)
        return true;
    *failed = err != SAP_OK;
    return false;
}

/* The check of rows first_row .. last_row - 1, then of the whole
 * position. */
static void ready_check(struct session *s, uint32_t first_row, uint32_t last_row)
{
    s->req.analyze.row = first_row;
    s->req.analyze.last_row = last_row;
    s->req.analyze.deduce = NULL;
}

/* ---- ANALYZE ----------------------------------------------------------------- */

static void take_analyze(struct session *s, const struct request_line *r)
{
    const uint32_t *a = r->args;
    size_t bytes = SAP_GAME_BYTES(a[0], a[1]);
    void *block;
    int err;
    sap_session_reply_expect_lines(s, a[0], a[1], a[0]); /* its rows, each read whole */
    s->req.analyze.game = NULL;
    ready_check(s, 0, a[0]);   /* its work, once they are read */
    if (a[2] >= a[0] * a[1]) { /* the product fits: sizes are checked */
        sap_session_reply_too_many_mines(s, a[0], a[1]);
        sap_session_reply_defer(s);
        return;
    }
    block = sap_session_game_acquire(s, bytes);
    if (block == NULL) {
        sap_session_reply_defer_err(
            s, s->game != NULL ? SAP_STR("not enough memory for this board beside the "
                                         "current game (0 ends it)")
                               : sap_reason_no_memory);
        return;
    }
    err = sap_game_init(&s->req.analyze.game, block, bytes, a[0], a[1]);
    if (err == SAP_OK)
        err = sap_game_set_position(s->req.analyze.game, a[2]);
    if (err != SAP_OK)
        sap_session_reply_defer_err(s, sap_strerror(err));
}

/* Its rows are read: checked, then it becomes the current game. */
static bool work_analyze(struct session *s)
{
    sap_game *g = s->req.analyze.game;
    bool failed;
    if (work_check(s, g, &failed))
        return true;
    if (!failed) {
        sap_session_game_install(s, g);
        sap_session_reply_line(s, SAP_STR("OK"));
    }
    return false;
}

/* ---- CELL and MINES ---------------------------------------------------------- */

/* The edits are for a typed position only: a dealt game's cells are its
 * layout's to tell. */
static bool typed_position(struct session *s)
{
    if (sap_game_is_position(s->game))
        return true;
    sap_session_reply_err(s, SAP_STR("this game was dealt, not typed in: CELL and MINES edit a "
                                     "position given with ANALYZE"));
    return false;
}

/* CELL <x> <y> <glyph>: what the cell at row x, column y shows now. */
static void take_cell(struct session *s, const struct request_line *r)
{
    const struct tokens *t = r->tokens;
    const char *glyph = r->text + t->start[3];
    uint32_t xy[2], bad = 0, rows = sap_game_rows(s->game), cols = sap_game_cols(s->game);
    const char *reason = sap_session_lines_parse_numbers(r->text, t, 1, 2, xy, &bad);
    char c = t->length[3] == 1u ? seen_cell(glyph[0]) : '\0';
    if (reason != NULL) {
        sap_session_reply_err_format(s, reason, NULL, r->text + t->start[bad], t->length[bad]);
        return;
    }
    if (!typed_position(s))
        return;
    if (xy[0] < 1 || xy[0] > rows || xy[1] < 1 || xy[1] > cols) {
        uint32_t n[2];
        n[0] = rows;
        n[1] = cols;
        sap_session_reply_err_format(
            s, SAP_STR("coordinate outside the board: rows 1-#, columns 1-#"), n, NULL, 0);
        return;
    }
    if (c == '\0') {
        sap_session_reply_start_err(s);
        sap_session_reply_add_format(s, SAP_STR("% is not a cell"), NULL, glyph, t->length[3]);
        sap_session_reply_add(s, SAP_STR(": # . 1-8 P ? (or _ 0-8)"));
        sap_session_reply_end(s);
        return;
    }
    s->req.analyze.undo_row = xy[0] - 1u;
    s->req.analyze.undo_col = xy[1] - 1u;
    s->req.analyze.undo = sap_game_cell(s->game, xy[0] - 1u, xy[1] - 1u);
    s->req.analyze.undo_mines = sap_game_mines(s->game);
    sap_session_reply_release_live(s); /* it knew the cell as it was */
    (void)sap_game_set_seen(s->game, xy[0] - 1u, xy[1] - 1u, c);
    /* the numbers it can break are in the rows around it */
    ready_check(s, xy[0] >= 2u ? xy[0] - 2u : 0u, xy[0] + 1u < rows ? xy[0] + 1u : rows);
    sap_session_reply_leave_work(s);
}

/* MINES <mines>: the position's mine count. */
static void take_mines(struct session *s, const struct request_line *r)
{
    uint32_t cells = sap_game_rows(s->game) * sap_game_cols(s->game);
    if (!typed_position(s))
        return;
    if (r->args[0] >= cells) {
        sap_session_reply_too_many_mines(s, sap_game_rows(s->game), sap_game_cols(s->game));
        return;
    }
    s->req.analyze.undo = '\0';
    s->req.analyze.undo_mines = sap_game_mines(s->game);
    sap_session_reply_release_live(s); /* it counted the mines as they were */
    (void)sap_game_set_position(s->game, r->args[0]);
    ready_check(s, 0, 0); /* no number changed: the whole position only */
    sap_session_reply_leave_work(s);
}

/* The server's record hears of an edit kept: the cell as it shows now, or
 * the mine count. */
static void record_edit(struct session *s, const sap_game *g)
{
    uint32_t row = s->req.analyze.undo_row, col = s->req.analyze.undo_col;
    if (s->req.analyze.undo != '\0')
        sap_session_game_record(s, SAP_RECORD_CELL, 0, row + 1u, col + 1u, 0,
                                sap_game_cell(g, row, col));
    else
        sap_session_game_record(s, SAP_RECORD_MINES, 0, 0, 0, sap_game_mines(g), '\0');
}

/* The edited position's check; an ERR puts back what the edit changed. */
static bool work_edit(struct session *s)
{
    bool failed;
    sap_game *g = s->game;
    if (work_check(s, g, &failed))
        return true;
    if (failed) {
        if (s->req.analyze.undo != '\0')
            (void)sap_game_set_seen(g, s->req.analyze.undo_row, s->req.analyze.undo_col,
                                    s->req.analyze.undo);
        (void)sap_game_set_position(g, s->req.analyze.undo_mines);
    } else {
        if (SERVES(SAP_SOLVER_RESUME))
            record_edit(s, g);
        sap_session_reply_line(s, SAP_STR("OK"));
    }
    return false;
}

/* ---- the rows --------------------------------------------------------------------- */

SAP_TEXT(t_analyze, "analyze");
SAP_TEXT(t_usage_analyze, "usage: ANALYZE <rows> <cols> <mines>, then <rows> lines");
SAP_TEXT(t_cell, "cell");
SAP_TEXT(t_usage_cell, "usage: CELL <x> <y> <glyph>");
SAP_TEXT(t_mines, "mines");
SAP_TEXT(t_usage_mines, "usage: MINES <mines>");
SAP_TEXT(h_analyze, HELP_TEXT(SAP_HELP_ANALYZE_));
SAP_TEXT(h_cell, HELP_TEXT(SAP_HELP_CELL_));
SAP_TEXT(h_mines, HELP_TEXT(SAP_HELP_MINES_));

#define ANALYZE(x) SERVED(SAP_SOLVER_ANALYZE, x)

const struct sap_request sap_request_analyze SAP_ROM_TABLE = {
    .word = t_analyze,
    .usage = ANALYZE(t_usage_analyze),
    .help = ANALYZE(h_analyze),
    .args_min = 3,
    .args_max = 3,
    .flags = ARGS_NUMBERS | ARGS_BOARD,
    .solver = SAP_SOLVER_ANALYZE,
    .take = ANALYZE(take_analyze),
    .number_line = ANALYZE(line_analyze),
    .work = ANALYZE(work_analyze),
};

const struct sap_request sap_request_cell SAP_ROM_TABLE = {
    .word = t_cell,
    .usage = ANALYZE(t_usage_cell),
    .help = ANALYZE(h_cell),
    .args_min = 3,
    .args_max = 3,
    .flags = NEEDS_GAME,
    .solver = SAP_SOLVER_ANALYZE,
    .take = ANALYZE(take_cell),
    .work = ANALYZE(work_edit),
};

const struct sap_request sap_request_mines SAP_ROM_TABLE = {
    .word = t_mines,
    .usage = ANALYZE(t_usage_mines),
    .help = ANALYZE(h_mines),
    .args_min = 1,
    .args_max = 1,
    .flags = ARGS_NUMBERS | NEEDS_GAME,
    .solver = SAP_SOLVER_ANALYZE,
    .take = ANALYZE(take_mines),
    .work = ANALYZE(work_edit),
};
