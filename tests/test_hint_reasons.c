/*
 * test_hint_reasons.c - HINT's reasons (core/hint_reasons.c) against the
 * board and a brute force: what each one says must be true of the
 * position, and the cell must follow from what it names.
 *
 * On small positions from random games (every layout of the covered cells
 * counted: tests/lib/players.c), every covered cell the layouts make
 * certain gets its reason (sap_hint_text_reason), and HINT's own line is read
 * too.  Each reason is parsed, and:
 *   - the cell is what the line says (SAFE: clear in every layout; MINE: a
 *     mine in every one);
 *   - every fact it states holds on the board: what a number shows, what it
 *     needs besides its known mines, how many of its covered cells touch
 *     another number, how many covered neighbours or known mines it has,
 *     the mines it names and the numbers that show them;
 *   - the cell follows from the numbers it names alone: every assignment of
 *     mines to the covered cells around them that fits those numbers (and,
 *     where it speaks of known mines, the numbers that prove them: a known
 *     mine is a covered cell next to a number with as many covered
 *     neighbours as it shows) gives the cell the same state, the mine count
 *     and every other number left out;
 *   - "every layout that fits the numbers and the mine count" is said only
 *     where no reason of one or two numbers is found (the checker looks for
 *     one itself: a number, or two, beside their known mines).
 * The same on positions in the far corner of a 1000 x 1000 board, where
 * every place has four digits: each line, the longest there can be, fits a
 * reply (under SAP_REPLY_MAX with its line end), a flag the numbers prove wrong
 * included.
 *
 * And the library's HINT says what the protocol's does: in games played
 * through a session by HINT's moves (flags on the first click and on safe
 * cells now and then), sap_hint_text and sap_hint_move on the session's
 * game give the session's HINT line and move, byte for byte, before the
 * first click ((3, 3) clipped to the board) as after it.
 */
#include "check.h"
#include "hint.h" /* sap_hint_text_reason, sap_hint_text_line */
#include "sapper.h"
#include "lib/heap_memory.h"
#include "lib/players.h"
#include "lib/session_drive.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

/* ---- the board as the checker reads it ---------------------------------- */

/* The number shown at (r, c), -1 on a covered cell, -2 off the board. */
static int seen(const sap_game *g, long r, long c)
{
    char v;
    if (r < 0 || c < 0 || r >= (long)sap_game_rows(g) || c >= (long)sap_game_cols(g))
        return -2;
    v = sap_game_cell(g, (uint32_t)r, (uint32_t)c);
    return v >= '0' && v <= '8' ? v - '0' : -1;
}

static bool near_cells(long r, long c, long r2, long c2)
{
    return labs(r - r2) <= 1 && labs(c - c2) <= 1;
}

static int covered_around(const sap_game *g, long r, long c)
{
    long i, j;
    int n = 0;
    for (i = r - 1; i <= r + 1; i++)
        for (j = c - 1; j <= c + 1; j++)
            n += seen(g, i, j) == -1;
    return n;
}

/* A known mine: covered, next to a number with as many covered neighbours
 * as it shows; its first such number (row order) into *pr, *pc. */
static bool known_mine(const sap_game *g, long r, long c, long *pr, long *pc)
{
    long i, j;
    if (seen(g, r, c) != -1)
        return false;
    for (i = r - 1; i <= r + 1; i++)
        for (j = c - 1; j <= c + 1; j++)
            if (seen(g, i, j) > 0 && seen(g, i, j) == covered_around(g, i, j)) {
                if (pr != NULL) {
                    *pr = i;
                    *pc = j;
                }
                return true;
            }
    return false;
}

/* Around number (r, c): known mines (but the cell x), and the other
 * covered cells, those not touching (r2, c2) apart. */
struct around {
    int known, others, away;
};

static struct around around_of(const sap_game *g, long r, long c, long xr, long xc,
                               bool with_known, long r2, long c2)
{
    struct around a = { 0, 0, 0 };
    long i, j;
    for (i = r - 1; i <= r + 1; i++)
        for (j = c - 1; j <= c + 1; j++) {
            if (seen(g, i, j) != -1)
                continue;
            if (with_known && (i != xr || j != xc) && known_mine(g, i, j, NULL, NULL)) {
                a.known++;
                continue;
            }
            a.others++;
            a.away += !near_cells(i, j, r2, c2);
        }
    return a;
}

