/*
 * endgame_search.c - the endgame search itself: over the layouts
 * endgame.c lists (its model says what a state S and W(S) are),
 * W of the whole position and the first move that wins it.
 *
 * The cascade.  Opening a cell that shows 0 opens its neighbours in the
 * real game (game.c).  The model needs no cascade of its own: those
 * neighbours are safe in every layout of the outcome, so the second rule
 * opens them for free, with their numbers; and a cell safe in every layout
 * whose number is the same in all of them tells nothing.  So every state
 * is taken "closed": no cell safe in all its layouts shows different
 * numbers in them, and a closed state is determined by the cells that are
 * safe in all its layouts and any one of its layouts (the numbers of those
 * cells are that layout's).  That is the memo's key: the union of the
 * state's layouts and its first layout, exact, no hash trusted.
 *
 * The search is depth first, on an explicit stack of frames in the block
 * (each level opens a cell not opened above it, so at most 65 frames),
 * resumable at any step.  A state's layouts are a range of perm[], an
 * order of the layout indices: opening a cell sorts the range by outcome
 * (mines first, then numbers 0 to 8), so each outcome is a sub-range that
 * the level below sorts in turn, and the set of a range never changes.
 * Pruning, exact: the moves are tried safest first, a move can win at most
 * where it is safe (so once a move's safe layouts are no more than the
 * best found, it and every later one are left), and a move whose
 * outcomes left cannot lift it above the best is abandoned.  Ties go to
 * the move tried first (safest, then first on the board).
 */
#include "endgame.h"

#if SAP_ENDGAME_LAYOUTS > 0

static uint32_t memo_slot(uint64_t key, uint32_t min)
{
    uint32_t h = (uint32_t)key * 0x9E3779B1u ^ (uint32_t)(key >> 32) * 0x85EBCA77u
                 ^ (min + 1u) * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h & (SAP_ENDGAME_MEMO - 1u);
}

/* The memo's answer for the frame's state: 1, exact; 2, a most that is
 * not above the frame's floor (as good as exact there); 0, none. */
static int memo_find(const struct sap_endgame *e, const struct eg_frame *f, uint32_t *wins)
{
    uint32_t s = memo_slot(f->key, f->key_min), i;
    for (i = 0; i < EG_PROBE; i++) {
        const struct eg_memo *m = &e->u.memo[(s + i) & (SAP_ENDGAME_MEMO - 1u)];
        if (m->len == 0)
            return 0;
        if (m->key == f->key && m->min == f->key_min) {
            *wins = m->wins;
            return m->exact ? 1 : m->wins <= f->floor ? 2 : 0;
        }
    }
    return 0;
}

/* Keeps a state's answer: over its own entry if this one says more, else
 * in an empty slot, else over the smallest state among the slots looked at
 * (the cheapest to work out again). */
static void memo_store(struct sap_endgame *e, const struct eg_frame *f, uint32_t wins,
                       bool exact)
{
    uint32_t s = memo_slot(f->key, f->key_min), i;
    struct eg_memo *victim = NULL;
    for (i = 0; i < EG_PROBE; i++) {
        struct eg_memo *m = &e->u.memo[(s + i) & (SAP_ENDGAME_MEMO - 1u)];
        if (m->len != 0 && m->key == f->key && m->min == f->key_min) {
            if (m->exact || (!exact && m->wins <= wins))
                return; /* it knows as much */
            victim = m;
            break;
        }
        if (m->len == 0) {
            victim = m;
            break;
        }
        if (victim == NULL || m->len < victim->len)
            victim = m;
    }
    if (victim->len > f->len)
        return;
    victim->key = f->key;
    victim->min = f->key_min;
    victim->wins = (uint16_t)wins;
    victim->len = f->len;
    victim->exact = exact;
}

