/*
 * session_lines.c - bytes into lines, and lines into requests.
 *
 * Bytes are framed into lines in the session's fixed line buffer; each
 * complete line is split into tokens and is, by s->mode, a request line,
 * a number line or a board row of the request in progress.
 *
 * A request line walks the request table (requests.c), in the style of
 * memcached's command table and Redis's commandTable: the walk does what
 * every request shares - find the word, refuse a solver this build leaves
 * out, check the argument count, parse the numbers and a level word, check
 * a board size, and that there is a game for the requests about it - and
 * hands the rest to the row's `take`.  A row of a board
 * is checked here against the row's alphabet (rows.c's one row reader and
 * its one wording of each mistake) before the row's `row` sees it.  After
 * the last line, the request's first mistake is answered, or its work is
 * left for poll.
 */
#include "protocol.h"

SAP_TEXT(no_game, "no game: start one with NEW");

SAP_STATIC_ASSERT(line_holds_a_row, SAP_LINE_MAX >= SAP_MAX_COLS);

/* Whether byte c ends a word: a space or a tab; with `cells` (a request
 * line, a number line: SAP_PERSON_EXTRAS) also '(', ')' and ',', so that a
 * cell as HINT and NURIKABE's ERR write it, "(4, 4)", reads as "4 4". */
static bool ends_word(char c, bool cells)
{
    return c == ' ' || c == '\t'
           || (SAP_PERSON_EXTRAS && cells && (c == '(' || c == ')' || c == ','));
}

static void tokenize(const char *line, uint32_t length, struct tokens *t, bool cells)
{
    uint32_t i = 0;
    t->end = length;
    t->count = 0;
    while (i < length) {
        uint32_t start;
        while (i < length && ends_word(line[i], cells))
            i++;
        if (i == length)
            break;
        start = i;
        while (i < length && !ends_word(line[i], cells))
            i++;
        if (t->count < TOKENS_MAX) {
            t->start[t->count] = start;
            t->length[t->count] = i - start;
        }
        t->count++;
    }
}

/* ---- numbers and sizes ------------------------------------------------------ */

const char *sap_session_lines_parse_numbers(const char *line, const struct tokens *t,
                                            uint32_t first, uint32_t count, uint32_t *values,
                                            uint32_t *bad)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        int err = sap_parse_u32(line + t->start[first + i], t->length[first + i], &values[i]);
        if (err != SAP_OK) {
            *bad = first + i;
            return err == SAP_ERR_SIZE ? SAP_STR("% is too large: numbers go up to 4294967295")
                                       : sap_reason_not_a_number;
        }
    }
    return NULL;
}

/* "ERR " and why sap_text_check_board_size refuses rows x cols, in rows.c's
 * one wording of a board size, the sides named as HELP names them. */
static void reply_size_err(struct session *s, uint32_t rows, uint32_t cols)
{
    size_t room, len = 0;
    char *at;
    sap_session_reply_start_err(s);
    at = sap_session_reply_room(s, &room);
    sap_rows_size_reason(at, room, &len, rows, cols, SAP_STR("r\0c\0r*c"));
    sap_session_reply_grow(s, len);
    sap_session_reply_end(s);
}

/* ---- the table walk ---------------------------------------------------------- */

/* The row of the table whose keyword the line starts with, or NULL. */
static const struct sap_request *find_request(const char *word, uint32_t length)
{
    uint32_t index;
    for (index = 0; index < REQUEST_KINDS; index++) {
        const struct sap_request *request = sap_request_at(index);
        const char *keyword;
        REQUEST_FIELD(request, word, keyword);
        if (sap_text_word_is(word, length, keyword))
            return request;
    }
    return NULL;
}

/* A level word's enum sap_level; SAP_LEVEL_RANDOM for any other word. */
static uint8_t level_of(const char *word, uint32_t length)
{
    return sap_text_word_is(word, length, SAP_STR("casual"))    ? (uint8_t)SAP_LEVEL_CASUAL
           : sap_text_word_is(word, length, SAP_STR("noguess")) ? (uint8_t)SAP_LEVEL_NOGUESS
                                                                : (uint8_t)SAP_LEVEL_RANDOM;
}

