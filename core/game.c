/*
 * game.c - the game engine of the boom interactor statement.
 *
 * The block and the cell byte are laid out in game.h.
 *
 * Mines are placed before the first move (explicitly, or laid at the first
 * left click by game_random.c), never after, so the numbers change only
 * then.
 * The opening is a depth-first walk whose stack is threaded through the
 * board itself: a zero cell the walk enters remembers the direction it was
 * entered from, and when its neighbours are all done the walk steps back to
 * the parent and resumes the parent's scan just after that direction.  So it
 * needs neither recursion nor a side stack, whatever the board's size.
 *
 * Each operation marks the cells it changed and keeps their bounding box,
 * from which game_reply.c writes the reply.
 */
#include "game.h"

/* The eight neighbours (geometry.h); a walk's parent direction is the
 * index into these plus one. */
const struct sap_step sap_steps[8] = { { -1, -1 }, { -1, 0 }, { -1, 1 }, { 0, -1 },
                                       { 0, 1 },   { 1, -1 }, { 1, 0 },  { 1, 1 } };

/* ---- mines and cells ------------------------------------------------------ */

/* The eight neighbours' bytes of (r, c); one outside the board reads as
 * an opened cell without a mine, which every test below passes over. */
static void neighbour_bytes(const sap_game *g, uint32_t r, uint32_t c, uint8_t around[8])
{
    const uint8_t *board = cells_of_const(g);
    uint32_t rows = g->rows, cols = g->cols;
    unsigned d;
    if (sap_inside_border(rows, cols, r, c)) { /* the eight at once */
        const uint8_t *a = &board[(size_t)(r - 1u) * cols + c], *p = a + cols, *b = p + cols;
        around[0] = a[-1];
        around[1] = a[0];
        around[2] = a[1];
        around[3] = p[-1];
        around[4] = p[1];
        around[5] = b[-1];
        around[6] = b[0];
        around[7] = b[1];
        return;
    }
    for (d = 0; d < 8; d++) {
        uint32_t nr = sap_step_row(r, d), nc = sap_step_col(c, d);
        around[d] = nr < rows && nc < cols ? board[(size_t)nr * cols + nc] : (uint8_t)MARK_OPEN;
    }
}

/* The mines around (r, c), counted from the mine bits: while an opening
 * is under way, the zero cells it is in hold directions, not numbers. */
static unsigned mines_around(const sap_game *g, uint32_t r, uint32_t c)
{
    uint8_t around[8];
    unsigned n = 0, d;
    neighbour_bytes(g, r, c, around);
    for (d = 0; d < 8; d++)
        n += around[d] & CELL_MINE;
    return n;
}

/* An opened cell's number: kept in the cell, except while an opening is
 * under way, when the zero cells it is in hold directions instead. */
static unsigned opened_number(const sap_game *g, uint32_t r, uint32_t c)
{
    if (g->work != WORK_NONE)
        return mines_around(g, r, c);
    return cells_of_const(g)[(size_t)r * g->cols + c] >> CELL_NUMBER_SHIFT;
}

static char cell_char(const sap_game *g, uint32_t r, uint32_t c)
{
    switch (cells_of_const(g)[(size_t)r * g->cols + c] & CELL_MARK) {
    case MARK_FLAG:
        return 'P';
    case MARK_QUESTION:
        return '?';
    case MARK_OPEN:
        return (char)('0' + opened_number(g, r, c));
    default:
        return '_';
    }
}

static void empty_box(sap_game *g)
{
    g->u.box.top = g->u.box.left = UINT32_MAX;
    g->u.box.bottom = g->u.box.right = 0;
}

static void note_change(sap_game *g, uint8_t *cell, uint32_t r, uint32_t c)
{
    *cell |= CELL_CHANGED;
    if (r < g->u.box.top)
        g->u.box.top = r;
    if (r > g->u.box.bottom)
        g->u.box.bottom = r;
    if (c < g->u.box.left)
        g->u.box.left = c;
    if (c > g->u.box.right)
        g->u.box.right = c;
}

