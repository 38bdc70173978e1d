/*
 * deduce_sweep.c - steps 3 and 5 of the deduction engine (deduce.c) for a
 * long group: its assignments counted by a sweep along it, a dynamic
 * programme, instead of one by one.
 *
 * The group's cells are taken in their order (breadth first, so neighbours
 * come close together).  After the first i cells, what the rest can still
 * do depends only on the numbers that have seen some of those cells and
 * not yet all of theirs (the live numbers: the cut), and on how many mines
 * each still needs; with the mines placed so far, that is a state.  Layer
 * i holds every state the first i cells can reach, each with its weight
 * (how many assignments reach it); layer i + 1 comes from trying the next
 * cell both ways on every state of layer i, equal states merging (their
 * weights added).  Layer n's states are the group's counts per mine count.
 * A long thin group - the usual frontier along a wall of numbers - has a
 * few live numbers at a time, so a few states a layer (times the spread of
 * mines placed so far) however many billions of assignments it has: the
 * 65 cells of expert seed 1586's 119th position, 5.8 million assignments,
 * are at most 60 states a layer.
 *
 * Weighing runs the other way too: with the group's weight per mine count
 * k from combining, G(state) is the weight of all the ways to finish from
 * that state (G of layer n's state with k mines is the weight for k), so
 * G of layer i is read off layer i + 1, and the weight of the layouts with
 * a mine at cell i is the sum, over layer i's states, of their weight
 * times G of their successor with the cell a mine.  A zero weight stays
 * exactly zero (weight.c), so certainty is exact as with the walk.
 *
 * Memory: the engine's combining room (5 weights a workspace cell), which
 * counting and weighing do not otherwise use (the walk takes one weight a
 * depth of it, never at the same time).  It holds the states' keys of two
 * layers, a hash table for merging, and a ring of layers (each state's
 * weight and the places of its two successors in the next layer), which
 * forgets the oldest layers when full.  The backward pass weighs as many
 * layers as the ring still holds, from the last down, then runs the
 * forward pass again from layer 0 to the first of them (the layers come
 * out the same, in the same order), and so on: when the whole group fits,
 * each pass is run once; when the ring holds b layers of a group of n
 * cells, the forward pass runs about n / b times.  A group whose cut holds
 * more than SWEEP_SLOTS live numbers, or whose layer holds more states
 * than fit, does not fit, and is walked instead (deduce.c).
 *
 * Every pass is resumable: a state a step, its place kept in the room.
 */
#include "deduce.h"

/* A state's key: the mines still needed by each live number, 3 bits a slot
 * (a live number has at most 7 cells to come, and needs no more), 10 slots
 * in the first word, 7 in the second above the mines placed (11 bits). */
#define SWEEP_SLOTS 17u
#define MINE_BITS 11u
#define MINE_MASK ((1u << MINE_BITS) - 1u)
#define FIELD_MASK ((uint32_t)7u)
#define NO_SLOT 0xFFu
#define NONE 0xFFFFu   /* no successor */
#define MAX_CAP 32767u /* states a layer: indices fit 16 bits */
#define TIGHT_CAP 16u  /* COUNT_SWEEP_TIGHT's states a layer ... */
#define TIGHT_SLOTS 6u /* ... and live numbers */

enum { ST_FORWARD = 0, ST_BACKWARD };

/* A number next to the cell being tried: its slot in the key (NO_SLOT when
 * it has only this cell), whether the cell is its first, its cells after
 * this one, and the mines it needs (taken when the cell is its first). */
struct link {
    uint8_t slot, fresh, left, need;
};

/* A state in the ring: its weight (forward: the assignments reaching it;
 * backward, once weighed: G) and its successors' places in the next layer. */
struct rung {
    struct sap_weight w;
    uint16_t succ[2];
};

/* Where layer i is in the ring, and how many states it has. */
struct place {
    uint32_t off, count;
};

