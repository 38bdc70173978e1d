/*
 * hint.c - HINT as a whole, and the guess it names when nothing is
 * certain.
 *
 * HINT deduces the position (deduce.c) and scans it for a certain cell with
 * the simplest reason (hint_scan.c).  When no cell is certain, the safest
 * cell is not always the best move: a cell that is a little riskier but
 * likely to show a number that settles its neighbours wins more games than
 * one whose number will say nothing new.  So the scan keeps candidates
 * (hint_candidates.c): the safest frontier cells and the interior cells
 * with fewest covered neighbours (the likeliest to show a 0), those within
 * HINT_TOLERANCE of the safest.  For each of them, for each number n it
 * could show, a what-if: the same deduction with the cell opened showing n
 * (sap_deduce_suppose).  Its layouts are exactly the position's layouts
 * with the cell safe and showing n, so its total weight Z_n over the
 * position's Z is the probability of that outcome: nothing is estimated.
 * From each outcome, the best next move: a certain cell that tells
 * something if any (one whose neighbours are all certain shows a number
 * known already), else the safest.  The candidate named is the one whose
 * guess and next move survive together most often (survive = sum of Z_n
 * (1 - p_next) / Z), but a dead one (a single n possible: its guess risks
 * a mine and learns nothing) only if all are dead.  Before any what-if, the 50/50s to come
 * the scan kept (a cell whose mine would leave a 50/50 no move can
 * resolve, hint_candidates.c) are tested, and one proven is guessed at
 * once.  The tests and the what-ifs reuse the deduction's own block, one
 * at a time, so the look-ahead costs no memory beyond HINT's header; on a
 * large board fewer candidates are looked at (the work is a deduction of
 * the whole board per what-if), down to none: the safest cell.
 *
 * A position whose layouts are too many to count within
 * SAP_DEDUCE_MAX_STEPS is not an error for HINT: it deduces again with
 * the cheap rules alone, which settle cells soundly; a cell they settle is
 * named as any certain cell, and else the cell its numbers make look
 * safest, said to be approximate.
 */
#include "deduce.h"
#include "endgame.h"
#include "hint.h"
#include "game.h"

/* A look-ahead costs at most this many times the position's deduction
 * (plus a floor for small ones): its what-ifs are that deduction with a
 * number more, so one far costlier means a layout count that explodes,
 * and the look-ahead ends with what it has weighed. */
#define HINT_LOOK_FACTOR 64u
#define HINT_LOOK_FLOOR ((uint32_t)1 << 20)
/* ... and never more than this in all (some tenths of a second): a
 * position whose own count took millions of steps gets the safest cell
 * rather than a look-ahead of minutes. */
#define HINT_LOOK_CEILING ((uint32_t)1 << 23)

/* Before the first click of a random board (of any level) its mines are
 * not laid, and whichever cell is opened first is safe: HINT names a good
 * first click without a deduction, (3, 3), clipped to the board: on every
 * preset no first click measured wins more often beyond the noise
 * (core/PROTOCOL.md, "Why (3, 3)"; winrate --first-sweep measured expert
 * 54.2 % from it, 53.6 % from the middle, 52.6 % from (2, 2); the corner
 * loses most often on every preset).  A casual or no-guess board is laid
 * around the first click, wherever it is, so (3, 3) needs no guess there
 * either.  A flag on it is
 * wrong, and said so, as HINT says of any safe cell flagged.  The
 * protocol's HINT and PLAY name it too (requests_deduce.c). */
void sap_hint_first_click(const sap_game *game, uint32_t *row, uint32_t *col)
{
    uint32_t rows = sap_game_rows(game), cols = sap_game_cols(game);
    *row = (rows < 3u ? rows : 3u) - 1u;
    *col = (cols < 3u ? cols : 3u) - 1u;
}

