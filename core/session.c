/*
 * session.c - the line protocol engine's API (sapper.h section 4), sans-IO.
 * The requests are rows of a table (requests.c); the session reaches them
 * only through a row's pointers and names none of them (protocol.h).
 *
 * Bytes come in through sap_session_sink and are framed into lines
 * (session_lines.c); each line is a request, or a number line or board row
 * of the request in progress.  A request's reply is a short line (built in
 * `reply` through session_reply.c), a long reply that the request's writer
 * produces piece by piece as it is polled, or both.  While any reply byte
 * is waiting, sink consumes nothing: that is the whole backpressure story,
 * and it is why one reply buffer and one line buffer suffice.
 *
 * Work whose size grows with the board (an opening spreading, a CASUAL
 * solve, a NURIKABE walk, a deduction) is never done in one call: the
 * request leaves it (s->stage), and every poll runs the request's work step
 * for one budget (SAP_SESSION_BUDGET steps, sapper.h section 2) until it
 * is done and the reply can start.  Meanwhile sap_session_busy() is true
 * and sink takes nothing, so a server can serve its other sessions in
 * between.
 *
 * Inside a JUDGE stream the bytes go straight to the embedded judge reader
 * instead of the line buffer, so a stream has no line length limit beyond
 * the reader's own; the stream's reply ends with a line "END", but for an
 * ERR that is its first line, which is the reply alone.
 */
#include "protocol.h"

SAP_TEXT(end_line, "END");

SAP_STATIC_ASSERT(reply_fits_u16, SAP_REPLY_MAX >= 120u && SAP_REPLY_MAX <= 65535u);

/* ---- the request in progress -------------------------------------------- */

/* One budget's worth of its work; once done, it has set its reply. */
static void run_work(struct session *s)
{
    bool (*work)(struct session *);
    REQUEST_FIELD(s->request, work, work);
    if (!work(s) && s->stage == STAGE_WORK)
        sap_session_reply_end_request(s);
}

/* The next part of its long reply; once all is out, the request is over. */
static size_t write_reply(struct session *s, char *out, size_t cap)
{
    size_t (*reply)(struct session *, char *, size_t);
    size_t n;
    REQUEST_FIELD(s->request, reply, reply);
    n = reply(s, out, cap);
    if (n == 0 && s->stage == STAGE_REPLY) /* else it left work again */
        sap_session_reply_end_request(s);
    return n;
}

/* ---- JUDGE streams ----------------------------------------------------- */

int sap_session_judge_begin(struct session *s, enum sap_format format)
{
    int err;
    /* the stream's cases take their blocks from the memory table directly:
     * HINT's kept deduction goes first, so that a session still holds
     * its game and one block at most */
    sap_session_reply_release_live(s);
    err = sap_judge_init(&s->judge, format, s->memory);
    if (err == SAP_OK) {
        s->mode = MODE_JUDGE;
        s->judge_finished = false;
        s->req.stream.written = false;
        sap_judge_set_budget(&s->judge, s->budget);
    }
    return err;
}

static void finish_judge(struct session *s)
{
    s->judge_finished = true;
    sap_judge_finish(&s->judge);
}

/* The stream is over (done or failed) and its output is out: "END", or
 * the ERR line of a failure, then END if the output had begun (an ERR
 * first is the reply alone: core/PROTOCOL.md, "Replies that end with
 * END"); then requests again; or, judge-only, close. */
static void leave_judge(struct session *s, int status)
{
    sap_judge_release(&s->judge);
    if (s->judge_only) {
        sap_session_reply_close(s);
        return;
    }
    if (status < 0) {
        sap_session_reply_start_err(s);
        sap_session_reply_add(s, sap_format_name(sap_judge_format(&s->judge)));
        sap_session_reply_add_format(s, SAP_STR(" line #: "), &s->judge.error_line, NULL, 0);
        sap_session_reply_add_ram(s, s->judge.error_reason); /* set with every failure */
        if (s->req.stream.written) {
            sap_session_reply_end(s);
            sap_session_reply_add(s, end_line);
        }
    } else {
        sap_session_reply_start(s, end_line);
    }
    sap_session_reply_end(s);
    s->mode = MODE_REQUEST;
    s->line_length = 0;
}

/* ---- state changes that need no input ---------------------------------- */

/* Leaves a JUDGE stream once the reader is done (or failed) and has
 * nothing left to write, and handles EOF once every reply is out.
 * Returns true when it changed something (call it again). */
