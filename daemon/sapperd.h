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

/* ---- options (options.c) ------------------------------------------------------------- */

/* Most --listen addresses one process takes. */
#define SAPPERD_LISTEN_MAX 8
/* The highest TCP port a --listen address names. */
#define SAPPERD_PORT_MAX 65535u
/* Longest HOST:PORT argument (an IPv6 literal in brackets and a port fit). */
#define SAPPERD_ADDRESS_MAX 64

#define SAPPERD_DEFAULT_LISTEN "127.0.0.1:7878"
#define SAPPERD_DEFAULT_MAX_CLIENTS 1024u
/* --idle-timeout: long enough for a person to think over a board.  Holding
 * a slot never took more than a line a timeout, so the slots' protection
 * is --max-per-address and --max-clients, not this; but a slot a client
 * forgot is held that long.  So while --max-clients are served, a newcomer
 * takes the slot of the session idle longest of the addresses holding the
 * most, once it has been idle for a twelfth of the timeout (5 minutes of
 * the hour, the old default), and it is told so first. */
#define SAPPERD_DEFAULT_IDLE_TIMEOUT 3600u
#define SAPPERD_EVICT_FRACTION 12u
/* --max-per-address: at most this many, and at most a quarter of
 * --max-clients (at least 1), when not given.  (--help and README.md say
 * "a quarter" in words.) */
#define SAPPERD_DEFAULT_MAX_PER_ADDRESS 16u
#define SAPPERD_ADDRESS_CLIENTS_SHARE 4u
/* --line-timeout: a person typing a line in a line-buffered terminal sends
 * it whole, but one typing into a raw socket sends it key by key. */
#define SAPPERD_DEFAULT_LINE_TIMEOUT 60u
/* --request-timeout: the lines of a request that has more than one (a
 * board's rows, a NURIKABE's number lines, a JUDGE stream) have this long
 * to arrive, counted while the daemon waits for them, plus a second for
 * every SAPPERD_REQUEST_RATE bytes they bring: a person typing a small board
 * by hand has two minutes, a 1000 x 1000 board's 11 MB over a slow link
 * the time it takes at 64 KiB/s, and a client that stops (or trickles)
 * gives its board back within two minutes. */
#define SAPPERD_DEFAULT_REQUEST_TIMEOUT 120u
#define SAPPERD_REQUEST_RATE 65536u
/* --keep-games: how long a game whose connection dropped waits for RESUME. */
#define SAPPERD_DEFAULT_KEEP_GAMES 1800u
/* --max-memory-per-address: a fifth of --max-memory, so that four addresses
 * holding all they may leave a fifth as much. */
#define SAPPERD_ADDRESS_SHARE 5u
/* --state-max-bytes: the live games' records (journal.c).  An expert game
 * takes about 40 bytes and 3 a move, so this is room for tens of
 * thousands of games; one 1000 x 1000 board given row by row takes 125 KB. */
#define SAPPERD_DEFAULT_STATE_MAX_BYTES ((size_t)64 << 20)

/* --fsync: what a crash of the machine may lose of the journal. */
enum sapperd_fsync {
    SAPPERD_FSYNC_EVERYSEC = 0, /* a second's moves (the default) */
    SAPPERD_FSYNC_ALWAYS = 1,   /* none: fdatasync before each reply goes out */
    SAPPERD_FSYNC_NO = 2        /* what the kernel has not written yet */
};

struct sapperd_options {
    const char *listen[SAPPERD_LISTEN_MAX];
    unsigned listen_count;
    bool stdin_session;            /* --stdin */
    int judge_format;              /* --judge: an enum sap_format, or -1 */
    uint32_t max_clients;          /* --max-clients */
    uint32_t idle_timeout;         /* --idle-timeout, seconds; 0 never closes */
    uint32_t max_per_address;      /* --max-per-address; 0: the default for max_clients */
    uint32_t line_timeout;         /* --line-timeout, seconds; 0 never closes */
    size_t max_memory;             /* --max-memory, bytes */
    size_t max_memory_per_address; /* --max-memory-per-address; 0: the default */
    uint32_t request_timeout;      /* --request-timeout, seconds; 0 never closes */
    uint32_t keep_games;           /* --keep-games, seconds; 0 keeps none */
    uint32_t max_request_work;     /* --max-request-work: steps a cell, 0 none */
    const char *state_dir;         /* --state-dir, or NULL: games die with the process */
    int fsync;                     /* --fsync: an enum sapperd_fsync */
    size_t state_max_bytes;        /* --state-max-bytes */
};

/* What options_parse decided. */
enum sapperd_parse {
    SAPPERD_RUN = 0,
    SAPPERD_EXIT_OK = 1,   /* --help or --version was answered */
    SAPPERD_EXIT_USAGE = 2 /* a bad option was reported on stderr */
};

/* Fills options from argv; --help and --version are answered on stdout, a
 * bad argument on stderr. */
enum sapperd_parse options_parse(struct sapperd_options *options, int argc, char **argv);
/* --max-per-address as given, or its default for --max-clients. */
uint32_t options_max_per_address(const struct sapperd_options *options);
/* --max-memory-per-address as given (at most --max-memory), or a fifth of
 * --max-memory. */
size_t options_max_memory_per_address(const struct sapperd_options *options);

/* ---- the log (log.c) ----------------------------------------------------------------- */