int sap_hint_init(struct sap_hint **hint, void *memory, size_t bytes, const sap_game *game)
{
    struct sap_hint *h;
    int err;
    if (hint == NULL || game == NULL)
        return SAP_ERR_ARG;
    *hint = NULL;
    if (memory == NULL || bytes < SAP_HINT_BYTES(sap_game_rows(game), sap_game_cols(game)))
        return SAP_ERR_NOMEM;
    h = (struct sap_hint *)memory;
    memset(h, 0, sizeof *h);
    h->game = game;
    h->deduce_bytes = SAP_DEDUCE_BYTES(sap_game_rows(game), sap_game_cols(game));
    err = sap_deduce_init(&h->deduce, (unsigned char *)memory + SAP_HINT_HEADER_BYTES,
                          h->deduce_bytes, game);
    if (err != SAP_OK)
        return err;
    h->stage = HS_DEDUCE;
    if (!sap_game_mines_laid(game)) { /* nothing to deduce: the first click */
        h->first_click = 1;
        h->stage = HS_DONE;
    }
    *hint = h;
    return SAP_OK;
}

void sap_hint_leave_out_endgame(struct sap_hint *h)
{
    h->no_endgame = 1;
}

/* The deduction's block made ready for another deduction of the game:
 * the rules alone, a what-if or a test (the one in it is no longer
 * needed). */
void sap_hint_deduce_again(struct sap_hint *h)
{
    (void)sap_deduce_init(&h->deduce, (unsigned char *)h + SAP_HINT_HEADER_BYTES,
                          h->deduce_bytes, h->game);
}

/* The what-if of candidate h->at showing h->number, in the deduction's
 * block. */
static void start_what_if(struct sap_hint *h)
{
    sap_hint_deduce_again(h);
    sap_deduce_suppose(h->deduce, h->candidate[h->at].cell, (uint8_t)h->number);
    h->stage = HS_WHATIF;
}

/* The candidate named: the best chance of surviving the guess and the
 * move after it; ties to the safer, then the first.  A dead candidate (one
 * number only) is named only if every one weighed is dead: its guess risks
 * a mine to learn nothing. */
static void choose(struct sap_hint *h)
{
    uint32_t best = 0, i;
    bool found = false, living = false;
    for (i = 0; i < h->count; i++)
        if (h->candidate[i].weighed == WEIGHED && h->candidate[i].outcomes > 1u)
            living = true;
    for (i = 0; i < h->count; i++) {
        const struct hint_candidate *c = &h->candidate[i];
        uint32_t score;
        if (c->weighed != WEIGHED)
            continue;
        if (c->outcomes == 1u && living)
            continue;
        score = sap_weight_ratio(c->survive, h->total, (uint32_t)1 << 30);
        if (!found || score > best || (score == best && c->p < h->candidate[h->chosen].p)) {
            best = score;
            h->chosen = i;
            found = true;
        }
    }
    if (!found)
        h->chosen = h->safest;
}

/* On to the next what-if, or the choice once there are none. */
static void next_what_if(struct sap_hint *h)
{
    struct hint_candidate *c = &h->candidate[h->at];
    if (c->weighed == UNWEIGHED && h->number < c->neighbours) {
        h->number++;
        start_what_if(h);
        return;
    }
    if (c->weighed == UNWEIGHED)
        c->weighed = WEIGHED;
    h->number = 0;
    h->at++;
    if (h->at < h->count) {
        start_what_if(h);
        return;
    }
    choose(h);
    if (!SAP_HINT_DEEPER || !sap_hint_deeper_begin(h))
        h->stage = HS_DONE;
}

/* Whether opening safe cell x can tell something: some covered neighbour
 * of it is unsure.  Else its number is known before it is opened, and
 * opening it leaves the position as it was. */
static bool telling(const sap_deduce *d, uint32_t x)
{
    struct sap_box b = sap_block_around(d->rows, d->cols, x / d->cols, x % d->cols);
    uint32_t r, c, p;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            if (sap_deduce_cell(d, r, c, &p) == SAP_CELL_UNSURE)
                return true;
    return false;
}

void sap_hint_read_begin(struct sap_hint *h)
{
    h->cursor = 0;
    h->after_safe = 0;
    h->after_p = 10001u;
}

/* Unsure cell x, at odds p, among the HINT_NEXT safest so far: ordered
 * by odds, then by fewest unsure neighbours (the likeliest to tell
 * something), then row order. */
