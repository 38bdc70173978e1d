/*
 * boom_judge_direct - the boom judge reader driven straight on stdin/stdout,
 * without the daemon or the session: the benchmark's second figure, which
 * shows what the core itself costs.
 *
 *     boom_judge_direct < input > output
 *
 * Exit 0 on success; 2 with "boom_judge_direct: line N: reason" on bad input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib/heap_memory.h"
#include "sapper.h"


static char out[1 << 16];
static size_t out_filled;

static int flush(void)
{
    size_t done = 0;
    while (done < out_filled) {
        ssize_t w = write(STDOUT_FILENO, out + done, out_filled - done);
        if (w <= 0)
            return -1;
        done += (size_t)w;
    }
    out_filled = 0;
    return 0;
}

/* Polls into the output buffer, writing it out only when full: one write
 * per 64 KiB, not one per move. */
static int drain(struct sap_judge *judge)
{
    size_t n;
    while ((n = sap_judge_poll(judge, out + out_filled, sizeof out - out_filled)) > 0) {
        out_filled += n;
        if (out_filled == sizeof out && flush() < 0)
            return -1;
    }
    return 0;
}

int main(void)
{
    static char in[1 << 16];
    struct sap_judge judge;
    int status;

    sap_judge_init(&judge, SAP_FORMAT_BOOM, &heap_memory);
    for (;;) {
        ssize_t got = read(STDIN_FILENO, in, sizeof in);
        size_t pos = 0;
        if (got <= 0)
            break;
        while (pos < (size_t)got && sap_judge_status(&judge) == SAP_JUDGE_READING) {
            pos += sap_judge_sink(&judge, in + pos, (size_t)got - pos);
            if (drain(&judge) < 0)
                return 1;
        }
        if (flush() < 0)
            return 1;
        if (sap_judge_status(&judge) != SAP_JUDGE_READING)
            break;
    }
    if (sap_judge_status(&judge) == SAP_JUDGE_READING) {
        sap_judge_finish(&judge);
        if (drain(&judge) < 0 || flush() < 0)
            return 1;
    }
    status = sap_judge_status(&judge);
    sap_judge_release(&judge);
    if (status < 0) {
        fprintf(stderr, "boom_judge_direct: line %u: %s\n", (unsigned)judge.error_line,
                judge.error_reason);
        return 2;
    }
    return 0;
}
