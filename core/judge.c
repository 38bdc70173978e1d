/*
 * judge.c - the tokenizer and driver shared by the four judge readers.
 *
 * Input is a byte stream; tokens are separated by any whitespace, so "\r\n"
 * needs no special case.  A number token is accumulated digit by digit with
 * an overflow check; a row token is handed to the format a byte at a time,
 * straight into the solver's memory, and its length is checked here.  While
 * a format has reply bytes waiting, no input is consumed: that is the whole
 * backpressure story, and it keeps every buffer fixed.
 */
#include "judge.h"

/* The formats of the solvers this build serves (SAP_SOLVERS, sapper.h
 * section 1); NULL for the others, whose code is then never referred to. */
static const struct sap_judge_format *const formats[SAP_FORMAT_COUNT] = { &sap_judge_boom,
#if SAP_SOLVERS & SAP_SOLVER_CASUAL
                                                                          &sap_judge_casual,
#else
                                                                          NULL,
#endif
#if SAP_SOLVERS & SAP_SOLVER_MASTER
                                                                          &sap_judge_master,
#else
                                                                          NULL,
#endif
#if SAP_SOLVERS & SAP_SOLVER_NURIKABE
                                                                          &sap_judge_nurikabe
#else
                                                                          NULL
#endif
};

/* The alphabet of each format's board rows (rows.c); MASTER has none.  A
 * switch, not a table: a table of pointers would sit in an AVR's RAM. */
static const char *row_alphabet(enum sap_format format)
{
    switch (format) {
    case SAP_FORMAT_BOOM:
        return sap_rows_game;
    case SAP_FORMAT_CASUAL:
        return sap_rows_casual;
    case SAP_FORMAT_NURIKABE:
        return sap_rows_nurikabe;
    default:
        return sap_rows_game; /* never asked: MASTER has no rows */
    }
}

SAP_TEXT(name_boom, "boom");
SAP_TEXT(name_casual, "casual");
SAP_TEXT(name_master, "master");
SAP_TEXT(name_nurikabe, "nurikabe");
static const char *const format_names[SAP_FORMAT_COUNT] = { name_boom, name_casual, name_master,
                                                            name_nurikabe };

const char *sap_format_name(enum sap_format format)
{
    if ((unsigned)format >= SAP_FORMAT_COUNT)
        return SAP_STR("unknown");
    return format_names[format];
}

int sap_format_from_name(const char *name, size_t length)
{
    int f;
    if (name == NULL)
        return SAP_ERR_ARG;
    for (f = 0; f < SAP_FORMAT_COUNT; f++)
        if (sap_text_word_is(name, length, format_names[f]))
            return f;
    return SAP_ERR_ARG;
}

static bool is_space(char c)
{
    /* ' ' and '\t' '\n' '\v' '\f' '\r', which are contiguous in ASCII */
    return c == ' ' || (c >= '\t' && c <= '\r');
}


int sap_judge_init(struct sap_judge *j, enum sap_format format, const struct sap_memory *memory)
{
    if (j == NULL)
        return SAP_ERR_ARG;
    memset(j, 0, sizeof *j);
    if ((unsigned)format >= SAP_FORMAT_COUNT || formats[format] == NULL)
        return SAP_ERR_ARG;
    j->format = format;
    j->memory = memory;
    j->line = 1;
    j->token_line = 1;
    j->status = SAP_JUDGE_READING;
    j->expect = SAP_EXPECT_NUMBER;
    j->budget = SAP_BUDGET_UNLIMITED;
    formats[format]->begin(j);
    return SAP_OK;
}

void sap_judge_release_block(struct sap_judge *j)
{
    if (j->block != NULL && j->memory != NULL && j->memory->release != NULL)
        j->memory->release(j->memory->context, j->block, SAP_MEMORY_WORK);
    j->block = NULL;
    j->block_bytes = 0;
}

void sap_judge_release(struct sap_judge *j)
{
    if (j == NULL)
        return;
    sap_judge_release_block(j);
}

void *sap_judge_acquire(struct sap_judge *j, size_t bytes)
{
    void *block = NULL;
    sap_judge_release_block(j);
    if (sap_work_fits(bytes) && j->memory != NULL && j->memory->acquire != NULL)
        block = j->memory->acquire(j->memory->context, bytes, SAP_MEMORY_WORK);
    if (block == NULL) {
        sap_judge_fail(j, SAP_ERR_NOMEM, SAP_STR("not enough memory for this board"));
        return NULL;
    }
    j->block = block;
    j->block_bytes = bytes;
    return block;
}

