/*
 * judge_drive.h - drives a judge reader (struct sap_judge) the way sapperd
 * --judge does, for the tests: input in chunks of a chosen size, output
 * polled with a chosen capacity, memory from malloc with accounting.
 */
#ifndef SAPPER_JUDGE_DRIVE_H
#define SAPPER_JUDGE_DRIVE_H

#include <stdbool.h>
#include <stddef.h>
#include "sapper.h"

struct judge_drive_result {
    char *output; /* malloc'd, NUL-terminated: everything polled */
    size_t output_length;
    int status; /* sap_judge_status at the end */
    unsigned error_line;
    char reason[128];   /* copy of error_reason ("" when none) */
    size_t peak_bytes;  /* most block bytes held at once */
    size_t blocks_left; /* blocks still held after sap_judge_release (must be 0) */
    bool stuck;         /* the reader took no input and had nothing to poll */
};

/* Runs `format` over input[0..length) in chunks of `chunk` bytes (0: all
 * at once), polling with `cap` bytes (>= 1) after every sink, then
 * finishes and drains.  Fills *result; free result->output with
 * judge_drive_free. */
void judge_drive(enum sap_format format, const char *input, size_t length, size_t chunk,
                 size_t cap, struct judge_drive_result *result);
void judge_drive_free(struct judge_drive_result *result);

/* Reads a whole file into a malloc'd NUL-terminated buffer; NULL on failure. */
char *judge_drive_read_file(const char *path, size_t *length);

#endif
