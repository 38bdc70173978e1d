/*
 * nurikabe.c - the Nurikabe verifier (UVa 11585), as SPEC.md settles it.
 *
 * One byte per cell: the shading, a "numbered" bit, two visit marks and,
 * in the high nibble, the direction from the cell back to the cell a walk
 * came from.  Every connectivity rule is a depth-first walk that stores its
 * path in those nibbles: going forward writes the way back into the new
 * cell, and when a cell has no unvisited neighbour left the walk steps back
 * and resumes the parent's scan after the direction it had taken.  So a
 * walk over a million cells needs neither recursion nor a stack, and each
 * cell's neighbours are looked at a bounded number of times: linear time.
 *
 * The numbers are kept as a list (cell, value).  Each island walk starts
 * from a number, so the value is at hand without a cell-to-number map; an
 * unshaded cell that no such walk reaches lies in a region without number.
 */
#include "internal.h"

#define CELL_SHADED 0x01u
#define CELL_NUMBERED 0x02u
#define CELL_SEEN_REGION 0x04u /* reached by a 4-connected walk (shaded or island) */
#define CELL_SEEN_EDGE 0x08u   /* reached by the 8-connected walk from the edge */
#define CELL_FIXED (CELL_SHADED | CELL_NUMBERED)
#define PARENT_SHIFT 4
#define PARENT_ROOT 8u         /* the walk's start: it has no parent */

struct nurikabe_number {
    uint32_t cell;             /* row * cols + col */
    uint32_t value;
};

struct sap_nurikabe {
    uint32_t rows, cols;
    uint32_t number_capacity;
    uint32_t number_count;
    /* the number list starts SAP_NURIKABE_HEADER_BYTES into the block, the
     * cells right after it; both are found from the header's address, so
     * the block needs only uint32_t alignment */
};

SAP_STATIC_ASSERT(nurikabe_header_fits, sizeof(struct sap_nurikabe) <= SAP_NURIKABE_HEADER_BYTES);
SAP_STATIC_ASSERT(nurikabe_number_fits, sizeof(struct nurikabe_number) == 8);

/* Directions: the first four share a side, the last four a corner.  The
 * opposite of d is d ^ 2 in both groups. */
static const int8_t dir_row[8] = { -1, 0, 1, 0, -1, -1, 1, 1 };
static const int8_t dir_col[8] = { 0, 1, 0, -1, -1, 1, 1, -1 };

static struct nurikabe_number *numbers_of(sap_nurikabe *grid)
{
    return (struct nurikabe_number *)(void *)((unsigned char *)grid + SAP_NURIKABE_HEADER_BYTES);
}

static uint8_t *cells_of(sap_nurikabe *grid)
{
    return (uint8_t *)(void *)(numbers_of(grid) + grid->number_capacity);
}

int sap_nurikabe_init(sap_nurikabe **grid, void *memory, size_t bytes, uint32_t rows,
                      uint32_t cols, uint32_t numbers)
{
    int err = sap_check_board_size(rows, cols);
    sap_nurikabe *g;

    if (grid == NULL)
        return SAP_ERR_ARG;
    *grid = NULL;
    if (err != SAP_OK)
        return err;
    if (numbers > rows * cols) /* each number has a cell of its own */
        return SAP_ERR_ARG;
    if (memory == NULL || bytes < SAP_NURIKABE_BYTES(rows, cols, numbers))
        return SAP_ERR_NOMEM;
    if (((uintptr_t)memory & (sizeof(uint32_t) - 1u)) != 0)
        return SAP_ERR_ARG;
    g = (sap_nurikabe *)memory;
    g->rows = rows;
    g->cols = cols;
    g->number_capacity = numbers;
    g->number_count = 0;
    memset(cells_of(g), 0, (size_t)rows * cols);
    *grid = g;
    return SAP_OK;
}

int sap_nurikabe_set_number(sap_nurikabe *grid, uint32_t row, uint32_t col, uint32_t value)
{
    uint8_t *cells = cells_of(grid);
    uint32_t at;

    if (row >= grid->rows || col >= grid->cols)
        return SAP_ERR_RANGE;
    at = row * grid->cols + col;
    if (value == 0 || (cells[at] & CELL_NUMBERED) != 0)
        return SAP_ERR_ARG;
    if (grid->number_count >= grid->number_capacity)
        return SAP_ERR_STATE;
    numbers_of(grid)[grid->number_count].cell = at;
    numbers_of(grid)[grid->number_count].value = value;
    grid->number_count++;
    cells[at] |= CELL_NUMBERED;
    return SAP_OK;
}

int sap_nurikabe_set_shaded(sap_nurikabe *grid, uint32_t row, uint32_t col, bool shaded)
{
    uint8_t *cells = cells_of(grid);
    uint32_t at;

    if (row >= grid->rows || col >= grid->cols)
        return SAP_ERR_RANGE;
    at = row * grid->cols + col;
    if (shaded)
        cells[at] |= CELL_SHADED;
    else
        cells[at] &= (uint8_t)~CELL_SHADED;
    return SAP_OK;
}

/* What one walk covers: cells whose shading equals `shaded`, reached
 * through the first `directions` directions (4: sides, 8: sides and
 * corners), not yet carrying `mark`. */
struct walk {
    uint8_t shaded;
    uint8_t mark;
    unsigned directions;
    uint32_t cells;            /* out: cells reached */
    uint32_t numbered;         /* out: numbered cells among them */
};

