/*
 * judge_boom.c - the boom interactor statement's batch format on the shared
 * judge tokenizer.
 *
 *     T
 *     n m                 } T times
 *     n rows of _ and *   }
 *     op x y ...          }  any number of operations
 *     0                   }
 *
 * Each game's board goes straight into a game block acquired from the
 * caller; each operation's reply is streamed out of the engine before the
 * next token is read, so a game's output appears as soon as it is decided
 * and no buffer grows with the reply.  Games are separated by "==========".
 */
#include "game.h" /* sap_game_board_load_row */
#include "judge.h"

enum boom_step {
    STEP_GAMES = 0, /* T */
    STEP_ROWS,      /* n */
    STEP_COLS,      /* m */
    STEP_BOARD,     /* the n rows */
    STEP_OP,        /* op, or 0 for the end of the game */
    STEP_X,
    STEP_Y,
    STEP_END /* all T games read: only whitespace may follow */
};

/* Pending output beyond literal text: the engine's reply to a move. */
#define OUT_MOVE_REPLY 1u

#define ARG_ROWS 0 /* where sap_judge_size_fits reads them */
#define ARG_COLS 1
#define ARG_OP 2
#define ARG_X 3

SAP_TEXT(separator, "==========\n");

static void next_game(struct sap_judge *j)
{
    j->step = j->case_index < j->cases ? STEP_ROWS : STEP_END;
    j->expect = j->step == STEP_END ? SAP_EXPECT_NOTHING : SAP_EXPECT_NUMBER;
}

static void begin(struct sap_judge *j)
{
    j->step = STEP_GAMES;
    j->expect = SAP_EXPECT_NUMBER;
}

/* "x 7 is outside the board's 3 rows" */
SAP_RARE static void fail_coordinate(struct sap_judge *j, const char *name, uint32_t value,
                                     uint32_t limit, const char *unit)
{
    char reason[sizeof j->reason];
    size_t len = 0;
    sap_text_add(reason, sizeof reason, &len, name);
    sap_text_add_u32(reason, sizeof reason, &len, value);
    sap_text_add(reason, sizeof reason, &len, SAP_STR(" is outside the board's "));
    sap_text_add_u32(reason, sizeof reason, &len, limit);
    sap_text_add(reason, sizeof reason, &len, unit);
    sap_judge_fail_ram(j, SAP_ERR_RANGE, reason);
}

SAP_RARE static void start_board(struct sap_judge *j)
{
    uint32_t rows = j->args[ARG_ROWS], cols = j->args[ARG_COLS];
    size_t bytes;
    void *block;

    if (!sap_judge_size_fits(j, cols, SAP_STR("n\0m\0n*m"), SAP_ERR_ARG))
        return;
    bytes = SAP_GAME_BYTES(rows, cols);
    block = sap_judge_acquire(j, bytes);
    if (block == NULL)
        return; /* the judge has failed with the reason */
    if (sap_game_init(&j->u.game, block, bytes, rows, cols) != SAP_OK) {
        sap_judge_fail(j, SAP_ERR_NOMEM,
                       SAP_STR("the memory given for the board is not aligned"));
        return;
    }
    j->rows_read = 0;
    j->step = STEP_BOARD;
    j->expect = SAP_EXPECT_ROW;
    j->row_length = cols;
}

/* The closing 0: QUIT if the game still runs, the separator if another
 * game follows. */
SAP_RARE static void end_game(struct sap_judge *j)
{
    bool quit = sap_game_state(j->u.game) == SAP_RUNNING;
    bool more;

    sap_judge_release_block(j);
    j->u.game = NULL;
    j->case_index++;
    more = j->case_index < j->cases;
    if (quit)
        sap_judge_queue_text(j, more ? SAP_STR("QUIT\n==========\n") : SAP_STR("QUIT\n"));
    else if (more)
        sap_judge_queue_text(j, separator);
    next_game(j);
}