/* The reason is copied into the judge's RAM buffer, so error_reason is
 * plain RAM text for every caller (and every target). */
static void fail(struct sap_judge *j, int err, const char *reason, bool constant,
                 uint32_t number, const char *tail)
{
    size_t len = 0;
    if (j->status < 0)
        return; /* the first error is the one reported */
    if (constant)
        sap_text_add(j->reason, sizeof j->reason, &len, reason);
    else
        sap_text_add_ram(j->reason, sizeof j->reason, &len, reason);
    if (tail != NULL) {
        sap_text_add_u32(j->reason, sizeof j->reason, &len, number);
        sap_text_add(j->reason, sizeof j->reason, &len, tail);
    }
    j->error_reason = j->reason;
    j->error_line = j->in_token ? j->token_line : j->line;
    j->status = err < 0 ? err : SAP_ERR_SYNTAX;
    j->out_text_left = 0;
    j->out_phase = 0;
    sap_judge_release_block(j);
}

void sap_judge_fail_n(struct sap_judge *j, int err, const char *reason, uint32_t number,
                      const char *tail)
{
    fail(j, err, reason, true, number, tail);
}

void sap_judge_fail(struct sap_judge *j, int err, const char *reason)
{
    fail(j, err, reason, true, 0, NULL);
}

void sap_judge_fail_ram(struct sap_judge *j, int err, const char *reason)
{
    fail(j, err, reason, false, 0, NULL);
}

bool sap_judge_size_fits(struct sap_judge *j, uint32_t cols, const char *names, int zero_err)
{
    uint32_t rows = j->args[0];
    char reason[sizeof j->reason];
    size_t len = 0;
    int err = sap_text_check_board_size(rows, cols);
    if (err == SAP_OK)
        return true;
    sap_rows_size_reason(reason, sizeof reason, &len, rows, cols, names);
    fail(j, err == SAP_ERR_ARG ? zero_err : err, reason, false, 0, NULL);
    return false;
}

void sap_judge_read_size(struct sap_judge *j, uint32_t value, const char *names)
{
    switch (j->step) {
    case SAP_JUDGE_STEP_CASES:
        j->cases = value;
        j->step = SAP_JUDGE_STEP_ROWS;
        if (value == 0)
            j->expect = SAP_EXPECT_NOTHING;
        break;
    case SAP_JUDGE_STEP_ROWS:
        j->args[0] = value;
        (void)sap_judge_size_fits(j, 1, names, SAP_ERR_SYNTAX);
        j->step = SAP_JUDGE_STEP_COLS;
        break;
    default:
        (void)sap_judge_size_fits(j, value, names, SAP_ERR_SYNTAX);
        j->args[1] = value;
        j->step = SAP_JUDGE_STEP_OWN;
        break;
    }
}

void sap_judge_next_case(struct sap_judge *j)
{
    j->case_index++;
    j->step = SAP_JUDGE_STEP_ROWS;
    j->expect = j->case_index == j->cases ? SAP_EXPECT_NOTHING : SAP_EXPECT_NUMBER;
}

void sap_judge_finish_cases(struct sap_judge *j, const char *count_words,
                            const char *case_words)
{
    if (j->step == SAP_JUDGE_STEP_CASES)
        sap_judge_fail(j, SAP_ERR_SYNTAX, count_words);
    else if (j->case_index < j->cases)
        sap_judge_fail_n(j, SAP_ERR_SYNTAX, case_words, j->case_index + 1,
                         SAP_STR(" was complete"));
    else
        j->status = SAP_JUDGE_DONE;
}

void sap_judge_queue_text(struct sap_judge *j, const char *text)
{
    j->out_text = text;
    j->out_text_left = sap_text_length(text);
}

/* A row mistake, in the one wording rows.c gives it. */
static void fail_row(struct sap_judge *j, enum sap_row_mistake mistake, char bad)
{
    char reason[sizeof j->reason];
    size_t len = 0;
    sap_rows_reason(reason, sizeof reason, &len, mistake, j->rows_read + 1, j->token_length,
                    j->row_length, row_alphabet(j->format), bad);
    sap_judge_fail_ram(j, SAP_ERR_SYNTAX, reason);
}

