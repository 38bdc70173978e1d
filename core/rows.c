/*
 * rows.c - the one board-row reader and the one wording of every board
 * mistake, shared by the protocol session and the judge readers.
 *
 * A board row is a word of exactly `cols` cells from a two-letter alphabet
 * (a mine or shaded cell, and a blank one).  The protocol has a row as one
 * line; a judge reader streams it a byte at a time.  Both ask sap_rows_cell
 * what each byte is and build their reason with sap_rows_reason, so a row
 * one cell short reads the same everywhere (a judge adds its "line N: ").
 */
#include "internal.h"

const char sap_rows_game[3] SAP_ROM = "*_";
const char sap_rows_casual[3] SAP_ROM = "M.";
const char sap_rows_nurikabe[3] SAP_ROM = "#.";

int sap_rows_cell(const char *alphabet, char c)
{
    if (c == sap_rom_byte(alphabet))
        return 1;
    if (c == sap_rom_byte(alphabet + 1))
        return 0;
    return -1;
}

/* 'c', or "byte N" for a byte that would not show. */
static void add_shown(char *buf, size_t cap, size_t *len, char c)
{
    if (c > ' ' && c < 0x7f) {
        char shown[4] = { '\'', c, '\'', '\0' };
        sap_text_add_ram(buf, cap, len, shown);
    } else {
        sap_text_add(buf, cap, len, SAP_STR("byte "));
        sap_text_add_u32(buf, cap, len, (uint32_t)(unsigned char)c);
    }
}

void sap_rows_reason(char *buf, size_t cap, size_t *len, enum sap_row_mistake mistake,
                     uint32_t row, uint32_t cells, uint32_t cols, const char *alphabet,
                     char bad)
{
    sap_text_add(buf, cap, len, SAP_STR("row "));
    sap_text_add_u32(buf, cap, len, row);
    switch (mistake) {
    case SAP_ROW_SHORT:
        sap_text_add(buf, cap, len, SAP_STR(" has "));
        sap_text_add_u32(buf, cap, len, cells);
        sap_text_add(buf, cap, len, SAP_STR(" cells, fewer than the board's "));
        sap_text_add_u32(buf, cap, len, cols);
        break;
    case SAP_ROW_LONG:
        sap_text_add(buf, cap, len, SAP_STR(" has more cells than the board's "));
        sap_text_add_u32(buf, cap, len, cols);
        break;
    case SAP_ROW_WORDS:
        sap_text_add(buf, cap, len, SAP_STR(" is not one word of "));
        sap_text_add_u32(buf, cap, len, cols);
        sap_text_add(buf, cap, len, SAP_STR(" cells"));
        break;
    default: /* SAP_ROW_CELL */
        sap_text_add(buf, cap, len, SAP_STR(" holds "));
        add_shown(buf, cap, len, bad);
        sap_text_add(buf, cap, len, SAP_STR(": cells are "));
        add_shown(buf, cap, len, sap_rom_byte(alphabet));
        sap_text_add(buf, cap, len, SAP_STR(" or "));
        add_shown(buf, cap, len, sap_rom_byte(alphabet + 1));
        break;
    }
}

/* The part of a board size sap_rows_size_reason words. */
enum size_part { SIZE_ROWS = 0, SIZE_COLS = 1, SIZE_CELLS = 2, SIZE_ZERO };

static void size_part_reason(char *buf, size_t cap, size_t *len, const char *name,
                             enum size_part part)
{
    sap_text_add(buf, cap, len, name);
    if (part == SIZE_ZERO) {
        sap_text_add(buf, cap, len, SAP_STR(" must be at least 1"));
        return;
    }
    sap_text_add(buf, cap, len, SAP_STR(" is over this build's limit of "));
    sap_text_add_u32(buf, cap, len,
                     part == SIZE_ROWS   ? SAP_MAX_ROWS
                     : part == SIZE_COLS ? SAP_MAX_COLS
                                         : SAP_MAX_CELLS);
    sap_text_add(buf, cap, len,
                 part == SIZE_ROWS   ? SAP_STR(" rows")
                 : part == SIZE_COLS ? SAP_STR(" columns")
                                     : SAP_STR(" cells"));
}

void sap_rows_size_reason(char *buf, size_t cap, size_t *len, uint32_t rows, uint32_t cols,
                          const char *names)
{
    /* names: the statement's "rows\0cols\0cells\0", e.g. "r\0c\0r*c" */
    const char *row_name = names, *col_name = names + sap_text_length(names) + 1;
    const char *cells_name = col_name + sap_text_length(col_name) + 1;
    if (rows == 0)
        size_part_reason(buf, cap, len, row_name, SIZE_ZERO);
    else if (cols == 0)
        size_part_reason(buf, cap, len, col_name, SIZE_ZERO);
    else if (rows > SAP_MAX_ROWS)
        size_part_reason(buf, cap, len, row_name, SIZE_ROWS);
    else if (cols > SAP_MAX_COLS)
        size_part_reason(buf, cap, len, col_name, SIZE_COLS);
    else
        size_part_reason(buf, cap, len, cells_name, SIZE_CELLS);
}