/* Opens a covered cell; returns its number. */
static unsigned open_cell(sap_game *g, uint8_t *cell, uint32_t r, uint32_t c)
{
    unsigned number = (unsigned)*cell >> CELL_NUMBER_SHIFT;
    *cell = (uint8_t)((*cell & (CELL_MINE | CELL_CHANGED | CELL_NUMBER)) | MARK_OPEN);
    g->covered--;
    note_change(g, cell, r, c);
    return number;
}

/* The reply's box grows to the 3 x 3 block around the zero cell (r, c),
 * clipped to the board: every cell an opening changes is a neighbour of a
 * zero cell it entered, so this once per zero cell bounds them all, where
 * a test per opened cell cost more (the box may take in a few unchanged
 * cells beside them, which the reply's scan passes over). */
static void grow_box(uint32_t rows, uint32_t cols, uint32_t r, uint32_t c, struct sap_box *box)
{
    sap_box_join(box, sap_block_around(rows, cols, r, c));
}

/* Opens the covered, unflagged, mine-free cell (r, c); when it is a zero,
 * its opening starts (walk_on spreads it) and the result is true. */
static bool walk_start(sap_game *g, uint32_t r, uint32_t c)
{
    if (open_cell(g, &cells_of(g)[(size_t)r * g->cols + c], r, c) != 0)
        return false;
    g->v.walk.row = r;
    g->v.walk.col = c;
    g->walk_dir = 0;
    return true;
}

/* The first neighbour from direction `dir` on that an opening enters (not
 * opened, not flagged), or 8 when none is left.  Inside the border the
 * eight are read by constant offsets, a test each, the scan resuming at
 * `dir` by falling through the cases; on the border each is checked
 * against the board's bounds first. */
static inline unsigned next_inside(const uint8_t *here, ptrdiff_t width, unsigned dir)
{
    const uint8_t *above = here - width, *below = here + width;
    switch (dir) {
    case 0:
        if (!(above[-1] & MARK_STOPS_OPENING))
            return 0; /* fall through */
    case 1:
        if (!(above[0] & MARK_STOPS_OPENING))
            return 1; /* fall through */
    case 2:
        if (!(above[1] & MARK_STOPS_OPENING))
            return 2; /* fall through */
    case 3:
        if (!(here[-1] & MARK_STOPS_OPENING))
            return 3; /* fall through */
    case 4:
        if (!(here[1] & MARK_STOPS_OPENING))
            return 4; /* fall through */
    case 5:
        if (!(below[-1] & MARK_STOPS_OPENING))
            return 5; /* fall through */
    case 6:
        if (!(below[0] & MARK_STOPS_OPENING))
            return 6; /* fall through */
    case 7:
        if (!(below[1] & MARK_STOPS_OPENING))
            return 7; /* fall through */
    default:
        return 8;
    }
}

static inline unsigned next_on_border(const uint8_t *here, const ptrdiff_t offset[8],
                                      uint32_t rows, uint32_t cols, uint32_t r, uint32_t c,
                                      unsigned dir)
{
    for (; dir < 8; dir++) {
        if (sap_step_row(r, dir) >= rows || sap_step_col(c, dir) >= cols)
            continue;
        if (!(here[offset[dir]] & MARK_STOPS_OPENING))
            return dir;
    }
    return 8;
}

/* Spreads the opening from every zero cell reached to its covered
 * unflagged neighbours (a '?' opens, a 'P' stops the spread), for at most
 * `budget` steps (a step enters a zero cell or leaves it); true once the
 * walk is back at its root with every branch done.  See the top of the
 * file for the walk; its position is kept in v.walk and walk_dir. */
