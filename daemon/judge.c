/*
 * judge.c - sapperd --judge FORMAT (prototype on struct sap_judge until the
 * session's judge stream lands).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "sapperd.h"

static int write_all(const char *data, size_t length)
{
    while (length > 0) {
        ssize_t n = write(STDOUT_FILENO, data, length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            sapperd_log("writing stdout: %s", strerror(errno));
            return -1;
        }
        data += n;
        length -= (size_t)n;
    }
    return 0;
}

static int drain(struct sap_judge *judge, char *out, size_t cap)
{
    size_t n;
    while ((n = sap_judge_poll(judge, out, cap)) > 0)
        if (write_all(out, n) < 0)
            return -1;
    return 0;
}

int sapperd_run_judge(enum sap_format format)
{
    static char in[1 << 16], out[1 << 16];
    struct sap_judge judge;
    int status;

    sap_judge_init(&judge, format, &sapperd_heap);
    for (;;) {
        ssize_t got = read(STDIN_FILENO, in, sizeof in);
        size_t pos = 0;
        if (got < 0) {
            if (errno == EINTR)
                continue;
            sapperd_log("reading stdin: %s", strerror(errno));
            sap_judge_release(&judge);
            return 1;
        }
        if (got == 0)
            break;
        while (pos < (size_t)got && sap_judge_status(&judge) == SAP_JUDGE_READING) {
            pos += sap_judge_sink(&judge, in + pos, (size_t)got - pos);
            if (drain(&judge, out, sizeof out) < 0) {
                sap_judge_release(&judge);
                return 1;
            }
        }
        if (sap_judge_status(&judge) != SAP_JUDGE_READING)
            break;
    }
    if (sap_judge_status(&judge) == SAP_JUDGE_READING) {
        sap_judge_finish(&judge);
        if (drain(&judge, out, sizeof out) < 0) {
            sap_judge_release(&judge);
            return 1;
        }
    }
    status = sap_judge_status(&judge);
    sap_judge_release(&judge);
    if (status < 0) {
        sapperd_log("%s: line %u: %s", sap_format_name(format), (unsigned)judge.error_line,
                    judge.error_reason != NULL ? judge.error_reason : sap_strerror(status));
        return 2;
    }
    return 0;
}

/* Until the session's judge accessor lands: the judge inside the session. */
bool sapperd_judge_over(const struct sap_session *session)
{
    return session->judge.status != SAP_JUDGE_READING;
}

int sapperd_judge_exit_status(const struct sap_session *session, enum sap_format format)
{
    const struct sap_judge *judge = &session->judge;
    if (judge->status >= 0)
        return 0;
    sapperd_log("%s: line %u: %s", sap_format_name(format), (unsigned)judge->error_line,
                judge->error_reason != NULL ? judge->error_reason : sap_strerror(judge->status));
    return 2;
}