/* ---- from the named numbers alone ------------------------------------- */

#define MAX_NUMBERS 24
#define MAX_VARS 40

struct local {
    long nr[MAX_NUMBERS], nc[MAX_NUMBERS];
    int numbers;
};

static void add_number(struct local *l, const sap_game *g, long r, long c)
{
    int i;
    if (seen(g, r, c) < 0)
        return;
    for (i = 0; i < l->numbers; i++)
        if (l->nr[i] == r && l->nc[i] == c)
            return;
    if (l->numbers < MAX_NUMBERS) {
        l->nr[l->numbers] = r;
        l->nc[l->numbers++] = c;
    }
}

/* Whether every assignment of mines to the covered cells around l's
 * numbers that fits each of them gives cell (xr, xc) the state `mine`
 * (and at least one fits); -1 when too many cells to try. */
static int follows(const sap_game *g, const struct local *l, long xr, long xc, bool mine)
{
    long vr[MAX_VARS], vc[MAX_VARS];
    int vars = 0, i, k, x = -1, fits = 0;
    uint64_t set;
    for (k = 0; k < l->numbers; k++) {
        long r, c;
        for (r = l->nr[k] - 1; r <= l->nr[k] + 1; r++)
            for (c = l->nc[k] - 1; c <= l->nc[k] + 1; c++) {
                bool have = false;
                if (seen(g, r, c) != -1)
                    continue;
                for (i = 0; i < vars; i++)
                    have |= vr[i] == r && vc[i] == c;
                if (have)
                    continue;
                if (vars == MAX_VARS || vars == 22)
                    return -1;
                vr[vars] = r;
                vc[vars++] = c;
            }
    }
    for (i = 0; i < vars; i++)
        if (vr[i] == xr && vc[i] == xc)
            x = i;
    if (x < 0)
        return 0; /* the cell touches none of them */
    for (set = 0; set < ((uint64_t)1 << vars); set++) {
        bool ok = true;
        for (k = 0; k < l->numbers && ok; k++) {
            int n = 0;
            for (i = 0; i < vars; i++)
                n += (int)((set >> i) & 1u) && near_cells(vr[i], vc[i], l->nr[k], l->nc[k]);
            ok = n == seen(g, l->nr[k], l->nc[k]);
        }
        if (!ok)
            continue;
        fits++;
        if ((bool)((set >> x) & 1u) != mine)
            return 0;
    }
    return fits > 0;
}

/* The numbers that prove the known mines around l's numbers join them. */
static void add_provers(struct local *l, const sap_game *g)
{
    int k, count = l->numbers;
    for (k = 0; k < count; k++) {
        long r, c, pr, pc;
        for (r = l->nr[k] - 1; r <= l->nr[k] + 1; r++)
            for (c = l->nc[k] - 1; c <= l->nc[k] + 1; c++)
                if (known_mine(g, r, c, &pr, &pc))
                    add_number(l, g, pr, pc);
    }
}

/* ---- a reason read ------------------------------------------------------ */

/* The places "(r, c)" a text names, 0-based, in order; how many. */
static int places(const char *text, long *pr, long *pc, int max)
{
    int n = 0;
    const char *p = text;
    while ((p = strchr(p, '(')) != NULL && n < max) {
        unsigned r, c;
        if (sscanf(p, "(%u, %u)", &r, &c) == 2) {
            pr[n] = (long)r - 1;
            pc[n++] = (long)c - 1;
        }
        p++;
    }
    return n;
}

static bool starts(const char **p, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(*p, word, n) != 0)
        return false;
    *p += n;
    return true;
}

/* A number "%u" at *p; -1 if none. */
static long number_at(const char **p)
{
    char *end;
    long v;
    if (**p < '0' || **p > '9')
        return -1;
    v = strtol(*p, &end, 10);
    *p = end;
    return v;
}

static long place_at(const char **p, long *c)
{
    unsigned r, cc;
    int n = 0;
    *c = -1;
    if (sscanf(*p, "(%u, %u)%n", &r, &cc, &n) != 2 || n == 0)
        return -1;
    *p += n;
    *c = (long)cc - 1;
    return (long)r - 1;
}

struct tally {
    long reasons, whole, two, known, lines;
    size_t longest;
};