static bool settle_step(struct session *s)
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
    if (!s->finished || sap_session_output_pending(s))
        return false;
    switch (s->mode) {
    case MODE_REQUEST:
    case MODE_NUMBERS:
    case MODE_ROWS:
        if (s->line_length > 0) { /* a last line without its line end */
            uint32_t line_length = s->line_length;
            s->line_length = 0;
            sap_session_lines_take(s, s->line, line_length);
            return true;
        }
        if (s->mode != MODE_REQUEST) {
            /* its number lines, or its rows, still to come: all of them */
            uint32_t left = s->items_left + (s->mode == MODE_NUMBERS ? s->rows : 0u);
            sap_session_reply_abandon(s);
            sap_session_reply_err_format(
                s, SAP_STR("input ended inside a request, with # of its lines to come"), &left,
                NULL, 0);
        }
        sap_session_reply_close(s);
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

static void settle(struct session *s)
{
    int steps;
    for (steps = 0; steps < 8 && settle_step(s); steps++)
        continue;
}

/* ---- JUDGE stream bytes ---------------------------------------------- */

static bool is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f';
}

/* How much of a JUDGE stream to give the reader at once: up to and
 * including the next whitespace byte, or up to a '\r'.  A reader learns
 * that its input is complete only where a token ends, and it would take
 * the bytes after that as its own (and fail on them): so the session looks
 * in between. */
static size_t through_next_space(const char *input, size_t length)
{
    size_t k;
    for (k = 0; k < length; k++) {
        if (input[k] == '\r')
            return k;
        if (is_space(input[k]))
            return k + 1;
    }
    return length;
}

/* Gives the JUDGE stream its next bytes, its line ends framed as request
 * lines are: a '\r' reaches the reader as a '\n' (so a lone one is a line
 * end it counts), and the '\n' of a "\r\n" does not reach it, nor the one
 * after "JUDGE <format>\r".  The statement's output does not change: the
 * readers take any whitespace between tokens.  With echo on, a byte at a
 * time, each echoed. */
static size_t judge_bytes(struct session *s, const char *input, size_t length)
{
    size_t taken;
    char newline = '\n';
    if (!sap_session_lines_frame_byte(s, input[0]))
        return 1;
    /* the reader takes a byte at least: it is reading, nothing is waiting */
    if (input[0] == '\r')
        taken = sap_judge_sink(&s->judge, &newline, 1);
    else
        taken = sap_judge_sink(
            &s->judge, input,
            (s->terminal & SAP_TERMINAL_ECHO) != 0 ? 1u : through_next_space(input, length));
    /* a stream that fails inside a line takes the rest of it along, so
     * that one bad line gets one ERR */
    if (s->judge.status < 0 && taken > 0 && input[taken - 1] != '\n'
        && input[taken - 1] != '\r')
        s->framing |= FRAME_SKIP;
    return taken;
}

/* ---- a person at a terminal ------------------------------------------ */

SAP_TEXT(echo_parts, "\r\n\b \b"); /* ECHO_LINE_END .. ECHO_PARTS_END */

/* The next byte of the echo owed (protocol.h); FRAME_MIDLINE says
 * whether it leaves the cursor inside a line. */
static char echo_next(struct session *s)
{
    uint8_t e = s->echo;
    char c;
    if (e > ECHO_PARTS_END) {
        s->echo = 0;
        c = (char)e;
    } else {
        s->echo = e == ECHO_NEWLINE || e == ECHO_PARTS_END ? 0u : (uint8_t)(e + 1u);
        c = sap_rom_byte(echo_parts + e - 1u);
    }
    s->framing = (uint8_t)(c == '\n' ? s->framing & ~FRAME_MIDLINE
                                     : s->framing | FRAME_MIDLINE);
    return c;
}

/* ---- the API ----------------------------------------------------------- */

/* A session that sap_session_init accepted (section 4 of sapper.h): any
 * other struct is refused by every call. */
/* The state of a session that init accepted, read-only. */
static const struct session *state_of(const struct sap_session *session)
{
    return sap_session_state((struct sap_session *)(uintptr_t)session);
}

int sap_session_init_checked(struct sap_session *session, const struct sap_memory *memory,
                             uint32_t limits_tag, size_t session_bytes)
{
    struct session *s;
    if (session == NULL)
        return SAP_ERR_ARG;
    if (limits_tag != SAP_LIMITS_TAG || session_bytes != sizeof *session) {
        if (session_bytes >= sizeof session->limits_tag) /* the one field both structs have */
            session->limits_tag = ~(uint32_t)SAP_LIMITS_TAG; /* never the tag */
        return SAP_ERR_LIMITS;
    }
    memset(session, 0, sizeof *session);
    session->limits_tag = SAP_LIMITS_TAG;
    s = sap_session_state(session);
    s->memory = memory;
    s->mode = MODE_REQUEST;
    s->budget = SAP_SESSION_BUDGET;
    s->allowance = SAP_SESSION_ALLOWANCE;
    return SAP_OK;
}

