/*
 * hint_live.c - HINT kept between moves: a session keeps a live deduction
 * (deduce_live.c) beside its game, so that HINT after a move costs what
 * the move changed, not what the board holds.
 *
 * A move tells the block which cells it changed (the game keeps their
 * bounding box); HINT then reads only those boxes: a cell the game shows
 * open that the block does not is opened in it, which moves its rules and
 * local passes on from the numbers that changed.  Once the block is
 * solved, every certain covered cell is settled in it, and each cell it
 * settles is noted in a bitmap with a summary bit for every 32 of them
 * (sap_deduce_note).  HINT's scan (hint.c) then looks at the noted cells
 * only, in row order, and so chooses what the scan of the whole board
 * would: a wrong flag first, else the certain cell with the simplest
 * reason, the first in row order.  A noted cell that has been opened or
 * is a mine flagged is no longer news, and its bit is cleared when the
 * scan meets it, so each such cell costs the scan once.
 *
 * When nothing is certain, HINT guesses, and a guess weighs the odds of
 * the whole position: the session then runs HINT as before (guess.c) in a
 * block of its own.  So does it when the block cannot count a position
 * (LIVE_PARTIAL: a group too big, or no layout fits).
 */
#include "deduce.h"
#include "game.h"

enum live_stage {
    LS_FINISH = 0, /* a pass a HINT given up left under way: to its end */
    LS_READ,       /* the moves' boxes */
    LS_SOLVE,    /* the block's rules and passes */
    LS_SCAN,     /* the noted cells: a wrong flag, then the simplest reason */
    LS_DONE,     /* the hint is ready */
    LS_NONE      /* nothing is certain, or the block could not count */
};

#define LIVE_BOXES 4u

struct sap_live {
    struct sap_hint hint; /* what HINT's line and move read (hint.c) */
    sap_deduce *deduce;
    uint32_t *bits;         /* a bit a cell noted, then a bit a word of them */
    uint32_t words;         /* words of the cells' bits */
    uint32_t boxes;         /* box[0..boxes): changed, not yet read */
    struct sap_box box[LIVE_BOXES];
    uint32_t row, col;      /* the next cell of box[0] */
    uint32_t cursor;        /* the scan's next cell */
    uint8_t stage;
    uint8_t pass; /* the scan's: 0 wrong flags, 1 the simplest reason */
};

SAP_STATIC_ASSERT(live_header_fits, sizeof(struct sap_live) <= SAP_HINT_LIVE_HEADER_BYTES);

static size_t bits_bytes(uint32_t cells)
{
    size_t words = (cells + 31u) / 32u, summary = (words + 31u) / 32u;
    return ((words + summary) * 4u + 7u) & ~(size_t)7u;
}