static void end_token(struct sap_judge *j)
{
    const struct sap_judge_format *f = formats[j->format];

    if (j->expect == SAP_EXPECT_NUMBER) {
        f->number(j, j->number);
    } else if (j->expect == SAP_EXPECT_ROW) {
        if (j->token_length < j->row_length)
            fail_row(j, SAP_ROW_SHORT, 0);
        else
            f->row_end(j);
    }
    j->in_token = false;
}

/* One byte of a row: checked against the format's alphabet, then given
 * to the format. */
static void take_row_byte(struct sap_judge *j, char c)
{
    if (sap_rows_cell(row_alphabet(j->format), c) < 0)
        fail_row(j, SAP_ROW_CELL, c);
    else
        formats[j->format]->row_bytes(j, j->token_length, &c, 1);
}

static void start_token(struct sap_judge *j)
{
    j->in_token = true;
    j->token_line = j->line;
    j->token_length = 0;
    j->number = 0;
}

static void take_byte(struct sap_judge *j, char c)
{
    if (!j->in_token)
        start_token(j);
    if (j->expect == SAP_EXPECT_NUMBER) {
        if (c < '0' || c > '9')
            sap_judge_fail(j, SAP_ERR_SYNTAX, SAP_STR("expected a non-negative number"));
        else if (!sap_push_digit(&j->number, (unsigned)(c - '0')))
            sap_judge_fail(j, SAP_ERR_SIZE, SAP_STR("number too large"));
    } else if (j->expect == SAP_EXPECT_ROW) {
        if (j->token_length >= j->row_length)
            fail_row(j, SAP_ROW_LONG, c);
        else
            take_row_byte(j, c);
    } else {
        sap_judge_fail(j, SAP_ERR_SYNTAX, SAP_STR("unexpected input"));
    }
    j->token_length++;
}

/* Largest number that can take one more digit without passing UINT32_MAX. */
#define NUMBER_SAFE_BELOW 429496729u

/* Adds the digits from input[i] on to *value, stopping at the end, at a
 * byte that is not a digit, or before a digit that might overflow (which
 * take_byte judges); returns where it stopped.  Both number paths below
 * read digits with it. */
static inline size_t add_digits(const char *input, size_t i, size_t length, uint32_t *value)
{
    uint32_t v = *value;
    while (i < length && (unsigned char)(input[i] - '0') <= 9u && v < NUMBER_SAFE_BELOW) {
        v = v * 10u + (uint32_t)(input[i] - '0');
        i++;
    }
    *value = v;
    return i;
}

/* Fast paths for the bulk of any input, kept in registers: a run of digits
 * (stopping before any digit that might overflow, which take_byte judges)
 * and a run of row bytes (stopping at the row's width, ditto).  Each takes
 * at least the byte at input[i]. */
static size_t take_digits(struct sap_judge *j, const char *input, size_t i, size_t length)
{
    uint32_t v;
    size_t start = i;
    if (!j->in_token)
        start_token(j);
    v = j->number;
    i = add_digits(input, i, length, &v);
    if (i == start) { /* the first digit might overflow */
        take_byte(j, input[i]);
        return i + 1;
    }
    j->number = v;
    j->token_length += (uint32_t)(i - start);
    return i;
}

/* The digits from input[i] on, when a space follows them within length:
 * the space's index, the value in *value.  Otherwise `length`, and
 * take_digits carries on (a number cut by the buffer's end, or long enough
 * to overflow, which take_byte judges). */
static size_t whole_number(const char *input, size_t i, size_t length, uint32_t *value)
{
    uint32_t v = 0;
    i = add_digits(input, i, length, &v);
    if (i == length || !is_space(input[i]))
        return length;
    *value = v;
    return i;
}

static size_t take_row_bytes(struct sap_judge *j, const char *input, size_t i, size_t length)
{
    const char *alphabet = row_alphabet(j->format);
    char full = sap_rom_byte(alphabet), blank = sap_rom_byte(alphabet + 1);
    size_t start = i, end;
    if (!j->in_token)
        start_token(j);
    if (j->token_length >= j->row_length) {
        take_byte(j, input[i]); /* too long: fails */
        return i + 1;
    }
    /* the run of alphabet bytes up to the row's width, handed over whole */
    end = i + (j->row_length - j->token_length);
    if (end > length)
        end = length;
    while (SAP_FAST_PATHS && end - i >= 8
           && sap_bytes_outside(sap_load_eight(input + i), full, blank) == 0)
        i += 8;
    while (i < end && (input[i] == full || input[i] == blank))
        i++;
    if (i > start) {
        formats[j->format]->row_bytes(j, j->token_length, input + start, (uint32_t)(i - start));
        j->token_length += (uint32_t)(i - start);
        return i;
    }
    take_byte(j, input[i]); /* not in the alphabet: fails with the row's reason */
    return i + 1;
}

