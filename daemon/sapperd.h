/*
 * sapperd.h - the daemon's own declarations, shared by the files in daemon/.
 *
 * sapperd is a thin libuv shell around the core's sans-IO protocol session
 * (struct sap_session): every connection, the stdin session and the judge
 * mode push received bytes into a session and write what it polls out.
 */
#ifndef SAPPERD_H
#define SAPPERD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sapper.h"

#define SAPPERD_NAME "sapperd"

/* Most --listen addresses one process takes. */
#define SAPPERD_LISTEN_MAX 8
/* Longest HOST:PORT argument (an IPv6 literal in brackets and a port fit). */
#define SAPPERD_ADDRESS_MAX 64

#define SAPPERD_DEFAULT_LISTEN "127.0.0.1:7878"
#define SAPPERD_DEFAULT_MAX_CLIENTS 1024u
#define SAPPERD_DEFAULT_IDLE_TIMEOUT 300u

struct sapperd_options {
    const char *listen[SAPPERD_LISTEN_MAX];
    unsigned listen_count;
    bool stdin_session;         /* --stdin */
    int judge_format;           /* --judge: an enum sap_format, or -1 */
    uint32_t max_clients;       /* --max-clients */
    uint32_t idle_timeout;      /* --idle-timeout, seconds; 0 never closes */
};

/* What parse_options decided. */
enum sapperd_parse {
    SAPPERD_RUN = 0,
    SAPPERD_EXIT_OK = 1,        /* --help or --version was answered */
    SAPPERD_EXIT_USAGE = 2      /* a bad option was reported on stderr */
};

enum sapperd_parse sapperd_parse_options(struct sapperd_options *options,
                                         int argc, char **argv);

/* One line on stderr, "sapperd: " first and "\n" added. */
void sapperd_log(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The session's memory table for a host: malloc and free, each block capped
 * at the largest one this build's limits can ask for. */
extern const struct sap_memory sapperd_heap;
/* The largest block sapperd_heap hands out. */
size_t sapperd_block_max(void);

/* True when text is IPV4:PORT or [IPV6]:PORT with a port from 0 to 65535. */
bool sapperd_address_valid(const char *text);

/* --listen and/or --stdin: runs until the sessions end or a signal stops it;
 * returns the process exit status. */
int sapperd_serve(const struct sapperd_options *options);

/* --judge FORMAT: one session on stdin/stdout that starts in the judge
 * stream; returns the process exit status (0, or 2 on malformed input). */
int sapperd_run_judge(enum sap_format format);

#endif /* SAPPERD_H */
