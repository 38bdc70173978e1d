/*
 * rows.c - the one board-row reader and the one wording of every board
 * mistake, shared by the protocol session and the judge readers.
 *
 * A board row is a word of exactly `cols` cells from a two-letter alphabet
 * (a mine or shaded cell, and a blank one).  The protocol has a row as one
 * line; a judge reader streams it a byte at a time.  Both ask sap_row_cell
 * what each byte is and build their reason with sap_row_reason, so a row
 * one cell short reads the same everywhere (a judge adds its "line N: ").
 */
#include "internal.h"

const char sap_rows_game[3] SAP_ROM = "*_";
const char sap_rows_casual[3] SAP_ROM = "M.";
const char sap_rows_nurikabe[3] SAP_ROM = "#.";

int sap_row_cell(const char *alphabet, char c)
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

void sap_row_reason(char *buf, size_t cap, size_t *len, enum sap_row_mistake mistake,
                    uint32_t row, uint32_t cells, uint32_t cols, const char *alphabet, char bad)
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

void sap_size_reason(char *buf, size_t cap, size_t *len, uint32_t rows, uint32_t cols)
{
    int err = sap_check_board_size(rows, cols);
    if (err == SAP_ERR_ARG) {
        sap_text_add(buf, cap, len, SAP_STR("a board needs at least one row and one column"));
        return;
    }
    if (rows > SAP_MAX_ROWS) {
        sap_text_add(buf, cap, len, SAP_STR("more rows than this build's limit of "));
        sap_text_add_u32(buf, cap, len, SAP_MAX_ROWS);
    } else if (cols > SAP_MAX_COLS) {
        sap_text_add(buf, cap, len, SAP_STR("more columns than this build's limit of "));
        sap_text_add_u32(buf, cap, len, SAP_MAX_COLS);
    } else {
        sap_text_add(buf, cap, len, SAP_STR("more cells than this build's limit of "));
        sap_text_add_u32(buf, cap, len, SAP_MAX_CELLS);
    }
}
