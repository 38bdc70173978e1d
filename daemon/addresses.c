/*
 * addresses.c - how many sessions each client address holds
 * (--max-per-address), and how much board memory (--max-memory-per-address).
 *
 * An open-addressing hash table with linear probing, keyed by struct
 * peer_key.  An address is in it while it holds a session or a block (a
 * game kept for RESUME holds one without a session), so it never has many
 * more entries than there are sessions and kept games; it
 * grows to keep at most half its slots used and shrinks when a crowd has
 * gone.  Removal shifts the entries that follow back into the hole, so
 * there are no tombstones and a lookup stops at the first empty slot.  The
 * hash is seeded at start, so a client cannot pick addresses that collide.
 */
#include <stdlib.h>
#include <string.h>

#include "sapperd.h"

/* Slots of a new table, and the fewest it shrinks to. */
#define ADDRESSES_MIN_CAPACITY 64u

static bool slot_used(const struct address_slot *slot)
{
    return slot->count != 0 || slot->bytes != 0;
}

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
    free(t->slots);
    t->slots = NULL;
    t->capacity = t->used = 0;
}

/* The slot holding key, or the empty slot where it would go. */
static struct address_slot *find(const struct address_table *t, const struct peer_key *key)
{
    size_t mask = t->capacity - 1;
    size_t i = key_hash(t, key) & mask;

    while (slot_used(&t->slots[i]) && !peer_key_equal(&t->slots[i].key, key))
        i = (i + 1) & mask;
    return &t->slots[i];
}

/* Moves every entry into a table of `capacity` slots; false (nothing
 * changed) when it cannot be allocated. */
static bool rehash(struct address_table *t, size_t capacity)
{
    struct address_table resized = *t;
    size_t i;

    resized.slots = calloc(capacity, sizeof *resized.slots);
    if (resized.slots == NULL)
        return false;
    resized.capacity = capacity;
    for (i = 0; i < t->capacity; i++)
        if (slot_used(&t->slots[i]))
            *find(&resized, &t->slots[i].key) = t->slots[i];
    free(t->slots);
    *t = resized;
    return true;
}

uint32_t addresses_count(const struct address_table *t, const struct peer_key *key)
{
    return t->capacity == 0 ? 0 : find(t, key)->count;
}

bool addresses_reserve(struct address_table *t)
{
    size_t capacity = t->capacity == 0 ? ADDRESSES_MIN_CAPACITY : t->capacity;

    while ((t->used + 1) * 2 > capacity)
        capacity *= 2;
    return capacity == t->capacity || rehash(t, capacity);
}

void addresses_add(struct address_table *t, const struct peer_key *key)
{
    struct address_slot *slot;

    /* The caller reserved room; should it not have, the address goes
     * uncounted rather than overfill the table. */
    if ((t->used + 1) * 2 > t->capacity && !addresses_reserve(t))
        return;
    slot = find(t, key);
    if (!slot_used(slot)) {
        slot->key = *key;
        t->used++;
    }
    slot->count++;
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
        if (!slot_used(&t->slots[j]))
            break;
        home = key_hash(t, &t->slots[j].key) & mask;
        /* Entry j may fill the hole at i unless its home lies in (i, j]. */
        if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
            continue;
        t->slots[i] = t->slots[j];
        i = j;
    }
    t->slots[i].count = 0;
    t->slots[i].bytes = 0;
    t->used--;
}

/* Empties a slot nothing holds any more; the table shrinks when a crowd
 * has gone. */
static void forget_if_unused(struct address_table *t, struct address_slot *slot)
{
    if (slot_used(slot))
        return;
    remove_at(t, (size_t)(slot - t->slots));
    if (t->capacity > ADDRESSES_MIN_CAPACITY && t->used * 8 < t->capacity)
        (void)rehash(t, t->capacity / 2); /* if it fails, the table stays as large */
}

void addresses_remove(struct address_table *t, const struct peer_key *key)
{
    struct address_slot *slot;

    if (t->capacity == 0)
        return;
    slot = find(t, key);
    if (slot->count == 0)
        return; /* never counted (the table could not grow) */
    slot->count--;
    forget_if_unused(t, slot);
}

size_t addresses_bytes(const struct address_table *t, const struct peer_key *key)
{
    return t->capacity == 0 ? 0 : find(t, key)->bytes;
}

bool addresses_charge(struct address_table *t, const struct peer_key *key, size_t bytes)
{
    struct address_slot *slot;

    if (!addresses_reserve(t))
        return false;
    slot = find(t, key);
    if (!slot_used(slot)) {
        slot->key = *key;
        t->used++;
    }
    slot->bytes += bytes;
    return true;
}

void addresses_discharge(struct address_table *t, const struct peer_key *key, size_t bytes)
{
    struct address_slot *slot;

    if (t->capacity == 0)
        return;
    slot = find(t, key);
    if (!slot_used(slot))
        return;
    slot->bytes -= bytes < slot->bytes ? bytes : slot->bytes;
    forget_if_unused(t, slot);
}

const struct address_slot *addresses_busiest(const struct address_table *t)
{
    const struct address_slot *best = NULL;
    size_t i;

    for (i = 0; i < t->capacity; i++)
        if (t->slots[i].count != 0 && (best == NULL || t->slots[i].count > best->count))
            best = &t->slots[i];
    return best;
}
