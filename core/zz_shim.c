/* Stand-in: sap_casual_solve_step as the unbounded solve, until core/casual.c is resumable (next commit). */
#include "internal.h"
__attribute__((weak)) int sap_casual_solve_step(sap_casual *c, uint32_t b, struct sap_casual_result *r) { (void)b; return sap_casual_solve(c, r); }
