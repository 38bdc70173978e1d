/*
 * hint_text.c - what the protocol's HINT and PROB say: HINT's line (the
 * cell the scan found and why, hint_scan.c and hint_reasons.c, or the
 * guess and why, hint.c) and PROB's token for a cell.
 */
#include "deduce.h"
#include "hint.h"
#include "game.h"

/* A line's word and its cell, 1-based: "SAFE 3 4". */
static void line_start(char *buf, size_t cap, size_t *len, const char *word, uint32_t r,
                       uint32_t c)
{
    sap_text_add(buf, cap, len, word);
    sap_text_add_u32(buf, cap, len, r + 1u);
    sap_text_add(buf, cap, len, SAP_STR(" "));
    sap_text_add_u32(buf, cap, len, c + 1u);
}

/* Odds p in 0.01 % (ODDS_BELOW when the exact figure lies below p) in
 * units of 1 / per (per 100 or 1000), rounded once from the exact figure,
 * half away from zero, and 1 to per - 1: an unsure cell never shows as
 * certain.  p was rounded to the nearest 0.01 %, so only a p halfway
 * between two figures of the coarser unit needs to know its side. */
static uint32_t shown(uint32_t p, uint32_t per)
{
    uint32_t step = 10000u / per, q = ((p & ~ODDS_BELOW) + step / 2u) / step;
    if ((p & ~ODDS_BELOW) % step == step / 2u && (p & ODDS_BELOW))
        q--;
    return q < 1u ? 1u : q > per - 1u ? per - 1u : q;
}

/* tenths of a percent with one decimal: "18.2". */
static void add_tenths(char *buf, size_t cap, size_t *len, uint32_t tenths)
{
    char digit[2] = { 0, 0 };
    sap_text_add_u32(buf, cap, len, tenths / 10u);
    sap_text_add(buf, cap, len, SAP_STR("."));
    digit[0] = (char)('0' + tenths % 10u);
    sap_text_add_ram(buf, cap, len, digit);
}

/* w / h->total in whole percent, rounded once: a share of layouts. */
static void add_share(const struct sap_hint *h, struct sap_weight w, char *buf, size_t cap,
                      size_t *len)
{
    sap_text_add_u32(buf, cap, len, shown(sap_weight_odds(w, h->total), 100u));
}

/* "GUESS x y p": a guess's cell and its odds, the start of its line. */
static size_t guess_start(const struct sap_hint *h, uint32_t cell, uint32_t p, char *buf,
                          size_t cap)
{
    uint32_t cols = sap_game_cols(h->game);
    size_t len = 0;
    line_start(buf, cap, &len, SAP_STR("GUESS "), cell / cols, cell % cols);
    sap_text_add(buf, cap, &len, SAP_STR(" "));
    add_tenths(buf, cap, &len, shown(p, 1000u));
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
    /* the share of layouts won in 0.1 %, rounded once, half away from
     * zero: wins <= layouts < 2^16, so 32 bits hold 2000 wins (no 64-bit
     * division, which some targets lack) */
    wins = (h->wins * 2000u + h->layouts) / (2u * h->layouts);
    add_tenths(buf, cap, &len, wins);
    sap_text_add(buf, cap, &len, SAP_STR("% of the time"));
    return len;
}

/* "N% likely to be safe along with the next move": what the look-ahead
 * weighs, a candidate's chance to survive its guess and the best move
 * after it; "... the next two moves" when the deeper look weighed it
 * (hint_deeper.c). */
static void add_survival(const struct sap_hint *h, const struct hint_candidate *c, char *buf,
                         size_t cap, size_t *len)
{
    add_share(h, c->survive, buf, cap, len);
    sap_text_add(buf, cap, len,
                 h->deeper ? SAP_STR("% likely to be safe with the next two moves")
                           : SAP_STR("% likely to be safe along with the next move"));
}

