/* Placeholder so that every branch links until the casual code lands. */
#include "internal.h"

int sap_casual_init(sap_casual **casual, void *memory, size_t bytes, uint32_t rows, uint32_t cols)
{ (void)casual; (void)memory; (void)bytes; (void)rows; (void)cols; return SAP_ERR_STATE; }
int sap_casual_set_mine(sap_casual *casual, uint32_t row, uint32_t col, bool mine)
{ (void)casual; (void)row; (void)col; (void)mine; return SAP_ERR_STATE; }
int sap_casual_solve(sap_casual *casual, struct sap_casual_result *result)
{ (void)casual; (void)result; return SAP_ERR_STATE; }
bool sap_casual_left_covered(const sap_casual *casual, uint32_t row, uint32_t col)
{ (void)casual; (void)row; (void)col; return false; }
