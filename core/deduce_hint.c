/*
 * deduce_hint.c - what the protocol's HINT and PROB say about a finished
 * deduction (deduce.c): one line with a move and why, or a map of odds.
 *
 * HINT prefers the simplest reason a person can check (core/README.md,
 * "HINT's reasons"):
 *   1. one number: "(a, b) shows 2 and has 2 covered neighbours" (all
 *      mines), or "(a, b) shows 0" (all safe);
 *   2. a number or two beside known mines (a known mine: a covered cell
 *      next to a number with as many covered neighbours as it shows):
 *      "(2, 4) shows 1 and its one mine is (1, 4), shown by (1, 3)",
 *      "(5, 29) shows 3 and touches 3 known mines"; "(1, 4) shows 2, all of
 *      its covered cells touching (2, 4), which shows 2: so its other
 *      covered cells are clear", "besides known mines: (1, 4) needs 1, ...";
 *      with SAP_HINT_REASONS 0 only the first, "two steps";
 *   3. the whole count: every layout that fits the numbers (and the mine
 *      count) agrees;
 * and when no covered cell is certain, a guess and why.  A flag on a cell
 * proven safe is worth saying first.  Cells the player has already opened,
 * and proven mines already flagged, are not news.
 */
#include "deduce.h"
#include "deduce_hint.h"
#include "game.h"

/* A line HINT writes, at most: the session puts it in its reply, which
 * holds SAP_REPLY_MAX bytes, with its line end after the NUL the writer
 * leaves (sapper.h section 10: a buffer of SAP_REPLY_MAX holds it). */
#define HINT_LINE_MAX (SAP_REPLY_MAX - 2u)

/* The block around (r, c): the cell and its neighbours. */
static struct sap_box around(const sap_game *g, uint32_t r, uint32_t c)
{
    return sap_block_around(sap_game_rows(g), sap_game_cols(g), r, c);
}

/* A number next to (r, c) that by itself proves it a mine (all its
 * covered neighbours are mines) or, with want_safe, safe (it shows 0):
 * true and its place in *nr, *nc. */
static bool one_number(const sap_game *g, uint32_t r, uint32_t c, bool want_safe, uint32_t *nr,
                       uint32_t *nc)
{
    struct sap_box a = around(g, r, c);
    uint32_t rr, cc;
    for (rr = a.top; rr <= a.bottom; rr++)
        for (cc = a.left; cc <= a.right; cc++) {
            int n = sap_seen_number(g, rr, cc);
            if (n < 0)
                continue;
            if (want_safe ? n == 0 : (uint32_t)n == sap_covered_around(g, rr, cc)) {
                *nr = rr;
                *nc = cc;
                return true;
            }
        }
    return false;
}

static void add_cell(char *buf, size_t cap, size_t *len, uint32_t r, uint32_t c)
{
    sap_text_add(buf, cap, len, SAP_STR("("));
    sap_text_add_u32(buf, cap, len, r + 1);
    sap_text_add(buf, cap, len, SAP_STR(", "));
    sap_text_add_u32(buf, cap, len, c + 1);
    sap_text_add(buf, cap, len, SAP_STR(")"));
}

static void add_shows(char *buf, size_t cap, size_t *len, const sap_game *g, uint32_t r,
                      uint32_t c)
{
    add_cell(buf, cap, len, r, c);
    sap_text_add(buf, cap, len, SAP_STR(" shows "));
    sap_text_add_u32(buf, cap, len, (uint32_t)sap_seen_number(g, r, c));
}

#if !SAP_HINT_REASONS
/* Rule 2 for the safe cell (r, c): a number next to it whose mines (at
 * most two) are each proven by one number; its reason into buf. */
static bool two_steps(const sap_game *g, uint32_t r, uint32_t c, char *buf, size_t cap,
                      size_t *len)
{
    struct sap_box a = around(g, r, c);
    uint32_t rr, cc;
    for (rr = a.top; rr <= a.bottom; rr++)
        for (cc = a.left; cc <= a.right; cc++) {
            int n = sap_seen_number(g, rr, cc);
            struct sap_box b;
            uint32_t mr[2], mc[2], wr[2], wc[2], found = 0, r2, c2;
            bool fits = true;
            if (n < 1 || n > 2)
                continue;
            b = around(g, rr, cc);
            for (r2 = b.top; r2 <= b.bottom && fits; r2++)
                for (c2 = b.left; c2 <= b.right && fits; c2++) {
                    uint32_t w1, w2;
                    if (sap_seen_number(g, r2, c2) >= 0 || (r2 == r && c2 == c))
                        continue;
                    if (!one_number(g, r2, c2, false, &w1, &w2))
                        continue;
                    if (found == 2) {
                        fits = false;
                        break;
                    }
                    mr[found] = r2;
                    mc[found] = c2;
                    wr[found] = w1;
                    wc[found] = w2;
                    found++;
                }
            if (!fits || found != (uint32_t)n)
                continue;
            add_shows(buf, cap, len, g, rr, cc);
            sap_text_add(buf, cap, len,
                         n == 1 ? SAP_STR(" and its one mine is ")
                                : SAP_STR(" and its 2 mines are "));
            add_cell(buf, cap, len, mr[0], mc[0]);
            if (n == 2) {
                sap_text_add(buf, cap, len, SAP_STR(" and "));
                add_cell(buf, cap, len, mr[1], mc[1]);
            }
            sap_text_add(buf, cap, len, SAP_STR(", shown by "));
            add_cell(buf, cap, len, wr[0], wc[0]);
            if (n == 2) {
                sap_text_add(buf, cap, len, SAP_STR(" and "));
                add_cell(buf, cap, len, wr[1], wc[1]);
            }
            return true;
        }
    return false;
}

