/*
 * test_nurikabe.c - the Nurikabe verifier: its arguments, a hand-made
 * grid for every rule and every point core/README.md (Nurikabe verifier)
 * settles, and a differential run against tests/lib/ref_nurikabe.c on
 * thousands of random grids up to 100 x 100, plus a few 1000 x 1000 ones
 * (long walks, no recursion).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/ref_nurikabe.h"
#include "sapper.h"

/* Verifies g with the core, in a block of exactly SAP_NURIKABE_BYTES so
 * that ASan sees any access past it. */
/* Verifies again with sap_nurikabe_verify_step, `budget` steps a call
 * (sapper.h section 2); a change (re-shading a cell as it is) starts it
 * over.  *calls counts the calls. */
static int step_verify(sap_nurikabe *grid, const struct ref_nurikabe_grid *g, uint32_t budget,
                       unsigned long *calls)
{
    bool solved = false;
    int err;
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 0, 0, g->shaded[0] != 0), SAP_OK);
    do {
        err = sap_nurikabe_verify_step(grid, budget, &solved);
        if (calls != NULL)
            ++*calls;
    } while (err == SAP_MORE);
    CHECK_EQ_INT(err, SAP_OK);
    return solved ? 1 : 0;
}

/* The shading loaded again with sap_nurikabe_set_row, over the inverse of
 * it (so that both '#' and '.' must overwrite), each row in two runs split
 * at a column that varies; then verified. */
static int reload_by_rows(sap_nurikabe *grid, const struct ref_nurikabe_grid *g)
{
    size_t cols = (size_t)g->cols;
    char *text = malloc(cols);
    int r, pass;
    if (text == NULL)
        abort();
    for (pass = 0; pass < 2; pass++) {
        for (r = 0; r < g->rows; r++) {
            uint32_t split = (uint32_t)((size_t)r * 7u % (cols + 1u));
            size_t c;
            for (c = 0; c < cols; c++)
                text[c] = (g->shaded[(size_t)r * cols + c] != 0) != (pass == 0) ? '#' : '.';
            CHECK_EQ_INT(sap_nurikabe_set_row(grid, (uint32_t)r, 0, text, split), SAP_OK);
            CHECK_EQ_INT(sap_nurikabe_set_row(grid, (uint32_t)r, split, text + split,
                                              (uint32_t)cols - split),
                         SAP_OK);
        }
        if (pass == 0)
            (void)sap_nurikabe_verify(grid); /* marks left by a verify must not matter */
    }
    free(text);
    return sap_nurikabe_verify(grid);
}

static int core_verify(const struct ref_nurikabe_grid *g)
{
    size_t bytes = SAP_NURIKABE_BYTES(g->rows, g->cols, g->count);
    void *memory = malloc(bytes);
    sap_nurikabe *grid;
    int i, verdict;

    if (memory == NULL)
        abort();
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, bytes, (uint32_t)g->rows, (uint32_t)g->cols,
                                   (uint32_t)g->count),
                 SAP_OK);
    for (i = 0; i < g->count; i++)
        CHECK_EQ_INT(sap_nurikabe_set_number(grid, (uint32_t)g->numbers[i].row,
                                             (uint32_t)g->numbers[i].col, g->numbers[i].value),
                     SAP_OK);
    for (i = 0; i < g->rows * g->cols; i++)
        if (g->shaded[i])
            CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, (uint32_t)(i / g->cols),
                                                 (uint32_t)(i % g->cols), true),
                         SAP_OK);
    verdict = sap_nurikabe_verify(grid);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), verdict); /* a second verify agrees */
    CHECK_EQ_INT(reload_by_rows(grid, g), verdict);
    /* the bounded form, a budget of 1 and of 7 steps a call, agrees too */
    CHECK_EQ_INT(step_verify(grid, g, 1, NULL), verdict);
    CHECK_EQ_INT(step_verify(grid, g, 7, NULL), verdict);
    free(memory);
    return verdict;
}

/* A grid drawn as text, one string per row: '#' shaded, '.' unshaded,
 * '1'..'9' an unshaded cell with that number, 'A'..'I' a shaded cell with
 * the number 1..9. */
