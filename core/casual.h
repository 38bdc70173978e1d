/*
 * casual.h - the casual player's block and cell word, shared by its files:
 * casual.c (the board and the engines that compute closures),
 * casual_solve.c (the search for the best start) and casual_play.c (the
 * play from one click, which the no-guess generator drives: its calls are
 * the last section).  Internal to the core; sapper.h is the public header.
 *
 * One board is one caller block: a header (struct sap_casual, at most
 * SAP_CASUAL_HEADER_BYTES) followed by one 32-bit word per cell, row by row:
 *   bits 0..19   link: the next cell of the work list
 *   bits 20..26  the fresh engine's counters: untouched mines * 9 +
 *                untouched safe neighbours
 *   bit 27       touched by the closure being computed
 *   bit 28       in the base; in a play (which has none), an untouched cell
 *                at its frontier, next to a touched safe cell
 *   bit 29       a generator of the base
 *   bit 30       seen: no better start than an earlier one (it lies in an
 *                earlier start's closure, or in an extension that was
 *                bounded below the best)
 *   bit 31       mine
 * The work list threads through the link fields, so finishing a closure
 * walks only its own cells; only replacing or shrinking the base walks the
 * board.
 */
#ifndef SAP_CASUAL_H
#define SAP_CASUAL_H

#include "geometry.h"

SAP_INTERNAL_BEGIN

#define CELL_LINK ((uint32_t)0x000FFFFFul)
#define LINK_NONE CELL_LINK
#define CODE_SHIFT 20
#define CODE_MASK ((uint32_t)0x7F << CODE_SHIFT)
#define CELL_TOUCHED ((uint32_t)1 << 27)
#define CELL_BASE ((uint32_t)1 << 28)
#define CELL_FRONTIER CELL_BASE
#define CELL_GENERATOR ((uint32_t)1 << 29)
#define CELL_SEEN ((uint32_t)1 << 30)
#define CELL_MINE ((uint32_t)1 << 31)

/* The counters code: untouched mines * 9 + untouched safe neighbours. */
#define CODE_MINE 9u
#define CODE_SAFE 1u

SAP_STATIC_ASSERT(casual_cells_fit_links, SAP_MAX_CELLS < LINK_NONE);

/* cs->pc when no solve is under way (enum solve_pc, casual_solve.c): a
 * change to the board sets it, so that a solve under way starts over. */
#define SOLVE_IDLE 0u

struct sap_casual {
    uint32_t rows, cols;
    uint32_t safe;         /* safe cells on the board */
    uint32_t rows_ready;   /* rows laid out (init is lazy) */
    uint32_t head, tail;   /* the work list of the closure being computed */
    uint32_t next;         /* first listed cell not yet looked at */
    uint32_t cleared;      /* safe cells listed */
    uint32_t limit;        /* an extension stops past this many */
    uint32_t base_start;   /* the base lies in this start's closure */
    uint32_t base_cleared; /* safe cells in the base */
    uint32_t record;       /* the last new best that held the base, or LINK_NONE */
    /* the solve under way */
    uint32_t walk;                     /* the scan's place in the visiting order */
    uint32_t start;                    /* the start being expanded */
    uint32_t best, best_cleared;       /* the best start so far */
    uint32_t n;                        /* the expanded start's closure size */
    uint32_t cursor;                   /* a walk's place: a cell, or a listed cell */
    uint32_t count;                    /* what a walk counts */
    uint32_t finish_clear, finish_set; /* PC_FINISH_LIST's bits */
    /* a play (sap_casual_play_begin): its frontier (untouched cells next to
     * a touched safe one) and the mines there, and the mines it flagged */
    uint32_t frontier, frontier_mines, flagged;
    uint8_t pc, after;         /* enum solve_pc (casual_solve.c) */
    uint8_t stop_at_generator; /* the fresh engine stops at a generator */
    uint8_t stopped;           /* the engine stopped early (limit or generator) */
    uint8_t follow_generators; /* the zero flood follows generators, not zero cells */
    uint8_t has_base;
    uint8_t base_whole; /* the base is all of Cl(base_start) */
    uint8_t solved;
    uint8_t record_depth; /* how many new bests before `record` each held the next */
    uint8_t order_half;   /* the visiting order permutes 2^(2 * order_half) blocks */
    uint8_t view;         /* after a solve: the bits holding the answer's closure, >> 24 */
    uint8_t play;         /* the fresh engine runs a play: it keeps the frontier's counts */
    uint32_t cells[];
};

SAP_STATIC_ASSERT(casual_header_fits, sizeof(struct sap_casual) <= SAP_CASUAL_HEADER_BYTES);

/* ---- the board ------------------------------------------------------------ */

