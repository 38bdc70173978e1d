/*
 * close.c - how a connection ends: the FIN after the last reply, the
 * linger that lets the peer read it, the close, and noticing a peer that
 * has gone (a reset) while its session is busy and not reading.
 *
 * conn.c moves the bytes; sapperd.h draws the states.  A session's boards
 * go back once its last reply is out (or it closes); the connection's own
 * memory is freed only in the close callback.
 */
#include <poll.h>
#include <stdlib.h>

#include "sapperd.h"

void close_session(struct conn *c)
{
    if (!c->session_held)
        return;
    kept_take_from(c); /* a game still in play waits for RESUME */
    sap_session_release(&c->session);
    c->session_held = false;
}

void close_free(struct conn *c)
{
    if (c->kind != CONN_STDIO)
        c->server->sockets--;
    close_session(c);
    buffers_detach(c);
    free(c->out_handle);
    c->server->memory.freed_small += sizeof *c; /* malloc_trim, once enough is back */
    free(c);
}

/* A TCP connection is freed by its last close callback, always after the
 * call that closed it has returned.  The stdio connection may have nothing
 * to close asynchronously (files on both ends): server_run frees it once the
 * loop has ended. */
void close_one_done(struct conn *c)
{
    if (--c->pending_closes > 0)
        return;
    sched_set_state(c, CONN_CLOSED);
    if (c->kind != CONN_STDIO)
        close_free(c);
}

static void on_close(uv_handle_t *handle)
{
    close_one_done(handle->data);
}

void close_now(struct conn *c)
{
    if (conn_closing(c))
        return;
    sched_set_state(c, CONN_CLOSING);
    c->reading = false;
    if (c->kind == CONN_STDIO)
        stdio_restore(c->server); /* while fds 0 and 1 are still open */

    /* One count for this call, so nothing is freed before the end of it. */
    c->pending_closes = 1;
    if (c->in != NULL) {
        c->pending_closes++;
        uv_close((uv_handle_t *)c->in, on_close);
    }
    if (c->out != NULL && c->out != c->in) {
        c->pending_closes++;
        uv_close((uv_handle_t *)c->out, on_close);
    }
    /* uv_fs requests cannot be taken back; their callbacks count down. */
    if (c->fs_read_in_flight)
        c->pending_closes++;
    if (c->write_in_flight && c->out == NULL)
        c->pending_closes++;
    close_one_done(c);
}

static bool peer_went_away(int err)
{
    return err == UV_ECONNRESET || err == UV_EPIPE || err == UV_ECONNABORTED
           || err == UV_ETIMEDOUT || err == UV_ENOTCONN || err == UV_ECANCELED;
}

/* An I/O error: logged unless it only says the peer went away. */
void close_on_error(struct conn *c, const char *what, int err)
{
    if (!peer_went_away(err) || c->kind == CONN_STDIO) {
        log_line("%s: %s error: %s", c->kind == CONN_STDIO ? "stdio session" : "connection",
                 what, uv_strerror(err));
        if (c->kind == CONN_STDIO && c->server->exit_status == 0)
            c->server->exit_status = 1;
    }
    close_now(c);
}

static void on_shutdown(uv_shutdown_t *req, int status);

/* The last reply is out: shut the write side down, then linger (unless
 * too many linger already: then the close sends the FIN). */
void close_with_fin(struct conn *c)
{
    int r;

    if (c->kind == CONN_STDIO || c->out == NULL
        || (c->kind == CONN_TCP && c->server->lingering >= SAPPERD_LINGERING_MAX)) {
        close_now(c);
        return;
    }
    sched_set_state(c, CONN_SHUTTING);
    c->shutdown_req.data = c;
    r = uv_shutdown(&c->shutdown_req, c->out, on_shutdown);
    if (r < 0) {
        close_now(c);
        return;
    }
    conn_read_start(c);
}

static void on_shutdown(uv_shutdown_t *req, int status)
{
    struct conn *c = req->data;

    if (conn_closing(c))
        return;
    if (status < 0 || c->eof) {
        close_now(c);
        return;
    }
    sched_set_state(c, CONN_LINGERING);
}

/* The socket's state says the peer has gone: a reset, or an error.  A peer
 * that only ended its input (a half-close) still reads: not gone. */
static bool peer_gone(const struct conn *c)
{
    struct pollfd p;
    uv_os_fd_t fd;

    if (c->kind != CONN_TCP || uv_fileno(&c->handle.handle, &fd) != 0)
        return false;
    p.fd = fd;
    p.events = 0;
    p.revents = 0;
    return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

bool close_if_gone(struct conn *c)
{
    if (!peer_gone(c))
        return false;
    close_now(c); /* its slot, its memory and its work end here */
    return true;
}
