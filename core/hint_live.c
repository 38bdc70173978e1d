/*
 * hint_live.c - HINT kept between moves: a session keeps a live
 * deduction (deduce_live.c) beside its game, so that HINT after a move costs
 * what the move changed, not what the board holds.
 *
 * A move tells the block which cells it changed (the game keeps their
 * bounding box); HINT then reads only those boxes: a cell the game shows
 * open that the block does not is opened in it, which moves its rules and
 * local passes on from the numbers that changed.  Once the block is
 * solved, every certain covered cell is settled in it.
 *
 * HINT's scan (hint_text.c) reads the whole board: a flag on a cell proven
 * safe first, else the certain cell with the simplest reason, the first in
 * row order.  Here it reads four sets of cells, each a bit a cell with a bit
 * for every 32 of them, so that the next member in row order is found
 * without reading the board:
 *   - NOTED: cells settled since the last scan (the block's journal,
 *     deduce.h), which the scan sorts into the three others;
 *   - FLAGGED: flagged cells not known to be mines, where a wrong flag
 *     would be;
 *   - PLAIN, TWO, HARDER: the certain cells by the level of their
 *     simplest reason (sap_hint_reasons_level: one number; a number or two beside
 *     known mines; the whole count; with SAP_HINT_REASONS, TWO holds those
 *     of HARDER too until the scan reads their level).  The first member
 *     of the first set not empty is HINT's answer.  A level only falls
 *     while its cell is covered, and only when a cell REASON_REACH (six)
 *     rows or columns away at most is opened, to one number when one two
 *     away at most is: a cell opened sends those of HARDER around it back
 *     to NOTED, and those of TWO next to its neighbours.
 * A member that has been opened, or is a mine flagged, is no longer news,
 * and is taken out when the scan meets it, so each costs the scan once.
 *
 * PROB reads the odds of a global pass over the solved block
 * (sap_deduce_live_count), which the next HINT or PROB then settles as
 * the block's own passes are settled.  Until a move or a HINT, the odds
 * stay as they are: PROB (or VIEW PROB) again reads them without a pass.
 *
 * When nothing is certain, HINT guesses, and a guess weighs the odds of
 * the whole position: the session then runs HINT as before (hint.c)
 * in a block of its own, and the kept block is made again at the next HINT.
 * When the block cannot count a position (its unsettled frontier past the
 * workspace), its settled cells are still certain, and they are more than
 * the cheap rules alone settle, which is all HINT on the whole board has
 * there: HINT names the simplest of them, and PROB says the position is
 * too big to work out, as a whole-board deduction would.  A block made
 * again late in a big game can be such a case where the kept one was not
 * (what it proved move by move it cannot prove at once), so it is best not
 * lost.
 */
#include "deduce.h"
#include "hint.h"
#include "game.h"

enum live_stage {
    LS_FINISH = 0, /* a pass a HINT given up left under way: to its end */
    LS_READ,       /* the moves' boxes */
    LS_SOLVE,      /* the block's rules and passes */
    LS_SORT,       /* NOTED into the other sets */
    LS_FLAGS,      /* FLAGGED: a wrong flag */
    LS_PLAIN,      /* PLAIN: its first */
    LS_TWO,        /* TWO: its first */
    LS_HARDER,     /* HARDER: its first */
    LS_ODDS,       /* PROB's: a global pass, its odds kept */
    LS_DONE,       /* the hint (or the odds) is ready */
    LS_NONE        /* nothing is certain, or the block could not count */
};

enum live_set { NOTED = 0, FLAGGED, PLAIN, TWO, HARDER, SETS };

#define LIVE_BOXES 4u