static void keep_next(struct sap_hint *h, uint32_t x, uint32_t p)
{
    const sap_deduce *d = h->deduce;
    struct sap_box b = sap_block_around(d->rows, d->cols, x / d->cols, x % d->cols);
    uint32_t r, c, q, key = 0, i;
    /* its odds alone lose to the last kept (x itself is unsure, so the
     * count below is at least 1): no need to count */
    if (h->next_count == HINT_NEXT && p * 16u >= h->next_key[HINT_NEXT - 1u])
        return;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            key += sap_deduce_cell(d, r, c, &q) == SAP_CELL_UNSURE;
    key += p * 16u; /* p <= 10,000, and at most 9 unsure around */
    if (h->next_count == HINT_NEXT && key >= h->next_key[HINT_NEXT - 1u])
        return;
    i = h->next_count < HINT_NEXT ? h->next_count++ : HINT_NEXT - 1u;
    for (; i > 0 && h->next_key[i - 1u] > key; i--) {
        h->next_cell[i] = h->next_cell[i - 1u];
        h->next_key[i] = h->next_key[i - 1u];
    }
    h->next_cell[i] = x;
    h->next_key[i] = key;
}

bool sap_hint_read_next(struct sap_hint *h, uint32_t *budget_left, bool keep)
{
    uint32_t budget = *budget_left;
    sap_deduce *d = h->deduce;
    uint32_t cells = d->cells;
    for (; budget > 0 && h->cursor < cells && !h->after_safe; h->cursor++, budget--) {
        uint32_t p;
        int view = sap_deduce_cell(d, h->cursor / d->cols, h->cursor % d->cols, &p);
        if (view == SAP_CELL_SAFE && telling(d, h->cursor))
            h->after_safe = 1;
        else if (view == SAP_CELL_UNSURE) {
            if (p < h->after_p)
                h->after_p = p;
            if (keep)
                keep_next(h, h->cursor, p);
        }
    }
    *budget_left = budget;
    return h->cursor == cells || h->after_safe;
}

/* A finished what-if's best next move: a certain cell that tells
 * something, else the safest unsure one; then its outcome's weight into
 * its candidate's sums. */
static bool read_what_if(struct sap_hint *h, uint32_t *budget)
{
    sap_deduce *d = h->deduce;
    struct hint_candidate *c = &h->candidate[h->at];
    if (!sap_hint_read_next(h, budget, false))
        return false;
    c->outcomes++;
    if (h->after_safe || h->after_p > 10000u) { /* a telling certain cell, or the game won */
        c->survive = sap_weight_add(c->survive, d->total);
    } else {
        c->survive = sap_weight_add(c->survive,
                                    sap_weight_scale(d->total, 10000u - h->after_p, 10000u));
    }
    return true;
}

/* The position deduced (exactly, or by the rules alone): the scan. */
static int deduced(struct sap_hint *h, int err)
{
    if (err == SAP_ERR_SIZE && h->stage == HS_DEDUCE) {
        /* too many layouts to count: the rules alone, soundly */
        sap_hint_deduce_again(h);
        sap_deduce_set_depth(h->deduce, DEPTH_RULES);
        h->approximate = 1;
        h->stage = HS_RULES;
        return SAP_MORE;
    }
    if (err != SAP_OK)
        return err;
    h->total = h->deduce->total;
    sap_hint_scan_begin(h);
    h->stage = HS_SCAN;
    return SAP_MORE;
}

static uint32_t add_steps(uint32_t a, uint32_t b)
{
    return b > UINT32_MAX - a ? UINT32_MAX : a + b;
}

/* What the look-ahead may cost in all (HINT_LOOK_FACTOR). */
static uint32_t look_cap(const struct sap_hint *h)
{
    uint32_t cap = h->steps > UINT32_MAX / HINT_LOOK_FACTOR ? UINT32_MAX
                                                            : h->steps * HINT_LOOK_FACTOR;
    cap = add_steps(cap, HINT_LOOK_FLOOR);
    return cap < HINT_LOOK_CEILING ? cap : HINT_LOOK_CEILING;
}

/* The look-ahead over the candidates, when there are two to weigh. */
static void start_what_ifs(struct sap_hint *h)
{
    if (h->count < 2u)
        h->stage = HS_DONE;
    else {
        h->at = 0;
        h->number = 0;
        start_what_if(h);
    }
}