static void number(struct sap_judge *j, uint32_t value)
{
    switch (j->step) {
    case STEP_GAMES:
        j->cases = value;
        next_game(j);
        break;
    case STEP_ROWS:
        j->args[ARG_ROWS] = value;
        j->step = STEP_COLS;
        break;
    case STEP_COLS:
        j->args[ARG_COLS] = value;
        start_board(j);
        break;
    case STEP_OP:
        if (value == 0) {
            end_game(j);
        } else if (value > SAP_OP_CHORD) {
            sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("unknown operation "), value,
                             SAP_STR(": expected 1, 2, 3, or 0 to end the game"));
        } else {
            j->args[ARG_OP] = value;
            j->step = STEP_X;
        }
        break;
    case STEP_X: /* the board's sides are still in args (no call a coordinate) */
        if (value < 1 || value > j->args[ARG_ROWS]) {
            fail_coordinate(j, SAP_STR("x "), value, j->args[ARG_ROWS], SAP_STR(" rows"));
            break;
        }
        j->args[ARG_X] = value;
        j->step = STEP_Y;
        break;
    case STEP_Y:
        if (value < 1 || value > j->args[ARG_COLS]) {
            fail_coordinate(j, SAP_STR("y "), value, j->args[ARG_COLS], SAP_STR(" columns"));
            break;
        }
        /* an opening that spreads far is carried on by poll, a budget at
         * a time (judge->budget); the reply follows it */
        if (sap_game_move_begin(j->u.game, (int)j->args[ARG_OP], j->args[ARG_X], value) < 0) {
            sap_judge_fail(j, SAP_ERR_STATE, SAP_STR("the game refused the operation"));
            break;
        }
        j->out_phase = OUT_MOVE_REPLY;
        j->step = STEP_OP;
        break;
    default:
        sap_judge_fail(j, SAP_ERR_STATE, SAP_STR("unexpected number"));
        break;
    }
}

/* Row bytes, already checked against the alphabet (judge.c, rows.c). */
static void row_bytes(struct sap_judge *j, uint32_t index, const char *bytes, uint32_t count)
{
    sap_game_board_load_row(j->u.game, j->rows_read, index, bytes, count);
}

static void row_end(struct sap_judge *j)
{
    if (++j->rows_read == sap_game_rows(j->u.game)) {
        j->step = STEP_OP;
        j->expect = SAP_EXPECT_NUMBER;
    }
}

static size_t poll(struct sap_judge *j, char *out, size_t cap)
{
    size_t n;
    if (sap_game_busy(j->u.game) && sap_game_move_step(j->u.game, j->budget) == SAP_MORE)
        return 0; /* the opening goes on at the next poll */
    n = sap_game_reply(j->u.game, out, cap);
    /* The engine fills the buffer unless its reply has ended. */
    if (n < cap)
        j->out_phase = 0;
    return n;
}

static void finish(struct sap_judge *j)
{
    uint32_t game = j->case_index + 1;

    switch (j->step) {
    case STEP_END:
        j->status = SAP_JUDGE_DONE;
        break;
    case STEP_GAMES:
        sap_judge_fail(j, SAP_ERR_SYNTAX, SAP_STR("input ended before the number of games"));
        break;
    case STEP_ROWS:
    case STEP_COLS:
        sap_judge_fail_n(j, SAP_ERR_SYNTAX,
                         SAP_STR("input ended before the board size of game "), game,
                         SAP_STR(""));
        break;
    case STEP_BOARD:
        sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("input ended inside the board of game "),
                         game, SAP_STR(""));
        break;
    case STEP_OP:
        sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("input ended inside game "), game,
                         SAP_STR(", before its closing 0"));
        break;
    default:
        sap_judge_fail_n(j, SAP_ERR_SYNTAX, SAP_STR("input ended inside an operation of game "),
                         game, SAP_STR(""));
        break;
    }
}

const struct sap_judge_format sap_judge_boom = {
    begin, number, row_bytes, row_end, poll, finish
};