static const char whole_safe[] =
    "every layout that fits the numbers and the mine count leaves it clear";
static const char whole_mine[] =
    "every layout that fits the numbers and the mine count puts a mine there";

/* Whether a rule of one number, or two, beside their known mines (the
 * checker's own search, from the definitions) proves cell (xr, xc). */
static bool simple_reason_exists(const sap_game *g, long xr, long xc, bool mine)
{
    long br, bc, ar, ac;
    int with_known;
    for (br = xr - 1; br <= xr + 1; br++)
        for (bc = xc - 1; bc <= xc + 1; bc++) {
            struct local l;
            if (seen(g, br, bc) < 0)
                continue;
            l.numbers = 0;
            add_number(&l, g, br, bc);
            add_provers(&l, g);
            if (follows(g, &l, xr, xc, mine) == 1)
                return true;
            for (ar = br - 2; ar <= br + 2; ar++)
                for (ac = bc - 2; ac <= bc + 2; ac++)
                    for (with_known = 0; with_known < 2; with_known++) {
                        if (seen(g, ar, ac) < 0 || (ar == br && ac == bc))
                            continue;
                        l.numbers = 0;
                        add_number(&l, g, br, bc);
                        add_number(&l, g, ar, ac);
                        if (with_known)
                            add_provers(&l, g);
                        if (follows(g, &l, xr, xc, mine) == 1)
                            return true;
                    }
        }
    return false;
}

/* Checks reason `text` for the certain cell (xr, xc) (mine or not) on g;
 * true when it holds. */