/* Rule 2 (two steps), for a safe cell only. */
static bool numbers_reason(const sap_game *g, uint32_t r, uint32_t c, bool safe, char *buf,
                           size_t cap, size_t *len)
{
    return safe && two_steps(g, r, c, buf, cap, len);
}
#else
/* ---- rule 2: a number or two, and the known mines around them ----------- */

/* The board around the cell a reason is sought for: NEAR rows and columns
 * each way at most (a reason reads no farther).  Each place holds a
 * number shown (0..8), or COVERED, or OUTSIDE the board, in its low four
 * bits; above them, a number's covered neighbours, or KNOWN on a covered
 * cell that one number proves a mine (the number has as many covered
 * neighbours as it shows): a known mine. */
#define NEAR ((int)REASON_REACH)
#define SIDE (2 * NEAR + 1)
#define COVERED 9u
#define OUTSIDE 10u
#define KNOWN 0x10u
#define NOWHERE (-SIDE) /* no place */

/* The numbers a reason names lie within three places of its cell; each
 * has a bit for each place of its block, (u, v) from its top left corner:
 * bit 3 u + v. */
#define NAMED 3
#define NAMED_SIDE (2 * NAMED + 1)

struct near {
    uint32_t r, c; /* the board's place of at[NEAR][NEAR] */
    uint8_t at[SIDE][SIDE];
    /* for each number within NAMED of the cell: its covered neighbours,
     * and the known mines among them (never the cell itself) */
    uint16_t covered[NAMED_SIDE][NAMED_SIDE], mines[NAMED_SIDE][NAMED_SIDE];
};

static unsigned shown(const struct near *n, int i, int j)
{
    return n->at[i][j] & 15u;
}

static bool is_number(const struct near *n, int i, int j)
{
    return shown(n, i, j) <= 8u;
}

static bool is_covered(const struct near *n, int i, int j)
{
    return shown(n, i, j) == COVERED;
}

/* Whether places (i, j) and (k, l) are the same or neighbours. */
static bool touch(int i, int j, int k, int l)
{
    return i - k <= 1 && k - i <= 1 && j - l <= 1 && l - j <= 1;
}

/* The places within `reach` of the cell read (4: a known mine is sure up to
 * two places from it; NEAR: up to four), the numbers' covered neighbours
 * counted, the known mines marked, and the bits of the numbers within
 * NAMED. */
static void near_read(struct near *n, const sap_game *g, uint32_t r, uint32_t c, int reach)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g);
    int i, j, k, l, lo = NEAR - reach, hi = NEAR + reach;
    n->r = r;
    n->c = c;
    for (i = lo; i <= hi; i++)
        for (j = lo; j <= hi; j++) {
            uint32_t rr = r + (uint32_t)(i - NEAR), cc = c + (uint32_t)(j - NEAR);
            int v = rr < rows && cc < cols ? sap_seen_number(g, rr, cc) : (int)OUTSIDE;
            n->at[i][j] = (uint8_t)(v < 0 ? COVERED : (unsigned)v);
        }
    /* the numbers' covered neighbours, as far as the places around them
     * are read; those of a number that has as many as it shows are known
     * mines */
    for (i = lo + 1; i < hi; i++)
        for (j = lo + 1; j < hi; j++) {
            unsigned covered = 0;
            if (!is_number(n, i, j))
                continue;
            for (k = i - 1; k <= i + 1; k++)
                for (l = j - 1; l <= j + 1; l++)
                    covered += is_covered(n, k, l);
            n->at[i][j] = (uint8_t)(n->at[i][j] | covered << 4);
            for (k = i - 1; k <= i + 1 && covered == shown(n, i, j); k++)
                for (l = j - 1; l <= j + 1; l++)
                    if (is_covered(n, k, l))
                        n->at[k][l] = (uint8_t)(COVERED | KNOWN);
        }
    for (i = 0; i < NAMED_SIDE; i++)
        for (j = 0; j < NAMED_SIDE; j++) {
            int pi = NEAR - NAMED + i, pj = NEAR - NAMED + j;
            unsigned bit = 0, covered = 0, mines = 0;
            for (k = pi - 1; k <= pi + 1 && is_number(n, pi, pj); k++)
                for (l = pj - 1; l <= pj + 1; l++, bit++) {
                    if (!is_covered(n, k, l))
                        continue;
                    covered |= 1u << bit;
                    if (n->at[k][l] & KNOWN && (k != NEAR || l != NEAR))
                        mines |= 1u << bit;
                }
            n->covered[i][j] = (uint16_t)covered;
            n->mines[i][j] = (uint16_t)mines;
        }
}

