/*
 * generate_perturb.c - where the no-guess generator's play stalled
 * (generate.c): the layout changed there.  Tatham's idea: the frontier the
 * player cannot settle is emptied into the cells it has not reached, or
 * filled from them; with no room either way, one mine moves, out of the
 * wall of known mines around those cells when there is one.  Each is a few
 * passes over the board, a cell a step (eight cells a step where the
 * pass has nothing to do with them), resumable; the moves are told to the
 * level's player, which then goes on from where it stalled.
 */
#include "casual.h"
#include "generate.h"

/* Whether a swap of this kind moves its mine among the far cells. */
static bool walled(uint8_t choosy)
{
    return choosy == FROM_WALL || choosy == FROM_WALL_OPENED;
}

/* The play stalled: the perturbation starts with the count of the
 * places (the casual player keeps its counts: no pass, count_places). */
void sap_generate_perturb_begin(sap_generate *g)
{
    memset(&g->u, 0, sizeof g->u);
    g->cursor = g->level == SAP_LEVEL_CASUAL ? g->cells : 0;
    g->pass = PASS_COUNT;
    g->phase = G_PERTURB;
}

/* Where the play stalled, each covered cell is one of: known to the player
 * (proven a mine, or opened), in the zone, at the frontier and unknown
 * (next to an opened number), or far (next to none). */
enum place { P_KNOWN, P_FRONTIER, P_FAR };

/* The casual player's view: known when cleared or flagged; at the
 * frontier when a cleared neighbour shows its number (the play marks it). */
static enum place casual_place_of(sap_generate *g, uint32_t x)
{
    if (sap_casual_play_cell(g->casual, x) != 0 || in_zone(g, x))
        return P_KNOWN;
    return sap_casual_play_at_frontier(g->casual, x) ? P_FRONTIER : P_FAR;
}

static enum place place_of(sap_generate *g, uint32_t x)
{
    if (g->level == SAP_LEVEL_CASUAL)
        return casual_place_of(g, x);
    /* the zone is open by now (count_places), so known */
    switch (sap_deduce_standing(g->deduce, x)) {
    case STANDING_INTERIOR:
        return P_FAR;
    case STANDING_UNSETTLED: /* the rules left it open, or the count weighed it both ways */
        return P_FRONTIER;
    default: /* opened, or settled */
        return P_KNOWN;
    }
}

/* Whether the player has opened x. */
static bool opened(sap_generate *g, uint32_t x)
{
    if (g->level == SAP_LEVEL_CASUAL)
        return sap_casual_play_cell(g->casual, x) == 1;
    return sap_deduce_standing(g->deduce, x) == STANDING_OPEN;
}

/* Starts moving `count` mines (0 = all) from cells at `from`, which hold
 * `mines`, to cells at `to` that have none, `room` of them; both chosen at
 * random among those places (selection sampling: a pass each). */
static void move_mines(sap_generate *g, enum place from, enum place to, uint32_t count,
                       uint32_t mines, uint32_t room)
{
    uint32_t k = count == 0 || count > mines ? mines : count;
    memset(&g->u, 0, sizeof g->u);
    g->u.move.mines = mines;
    g->u.move.room = room;
    g->u.move.k = k > room ? room : k;
    g->u.move.left = g->u.move.k;
    g->from = (uint8_t)from;
    g->to = (uint8_t)to;
    g->cursor = 0;
    g->pass = PASS_MOVE_FILL;
}

/* PASS_SWAP_FROM's start: the mine is the first that may move from a cell
 * drawn at random (eight-aligned, for nothing_in_eight), going round the
 * board once.  A wall may be long, and one mine of it is all it takes. */
static void swap_from_begin(sap_generate *g)
{
    g->u.swap.seen = 0;
    g->cursor = draw(g, g->cells) & ~7u;
    g->pass = PASS_SWAP_FROM;
}

/* The end of PASS_COUNT (Tatham's idea): the frontier the player cannot
 * settle is emptied - its mines go to far cells - so that next time the
 * numbers around it are met by the mines the player knows, and it clears.
 * With too little far room it is filled instead, from far mines; with
 * neither, one unopened mine moves to an unopened safe cell. */