static bool check_reason(const sap_game *g, long xr, long xc, bool mine, const char *text,
                         size_t room, struct tally *t)
{
    const char *p = text;
    struct local l;
    long fr, fc, sr, sc, pr[8], pc[8], v, d = 0, nf, ns;
    bool with_known, needs = false, ok = true;
    int named, i;

    t->reasons++;
    l.numbers = 0;
    if (strcmp(text, mine ? whole_mine : whole_safe) == 0) {
        t->whole++;
        /* the whole count only where one or two numbers do not do (or,
         * after a flag said wrong, where their reason has no room) */
        char own[SAP_REPLY_MAX];
        (void)sap_hint_text_reason(g, (uint32_t)(xr * (long)sap_game_cols(g) + xc), !mine, own,
                                   sizeof own);
        if (strstr(own, ": so ") != NULL) /* last words, which it does without */
            *strstr(own, ": so ") = '\0';
        if (strlen(own) > room && own[0] != 'e')
            return true;
        if (!CHECK(!simple_reason_exists(g, xr, xc, mine))) {
            fprintf(stderr, "  cell (%ld, %ld), %s: %s\n", xr + 1, xc + 1,
                    mine ? "mine" : "safe", text);
            return false;
        }
        return true;
    }
    named = places(text, pr, pc, 8);
    for (i = 0; i < named; i++)
        add_number(&l, g, pr[i], pc[i]);
    with_known = starts(&p, "besides known mines: ");
    fr = place_at(&p, &fc);
    if (!CHECK(fr >= 0))
        return false;
    if (starts(&p, " shows ")) {
        v = number_at(&p);
        ok &= CHECK_EQ_INT(v, seen(g, fr, fc));
    } else if (CHECK(with_known && starts(&p, " needs "))) {
        needs = true;
        v = number_at(&p);
    } else {
        return false;
    }
    nf = v;
    if (*p == ',') { /* two numbers */
        struct around f, s;
        t->two++;
        if (starts(&p, ", all but ")) {
            d = number_at(&p);
            ok &= CHECK(starts(&p, " of its covered cells touching "));
        } else {
            ok &= CHECK(starts(&p, ", all of its covered cells touching "));
        }
        sr = place_at(&p, &sc);
        ok &= CHECK(sr >= 0 && seen(g, sr, sc) >= 0);
        ok &= CHECK(starts(&p, needs ? ", which needs " : ", which shows "));
        ns = number_at(&p);
        f = around_of(g, fr, fc, xr, xc, with_known, sr, sc);
        s = around_of(g, sr, sc, xr, xc, with_known, fr, fc);
        ok &= CHECK_EQ_INT(nf, seen(g, fr, fc) - f.known);
        ok &= CHECK_EQ_INT(ns, seen(g, sr, sc) - s.known);
        ok &= CHECK_EQ_INT(d, f.away);
        ok &= CHECK(!with_known || f.known + s.known > 0);
        /* the cell: one of s's (safe) or f's (a mine) that the other does
         * not touch */
        ok &= CHECK(near_cells(xr, xc, mine ? fr : sr, mine ? fc : sc)
                    && !near_cells(xr, xc, mine ? sr : fr, mine ? sc : fc));
        if (*p != '\0') {
            if (!mine)
                ok &= CHECK(starts(&p, ": so its other covered cells are clear"));
            else if (d == 1)
                ok &= CHECK(starts(&p, ": so that one is a mine"));
            else
                ok &= CHECK(starts(&p, ": so those ") && number_at(&p) == d
                            && starts(&p, " are mines"));
        }
        if (with_known)
            add_provers(&l, g);
    } else if (starts(&p, " and has one covered neighbour")) {
        ok &= CHECK(mine && v == 1 && covered_around(g, fr, fc) == 1);
    } else if (starts(&p, " and touches ")) {
        struct around a = around_of(g, fr, fc, xr, xc, true, -9, -9);
        t->known++;
        ok &= CHECK(!mine && number_at(&p) == a.known && a.known == v);
        ok &= CHECK(starts(&p, " known mines"));
        add_provers(&l, g);
    } else if (starts(&p, " and its one mine is ") || starts(&p, " and its 2 mines are ")) {
        /* named: the mines, then the numbers that show them */
        /* "(m) and (m2), shown by (w) and (w2)", or "shown by (w)" for both */
        int mines = v == 1 ? 1 : 2, k;
        struct around a = around_of(g, fr, fc, xr, xc, true, -9, -9);
        ok &= CHECK(!mine && v == a.known && (v == 1 || v == 2)
                    && (named == 1 + 2 * mines || (mines == 2 && named == 4)));
        for (k = 0; k < mines && ok; k++) {
            int w = 1 + mines + (named == 4 ? 0 : k);
            long mr = pr[1 + k], mc = pc[1 + k], wr = pr[w], wc = pc[w];
            ok &= CHECK(near_cells(mr, mc, fr, fc) && seen(g, mr, mc) == -1);
            ok &= CHECK(near_cells(mr, mc, wr, wc) && seen(g, wr, wc) > 0
                        && seen(g, wr, wc) == covered_around(g, wr, wc));
        }
        ok &= CHECK(named != 5 || pr[3] != pr[4] || pc[3] != pc[4]); /* named once */
        p += strlen(p);
    } else if (starts(&p, " and has ")) {
        long k = number_at(&p);
        ok &= CHECK(starts(&p, " covered neighbours"));
        ok &= CHECK(mine && k == v && covered_around(g, fr, fc) == v);
    } else {
        ok &= CHECK(!mine && v == 0 && *p == '\0');
    }
    ok &= CHECK_EQ_STR(p, "");
    /* the cell, from the numbers named (and the known mines' own) alone */
    if (ok && !CHECK_EQ_INT(follows(g, &l, xr, xc, mine), 1))
        ok = false;
    if (!ok)
        fprintf(stderr, "  cell (%ld, %ld), %s: %s\n", xr + 1, xc + 1, mine ? "mine" : "safe",
                text);
    return ok;
}

/* HINT's line: "SAFE x y: ..." or "MINE x y: ...", a flag said wrong
 * first; checked as a reason, and its length.  Guesses pass. */
static bool check_line(const sap_game *g, const char *line, struct tally *t)
{
    unsigned r, c;
    int n = 0;
    char word[5];
    const char *p;
    size_t length = strlen(line) + 1; /* its line end */
    t->lines++;
    t->longest = length > t->longest ? length : t->longest;
    if (!CHECK(length < SAP_REPLY_MAX))
        return false;
    if (strncmp(line, "GUESS ", 6) == 0)
        return true;
    if (!CHECK(sscanf(line, "%4s %u %u: %n", word, &r, &c, &n) == 3 && n > 0))
        return false;
    p = line + n;
    if (starts(&p, "the flag on it is wrong: ")
        && !CHECK(strcmp(word, "SAFE") == 0 && sap_game_cell(g, r - 1, c - 1) == 'P'))
        return false;
    return check_reason(g, (long)r - 1, (long)c - 1, strcmp(word, "MINE") == 0, p,
                        SAP_REPLY_MAX - 2 - (size_t)(p - line), t);
}