/* The bits set in a block's bits. */
static unsigned count_bits(unsigned bits)
{
    unsigned count = 0;
    for (; bits != 0; bits &= bits - 1u)
        count++;
    return count;
}

/* The places of the block around place (i, j) that touch place (k, l),
 * as bits. */
static unsigned touching(int i, int j, int k, int l)
{
    unsigned rows = 0, cols = 0, bits = 0, u;
    for (u = 0; u < 3u; u++) {
        rows |= (unsigned)touch(i - 1 + (int)u, l, k, l) << u;
        cols |= (unsigned)touch(k, j - 1 + (int)u, k, l) << u;
    }
    for (u = 0; u < 3u; u++)
        if (rows >> u & 1u)
            bits |= cols << (3u * u);
    return bits;
}

/* Whether n more bytes fit after what buf holds, in a reply line too. */
static bool room_for(size_t cap, size_t len, size_t n)
{
    return len + n <= (cap - 1u < HINT_LINE_MAX ? cap - 1u : HINT_LINE_MAX);
}

/* Whether a reason written from buf[start] fits a reply line; if not, it
 * is taken back (only after "the flag on it is wrong: " can one not fit,
 * and the next reason found, or the whole count, is said). */
static bool fits(char *buf, size_t *len, size_t start)
{
    if (*len <= HINT_LINE_MAX)
        return true;
    buf[start] = '\0';
    *len = start;
    return false;
}

/* Text after what buf holds, if all of it fits (a reason's last words,
 * which it can do without). */
static void add_if_room(char *buf, size_t cap, size_t *len, const char *text)
{
    if (room_for(cap, *len, sap_text_length(text)))
        sap_text_add(buf, cap, len, text);
}

/* A known mine other than the cell the reason is for. */
static bool known(const struct near *n, int i, int j)
{
    return n->at[i][j] == (COVERED | KNOWN) && (i != NEAR || j != NEAR);
}

static void add_place(char *buf, size_t cap, size_t *len, const struct near *n, int i, int j)
{
    add_cell(buf, cap, len, n->r + (uint32_t)(i - NEAR), n->c + (uint32_t)(j - NEAR));
}

/* The first number around known mine (i, j) that proves it, into *k, *l. */
static void prover(const struct near *n, int i, int j, int *k, int *l)
{
    for (*k = i - 1; *k <= i + 1; ++*k)
        for (*l = j - 1; *l <= j + 1; ++*l)
            if (is_number(n, *k, *l) && n->at[*k][*l] >> 4 == shown(n, *k, *l))
                return;
}

/* One number beside the safe cell with all its mines known.  (One whose
 * other covered cells are as many as the mines it still needs has as many
 * covered cells as it shows: rule 1.)  With named, only one with at most
 * two known mines, which the reason names with the numbers that prove
 * them. */
static bool one_with_known(const struct near *n, bool named, char *buf, size_t cap, size_t *len)
{
    int i, j, k, l;
    size_t start;
    for (i = NEAR - 1; i <= NEAR + 1; i++)
        for (j = NEAR - 1; j <= NEAR + 1; j++) {
            unsigned mines, number = shown(n, i, j);
            if (!is_number(n, i, j))
                continue;
            mines = count_bits(n->mines[i - NEAR + NAMED][j - NEAR + NAMED]);
            if (mines == 0 || mines != number || (named && mines > 2u))
                continue;
            start = *len;
            add_place(buf, cap, len, n, i, j);
            sap_text_add(buf, cap, len, SAP_STR(" shows "));
            sap_text_add_u32(buf, cap, len, number);
            if (!named) {
                sap_text_add(buf, cap, len, SAP_STR(" and touches "));
                sap_text_add_u32(buf, cap, len, mines);
                sap_text_add(buf, cap, len, SAP_STR(" known mines"));
            } else { /* the mines, then the numbers that prove them (one
                      * named once where it shows both) */
                unsigned pass;
                sap_text_add(buf, cap, len,
                             mines == 1u ? SAP_STR(" and its one mine is ")
                                         : SAP_STR(" and its 2 mines are "));
                for (pass = 0; pass < 2u; pass++) {
                    int last_k = NOWHERE, last_l = NOWHERE;
                    if (pass == 1u)
                        sap_text_add(buf, cap, len, SAP_STR(", shown by "));
                    for (k = i - 1; k <= i + 1; k++)
                        for (l = j - 1; l <= j + 1; l++) {
                            int pk = k, pl = l;
                            if (!known(n, k, l))
                                continue;
                            if (pass == 1u)
                                prover(n, k, l, &pk, &pl);
                            if (pk == last_k && pl == last_l)
                                continue;
                            if (last_k != NOWHERE)
                                sap_text_add(buf, cap, len, SAP_STR(" and "));
                            add_place(buf, cap, len, n, pk, pl);
                            last_k = pk;
                            last_l = pl;
                        }
                }
            }
            if (fits(buf, len, start))
                return true;
        }
    return false;
}

