/* view_parse.c - see view_parse.h. */
#include "lib/view_parse.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char why[256];

static const char *refuse(size_t line, const char *what, long detail)
{
    snprintf(why, sizeof why, "line %zu: %s (%ld)", line + 1, what, detail);
    return why;
}

/* The lines of `text` (each without its '\n'), which must end with one. */
struct lines {
    const char **at;
    size_t *length;
    size_t count;
};

static bool split(const char *text, struct lines *l)
{
    size_t n = 0, k = 0;
    const char *t, *start = text;
    for (t = text; *t != '\0'; t++)
        n += *t == '\n';
    l->at = malloc((n + 1) * sizeof *l->at);
    l->length = malloc((n + 1) * sizeof *l->length);
    l->count = n;
    if (l->at == NULL || l->length == NULL)
        abort();
    for (t = text; *t != '\0'; t++) {
        if (*t == '\n') {
            l->at[k] = start;
            l->length[k++] = (size_t)(t - start);
            start = t + 1;
        }
    }
    return *start == '\0'; /* nothing after the last line end */
}

/* The columns, read down the rulers: p->column[c] for c = 0 .. cols - 1. */
static const char *read_rulers(const struct lines *l, struct view_parsed *p)
{
    const char *ones = l->at[p->rulers - 1];
    size_t i, width = l->length[p->rulers - 1], r;
    uint32_t next = 0;
    for (r = 0; r < p->rulers; r++)
        if (l->length[r] != width)
            return refuse(r, "a ruler as long as the ones' ruler", (long)l->length[r]);
    for (i = 0; i < width; i++) {
        uint32_t number = 0;
        bool digits = false;
        if (ones[i] == ' ') {
            for (r = 0; r < p->rulers; r++)
                if (l->at[r][i] != ' ')
                    return refuse(r, "a ruler digit over no column", (long)i);
            continue;
        }
        for (r = 0; r < p->rulers; r++) {
            char d = l->at[r][i];
            if (d == ' ' && !digits)
                continue;
            if (d < '0' || d > '9' || (d == '0' && !digits))
                return refuse(r, "a ruler digit (no leading zero)", (long)i);
            digits = true;
            number = number * 10u + (uint32_t)(d - '0');
        }
        if (number != next + 1u || next >= p->cols)
            return refuse(p->rulers - 1, "the columns in order, read down the rulers",
                          (long)number);
        p->column[next++] = (unsigned)i;
    }
    if (next != p->cols)
        return refuse(p->rulers - 1, "every column on the rulers", (long)next);
    if (width != p->column[p->cols - 1] + 1u)
        return refuse(p->rulers - 1, "no trailing space", (long)width);
    return NULL;
}

/* A row line: its number right-aligned in the margin, its cells under
 * their columns' digits, spaces everywhere else. */
static const char *read_row(const struct lines *l, struct view_parsed *p, uint32_t row,
                            unsigned width)
{
    size_t at = p->rulers + row, i, length = l->length[at];
    const char *line = l->at[at];
    char number[16];
    bool *used;
    uint32_t c;
    snprintf(number, sizeof number, "%*u", (int)p->margin, (unsigned)(row + 1u));
    if (length < p->margin || memcmp(line, number, p->margin) != 0)
        return refuse(at, "the row number, right-aligned", (long)row + 1);
    if (length != p->column[p->cols - 1] + 1u)
        return refuse(at, "a row as long as the rulers", (long)length);
    used = calloc(length, 1);
    if (used == NULL)
        abort();
    for (i = 0; i < p->margin; i++)
        used[i] = true;
    for (c = 0; c < p->cols; c++) {
        unsigned pos = p->column[c];
        char *f = &p->field[((size_t)row * p->cols + c) * 2u];
        f[0] = line[pos - 1u];
        f[1] = line[pos];
        used[pos] = true;
        if (width == 3u)
            used[pos - 1u] = true;
    }
    for (i = 0; i < length; i++) {
        if (!used[i] && line[i] != ' ') {
            free(used);
            return refuse(at, "a space between the cells", (long)i);
        }
    }
    free(used);
    return NULL;
}

const char *view_parse(const char *text, uint32_t rows, uint32_t cols, unsigned width,
                       struct view_parsed *p)
{
    struct lines l;
    const char *reason = NULL;
    uint32_t r;
    size_t k;
    memset(p, 0, sizeof *p);
    p->rows = rows;
    p->cols = cols;
    p->column = calloc(cols, sizeof *p->column);
    p->field = calloc((size_t)rows * cols * 2u, 1);
    if (p->column == NULL || p->field == NULL)
        abort();
    if (!split(text, &l))
        reason = "text after the last line end";
    else if (l.count < (size_t)rows + 3u)
        reason = "fewer lines than a ruler, the rows, the status and END";
    if (reason == NULL) {
        p->rulers = (unsigned)(l.count - rows - 2u);
        /* the margin: the first row's number and the spaces before it */
        for (k = 0; k < l.length[p->rulers] && l.at[p->rulers][k] == ' '; k++)
            continue;
        for (;
             k < l.length[p->rulers] && l.at[p->rulers][k] >= '0' && l.at[p->rulers][k] <= '9';
             k++)
            continue;
        p->margin = (unsigned)k;
        reason = read_rulers(&l, p);
    }
    for (r = 0; reason == NULL && r < rows; r++)
        reason = read_row(&l, p, r, width);
    if (reason == NULL) {
        size_t at = p->rulers + rows;
        if (l.length[at] >= sizeof p->status)
            reason = refuse(at, "a short status line", (long)l.length[at]);
        else
            memcpy(p->status, l.at[at], l.length[at]);
        if (reason == NULL && (l.length[at + 1] != 3 || memcmp(l.at[at + 1], "END", 3) != 0))
            reason = refuse(at + 1, "END last", 0);
    }
    free(l.at);
    free(l.length);
    return reason;
}