struct sap_hint_live {
    struct sap_hint hint; /* what HINT's line and move read (hint_text.c) */
    sap_deduce *deduce;
    uint32_t *set[SETS]; /* each: a bit a cell, then a bit a word of them */
    uint32_t words;      /* words of a set's cell bits */
    uint32_t boxes;      /* box[0..boxes): changed, not yet read */
    struct sap_box box[LIVE_BOXES];
    uint32_t row, col; /* the next cell of box[0] */
    uint32_t cursor;   /* the scan's next cell */
    uint8_t stage;
    uint8_t odds;      /* PROB's odds, not HINT's scan */
    uint8_t odds_kept; /* the block holds PROB's odds of the position as it is */
    int8_t error;      /* LS_NONE's: what sap_hint_live_step answers */
};

SAP_STATIC_ASSERT(live_header_fits, sizeof(struct sap_hint_live) <= SAP_HINT_LIVE_HEADER_BYTES);

/* A set's bytes: the cells' bits and the summary's, rounded to 8. */
static size_t set_bytes(uint32_t cells)
{
    size_t words = (cells + 31u) / 32u, summary = (words + 31u) / 32u;
    return ((words + summary) * 4u + 7u) & ~(size_t)7u;
}

static void add(struct sap_hint_live *l, enum live_set which, uint32_t x)
{
    sap_cell_set_add(l->set[which], l->words, x);
}

static void take_out(struct sap_hint_live *l, enum live_set which, uint32_t x)
{
    uint32_t *bits = l->set[which], w = x >> 5;
    bits[w] &= ~((uint32_t)1 << (x & 31u));
    if (bits[w] == 0)
        bits[l->words + (w >> 5)] &= ~((uint32_t)1 << (w & 31u));
}

static bool has(const struct sap_hint_live *l, enum live_set which, uint32_t x)
{
    return (l->set[which][x >> 5] >> (x & 31u)) & 1u;
}

int sap_hint_live_init(struct sap_hint_live **live, void *memory, size_t bytes,
                       const sap_game *game)
{
    struct sap_hint_live *l = (struct sap_hint_live *)memory;
    uint32_t rows = sap_game_rows(game), cols = sap_game_cols(game), cells = rows * cols, i;
    size_t at = SAP_HINT_LIVE_HEADER_BYTES;
    int err;
    *live = NULL;
    if (memory == NULL || bytes < SAP_HINT_LIVE_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    memset(l, 0, sizeof *l);
    l->words = (cells + 31u) / 32u;
    for (i = 0; i < SETS; i++) {
        l->set[i] = (uint32_t *)(void *)((unsigned char *)memory + at);
        memset(l->set[i], 0, set_bytes(cells));
        at += set_bytes(cells);
    }
    err = sap_deduce_live_init(&l->deduce, (unsigned char *)memory + at, bytes - at, rows, cols,
                               sap_game_mines(game));
    if (err != SAP_OK)
        return err;
    l->deduce->journal = l->set[NOTED];
    l->hint.game = game;
    l->hint.deduce = l->deduce;
    /* nothing read yet: the whole board is the change */
    l->box[0] = sap_box_within(rows, cols, 0, 0, rows > cols ? rows : cols);
    l->boxes = 1;
    l->stage = LS_READ;
    *live = l;
    return SAP_OK;
}

void sap_hint_live_moved(struct sap_hint_live *l, struct sap_box box)
{
    if (box.top > box.bottom || box.left > box.right)
        return;                 /* nothing changed */
    if (l->boxes == LIVE_BOXES) /* too many to keep apart: the last grows */
        sap_box_join(&l->box[LIVE_BOXES - 1u], box);
    else
        l->box[l->boxes++] = box;
}

void sap_hint_live_begin_odds(struct sap_hint_live *l)
{
    if (l->odds_kept && l->boxes == 0) { /* no move since (nor HINT: odds is still 1) */
        l->stage = LS_DONE;
        return;
    }
    sap_hint_live_begin(l);
    l->odds = 1;
}

void sap_hint_live_begin(struct sap_hint_live *l)
{
    l->odds = 0;
    l->odds_kept = 0;        /* HINT settles the pass's findings into the block */
    l->error = SAP_ERR_SIZE; /* HINT: nothing certain, a guess to weigh */
    /* a pass's order[] must not change under it: the moves wait for it */
    l->stage = l->deduce->reach == DEPTH_FULL ? LS_FINISH : LS_READ;
    l->row = l->box[0].top;
    l->col = l->box[0].left;
}

/* Cell x opened: the cells of HARDER REASON_REACH rows or columns away at
 * most may have a simpler reason now, and those of TWO two away at most
 * (one number, the simplest, reads no farther; with SAP_HINT_REASONS 0,
 * where they are few, as far as those of HARDER), and are sorted again. */
static void opened(struct sap_hint_live *l, uint32_t x)
{
    sap_deduce *d = l->deduce;
    uint32_t xr = x / d->cols, xc = x % d->cols;
    struct sap_box b = sap_box_within(d->rows, d->cols, xr, xc, REASON_REACH);
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t y = r * d->cols + c;
#if SAP_HINT_REASONS
            bool near = r + 2u >= xr && r <= xr + 2u && c + 2u >= xc && c <= xc + 2u;
#else
            bool near = true;
#endif
            if (has(l, HARDER, y) || (near && has(l, TWO, y)))
                add(l, NOTED, y);
        }
}