size_t sap_judge_sink(struct sap_judge *j, const char *input, size_t length)
{
    size_t i = 0;
    if (j == NULL || (input == NULL && length > 0) || j->status != SAP_JUDGE_READING
        || sap_judge_output_pending(j))
        return 0;
    /* Only a completed token (a format callback) or an error can make the
     * reader stop taking input, so that is where it is checked. */
    while (i < length) {
        char c = input[i];
        if (is_space(c)) {
            i++;
            if (j->in_token) {
                end_token(j);
                if (c == '\n')
                    j->line++;
                if (j->status != SAP_JUDGE_READING || sap_judge_output_pending(j))
                    break;
            } else if (c == '\n') {
                j->line++;
            }
        } else if (j->expect == SAP_EXPECT_NUMBER && c >= '0' && c <= '9') {
            size_t end;
            uint32_t value = 0;
            /* The bulk of every input: a whole number and the space after
             * it in this buffer, given to the format at once (hosts; a size
             * build takes the digits below).  The line is still the
             * token's (numbers never span lines), so a failure reports it
             * as end_token would. */
            if (SAP_FAST_PATHS && !j->in_token
                && (end = whole_number(input, i, length, &value)) < length) {
                formats[j->format]->number(j, value);
                if (input[end] == '\n')
                    j->line++;
                i = end + 1;
                if (j->status != SAP_JUDGE_READING || sap_judge_output_pending(j))
                    break;
                continue;
            }
            i = take_digits(j, input, i, length);
        } else if (j->expect == SAP_EXPECT_ROW) {
            i = take_row_bytes(j, input, i, length);
        } else {
            take_byte(j, c);
            i++;
        }
        if (j->status != SAP_JUDGE_READING)
            break;
    }
    return i;
}

/* End of input, once nothing is waiting: the trailing token is completed
 * first (it may produce output), then the format decides whether the input
 * may end here. */
static void process_eof(struct sap_judge *j)
{
    if (j->status != SAP_JUDGE_READING || sap_judge_output_pending(j))
        return;
    if (j->in_token) {
        end_token(j);
        if (sap_judge_output_pending(j))
            return; /* poll() comes back here once the output is out */
    }
    if (j->status == SAP_JUDGE_READING) {
        j->eof_done = true;
        formats[j->format]->finish(j);
    }
}

void sap_judge_finish(struct sap_judge *j)
{
    if (j == NULL)
        return;
    j->eof = true;
    process_eof(j);
}

size_t sap_judge_poll(struct sap_judge *j, char *out, size_t cap)
{
    size_t n = 0;
    if (j == NULL || out == NULL)
        return 0;
    while (n < cap) {
        if (j->out_text_left > 0) {
            size_t k = j->out_text_left < cap - n ? j->out_text_left : cap - n;
            sap_rom_copy(out + n, j->out_text, k);
            j->out_text += k;
            j->out_text_left -= k;
            n += k;
        } else if (j->out_phase != 0) {
            size_t k = formats[j->format]->poll(j, out + n, cap - n);
            n += k;
            if (k == 0 && j->out_phase != 0)
                break; /* the format spent its budget (sap_judge_busy) */
        } else if (j->eof && !j->eof_done && j->status == SAP_JUDGE_READING) {
            process_eof(j);
            if (!sap_judge_output_pending(j))
                break;
        } else {
            break;
        }
    }
    return n;
}

int sap_judge_status(const struct sap_judge *j)
{
    return j != NULL ? j->status : SAP_ERR_ARG;
}

void sap_judge_set_budget(struct sap_judge *j, uint32_t budget)
{
    if (j != NULL)
        j->budget = budget != 0 ? budget : 1u;
}

int sap_judge_format(const struct sap_judge *j)
{
    return j != NULL ? (int)j->format : SAP_ERR_ARG;
}

bool sap_judge_busy(const struct sap_judge *j)
{
    return j != NULL && sap_judge_working(j);
}

bool sap_judge_input_complete(const struct sap_judge *j)
{
    return j != NULL && j->status == SAP_JUDGE_READING && j->expect == SAP_EXPECT_NOTHING
           && !j->in_token;
}
