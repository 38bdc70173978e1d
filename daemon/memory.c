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
 * Big blocks (a 1000 x 1000 board is megabytes) are mapped and unmapped
 * with mmap, so a greedy client's memory returns to the system once it is
 * given back; glibc's free would keep it in the heap.  Small blocks come
 * from malloc, where a page per 2 x 2 game would waste far more.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sapperd.h"

#define MAX2(a, b) ((a) > (b) ? (a) : (b))

/* Each block starts with its size, so release can count it back; the
 * payload stays aligned as for any scalar. */
struct block_head {
    size_t bytes;  /* what the session asked for */
    size_t mapped; /* 0: from malloc; else the length of the mapping */
};

size_t sapperd_block_max(void)
{
    size_t game = SAP_GAME_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS);
    size_t work = SAP_SESSION_WORK_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS);
    return MAX2(game, work);
}

static void *budget_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct sapperd_memory *m = context;
    struct block_head *h;
    size_t total;

    (void)purpose;
    if (bytes == 0 || bytes > sapperd_block_max() || bytes > m->limit - m->held) {
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
    m->held += bytes;
    if (m->held > m->peak)
        m->peak = m->held;
    return h + 1;
}

static void budget_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct sapperd_memory *m = context;
    struct block_head *h;

    (void)purpose;
    if (block == NULL)
        return;
    h = (struct block_head *)block - 1;
    m->held -= h->bytes;
    if (h->mapped != 0)
        (void)munmap(h, h->mapped);
    else
        free(h);
}

void sapperd_memory_init(struct sapperd_memory *m, size_t limit)
{
    m->table.acquire = budget_acquire;
    m->table.release = budget_release;
    m->table.context = m;
    m->limit = limit;
    m->held = m->peak = 0;
    m->refused = 0;
}

bool sapperd_parse_bytes(const char *text, size_t *bytes)
{
    size_t length = 0, multiplier = 1;
    uint32_t value;

    while (text[length] >= '0' && text[length] <= '9')
        length++;
    switch (text[length]) {
    case '\0':
        break;
    case 'k':
    case 'K':
        multiplier = (size_t)1 << 10;
        break;
    case 'm':
    case 'M':
        multiplier = (size_t)1 << 20;
        break;
    case 'g':
    case 'G':
        multiplier = (size_t)1 << 30;
        break;
    default:
        return false;
    }
    if (multiplier != 1 && text[length + 1] != '\0')
        return false;
    if (sap_parse_u32(text, length, &value) != SAP_OK || value == 0
        || value > SIZE_MAX / multiplier)
        return false;
    *bytes = (size_t)value * multiplier;
    return true;
}
