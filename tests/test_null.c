/*
 * test_null.c - sapper.h's one rule for NULL (section 2), call by call:
 * a NULL object or a NULL out pointer is a caller's mistake that changes
 * nothing, and the call says so the one way its return type allows: int
 * SAP_ERR_ARG (a NULL memory block for an ..._init: SAP_ERR_NOMEM), a
 * count or a size 0, bool false, char '\0', a string a message (never
 * NULL), void nothing.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "sapper.h"

static void test_game(void)
{
    static uint64_t block[(SAP_GAME_BYTES(3, 3) + 7) / 8];
    sap_game *game = NULL;
    char out[8];

    CHECK_EQ_INT(sap_game_init(NULL, block, sizeof block, 3, 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_init(&game, NULL, sizeof block, 3, 3), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_game_set_mine(NULL, 0, 0, true), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_row(NULL, 0, 0, "*", 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_random(NULL, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_rows(NULL), 0);
    CHECK_EQ_INT(sap_game_cols(NULL), 0);
    CHECK_EQ_INT(sap_game_mines(NULL), 0);
    CHECK_EQ_INT(sap_game_covered(NULL), 0);
    CHECK_EQ_INT(sap_game_state(NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_clicks(NULL), 0);
    CHECK(!sap_game_mines_laid(NULL));
    CHECK_EQ_INT(sap_game_set_layout(NULL, NULL, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_layout_step(NULL, NULL, NULL, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_move(NULL, 1, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_reply(NULL, out, sizeof out), 0);
    CHECK(!sap_game_next_change(NULL, NULL));
    CHECK_EQ_INT(sap_game_move_begin(NULL, 1, 1, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_move_step(NULL, 10), SAP_ERR_ARG);
    CHECK(!sap_game_busy(NULL));
    CHECK_EQ_INT(sap_game_cell(NULL, 0, 0), '\0');
    CHECK(!sap_game_mine_at(NULL, 0, 0));

    CHECK_EQ_INT(sap_game_init(&game, block, sizeof block, 3, 3), SAP_OK);
    CHECK_EQ_INT(sap_game_set_row(game, 0, 0, NULL, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_layout(game, NULL, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_set_layout_step(game, NULL, NULL, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_game_reply(game, NULL, 8), 0);
    CHECK(!sap_game_next_change(game, NULL));
    CHECK_EQ_INT(sap_game_mines(game), 0); /* nothing changed */
}