void view_parsed_free(struct view_parsed *p)
{
    free(p->column);
    free(p->field);
    memset(p, 0, sizeof *p);
}

const char *view_field(const struct view_parsed *p, uint32_t row, uint32_t col)
{
    return p->field + ((size_t)row * p->cols + col) * 2u;
}

char *view_strip(const char *text)
{
    char *out = malloc(strlen(text) + 1), *o = out;
    if (out == NULL)
        abort();
    while (*text != '\0') {
        if (text[0] == '\033' && text[1] == '[') {
            text += 2;
            while (*text != '\0' && *text != 'm')
                text++;
            if (*text == 'm')
                text++;
            continue;
        }
        *o++ = *text++;
    }
    *o = '\0';
    return out;
}

const char *view_colour_of(const char field[2])
{
    static const char *const numbers[] = { "94", "32", "91", "34", "31", "36", "2", "90" };
    if (field[0] == 'o' && field[1] == 'k')
        return "1;92";
    if (field[0] == '*' && field[1] == '*')
        return "1;91";
    if (field[0] != ' ')
        return ""; /* a percent */
    if (field[1] >= '1' && field[1] <= '8')
        return numbers[field[1] - '1'];
    switch (field[1]) {
    case 'P':
        return "1;91";
    case '@':
        return "1;97;41";
    case 'X':
        return "1;95";
    case '*':
        return "1";
    default:
        return "";
    }
}

/* Reads one escape at *text (past it): the colour it leaves, "" for none. */
static bool read_escape(const char **text, char *colour, size_t cap)
{
    const char *t = *text + 2, *end = strchr(t, 'm');
    size_t n;
    if (end == NULL || (size_t)(end - t) >= cap)
        return false;
    n = (size_t)(end - t);
    memcpy(colour, t, n);
    colour[n] = '\0';
    if (strcmp(colour, "0") == 0)
        colour[0] = '\0';
    else if (strncmp(colour, "0;", 2) == 0)
        memmove(colour, colour + 2, n - 1);
    else
        return false; /* VIEW always resets first */
    *text = end + 1;
    return true;
}

const char *view_check_colours(const char *coloured, const struct view_parsed *p,
                               unsigned width)
{
    char colour[32] = "";
    size_t line = 0, i = 0, length = p->column[p->cols - 1] + 1u;
    const char *t = coloured, *reason = NULL;
    long *cell_at = malloc(length * sizeof *cell_at); /* the cell a place shows, or -1 */
    uint32_t c;
    if (cell_at == NULL)
        abort();
    for (i = 0; i < length; i++)
        cell_at[i] = -1;
    for (c = 0; c < p->cols; c++) {
        cell_at[p->column[c]] = (long)c;
        if (width == 3u)
            cell_at[p->column[c] - 1u] = (long)c;
    }
    i = 0;
    while (*t != '\0' && reason == NULL) {
        bool in_grid = line >= p->rulers && line < p->rulers + p->rows;
        if (t[0] == '\033') {
            if (t[1] != '[' || !read_escape(&t, colour, sizeof colour))
                reason = refuse(line, "an escape ESC [ 0 ... m", (long)i);
            continue;
        }
        if (*t == '\n') {
            if (colour[0] != '\0')
                reason = refuse(line, "the colour reset before the line end", 0);
            line++;
            i = 0;
            t++;
            continue;
        }
        if (!in_grid || i < p->margin) {
            if (colour[0] != '\0')
                reason = refuse(line, "no colour outside the cells", (long)i);
        } else {
            long cell = i < length ? cell_at[i] : -1;
            const char *f = cell < 0
                                ? NULL
                                : &p->field[((line - p->rulers) * p->cols + (size_t)cell) * 2u];
            bool glyph = f != NULL && (i == p->column[cell] || f[0] != ' ');
            if (glyph && strcmp(colour, view_colour_of(f)) != 0)
                reason = refuse(line, "a glyph in its colour", (long)i);
            else if (!glyph && strstr(colour, "41") != NULL)
                reason = refuse(line, "no background under a separator", (long)i);
        }
        i++;
        t++;
    }
    free(cell_at);
    return reason;
}