static void draw(struct ref_nurikabe_grid *g, int rows, const char *const *text)
{
    int cols = (int)strlen(text[0]), r, c;
    ref_nurikabe_grid_init(g, rows, cols);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            char ch = text[r][c];
            g->shaded[r * cols + c] = ch == '#' || (ch >= 'A' && ch <= 'I');
            if (ch >= '1' && ch <= '9')
                ref_nurikabe_add_number(g, r, c, (uint32_t)(ch - '0'));
            if (ch >= 'A' && ch <= 'I')
                ref_nurikabe_add_number(g, r, c, (uint32_t)(ch - 'A' + 1));
        }
}

/* Checks a drawn grid's verdict with the core and with the reference. */
#define EXPECT(want, ...)                                                                      \
    do {                                                                                       \
        static const char *const rows_[] = { __VA_ARGS__ };                                    \
        expect_verdict(want, (int)(sizeof rows_ / sizeof rows_[0]), rows_, __LINE__);          \
    } while (0)

static void expect_verdict(int want, int rows, const char *const *text, int line)
{
    struct ref_nurikabe_grid g;
    int core, reference;
    draw(&g, rows, text);
    core = core_verify(&g);
    reference = ref_nurikabe_verify(&g);
    if (!CHECK_EQ_INT(core, want) || !CHECK_EQ_INT(reference, want))
        fprintf(stderr, "  grid at line %d (core %d, reference %d)\n", line, core, reference);
    ref_nurikabe_grid_free(&g);
}

static void test_arguments(void)
{
    static uint32_t memory[1024];
    sap_nurikabe *grid;

    CHECK(SAP_NURIKABE_BYTES(100, 100, 50) <= 64 + 2 * 100 * 100 + 8 * 50);
    CHECK_EQ_INT(sap_nurikabe_init(NULL, memory, sizeof memory, 2, 2, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, sizeof memory, 0, 2, 0), SAP_ERR_ARG);
    CHECK(grid == NULL);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, sizeof memory, 2, 0, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, sizeof memory, SAP_MAX_ROWS + 1, 1, 0),
                 SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, sizeof memory, 1, SAP_MAX_COLS + 1, 0),
                 SAP_ERR_SIZE);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, sizeof memory, 2, 2, 5), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, NULL, sizeof memory, 2, 2, 0), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, SAP_NURIKABE_BYTES(3, 3, 2) - 1, 3, 3, 2),
                 SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, (char *)memory + 1, sizeof memory - 4, 3, 3, 2),
                 SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, SAP_NURIKABE_BYTES(3, 3, 2), 3, 3, 2),
                 SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 3, 0, 1), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 0, 3, 1), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 0, 0, 0), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 0, 0, 4), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 0, 0, 4), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 2, 2, 4), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 1, 1, 1), SAP_ERR_STATE);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 3, 0, true), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 0, 3, true), SAP_ERR_RANGE);
    /* a run must stay in its row and hold only '#' and '.': else nothing
     * changes (the grid below stays unshaded, one region of 9) */
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 3, 0, "###", 3), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 1, "###", 3), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 4, "", 0), SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 1, 0, "#x#", 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 1, 0, "##*", 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 1, 0, NULL, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_row(NULL, 1, 0, "#", 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 1, 3, NULL, 0), SAP_OK);
    /* 4 . .    4 . #
     * . . .    . # .   (then the shading is undone cell by cell)
     * . . 4    # . 4 */
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0); /* one region of 9 with two numbers */
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 0, 2, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 1, 1, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 2, 0, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0); /* shaded cells touch only at corners */
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 0, 2, false), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 2, 0, false), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0); /* one region of 8 with two 4s */
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 1, 1, false), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 0, 1, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 1, 1, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 1, 2, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0); /* regions of 2 and 4 holding 4 and 4 */
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 1, 0, true), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0); /* (0,0) alone now: 1 cell, number 4 */
}

/* A run long enough for the hosts' eight-bytes-a-word path (two words
 * and a tail): a bad byte at any place, in a word or in the tail, refuses
 * the whole run and changes nothing; the bytes include ones that differ
 * from '#' or '.' only in the high bit. */