static bool walk_on(sap_game *g, uint32_t *budget_left)
{
    uint32_t budget = *budget_left;
    uint8_t *board = cells_of(g);
    uint32_t rows = g->rows, cols = g->cols;
    uint32_t r = g->v.walk.row, c = g->v.walk.col;
    unsigned dir = g->walk_dir;
    /* the bookkeeping kept in registers for the walk, stored back when it
     * stops (the board's byte stores would otherwise make every header
     * field a reload) */
    uint32_t covered = g->covered;
    struct sap_box box = g->u.box;
    bool done = false;
    const ptrdiff_t width = (ptrdiff_t)cols;
    const ptrdiff_t offset[8] = { -width - 1, -width,    -width + 1, -1,
                                  1,          width - 1, width,      width + 1 };
    uint8_t *here = &board[(size_t)r * cols + c];
    bool inside = sap_inside_border(rows, cols, r, c);

    if (budget == 0)
        return false; /* spent (by a chord's earlier neighbours) */

    for (;;) {
        unsigned d;
        uint8_t *next;

        if (dir == 0) /* a zero cell just entered, the root included */
            grow_box(rows, cols, r, c, &box);
        d = inside ? next_inside(here, width, dir)
                   : next_on_border(here, offset, rows, cols, r, c, dir);
        if (d < 8) {
            /* open_cell; no mine: its parent counted zero */
            next = here + offset[d];
            dir = d + 1;
            covered--;
            if (*next >> CELL_NUMBER_SHIFT != 0) {
                *next = (uint8_t)((*next & CELL_NUMBER) | MARK_OPEN | CELL_CHANGED);
                continue;
            }
            /* a zero: the walk enters it, which remembers the way back */
            *next = (uint8_t)(MARK_OPEN | CELL_CHANGED | (dir << CELL_PARENT_SHIFT));
            r = sap_step_row(r, d);
            c = sap_step_col(c, d);
            here = next;
            inside = sap_inside_border(rows, cols, r, c);
            dir = 0;
        } else {
            /* every neighbour done: back to the parent, past this one */
            unsigned back = *here >> CELL_PARENT_SHIFT;
            if (back == 0) {
                done = true; /* back at the root */
                break;
            }
            *here &= (uint8_t)~CELL_PARENT;
            r = sap_step_row(r, 8u - back); /* the opposite of back - 1 */
            c = sap_step_col(c, 8u - back);
            here -= offset[back - 1];
            inside = sap_inside_border(rows, cols, r, c);
            dir = back;
        }
        if (--budget == 0)
            break;
    }
    g->covered = covered;
    g->u.box = box;
    g->v.walk.row = r;
    g->v.walk.col = c;
    g->walk_dir = (uint8_t)dir;
    *budget_left = budget;
    return done;
}

/* ---- operations ----------------------------------------------------------- */

/* chord_dir: the next neighbour to open, and this bit while the opening of
 * the one before it is spreading. */
#define CHORD_WALKING 0x10u

/* The clicked cell (v.walk) opens, or the move loses; a zero starts an
 * opening (WORK_OPEN). */
static void left_open(sap_game *g)
{
    uint32_t r = g->v.walk.row, c = g->v.walk.col;
    if (cells_of(g)[(size_t)r * g->cols + c] & CELL_MINE)
        g->lost = LOST_OPEN;
    else if (walk_start(g, r, c))
        g->work = WORK_OPEN;
}

static void left_click(sap_game *g, uint32_t r, uint32_t c)
{
    if (cells_of(g)[(size_t)r * g->cols + c] & MARK_STOPS_OPENING)
        return;
    if (g->flags & FLAG_RANDOM) { /* v.walk is the clicked cell (r, c) */
        sap_game_random_lay_start(g);
        g->work = WORK_LAY;
        return;
    }
    left_open(g);
}

static void right_click(sap_game *g, uint32_t r, uint32_t c)
{
    uint8_t *cell = &cells_of(g)[(size_t)r * g->cols + c];
    unsigned next;

    switch (*cell & CELL_MARK) {
    case MARK_COVERED:
        next = MARK_FLAG;
        break;
    case MARK_FLAG:
        next = MARK_QUESTION;
        break;
    case MARK_QUESTION:
        next = MARK_COVERED;
        break;
    default:
        return; /* opened: nothing */
    }
    *cell = (uint8_t)((*cell & ~CELL_MARK) | next);
    note_change(g, cell, r, c);
}

/* Middle click on an opened cell whose flag count equals its number: opens
 * every covered unflagged neighbour (WORK_CHORD), or loses, before opening
 * anything, if one of them is a mine. */
static void chord(sap_game *g, uint32_t r, uint32_t c)
{
    uint8_t *board = cells_of(g);
    uint8_t around[8];
    unsigned flags = 0, d;

    if ((board[(size_t)r * g->cols + c] & CELL_MARK) != MARK_OPEN)
        return;
    neighbour_bytes(g, r, c, around);
    for (d = 0; d < 8; d++)
        flags += (around[d] & CELL_MARK) == MARK_FLAG;
    if (flags != opened_number(g, r, c))
        return;
    for (d = 0; d < 8; d++) {
        uint8_t cell = around[d];
        if (!(cell & MARK_STOPS_OPENING) && (cell & CELL_MINE)) {
            g->lost = LOST_CHORD;
            return;
        }
    }
    g->chord_dir = 0; /* from v.walk, the clicked cell (r, c) */
    g->work = WORK_CHORD;
}

