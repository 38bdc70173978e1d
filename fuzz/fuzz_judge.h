/*
 * fuzz_judge.h - driving a judge reader the way its callers do, three ways
 * (the whole input at once, random chunks with small output buffers, one
 * byte at a time), and the checks every judge harness shares; plus a tiny
 * tokenizer the harnesses' reference parsers use.
 */
#ifndef SAPPER_FUZZ_JUDGE_H
#define SAPPER_FUZZ_JUDGE_H

#include "fuzz.h"

struct fuzz_judge_result {
    struct fuzz_text output;
    int status; /* final sap_judge_status */
    uint32_t error_line;
    char reason[160];
    size_t consumed;     /* input bytes the reader took */
    bool memory_refused; /* the memory refused a block at some point */
};

/* Runs `format` over the input every way, checks the runs agree with each
 * other and the reader's contract (status values, no output after an
 * error, no stall, blocks released), and leaves the one-shot run in
 * *result (free it with fuzz_judge_result_free).  Inputs whose work would
 * exceed what one fuzz iteration should take are not the harness's
 * business and never reach here. */
void fuzz_judge_check(enum sap_format format, const uint8_t *data, size_t size,
                      struct fuzz_judge_result *result);
void fuzz_judge_result_free(struct fuzz_judge_result *result);

/* ---- the reference parsers' tokenizer ----------------------------------- */

/* Whitespace as the readers see it: space, \t, \n, \v, \f, \r. */
bool fuzz_is_space(uint8_t c);

struct fuzz_tokens {
    const uint8_t *data;
    size_t size;
    size_t pos;
    /* the token last read */
    const uint8_t *token;
    size_t length;
};

void fuzz_tokens_init(struct fuzz_tokens *t, const uint8_t *data, size_t size);
/* Next whitespace-separated token; false at the end of input. */
bool fuzz_tokens_next(struct fuzz_tokens *t);
/* Whether anything but whitespace remains. */
bool fuzz_tokens_more(const struct fuzz_tokens *t);

/* What a reference parser makes of the input. */
enum fuzz_verdict {
    FUZZ_VALID,     /* well formed: the reader must finish (DONE) with the reference output */
    FUZZ_MALFORMED, /* certainly malformed: the reader must fail */
    FUZZ_UNSETTLED  /* what the statements leave open (daemon/README.md's Judge mode
                     * settles it): only the generic checks */
};

/* Parses the next token as a decimal number the way every reader must
 * (digits only, at most UINT32_MAX).  false when it is not one. */
bool fuzz_tokens_number(struct fuzz_tokens *t, uint32_t *value);

/* Checks the reader's result against a reference run:
 *   want          the reference output through the point where the input
 *                 stops being well formed (all of it when valid);
 *   complete      how much of `want` belongs to input that came before
 *                 the malformed part (want->length when valid).
 * VALID: DONE and exactly `want`.  MALFORMED: a failure, with at least the
 * first `complete` bytes and nothing that is not a prefix of `want`.  A
 * refused memory block only weakens this to "a prefix of want".
 * UNSETTLED: nothing more than the generic checks. */
void fuzz_judge_compare(const char *format_name, const struct fuzz_judge_result *got,
                        enum fuzz_verdict verdict, const struct fuzz_text *want,
                        size_t complete);

/* A reference reader: the expected output and verdict for `data`, with
 * `complete` as fuzz_judge_compare takes it. */
typedef enum fuzz_verdict (*fuzz_judge_reference)(const uint8_t *data, size_t size,
                                                  struct fuzz_text *want, size_t *complete);

/* The whole harness of a format whose reference yields text: runs the
 * reader (fuzz_judge_check), the reference, and fuzz_judge_compare. */
void fuzz_judge_against_reference(enum sap_format format, const uint8_t *data, size_t size,
                                  fuzz_judge_reference reference);

#endif /* SAPPER_FUZZ_JUDGE_H */
