/*
 * libc_min.c - the four C library functions the core may call, for boards
 * that link no C library.  Plain byte loops: they are small, and the
 * compiler is told (-fno-builtin, -fno-tree-loop-distribute-patterns in the
 * ports' flags) not to turn them back into calls to themselves.
 */
#include <stddef.h>

/* `used`: with -flto the compiler may emit a call to one of these only at
 * code generation (a struct copy), after the link-time optimiser has seen
 * no caller; kept, they are there to resolve it. */
#define LIBC_MIN __attribute__((used))

LIBC_MIN void *memcpy(void *dest, const void *src, size_t n);
LIBC_MIN void *memset(void *dest, int c, size_t n);
LIBC_MIN void *memmove(void *dest, const void *src, size_t n);
LIBC_MIN int memcmp(const void *a, const void *b, size_t n);

void *memcpy(void *dest, const void *src, size_t n)
{
    unsigned char *d = dest;
    const unsigned char *s = src;
    while (n-- > 0)
        *d++ = *s++;
    return dest;
}

void *memset(void *dest, int c, size_t n)
{
    unsigned char *d = dest;
    while (n-- > 0)
        *d++ = (unsigned char)c;
    return dest;
}

void *memmove(void *dest, const void *src, size_t n)
{
    unsigned char *d = dest;
    const unsigned char *s = src;
    if (d == s || n == 0)
        return dest;
    /* Overlap with the destination above the source: copy from the end. */
    if (d > s && d < s + n) {
        d += n;
        s += n;
        while (n-- > 0)
            *--d = *--s;
        return dest;
    }
    while (n-- > 0)
        *d++ = *s++;
    return dest;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a;
    const unsigned char *q = b;
    for (; n > 0; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}
