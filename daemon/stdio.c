/*
 * stdio.c - stdin and stdout as the two ends of one session.
 *
 * A terminal, a pipe or a socket is a libuv stream; a regular file (or a
 * device libuv cannot poll, such as /dev/null) is read and written through
 * uv_fs requests instead, one at a time, into the connection's buffers.
 * When stdin and stdout are one socket (inetd style), one handle serves
 * both directions.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sapperd.h"

/* Opens fd as a stream in h; *stream stays NULL for a regular file.  On an
 * error after the handle was initialised, *stream is set all the same, so
 * that closing the connection closes it. */
static int open_stream(uv_loop_t *loop, union sapperd_stream *h, int fd, bool readable,
                       uv_stream_t **stream)
{
    int r;

    *stream = NULL;
    switch (uv_guess_handle(fd)) {
    case UV_TTY:
        r = uv_tty_init(loop, &h->tty, fd, readable);
        if (r < 0)
            return r;
        break;
    case UV_NAMED_PIPE:
        r = uv_pipe_init(loop, &h->pipe, 0);
        if (r < 0)
            return r;
        *stream = &h->stream;
        r = uv_pipe_open(&h->pipe, fd);
        if (r < 0)
            return r;
        break;
    case UV_TCP:
        r = uv_tcp_init(loop, &h->tcp);
        if (r < 0)
            return r;
        *stream = &h->stream;
        r = uv_tcp_open(&h->tcp, fd);
        if (r < 0)
            return r;
        break;
    default:
        return 0; /* a file: uv_fs */
    }
    *stream = &h->stream;
    return 0;
}

/* fds 0 and 1 are the same socket (socketpair or accepted connection). */
static bool same_socket(void)
{
    struct stat in, out;
    if (fstat(STDIN_FILENO, &in) != 0 || fstat(STDOUT_FILENO, &out) != 0)
        return false;
    return S_ISSOCK(in.st_mode) && in.st_dev == out.st_dev && in.st_ino == out.st_ino;
}

int stdio_open(struct server *s, struct conn *c)
{
    int r;

    s->stdio_flags[0] = fcntl(STDIN_FILENO, F_GETFL);
    s->stdio_flags[1] = fcntl(STDOUT_FILENO, F_GETFL);

    r = open_stream(s->loop, &c->handle, STDIN_FILENO, true, &c->in);
    if (c->in != NULL)
        c->handle.handle.data = c;
    if (r < 0)
        return r;
    if (c->in != NULL && same_socket()) {
        c->out = c->in;
        return 0;
    }
    c->out_handle = malloc(sizeof *c->out_handle);
    if (c->out_handle == NULL)
        return UV_ENOMEM;
    r = open_stream(s->loop, c->out_handle, STDOUT_FILENO, false, &c->out);
    if (c->out != NULL)
        c->out_handle->handle.data = c;
    return r;
}

void stdio_restore(struct server *s)
{
    /* libuv leaves the file descriptions non-blocking; a shell that shares
     * them would see EAGAIN. */
    if (s->stdio_flags[0] >= 0 && (s->stdio_flags[0] & O_NONBLOCK) == 0)
        (void)fcntl(STDIN_FILENO, F_SETFL, s->stdio_flags[0]);
    if (s->stdio_flags[1] >= 0 && (s->stdio_flags[1] & O_NONBLOCK) == 0)
        (void)fcntl(STDOUT_FILENO, F_SETFL, s->stdio_flags[1]);
}

static void on_fs_read(uv_fs_t *req)
{
    struct conn *c = req->data;
    ssize_t result = req->result;

    uv_fs_req_cleanup(req);
    c->fs_read_in_flight = false;
    if (conn_closing(c)) {
        close_one_done(c);
        return;
    }
    conn_received(c, result == 0 ? UV_EOF : result);
}

int stdio_file_read(struct conn *c)
{
    struct conn_buffers *b = c->buffers;
    uv_buf_t buf = uv_buf_init(b->in + b->in_len, (unsigned)(b->in_cap - b->in_len));
    int r;

    b->fs_read_req.data = c;
    r = uv_fs_read(c->server->loop, &b->fs_read_req, STDIN_FILENO, &buf, 1, -1, on_fs_read);
    if (r == 0)
        c->fs_read_in_flight = true;
    return r;
}

static void on_fs_write(uv_fs_t *req)
{
    struct conn *c = req->data;
    struct conn_buffers *b = c->buffers;
    ssize_t result = req->result;
    int r;

    uv_fs_req_cleanup(req);
    if (conn_closing(c)) {
        c->write_in_flight = false;
        close_one_done(c);
        return;
    }
    if (result < 0) {
        conn_written(c, (int)result);
        return;
    }
    b->out_sent += (size_t)result;
    if (b->out_sent < b->out_len) {
        r = stdio_file_write(c); /* a short write: the rest */
        if (r < 0)
            conn_written(c, r);
        return;
    }
    conn_written(c, 0);
}

int stdio_file_write(struct conn *c)
{
    struct conn_buffers *b = c->buffers;
    uv_buf_t buf = uv_buf_init(b->out + b->out_sent, (unsigned)(b->out_len - b->out_sent));

    b->fs_write_req.data = c;
    return uv_fs_write(c->server->loop, &b->fs_write_req, STDOUT_FILENO, &buf, 1, -1,
                       on_fs_write);
}