/* The 3x3 block around (row, col), and around cell x, clipped to the board
 * (core/geometry.h). */
static inline struct sap_box block_at(const sap_casual *cs, uint32_t row, uint32_t col)
{
    return sap_block_around(cs->rows, cs->cols, row, col);
}

static inline struct sap_box block_around(const sap_casual *cs, uint32_t x)
{
    return sap_block_around_cell(cs->rows, cs->cols, x);
}

/* A zero cell: no mine in its block, x itself included. */
static inline bool is_zero_cell(const sap_casual *cs, uint32_t x)
{
    struct sap_box b = block_around(cs, x);
    uint32_t r, c;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            if (cs->cells[r * cs->cols + c] & CELL_MINE)
                return false;
    return true;
}

/* ---- the work list and the engines (casual.c) ------------------------------
 * Each engine lists the cells of one closure (or flood) on the work list,
 * marked CELL_TOUCHED: a begin function starts the list at one cell, and
 * its run function spreads it for at most *budget listed cells, true once
 * it is done (or stopped early, cs->stopped).  The caller then walks the
 * list (cs->head, through the links) to use and clear the marks. */

static inline void list_start(sap_casual *cs)
{
    cs->head = cs->tail = cs->next = LINK_NONE;
    cs->cleared = 0;
    cs->stopped = 0;
}

/* The visiting order of the starts (casual.c): order_begin places the walk
 * at its start, next_start walks it to the next start worth expanding. */
void sap_casual_order_begin(sap_casual *cs);
bool sap_casual_next_start(sap_casual *cs, uint32_t *budget, uint32_t *start);

/* The fresh engine: Cl(start) from scratch; with stop_at_generator it
 * stops as soon as it lists a generator of the base.  The cells cleared
 * are in cs->cleared. */
void sap_casual_fresh_begin(sap_casual *cs, uint32_t start, bool stop_at_generator);
bool sap_casual_fresh_run(sap_casual *cs, uint32_t *budget);

/* The extension engine: the closure of the base plus `start`, whose part
 * outside the base is listed; it stops once more than `limit` safe cells
 * are listed. */
void sap_casual_extend_begin(sap_casual *cs, uint32_t start, uint32_t limit);
bool sap_casual_extend_run(sap_casual *cs, uint32_t *budget);

/* The zero flood: the zero cells joined to the zero cell `start` through
 * zero cells, or with follow_generators the generators joined to it. */
void sap_casual_zero_begin(sap_casual *cs, uint32_t start, bool follow_generators);
bool sap_casual_zero_run(sap_casual *cs, uint32_t *budget);

/* For the play (casual_play.c): the rows before `rows` laid out (init is
 * lazy); the fresh engine's touch of the untouched cell x at (row, col),
 * and the rule it fires at the touched safe cell x; and the untouched
 * cells around the safe touched cell x joining a play's frontier. */
void sap_casual_ready_rows(sap_casual *cs, uint32_t rows);
void sap_casual_fresh_touch(sap_casual *cs, uint32_t x, uint32_t row, uint32_t col);
void sap_casual_fresh_fire(sap_casual *cs, uint32_t x, uint32_t row, uint32_t col);
void sap_casual_frontier_around(sap_casual *cs, uint32_t x);

/* ---- the play (casual_play.c) ------------------------------------------- */

/* The casual player's play from one first click, for the no-guess
 * generator (generate.c): begin (on a board just made: init, then its
 * mines; rows not laid out yet are laid out then), step with a budget
 * until true, then the safe cells it cleared, and per cell 0 untouched, 1
 * cleared, 2 flagged. */
void sap_casual_play_begin(sap_casual *cs, uint32_t row, uint32_t col);
bool sap_casual_play_step(sap_casual *cs, uint32_t *budget);
uint32_t sap_casual_play_cleared(const sap_casual *cs);
int sap_casual_play_cell(const sap_casual *cs, uint32_t x);
/* A mine moved to or from cell x of a stalled play (an untouched cell, or
 * a flag moved away, which the play clears), and, once the perturbation's
 * moves are all made, the rules fired around each moved cell: play_step
 * then goes on from where the play stalled. */
void sap_casual_play_moved(sap_casual *cs, uint32_t x, bool mine);
void sap_casual_play_recheck(sap_casual *cs, uint32_t x);
/* The play's frontier (untouched cells next to a cleared one), the mines
 * there, and the mines it flagged: kept as it plays, so that a stall is
 * weighed without a pass over the board. */
void sap_casual_play_places(const sap_casual *cs, uint32_t *frontier, uint32_t *frontier_mines,
                            uint32_t *flagged);
bool sap_casual_play_at_frontier(const sap_casual *cs, uint32_t x);

SAP_INTERNAL_END

#endif
