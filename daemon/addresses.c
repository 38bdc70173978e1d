/*
 * addresses.c - what each client address holds: its sessions
 * (--max-clients, --max-per-address), its games kept for RESUME, its board
 * memory (--max-memory-per-address); and which address holds the most.
 *
 * Each address has a record of its own, which stays where it is while the
 * address holds anything (a session, a kept game or a block), so
 * connections and kept games point at it.  The records are found by an
 * open-addressing hash table of pointers with linear probing, keyed by
 * struct peer_key; it grows to keep at most half its slots used and
 * shrinks when a crowd has gone.  Removal shifts the entries that follow
 * back into the hole, so there are no tombstones and a lookup stops at the
 * first empty slot.  The hash is seeded at start, so a client cannot pick
 * addresses that collide.
 *
 * When the session table or the kept-game table is full, what gives way
 * belongs to the address holding the most.  Finding that address must not
 * cost a look at every address for every newcomer (there may be as many
 * addresses as sessions and kept games: millions with large limits), so
 * every record is also in two binary max-heaps, one ordered by sessions
 * and one by kept games: the top is read at once, and each change of a
 * count, of an address's idle-longest session or of its oldest game moves
 * its record in O(log addresses).  Among addresses holding as many, the
 * one whose session is idle longest (whose game is oldest) is on top, so
 * a session a person forgot goes before one in use.
 */
#include <stdlib.h>
#include <string.h>

#include "sapperd.h"

/* Slots of a new table, and the fewest it shrinks to. */
#define ADDRESSES_MIN_CAPACITY 64u

/* FNV-1a from the seed, then a final mix so the low bits depend on all. */
static size_t key_hash(const struct address_table *t, const struct peer_key *key)
{
    uint64_t h = t->seed ^ 14695981039346656037ull;
    size_t i;

    h = (h ^ key->family) * 1099511628211ull;
    for (i = 0; i < sizeof key->bytes; i++)
        h = (h ^ key->bytes[i]) * 1099511628211ull;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return (size_t)h;
}

void addresses_init(struct address_table *t, uint64_t seed)
{
    memset(t, 0, sizeof *t);
    t->seed = seed;
}

void addresses_free(struct address_table *t)
{
    size_t i;

    for (i = 0; i < t->capacity; i++)
        free(t->slots[i]);
    free(t->slots);
    for (i = 0; i < ADDRESS_RANKINGS; i++)
        free(t->ranking[i]);
    free(t->spare);
    memset(t, 0, sizeof *t);
}

/* ---- the rankings ------------------------------------------------------------------- */

/* When its open session idle longest was last active (never: the end of
 * time), and when its oldest kept game expires. */
static uint64_t idle_since(const struct address_record *r)
{
    return r->idle.head != NULL ? r->idle.head->stamp : UINT64_MAX;
}

static uint64_t oldest_expiry(const struct address_record *r)
{
    return r->oldest != NULL ? r->oldest->expires : UINT64_MAX;
}

/* a gives way before b in that ranking. */
static bool ranks_above(enum address_ranking ranking, const struct address_record *a,
                        const struct address_record *b)
{
    if (ranking == ADDRESS_BY_SESSIONS) {
        if (a->sessions != b->sessions)
            return a->sessions > b->sessions;
        return idle_since(a) < idle_since(b);
    }
    if (a->kept != b->kept)
        return a->kept > b->kept;
    return oldest_expiry(a) < oldest_expiry(b);
}

static void heap_put(struct address_table *t, enum address_ranking ranking, size_t i,
                     struct address_record *r)
{
    t->ranking[ranking][i] = r;
    r->place[ranking] = i;
}

/* r's key changed: it moves up or down to where it belongs. */
static void heap_fix(struct address_table *t, enum address_ranking ranking,
                     struct address_record *r)
{
    struct address_record **heap = t->ranking[ranking];
    size_t i = r->place[ranking];

    while (i > 0 && ranks_above(ranking, r, heap[(i - 1) / 2])) {
        heap_put(t, ranking, i, heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= t->used)
            break;
        if (child + 1 < t->used && ranks_above(ranking, heap[child + 1], heap[child]))
            child++;
        if (!ranks_above(ranking, heap[child], r))
            break;
        heap_put(t, ranking, i, heap[child]);
        i = child;
    }
    heap_put(t, ranking, i, r);
}

/* r is in the heaps' first t->used places (t->used counts it). */
static void heaps_insert(struct address_table *t, struct address_record *r)
{
    unsigned k;

    for (k = 0; k < ADDRESS_RANKINGS; k++) {
        heap_put(t, (enum address_ranking)k, t->used - 1, r);
        heap_fix(t, (enum address_ranking)k, r);
    }
}

