/*
 * geometry.h - the board's shape as every engine of the core sees it: the
 * eight neighbours of a cell, the block of cells around one clipped to the
 * board, and the seeded random numbers that lay mines on it.  It knows no
 * engine (what a player sees of a game is game.h's).  Internal to the
 * core; sapper.h is the public header.
 *
 * A board has `rows` rows and `cols` columns; cell (r, c), both 0-based,
 * is also the index x = r * cols + c.
 */
#ifndef SAP_GEOMETRY_H
#define SAP_GEOMETRY_H

#include "internal.h"

SAP_INTERNAL_BEGIN

/* ---- neighbours -------------------------------------------------------- */

/* The eight neighbours of a cell, in row-major order: direction d (0..7)
 * steps sap_steps[d].row rows and sap_steps[d].col columns, and d and
 * 7 - d are opposite ways (game.c, whose opening walks them most). */
struct sap_step {
    int8_t row, col;
};
extern const struct sap_step sap_steps[8];

/* The row (column) one step in direction d from r (c).  A step off the top
 * (left) edge wraps to UINT32_MAX, so one `< rows` (`< cols`) test catches
 * both edges. */
static inline uint32_t sap_step_row(uint32_t r, unsigned d)
{
    return r + (uint32_t)(int32_t)sap_steps[d].row;
}

static inline uint32_t sap_step_col(uint32_t c, unsigned d)
{
    return c + (uint32_t)(int32_t)sap_steps[d].col;
}

/* Whether all eight neighbours of (r, c) exist (r - 1 wraps for row 0),
 * so that a fast path may skip their bounds tests; always false in a size
 * build, whose general loops then do all the work. */
static inline bool sap_inside_border(uint32_t rows, uint32_t cols, uint32_t r, uint32_t c)
{
    return SAP_FAST_PATHS && r - 1u < rows - 2u && c - 1u < cols - 2u;
}

/* ---- boxes ------------------------------------------------------------- */

/* The cells of rows top..bottom and columns left..right, both ends in: the
 * block around a cell, or the bounding box of a move's changes (game.h),
 * which is empty while top > bottom. */
struct sap_box {
    uint32_t top, bottom, left, right;
};

/* The cells within `reach` rows and columns of (r, c), clipped to the
 * board. */
static inline struct sap_box sap_box_within(uint32_t rows, uint32_t cols, uint32_t r,
                                            uint32_t c, uint32_t reach)
{
    struct sap_box box;
    box.top = r > reach ? r - reach : 0;
    box.bottom = r + reach < rows ? r + reach : rows - 1u;
    box.left = c > reach ? c - reach : 0;
    box.right = c + reach < cols ? c + reach : cols - 1u;
    return box;
}

/* The 3 x 3 block around (r, c), clipped to the board: the cell and its
 * neighbours.  sap_block_around_cell takes the cell's index. */
static inline struct sap_box sap_block_around(uint32_t rows, uint32_t cols, uint32_t r,
                                              uint32_t c)
{
    /* sap_box_within(..., 1), written so that each side is the cell's own
     * row or column or one off it: a compare and a conditional move, which
     * the casual player's closures (a block per cell they touch) feel */
    struct sap_box box;
    box.top = r > 0 ? r - 1u : r;
    box.bottom = r + 1u < rows ? r + 1u : r;
    box.left = c > 0 ? c - 1u : c;
    box.right = c + 1u < cols ? c + 1u : c;
    return box;
}

static inline struct sap_box sap_block_around_cell(uint32_t rows, uint32_t cols, uint32_t x)
{
    uint32_t r = x / cols;
    return sap_block_around(rows, cols, r, x - r * cols);
}

/* Grows *box to take in `other` as well (the bounding box of both). */
static inline void sap_box_join(struct sap_box *box, struct sap_box other)
{
    box->top = other.top < box->top ? other.top : box->top;
    box->bottom = other.bottom > box->bottom ? other.bottom : box->bottom;
    box->left = other.left < box->left ? other.left : box->left;
    box->right = other.right > box->right ? other.right : box->right;
}

static inline uint32_t sap_box_cells(const struct sap_box *box)
{
    return (box->bottom - box->top + 1u) * (box->right - box->left + 1u);
}

static inline bool sap_box_holds(const struct sap_box *box, uint32_t r, uint32_t c)
{
    return r >= box->top && r <= box->bottom && c >= box->left && c <= box->right;
}

/* The cells a random board keeps free of its `mines` around the first
 * click (r, c), so that the click opens: the 3 x 3 block, or with too many
 * mines for that, the cell alone. */
static inline struct sap_box sap_first_click_zone(uint32_t rows, uint32_t cols, uint32_t r,
                                                  uint32_t c, uint32_t mines)
{
    struct sap_box zone = sap_block_around(rows, cols, r, c);
    if (mines > rows * cols - sap_box_cells(&zone)) {
        zone.top = zone.bottom = r;
        zone.left = zone.right = c;
    }
    return zone;
}

/* ---- seeded random numbers ------------------------------------------------ */

/*
 * The one generator of random boards (game_random.c) and no-guess boards
 * (generate.c): xorshift32, three shifts and three xors a draw, cheap on
 * an 8-bit AVR.  Integers only, 32 bits at most, so that the same seed
 * gives the same numbers, and so the same boards, on every target.
 */

/* The state a seed starts: scrambled so that neighbouring seeds give
 * unrelated boards, and never 0 (xorshift's fixed point). */
static inline uint32_t sap_random_start(uint32_t seed)
{
    uint32_t s = seed + 0x9E3779B9u;
    s ^= s >> 16;
    s *= 0x85EBCA6Bu;
    s ^= s >> 13;
    s *= 0xC2B2AE35u;
    s ^= s >> 16;
    return s != 0 ? s : 0x6D2B79F5u;
}

static inline uint32_t sap_random_next(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* The high half of the 64-bit product a * b, from 16-bit halves so that an
 * 8-bit or 32-bit target needs no 64-bit multiply. */
static inline uint32_t sap_product_high(uint32_t a, uint32_t b)
{
    uint32_t ah = a >> 16, al = a & 0xFFFFu, bh = b >> 16, bl = b & 0xFFFFu;
    uint32_t cross1 = ah * bl, cross2 = al * bh;
    uint32_t carry = ((al * bl) >> 16) + (cross1 & 0xFFFFu) + (cross2 & 0xFFFFu);
    return ah * bh + (cross1 >> 16) + (cross2 >> 16) + (carry >> 16);
}

/* A draw in [0, bound), every value equally likely (0 when bound is 0):
 * the high half of x * bound for a drawn x.  Of the 2^32 values of x, each
 * result comes of 2^32 / bound of them, rounded down or up; an x whose
 * product's low half is below 2^32 mod bound is drawn again, which leaves
 * each result exactly the rounded-down count (Lemire's method: that
 * remainder, a division, is worked out only in the rare case that the low
 * half is below bound). */
static inline uint32_t sap_random_below(uint32_t *state, uint32_t bound)
{
    uint32_t x = sap_random_next(state);
    if (x * bound < bound) {
        uint32_t surplus = ((uint32_t)0 - bound) % bound; /* 2^32 mod bound */
        while (x * bound < surplus)
            x = sap_random_next(state);
    }
    return sap_product_high(x, bound);
}

SAP_INTERNAL_END

#endif