/* Two numbers: b beside the cell, and a two places from b at most but not
 * beside the cell (with_known: each beside its known mines, which neither
 * then counts).  Name them f and s in the order the reason does: all but
 * d of f's covered cells touch s; those d hold at most d of f's mines, so
 * the cells the two share hold the rest, at least f - d.  Where s is f -
 * d, all of s's mines are among them and its other covered cells are
 * clear: the cell is safe (f is a, s is b).  Where f is s + d, the d cells
 * hold all of f's mines that the shared cells cannot: the cell is a mine
 * (f is b, s is a).  Two numbers that share no covered cell say no more
 * than one.  The reason, into buf: "(f) shows 2, all but 1 of its covered
 * cells touching (s), which shows 1". */
static bool two_numbers(const struct near *n, bool safe, bool with_known, char *buf, size_t cap,
                        size_t *len)
{
    int bi, bj, ai, aj;
    size_t start;
    for (bi = NEAR - 1; bi <= NEAR + 1; bi++)
        for (bj = NEAR - 1; bj <= NEAR + 1; bj++)
            for (ai = bi - 2; ai <= bi + 2 && is_number(n, bi, bj); ai++)
                for (aj = bj - 2; aj <= bj + 2; aj++) {
                    /* b: the number beside the cell; a: the other, which
                     * does not touch it; the covered cells of each (but
                     * their known mines, with_known) and those that touch
                     * the other */
                    unsigned known_a, away_a, known_b, away_b, d, mines_a, mines_b, own_a,
                        own_b, near_a, near_b;
                    int fi, fj, si, sj, need_f, need_s;
                    if (!is_number(n, ai, aj) || touch(ai, aj, NEAR, NEAR))
                        continue;
                    mines_a = with_known ? n->mines[ai - NEAR + NAMED][aj - NEAR + NAMED] : 0u;
                    mines_b = with_known ? n->mines[bi - NEAR + NAMED][bj - NEAR + NAMED] : 0u;
                    own_a = n->covered[ai - NEAR + NAMED][aj - NEAR + NAMED] & ~mines_a;
                    own_b = n->covered[bi - NEAR + NAMED][bj - NEAR + NAMED] & ~mines_b;
                    near_a = touching(ai, aj, bi, bj);
                    near_b = touching(bi, bj, ai, aj);
                    if ((own_a & near_a) == 0 || (with_known && (mines_a | mines_b) == 0))
                        continue; /* nothing shared, or as without known mines */
                    known_a = count_bits(mines_a);
                    known_b = count_bits(mines_b);
                    away_a = count_bits(own_a & ~near_a);
                    away_b = count_bits(own_b & ~near_b);
                    /* safe: f is a, s is b; a mine: f is b, s is a */
                    fi = safe ? ai : bi;
                    fj = safe ? aj : bj;
                    si = safe ? bi : ai;
                    sj = safe ? bj : aj;
                    d = safe ? away_a : away_b;
                    need_f = (int)shown(n, fi, fj) - (int)(safe ? known_a : known_b);
                    need_s = (int)shown(n, si, sj) - (int)(safe ? known_b : known_a);
                    if (need_f - need_s != (int)d)
                        continue;
                    start = *len;
                    if (with_known)
                        sap_text_add(buf, cap, len, SAP_STR("besides known mines: "));
                    add_place(buf, cap, len, n, fi, fj);
                    sap_text_add(buf, cap, len,
                                 with_known ? SAP_STR(" needs ") : SAP_STR(" shows "));
                    sap_text_add_u32(buf, cap, len, (uint32_t)need_f);
                    if (d == 0) {
                        sap_text_add(buf, cap, len,
                                     SAP_STR(", all of its covered cells touching "));
                    } else {
                        sap_text_add(buf, cap, len, SAP_STR(", all but "));
                        sap_text_add_u32(buf, cap, len, d);
                        sap_text_add(buf, cap, len, SAP_STR(" of its covered cells touching "));
                    }
                    add_place(buf, cap, len, n, si, sj);
                    sap_text_add(buf, cap, len,
                                 with_known ? SAP_STR(", which needs ")
                                            : SAP_STR(", which shows "));
                    sap_text_add_u32(buf, cap, len, (uint32_t)need_s);
                    if (!fits(buf, len, start))
                        continue;
                    /* what follows, where the line has room for it */
                    if (safe)
                        add_if_room(buf, cap, len,
                                    SAP_STR(": so its other covered cells are clear"));
                    else if (d == 1u)
                        add_if_room(buf, cap, len, SAP_STR(": so that one is a mine"));
                    else if (room_for(cap, *len, sizeof ": so those 8 are mines" - 1u)) {
                        sap_text_add(buf, cap, len, SAP_STR(": so those "));
                        sap_text_add_u32(buf, cap, len, d);
                        sap_text_add(buf, cap, len, SAP_STR(" are mines"));
                    }
                    return true;
                }
    return false;
}

