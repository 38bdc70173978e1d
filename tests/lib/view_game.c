/* view_game.c - see view_game.h. */
#include "lib/view_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"

uint32_t view_game_rng = 20261125u;

uint32_t view_game_random(uint32_t n)
{
    view_game_rng = view_game_rng * 1664525u + 1013904223u;
    return (view_game_rng >> 8) % n;
}

/* One request and its whole reply (malloc'd), polled with a random cap. */
char *view_game_ask(struct view_game *g, const char *request)
{
    struct session_output o = { 0 };
    size_t cap = view_game_random(4) == 0 ? 1 + view_game_random(7)
                                          : 1 + view_game_random(4096);
    session_drive(g->s, request, strlen(request), 0, cap, false, &o);
    CHECK(!o.stuck);
    return o.text.bytes;
}

void view_game_expect(struct view_game *g, const char *request, const char *want)
{
    char *got = view_game_ask(g, request);
    if (!CHECK_EQ_STR(got, want))
        fprintf(stderr, "    for %s", request);
    free(got);
}

/* A fresh session on a rows x cols board: `layout` ('*' a mine), or mines
 * at random (`percent` of the cells, a safe cell left). */
void view_game_start(struct view_game *g, uint32_t rows, uint32_t cols, uint32_t percent,
                     const char *layout)
{
    size_t cells = (size_t)rows * cols, i, n = 0;
    char *request = malloc(cells + rows + 64), head[64];
    memset(g, 0, sizeof *g);
    g->rows = rows;
    g->cols = cols;
    g->mine = calloc(cells, 1);
    g->map = malloc(cells);
    g->s = malloc(SAP_SESSION_BYTES);
    if (request == NULL || g->mine == NULL || g->map == NULL || g->s == NULL)
        abort();
    memset(g->map, '_', cells);
    for (i = 0; i < cells; i++)
        g->mine[i] = layout != NULL ? layout[i] == '*' : view_game_random(100) < percent;
    if (layout == NULL)
        g->mine[view_game_random((uint32_t)cells)] = 0;
    n = (size_t)snprintf(request, 64, "NEW %u %u\n", (unsigned)rows, (unsigned)cols);
    for (i = 0; i < cells; i++) {
        g->mines += g->mine[i];
        request[n++] = g->mine[i] ? '*' : '_';
        if ((i + 1) % cols == 0)
            request[n++] = '\n';
    }
    request[n] = '\0';
    session_memory_init(&g->memory);
    sap_session_init(g->s, &g->memory.memory);
    snprintf(head, sizeof head, "OK %u %u %u\n", (unsigned)rows, (unsigned)cols,
             (unsigned)g->mines);
    view_game_expect(g, request, head);
    free(request);
}

void view_game_end(struct view_game *g)
{
    sap_session_release(g->s);
    CHECK_EQ_INT(g->memory.held_bytes, 0);
    free(g->s);
    free(g->mine);
    free(g->map);
}

/* Follows a move's boom lines at the head of `reply`; returns their length. */
size_t view_game_follow(struct view_game *g, const char *reply, int op, uint32_t x, uint32_t y)
{
    const char *t = reply;
    if (strncmp(t, "RUNNING: [", 10) == 0) {
        unsigned a, b;
        char v;
        int used;
        t += 10;
        while (sscanf(t, "<%u, %u, %c>%n", &a, &b, &v, &used) == 3) {
            g->map[(size_t)(a - 1u) * g->cols + (b - 1u)] = v;
            t += used;
            if (strncmp(t, ", ", 2) == 0)
                t += 2;
        }
        CHECK(strncmp(t, "]\n", 2) == 0);
        t += 2;
        g->clicks++;
        if (strncmp(t, "WIN\n", 4) == 0) {
            g->state = SAP_WIN;
            t += 4;
        }
    } else if (strncmp(t, "LOSE\n", 5) == 0) {
        g->clicks++;
        g->state = SAP_LOSE;
        g->lost_op = op;
        g->lost_row = x - 1u;
        g->lost_col = y - 1u;
        t += 5;
    } else {
        CHECK(strncmp(t, "INVALID\n", 8) == 0);
        t += 8;
    }
    return (size_t)(t - reply);
}

void view_game_play(struct view_game *g, int op, uint32_t x, uint32_t y)
{
    char request[48], *reply;
    snprintf(request, sizeof request, "%d %u %u\n", op, (unsigned)x, (unsigned)y);
    reply = view_game_ask(g, request);
    CHECK_EQ_INT(view_game_follow(g, reply, op, x, y), strlen(reply));
    free(reply);
}

/* ---- playing ---------------------------------------------------------------- */


static char mark_at(const struct view_game *g, uint32_t r, uint32_t c)
{
    return g->map[(size_t)r * g->cols + c];
}

/* Whether a chord at (r, c) opens safely: as many flags as its number,
 * every one on a mine. */
static bool chord_safe(const struct view_game *g, uint32_t r, uint32_t c)
{
    uint32_t nr, nc, flags = 0, wrong = 0;
    char v = mark_at(g, r, c);
    if (v < '1' || v > '8')
        return false;
    for (nr = r > 0 ? r - 1u : 0; nr <= r + 1u && nr < g->rows; nr++)
        for (nc = c > 0 ? c - 1u : 0; nc <= c + 1u && nc < g->cols; nc++)
            if (mark_at(g, nr, nc) == 'P') {
                flags++;
                wrong += !g->mine[(size_t)nr * g->cols + nc];
            }
    return flags == (uint32_t)(v - '0') && wrong == 0;
}

