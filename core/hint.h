/*
 * hint.h - HINT and PROB on the deduction engine: HINT's block
 * (struct sap_hint, in front of the deduction it reads) and its scan,
 * shared by hint_scan.c (the scan), hint_text.c (HINT's line, PROB's tokens),
 * hint_reasons.c (a certain cell's reason), hint.c (HINT as a
 * whole, and its guess), hint_candidates.c (the cells a guess weighs),
 * hint_deeper.c (its deeper look at close candidates) and
 * hint_live.c (HINT kept between moves); and what the protocol
 * session calls of them beyond sapper.h (section 10).  Private to the
 * core.
 */
#ifndef SAP_HINT_H
#define SAP_HINT_H

#include "deduce.h"

SAP_INTERNAL_BEGIN

/* ---- HINT's block (hint.c, hint_scan.c) ------------------------ */

/* HINT's stages (hint.c, hint_deeper.c). */
enum hint_stage {
    HS_DEDUCE = 0,  /* the position's deduction */
    HS_RULES,       /* ... too big to count: the rules alone */
    HS_SCAN,        /* a certain cell, and the candidates */
    HS_ENDGAME,     /* few layouts: the endgame search */
    HS_FIFTY,       /* a 50/50 to come, being proven */
    HS_WHATIF,      /* a candidate's what-if, deduced */
    HS_READ,        /* ... and read: its best next move */
    HS_DEEPER,      /* the deeper look: a candidate's what-if, deduced */
    HS_DEEPER_READ, /* ... and read: a telling certain cell, or its safest cells */
    HS_NEXT,        /* ... one of those cells' what-if inside it, deduced */
    HS_NEXT_READ,   /* ... and read: its best next move */
    HS_DONE
};

/* A guess HINT weighs: a covered cell no number proves, and what its
 * look-ahead found.  survive: the weight of the layouts in which it is safe
 * and the next move is too, when the next move is the safest cell then (a
 * certain one counts as safe); outcomes: how many numbers it can show (one
 * only: it is dead, its number known before it is opened). */
struct hint_candidate {
    uint32_t cell;
    uint32_t p;         /* its mine odds, 0.01 % */
    uint8_t neighbours; /* covered neighbours: the numbers it can show */
    uint8_t traits;     /* CANDIDATE_INTERIOR, CANDIDATE_BELOW */
    uint8_t weighed;    /* enum hint_weighed */
    uint8_t outcomes;
    struct sap_weight survive;
};

/* A candidate next to no number; and one whose exact odds lie below p,
 * which its line needs to round them once (hint_text.c). */
#define CANDIDATE_INTERIOR 1u
#define CANDIDATE_BELOW 2u

enum hint_weighed {
    UNWEIGHED = 0, /* not yet (or the look-ahead ended first) */
    WEIGHED,       /* every what-if of it worked out */
    NOT_WEIGHED    /* a what-if too big: left out */
};

/* A 50/50 to come (hint_candidates.c): a covered cell at odds p that,
 * if it is a mine, may be half of a 50/50 with partner that no move can
 * resolve; flank: the one cell that tells them apart not known a mine
 * (cells: none). */
struct hint_fifty {
    uint32_t cell, partner, flank, p;
};
#define HINT_FIFTIES 4u

/* Candidates whose safety is within this many parts in 10,000 of the
 * safest's are weighed: within 20 %, which wins more games than 5 % or 30
 * % on the same boards (core/README.md, "HINT's guess"); a -D to measure
 * another (tests/README.md, "Pair by pair"). */
#ifndef HINT_TOLERANCE
#define HINT_TOLERANCE 2000u
#endif
/* The deeper look (hint_deeper.c) weighs again the candidates whose
 * survival is within this many parts in 10,000 of the best (a point), at
 * most HINT_DEEP - 1 of them, the best first, and the safest; an outcome
 * of theirs with no telling certain cell is valued by its HINT_NEXT
 * safest cells' own survival.  A -D, as HINT_TOLERANCE. */