/* Opens the chord's neighbours from chord_dir on, each opening spread in
 * turn; true once all are done.  While one spreads, v.walk is its position;
 * the clicked cell is found again from the opening's root when it is done. */
static bool chord_on(sap_game *g, uint32_t *budget)
{
    uint8_t *board = cells_of(g);
    uint32_t r = g->v.walk.row, c = g->v.walk.col;

    if (g->chord_dir & CHORD_WALKING) {
        unsigned d = (g->chord_dir & ~CHORD_WALKING) - 1u;
        if (!walk_on(g, budget))
            return false;
        r = sap_step_row(g->v.walk.row, 7u - d); /* back the opposite way */
        c = sap_step_col(g->v.walk.col, 7u - d);
        g->chord_dir &= (uint8_t)~CHORD_WALKING;
    }
    while (g->chord_dir < 8) {
        unsigned d = g->chord_dir++;
        uint32_t nr = sap_step_row(r, d), nc = sap_step_col(c, d);
        if (nr >= g->rows || nc >= g->cols)
            continue;
        /* an earlier neighbour's opening may have reached it */
        if ((board[(size_t)nr * g->cols + nc] & MARK_STOPS_OPENING) || !walk_start(g, nr, nc))
            continue;
        g->chord_dir |= CHORD_WALKING;
        if (!walk_on(g, budget))
            return false;
        g->chord_dir &= (uint8_t)~CHORD_WALKING;
    }
    return true;
}

/* Carries the move's work on for about *budget steps; true once done. */
static bool work_on(sap_game *g, uint32_t *budget)
{
    switch (g->work) {
    case WORK_LAY:
        if (!sap_game_random_lay_on(g, budget))
            return false;
        empty_box(g); /* the laying used the box's room */
        g->work = WORK_NONE;
        left_open(g);
        return g->work == WORK_NONE; /* an opening waits for the next step */
    case WORK_OPEN:
        return walk_on(g, budget);
    case WORK_CHORD:
        return chord_on(g, budget);
    default:
        return true;
    }
}

/* The move's work is done: the outcome, and its reply starts. */
static int finish_move(sap_game *g)
{
    g->work = WORK_NONE;
    g->clicks++;
    if (g->lost) { /* at once: v.walk is still the move's cell */
        g->w.hit = g->v.walk.row * g->cols + g->v.walk.col;
        g->state = SAP_LOSE;
        sap_game_reply_start(g, REPLY_TAIL, TAIL_LOSE);
        return SAP_LOSE;
    }
    if (g->covered == g->mines && (g->flags & FLAG_POSITION) == 0)
        g->state = SAP_WIN;
    sap_game_reply_start(g, REPLY_HEAD, g->state == SAP_WIN ? TAIL_WIN : TAIL_RUNNING);
    return g->state;
}

/* ---- public calls ------------------------------------------------------------- */

int sap_game_init(sap_game **game, void *memory, size_t bytes, uint32_t rows, uint32_t cols)
{
    sap_game *g;
    int err;

    if (game == NULL)
        return SAP_ERR_ARG;
    *game = NULL;
    if (memory == NULL)
        return SAP_ERR_NOMEM;
    err = sap_text_check_board_size(rows, cols);
    if (err != SAP_OK)
        return err;
    if (((uintptr_t)memory & (sizeof(uint32_t) - 1u)) != 0)
        return SAP_ERR_ARG;
    if (bytes < SAP_GAME_BYTES(rows, cols))
        return SAP_ERR_NOMEM;
    g = (sap_game *)memory;
    memset(g, 0, SAP_GAME_BYTES(rows, cols));
    g->rows = rows;
    g->cols = cols;
    g->covered = rows * cols;
    g->state = SAP_RUNNING;
    empty_box(g);
    *game = g;
    return SAP_OK;
}

