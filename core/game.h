/*
 * game.h - the boom game engine's block and cell byte, shared by its
 * files: game.c (the moves and the opening, a cell and the board's
 * figures), game_board.c (loading a board), game_random.c (random boards),
 * game_position.c (a position typed in, with no layout) and game_reply.c
 * (the reply to a move and its changes), and what the rest of the core
 * reads of a game beyond sapper.h (its last section).  Internal to the
 * core; sapper.h is the public header.
 *
 * One game is one caller block: a header (struct sap_game, at most
 * SAP_GAME_HEADER_BYTES) followed by one byte per cell, row by row.  A cell
 * byte holds
 *
 *     bit 0      the mine
 *     bits 1-2   the mark: covered '_', flag 'P', question '?', or opened
 *     bit 3      "changed by the last operation, not yet written in a reply"
 *     bits 4-7   the cell's number (its mines around), kept up to date as
 *                mines are placed (each mine adds one to its neighbours),
 *                so that neither an opening nor a reply counts again;
 *                while the opening walks the board, a zero cell it entered
 *                holds the direction (1..8) from its parent instead,
 *                cleared back to 0 (its number) when the walk leaves it
 */
#ifndef SAP_GAME_H
#define SAP_GAME_H

#include "geometry.h"

SAP_INTERNAL_BEGIN

#define CELL_MINE 0x01u
#define CELL_MARK 0x06u
#define MARK_COVERED 0x00u
#define MARK_FLAG 0x02u
#define MARK_QUESTION 0x04u
#define MARK_OPEN 0x06u
/* The bit that opened and flagged cells share (and covered and '?' cells
 * lack): set, the cell stops an opening and a chord passes it over. */
#define MARK_STOPS_OPENING 0x02u
#define CELL_CHANGED 0x08u
#define CELL_PARENT_SHIFT 4
#define CELL_PARENT 0xF0u
#define CELL_NUMBER_SHIFT 4 /* the same bits: the cell's number */
#define CELL_NUMBER 0xF0u
#define CELL_NUMBER_ONE 0x10u

/* Header flags. */
#define FLAG_STARTED 0x01u     /* an operation has been applied */
#define FLAG_RANDOM 0x02u      /* mines are to be laid at the first opening */
#define FLAG_FIRST_PIECE 0x04u /* no change written yet in the current reply */
#define FLAG_POSITION 0x08u    /* typed in as seen: no layout (game_position.c) */

/* How a move lost (the header's `lost`; its cell is w.hit). */
#define LOST_OPEN 1u  /* a left click opened the mine at w.hit */
#define LOST_CHORD 2u /* a chord at w.hit opened the mines around it */

enum reply_phase { REPLY_DONE = 0, REPLY_HEAD, REPLY_CELLS, REPLY_TAIL };
enum reply_tail { TAIL_RUNNING = 0, TAIL_WIN, TAIL_LOSE, TAIL_INVALID };

/* Work a move leaves to sap_game_move_step (sapper.h section 2). */
enum game_work {
    WORK_NONE = 0,
    WORK_LAY,   /* laying random mines before the first opening */
    WORK_OPEN,  /* a left click's opening spreading */
    WORK_CHORD, /* a middle click opening its neighbours one by one */
    WORK_LAYOUT /* sap_game_set_layout_step under way (no move) */
};

struct sap_game {
    uint32_t rows, cols;
    uint32_t mines;   /* mines on the board; while FLAG_RANDOM, the mines asked for */
    uint32_t covered; /* cells not opened */
    union {
        uint32_t seed; /* while FLAG_RANDOM; while laying, the generator's state */
        uint32_t hit;  /* once a move lost (lost != 0): its cell, row * cols + col */
    } w;
    union {
        struct sap_box box; /* the last operation's changes (geometry.h) */
        /* While mines are laid (before anything changes): the next cell,
         * the mines still to lay, the cells still eligible. */
        struct {
            uint32_t row, col, needed, eligible;
        } lay;
    } u;
    union {
        /* Reply cursor: the next cell to examine, and how much of the
         * current piece (head text, change, tail text) has been written. */
        struct {
            uint32_t row, col, offset;
        } reply;
        /* While a move works (before its reply): the opening's position,
         * or the clicked cell when no opening is under way. */
        struct {
            uint32_t row, col;
        } walk;
    } v;
    uint8_t state;       /* enum sap_outcome: RUNNING, WIN or LOSE */
    uint8_t reply_phase; /* enum reply_phase */
    uint8_t reply_tail;  /* enum reply_tail */
    uint8_t flags;
    uint8_t work;      /* enum game_work */
    uint8_t walk_dir;  /* the opening's next direction at its position */
    uint8_t chord_dir; /* a chord's next neighbour (0..8) */
    uint8_t lost;      /* the move opened a mine: LOST_..., kept once the game is lost */
    uint32_t clicks;   /* operations applied (STATS) */
    uint8_t level;     /* while FLAG_RANDOM: enum sap_level, for the session */
};

