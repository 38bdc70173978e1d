/*
 * winrate_game.c - one game of winrate: a configuration's board, played
 * by following HINT, checked as it goes, its HINTs timed.
 *
 * Each game is played through a real protocol session in this process
 * (sap_session_sink/poll, what sapperd and the boards run): NEW, the first
 * click by the configuration's rule, then HINT and the move it names (SAFE
 * and GUESS: `1 x y`; MINE: `2 x y`) until a move's reply ends the game
 * with WIN or LOSE.  An ERR from HINT ends the game as lost to an ERR,
 * counted apart from the losses.  Each HINT is timed from its request to
 * the last byte of its reply.  The session has sapperd's defaults but for
 * the budget of one call, which is unlimited (replies do not depend on it).
 *
 * The rules of a configuration:
 *   modern   NEW <rows> <cols> <mines> <seed>: sapper's own random board,
 *            laid at the first click with that click's 3x3 block clear, so
 *            the click opens a zero.  First click (3, 3), clipped.
 *   classic  the first click is never a mine but need not open a zero: the
 *            tool lays the board from the seed (classic_board below:
 *            splitmix64, the mines uniform among every cell but the first
 *            click) and gives it by its rows, NEW <rows> <cols> then rows of
 *            `_` and `*`.  First click (1, 1).
 *
 * Every game is checked as it is played: the tool keeps the player map from
 * the moves' replies, and a WIN must leave exactly the mines covered.  With
 * --verify each move is also played on tests/lib/ref_game.c (which shares
 * no code with the core) on the same mines, and its reply and the game's
 * end must be the same.  A disagreement is a fault: it is printed and
 * counted in the game's record.
 */
#include "sapper.h"
#include "lib/heap_memory.h"
#include "lib/ref_game.h"
#include "lib/session_drive.h"
#include "tools/winrate.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A move's reply lists at most every cell, about 13 bytes each. */
#define REPLY_CAP (1u << 16)
/* The complaints one worker writes to stderr before it only counts them. */
#define MAX_COMPLAINTS 10u

/* ---- configurations ---------------------------------------------------- */

const struct config configs[CONFIG_COUNT] = {
    { "beginner-modern", 9, 9, 10, RULES_MODERN },
    { "intermediate-modern", 16, 16, 40, RULES_MODERN },
    { "expert-modern", 16, 30, 99, RULES_MODERN },
    { "beginner-classic", 9, 9, 10, RULES_CLASSIC },
    { "intermediate-classic", 16, 16, 40, RULES_CLASSIC },
    { "expert-classic", 16, 30, 99, RULES_CLASSIC },
};

const struct config *config_named(const char *name)
{
    size_t i;
    for (i = 0; i < CONFIG_COUNT; i++)
        if (strcmp(configs[i].name, name) == 0)
            return &configs[i];
    return NULL;
}

/* A first click asked for, clipped to the board as HINT clips (3, 3). */
struct cell clip_cell(const struct config *c, struct cell want)
{
    struct cell at;
    at.row = want.row < c->rows ? want.row : c->rows;
    at.col = want.col < c->cols ? want.col : c->cols;
    return at;
}

struct cell default_first(const struct config *c)
{
    struct cell want = c->rules == RULES_MODERN ? (struct cell){ 3, 3 } : (struct cell){ 1, 1 };
    return clip_cell(c, want);
}

/* ---- classic boards ---------------------------------------------------- */

/* splitmix64 (Steele, Lea and Flood 2014, as in java.util.SplittableRandom):
 * a 64-bit state stepped by the golden-ratio constant and mixed; every
 * seed, 0 included, starts a good stream. */
static uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n >= 1: draws at or past the last whole multiple of n
 * below 2^64 are drawn again, so that no value is more likely than another. */
static uint32_t uniform_below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do
        x = splitmix64_next(state);
    while (x >= limit);
    return (uint32_t)(x % n);
}

/* A classic board for `seed` and the first click `first`: the state of
 * splitmix64 starts at the seed; the cells but the first click, in row
 * order, are shuffled by a partial Fisher-Yates (the i-th mine swaps place
 * i with a place drawn uniformly from i to the end), and the first `mines`
 * of them hold a mine.  board: rows * cols bytes, '*' a mine, '_' safe. */
void classic_board(const struct config *c, uint32_t seed, struct cell first, char *board)
{
    uint32_t cells = c->rows * c->cols, skip = (first.row - 1) * c->cols + first.col - 1;
    uint32_t places[MAX_CELLS] = { 0 }, n = 0, i;
    uint64_t state = seed;

    for (i = 0; i < cells; i++) {
        board[i] = '_';
        if (i != skip)
            places[n++] = i;
    }
    for (i = 0; i < c->mines && i < n; i++) {
        uint32_t j = i + uniform_below(&state, n - i), kept = places[i];
        places[i] = places[j];
        places[j] = kept;
        board[places[i]] = '*';
    }
}

