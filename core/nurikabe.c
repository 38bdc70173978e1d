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
 *
 * "Every unshaded cell reaches the edge through sides and corners" needs no
 * walk: it says the shaded cells (one side-connected group, checked first)
 * enclose no hole, where a hole is a group of unshaded cells joined through
 * sides and corners that does not reach the outside.  The Euler number of
 * the shaded cells (groups minus holes, side-connected cells against
 * corner-connected holes) is a sum over every 2 x 2 window of the grid
 * framed by unshaded cells (Gray's bit-quad count): windows with one shaded
 * cell count +1, with three -1, with two on a diagonal +2, all over 4.  So
 * the one pass that clears the marks and finds 2 x 2 shaded squares also
 * counts the quads, and one group with no hole is an Euler number of 1.
 */
#include "internal.h"

#define CELL_SHADED 0x01u
#define CELL_NUMBERED 0x02u
#define CELL_SEEN_REGION 0x04u /* reached by a 4-connected walk (shaded or island) */
#define CELL_FIXED (CELL_SHADED | CELL_NUMBERED)
#define PARENT_SHIFT 4
#define PARENT_ROOT 8u         /* the walk's start: it has no parent */

struct nurikabe_number {
    uint32_t cell;             /* row * cols + col */
    uint32_t value;
};

/* The steps of a verification (sapper.h section 2: resumable). */
enum verify_phase {
    PHASE_START = 0,    /* nothing done yet */
    PHASE_ROWS,         /* a row at a time: forget an earlier verify's marks,
                           count the shaded, no 2 x 2 square all shaded, and
                           the quads of the Euler number */
    PHASE_SHADED_NUMBERS, /* only blank cells may be shaded */
    PHASE_SHADED_FIND,  /* the first shaded cell, where the shaded walk starts */
    PHASE_SHADED_WALK,  /* the shaded cells are one 4-connected group, no hole */
    PHASE_ISLANDS,      /* one walk per number */
    PHASE_DONE          /* the verdict is in */
};

struct sap_nurikabe {
    uint32_t rows, cols;
    uint32_t number_capacity;
    uint32_t number_count;
    /* the number list starts SAP_NURIKABE_HEADER_BYTES into the block, the
     * cells right after it; both are found from the header's address, so
     * the block needs only uint32_t alignment */

    /* A verification under way (verify_step). */
    uint32_t cursor;           /* the phase's place: a cell, a number or a row */
    int32_t euler4;            /* PHASE_ROWS: 4 x the shaded cells' Euler number */
    uint32_t shaded;           /* shaded cells */
    uint32_t reached;          /* cells the phase's walks reached */
    uint32_t walk_row, walk_col, walk_at; /* a walk's position */
    uint32_t walk_cells;       /* cells it reached */
    uint32_t walk_numbered;    /* numbered cells among them */
    uint8_t phase;             /* enum verify_phase */
    uint8_t walk_dir;          /* the next direction to try at its position */
    uint8_t walking;           /* a walk is under way */
    uint8_t verdict;           /* PHASE_DONE: 1 solved, 0 not */
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
    g->phase = PHASE_START;
    g->walking = 0;
    memset(cells_of(g), 0, (size_t)rows * cols);
    *grid = g;
    return SAP_OK;
}

int sap_nurikabe_set_number(sap_nurikabe *grid, uint32_t row, uint32_t col, uint32_t value)
{
    uint8_t *cells;
    uint32_t at;

    if (grid == NULL)
        return SAP_ERR_ARG;
    cells = cells_of(grid);
    if (row >= grid->rows || col >= grid->cols)
        return SAP_ERR_RANGE;
    at = row * grid->cols + col;
    if (value == 0 || (cells[at] & CELL_NUMBERED) != 0)
        return SAP_ERR_ARG;
    if (grid->number_count >= grid->number_capacity)
        return SAP_ERR_STATE;
    grid->phase = PHASE_START; /* a change starts a verification over */
    grid->walking = 0;
    numbers_of(grid)[grid->number_count].cell = at;
    numbers_of(grid)[grid->number_count].value = value;
    grid->number_count++;
    cells[at] |= CELL_NUMBERED;
    return SAP_OK;
}

int sap_nurikabe_set_shaded(sap_nurikabe *grid, uint32_t row, uint32_t col, bool shaded)
{
    uint8_t *cells;
    uint32_t at;

    if (grid == NULL)
        return SAP_ERR_ARG;
    cells = cells_of(grid);
    if (row >= grid->rows || col >= grid->cols)
        return SAP_ERR_RANGE;
    at = row * grid->cols + col;
    grid->phase = PHASE_START;
    grid->walking = 0;
    if (shaded)
        cells[at] |= CELL_SHADED;
    else
        cells[at] &= (uint8_t)~CELL_SHADED;
    return SAP_OK;
}

int sap_nurikabe_set_row(sap_nurikabe *grid, uint32_t row, uint32_t col,
                         const char *cells, uint32_t count)
{
    uint8_t *at;
    uint32_t i;
    unsigned bad = 0;

    if (grid == NULL || (cells == NULL && count > 0))
        return SAP_ERR_ARG;
    if (row >= grid->rows || col > grid->cols || count > grid->cols - col)
        return SAP_ERR_RANGE;
    for (i = 0; i < count; i++) /* no early exit: the loop stays a vector loop */
        bad |= cells[i] != '#' && cells[i] != '.';
    if (bad)
        return SAP_ERR_ARG;
    at = cells_of(grid) + (size_t)row * grid->cols + col;
    grid->phase = PHASE_START;
    grid->walking = 0;
    for (i = 0; i < count; i++)
        at[i] = (uint8_t)((at[i] & (uint8_t)~CELL_SHADED) | (cells[i] == '#' ? CELL_SHADED : 0u));
    return SAP_OK;
}


/* Starts a walk at `start`: through sides, over cells shaded like it that
 * carry no CELL_SEEN_REGION yet (the shaded walk, or an island's). */
static void walk_start(sap_nurikabe *grid, uint32_t start)
{
    uint8_t *cells = cells_of(grid);
    cells[start] = (uint8_t)((cells[start] & 0x0fu) | CELL_SEEN_REGION
                             | (PARENT_ROOT << PARENT_SHIFT));
    grid->walk_row = start / grid->cols;
    grid->walk_col = start % grid->cols;
    grid->walk_at = start;
    grid->walk_dir = 0;
    grid->walk_cells = 1;
    grid->walk_numbered = (cells[start] & CELL_NUMBERED) != 0;
    grid->walking = 1;
}

/* Carries the walk on for at most *budget steps (a step enters a cell or
 * leaves it); true once it is back at its start with nothing left. */
static bool walk_on(sap_nurikabe *grid, uint32_t *budget_left)
{
    uint8_t *cells = cells_of(grid);
    uint32_t rows = grid->rows, cols = grid->cols, budget = *budget_left;
    uint32_t row = grid->walk_row, col = grid->walk_col, at = grid->walk_at;
    uint32_t reached = grid->walk_cells, numbered = grid->walk_numbered;
    /* a cell is taken when its shading matches and its mark is not set */
    uint8_t test = (uint8_t)(CELL_SHADED | CELL_SEEN_REGION);
    uint8_t want = (uint8_t)(grid->phase == PHASE_SHADED_WALK ? CELL_SHADED : 0);
    unsigned d = grid->walk_dir, directions = 4;
    int32_t offset[4];
    unsigned i;
    bool done = false;

    for (i = 0; i < 4; i++)
        offset[i] = dir_row[i] * (int32_t)cols + dir_col[i];
    while (budget > 0) {
        unsigned parent;
        budget--;
        if (row > 0 && col > 0 && row + 1 < rows && col + 1 < cols) {
            /* inside the border: every neighbour exists */
            for (; d < directions; d++)
                if ((cells[at + (uint32_t)offset[d]] & test) == want)
                    break;
        } else {
            for (; d < directions; d++) {
                uint32_t r = row + (uint32_t)(int32_t)dir_row[d];
                uint32_t c = col + (uint32_t)(int32_t)dir_col[d]; /* -1 wraps past any limit */
                if (r < rows && c < cols && (cells[at + (uint32_t)offset[d]] & test) == want)
                    break;
            }
        }
        if (d < directions) {
            /* forward: the new cell remembers the way back */
            row += (uint32_t)(int32_t)dir_row[d];
            col += (uint32_t)(int32_t)dir_col[d];
            at += (uint32_t)offset[d];
            cells[at] = (uint8_t)((cells[at] & 0x0fu) | CELL_SEEN_REGION | ((d ^ 2u) << PARENT_SHIFT));
            reached++;
            numbered += (cells[at] & CELL_NUMBERED) != 0;
            d = 0;
            continue;
        }
        parent = (unsigned)cells[at] >> PARENT_SHIFT;
        if (parent == PARENT_ROOT) {
            done = true;
            break;
        }
        /* back: resume the parent's scan after the direction that led here */
        row += (uint32_t)(int32_t)dir_row[parent];
        col += (uint32_t)(int32_t)dir_col[parent];
        at += (uint32_t)offset[parent];
        d = (parent ^ 2u) + 1u;
    }
    grid->walk_row = row;
    grid->walk_col = col;
    grid->walk_at = at;
    grid->walk_dir = (uint8_t)d;
    grid->walk_cells = reached;
    grid->walk_numbered = numbered;
    grid->walking = !done;
    *budget_left = budget;
    return done;
}

/* One row of windows: row `i` is cleared of marks and its shaded cells
 * counted (i < rows), and the 2 x 2 windows over rows i - 1 and i, the
 * grid framed by unshaded cells, are counted for the Euler number.  False
 * when a window is all shaded. */
static bool rows_window(sap_nurikabe *grid, uint8_t *cells, uint32_t i)
{
    /* Each window's share of 4 x the Euler number, by its shaded cells
     * (bits: top-left, bottom-left, top-right, bottom-right): one +1,
     * three -1, a diagonal pair +2; 15 is a shaded 2 x 2, answered apart. */
    static const int8_t quad_weight[16] = { 0, 1, 1, 0, 1, 0, 2, -1,
                                            1, 2, 0, -1, 0, -1, -1, 0 };
    uint32_t cols = grid->cols, c, shaded = 0;
    int32_t sum = 0;
    unsigned full = 0;
    const uint8_t *top = i > 0 ? cells + (size_t)(i - 1) * cols : NULL;
    uint8_t *bottom = i < grid->rows ? cells + (size_t)i * cols : NULL;
    unsigned left = 0; /* the window's left column: top bit 1, bottom bit 2 */

    for (c = 0; c <= cols; c++) {
        unsigned right = 0, quad;
        if (c < cols) {
            if (bottom != NULL) {
                bottom[c] &= (uint8_t)CELL_FIXED;
                shaded += bottom[c] & CELL_SHADED;
                right |= (unsigned)(bottom[c] & CELL_SHADED) << 1;
            }
            if (top != NULL)
                right |= top[c] & CELL_SHADED;
        }
        quad = left | right << 2;
        sum += quad_weight[quad];
        full |= quad == 15u;
        left = right;
    }
    grid->shaded += shaded;
    grid->euler4 += sum;
    return full == 0;
}

/* The verdict: the verification ends. */
static int decide(sap_nurikabe *grid, bool solved)
{
    grid->phase = PHASE_DONE;
    grid->verdict = solved ? 1u : 0u;
    grid->walking = 0;
    return SAP_OK;
}

/* Runs the phases on until the budget is spent (SAP_MORE) or a verdict is
 * in (SAP_OK).  Each loop turn is one step: a cell or a number looked at,
 * or a step of a walk. */
static int verify_on(sap_nurikabe *grid, uint32_t budget)
{
    uint8_t *cells = cells_of(grid);
    const struct nurikabe_number *numbers = numbers_of(grid);
    uint32_t rows = grid->rows, cols = grid->cols, total = rows * cols;

    while (budget > 0) {
        uint32_t i = grid->cursor;
        if (grid->walking && !walk_on(grid, &budget))
            return SAP_MORE;
        switch (grid->phase) {
        case PHASE_START:
            grid->shaded = 0;
            grid->euler4 = 0;
            grid->cursor = 0;
            grid->walking = 0;
            grid->phase = PHASE_ROWS;
            break;
        case PHASE_ROWS: /* the cursor is a row, 0 .. rows: the windows above it */
            if (i == rows + 1) {
                grid->cursor = 0;
                grid->phase = PHASE_SHADED_NUMBERS;
                break;
            }
            if (!rows_window(grid, cells, i))
                return decide(grid, false);
            budget = budget > cols ? budget - cols : 0;
            grid->cursor = i + 1;
            break;
        case PHASE_SHADED_NUMBERS:
            for (; i < grid->number_count && budget > 0; i++, budget--)
                if ((cells[numbers[i].cell] & CELL_SHADED) != 0)
                    return decide(grid, false);
            grid->cursor = i;
            if (i == grid->number_count) {
                grid->cursor = 0;
                grid->phase = grid->shaded > 0 ? PHASE_SHADED_FIND : PHASE_ISLANDS;
                grid->reached = 0;
            }
            break;
        case PHASE_SHADED_FIND:
            for (; i < total && budget > 0 && (cells[i] & CELL_SHADED) == 0; i++, budget--)
                continue;
            grid->cursor = i;
            if (i < total && (cells[i] & CELL_SHADED) != 0) {
                grid->phase = PHASE_SHADED_WALK;
                walk_start(grid, i);
            }
            break;
        case PHASE_SHADED_WALK: /* its walk is over */
            if (grid->walk_cells != grid->shaded)
                return decide(grid, false);
            /* one group: a hole (unshaded cells that cannot reach the edge)
             * is an Euler number below 1 */
            if (grid->euler4 != 4)
                return decide(grid, false);
            grid->cursor = 0;
            grid->reached = 0;
            grid->phase = PHASE_ISLANDS;
            break;
        case PHASE_ISLANDS: /* the cursor is the next number; a walk just ended before it */
            if (i > 0) {
                if (grid->walk_numbered != 1 || grid->walk_cells != numbers[i - 1].value)
                    return decide(grid, false);
                grid->reached += grid->walk_cells;
            }
            if (i == grid->number_count) /* or some island has no number */
                return decide(grid, grid->reached == total - grid->shaded);
            /* A marked number cell is shaded (answered above) or lies in an
             * island whose walk saw two numbers (answered too); the test
             * keeps every walk starting on an unmarked cell all the same. */
            if ((cells[numbers[i].cell] & CELL_SEEN_REGION) != 0)
                return decide(grid, false);
            walk_start(grid, numbers[i].cell);
            grid->cursor = i + 1;
            budget--;
            break;
        default: /* PHASE_DONE */
            return SAP_OK;
        }
    }
    return grid->phase == PHASE_DONE ? SAP_OK : SAP_MORE;
}

int sap_nurikabe_verify_step(sap_nurikabe *grid, uint32_t budget, bool *solved)
{
    int err;
    if (grid == NULL || solved == NULL)
        return SAP_ERR_ARG;
    err = verify_on(grid, budget != 0 ? budget : 1u);
    if (err == SAP_OK)
        *solved = grid->verdict != 0;
    return err;
}

int sap_nurikabe_verify(sap_nurikabe *grid)
{
    bool solved = false;
    int err;
    if (grid == NULL)
        return SAP_ERR_ARG;
    if (grid->phase == PHASE_DONE) {
        grid->phase = PHASE_START; /* "may be called again" */
        grid->walking = 0;
    }
    err = sap_nurikabe_verify_step(grid, SAP_BUDGET_UNLIMITED, &solved);
    while (err == SAP_MORE)
        err = sap_nurikabe_verify_step(grid, SAP_BUDGET_UNLIMITED, &solved);
    return err < 0 ? err : solved ? 1 : 0;
}
