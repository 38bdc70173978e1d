/*
 * memory.c - the sessions' memory table on a host: one budget for the
 * whole process (--max-memory), blocks that go back to the system.
 *
 * A session asks for a block only when a request needs a board (a game, a
 * one-shot solver, a judge case) and gives it back when done, so an idle
 * connection holds no board memory.  Every block of every session counts
 * against one budget: a block that would pass it is refused, and the core
 * then answers "ERR not enough memory for this board" and changes nothing.
 * No block may exceed what this build's limits can ask for.
 *
 * Every block also counts against an address, --max-memory-per-address (a
 * fifth of the budget unless set): that of the client that asked for it,
 * or of the one whose session took its game over since (RESUME,
 * memory_charge_to), so the address holding a block is the one it counts
 * against.  However many sessions, half-sent boards and kept games one
 * address holds, four such addresses leave a fifth its share, so no crowd
 * from a few addresses denies everyone else a board.  The stdin session (the
 * operator's) counts against the budget alone.
 *
 * Big blocks (a 1000 x 1000 board is megabytes) are mapped and unmapped
 * with mmap, so a greedy client's memory returns to the system once it is
 * given back; glibc's free would keep it in the heap.  Small blocks come
 * from malloc, where a page per 2 x 2 game would waste far more; glibc
 * keeps freed small blocks in its heap, so once a megabyte of them (and of
 * connections) has gone back, the sweep asks it to return its free pages
 * (malloc_trim) and a crowd that has left leaves no footprint behind.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <unistd.h>

#include "sapperd.h"

#define MAX2(a, b) ((a) > (b) ? (a) : (b))

/* Each block starts with its size and its owner, so release can count it
 * back; the payload stays aligned as for any scalar (the head is a
 * multiple of 16 bytes). */
struct block_head {
    size_t bytes;          /* what the session asked for */
    size_t mapped;         /* 0: from malloc; else the length of the mapping */
    struct peer_key owner; /* family 0: counted against the budget alone */
    uint8_t pad[32 - sizeof(struct peer_key) - 1];
    uint8_t charged; /* counted against owner's address */
};
typedef char block_head_is_aligned[sizeof(struct block_head) % 16 == 0 ? 1 : -1];

/* The largest block the table hands out (the build's largest board). */
static size_t block_max(void)
{
    size_t game = SAP_GAME_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS);
    size_t work = SAP_SESSION_WORK_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS);
    return MAX2(game, work);
}

/* Within the address's share, and room in the table to count it. */
static bool address_allows(struct sapperd_memory *m, const struct peer_key *owner, size_t bytes)
{
    if (owner == NULL || owner->family == 0)
        return true;
    if (m->addresses == NULL)
        return true;
    if (bytes > m->address_limit
        || addresses_bytes(m->addresses, owner) > m->address_limit - bytes)
        return false;
    return addresses_reserve(m->addresses);
}

/* Room in the budget and the address's share, made by giving back games
 * kept for RESUME where needed: a session that plays comes before a game
 * whose player may not come back (the address's own kept games first). */
static bool room_for(struct sapperd_memory *m, const struct peer_key *owner, size_t bytes)
{
    if (bytes > m->limit || (owner != NULL && owner->family != 0 && bytes > m->address_limit))
        return false;
    while (!address_allows(m, owner, bytes)) {
        if (m->reclaim == NULL || !m->reclaim(m->reclaim_context, owner))
            return false;
    }
    while (bytes > m->limit - m->held) {
        if (m->reclaim == NULL || !m->reclaim(m->reclaim_context, NULL))
            return false;
    }
    return true;
}

static void *budget_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct sapperd_account *a = context;
    struct sapperd_memory *m = a->memory;
    struct block_head *h;
    size_t total;

    (void)purpose;
    if (bytes == 0 || bytes > block_max() || !room_for(m, a->owner, bytes)) {
        m->refused++;
        return NULL;
    }
    total = sizeof *h + bytes;
    if (total >= SAPPERD_MMAP_BYTES) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        size_t length = (total + page - 1) / page * page;
        void *p = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                       0);
        if (p == MAP_FAILED) {
            m->refused++;
            return NULL;
        }
        h = p;
        h->mapped = length;
    } else {
        h = malloc(total);
        if (h == NULL) {
            m->refused++;
            return NULL;
        }
        h->mapped = 0;
    }
    h->bytes = bytes;
    memset(&h->owner, 0, sizeof h->owner);
    h->charged = 0;
    if (a->owner != NULL && a->owner->family != 0) {
        h->owner = *a->owner;
        h->charged = addresses_charge(m->addresses, &h->owner, bytes); /* room reserved */
    }
    m->held += bytes;
    if (m->held > m->peak)
        m->peak = m->held;
    return h + 1;
}

static void budget_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct sapperd_account *a = context;
    struct sapperd_memory *m = a->memory;
    struct block_head *h;

    (void)purpose;
    if (block == NULL)
        return;
    h = (struct block_head *)block - 1;
    m->held -= h->bytes;
    if (h->charged)
        addresses_discharge(m->addresses, &h->owner, h->bytes);
    if (h->mapped != 0) {
        (void)munmap(h, h->mapped);
    } else {
        m->freed_small += sizeof *h + h->bytes;
        free(h);
    }
}

void memory_init(struct sapperd_memory *m, size_t limit, size_t address_limit,
                 struct address_table *addresses)
{
    memset(m, 0, sizeof *m);
    m->limit = limit;
    m->address_limit = address_limit;
    m->addresses = addresses;
}

void memory_account_init(struct sapperd_account *a, struct sapperd_memory *m,
                         const struct peer_key *owner)
{
    a->table.acquire = budget_acquire;
    a->table.release = budget_release;
    a->table.context = a;
    a->memory = m;
    a->owner = owner;
}

void memory_trim(struct sapperd_memory *m)
{
    if (m->freed_small < SAPPERD_TRIM_BYTES)
        return;
    m->freed_small = 0;
#if defined(__GLIBC__)
    (void)malloc_trim(0);
#endif
}

void memory_charge_to(struct sapperd_account *a, void *block)
{
    struct sapperd_memory *m = a->memory;
    struct block_head *h;

    if (block == NULL)
        return;
    h = (struct block_head *)block - 1;
    if (h->charged)
        addresses_discharge(m->addresses, &h->owner, h->bytes);
    memset(&h->owner, 0, sizeof h->owner);
    h->charged = 0;
    if (a->owner != NULL && a->owner->family != 0) {
        h->owner = *a->owner;
        /* Past the share perhaps: the address's next request makes room,
         * its own kept games first (room_for), or is refused. */
        h->charged = addresses_charge(m->addresses, &h->owner, h->bytes);
    }
}