static void test_solvers(void)
{
    static uint64_t block[(SAP_CASUAL_BYTES(3, 3) + SAP_NURIKABE_BYTES(3, 3, 9) + 7) / 8];
    struct sap_casual_result result;
    char out[8];
    sap_casual *casual = NULL;
    sap_nurikabe *grid = NULL;
    bool solved;

    CHECK_EQ_INT(sap_casual_init(NULL, block, sizeof block, 3, 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_init(&casual, NULL, sizeof block, 3, 3), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_casual_set_mine(NULL, 0, 0, true), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve(NULL, &result), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve_step(NULL, 10, &result), SAP_ERR_ARG);
    CHECK(!sap_casual_left_covered(NULL, 0, 0));
    CHECK_EQ_INT(sap_casual_init(&casual, block, sizeof block, 3, 3), SAP_OK);
    CHECK_EQ_INT(sap_casual_solve(casual, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_casual_solve_step(casual, 10, NULL), SAP_ERR_ARG);

    CHECK_EQ_INT(sap_master_plan(NULL, 3, 3, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_master_cell(NULL, 0, 0), '\0');
    CHECK_EQ_INT(sap_master_write_row(NULL, 0, 0, out, sizeof out), 0);

    CHECK_EQ_INT(sap_nurikabe_init(NULL, block, sizeof block, 3, 3, 9), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, NULL, sizeof block, 3, 3, 9), SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_nurikabe_set_number(NULL, 0, 0, 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_shaded(NULL, 0, 0, true), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_set_row(NULL, 0, 0, "#", 1), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_verify(NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_verify_step(NULL, 10, &solved), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_nurikabe_init(&grid, block, sizeof block, 3, 3, 9), SAP_OK);
    CHECK_EQ_INT(sap_nurikabe_verify_step(grid, 10, NULL), SAP_ERR_ARG);
}

static void test_judge_and_session(void)
{
    struct sap_judge judge;
    static struct sap_session session;
    char out[8];
    uint32_t line;
    const char *reason;

    CHECK(sap_strerror(SAP_ERR_ARG) != NULL);
    CHECK(sap_strerror(12345) != NULL);
    CHECK(sap_format_name((enum sap_format)99) != NULL);
    CHECK_EQ_INT(sap_format_from_name(NULL, 3), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_format_from_name("chess", 5), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_parse_u32(NULL, 1, NULL), SAP_ERR_ARG);

    CHECK_EQ_INT(sap_judge_init(NULL, SAP_FORMAT_BOOM, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_judge_sink(NULL, "1", 1), 0);
    CHECK_EQ_INT(sap_judge_poll(NULL, out, sizeof out), 0);
    sap_judge_finish(NULL);
    CHECK_EQ_INT(sap_judge_status(NULL), SAP_ERR_ARG);
    sap_judge_release(NULL);
    sap_judge_set_budget(NULL, 1);
    CHECK(!sap_judge_busy(NULL));
    CHECK_EQ_INT(sap_judge_format(NULL), SAP_ERR_ARG);
    CHECK(!sap_judge_input_complete(NULL));
    CHECK_EQ_INT(sap_judge_init(&judge, SAP_FORMAT_BOOM, NULL), SAP_OK);
    CHECK_EQ_INT(sap_judge_sink(&judge, NULL, 1), 0);
    CHECK_EQ_INT(sap_judge_poll(&judge, NULL, 8), 0);
    CHECK_EQ_INT(sap_judge_format(&judge), SAP_FORMAT_BOOM);

    CHECK_EQ_INT(sap_session_init(NULL, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_session_start_judge(NULL, SAP_FORMAT_BOOM), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_session_judge_result(NULL, &line, &reason), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_session_sink(NULL, "HELP\n", 5), 0);
    CHECK_EQ_INT(sap_session_poll(NULL, out, sizeof out), 0);
    sap_session_finish(NULL);
    CHECK(!sap_session_closing(NULL));
    sap_session_set_budget(NULL, 1);
    sap_session_set_seeds(NULL, NULL, NULL);
    CHECK(!sap_session_busy(NULL));
    CHECK(!sap_session_in_request(NULL));
    sap_session_set_resume(NULL, NULL, NULL, NULL);
    sap_session_set_record(NULL, NULL, NULL);
    CHECK_EQ_INT(sap_session_take_game(NULL, NULL), SAP_ERR_ARG);
    sap_kept_game_release(NULL, NULL);
    sap_session_release(NULL);
    CHECK_EQ_INT(sap_session_init(&session, NULL), SAP_OK);
    CHECK_EQ_INT(sap_session_sink(&session, NULL, 5), 0);
    CHECK_EQ_INT(sap_session_poll(&session, NULL, 8), 0);
    CHECK_EQ_INT(sap_session_judge_result(&session, NULL, NULL), SAP_JUDGE_READING);
    CHECK(!sap_session_busy(&session)); /* nothing was taken */
    CHECK_EQ_INT(sap_session_take_game(&session, NULL), SAP_ERR_ARG);
    sap_session_release(&session);
}

static void test_deduction(void)
{
    struct sap_board_stats figures;
    uint32_t p;
    char block[64];
    sap_deduce *deduce = NULL;
    sap_stats *stats = NULL;
    sap_generate *generate = NULL;

    CHECK_EQ_INT(sap_deduce_init(NULL, block, sizeof block, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_deduce_init(&deduce, block, sizeof block, NULL),
                 SAP_ERR_ARG); /* no game */
    CHECK_EQ_INT(sap_deduce_step(NULL, 10), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_deduce_cell(NULL, 0, 0, &p), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_stats_init(NULL, block, sizeof block, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_stats_init(&stats, block, sizeof block, NULL), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_stats_step(NULL, 10), SAP_ERR_ARG);
    CHECK_EQ_INT(sap_stats_result(NULL, &figures), SAP_ERR_ARG);
    CHECK_EQ_INT(
        sap_generate_init(NULL, block, sizeof block, 3, 3, 1, 1, SAP_LEVEL_NOGUESS, 0, 0),
        SAP_ERR_ARG);
    CHECK_EQ_INT(
        sap_generate_init(&generate, NULL, sizeof block, 3, 3, 1, 1, SAP_LEVEL_NOGUESS, 0, 0),
        SAP_ERR_NOMEM);
    CHECK_EQ_INT(sap_generate_step(NULL, 10), SAP_ERR_ARG);
    CHECK(!sap_generate_mine_at(NULL, 0, 0));
    CHECK_EQ_INT(sap_generate_tries(NULL), 0);
}

int main(void)
{
    RUN_TEST(test_game);
    RUN_TEST(test_solvers);
    RUN_TEST(test_judge_and_session);
    RUN_TEST(test_deduction);
    return check_summary("test_null");
}
