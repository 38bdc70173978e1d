/*
 * test_casual_renumber.c - the casual solver built with a tiny stamp range,
 * so that it renumbers its stamps every other start (the host build does it
 * once per ~1000 starts), then checked against the literal reference on
 * random and periodic boards, where starts keep taking earlier closures
 * over across renumberings.
 */
#define SAP_CASUAL_STAMP_MAX 3u
#include "../core/casual.c"

#include "check.h"
#include "lib/ref_casual.h"

#include <stdlib.h>

static void compare_board(const unsigned char *mines, uint32_t rows, uint32_t cols, int literal,
                          uint64_t seed)
{
    char why[160];
    if (!CHECK(ref_casual_compare_core(mines, rows, cols, literal, why, sizeof why) == 0))
        fprintf(stderr, "  board %ux%u seed %llu: %s\n", rows, cols, (unsigned long long)seed, why);
}

static void test_random_boards(void)
{
    static const unsigned densities[] = { 100, 150, 200, 250, 300 };
    unsigned char mines[14 * 14];
    uint64_t rng = 3;
    int i;
    for (i = 0; i < 1500 && check_failures_in_test == 0; i++) {
        uint32_t rows = 1 + (uint32_t)(ref_casual_random(&rng) % 14);
        uint32_t cols = 1 + (uint32_t)(ref_casual_random(&rng) % 14);
        uint64_t seed = ref_casual_random(&rng);
        ref_casual_random_board(mines, rows, cols, densities[i % 5], seed);
        compare_board(mines, rows, cols, 1, seed);
    }
}

static void test_chain_boards(void)
{
    static const char *const tile[] = { ".....M", "...M..", "......", ".....M", ".M...M" };
    unsigned char *mines = malloc(120 * 120);
    uint32_t size, r, c;
    if (mines == NULL)
        abort();
    for (size = 20; size <= 120; size += 25) {
        for (r = 0; r < size; r++)
            for (c = 0; c < size; c++)
                mines[r * size + c] = tile[r % 5][c % 6] == 'M';
        compare_board(mines, size, size, size <= 30, size);
    }
    for (size = 0; size < 4; size++) {
        ref_casual_random_board(mines, 120, 120, 230, size);
        compare_board(mines, 120, 120, 0, size);
    }
    free(mines);
}

int main(void)
{
    RUN_TEST(test_random_boards);
    RUN_TEST(test_chain_boards);
    return check_summary("test_casual_renumber");
}
