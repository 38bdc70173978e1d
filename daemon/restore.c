/*
 * restore.c - the start with --state-dir: the journal read back, its games
 * played again through a session, kept for RESUME under their tokens.
 *
 * The file is read as any hostile input (the disk, a crash or a person
 * may have cut or changed it): every frame's length is checked against
 * what is left of the file, then its CRC-32, then every number of its body
 * against this build's limits (record.c).  The first frame that is cut
 * short or fails its checksum ends the reading, as in SQLite's WAL: the
 * frames after it cannot be trusted to follow the ones before.  A frame
 * that is whole but makes no sense (a step off its board, a game past this
 * build's limits) loses its game alone.  A file whose head is not a
 * sapperd journal of this format is refused whole.  A damaged or refused
 * file is kept aside as games.journal.bad (one, the last); the journal is
 * written again at once from the games restored, and one log line says
 * what was found.
 *
 * A game is made again as its client made it: its NEW (or ANALYZE) and
 * each of its steps as request lines through a session of its own, so that
 * the same code lays the same mines at the same first click (a no-guess
 * board's generator is deterministic per seed and click) and opens the
 * same cells; any ERR on the way loses that game.  Each game's memory
 * counts against --max-memory and its owner's address, as a kept game's.
 * Its keep time (--keep-games) counts from the restart.
 */
#define _GNU_SOURCE /* O_CLOEXEC */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sapperd.h"

/* A journal larger than this is read only this far (the rest is logged as
 * dropped): the live games are at most --state-max-bytes, and the file
 * at most about twice that before it is rewritten. */
#define READ_SLACK ((size_t)16 << 20)

/* ---- reading the file ----------------------------------------------------------------- */

/* A game read back, by id: ids only grow in a journal, so the games are
 * found by binary search in the order their 'G' frames came. */
struct found {
    uint32_t id;
    struct journal_game *game; /* NULL once dropped */
    uint32_t rows, cols;
    uint8_t kind;
};

struct reading {
    struct journal *journal;
    const uint8_t *base;
    size_t length, at;
    const char *damage; /* why the reading stopped early, or NULL */
    size_t damage_at;
    bool refused, same_limits, other_limits;
    uint32_t unreadable; /* whole frames that made no sense: their games lost */
    struct found *found;
    size_t found_count, found_capacity;
};

