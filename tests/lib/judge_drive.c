/*
 * judge_drive.c - see judge_drive.h.
 */
#include "judge_drive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

struct drive_memory {
    struct sap_memory memory;
    size_t blocks, bytes, peak;
};

/* Each block carries its size in front, for the accounting. */
static void *drive_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct drive_memory *m = context;
    size_t *block = malloc(sizeof(size_t) * 2 + bytes);
    (void)purpose;
    if (block == NULL)
        return NULL;
    block[0] = bytes;
    m->blocks++;
    m->bytes += bytes;
    if (m->bytes > m->peak)
        m->peak = m->bytes;
    return block + 2;
}

static void drive_release(void *context, void *pointer, enum sap_memory_purpose purpose)
{
    struct drive_memory *m = context;
    size_t *block = (size_t *)pointer - 2;
    (void)purpose;
    m->blocks--;
    m->bytes -= block[0];
    free(block);
}

static void drain(struct sap_judge *j, char *buffer, size_t cap, struct text *out,
                  bool *got_any)
{
    size_t n;
    *got_any = false;
    /* a busy reader may spend a poll's budget without a byte */
    while ((n = sap_judge_poll(j, buffer, cap)) > 0 || sap_judge_busy(j)) {
        if (n > cap)
            abort(); /* the reader wrote past the cap it was given */
        text_add(out, buffer, n);
        *got_any = *got_any || n > 0;
    }
}

static uint32_t drive_budget = SAP_BUDGET_UNLIMITED;

static void drive_once(enum sap_format format, const char *input, size_t length, size_t chunk,
                       size_t cap, struct judge_drive_result *result)
{
    struct drive_memory m = { { drive_acquire, drive_release, NULL }, 0, 0, 0 };
    struct sap_judge j;
    size_t pos = 0;
    char *buffer = malloc(cap + 1);
    struct text out = { NULL, 0, 0 };
    bool got_any;

    if (buffer == NULL)
        abort();
    m.memory.context = &m;
    memset(result, 0, sizeof *result);
    text_add(&out, "", 0); /* "" when nothing is polled */
    sap_judge_init(&j, format, &m.memory);
    sap_judge_set_budget(&j, drive_budget);
    while (pos < length && sap_judge_status(&j) == SAP_JUDGE_READING) {
        size_t want = chunk == 0 || length - pos < chunk ? length - pos : chunk;
        size_t took = sap_judge_sink(&j, input + pos, want);
        pos += took;
        drain(&j, buffer, cap, &out, &got_any);
        if (took == 0 && !got_any && sap_judge_status(&j) == SAP_JUDGE_READING) {
            result->stuck = true;
            break;
        }
    }
    if (sap_judge_status(&j) == SAP_JUDGE_READING && !result->stuck) {
        sap_judge_finish(&j);
        drain(&j, buffer, cap, &out, &got_any);
    }
    result->output = out.bytes;
    result->output_length = out.length;
    result->status = sap_judge_status(&j);
    if (result->status < 0) {
        result->error_line = j.error_line;
        snprintf(result->reason, sizeof result->reason, "%s",
                 j.error_reason != NULL ? j.error_reason : "(none)");
    }
    result->peak_bytes = m.peak;
    sap_judge_release(&j);
    result->blocks_left = m.blocks;
    free(buffer);
}

/* Every run is repeated with budgets of 1 and 7 steps a poll (sapper.h
 * section 2): the output, status and error must be the same, or the run
 * counts as stuck (which every test checks). */
void judge_drive(enum sap_format format, const char *input, size_t length, size_t chunk,
                 size_t cap, struct judge_drive_result *result)
{
    static const uint32_t budgets[] = { 1, 7 };
    size_t k;
    drive_once(format, input, length, chunk, cap, result);
    for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
        struct judge_drive_result again;
        drive_budget = budgets[k];
        drive_once(format, input, length, chunk, cap, &again);
        drive_budget = SAP_BUDGET_UNLIMITED;
        if (again.output_length != result->output_length
            || memcmp(again.output, result->output, result->output_length) != 0
            || again.status != result->status || again.error_line != result->error_line
            || strcmp(again.reason, result->reason) != 0 || again.stuck != result->stuck) {
            fprintf(stderr, "judge_drive: a budget of %u changes the result\n",
                    (unsigned)budgets[k]);
            result->stuck = true;
        }
        judge_drive_free(&again);
    }
}

void judge_drive_free(struct judge_drive_result *result)
{
    free(result->output);
    result->output = NULL;
}

char *judge_drive_read_file(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    struct text data = { NULL, 0, 0 };
    size_t got;
    if (f == NULL)
        return NULL;
    do {
        text_reserve(&data, 4096);
        got = fread(data.bytes + data.length, 1, 4096, f);
        text_wrote(&data, got);
    } while (got > 0);
    fclose(f);
    if (length != NULL)
        *length = data.length;
    return data.bytes;
}
