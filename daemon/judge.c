/*
 * judge.c - sapperd --judge FORMAT: the stdio session in judge-only mode.
 *
 * serve() runs it like any stdin session (sap_session_start_judge first);
 * the session closes when the stream has ended or failed, having written
 * exactly the statement's output.  Here the result becomes the exit status.
 */
#include "sapperd.h"

int sapperd_judge_exit_status(const struct sap_session *session, enum sap_format format)
{
    uint32_t line = 0;
    const char *reason = NULL;
    int status = sap_session_judge_result(session, &line, &reason);

    if (status == SAP_JUDGE_DONE)
        return 0;
    if (status == SAP_JUDGE_READING) {
        /* Cannot happen once finish was called; said rather than hidden. */
        sapperd_log("%s: the input ended before the judge did", sap_format_name(format));
        return 2;
    }
    sapperd_log("%s: line %u: %s", sap_format_name(format), (unsigned)line,
                reason != NULL ? reason : sap_strerror(status));
    return 2;
}