static void choose_perturbation(sap_generate *g)
{
    uint32_t frontier = g->u.count.frontier, frontier_mines = g->u.count.frontier_mines;
    uint32_t far_safe = g->u.count.far_safe, far_mines = g->u.count.far_mines;
    if (frontier > 0 && frontier_mines > 0 && frontier_mines <= far_safe) {
        move_mines(g, P_FRONTIER, P_FAR, 0, frontier_mines, far_safe);
    } else if (frontier > 0 && frontier - frontier_mines <= far_mines) {
        move_mines(g, P_FAR, P_FRONTIER, frontier - frontier_mines, far_mines,
                   frontier - frontier_mines);
    } else if (frontier > 0 && far_safe > 0) {
        move_mines(g, P_FRONTIER, P_FAR, far_safe, frontier_mines, far_safe);
    } else {
        /* no room either way (a small board, or a wall of proven mines):
         * one mine the player has not opened moves to a safe cell it has
         * not opened either, so the layout always changes; walled, a mine
         * of the wall moves in among the cells walled in */
        memset(&g->u, 0, sizeof g->u);
        g->u.swap.from = g->u.swap.to = UINT32_MAX;
        g->choosy = resumes(g) && frontier == 0 && far_safe > 0 ? FROM_WALL_OPENED : FROM_ANY;
        g->u.swap.skip = far_safe;
        swap_from_begin(g);
    }
}

/* Whether mine x is in the wall around far cells the player cannot reach
 * (next to one), and with strict, next to an opened cell as well: moved
 * away, it is a safe cell the player can find, which opens the wall. */
static bool in_wall(sap_generate *g, uint32_t x, bool strict)
{
    struct sap_box b = sap_block_around_cell(g->rows, g->cols, x);
    uint32_t r, c;
    bool far = false;
    for (r = b.top; r <= b.bottom && !far; r++)
        for (c = b.left; c <= b.right && !far; c++)
            far = place_of(g, r * g->cols + c) == P_FAR;
    if (!far || !strict)
        return far; /* most mines: none of their neighbours far */
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++)
            if (opened(g, r * g->cols + c))
                return true;
    return false;
}

/* A mine moved to or from covered cell x, which the player has neither
 * opened nor settled: the live play takes the numbers around it as they
 * are now. */
static void move_mine(sap_generate *g, uint32_t x, bool mine)
{
    set_mine(layout_of(g), x, mine);
    if (g->level == SAP_LEVEL_NOGUESS) {
        sap_deduce_live_moved(g->deduce, x, mine);
    } else {
        sap_casual_play_moved(g->casual, x, mine);
        moved_of(g)[g->moved++] = x; /* a cell moves once a perturbation */
    }
}

/* Whether cell x may take a swap's mine: a safe cell not opened (the
 * zone is opened by now), and walled, a far one. */
static bool swap_takes(sap_generate *g, uint32_t x)
{
    return !mine_in(layout_of(g), x) && !opened(g, x)
           && (!walled(g->choosy) || place_of(g, x) == P_FAR);
}

/* PASS_SWAP_TO's start: the cell is drawn among those that may take the
 * mine (one draw; the pass then counts its way to it).  Walled, they are
 * the far safe cells counted before; else every covered safe cell. */
static void swap_to_begin(sap_generate *g)
{
    uint32_t room = g->u.swap.skip;
    if (!walled(g->choosy))
        room = g->level == SAP_LEVEL_NOGUESS
                   ? g->deduce->covered - g->mines
                   : g->cells - g->mines - sap_casual_play_cleared(g->casual);
    g->u.swap.skip = room > 0 ? draw(g, room) : UINT32_MAX;
}

/* One cell x of the perturbation's current pass. */
static void perturb_cell(sap_generate *g, uint32_t x)
{
    uint8_t *layout = layout_of(g);
    enum place p;
    switch (g->pass) {
    case PASS_COUNT: /* NOGUESS: the mines by place (count_places has the cells) */
        if (!mine_in(layout, x))
            break;
        p = place_of(g, x);
        g->u.count.frontier_mines += p == P_FRONTIER;
        g->u.count.far_mines += p == P_FAR;
        break;
    case PASS_MOVE_FILL: /* first the new places (so a cell is never both emptied and filled) */
        if (!mine_in(layout, x) && place_of(g, x) == g->to) {
            if (draw(g, g->u.move.room) < g->u.move.left) {
                move_mine(g, x, true);
                g->u.move.left--;
            }
            g->u.move.room--;
        }
        break;
    case PASS_MOVE_EMPTY:
        if (mine_in(layout, x) && place_of(g, x) == g->from) {
            if (draw(g, g->u.move.mines) < g->u.move.left) {
                move_mine(g, x, false);
                g->u.move.left--;
            }
            g->u.move.mines--;
        }
        break;
    case PASS_SWAP_FROM: /* walled: a mine of the wall, which then opens */
        g->u.swap.seen++;
        if (mine_in(layout, x) && !opened(g, x) && !in_zone(g, x)
            && (g->choosy == FROM_ANY || in_wall(g, x, g->choosy == FROM_WALL_OPENED)))
            g->u.swap.from = x;
        break;
    default: /* PASS_SWAP_TO: the one drawn (swap_to_begin) */
        if (swap_takes(g, x) && (g->u.swap.seen++, g->u.swap.skip-- == 0))
            g->u.swap.to = x;
        break;
    }
}

