/*
 * nurikabe.c - the Nurikabe verifier (UVa 11585 "Nurikabe"), by the rules
 * core/README.md states (Nurikabe verifier).
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
 * corner-connected holes) is V - E + F: the shaded cells, the pairs of them
 * that share a side, and their 2 x 2 squares (Gray's bit-quad count, summed
 * another way).  A 2 x 2 square already fails the grid, so F is 0, and one
 * group with no hole is V - E = 1.  The one pass that clears the marks and
 * looks for 2 x 2 squares counts V and E as well, eight cells a word on
 * hosts.
 */
#include "internal.h"

#define CELL_SHADED 0x01u
#define CELL_NUMBERED 0x02u
#define CELL_SEEN_REGION 0x04u /* reached by a 4-connected walk (shaded or island) */
/* On the grid's edge (a side neighbour missing): set by the rows pass on
 * hosts, so that a walk knows where bounds matter from the byte in hand
 * instead of testing its row and column at every step. */
#define CELL_BORDER 0x08u
#define CELL_FIXED (CELL_SHADED | CELL_NUMBERED)
#define PARENT_SHIFT 4
#define PARENT_ROOT 8u /* the walk's start: it has no parent */

struct nurikabe_number {
    uint32_t cell; /* row * cols + col */
    uint32_t value;
};

/* The steps of a verification (sapper.h section 2: resumable). */
enum verify_phase {
    PHASE_START = 0,      /* nothing done yet */
    PHASE_ROWS,           /* a row at a time: forget an earlier verify's marks,
                           count the shaded and the shaded pairs sharing a
                           side (the Euler number), no 2 x 2 square all
                           shaded */
    PHASE_SHADED_NUMBERS, /* only blank cells may be shaded */
    PHASE_SHADED_FIND,    /* the first shaded cell, where the shaded walk starts */
    PHASE_SHADED_WALK,    /* the shaded cells are one 4-connected group, no hole */
    PHASE_ISLANDS,        /* one walk per number */
    PHASE_DONE            /* the verdict is in */
};

struct sap_nurikabe {
    uint32_t rows, cols;
    uint32_t number_capacity;
    uint32_t number_count;
    /* the number list starts SAP_NURIKABE_HEADER_BYTES into the block, the
     * cells right after it; both are found from the header's address, so
     * the block needs only uint32_t alignment */

    /* A verification under way (verify_step). */
    uint32_t cursor;                      /* the phase's place: a cell, a number or a row */
    uint32_t sides;                       /* PHASE_ROWS: pairs of shaded cells sharing a side */
    uint32_t shaded;                      /* shaded cells */
    uint32_t reached;                     /* cells the phase's walks reached */
    uint32_t walk_row, walk_col, walk_at; /* a walk's position */
    uint32_t walk_cells;                  /* cells it reached */
    uint32_t walk_numbered;               /* numbered cells among them */
    uint8_t phase;                        /* enum verify_phase */
    uint8_t walk_dir;                     /* the next direction to try at its position */
    uint8_t walking;                      /* a walk is under way */
    uint8_t verdict;                      /* PHASE_DONE: 1 solved, 0 not */
};

SAP_STATIC_ASSERT(nurikabe_header_fits,
                  sizeof(struct sap_nurikabe) <= SAP_NURIKABE_HEADER_BYTES);
SAP_STATIC_ASSERT(nurikabe_number_fits, sizeof(struct nurikabe_number) == 8);

/* Directions: the first four share a side, the last four a corner.  The
 * opposite of d is d ^ 2 in both groups. */
static const int8_t dir_row[8] = { -1, 0, 1, 0, -1, -1, 1, 1 };
static const int8_t dir_col[8] = { 0, 1, 0, -1, -1, 1, 1, -1 };

static struct nurikabe_number *numbers_of(sap_nurikabe *grid)
{
    return (struct nurikabe_number *)(void *)((unsigned char *)grid
                                              + SAP_NURIKABE_HEADER_BYTES);
}

static uint8_t *cells_of(sap_nurikabe *grid)
{
    return (uint8_t *)(void *)(numbers_of(grid) + grid->number_capacity);
}