SAP_STATIC_ASSERT(game_header_fits, sizeof(struct sap_game) <= SAP_GAME_HEADER_BYTES);

static inline uint8_t *cells_of(sap_game *g)
{
    return (uint8_t *)g + SAP_GAME_HEADER_BYTES;
}

static inline const uint8_t *cells_of_const(const sap_game *g)
{
    return (const uint8_t *)g + SAP_GAME_HEADER_BYTES;
}

/* A mine placed at (r, c) (add) or taken away: its neighbours' numbers
 * change by one (game.c). */
void sap_game_board_mine_changed(uint8_t *board, uint32_t rows, uint32_t cols, uint32_t r,
                                 uint32_t c, bool add);

/* The cells not opened (covered, flagged, questioned) around (row, col),
 * itself included: what a number there can hold (game_position.c, for
 * HINT's reasons and a typed position's check alike); and a typed
 * position's first opened cell in `row` whose number those cannot hold
 * (*col, SAP_ERR_ARG), else SAP_OK. */
uint32_t sap_game_position_covered_around(const sap_game *game, uint32_t row, uint32_t col);
int sap_game_position_fault(const sap_game *game, uint32_t row, uint32_t *col);

/* The random mines are laid at the first left click, on (v.walk): the pass
 * is set up, then carried on for at most *budget cells; true once done
 * (game_random.c). */
void sap_game_random_lay_start(sap_game *game);
bool sap_game_random_lay_on(sap_game *game, uint32_t *budget);

/* The reply to the move just done starts (game_reply.c): the head, the
 * changes in the box and the tail, or the tail alone. */
void sap_game_reply_start(sap_game *game, enum reply_phase phase, enum reply_tail tail);
/* A reply not polled to its end is dropped: its change marks are cleared,
 * so that they cannot leak into the next operation's changes. */
void sap_game_reply_drop(sap_game *game);

/* ---- for the rest of the core ------------------------------------------ */

/* The number a player sees at (r, c): 0..8 on an opened cell, -1 on a
 * covered one, whatever its mark (a flag is the player's guess, not
 * evidence): what the engines that read a game as its player does (the
 * deduction, HINT, the endgame search) go by. */
static inline int sap_seen_number(const sap_game *game, uint32_t r, uint32_t c)
{
    char v = sap_game_cell(game, r, c);
    return v >= '0' && v <= '8' ? v - '0' : -1;
}

/* A random board's seed, while its mines are still to be laid, and the
 * level its first left click is to lay them at (enum sap_level: the
 * session's NEW ... CASUAL|NOGUESS, made by generate.c) (game_random.c). */
uint32_t sap_game_random_pending_seed(const sap_game *game);
void sap_game_random_set_level(sap_game *game, uint8_t level);
uint8_t sap_game_random_pending_level(const sap_game *game);
/* Whether 0-based (row, col) is a mine that the move that lost the game
 * opened: the left-clicked cell, or each mine around a chord's cell that
 * no flag covered; false unless the game is lost (game.c). */
bool sap_game_hit_at(const sap_game *game, uint32_t row, uint32_t col);

/* The bounding box of the cells the game's last move changed (empty, top >
 * bottom, when none did): what sap_hint_live_moved reads again (game_board.c). */
struct sap_box sap_game_board_changed_box(const sap_game *game);

/* sap_game_set_row after its checks: cells[0..count) are '*' or '_' and
 * fit the row, and the game takes mines (the boom judge's row reader,
 * whose bytes judge.c has already checked, calls it directly)
 * (game_board.c). */
void sap_game_board_load_row(sap_game *game, uint32_t row, uint32_t col, const char *cells,
                             uint32_t count);

SAP_INTERNAL_END

#endif