/* One line on stderr, "sapperd: " first and "\n" added. */
void log_line(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "<what> 127.0.0.1:7878" or "<what> [::1]:7878". */
void log_address(const char *what, const struct sockaddr_storage *address);

/* ---- the sessions' memory (memory.c) ------------------------------------------------- */

struct address_table;
struct peer_key;

/* The sessions' memory: every board block of every session
 * counts against one budget, --max-memory, and against the address of the
 * client that asked for it, --max-memory-per-address. */
struct sapperd_memory {
    size_t limit;                    /* --max-memory */
    size_t address_limit;            /* --max-memory-per-address */
    size_t held;                     /* bytes of blocks held now */
    size_t peak;                     /* the most held at once */
    uint64_t refused;                /* blocks refused */
    size_t freed_small;              /* bytes given back to malloc since the last trim */
    struct address_table *addresses; /* each address's bytes */
    /* Gives back a game kept for RESUME to make room for a session that
     * needs it: owner's oldest, or with NULL the oldest of the address
     * keeping the most; false when there is none.  NULL: nothing is kept. */
    bool (*reclaim)(void *context, const struct peer_key *owner);
    void *reclaim_context;
};

/* What one session is given: blocks it asks for count against `owner`'s
 * address (family 0, the stdin session, against the budget alone).  A
 * block records whose it is, so any account of the same memory gives it
 * back; a game resumed from another address is charged to its new owner
 * (memory_charge_to). */
struct sapperd_account {
    struct sap_memory table;
    struct sapperd_memory *memory;
    const struct peer_key *owner; /* NULL: counted against the budget alone */
};

/* Blocks of at least this many bytes are mapped (and unmapped on release,
 * so the memory returns to the system); smaller ones come from malloc. */
#define SAPPERD_MMAP_BYTES (64u * 1024u)
/* The default --max-memory: 25 sessions with the largest boards at once. */
#define SAPPERD_DEFAULT_MAX_MEMORY ((size_t)256 << 20)

void memory_init(struct sapperd_memory *m, size_t limit, size_t address_limit,
                 struct address_table *addresses);
void memory_account_init(struct sapperd_account *a, struct sapperd_memory *m,
                         const struct peer_key *owner);
/* A block of a game that moved to a's session (RESUME) counts against a's
 * owner from now on, not against the address it was charged to: memory
 * is charged to the address that holds it. */
void memory_charge_to(struct sapperd_account *a, void *block);
/* Gives malloc's free pages back to the system once enough small blocks
 * (and connections) have gone back to it since the last time. */
void memory_trim(struct sapperd_memory *m);
#define SAPPERD_TRIM_BYTES ((size_t)1 << 20)

/* ---- connections --------------------------------------------------------------------- */

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
/* The longest one turn of the run queue goes on giving slices before the
 * loop reads and answers the other connections: past it, the turn ends
 * after the slice under way (so a turn lasts about 2 to 3 ms), and the
 * next turn goes on from the connection after the last one served.  A
 * one-line request waits for about one turn, however many sessions are
 * busy. */
#define SAPPERD_TURN_NS 2000000u
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
/* Ending connections (refused ones, and sessions past their FIN) that may
 * linger at once; past this, one is closed right after its last line. */
#define SAPPERD_LINGERING_MAX 256u
/* File descriptors kept free for the daemon's own use: a connection that
 * would leave fewer is closed at once (and counted in the log), before the
 * system's limit makes accept() fail. */
#define SAPPERD_FD_RESERVE 8u

/* A connection's I/O buffers.  They are attached while the connection has
 * bytes to move and given back when it goes idle, so an idle connection
 * costs its handle and its session only.  A write is in flight from `out`
 * at most once, which is the whole bound on what a connection queues. */
struct conn_buffers {
    struct conn_buffers *next_spare;
    uv_write_t write_req;
    uv_fs_t fs_write_req;   /* stdout as a regular file */
    uv_fs_t fs_read_req;    /* stdin as a regular file */
    size_t in_pos, in_len;  /* unread input is in[in_pos..in_len) */
    size_t out_len;         /* replies collected in out[0..out_len) */
    size_t out_sent;        /* of those, already written */
    size_t in_cap, out_cap; /* sizes of in and out */
    char *in;               /* both point into the same allocation, */
    char *out;              /* right after this struct */
};

union sapperd_stream {
    uv_handle_t handle;
    uv_stream_t stream;
    uv_tcp_t tcp;
    uv_pipe_t pipe;
    uv_tty_t tty;
};

enum conn_kind {
    CONN_TCP,     /* a TCP session */
    CONN_REFUSED, /* over --max-clients or --max-per-address: one ERR line */
    CONN_STDIO    /* --stdin */
};

/*
 * A connection's state.  sched_set_state() (sched.c) is the only place it
 * changes, and only along these arrows; any other move is a bug, and the
 * daemon stops rather than run with its lists wrong.
 *
 *            refused: the "ERR busy" line is written at once
 *    .----------------------------------.
 *    |                                  v
 *   NEW --------> OPEN --------------> DRAINING -----> SHUTTING -----> LINGERING
 *    |             |                    |                |               |
 *    v             v                    v                v               v
 *   CLOSING <-----------------------------------------------------------'
 *    |
 *    v
 *   CLOSED
 *
 *   NEW -> OPEN            conn_start: a TCP or stdio session starts reading
 *   NEW -> DRAINING        conn_start: a refused connection, its line written
 *   OPEN -> DRAINING       the session closes (BYE, a line too long), the
 *                          peer's EOF, the idle timeout, a stop signal
 *   DRAINING -> SHUTTING   the last reply is out: FIN (uv_shutdown)
 *   SHUTTING -> LINGERING  the FIN went out; the peer's bytes are dropped
 *   any of NEW to LINGERING -> CLOSING
 *                          an error, a deadline, the peer's EOF while
 *                          lingering, the end of a stdio session (it sends
 *                          no FIN), a failed start
 *   CLOSING -> CLOSED      the last handle or uv_fs request is done: a TCP
 *                          connection is freed; server_run frees the stdio one
 *
 * What each state implies, kept by sched_set_state() alone:
 *
 *   state       sweep list (not stdio)       counted  lingering     run queue  pause, line
 *   NEW         none                         no       no            no         no
 *   OPEN        server->active (idle order)  TCP      no            may be     may be
 *   DRAINING    server->ending (deadline)    TCP      REFUSED       may be     no
 *   SHUTTING    server->ending               no       TCP, REFUSED  no         no
 *   LINGERING   server->ending               no       TCP, REFUSED  no         no
 *   CLOSING     none                         no       no            no         no
 *   CLOSED      none                         no       no            no         no
 *
 * "counted": a TCP session counts in server->sessions (--max-clients) and
 * under its address in server->addresses (--max-per-address) until its
 * last reply is out, and its session's memory is given back then (or when
 * it closes).  "lingering": server->lingering, bounded by
 * SAPPERD_LINGERING_MAX.  "pause, line": the pause list, and the list of
 * connections with a line under way (server->partial).  An OPEN TCP session
 * is also in its address's idle list (struct address_record), in the order
 * of server->active.  Zero is NEW, so a connection's memory set to zero is
 * a new connection.
 */
enum conn_state {
    CONN_NEW,       /* set up, not started */
    CONN_OPEN,      /* reading requests */
    CONN_DRAINING,  /* no more reading; replies still going out */
    CONN_SHUTTING,  /* write side shut down after the last reply */
    CONN_LINGERING, /* discarding what the peer still sends */
    CONN_CLOSING,   /* handles closing */
    CONN_CLOSED     /* all closed (a TCP connection is then freed) */
};
#define CONN_STATES (CONN_CLOSED + 1)

struct conn;
struct server;

/* A game's token: 16 characters of a 32-letter alphabet, 80 bits from the
 * system's randomness (uv_random). */
#define SAPPERD_TOKEN_CHARS 16u
#define SAPPERD_TOKEN_BYTES 10u

/* ---- intrusive lists of connections -------------------------------------------------- */

/* A connection has one place in each kind of list, and is in at most one
 * list of each kind at a time. */
enum conn_link_kind {
    CONN_LINK_SWEEP,  /* server->active or server->ending */
    CONN_LINK_PAUSED, /* server->paused */
    CONN_LINK_RUN,    /* server->runnable */
    CONN_LINK_LINE,   /* server->partial */
    CONN_LINK_BODY,   /* server->bodies */
    CONN_LINK_IDLE,   /* its address's open sessions (struct address_record) */
    CONN_LINK_KINDS
};

struct conn_link {
    struct conn *prev, *next;
    const struct conn_list *list; /* the list it is in, or NULL */
};

struct conn_list {
    struct conn *head, *tail; /* oldest first */
    size_t count;
    enum conn_link_kind kind; /* which of a connection's links it uses */
};

/* A client's address as --max-per-address counts it: an IPv4 address, or
 * an IPv6 address's /64 network (what one host is usually given). */
struct peer_key {
    uint8_t family;    /* 4 or 6; 0 when the address is not known */
    uint8_t bytes[16]; /* IPv4: the first 4; IPv6: the first 8 */
};

struct kept_game;

/* The two orders addresses.c keeps its addresses in, the one that gives way
 * first on top: by the sessions they hold (then the session idle longest),
 * and by the games kept for them (then the oldest game). */
enum address_ranking { ADDRESS_BY_SESSIONS, ADDRESS_BY_KEPT, ADDRESS_RANKINGS };

/* What one client address holds.  It exists while it holds anything, and
 * stays where it is (the table holds pointers to it). */
struct address_record {
    struct peer_key key;
    uint32_t sessions;                 /* TCP sessions counted against --max-clients */
    uint32_t kept;                     /* games kept for RESUME */
    size_t bytes;                      /* board memory charged to it */
    struct conn_list idle;             /* its open sessions, least recently active first */
    struct kept_game *oldest, *newest; /* its kept games */
    size_t place[ADDRESS_RANKINGS];    /* where it is in each ranking */
};

/* addresses.c: what each address holds, and which holds the most. */
struct address_table {
    struct address_record **slots; /* a hash table of the records */
    size_t capacity;               /* a power of two, or 0 */
    size_t used;                   /* records */
    uint64_t seed;                 /* of the hash */
    /* Every record in two binary heaps, the one that gives way first on top. */
    struct address_record **ranking[ADDRESS_RANKINGS];
    size_t ranking_capacity;
    struct address_record *spare; /* made ahead, so that adding cannot fail */
};

/* ---- games kept for RESUME (kept.c) -------------------------------------------------- */

/* A game whose connection dropped, waiting for RESUME <token>. */
struct kept_game {
    struct kept_game *prev, *next; /* the oldest first */
    /* Its owner's kept games, the oldest first (addresses.c). */
    struct kept_game *prev_of_owner, *next_of_owner;
    struct address_record *address; /* its owner's, which its block is charged to */
    char token[SAPPERD_TOKEN_CHARS + 1];
    struct peer_key owner; /* the address that held it */
    uint64_t expires;      /* uv_now */
    struct sap_kept_game game;
    struct journal_game *record; /* its record on disk (--state-dir), or NULL */
};

struct kept_games {
    struct kept_game *head, *tail;
    size_t count;
};

struct conn {
    /* First member: a libuv callback on this handle casts it to the conn. */
    union sapperd_stream handle;
    /* stdout when it is a stream of its own (--stdin); data points here. */
    union sapperd_stream *out_handle;
    uv_stream_t *in, *out; /* NULL: a regular file, through uv_fs */
    struct server *server;
    struct conn_link links[CONN_LINK_KINDS];
    uint64_t stamp; /* active: last activity; ending: deadline */
    struct conn_buffers *buffers;
    uv_shutdown_t shutdown_req; /* here, not in the buffers: an idle
                                   connection that times out needs none */
    enum conn_kind kind;
    enum conn_state state; /* changed by sched_set_state() only */
    bool reading;          /* wants input (uv_read_start, or uv_fs_read) */
    bool write_in_flight;
    bool fs_read_in_flight;
    bool eof;              /* the peer has ended its input */
    bool session_finished; /* sap_session_finish was called */
    bool session_held;     /* sap_session_init was called, and not yet
                                sap_session_release */
    /* In server->partial: when the first byte of the line under way came
     * (uv_now), or when reading last started again. */
    uint64_t line_started;
    /* The line framing as the clocks see it: the last byte was a '\r' (a
     * '\n' after it ends nothing), a line is under way, and it has held
     * only blanks so far (a blank line is no sign of life). */
    bool line_cr, line_open, line_blank;
    /* In server->bodies (a request whose later lines are still to come):
     * how long the daemon has waited for them (ms, counted by the sweep
     * while it reads), when it last counted, and the bytes they brought. */
    uint64_t body_waited, body_counted, body_bytes;
    /* A line written after the session's last reply, or NULL; without its
     * line end (conn.c writes the one the session's terminal wants). */
    const char *farewell;
    /* TCP: who is at the other end; REFUSED: the line it is sent. */
    struct peer_key peer;
    char *refusal;
    /* While counted: peer's record, where it is in the record's idle list
     * while open; NULL when the table could not count it. */
    struct address_record *address;
    /* The memory the session is given, counted against peer. */
    struct sapperd_account account;
    /* The token that takes this session's game over (RESUME), NUL-ended;
     * empty when the system had no randomness to give. */
    char token[SAPPERD_TOKEN_CHARS + 1];
    /* The record on disk of the session's game (--state-dir), or NULL. */
    struct journal_game *record;
    unsigned pending_closes; /* handles and uv_fs requests still out */
    /* Last: conn_init zeroes what comes before it. */
    struct sap_session session;
};

static inline void conn_list_init(struct conn_list *list, enum conn_link_kind kind)
{
    list->head = list->tail = NULL;
    list->count = 0;
    list->kind = kind;
}

static inline bool conn_in_list(const struct conn_list *list, const struct conn *c)
{
    /* The lists are the server's members, never NULL: the analyzer's paths
     * through a NULL c->server are not ones sapperd takes. */
    /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
    return c->links[list->kind].list == list;
}

/* The next connection after c in list (c in it), or NULL. */
static inline struct conn *conn_list_next(const struct conn_list *list, const struct conn *c)
{
    return c->links[list->kind].next;
}

/* Appends c; nothing if c is in the list already. */
static inline void conn_list_push(struct conn_list *list, struct conn *c)
{
    struct conn_link *link = &c->links[list->kind];

    if (link->list == list)
        return;
    link->next = NULL;
    link->prev = list->tail;
    if (list->tail != NULL)
        list->tail->links[list->kind].next = c;
    else
        list->head = c;
    list->tail = c;
    list->count++;
    link->list = list;
}

/* Takes c out; nothing if c is not in the list. */
static inline void conn_list_remove(struct conn_list *list, struct conn *c)
{
    /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference): as in conn_in_list */
    struct conn_link *link = &c->links[list->kind];

    if (link->list != list)
        return;
    if (link->prev != NULL)
        link->prev->links[list->kind].next = link->next;
    else
        list->head = link->next;
    if (link->next != NULL)
        link->next->links[list->kind].prev = link->prev;
    else
        list->tail = link->prev;
    link->prev = link->next = NULL;
    link->list = NULL;
    list->count--;
}