int sap_nurikabe_init(sap_nurikabe **grid, void *memory, size_t bytes, uint32_t rows,
                      uint32_t cols, uint32_t numbers)
{
    int err = sap_text_check_board_size(rows, cols);
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

int sap_nurikabe_set_row(sap_nurikabe *grid, uint32_t row, uint32_t col, const char *cells,
                         uint32_t count)
{
    uint8_t *at;
    uint32_t i, words = SAP_FAST_PATHS ? count / 8u * 8u : 0u;

    if (grid == NULL || (cells == NULL && count > 0))
        return SAP_ERR_ARG;
    if (row >= grid->rows || col > grid->cols || count > grid->cols - col)
        return SAP_ERR_RANGE;
    if (sap_row_has_other(cells, count, '#', '.'))
        return SAP_ERR_ARG;
    at = cells_of(grid) + (size_t)row * grid->cols + col;
    grid->phase = PHASE_START;
    grid->walking = 0;
    for (i = 0; i < words; i += 8) {
        /* 0x01 (CELL_SHADED) in each byte that is '#' */
        uint64_t not_shaded = sap_nonzero_bytes(sap_load_eight(cells + i) ^ SAP_EACH_BYTE('#'));
        uint64_t shaded = (not_shaded ^ SAP_EACH_BYTE(0x80)) >> 7;
        uint64_t v = (sap_load_eight(at + i) & ~SAP_EACH_BYTE(CELL_SHADED)) | shaded;
        memcpy(at + i, &v, 8);
    }
    for (; i < count; i++)
        at[i] = (uint8_t)((at[i] & (uint8_t)~CELL_SHADED)
                          | (cells[i] == '#' ? CELL_SHADED : 0u));
    return SAP_OK;
}

/* Starts a walk at `start`: through sides, over cells shaded like it that
 * carry no CELL_SEEN_REGION yet (the shaded walk, or an island's). */
static inline void walk_start(sap_nurikabe *grid, uint32_t start)
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

/* The first side from direction d on whose cell the walk takes (its
 * shading and mark, under `test`, are `want`), or 4 when none is left.
 * Inside the border the four are read by constant offsets, resuming at d
 * by falling through the cases; on the border each is checked against the
 * board's bounds first. */
static inline unsigned next_inside(const uint8_t *here, uint32_t cols, uint8_t test,
                                   uint8_t want, unsigned d)
{
    switch (d) {
    case 0:
        if ((*(here - cols) & test) == want)
            return 0; /* fall through */
    case 1:
        if ((here[1] & test) == want)
            return 1; /* fall through */
    case 2:
        if ((here[cols] & test) == want)
            return 2; /* fall through */
    case 3:
        if ((here[-1] & test) == want)
            return 3; /* fall through */
    default:
        return 4;
    }
}

static inline unsigned next_on_border(const uint8_t *here, const int32_t offset[4],
                                      uint32_t rows, uint32_t cols, uint32_t row, uint32_t col,
                                      uint8_t test, uint8_t want, unsigned d)
{
    for (; d < 4; d++) {
        uint32_t r = row + (uint32_t)(int32_t)dir_row[d];
        uint32_t c = col + (uint32_t)(int32_t)dir_col[d]; /* -1 wraps past any limit */
        if (r < rows && c < cols && (here[offset[d]] & test) == want)
            return d;
    }
    return 4;
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
    unsigned d = grid->walk_dir;
    bool inside = SAP_FAST_PATHS && !(cells[at] & CELL_BORDER);
    int32_t offset[4];
    unsigned i;
    bool done = false;

    for (i = 0; i < 4; i++)
        offset[i] = dir_row[i] * (int32_t)cols + dir_col[i];
    while (budget > 0) {
        unsigned parent;
        budget--;
        d = inside ? next_inside(cells + at, cols, test, want, d)
                   : next_on_border(cells + at, offset, rows, cols, row, col, test, want, d);
        if (d < 4) {
            /* forward: the new cell remembers the way back */
            row += (uint32_t)(int32_t)dir_row[d];
            col += (uint32_t)(int32_t)dir_col[d];
            at += (uint32_t)offset[d];
            cells[at] = (uint8_t)((cells[at] & 0x0fu) | CELL_SEEN_REGION
                                  | ((d ^ 2u) << PARENT_SHIFT));
            reached++;
            numbered += (cells[at] & CELL_NUMBERED) != 0;
            inside = SAP_FAST_PATHS && !(cells[at] & CELL_BORDER);
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
        inside = SAP_FAST_PATHS && !(cells[at] & CELL_BORDER);
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

/* Row i: its marks from an earlier verification cleared, its shaded cells
 * counted, and the shaded pairs that share a side within it or with row
 * i - 1; false when four shaded cells make a 2 x 2 square with row i - 1. */
static bool rows_pass(sap_nurikabe *grid, uint8_t *cells, uint32_t i)
{
    uint32_t cols = grid->cols, c = 0, shaded = 0, pairs = 0;
    uint8_t *row = cells + (size_t)i * cols;
    const uint8_t *above = i > 0 ? row - cols : NULL;
    unsigned full = 0;
    uint8_t edge = (uint8_t)(SAP_FAST_PATHS && (i == 0 || i + 1 == grid->rows) ? CELL_BORDER
                                                                               : 0u);

    /* a word of eight cells, beside the word one cell to its right (so
     * c + 9 <= cols): byte j of both is a pair of neighbours in any byte
     * order, and only the shaded bit of each byte survives the masks */
    for (; SAP_FAST_PATHS && c + 9 <= cols; c += 8) {
        uint64_t kept = (sap_load_eight(row + c) & SAP_EACH_BYTE(CELL_FIXED))
                        | SAP_EACH_BYTE(edge);
        uint64_t shade = kept & SAP_EACH_BYTE(CELL_SHADED);
        uint64_t beside = shade & sap_load_eight(row + c + 1);
        memcpy(row + c, &kept, 8);
        shaded += sap_byte_sum(shade);
        pairs += sap_byte_sum(beside);
        if (above != NULL) {
            uint64_t up = sap_load_eight(above + c);
            pairs += sap_byte_sum(shade & up);
            full |= (beside & up & sap_load_eight(above + c + 1)) != 0;
        }
    }
    for (; c < cols; c++) {
        unsigned shade = row[c] & CELL_SHADED;
        unsigned beside = c + 1 < cols ? shade & row[c + 1] : 0u;
        row[c] = (uint8_t)((row[c] & CELL_FIXED) | edge);
        shaded += shade;
        pairs += beside;
        if (above != NULL) {
            pairs += shade & above[c];
            full |= c + 1 < cols ? beside & above[c] & above[c + 1] : 0u;
        }
    }
    if (SAP_FAST_PATHS) {
        row[0] |= CELL_BORDER;
        row[cols - 1] |= CELL_BORDER;
    }
    grid->shaded += shaded;
    grid->sides += pairs;
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
            grid->sides = 0;
            grid->cursor = 0;
            grid->walking = 0;
            grid->phase = PHASE_ROWS;
            break;
        case PHASE_ROWS: /* the cursor is a row */
            if (i == rows) {
                grid->cursor = 0;
                grid->phase = PHASE_SHADED_NUMBERS;
                break;
            }
            if (!rows_pass(grid, cells, i))
                return decide(grid, false);
            sap_charge(&budget, cols);
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
            if (grid->shaded != grid->sides + 1u)
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
