/*
 * test_generate.c - no-guess boards (core/generate.c) checked by players
 * that share nothing with the generator but the game:
 *   - CASUAL boards by the statement's casual player, word for word
 *     (tests/lib/ref_casual.c: whole-board sweeps of rules 1 and 2 from the
 *     first click), which must clear every safe cell;
 *   - NOGUESS boards by a player that opens only cells the deduction
 *     engine proves safe, which must win;
 * and through the protocol, by players that see only the replies: one
 * that follows HINT and must never hear GUESS, one that reads SHOW and
 * applies rules 1 and 2 itself.  Also: the mine count and the clear zone
 * at the click, one board per seed whatever the budget, the passes over
 * the board split into budgets, a board laid into a game a cell a step,
 * the refusals.
 */
#include "check.h"
#include "sapper.h"
#include "lib/heap_memory.h"
#include "lib/players.h"
#include "lib/session_drive.h"
#include "lib/ref_casual.h"
#include "lib/xorshift.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint32_t rnd(uint32_t n)
{
    return xorshift_below(&rng, n);
}

struct board {
    uint32_t rows, cols, mines, seed, row, col;
    enum sap_level level;
    unsigned char *mine; /* rows * cols, nonzero = mine */
};

/* Generates b with `budget` steps a call; fills b->mine on success. */
static int generate(struct board *b, uint32_t budget)
{
    size_t bytes = SAP_GENERATE_BYTES(b->rows, b->cols);
    void *block = malloc(bytes);
    sap_generate *g;
    uint32_t r, c;
    int err = sap_generate_init(&g, block, bytes, b->rows, b->cols, b->mines, b->seed, b->level,
                                b->row, b->col);
    if (err == SAP_OK)
        while ((err = sap_generate_step(g, budget)) == SAP_MORE)
            continue;
    if (err == SAP_OK)
        for (r = 0; r < b->rows; r++)
            for (c = 0; c < b->cols; c++)
                b->mine[r * b->cols + c] = sap_generate_mine_at(g, r, c);
    free(block);
    return err;
}

static bool logic_clears(const struct board *b)
{
    return player_logic_clears(b->mine, b->rows, b->cols, b->row, b->col);
}

static bool casual_clears(const struct board *b)
{
    uint32_t cells = b->rows * b->cols, x, mines = 0;
    unsigned char *state = malloc(cells);
    uint32_t cleared = ref_casual_closure(b->mine, b->rows, b->cols, b->row * b->cols + b->col,
                                          state);
    for (x = 0; x < cells; x++)
        mines += b->mine[x] != 0;
    free(state);
    return cleared == cells - mines;
}

/* The mine count asked for; the click's 3x3 block clear when there is room. */
static bool laid_as_asked(const struct board *b)
{
    uint32_t x, mines = 0, zone = 0, zone_mines = 0;
    for (x = 0; x < b->rows * b->cols; x++) {
        uint32_t r = x / b->cols, c = x % b->cols;
        bool near = r + 1 >= b->row && r <= b->row + 1 && c + 1 >= b->col && c <= b->col + 1;
        mines += b->mine[x] != 0;
        zone += near;
        zone_mines += near && b->mine[x];
    }
    if (b->mine[b->row * b->cols + b->col] || mines != b->mines)
        return false;
    return b->mines > b->rows * b->cols - zone || zone_mines == 0;
}

static void test_boards_clear(void)
{
    static const uint32_t budgets[] = { 1, 7, 1000, SAP_BUDGET_UNLIMITED };
    uint32_t served[3] = { 0, 0, 0 }, refused[3] = { 0, 0, 0 }, round;
    for (round = 0; round < 3000 && check_failures_in_test == 0; round++) {
        struct board b;
        uint32_t cells;
        int err;
        b.rows = 1 + rnd(16);
        b.cols = 1 + rnd(30);
        cells = b.rows * b.cols;
        b.mines = rnd(cells * (round % 3 == 0 ? 90u : 30u) / 100u + 1u);
        if (b.mines >= cells)
            b.mines = cells - 1;
        b.seed = rnd(1u << 30);
        b.level = round % 2 ? SAP_LEVEL_CASUAL : SAP_LEVEL_NOGUESS;
        b.row = rnd(b.rows);
        b.col = rnd(b.cols);
        b.mine = malloc(cells);
        err = generate(&b, budgets[round % 4]);
        if (err == SAP_OK) {
            served[b.level]++;
            CHECK(laid_as_asked(&b));
            if (b.level == SAP_LEVEL_CASUAL)
                CHECK(casual_clears(&b));
            else
                CHECK(logic_clears(&b));
        } else {
            CHECK_EQ_INT(err, SAP_ERR_SIZE); /* said, not served */
            refused[b.level]++;
        }
        if (check_failures_in_test)
            fprintf(stderr, "  round %u: %ux%u, %u mines, seed %u, level %d, click %u %u\n",
                    round, b.rows, b.cols, b.mines, b.seed, (int)b.level, b.row, b.col);
        free(b.mine);
    }
    fprintf(stderr, "  casual: %u served, %u refused; noguess: %u served, %u refused\n",
            served[SAP_LEVEL_CASUAL], refused[SAP_LEVEL_CASUAL], served[SAP_LEVEL_NOGUESS],
            refused[SAP_LEVEL_NOGUESS]);
    CHECK(served[SAP_LEVEL_CASUAL] > 1000);
    CHECK(served[SAP_LEVEL_NOGUESS] > 1000);
}