void sap_session_set_budget(struct sap_session *session, uint32_t budget)
{
    struct session *s = sap_session_state(session);
    if (s == NULL)
        return;
    s->budget = budget != 0 ? budget : 1u;
    if (s->mode == MODE_JUDGE)
        sap_judge_set_budget(&s->judge, s->budget);
}

void sap_session_set_allowance(struct sap_session *session, uint32_t steps_per_cell)
{
    struct session *s = sap_session_state(session);
    if (s != NULL)
        s->allowance = steps_per_cell;
}

void sap_session_set_seeds(struct sap_session *session, uint32_t (*next_seed)(void *context),
                           void *context)
{
    struct session *s = sap_session_state(session);
    if (s == NULL)
        return;
    s->next_seed = next_seed;
    s->seed_context = context;
}

bool sap_session_busy(const struct sap_session *session)
{
    const struct session *s = state_of(session);
    return s != NULL && sap_session_output_pending(s);
}

int sap_session_start_judge(struct sap_session *session, enum sap_format format)
{
    struct session *s = sap_session_state(session);
    if (s == NULL || (unsigned)format >= SAP_FORMAT_COUNT)
        return SAP_ERR_ARG;
    if (s->mode != MODE_REQUEST || s->request != NULL || sap_session_output_pending(s))
        return SAP_ERR_STATE;
    if (sap_session_judge_begin(s, format) != SAP_OK)
        return SAP_ERR_ARG; /* a solver this build leaves out */
    s->judge_only = true;
    s->terminal = 0; /* the statement's output, byte for byte */
    settle(s);
    return SAP_OK;
}

int sap_session_judge_result(const struct sap_session *session, uint32_t *line,
                             const char **reason)
{
    const struct session *s = state_of(session);
    int status;
    if (s == NULL)
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
static bool judge_only_reading(const struct session *s)
{
    return s->judge_only && s->mode == MODE_JUDGE && !s->finished
           && s->judge.status == SAP_JUDGE_READING && s->reply_length == 0;
}

size_t sap_session_sink(struct sap_session *session, const char *input, size_t length)
{
    struct session *s = sap_session_state(session);
    size_t i = 0;
    if (session == NULL || (input == NULL && length > 0))
        return 0;
    if (s == NULL)
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
        if (sap_session_output_pending(s))
            break;
        switch (s->mode) {
        case MODE_JUDGE:
            taken = s->judge_only ? sap_judge_sink(&s->judge, input + i, length - i)
                                  : judge_bytes(s, input + i, length - i);
            break;
        case MODE_CLOSED:
            taken = length - i;
            break;
        default:
            taken = sap_session_lines_sink(s, input + i, length - i);
            break;
        }
        i += taken;
        if (taken == 0) {
            settle(s);
            if (!sap_session_output_pending(s) && s->mode == MODE_JUDGE)
                break; /* a reader that takes nothing and says nothing */
        }
    }
    settle(s);
    return i;
}