/* Every connection c of list, in order; the body may take c out of the
 * list (next is read before it runs). */
#define CONN_LIST_EACH(list, c, next)                                                          \
    for ((c) = (list)->head; (c) != NULL && ((next) = conn_list_next((list), (c)), true);      \
         (c) = (next))

/* ---- what the state implies ---------------------------------------------------------- */

/* Started and not yet closing: OPEN, DRAINING, SHUTTING or LINGERING. */
static inline bool conn_started(const struct conn *c)
{
    return c->state >= CONN_OPEN && c->state <= CONN_LINGERING;
}

/* Past OPEN, not yet closing: no more requests are read. */
static inline bool conn_ending(const struct conn *c)
{
    return c->state >= CONN_DRAINING && c->state <= CONN_LINGERING;
}

/* CLOSING or CLOSED: nothing more is done but counting down the closes. */
static inline bool conn_closing(const struct conn *c)
{
    return c->state == CONN_CLOSING || c->state == CONN_CLOSED;
}

/* The session still turns requests into replies. */
static inline bool conn_pumping(const struct conn *c)
{
    return c->state == CONN_OPEN || c->state == CONN_DRAINING;
}

/* ---- games on disk (record.c, journal.c, disk.c, restore.c) -------------------------- */

/* Bytes that grow: a record, the frames waiting to be written. */
struct record_bytes {
    uint8_t *data;
    size_t length, capacity;
};