static void push(struct sap_endgame *e, uint32_t start, uint32_t len, uint64_t seen,
                 uint32_t floor)
{
    struct eg_frame *f;
    if (e->height == EG_FRAMES) { /* cannot be: each level opens a cell */
        fail(e, SAP_ERR_SIZE);
        return;
    }
    f = &e->frame[e->height++];
    f->start = (uint16_t)start;
    f->len = (uint16_t)len;
    f->seen = seen;
    f->floor = (uint16_t)floor;
    f->kind = K_DECIDE;
    f->stage = ST_ENTER;
}

/* The top frame's answer (exact, or a most not above its floor): kept in
 * the memo, and handed to the frame below (or it is the search's). */
static void finish(struct sap_endgame *e, uint32_t wins, bool exact)
{
    struct eg_frame *f = &e->frame[e->height - 1u];
    if (f->kind == K_DECIDE && f->len >= 3u)
        memo_store(e, f, wins, exact);
    if (e->height == 1u) { /* the floor is 0: exact */
        e->wins = (uint16_t)wins;
        e->result = f->len == 1u ? EG_NO_CELL
                                 : e->board[f->kind == K_DECIDE ? f->best_cell : f->cell];
        e->height = 0;
        e->phase = EG_DONE;
        return;
    }
    f->best = (uint16_t)wins;
    e->height--;
    e->frame[e->height - 1u].stage = ST_RETURN;
}

/* Where outcome b of the frame's open cell begins and ends in perm[]. */
static uint32_t outcome_from(const struct eg_frame *f, uint32_t b)
{
    return b == 0 ? f->start : f->bucket[b - 1u];
}

static uint32_t outcome_to(const struct eg_frame *f, uint32_t b)
{
    return b < 9u ? f->bucket[b] : (uint32_t)f->start + f->len;
}

/* Sorts the frame's layouts by what opening c shows: its mines first,
 * then by number. */
static void partition(struct sap_endgame *e, struct eg_frame *f, uint32_t c)
{
    uint32_t n[10] = { 0 }, at[10], i, end = (uint32_t)f->start + f->len;
    uint64_t mine = bit(c);
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]];
        n[(l & mine) ? 0 : 1u + number(e, l, c)]++;
    }
    at[0] = f->start;
    for (i = 1; i < 10u; i++) {
        at[i] = at[i - 1u] + n[i - 1u];
        f->bucket[i - 1u] = (uint16_t)at[i];
    }
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]];
        e->scratch[at[(l & mine) ? 0 : 1u + number(e, l, c)]++] = e->perm[i];
    }
    memcpy(e->perm + f->start, e->scratch + f->start, (size_t)f->len * sizeof e->perm[0]);
}

/* ST_ENTER: the union of the frame's layouts (its key), the cells that
 * differ among them, and its first layout. */
static void enter(struct sap_endgame *e, struct eg_frame *f)
{
    uint64_t any = 0, all = ~(uint64_t)0;
    uint32_t i, min = UINT32_MAX, end = (uint32_t)f->start + f->len;
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]];
        any |= l;
        all &= l;
        min = e->perm[i] < min ? e->perm[i] : min;
    }
    f->key = any;
    f->vary = any & ~all;
    f->key_min = (uint16_t)min;
    f->next = 0;
    f->stage = ST_CLOSE;
}

/* Whether cell c shows different numbers among the frame's layouts. */
static bool varies(const struct sap_endgame *e, const struct eg_frame *f, uint32_t c)
{
    uint32_t i, end = (uint32_t)f->start + f->len;
    uint32_t first = number(e, e->layout[e->perm[f->start]], c);
    for (i = f->start + 1u; i < end; i++)
        if (number(e, e->layout[e->perm[i]], c) != first)
            return true;
    return false;
}

/* ST_CLOSE: a cell safe in every layout whose number differs among them
 * is opened (a chance frame); true once the state is closed. */
