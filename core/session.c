/*
 * session.c - the line protocol engine's framing and API (sapper.h section
 * 9), sans-IO.  The requests themselves are a table in requests.c.
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
 * Work whose size grows with the board (an opening spreading, a CASUAL
 * solve, a NURIKABE walk, a JUDGE case) is never done in one call: a
 * request that needs it leaves it as `work_kind`, and every poll does one
 * budget's worth (SAP_SESSION_BUDGET steps, sapper.h section 2) until it
 * is done and the reply can start.  Meanwhile sap_session_busy() is true
 * and sink takes nothing, so a server can serve its other sessions in
 * between.
 *
 * Inside a JUDGE stream the bytes go straight to the embedded judge reader
 * instead of the line buffer, so a stream has no line length limit beyond
 * the reader's own; the stream's reply ends with a line "END".
 */
#include "protocol.h"

SAP_TEXT(err_prefix, "ERR ");
SAP_TEXT(end_line, "END");

SAP_STATIC_ASSERT(reply_fits_u16, SAP_REPLY_MAX >= 112u && SAP_REPLY_MAX <= 65535u);
SAP_STATIC_ASSERT(line_holds_a_row, SAP_LINE_MAX >= SAP_MAX_COLS);

/* ---- memory ------------------------------------------------------------ */

void *sap_session_acquire(struct sap_session *s, size_t bytes, enum sap_memory_purpose purpose)
{
    if (s->memory == NULL || s->memory->acquire == NULL)
        return NULL;
    if (purpose == SAP_MEMORY_WORK && !sap_work_fits(bytes))
        return NULL; /* refused as a provider would: SAP_MAX_WORK_BYTES */
    return s->memory->acquire(s->memory->context, bytes, purpose);
}

void sap_session_release_block(struct sap_session *s, void **block, enum sap_memory_purpose purpose)
{
    if (*block != NULL && s->memory != NULL && s->memory->release != NULL)
        s->memory->release(s->memory->context, *block, purpose);
    *block = NULL;
}

void sap_session_release_game(struct sap_session *s)
{
    sap_session_release_block(s, &s->game_block, SAP_MEMORY_GAME);
    s->game = NULL;
}

void sap_session_release_work(struct sap_session *s)
{
    sap_session_release_block(s, &s->work, SAP_MEMORY_WORK);
    s->solver.casual = NULL;
}

void sap_session_abandon_request(struct sap_session *s)
{
    sap_session_release_block(s, &s->new_block, SAP_MEMORY_GAME);
    s->new_game = NULL;
    if (s->request != 0)
        sap_session_release_work(s);
    s->request = 0;
    s->deferred_length = 0;
}

/* ---- replies ----------------------------------------------------------- */

static bool output_pending(const struct sap_session *s)
{
    return s->reply_sent < s->reply_length || s->text_left > 0 || s->out_kind != OUT_NONE
           || s->work_kind != WORK_NONE || (s->mode == MODE_JUDGE && sap_judge_working(&s->judge));
}

/* The short reply line is built with the text helpers, which keep a NUL
 * after the text: the cap leaves room for the line end that replaces it. */
void sap_session_reply_start(struct sap_session *s, const char *text)
{
    size_t len = 0;
    sap_text_add(s->reply, SAP_REPLY_MAX - 1, &len, text);
    s->reply_length = (uint16_t)len;
    s->reply_sent = 0;
}

void sap_session_reply_add(struct sap_session *s, const char *text)
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

void sap_session_reply_add_u32(struct sap_session *s, uint32_t value)
{
    size_t len = s->reply_length;
    sap_text_add_u32(s->reply, SAP_REPLY_MAX - 1, &len, value);
    s->reply_length = (uint16_t)len;
}

void sap_session_reply_end(struct sap_session *s)
{
    s->reply[s->reply_length++] = '\n';
}

void sap_session_reply_line(struct sap_session *s, const char *text)
{
    sap_session_reply_start(s, text);
    sap_session_reply_end(s);
}

void sap_session_reply_err(struct sap_session *s, const char *reason)
{
    sap_session_reply_start(s, err_prefix);
    sap_session_reply_add(s, reason);
    sap_session_reply_end(s);
}

