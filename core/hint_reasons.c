/*
 * hint_reasons.c - why a certain cell is certain, as HINT says it: the
 * simplest reason a person can check, and its level.
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
 * the scan (hint_scan.c) keeps the cell with the lowest level.
 */
#include "deduce.h"
#include "hint.h"
#include "game.h"

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
            if (want_safe ? n == 0
                          : (uint32_t)n == sap_game_position_covered_around(g, rr, cc)) {
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
const char *sap_hint_reasons_whole_count(bool safe)
{
    return safe ? SAP_STR("every layout that fits the numbers and the mine count leaves it "
                          "clear")
                : SAP_STR("every layout that fits the numbers and the mine count puts a mine "
                          "there");
}

/* The reason level (1, 2, 3) a certain cell has, its reason into buf. */
unsigned sap_hint_reasons_at(const sap_game *g, uint32_t r, uint32_t c, bool safe, char *buf,
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
    sap_text_add(buf, cap, len, sap_hint_reasons_whole_count(safe));
    return 3;
}

unsigned sap_hint_reasons_level(const sap_game *g, uint32_t x, bool safe, unsigned known)
{
    uint32_t cols = sap_game_cols(g);
    char none[1];
    size_t n = 0;
    unsigned level = sap_hint_reasons_at(g, x / cols, x % cols, safe, none, sizeof none, &n,
                                         known);
    return level < known ? level : known;
}