/* The test of the 50/50 to come h->fifty_at under way: a mine at its cell,
 * and at its partner (test 0) or its flank cell safe (test 1); either must
 * fit no layout (hint_candidates.c). */
static void start_fifty_test(struct sap_hint *h)
{
    const struct hint_fifty *f = &h->fifty[h->fifty_at];
    sap_hint_deduce_again(h);
    sap_deduce_assume(h->deduce, f->cell, true);
    if (h->fifty_test == 0)
        sap_deduce_assume(h->deduce, f->partner, true);
    else
        sap_deduce_assume(h->deduce, f->flank, false);
    h->stage = HS_FIFTY;
}

/* The look-ahead: the 50/50s to come first, then the candidates. */
static int start_look_ahead(struct sap_hint *h)
{
    if (SAP_HINT_FIFTIES && h->fifty_count > 0)
        start_fifty_test(h);
    else
        start_what_ifs(h);
    return SAP_MORE;
}

/* A test ended: err SAP_ERR_STATE (no layout) proves it, and with the last
 * the 50/50 to come, which is named; SAP_OK disproves it, and the next
 * 50/50 is tried, or the what-ifs begin; a test too costly ends the
 * look-ahead, as a what-if too costly would. */
static void fifty_tested(struct sap_hint *h, int err)
{
    struct hint_fifty *f = &h->fifty[h->fifty_at];
    if (err == SAP_ERR_STATE && h->fifty_test == 0 && f->flank != h->deduce->cells) {
        h->fifty_test = 1;
        start_fifty_test(h);
    } else if (err == SAP_ERR_STATE) {
        struct hint_candidate *c = &h->candidate[0];
        memset(c, 0, sizeof *c);
        c->cell = f->cell;
        c->p = f->p;
        h->chosen = 0;
        h->forced = 1;
        h->stage = HS_DONE;
    } else if (err == SAP_OK && ++h->fifty_at < h->fifty_count) {
        h->fifty_test = 0;
        start_fifty_test(h);
    } else if (err == SAP_OK) {
        start_what_ifs(h);
    } else {
        h->stage = HS_DONE; /* the safest, chosen already */
    }
}

#if SAP_ENDGAME_LAYOUTS > 0
/* The endgame search, in the block after the deduction, while the
 * position's deduction is there to list its layouts; false when the
 * layouts are too many. */
static bool start_endgame(struct sap_hint *h)
{
    size_t at = SAP_HINT_HEADER_BYTES + ((h->deduce_bytes + 7u) & ~(size_t)7u);
    if (h->no_endgame
        || sap_endgame_init(&h->endgame, (unsigned char *)h + at, SAP_ENDGAME_BYTES, h->game,
                            h->deduce)
               != SAP_OK)
        return false;
    h->stage = HS_ENDGAME;
    return true;
}

/* The search for *budget steps; its move, with its odds from the
 * position's deduction, once found; the look-ahead if it gives up. */
static int endgame_step(struct sap_hint *h, uint32_t *budget)
{
    uint32_t cols = h->deduce->cols;
    int err = sap_endgame_spend(h->endgame, budget);
    if (err == SAP_MORE)
        return SAP_MORE;
    if (err != SAP_OK)
        return start_look_ahead(h); /* past its steps */
    (void)sap_endgame_best(h->endgame, &h->searched_cell, &h->wins, &h->layouts);
    (void)sap_deduce_cell(h->deduce, h->searched_cell / cols, h->searched_cell % cols,
                          &h->searched_p);
    if (sap_deduce_below(h->deduce, h->searched_cell))
        h->searched_p |= ODDS_BELOW; /* for its line alone (hint_text.c) */
    h->searched = 1;
    h->stage = HS_DONE;
    return SAP_MORE;
}
#else /* a build without the search (SAP_ENDGAME_LAYOUTS 0) */
static bool start_endgame(struct sap_hint *h)
{
    (void)h;
    return false;
}

static int endgame_step(struct sap_hint *h, uint32_t *budget)
{
    (void)budget;
    return start_look_ahead(h);
}
#endif

/* The what-if under way for *budget steps, in a slice that ends one step
 * past the look-ahead's cap at most (or a unit of work past it), so that
 * the cap holds however much budget a call brings; then its reading, the
 * next what-if, or the end of the look-ahead.  The steps counted are the
 * deduction's work (sap_deduce_charge), so that where the cap falls does
 * not depend on the budgets either. */