static void test_row_words(void)
{
    enum { COLS = 21 };
    static const char bad[] = { 'x',    (char)('#' | 0x80), (char)('.' | 0x80), '\0', '#' + 1,
                                '.' - 1 };
    static uint32_t memory[(SAP_NURIKABE_BYTES(1, COLS, 0) + 3) / 4];
    sap_nurikabe *grid;
    char text[COLS];
    size_t k, b;

    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, sizeof memory, 1, COLS, 0), SAP_OK);
    memset(text, '#', sizeof text);
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 0, text, COLS), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 1); /* one shaded row: solved */
    for (k = 0; k < COLS; k++) {
        for (b = 0; b < sizeof bad; b++) {
            memset(text, '.', sizeof text);
            text[k] = bad[b];
            CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 0, text, COLS), SAP_ERR_ARG);
        }
        /* any cell unshaded would be a region without a number */
        CHECK_EQ_INT(sap_nurikabe_verify(grid), 1);
    }
    memset(text, '#', sizeof text);
    text[COLS - 1] = '.'; /* the tail's last cell */
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 0, text, COLS), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0);
    text[COLS - 1] = '#';
    text[3] = '.'; /* a word's */
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 0, text, COLS), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 0);
    text[3] = '#';
    CHECK_EQ_INT(sap_nurikabe_set_row(grid, 0, 0, text, COLS), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify(grid), 1);
}

static void test_tiny_grids(void)
{
    EXPECT(1, "1");
    EXPECT(0, ".");        /* a region without a number */
    EXPECT(1, "#");        /* nothing unshaded, one shaded cell: every rule holds */
    EXPECT(0, "A");        /* a shaded number */
    EXPECT(0, "2");        /* the number is not the region's size */
    EXPECT(0, "##", "##"); /* nothing unshaded, but a 2x2 pool */
    EXPECT(1, "#", "#");
}

static void test_rules(void)
{
    /* no shaded cell at all: the connection rule holds */
    EXPECT(1, "6..", "...");
    EXPECT(1, "...", ".9.", "...");
    EXPECT(0, "6..", "..1"); /* but two numbers in one region still fail */

    /* only blank cells may be shaded */
    EXPECT(0, "1#A");
    EXPECT(1, "1##");
    /* the shaded 2 "counts" its neighbour (0,1) as its island, and the
     * unnumbered (2,0) makes up the difference in the cell totals: only the
     * first rule itself sees the fault */
    EXPECT(0, "B.#", "###", ".#1");

    /* the shaded cells are one 4-connected group */
    EXPECT(0, "#1#");
    EXPECT(0, "#1", "1#"); /* corners do not connect shaded cells */
    EXPECT(1, "#1", "##");

    /* every region: exactly one number, equal to its size */
    EXPECT(0, "1.1"); /* two numbers */
    EXPECT(0, "2.."); /* too small a number */
    EXPECT(0, "4.."); /* too large a number */
    EXPECT(1, "3..");
    EXPECT(0, "1#."); /* a region without number */
    EXPECT(0, "11");  /* numbers sharing an edge: one region, two numbers */
    EXPECT(0, "1A");  /* ... or a shaded number */

    /* every unshaded cell reaches the edge, corners allowed */
    EXPECT(1, "3.#2", ".##.", "##1#", "1###");
    EXPECT(0, "3.#1", ".###", "##1#",
           "1###"); /* (2,2) is walled in: its 8 neighbours are shaded */
    EXPECT(0, "9....", ".###.", ".#1#.", ".###.",
           "....."); /* the same, with every other rule kept (the 9 is wrong too) */
    EXPECT(0, "G....", ".###.", ".#1#.", ".###.",
           "....."); /* 'G' would be 7 shaded: a shaded number as well */

    /* no 2x2 square all shaded */
    EXPECT(0, "##.", "##.", "..5");
    EXPECT(1, "##.", "#..", "..6");
    EXPECT(0, "###", "###");
    EXPECT(1, "###", "#1#");
}

/* The walled-in island with every other rule right (16 is too large for
 * a drawn digit), then the wall opened at one corner of the island. */
