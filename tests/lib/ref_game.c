/*
 * ref_game.c - see ref_game.h.  Written from the statement, not from the
 * engine: a cell is an int per array, the opening recurses, and the reply
 * lists every cell whose map character differs from a snapshot taken before
 * the operation.
 */
#include "ref_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ref_game {
    int rows, cols, mines;
    int state;    /* 0 running, 1 won, 2 lost */
    int *mine;    /* 1 = mine */
    int *opened;  /* 1 = opened */
    char *map;    /* the player map */
    char *before; /* snapshot of the map before the operation */
    char *reply;
    size_t reply_len, reply_cap;
};

struct ref_game *ref_game_new(int rows, int cols, const char *mines)
{
    struct ref_game *g = calloc(1, sizeof *g);
    int i, n = rows * cols;
    if (g == NULL)
        return NULL;
    g->rows = rows;
    g->cols = cols;
    g->mine = calloc((size_t)n, sizeof(int));
    g->opened = calloc((size_t)n, sizeof(int));
    g->map = malloc((size_t)n);
    g->before = malloc((size_t)n);
    if (g->mine == NULL || g->opened == NULL || g->map == NULL || g->before == NULL) {
        ref_game_free(g);
        return NULL;
    }
    for (i = 0; i < n; i++) {
        g->mine[i] = mines[i] == '*';
        g->mines += g->mine[i];
        g->map[i] = '_';
    }
    return g;
}

void ref_game_free(struct ref_game *g)
{
    if (g == NULL)
        return;
    free(g->mine);
    free(g->opened);
    free(g->map);
    free(g->before);
    free(g->reply);
    free(g);
}

static int inside(const struct ref_game *g, int r, int c)
{
    return r >= 0 && r < g->rows && c >= 0 && c < g->cols;
}

static int count_mines(const struct ref_game *g, int r, int c)
{
    int dr, dc, n = 0;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++)
            if ((dr != 0 || dc != 0) && inside(g, r + dr, c + dc))
                n += g->mine[(r + dr) * g->cols + (c + dc)];
    return n;
}

/* The statement's opening, recursively. */
static void open_cell(struct ref_game *g, int r, int c)
{
    int dr, dc, count = count_mines(g, r, c);
    g->opened[r * g->cols + c] = 1;
    g->map[r * g->cols + c] = (char)('0' + count);
    if (count != 0)
        return;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            int nr = r + dr, nc = c + dc;
            if ((dr == 0 && dc == 0) || !inside(g, nr, nc))
                continue;
            if (!g->opened[nr * g->cols + nc] && g->map[nr * g->cols + nc] != 'P')
                open_cell(g, nr, nc);
        }
}

static void add(struct ref_game *g, const char *text)
{
    size_t n = strlen(text);
    if (g->reply_len + n + 1 > g->reply_cap) {
        size_t cap = (g->reply_len + n + 1) * 2;
        char *p = realloc(g->reply, cap);
        if (p == NULL) {
            fprintf(stderr, "ref_game: out of memory\n");
            exit(1);
        }
        g->reply = p;
        g->reply_cap = cap;
    }
    memcpy(g->reply + g->reply_len, text, n + 1);
    g->reply_len += n;
}

/* Returns 1 when the operation lost. */
static int apply(struct ref_game *g, int op, int r, int c)
{
    int i = r * g->cols + c, dr, dc;
    if (op == 1) {
        if (g->opened[i] || g->map[i] == 'P')
            return 0;
        if (g->mine[i])
            return 1;
        open_cell(g, r, c);
    } else if (op == 2) {
        if (g->opened[i])
            return 0;
        g->map[i] = g->map[i] == '_' ? 'P' : g->map[i] == 'P' ? '?' : '_';
    } else {
        int flags = 0;
        if (!g->opened[i])
            return 0;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++)
                if ((dr != 0 || dc != 0) && inside(g, r + dr, c + dc)
                    && g->map[(r + dr) * g->cols + c + dc] == 'P')
                    flags++;
        if (flags != g->map[i] - '0')
            return 0;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++) {
                int j = (r + dr) * g->cols + c + dc;
                if ((dr != 0 || dc != 0) && inside(g, r + dr, c + dc) && !g->opened[j]
                    && g->map[j] != 'P' && g->mine[j])
                    return 1;
            }
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++) {
                int j = (r + dr) * g->cols + c + dc;
                if ((dr != 0 || dc != 0) && inside(g, r + dr, c + dc) && !g->opened[j]
                    && g->map[j] != 'P')
                    open_cell(g, r + dr, c + dc);
            }
    }
    return 0;
}

const char *ref_game_move(struct ref_game *g, int op, int x, int y)
{
    int n = g->rows * g->cols, i, first = 1;
    char piece[64];

    g->reply_len = 0;
    add(g, "");
    if (g->state != 0) {
        add(g, "INVALID\n");
        return g->reply;
    }
    memcpy(g->before, g->map, (size_t)n);
    if (apply(g, op, x - 1, y - 1)) {
        g->state = 2;
        add(g, "LOSE\n");
        return g->reply;
    }
    add(g, "RUNNING: [");
    for (i = 0; i < n; i++) {
        if (g->map[i] == g->before[i])
            continue;
        snprintf(piece, sizeof piece, "%s<%d, %d, %c>", first ? "" : ", ", i / g->cols + 1,
                 i % g->cols + 1, g->map[i]);
        add(g, piece);
        first = 0;
    }
    add(g, "]\n");
    if (ref_game_covered(g) == g->mines) {
        g->state = 1;
        add(g, "WIN\n");
    }
    return g->reply;
}

char ref_game_cell(const struct ref_game *g, int row, int col)
{
    return g->map[row * g->cols + col];
}

int ref_game_state(const struct ref_game *g)
{
    return g->state;
}

int ref_game_covered(const struct ref_game *g)
{
    int i, n = 0;
    for (i = 0; i < g->rows * g->cols; i++)
        n += !g->opened[i];
    return n;
}