/* Rule 2 for the cell (r, c): one number and the known mines around it
 * (a safe cell), then two numbers, then two beside their known mines. */
static bool numbers_reason(const sap_game *g, uint32_t r, uint32_t c, bool safe, char *buf,
                           size_t cap, size_t *len)
{
    struct near n;
    /* the places up to four away first, which all but the last need */
    near_read(&n, g, r, c, NAMED + 1);
    if ((safe
         && (one_with_known(&n, true, buf, cap, len)
             || one_with_known(&n, false, buf, cap, len)))
        || two_numbers(&n, safe, false, buf, cap, len))
        return true;
    near_read(&n, g, r, c, NEAR);
    return two_numbers(&n, safe, true, buf, cap, len);
}
#endif

/* Rule 3: the whole count. */
static const char *whole_count(bool safe)
{
    return safe ? SAP_STR("every layout that fits the numbers and the mine count leaves it "
                          "clear")
                : SAP_STR("every layout that fits the numbers and the mine count puts a mine "
                          "there");
}

/* The reason level (1, 2, 3) a certain cell has, its reason into buf. */
static unsigned reason(const sap_game *g, uint32_t r, uint32_t c, bool safe, char *buf,
                       size_t cap, size_t *len, unsigned best)
{
    uint32_t nr, nc;
    if (one_number(g, r, c, safe, &nr, &nc)) {
        add_shows(buf, cap, len, g, nr, nc);
        if (!safe && sap_seen_number(g, nr, nc) == 1) {
            sap_text_add(buf, cap, len, SAP_STR(" and has one covered neighbour"));
        } else if (!safe) {
            sap_text_add(buf, cap, len, SAP_STR(" and has "));
            sap_text_add_u32(buf, cap, len, (uint32_t)sap_seen_number(g, nr, nc));
            sap_text_add(buf, cap, len, SAP_STR(" covered neighbours"));
        }
        return 1;
    }
    if (best <= 2)
        return 3; /* nothing simpler can come of it */
    if (numbers_reason(g, r, c, safe, buf, cap, len))
        return 2;
    sap_text_add(buf, cap, len, whole_count(safe));
    return 3;
}

unsigned sap_hint_level(const sap_game *g, uint32_t x, bool safe, unsigned known)
{
    uint32_t cols = sap_game_cols(g);
    char none[1];
    size_t n = 0;
    unsigned level = reason(g, x / cols, x % cols, safe, none, sizeof none, &n, known);
    return level < known ? level : known;
}


void sap_hint_scan_begin(struct sap_hint *h)
{
    h->scan.cell = 0;
    h->scan.best_cell = 0;
    h->scan.pass = 0;
    h->scan.best = 4;
    h->scan.best_safe = 0;
}

bool sap_hint_wrong_flag(struct sap_hint *h, uint32_t x)
{
    sap_deduce *d = h->deduce;
    uint32_t cols = sap_game_cols(h->game), p;
    if (sap_game_cell(h->game, x / cols, x % cols) != 'P'
        || sap_deduce_cell(d, x / cols, x % cols, &p) != SAP_CELL_SAFE)
        return false;
    h->scan.best = 0;
    h->scan.best_cell = x;
    h->scan.best_safe = 1;
    return true;
}