/* The look-ahead's guess (or the rules' estimate): why it was chosen. */
static size_t guess_line(const struct sap_hint *h, char *buf, size_t cap)
{
    const struct hint_candidate *c = &h->candidate[h->chosen];
    const struct hint_candidate *safest = &h->candidate[h->safest];
    size_t len = guess_start(h, c->cell, c->p | (c->traits & CANDIDATE_BELOW ? ODDS_BELOW : 0u),
                             buf, cap);
    if (h->approximate) {
        sap_text_add(buf, cap, &len,
                     SAP_STR("%: too many layouts to count; an estimate from the numbers "
                             "around it, the lowest"));
        return len;
    }
    if (SAP_HINT_FIFTIES && h->forced) { /* a 50/50 to come (hint_candidates.c) */
        uint32_t partner = h->fifty[h->fifty_at].partner, cols = sap_game_cols(h->game);
        line_start(buf, cap, &len, SAP_STR("%: if it is a mine, it and "), partner / cols,
                   partner % cols);
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
        add_tenths(
            buf, cap, &len,
            shown(safest->p | (safest->traits & CANDIDATE_BELOW ? ODDS_BELOW : 0u), 1000u));
        sap_text_add(buf, cap, &len, SAP_STR("%) would show a known number; "));
        add_survival(h, c, buf, cap, &len);
        return len;
    }
    sap_text_add(buf, cap, &len, SAP_STR("%: riskier than the safest ("));
    add_tenths(buf, cap, &len,
               shown(safest->p | (safest->traits & CANDIDATE_BELOW ? ODDS_BELOW : 0u), 1000u));
    sap_text_add(buf, cap, &len, SAP_STR("%), but "));
    add_survival(h, c, buf, cap, &len);
    if (safest->weighed == WEIGHED) {
        sap_text_add(buf, cap, &len, SAP_STR(", against "));
        add_share(h, safest->survive, buf, cap, &len);
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

size_t sap_hint_text_first_line(const sap_game *g, char *buf, size_t cap)
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

size_t sap_hint_text_line(const struct sap_hint *h, char *buf, size_t cap)
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
        return sap_hint_text_first_line(g, buf, cap);
    cell_start(line, sizeof line, &n, safe, r, c);
    if (h->scan.best == 0)
        sap_text_add(line, sizeof line, &n, SAP_STR("the flag on it is wrong: "));
    start = n;
    /* the reason it was chosen for: a level below the best before it,
     * which the same reading gives whatever that best was */
    (void)sap_hint_reasons_at(g, r, c, safe, line, sizeof line, &n, 4);
    if (n > HINT_LINE_MAX) { /* past a reply line (a reason of two steps after a
                               * flag, where only those are): the whole count */
        n = start;
        line[n] = '\0';
        sap_text_add(line, sizeof line, &n, sap_hint_reasons_whole_count(true));
    }
    sap_text_add_ram(buf, cap, &len, line);
    return len;
}

unsigned sap_hint_text_reason(const sap_game *g, uint32_t x, bool safe, char *buf, size_t cap)
{
    uint32_t cols = sap_game_cols(g);
    char line[SAP_REPLY_MAX];
    size_t n = 0, start, len = 0;
    unsigned level;
    cell_start(line, sizeof line, &n, safe, x / cols, x % cols);
    start = n;
    level = sap_hint_reasons_at(g, x / cols, x % cols, safe, line, sizeof line, &n, 4);
    buf[0] = '\0';
    sap_text_add_ram(buf, cap, &len, line + start);
    return level;
}

size_t sap_hint_text(const sap_hint *hint, char *out, size_t cap)
{
    if (hint == NULL || out == NULL || cap == 0)
        return 0;
    return sap_hint_text_line(hint, out, cap);
}

size_t sap_hint_text_prob_token(const sap_deduce *d, const sap_game *g, uint32_t r, uint32_t c,
                                char *buf)
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
        p = shown(sap_deduce_below(d, r * d->cols + c) ? p | ODDS_BELOW : p, 100u);
    n = sap_dec(buf, p);
    buf[n++] = '%';
    return n;
}

/* The longest lines and their line end fit a reply.  A place has at most 8
 * digits (rows * cols < 2^20, sapper_config.h: 1000 1000, or 1 1048574);
 * a reason that can be longer than these (after "the flag on it is wrong:
 * ", or with its last words) is said only where it fits (fits(),
 * add_if_room()).  The deeper look's "with the next two moves" is
 * shorter than "along with the next move". */
SAP_STATIC_ASSERT(guess_line_fits,
                  sizeof "GUESS 1000 1000 100.0%: riskier than the safest (100.0%), but 100% "
                         "likely to be safe along with the next move, against 100%"
                      <= HINT_LINE_MAX + 1u);
SAP_STATIC_ASSERT(dead_line_fits,
                  sizeof "GUESS 1000 1000 100.0%: the safest (100.0%) would show a known "
                         "number; 100% likely to be safe along with the next move"
                      <= HINT_LINE_MAX + 1u);
SAP_STATIC_ASSERT(
    fifty_line_fits,
    sizeof "GUESS 1000 1000 100.0%: if it is a mine, it and 1000 1000 are a 50/50 "
           "no move can ever resolve: guess it now"
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