/* Reads bytes[at..end) of a record or frame. */
struct record_reader {
    const uint8_t *at, *end;
};

/* How a game's record starts (record.c). */
enum record_kind {
    RECORD_RANDOM = 0,  /* NEW <rows> <cols> <mines> <seed> [<level>] */
    RECORD_LAYOUT = 1,  /* NEW <rows> <cols> and its rows */
    RECORD_POSITION = 2 /* ANALYZE <rows> <cols> <mines> and its rows */
};
/* A step's op byte: a move is its enum sap_op (1, 2, 3); then these. */
#define STEP_CELL 4u
#define STEP_MINES 5u
#define RECORD_VARINT_MAX 5u

/* A record read back (record_read): its cells and steps point into it. */
struct record_game {
    char token[SAPPERD_TOKEN_CHARS + 1];
    struct peer_key owner;
    uint32_t rows, cols, mines, seed;
    uint8_t kind, level;
    const uint8_t *cells; /* RECORD_LAYOUT: a bit a cell; RECORD_POSITION: 4 bits */
    const uint8_t *steps;
    size_t steps_length;
};

/* One step read back: a move (op 1..3), STEP_CELL or STEP_MINES (x the
 * mines). */
struct record_step {
    uint8_t op;
    uint32_t x, y;
    char seen;
};