/* The sweep's state, at the head of the room. */
struct sweep {
    uint32_t n;                    /* cells in the group */
    uint32_t cap;                  /* states a layer may have */
    uint32_t ring;                 /* rungs the ring holds */
    uint32_t hash_max;             /* the hash table's size (a power of 2) */
    uint32_t hash_mask;            /* the size in use for the layer being built */
    uint32_t layer;                /* forward: the layer being expanded; backward: weighed */
    uint32_t entry;                /* its next state */
    uint32_t next;                 /* forward: states of layer + 1 so far ... */
    uint32_t reserve;              /* ... and the most it may take */
    uint32_t target;               /* forward: the last layer to build */
    uint32_t lo;                   /* the oldest layer the ring holds */
    uint32_t slots;                /* live numbers a key may hold */
    uint32_t slot_of[SWEEP_SLOTS]; /* the live number in each slot (cells: free) */
    struct link links[8];          /* the numbers next to the cell being tried */
    uint8_t nlinks, stage, ready, pad;
};

/* The room: the combining room, which starts at the weights while the
 * groups are counted (their weights are not found yet) and at the product
 * while they are weighed (their counts are no longer needed). */
static struct sweep *sweep_of(sap_deduce *d)
{
    return (struct sweep *)(void *)(d->phase == PH_COUNT ? weights_of(d) : total_of(d));
}
static size_t room_bytes(const sap_deduce *d)
{
    return (5u * (size_t)d->room + 5u) * sizeof(struct sap_weight);
}
static struct place *places_of(struct sweep *s)
{
    return (struct place *)(void *)(s + 1);
}
/* Two layers' keys (2 words a state): layer i's are in buffer i % 2. */
static uint32_t *keys_of(struct sweep *s, uint32_t layer)
{
    return (uint32_t *)(void *)(places_of(s) + s->n + 1) + (size_t)(layer & 1u) * 2u * s->cap;
}
/* G of the first layer of the block weighed last, kept while the forward
 * pass is run again to reach it. */
static struct sap_weight *kept_of(struct sweep *s)
{
    return (struct sap_weight *)(void *)(keys_of(s, 0) + 4u * (size_t)s->cap);
}
static uint16_t *hash_of(struct sweep *s)
{
    return (uint16_t *)(void *)(kept_of(s) + s->cap);
}
static struct rung *rungs_of(struct sweep *s)
{
    return (struct rung *)(void *)(hash_of(s) + s->hash_max);
}

/* ---- the group's cells and numbers --------------------------------------- */

/* The place in order[] of covered cell y when it is in the group, kept in
 * its need and free bytes (which a covered cell does not use until the
 * odds are written); else UINT32_MAX.  Checked against order[], so stale
 * bytes elsewhere never pass. */
static uint32_t place_in_group(sap_deduce *d, uint32_t y)
{
    uint32_t p;
    if ((flags_of(d)[y] & (F_OPEN | F_FRONTIER)) != F_FRONTIER)
        return UINT32_MAX;
    p = need_of(d)[y] | (uint32_t)free_of(d)[y] << 8;
    if (p < d->comp_start || p >= d->comp_end || order_of(d)[p] != y)
        return UINT32_MAX;
    return p - d->comp_start;
}

/* The links of the cell at depth i: each number next to it, where it
 * stands; the numbers it is the first cell of take a free slot.  False
 * when the slots are all taken. */
static bool link_cell(sap_deduce *d, struct sweep *s, uint32_t i)
{
    uint8_t *flags = flags_of(d);
    uint32_t x = order_of(d)[d->comp_start + i], r, c;
    struct sap_box b = box_at(d, x);
    s->nlinks = 0;
    for (r = b.top; r <= b.bottom; r++)
        for (c = b.left; c <= b.right; c++) {
            uint32_t n = r * d->cols + c, first = i, left = 0, rr, cc, k;
            struct sap_box nb;
            struct link *l = &s->links[s->nlinks];
            if (!(flags[n] & F_OPEN))
                continue;
            nb = box_at(d, n);
            for (rr = nb.top; rr <= nb.bottom; rr++)
                for (cc = nb.left; cc <= nb.right; cc++) {
                    uint32_t p = place_in_group(d, rr * d->cols + cc);
                    if (p == UINT32_MAX)
                        continue;
                    if (p < first)
                        first = p;
                    left += p > i;
                }
            l->fresh = first == i;
            l->left = (uint8_t)left;
            l->need = need_of(d)[n];
            l->slot = NO_SLOT;
            /* a live number keeps its slot; one that goes live takes a
             * free one (none when this cell is its only one) */
            if (left > 0 || !l->fresh) {
                for (k = 0; k < s->slots; k++)
                    if (l->fresh ? s->slot_of[k] == d->cells : s->slot_of[k] == n) {
                        s->slot_of[k] = n;
                        l->slot = (uint8_t)k;
                        break;
                    }
                if (l->slot == NO_SLOT)
                    return false; /* a cut too wide for the key */
            }
            s->nlinks++;
        }
    return true;
}

