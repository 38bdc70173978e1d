/*
 * boom_gen - writes boom judge input at the statement's limits for the
 * benchmark: T games of n x m with q operations each (default 30, 200 x 200,
 * 10,000), deterministic per seed.
 *
 *     boom_gen [T [n [m [q [seed]]]]] > input
 *
 * The operations are chosen by playing the game on the core's engine, so
 * that most of them do something: left clicks on covered safe cells, flags
 * on covered mines next to the opened area, chords on numbers whose mines
 * are flagged (which open cells), plus some clicks anywhere.  Games come in
 * three kinds, by index: one that can never end (a safe cell stays flagged,
 * so it ends in QUIT), one that loses near the end, and one that plays to
 * win in its last sixth (fewer mines, more left clicks, the last safe cells
 * found by a scan), after which its remaining operations are INVALID.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sapper.h"

static uint64_t rng_state;

static uint32_t rnd(uint32_t bound)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return bound == 0 ? 0 : (uint32_t)(z % bound);
}

static uint32_t parse_arg(const char *s, uint32_t fallback)
{
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v > 1000000000ul) {
        fprintf(stderr, "boom_gen: bad number '%s'\n", s);
        exit(2);
    }
    return v == 0 && fallback != 0 ? fallback : (uint32_t)v;
}

static bool covered(char c)
{
    return c == '_' || c == 'P' || c == '?';
}

struct pick {
    uint32_t r, c;
};

/* Up to `tries` random cells until one passes `want`; false when none did. */
static bool pick_cell(const sap_game *g, struct pick *p, int tries,
                      bool (*want)(const sap_game *, uint32_t, uint32_t))
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g);
    while (tries-- > 0) {
        p->r = rnd(rows);
        p->c = rnd(cols);
        if (want(g, p->r, p->c))
            return true;
    }
    return false;
}

/* The first cell from a random start (row-major, wrapping) that passes
 * `want`: finds the last few safe cells that random tries miss. */
static bool scan_cell(const sap_game *g, struct pick *p,
                      bool (*want)(const sap_game *, uint32_t, uint32_t))
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), total = rows * cols;
    uint32_t start = rnd(total), k;
    for (k = 0; k < total; k++) {
        uint32_t at = (start + k) % total;
        p->r = at / cols;
        p->c = at % cols;
        if (want(g, p->r, p->c))
            return true;
    }
    return false;
}

static bool next_to_opened(const sap_game *g, uint32_t r, uint32_t c)
{
    int dr, dc;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            char v = sap_game_cell(g, r + (uint32_t)dr, c + (uint32_t)dc);
            if (v >= '0' && v <= '8')
                return true;
        }
    return false;
}

static bool safe_covered(const sap_game *g, uint32_t r, uint32_t c)
{
    char v = sap_game_cell(g, r, c);
    return (v == '_' || v == '?') && !sap_game_mine_at(g, r, c);
}

static bool safe_unopened(const sap_game *g, uint32_t r, uint32_t c)
{
    return covered(sap_game_cell(g, r, c)) && !sap_game_mine_at(g, r, c);
}

static bool unflagged_mine_at_frontier(const sap_game *g, uint32_t r, uint32_t c)
{
    return sap_game_cell(g, r, c) == '_' && sap_game_mine_at(g, r, c)
           && next_to_opened(g, r, c);
}

static bool number(const sap_game *g, uint32_t r, uint32_t c)
{
    char v = sap_game_cell(g, r, c);
    return v >= '1' && v <= '8';
}

/* A chord that would open a mine (a flag on a safe cell made the count
 * match): careful play avoids it. */
static bool chord_loses(const sap_game *g, uint32_t r, uint32_t c)
{
    int dr, dc;
    unsigned flags = 0, hidden_mines = 0;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            uint32_t nr = r + (uint32_t)dr, nc = c + (uint32_t)dc;
            char v = sap_game_cell(g, nr, nc);
            if ((dr == 0 && dc == 0) || v == '\0')
                continue;
            if (v == 'P')
                flags++;
            else if (covered(v) && sap_game_mine_at(g, nr, nc))
                hidden_mines++;
        }
    return flags == (unsigned)(sap_game_cell(g, r, c) - '0') && hidden_mines > 0;
}

/* A number whose flags match it and that has a covered, unflagged,
 * mine-free neighbour: a chord there opens something. */
static bool chord_opens(const sap_game *g, uint32_t r, uint32_t c)
{
    int dr, dc;
    unsigned flags = 0, targets = 0;
    if (!number(g, r, c))
        return false;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            uint32_t nr = r + (uint32_t)dr, nc = c + (uint32_t)dc;
            char v = sap_game_cell(g, nr, nc);
            if (v == 'P')
                flags++;
            else if (v == '_' || v == '?')
                targets++;
        }
    return targets > 0 && flags == (unsigned)(sap_game_cell(g, r, c) - '0')
           && !chord_loses(g, r, c);
}

static void drain(sap_game *g)
{
    char sink[4096];
    while (sap_game_reply(g, sink, sizeof sink) > 0) {
    }
}

static void emit(sap_game *g, int op, uint32_t r, uint32_t c)
{
    printf("%d %u %u\n", op, (unsigned)(r + 1), (unsigned)(c + 1));
    sap_game_move(g, op, r + 1, c + 1);
    drain(g);
}

