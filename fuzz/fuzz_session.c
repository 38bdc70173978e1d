/*
 * fuzz_session.c - the protocol engine with arbitrary bytes as a session.
 *
 * Run 1 feeds the input a line at a time and follows it with a small
 * mirror of the protocol's state (core/sapper.h section 4): for each line
 * it knows which request the reply answers and asserts
 *   - the reply is no longer than the bound section 4 documents for that
 *     request (SAP_REPLY_MAX, SAP_REPLY_MOVE_MAX of the current game and
 *     under SET VIEW ON its SAP_REPLY_VIEW_MAX, SAP_REPLY_SHOW_MAX,
 *     SAP_REPLY_VIEW_MAX, SAP_REPLY_MASTER_MAX, SAP_SESSION_HELP_BYTES; PLAY
 *     each of its moves' line and reply, then END);
 *   - every reply ends with a line end, every complete request line gets
 *     one (unless it announced more lines), board rows get none before the
 *     last, and nothing at all comes once the session is closing;
 *   - inside a JUDGE stream the reply is exactly what a stand-alone judge
 *     reader of that format writes for the same bytes, then at most the one
 *     "ERR <format> line N: <reason>" line, then END unless that ERR is
 *     the stream's first line (an ERR first is the reply alone);
 *   - afterwards the session still answers HELP (with the same text as a
 *     fresh session) within a few lines, unless it was told to close;
 *   - at most two blocks held at once, all of them released at the end.
 * Lines end as the session ends them: at "\n", at a lone "\r", or at
 * "\r\n" (one line end; inside a JUDGE stream the reader is given a "\n"
 * for the "\r" and nothing for the "\n").  Once a request turns echo on
 * (SET ECHO ON: every byte echoed, replies ending "\r\n"), the mirror
 * stops following; tests/test_session_terminal.c checks echo byte for byte.
 * Run 2 feeds the same bytes in random chunks with random output
 * capacities: the whole output must be byte-identical.  One input in four
 * is also fed, line by line and in random chunks, to two sessions with
 * echo on from the start: their outputs must be byte-identical too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MEMORY_PLENTY ((size_t)64 << 20)
#define HELP_PROBE_LINES 64u

enum mirror_mode {
    MIRROR_REQUEST, /* the next line is a request */
    MIRROR_LINES,   /* an accepted NEW/CASUAL/CASUALMAP/NURIKABE reads its lines */
    MIRROR_JUDGE,   /* inside a JUDGE stream, followed by a parallel reader */
    MIRROR_BLIND,   /* inside a JUDGE stream the harness cannot follow */
    MIRROR_ECHO,    /* echo is on: the harness follows no more */
    MIRROR_CLOSED   /* the session is closing */
};

/* Whether the build reads positions (ANALYZE, sapper.h section 1). */
#define SERVES_ANALYZE ((SAP_SOLVERS & SAP_SOLVER_ANALYZE) != 0)

enum pending_request { PENDING_NONE, PENDING_NEW, PENDING_ANALYZE, PENDING_OTHER };

struct mirror {
    enum mirror_mode mode;
    bool follow_judges; /* false when memory is stingy */
    /* the multi-line request being read */
    enum pending_request pending;
    size_t pending_bound;
    uint64_t pending_items;
    uint32_t new_rows, new_cols;
    /* the current game, 0 x 0 when there is none */
    uint32_t game_rows, game_cols;
    bool view_after_moves; /* SET VIEW ON was answered OK */
    /* the parallel judge reader */
    struct sap_judge judge;
    struct fuzz_memory judge_memory;
    bool judge_active;
    bool judge_finished; /* sap_judge_finish was called on it */
    bool judge_written;  /* it has written output */
    /* the start of a line the session has not seen the end of */
    struct fuzz_text carry;
    /* the last line ended at a '\r': a '\n' first in the next one is the
     * rest of that line end (what the session's FRAME_CR says) */
    bool after_cr;
};

struct session_run {
    struct sap_session *session;
    struct fuzz_memory memory;
    uint32_t seeds; /* seedless NEWs so far: their seeds, the same in both runs */
    struct fuzz_rng rng;
    struct fuzz_text output; /* everything the session wrote */
    struct fuzz_text stream; /* everything it was given */
};

