/*
 * journal.c - the games kept on disk (--state-dir): one append-only file
 * of checksummed records, written before the replies they back, and
 * rewritten whole when it has grown to twice what is live.
 *
 * Every game in play on a TCP session or kept for RESUME has a record in
 * memory (record.c: its start and its steps) and in DIR/games.journal.
 * The session's record hook (sap_session_set_record) tells of each change
 * as it is made; the change goes into the game's record and, framed, into
 * `pending`.  Before a connection writes a reply (conn.c's flush), the
 * pending frames are written with one write(2): so a reply that left the
 * process always follows its move's record in the file, and a crash of
 * the process (kill -9) loses no move whose reply was sent.  What a crash
 * of the machine may lose is --fsync's: `always` calls fdatasync(2) after
 * each write, before the reply (the loop waits for the disk); `everysec`,
 * once a second in libuv's thread pool (the loop goes on); `no`, never:
 * the kernel writes when it will.
 *
 * A frame is a type byte, the body's length (a varint), the body, and the
 * CRC-32 of all that, little-endian:
 *
 *   'H'  the file's head: magic, format version, this build's limits
 *   'G'  id, a game's record (a new game, or a whole one in a rewrite)
 *   'S'  id, one step of that game
 *   'D'  id: the game is over, given back or expired
 *   'T'  id, token, owner: RESUME gave the game to another session
 *   'L'  old id, new id, a record: a no-guess or casual board's mines
 *        are laid, and its record starts again from its layout
 *
 * The file only grows while sapperd runs: every step, and every game that
 * ends, adds to it.  When it passes twice the bytes of the live games (and
 * JOURNAL_REWRITE_MIN), it is rewritten as Redis rewrites its AOF: the
 * live games' records, one 'G' frame each, are copied on the loop into an
 * image; a thread of libuv's pool writes it to games.journal.new and
 * fsyncs it; meanwhile frames still go to the old file and are also kept
 * in `since`; back on the loop, `since` is appended to the new file, the
 * new file is renamed over the old one (atomic: a crash at any point
 * leaves one whole journal or the other), and the directory is fsynced.
 * The file then holds what is live, plus what has changed since.
 *
 * --state-max-bytes bounds the live records (as framed), which are also
 * what the journal holds in memory: past it, the largest record gives way
 * (its game plays on, but would not outlive a restart), and the log says
 * so once a second at most.  A write that fails (a full disk) is logged;
 * the file is then only rewritten, from memory, once a second until that
 * works, and the replies meanwhile do not wait for a disk that refuses.
 */
#define _GNU_SOURCE /* fdatasync, flock, O_CLOEXEC, O_DIRECTORY */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sapperd.h"

static const char magic[] = "sapperd games\n";

/* ---- frames ----------------------------------------------------------------------- */

static size_t varint_length(uint64_t value)
{
    size_t n = 1;
    while (value >= 0x80u) {
        value >>= 7;
        n++;
    }
    return n;
}

/* The bytes a game's 'G' frame takes: what the live games count. */
static uint64_t game_frame_bytes(const struct journal_game *g)
{
    size_t body = varint_length(g->id) + g->record.length;
    return 1u + varint_length(body) + body + 4u;
}

/* Appends a frame: type, length, then the body's parts (an id first
 * unless `no_id`), then the CRC.  False when out of memory. */
static bool frame_put(struct record_bytes *out, uint8_t type, bool no_id, uint32_t id,
                      const void *a, size_t na, const void *b, size_t nb)
{
    size_t body = (no_id ? 0 : varint_length(id)) + na + nb, start = out->length;
    uint32_t crc;
    uint8_t le[4];

    if (body > UINT32_MAX || !record_bytes_reserve(out, 1 + RECORD_VARINT_MAX + body + 4))
        return false;
    out->data[out->length++] = type;
    record_put_varint(out, (uint32_t)body);
    if (!no_id)
        record_put_varint(out, id);
    if (na > 0)
        memcpy(out->data + out->length, a, na);
    out->length += na;
    if (nb > 0)
        memcpy(out->data + out->length, b, nb);
    out->length += nb;
    crc = record_crc32(0, out->data + start, out->length - start);
    le[0] = (uint8_t)crc;
    le[1] = (uint8_t)(crc >> 8);
    le[2] = (uint8_t)(crc >> 16);
    le[3] = (uint8_t)(crc >> 24);
    memcpy(out->data + out->length, le, 4);
    out->length += 4;
    return true;
}