static bool close_state(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    while (*budget > 0 && f->next < e->model) {
        uint32_t c = f->next++;
        charge(e, budget, 1, true);
        if ((c < e->unknown && (f->key & bit(c))) || (f->seen & bit(c))
            || (e->around[c] & f->vary) == 0)
            continue;
        charge(e, budget, f->len, true);
        if (varies(e, f, c)) {
            if (e->height == 1u && e->first != EG_NO_CELL) {
                fail(e, SAP_ERR_ARG); /* a safe cell tells something first */
                return false;
            }
            f->kind = K_CHANCE;
            f->cell = (uint8_t)c;
            partition(e, f, c);
            charge(e, budget, 2u * f->len, true);
            f->sum = 0;
            f->at = 1;
            f->stage = ST_CHILD;
            return false;
        }
        f->seen |= bit(c);
    }
    return f->next == e->model;
}

/* ST_RANK: the moves (the cells that differ), safest first, ties in
 * board order; none can win more than the safest is safe. */
static void rank(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    uint64_t v = f->vary;
    uint32_t i, end = (uint32_t)f->start + f->len, count = 0;
    while (v != 0) {
        e->mine_count[low_bit(v)] = 0;
        v &= v - 1u;
    }
    for (i = f->start; i < end; i++) {
        uint64_t l = e->layout[e->perm[i]] & f->vary;
        while (l != 0) {
            e->mine_count[low_bit(l)]++;
            l &= l - 1u;
        }
    }
    charge(e, budget, 2u * f->len, true);
    for (v = f->vary; v != 0; v &= v - 1u) {
        uint32_t c = low_bit(v), at = count++;
        while (at > 0 && e->mine_count[f->cand[at - 1u]] > e->mine_count[c]) {
            f->cand[at] = f->cand[at - 1u];
            at--;
        }
        f->cand[at] = (uint8_t)c;
    }
    f->count = (uint8_t)count;
    if (e->height == 1u && e->first != EG_NO_CELL) { /* one first move asked for */
        for (i = 0; i < count && e->board[f->cand[i]] != e->first; i++)
            ;
        if (i == count) {
            fail(e, SAP_ERR_ARG);
            return;
        }
        f->cand[0] = f->cand[i];
        f->count = 1;
    }
    f->next = 0;
    f->best = f->floor;
    f->best_cell = EG_NO_MOVE;
    f->bound = (uint16_t)(f->len - e->mine_count[f->cand[0]]);
    f->stage = ST_MOVE;
    if (f->bound <= f->floor)
        finish(e, f->bound, false);
}

/* A decision frame is done: its best move's W, or no more than its floor. */
static void decided(struct sap_endgame *e, struct eg_frame *f)
{
    finish(e, f->best, f->best_cell != EG_NO_MOVE);
}

/* ST_MOVE: the next move, unless none can do better than the best. */
static void next_move(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    uint32_t c, safe;
    if (f->next == f->count || f->best == f->bound) {
        decided(e, f);
        return;
    }
    c = f->cand[f->next++];
    partition(e, f, c);
    charge(e, budget, 2u * f->len, true);
    safe = (uint32_t)f->len - (uint32_t)(f->bucket[0] - f->start);
    if (safe <= f->best) { /* and so every later move */
        decided(e, f);
        return;
    }
    f->cell = (uint8_t)c;
    f->sum = 0;
    f->at = 1;
    f->stage = ST_CHILD;
}

/* What outcome f->at must win more than for the frame's open cell to
 * matter: the best so far (a decision) or the floor (a chance frame), less
 * what the other outcomes have won and can win at most.  0: no floor. */
static uint32_t child_floor(const struct eg_frame *f)
{
    uint32_t target = f->kind == K_DECIDE ? f->best : f->floor;
    uint32_t later = (uint32_t)f->start + f->len - outcome_to(f, f->at);
    return target > f->sum + later ? target - f->sum - later : 0;
}

/* The open cell cannot matter: a decision tries its next move, a chance
 * frame wins no more than its floor. */