void sap_session_defer_reply(struct sap_session *s)
{
    s->deferred_length = s->reply_length;
    s->reply_length = 0; /* not sent yet */
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

/* PROB's map: each cell's token and a space or the line end, a token at a
 * time (s->item: how much of the current one is out). */
static size_t write_prob(struct sap_session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap && s->out_row < s->rows) {
        char piece[8];
        size_t length = sap_prob_token(s->solver.deduce, s->game, s->out_row, s->out_col, piece);
        piece[length++] = s->out_col + 1u == s->cols ? '\n' : ' ';
        n += sap_copy_piece(out + n, cap - n, piece, length, &s->item);
        if (s->item == length) {
            s->item = 0;
            if (++s->out_col == s->cols) {
                s->out_col = 0;
                s->out_row++;
            }
        }
    }
    return n;
}

static size_t write_long_reply(struct sap_session *s, char *out, size_t cap)
{
    size_t n;
    if (s->out_kind == OUT_MOVE)
        n = sap_game_reply(s->game, out, cap);
    else if (s->out_kind == OUT_PROB)
        n = SERVES(SAP_SOLVER_DEDUCE) ? write_prob(s, out, cap) : 0;
    else if (s->out_kind == OUT_MASTER)
        n = SERVES(SAP_SOLVER_MASTER) ? write_master(s, out, cap) : 0;
    else
        n = write_board(s, out, cap);
    if (n == 0) {
        if (s->out_kind == OUT_CASUALMAP || s->out_kind == OUT_PROB)
            sap_session_release_work(s);
        if (s->out_kind == OUT_PROB)
            s->request = 0;
        s->out_kind = OUT_NONE;
    }
    return n;
}

/* ---- JUDGE streams ----------------------------------------------------- */

int sap_session_judge_begin(struct sap_session *s, enum sap_format format)
{
    int err = sap_judge_init(&s->judge, format, s->memory);
    if (err == SAP_OK) {
        s->mode = MODE_JUDGE;
        s->judge_finished = false;
        sap_judge_set_budget(&s->judge, s->budget);
    }
    return err;
}

static void finish_judge(struct sap_session *s)
{
    s->judge_finished = true;
    sap_judge_finish(&s->judge);
}

/* The stream is over (done or failed) and its output is out: "END" (after
 * the ERR line of a failure), then requests again; or, judge-only, close. */
static void leave_judge(struct sap_session *s, int status)
{
    sap_judge_release(&s->judge);
    if (s->judge_only) {
        s->mode = MODE_CLOSED;
        s->closing = true;
        return;
    }
    if (status < 0) {
        sap_session_reply_start(s, err_prefix);
        sap_session_reply_add(s, sap_format_name(sap_judge_format(&s->judge)));
        sap_session_reply_add(s, SAP_STR(" line "));
        sap_session_reply_add_u32(s, s->judge.error_line);
        sap_session_reply_add(s, SAP_STR(": "));
        reply_add_ram(s, s->judge.error_reason); /* set with every failure */
        sap_session_reply_end(s);
        sap_session_reply_add(s, end_line);
    } else {
        sap_session_reply_start(s, end_line);
    }
    sap_session_reply_end(s);
    s->mode = MODE_REQUEST;
    s->line_length = 0;
}

/* ---- state changes that need no input ---------------------------------- */

static void take_line(struct sap_session *s, const char *line, uint32_t length);

/* Leaves a JUDGE stream once the reader is done (or failed) and has
 * nothing left to write, and handles EOF once every reply is out.
 * Returns true when it changed something (call it again). */
static bool settle_step(struct sap_session *s)
{
    if (s->mode == MODE_JUDGE && !sap_judge_working(&s->judge)) {
        int status = s->judge.status;
        if (status == SAP_JUDGE_READING && sap_judge_input_complete(&s->judge)
            && !s->judge_finished && !s->judge_only) {
            /* The statement's input is complete (its last case, or "0 0"):
             * the stream ends here, not at EOF.  The reader's own ending
             * check then says DONE.  (Judge-only mode reads to EOF and lets
             * the reader judge what follows the last case.) */
            finish_judge(s);
            return true;
        }
        if (status != SAP_JUDGE_READING) {
            leave_judge(s, status);
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
            sap_session_abandon_request(s);
            sap_session_reply_err(s, SAP_STR("input ended inside a request"));
        }
        s->mode = MODE_CLOSED;
        s->closing = true;
        return true;
    case MODE_JUDGE:
        if (!s->judge_finished) {
            finish_judge(s);
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

/* ---- lines ------------------------------------------------------------- */

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
        sap_requests_take(s, line, &t);
        return;
    case MODE_NUMBERS:
        sap_requests_take_number_line(s, line, &t);
        break;
    case MODE_ROWS:
        sap_requests_take_row(s, line, &t);
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
            s->mode = MODE_REQUEST;
            sap_requests_complete(s);
        }
    }
}