uint32_t sap_hint_consider(struct sap_hint *h, uint32_t x)
{
    sap_deduce *d = h->deduce;
    const sap_game *g = h->game;
    uint32_t cols = sap_game_cols(g), r = x / cols, c = x % cols, p;
    int view = sap_deduce_cell(d, r, c, &p);
    char none[1]; /* only the reason's level counts here, not its text */
    size_t n = 0;
    unsigned level, best = h->scan.best;
    bool safe = view == SAP_CELL_SAFE;
    if (view == SAP_CELL_UNSURE)
        sap_hint_offer(h, x, p);
    if (view != SAP_CELL_SAFE && view != SAP_CELL_MINE)
        return 1;
    if (sap_game_cell(g, r, c) == 'P')
        return 1; /* a proven mine flagged, or a wrong flag (said first) */
    level = reason(g, r, c, safe, none, sizeof none, &n, best);
    if (level < best) {
        h->scan.best = (uint8_t)level;
        h->scan.best_cell = x;
        h->scan.best_safe = safe;
    }
    return best > 2 && (safe || SAP_HINT_REASONS) ? TWO_STEPS_STEPS : REASON_STEPS;
}

/* The scan: first a flag the numbers prove wrong (the first such), then,
 * unless one was found, every cell until one with a one-number reason. */
bool sap_hint_scan(struct sap_hint *h, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    const sap_game *g = h->game;
    uint32_t cells = sap_game_rows(g) * sap_game_cols(g);
    while (h->scan.pass < 2 && budget > 0) {
        uint32_t x = h->scan.cell, cost = 1;
        if (x == cells || (h->scan.pass == 0 && h->scan.best == 0)
            || (h->scan.pass == 1 && h->scan.best <= 1)) {
            h->scan.pass = h->scan.best > 1 ? h->scan.pass + 1 : 2;
            h->scan.cell = 0;
            continue;
        }
        if (h->scan.pass == 0)
            (void)sap_hint_wrong_flag(h, x);
        else
            cost = sap_hint_consider(h, x);
        h->scan.cell = x + 1;
        sap_charge(&budget, cost);
    }
    *budget_left = budget;
    return h->scan.pass == 2;
}

/* A line's word and its cell, 1-based: "SAFE 3 4". */
static void line_start(char *buf, size_t cap, size_t *len, const char *word, uint32_t r,
                       uint32_t c)
{
    sap_text_add(buf, cap, len, word);
    sap_text_add_u32(buf, cap, len, r + 1u);
    sap_text_add(buf, cap, len, SAP_STR(" "));
    sap_text_add_u32(buf, cap, len, c + 1u);
}

/* p (0.01 % units) as a percent with one decimal: "18.2". */
static void add_tenths(char *buf, size_t cap, size_t *len, uint32_t p)
{
    uint32_t tenths = (p + 5u) / 10u;
    char digit[2] = { 0, 0 };
    sap_text_add_u32(buf, cap, len, tenths / 10u);
    sap_text_add(buf, cap, len, SAP_STR("."));
    digit[0] = (char)('0' + tenths % 10u);
    sap_text_add_ram(buf, cap, len, digit);
}

/* "GUESS x y p": a guess's cell and its odds, the start of its line. */
static size_t guess_start(const struct sap_hint *h, uint32_t cell, uint32_t p, char *buf,
                          size_t cap)
{
    uint32_t cols = sap_game_cols(h->game);
    size_t len = 0;
    line_start(buf, cap, &len, SAP_STR("GUESS "), cell / cols, cell % cols);
    sap_text_add(buf, cap, &len, SAP_STR(" "));
    add_tenths(buf, cap, &len, p);
    return len;
}

/* The endgame search's guess: what it wins. */
static size_t searched_line(const struct sap_hint *h, char *buf, size_t cap)
{
    size_t len = guess_start(h, h->searched_cell, h->searched_p, buf, cap);
    uint32_t wins;
    sap_text_add(buf, cap, &len,
                 SAP_STR("%: no cell is certain; searching every way the game can go, this "
                         "wins "));
    /* the share of layouts won, in 0.01 %: wins <= layouts < 2^16, so 32
     * bits hold it (no 64-bit division, which some targets lack) */
    wins = (h->wins * 10000u + h->layouts / 2u) / h->layouts;
    add_tenths(buf, cap, &len, wins);
    sap_text_add(buf, cap, &len, SAP_STR("% of the time"));
    return len;
}

/* "N% likely to be safe along with the next move": what the look-ahead
 * weighs, a candidate's chance to survive its guess and the best move
 * after it. */
static void add_survival(const struct sap_hint *h, const struct hint_candidate *c, char *buf,
                         size_t cap, size_t *len)
{
    sap_text_add_u32(buf, cap, len, sap_weight_ratio(c->survive, h->total, 100u));
    sap_text_add(buf, cap, len, SAP_STR("% likely to be safe along with the next move"));
}