/* A live game's record in the journal (journal.c). */
struct journal_game {
    struct journal_game *prev, *next; /* the journal's games, oldest first */
    /* The pointer that holds it (a conn's or a kept game's `record`),
     * cleared when the record goes; NULL for one nothing holds. */
    struct journal_game **holder;
    uint32_t id; /* its frames' id */
    /* A no-guess or casual board whose mines are still to be laid: its
     * record takes the layout at the first click (journal_relay). */
    bool relay;
    struct record_bytes record;
};

/* The journal's file names in DIR, its format, its frame types. */
#define JOURNAL_FILE "games.journal"
#define JOURNAL_TEMP "games.journal.new"
#define JOURNAL_BAD "games.journal.bad"
#define JOURNAL_FORMAT 1u
#define JOURNAL_HEAD 'H'
#define JOURNAL_GAME 'G'
#define JOURNAL_STEP 'S'
#define JOURNAL_DROP 'D'
#define JOURNAL_TOKEN 'T'
#define JOURNAL_LAID 'L'
/* The file is rewritten once it is past twice the live games and this
 * (or a quarter of --state-max-bytes, when that is less). */
#define JOURNAL_REWRITE_MIN ((uint64_t)1 << 20)
/* A file that failed is written again at most this often. */
#define JOURNAL_RETRY_MS 1000u

/* A log line for an event that may come in floods: the first is written at
 * once, the rest are counted and written as one line at most once a
 * second (on the next event, the sweep timer or the stop). */
struct log_tally {
    uint64_t unlogged;  /* events since the last line */
    uint64_t logged_at; /* uv_now of the last line; 0: none yet */
};

struct journal {
    struct server *server;
    int dir_fd;     /* DIR, locked; -1: no --state-dir */
    int fd;         /* the journal, written at its end; -1 before the start */
    int retired_fd; /* a file replaced while its sync ran: closed after */
    bool closed;    /* the stop has written the last file */
    struct journal_game *head, *tail;
    size_t games;
    uint64_t live;       /* bytes of the live games' 'G' frames */
    uint64_t file_bytes; /* bytes in the file */
    uint64_t rewrite_min;
    uint32_t next_id;
    struct record_bytes pending; /* frames not yet written */
    /* --fsync everysec: a sync in the thread pool, at most once a second. */
    uv_fs_t sync_req;
    bool sync_in_flight, unsynced;
    uint64_t synced_at;
    /* A rewrite: the image a pool thread writes, the frames since. */
    uv_work_t rewrite_req;
    bool rewriting;
    int rewrite_fd; /* from the thread: the new file, or -errno */
    struct record_bytes image, since;
    /* A write failed: the file is written again whole, from memory. */
    bool broken;
    uint64_t broken_at;
    struct log_tally given_up; /* records past --state-max-bytes */
};

struct server {
    uv_loop_t *loop;
    const struct sapperd_options *options;
    uv_tcp_t listeners[SAPPERD_LISTEN_MAX];
    unsigned listener_count;
    uv_signal_t sigint, sigterm;
    uv_timer_t sweep;        /* closes idle and lingering connections */
    uv_check_t resume;       /* restarts the reading of paused connections */
    struct conn_list paused; /* connections that filled their buffer this turn */
    /* Fairness: sessions with work left (sap_session_busy) wait here and
     * get one slice each, in turn, for at most SAPPERD_TURN_NS per loop
     * iteration (the idle handle keeps the loop polling I/O without
     * blocking between). */
    uv_idle_t runner;
    struct conn_list runnable;
    struct conn_list active;            /* open TCP sessions, least recently active first */
    struct conn_list ending;            /* draining, shutting and lingering connections */
    struct conn_list partial;           /* open TCP sessions with a line under way,
                                 the oldest line first (--line-timeout) */
    struct conn_list bodies;            /* open TCP sessions in the middle of a request
                                 of several lines (--request-timeout) */
    struct kept_games kept;             /* games whose connections dropped (RESUME) */
    struct journal journal;             /* the games on disk (--state-dir) */
    struct sapperd_account own_account; /* gives kept games' blocks back */
    uint32_t sessions;                  /* TCP sessions counted against --max-clients */
    uint32_t max_per_address;
    struct address_table addresses; /* their count by address */
    uint32_t lingering;             /* see the state map */
    uint64_t reaped_at;             /* uv_now of the last sched_reap_gone */
    /* Accepted sockets not yet closed, beside the descriptors the daemon
     * had once it listened (base_fds), under the limit RLIMIT_NOFILE. */
    uint32_t sockets;
    uint64_t base_fds, fd_limit;
    struct conn *stdio;           /* the --stdin session, if any */
    struct sapperd_memory memory; /* every session's board blocks */
    /* Accepting never stops (libuv stops reporting a listener whose
     * connection was not taken): a connection that cannot be served is
     * taken into this handle and closed.  While it is closing, the
     * listeners owed a drop wait (bit i: listeners[i]). */
    uv_tcp_t drop_spare;
    bool drop_ready;
    unsigned drop_owed;
#ifdef SAPPERD_TEST_HOOKS
    uint32_t fail_accept; /* fail the N-th connection's allocation */
    uint32_t accepted;
#endif
    struct conn_buffers *spare;
    unsigned spare_count;
    bool stopping;
    int stdio_flags[2]; /* fcntl flags of fds 0 and 1 before libuv */
    /* Where a connection without buffers reads (its bytes are then moved
     * into buffers it takes) and where ending connections read to drop. */
    char scratch[SAPPERD_IN_BYTES];
    /* The refusals, written from here (uv_buf_t points to char). */
    char busy_line[16];         /* over --max-clients */
    char busy_address_line[64]; /* over --max-per-address */
    /* "ERR line not finished within N s; closing" (--line-timeout) */
    char line_timeout_line[80];
    /* "ERR request not finished within N s; closing" (--request-timeout) */
    char request_timeout_line[80];
    /* Told to a session whose game RESUME took to another connection. */
    const char *resumed_line;
    /* "ERR idle for N s; closing" (--idle-timeout), and the line of a session
     * idle for evict_ms that makes room for a newcomer at --max-clients */
    char idle_line[48];
    char evict_line[80];
    char evict_address_line[96]; /* ... that makes room for one from its address */
    uint64_t evict_ms;           /* 0: none (--idle-timeout 0) */
    /* Told to the session that gives its slot to a newcomer whose address
     * holds fewer sessions than the session's own. */
    const char *evict_fewer_line;
    uint64_t seeds_given; /* a NEW's seed when the system gives none */
    uint64_t stop_deadline;
    struct log_tally refused; /* over --max-clients */
    /* As things were at the last refusal over --max-clients, which its log
     * line reports (it may be written a second later). */
    uint32_t refused_sessions;
    struct peer_key refused_top; /* the address holding the most then */
    uint32_t refused_top_sessions;
    struct log_tally refused_address; /* over --max-per-address */
    struct log_tally dropped;         /* accepted and closed at once */
    const char *drop_reason;          /* why the last one was */
    struct peer_key refused_peer;     /* the last over --max-per-address */
    int exit_status;
};

