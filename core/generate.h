/*
 * generate.h - the no-guess generator's block, shared by its files:
 * generate.c (the API, the layout and the level's play from the click and
 * on past a perturbation) and generate_perturb.c (where the play stalled:
 * the layout changed there, in passes over the board).  Internal to the
 * core; sapper.h is the public header.
 */
#ifndef SAP_GENERATE_H
#define SAP_GENERATE_H

#include "deduce.h"

SAP_INTERNAL_BEGIN

enum gen_phase {
    G_LAY = 0, /* mines at random, outside the start zone */
    G_SETUP,   /* a fresh play of the layout from the first click */
    G_LIVE,    /* NOGUESS: the rules, opening every cell they settle safe */
    G_PLAY,    /* the casual player's play (CASUAL: casual_play.c) */
    G_PERTURB, /* the play stalled: change the layout there */
    G_DONE,
    G_FAILED
};

/* The mine a swap moves, choosiest first; with none such, the next. */
enum swap_from {
    FROM_ANY = 0,    /* any mine not opened (a known one too) */
    FROM_WALL,       /* far cells walled in by known mines: a wall mine next to one */
    FROM_WALL_OPENED /* ... and next to an opened cell too (falls to FROM_WALL) */
};

/* G_PERTURB's passes over the board, in order (perturb_on). */
enum perturb_pass {
    PASS_COUNT = 0,  /* the places' cells and mines */
    PASS_MOVE_FILL,  /* move_mines: the new places, */
    PASS_MOVE_EMPTY, /* the old ones */
    PASS_SWAP_FROM,  /* no room: the mine that moves, */
    PASS_SWAP_TO     /* and where to */
};

struct sap_generate {
    uint32_t rows, cols, cells, mines;
    uint32_t start;         /* the first click's cell */
    struct sap_box zone;    /* no mine goes here: the start's block, or the start */
    uint32_t rng;           /* the random state (geometry.h) */
    uint32_t tries;         /* perturbations so far */
    uint32_t failed_checks; /* checks from the click that did not clear the board */
    uint32_t cursor;        /* G_LAY, G_SETUP, G_PERTURB: the next cell */
    uint32_t moved;         /* CASUAL: cells moved_of holds, for the play to recheck */
    union {                 /* the phase's own figures */
        struct {
            uint32_t needed, eligible; /* mines still to lay, among this many cells */
        } lay;
        struct { /* G_PERTURB's count: the covered cells by place */
            uint32_t frontier, frontier_mines, far_safe, far_mines;
        } count;
        struct {                  /* move_mines */
            uint32_t k, left;     /* mines to move, and still to place this pass */
            uint32_t mines, room; /* the mines at `from`, the free cells at `to` */
        } move;
        struct {           /* one mine to one safe cell */
            uint32_t seen; /* PASS_SWAP_FROM: cells looked at (once round the board);
                            * PASS_SWAP_TO: cells that may take the mine, passed */
            uint32_t from, to;
            uint32_t skip; /* the far safe cells (a walled swap's room); PASS_SWAP_TO:
                            * the cells that may take the mine, to pass over */
        } swap;
    } u;
    sap_deduce *deduce; /* NOGUESS: the live deduction the player plays; CASUAL: ... */
    sap_casual *casual; /* ... the casual player, in the same room */
    uint8_t level;      /* enum sap_level */
    uint8_t phase;      /* enum gen_phase */
    uint8_t resumed;    /* the play went on past a perturbation */
    uint8_t checking;   /* the play checks a resumed play's board */
    uint8_t pass;       /* G_SETUP: 0 laid, 1 begun; G_PERTURB: enum perturb_pass */
    uint8_t from, to;   /* move_mines: enum place */
    uint8_t choosy;     /* a swap: the mine it moves (enum swap_from) */
};

SAP_STATIC_ASSERT(generate_header_fits,
                  sizeof(struct sap_generate) <= SAP_GENERATE_HEADER_BYTES);

/* ---- the block ---------------------------------------------------------- */

static inline uint8_t *layout_of(sap_generate *g)
{
    return (uint8_t *)g + SAP_GENERATE_HEADER_BYTES;
}

/* CASUAL: the cells a perturbation moved, after the casual player's
 * board in the deduction's room (which has 4 bytes a cell to spare). */
static inline uint32_t *moved_of(sap_generate *g)
{
    return (uint32_t *)(void *)((unsigned char *)g->deduce
                                + SAP_CASUAL_BYTES(g->rows, g->cols));
}

SAP_STATIC_ASSERT(generate_moved_fit, SAP_DEDUCE_BYTES(1, 1) >= SAP_CASUAL_BYTES(1, 1) + 4u);

static inline bool mine_in(const uint8_t *layout, uint32_t x)
{
    return (layout[x >> 3] >> (x & 7u)) & 1u;
}

static inline void set_mine(uint8_t *layout, uint32_t x, bool mine)
{
    if (mine)
        layout[x >> 3] = (uint8_t)(layout[x >> 3] | (1u << (x & 7u)));
    else
        layout[x >> 3] = (uint8_t)(layout[x >> 3] & ~(1u << (x & 7u)));
}

/* A draw in [0, below), as the game's random boards draw. */
static inline uint32_t draw(sap_generate *g, uint32_t below)
{
    return sap_random_below(&g->rng, below);
}

/* Whether x is in the first click's zone, where no mine may go. */
static inline bool in_zone(const sap_generate *g, uint32_t x)
{
    uint32_t r = x / g->cols;
    return sap_box_holds(&g->zone, r, x - r * g->cols);
}

/* Resuming a play past a perturbation saves replaying it, but what the
 * player knew may have come from numbers the perturbation changed, and
 * its check from the click then fails.  On a big board that happens here
 * and there; a board where it keeps happening (a small crowded one, where
 * the resumed play and the check can stall by turns for ever) is played
 * from the click after every perturbation instead, which always moves on. */
static inline bool resumes(const sap_generate *g)
{
    return g->failed_checks < 4u + g->cells / 4096u;
}

/* The play stalled: the perturbation's passes from the first
 * (generate_perturb.c), then perturb_on a budget at a time until true (the
 * layout changed; the phase says which play goes on). */
void sap_generate_perturb_begin(sap_generate *g);
bool sap_generate_perturb_on(sap_generate *g, uint32_t *budget);

SAP_INTERNAL_END

#endif