/* The look-ahead's guess (or the rules' estimate): why it was chosen. */
static size_t guess_line(const struct sap_hint *h, char *buf, size_t cap)
{
    const struct hint_candidate *c = &h->candidate[h->chosen];
    const struct hint_candidate *safest = &h->candidate[h->safest];
    size_t len = guess_start(h, c->cell, c->p, buf, cap);
    if (h->approximate) {
        sap_text_add(buf, cap, &len,
                     SAP_STR("%: too many layouts to count; an estimate from the numbers "
                             "around it, the lowest"));
        return len;
    }
    if (SAP_HINT_FIFTIES && h->forced) { /* a 50/50 to come (deduce_candidates.c) */
        uint32_t partner = h->fifty[h->fifty_at].partner, cols = sap_game_cols(h->game);
        sap_text_add(buf, cap, &len, SAP_STR("%: if it is a mine, it and "));
        sap_text_add_u32(buf, cap, &len, partner / cols + 1u);
        sap_text_add(buf, cap, &len, SAP_STR(" "));
        sap_text_add_u32(buf, cap, &len, partner % cols + 1u);
        sap_text_add(buf, cap, &len,
                     SAP_STR(" are a 50/50 no move can ever resolve: guess it now"));
        return len;
    }
    if (c->weighed != WEIGHED || c->p == safest->p) { /* the safest, or as safe as it */
        sap_text_add(buf, cap, &len, SAP_STR("%: no cell is certain; this is the safest"));
        if (c->weighed == WEIGHED) {
            sap_text_add(buf, cap, &len, SAP_STR(", "));
            add_survival(h, c, buf, cap, &len);
        }
        return len;
    }
    if (SAP_HINT_REASONS && safest->weighed == WEIGHED && safest->outcomes == 1u) {
        /* the safest is dead: opening it would tell nothing (the boards
         * leave this line out for flash, and say the riskier line) */
        sap_text_add(buf, cap, &len, SAP_STR("%: the safest ("));
        add_tenths(buf, cap, &len, safest->p);
        sap_text_add(buf, cap, &len, SAP_STR("%) would show a known number; "));
        add_survival(h, c, buf, cap, &len);
        return len;
    }
    sap_text_add(buf, cap, &len, SAP_STR("%: riskier than the safest ("));
    add_tenths(buf, cap, &len, safest->p);
    sap_text_add(buf, cap, &len, SAP_STR("%), but "));
    add_survival(h, c, buf, cap, &len);
    if (safest->weighed == WEIGHED) {
        sap_text_add(buf, cap, &len, SAP_STR(", against "));
        sap_text_add_u32(buf, cap, &len, sap_weight_ratio(safest->survive, h->total, 100u));
        sap_text_add(buf, cap, &len, SAP_STR("%"));
    }
    return len;
}

/* "SAFE x y: " or "MINE x y: ", the start of a certain cell's line. */
static void cell_start(char *buf, size_t cap, size_t *n, bool safe, uint32_t r, uint32_t c)
{
    line_start(buf, cap, n, safe ? SAP_STR("SAFE ") : SAP_STR("MINE "), r, c);
    sap_text_add(buf, cap, n, SAP_STR(": "));
}

size_t sap_hint_first_line(const sap_game *g, char *buf, size_t cap)
{
    uint32_t r, c;
    size_t n = 0;
    sap_hint_first_click(g, &r, &c);
    cell_start(buf, cap, &n, true, r, c);
    if (sap_game_cell(g, r, c) == 'P')
        sap_text_add(buf, cap, &n, SAP_STR("the flag on it is wrong: "));
    sap_text_add(buf, cap, &n, SAP_STR("the first click is never a mine"));
    return n;
}

size_t sap_hint_line(const struct sap_hint *h, char *buf, size_t cap)
{
    const sap_game *g = h->game;
    uint32_t cols = sap_game_cols(g), x = h->scan.best_cell, r = x / cols, c = x % cols;
    size_t len = 0, n = 0, start;
    /* a certain cell's line, with room for one byte more than HINT_LINE_MAX, so
     * that a reason too long after "the flag on it is wrong: " shows
     * (fits(), above) */
    char line[SAP_REPLY_MAX];
    bool safe = h->scan.best == 0 || h->scan.best_safe != 0;

    buf[0] = '\0';
    if (h->guessing && h->searched)
        return searched_line(h, buf, cap);
    if (h->guessing)
        return h->count == 0 ? 0 : guess_line(h, buf, cap);
    if (h->first_click) /* the mines not laid yet */
        return sap_hint_first_line(g, buf, cap);
    cell_start(line, sizeof line, &n, safe, r, c);
    if (h->scan.best == 0)
        sap_text_add(line, sizeof line, &n, SAP_STR("the flag on it is wrong: "));
    start = n;
    /* the reason it was chosen for: a level below the best before it,
     * which the same reading gives whatever that best was */
    (void)reason(g, r, c, safe, line, sizeof line, &n, 4);
    if (n > HINT_LINE_MAX) { /* past a reply line (a reason of two steps after a
                               * flag, where only those are): the whole count */
        n = start;
        line[n] = '\0';
        sap_text_add(line, sizeof line, &n, whole_count(true));
    }
    sap_text_add_ram(buf, cap, &len, line);
    return len;
}