/* ---- keys ----------------------------------------------------------------- */

/* A slot's word and the shift of its 3 bits there (32-bit arithmetic
 * throughout: an int may be 16 bits). */
static uint32_t field_shift(uint32_t slot)
{
    return slot < 10u ? 3u * slot : MINE_BITS + 3u * (slot - 10u);
}

static uint32_t field(const uint32_t *key, uint32_t slot)
{
    return key[slot >= 10u] >> field_shift(slot) & FIELD_MASK;
}

static void set_field(uint32_t *key, uint32_t slot, uint32_t v)
{
    uint32_t *w = &key[slot >= 10u], shift = field_shift(slot);
    *w = (*w & ~(FIELD_MASK << shift)) | v << shift;
}

/* The state after the next cell takes `mine` (0 or 1) in state in[]:
 * false when some number can no longer be met. */
static bool successor(const struct sweep *s, const uint32_t *in, uint32_t mine, uint32_t *out)
{
    uint32_t k;
    out[0] = in[0];
    out[1] = in[1] + mine; /* the mines placed: at most n, within MINE_BITS */
    for (k = 0; k < s->nlinks; k++) {
        const struct link *l = &s->links[k];
        uint32_t rem = l->fresh || l->slot == NO_SLOT ? l->need : field(in, l->slot);
        if (mine) {
            if (rem == 0)
                return false;
            rem--;
        }
        if (rem > l->left)
            return false;
        if (l->slot != NO_SLOT)
            set_field(out, l->slot, l->left > 0 ? rem : 0);
    }
    return true;
}

static uint32_t hash(const uint32_t *key)
{
    uint32_t h = key[0] * 0x9e3779b1u ^ key[1] * 0x85ebca77u;
    return h ^ h >> 15;
}

/* ---- forward: layer after layer -------------------------------------------- */

static void forward_reset(sap_deduce *d, struct sweep *s)
{
    uint32_t k, *keys = keys_of(s, 0);
    for (k = 0; k < SWEEP_SLOTS; k++)
        s->slot_of[k] = d->cells;
    s->layer = 0;
    s->entry = 0;
    s->lo = 0;
    s->ready = 0;
    s->stage = ST_FORWARD;
    places_of(s)[0].off = 0;
    places_of(s)[0].count = 1;
    keys[0] = 0;
    keys[1] = 0;
    rungs_of(s)[0].w = sap_weight_of(1);
}

/* Readies layer i + 1: the next cell's links, its place in the ring (the
 * oldest layers forgotten as it needs their room) and a clear hash table.
 * False when the cell's cut does not fit the key. */
static bool layer_begin(sap_deduce *d, struct sweep *s, uint32_t *budget)
{
    struct place *pl = places_of(s);
    uint32_t i = s->layer, head = pl[i].off + pl[i].count, need, at, size = 1, k;
    uint16_t *hash = hash_of(s);
    if (!link_cell(d, s, i))
        return false;
    need = 2u * pl[i].count < s->cap ? 2u * pl[i].count : s->cap;
    /* The ring holds at least 3 cap rungs, so beside layer i there is room
     * for need rungs after it or before it. */
    for (;;) {
        at = head + need <= s->ring ? head : 0;
        if (s->lo == i)
            break;
        if ((at == 0 && pl[s->lo].off >= head)
            || (pl[s->lo].off < at + need && pl[s->lo].off + pl[s->lo].count > at)) {
            s->lo++; /* in the way: forgotten */
            continue;
        }
        break;
    }
    pl[i + 1].off = at;
    pl[i + 1].count = 0;
    while (size < 2u * need && size < s->hash_max)
        size <<= 1;
    for (k = 0; k < size; k++)
        hash[k] = 0;
    s->hash_mask = size - 1u;
    s->reserve = need;
    s->next = 0;
    s->entry = 0;
    s->ready = 1;
    sap_deduce_charge(d, budget, 1u + size / 32u);
    return true;
}

