/*
 * fuzz_generate.c - no-guess boards (core/generate.c) at sizes, densities,
 * levels, first clicks, seeds and budgets drawn from the input.
 *
 *   - a board served has the mines asked for, none on the click (nor in
 *     its 3x3 block when the mines leave room), and the level's player
 *     clears it: for CASUAL the statement's casual player word for word
 *     (tests/lib/ref_casual.c), for NOGUESS a player that opens only the
 *     cells the deduction engine proves safe;
 *   - a refusal is honest: SAP_ERR_SIZE only after the generator's whole
 *     allowance of perturbations, and no board shows through it;
 *   - the budget a call changes nothing: the same board, or the same
 *     refusal, as in one unlimited call.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "players.h"
#include "ref_casual.h"
#include "sapper.h"

static int generate(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t seed,
                    enum sap_level level, uint32_t row, uint32_t col, uint32_t budget,
                    unsigned char *mine, uint32_t *tries)
{
    size_t bytes = SAP_GENERATE_BYTES(rows, cols);
    void *block = malloc(bytes);
    sap_generate *g;
    uint32_t x;
    int err;
    FUZZ_CHECK(block != NULL, "malloc");
    err = sap_generate_init(&g, block, bytes, rows, cols, mines, seed, level, row, col);
    FUZZ_CHECK(err == SAP_OK, "init refused %ux%u, %u mines: %d", rows, cols, mines, err);
    while ((err = sap_generate_step(g, budget)) == SAP_MORE)
        continue;
    for (x = 0; x < rows * cols; x++)
        mine[x] = sap_generate_mine_at(g, x / cols, x % cols);
    *tries = sap_generate_tries(g);
    free(block);
    return err;
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    uint32_t rows, cols, cells, mines, seed, row, col, budget, x, count = 0, tries, tries2;
    uint32_t zone = 0, zone_mines = 0;
    enum sap_level level;
    unsigned char *mine, *mine2, *state;
    int err, err2;

    fuzz_bytes_init(&in, data, size);
    level = fuzz_u8(&in) & 1 ? SAP_LEVEL_CASUAL : SAP_LEVEL_NOGUESS;
    rows = fuzz_range(&in, 1, 16);
    cols = fuzz_range(&in, 1, 30);
    cells = rows * cols;
    mines = fuzz_range(&in, 0, cells - 1);
    if (fuzz_u8(&in) & 1) /* mostly the densities people play */
        mines = mines * 35u / 100u;
    seed = fuzz_u32(&in);
    row = fuzz_range(&in, 0, rows - 1);
    col = fuzz_range(&in, 0, cols - 1);
    budget = fuzz_range(&in, 1, 4096);
    mine = malloc(cells);
    mine2 = malloc(cells);
    state = malloc(cells);
    FUZZ_CHECK(mine && mine2 && state, "malloc");

    err = generate(rows, cols, mines, seed, level, row, col, budget, mine, &tries);
    err2 = generate(rows, cols, mines, seed, level, row, col, SAP_BUDGET_UNLIMITED, mine2,
                    &tries2);
    FUZZ_CHECK(err == err2 && tries == tries2 && memcmp(mine, mine2, cells) == 0,
               "a budget of %u changes the outcome (%d, %u tries; unlimited %d, %u)", budget,
               err, tries, err2, tries2);
    if (err != SAP_OK) {
        FUZZ_CHECK(err == SAP_ERR_SIZE, "generate gave %d", err);
        FUZZ_CHECK(tries > SAP_GENERATE_MAX_TRIES, "refused after only %u tries", tries);
        for (x = 0; x < cells; x++)
            FUZZ_CHECK(!mine[x], "a refused board shows a mine at %u", x);
        goto done;
    }
    for (x = 0; x < cells; x++) {
        uint32_t r = x / cols, c = x % cols;
        bool near = r + 1 >= row && r <= row + 1 && c + 1 >= col && c <= col + 1;
        count += mine[x];
        zone += near;
        zone_mines += near && mine[x];
    }
    FUZZ_CHECK(count == mines, "%u mines laid, %u asked", count, mines);
    FUZZ_CHECK(!mine[row * cols + col], "a mine under the first click");
    FUZZ_CHECK(mines > cells - zone || zone_mines == 0, "a mine next to the first click");
    if (level == SAP_LEVEL_CASUAL)
        FUZZ_CHECK(ref_casual_closure(mine, rows, cols, row * cols + col, state)
                       == cells - mines,
                   "the casual player does not clear a CASUAL board (%ux%u, %u mines)", rows,
                   cols, mines);
    else
        FUZZ_CHECK(player_logic_clears(mine, rows, cols, row, col),
                   "logic does not clear a NOGUESS board (%ux%u, %u mines)", rows, cols, mines);
done:
    free(mine);
    free(mine2);
    free(state);
}