/* HINT's line on g. */
static void hint_line(const sap_game *g, char *line)
{
    size_t bytes = SAP_HINT_BYTES(sap_game_rows(g), sap_game_cols(g));
    void *block = malloc(bytes);
    sap_hint *h;
    line[0] = '\0';
    if (!CHECK(block != NULL) || !CHECK_EQ_INT(sap_hint_init(&h, block, bytes, g), SAP_OK)) {
        free(block);
        return;
    }
    if (sap_hint_step(h, SAP_BUDGET_UNLIMITED) == SAP_OK)
        line[sap_hint_text_line(h, line, SAP_REPLY_MAX)] = '\0';
    free(block);
}

/* A random position: a board of up to 7 x 8, a few safe clicks, flags
 * right and wrong. */
static sap_game *random_position(void **block)
{
    uint32_t rows = 2 + rnd(6), cols = 2 + rnd(7), cells = rows * cols, i, clicks;
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    uint32_t density = 10 + rnd(35);
    sap_game *g;
    *block = malloc(bytes);
    sap_game_init(&g, *block, bytes, rows, cols);
    for (i = 0; i < cells; i++)
        if (rnd(100) < density)
            sap_game_set_mine(g, i / cols, i % cols, true);
    clicks = 1 + rnd(8);
    for (i = 0; i < clicks * 4 && clicks > 0; i++) {
        uint32_t x = rnd(cells);
        if (sap_game_mine_at(g, x / cols, x % cols)
            || sap_game_cell(g, x / cols, x % cols) != '_')
            continue;
        sap_game_move(g, 1, x / cols + 1, x % cols + 1);
        clicks--;
    }
    for (i = 0; i < rnd(3); i++) {
        uint32_t x = rnd(cells);
        if (sap_game_cell(g, x / cols, x % cols) == '_')
            sap_game_move(g, 2, x / cols + 1, x % cols + 1);
    }
    return g;
}

static void test_reasons_against_brute_force(void)
{
    struct tally t = { 0, 0, 0, 0, 0, 0 };
    int round, positions = 0;
    for (round = 0; round < 6000 && check_failures_in_test == 0; round++) {
        void *block;
        sap_game *g = random_position(&block);
        uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), x;
        struct layouts b;
        char line[SAP_REPLY_MAX + 8];
        if (sap_game_state(g) != SAP_RUNNING || sap_game_covered(g) > 16) {
            free(block);
            continue;
        }
        positions++;
        layouts_count(g, &b);
        for (x = 0; x < rows * cols && b.total > 0; x++) {
            uint64_t n = b.mine_in[x];
            unsigned level;
            if (seen(g, x / cols, x % cols) >= 0 || (n != 0 && n != b.total))
                continue;
            level = sap_hint_text_reason(g, x, n == 0, line, SAP_REPLY_MAX);
            CHECK(level >= 1 && level <= 3);
            if (!check_reason(g, (long)(x / cols), (long)(x % cols), n != 0, line,
                              SAP_REPLY_MAX - 2, &t))
                fprintf(stderr, "  round %d\n", round);
        }
        hint_line(g, line);
        if (line[0] != '\0' && !check_line(g, line, &t)) {
            uint32_t r;
            fprintf(stderr, "  round %d: HINT %s\n", round, line);
            {
                unsigned hr, hc;
                if (sscanf(line, "SAFE %u %u", &hr, &hc) == 2) {
                    char why[SAP_REPLY_MAX];
                    sap_hint_text_reason(g, (hr - 1) * cols + hc - 1, true, why, sizeof why);
                    fprintf(stderr, "  its reason: %s\n", why);
                }
            }
            for (r = 0; r < rows; r++) {
                for (x = 0; x < cols; x++)
                    fputc(sap_game_cell(g, r, x), stderr);
                fputc('\n', stderr);
            }
        }
        if (line[0] != '\0' && strncmp(line, "GUESS", 5) != 0) { /* it is what it says */
            unsigned r, c;
            char word[5];
            if (CHECK(sscanf(line, "%4s %u %u", word, &r, &c) == 3)) {
                uint64_t n = b.mine_in[(r - 1) * cols + (c - 1)];
                CHECK(strcmp(word, "MINE") == 0 ? n == b.total : n == 0);
            }
        }
        free(block);
    }
    fprintf(stderr,
            "  %d positions, %ld reasons (%ld of two numbers, %ld of known mines, %ld of the "
            "whole count), %ld HINT lines\n",
            positions, t.reasons, t.two, t.known, t.whole, t.lines);
    CHECK(positions > 2000);
    CHECK(t.two > 1000);
    CHECK(t.known > 50);
    CHECK(t.whole > 100);
}

