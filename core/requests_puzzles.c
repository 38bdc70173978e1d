/*
 * requests_puzzles.c - the requests that bring a board of their own, each
 * its row and its handlers: CASUAL and CASUALMAP (the casual player),
 * MASTER (one-click win boards), NURIKABE (the Nurikabe verifier).  None
 * touches the current game.
 */
#include "protocol.h"

/* ---- CASUAL and CASUALMAP ------------------------------------------------ */

/* CASUALMAP's mine bits, a bit per cell after the solver's block. */
static unsigned char *casual_mine_bits(const struct session *s)
{
    return (unsigned char *)s->block + SAP_CASUAL_BYTES(s->rows, s->cols);
}

static void start_casual(struct session *s, const uint32_t *a, bool map)
{
    size_t bytes = SAP_CASUAL_BYTES(a[0], a[1]);
    size_t map_bytes = map ? ((size_t)a[0] * a[1] + 7u) / 8u : 0;
    void *block;
    int err;

    sap_session_reply_expect_lines(s, a[0], a[1], 0);
    s->req.casual.safe = 0;
    s->req.casual.map = map;
    block = sap_session_reply_acquire_block(s, bytes + map_bytes, SAP_MEMORY_WORK);
    if (block == NULL) {
        sap_session_reply_defer_err(s, sap_reason_no_memory);
        return;
    }
    if (map_bytes > 0)
        memset(casual_mine_bits(s), 0, map_bytes);
    err = sap_casual_init(&s->req.casual.solver, block, bytes, a[0], a[1]);
    if (err != SAP_OK)
        sap_session_reply_defer_err(s, sap_strerror(err));
}

static void take_casual(struct session *s, const struct request_line *r)
{
    start_casual(s, r->args, false);
}

static void take_casualmap(struct session *s, const struct request_line *r)
{
    start_casual(s, r->args, true);
}

static void row_casual(struct session *s, uint32_t row, const char *cells)
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
static void reply_casual(struct session *s, uint32_t covered, uint32_t row, uint32_t col)
{
    sap_session_reply_numbers(s, SAP_STR(""), covered, row, col);
    if (s->req.casual.map) {
        s->req.casual.row = 0;
        s->req.casual.col = 0;
        sap_session_reply_stream(s);
    }
}

static bool work_casual(struct session *s)
{
    struct sap_casual_result result;
    int err;
    if (s->req.casual.safe == 0) { /* no safe cell: nothing left covered, no start */
        reply_casual(s, 0, 0, 0);
        return false;
    }
    if (sap_session_reply_give_up(s))
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
static size_t reply_casualmap(struct session *s, char *out, size_t cap)
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

static void take_nurikabe(struct session *s, const struct request_line *r)
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
    sap_session_reply_expect_lines(s, a[0], a[1], a[2]);
    block = sap_session_reply_acquire_block(s, bytes, SAP_MEMORY_WORK);
    if (block == NULL) {
        sap_session_reply_defer_err(s, sap_reason_no_memory);
        return;
    }
    err = sap_nurikabe_init(&s->req.nurikabe.grid, block, bytes, a[0], a[1], a[2]);
    if (err != SAP_OK)
        sap_session_reply_defer_err(s, sap_strerror(err));
}

/* A number line "r' c' n" (0-based cell, as in the statement). */
static void number_line_nurikabe(struct session *s, const char *line, const struct tokens *t)
{
    uint32_t a[3] = { 0, 0, 0 }, n[5], bad = 0;
    const char *reason = SAP_STR("expected the 3 numbers r' c' n");

    if (t->count == 3)
        reason = sap_session_lines_parse_numbers(line, t, 0, 3, a, &bad);
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
    sap_session_reply_defer(s);
}

static void row_nurikabe(struct session *s, uint32_t row, const char *cells)
{
    sap_nurikabe_set_row(s->req.nurikabe.grid, row, 0, cells, s->cols);
}

static bool work_nurikabe(struct session *s)
{
    bool solved = false;
    int err;
    if (sap_session_reply_give_up(s))
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

static void take_master(struct session *s, const struct request_line *r)
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
        sap_session_reply_stream(s);
    }
}

/* The planned board: runs of cells straight from the plan, then line ends. */
static size_t reply_master(struct session *s, char *out, size_t cap)
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

/* ---- the rows --------------------------------------------------------------------- */

SAP_TEXT(t_casual, "casual");
SAP_TEXT(t_usage_casual, "usage: CASUAL <r> <c>");
SAP_TEXT(t_casualmap, "casualmap");
SAP_TEXT(t_usage_casualmap, "usage: CASUALMAP <r> <c>");
SAP_TEXT(t_master, "master");
SAP_TEXT(t_usage_master, "usage: MASTER <R> <C> <M>");
SAP_TEXT(t_nurikabe, "nurikabe");
SAP_TEXT(t_usage_nurikabe, "usage: NURIKABE <r> <c> <d>");
SAP_TEXT(h_casual, HELP_TEXT(SAP_HELP_CASUAL_));
SAP_TEXT(h_casualmap, HELP_TEXT(SAP_HELP_CASUALMAP_));
SAP_TEXT(h_master, HELP_TEXT(SAP_HELP_MASTER_));
SAP_TEXT(h_nurikabe, HELP_TEXT(SAP_HELP_NURIKABE_));

#define CASUAL(x) SERVED(SAP_SOLVER_CASUAL, x)
#define MASTER(x) SERVED(SAP_SOLVER_MASTER, x)
#define NURIKABE(x) SERVED(SAP_SOLVER_NURIKABE, x)
#define BOARD (ARGS_NUMBERS | ARGS_BOARD)

const struct sap_request sap_request_casual SAP_ROM_TABLE = {
    .word = t_casual,
    .usage = CASUAL(t_usage_casual),
    .help = CASUAL(h_casual),
    .args_min = 2,
    .args_max = 2,
    .flags = BOARD | ROWS_CASUAL,
    .solver = SAP_SOLVER_CASUAL,
    .take = CASUAL(take_casual),
    .row = CASUAL(row_casual),
    .work = CASUAL(work_casual),
};

const struct sap_request sap_request_casualmap SAP_ROM_TABLE = {
    .word = t_casualmap,
    .usage = CASUAL(t_usage_casualmap),
    .help = CASUAL(h_casualmap),
    .args_min = 2,
    .args_max = 2,
    .flags = BOARD | ROWS_CASUAL,
    .solver = SAP_SOLVER_CASUAL,
    .take = CASUAL(take_casualmap),
    .row = CASUAL(row_casual),
    .work = CASUAL(work_casual),
    .reply = CASUAL(reply_casualmap),
};

const struct sap_request sap_request_master SAP_ROM_TABLE = {
    .word = t_master,
    .usage = MASTER(t_usage_master),
    .help = MASTER(h_master),
    .args_min = 3,
    .args_max = 3,
    .flags = BOARD,
    .solver = SAP_SOLVER_MASTER,
    .take = MASTER(take_master),
    .reply = MASTER(reply_master),
};

const struct sap_request sap_request_nurikabe SAP_ROM_TABLE = {
    .word = t_nurikabe,
    .usage = NURIKABE(t_usage_nurikabe),
    .help = NURIKABE(h_nurikabe),
    .args_min = 3,
    .args_max = 3,
    .flags = BOARD | ROWS_NURIKABE,
    .solver = SAP_SOLVER_NURIKABE,
    .take = NURIKABE(take_nurikabe),
    .number_line = NURIKABE(number_line_nurikabe),
    .row = NURIKABE(row_nurikabe),
    .work = NURIKABE(work_nurikabe),
};