unsigned sap_hint_reason(const sap_game *g, uint32_t x, bool safe, char *buf, size_t cap)
{
    uint32_t cols = sap_game_cols(g);
    char line[SAP_REPLY_MAX];
    size_t n = 0, start, len = 0;
    unsigned level;
    cell_start(line, sizeof line, &n, safe, x / cols, x % cols);
    start = n;
    level = reason(g, x / cols, x % cols, safe, line, sizeof line, &n, 4);
    buf[0] = '\0';
    sap_text_add_ram(buf, cap, &len, line + start);
    return level;
}

size_t sap_hint_text(const sap_hint *hint, char *out, size_t cap)
{
    if (hint == NULL || out == NULL || cap == 0)
        return 0;
    return sap_hint_line(hint, out, cap);
}

int sap_hint_move(const struct sap_hint *h, uint32_t *row, uint32_t *col)
{
    uint32_t cols = sap_game_cols(h->game), x = h->scan.best_cell;
    bool open = h->scan.best == 0 || h->scan.best_safe != 0;
    if (h->first_click) {
        sap_hint_first_click(h->game, row, col);
        x = *row * cols + *col;
        open = true;
    } else if (h->guessing) {
        if (h->count == 0)
            return 0;
        x = h->searched ? h->searched_cell : h->candidate[h->chosen].cell;
        open = true;
    }
    *row = x / cols;
    *col = x % cols;
    return open && sap_game_cell(h->game, *row, *col) != 'P' ? SAP_OP_LEFT : SAP_OP_RIGHT;
}

size_t sap_prob_token(const sap_deduce *d, const sap_game *g, uint32_t r, uint32_t c, char *buf)
{
    uint32_t p;
    size_t n;
    int view = sap_deduce_view(d, r * d->cols + c, &p);
    if (view == SAP_CELL_OPEN) {
        buf[0] = sap_game_cell(g, r, c);
        return 1;
    }
    if (view == SAP_CELL_SAFE)
        p = 0;
    else if (view == SAP_CELL_MINE)
        p = 100;
    else /* whole percent; 0 and 100 only when certain */
        p = (p + 50u) / 100u < 1u ? 1u : (p + 50u) / 100u > 99u ? 99u : (p + 50u) / 100u;
    n = sap_dec(buf, p);
    buf[n++] = '%';
    return n;
}

/* The longest lines and their line end fit a reply.  A place has at most 8
 * digits (rows * cols < 2^20, sapper_config.h: 1000 1000, or 1 1048574);
 * a reason that can be longer than these (after "the flag on it is wrong:
 * ", or with its last words) is said only where it fits (fits(),
 * add_if_room()). */
SAP_STATIC_ASSERT(guess_line_fits,
                  sizeof "GUESS 1000 1000 100.0%: riskier than the safest (100.0%), but 100% "
                         "likely to be safe along with the next move, against 100%"
                      <= HINT_LINE_MAX + 1u);
SAP_STATIC_ASSERT(dead_line_fits,
                  sizeof "GUESS 1000 1000 100.0%: the safest (100.0%) would show a known "
                         "number; 100% likely to be safe along with the next move"
                      <= HINT_LINE_MAX + 1u);
SAP_STATIC_ASSERT(searched_line_fits,
                  sizeof "GUESS 1000 1000 100.0%: no cell is certain; searching every way the "
                         "game can go, this wins 100.0% of the time"
                      <= HINT_LINE_MAX + 1u);
SAP_STATIC_ASSERT(
    named_line_fits,
    sizeof "SAFE 1000 1000: (1000, 1000) shows 2 and its 2 mines are (1000, 1000) "
           "and (1000, 1000), shown by (1000, 1000) and (1000, 1000)"
        <= HINT_LINE_MAX + 1u);
SAP_STATIC_ASSERT(count_line_fits,
                  sizeof "SAFE 1000 1000: the flag on it is wrong: every layout that fits the "
                         "numbers and the mine count leaves it clear"
                      <= HINT_LINE_MAX + 1u);
#if SAP_HINT_REASONS
SAP_STATIC_ASSERT(two_line_fits,
                  sizeof "MINE 1000 1000: besides known mines: (1000, 1000) needs 8, all but 8 "
                         "of its covered cells touching (1000, 1000), which needs 8"
                      <= HINT_LINE_MAX + 1u);
#endif