/* The mines sapper lays for a modern board: the same calls as the
 * session's NEW <rows> <cols> <mines> <seed> and first click, on a game of
 * our own (for --verify, which needs them before the first move). */
static bool modern_board(const struct config *c, uint32_t seed, struct cell first, char *board)
{
    size_t bytes = SAP_GAME_BYTES(c->rows, c->cols);
    void *block = malloc(bytes);
    sap_game *g;
    uint32_t r, col;
    bool ok = block != NULL && sap_game_init(&g, block, bytes, c->rows, c->cols) == SAP_OK
              && sap_game_set_random(g, c->mines, seed) == SAP_OK
              && sap_game_move(g, SAP_OP_LEFT, first.row, first.col) >= 0;
    for (r = 0; ok && r < c->rows; r++)
        for (col = 0; col < c->cols; col++)
            board[r * c->cols + col] = sap_game_mine_at(g, r, col) ? '*' : '_';
    free(block);
    return ok;
}

/* ---- HINT's times ------------------------------------------------------ */

static unsigned time_bucket(uint64_t ns)
{
    unsigned octave = 0;
    uint64_t v;
    if (ns < TIME_SUB)
        return (unsigned)ns;
    for (v = ns; v > 1; v >>= 1)
        octave++;
    /* octave >= 6: the top 7 bits of ns, the leading one dropped */
    return TIME_SUB + (octave - 6) * TIME_SUB
           + (unsigned)((ns >> (octave - 6)) & (TIME_SUB - 1));
}

static double time_bucket_middle(unsigned bucket)
{
    unsigned octave, sub;
    if (bucket < TIME_SUB)
        return bucket;
    octave = (bucket - TIME_SUB) / TIME_SUB + 6;
    sub = (bucket - TIME_SUB) % TIME_SUB;
    return ldexp(TIME_SUB + sub + 0.5, (int)octave - 6);
}


void timing_add(struct timing *into, const struct timing *t)
{
    unsigned i;
    for (i = 0; i < TIME_BUCKETS; i++)
        into->counts[i] += t->counts[i];
    into->hints += t->hints;
    if (t->slowest_ns > into->slowest_ns) {
        into->slowest_ns = t->slowest_ns;
        into->slowest_seed = t->slowest_seed;
    }
    into->cpu_seconds += t->cpu_seconds;
}

/* The q-quantile (nearest rank) in microseconds; 0 when nothing was timed. */
double timing_quantile_us(const struct timing *t, double q)
{
    uint64_t rank = (uint64_t)ceil(q * (double)t->hints), seen = 0;
    unsigned i;
    if (rank == 0)
        rank = 1;
    for (i = 0; i < TIME_BUCKETS; i++) {
        seen += t->counts[i];
        if (seen >= rank)
            return time_bucket_middle(i) / 1e3;
    }
    return 0;
}

uint64_t now_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- one game ---------------------------------------------------------- */

const char *const outcome_names[] = { "won", "lost", "err" };


/* A game under way: its session and what the tool sees of it. */
struct player {
    const struct config *config;
    struct cell first;
    bool verify;
    struct sap_session session;
    char reply[REPLY_CAP];
    char view[MAX_CELLS];  /* the player map from the replies: '_', 'P', '?', '0'..'8' */
    char board[MAX_CELLS]; /* the mines, when known: classic, or modern with --verify */
    struct ref_game *ref;  /* --verify: the same moves on the reference engine */
    struct timing *timing;
    unsigned complaints;
};