static void cut(struct sap_endgame *e, struct eg_frame *f)
{
    if (f->kind == K_DECIDE)
        f->stage = ST_MOVE;
    else
        finish(e, f->floor, false);
}

/* ST_CHILD: the next outcome of the open cell: one layout wins alone,
 * more are a frame of their own. */
static void next_child(struct sap_endgame *e, struct eg_frame *f, uint32_t *budget)
{
    uint32_t end = (uint32_t)f->start + f->len;
    while (*budget > 0) {
        uint32_t from, to, target = f->kind == K_DECIDE ? f->best : f->floor;
        charge(e, budget, 1, true);
        if (f->at > 9u) {
            if (f->kind == K_CHANCE) {
                finish(e, f->sum, true);
                return;
            }
            if (f->sum > f->best) {
                f->best = f->sum;
                f->best_cell = f->cell;
            }
            f->stage = ST_MOVE;
            return;
        }
        from = outcome_from(f, f->at);
        to = outcome_to(f, f->at);
        if (target > 0 && (uint32_t)f->sum + (end - from) <= target) {
            cut(e, f);
            return;
        }
        if (to - from <= 1u) {
            f->sum = (uint16_t)(f->sum + (to - from));
            f->at++;
            continue;
        }
        push(e, from, to - from, f->seen | bit(f->cell), child_floor(f));
        return;
    }
}

/* ST_RETURN: the outcome under way has its answer. */
static void returned(struct sap_endgame *e, struct eg_frame *f)
{
    uint32_t wins = e->frame[e->height].best, floor = child_floor(f);
    if (floor > 0 && wins <= floor) {
        cut(e, f);
        return;
    }
    f->sum = (uint16_t)(f->sum + wins);
    f->at++;
    f->stage = ST_CHILD;
}

/* EG_SEARCH for *budget steps. */
void sap_endgame_search(struct sap_endgame *e, uint32_t *budget)
{
    while (*budget > 0 && e->phase == EG_SEARCH) {
        struct eg_frame *f = &e->frame[e->height - 1u];
        uint32_t wins;
        int found;
        switch (f->stage) {
        case ST_ENTER:
            charge(e, budget, 1u + f->len, true);
            if (f->len == 1u)
                finish(e, 1, true);
            else
                enter(e, f);
            break;
        case ST_CLOSE:
            if (!close_state(e, f, budget))
                break;
            if (f->len == 2u && e->height > 1u) { /* two layouts no safe cell tells
                                                    * apart: the root still names a move */
                finish(e, 1, true);
                break;
            }
            found = memo_find(e, f, &wins);
            if (found != 0) {
                finish(e, wins, found == 1);
                break;
            }
            f->stage = ST_RANK;
            break;
        case ST_RANK:
            rank(e, f, budget);
            break;
        case ST_MOVE:
            next_move(e, f, budget);
            break;
        case ST_CHILD:
            next_child(e, f, budget);
            break;
        default:
            charge(e, budget, 1, true);
            returned(e, f);
            break;
        }
    }
}

/* The listing is done: the search begins with every layout. */
void sap_endgame_search_begin(struct sap_endgame *e, uint32_t *budget)
{
    uint32_t i;
    if (e->count == 0) {
        fail(e, SAP_ERR_STATE);
        return;
    }
    for (i = 0; i < e->count; i++)
        e->perm[i] = (uint16_t)i;
    memset(e->u.memo, 0, sizeof e->u.memo);
    charge(e, budget, e->count + SAP_ENDGAME_MEMO / 8u, true);
    e->height = 0;
    push(e, 0, e->count, 0, 0);
    e->phase = EG_SEARCH;
}

#else
/* Left out of this build (SAP_ENDGAME_LAYOUTS 0): ISO C wants a
 * declaration in every file. */
typedef int sap_endgame_search_left_out;
#endif
