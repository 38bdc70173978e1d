/*
 * text.c - the few text routines the core needs in place of libc: decimal
 * output, a bounded message builder, resumable copying of reply pieces, and
 * the one decimal parser every reader uses.
 */
#define SAP_DEC_HERE /* a size build's one sap_dec (internal.h) */
#include "internal.h"

#if SAP_FAST_PATHS
const char sap_digit_pairs[201] SAP_ROM = "00010203040506070809101112131415161718192021222324"
                                          "25262728293031323334353637383940414243444546474849"
                                          "50515253545556575859606162636465666768697071727374"
                                          "75767778798081828384858687888990919293949596979899";
#endif

/* Bounded by the longest constant text (HELP, about 1 KiB), which also
 * keeps gcc from turning the loop into a call to the C library's strlen. */
size_t sap_text_length(const char *text)
{
    size_t n = 0;
    while (n < SAP_TEXT_LENGTH_MAX && sap_rom_byte(text + n) != '\0')
        n++;
    return n;
}

/* The one appending loop, for either kind of text. */
static void text_add(char *buf, size_t cap, size_t *len, const char *s, bool constant)
{
    size_t n = *len;
    if (cap == 0)
        return;
    while (n + 1 < cap) {
        char c = constant ? sap_rom_byte(s) : *s;
        if (c == '\0')
            break;
        buf[n++] = c;
        s++;
    }
    buf[n] = '\0';
    *len = n;
}

void sap_text_add(char *buf, size_t cap, size_t *len, const char *text)
{
    text_add(buf, cap, len, text, true);
}

void sap_text_add_ram(char *buf, size_t cap, size_t *len, const char *s)
{
    text_add(buf, cap, len, s, false);
}

SAP_ONCE void sap_text_add_u32(char *buf, size_t cap, size_t *len, uint32_t v)
{
    char digits[SAP_DEC_MAX + 1];
    digits[sap_dec(digits, v)] = '\0';
    sap_text_add_ram(buf, cap, len, digits);
}

/* A hex digit, without a table. */
static char hex_digit(unsigned v)
{
    return (char)(v < 10u ? '0' + v : 'a' + (v - 10u));
}

SAP_ONCE void sap_text_add_quoted(char *buf, size_t cap, size_t *len, const char *s, size_t n)
{
    size_t i, shown = 0;
    sap_text_add(buf, cap, len, SAP_STR("'"));
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)s[i];
        char piece[5];
        size_t k = 0;
        if (c > ' ' && c < 0x7fu && c != '\'' && c != '\\') {
            piece[k++] = (char)c;
        } else { /* it would not show, or would end the quote */
            piece[k++] = '\\';
            piece[k++] = 'x';
            piece[k++] = hex_digit(c >> 4);
            piece[k++] = hex_digit(c & 15u);
        }
        if (shown + k > SAP_QUOTE_MAX) {
            sap_text_add(buf, cap, len, SAP_STR("..."));
            break;
        }
        shown += k;
        piece[k] = '\0';
        sap_text_add_ram(buf, cap, len, piece);
    }
    sap_text_add(buf, cap, len, SAP_STR("'"));
}

SAP_ONCE void sap_text_add_format(char *buf, size_t cap, size_t *len, const char *format,
                                  const uint32_t *numbers, const char *s, size_t n)
{
    char c[2] = { 0, 0 };
    for (; *len + 1 < cap && (c[0] = sap_rom_byte(format)) != '\0'; format++) {
        if (c[0] == '#')
            sap_text_add_u32(buf, cap, len, *numbers++);
        else if (c[0] == '%')
            sap_text_add_quoted(buf, cap, len, s, n);
        else
            sap_text_add_ram(buf, cap, len, c);
    }
}

/* How much of a piece of `length` bytes is still to copy from *offset. */
static size_t piece_part(size_t cap, size_t length, uint32_t offset)
{
    size_t n;
    if (offset >= length)
        return 0;
    n = length - offset;
    return n > cap ? cap : n;
}

size_t sap_text_copy_piece(char *out, size_t cap, const char *piece, size_t piece_len,
                           uint32_t *offset)
{
    size_t n = piece_part(cap, piece_len, *offset);
    memcpy(out, piece + *offset, n);
    *offset += (uint32_t)n;
    return n;
}

size_t sap_text_copy(char *out, size_t cap, const char *text, size_t text_len, uint32_t *offset)
{
    size_t n = piece_part(cap, text_len, *offset);
    sap_rom_copy(out, text + *offset, n);
    *offset += (uint32_t)n;
    return n;
}

bool sap_text_word_is(const char *s, size_t len, const char *lower_word)
{
    size_t i;
    for (i = 0; i < len; i++) {
        char c = s[i];
        char w = sap_rom_byte(lower_word + i);
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (w == '\0' || c != w)
            return false;
    }
    return sap_rom_byte(lower_word + len) == '\0';
}

int sap_parse_u32(const char *s, size_t len, uint32_t *value)
{
    uint32_t v = 0;
    size_t i;
    if (s == NULL || value == NULL)
        return SAP_ERR_ARG;
    if (len == 0)
        return SAP_ERR_SYNTAX;
    for (i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return SAP_ERR_SYNTAX;
        if (!sap_push_digit(&v, (unsigned)(s[i] - '0')))
            return SAP_ERR_SIZE;
    }
    *value = v;
    return SAP_OK;
}

int sap_text_check_board_size(uint32_t rows, uint32_t cols)
{
    if (rows == 0 || cols == 0)
        return SAP_ERR_ARG;
    if (rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS)
        return SAP_ERR_SIZE;
    if ((uint64_t)rows * cols > SAP_MAX_CELLS)
        return SAP_ERR_SIZE;
    return SAP_OK;
}

const char *sap_strerror(int err)
{
    switch (err) {
    case SAP_OK:
        return SAP_STR("ok");
    case SAP_ERR_ARG:
        return SAP_STR("invalid argument");
    case SAP_ERR_SIZE:
        return SAP_STR("size beyond this build's limits");
    case SAP_ERR_NOMEM:
        return SAP_STR("not enough memory");
    case SAP_ERR_RANGE:
        return SAP_STR("coordinate outside the board");
    case SAP_ERR_SYNTAX:
        return SAP_STR("malformed input");
    case SAP_ERR_STATE:
        return SAP_STR("not possible in the current state");
    case SAP_ERR_IMPOSSIBLE:
        return SAP_STR("impossible");
    case SAP_ERR_LIMITS:
        return SAP_STR("the program was compiled with other limits than the library");
    default:
        return SAP_STR("unknown error");
    }
}