#ifndef HINT_DEEP_GATE
#define HINT_DEEP_GATE 100u
#endif
#define HINT_DEEP 4u
#define HINT_NEXT 3u
#define HINT_FRONTIER_CANDIDATES 8u
#define HINT_INTERIOR_CANDIDATES 2u
#define HINT_CANDIDATES (HINT_FRONTIER_CANDIDATES + HINT_INTERIOR_CANDIDATES)

/* HINT's state, at the start of its block; the deduction follows it. */
struct sap_hint {
    const sap_game *game;
    sap_deduce *deduce;
    size_t deduce_bytes;
    struct sap_weight total; /* the position's layouts: Z */
    uint32_t count;          /* candidates, once the scan is done */
    uint32_t frontier_count; /* during the scan: the frontier's ... */
    uint32_t interior_count; /* ... and the interior's */
    uint32_t at, number;     /* the what-if under way: candidate, its number */
    uint32_t cursor;         /* reading a what-if's cells */
    uint32_t after_p;        /* ... its safest unsure cell's odds so far */
    uint32_t steps;          /* the position's deduction took ... */
    uint32_t what_if_steps;  /* ... and the look-ahead's so far */
    uint32_t chosen;         /* the candidate named */
    uint32_t safest;         /* the safest candidate (the first of them) */
    uint8_t stage;
    uint8_t guessing;                   /* the scan found no certain cell */
    uint8_t after_safe;                 /* the what-if has a cell certainly safe */
    uint8_t approximate;                /* the position could not be counted: the rules only */
    uint8_t forced;                     /* the named cell is fifty[fifty_at]'s */
    uint8_t searched;                   /* ... or the endgame search's: */
    uint32_t searched_cell, searched_p; /* its cell and odds (and ODDS_BELOW), */
    uint32_t wins, layouts;             /* the layouts it wins of those left */
    struct sap_endgame *endgame;        /* the search, in the block's end */
    uint8_t no_endgame;                 /* sap_hint_leave_out_endgame */
    uint8_t first_click;                /* the mines not laid: the first click */
    uint32_t fifty_count;               /* the 50/50s to come the scan kept, */
    uint32_t fifty_at, fifty_test;      /* ... the one being proven, and its test */
    struct hint_fifty fifty[HINT_FIFTIES];
    struct hint_candidate candidate[HINT_CANDIDATES];
    /* The deeper look (hint_deeper.c): the candidates it weighs, */
    uint8_t deep_count, deep_at;               /* how many, the one under way, */
    uint8_t deep_index[HINT_DEEP];             /* their places in candidate[], */
    uint8_t deeper;                            /* 1 once it has named the cell */
    struct sap_weight deep_survive[HINT_DEEP]; /* their sums so far; */
    struct sap_weight outcome_total;           /* the outcome's weight, */
    struct sap_weight next_survive;            /* the next cell's sum so far, */
    uint32_t next_best;                        /* the best next cell's survival, */
    uint32_t next_cell[HINT_NEXT];             /* the outcome's safest cells, */
    uint32_t next_key[HINT_NEXT]; /* ... their order (odds, then unsure neighbours), */
    uint8_t next_count, next_at;  /* how many, the one under way, */
    uint8_t next_number;          /* and the number supposed at it */
    /* The scan of the finished deduction (hint_scan.c). */
    struct {
        uint32_t cell;      /* the next cell to look at */
        uint32_t best_cell; /* the certain cell with the simplest reason */
        uint8_t pass;       /* 0: wrong flags; 1: every cell; 2: done */
        uint8_t best;       /* best_cell's reason level (4: none) */
        uint8_t best_safe;  /* best_cell is safe (else a mine) */
    } scan;
};

SAP_STATIC_ASSERT(hint_header_fits, sizeof(struct sap_hint) <= SAP_HINT_HEADER_BYTES);

