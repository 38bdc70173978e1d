/*
 * deduce_guess.c - HINT as a whole, and the guess it names when nothing is
 * certain.
 *
 * HINT deduces the position (deduce.c) and scans it for a certain cell with
 * the simplest reason (deduce_hint.c).  When no cell is certain, the safest
 * cell is not always the best move: a cell that is a little riskier but
 * likely to show a number that settles its neighbours wins more games than
 * one whose number will say nothing new.  So the scan keeps the safest
 * frontier cells and the interior cells with fewest covered neighbours
 * (the likeliest to show a 0), those within HINT_TOLERANCE of the safest,
 * and for each of them, for each number n it could show, a what-if: the
 * same deduction with the cell opened showing n (sap_deduce_suppose).
 * Its layouts are exactly the position's layouts with the cell safe and
 * showing n, so its total weight Z_n over the position's Z is the
 * probability of that outcome: nothing is estimated.  From each outcome,
 * the best next move: a certain cell if any, else the safest.  The
 * candidate named is the one whose guess and next move survive together
 * most often (survive = sum of Z_n (1 - p_next) / Z), but a dead one (a
 * single n possible: its guess risks a mine and learns nothing) only if
 * all are dead.  The what-ifs reuse the deduction's own block, one
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
#include "deduce_endgame.h"
#include "deduce_hint.h"
#include "game.h"

enum hint_stage {
    HS_DEDUCE = 0, /* the position's deduction */
    HS_RULES,      /* ... too big to count: the rules alone */
    HS_SCAN,       /* a certain cell, and the candidates */
    HS_ENDGAME,    /* few layouts: the endgame search */
    HS_WHATIF,     /* a candidate's what-if, deduced */
    HS_READ,       /* ... and read: its best next move */
    HS_DONE
};

/* The look-ahead's work: cells deduced, in all, per guess (a what-if
 * deduces the whole board): enough for every candidate up to about
 * 150 x 150, fewer beyond, none past about 480 x 480. */
#define HINT_LOOK_CELLS ((uint32_t)1 << 21)
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
 * (daemon/README.md, "Why (3, 3)": expert 54.2 % from it, 53.6 % from the
 * middle, 52.6 % from (2, 2); the corner loses most often on every
 * preset).  A casual or no-guess board is laid around the first click,
 * wherever it is, so (3, 3) needs no guess there either.  A flag on it is
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
    h->half = h->deduce->cells;
    h->pair = HINT_CANDIDATES;
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

/* The covered neighbours of covered cell x as the player sees them. */
static uint8_t covered_neighbours(const sap_game *g, uint32_t x)
{
    uint32_t cols = sap_game_cols(g);
    return (uint8_t)(sap_covered_around(g, x / cols, x % cols) - 1u);
}

/* With the rules alone, an unsettled cell's odds as its numbers suggest:
 * the highest share of mines still needed among a number's open cells
 * around it, or in the interior the mines left over the cells left. */
static uint32_t estimate(const struct sap_hint *h, uint32_t x)
{
    sap_deduce *d = h->deduce;
    uint8_t *flags = flags_of(d), *need = need_of(d), *free_ = free_of(d);
    struct sap_box b = box_at(d, x);
    uint32_t r, c, best = 0, left = d->covered - d->settled;
    if (!(flags[x] & F_FRONTIER))
        return left == 0 ? 0 : (d->mines - d->settled_mines) * 10000u / left;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c, p;
            if (!(flags[n] & F_OPEN) || free_[n] == 0)
                continue;
            p = (uint32_t)need[n] * 10000u / free_[n];
            best = p > best ? p : best;
        }
    return best;
}

/* Inserts candidate c among list[0..*count) (at most max), in order of
 * key; equal keys keep the scan's (row) order. */
static void insert(struct hint_candidate *list, uint32_t *count, uint32_t max,
                   const struct hint_candidate *c, uint32_t key,
                   uint32_t (*key_of)(const struct hint_candidate *))
{
    uint32_t i = *count;
    if (i == max && key >= key_of(&list[max - 1u]))
        return;
    if (i == max)
        i--;
    else
        ++*count;
    while (i > 0 && key < key_of(&list[i - 1u])) {
        list[i] = list[i - 1u];
        i--;
    }
    list[i] = *c;
}

static uint32_t odds_key(const struct hint_candidate *c)
{
    return c->p;
}

static uint32_t neighbours_key(const struct hint_candidate *c)
{
    return c->neighbours;
}

/* Whether covered cells a and b are told apart by nothing a move can
 * show: every cell next to one of them and not the other is certainly a
 * mine, so no number, shown or to come, counts one and not the other
 * (an opened one would tie the pair to its other covered neighbours,
 * which a later move could settle), and swapping a mine between them
 * keeps the mine count. */