/* Cell i's row and column (view_game_start makes no board without one). */
static void place_of(const struct view_game *g, uint32_t i, uint32_t *r, uint32_t *c)
{
    uint32_t cols = g->cols;
    if (cols == 0)
        abort();
    /* clang 14's analyzer forgets the test above on a later pass of its
     * caller's loop and calls this a division by zero */
    *r = i / cols; /* NOLINT(clang-analyzer-core.DivideZero) */
    *c = i % cols; /* NOLINT(clang-analyzer-core.DivideZero) */
}

/* A move toward a win: mostly a safe cell opened, now and then a mark or
 * a chord that opens only safe cells. */
static void toward_win(const struct view_game *g, int *op, uint32_t *r, uint32_t *c)
{
    uint32_t cells = g->rows * g->cols, i, k, pick = view_game_random(10);
    for (k = 0; k < 40; k++) {
        i = view_game_random(cells);
        place_of(g, i, r, c);
        if (pick == 0 && strchr("_P?", g->map[i]) != NULL) {
            *op = 2;
            return;
        }
        if (pick == 1 && chord_safe(g, *r, *c)) {
            *op = 3;
            return;
        }
        if (pick > 1 && !g->mine[i] && (g->map[i] == '_' || g->map[i] == '?')) {
            *op = 1;
            return;
        }
    }
    /* none at random: the first safe cell still covered from a random place */
    for (k = 0, i = view_game_random(cells); k < cells; k++, i = (i + 1u) % cells)
        if (!g->mine[i] && strchr("_P?", g->map[i]) != NULL)
            break;
    place_of(g, i, r, c);
    *op = g->map[i] == 'P' ? 2 : 1; /* a wrong flag comes off first */
}

/* The chord plan's number: one with a safe covered neighbour to flag
 * wrongly and a mine to leave out. */
static bool find_chord_target(const struct view_game *g, struct view_plan *p)
{
    uint32_t cells = g->rows * g->cols, k, i;
    for (k = 0, i = view_game_random(cells); k < cells; k++, i = (i + 1u) % cells) {
        uint32_t r, c, nr, nc;
        bool safe = false, spare = false;
        place_of(g, i, &r, &c);
        if (g->map[i] < '1' || g->map[i] > '8')
            continue;
        for (nr = r > 0 ? r - 1u : 0; nr <= r + 1u && nr < g->rows; nr++)
            for (nc = c > 0 ? c - 1u : 0; nc <= c + 1u && nc < g->cols; nc++) {
                char v = mark_at(g, nr, nc);
                if (v != '_' && v != 'P' && v != '?')
                    continue;
                if (!g->mine[(size_t)nr * g->cols + nc] && !safe) {
                    safe = true;
                    p->safe_r = nr;
                    p->safe_c = nc;
                } else if (g->mine[(size_t)nr * g->cols + nc] && !spare) {
                    spare = true;
                    p->spare_r = nr;
                    p->spare_c = nc;
                }
            }
        if (safe && spare) {
            p->tr = r;
            p->tc = c;
            return true;
        }
    }
    return false;
}

/* The next move of a plan to lose: set the marks, then click or chord. */
static void toward_loss(const struct view_game *g, struct view_plan *p, int *op, uint32_t *r,
                        uint32_t *c)
{
    uint32_t nr, nc;
    if (!p->target_set && p->kind == PLAN_LOSE_CHORD && !find_chord_target(g, p))
        p->kind = PLAN_LOSE_CLICK;
    if (!p->target_set && p->kind == PLAN_LOSE_CLICK) {
        uint32_t cells = g->rows * g->cols, k, i;
        for (k = 0, i = view_game_random(cells); k < cells; k++, i = (i + 1u) % cells)
            if (g->mine[i] && g->map[i] != 'P')
                break;
        place_of(g, i, &p->tr, &p->tc);
        p->question = view_game_random(2) == 1;
    }
    p->target_set = true;
    *op = 2;
    if (p->kind == PLAN_LOSE_CLICK) {
        *r = p->tr;
        *c = p->tc;
        if (mark_at(g, *r, *c) == 'P' || (p->question && mark_at(g, *r, *c) == '_'))
            return; /* on to the question mark */
        *op = 1;
        return;
    }
    for (nr = p->tr > 0 ? p->tr - 1u : 0; nr <= p->tr + 1u && nr < g->rows; nr++)
        for (nc = p->tc > 0 ? p->tc - 1u : 0; nc <= p->tc + 1u && nc < g->cols; nc++) {
            char v = mark_at(g, nr, nc);
            bool mine = g->mine[(size_t)nr * g->cols + nc] != 0;
            bool flag = (nr == p->safe_r && nc == p->safe_c)
                        || (mine && !(nr == p->spare_r && nc == p->spare_c));
            if ((v == '_' || v == '?' || v == 'P') && flag != (v == 'P')) {
                *r = nr;
                *c = nc;
                return;
            }
        }
    *op = 3;
    *r = p->tr;
    *c = p->tc;
}

void view_plan_next(const struct view_game *g, struct view_plan *p, int *op, uint32_t *x,
                    uint32_t *y)
{
    uint32_t r, c;
    if (p->kind != PLAN_WIN && p->moves >= p->lose_after)
        toward_loss(g, p, op, &r, &c);
    else
        toward_win(g, op, &r, &c);
    p->moves++;
    *x = r + 1u;
    *y = c + 1u;
}

void view_plan_init(struct view_plan *p, const struct view_game *g, enum view_plan_kind kind)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->lose_after = view_game_random(g->rows * g->cols / 8u + 3u);
}

/* Plays a game to its end by the plan, a VIEW (and a VIEW PROB) every so
 * many moves, both at the end, and again after a move too late. */
