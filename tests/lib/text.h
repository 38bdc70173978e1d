/*
 * text.h - a growing byte buffer for the tests and their tools: requests
 * built line by line, replies collected.  Once written to, its bytes end
 * in a '\0' (not counted in length), for strstr and printf.  Running out
 * of memory ends the program with status 2.
 */
#ifndef SAPPER_TEXT_H
#define SAPPER_TEXT_H

#include <stddef.h>

struct text {
    char *bytes;
    size_t length, capacity;
};

/* Room for `more` bytes and the '\0' after them. */
void text_reserve(struct text *t, size_t more);
/* n bytes written in that room, at bytes + length: counted, and the
 * '\0' after them (for a writer that fills the room itself: a poll, a
 * read). */
void text_wrote(struct text *t, size_t n);
void text_add(struct text *t, const void *bytes, size_t n);
void text_puts(struct text *t, const char *s); /* without its '\0' */
void text_printf(struct text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
void text_free(struct text *t);

#endif
