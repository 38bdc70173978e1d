/* heap_memory.c - see heap_memory.h. */
#include "lib/heap_memory.h"

#include <stdlib.h>

static void *heap_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    (void)context;
    (void)purpose;
    return malloc(bytes);
}

static void heap_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    (void)context;
    (void)purpose;
    free(block);
}

const struct sap_memory heap_memory = { heap_acquire, heap_release, NULL };