static void play(uint32_t rows, uint32_t cols, uint32_t q, uint32_t kind)
{
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    void *memory = malloc(bytes);
    sap_game *g;
    uint32_t density = kind == 2 ? 6 + rnd(6) : 12 + rnd(10), r, c, i,
             lose_at = q - q / 8 + rnd(q / 8 + 1);
    char *row = malloc(cols + 1);
    struct pick keep = { 0, 0 }, p;
    bool have_keep = false;

    if (memory == NULL || row == NULL
        || sap_game_init(&g, memory, bytes, rows, cols) != SAP_OK) {
        fprintf(stderr, "boom_gen: cannot set up a %ux%u board\n", (unsigned)rows,
                (unsigned)cols);
        exit(1);
    }
    printf("%u %u\n", (unsigned)rows, (unsigned)cols);
    for (r = 0; r < rows; r++) {
        for (c = 0; c < cols; c++) {
            bool mine = rnd(100) < density;
            sap_game_set_mine(g, r, c, mine);
            row[c] = mine ? '*' : '_';
        }
        row[cols] = '\0';
        puts(row);
    }
    i = 0;
    /* The never-ending kind flags one safe cell and never touches it again:
     * it stays covered, so the game cannot be won. */
    if (kind == 0 && q > 0 && pick_cell(g, &keep, 1000, safe_covered)) {
        have_keep = true;
        emit(g, SAP_OP_RIGHT, keep.r, keep.c);
        i++;
    }
    for (; i < q; i++) {
        uint32_t mix = rnd(100);
        if (kind == 1 && i == lose_at && sap_game_state(g) == SAP_RUNNING) {
            /* lose on purpose: a left click on a covered mine */
            struct pick m;
            int tries = 100000;
            do {
                m.r = rnd(rows);
                m.c = rnd(cols);
            } while (--tries > 0
                     && !(sap_game_mine_at(g, m.r, m.c) && sap_game_cell(g, m.r, m.c) != 'P'));
            if (tries > 0) {
                emit(g, SAP_OP_LEFT, m.r, m.c);
                continue;
            }
        }
        if (kind == 2 && i >= q - q / 6 && mix < 60 && sap_game_state(g) == SAP_RUNNING
            && (pick_cell(g, &p, 64, safe_unopened) || scan_cell(g, &p, safe_unopened))) {
            /* the kind that plays to win: a flag on a safe cell is cycled
             * away first, since a left click leaves a flag alone */
            emit(g, sap_game_cell(g, p.r, p.c) == 'P' ? SAP_OP_RIGHT : SAP_OP_LEFT, p.r, p.c);
        } else if (mix < 22 && pick_cell(g, &p, 64, safe_covered)
                   && !(have_keep && p.r == keep.r && p.c == keep.c)) {
            emit(g, SAP_OP_LEFT, p.r, p.c);
        } else if (mix < 50 && pick_cell(g, &p, 64, unflagged_mine_at_frontier)) {
            emit(g, SAP_OP_RIGHT, p.r, p.c);
        } else if (mix < 70 && pick_cell(g, &p, 64, chord_opens)) {
            emit(g, SAP_OP_CHORD, p.r, p.c);
        } else if (mix < 85 && pick_cell(g, &p, 64, number) && !chord_loses(g, p.r, p.c)) {
            emit(g, SAP_OP_CHORD, p.r, p.c); /* most of these do nothing */
        } else {
            /* anywhere: mostly harmless, never a losing click */
            int op = 1 + (int)rnd(3);
            p.r = rnd(rows);
            p.c = rnd(cols);
            if (have_keep && p.r == keep.r && p.c == keep.c)
                op = SAP_OP_CHORD; /* on a covered cell: nothing */
            else if (op == SAP_OP_LEFT && sap_game_mine_at(g, p.r, p.c))
                op = SAP_OP_RIGHT;
            else if (op == SAP_OP_CHORD && number(g, p.r, p.c) && chord_loses(g, p.r, p.c))
                op = SAP_OP_RIGHT;
            emit(g, op, p.r, p.c);
        }
    }
    puts("0");
    free(row);
    free(memory);
}

int main(int argc, char **argv)
{
    uint32_t games = argc > 1 ? parse_arg(argv[1], 0) : 30;
    uint32_t rows = argc > 2 ? parse_arg(argv[2], 200) : 200;
    uint32_t cols = argc > 3 ? parse_arg(argv[3], 200) : 200;
    uint32_t q = argc > 4 ? parse_arg(argv[4], 0) : 10000;
    uint32_t seed = argc > 5 ? parse_arg(argv[5], 0) : 1;
    uint32_t i;

    if (rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS) {
        fprintf(stderr, "boom_gen: board larger than %ux%u\n", (unsigned)SAP_MAX_ROWS,
                (unsigned)SAP_MAX_COLS);
        return 2;
    }
    rng_state = 0x626f6f6dull ^ ((uint64_t)seed << 32);
    printf("%u\n", (unsigned)games);
    for (i = 0; i < games; i++)
        play(rows, cols, q, i % 3);
    return 0;
}
