/*
 * log.c - sapperd's log: one line per event on stderr, "sapperd: " first,
 * and how a socket address is written in it.
 *
 * Every file of the daemon logs, so the log is a file of its own rather
 * than part of main.c: nothing here knows about options or modes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

void log_address(const char *what, const struct sockaddr_storage *address)
{
    char host[64];
    int port;

    if (address->ss_family == AF_INET6) {
        const struct sockaddr_in6 *a6 = (const struct sockaddr_in6 *)address;
        if (uv_ip6_name(a6, host, sizeof host) != 0)
            strcpy(host, "?");
        port = ntohs(a6->sin6_port);
        log_line("%s [%s]:%d", what, host, port);
    } else {
        const struct sockaddr_in *a4 = (const struct sockaddr_in *)address;
        if (uv_ip4_name(a4, host, sizeof host) != 0)
            strcpy(host, "?");
        port = ntohs(a4->sin_port);
        log_line("%s %s:%d", what, host, port);
    }
}