/* ---- a fresh session's HELP, the probe's expected answer ----------------- */

static struct fuzz_text help_text;

/* ---- driving a session ----------------------------------------------------- */

/* A NEW without a seed gets one from its caller (sapper.h section 4):
 * here a count, so that both runs lay the same boards. */
static uint32_t next_seed(void *context)
{
    uint32_t *seeds = context;
    return (*seeds)++ * 2654435761u;
}

static void run_init(struct session_run *run, size_t memory_limit, uint64_t seed)
{
    run->session = malloc(SAP_SESSION_BYTES);
    FUZZ_CHECK(run->session != NULL, "malloc");
    memset(run->session, 0xA5, SAP_SESSION_BYTES);
    fuzz_memory_init(&run->memory, memory_limit);
    sap_session_init(run->session, &run->memory.iface);
    run->seeds = 0;
    sap_session_set_seeds(run->session, next_seed, &run->seeds);
    run->rng.state = seed;
    /* Most runs spend a small random budget a call (sapper.h section 2):
     * heavy requests then take many polls, and the replies must not
     * change. */
    if (fuzz_rng_range(&run->rng, 0, 3) != 0)
        sap_session_set_budget(run->session, (uint32_t)fuzz_rng_range(&run->rng, 1, 64));
    fuzz_text_init(&run->output);
    fuzz_text_init(&run->stream);
    fuzz_text_add(&run->output, "", 0);
}

static void run_free(struct session_run *run)
{
    sap_session_release(run->session);
    fuzz_memory_check_released(&run->memory, "the session");
    free(run->session);
    fuzz_text_free(&run->output);
    fuzz_text_free(&run->stream);
}

/* Polls until nothing is waiting, with capacities from 1 to 64 bytes. */
static size_t drain(struct session_run *run, bool small_caps)
{
    size_t total = 0, rounds = 0;
    for (;;) {
        size_t cap = small_caps ? fuzz_rng_range(&run->rng, 1, 64) : 4096;
        char *at = fuzz_text_reserve(&run->output, cap + 1);
        size_t n;
        at[cap] = '\x5A';
        n = sap_session_poll(run->session, at, cap);
        FUZZ_CHECK(n <= cap && at[cap] == '\x5A', "poll wrote %zu bytes into %zu", n, cap);
        FUZZ_CHECK(fuzz_memory_held(&run->memory) <= 2, "the session holds %zu blocks",
                   fuzz_memory_held(&run->memory));
        if (n == 0 && !sap_session_busy(run->session))
            return total;
        FUZZ_CHECK(++rounds < 400u * 1000u * 1000u, "the session never stops being busy");
        if (n == 0)
            continue; /* a poll that spent its budget on work */
        run->output.length += n;
        run->output.data[run->output.length] = '\0';
        total += n;
    }
}

/* Sinks bytes in chunks of at most `chunk` (0: all at once), draining
 * after every call; checks that the session always makes progress. */
static void feed(struct session_run *run, const char *bytes, size_t length, bool random_chunks)
{
    size_t pos = 0;
    fuzz_text_add(&run->stream, bytes, length);
    while (pos < length) {
        size_t want = random_chunks ? fuzz_rng_range(&run->rng, 0, 48) : length - pos;
        size_t took, polled;
        if (want > length - pos)
            want = length - pos;
        took = sap_session_sink(run->session, bytes + pos, want);
        FUZZ_CHECK(took <= want, "sink took %zu of %zu", took, want);
        pos += took;
        polled = drain(run, random_chunks);
        FUZZ_CHECK(took == want || polled > 0,
                   "sink took %zu of %zu bytes with nothing to poll", took, want);
    }
}

/* ---- the mirror ------------------------------------------------------------ */

struct words {
    size_t count;
    const char *start[8];
    size_t length[8];
};

/* Whether c ends a word of a request line: a space or a tab, and where
 * the build reads cells as HINT writes them (SAP_PERSON_EXTRAS), '(', ')'
 * and ','. */