/* The look-ahead's parts the deeper look shares (hint.c): the
 * deduction's block made ready for another deduction; a finished
 * what-if's reading, begun, then for *budget steps a call, true once
 * done: h->after_safe, a certain cell that tells something (its
 * neighbours not all certain), else h->after_p, the safest unsure cell's
 * odds (10,001: none, the game won), and with keep the HINT_NEXT safest
 * unsure cells in next_cell[] (next_count set to 0 before). */
void sap_hint_deduce_again(struct sap_hint *h);
void sap_hint_read_begin(struct sap_hint *h);
bool sap_hint_read_next(struct sap_hint *h, uint32_t *budget, bool keep);
/* The deeper look (hint_deeper.c): begun once the look-ahead has chosen
 * (false: no two candidates close, nothing to weigh again); one of its
 * deductions ended with err; its reading for *budget steps. */
bool sap_hint_deeper_begin(struct sap_hint *h);
void sap_hint_deeper_deduced(struct sap_hint *h, int err);
void sap_hint_deeper_read(struct sap_hint *h, uint32_t *budget);

/* For the tests: HINT without its endgame search (the look-ahead then
 * weighs every guess, as in a build without the search). */
void sap_hint_leave_out_endgame(struct sap_hint *h);

/* The scan (hint_scan.c) on a finished deduction: begin, then for *budget
 * steps a call, true once done; it offers each unsure cell it passes to
 * the guess (hint.c). */
/* The scan's costs in steps (sapper.h section 2): a cell looked at is one;
 * a certain cell's reason reads a few blocks around it, and rule 2 (two
 * steps; with SAP_HINT_REASONS one or two numbers and the known mines
 * around them) up to REASON_REACH places each way. */
#define REASON_STEPS 64u
#define TWO_STEPS_STEPS 1024u
/* How far a reason reads from its cell, in rows or columns (a number two
 * places from one beside the cell, its covered neighbours, the numbers
 * that prove them mines, their covered neighbours; two steps, a number
 * beside the cell and the same, four). */
#define REASON_REACH (SAP_HINT_REASONS ? 6u : 4u)
void sap_hint_scan_begin(struct sap_hint *h);
bool sap_hint_scan(struct sap_hint *h, uint32_t *budget);
/* The scan's two looks at cell x, for a scan of the cells it chooses
 * (hint_live.c): the first pass's (a flag on a cell proven safe:
 * true, and it is the best), the second's (the steps it cost). */
bool sap_hint_scan_wrong_flag(struct sap_hint *h, uint32_t x);
/* A line HINT writes, at most: the session puts it in its reply, which
 * holds SAP_REPLY_MAX bytes, with its line end after the NUL the writer
 * leaves (sapper.h section 10: a buffer of SAP_REPLY_MAX holds it). */
#define HINT_LINE_MAX (SAP_REPLY_MAX - 2u)
/* The reasons (hint_reasons.c).  Certain covered cell (r, c)'s simplest
 * reason at a level below best (1 one number, 2 a number or two beside
 * known mines, 3 the whole count; 3 at once when best is 2 or less: nothing
 * simpler can come of it), its text into buf at *len; and rule 3's text. */
unsigned sap_hint_reasons_at(const sap_game *g, uint32_t r, uint32_t c, bool safe, char *buf,
                             size_t cap, size_t *len, unsigned best);
const char *sap_hint_reasons_whole_count(bool safe);
/* The level of the simplest reason for certain covered cell x (safe, or
 * a mine): 1 one number, 2 a number or two beside known mines (two steps,
 * with SAP_HINT_REASONS 0), 3 the whole count.  It only falls while x is
 * covered (a number that shows 0 keeps showing it; a number whose covered
 * neighbours are all mines keeps them covered, so a known mine stays one),
 * and it reads nothing more than REASON_REACH rows or columns away from x:
 * known, a level x is known not to be above (4: none), spares the reading
 * of what could not be simpler (known 2: one number alone). */
