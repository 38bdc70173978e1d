/* Placeholder so that every branch links until the game code lands. */
#include "internal.h"

int sap_game_init(sap_game **game, void *memory, size_t bytes, uint32_t rows, uint32_t cols)
{ (void)game; (void)memory; (void)bytes; (void)rows; (void)cols; return SAP_ERR_STATE; }
int sap_game_set_mine(sap_game *game, uint32_t row, uint32_t col, bool mine)
{ (void)game; (void)row; (void)col; (void)mine; return SAP_ERR_STATE; }
int sap_game_set_random(sap_game *game, uint32_t mines, uint32_t seed)
{ (void)game; (void)mines; (void)seed; return SAP_ERR_STATE; }
uint32_t sap_game_rows(const sap_game *game) { (void)game; return 0; }
uint32_t sap_game_cols(const sap_game *game) { (void)game; return 0; }
uint32_t sap_game_mines(const sap_game *game) { (void)game; return 0; }
uint32_t sap_game_covered(const sap_game *game) { (void)game; return 0; }
enum sap_outcome sap_game_state(const sap_game *game) { (void)game; return SAP_LOSE; }
int sap_game_move(sap_game *game, int op, uint32_t x, uint32_t y)
{ (void)game; (void)op; (void)x; (void)y; return SAP_ERR_STATE; }
size_t sap_game_reply(sap_game *game, char *out, size_t cap) { (void)game; (void)out; (void)cap; return 0; }
char sap_game_cell(const sap_game *game, uint32_t row, uint32_t col) { (void)game; (void)row; (void)col; return '_'; }
