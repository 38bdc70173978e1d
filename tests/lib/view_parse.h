/*
 * view_parse.h - reads VIEW's drawing back, for the tests: by its rulers
 * (each column's number read down its digits, which gives the column's
 * place on the line) and its row numbers, never by the widths core/view.c
 * uses; and checks its colours escape by escape.
 */
#ifndef SAPPER_VIEW_PARSE_H
#define SAPPER_VIEW_PARSE_H

#include <stdint.h>

struct view_parsed {
    uint32_t rows, cols;
    unsigned rulers;  /* ruler lines */
    unsigned margin;  /* columns before a row's first separator: its number */
    unsigned *column; /* cols: where each column's ones digit (and glyph) is */
    char *field;      /* rows * cols * 2: each cell's last two characters (a
                         glyph of VIEW is field[1], field[0] its separator) */
    char status[160]; /* the line after the rows */
};

/* Reads escape-free `text` as a whole VIEW reply (its END included) of a
 * rows x cols board, `width` columns a cell (2 VIEW, 3 VIEW PROB): NULL,
 * or why it is not one (text in a static buffer).  Everything that is not
 * a ruler digit, a row number or a cell must be a space, no line has
 * trailing spaces, and every line is as long as the rulers. */
const char *view_parse(const char *text, uint32_t rows, uint32_t cols, unsigned width,
                       struct view_parsed *out);
void view_parsed_free(struct view_parsed *p);
/* The field of cell (row, col), 0-based: its two characters. */
const char *view_field(const struct view_parsed *p, uint32_t row, uint32_t col);

/* `text` without its ESC [ ... m escapes (malloc'd). */
char *view_strip(const char *text);

/* The SGR parameters VIEW colours a field with ("" none): the numbers
 * 1-8, P, @, X, * and VIEW PROB's ok and **. */
const char *view_colour_of(const char field[2]);

/* Checks a coloured reply against its parse (of the stripped text): every
 * glyph in its colour, separators never on a background, margins, rulers
 * and the status line uncoloured, the colour reset before every line end.
 * NULL or why not (static text). */
const char *view_check_colours(const char *coloured, const struct view_parsed *p,
                               unsigned width);

#endif