/* Cell x of a box read: opened in the block if the game shows it open;
 * if covered, its flag may have changed: settled, it is sorted again;
 * unsettled and flagged, the flag is one to watch. */
static void read_cell(struct sap_hint_live *l, uint32_t x)
{
    sap_deduce *d = l->deduce;
    uint32_t cols = d->cols;
    int number = sap_seen_number(l->hint.game, x / cols, x % cols);
    uint8_t f = flags_of(d)[x];
    if (f & F_OPEN)
        return;
    if (number >= 0) {
        sap_deduce_live_open(d, x, (uint8_t)number);
        opened(l, x);
    } else if (f & F_SETTLED) {
        add(l, NOTED, x);
    } else if (sap_game_cell(l->hint.game, x / cols, x % cols) == 'P') {
        add(l, FLAGGED, x);
    }
}

/* The boxes, a cell a step; true once all are read.  The rules run
 * whenever their stack holds a quarter of the board: read at once, a big
 * box (the whole board, for a block made in the middle of a game) would
 * fill order[] with numbers and leave no room for the seeds, and a local
 * pass would then have to take every group at once. */
static bool read_boxes(struct sap_hint_live *l, uint32_t *budget)
{
    sap_deduce *d = l->deduce;
    uint32_t cols = d->cols;
    while (l->boxes > 0 && *budget > 0) {
        struct sap_box *b = &l->box[0];
        uint32_t x;
        if (d->queue > d->cells / 4u) {
            (void)sap_deduce_live_next(d, budget, &x); /* a safe cell stays settled */
            continue;
        }
        read_cell(l, l->row * cols + l->col);
        --*budget;
        if (++l->col <= b->right)
            continue;
        l->col = b->left;
        if (++l->row <= b->bottom)
            continue;
        l->boxes--;
        memmove(&l->box[0], &l->box[1], l->boxes * sizeof l->box[0]);
        l->row = l->box[0].top;
        l->col = l->box[0].left;
    }
    return l->boxes == 0;
}

/* The lowest set bit's place in a nonzero word (no builtin: some targets
 * would call a library for it). */
static uint32_t lowest_bit(uint32_t w)
{
    uint32_t n = 0;
    if ((w & 0xFFFFu) == 0) {
        n += 16u;
        w >>= 16;
    }
    if ((w & 0xFFu) == 0) {
        n += 8u;
        w >>= 8;
    }
    if ((w & 0xFu) == 0) {
        n += 4u;
        w >>= 4;
    }
    if ((w & 3u) == 0) {
        n += 2u;
        w >>= 2;
    }
    return n + ((w & 1u) == 0);
}

/* The first member of a set at x or after it (cells: none); a step for
 * each summary word read. */