static void test_walled_in_island(void)
{
    static const char *const text[] = { ".....", ".###.", ".#1#.", ".###.", "....." };
    struct ref_nurikabe_grid g;
    draw(&g, 5, text);
    ref_nurikabe_add_number(&g, 0, 0, 16);
    CHECK_EQ_INT(ref_nurikabe_verify(&g), 0);
    CHECK_EQ_INT(core_verify(&g), 0);
    /* (1,3) unshaded joins the outer region (now 17 cells) and touches the
     * 1 at a corner only: the 1 stays its own region but reaches the edge;
     * the wall is still one group through (3,3) */
    g.shaded[1 * 5 + 3] = 0;
    g.numbers[1].value = 17;
    CHECK_EQ_INT(ref_nurikabe_verify(&g), 1);
    CHECK_EQ_INT(core_verify(&g), 1);
    ref_nurikabe_grid_free(&g);
}

/* Huge numbers are answered, not wrapped. */
static void test_huge_number(void)
{
    struct ref_nurikabe_grid g;
    ref_nurikabe_grid_init(&g, 2, 2);
    ref_nurikabe_add_number(&g, 0, 0, 4294967295u);
    CHECK_EQ_INT(core_verify(&g), 0);
    g.numbers[0].value = 4;
    CHECK_EQ_INT(core_verify(&g), 1);
    ref_nurikabe_grid_free(&g);
}

/* Thousands of random grids, core against reference. */
static void test_differential(void)
{
    struct ref_nurikabe_rng rng = { 20261121u };
    int trial, solved = 0, not_solved = 0, large_solved = 0, large_not = 0;

    for (trial = 0; trial < 3000; trial++) {
        struct ref_nurikabe_grid g;
        int rows, cols, reference, core, changes;
        /* mostly grown solutions, some with closed-off cells, some noise */
        unsigned kind = ref_nurikabe_below(&rng, 8);
        enum ref_nurikabe_shading shading = kind < 5   ? REF_NURIKABE_SOLVED
                                            : kind < 7 ? REF_NURIKABE_HOLES
                                                       : REF_NURIKABE_RANDOM;
        if (trial % 10 == 0) {
            rows = 1 + (int)ref_nurikabe_below(&rng, 100);
            cols = 1 + (int)ref_nurikabe_below(&rng, 100);
        } else {
            rows = 1 + (int)ref_nurikabe_below(&rng, 12);
            cols = 1 + (int)ref_nurikabe_below(&rng, 12);
        }
        ref_nurikabe_grid_init(&g, rows, cols);
        ref_nurikabe_generate(&g, &rng, shading,
                              shading != REF_NURIKABE_RANDOM ? 20 + ref_nurikabe_below(&rng, 60)
                                                             : ref_nurikabe_below(&rng, 70));
        if (shading == REF_NURIKABE_SOLVED && ref_nurikabe_verify(&g) != 1) {
            fprintf(stderr, "generator made an unsolved %dx%d grid\n", rows, cols);
            CHECK(0);
        }
        changes = ref_nurikabe_below(&rng, 2) == 0 ? 0 : 1 + (int)ref_nurikabe_below(&rng, 2);
        while (changes-- > 0)
            ref_nurikabe_perturb(&g, &rng);
        reference = ref_nurikabe_verify(&g);
        core = core_verify(&g);
        if (!CHECK_EQ_INT(core, reference))
            fprintf(stderr, "  trial %d: %dx%d\n", trial, rows, cols);
        solved += reference == 1;
        not_solved += reference == 0;
        if (rows * cols >= 2500) {
            large_solved += reference == 1;
            large_not += reference == 0;
        }
        ref_nurikabe_grid_free(&g);
    }
    printf("differential: %d solved, %d not solved (%d / %d of them 2500+ cells)\n", solved,
           not_solved, large_solved, large_not);
    CHECK(solved > 600);
    CHECK(not_solved > 600);
    CHECK(large_solved > 20);
    CHECK(large_not > 20);
}

/* 1000 x 1000: one region of a million cells, and a shaded snake of half
 * a million cells that a recursive walk could not survive. */
/* One call does about its budget: a 1000 x 1000 grid (one island of the
 * whole board) needs over a thousand calls of 1000 steps; a change in the
 * middle starts the verification over; NULL is an error. */
