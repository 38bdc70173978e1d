/*
 * text.c - a growing byte buffer (text.h).
 */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_reserve(struct text *t, size_t more)
{
    size_t capacity = t->capacity ? t->capacity : 4096;
    char *grown;
    if (t->length + more + 1 <= t->capacity)
        return;
    while (capacity < t->length + more + 1) /* doubling: appends cost O(1) each */
        capacity *= 2;
    grown = realloc(t->bytes, capacity);
    if (grown == NULL) {
        fputs("out of memory for a text buffer\n", stderr);
        exit(2);
    }
    t->bytes = grown;
    t->capacity = capacity;
}

void text_wrote(struct text *t, size_t n)
{
    t->length += n;
    t->bytes[t->length] = '\0';
}

void text_add(struct text *t, const void *bytes, size_t n)
{
    text_reserve(t, n);
    if (n > 0)
        memcpy(t->bytes + t->length, bytes, n);
    t->length += n;
    t->bytes[t->length] = '\0';
}

void text_puts(struct text *t, const char *s)
{
    text_add(t, s, strlen(s));
}

void text_printf(struct text *t, const char *format, ...)
{
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0) {
        fputs("text_printf: a format the C library cannot write\n", stderr);
        exit(2);
    }
    text_reserve(t, (size_t)n);
    va_start(args, format);
    (void)vsnprintf(t->bytes + t->length, (size_t)n + 1, format, args);
    va_end(args);
    t->length += (size_t)n;
}

void text_free(struct text *t)
{
    free(t->bytes);
    t->bytes = NULL;
    t->length = t->capacity = 0;
}