/* r leaves the heaps, the last record taking its place (before t->used
 * counts it out). */
static void heaps_remove(struct address_table *t, struct address_record *r)
{
    unsigned k;

    for (k = 0; k < ADDRESS_RANKINGS; k++) {
        enum address_ranking ranking = (enum address_ranking)k;
        struct address_record *last = t->ranking[ranking][t->used - 1];
        if (last == r)
            continue;
        heap_put(t, ranking, r->place[ranking], last);
        t->used--; /* the last place is empty while it settles */
        heap_fix(t, ranking, last);
        t->used++;
    }
}

struct address_record *addresses_most_sessions(const struct address_table *t)
{
    struct address_record *top = t->used > 0 ? t->ranking[ADDRESS_BY_SESSIONS][0] : NULL;
    return top != NULL && top->sessions > 0 ? top : NULL;
}

struct address_record *addresses_most_kept(const struct address_table *t)
{
    struct address_record *top = t->used > 0 ? t->ranking[ADDRESS_BY_KEPT][0] : NULL;
    return top != NULL && top->kept > 0 ? top : NULL;
}

/* ---- the hash table ----------------------------------------------------------------- */

/* The slot holding key's record, or the empty slot where it would go. */
static struct address_record **find_slot(const struct address_table *t,
                                         const struct peer_key *key)
{
    size_t mask = t->capacity - 1;
    size_t i = key_hash(t, key) & mask;

    while (t->slots[i] != NULL && !peer_key_equal(&t->slots[i]->key, key))
        i = (i + 1) & mask;
    return &t->slots[i];
}

/* Moves every record into a table of `capacity` slots; false (nothing
 * changed) when it cannot be allocated. */
static bool rehash(struct address_table *t, size_t capacity)
{
    struct address_table resized = *t;
    size_t i;

    resized.slots = calloc(capacity, sizeof(struct address_record *));
    if (resized.slots == NULL)
        return false;
    resized.capacity = capacity;
    for (i = 0; i < t->capacity; i++)
        if (t->slots[i] != NULL)
            *find_slot(&resized, &t->slots[i]->key) = t->slots[i];
    free(t->slots);
    *t = resized;
    return true;
}

struct address_record *addresses_find(const struct address_table *t, const struct peer_key *key)
{
    return t->capacity == 0 ? NULL : *find_slot(t, key);
}

uint32_t addresses_count(const struct address_table *t, const struct peer_key *key)
{
    const struct address_record *r = addresses_find(t, key);
    return r != NULL ? r->sessions : 0;
}

size_t addresses_bytes(const struct address_table *t, const struct peer_key *key)
{
    const struct address_record *r = addresses_find(t, key);
    return r != NULL ? r->bytes : 0;
}

bool addresses_reserve(struct address_table *t)
{
    size_t capacity = t->capacity == 0 ? ADDRESSES_MIN_CAPACITY : t->capacity;
    unsigned k;

    while ((t->used + 1) * 2 > capacity)
        capacity *= 2;
    if (capacity != t->capacity && !rehash(t, capacity))
        return false;
    if (t->ranking_capacity < t->used + 1) {
        /* Both heaps grow together; one that grew while the other could
         * not is only larger than it needs. */
        size_t places = t->capacity / 2;
        for (k = 0; k < ADDRESS_RANKINGS; k++) {
            struct address_record **grown = realloc(t->ranking[k],
                                                    places * sizeof(struct address_record *));
            if (grown == NULL)
                return false;
            t->ranking[k] = grown;
        }
        t->ranking_capacity = places;
    }
    if (t->spare == NULL)
        t->spare = malloc(sizeof *t->spare);
    return t->spare != NULL;
}

struct address_record *addresses_record(struct address_table *t, const struct peer_key *key)
{
    struct address_record **slot, *r;

    /* The caller reserved room; should it not have, the address goes
     * uncounted rather than overfill the table. */
    if ((t->spare == NULL || (t->used + 1) * 2 > t->capacity
         || t->ranking_capacity < t->used + 1)
        && !addresses_reserve(t))
        return NULL;
    slot = find_slot(t, key);
    if (*slot != NULL)
        return *slot;
    r = t->spare;
    t->spare = NULL;
    memset(r, 0, sizeof *r);
    r->key = *key;
    conn_list_init(&r->idle, CONN_LINK_IDLE);
    *slot = r;
    t->used++;
    heaps_insert(t, r);
    return r;
}

/* Empties slot i and shifts back the entries of its run that belong
 * before the hole. */