static void test_bounded_steps(void)
{
    struct ref_nurikabe_grid g;
    uint32_t n = SAP_MAX_ROWS;
    size_t bytes = SAP_NURIKABE_BYTES(n, n, 1);
    void *memory = malloc(bytes);
    sap_nurikabe *grid;
    unsigned long calls = 0;
    bool solved = false;
    int k;

    if (!CHECK(memory != NULL))
        return;
    ref_nurikabe_grid_init(&g, (int)n, (int)n);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, memory, bytes, n, n, 1), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_set_number(grid, 0, 0, n * n), SAP_OK);
    CHECK_EQ_INT(step_verify(grid, &g, 1000, &calls), 1);
    CHECK(calls > 1000);
    /* half way through, a shaded cell: the verdict follows the change */
    CHECK_EQ_INT(sap_nurikabe_verify_step(grid, 1000, &solved), SAP_OK); /* still done */
    CHECK(solved);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 0, 0, false), SAP_OK); /* starts over */
    for (k = 0; k < 500; k++)
        CHECK_EQ_INT(sap_nurikabe_verify_step(grid, 1000, &solved), SAP_MORE);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(grid, 5, 5, true), SAP_OK);
    while (sap_nurikabe_verify_step(grid, 1000, &solved) == SAP_MORE)
        continue;
    CHECK(!solved);
    CHECK_EQ_INT(sap_nurikabe_verify_step(NULL, 1, &solved), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_verify_step(grid, 1, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_verify(NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_number(NULL, 0, 0, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(NULL, 0, 0, true), SAP_ERR_ARG);
    ref_nurikabe_grid_free(&g);
    free(memory);
}

static void test_largest_grids(void)
{
    struct ref_nurikabe_grid g;
    int r, c;

    ref_nurikabe_grid_init(&g, 1000, 1000);
    ref_nurikabe_add_number(&g, 500, 500, 1000000);
    CHECK_EQ_INT(core_verify(&g), 1);
    g.shaded[0] = 1;
    CHECK_EQ_INT(core_verify(&g), 0);
    ref_nurikabe_grid_free(&g);

    /* a shaded snake of 500,499 cells: every even row, joined at
     * alternating ends through one cell of the odd row between; the rest of
     * each odd row is an island touching the edge.  Solved, and the walk
     * over the shaded cells is half a million steps deep */
    ref_nurikabe_grid_init(&g, 1000, 1000);
    for (r = 0; r < 1000; r++) {
        for (c = 0; c < 1000; c++)
            g.shaded[r * 1000 + c] = r % 2 == 0;
        if (r % 2 == 1 && r < 999)
            g.shaded[r * 1000 + ((r / 2) % 2 == 0 ? 999 : 0)] = 1;
        if (r % 2 == 1)
            ref_nurikabe_add_number(&g, r, 500, r < 999 ? 999u : 1000u);
    }
    CHECK_EQ_INT(ref_nurikabe_verify(&g), 1);
    CHECK_EQ_INT(core_verify(&g), 1);
    g.shaded[999 * 1000 + 1] = 1; /* the last island split in two */
    CHECK_EQ_INT(core_verify(&g), 0);
    ref_nurikabe_grid_free(&g);

    /* a solved 1000 x 1000 grid from the generator */
    {
        struct ref_nurikabe_rng rng = { 7 };
        ref_nurikabe_grid_init(&g, 1000, 1000);
        ref_nurikabe_generate(&g, &rng, REF_NURIKABE_SOLVED, 55);
        CHECK_EQ_INT(ref_nurikabe_verify(&g), 1);
        CHECK_EQ_INT(core_verify(&g), 1);
        ref_nurikabe_perturb(&g, &rng);
        CHECK_EQ_INT(core_verify(&g), ref_nurikabe_verify(&g));
        ref_nurikabe_grid_free(&g);
    }
}

int main(void)
{
    RUN_TEST(test_arguments);
    RUN_TEST(test_tiny_grids);
    RUN_TEST(test_row_words);
    RUN_TEST(test_rules);
    RUN_TEST(test_walled_in_island);
    RUN_TEST(test_huge_number);
    RUN_TEST(test_differential);
    RUN_TEST(test_largest_grids);
    RUN_TEST(test_bounded_steps);
    return check_summary("test_nurikabe");
}