static struct found *find(struct reading *r, uint32_t id)
{
    size_t lo = 0, hi = r->found_count;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->found[mid].id == id)
            return r->found[mid].game != NULL ? &r->found[mid] : NULL;
        if (r->found[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static void lose(struct reading *r, struct found *f)
{
    journal_discard(r->journal, f->game);
    f->game = NULL;
}

/* A 'G' frame: a game from its start, or whole. */
static void read_game(struct reading *r, struct record_reader *body)
{
    struct record_game parsed;
    struct journal_game *g;
    struct found *f;
    uint32_t id;
    size_t length;

    if (!record_get_varint(body, &id)
        || (r->found_count > 0 && id <= r->found[r->found_count - 1].id)) {
        r->unreadable++;
        return;
    }
    length = (size_t)(body->end - body->at);
    if (record_read(body->at, length, &parsed) != NULL) {
        r->unreadable++;
        return;
    }
    if (r->found_count == r->found_capacity) {
        size_t capacity = r->found_capacity == 0 ? 64 : 2 * r->found_capacity;
        f = realloc(r->found, capacity * sizeof *f);
        if (f == NULL) {
            r->unreadable++;
            return;
        }
        r->found = f;
        r->found_capacity = capacity;
    }
    g = calloc(1, sizeof *g);
    if (g == NULL || !record_bytes_reserve(&g->record, length)) {
        free(g);
        r->unreadable++;
        return;
    }
    memcpy(g->record.data, body->at, length);
    g->record.length = length;
    g->id = id;
    journal_adopt(r->journal, g);
    f = &r->found[r->found_count++];
    f->id = id;
    f->game = g;
    f->rows = parsed.rows;
    f->cols = parsed.cols;
    f->kind = parsed.kind;
}

/* An 'S' frame: one more step of a game read before. */
static void read_step(struct reading *r, struct record_reader *body)
{
    struct record_game shape;
    struct record_step step;
    struct found *f;
    uint32_t id;
    size_t length;

    if (!record_get_varint(body, &id) || (f = find(r, id)) == NULL)
        return; /* a game already over, or one lost before */
    memset(&shape, 0, sizeof shape);
    shape.rows = f->rows;
    shape.cols = f->cols;
    shape.kind = f->kind;
    length = (size_t)(body->end - body->at);
    {
        struct record_reader one = *body;
        if (record_read_step(&one, &shape, &step) != NULL || one.at != one.end) {
            r->unreadable++;
            lose(r, f); /* its later steps would not replay it */
            return;
        }
    }
    if (!journal_adopt_step(r->journal, f->game, body->at, length)) {
        r->unreadable++;
        lose(r, f);
    }
}

static void read_frame(struct reading *r, uint8_t type, const uint8_t *body, size_t length)
{
    struct record_reader b = { body, body + length };
    struct found *f;
    uint32_t id;
    uint8_t head[SAPPERD_TOKEN_CHARS + 9];

    switch (type) {
    case JOURNAL_GAME:
        read_game(r, &b);
        return;
    case JOURNAL_STEP:
        read_step(r, &b);
        return;
    case JOURNAL_DROP:
        if (record_get_varint(&b, &id) && (f = find(r, id)) != NULL)
            lose(r, f);
        return;
    case JOURNAL_LAID:
        if (!record_get_varint(&b, &id)) {
            r->unreadable++;
            return;
        }
        if ((f = find(r, id)) != NULL)
            lose(r, f);
        read_game(r, &b);
        return;
    case JOURNAL_TOKEN:
        if (!record_get_varint(&b, &id) || !record_get_bytes(&b, head, sizeof head)
            || b.at != b.end) {
            r->unreadable++;
            return;
        }
        if ((f = find(r, id)) != NULL && !journal_adopt_token(r->journal, f->game, head)) {
            r->unreadable++;
            lose(r, f);
        }
        return;
    default:
        r->unreadable++;
        return;
    }
}

/* Reads every frame up to the end or the first damage. */
static void read_frames(struct reading *r)
{
    bool first = true;

    while (r->at < r->length) {
        struct record_reader h = { r->base + r->at + 1, r->base + r->length };
        uint32_t length, crc;
        const uint8_t *body, *end;
        uint8_t type = r->base[r->at];

        if (!record_get_varint(&h, &length)) {
            r->damage = h.at == h.end ? "a torn last record" : "a bad record length";
            break;
        }
        if ((size_t)(h.end - h.at) < (size_t)length + 4u) {
            r->damage = "a torn last record";
            break;
        }
        body = h.at;
        end = body + length;
        crc = (uint32_t)end[0] | (uint32_t)end[1] << 8 | (uint32_t)end[2] << 16
              | (uint32_t)end[3] << 24;
        if (record_crc32(0, r->base + r->at, (size_t)(end - (r->base + r->at))) != crc) {
            r->damage = "a bad checksum";
            break;
        }
        if (first) {
            if (type != JOURNAL_HEAD || !record_head_matches(body, length, &r->same_limits)) {
                r->refused = true;
                return;
            }
            r->other_limits = !r->same_limits;
            first = false;
        } else {
            read_frame(r, type, body, length);
        }
        r->at = (size_t)(end + 4 - r->base);
    }
    if (first && r->length > 0 && r->damage != NULL) {
        r->refused = true; /* not even a head */
        return;
    }
    r->damage_at = r->at;
}

/* ---- playing a game again -------------------------------------------------------------- */

struct replay {
    struct server *server;
    struct sap_session *session;
    struct sapperd_account account;
    char *line; /* a request line, or a board row and its line end */
    size_t line_capacity;
    char out[4096];
    bool line_start;  /* the next reply byte starts a line */
    uint8_t err_seen; /* bytes of "ERR" matched at the start of this line */
    bool failed;
};

/* Reads the replies out; a line that starts with ERR fails the replay. */
static void replay_drain(struct replay *r)
{
    size_t n, i;

    while ((n = sap_session_poll(r->session, r->out, sizeof r->out)) > 0
           || sap_session_busy(r->session)) {
        for (i = 0; i < n; i++) {
            char ch = r->out[i];
            if (r->line_start || (r->err_seen > 0 && r->err_seen < 3)) {
                r->err_seen = ch == "ERR"[r->err_seen] ? (uint8_t)(r->err_seen + 1) : 0;
                if (r->err_seen == 3)
                    r->failed = true;
            }
            r->line_start = ch == '\n';
            if (r->line_start)
                r->err_seen = 0;
        }
    }
}

static void replay_send(struct replay *r, const char *text, size_t n)
{
    unsigned stalled = 0;

    while (n > 0 && !r->failed && stalled < 2) {
        size_t took = sap_session_sink(r->session, text, n);
        text += took;
        n -= took;
        stalled = took == 0 ? stalled + 1 : 0;
        replay_drain(r);
    }
    if (n > 0)
        r->failed = true;
}

static void replay_line(struct replay *r, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void replay_line(struct replay *r, const char *format, ...)
{
    va_list args;
    int n;

    va_start(args, format);
    n = vsnprintf(r->line, r->line_capacity, format, args);
    va_end(args);
    if (n < 0 || (size_t)n >= r->line_capacity) {
        r->failed = true;
        return;
    }
    replay_send(r, r->line, (size_t)n);
}

/* The board's rows: its mines (_ and *), or the cells a position shows. */
static void replay_rows(struct replay *r, const struct record_game *g)
{
    uint32_t row, col;

    for (row = 0; row < g->rows && !r->failed; row++) {
        for (col = 0; col < g->cols; col++)
            r->line[col] = g->kind == RECORD_LAYOUT ? (record_mine(g, row, col) ? '*' : '_')
                                                    : record_seen(g, row, col);
        r->line[g->cols] = '\n';
        replay_send(r, r->line, (size_t)g->cols + 1u);
    }
}

static const char *const level_words[] = { "", " CASUAL", " NOGUESS" };

/* Plays the game of record g again: SAP_OK and the game in *kept, 1 when
 * it ended on the way (a last move that won), or -1. */
static int replay_game(struct replay *r, const struct record_game *g,
                       struct sap_kept_game *kept)
{
    struct record_reader steps = { g->steps, g->steps + g->steps_length };
    int result;

    if ((size_t)g->cols + 2u > r->line_capacity)
        return -1;
    memory_account_init(&r->account, &r->server->memory,
                        g->owner.family != 0 ? &g->owner : NULL);
    if (sap_session_init(r->session, &r->account.table) != SAP_OK)
        return -1;
    sap_session_set_budget(r->session, SAP_BUDGET_UNLIMITED);
    sap_session_set_allowance(r->session, 0);
    r->line_start = true;
    r->err_seen = 0;
    r->failed = false;
    switch (g->kind) {
    case RECORD_RANDOM:
        replay_line(r, "NEW %lu %lu %lu %lu%s\n", (unsigned long)g->rows,
                    (unsigned long)g->cols, (unsigned long)g->mines, (unsigned long)g->seed,
                    level_words[g->level]);
        break;
    case RECORD_LAYOUT:
        replay_line(r, "NEW %lu %lu\n", (unsigned long)g->rows, (unsigned long)g->cols);
        replay_rows(r, g);
        break;
    default:
        replay_line(r, "ANALYZE %lu %lu %lu\n", (unsigned long)g->rows, (unsigned long)g->cols,
                    (unsigned long)g->mines);
        replay_rows(r, g);
        break;
    }
    while (steps.at < steps.end && !r->failed) {
        struct record_step step;
        if (record_read_step(&steps, g, &step) != NULL) {
            r->failed = true;
        } else if (step.op == STEP_CELL) {
            replay_line(r, "CELL %lu %lu %c\n", (unsigned long)step.x, (unsigned long)step.y,
                        step.seen);
        } else if (step.op == STEP_MINES) {
            replay_line(r, "MINES %lu\n", (unsigned long)step.x);
        } else {
            replay_line(r, "%u %lu %lu\n", (unsigned)step.op, (unsigned long)step.x,
                        (unsigned long)step.y);
        }
    }
    sap_session_finish(r->session);
    replay_drain(r);
    result = r->failed ? -1 : sap_session_take_game(r->session, kept) == SAP_OK ? SAP_OK : 1;
    sap_session_release(r->session);
    return result;
}

/* ---- the start -------------------------------------------------------------------------- */

struct restored {
    uint32_t games, ended, failed, unkept;
};

/* Every game read back, played again and kept; those that cannot be are
 * lost (and counted). */
static void replay_all(struct server *s, struct restored *counts)
{
    struct journal *j = &s->journal;
    struct journal_game *g, *next;
    struct replay r;

    memset(&r, 0, sizeof r);
    r.server = s;
    r.session = malloc(sizeof *r.session);
    r.line_capacity = (size_t)SAP_LINE_MAX + 2u > (size_t)SAP_MAX_COLS + 2u
                          ? (size_t)SAP_LINE_MAX + 2u
                          : (size_t)SAP_MAX_COLS + 2u;
    r.line = malloc(r.line_capacity);
    for (g = j->head; g != NULL; g = next) {
        struct record_game parsed;
        struct sap_kept_game kept = { NULL, NULL };
        int result = -1;

        next = g->next;
        if (r.session != NULL && r.line != NULL
            && record_read(g->record.data, g->record.length, &parsed) == NULL) {
            if (s->options->keep_games == 0) {
                counts->unkept++;
                journal_discard(j, g);
                continue;
            }
            result = replay_game(&r, &parsed, &kept);
        }
        if (result == SAP_OK && kept_restore(s, g, parsed.token, &parsed.owner, &kept)) {
            counts->games++;
            continue;
        }
        sap_kept_game_release(&kept, &s->own_account.table);
        if (result == 1)
            counts->ended++;
        else
            counts->failed++;
        journal_discard(j, g);
    }
    free(r.line);
    free(r.session);
}

/* The file as it was, kept aside for a person to look at; its name then
 * holds the journal written again. */
static void keep_aside(struct journal *j)
{
    (void)unlinkat(j->dir_fd, JOURNAL_BAD, 0);
    (void)linkat(j->dir_fd, JOURNAL_FILE, j->dir_fd, JOURNAL_BAD, 0);
}

/* What the start found, in one line. */
static void say_restored(struct server *s, const struct reading *r, const struct restored *c,
                         uint64_t elapsed_ms, size_t file_bytes)
{
    char found[256] = "", lost[192] = "";
    const char *limits = r->other_limits ? "; written by a build with other limits" : "";
    unsigned long gone = (unsigned long)c->failed + r->unreadable + c->unkept;
    const char *dir = s->options->state_dir;

    if (r->refused)
        snprintf(found, sizeof found, "; refused (not a journal of this format), kept as %s",
                 JOURNAL_BAD);
    else if (r->damage != NULL)
        snprintf(found, sizeof found,
                 "; damaged at byte %zu of %zu (%s): the rest dropped, the file kept as %s",
                 r->damage_at, file_bytes, r->damage, JOURNAL_BAD);
    if (gone > 0)
        snprintf(lost, sizeof lost, "; %lu game%s not restored (%s)", gone,
                 gone == 1 ? "" : "s",
                 c->unkept > 0 ? "--keep-games 0"
                               : "records that do not replay here: past this build's limits, "
                                 "an ERR, no memory");
    log_line("state: %s/%s: %lu game%s restored in %.3f s%s%s%s", dir, JOURNAL_FILE,
             (unsigned long)c->games, c->games == 1 ? "" : "s", (double)elapsed_ms / 1000.0,
             found, limits, lost);
}

int restore_run(struct server *s)
{
    struct journal *j = &s->journal;
    struct reading r;
    struct restored counts;
    struct stat st;
    uint64_t started = uv_hrtime();
    void *map = NULL;
    size_t file_bytes = 0, cap;
    int fd, err;

    memset(&r, 0, sizeof r);
    memset(&counts, 0, sizeof counts);
    r.journal = j;
    if (disk_open(j, s) != 0)
        return -1;
    (void)unlinkat(j->dir_fd, JOURNAL_TEMP, 0); /* a rewrite the last process left half done */
    fd = openat(j->dir_fd, JOURNAL_FILE, O_RDONLY | O_CLOEXEC);
    if (fd < 0 && errno != ENOENT) {
        log_line("state: cannot read %s/%s: %s", s->options->state_dir, JOURNAL_FILE,
                 strerror(errno));
        j->closed = true; /* the stop must not write over what it could not read */
        return -1;
    }
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0) {
        file_bytes = (size_t)st.st_size;
        cap = s->options->state_max_bytes > (SIZE_MAX - READ_SLACK) / 4u
                  ? SIZE_MAX
                  : 4u * s->options->state_max_bytes + READ_SLACK;
        r.length = file_bytes < cap ? file_bytes : cap;
        map = mmap(NULL, r.length, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            log_line("state: cannot read %s/%s: %s", s->options->state_dir, JOURNAL_FILE,
                     strerror(errno));
            (void)close(fd);
            j->closed = true;
            return -1;
        }
        r.base = map;
        read_frames(&r);
        if (r.damage == NULL && !r.refused && r.length < file_bytes) {
            r.damage = "longer than 4 x --state-max-bytes";
            r.damage_at = r.length;
        }
        (void)munmap(map, r.length);
    }
    if (fd >= 0)
        (void)close(fd);
    free(r.found);
    if (r.refused)
        journal_trim(j, 0);
    journal_trim(j, s->options->max_clients);
    replay_all(s, &counts);
    if (r.refused || r.damage != NULL)
        keep_aside(j);
    err = disk_rewrite_now(j);
    say_restored(s, &r, &counts, (uv_hrtime() - started) / 1000000u, file_bytes);
    if (err != 0)
        log_line("state: cannot write %s/%s: %s", s->options->state_dir, JOURNAL_FILE,
                 strerror(err));
    return err == 0 ? 0 : -1;
}