size_t sap_session_poll(struct sap_session *session, char *out, size_t cap)
{
    struct session *s = sap_session_state(session);
    size_t n = 0;
    bool worked = false, crlf;
    if (s == NULL || out == NULL)
        return 0;
    if (judge_only_reading(s)) {
        n = sap_judge_poll(&s->judge, out, cap);
        if (s->judge.status != SAP_JUDGE_READING)
            settle(s);
        return n;
    }
    /* With echo on, every line the session writes ends "\r\n": its bytes
     * are made one at a time, and a '\n' goes out as '\r', the '\n' owed
     * as echo is, next.  (A person reads them: speed is no matter.)  A
     * reply that would start where the echo left the cursor inside a line
     * starts with a line end. */
    crlf = (s->terminal & SAP_TERMINAL_ECHO) != 0;
    while (n < cap) {
        size_t k, room = crlf ? 1u : cap - n;
        settle(s);
        if (s->echo != 0) {
            out[n++] = echo_next(s);
            continue;
        }
        if (crlf && (s->framing & FRAME_MIDLINE) != 0 && sap_session_output_pending(s)) {
            s->echo = ECHO_LINE_END; /* a reply starts on a line of its own */
            continue;
        }
        if (s->reply_sent < s->reply_length) {
            k = s->reply_length - s->reply_sent;
            if (k > room)
                k = room;
            memcpy(out + n, s->reply + s->reply_sent, k);
            s->reply_sent = (uint16_t)(s->reply_sent + k);
            if (s->reply_sent == s->reply_length)
                s->reply_sent = s->reply_length = 0;
        } else if (s->stage == STAGE_WORK) {
            if (worked)
                break; /* one budget per call */
            worked = true;
            run_work(s);
            k = 0;
        } else if (s->stage == STAGE_REPLY) {
            k = write_reply(s, out + n, room);
        } else if (s->mode == MODE_JUDGE) {
            /* the reader does at most its budget of work per poll, and
             * returns 0 when it spent it without a reply byte */
            k = sap_judge_poll(&s->judge, out + n, room);
            if (k != 0) {
                s->req.stream.written = true;
            } else {
                settle(s);
                if (s->mode == MODE_JUDGE)
                    break; /* nothing more from the reader for now */
            }
        } else {
            break;
        }
        if (k != 0 && crlf && out[n] == '\n') {
            out[n] = '\r';
            s->echo = ECHO_NEWLINE;
        }
        n += k;
    }
    settle(s);
    return n;
}

void sap_session_finish(struct sap_session *session)
{
    struct session *s = sap_session_state(session);
    if (s == NULL || s->finished)
        return;
    s->finished = true;
    settle(s);
}

bool sap_session_closing(const struct sap_session *session)
{
    const struct session *s = state_of(session);
    return session != NULL && (s == NULL || s->mode == MODE_CLOSED); /* refused: closing */
}

void sap_session_set_terminal(struct sap_session *session, unsigned options)
{
    struct session *s = sap_session_state(session);
    if (s != NULL && !s->judge_only)
        s->terminal = (uint8_t)(options
                                & (SAP_TERMINAL_ECHO | SAP_TERMINAL_COLOR | SAP_TERMINAL_VIEW
                                   | (SAP_PERSON_EXTRAS ? SAP_TERMINAL_VIEW_ONLY : 0u)));
}

unsigned sap_session_terminal(const struct sap_session *session)
{
    const struct session *s = state_of(session);
    return s != NULL ? s->terminal : 0u;
}

bool sap_session_in_request(const struct sap_session *session)
{
    const struct session *s = state_of(session);
    return s != NULL
           && (s->mode == MODE_NUMBERS || s->mode == MODE_ROWS || s->mode == MODE_JUDGE);
}

void sap_session_set_resume(struct sap_session *session, sap_resume_fn resume, void *context,
                            const char *token)
{
    struct session *s = sap_session_state(session);
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    if (s == NULL)
        return;
    s->resume = resume;
    s->resume_context = context;
    s->token = token;
#else
    (void)s, (void)resume, (void)context, (void)token; /* a build without RESUME */
#endif
}

void sap_session_set_record(struct sap_session *session, sap_record_fn record, void *context)
{
    struct session *s = sap_session_state(session);
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    if (s == NULL)
        return;
    s->record = record;
    s->record_context = context;
#else
    (void)s, (void)record, (void)context;              /* a build without RESUME */
#endif
}

int sap_session_take_game(struct sap_session *session, struct sap_kept_game *kept)
{
    struct session *s = sap_session_state(session);
    if (s == NULL || kept == NULL)
        return SAP_ERR_ARG;
    /* Work or a long reply under way may read the game; a request still
     * reading its lines (a NEW's rows, a CASUAL board) never does. */
    if (s->game == NULL || sap_game_state(s->game) != SAP_RUNNING || s->stage != STAGE_NONE)
        return SAP_ERR_STATE;
    sap_session_reply_release_live(s); /* HINT's kept deduction: made again on demand */
    kept->block = s->game_block;
    kept->game = s->game;
    s->game_block = NULL;
    s->game = NULL;
    return SAP_OK;
}

void sap_kept_game_release(struct sap_kept_game *kept, const struct sap_memory *memory)
{
    if (kept == NULL)
        return;
    if (kept->block != NULL && memory != NULL)
        memory->release(memory->context, kept->block, SAP_MEMORY_GAME);
    kept->block = NULL;
    kept->game = NULL;
}

void sap_session_release(struct sap_session *session)
{
    struct session *s = sap_session_state(session);
    if (s == NULL)
        return;
    sap_session_reply_abandon(s);
    sap_session_reply_release_game(s);
    sap_judge_release(&s->judge);
}
