/*
 * log.c - sapperd's log: one line per event on stderr, "sapperd: " first.
 *
 * Every file of the daemon logs, so the log is a file of its own rather
 * than part of main.c: nothing here knows about options or modes.
 */
#include <stdarg.h>
#include <stdio.h>

#include "sapperd.h"

void log_line(const char *format, ...)
{
    char line[512];
    va_list args;
    int n;

    va_start(args, format);
    n = vsnprintf(line, sizeof line - 1, format, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = (int)(sizeof line - 2);
    line[n] = '\n';
    /* One fwrite per line, so lines from a log never interleave mid-line. */
    fwrite(SAPPERD_NAME ": ", 1, sizeof SAPPERD_NAME + 1, stderr);
    fwrite(line, 1, (size_t)n + 1, stderr);
    fflush(stderr);
}