/* Positions in the far corner of a 1000 x 1000 board (the most digits a
 * place has on this build's boards): mines in the last 7 x 9 cells, the
 * rest opened by a click far away, then a few clicks among them; every
 * certain cell near the corner gets its reason (checked from the numbers it
 * names: the board is too big to count), and HINT's line fits a reply,
 * with a flag on the cell it names too. */
static void test_long_places(void)
{
    const uint32_t rows = SAP_MAX_ROWS, cols = SAP_MAX_COLS;
    size_t bytes = SAP_GAME_BYTES(rows, cols), dbytes = SAP_DEDUCE_BYTES(rows, cols);
    void *block = malloc(bytes), *dblock = malloc(dbytes);
    struct tally t = { 0, 0, 0, 0, 0, 0 };
    int round, flagged = 0;
    if (!CHECK(block != NULL && dblock != NULL))
        goto done;
    for (round = 0; round < 25; round++) {
        sap_game *g;
        sap_deduce *d;
        uint32_t r, c, i, p, mines = 0;
        char line[SAP_REPLY_MAX + 8];
        sap_game_init(&g, block, bytes, rows, cols);
        for (r = rows - 7; r < rows; r++)
            for (c = cols - 9; c < cols; c++)
                if (rnd(100) < 30) {
                    sap_game_set_mine(g, r, c, true);
                    mines++;
                }
        if (mines == 0)
            continue;
        sap_game_move(g, 1, 1, 1);
        for (i = 0; i < 3; i++) {
            r = rows - 1 - rnd(7);
            c = cols - 1 - rnd(9);
            if (!sap_game_mine_at(g, r, c))
                sap_game_move(g, 1, r + 1, c + 1);
        }
        if (sap_game_state(g) != SAP_RUNNING)
            continue;
        if (!CHECK_EQ_INT(sap_deduce_init(&d, dblock, dbytes, g), SAP_OK)
            || !CHECK_EQ_INT(sap_deduce_step(d, SAP_BUDGET_UNLIMITED), SAP_OK))
            break;
        for (r = rows - 9; r < rows; r++)
            for (c = cols - 11; c < cols; c++) {
                int view = sap_deduce_cell(d, r, c, &p);
                size_t length;
                if (view != SAP_CELL_SAFE && view != SAP_CELL_MINE)
                    continue;
                (void)sap_hint_text_reason(g, r * cols + c, view == SAP_CELL_SAFE, line,
                                           SAP_REPLY_MAX);
                check_reason(g, r, c, view == SAP_CELL_MINE, line, SAP_REPLY_MAX - 2, &t);
                /* "SAFE r c: ", its reason, its line end */
                length = (size_t)snprintf(NULL, 0, "SAFE %u %u: ", r + 1, c + 1) + strlen(line)
                         + 1;
                CHECK(length < SAP_REPLY_MAX);
                t.longest = length > t.longest ? length : t.longest;
                if (view == SAP_CELL_SAFE && line[0] != 'e' && flagged < 25) {
                    /* flagged: HINT says the flag is wrong first, with a
                     * reason that fits after it */
                    char hint[SAP_REPLY_MAX + 8];
                    sap_game_move(g, 2, r + 1, c + 1);
                    hint_line(g, hint);
                    CHECK(strstr(hint, "the flag on it is wrong: ") != NULL);
                    check_line(g, hint, &t);
                    sap_game_move(g, 2, r + 1, c + 1); /* to '?' */
                    sap_game_move(g, 2, r + 1, c + 1); /* and off */
                    flagged++;
                }
            }
        hint_line(g, line);
        check_line(g, line, &t);
    }
    fprintf(stderr, "  %ld reasons, %ld HINT lines, the longest %zu bytes with its line end\n",
            t.reasons, t.lines, t.longest);
    CHECK(t.reasons > 100);
    CHECK(flagged >= 20);
    CHECK(t.longest >= 110); /* some reasons as long as they come */
done:
    free(block);
    free(dblock);
}