static bool word_end(char c)
{
    return c == ' ' || c == '\t' || (SAP_PERSON_EXTRAS && (c == '(' || c == ')' || c == ','));
}

/* The request's tokens as section 4 splits them. */
static void split_words(const char *line, size_t length, struct words *w)
{
    size_t i = 0;
    w->count = 0;
    while (i < length) {
        while (i < length && word_end(line[i]))
            i++;
        if (i == length)
            break;
        if (w->count < 8) {
            w->start[w->count] = line + i;
            w->length[w->count] = 0;
        }
        while (i < length && !word_end(line[i])) {
            if (w->count < 8)
                w->length[w->count]++;
            i++;
        }
        w->count++;
    }
}

static bool word_is(const struct words *w, size_t index, const char *lower)
{
    size_t i, n = strlen(lower);
    if (index >= w->count || index >= 8 || w->length[index] != n)
        return false;
    for (i = 0; i < n; i++) {
        char c = w->start[index][i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != lower[i])
            return false;
    }
    return true;
}

static bool word_number(const struct words *w, size_t index, uint32_t *value)
{
    uint64_t v = 0;
    size_t i;
    if (index >= w->count || index >= 8 || w->length[index] == 0)
        return false;
    for (i = 0; i < w->length[index]; i++) {
        char c = w->start[index][i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10u + (uint64_t)(c - '0');
        if (v > UINT32_MAX)
            return false;
    }
    *value = (uint32_t)v;
    return true;
}

/* NEW's preset words (any case): their rows and cols. */
static bool word_preset(const struct words *w, size_t index, uint32_t *rows, uint32_t *cols)
{
    if (word_is(w, index, "beginner")) {
        *rows = *cols = 9;
    } else if (word_is(w, index, "intermediate")) {
        *rows = *cols = 16;
    } else if (word_is(w, index, "expert")) {
        *rows = 16;
        *cols = 30;
    } else {
        return false;
    }
    return true;
}

static size_t max_size(size_t a, size_t b)
{
    return a > b ? a : b;
}

static bool ends_with_line_end(const char *reply, size_t length)
{
    return length == 0 || reply[length - 1] == '\n';
}

static void start_pending(struct mirror *m, enum pending_request kind, size_t bound,
                          uint64_t items)
{
    m->mode = MIRROR_LINES;
    m->pending = kind;
    m->pending_bound = bound;
    m->pending_items = items;
}

/* Notes a game the session now plays, from its "OK r c mines" reply. */
static void note_new_game(struct mirror *m, const char *reply, size_t length, uint32_t rows,
                          uint32_t cols)
{
    if (length >= 3 && memcmp(reply, "OK ", 3) == 0) {
        m->game_rows = rows;
        m->game_cols = cols;
    }
}

static void start_judge_mirror(struct mirror *m, const struct words *w)
{
    int format = w->count >= 2 && w->count < 8 ? sap_format_from_name(w->start[1], w->length[1])
                                               : -1;
    FUZZ_CHECK(w->count == 2 && format >= 0,
               "a JUDGE line the mirror cannot read was accepted");
    if (!m->follow_judges) {
        m->mode = MIRROR_BLIND;
        return;
    }
    fuzz_memory_init(&m->judge_memory, MEMORY_PLENTY);
    FUZZ_CHECK(sap_judge_init(&m->judge, (enum sap_format)format, &m->judge_memory.iface)
                   == SAP_OK,
               "judge init");
    m->judge_active = true;
    m->judge_finished = false;
    m->judge_written = false;
    m->mode = MIRROR_JUDGE;
}

static void stop_judge_mirror(struct mirror *m)
{
    if (m->judge_active) {
        sap_judge_release(&m->judge);
        fuzz_memory_check_released(&m->judge_memory, "the mirror's judge reader");
        m->judge_active = false;
    }
}

/* A line taken as a request: checks its reply and follows the state. */
static void mirror_request(struct mirror *m, const char *line, size_t length, const char *reply,
                           size_t reply_length, bool closing)
{
    struct words w;
    size_t bound = SAP_REPLY_MAX, content = length;
    uint32_t a, b, c, d;
    bool answered = reply_length > 0;

    if (content > 0 && line[content - 1] == '\n')
        content--;
    if (content > 0 && line[content - 1] == '\r')
        content--;
    if (content > SAP_LINE_MAX) {
        FUZZ_CHECK(reply_length == 18 && memcmp(reply, "ERR line too long\n", 18) == 0
                       && closing,
                   "a %zu-byte line got \"%.*s\"", content, (int)reply_length, reply);
        m->mode = MIRROR_CLOSED;
        return;
    }
    split_words(line, content, &w);
    if (w.count == 0) {
        FUZZ_CHECK(!answered, "a blank line was answered: \"%.*s\"", (int)reply_length, reply);
        return;
    }
    if (word_is(&w, 0, "new") && w.count == 3 && word_number(&w, 1, &a)
        && word_number(&w, 2, &b)) {
        if (!answered) {
            m->new_rows = a;
            m->new_cols = b;
            start_pending(m, PENDING_NEW, SAP_REPLY_MAX, a);
            return;
        }
    } else if (word_is(&w, 0, "new") && w.count >= 4 && w.count <= 6 && word_number(&w, 1, &a)
               && word_number(&w, 2, &b)) {
        /* NEW r c mines [seed] [level]: an "OK r c mines [SEED s]" starts it */
        note_new_game(m, reply, reply_length, a, b);
    } else if (word_is(&w, 0, "new") && w.count >= 2 && w.count <= 4
               && word_preset(&w, 1, &a, &b)) {
        note_new_game(m, reply, reply_length, a, b);
    } else if ((word_is(&w, 0, "1") || word_is(&w, 0, "2") || word_is(&w, 0, "3"))) {
        size_t view = m->view_after_moves ? SAP_REPLY_VIEW_MAX(m->game_rows, m->game_cols) : 0;
        bound = max_size(bound, SAP_REPLY_MOVE_MAX(m->game_rows, m->game_cols) + view);
    } else if (word_is(&w, 0, "prob")) {
        bound = max_size(bound, (size_t)5u * m->game_rows * m->game_cols);
    } else if (word_is(&w, 0, "view")) {
        bound = max_size(bound, SAP_REPLY_VIEW_MAX(m->game_rows, m->game_cols));
    } else if (word_is(&w, 0, "play")) {
        /* each move's line and reply (a cell takes at most 3 moves: a flag
         * cycled off it, then opened; a '?' cycled to a flag), then an
         * ERR line and END */
        size_t moves = (size_t)3u * m->game_rows * m->game_cols + 1u;
        bound = max_size(
            bound, moves * (SAP_REPLY_MAX + SAP_REPLY_MOVE_MAX(m->game_rows, m->game_cols))
                       + SAP_REPLY_MAX + 4u);
    } else if (word_is(&w, 0, "set") && word_is(&w, 1, "view") && w.count == 3) {
        if (reply_length == 3 && memcmp(reply, "OK\n", 3) == 0)
            m->view_after_moves = word_is(&w, 2, "on");
    } else if (word_is(&w, 0, "0") && w.count == 1) {
        if ((reply_length == 5 && memcmp(reply, "QUIT\n", 5) == 0)
            || (reply_length == 3 && memcmp(reply, "OK\n", 3) == 0))
            m->game_rows = m->game_cols = 0; /* the game is released either way */
    } else if (word_is(&w, 0, "show")) {
        bound = max_size(bound, SAP_REPLY_SHOW_MAX(m->game_rows, m->game_cols));
    } else if (word_is(&w, 0, "prob")) {
        /* "100%" and a space or the line end a cell (sapper.h section 4) */
        bound = max_size(bound, (size_t)5u * m->game_rows * m->game_cols);
    } else if (word_is(&w, 0, "casual") && word_number(&w, 1, &a) && word_number(&w, 2, &b)) {
        if (!answered) {
            start_pending(m, PENDING_OTHER, SAP_REPLY_MAX, a);
            return;
        }
    } else if (SERVES_ANALYZE && word_is(&w, 0, "analyze") && word_number(&w, 1, &a)
               && word_number(&w, 2, &b) && word_number(&w, 3, &c)) {
        if (!answered) { /* its rows, each read whole: a position as seen */
            m->new_rows = a;
            m->new_cols = b;
            start_pending(m, PENDING_ANALYZE, SAP_REPLY_MAX, a);
            return;
        }
    } else if (word_is(&w, 0, "casualmap") && word_number(&w, 1, &a)
               && word_number(&w, 2, &b)) {
        if (!answered) {
            start_pending(m, PENDING_OTHER, SAP_REPLY_MAX + SAP_REPLY_MASTER_MAX(a, b), a);
            return;
        }
    } else if (word_is(&w, 0, "nurikabe") && word_number(&w, 1, &a) && word_number(&w, 2, &b)
               && word_number(&w, 3, &d)) {
        if (!answered) {
            start_pending(m, PENDING_OTHER, SAP_REPLY_MAX, (uint64_t)a + d);
            return;
        }
    } else if (word_is(&w, 0, "master") && word_number(&w, 1, &a) && word_number(&w, 2, &b)
               && word_number(&w, 3, &c)) {
        bound = max_size(bound, SAP_REPLY_MASTER_MAX(a, b));
    } else if (word_is(&w, 0, "judge")) {
        if (!answered) {
            start_judge_mirror(m, &w);
            return;
        }
    } else if (word_is(&w, 0, "help")) {
        bound = max_size(bound, SAP_SESSION_HELP_BYTES);
    } else if (word_is(&w, 0, "set") && word_is(&w, 1, "echo") && word_is(&w, 2, "on")
               && w.count == 3) {
        FUZZ_CHECK(reply_length == 4 && memcmp(reply, "OK\r\n", 4) == 0,
                   "SET ECHO ON got \"%.*s\"", (int)reply_length, reply);
        m->mode = MIRROR_ECHO;
        return;
    } else if (word_is(&w, 0, "bye")) {
        if (reply_length == 4 && memcmp(reply, "BYE\n", 4) == 0) {
            FUZZ_CHECK(closing, "BYE did not close the session");
            m->mode = MIRROR_CLOSED;
        }
    }
    FUZZ_CHECK(answered, "the request \"%.*s\" got no reply", (int)content, line);
    FUZZ_CHECK(reply_length <= bound,
               "the request \"%.40s\" got %zu reply bytes, the bound is %zu", line,
               reply_length, bound);
    FUZZ_CHECK(!closing || m->mode == MIRROR_CLOSED, "the session closes after \"%.*s\"",
               (int)content, line);
}

/* Feeds the parallel reader the line's bytes it takes; returns how many.
 * As section 4 says, the stream ends where the statement's input is
 * complete: once the reader expects nothing more after a token boundary,
 * it is finished there and whatever follows is requests again. */
static size_t mirror_judge_bytes(struct mirror *m, const char *line, size_t length,
                                 struct fuzz_text *expected)
{
    size_t pos = 0;
    while (pos < length && sap_judge_status(&m->judge) == SAP_JUDGE_READING) {
        /* the session's line ends: a '\r' reaches the reader as '\n', the
         * '\n' of a "\r\n" not at all */
        const char *byte = line[pos] == '\r' ? "\n" : line + pos;
        size_t took;
        char out[4096];
        size_t n, polled = 0;
        if (line[pos] == '\n' && (pos > 0 ? line[pos - 1] == '\r' : m->after_cr)) {
            pos++;
            continue;
        }
        took = sap_judge_sink(&m->judge, byte, 1);
        pos += took;
        while ((n = sap_judge_poll(&m->judge, out, sizeof out)) > 0) {
            fuzz_text_add(expected, out, n);
            polled += n;
        }
        if (sap_judge_status(&m->judge) == SAP_JUDGE_READING
            && sap_judge_input_complete(&m->judge) && !m->judge_finished) {
            m->judge_finished = true;
            sap_judge_finish(&m->judge);
            while ((n = sap_judge_poll(&m->judge, out, sizeof out)) > 0) {
                fuzz_text_add(expected, out, n);
                polled += n;
            }
        }
        m->judge_written = m->judge_written || polled > 0;
        FUZZ_CHECK(took > 0 || polled > 0 || sap_judge_status(&m->judge) != SAP_JUDGE_READING,
                   "the mirror's judge reader stalled");
    }
    return pos;
}

static void mirror_line(struct mirror *m, const char *line, size_t length, const char *reply,
                        size_t reply_length, bool closing);

/* A line inside a JUDGE stream: the reply is the reader's own output, then
 * the ERR line if the stream failed, then the answer to what follows the
 * stream on this line. */
static void mirror_judge_line(struct mirror *m, const char *line, size_t length,
                              const char *reply, size_t reply_length, bool closing)
{
    struct fuzz_text expected;
    size_t took, matched;
    int status;

    fuzz_text_init(&expected);
    fuzz_text_add(&expected, "", 0);
    took = mirror_judge_bytes(m, line, length, &expected);
    status = sap_judge_status(&m->judge);
    if (status < 0) {
        fuzz_text_add_str(&expected, "ERR ");
        fuzz_text_add_str(&expected, sap_format_name(sap_judge_format(&m->judge)));
        fuzz_text_add_str(&expected, " line ");
        fuzz_text_add_u32(&expected, m->judge.error_line);
        fuzz_text_add_str(&expected, ": ");
        fuzz_text_add_str(&expected, m->judge.error_reason);
        fuzz_text_add_str(&expected, "\n");
        took = length; /* the rest of the line is dropped */
    }
    if (status == SAP_JUDGE_DONE || (status < 0 && m->judge_written))
        fuzz_text_add_str(&expected, "END\n"); /* an ERR first is the reply alone */
    matched = expected.length <= reply_length ? expected.length : reply_length;
    fuzz_text_expect_equal("the JUDGE stream against a stand-alone reader", reply, matched,
                           expected.data, expected.length);
    if (status == SAP_JUDGE_READING) {
        FUZZ_CHECK(reply_length == expected.length, "%zu bytes more than the reader wrote",
                   reply_length - expected.length);
    } else {
        stop_judge_mirror(m);
        m->mode = MIRROR_REQUEST;
        if (took < length)
            mirror_line(m, line + took, length - took, reply + matched, reply_length - matched,
                        closing);
        else
            FUZZ_CHECK(reply_length == matched, "%zu bytes after the JUDGE stream ended",
                       reply_length - matched);
    }
    fuzz_text_free(&expected);
}

/* A whole line (or what the session took before it closed), in any mode. */
static void mirror_whole_line(struct mirror *m, const char *line, size_t length,
                              const char *reply, size_t reply_length, bool closing)
{
    if (m->mode == MIRROR_ECHO || m->mode == MIRROR_BLIND) {
        /* nothing followed (a blind stream may be over, and echo on) */
        if (closing)
            m->mode = MIRROR_CLOSED;
        return;
    }
    FUZZ_CHECK(ends_with_line_end(reply, reply_length), "a reply without a line end: \"%.*s\"",
               (int)(reply_length > 60 ? 60 : reply_length),
               reply + (reply_length > 60 ? reply_length - 60 : 0));
    switch (m->mode) {
    case MIRROR_ECHO:
        return;
    case MIRROR_CLOSED:
        FUZZ_CHECK(reply_length == 0, "%zu reply bytes after the session closed", reply_length);
        return;
    case MIRROR_REQUEST:
        mirror_request(m, line, length, reply, reply_length, closing);
        return;
    case MIRROR_LINES:
        if (reply_length == 0)
            return; /* a row or number line before the last */
        FUZZ_CHECK(reply_length <= m->pending_bound,
                   "the last line of a request got %zu bytes, "
                   "the bound is %zu",
                   reply_length, m->pending_bound);
        if (m->pending == PENDING_NEW)
            note_new_game(m, reply, reply_length, m->new_rows, m->new_cols);
        if (m->pending == PENDING_ANALYZE && reply_length == 3
            && memcmp(reply, "OK\n", 3) == 0) {
            m->game_rows = m->new_rows; /* the position is the game */
            m->game_cols = m->new_cols;
        }
        m->pending = PENDING_NONE;
        m->mode = closing ? MIRROR_CLOSED : MIRROR_REQUEST;
        return;
    case MIRROR_JUDGE:
        mirror_judge_line(m, line, length, reply, reply_length, closing);
        return;
    case MIRROR_BLIND:
        if (closing)
            m->mode = MIRROR_CLOSED;
        return;
    }
}

static void mirror_line(struct mirror *m, const char *line, size_t length, const char *reply,
                        size_t reply_length, bool closing)
{
    bool unfinished = length == 0 || (line[length - 1] != '\n' && line[length - 1] != '\r');

    if ((m->mode == MIRROR_REQUEST || m->mode == MIRROR_LINES)
        && (unfinished || m->carry.length > 0)) {
        /* Lines are framed by the session: the mirror joins the pieces,
         * and looks at them once the line ends (or the session closes
         * over an unfinished one: a line too long). */
        struct fuzz_text joined;
        fuzz_text_init(&joined);
        fuzz_text_add(&joined, m->carry.data, m->carry.length);
        fuzz_text_add(&joined, line, length);
        m->carry.length = 0;
        if (unfinished && !closing) {
            FUZZ_CHECK(reply_length == 0, "an unfinished line was answered");
            fuzz_text_add(&m->carry, joined.data, joined.length);
        } else {
            mirror_whole_line(m, joined.data, joined.length, reply, reply_length, closing);
        }
        fuzz_text_free(&joined);
        return;
    }
    mirror_whole_line(m, line, length, reply, reply_length, closing);
}

/* ---- the runs -------------------------------------------------------------- */

static void learn_help_text(void)
{
    struct session_run run;
    if (help_text.length > 0)
        return;
    run_init(&run, 0, 1);
    feed(&run, "HELP\n", 5, false);
    fuzz_text_add(&help_text, run.output.data, run.output.length);
    run_free(&run);
    {
        size_t i, lines = 0;
        for (i = 0; i < help_text.length; i++)
            lines += help_text.data[i] == '\n';
        FUZZ_CHECK(help_text.length == SAP_SESSION_HELP_BYTES
                       && lines == SAP_SESSION_HELP_LINES,
                   "HELP is %zu bytes in %zu lines; sapper.h says %u in %u", help_text.length,
                   lines, SAP_SESSION_HELP_BYTES, SAP_SESSION_HELP_LINES);
    }
}

/* Feeds one line (or the last bytes without a line end) and mirrors it. */
static void trace_bytes(const char *label, const char *bytes, size_t length)
{
    size_t i;
    fprintf(stderr, "%s \"", label);
    for (i = 0; i < length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c == '\n')
            fputs("\\n", stderr);
        else if (c >= 32 && c < 127)
            fputc(c, stderr);
        else
            fprintf(stderr, "\\x%02x", c);
    }
    fputs("\"\n", stderr);
}

