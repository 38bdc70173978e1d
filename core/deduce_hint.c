/*
 * deduce_hint.c - what the protocol's HINT and PROB say about a finished
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
#include "deduce.h"
#include "deduce_hint.h"
#include "game.h"

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

unsigned sap_hint_level(const sap_game *g, uint32_t x, bool safe)
{
    uint32_t cols = sap_game_cols(g);
    char none[1];
    size_t n = 0;
    return reason(g, x / cols, x % cols, safe, none, sizeof none, &n, 4);
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
    return safe && best > 2 ? TWO_STEPS_STEPS : REASON_STEPS;
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
    sap_text_add(buf, cap, &len, SAP_STR("GUESS "));
    sap_text_add_u32(buf, cap, &len, cell / cols + 1u);
    sap_text_add(buf, cap, &len, SAP_STR(" "));
    sap_text_add_u32(buf, cap, &len, cell % cols + 1u);
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
    if (h->forced) {
        sap_text_add(buf, cap, &len,
                     SAP_STR("%: a 50/50 that no move can ever resolve: guess it now"));
        return len;
    }
    sap_text_add(buf, cap, &len, SAP_STR("%: no cell is certain; "));
    if (c->weighed != WEIGHED) {
        sap_text_add(buf, cap, &len, SAP_STR("this is the safest"));
        return len;
    }
    if (c->p == safest->p) { /* the safest, or as safe as it */
        sap_text_add(buf, cap, &len, SAP_STR("this is the safest, and "));
    } else {
        sap_text_add(buf, cap, &len, SAP_STR("riskier than "));
        add_tenths(buf, cap, &len, safest->p);
        sap_text_add(buf, cap, &len, SAP_STR("%, but "));
    }
    sap_text_add_u32(buf, cap, &len, sap_weight_ratio(c->progress, h->total, 100u));
    sap_text_add(buf, cap, &len, SAP_STR("% likely to show a safe cell next"));
    if (c->p != safest->p && safest->weighed == WEIGHED) {
        sap_text_add(buf, cap, &len, SAP_STR(", not "));
        sap_text_add_u32(buf, cap, &len, sap_weight_ratio(safest->progress, h->total, 100u));
        sap_text_add(buf, cap, &len, SAP_STR("%"));
    }
    return len;
}

size_t sap_hint_line(const struct sap_hint *h, char *buf, size_t cap)
{
    const sap_game *g = h->game;
    uint32_t cols = sap_game_cols(g), x = h->scan.best_cell, r = x / cols, c = x % cols;
    size_t len = 0;

    buf[0] = '\0';
    if (h->guessing && h->searched)
        return searched_line(h, buf, cap);
    if (h->guessing)
        return h->count == 0 ? 0 : guess_line(h, buf, cap);
    if (h->scan.best == 0) { /* a flag the numbers prove wrong */
        sap_text_add(buf, cap, &len, SAP_STR("SAFE "));
        sap_text_add_u32(buf, cap, &len, r + 1);
        sap_text_add(buf, cap, &len, SAP_STR(" "));
        sap_text_add_u32(buf, cap, &len, c + 1);
        sap_text_add(buf, cap, &len, SAP_STR(": the flag on it is wrong: "));
        (void)reason(g, r, c, true, buf, cap, &len, 4);
        return len;
    }
    { /* the certain cell with the simplest reason */
        char line[SAP_REPLY_MAX];
        size_t n = 0;
        bool safe = h->scan.best_safe != 0;
        sap_text_add(line, sizeof line, &n, safe ? SAP_STR("SAFE ") : SAP_STR("MINE "));
        sap_text_add_u32(line, sizeof line, &n, r + 1);
        sap_text_add(line, sizeof line, &n, SAP_STR(" "));
        sap_text_add_u32(line, sizeof line, &n, c + 1);
        sap_text_add(line, sizeof line, &n, SAP_STR(": "));
        /* the reason it was chosen for: a level below the best before it,
         * which the same reading gives whatever that best was */
        (void)reason(g, r, c, safe, line, sizeof line, &n, 4);
        sap_text_add_ram(buf, cap, &len, line);
        return len;
    }
}

int sap_hint_move(const struct sap_hint *h, uint32_t *row, uint32_t *col)
{
    uint32_t cols = sap_game_cols(h->game), x = h->scan.best_cell;
    bool open = h->scan.best == 0 || h->scan.best_safe != 0;
    if (h->guessing) {
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

/* The longest guess lines and their line end fit a reply. */
SAP_STATIC_ASSERT(guess_line_fits,
                  sizeof "GUESS 4294967295 4294967295 100.0%: no cell is certain; riskier than "
                         "100.0%, but 100% likely to show a safe cell next, not 100%"
                      <= SAP_REPLY_MAX);
SAP_STATIC_ASSERT(searched_line_fits,
                  sizeof "GUESS 4294967295 4294967295 100.0%: no cell is certain; searching "
                         "every way the game can go, this wins 100.0% of the time"
                      <= SAP_REPLY_MAX);