/* The arguments of a request line as numbers into r: a preset word's three
 * first (the row's `preset`), a level word last (ARGS_LEVEL).  NULL, or the
 * reason they are not, with *bad the token it quotes: a first word that is
 * no number and no preset gets the preset's reason (SAP_PERSON_EXTRAS:
 * NEW's names its presets).  NEW has five places (rows, cols, mines, seed,
 * level), a preset filling three: a line that fills all five ends with a
 * level word, and one that would fill more is told its usage. */
static const char *parse_args(const struct sap_request *k, const char *line,
                              const struct tokens *t, struct request_line *r, uint32_t *bad)
{
    uint32_t first = 1, last = t->count; /* the numbers' tokens, first .. last - 1 */
    const char *reason, *unknown = NULL;
    r->numbers = 0;
    r->level = SAP_LEVEL_RANDOM;
    if (k->preset != NULL && last > first) {
        unknown = k->preset(line + t->start[first], t->length[first], r->args);
        if (unknown == NULL) {
            r->numbers = 3;
            first++;
        }
    }
    if ((k->flags & ARGS_LEVEL) && last > first) {
        uint32_t places = r->numbers + (last - first);
        if (places > 5u)
            return k->usage;
        r->level = level_of(line + t->start[last - 1u], t->length[last - 1u]);
        if (r->level != SAP_LEVEL_RANDOM) {
            last--;
        } else if (places == 5u) {
            *bad = last - 1u;
            return SAP_STR("unknown level %: CASUAL or NOGUESS");
        }
    }
    reason = sap_session_lines_parse_numbers(line, t, first, last - first, r->args + r->numbers,
                                             bad);
    r->numbers += last - first;
    if (SAP_PERSON_EXTRAS && reason == sap_reason_not_a_number && *bad == 1u && unknown != NULL)
        return unknown;
    return reason;
}

/* Why the request line of row k is refused (its ERR reason, whose '%'
 * quotes token *quote), or NULL; its arguments parsed into r.  A board
 * size is checked after. */
static const char *refusal(const struct session *s, const struct sap_request *k,
                           const char *line, const struct tokens *t, struct request_line *r,
                           uint32_t *quote)
{
    if ((k->solver & ~SAP_SOLVERS) != 0)
        return sap_reason_not_served; /* quoting the keyword */
    if (t->count < 1u + k->args_min || t->count > 1u + k->args_max)
        return k->usage;
    if (k->flags & ARGS_NUMBERS) {
        const char *reason = parse_args(k, line, t, r, quote);
        if (reason != NULL)
            return reason;
    }
    if ((k->flags & NEEDS_GAME) && s->game == NULL)
        return no_game;
    return NULL;
}

static void take_request(struct session *s, const char *line, const struct tokens *t)
{
    struct sap_request k;
    struct request_line r;
    const char *reason = SAP_STR("unknown request % (HELP lists them)");
    const struct sap_request *request = find_request(line + t->start[0], t->length[0]);
    uint32_t quote = 0;

    r.numbers = 0; /* refusal sets them for every ARGS_NUMBERS row */
    r.level = SAP_LEVEL_RANDOM;
    r.args[0] = r.args[1] = 0;
    if (request != NULL) {
        sap_rom_table_copy(&k, request, sizeof k);
        reason = refusal(s, &k, line, t, &r, &quote);
    }
    if (reason != NULL) {
        sap_session_reply_err_format(s, reason, NULL, line + t->start[quote], t->length[quote]);
        return;
    }
    if ((k.flags & ARGS_BOARD) && r.numbers >= 2u
        && sap_text_check_board_size(r.args[0], r.args[1]) != SAP_OK) {
        reply_size_err(s, r.args[0], r.args[1]);
        return;
    }
    r.text = line;
    r.tokens = t;
    s->request = request;
    k.take(s, &r);
    if (s->mode != MODE_NUMBERS && s->mode != MODE_ROWS && s->stage == STAGE_NONE)
        sap_session_reply_end_request(s); /* answered at once */
}

/* ---- the lines of a request -------------------------------------------------- */

/* The alphabet of the request's rows (ROWS_...), and its kind in *kind. */
static const char *rows_alphabet(const struct session *s, uint8_t *kind)
{
    uint8_t flags;
    REQUEST_FIELD(s->request, flags, flags);
    *kind = (uint8_t)(flags & ROWS_MASK);
    return *kind == ROWS_GAME     ? sap_rows_game
           : *kind == ROWS_CASUAL ? sap_rows_casual
                                  : sap_rows_nurikabe;
}