/* The head frame: magic, format version, and this build's limits, so that
 * a file from a build with others is told apart (restore.c). */
static bool head_put(struct record_bytes *out)
{
    struct record_bytes body = { NULL, 0, 0 };
    bool done;

    if (!record_bytes_reserve(&body, sizeof magic - 1 + 5 * RECORD_VARINT_MAX)) {
        record_bytes_free(&body);
        return false;
    }
    memcpy(body.data, magic, sizeof magic - 1);
    body.length = sizeof magic - 1;
    record_put_varint(&body, JOURNAL_FORMAT);
    record_put_varint(&body, SAP_LIMITS_TAG);
    record_put_varint(&body, SAP_MAX_ROWS);
    record_put_varint(&body, SAP_MAX_COLS);
    record_put_varint(&body, SAP_MAX_CELLS);
    done = frame_put(out, JOURNAL_HEAD, true, 0, body.data, body.length, NULL, 0);
    record_bytes_free(&body);
    return done;
}

bool journal_head_matches(const uint8_t *body, size_t length, bool *same_limits)
{
    struct record_reader r = { body, body + length };
    uint8_t m[sizeof magic - 1];
    uint32_t format, tag, rows, cols, cells;

    if (!record_get_bytes(&r, m, sizeof m) || memcmp(m, magic, sizeof m) != 0
        || !record_get_varint(&r, &format) || format != JOURNAL_FORMAT)
        return false;
    *same_limits = record_get_varint(&r, &tag) && record_get_varint(&r, &rows)
                   && record_get_varint(&r, &cols) && record_get_varint(&r, &cells)
                   && tag == (uint32_t)SAP_LIMITS_TAG && rows == SAP_MAX_ROWS
                   && cols == SAP_MAX_COLS && cells == SAP_MAX_CELLS;
    return true;
}

/* ---- the log ---------------------------------------------------------------------- */

static void write_given_up(struct server *s, unsigned long long n)
{
    log_line("state: %llu game record%s given up past --state-max-bytes %zu: %s played on "
             "but would not outlive a restart",
             n, n == 1 ? "" : "s", s->options->state_max_bytes,
             n == 1 ? "its game" : "their games");
}

/* A write or sync that failed: logged once until the file works again. */
static void journal_failed(struct journal *j, const char *what, int err)
{
    if (!j->broken)
        log_line("state: %s %s/%s: %s; the games are kept in memory and the file is written "
                 "again once it works",
                 what, j->server->options->state_dir, JOURNAL_FILE, strerror(err));
    j->broken = true;
    j->broken_at = uv_now(j->server->loop);
}

/* ---- the live games --------------------------------------------------------------- */

static void unlink_game(struct journal *j, struct journal_game *g)
{
    if (g->prev != NULL)
        g->prev->next = g->next;
    else
        j->head = g->next;
    if (g->next != NULL)
        g->next->prev = g->prev;
    else
        j->tail = g->prev;
    j->games--;
    j->live -= game_frame_bytes(g);
}

static void link_game(struct journal *j, struct journal_game *g)
{
    g->next = NULL;
    g->prev = j->tail;
    if (j->tail != NULL)
        j->tail->next = g;
    else
        j->head = g;
    j->tail = g;
    j->games++;
    j->live += game_frame_bytes(g);
}

static void free_game(struct journal *j, struct journal_game *g)
{
    unlink_game(j, g);
    if (g->holder != NULL)
        *g->holder = NULL;
    record_bytes_free(&g->record);
    free(g);
}

/* A frame into pending; a journal out of memory for it forgets the game
 * rather than write a file that would replay it wrong. */
static bool pend(struct journal *j, uint8_t type, uint32_t id, const void *a, size_t na,
                 const void *b, size_t nb)
{
    return frame_put(&j->pending, type, false, id, a, na, b, nb);
}

static void drop_game(struct journal *j, struct journal_game *g)
{
    (void)pend(j, JOURNAL_DROP, g->id, NULL, 0, NULL, 0);
    free_game(j, g);
}

/* Room under --state-max-bytes for `more` bytes: the largest records give
 * way (maybe `keep` itself, then false). */
static bool make_room(struct journal *j, uint64_t more, const struct journal_game *keep)
{
    while (j->live + more > j->server->options->state_max_bytes) {
        struct journal_game *g, *largest = NULL;
        bool is_keep;
        for (g = j->head; g != NULL; g = g->next)
            if (largest == NULL || g->record.length > largest->record.length)
                largest = g;
        if (largest == NULL)
            return false; /* one record alone is past it */
        is_keep = largest == keep;
        drop_game(j, largest);
        j->given_up.unlogged++;
        if (is_keep)
            return false;
    }
    return true;
}