/* ---- connections (conn.c) ------------------------------------------------------------ */

/* Zeroes c up to its session: a NEW connection of s of this kind. */
void conn_init(struct conn *c, struct server *s, enum conn_kind kind);
/* A new connection whose `handle` (or stdio ends) is set up; starts reading.
 * TCP and stdio connections run a session; refused ones write "ERR busy". */
void conn_start(struct conn *c);
/* Stops taking input, lets the queued replies out, then closes. */
void conn_drain(struct conn *c);
/* The run queue's turn for c (OPEN or DRAINING): one more slice, unless
 * its peer has gone (then it closes). */
void conn_run(struct conn *c);
/* Stops reading, answers what was read, writes `line` after the last
 * reply (--line-timeout), then closes. */
void conn_drain_saying(struct conn *c, const char *line);
/* The end of the loop turn in which c (OPEN) was paused: it may read again. */
void conn_resume(struct conn *c);
/* Starts reading (nothing once the peer's input has ended); close.c reads
 * what a lingering peer still sends. */
void conn_read_start(struct conn *c);
/* Called by stdio.c when a uv_fs_read/uv_fs_write completes. */
void conn_received(struct conn *c, ssize_t nread);
void conn_written(struct conn *c, int status);

/* ---- how a connection ends (close.c) ------------------------------------------------- */

/* Closes now, whatever is queued. */
void close_now(struct conn *c);
/* An I/O error: logs it unless it says the peer went away, and closes. */
void close_on_error(struct conn *c, const char *what, int err);
/* The last reply is out: FIN, then linger (or close). */
void close_with_fin(struct conn *c);
/* Closes c if its peer has gone (a reset, an error), which a session that
 * is busy and not reading learns from nowhere else; true when it closed. */
bool close_if_gone(struct conn *c);
/* Gives the session's memory back; nothing if it holds none. */
void close_session(struct conn *c);
/* One of a closing connection's handles or requests is done; the last one
 * frees it (a TCP connection; server_run frees the stdio one). */
void close_one_done(struct conn *c);
void close_free(struct conn *c);

/* ---- a connection's buffers (buffers.c) ---------------------------------------------- */

/* Takes c's buffers (a spare, or new); false when out of memory. */
bool buffers_attach(struct conn *c);
/* Gives c's buffers back: kept as a spare, or freed. */
void buffers_detach(struct conn *c);
/* Frees the spares (the loop has ended). */
void buffers_free_spares(struct server *s);

/* ---- scheduling (sched.c) ------------------------------------------------------------ */

/* The only change of c's state; see enum conn_state. */
void sched_set_state(struct conn *c, enum conn_state to);
/* The server's lists, before any connection. */
void sched_init(struct server *s);
/* The run queue's idle handle, the pause list's check handle and the sweep
 * timer; 0 or a libuv error. */
int sched_start(struct server *s);
/* Queues c (OPEN or DRAINING) for a slice on a later loop iteration; 0 or
 * a libuv error. */
int sched_run_later(struct conn *c);
/* Closes the queued sessions whose peers have gone: their slots are free
 * for the next client. */
void sched_reap_gone(struct server *s);
/* c (an open TCP session) gives its slot up: it is told `line` and
 * closed, its slot free once the line is out, or at once with `at_once`
 * (then a peer that does not read has the connection closed under it). */
void sched_evict(struct conn *c, const char *line, bool at_once);
/* c has been idle (no request) for server->evict_ms; false with
 * --idle-timeout 0. */
bool sched_idle_long(const struct conn *c);
/* Input or output made progress: an open session goes to the back of the
 * idle order; an ending one gets a new deadline. */
