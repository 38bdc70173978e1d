/*
 * judge.h - the statements' batch readers (sapper.h section 9): one
 * tokenizer, judge.c, drives each statement's format, a table of callbacks
 * (judge_boom.c, judge_casual.c, judge_master.c, judge_nurikabe.c), through
 * what is declared here.  The session, which runs a JUDGE stream, asks
 * whether the reader is working.  Private to the core.
 */
#ifndef SAP_JUDGE_H
#define SAP_JUDGE_H

#include "internal.h"

SAP_INTERNAL_BEGIN

/* What a reader expects next from the tokenizer (struct sap_judge's
 * `expect`).  EXPECT_NOTHING: the statement's input is complete, and a
 * protocol JUDGE stream ends there (the session then calls
 * sap_judge_finish) instead of at EOF. */
enum { SAP_EXPECT_NUMBER, SAP_EXPECT_ROW, SAP_EXPECT_NOTHING };

/*
 * Each statement's reader is a table of callbacks driven by judge.c, which
 * owns tokenizing, line counting, number parsing, row length checks and the
 * "output pending" handshake.  A callback reports a malformed input with
 * sap_judge_fail(); it asks for the next token by setting judge->expect
 * (and judge->row_length for a row).  Output is pending while
 * judge->out_phase != 0: judge.c then takes no more input until the
 * format's poll has written everything and set out_phase back to 0.
 */
struct sap_judge_format {
    void (*begin)(struct sap_judge *judge);
    void (*number)(struct sap_judge *judge, uint32_t value);
    /* A run of `count` bytes of the row being read, the first at 0-based
     * index, all before row_length and already checked against the
     * format's row alphabet (judge.c): a whole row usually comes as one run. */
    void (*row_bytes)(struct sap_judge *judge, uint32_t index, const char *bytes,
                      uint32_t count);
    /* The row had exactly row_length bytes. */
    void (*row_end)(struct sap_judge *judge);
    size_t (*poll)(struct sap_judge *judge, char *out, size_t cap);
    /* The input ended between tokens (status still READING). */
    void (*finish)(struct sap_judge *judge);
};

/* Whether the judge has output to give before it takes more input, and
 * whether it is busy (reading, with that output pending): sap_judge_busy
 * inline, for the session, which asks once or twice a move. */
static inline bool sap_judge_output_pending(const struct sap_judge *j)
{
    return j->out_text_left > 0 || j->out_phase != 0;
}

static inline bool sap_judge_working(const struct sap_judge *j)
{
    return j->status == SAP_JUDGE_READING && sap_judge_output_pending(j);
}

extern const struct sap_judge_format sap_judge_boom;
extern const struct sap_judge_format sap_judge_casual;
extern const struct sap_judge_format sap_judge_master;
extern const struct sap_judge_format sap_judge_nurikabe;

/* Records a malformed input at the current token's line: status becomes
 * SAP_ERR_SYNTAX (or `err`), the reason (constant text) is copied into the
 * judge's RAM reason buffer, any block is released.  sap_judge_fail_n
 * appends `number` and `tail` (constant text) when tail is not NULL;
 * sap_judge_fail_ram takes a reason the format built in RAM. */
void sap_judge_fail(struct sap_judge *judge, int err, const char *reason);
void sap_judge_fail_n(struct sap_judge *judge, int err, const char *reason, uint32_t number,
                      const char *tail);
void sap_judge_fail_ram(struct sap_judge *judge, int err, const char *reason);
/* Whether a case's board is within this build's limits: its rows, which
 * every format keeps in judge->args[0], by `cols`.  If not, the judge
 * fails in rows.c's one wording, the sides named as the statement names
 * them (names: "<rows>\0<cols>\0<cells>", as sap_rows_size_reason takes them),
 * with zero_err for a zero side (the statement's malformed input) and
 * SAP_ERR_SIZE for a side or the product past a limit.  The one size
 * check of every format: boom and casual ask once both sides are read;
 * master and Nurikabe check each side at its own token, the rows alone
 * first (cols 1), then both. */
bool sap_judge_size_fits(struct sap_judge *judge, uint32_t cols, const char *names,
                         int zero_err);

/* Master and Nurikabe open alike: the number of cases, then each case's
 * rows and cols, each side checked at its own token (the rows alone, then
 * both).  Their steps (judge->step) start with these three; each format's
 * own follow from SAP_JUDGE_STEP_OWN.  sap_judge_read_size takes a number
 * at one of the three: it records it (cases in judge->cases, rows and cols
 * in args[0] and args[1]), expects nothing more after zero cases, and goes
 * on to the next step (after cols, SAP_JUDGE_STEP_OWN); names as for
 * sap_judge_size_fits. */
enum sap_judge_step {
    SAP_JUDGE_STEP_CASES,
    SAP_JUDGE_STEP_ROWS,
    SAP_JUDGE_STEP_COLS,
    SAP_JUDGE_STEP_OWN
};
void sap_judge_read_size(struct sap_judge *judge, uint32_t value, const char *names);
/* A case answered: on to the next one's rows, or nothing after the last. */
void sap_judge_next_case(struct sap_judge *judge);
/* The input ended: done after every case, else its mistake in the
 * format's words, before the count was read ("input ended before the
 * number of cases T") or before case N was complete ("input ended before
 * case "). */
void sap_judge_finish_cases(struct sap_judge *judge, const char *count_words,
                            const char *case_words);

/* Acquires the case's block (purpose WORK), releasing the previous one; on
 * refusal (or past SAP_MAX_WORK_BYTES) fails the judge with "not enough
 * memory for this board". */
void *sap_judge_acquire(struct sap_judge *judge, size_t bytes);
void sap_judge_release_block(struct sap_judge *judge);

/* Queues constant text to be written before the format's own poll runs. */
void sap_judge_queue_text(struct sap_judge *judge, const char *text);

SAP_INTERNAL_END

#endif
