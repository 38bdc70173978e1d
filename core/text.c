/*
 * text.c - the few text routines the core needs in place of libc: decimal
 * output, a bounded message builder, resumable copying of reply pieces, and
 * the one decimal parser every reader uses.
 */
#include "internal.h"

size_t sap_strlen(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}

void sap_text_add(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = *len;
    if (cap == 0)
        return;
    while (*s != '\0' && n + 1 < cap)
        buf[n++] = *s++;
    buf[n] = '\0';
    *len = n;
}

void sap_text_add_u32(char *buf, size_t cap, size_t *len, uint32_t v)
{
    char digits[SAP_DEC_MAX + 1];
    digits[sap_dec(digits, v)] = '\0';
    sap_text_add(buf, cap, len, digits);
}

size_t sap_copy_piece(char *out, size_t cap, const char *piece, size_t piece_len,
                      uint32_t *offset)
{
    size_t n;
    if (*offset >= piece_len)
        return 0;
    n = piece_len - *offset;
    if (n > cap)
        n = cap;
    memcpy(out, piece + *offset, n);
    *offset += (uint32_t)n;
    return n;
}

bool sap_word_is(const char *s, size_t len, const char *lower_word)
{
    size_t i;
    for (i = 0; i < len; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (lower_word[i] == '\0' || c != lower_word[i])
            return false;
    }
    return lower_word[len] == '\0';
}

int sap_parse_u32(const char *s, size_t len, uint32_t *value)
{
    uint32_t v = 0;
    size_t i;
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

int sap_check_board_size(uint32_t rows, uint32_t cols)
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
    case SAP_OK: return "ok";
    case SAP_ERR_ARG: return "invalid argument";
    case SAP_ERR_SIZE: return "size beyond this build's limits";
    case SAP_ERR_NOMEM: return "not enough memory";
    case SAP_ERR_RANGE: return "coordinate outside the board";
    case SAP_ERR_SYNTAX: return "malformed input";
    case SAP_ERR_STATE: return "not possible in the current state";
    case SAP_ERR_IMPOSSIBLE: return "impossible";
    default: return "unknown error";
    }
}