void sched_touch(struct conn *c);
/* Closes the connections past their deadlines (or all of them, past the
 * stop deadline) and drains those idle for --idle-timeout or with a line
 * under way for --line-timeout. */
void sched_sweep(struct server *s);
/* The line clock of an open TCP session: `bytes` arrived.  A chunk that
 * ends inside a line starts the clock unless it runs; a line end stops it,
 * or starts it again for the bytes after.  True when a line that was not
 * blank ended (the session is active: --idle-timeout starts again). */
bool sched_line_received(struct conn *c, const char *bytes, size_t n);
/* The request clock: after the session took input, c is in server->bodies
 * exactly while its request waits for more lines (--request-timeout). */
void sched_body_check(struct conn *c);
/* c starts reading again after a pause: a line under way was not late
 * while no byte of it could arrive, so its clock starts again. */
void sched_line_resumed(struct conn *c);

/* ---- a client's address as the limits count it (peer_key.c) -------------------------- */

/* key for a peer's address; false (key zeroed) for another family. */
bool peer_key_from(struct peer_key *key, const struct sockaddr_storage *address);
/* The same client address, as --max-per-address counts them. */
bool peer_key_equal(const struct peer_key *a, const struct peer_key *b);
/* "192.0.2.7" or "2001:db8::/64". */
void peer_key_format(const struct peer_key *key, char *text, size_t size);

/* ---- client addresses (addresses.c) -------------------------------------------------- */

void addresses_init(struct address_table *t, uint64_t seed);
void addresses_free(struct address_table *t);
/* key's record, or NULL when key holds nothing. */
struct address_record *addresses_find(const struct address_table *t,
                                      const struct peer_key *key);
/* The sessions key holds. */
uint32_t addresses_count(const struct address_table *t, const struct peer_key *key);
/* Room for one more address, so that adding one (addresses_add,
 * addresses_charge, addresses_record) cannot fail; false when out of
 * memory. */
bool addresses_reserve(struct address_table *t);
/* key's record, made when new (reserve room first); NULL when there is no
 * room for it. */
struct address_record *addresses_record(struct address_table *t, const struct peer_key *key);
/* One more session for key: its record, or NULL when it goes uncounted
 * (no room; reserve first). */
struct address_record *addresses_add(struct address_table *t, const struct peer_key *key);
/* One session fewer for a record addresses_add gave (no longer in its
 * idle list); the record may be gone after. */
void addresses_remove(struct address_table *t, struct address_record *r);
/* c (counted under c->address) opens, ends, or was active: its place in
 * its address's idle list, the least recently active first. */
void addresses_idle_push(struct address_table *t, struct conn *c);
void addresses_idle_remove(struct address_table *t, struct conn *c);
void addresses_idle_touch(struct address_table *t, struct conn *c);
/* k (its expiry set) is kept for r, the newest of r's kept games; and k
 * is no longer kept (r may be gone after, once nothing else holds it). */
void addresses_keep(struct address_table *t, struct address_record *r, struct kept_game *k);
void addresses_unkeep(struct address_table *t, struct kept_game *k);
/* The board memory key holds. */
size_t addresses_bytes(const struct address_table *t, const struct peer_key *key);
/* Counts bytes more against key; false when the table cannot grow. */
bool addresses_charge(struct address_table *t, const struct peer_key *key, size_t bytes);
/* Counts bytes back (charged before). */
void addresses_discharge(struct address_table *t, const struct peer_key *key, size_t bytes);
/* The address holding the most sessions (of those, the one whose open
 * session is idle longest), or NULL when none holds one. */
struct address_record *addresses_most_sessions(const struct address_table *t);
/* The address keeping the most games (of those, the one whose oldest is
 * oldest), or NULL when none is kept. */
struct address_record *addresses_most_kept(const struct address_table *t);

/* ---- keeping and resuming games (kept.c) --------------------------------------------- */

/* A new session's token and RESUME hook (no token, no keeping: the system
 * had no randomness). */
void kept_session_start(struct conn *c);
/* c's session is ending: its game, if still in play, is kept for
 * --keep-games seconds. */
void kept_take_from(struct conn *c);
/* Gives back the games past their time. */
void kept_sweep(struct server *s, uint64_t now);
/* Gives back every kept game (the server stops); their records stay on
 * disk. */
void kept_free_all(struct server *s);
/* A game read back from the journal (restore.c) is kept under its token,
 * its record with it; false when there is no memory for that. */
bool kept_restore(struct server *s, struct journal_game *record, const char *token,
                  const struct peer_key *owner, struct sap_kept_game *game);
/* The memory's reclaim (struct sapperd_memory): context is the server. */
bool kept_reclaim(void *context, const struct peer_key *owner);

/* ---- the server (server.c) ----------------------------------------------------------- */

/* True when text is IPV4:PORT or [IPV6]:PORT with a port from 0 to
 * SAPPERD_PORT_MAX. */
bool server_address_valid(const char *text);
/* --listen, --stdin: runs until the sessions end or a signal stops it;
 * returns the process exit status.  (--judge runs apart: batch.c.) */
int server_run(const struct sapperd_options *options);
/* Writes the log lines held back (struct log_tally) whose second has
 * passed, or all of them (the stop). */
void server_flush_logs(struct server *s, bool all);
/* One tally's line, if it has events and its second has passed. */
typedef void server_tally_writer(struct server *s, unsigned long long n);
void server_flush_tally(struct server *s, struct log_tally *t, server_tally_writer *write);

/* ---- a game's record (record.c) ------------------------------------------------------ */