static void line_step(struct session_run *run, struct mirror *m, const char *line,
                      size_t length)
{
    static int trace = -1; /* FUZZ_SESSION_TRACE=1 prints every line and its reply */
    size_t before = run->output.length;
    if (trace < 0)
        trace = getenv("FUZZ_SESSION_TRACE") != NULL;
    feed(run, line, length, false);
    if (trace) {
        fprintf(stderr, "[mirror mode %d] ", (int)m->mode);
        trace_bytes("line", line, length);
        trace_bytes("      reply", run->output.data + before, run->output.length - before);
    }
    mirror_line(m, line, length, run->output.data + before, run->output.length - before,
                sap_session_closing(run->session));
    m->after_cr = length > 0 && line[length - 1] == '\r';
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct session_run first, second;
    struct mirror m;
    struct fuzz_rng rng;
    size_t pos = 0, memory_limit;
    const char *input = (const char *)data;
    bool answered_help = false;
    uint32_t probe;

    learn_help_text();
    fuzz_rng_seed(&rng, data, size);
    /* One input in eight with a stingy memory, to walk the refusals. */
    memory_limit = fuzz_rng_range(&rng, 0, 7) == 0 ? fuzz_rng_range(&rng, 0, 1u << 16)
                                                   : MEMORY_PLENTY;
    memset(&m, 0, sizeof m);
    m.mode = MIRROR_REQUEST;
    m.follow_judges = memory_limit == MEMORY_PLENTY;

    run_init(&first, memory_limit, rng.state);
    while (pos < size) {
        /* a line: up to "\n", a lone "\r" or "\r\n" */
        size_t length = 0;
        while (pos + length < size && input[pos + length] != '\n'
               && input[pos + length] != '\r')
            length++;
        if (pos + length < size)
            length += input[pos + length] == '\r' && pos + length + 1 < size
                              && input[pos + length + 1] == '\n'
                          ? 2u
                          : 1u;
        line_step(&first, &m, input + pos, length);
        pos += length;
    }

    /* The probe: a blank line, then HELP until it is answered.  A request
     * that still reads lines takes the HELPs as its lines first: up to
     * HELP_PROBE_LINES of them are fed, larger ones excuse the probe. */
    if (!sap_session_closing(first.session)) {
        line_step(&first, &m, "\n", 1);
        for (probe = 0; probe < HELP_PROBE_LINES + 3 && !answered_help; probe++) {
            size_t before = first.output.length;
            if (sap_session_closing(first.session)
                || (m.mode == MIRROR_LINES && m.pending_items > HELP_PROBE_LINES))
                break;
            line_step(&first, &m, "HELP\n", 5);
            answered_help = first.output.length - before == help_text.length
                            && memcmp(first.output.data + before, help_text.data,
                                      help_text.length)
                                   == 0;
        }
        FUZZ_CHECK(answered_help || m.mode == MIRROR_BLIND || m.mode == MIRROR_ECHO
                       || m.mode == MIRROR_CLOSED
                       || (m.mode == MIRROR_LINES && m.pending_items > HELP_PROBE_LINES),
                   "the session does not answer HELP any more (mirror mode %d)", (int)m.mode);
    }
    {
        size_t before = first.output.length;
        sap_session_finish(first.session);
        drain(&first, false);
        FUZZ_CHECK(sap_session_closing(first.session), "not closing after finish");
        FUZZ_CHECK(first.output.length - before <= SAP_REPLY_MAX || m.mode == MIRROR_BLIND
                       || m.mode == MIRROR_JUDGE || m.mode == MIRROR_ECHO,
                   "%zu bytes at the end of input", first.output.length - before);
        FUZZ_CHECK(ends_with_line_end(first.output.data, first.output.length),
                   "the last reply has no line end");
    }
    stop_judge_mirror(&m);
    fuzz_text_free(&m.carry);

    /* The same bytes in random chunks give the same output. */
    run_init(&second, memory_limit, rng.state + 1);
    feed(&second, first.stream.data, first.stream.length, true);
    sap_session_finish(second.session);
    drain(&second, true);
    fuzz_text_expect_equal("random chunks against line by line", second.output.data,
                           second.output.length, first.output.data, first.output.length);
    run_free(&second);

    /* Echo on from the start: its bytes and the replies' "\r\n" do not
     * depend on how the input is cut or the output polled either. */
    if (fuzz_rng_range(&rng, 0, 3) == 0) {
        struct session_run whole, chunked;
        run_init(&whole, memory_limit, rng.state + 2);
        sap_session_set_terminal(whole.session, SAP_TERMINAL_ECHO);
        feed(&whole, first.stream.data, first.stream.length, false);
        sap_session_finish(whole.session);
        drain(&whole, false);
        run_init(&chunked, memory_limit, rng.state + 3);
        sap_session_set_terminal(chunked.session, SAP_TERMINAL_ECHO);
        feed(&chunked, first.stream.data, first.stream.length, true);
        sap_session_finish(chunked.session);
        drain(&chunked, true);
        fuzz_text_expect_equal("echo on: random chunks against all at once",
                               chunked.output.data, chunked.output.length, whole.output.data,
                               whole.output.length);
        run_free(&chunked);
        run_free(&whole);
    }
    run_free(&first);
}