unsigned sap_hint_reasons_level(const sap_game *g, uint32_t x, bool safe, unsigned known);
/* ... and its reason, as HINT's line would give it after "SAFE x y: " (or
 * "MINE x y: "), for the tests. */
unsigned sap_hint_text_reason(const sap_game *g, uint32_t x, bool safe, char *buf, size_t cap);
uint32_t sap_hint_scan_consider(struct sap_hint *h, uint32_t x);
/* The guess's cells (hint_candidates.c): the scan offers each unsure
 * cell; once done, the candidates the look-ahead weighs are put
 * together. */
void sap_hint_candidates_offer(struct sap_hint *h, uint32_t x, uint32_t p);
void sap_hint_candidates_finish(struct sap_hint *h);

/* Before the first click of a random board (its mines not laid), HINT's
 * cell, 0-based (hint.c, which says why): (3, 3), clipped to the
 * board. */
void sap_hint_first_click(const sap_game *game, uint32_t *row, uint32_t *col);

/* ---- for the session: HINT's line, PROB's tokens (hint_text.c) ---------- */

/* HINT's line (hint_text.c) once sap_hint_step (sapper.h section 10) is
 * done: no line end, at most cap - 1 bytes, 0 when nothing covered is left
 * to say anything of. */
size_t sap_hint_text_line(const struct sap_hint *hint, char *buf, size_t cap);
/* ... and before the first click (sap_hint_first_click): "SAFE 3 3: the
 * first click is never a mine", the flag on it said wrong first. */
size_t sap_hint_text_first_line(const sap_game *game, char *buf, size_t cap);
/* PROB's token for a cell: its digit, or its odds "37%" (at most 4 bytes). */
size_t sap_hint_text_prob_token(const sap_deduce *d, const sap_game *g, uint32_t r, uint32_t c,
                                char *buf);

/* ---- for the session: HINT kept between moves (hint_live.c) ------ */

/* A session's HINT without reading the whole board (hint_live.c
 * says how):
 *
 *   sap_hint_live_init(&l, block, SAP_HINT_LIVE_BYTES(r, c), game)  mines laid
 *   sap_hint_live_moved(l, box)     after every move: the cells it changed
 *   sap_hint_live_begin(l); while ((err = sap_hint_live_step(l, budget)) == SAP_MORE)
 *   err SAP_OK: sap_hint_text_line(sap_hint_live_hint(l), ...), sap_hint_move as
 *   after sap_hint_step; SAP_ERR_SIZE: nothing certain (a guess, which
 *   weighs the whole position; SAP_ERR_STATE: no layout fits): HINT as
 *   before, in a block of its own.
 *
 * The game must not change but by moves told with sap_hint_live_moved, and the
 * block stays with the game it was made for. */
struct sap_hint_live;
int sap_hint_live_init(struct sap_hint_live **live, void *memory, size_t bytes,
                       const sap_game *game);
void sap_hint_live_moved(struct sap_hint_live *live, struct sap_box box);
void sap_hint_live_begin(struct sap_hint_live *live);
int sap_hint_live_step(struct sap_hint_live *live, uint32_t budget);
/* step with the budget left over in *budget (HINT goes on with it). */
int sap_hint_live_spend(struct sap_hint_live *live, uint32_t *budget);
struct sap_hint *sap_hint_live_hint(struct sap_hint_live *live);
/* PROB's: sap_hint_live_begin_odds, then sap_hint_live_step as for HINT; at SAP_OK
 * sap_hint_text_prob_token reads sap_hint_live_deduce(l), until the next begin; else a
 * deduction's error (SAP_ERR_SIZE: past its workspace or steps;
 * SAP_ERR_STATE: no layout fits). */
void sap_hint_live_begin_odds(struct sap_hint_live *live);
sap_deduce *sap_hint_live_deduce(struct sap_hint_live *live);

SAP_INTERNAL_END

#endif
