/*
 * hint.c - what the protocol's HINT and PROB say about a finished
 * deduction (deduce.c): one line with a move and why, or a map of odds.
 *
 * HINT prefers the simplest reason a person can check:
 *   1. one number: "(a, b) shows 2 and has 2 covered neighbours" (all
 *      mines), or "(a, b) shows 0" (all safe);
 *   2. two steps: a number whose mines are all proven by rule 1 around
 *      their own numbers: "(2, 4) shows 1 and its one mine is (1, 4),
 *      shown by (1, 3)";
 *   3. the whole count: every layout that fits the numbers (and the mine
 *      count) agrees;
 * and when no covered cell is certain, a safest cell and its odds.  A flag
 * on a cell proven safe is worth saying first.  Cells the player has
 * already opened, and proven mines already flagged, are not news.
 */
#include "geometry.h"

/* The block around (r, c): the cell and its neighbours. */
static struct sap_box around(const sap_game *g, uint32_t r, uint32_t c)
{
    return sap_block_around(sap_game_rows(g), sap_game_cols(g), r, c);
}

static uint32_t covered_around(const sap_game *g, uint32_t r, uint32_t c)
{
    struct sap_box a = around(g, r, c);
    uint32_t rr, cc, n = 0;
    for (rr = a.top; rr <= a.bottom; rr++)
        for (cc = a.left; cc <= a.right; cc++)
            n += sap_seen_number(g, rr, cc) < 0;
    return n;
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
            if (want_safe ? n == 0 : (uint32_t)n == covered_around(g, rr, cc)) {
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
    if (safe && two_steps(g, r, c, buf, cap, len))
        return 2;
    sap_text_add(buf, cap, len,
                 safe ? SAP_STR("every layout that fits the numbers and the "
                                "mine count leaves it clear")
                      : SAP_STR("every layout that fits the numbers and the "
                                "mine count puts a mine there"));
    return 3;
}

size_t sap_hint_line(const sap_deduce *d, const sap_game *g, char *buf, size_t cap)
{
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), r, c, p;
    uint32_t guess_r = 0, guess_c = 0, guess_p = 10001;
    unsigned best = 4;
    size_t len = 0;

    buf[0] = '\0';
    /* a flag the numbers prove wrong comes first */
    for (r = 0; r < rows && best > 0; r++)
        for (c = 0; c < cols && best > 0; c++)
            if (sap_game_cell(g, r, c) == 'P'
                && sap_deduce_cell(d, r, c, &p) == SAP_CELL_SAFE) {
                sap_text_add(buf, cap, &len, SAP_STR("SAFE "));
                sap_text_add_u32(buf, cap, &len, r + 1);
                sap_text_add(buf, cap, &len, SAP_STR(" "));
                sap_text_add_u32(buf, cap, &len, c + 1);
                sap_text_add(buf, cap, &len, SAP_STR(": the flag on it is wrong: "));
                (void)reason(g, r, c, true, buf, cap, &len, 4);
                best = 0;
            }
    for (r = 0; r < rows && best > 1; r++)
        for (c = 0; c < cols && best > 1; c++) {
            int view = sap_deduce_cell(d, r, c, &p);
            char mark = sap_game_cell(g, r, c);
            char line[SAP_REPLY_MAX];
            size_t n = 0;
            unsigned level;
            bool safe = view == SAP_CELL_SAFE;
            if (view == SAP_CELL_UNSURE && p < guess_p) {
                guess_p = p;
                guess_r = r;
                guess_c = c;
            }
            if (view != SAP_CELL_SAFE && view != SAP_CELL_MINE)
                continue;
            if (mark == 'P')
                continue; /* a proven mine flagged, or a wrong flag (said above) */
            sap_text_add(line, sizeof line, &n, safe ? SAP_STR("SAFE ") : SAP_STR("MINE "));
            sap_text_add_u32(line, sizeof line, &n, r + 1);
            sap_text_add(line, sizeof line, &n, SAP_STR(" "));
            sap_text_add_u32(line, sizeof line, &n, c + 1);
            sap_text_add(line, sizeof line, &n, SAP_STR(": "));
            level = reason(g, r, c, safe, line, sizeof line, &n, best);
            if (level < best) {
                best = level;
                len = 0;
                sap_text_add_ram(buf, cap, &len, line);
            }
        }
    if (best <= 3)
        return len; /* a certain cell (best 0: a wrong flag) */
    if (guess_p > 10000)
        return 0; /* nothing covered and unknown */
    sap_text_add(buf, cap, &len, SAP_STR("GUESS "));
    sap_text_add_u32(buf, cap, &len, guess_r + 1);
    sap_text_add(buf, cap, &len, SAP_STR(" "));
    sap_text_add_u32(buf, cap, &len, guess_c + 1);
    sap_text_add(buf, cap, &len, SAP_STR(" "));
    {
        uint32_t tenths = (guess_p + 5u) / 10u; /* 0.1 % units */
        char digit[2] = { 0, 0 };
        sap_text_add_u32(buf, cap, &len, tenths / 10u);
        sap_text_add(buf, cap, &len, SAP_STR("."));
        digit[0] = (char)('0' + tenths % 10u);
        sap_text_add_ram(buf, cap, &len, digit);
    }
    sap_text_add(buf, cap, &len, SAP_STR("%: no cell is certain; this is the safest"));
    return len;
}

size_t sap_prob_token(const sap_deduce *d, const sap_game *g, uint32_t r, uint32_t c, char *buf)
{
    uint32_t p;
    size_t n;
    int view = sap_deduce_cell(d, r, c, &p);
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
