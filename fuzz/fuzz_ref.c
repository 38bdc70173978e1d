/*
 * fuzz_ref.c - see fuzz_ref.h.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_ref.h"
#include "ref_master.h"

/* ---- one-click win ------------------------------------------------------ */

bool fuzz_ref_master_possible(uint32_t rows, uint32_t cols, uint32_t mines)
{
    /* Harness-side cache of the brute force, one run per board shape. */
    static bool known[21][21];
    static bool possible[21][21][21];
    uint32_t safe = rows * cols - mines;
    bool rule = ref_master_possible(rows, cols, safe);

    if ((uint64_t)rows * cols <= 20) {
        if (!known[rows][cols]) {
            ref_master_brute_force(rows, cols, possible[rows][cols]);
            known[rows][cols] = true;
        }
        FUZZ_CHECK(rule == possible[rows][cols][safe],
                   "the references disagree on %ux%u with %u mines", rows, cols, mines);
    }
    return rule;
}

/* Boards up to this many cells are also played on the core's engine. */
#define MASTER_PLAY_MAX_CELLS 40000u

const char *fuzz_ref_master_check_board(const char *board, uint32_t rows, uint32_t cols,
                                        uint32_t mines)
{
    size_t n = (size_t)rows * cols, bytes, i, click = 0;
    const char *problem = ref_master_check(board, rows, cols, mines);
    void *memory;
    sap_game *game;
    int rc;

    if (problem != NULL || n > MASTER_PLAY_MAX_CELLS)
        return problem;
    bytes = SAP_GAME_BYTES(rows, cols);
    memory = malloc(bytes);
    FUZZ_CHECK(memory != NULL, "malloc(%zu)", bytes);
    rc = sap_game_init(&game, memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "game init %ux%u: %d", rows, cols, rc);
    for (i = 0; i < n; i++) {
        if (board[i] == '*')
            FUZZ_CHECK(sap_game_set_mine(game, (uint32_t)(i / cols), (uint32_t)(i % cols), true)
                           == SAP_OK,
                       "set_mine");
        else if (board[i] == 'c')
            click = i;
    }
    if (sap_game_move(game, SAP_OP_LEFT, (uint32_t)(click / cols) + 1,
                      (uint32_t)(click % cols) + 1)
        != SAP_WIN)
        problem = "one click on the game engine does not win";
    free(memory);
    return problem;
}

/* ---- layouts of a position -------------------------------------------- */

#define WALK_MAX 32u

struct walk {
    uint32_t mines, frontier_count, free_count;
    uint32_t frontier[WALK_MAX];   /* covered cells next to a number */
    uint32_t numbers[WALK_MAX][8]; /* each one's numbers (cell indexes) */
    uint32_t number_count[WALK_MAX];
    int need[LAYOUTS_MAX_CELLS];      /* an opened cell's mines not yet placed */
    int open_left[LAYOUTS_MAX_CELLS]; /* its covered neighbours not yet decided */
    uint64_t choose[WALK_MAX + 1][WALK_MAX + 1];
    uint64_t free_mine_in; /* layouts with a mine on any one free cell */
    uint64_t *mine_in;
};

/* Completions of the layout decided for frontier[0..depth) with `placed`
 * mines: how many, adding each one's mines to mine_in. */
static uint64_t walk(struct walk *w, uint32_t depth, uint32_t placed)
{
    uint64_t total = 0;
    uint32_t cell, k, mine;
    if (depth == w->frontier_count) {
        uint32_t left = w->mines - placed;
        if (left > w->free_count)
            return 0;
        if (left > 0)
            w->free_mine_in += w->choose[w->free_count - 1][left - 1];
        return w->choose[w->free_count][left];
    }
    cell = w->frontier[depth];
    for (mine = 0; mine <= 1; mine++) {
        bool fits = placed + mine <= w->mines;
        uint64_t n;
        for (k = 0; k < w->number_count[depth]; k++) {
            uint32_t x = w->numbers[depth][k];
            w->need[x] -= (int)mine;
            w->open_left[x]--;
            fits = fits && w->need[x] >= 0 && w->need[x] <= w->open_left[x];
        }
        n = fits ? walk(w, depth + 1, placed + mine) : 0;
        for (k = 0; k < w->number_count[depth]; k++) {
            uint32_t x = w->numbers[depth][k];
            w->need[x] += (int)mine;
            w->open_left[x]++;
        }
        if (mine)
            w->mine_in[cell] += n;
        total += n;
    }
    return total;
}

static bool is_number(char v)
{
    return v >= '0' && v <= '8';
}

void fuzz_ref_layouts(const sap_game *g, struct layouts *b)
{
    struct walk w;
    uint32_t rows = sap_game_rows(g), cols = sap_game_cols(g), cells = rows * cols, i, j;
    uint32_t covered = 0, free_cells[WALK_MAX];
    char view[LAYOUTS_MAX_CELLS];

    memset(b, 0, sizeof *b);
    if (cells > LAYOUTS_MAX_CELLS)
        return;
    memset(&w, 0, sizeof w);
    w.mines = sap_game_mines(g);
    w.mine_in = b->mine_in;
    for (i = 0; i <= WALK_MAX; i++)
        for (j = 0; j <= i; j++)
            w.choose[i][j] = j == 0 || j == i ? 1 : w.choose[i - 1][j - 1] + w.choose[i - 1][j];
    for (i = 0; i < cells; i++)
        view[i] = sap_game_cell(g, i / cols, i % cols);
    for (i = 0; i < cells; i++) {
        uint32_t r = i / cols, c = i % cols, n = 0, dr, dc;
        if (is_number(view[i])) {
            w.need[i] = view[i] - '0';
            continue;
        }
        if (++covered > WALK_MAX)
            return;
        /* its numbers: the opened neighbours */
        for (dr = r > 0 ? r - 1 : 0; dr <= r + 1 && dr < rows; dr++)
            for (dc = c > 0 ? c - 1 : 0; dc <= c + 1 && dc < cols; dc++)
                if ((dr != r || dc != c) && is_number(view[dr * cols + dc]))
                    w.numbers[w.frontier_count][n++] = dr * cols + dc;
        if (n == 0) {
            free_cells[w.free_count++] = i;
        } else {
            w.number_count[w.frontier_count] = n;
            w.frontier[w.frontier_count++] = i;
        }
    }
    for (i = 0; i < w.frontier_count; i++)
        for (j = 0; j < w.number_count[i]; j++)
            w.open_left[w.numbers[i][j]]++;
    /* a number with more mines than covered neighbours fits no layout */
    for (i = 0; i < cells; i++)
        if (is_number(view[i]) && w.need[i] > w.open_left[i])
            goto check;
    b->total = walk(&w, 0, 0);
    for (i = 0; i < w.free_count; i++)
        b->mine_in[free_cells[i]] = w.free_mine_in;
check:
    if (covered <= FUZZ_LAYOUTS_CHECKED) {
        struct layouts want;
        layouts_count(g, &want);
        FUZZ_CHECK(want.total == b->total, "the layouts counted two ways: %llu, %llu",
                   (unsigned long long)b->total, (unsigned long long)want.total);
        for (i = 0; i < cells; i++)
            FUZZ_CHECK(want.mine_in[i] == b->mine_in[i],
                       "the layouts with a mine on cell %u counted two ways: %llu, %llu", i,
                       (unsigned long long)b->mine_in[i], (unsigned long long)want.mine_in[i]);
    }
}