char sap_game_cell(const sap_game *g, uint32_t row, uint32_t col)
{
    if (g == NULL || row >= g->rows || col >= g->cols)
        return '\0';
    return cell_char(g, row, col);
}

bool sap_game_mine_at(const sap_game *g, uint32_t row, uint32_t col)
{
    if (g == NULL || row >= g->rows || col >= g->cols)
        return false;
    return (cells_of_const(g)[(size_t)row * g->cols + col] & CELL_MINE) != 0;
}

bool sap_game_hit_at(const sap_game *g, uint32_t row, uint32_t col)
{
    uint32_t hit_row, hit_col;
    uint8_t cell;
    if (g == NULL || g->state != SAP_LOSE || row >= g->rows || col >= g->cols)
        return false;
    hit_row = g->w.hit / g->cols;
    hit_col = g->w.hit % g->cols;
    if (g->lost == LOST_OPEN)
        return row == hit_row && col == hit_col;
    /* a chord opened every mine around its cell that no flag covered (a
     * lost game changes no more, so the marks are still the chord's) */
    cell = cells_of_const(g)[(size_t)row * g->cols + col];
    return (cell & CELL_MINE) && !(cell & MARK_STOPS_OPENING) && row + 1u - hit_row <= 2u
           && col + 1u - hit_col <= 2u;
}

uint32_t sap_game_rows(const sap_game *g)
{
    return g != NULL ? g->rows : 0;
}
uint32_t sap_game_cols(const sap_game *g)
{
    return g != NULL ? g->cols : 0;
}
uint32_t sap_game_mines(const sap_game *g)
{
    return g != NULL ? g->mines : 0;
}
uint32_t sap_game_covered(const sap_game *g)
{
    return g != NULL ? g->covered : 0;
}

uint32_t sap_game_clicks(const sap_game *g)
{
    return g != NULL ? g->clicks : 0;
}

int sap_game_state(const sap_game *g)
{
    return g != NULL ? (int)g->state : SAP_ERR_ARG;
}

int sap_game_move_begin(sap_game *g, int op, uint32_t x, uint32_t y)
{
    if (g == NULL || op < SAP_OP_LEFT || op > SAP_OP_CHORD)
        return SAP_ERR_ARG;
    if (x < 1 || x > g->rows || y < 1 || y > g->cols)
        return SAP_ERR_RANGE;
    if (g->work != WORK_NONE || ((g->flags & FLAG_POSITION) && op != SAP_OP_RIGHT))
        return SAP_ERR_STATE; /* a typed position's layout is unknown */
    /* A reply not polled to its end is dropped, so its marks cannot leak
     * into this operation's changes. */
    if (g->reply_phase != REPLY_DONE)
        sap_game_reply_drop(g);
    empty_box(g);
    g->flags |= FLAG_STARTED;

    if (g->state != SAP_RUNNING) {
        sap_game_reply_start(g, REPLY_TAIL, TAIL_INVALID);
        return SAP_INVALID; /* lost stays: how the game was lost */
    }
    g->lost = 0;
    g->v.walk.row = x - 1; /* the move's cell, until an opening walks */
    g->v.walk.col = y - 1;
    switch (op) {
    case SAP_OP_LEFT:
        left_click(g, x - 1, y - 1);
        break;
    case SAP_OP_RIGHT:
        right_click(g, x - 1, y - 1);
        break;
    default:
        chord(g, x - 1, y - 1);
        break;
    }
    return g->work != WORK_NONE ? SAP_MORE : finish_move(g);
}

int sap_game_move_step(sap_game *g, uint32_t budget)
{
    if (g == NULL)
        return SAP_ERR_ARG;
    if (g->work == WORK_NONE || g->work == WORK_LAYOUT)
        return SAP_ERR_STATE;
    if (budget == 0)
        budget = 1;
    if (!work_on(g, &budget))
        return SAP_MORE;
    return finish_move(g);
}

bool sap_game_busy(const sap_game *g)
{
    return g != NULL && g->work != WORK_NONE;
}

int sap_game_move(sap_game *g, int op, uint32_t x, uint32_t y)
{
    int outcome = sap_game_move_begin(g, op, x, y);
    while (outcome == SAP_MORE)
        outcome = sap_game_move_step(g, SAP_BUDGET_UNLIMITED);
    return outcome;
}