static void walk_from(sap_nurikabe *grid, uint32_t start, struct walk *w)
{
    uint8_t *cells = cells_of(grid);
    uint32_t rows = grid->rows, cols = grid->cols;
    uint32_t row = start / cols, col = start % cols, at = start;
    /* a cell is taken when its shading matches and its mark is not set */
    uint8_t test = (uint8_t)(CELL_SHADED | w->mark), want = w->shaded;
    int32_t offset[8];
    unsigned d;

    for (d = 0; d < 8; d++)
        offset[d] = dir_row[d] * (int32_t)cols + dir_col[d];
    cells[at] = (uint8_t)((cells[at] & 0x0fu) | w->mark | (PARENT_ROOT << PARENT_SHIFT));
    w->cells = 1;
    w->numbered = (cells[at] & CELL_NUMBERED) != 0;
    d = 0;
    for (;;) {
        unsigned parent;
        if (row > 0 && col > 0 && row + 1 < rows && col + 1 < cols) {
            /* inside the border: every neighbour exists */
            for (; d < w->directions; d++)
                if ((cells[at + (uint32_t)offset[d]] & test) == want)
                    break;
        } else {
            for (; d < w->directions; d++) {
                uint32_t r = row + (uint32_t)(int32_t)dir_row[d];
                uint32_t c = col + (uint32_t)(int32_t)dir_col[d]; /* -1 wraps past any limit */
                if (r < rows && c < cols && (cells[at + (uint32_t)offset[d]] & test) == want)
                    break;
            }
        }
        if (d < w->directions) {
            /* forward: the new cell remembers the way back */
            row += (uint32_t)(int32_t)dir_row[d];
            col += (uint32_t)(int32_t)dir_col[d];
            at += (uint32_t)offset[d];
            cells[at] = (uint8_t)((cells[at] & 0x0fu) | w->mark | ((d ^ 2u) << PARENT_SHIFT));
            w->cells++;
            w->numbered += (cells[at] & CELL_NUMBERED) != 0;
            d = 0;
            continue;
        }
        parent = (unsigned)cells[at] >> PARENT_SHIFT;
        if (parent == PARENT_ROOT)
            return;
        /* back: resume the parent's scan after the direction that led here */
        row += (uint32_t)(int32_t)dir_row[parent];
        col += (uint32_t)(int32_t)dir_col[parent];
        at += (uint32_t)offset[parent];
        d = (parent ^ 2u) + 1u;
    }
}

int sap_nurikabe_verify(sap_nurikabe *grid)
{
    uint8_t *cells = cells_of(grid);
    const struct nurikabe_number *numbers = numbers_of(grid);
    uint32_t rows = grid->rows, cols = grid->cols, total = rows * cols;
    uint32_t shaded = 0, reached, i, r, c;
    struct walk w;

    /* forget the marks of an earlier verify; count the shaded cells */
    for (i = 0; i < total; i++) {
        cells[i] &= (uint8_t)CELL_FIXED;
        shaded += cells[i] & CELL_SHADED;
    }

    /* only blank cells may be shaded */
    for (i = 0; i < grid->number_count; i++)
        if ((cells[numbers[i].cell] & CELL_SHADED) != 0)
            return 0;

    /* no 2 x 2 square all shaded */
    for (r = 0; r + 1 < rows; r++) {
        const uint8_t *top = cells + r * cols, *bottom = top + cols;
        for (c = 0; c + 1 < cols; c++)
            if ((top[c] & top[c + 1] & bottom[c] & bottom[c + 1] & CELL_SHADED) != 0)
                return 0;
    }

    /* the shaded cells are one 4-connected group (or none at all) */
    if (shaded > 0) {
        for (i = 0; (cells[i] & CELL_SHADED) == 0; i++)
            ;
        w.shaded = CELL_SHADED;
        w.mark = CELL_SEEN_REGION;
        w.directions = 4;
        walk_from(grid, i, &w);
        if (w.cells != shaded)
            return 0;
    }

    /* every island holds exactly one number, equal to its size */
    reached = 0;
    w.shaded = 0;
    w.mark = CELL_SEEN_REGION;
    w.directions = 4;
    for (i = 0; i < grid->number_count; i++) {
        /* A marked number cell is shaded (answered above) or lies in an
         * island whose walk saw two numbers (answered too); the test keeps
         * every walk starting on an unmarked cell all the same. */
        if ((cells[numbers[i].cell] & CELL_SEEN_REGION) != 0)
            return 0;
        walk_from(grid, numbers[i].cell, &w);
        if (w.numbered != 1 || w.cells != numbers[i].value)
            return 0;
        reached += w.cells;
    }
    if (reached != total - shaded)
        return 0; /* some island has no number */

    /* every unshaded cell reaches the edge through sides and corners */
    reached = 0;
    w.mark = CELL_SEEN_EDGE;
    w.directions = 8;
    for (r = 0; r < rows; r++) {
        /* inner rows: only their first and last cell lie on the edge */
        uint32_t step = (r == 0 || r + 1 == rows || cols < 2) ? 1u : cols - 1u;
        for (c = 0; c < cols; c += step) {
            uint32_t at = r * cols + c;
            if ((cells[at] & (CELL_SHADED | CELL_SEEN_EDGE)) != 0)
                continue;
            walk_from(grid, at, &w);
            reached += w.cells;
        }
    }
    return reached == total - shaded ? 1 : 0;
}