static bool indistinct(const struct sap_hint *h, uint32_t a, uint32_t b)
{
    const sap_deduce *d = h->deduce;
    uint32_t cols = d->cols, k;
    for (k = 0; k < 2u; k++) {
        uint32_t x = k == 0 ? a : b, y = k == 0 ? b : a, r, c, p;
        struct sap_box around = sap_block_around(d->rows, cols, x / cols, x % cols);
        struct sap_box other = sap_block_around(d->rows, cols, y / cols, y % cols);
        for (r = around.top; r <= around.bottom; r++)
            for (c = around.left; c <= around.right; c++) {
                int view;
                if (r * cols + c == a || r * cols + c == b
                    || (r >= other.top && r <= other.bottom && c >= other.left
                        && c <= other.right))
                    continue;
                view = sap_deduce_cell(d, r, c, &p);
                if (view != SAP_CELL_MINE)
                    return false;
            }
    }
    return true;
}

/* A cell at 50 %: the first with a neighbour at 50 % that nothing can
 * tell apart from it is kept, to be checked by its what-ifs (a forced
 * 50/50 is guessed at once: it will never be resolved, and later guesses
 * gain nothing by waiting for it). */
static void offer_half(struct sap_hint *h, uint32_t x)
{
    const sap_deduce *d = h->deduce;
    uint32_t r, c, p;
    struct sap_box b = sap_block_around(d->rows, d->cols, x / d->cols, x % d->cols);
    if (h->half != d->cells || h->approximate)
        return;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * d->cols + c;
            if (y != x && sap_deduce_cell(d, r, c, &p) == SAP_CELL_UNSURE && p == 5000u
                && indistinct(h, x, y)) {
                h->half = x;
                h->partner = y;
                return;
            }
        }
}

/* During the scan the frontier's candidates are candidate[0..8), in order
 * of odds, and the interior's candidate[8..10), in order of covered
 * neighbours (they all have the same odds); finish() puts them together. */
void sap_hint_offer(struct sap_hint *h, uint32_t x, uint32_t p)
{
    struct hint_candidate c;
    memset(&c, 0, sizeof c);
    c.cell = x;
    c.p = h->approximate ? estimate(h, x) : p;
    c.neighbours = covered_neighbours(h->game, x);
    c.interior = !(flags_of(h->deduce)[x] & F_FRONTIER);
    if (p == 5000u)
        offer_half(h, x);
    if (c.interior)
        insert(h->candidate + HINT_FRONTIER_CANDIDATES, &h->interior_count,
               HINT_INTERIOR_CANDIDATES, &c, c.neighbours, neighbours_key);
    else
        insert(h->candidate, &h->frontier_count, HINT_FRONTIER_CANDIDATES, &c, c.p, odds_key);
}

/* The scan is done: the candidates together, those near enough the
 * safest, as many as the look-ahead's work allows. */
static void finish_candidates(struct sap_hint *h)
{
    struct hint_candidate *list = h->candidate;
    uint32_t i, kept = 0, min_p = 10001u, cost = 0;
    uint32_t cells = sap_game_rows(h->game) * sap_game_cols(h->game);
    for (i = 0; i < h->interior_count; i++)
        list[h->frontier_count + i] = list[HINT_FRONTIER_CANDIDATES + i];
    h->count = h->frontier_count + h->interior_count;
    for (i = 0; i < h->count; i++)
        min_p = list[i].p < min_p ? list[i].p : min_p;
    for (i = 0; i < h->count; i++)
        if ((10000u - list[i].p) * 10000u >= (10000u - min_p) * (10000u - HINT_TOLERANCE))
            list[kept++] = list[i];
    h->count = kept;
    for (i = 0; i < kept; i++)
        cost += list[i].neighbours + 1u;
    /* the work cap drops the riskiest first, never the safest */
    while (h->count > 1u && (uint64_t)cost * cells > HINT_LOOK_CELLS) {
        uint32_t drop = h->count - 1u, worst = 0;
        for (i = 0; i < h->count; i++)
            if (list[i].p > worst || (list[i].p == worst && i > drop)) {
                worst = list[i].p;
                drop = i;
            }
        if (list[drop].p == min_p)
            drop = h->count - 1u;
        cost -= list[drop].neighbours + 1u;
        for (i = drop; i + 1u < h->count; i++)
            list[i] = list[i + 1u];
        h->count--;
    }
    for (i = 0; i < h->count && list[i].p != min_p; i++)
        ;
    h->safest = i;
    h->chosen = i;
    if (h->half == h->deduce->cells)
        return;
    /* the 50/50 cell: a candidate already, or one more (its what-ifs say
     * whether it is forced) */
    for (i = 0; i < h->count && list[i].cell != h->half; i++)
        ;
    if (i == h->count && h->count == HINT_CANDIDATES)
        i = h->safest == h->count - 1u ? h->count - 2u : h->count - 1u;
    if (i == h->count)
        h->count++;
    if (list[i].cell != h->half) {
        memset(&list[i], 0, sizeof list[i]);
        list[i].cell = h->half;
        list[i].p = 5000u;
        list[i].neighbours = covered_neighbours(h->game, h->half);
    }
    h->pair = i;
}