/* The place in layer i + 1 of state key[] (added with weight w, or w added
 * to it); NONE when the layer has no room left. */
static uint32_t merge(struct sweep *s, const uint32_t *key, struct sap_weight w)
{
    uint32_t *keys = keys_of(s, s->layer + 1), h = hash(key) & s->hash_mask, t;
    uint16_t *hash = hash_of(s);
    struct rung *next = rungs_of(s) + places_of(s)[s->layer + 1].off;
    for (;; h = (h + 1u) & s->hash_mask) {
        if (hash[h] == 0) {
            if (s->next == s->reserve)
                return NONE;
            t = s->next++;
            hash[h] = (uint16_t)(t + 1u);
            keys[2u * t] = key[0];
            keys[2u * t + 1u] = key[1];
            next[t].w = w;
            return t;
        }
        t = hash[h] - 1u;
        if (keys[2u * t] == key[0] && keys[2u * t + 1u] == key[1]) {
            next[t].w = sap_weight_add(next[t].w, w);
            return t;
        }
    }
}

/* Builds layers up to the target for *budget steps (a state a step). */
static int forward(sap_deduce *d, struct sweep *s, uint32_t *budget)
{
    struct place *pl = places_of(s);
    while (s->layer < s->target) {
        uint32_t i = s->layer, k;
        uint32_t *keys = keys_of(s, i);
        struct rung *cur = rungs_of(s) + pl[i].off;
        if (*budget == 0)
            return SWEEP_MORE;
        if (!s->ready) {
            if (!layer_begin(d, s, budget))
                return SWEEP_UNFIT;
            continue;
        }
        while (s->entry<pl[i].count && * budget> 0) {
            uint32_t e = s->entry++, v, out[2];
            --*budget;
            for (v = 0; v < 2; v++) {
                uint32_t t = NONE;
                if (successor(s, keys + 2u * e, v, out)) {
                    t = merge(s, out, cur[e].w);
                    if (t == NONE)
                        return SWEEP_UNFIT; /* more states than a layer holds */
                }
                cur[e].succ[v] = (uint16_t)t;
            }
        }
        if (s->entry < pl[i].count)
            return SWEEP_MORE;
        pl[i + 1].count = s->next;
        for (k = 0; k < s->nlinks; k++) /* the numbers met in full */
            if (s->links[k].left == 0 && s->links[k].slot != NO_SLOT)
                s->slot_of[s->links[k].slot] = d->cells;
        s->layer++;
        s->ready = 0;
    }
    return SWEEP_DONE;
}

/* ---- backward: weighing ------------------------------------------------------ */

/* The forward pass reached its target: G of the target layer, from the
 * group's weights (the last layer: its states differ only in their mines)
 * or as kept. */
static void seed(sap_deduce *d, struct sweep *s, uint32_t *budget)
{
    struct place *pl = places_of(s);
    uint32_t t, top = s->target, *keys = keys_of(s, top);
    struct rung *r = rungs_of(s) + pl[top].off;
    for (t = 0; t < pl[top].count; t++)
        r[t].w = top == s->n ? weights_of(d)[d->comp_poly + (keys[2u * t + 1u] & MINE_MASK)]
                             : kept_of(s)[t];
    sap_deduce_charge(d, budget, pl[top].count);
    s->stage = ST_BACKWARD;
    s->layer = top - 1u;
    s->entry = 0;
}

/* Weighs layers from s->layer down to the oldest the ring holds, for
 * *budget steps: the cell at depth i gets the weight of the layouts with a
 * mine there (and its flags, which ways it goes), each state of layer i
 * its G.  SWEEP_DONE once layer 0 is weighed; SWEEP_MORE when the budget
 * ran out or the forward pass must run again. */