/* The end of PASS_COUNT, the places' cells and mines.  At NOGUESS the
 * pass counted the mines only, and the live block's counts give the
 * cells: its unsure cells are the frontier the player cannot settle; its
 * covered cells neither settled nor at the frontier are the far ones (the
 * zone is open by now: the click's block holds no mine, so its 0 opens
 * it, or the zone is the click).  The casual player keeps its frontier's
 * counts as it plays, and what it has not touched beyond is far. */
static void count_places(sap_generate *g)
{
    const sap_deduce *d = g->deduce;
    uint32_t frontier, frontier_mines, flagged, untouched_mines;
    if (g->level == SAP_LEVEL_NOGUESS) {
        g->u.count.frontier = d->unsure;
        g->u.count.far_safe = d->covered - d->settled - d->unsure - g->u.count.far_mines;
        return;
    }
    sap_casual_play_places(g->casual, &frontier, &frontier_mines, &flagged);
    untouched_mines = g->mines - flagged;
    g->u.count.frontier = frontier;
    g->u.count.frontier_mines = frontier_mines;
    g->u.count.far_mines = untouched_mines - frontier_mines;
    g->u.count.far_safe = g->cells - g->mines - sap_casual_play_cleared(g->casual)
                          - (frontier - frontier_mines);
}

/* The perturbation's pass is over: the next one, or a new play. */
static void perturb_pass_over(sap_generate *g)
{
    g->cursor = 0;
    switch (g->pass) {
    case PASS_COUNT:
        count_places(g);
        choose_perturbation(g);
        return;
    case PASS_MOVE_FILL:
        g->u.move.left = g->u.move.k;
        g->pass = PASS_MOVE_EMPTY;
        return;
    case PASS_SWAP_FROM:
        if (g->u.swap.from == UINT32_MAX && g->u.swap.seen < g->cells)
            return; /* on from the board's first cell */
        g->u.swap.seen = 0;
        if (g->u.swap.from == UINT32_MAX && g->choosy != FROM_ANY) {
            /* no such mine: look again, less choosy */
            g->choosy = g->choosy == FROM_WALL_OPENED ? FROM_WALL : FROM_ANY;
            swap_from_begin(g);
            return;
        }
        g->pass = PASS_SWAP_TO;
        swap_to_begin(g);
        return;
    case PASS_SWAP_TO:
        if (g->u.swap.to == UINT32_MAX && g->u.swap.seen > 0) {
            /* fewer cells than counted before: drawn again among those seen */
            g->u.swap.skip = draw(g, g->u.swap.seen);
            g->u.swap.seen = 0;
            return;
        }
        if (g->u.swap.from != UINT32_MAX && g->u.swap.to != UINT32_MAX) {
            move_mine(g, g->u.swap.from, false);
            move_mine(g, g->u.swap.to, true);
        }
        /* fall through */
    default: /* PASS_MOVE_EMPTY: the play goes on from where it stalled */
        if (resumes(g)) {
            g->pass = 0;
            g->resumed = 1;
            g->phase = g->level == SAP_LEVEL_NOGUESS ? G_LIVE : G_PLAY;
            return;
        }
        break;
    }
    g->pass = 0; /* played again from the first click */
    g->phase = G_SETUP;
}

/* Whether a cell of the eight from x, in one row, or next to one of them
 * has flags f with (f & mask) == want: a far cell (covered, next to no
 * number and unsettled: its flags all clear), or an opened one.  A wall
 * mine is next to a far cell, and a strict one to an opened cell too. */
static bool near_eight(sap_generate *g, uint32_t x, uint8_t mask, uint8_t want)
{
    const uint8_t *flags = flags_of(g->deduce);
    uint32_t r = x / g->cols, c = x - r * g->cols, rr, i;
    uint32_t left = c > 0 ? c - 1u : 0, right = c + 8u < g->cols ? c + 8u : g->cols - 1u;
    for (rr = r > 0 ? r - 1u : 0; rr <= r + 1u && rr < g->rows; rr++) {
        const uint8_t *row = flags + rr * g->cols;
        uint64_t v = sap_load_eight(row + left) & SAP_EACH_BYTE(mask);
        if (sap_nonzero_bytes(v ^ SAP_EACH_BYTE(want)) != SAP_EACH_BYTE(0x80))
            return true;
        for (i = left + 8u; i <= right; i++)
            if ((row[i] & mask) == want)
                return true;
    }
    return false;
}

/* Whether none of the eight cells from x is at place p (the flags of a
 * far cell are all clear; an unknown frontier cell's are F_FRONTIER alone
 * of F_OPEN, F_FRONTIER and the settled bits); P_KNOWN here: none is
 * either. */
