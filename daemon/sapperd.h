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

#include <uv.h>

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
    size_t max_memory;          /* --max-memory, bytes */
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

/* The sessions' memory table (memory.c): every board block of every
 * session counts against one budget, --max-memory. */
struct sapperd_memory {
    struct sap_memory table;    /* what the sessions are given */
    size_t limit;               /* --max-memory */
    size_t held;                /* bytes of blocks held now */
    size_t peak;                /* the most held at once */
    uint64_t refused;           /* blocks refused */
};

/* Blocks of at least this many bytes are mapped (and unmapped on release,
 * so the memory returns to the system); smaller ones come from malloc. */
#define SAPPERD_MMAP_BYTES (64u * 1024u)
/* The default --max-memory: 25 sessions with the largest boards at once. */
#define SAPPERD_DEFAULT_MAX_MEMORY ((size_t)256 << 20)
#define SAPPERD_DEFAULT_MAX_MEMORY_TEXT "256M"

void sapperd_memory_init(struct sapperd_memory *m, size_t limit);
/* The largest block the table hands out (the build's largest board). */
size_t sapperd_block_max(void);
/* BYTES with an optional K, M or G suffix (powers of 1024), at least 1. */
bool sapperd_parse_bytes(const char *text, size_t *bytes);

/* True when text is IPV4:PORT or [IPV6]:PORT with a port from 0 to 65535. */
bool sapperd_address_valid(const char *text);

/* --listen, --stdin: runs until the sessions end or a signal stops it;
 * returns the process exit status.  (--judge runs apart: judge.c.) */
int sapperd_serve(const struct sapperd_options *options);

/* ---- connections ---------------------------------------------------------- */

/* Each direction of a connection moves at most this many bytes per step:
 * one read fills `in`, and replies collect in `out` until it is written. */
#define SAPPERD_IN_BYTES 8192u
#define SAPPERD_OUT_BYTES 8192u
/* The one stdin/stdout session (--stdin) moves bulk data, often a
 * regular file through libuv's thread pool, where every step is a round
 * trip: it gets larger buffers. */
#define SAPPERD_STDIO_IN_BYTES 65536u
#define SAPPERD_STDIO_OUT_BYTES 65536u
/* The longest a connection's pump runs while others may wait: past it, a
 * session with work or input left goes to the back of the runnable queue.
 * Each sap_session_poll does at most SAPPERD_SESSION_BUDGET steps, well
 * under this. */
#define SAPPERD_SLICE_NS 1000000u
#define SAPPERD_SESSION_BUDGET 16384u
/* Buffers kept for reuse when connections go idle; the rest are freed. */
#define SAPPERD_SPARE_BUFFERS 64u
/* A connection that is ending and makes no progress (its peer reads none of
 * the last replies, or keeps sending after our FIN) is closed after this. */
#define SAPPERD_LINGER_MS 3000u
/* After SIGINT/SIGTERM, sessions get this long to write what is queued. */
#define SAPPERD_STOP_GRACE_MS 5000u
/* Period of the timer that closes idle and lingering connections. */
#define SAPPERD_SWEEP_MS 250u
/* Refused ("ERR busy") connections that may linger at once; past this a
 * refused connection is closed right after its one line. */
#define SAPPERD_REFUSED_MAX 256u

/* A connection's I/O buffers.  They are attached while the connection has
 * bytes to move and given back when it goes idle, so an idle connection
 * costs its handle and its session only.  A write is in flight from `out`
 * at most once, which is the whole bound on what a connection queues. */
struct conn_buffers {
    struct conn_buffers *next_spare;
    uv_write_t write_req;
    uv_fs_t fs_write_req;       /* stdout as a regular file */
    uv_fs_t fs_read_req;        /* stdin as a regular file */
    size_t in_pos, in_len;      /* unread input is in[in_pos..in_len) */
    size_t out_len;             /* replies collected in out[0..out_len) */
    size_t out_sent;            /* of those, already written */
    size_t in_cap, out_cap;     /* sizes of in and out */
    char *in;                   /* both point into the same allocation, */
    char *out;                  /* right after this struct */
};

union sapperd_stream {
    uv_handle_t handle;
    uv_stream_t stream;
    uv_tcp_t tcp;
    uv_pipe_t pipe;
    uv_tty_t tty;
};

enum conn_kind {
    CONN_TCP,                   /* a TCP session */
    CONN_REFUSED,               /* over --max-clients: one "ERR busy" line */
    CONN_STDIO                  /* --stdin */
};

enum conn_state {
    CONN_OPEN,                  /* reading requests */
    CONN_DRAINING,              /* no more reading; replies still going out */
    CONN_SHUTTING,              /* write side shut down after the last reply */
    CONN_LINGERING,             /* discarding what the peer still sends */
    CONN_CLOSING                /* handles closing; freed in the close callback */
};

struct server;

