/* heap_memory.h - the plainest struct sap_memory: malloc and free, no
 * accounting (the benchmark tools' provider; tests that count blocks use
 * session_drive.h's session_memory). */
#ifndef SAPPER_HEAP_MEMORY_H
#define SAPPER_HEAP_MEMORY_H

#include "sapper.h"

extern const struct sap_memory heap_memory;

#endif