static void complain(struct player *p, uint32_t seed, const char *format, ...)
{
    va_list args;
    if (++p->complaints > MAX_COMPLAINTS)
        return;
    fprintf(stderr, PROGRAM ": %s seed %u: ", p->config->name, (unsigned)seed);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

/* One request and its whole reply; NULL when the reply did not fit. */
static const char *ask(struct player *p, const char *request)
{
    session_ask(&p->session, request, p->reply, sizeof p->reply);
    return strlen(p->reply) + 1 < sizeof p->reply ? p->reply : NULL;
}

static bool skip_text(const char **s, const char *text)
{
    size_t n = strlen(text);
    if (strncmp(*s, text, n) != 0)
        return false;
    *s += n;
    return true;
}

static bool read_number(const char **s, uint32_t *value)
{
    unsigned long v;
    char *end;
    if (**s < '0' || **s > '9')
        return false;
    errno = 0;
    v = strtoul(*s, &end, 10);
    if (errno != 0 || v > UINT32_MAX)
        return false;
    *value = (uint32_t)v;
    *s = end;
    return true;
}

enum move_state { MOVE_RUNNING, MOVE_WON, MOVE_LOST, MOVE_BAD };

/* What a move's reply says - "RUNNING: [<x, y, v>, ...]\n", then "WIN\n"
 * if won, or "LOSE\n" - with its changes written into view; MOVE_BAD for
 * anything else (an ERR, INVALID, a reply out of shape). */
static enum move_state read_move_reply(const char *reply, char *view, uint32_t rows,
                                       uint32_t cols)
{
    const char *s = reply;
    if (strcmp(reply, "LOSE\n") == 0)
        return MOVE_LOST;
    if (!skip_text(&s, "RUNNING: ["))
        return MOVE_BAD;
    if (*s != ']')
        for (;;) {
            uint32_t x, y;
            if (!skip_text(&s, "<") || !read_number(&s, &x) || !skip_text(&s, ", ")
                || !read_number(&s, &y) || !skip_text(&s, ", ") || *s == '\0')
                return MOVE_BAD;
            if (x < 1 || x > rows || y < 1 || y > cols)
                return MOVE_BAD;
            view[(x - 1) * cols + y - 1] = *s++;
            if (!skip_text(&s, ">"))
                return MOVE_BAD;
            if (!skip_text(&s, ", "))
                break;
        }
    if (!skip_text(&s, "]\n"))
        return MOVE_BAD;
    if (*s == '\0')
        return MOVE_RUNNING;
    return strcmp(s, "WIN\n") == 0 ? MOVE_WON : MOVE_BAD;
}

/* Sends one move, checks its reply (and the reference's, with --verify) and
 * returns what it says. */
static enum move_state move(struct player *p, struct game_record *g, int op, struct cell at)
{
    const struct config *c = p->config;
    char request[48];
    const char *reply;
    enum move_state state;

    snprintf(request, sizeof request, "%d %u %u\n", op, (unsigned)at.row, (unsigned)at.col);
    g->moves++;
    reply = ask(p, request);
    if (reply == NULL) {
        complain(p, g->seed, "the reply to %.*s is longer than %u bytes",
                 (int)strlen(request) - 1, request, REPLY_CAP);
        return MOVE_BAD;
    }
    if (p->ref != NULL) {
        const char *want = ref_game_move(p->ref, op, (int)at.row, (int)at.col);
        if (strcmp(want, reply) != 0) {
            g->faults++;
            complain(p, g->seed, "move %.*s: the session said %.60s, the reference %.60s",
                     (int)strlen(request) - 1, request, reply, want);
        }
    }
    state = read_move_reply(reply, p->view, c->rows, c->cols);
    if (state == MOVE_BAD)
        complain(p, g->seed, "move %.*s got: %.80s", (int)strlen(request) - 1, request, reply);
    return state;
}

/* NEW for the game of `seed`, and the reference game with --verify. */
static bool start_game(struct player *p, uint32_t seed)
{
    const struct config *c = p->config;
    char request[MAX_CELLS + 16u * 2u + 32u], *at = request;
    uint32_t r;
    const char *reply;

    if (c->rules == RULES_CLASSIC) {
        classic_board(c, seed, p->first, p->board);
        at += sprintf(at, "NEW %u %u\n", (unsigned)c->rows, (unsigned)c->cols);
        for (r = 0; r < c->rows; r++) {
            memcpy(at, p->board + r * c->cols, c->cols);
            at += c->cols;
            *at++ = '\n';
        }
        *at = '\0';
    } else {
        sprintf(request, "NEW %u %u %u %u\n", (unsigned)c->rows, (unsigned)c->cols,
                (unsigned)c->mines, (unsigned)seed);
        if (p->verify && !modern_board(c, seed, p->first, p->board))
            return false;
    }
    reply = ask(p, request);
    if (reply == NULL || strncmp(reply, "OK ", 3) != 0)
        return false;
    memset(p->view, '_', (size_t)c->rows * c->cols);
    if (p->verify) {
        p->ref = ref_game_new((int)c->rows, (int)c->cols, p->board);
        if (p->ref == NULL)
            return false;
    }
    return true;
}

/* HINT, timed and read: true and the move it names in *op and *at, with
 * *guess set for a GUESS; false for an ERR (counted) or anything else. */
static bool hint(struct player *p, struct game_record *g, int *op, struct cell *at, bool *guess)
{
    const struct config *c = p->config;
    uint64_t start = now_ns(CLOCK_MONOTONIC), took;
    const char *reply = ask(p, "HINT\n");
    char word[8];
    unsigned x, y;

    took = now_ns(CLOCK_MONOTONIC) - start;
    p->timing->counts[time_bucket(took)]++;
    p->timing->hints++;
    if (took > p->timing->slowest_ns) {
        p->timing->slowest_ns = took;
        p->timing->slowest_seed = g->seed;
    }
    g->hints++;
    if (reply == NULL || sscanf(reply, "%7s %u %u", word, &x, &y) != 3 || x < 1 || x > c->rows
        || y < 1 || y > c->cols) {
        complain(p, g->seed, "HINT said: %.100s", reply == NULL ? "(too long)" : reply);
        return false;
    }
    *at = (struct cell){ x, y };
    *guess = strcmp(word, "GUESS") == 0;
    if (*guess || strcmp(word, "SAFE") == 0)
        *op = SAP_OP_LEFT;
    else if (strcmp(word, "MINE") == 0)
        *op = SAP_OP_RIGHT;
    else {
        complain(p, g->seed, "HINT said: %.100s", reply);
        return false;
    }
    g->guesses += *guess;
    return true;
}

/* The checks at the end of a game that did not end in an ERR: a WIN leaves
 * exactly the mines covered in the tool's own view of the player map; with
 * --verify the reference game ended the same way. */
static void check_end(struct player *p, struct game_record *g, enum move_state end)
{
    const struct config *c = p->config;
    uint32_t i, covered = 0;
    if (end == MOVE_WON) {
        for (i = 0; i < c->rows * c->cols; i++)
            covered += p->view[i] < '0' || p->view[i] > '8';
        if (covered != c->mines) {
            g->faults++;
            complain(p, g->seed, "WIN with %u cells covered, not the %u mines",
                     (unsigned)covered, (unsigned)c->mines);
        }
    }
    if (p->ref != NULL && ref_game_state(p->ref) != (end == MOVE_WON ? 1 : 2)) {
        g->faults++;
        complain(p, g->seed, "the reference game's state is %d", ref_game_state(p->ref));
    }
}

/* Plays the game of `seed` to its end. */
void play_game(struct player *p, uint32_t seed, struct game_record *g)
{
    const struct config *c = p->config;
    uint32_t limit = 2 * c->rows * c->cols + 4; /* every move opens or flags a cell */
    enum move_state state = MOVE_BAD;

    memset(g, 0, sizeof *g);
    g->seed = seed;
    g->outcome = OUTCOME_ERR;
    sap_session_init(&p->session, &heap_memory);
    sap_session_set_budget(&p->session, SAP_BUDGET_UNLIMITED);
    p->ref = NULL;
    if (!start_game(p, seed))
        complain(p, seed, "NEW failed: %.100s", p->reply);
    else
        state = move(p, g, SAP_OP_LEFT, p->first);
    while (state == MOVE_RUNNING && g->moves < limit) {
        int op;
        struct cell at;
        bool guess;
        if (!hint(p, g, &op, &at, &guess)) {
            state = MOVE_BAD;
            break;
        }
        /* A flag HINT calls wrong is cycled to '?' first, as PLAY does; the
         * tool flags only cells HINT proved mines, so it is a fault. */
        if (op == SAP_OP_LEFT && p->view[(at.row - 1) * c->cols + at.col - 1] == 'P') {
            g->faults++;
            complain(p, seed, "HINT opens (%u, %u), which it had called a mine",
                     (unsigned)at.row, (unsigned)at.col);
            state = move(p, g, SAP_OP_RIGHT, at);
            if (state != MOVE_RUNNING)
                break;
        }
        state = move(p, g, op, at);
    }
    if (state == MOVE_RUNNING)
        complain(p, seed, "still running after %u moves", (unsigned)g->moves);
    if (state == MOVE_WON || state == MOVE_LOST) {
        g->outcome = state == MOVE_WON ? OUTCOME_WON : OUTCOME_LOST;
        check_end(p, g, state);
    }
    ref_game_free(p->ref);
    p->ref = NULL;
    sap_session_release(&p->session);
}

struct player *player_new(const struct config *c, struct cell first, bool verify,
                          struct timing *timing)
{
    struct player *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->config = c;
    p->first = first;
    p->verify = verify;
    p->timing = timing;
    return p;
}

unsigned player_unshown(const struct player *p)
{
    return p->complaints > MAX_COMPLAINTS ? p->complaints - MAX_COMPLAINTS : 0;
}

void player_free(struct player *p)
{
    free(p);
}