int sap_live_init(struct sap_live **live, void *memory, size_t bytes, const sap_game *game)
{
    struct sap_live *l = (struct sap_live *)memory;
    uint32_t rows = sap_game_rows(game), cols = sap_game_cols(game), cells = rows * cols;
    size_t at = SAP_HINT_LIVE_HEADER_BYTES + bits_bytes(cells);
    int err;
    *live = NULL;
    if (memory == NULL || bytes < SAP_HINT_LIVE_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    memset(l, 0, sizeof *l);
    l->bits = (uint32_t *)(void *)((unsigned char *)memory + SAP_HINT_LIVE_HEADER_BYTES);
    l->words = (cells + 31u) / 32u;
    memset(l->bits, 0, bits_bytes(cells));
    err = sap_deduce_live_init(&l->deduce, (unsigned char *)memory + at, bytes - at, rows, cols,
                               sap_game_mines(game));
    if (err != SAP_OK)
        return err;
    l->deduce->noted = l->bits;
    l->hint.game = game;
    l->hint.deduce = l->deduce;
    l->hint.half = cells;
    l->hint.pair = HINT_CANDIDATES;
    /* nothing read yet: the whole board is the change */
    l->box[0] = sap_box_within(rows, cols, 0, 0, rows > cols ? rows : cols);
    l->boxes = 1;
    l->stage = LS_READ;
    *live = l;
    return SAP_OK;
}

void sap_live_moved(struct sap_live *l, struct sap_box box)
{
    uint32_t i;
    if (box.top > box.bottom || box.left > box.right)
        return; /* nothing changed */
    if (l->boxes == LIVE_BOXES) { /* too many to keep apart: the last grows */
        struct sap_box *b = &l->box[LIVE_BOXES - 1u];
        b->top = box.top < b->top ? box.top : b->top;
        b->left = box.left < b->left ? box.left : b->left;
        b->bottom = box.bottom > b->bottom ? box.bottom : b->bottom;
        b->right = box.right > b->right ? box.right : b->right;
        return;
    }
    i = l->boxes++;
    l->box[i] = box;
    if (i == 0) {
        l->row = box.top;
        l->col = box.left;
    }
}

void sap_live_begin(struct sap_live *l)
{
    /* a pass's order[] must not change under it: the moves wait for it */
    l->stage = l->deduce->reach == DEPTH_FULL ? LS_FINISH : l->boxes > 0 ? LS_READ : LS_SOLVE;
    if (l->boxes > 0) {
        l->row = l->box[0].top;
        l->col = l->box[0].left;
    }
}

/* Cell x of a box read: opened in the block if the game shows it open;
 * if covered, noted again when settled (its flag may have changed). */
static void read_cell(struct sap_live *l, uint32_t x)
{
    sap_deduce *d = l->deduce;
    uint32_t cols = d->cols;
    int number = sap_seen_number(l->hint.game, x / cols, x % cols);
    uint8_t f = flags_of(d)[x];
    if (f & F_OPEN)
        return;
    if (number >= 0)
        sap_deduce_live_open(d, x, (uint8_t)number);
    else if (f & F_SETTLED)
        sap_deduce_note(d, x);
}

/* The boxes, a cell a step; true once all are read. */
static bool read_boxes(struct sap_live *l, uint32_t *budget)
{
    uint32_t cols = l->deduce->cols;
    while (l->boxes > 0 && *budget > 0) {
        struct sap_box *b = &l->box[0];
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

/* The first noted cell at x or after it (cells: none); a step for each
 * summary word read. */
static uint32_t next_noted(const struct sap_live *l, uint32_t x, uint32_t *budget)
{
    const uint32_t *bits = l->bits, *summary = l->bits + l->words;
    uint32_t cells = l->deduce->cells, w = x >> 5, rest;
    if (x >= cells)
        return cells;
    rest = bits[w] & (~(uint32_t)0 << (x & 31u));
    if (rest != 0)
        return (w << 5) + lowest_bit(rest);
    for (w++; w < l->words; w = (w | 31u) + 1u) {
        uint32_t s = summary[w >> 5] & (~(uint32_t)0 << (w & 31u));
        *budget = *budget > 0 ? *budget - 1u : 0;
        if (s != 0) {
            w = (w & ~31u) + lowest_bit(s);
            if (bits[w] != 0)
                return (w << 5) + lowest_bit(bits[w]);
            continue; /* cleared since: look on from the next word */
        }
    }
    return cells;
}

/* A noted cell that is no longer news: opened, or a mine flagged. */
static bool stale(const struct sap_live *l, uint32_t x)
{
    sap_deduce *d = l->deduce;
    uint8_t f = flags_of(d)[x];
    return (f & F_OPEN) != 0
           || ((f & F_SETTLED) == F_SEEN_MINE
               && sap_game_cell(l->hint.game, x / d->cols, x % d->cols) == 'P');
}

static void forget(struct sap_live *l, uint32_t x)
{
    uint32_t *bits = l->bits, w = x >> 5;
    bits[w] &= ~((uint32_t)1 << (x & 31u));
    if (bits[w] == 0)
        bits[l->words + (w >> 5)] &= ~((uint32_t)1 << (w & 31u));
}

/* HINT's scan (hint.c) over the noted cells; true once done. */
static bool scan(struct sap_live *l, uint32_t *budget)
{
    sap_deduce *d = l->deduce;
    while (*budget > 0) {
        uint32_t x = next_noted(l, l->cursor, budget), cost = 1;
        if (x == d->cells || (l->pass == 0 && d->u.hint.best == 0)
            || (l->pass == 1 && d->u.hint.best <= 1)) {
            if (l->pass == 1 || d->u.hint.best == 0)
                return true;
            l->pass = 1;
            l->cursor = 0;
            continue;
        }
        l->cursor = x + 1u;
        if (stale(l, x))
            forget(l, x);
        else if (l->pass == 0)
            (void)sap_hint_wrong_flag(&l->hint, x);
        else
            cost = sap_hint_consider(&l->hint, x);
        *budget = *budget > cost ? *budget - cost : 0;
    }
    return false;
}

int sap_live_step(struct sap_live *l, uint32_t budget)
{
    if (budget == 0)
        budget = 1;
    while (budget > 0) {
        switch (l->stage) {
        case LS_FINISH:
            if (sap_deduce_live_solve(l->deduce, &budget, NULL) != LIVE_MORE)
                l->stage = LS_READ;
            break;
        case LS_READ:
            if (read_boxes(l, &budget))
                l->stage = LS_SOLVE;
            break;
        case LS_SOLVE: {
            int got = sap_deduce_live_solve(l->deduce, &budget, NULL);
            if (got == LIVE_PARTIAL) {
                l->stage = LS_NONE;
                return SAP_ERR_SIZE;
            }
            if (got == LIVE_IDLE) {
                sap_hint_scan_begin(l->deduce);
                l->pass = 0;
                l->cursor = 0;
                l->stage = LS_SCAN;
            }
            break;
        }
        case LS_SCAN:
            if (!scan(l, &budget))
                break;
            l->stage = l->deduce->u.hint.best > 3u ? LS_NONE : LS_DONE;
            break;
        case LS_DONE:
            return SAP_OK;
        default:
            return SAP_ERR_SIZE;
        }
    }
    return l->stage == LS_DONE ? SAP_OK : l->stage == LS_NONE ? SAP_ERR_SIZE : SAP_MORE;
}

struct sap_hint *sap_live_hint(struct sap_live *l)
{
    return &l->hint;
}