/* A board row: one word of exactly s->cols cells of the request's alphabet. */
static void take_row(struct session *s, const char *line, const struct tokens *t)
{
    const char *cells = line + t->start[0];
    uint8_t kind;
    const char *alphabet = rows_alphabet(s, &kind);
    enum sap_row_mistake mistake = SAP_ROW_CELL;
    uint32_t col = 0;
    char bad = 0;

    if (t->count != 1) {
        mistake = SAP_ROW_WORDS;
    } else if (t->length[0] < s->cols) {
        mistake = SAP_ROW_SHORT;
    } else if (t->length[0] > s->cols) {
        mistake = SAP_ROW_LONG;
    } else {
        for (col = 0; col < s->cols && sap_rows_cell(alphabet, cells[col]) >= 0; col++)
            continue;
        if (col == s->cols) {
            void (*row)(struct session *, uint32_t, const char *);
            REQUEST_FIELD(s->request, row, row);
            row(s, s->item, cells);
            return;
        }
        bad = cells[col];
    }
    {
        size_t room, len = 0;
        char *at;
        sap_session_reply_start_err(s);
        at = sap_session_reply_room(s, &room);
        sap_rows_reason(at, room, &len, mistake, s->item + 1, t->length[0], s->cols, alphabet,
                        bad);
        sap_session_reply_grow(s, len);
        sap_session_reply_end(s);
        sap_session_reply_defer(s);
    }
}

/* A request line where a row is read (its first word a request's: no
 * row's alphabet spells one): a person who left out NEW's mine count types
 * HINT or 1 5 5 there.  The request ends at once, nothing changed, and the
 * next line is a request again: "row N is not a row of _ and *: NEW reads R
 * rows", and for NEW's rows how to ask for a random board, with an eighth
 * of the cells as its mines ("; for a random board name the mines: NEW 9 9
 * 10").  Every request's rows are told so (CASUAL's, CASUALMAP's,
 * NURIKABE's), whatever mistake an earlier row held; number lines, whose
 * words are numbers as a click's are, are not. */
static void not_a_row(struct session *s)
{
    uint8_t kind;
    const char *alphabet = rows_alphabet(s, &kind);
    const char *word;
    char cell[2] = { 0, 0 }, c;
    uint32_t n[3];
    size_t room, length;
    char *at;

    n[0] = s->item + 1u;
    sap_session_reply_start_err(s);
    sap_session_reply_add_format(s, SAP_STR("row # is not a row of "), n, NULL, 0);
    cell[0] = sap_rom_byte(alphabet + (kind == ROWS_GAME)); /* "_ and *", as HELP says */
    sap_session_reply_add_ram(s, cell);
    sap_session_reply_add(s, SAP_STR(" and "));
    cell[0] = sap_rom_byte(alphabet + (kind != ROWS_GAME));
    sap_session_reply_add_ram(s, cell);
    sap_session_reply_add(s, SAP_STR(": "));
    REQUEST_FIELD(s->request, word, word); /* its keyword, in capitals */
    at = sap_session_reply_room(s, &room);
    for (length = 0; length < room && (c = sap_rom_byte(word + length)) != '\0'; length++)
        at[length] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    sap_session_reply_grow(s, length);
    n[0] = s->rows;
    sap_session_reply_add_format(s, SAP_STR(" reads # rows"), n, NULL, 0);
    if (kind == ROWS_GAME) {
        n[1] = s->cols;
        n[2] = (s->rows * s->cols + 6u) / 8u; /* below the cells: NEW takes it */
        sap_session_reply_add_format(
            s, SAP_STR("; for a random board name the mines: NEW # # #"), n, NULL, 0);
    }
    sap_session_reply_end(s);
    sap_session_reply_abandon(s);
    s->mode = MODE_REQUEST;
}

/* The request's last line was read: its first mistake, or its work. */
static void lines_done(struct session *s)
{
    s->mode = MODE_REQUEST;
    if (s->deferred_length != 0) {
        uint16_t length = s->deferred_length;
        sap_session_reply_abandon(s);
        s->reply_length = length;
        s->reply_sent = 0;
        return;
    }
    sap_session_reply_leave_work(s);
}