static int backward(sap_deduce *d, struct sweep *s, uint32_t *budget)
{
    struct place *pl = places_of(s);
    for (;;) {
        uint32_t i = s->layer, at = d->comp_start + i, x = order_of(d)[at], t;
        struct rung *cur = rungs_of(s) + pl[i].off, *next = rungs_of(s) + pl[i + 1].off;
        struct sap_weight *mass = mass_of(d) + at;
        uint8_t *f = flags_of(d) + x;
        /* A state's forward weight is never zero (sums and products of
         * weights from 1), so the cell goes a way in a layout of positive
         * weight exactly when that way's successor has a positive G. */
        while (s->entry < pl[i].count) {
            struct rung *r = cur + s->entry;
            struct sap_weight g[2] = { { 0, 0 }, { 0, 0 } };
            uint32_t v;
            if (*budget == 0)
                return SWEEP_MORE;
            --*budget;
            s->entry++;
            for (v = 0; v < 2; v++)
                if (r->succ[v] != NONE)
                    g[v] = next[r->succ[v]].w;
            if (!sap_weight_is_zero(g[1])) {
                *mass = sap_weight_add(*mass, sap_weight_mul(r->w, g[1]));
                *f |= F_SEEN_MINE;
            }
            if (!sap_weight_is_zero(g[0]))
                *f |= F_SEEN_SAFE;
            r->w = sap_weight_add(g[0], g[1]);
        }
        if (i > s->lo) {
            s->layer--;
            s->entry = 0;
            continue;
        }
        if (i == 0)
            return SWEEP_DONE;
        /* the ring forgot the layers before: build them again to here */
        for (t = 0; t < pl[i].count; t++)
            kept_of(s)[t] = cur[t].w;
        sap_deduce_charge(d, budget, pl[i].count);
        s->target = i;
        forward_reset(d, s);
        return SWEEP_MORE;
    }
}

/* ---- the API ------------------------------------------------------------------ */

bool sap_deduce_sweep_begin(sap_deduce *d)
{
    struct sweep *s = sweep_of(d);
    uint32_t n = d->comp_end - d->comp_start, p;
    size_t bytes = room_bytes(d), fixed, cap, ring;
    if (n > MINE_MASK || d->comp_end > 0xFFFFu)
        return false; /* a place or a mine count would not fit its bits */
    fixed = sizeof *s + (n + 1u) * sizeof(struct place);
    if (bytes < fixed + 400u)
        return false;
    /* a state costs 2 words of key in each of two layers, a kept weight and
     * up to 4 bytes of hash table: 32 bytes; the ring gets the rest, which
     * is more than 5 layers of cap states */
    cap = (bytes - fixed) / 100u;
    if (cap > MAX_CAP)
        cap = MAX_CAP;
    s->n = n;
    s->cap = (uint32_t)cap;
    s->hash_max = 1;
    while (s->hash_max < 2u * s->cap)
        s->hash_max <<= 1;
    ring = (bytes - fixed - 24u * cap - 2u * (size_t)s->hash_max) / sizeof(struct rung);
    s->slots = SWEEP_SLOTS;
    if (d->count_by == COUNT_SWEEP_TIGHT) { /* the tests: little room, narrow cuts */
        if (s->cap > TIGHT_CAP)
            s->cap = TIGHT_CAP;
        s->slots = TIGHT_SLOTS;
        ring = 3u * s->cap;
    }
    s->ring = (uint32_t)ring;
    for (p = d->comp_start; p < d->comp_end; p++) {
        uint32_t y = order_of(d)[p];
        need_of(d)[y] = (uint8_t)(p & 0xFFu);
        free_of(d)[y] = (uint8_t)(p >> 8);
    }
    s->target = n;
    forward_reset(d, s);
    return true;
}

int sap_deduce_sweep(sap_deduce *d, uint32_t *budget)
{
    struct sweep *s = sweep_of(d);
    while (*budget > 0) {
        int r;
        if (s->stage == ST_FORWARD) {
            r = forward(d, s, budget);
            if (r != SWEEP_DONE)
                return r;
            if (d->phase == PH_COUNT) { /* layer n: the counts per mine count */
                struct place *pl = places_of(s);
                uint32_t t, *keys = keys_of(s, s->n);
                struct rung *last = rungs_of(s) + pl[s->n].off;
                for (t = 0; t < pl[s->n].count; t++)
                    counts_of(d)[d->comp_poly + (keys[2u * t + 1u] & MINE_MASK)] = last[t].w;
                sap_deduce_charge(d, budget, pl[s->n].count);
                return SWEEP_DONE;
            }
            seed(d, s, budget);
        } else {
            r = backward(d, s, budget);
            if (r == SWEEP_DONE)
                return r;
        }
    }
    return SWEEP_MORE;
}