static uint32_t next_in(const struct sap_hint_live *l, enum live_set which, uint32_t x,
                        uint32_t *budget)
{
    const uint32_t *bits = l->set[which], *summary = bits + l->words;
    uint32_t cells = l->deduce->cells, w = x >> 5, rest;
    if (x >= cells)
        return cells;
    rest = bits[w] & (~(uint32_t)0 << (x & 31u));
    if (rest != 0)
        return (w << 5) + lowest_bit(rest);
    for (w++; w < l->words; w = (w | 31u) + 1u) {
        uint32_t s = summary[w >> 5] & (~(uint32_t)0 << (w & 31u));
        sap_charge(budget, 1u);
        if (s != 0) {
            w = (w & ~31u) + lowest_bit(s);
            return (w << 5) + lowest_bit(bits[w]); /* a summary bit: a member */
        }
    }
    return cells;
}

static bool flagged(const struct sap_hint_live *l, uint32_t x)
{
    uint32_t cols = l->deduce->cols;
    return sap_game_cell(l->hint.game, x / cols, x % cols) == 'P';
}

/* A noted cell sorted: a settled cell covered goes to the set of its
 * level, and to FLAGGED too when flagged and safe; a mine flagged is no
 * news.  With SAP_HINT_REASONS, whose reasons of level 2 read more, a
 * cell not of one number goes to TWO, and its level is read only when the
 * scan comes to it (read_level). */
static void sort_cell(struct sap_hint_live *l, uint32_t x)
{
    static const uint8_t set_of_level[] = { PLAIN, PLAIN, TWO, HARDER };
    uint8_t f = flags_of(l->deduce)[x] & (F_OPEN | F_SETTLED);
    bool safe = f == F_SEEN_SAFE, mine = f == F_SEEN_MINE;
    unsigned known = SAP_HINT_REASONS ? 2u : 4u; /* one number, or read_level */
    take_out(l, PLAIN, x);
    take_out(l, TWO, x);
    take_out(l, HARDER, x);
    if (!safe && !mine)
        return; /* opened since */
    if (flagged(l, x)) {
        if (safe)
            add(l, FLAGGED, x);
        else
            return;
    }
    add(l,
        (enum live_set)set_of_level[sap_hint_reasons_level(l->hint.game, x, safe, known) & 3u],
        x);
}

#if SAP_HINT_REASONS
/* The first member of TWO or HARDER that is news: the answer if its level
 * is the set's.  TWO's members may be of either (sort_cell, above), and
 * their level is read here: one of HARDER moves there, where its level
 * stays until a cell near enough to lower it opens (opened(), above). */
static uint32_t read_level(struct sap_hint_live *l, uint32_t x, bool safe)
{
    unsigned level = l->stage == LS_TWO ? sap_hint_reasons_level(l->hint.game, x, safe, 4u)
                                        : 3u;
    if (level > 2u && l->stage == LS_TWO) {
        take_out(l, TWO, x);
        add(l, HARDER, x);
    } else {
        l->hint.scan.best = (uint8_t)level;
        l->hint.scan.best_cell = x;
        l->hint.scan.best_safe = safe;
    }
    return TWO_STEPS_STEPS;
}
#endif

/* One member of the set the stage reads: the steps it cost. */
static uint32_t look_at(struct sap_hint_live *l, uint32_t x)
{
    sap_deduce *d = l->deduce;
    uint8_t f = flags_of(d)[x] & (F_OPEN | F_SETTLED);
    switch (l->stage) {
    case LS_SORT:
        take_out(l, NOTED, x);
        sort_cell(l, x);
        return TWO_STEPS_STEPS;
    case LS_FLAGS:
        if ((f & F_OPEN) || f == F_SEEN_MINE || !flagged(l, x))
            take_out(l, FLAGGED, x); /* opened, unflagged, or rightly flagged */
        else
            (void)sap_hint_scan_wrong_flag(&l->hint, x);
        return 1;
    default: /* LS_PLAIN, LS_TWO, LS_HARDER: the first that is news */
        if ((f & F_OPEN) || (f == F_SEEN_MINE && flagged(l, x))) {
            take_out(l, (enum live_set)(PLAIN + (l->stage - LS_PLAIN)), x);
            return 1;
        }
#if SAP_HINT_REASONS
        if (l->stage != LS_PLAIN && !flagged(l, x))
            return read_level(l, x, f == F_SEEN_SAFE);
#endif
        return sap_hint_scan_consider(&l->hint, x);
    }
}