/* Room for `more` bytes after the length; false when out of memory. */
bool record_bytes_reserve(struct record_bytes *b, size_t more);
void record_bytes_free(struct record_bytes *b);
/* A varint appended (room for RECORD_VARINT_MAX reserved first), or read. */
void record_put_varint(struct record_bytes *b, uint32_t value);
bool record_get_varint(struct record_reader *r, uint32_t *value);
bool record_get_bytes(struct record_reader *r, void *out, size_t n);
/* The CRC-32 of bytes, continuing crc (0 to start). */
uint32_t record_crc32(uint32_t crc, const uint8_t *bytes, size_t n);
/* b becomes the record of a new game (SAP_RECORD_GAME's event), or one
 * step more (a MOVE, CELL or MINES event); false when out of memory. */
bool record_start(struct record_bytes *b, const char *token, const struct peer_key *owner,
                  const sap_game *game, const struct sap_record *event);
bool record_put_step(struct record_bytes *b, const struct sap_record *event);
/* b, a random board's record, starts again from game's layout, now laid,
 * its steps kept; false (b unchanged) when out of memory. */
bool record_relay(struct record_bytes *b, const sap_game *game);
/* Reads a record back, checking every number and step: NULL, or why not. */
const char *record_read(const uint8_t *bytes, size_t length, struct record_game *game);
/* The next step of game's steps: NULL, or why it is not one. */
const char *record_read_step(struct record_reader *r, const struct record_game *game,
                             struct record_step *step);
/* A RECORD_LAYOUT's mine, a RECORD_POSITION's cell, 0-based. */
bool record_mine(const struct record_game *game, uint32_t row, uint32_t col);
char record_seen(const struct record_game *game, uint32_t row, uint32_t col);

/* Frames (a type byte, the body's length, the body, its CRC-32): one
 * appended, the body an id (unless no_id) and the parts a and b; false
 * when out of memory.  The head frame, and whether a head's body is this
 * format's (*same_limits: written by a build with these limits). */
size_t record_varint_length(uint64_t value);
bool record_frame(struct record_bytes *out, uint8_t type, bool no_id, uint32_t id,
                  const void *a, size_t na, const void *b, size_t nb);
bool record_head(struct record_bytes *out);
bool record_head_matches(const uint8_t *body, size_t length, bool *same_limits);

/* ---- the journal (journal.c) --------------------------------------------------------- */

/* Whether games are recorded (--state-dir, and not past the stop). */
bool journal_on(const struct journal *j);
/* The hook of a TCP session's changes (sap_session_set_record); context is
 * its conn. */
void journal_hook(void *context, const struct sap_record *event);
/* *holder becomes the record of a new game (the old one dropped first); it
 * stays NULL when the record cannot be kept. */
void journal_begin(struct journal *j, struct journal_game **holder, const char *token,
                   const struct peer_key *owner, const sap_game *game,
                   const struct sap_record *event);
void journal_step(struct journal *j, struct journal_game **holder,
                  const struct sap_record *event);
/* The game is over: its record goes, from memory and (a 'D' frame) disk. */
void journal_drop(struct journal *j, struct journal_game **holder);
/* The stop: *holder lets go, and the record stays for the last file. */
void journal_forget(struct journal_game **holder);
/* The record moves with its game (kept, resumed). */
void journal_hand_over(struct journal_game **from, struct journal_game **to);
/* RESUME gave the game to a session with this token and address. */
void journal_retoken(struct journal *j, struct journal_game **holder, const char *token,
                     const struct peer_key *owner);
/* Games read back: one added whole, a step more, a new token and owner (a
 * 'T' frame's 25 bytes; false if they are not), one lost, and the live
 * games brought under most_games (the oldest go) and --state-max-bytes
 * (the largest go); journal_trim(j, 0) gives every record back. */
void journal_adopt(struct journal *j, struct journal_game *game);
bool journal_adopt_step(struct journal *j, struct journal_game *game, const uint8_t *step,
                        size_t length);
bool journal_adopt_token(struct journal *j, struct journal_game *game, const uint8_t *head);
void journal_discard(struct journal *j, struct journal_game *game);
void journal_trim(struct journal *j, size_t most_games);

/* ---- the journal's file (disk.c) ----------------------------------------------------- */

/* Makes DIR if it is missing, opens and locks it; 0, or -1 (logged). */
int disk_open(struct journal *j, struct server *s);
/* Writes the frames waiting: before any reply goes out. */
void disk_flush(struct journal *j);
/* The sweep's turn: what no reply carried out, the second's sync, a failed
 * file written again, the log of records given up. */
void disk_tick(struct journal *j, uint64_t now);
/* Writes the live games as the whole file now (the start, the stop); 0 or
 * an errno. */
int disk_rewrite_now(struct journal *j);
/* The stop: the last file, then everything given back. */
void disk_close(struct journal *j);

/* ---- the start with --state-dir (restore.c) ------------------------------------------ */

/* Reads DIR's journal, plays its games again and keeps them for RESUME,
 * writes the journal again; 0, or -1 when DIR cannot be used (logged). */
int restore_run(struct server *s);

/* ---- the stdin session (stdio.c) ----------------------------------------------------- */

/* Opens stdin/stdout as streams (tty, pipe, socket) or as regular
 * files; fills the conn's in/out and returns 0, or a libuv error. */
int stdio_open(struct server *s, struct conn *c);
/* Restores the blocking mode of stdin/stdout that libuv changed. */
void stdio_restore(struct server *s);
/* Starts one uv_fs_read into the input buffer (stdin as a file). */
int stdio_file_read(struct conn *c);
/* Writes out[out_sent..out_len) to stdout as a file. */
int stdio_file_write(struct conn *c);

/* ---- the --judge batch filter (batch.c) ---------------------------------------------- */

/* --judge FORMAT, stdin to stdout with blocking reads and writes; the
 * process exit status. */
int batch_run(const struct sapperd_options *options);

#endif /* SAPPERD_H */