static int what_if_step(struct sap_hint *h, uint32_t *budget)
{
    bool deeper = h->stage == HS_DEEPER || h->stage == HS_NEXT;
    uint32_t cap = look_cap(h), slice, left, work = h->deduce->work;
    int err;
    if (deeper) /* the deeper look may cost as much again, within the ceiling */
        cap = cap < HINT_LOOK_CEILING / 2u ? cap * 2u : HINT_LOOK_CEILING;
    slice = cap - h->what_if_steps + 1u; /* what_if_steps <= cap here */
    slice = *budget < slice ? *budget : slice;
    left = slice;
    err = sap_deduce_spend(h->deduce, &left);
    *budget -= slice - left;
    h->what_if_steps = add_steps(h->what_if_steps, h->deduce->work - work);
    if (h->what_if_steps > cap)
        err = SAP_ERR_SIZE; /* the look-ahead past its cost, however sliced */
    if (err == SAP_MORE)
        return SAP_MORE;
    if (SAP_HINT_FIFTIES && h->stage == HS_FIFTY) {
        fifty_tested(h, err);
        return SAP_MORE;
    }
    if (SAP_HINT_DEEPER && deeper) {
        sap_hint_deeper_deduced(h, err);
        return SAP_MORE;
    }
    if (err == SAP_OK) {
        sap_hint_read_begin(h);
        h->stage = HS_READ;
        return SAP_MORE;
    }
    if (err != SAP_ERR_STATE) {
        /* too many layouts to count, or the look-ahead past its cost: it
         * ends with the candidates weighed */
        h->candidate[h->at].weighed = NOT_WEIGHED;
        choose(h);
        h->stage = HS_DONE;
        return SAP_MORE;
    }
    next_what_if(h); /* no layout shows that number */
    return SAP_MORE;
}

/* One stage for *budget steps; SAP_MORE while there is more to do. */
static int stage_step(struct sap_hint *h, uint32_t *budget)
{
    uint32_t work;
    int err;
    switch (h->stage) {
    case HS_DEDUCE:
    case HS_RULES:
        work = h->deduce->work;
        err = sap_deduce_spend(h->deduce, budget);
        h->steps = add_steps(h->steps, h->deduce->work - work); /* as the what-ifs' */
        return err == SAP_MORE ? SAP_MORE : deduced(h, err);
    case HS_SCAN:
        /* no va_list here (a false report): */
        /* NOLINTNEXTLINE(clang-analyzer-valist.Unterminated) */
        if (!sap_hint_scan(h, budget))
            return SAP_MORE;
        h->guessing = h->scan.best > 3u;
        h->stage = HS_DONE;
        if (!h->guessing)
            return SAP_MORE;
        sap_hint_candidates_finish(h);
        if (h->count == 0 || h->approximate || start_endgame(h))
            return SAP_MORE;
        return start_look_ahead(h);
    case HS_ENDGAME:
        return endgame_step(h, budget);
    case HS_WHATIF:
    case HS_FIFTY:
    case HS_DEEPER:
    case HS_NEXT:
        return what_if_step(h, budget);
    case HS_READ:
        if (read_what_if(h, budget))
            next_what_if(h);
        return SAP_MORE;
    case HS_DEEPER_READ:
    case HS_NEXT_READ:
        if (SAP_HINT_DEEPER) /* else never reached */
            sap_hint_deeper_read(h, budget);
        return SAP_MORE;
    default:
        return SAP_OK;
    }
}

int sap_hint_step(struct sap_hint *h, uint32_t budget)
{
    int err = SAP_MORE;
    if (h == NULL)
        return SAP_ERR_ARG;
    if (budget == 0)
        budget = 1;
    /* every stage takes a step at least, so this ends */
    while (err == SAP_MORE && h->stage != HS_DONE && budget > 0)
        err = stage_step(h, &budget);
    if (err == SAP_MORE && h->stage == HS_DONE)
        return SAP_OK;
    /* no va_list here (a false report): */
    return err; /* NOLINT(clang-analyzer-valist.Unterminated) */
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