bool journal_on(const struct journal *j)
{
    return j->dir_fd >= 0 && !j->closed;
}

void journal_begin(struct journal *j, struct journal_game **holder, const char *token,
                   const struct peer_key *owner, const sap_game *game,
                   const struct sap_record *event)
{
    struct journal_game *g;

    journal_drop(j, holder);
    if (!journal_on(j) || game == NULL)
        return;
    g = calloc(1, sizeof *g);
    if (g == NULL)
        return;
    if (!record_start(&g->record, token, owner, game, event)) {
        record_bytes_free(&g->record);
        free(g);
        return;
    }
    g->id = j->next_id++;
    if (!make_room(j, game_frame_bytes(g), NULL)) {
        j->given_up.unlogged++;
        record_bytes_free(&g->record);
        free(g);
        return;
    }
    link_game(j, g);
    g->holder = holder;
    g->relay = !sap_game_mines_laid(game) && event->op != SAP_LEVEL_RANDOM;
    *holder = g;
    if (!pend(j, JOURNAL_GAME, g->id, g->record.data, g->record.length, NULL, 0)) {
        free_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

/* A no-guess or casual board's mines are laid (its first click): its
 * record starts again from the layout, under a new id, so that a restart
 * lays it from the record, not by running the generator again. */
static void journal_relay(struct journal *j, struct journal_game **holder, const sap_game *game)
{
    struct journal_game *g = *holder;
    uint32_t old_id = g->id;
    struct record_bytes id = { NULL, 0, 0 };
    bool done;

    g->relay = false;
    if (!record_bytes_reserve(&id, RECORD_VARINT_MAX)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
        return;
    }
    /* Last in the list, as its new id is the highest: a rewrite writes the
     * games in order, and the ids of a journal only grow (restore.c). */
    unlink_game(j, g);
    done = record_relay(&g->record, game);
    g->id = done ? j->next_id++ : old_id;
    link_game(j, g);
    if (done && j->live > j->server->options->state_max_bytes && !make_room(j, 0, g)) {
        /* It gave way itself: what the file holds of it is its old id. */
        (void)pend(j, JOURNAL_DROP, old_id, NULL, 0, NULL, 0);
        record_bytes_free(&id);
        *holder = NULL; /* as free_game does through g->holder */
        return;
    }
    /* One frame, so that no crash leaves the old record gone and the new
     * one not there. */
    if (done) {
        record_put_varint(&id, g->id);
        done = pend(j, JOURNAL_LAID, old_id, id.data, id.length, g->record.data,
                    g->record.length);
    }
    record_bytes_free(&id);
    if (!done) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

void journal_step(struct journal *j, struct journal_game **holder,
                  const struct sap_record *event)
{
    struct journal_game *g = *holder;
    size_t before;
    uint64_t old_bytes;

    if (g == NULL || !journal_on(j))
        return;
    before = g->record.length;
    old_bytes = game_frame_bytes(g);
    if (!record_put_step(&g->record, event)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
        return;
    }
    j->live += game_frame_bytes(g) - old_bytes;
    if (j->live > j->server->options->state_max_bytes && !make_room(j, 0, g)) {
        *holder = NULL; /* it gave way itself */
        return;
    }
    if (!pend(j, JOURNAL_STEP, g->id, g->record.data + before, g->record.length - before, NULL,
              0)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

void journal_drop(struct journal *j, struct journal_game **holder)
{
    if (*holder == NULL)
        return;
    if (!journal_on(j)) {
        journal_forget(holder);
        return;
    }
    drop_game(j, *holder);
}

void journal_forget(struct journal_game **holder)
{
    if (*holder == NULL)
        return;
    (*holder)->holder = NULL;
    *holder = NULL;
}

void journal_hand_over(struct journal_game **from, struct journal_game **to)
{
    *to = *from;
    *from = NULL;
    if (*to != NULL)
        (*to)->holder = to;
}

void journal_retoken(struct journal *j, struct journal_game **holder, const char *token,
                     const struct peer_key *owner)
{
    struct journal_game *g = *holder;
    uint8_t head[SAPPERD_TOKEN_CHARS + 9];

    if (g == NULL || !journal_on(j))
        return;
    memcpy(head, token, SAPPERD_TOKEN_CHARS);
    head[SAPPERD_TOKEN_CHARS] = owner->family;
    memcpy(head + SAPPERD_TOKEN_CHARS + 1, owner->bytes, 8);
    memcpy(g->record.data, head, sizeof head); /* the record starts with them */
    if (!pend(j, JOURNAL_TOKEN, g->id, head, sizeof head, NULL, 0)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

/* ---- games read back (restore.c) ------------------------------------------------------ */

void journal_adopt(struct journal *j, struct journal_game *g)
{
    link_game(j, g);
    if (g->id >= j->next_id)
        j->next_id = g->id + 1u;
}

bool journal_adopt_step(struct journal *j, struct journal_game *g, const uint8_t *step,
                        size_t length)
{
    uint64_t old_bytes = game_frame_bytes(g);

    if (!record_bytes_reserve(&g->record, length))
        return false;
    memcpy(g->record.data + g->record.length, step, length);
    g->record.length += length;
    j->live += game_frame_bytes(g) - old_bytes;
    return true;
}

bool journal_adopt_token(struct journal *j, struct journal_game *g, const uint8_t *head)
{
    struct record_game parsed;
    uint8_t old[SAPPERD_TOKEN_CHARS + 9];

    (void)j;
    memcpy(old, g->record.data, sizeof old);
    memcpy(g->record.data, head, sizeof old);
    if (record_read(g->record.data, g->record.length, &parsed) == NULL)
        return true;
    memcpy(g->record.data, old, sizeof old);
    return false;
}

void journal_discard(struct journal *j, struct journal_game *g)
{
    free_game(j, g);
}

/* A game and its record's length, to sort the games by. */
struct by_length {
    size_t length;
    struct journal_game *game;
};

static int larger_first(const void *a, const void *b)
{
    size_t x = ((const struct by_length *)a)->length, y = ((const struct by_length *)b)->length;
    return x < y ? 1 : x > y ? -1 : 0;
}

void journal_trim(struct journal *j, size_t most_games)
{
    struct journal_game *g, *next;
    struct by_length *all;
    size_t n = j->games, i = 0, first;

    j->pending.length = 0; /* the file is written again whole */
    if (n == 0)
        return;
    all = malloc(n * sizeof(struct by_length));
    if (all == NULL) { /* no room to sort: the oldest go */
        for (g = j->head; g != NULL; g = next) {
            next = g->next;
            if (j->games > most_games || j->live > j->server->options->state_max_bytes)
                free_game(j, g);
        }
        return;
    }
    for (g = j->head; g != NULL && i < n; g = g->next) {
        all[i].length = g->record.length;
        all[i++].game = g;
    }
    /* The oldest go first past the kept games' limit, as kept_add would
     * make them go once played again: they are not played at all. */
    for (first = 0; first < i && i - first > most_games; first++)
        free_game(j, all[first].game);
    /* Then the largest give way, as make_room's, but sorted once: a file
     * may hold more records than a running daemon ever does. */
    if (j->live > j->server->options->state_max_bytes) {
        qsort(all + first, i - first, sizeof(struct by_length), larger_first);
        for (; first < i && j->live > j->server->options->state_max_bytes; first++) {
            free_game(j, all[first].game);
            j->given_up.unlogged++;
        }
    }
    free(all);
}

/* ---- the record hook ----------------------------------------------------------------- */

void journal_hook(void *context, const struct sap_record *event)
{
    struct conn *c = context;
    struct journal *j = &c->server->journal;
    const sap_game *game = sap_session_game(&c->session);

    switch (event->kind) {
    case SAP_RECORD_GAME:
        journal_begin(j, &c->record, c->token, &c->peer, game, event);
        break;
    case SAP_RECORD_MOVE:
    case SAP_RECORD_CELL:
    case SAP_RECORD_MINES:
        /* A game over is no longer kept: nothing will resume it. */
        if (game == NULL || sap_game_state(game) != SAP_RUNNING) {
            journal_drop(j, &c->record);
            break;
        }
        if (c->record != NULL && c->record->relay && sap_game_mines_laid(game))
            journal_relay(j, &c->record, game);
        journal_step(j, &c->record, event);
        break;
    default: /* SAP_RECORD_END */
        journal_drop(j, &c->record);
        break;
    }
}

/* ---- writing ----------------------------------------------------------------------- */

/* Writes all of bytes[0..n) to fd; 0 or an errno. */
static int write_all(int fd, const uint8_t *bytes, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, bytes, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : EIO;
        bytes += w;
        n -= (size_t)w;
    }
    return 0;
}

static void rewrite_start(struct journal *j);

void journal_flush(struct journal *j)
{
    int err;

    if (j->pending.length == 0)
        return;
    if (j->rewriting && !record_bytes_reserve(&j->since, j->pending.length)) {
        j->pending.length = 0;
        journal_failed(j, "no memory to rewrite", ENOMEM);
        return;
    }
    if (j->rewriting) {
        memcpy(j->since.data + j->since.length, j->pending.data, j->pending.length);
        j->since.length += j->pending.length;
    }
    if (j->fd >= 0 && !j->broken) {
        err = write_all(j->fd, j->pending.data, j->pending.length);
        if (err == 0 && j->server->options->fsync == SAPPERD_FSYNC_ALWAYS
            && fdatasync(j->fd) != 0)
            err = errno;
        if (err != 0) {
            journal_failed(j, "cannot write", err);
        } else {
            j->file_bytes += j->pending.length;
            j->unsynced = j->server->options->fsync == SAPPERD_FSYNC_EVERYSEC;
        }
    }
    j->pending.length = 0;
    if (!j->rewriting && !j->broken && j->file_bytes > j->rewrite_min
        && j->file_bytes > 2u * j->live)
        rewrite_start(j);
}

/* ---- fsync once a second, in the thread pool --------------------------------------- */

static void on_synced(uv_fs_t *req)
{
    struct journal *j = req->data;

    if (req->result < 0 && !j->broken)
        journal_failed(j, "cannot sync", (int)-req->result);
    uv_fs_req_cleanup(req);
    j->sync_in_flight = false;
    if (j->retired_fd >= 0) {
        (void)close(j->retired_fd);
        j->retired_fd = -1;
    }
}

void journal_tick(struct journal *j, uint64_t now)
{
    if (!journal_on(j))
        return;
    journal_flush(j); /* what no reply has carried out: games given back, expired */
    server_flush_tally(j->server, &j->given_up, write_given_up);
    if (j->broken && !j->rewriting && now - j->broken_at >= JOURNAL_RETRY_MS) {
        j->broken_at = now;
        rewrite_start(j);
    }
    if (j->unsynced && !j->sync_in_flight && j->fd >= 0 && now - j->synced_at >= 1000u) {
        j->sync_req.data = j;
        if (uv_fs_fdatasync(j->server->loop, &j->sync_req, j->fd, on_synced) == 0) {
            j->sync_in_flight = true;
            j->unsynced = false;
            j->synced_at = now;
        }
    }
}

/* ---- the rewrite ------------------------------------------------------------------- */

/* The live games as a whole file: the head and a 'G' frame each. */
static bool image_build(struct journal *j, struct record_bytes *image)
{
    struct journal_game *g;

    image->length = 0;
    if (!head_put(image))
        return false;
    for (g = j->head; g != NULL; g = g->next)
        if (!frame_put(image, JOURNAL_GAME, false, g->id, g->record.data, g->record.length,
                       NULL, 0))
            return false;
    return true;
}

/* Writes image to the temporary file and syncs it; the open descriptor,
 * or -errno. */
static int temp_write(int dir_fd, const struct record_bytes *image)
{
    int fd = openat(dir_fd, JOURNAL_TEMP, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int err;

    if (fd < 0)
        return -errno;
    err = write_all(fd, image->data, image->length);
    if (err == 0 && fdatasync(fd) != 0)
        err = errno;
    if (err != 0) {
        (void)close(fd);
        (void)unlinkat(dir_fd, JOURNAL_TEMP, 0);
        return -err;
    }
    return fd;
}

/* The new file (fd, holding the image) takes the old one's name, with
 * `since` after the image; 0 or an errno.  The old descriptor is closed
 * (or, while a sync runs on it, once it is done). */
static int temp_install(struct journal *j, int fd, size_t image_length)
{
    bool always = j->server->options->fsync == SAPPERD_FSYNC_ALWAYS;
    int err = write_all(fd, j->since.data, j->since.length);

    /* The image is synced; what came since waits for the next second's
     * sync, as it would have in the old file, unless --fsync always. */
    if (err == 0 && always && j->since.length > 0 && fdatasync(fd) != 0)
        err = errno;
    if (err == 0 && renameat(j->dir_fd, JOURNAL_TEMP, j->dir_fd, JOURNAL_FILE) != 0)
        err = errno;
    if (err != 0) {
        (void)close(fd);
        (void)unlinkat(j->dir_fd, JOURNAL_TEMP, 0);
        return err;
    }
    (void)fsync(j->dir_fd); /* the rename itself */
    if (j->fd >= 0) {
        if (j->sync_in_flight && j->retired_fd < 0)
            j->retired_fd = j->fd;
        else
            (void)close(j->fd);
    }
    j->fd = fd;
    j->file_bytes = image_length + j->since.length;
    j->unsynced = j->since.length > 0 && j->server->options->fsync == SAPPERD_FSYNC_EVERYSEC;
    if (j->broken)
        log_line("state: %s/%s written again", j->server->options->state_dir, JOURNAL_FILE);
    j->broken = false;
    return 0;
}

static void rewrite_work(uv_work_t *req)
{
    struct journal *j = req->data;
    j->rewrite_fd = temp_write(j->dir_fd, &j->image);
}

static void rewrite_done(uv_work_t *req, int status)
{
    struct journal *j = req->data;
    int err = status < 0 ? -status : j->rewrite_fd < 0 ? -j->rewrite_fd : 0;

    j->rewriting = false;
    if (err == 0)
        err = temp_install(j, j->rewrite_fd, j->image.length);
    if (err != 0)
        journal_failed(j, "cannot rewrite", err);
    /* The image is as large as what is live: not kept between rewrites. */
    record_bytes_free(&j->image);
    record_bytes_free(&j->since);
}

static void rewrite_start(struct journal *j)
{
    j->since.length = 0;
    if (!image_build(j, &j->image)) {
        record_bytes_free(&j->image);
        journal_failed(j, "no memory to rewrite", ENOMEM);
        return;
    }
    j->rewriting = true;
    j->rewrite_req.data = j;
    if (uv_queue_work(j->server->loop, &j->rewrite_req, rewrite_work, rewrite_done) != 0) {
        j->rewriting = false;
        record_bytes_free(&j->image);
        journal_failed(j, "cannot rewrite", EAGAIN);
    }
}

int journal_rewrite_now(struct journal *j)
{
    struct record_bytes image = { NULL, 0, 0 };
    int fd, err;

    j->pending.length = 0; /* the games in memory are the whole truth */
    j->since.length = 0;
    if (!image_build(j, &image)) {
        record_bytes_free(&image);
        return ENOMEM;
    }
    fd = temp_write(j->dir_fd, &image);
    err = fd < 0 ? -fd : temp_install(j, fd, image.length);
    record_bytes_free(&image);
    return err;
}

/* ---- opening and closing ------------------------------------------------------------- */

int journal_open(struct journal *j, struct server *s)
{
    const char *dir = s->options->state_dir;

    j->server = s;
    j->fd = j->retired_fd = -1;
    j->next_id = 1;
    j->rewrite_min = s->options->state_max_bytes / 4u < JOURNAL_REWRITE_MIN
                         ? s->options->state_max_bytes / 4u
                         : JOURNAL_REWRITE_MIN;
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        log_line("state: cannot make %s: %s", dir, strerror(errno));
        return -1;
    }
    j->dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (j->dir_fd < 0) {
        log_line("state: cannot open %s: %s", dir, strerror(errno));
        return -1;
    }
    /* Two daemons appending to one journal would each replay the other's
     * records wrong: the second one is refused. */
    if (flock(j->dir_fd, LOCK_EX | LOCK_NB) != 0) {
        log_line("state: %s is in use by another sapperd (%s)", dir, strerror(errno));
        (void)close(j->dir_fd);
        j->dir_fd = -1;
        return -1;
    }
    return 0;
}

void journal_close(struct journal *j)
{
    int err;

    if (j->dir_fd < 0)
        return;
    if (!j->closed) {
        /* Every game in play or kept, as one compact file for the next start. */
        err = journal_rewrite_now(j);
        if (err != 0)
            log_line("state: cannot write %s/%s at the stop: %s", j->server->options->state_dir,
                     JOURNAL_FILE, strerror(err));
        server_flush_tally(j->server, &j->given_up, write_given_up);
        j->closed = true;
    }
    journal_trim(j, 0);
    record_bytes_free(&j->pending);
    record_bytes_free(&j->since);
    record_bytes_free(&j->image);
    if (j->fd >= 0)
        (void)close(j->fd);
    if (j->retired_fd >= 0)
        (void)close(j->retired_fd);
    (void)close(j->dir_fd); /* and its lock */
    j->fd = j->retired_fd = j->dir_fd = -1;
}