struct conn {
    /* First member: a libuv callback on this handle casts it to the conn. */
    union sapperd_stream handle;
    /* stdout when it is a stream of its own (--stdin); data points here. */
    union sapperd_stream *out_handle;
    uv_stream_t *in, *out;      /* NULL: a regular file, through uv_fs */
    struct server *server;
    struct conn *prev, *next;   /* in server->active or server->ending */
    bool listed;                /* in one of the two lists */
    bool in_ending_list;        /* ... and which */
    uint64_t stamp;             /* active: last activity; ending: deadline */
    struct conn_buffers *buffers;
    uv_shutdown_t shutdown_req; /* here, not in the buffers: an idle
                                   connection that times out needs none */
    enum conn_kind kind;
    enum conn_state state;
    bool reading;               /* wants input (uv_read_start, or uv_fs_read) */
    bool write_in_flight;
    bool fs_read_in_flight;
    bool eof;                   /* the peer has ended its input */
    bool session_finished;      /* sap_session_finish was called */
    bool paused;                /* in server->paused until this loop turn ends */
    struct conn *paused_next;
    bool runnable;              /* in server->runnable: its session is busy */
    struct conn *run_prev, *run_next;
    bool counted;               /* counted in server->sessions */
    bool closed;                /* the stdio connection is closed (serve frees it) */
    unsigned pending_closes;    /* handles and uv_fs requests still out */
    struct sap_session session;
};

/* An intrusive list of connections. */
struct conn_list {
    struct conn *head, *tail;
    size_t count;
};

struct server {
    uv_loop_t *loop;
    const struct sapperd_options *options;
    uv_tcp_t listeners[SAPPERD_LISTEN_MAX];
    unsigned listener_count;
    uv_signal_t sigint, sigterm;
    uv_timer_t sweep;
    uv_check_t resume;          /* restarts the reading of paused connections */
    struct conn *paused;        /* connections that filled their buffer this turn */
    /* Fairness: sessions with work left (sap_session_busy) wait here and
     * get one slice each, in turn, once per loop iteration (the idle
     * handle keeps the loop polling I/O without blocking between). */
    uv_idle_t runner;
    bool runner_ready;
    struct conn *run_head, *run_tail;
    struct conn_list active;    /* open TCP sessions, least recently active first */
    struct conn_list ending;    /* draining, shutting and lingering connections */
    uint32_t sessions;          /* TCP sessions counted against --max-clients */
    uint32_t refused_lingering;
    struct conn *stdio;         /* the --stdin session, if any */
    struct sapperd_memory memory; /* every session's board blocks */
    /* Accepting never stops (libuv stops reporting a listener whose
     * connection was not taken): a connection that cannot be served is
     * taken into this handle and closed.  While it is closing, the
     * listeners owed a drop wait (bit i: listeners[i]). */
    uv_tcp_t drop_spare;
    bool drop_ready;
    unsigned drop_owed;
#ifdef SAPPERD_TEST_HOOKS
    uint32_t fail_accept;       /* fail the N-th connection's allocation */
    uint32_t accepted;
#endif
    struct conn_buffers *spare;
    unsigned spare_count;
    bool stopping;
    int stdio_flags[2];         /* fcntl flags of fds 0 and 1 before libuv */
    /* Where a connection without buffers reads (its bytes are then moved
     * into buffers it takes) and where ending connections read to drop. */
    char scratch[SAPPERD_IN_BYTES];
    char busy_line[16];         /* "ERR busy\n", written from here */
    uint64_t stop_deadline;
    uint64_t refused_logged_at; /* rate limit of the "refused" log line */
    uint64_t refused_unlogged;
    uint64_t accept_error_logged_at;
    int exit_status;
};

void conn_list_append(struct conn_list *list, struct conn *c);
void conn_list_remove(struct conn_list *list, struct conn *c);

/* A new connection whose `handle` (or stdio ends) is set up; starts reading.
 * TCP and stdio connections run a session; refused ones write "ERR busy". */
void conn_start(struct conn *c);
/* Stops taking input, lets the queued replies out, then closes. */
void conn_drain(struct conn *c);
/* Closes now, whatever is queued. */
void conn_close(struct conn *c);
/* The sweep timer: idle timeouts, lingering deadlines, the stop deadline. */
void conn_sweep(struct server *s);
/* After each loop turn's I/O: paused connections read again. */
void conn_resume_paused(struct server *s);

/* buffers.c: takes c's buffers (a spare, or new); false when out of memory. */
bool conn_attach_buffers(struct conn *c);
/* Gives c's buffers back: kept as a spare, or freed. */
void conn_detach_buffers(struct conn *c);
/* Frees the spares (the loop has ended). */
void buffers_free_spares(struct server *s);

/* stdio.c: opens stdin/stdout as streams (tty, pipe, socket) or as regular
 * files; fills the conn's in/out and returns 0, or a libuv error. */
int stdio_open(struct server *s, struct conn *c);
/* Restores the blocking mode of stdin/stdout that libuv changed. */
void stdio_restore(struct server *s);
/* Starts one uv_fs_read into the input buffer (stdin as a file). */
int stdio_file_read(struct conn *c);
/* Writes out[out_sent..out_len) to stdout as a file. */
int stdio_file_write(struct conn *c);
/* Called by stdio.c when a uv_fs_read/uv_fs_write completes. */
void conn_received(struct conn *c, ssize_t nread);
void conn_written(struct conn *c, int status);
/* One of a closing connection's handles or requests is done; the last one
 * frees it. */
void conn_release_one(struct conn *c);
void conn_free(struct conn *c);

/* judge.c: --judge FORMAT, stdin to stdout with blocking reads and writes;
 * the process exit status. */
int sapperd_judge_run(const struct sapperd_options *options);

#endif /* SAPPERD_H */
