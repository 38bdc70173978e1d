/*
 * main.c - sapperd's start: the standard descriptors, the options
 * (options.c), then one of three modes.
 *
 *   --judge FORMAT         stdin -> stdout in a statement's batch format
 *   --listen HOST:PORT     TCP sessions (default 127.0.0.1:7878)
 *   --stdin                one session on stdin/stdout (with --listen too)
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "sapperd.h"

/* fds 0, 1 and 2 must be open before libuv makes its own descriptors:
 * otherwise an epoll fd or a client socket would become "stdout" or
 * "stderr", and the log would go to a client.  A closed one is pointed at
 * /dev/null; true when fd was closed. */
static bool reopen_if_closed(int fd)
{
    int null_fd;
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
        return false;
    null_fd = open("/dev/null", O_RDWR);
    if (null_fd >= 0 && null_fd != fd) {
        (void)dup2(null_fd, fd);
        (void)close(null_fd);
    }
    return true;
}

int main(int argc, char **argv)
{
    struct sapperd_options options;
    bool stdout_closed;

    (void)reopen_if_closed(STDIN_FILENO);
    stdout_closed = reopen_if_closed(STDOUT_FILENO);
    (void)reopen_if_closed(STDERR_FILENO);

    switch (options_parse(&options, argc, argv)) {
    case SAPPERD_EXIT_OK:
        return 0;
    case SAPPERD_EXIT_USAGE:
        return 2;
    case SAPPERD_RUN:
        break;
    }
    if (stdout_closed && (options.stdin_session || options.judge_format >= 0)) {
        log_line("stdout is closed: nowhere to write the replies");
        return 1;
    }
    /* A peer that goes away is an EPIPE to handle, not a signal to die of. */
    signal(SIGPIPE, SIG_IGN);
    if (options.judge_format >= 0)
        return batch_run(&options); /* a batch filter: no event loop */
    return server_run(&options);
}