static void remove_at(struct address_table *t, size_t i)
{
    size_t mask = t->capacity - 1;
    size_t j = i;

    for (;;) {
        size_t home;
        j = (j + 1) & mask;
        if (t->slots[j] == NULL)
            break;
        home = key_hash(t, &t->slots[j]->key) & mask;
        /* Entry j may fill the hole at i unless its home lies in (i, j]. */
        if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
            continue;
        t->slots[i] = t->slots[j];
        i = j;
    }
    t->slots[i] = NULL;
}

/* Forgets a record that holds nothing any more; the table shrinks when a
 * crowd has gone. */
static void forget_if_unused(struct address_table *t, struct address_record *r)
{
    if (r->sessions != 0 || r->kept != 0 || r->bytes != 0)
        return;
    heaps_remove(t, r);
    remove_at(t, (size_t)(find_slot(t, &r->key) - t->slots));
    t->used--;
    if (t->spare == NULL)
        t->spare = r;
    else
        free(r);
    if (t->capacity > ADDRESSES_MIN_CAPACITY && t->used * 8 < t->capacity)
        (void)rehash(t, t->capacity / 2); /* if it fails, the table stays as large */
}

/* ---- sessions ----------------------------------------------------------------------- */

struct address_record *addresses_add(struct address_table *t, const struct peer_key *key)
{
    struct address_record *r = addresses_record(t, key);

    if (r == NULL)
        return NULL;
    r->sessions++;
    heap_fix(t, ADDRESS_BY_SESSIONS, r);
    return r;
}

void addresses_remove(struct address_table *t, struct address_record *r)
{
    r->sessions--;
    heap_fix(t, ADDRESS_BY_SESSIONS, r);
    forget_if_unused(t, r);
}

void addresses_idle_push(struct address_table *t, struct conn *c)
{
    struct address_record *r = c->address;

    if (r == NULL)
        return;
    conn_list_push(&r->idle, c);
    if (r->idle.head == c)
        heap_fix(t, ADDRESS_BY_SESSIONS, r);
}

void addresses_idle_remove(struct address_table *t, struct conn *c)
{
    struct address_record *r = c->address;
    bool was_head;

    if (r == NULL || !conn_in_list(&r->idle, c))
        return;
    was_head = r->idle.head == c;
    conn_list_remove(&r->idle, c);
    if (was_head)
        heap_fix(t, ADDRESS_BY_SESSIONS, r);
}

void addresses_idle_touch(struct address_table *t, struct conn *c)
{
    struct address_record *r = c->address;
    bool was_head;

    if (r == NULL || !conn_in_list(&r->idle, c))
        return;
    was_head = r->idle.head == c; /* its stamp is the address's key */
    if (r->idle.tail != c) {
        conn_list_remove(&r->idle, c);
        conn_list_push(&r->idle, c);
    }
    if (was_head)
        heap_fix(t, ADDRESS_BY_SESSIONS, r);
}

/* ---- kept games --------------------------------------------------------------------- */

void addresses_keep(struct address_table *t, struct address_record *r, struct kept_game *k)
{
    k->address = r;
    k->next_of_owner = NULL;
    k->prev_of_owner = r->newest;
    if (r->newest != NULL)
        r->newest->next_of_owner = k;
    else
        r->oldest = k;
    r->newest = k;
    r->kept++;
    heap_fix(t, ADDRESS_BY_KEPT, r);
}

void addresses_unkeep(struct address_table *t, struct kept_game *k)
{
    struct address_record *r = k->address;

    if (r == NULL)
        return;
    if (k->prev_of_owner != NULL)
        k->prev_of_owner->next_of_owner = k->next_of_owner;
    else
        r->oldest = k->next_of_owner;
    if (k->next_of_owner != NULL)
        k->next_of_owner->prev_of_owner = k->prev_of_owner;
    else
        r->newest = k->prev_of_owner;
    k->prev_of_owner = k->next_of_owner = NULL;
    k->address = NULL;
    r->kept--;
    heap_fix(t, ADDRESS_BY_KEPT, r);
    forget_if_unused(t, r);
}

/* ---- board memory ------------------------------------------------------------------- */

bool addresses_charge(struct address_table *t, const struct peer_key *key, size_t bytes)
{
    struct address_record *r = addresses_record(t, key);

    if (r == NULL)
        return false;
    r->bytes += bytes;
    return true;
}

void addresses_discharge(struct address_table *t, const struct peer_key *key, size_t bytes)
{
    struct address_record *r = addresses_find(t, key);

    if (r == NULL)
        return;
    r->bytes -= bytes < r->bytes ? bytes : r->bytes;
    forget_if_unused(t, r);
}