/* The what-if of candidate h->at showing h->number, in the deduction's
 * block (the position's deduction is no longer needed). */
static void start_what_if(struct sap_hint *h)
{
    (void)sap_deduce_init(&h->deduce, (unsigned char *)h + SAP_HINT_HEADER_BYTES,
                          h->deduce_bytes, h->game);
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
        if (h->candidate[i].weighed == WEIGHED && i != h->pair && h->candidate[i].outcomes > 1u)
            living = true;
    for (i = 0; i < h->count; i++) {
        const struct hint_candidate *c = &h->candidate[i];
        uint32_t score;
        if (c->weighed != WEIGHED || i == h->pair)
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

/* On to the next what-if, or the choice once there are none.  The 50/50
 * candidate goes first: if it is forced, nothing else needs weighing. */
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
    if (h->at == h->pair && c->weighed == WEIGHED) {
        h->forced = 1;
        h->chosen = h->pair;
        h->stage = HS_DONE;
        return;
    }
    h->at = h->at == h->pair ? 0 : h->at + 1u;
    if (h->at == h->pair)
        h->at++;
    if (h->at < h->count) {
        start_what_if(h);
        return;
    }
    choose(h);
    h->stage = HS_DONE;
}

/* A finished what-if's best next move: a certain cell, else the safest
 * unsure one; then its outcome's weight into its candidate's sums. */
static bool read_what_if(struct sap_hint *h, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    sap_deduce *d = h->deduce;
    struct hint_candidate *c = &h->candidate[h->at];
    uint32_t cells = d->cells, odds;
    if (h->at == h->pair
        && sap_deduce_cell(d, h->partner / d->cols, h->partner % d->cols, &odds)
               != SAP_CELL_MINE)
        c->weighed = NOT_FORCED; /* safe beside it in some layout: no 50/50 */
    for (; budget > 0 && h->cursor < cells && !h->after_safe; h->cursor++, budget--) {
        uint32_t p;
        int view = sap_deduce_cell(d, h->cursor / d->cols, h->cursor % d->cols, &p);
        if (view == SAP_CELL_SAFE)
            h->after_safe = 1;
        else if (view == SAP_CELL_UNSURE && p < h->after_p)
            h->after_p = p;
    }
    *budget_left = budget;
    if (h->cursor < cells && !h->after_safe)
        return false;
    if (c->weighed == NOT_FORCED)
        return true;
    c->outcomes++;
    if (h->after_safe || h->after_p > 10000u) { /* a certain cell, or the game won */
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
        (void)sap_deduce_init(&h->deduce, (unsigned char *)h + SAP_HINT_HEADER_BYTES,
                              h->deduce_bytes, h->game);
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
static int start_look_ahead(struct sap_hint *h)
{
    if (h->count < 2u)
        h->stage = HS_DONE;
    else {
        h->at = h->pair < h->count ? h->pair : 0;
        h->number = 0;
        start_what_if(h);
    }
    return SAP_MORE;
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
 * past the look-ahead's cap at most, so that the cap holds however much
 * budget a call brings; then its reading, the next what-if, or the end of
 * the look-ahead. */
static int what_if_step(struct sap_hint *h, uint32_t *budget)
{
    uint32_t cap = look_cap(h), slice, left;
    int err;
    slice = cap - h->what_if_steps + 1u; /* what_if_steps <= cap here */
    slice = *budget < slice ? *budget : slice;
    left = slice;
    err = sap_deduce_spend(h->deduce, &left);
    *budget -= slice - left;
    h->what_if_steps += slice - left;
    if (h->what_if_steps > cap)
        err = SAP_ERR_SIZE; /* the look-ahead past its cost, however sliced */
    if (err == SAP_MORE)
        return SAP_MORE;
    if (err == SAP_OK) {
        h->cursor = 0;
        h->after_safe = 0;
        h->after_p = 10001u;
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
    uint32_t before = *budget;
    int err;
    switch (h->stage) {
    case HS_DEDUCE:
    case HS_RULES:
        err = sap_deduce_spend(h->deduce, budget);
        h->steps = add_steps(h->steps, before - *budget);
        return err == SAP_MORE ? SAP_MORE : deduced(h, err);
    case HS_SCAN:
        /* NOLINTNEXTLINE(clang-analyzer-valist.Unterminated): no va_list here (a false report) */
        if (!sap_hint_scan(h, budget))
            return SAP_MORE;
        h->guessing = h->scan.best > 3u;
        h->stage = HS_DONE;
        if (!h->guessing)
            return SAP_MORE;
        finish_candidates(h);
        if (h->count == 0 || h->approximate || start_endgame(h))
            return SAP_MORE;
        return start_look_ahead(h);
    case HS_ENDGAME:
        return endgame_step(h, budget);
    case HS_WHATIF:
        return what_if_step(h, budget);
    case HS_READ:
        if (read_what_if(h, budget))
            next_what_if(h);
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
    return err; /* NOLINT(clang-analyzer-valist.Unterminated): no va_list here (a false report) */
}