static void line_too_long(struct sap_session *s)
{
    sap_session_abandon_request(s);
    sap_session_reply_err(s, SAP_STR("line too long"));
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

/* A session that sap_session_init accepted (section 9 of sapper.h): any
 * other struct is refused by every call. */
static bool usable(const struct sap_session *s)
{
    return s != NULL && s->limits_tag == SAP_LIMITS_TAG;
}

int sap_session_init_checked(struct sap_session *s, const struct sap_memory *memory,
                             uint32_t limits_tag, size_t session_bytes)
{
    if (s == NULL)
        return SAP_ERR_ARG;
    if (limits_tag != SAP_LIMITS_TAG || session_bytes != sizeof *s) {
        if (session_bytes >= sizeof s->limits_tag)
            s->limits_tag = 0; /* the only field both structs surely have */
        return SAP_ERR_LIMITS;
    }
    memset(s, 0, sizeof *s);
    s->limits_tag = SAP_LIMITS_TAG;
    s->memory = memory;
    s->mode = MODE_REQUEST;
    s->budget = SAP_SESSION_BUDGET;
    return SAP_OK;
}

void sap_session_set_budget(struct sap_session *s, uint32_t budget)
{
    if (!usable(s))
        return;
    s->budget = budget != 0 ? budget : 1u;
    if (s->mode == MODE_JUDGE)
        sap_judge_set_budget(&s->judge, s->budget);
}

bool sap_session_busy(const struct sap_session *s)
{
    return usable(s) && output_pending(s);
}

int sap_session_start_judge(struct sap_session *s, enum sap_format format)
{
    if (!usable(s) || (unsigned)format >= SAP_FORMAT_COUNT)
        return SAP_ERR_ARG;
    if (s->mode != MODE_REQUEST || s->request != 0 || output_pending(s))
        return SAP_ERR_STATE;
    if (sap_session_judge_begin(s, format) != SAP_OK)
        return SAP_ERR_ARG; /* a solver this build leaves out */
    s->judge_only = true;
    settle(s);
    return SAP_OK;
}

int sap_session_judge_result(const struct sap_session *s, uint32_t *line, const char **reason)
{
    int status;
    if (!usable(s))
        return SAP_ERR_ARG;
    status = s->judge.status;
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
           && s->judge.status == SAP_JUDGE_READING && s->reply_length == 0;
}

size_t sap_session_sink(struct sap_session *s, const char *input, size_t length)
{
    size_t i = 0;
    if (s == NULL || (input == NULL && length > 0))
        return 0;
    if (!usable(s))
        return length; /* refused at init: closing, input discarded */
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
            if (s->judge.status < 0 && !s->judge_only && taken > 0
                && input[i + taken - 1] != '\n')
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
    bool worked = false;
    if (!usable(s) || out == NULL)
        return 0;
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
        } else if (s->work_kind != WORK_NONE) {
            if (worked)
                break; /* one budget per call */
            worked = true;
            sap_requests_work(s);
            k = 0;
        } else if (s->out_kind != OUT_NONE) {
            k = write_long_reply(s, out + n, cap - n);
        } else if (s->mode == MODE_JUDGE) {
            /* the reader does at most its budget of work per poll, and
             * returns 0 when it spent it without a reply byte */
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
    if (!usable(s) || s->finished)
        return;
    s->finished = true;
    settle(s);
}

bool sap_session_closing(const struct sap_session *s)
{
    return !usable(s) || s->closing;
}

void sap_session_release(struct sap_session *s)
{
    if (!usable(s))
        return;
    sap_session_abandon_request(s);
    sap_session_release_work(s);
    sap_session_release_game(s);
    sap_judge_release(&s->judge);
    s->out_kind = OUT_NONE;
    s->work_kind = WORK_NONE;
}