static bool none_at(sap_generate *g, uint32_t x, enum place p)
{
    uint64_t v = sap_load_eight(flags_of(g->deduce) + x);
    if (p == P_FAR)
        return sap_nonzero_bytes(v) == SAP_EACH_BYTE(0x80);
    if (p == P_FRONTIER)
        return sap_nonzero_bytes((v & SAP_EACH_BYTE(F_OPEN | F_FRONTIER | F_SETTLED))
                                 ^ SAP_EACH_BYTE(F_FRONTIER))
               == SAP_EACH_BYTE(0x80);
    return sap_nonzero_bytes(v & SAP_EACH_BYTE(F_OPEN | F_SETTLED)) == SAP_EACH_BYTE(0x80);
}

/* PASS_SWAP_TO at NOGUESS: whether the cell drawn is past the eight from
 * x, whose mines are `mines`; then the pass steps over them, counted.
 * The cells that may take the mine are safe ones not opened, and walled,
 * far ones (their flags all clear). */
static bool swap_to_eight(sap_generate *g, uint32_t x, uint8_t mines)
{
    uint64_t v = sap_load_eight(flags_of(g->deduce) + x), takes;
    uint32_t i, n;
    if (!walled(g->choosy))
        v &= SAP_EACH_BYTE(F_OPEN);
    takes = ~sap_nonzero_bytes(v) & SAP_EACH_BYTE(0x80); /* a high bit a cell */
    for (i = 0; i < 8u; i++)
        if ((mines >> i) & 1u)
            takes &= ~((uint64_t)0x80u << (8u * i));
    n = sap_byte_sum(takes >> 7);
    if (n > g->u.swap.skip)
        return false;
    g->u.swap.skip -= n;
    g->u.swap.seen += n;
    return true;
}

/* Whether the eight cells from the cursor (a multiple of 8) have nothing
 * for the NOGUESS pass under way, and it can step over them at once: a
 * pass over mines skips eight without one, or without one at the place it
 * empties (the count: at no unknown place; a walled swap: next to no far
 * cell, or strict, no opened one); a pass over safe cells skips eight
 * mines, or eight with no cell at the place it fills (a swap's: counted
 * past).  Late in a big board's play most of the board is known, and
 * skipped.  The same cells are looked at, in the same order, so the same
 * board comes of it. */
static bool nothing_in_eight(sap_generate *g)
{
    const uint8_t *layout = layout_of(g);
    uint32_t x = g->cursor;
    uint8_t mines;
    if (g->level != SAP_LEVEL_NOGUESS || (x & 7u) != 0 || x + 8u > g->cells)
        return false;
    mines = layout[x >> 3];
    switch (g->pass) {
    case PASS_COUNT: /* the mines of unknown cells */
        return mines == 0 || (SAP_FAST_PATHS && none_at(g, x, P_KNOWN));
    case PASS_MOVE_EMPTY:
        return mines == 0 || (SAP_FAST_PATHS && none_at(g, x, (enum place)g->from));
    case PASS_MOVE_FILL:
        return mines == 0xFFu || (SAP_FAST_PATHS && none_at(g, x, (enum place)g->to));
    case PASS_SWAP_FROM: /* walled: a mine next to a far cell */
        return mines == 0
               || (SAP_FAST_PATHS && walled(g->choosy) && x % g->cols + 8u <= g->cols
                   && (!near_eight(g, x, 0xFFu, 0)
                       || (g->choosy == FROM_WALL_OPENED
                           && !near_eight(g, x, F_OPEN, F_OPEN))));
    default: /* PASS_SWAP_TO: counts its way past them */
        return mines == 0xFFu || (SAP_FAST_PATHS && swap_to_eight(g, x, mines));
    }
}

/* G_PERTURB: its passes, a cell a step (eight cells that have nothing
 * for it one); true once the layout is changed. */
bool sap_generate_perturb_on(sap_generate *g, uint32_t *budget)
{
    while (*budget > 0) {
        /* a fill or empty pass ends once every mine is placed */
        bool placing = g->pass == PASS_MOVE_FILL || g->pass == PASS_MOVE_EMPTY;
        bool drawn = (g->pass == PASS_SWAP_TO && g->u.swap.to != UINT32_MAX)
                     || (g->pass == PASS_SWAP_FROM
                         && (g->u.swap.from != UINT32_MAX || g->u.swap.seen == g->cells));
        if (g->cursor == g->cells || (placing && g->u.move.left == 0) || drawn) {
            perturb_pass_over(g);
            if (g->phase != G_PERTURB)
                return true;
            continue;
        }
        if (nothing_in_eight(g)) {
            g->cursor += 8u;
            if (g->pass == PASS_SWAP_FROM)
                g->u.swap.seen += 8u;
            sap_charge(budget, 1u);
            continue;
        }
        perturb_cell(g, g->cursor++);
        sap_charge(budget, 1u);
    }
    return false;
}