/* Expert boards at both levels, every attempt served. */
static void test_expert_boards(void)
{
    uint32_t seed;
    for (seed = 0; seed < 100 && check_failures_in_test == 0; seed++) {
        unsigned char mine[480];
        struct board b = { 16, 30, 99, seed, 7, 14, SAP_LEVEL_NOGUESS, mine };
        if (seed % 2)
            b.level = SAP_LEVEL_CASUAL;
        if (!CHECK_EQ_INT(generate(&b, 4096), SAP_OK))
            continue;
        CHECK(laid_as_asked(&b));
        CHECK(b.level == SAP_LEVEL_CASUAL ? casual_clears(&b) : logic_clears(&b));
    }
}

/* One board per seed, size, level and click, whatever the budget. */
static void test_deterministic(void)
{
    unsigned char a[480], c[480];
    struct board x = { 16, 30, 120, 99, 3, 3, SAP_LEVEL_NOGUESS, a };
    struct board y = { 16, 30, 120, 99, 3, 3, SAP_LEVEL_NOGUESS, c };
    CHECK_EQ_INT(generate(&x, SAP_BUDGET_UNLIMITED), SAP_OK);
    CHECK_EQ_INT(generate(&y, 1), SAP_OK);
    CHECK(memcmp(a, c, sizeof a) == 0);
    y.seed = 100;
    CHECK_EQ_INT(generate(&y, 13), SAP_OK);
    CHECK(memcmp(a, c, sizeof a) != 0);
    /* a casual board that takes perturbations, at budgets of one step,
     * of a few, and unlimited */
    x.level = y.level = SAP_LEVEL_CASUAL;
    x.mines = y.mines = 150;
    y.seed = 99;
    CHECK_EQ_INT(generate(&x, SAP_BUDGET_UNLIMITED), SAP_OK);
    CHECK_EQ_INT(generate(&y, 1), SAP_OK);
    CHECK(memcmp(a, c, sizeof a) == 0);
    memset(c, 0, sizeof c);
    CHECK_EQ_INT(generate(&y, 7), SAP_OK);
    CHECK(memcmp(a, c, sizeof a) == 0);
}

/* The generator's passes over the board are charged a cell a step: at
 * the casual level, laying the mines and laying out the player's board
 * take a budget of 1000 steps a thousand cells each, so the first
 * perturbation comes after at least two such budgets a thousand cells.
 * (A perturbation itself need not pass over the board: the casual player
 * keeps its places' counts and goes on from where it stalled.)  The
 * perturbations after it each take a call or more, and the board comes. */
static void test_passes_split(void)
{
    uint32_t rows = 120, cols = 120, budget = 1000, calls = 0, first = 0;
    size_t bytes = SAP_GENERATE_BYTES(rows, cols);
    void *block = malloc(bytes);
    sap_generate *g;
    int err;
    if (!CHECK(block != NULL))
        return;
    CHECK_EQ_INT(sap_generate_init(&g, block, bytes, rows, cols, rows * cols / 4, 5,
                                   SAP_LEVEL_CASUAL, rows / 2, cols / 2),
                 SAP_OK);
    while ((err = sap_generate_step(g, budget)) == SAP_MORE) {
        calls++;
        if (first == 0 && sap_generate_tries(g) > 0)
            first = calls;
    }
    CHECK_EQ_INT(err, SAP_OK);
    CHECK(first >= 2 * rows * cols / budget);
    CHECK(sap_generate_tries(g) >= 4);                /* a board where the player stalls */
    CHECK(calls > first + sap_generate_tries(g) / 2); /* they were not all made at once */
    free(block);
}

static bool mine_in_board(const void *context, uint32_t row, uint32_t col)
{
    const struct board *b = context;
    return b->mine[row * b->cols + col] != 0;
}

/* A generated board laid into a game a cell a step: the same game as laid
 * at once; meanwhile the game is busy and refuses moves.  A layout with
 * the wrong mine count is refused and lays nothing. */