/* The library's HINT on the session's game: its line and move. */
static int library_hint(const sap_game *g, char *line, size_t cap, uint32_t *row, uint32_t *col)
{
    size_t bytes = SAP_HINT_BYTES(sap_game_rows(g), sap_game_cols(g));
    void *block = malloc(bytes);
    sap_hint *h;
    int op = -1, err;
    line[0] = '\0';
    if (CHECK(block != NULL) && CHECK_EQ_INT(sap_hint_init(&h, block, bytes, g), SAP_OK)) {
        while ((err = sap_hint_step(h, 7)) == SAP_MORE)
            continue;
        if (CHECK_EQ_INT(err, SAP_OK)) {
            char cut[8];
            CHECK(sap_hint_text(h, line, cap) == strlen(line));
            /* a smaller buffer holds the line's start; none, nothing */
            CHECK(sap_hint_text(h, cut, sizeof cut) == (strlen(line) < 7 ? strlen(line) : 7u));
            CHECK(strncmp(cut, line, strlen(cut)) == 0);
            CHECK(sap_hint_text(h, cut, 0) == 0 && sap_hint_text(NULL, cut, sizeof cut) == 0);
            op = sap_hint_move(h, row, col);
        }
    }
    free(block);
    return op;
}

static void test_text_as_the_protocol(void)
{
    static const uint32_t sizes[][3] = { { 1, 1, 0 },   { 2, 2, 1 },  { 1, 5, 1 },
                                         { 3, 7, 4 },   { 9, 9, 10 }, { 8, 12, 18 },
                                         { 16, 30, 99 } };
    static char reply[1 << 16];
    int game, lines = 0, first = 0, flagged = 0;
    for (game = 0; game < 70; game++) {
        const uint32_t *size = sizes[game % 7];
        struct sap_session s;
        char request[64], line[SAP_REPLY_MAX];
        int moves;
        sap_session_init(&s, &heap_memory);
        snprintf(request, sizeof request, "NEW %u %u %u %d\n", size[0], size[1], size[2],
                 game + 1);
        session_ask(&s, request, reply, sizeof reply);
        if (game % 3 == 0) { /* a flag on the first click's cell */
            snprintf(request, sizeof request, "2 %u %u\n", size[0] < 3 ? size[0] : 3u,
                     size[1] < 3 ? size[1] : 3u);
            session_ask(&s, request, reply, sizeof reply);
        }
        for (moves = 0; moves < 400; moves++) {
            const sap_game *g = sap_session_game(&s);
            uint32_t row = 0, col = 0;
            int op;
            if (sap_game_state(g) != SAP_RUNNING)
                break;
            op = library_hint(g, line, sizeof line, &row, &col);
            first += !sap_game_mines_laid(g);
            flagged += strstr(line, "the flag on it is wrong") != NULL;
            session_ask(&s, "HINT\n", reply, sizeof reply);
            lines++;
            if (!CHECK(strlen(reply) > 0 && reply[strlen(reply) - 1] == '\n'))
                break;
            reply[strlen(reply) - 1] = '\0';
            if (!CHECK_EQ_STR(line, reply)) {
                fprintf(stderr, "  game %d (%u x %u, %u mines), move %d\n", game, size[0],
                        size[1], size[2], moves);
                break;
            }
            if (op == 0)
                break;
            /* the move HINT names, and now and then a flag on a safe cell */
            if (moves % 7 == 3 && strncmp(line, "SAFE", 4) == 0 && op == SAP_OP_LEFT)
                op = SAP_OP_RIGHT;
            snprintf(request, sizeof request, "%d %u %u\n", op, row + 1, col + 1);
            session_ask(&s, request, reply, sizeof reply);
        }
        sap_session_release(&s);
    }
    fprintf(stderr, "  %d HINT lines, %d before the first click, %d flags said wrong\n", lines,
            first, flagged);
    CHECK(lines > 1000);
    CHECK(first >= 70);
    CHECK(flagged > 50);
}

int main(void)
{
    RUN_SLOW_TEST(test_reasons_against_brute_force);
    RUN_TEST(test_long_places);
    RUN_TEST(test_text_as_the_protocol);
    return check_summary("test_hint_reasons");
}
