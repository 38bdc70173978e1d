/* Placeholder until the master reader lands: refuses its input. */
#include "internal.h"

static void begin(struct sap_judge *judge) { sap_judge_fail(judge, SAP_ERR_STATE, "the master reader is not built yet"); }
static void number(struct sap_judge *judge, uint32_t value) { (void)judge; (void)value; }
static void row_byte(struct sap_judge *judge, uint32_t index, char byte) { (void)judge; (void)index; (void)byte; }
static void row_end(struct sap_judge *judge) { (void)judge; }
static size_t poll(struct sap_judge *judge, char *out, size_t cap) { (void)out; (void)cap; judge->out_phase = 0; return 0; }
static void finish(struct sap_judge *judge) { (void)judge; }

const struct sap_judge_format sap_judge_master = { begin, number, row_byte, row_end, poll, finish };