static void test_layout_in_steps(void)
{
    unsigned char mines[480];
    struct board b = { 16, 30, 99, 7, 8, 15, SAP_LEVEL_NOGUESS, mines };
    size_t bytes = SAP_GAME_BYTES(16, 30);
    void *m1 = malloc(bytes), *m2 = malloc(bytes);
    sap_game *whole, *steps;
    uint32_t calls = 0, r, c;
    int err;
    if (!CHECK(m1 != NULL && m2 != NULL)
        || !CHECK_EQ_INT(generate(&b, SAP_BUDGET_UNLIMITED), SAP_OK)) {
        free(m1);
        free(m2);
        return;
    }
    CHECK_EQ_INT(sap_game_init(&whole, m1, bytes, 16, 30), SAP_OK);
    CHECK_EQ_INT(sap_game_init(&steps, m2, bytes, 16, 30), SAP_OK);
    CHECK_EQ_INT(sap_game_set_random(whole, 99, 7), SAP_OK);
    CHECK_EQ_INT(sap_game_set_random(steps, 98, 7), SAP_OK);
    CHECK_EQ_INT(sap_game_set_layout_step(steps, mine_in_board, &b, 1000), SAP_ERR_ARG);
    CHECK(!sap_game_busy(steps) && !sap_game_mines_laid(steps));
    CHECK_EQ_INT(sap_game_set_random(steps, 99, 7), SAP_OK);
    CHECK_EQ_INT(sap_game_set_layout(whole, mine_in_board, &b), SAP_OK);
    while ((err = sap_game_set_layout_step(steps, mine_in_board, &b, 1)) == SAP_MORE) {
        calls++;
        CHECK(sap_game_busy(steps));
        if (calls == 100) {
            CHECK_EQ_INT(sap_game_move_begin(steps, SAP_OP_LEFT, 9, 16), SAP_ERR_STATE);
            CHECK_EQ_INT(sap_game_move_step(steps, 10), SAP_ERR_STATE);
        }
    }
    CHECK_EQ_INT(err, SAP_OK);
    CHECK_EQ_INT(calls, 2 * 16 * 30 - 1); /* every cell counted, then laid */
    CHECK(sap_game_mines_laid(steps) && !sap_game_busy(steps));
    for (r = 0; r < 16; r++)
        for (c = 0; c < 30; c++)
            CHECK_EQ_INT(sap_game_mine_at(steps, r, c), sap_game_mine_at(whole, r, c));
    CHECK_EQ_INT(sap_game_move(steps, SAP_OP_LEFT, 9, 16),
                 sap_game_move(whole, SAP_OP_LEFT, 9, 16));
    CHECK_EQ_INT(sap_game_covered(steps), sap_game_covered(whole));
    free(m1);
    free(m2);
}

static void test_refusals(void)
{
    size_t bytes = SAP_GENERATE_BYTES(4, 4);
    void *block = malloc(bytes);
    sap_generate *g;
    CHECK_EQ_INT(sap_generate_init(&g, block, bytes, 4, 4, 16, 1, SAP_LEVEL_CASUAL, 0, 0),
                 SAP_ERR_ARG);
    CHECK_EQ_INT(sap_generate_init(&g, block, bytes, 4, 4, 3, 1, SAP_LEVEL_CASUAL, 4, 0),
                 SAP_ERR_RANGE);
    CHECK_EQ_INT(sap_generate_init(&g, block, bytes, 4, 4, 3, 1, SAP_LEVEL_RANDOM, 0, 0),
                 SAP_ERR_ARG);
    CHECK_EQ_INT(sap_generate_init(&g, block, bytes - 1, 4, 4, 3, 1, SAP_LEVEL_CASUAL, 0, 0),
                 SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_generate_init(NULL, block, bytes, 4, 4, 3, 1, SAP_LEVEL_CASUAL, 0, 0),
                 SAP_ERR_ARG);
    CHECK_EQ_INT(sap_generate_step(NULL, 1), SAP_ERR_ARG);
    /* 4 x 4 with 14 mines, click in a corner: the two safe cells are the
     * click and one more, and no casual player can tell which of the other
     * 15 it is: refused, never served */
    CHECK_EQ_INT(sap_generate_init(&g, block, bytes, 4, 4, 14, 1, SAP_LEVEL_CASUAL, 0, 0),
                 SAP_OK);
    CHECK_EQ_INT(sap_generate_step(g, SAP_BUDGET_UNLIMITED), SAP_ERR_SIZE);
    CHECK(!sap_generate_mine_at(g, 0, 1));
    free(block);
}

/* ---- through the protocol ------------------------------------------------ */

static struct sap_session session;
static char reply[1 << 15];

static const char *ask(const char *request)
{
    return session_ask(&session, request, reply, sizeof reply);
}