void sap_session_lines_take(struct session *s, const char *line, uint32_t length)
{
    struct tokens t;

    tokenize(line, length, &t, SAP_PERSON_EXTRAS && s->mode != MODE_ROWS);
    if (t.count == 0)
        return; /* blank lines are ignored everywhere */
    if (s->mode == MODE_REQUEST) {
        take_request(s, line, &t);
        return;
    }
    if (SAP_PERSON_EXTRAS && s->mode == MODE_ROWS
        && find_request(line + t.start[0], t.length[0]) != NULL) {
        not_a_row(s);
        return;
    }
    if (s->deferred_length != 0) {
        /* the request has already failed: its lines are only counted */
    } else if (s->mode == MODE_NUMBERS) {
        void (*number_line)(struct session *, const char *, const struct tokens *);
        REQUEST_FIELD(s->request, number_line, number_line);
        number_line(s, line, &t);
    } else {
        take_row(s, line, &t);
    }
    s->item++;
    if (--s->items_left == 0) {
        uint8_t flags;
        REQUEST_FIELD(s->request, flags, flags);
        if (s->mode == MODE_NUMBERS && (flags & ROWS_MASK) != 0) {
            s->mode = MODE_ROWS;
            s->items_left = s->rows;
            s->item = 0;
        } else {
            lines_done(s);
        }
    }
}

/* ---- framing ------------------------------------------------------------------ */

static void line_too_long(struct session *s)
{
    sap_session_reply_abandon(s);
    sap_session_reply_err(s, SAP_STR("line too long"));
    s->line_length = 0;
    sap_session_reply_close(s);
}

/* Whether byte c is echoed as itself: not a control byte (a tab is not one
 * here), nor DEL. */
static bool echoed_as_itself(char c)
{
    unsigned char u = (unsigned char)c;
    return (u >= 0x20u && u != 0x7fu) || c == '\t';
}

bool sap_session_lines_frame_byte(struct session *s, char c)
{
    bool after_cr = (s->framing & FRAME_CR) != 0;
    s->framing &= (uint8_t)~FRAME_CR;
    if (c == '\n' && after_cr)
        return false; /* the rest of a "\r\n" */
    if (c == '\r')
        s->framing |= FRAME_CR;
    if ((s->terminal & SAP_TERMINAL_ECHO) == 0)
        return true;
    if (c == '\r' || c == '\n')
        s->echo = ECHO_LINE_END;
    else if (echoed_as_itself(c))
        s->echo = (uint8_t)c;
    return true;
}

/* Backspace or DEL with echo on: the last character of the line goes (a
 * UTF-8 character's continuation bytes and its first byte), and so does
 * its echo. */
static void erase(struct session *s)
{
    char last;
    s->framing &= (uint8_t)~FRAME_CR;
    if (s->line_length == 0)
        return;
    do
        last = s->line[--s->line_length];
    while (s->line_length > 0 && ((unsigned char)last & 0xc0u) == 0x80u);
    if (echoed_as_itself(last))
        s->echo = ECHO_ERASE;
}

/* Lines end at "\n", "\r\n" or a lone "\r": a '\r' ends the line at once
 * (a person at a serial terminal waits for its reply), and FRAME_CR drops a
 * '\n' right after it, in this sink call or the next. */
size_t sap_session_lines_sink(struct session *s, const char *input, size_t length)
{
    size_t i = 0;
    while (i < length && s->mode <= MODE_ROWS && !sap_session_output_pending(s)) {
        char c = input[i++];
        bool skip = (s->framing & FRAME_SKIP) != 0;
        if ((c == '\b' || c == 0x7f) && (s->terminal & SAP_TERMINAL_ECHO) != 0) {
            erase(s);
        } else if (!sap_session_lines_frame_byte(s, c)) {
            /* the '\n' of a "\r\n" */
        } else if (c == '\r' || c == '\n') {
            uint32_t line_length = s->line_length;
            s->line_length = 0;
            s->framing &= (uint8_t)~FRAME_SKIP;
            if (!skip)
                sap_session_lines_take(s, s->line, line_length);
        } else if (skip) {
            /* the rest of a failed JUDGE stream's line */
        } else if (s->line_length < SAP_LINE_MAX) {
            s->line[s->line_length++] = c;
        } else {
            line_too_long(s);
        }
    }
    return i;
}