/* The stage's set read in row order, from l->cursor; true once it is
 * done (read through, or its answer found). */
static bool read_set(struct sap_hint_live *l, uint32_t *budget)
{
    static const uint8_t set_of[] = { [LS_SORT] = NOTED,
                                      [LS_FLAGS] = FLAGGED,
                                      [LS_PLAIN] = PLAIN,
                                      [LS_TWO] = TWO,
                                      [LS_HARDER] = HARDER };
    uint32_t cells = l->deduce->cells;
    while (*budget > 0) {
        uint32_t x = next_in(l, (enum live_set)set_of[l->stage], l->cursor, budget), cost;
        if (x == cells)
            return true;
        l->cursor = x + 1u;
        cost = look_at(l, x);
        sap_charge(budget, cost);
        if (l->hint.scan.best <= (l->stage == LS_FLAGS ? 0u : 3u))
            return true;
    }
    return false;
}

/* The scan's next stage, once one is done. */
static void next_stage(struct sap_hint_live *l)
{
    l->cursor = 0;
    if (l->hint.scan.best <= 3u)
        l->stage = LS_DONE; /* a wrong flag, or the first of its level */
    else if (l->stage == LS_HARDER)
        l->stage = LS_NONE;
    else
        l->stage++;
}

int sap_hint_live_spend(struct sap_hint_live *l, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    while (budget > 0 && l->stage < LS_DONE) {
        int got;
        switch (l->stage) {
        case LS_FINISH:
            if (sap_deduce_live_solve(l->deduce, &budget, NULL) != LIVE_MORE)
                l->stage = LS_READ; /* the boxes from where begin put the reading */
            break;
        case LS_READ:
            if (read_boxes(l, &budget))
                l->stage = LS_SOLVE;
            break;
        case LS_SOLVE:
            got = sap_deduce_live_solve(l->deduce, &budget, NULL);
            if (got == LIVE_PARTIAL && l->deduce->contradiction) {
                l->error =
                    SAP_ERR_STATE; /* never on a real game: said as the full pass says it */
                l->stage = LS_NONE;
            } else if (got != LIVE_MORE && l->odds) {
                sap_deduce_live_count(l->deduce);
                l->stage = LS_ODDS;
            } else if (got != LIVE_MORE) {
                /* LIVE_PARTIAL: the count could not be done (its frontier
                 * past the workspace): what is settled is certain, and
                 * more than the cheap rules alone settle, which is what
                 * HINT on the whole board falls back to there */
                sap_hint_scan_begin(&l->hint);
                l->cursor = 0;
                l->stage = LS_SORT;
            }
            break;
        case LS_ODDS:
            got = sap_deduce_spend(l->deduce, &budget);
            if (got != SAP_MORE) {
                l->error = (int8_t)got; /* past the workspace, or no layout fits */
                l->stage = got == SAP_OK ? LS_DONE : LS_NONE;
                l->odds_kept = got == SAP_OK;
            }
            break;
        default:
            if (read_set(l, &budget))
                next_stage(l);
            break;
        }
    }
    *budget_left = budget;
    return l->stage == LS_DONE ? SAP_OK : l->stage == LS_NONE ? l->error : SAP_MORE;
}

int sap_hint_live_step(struct sap_hint_live *l, uint32_t budget)
{
    if (budget == 0)
        budget = 1;
    return sap_hint_live_spend(l, &budget);
}

struct sap_hint *sap_hint_live_hint(struct sap_hint_live *l)
{
    return &l->hint;
}

sap_deduce *sap_hint_live_deduce(struct sap_hint_live *l)
{
    return l->deduce;
}