/* NOGUESS through HINT alone: never a GUESS, and a win. */
static bool hint_player_wins(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t seed)
{
    char request[96];
    bool won = false;
    int moves;
    snprintf(request, sizeof request, "NEW %u %u %u %u NOGUESS\n1 %u %u\n", rows, cols, mines,
             seed, rows / 2 + 1, cols / 2 + 1);
    ask(request);
    for (moves = 0; moves < (int)(rows * cols) * 2 && !won; moves++) {
        unsigned x, y;
        char word[8];
        if (sscanf(ask("HINT\n"), "%7s %u %u", word, &x, &y) != 3
            || strcmp(word, "GUESS") == 0) {
            fprintf(stderr, "  HINT said: %s", reply);
            return false;
        }
        snprintf(request, sizeof request, "%d %u %u\n", strcmp(word, "MINE") == 0 ? 2 : 1, x,
                 y);
        won = strstr(ask(request), "WIN\n") != NULL;
        if (strstr(reply, "LOSE\n") != NULL)
            return false;
    }
    return won;
}

/* CASUAL through SHOW alone: rules 1 and 2 on what the map shows. */
static bool show_player_wins(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t seed)
{
    char request[96];
    static char view[64][64], flag[64][64];
    snprintf(request, sizeof request, "NEW %u %u %u %u CASUAL\n1 1 1\n", rows, cols, mines,
             seed);
    if (strstr(ask(request), "WIN\n"))
        return true;
    memset(flag, 0, sizeof flag);
    for (;;) {
        const char *p = ask("SHOW\n");
        uint32_t r, c, moves = 0;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                view[r][c] = *p;
                p += 2; /* the cell and its space or newline */
            }
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                int dr, dc, covered = 0, flagged = 0, n = view[r][c] - '0';
                if (view[r][c] < '0' || view[r][c] > '8')
                    continue;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++) {
                        int rr = (int)r + dr, cc = (int)c + dc;
                        if (rr < 0 || cc < 0 || rr >= (int)rows || cc >= (int)cols
                            || view[rr][cc] != '_')
                            continue;
                        if (flag[rr][cc])
                            flagged++;
                        else
                            covered++;
                    }
                if (covered == 0 || (flagged != n && flagged + covered != n))
                    continue;
                for (dr = -1; dr <= 1; dr++)
                    for (dc = -1; dc <= 1; dc++) {
                        int rr = (int)r + dr, cc = (int)c + dc;
                        if (rr < 0 || cc < 0 || rr >= (int)rows || cc >= (int)cols
                            || view[rr][cc] != '_' || flag[rr][cc])
                            continue;
                        if (flagged == n) { /* rule 1: the rest is clear */
                            snprintf(request, sizeof request, "1 %d %d\n", rr + 1, cc + 1);
                            if (strstr(ask(request), "WIN\n"))
                                return true;
                            if (strstr(reply, "LOSE\n"))
                                return false;
                            view[rr][cc] = '#'; /* opened: seen on the next SHOW */
                        } else { /* rule 2: the rest are mines (kept here, not flagged) */
                            flag[rr][cc] = 1;
                        }
                        moves++;
                    }
            }
        if (moves == 0)
            return false;
    }
}

static void test_through_protocol(void)
{
    uint32_t seed;
    sap_session_init(&session, &heap_memory);
    for (seed = 0; seed < 20 && check_failures_in_test == 0; seed++) {
        CHECK(hint_player_wins(16, 30, 99, seed));
        CHECK(hint_player_wins(9, 9, 10 + seed, seed));
        CHECK(show_player_wins(16, 30, 99, seed));
        CHECK(show_player_wins(16, 16, 40, seed));
    }
    /* refusals: said, and the game waits for another click */
    CHECK_EQ_STR(ask("NEW 4 4 14 1 CASUAL\n1 1 1\n"),
                 "OK 4 4 14\nERR no casual board found within 10000 tries; no mines laid "
                 "(fewer mines may do)\n");
    CHECK_EQ_STR(ask("STATS\n"),
                 "ERR no mines yet: a random board lays them at the first left click\n");
    CHECK_EQ_STR(ask("NEW 4 4 1 1 HARD\n"), "ERR unknown level 'HARD': CASUAL or NOGUESS\n");
    CHECK_EQ_STR(ask("NEW 4 4 1 1 CASUAL 2\n"),
                 "ERR usage: NEW <rows> <cols> [<mines> [<seed>] [CASUAL|NOGUESS]] "
                 "or NEW BEGINNER|INTERMEDIATE|EXPERT [<seed>] [<level>]\n");
    sap_session_release(&session);
}

int main(void)
{
    RUN_SLOW_TEST(test_boards_clear);
    RUN_TEST(test_expert_boards);
    RUN_TEST(test_deterministic);
    RUN_TEST(test_passes_split);
    RUN_TEST(test_layout_in_steps);
    RUN_TEST(test_refusals);
    RUN_TEST(test_through_protocol);
    return check_summary("test_generate");
}
