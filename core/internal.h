/*
 * internal.h - shared by the core's own files, never installed.
 *
 * Text helpers (the core has no printf), the one decimal parser, and the
 * table each judge format fills in so that one tokenizer (judge.c) serves
 * all four statements.
 */
#ifndef SAPPER_INTERNAL_H
#define SAPPER_INTERNAL_H

#include "sapper.h"

/* The only outside symbols the core may use; a port supplies them. */
void *memcpy(void *dest, const void *src, size_t n);
void *memset(void *dest, int c, size_t n);
void *memmove(void *dest, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

/* Compile-time check without C11: a negative array size fails the build. */
#define SAP_STATIC_ASSERT(name, cond) typedef char sap_static_assert_##name[(cond) ? 1 : -1]

/* ---- text -------------------------------------------------------------- */

/* Longest decimal form of a uint32_t. */
#define SAP_DEC_MAX 10

/* Writes v in decimal into buf (at least SAP_DEC_MAX bytes); returns the
 * length.  No terminating NUL.  Inline, with the short numbers first,
 * because replies call it for every coordinate they print. */
static inline size_t sap_dec(char *buf, uint32_t v)
{
    size_t n, i;
    uint32_t bound;

    if (v < 10u) {
        buf[0] = (char)('0' + v);
        return 1;
    }
    if (v < 100u) {
        buf[0] = (char)('0' + v / 10u);
        buf[1] = (char)('0' + v % 10u);
        return 2;
    }
    if (v < 1000u) {
        buf[0] = (char)('0' + v / 100u);
        buf[1] = (char)('0' + v / 10u % 10u);
        buf[2] = (char)('0' + v % 10u);
        return 3;
    }
    for (n = 4, bound = 10000u; n < SAP_DEC_MAX && v >= bound; n++)
        bound *= 10u;
    i = n;
    do {
        buf[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    return n;
}

/* Bounded string builder for messages: appends while room remains and
 * always leaves buf NUL-terminated.  *len is the current length. */
void sap_text_add(char *buf, size_t cap, size_t *len, const char *s);
void sap_text_add_u32(char *buf, size_t cap, size_t *len, uint32_t v);

/* Copies the part of `piece` (length piece_len) that starts at *offset into
 * out, up to cap bytes; advances *offset; returns bytes copied.  Writers that
 * produce long replies regenerate the current small piece on each call and
 * copy from where the last call stopped, so they progress with any cap. */
size_t sap_copy_piece(char *out, size_t cap, const char *piece, size_t piece_len,
                      uint32_t *offset);

/* Length of a NUL-terminated string. */
size_t sap_strlen(const char *s);

/* ASCII case-insensitive comparison of s[0..len) with the lower-case word. */
bool sap_word_is(const char *s, size_t len, const char *lower_word);

/* ---- numbers ----------------------------------------------------------- */

/* Appends one decimal digit to *value; false (value unchanged) on overflow
 * past UINT32_MAX. */
static inline bool sap_push_digit(uint32_t *value, unsigned digit)
{
    if (*value > (UINT32_MAX - digit) / 10u)
        return false;
    *value = *value * 10u + digit;
    return true;
}

/* Parses s[0..len) as a whole decimal number.  SAP_OK, or SAP_ERR_SYNTAX
 * (empty, a non-digit) or SAP_ERR_SIZE (past UINT32_MAX). */
int sap_parse_u32(const char *s, size_t len, uint32_t *value);

/* Checks a board size against this build's limits: SAP_OK, SAP_ERR_ARG for
 * a zero side, SAP_ERR_SIZE past SAP_MAX_ROWS / SAP_MAX_COLS / SAP_MAX_CELLS. */
int sap_check_board_size(uint32_t rows, uint32_t cols);

/* ---- judge formats ----------------------------------------------------- */

/*
 * Each statement's reader is a table of callbacks driven by judge.c, which
 * owns tokenizing, line counting, number parsing, row length checks and the
 * "output pending" handshake.  A callback reports a malformed input with
 * sap_judge_fail(); it asks for the next token by setting judge->expect
 * (and judge->row_length for a row).  Output is pending while
 * judge->out_phase != 0: judge.c then takes no more input until the
 * format's poll has written everything and set out_phase back to 0.
 */
struct sap_judge_format {
    void (*begin)(struct sap_judge *judge);
    void (*number)(struct sap_judge *judge, uint32_t value);
    /* One byte of the row being read, at 0-based index < row_length. */
    void (*row_byte)(struct sap_judge *judge, uint32_t index, char byte);
    /* The row had exactly row_length bytes. */
    void (*row_end)(struct sap_judge *judge);
    size_t (*poll)(struct sap_judge *judge, char *out, size_t cap);
    /* The input ended between tokens (status still READING). */
    void (*finish)(struct sap_judge *judge);
};

extern const struct sap_judge_format sap_judge_boom;
extern const struct sap_judge_format sap_judge_casual;
extern const struct sap_judge_format sap_judge_master;
extern const struct sap_judge_format sap_judge_nurikabe;

/* Records a malformed input at the current token's line: status becomes
 * SAP_ERR_SYNTAX (or `err`), the reason is copied, any block is released.
 * `detail`, when not NULL, is appended after the reason; `number`, when
 * have_number, after that. */
void sap_judge_fail(struct sap_judge *judge, int err, const char *reason);
void sap_judge_fail_n(struct sap_judge *judge, int err, const char *reason,
                      uint32_t number, const char *tail);

/* Acquires the case's block (purpose WORK), releasing the previous one;
 * on refusal fails the judge with "board needs N bytes, memory refused". */
void *sap_judge_acquire(struct sap_judge *judge, size_t bytes);
void sap_judge_release_block(struct sap_judge *judge);

/* Queues literal text (a static string) to be written before the format's
 * own poll runs; sets out_phase to at least 1 if it was 0. */
void sap_judge_queue_text(struct sap_judge *judge, const char *text);

#endif /* SAPPER_INTERNAL_H */
