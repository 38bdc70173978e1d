/*
 * disk.c - the journal's file (--state-dir): written before the replies
 * it backs, synced as --fsync says, rewritten whole when it has grown to
 * twice what is live.
 *
 * Before a connection writes a reply (conn.c's flush), the frames journal.c
 * has pending are written to the end of DIR/games.journal with one
 * write(2): so a reply that left the process always follows its move's
 * record in the file, and a crash of the process (kill -9) loses no move
 * whose reply was sent.  What a crash of the machine may lose is --fsync's:
 * `always` calls fdatasync(2) after each write, before the reply (the loop
 * waits for the disk); `everysec`, once a second in libuv's thread pool
 * (the loop goes on); `no`, never: the kernel writes when it will.
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
 * A write that fails (a full disk) is logged; the file is then only
 * rewritten, from memory, once a second until that works, and the replies
 * meanwhile do not wait for a disk that refuses.
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

/* ---- the log ---------------------------------------------------------------------- */

static void write_given_up(struct server *s, unsigned long long n)
{
    log_line("state: %llu game record%s given up past --state-max-bytes %zu: %s played on "
             "but would not outlive a restart",
             n, n == 1 ? "" : "s", s->options->state_max_bytes,
             n == 1 ? "its game" : "their games");
}

/* A write or sync that failed: logged once until the file works again. */
static void disk_failed(struct journal *j, const char *what, int err)
{
    if (!j->broken)
        log_line("state: %s %s/%s: %s; the games are kept in memory and the file is written "
                 "again once it works",
                 what, j->server->options->state_dir, JOURNAL_FILE, strerror(err));
    j->broken = true;
    j->broken_at = uv_now(j->server->loop);
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

void disk_flush(struct journal *j)
{
    int err;

    if (j->pending.length == 0)
        return;
    if (j->rewriting && !record_bytes_reserve(&j->since, j->pending.length)) {
        j->pending.length = 0;
        disk_failed(j, "no memory to rewrite", ENOMEM);
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
            disk_failed(j, "cannot write", err);
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
        disk_failed(j, "cannot sync", (int)-req->result);
    uv_fs_req_cleanup(req);
    j->sync_in_flight = false;
    if (j->retired_fd >= 0) {
        (void)close(j->retired_fd);
        j->retired_fd = -1;
    }
}

void disk_tick(struct journal *j, uint64_t now)
{
    if (!journal_on(j))
        return;
    disk_flush(j); /* what no reply has carried out: games given back, expired */
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
    if (!record_head(image))
        return false;
    for (g = j->head; g != NULL; g = g->next)
        if (!record_frame(image, JOURNAL_GAME, false, g->id, g->record.data, g->record.length,
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
        disk_failed(j, "cannot rewrite", err);
    /* The image is as large as what is live: not kept between rewrites. */
    record_bytes_free(&j->image);
    record_bytes_free(&j->since);
}

static void rewrite_start(struct journal *j)
{
    j->since.length = 0;
    if (!image_build(j, &j->image)) {
        record_bytes_free(&j->image);
        disk_failed(j, "no memory to rewrite", ENOMEM);
        return;
    }
    j->rewriting = true;
    j->rewrite_req.data = j;
    if (uv_queue_work(j->server->loop, &j->rewrite_req, rewrite_work, rewrite_done) != 0) {
        j->rewriting = false;
        record_bytes_free(&j->image);
        disk_failed(j, "cannot rewrite", EAGAIN);
    }
}

int disk_rewrite_now(struct journal *j)
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

int disk_open(struct journal *j, struct server *s)
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

void disk_close(struct journal *j)
{
    int err;

    if (j->dir_fd < 0)
        return;
    if (!j->closed) {
        /* Every game in play or kept, as one compact file for the next start. */
        err = disk_rewrite_now(j);
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
