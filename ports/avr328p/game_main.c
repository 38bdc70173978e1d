/*
 * avr328p/game_main.c - the ATmega328P's main: the game requests of the
 * line protocol (NEW, 1/2/3 x y, 0, SHOW, BYE) over the UART, on the core's
 * game engine.
 *
 * Why not ports/main.c and the whole session: avr-gcc keeps every string
 * constant in SRAM (plain loads cannot read flash), and the session's HELP
 * text, ERR reasons and judge readers add up to more than the chip's
 * 2 KiB.  The game engine itself needs 64 bytes of constants, so the 328P
 * plays the expert board (16 x 30, 99 mines) with room to spare.  Replies
 * to valid requests are the session's bytes exactly (the tests compare them
 * with the host); errors are the session's words where it is cheap, and
 * there are two differences, both for want of RAM: one game block, so a NEW
 * whose rows are bad leaves no game (the session keeps the old one), and
 * no HELP.  End of input is BOARD_EOT, as on every board.
 */
#include "internal.h" /* sap_parse_u32, sap_word_is, sap_dec: the core's own */
#include "board.h"
#include "port.h"

#define MAX_TOKENS 6

static uint32_t game_words[(SAP_GAME_BYTES(1u, SAP_MAX_CELLS) + 3u) / 4u]
    __attribute__((aligned(4)));
static sap_game *game;

/* The request line being received; an over-long one ends the session. */
static char line[SAP_LINE_MAX + 1];
static uint32_t line_length;

/* NEW r c: its rows still to come, and the first bad one (0: none). */
static uint32_t rows_left, row_index, bad_row;
static bool bad_alphabet;

static void send(const char *s)
{
    while (*s != '\0')
        board_uart_write_byte((uint8_t)*s++);
}

static void send_u32(uint32_t value)
{
    char digits[SAP_DEC_MAX];
    size_t n = sap_dec(digits, value), i;
    for (i = 0; i < n; i++)
        board_uart_write_byte((uint8_t)digits[i]);
}

static void send_err(const char *reason)
{
    send("ERR ");
    send(reason);
    send("\n");
}

static void send_ok_board(void)
{
    send("OK ");
    send_u32(sap_game_rows(game));
    send(" ");
    send_u32(sap_game_cols(game));
    send(" ");
    send_u32(sap_game_mines(game));
    send("\n");
}

/* The move's reply, streamed by the engine piece by piece. */
static void send_move_reply(void)
{
    char out[16];
    size_t n, i;
    while ((n = sap_game_reply(game, out, sizeof out)) > 0)
        for (i = 0; i < n; i++)
            board_uart_write_byte((uint8_t)out[i]);
}

static void send_map(void)
{
    uint32_t r, c;
    for (r = 0; r < sap_game_rows(game); r++)
        for (c = 0; c < sap_game_cols(game); c++) {
            board_uart_write_byte((uint8_t)sap_game_cell(game, r, c));
            board_uart_write_byte(c + 1 < sap_game_cols(game) ? ' ' : '\n');
        }
}

struct tokens {
    uint32_t count;
    uint32_t start[MAX_TOKENS], length[MAX_TOKENS];
};

static void split(const char *s, uint32_t length, struct tokens *t)
{
    uint32_t i = 0;
    t->count = 0;
    while (i < length) {
        while (i < length && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == length)
            break;
        if (t->count == MAX_TOKENS) { /* too many: no request takes them */
            t->count = MAX_TOKENS + 1;
            return;
        }
        t->start[t->count] = i;
        while (i < length && s[i] != ' ' && s[i] != '\t')
            i++;
        t->length[t->count] = i - t->start[t->count];
        t->count++;
    }
}

/* Tokens 1.. as numbers; false after an ERR reply. */
static bool numbers(const struct tokens *t, uint32_t *values)
{
    uint32_t i;
    for (i = 1; i < t->count; i++) {
        int err = sap_parse_u32(line + t->start[i], t->length[i], &values[i - 1]);
        if (err != SAP_OK) {
            send_err(err == SAP_ERR_SIZE ? "number too large" : "not a number");
            return false;
        }
    }
    return true;
}

static void request_new(const struct tokens *t)
{
    uint32_t a[4];
    int err;
    if (t->count != 3 && t->count != 5) {
        send_err("usage: NEW <rows> <cols> [<mines> <seed>]");
        return;
    }
    if (!numbers(t, a))
        return;
    err = sap_check_board_size(a[0], a[1]);
    if (err != SAP_OK) {
        send_err(err == SAP_ERR_ARG ? "a board needs at least one row and one column"
                                    : "board larger than this build's limit");
        return;
    }
    if (t->count == 5 && a[2] >= a[0] * a[1]) {
        send_err("too many mines: a board needs a safe cell");
        return;
    }
    /* One block: the new game replaces the old one now. */
    game = NULL;
    err = sap_game_init(&game, game_words, sizeof game_words, a[0], a[1]);
    if (err == SAP_OK && t->count == 5)
        err = sap_game_set_random(game, a[2], a[3]);
    if (err != SAP_OK) {
        game = NULL;
        send_err(sap_strerror(err));
        return;
    }
    if (t->count == 5) {
        send_ok_board();
        return;
    }
    rows_left = a[0];
    row_index = 0;
    bad_row = 0;
}

/* One row of a NEW board, without blanks around it. */
static void take_row(const char *s, uint32_t length)
{
    uint32_t c, cols = sap_game_cols(game);
    row_index++;
    rows_left--;
    if (bad_row == 0) {
        if (length != cols) {
            bad_row = row_index;
            bad_alphabet = false;
        } else {
            for (c = 0; c < cols; c++) {
                if (s[c] != '_' && s[c] != '*') {
                    bad_row = row_index;
                    bad_alphabet = true;
                    break;
                }
                if (s[c] == '*')
                    sap_game_set_mine(game, row_index - 1, c, true);
            }
        }
    }
    if (rows_left > 0)
        return;
    if (bad_row == 0) {
        send_ok_board();
        return;
    }
    game = NULL;
    send("ERR row ");
    send_u32(bad_row);
    if (bad_alphabet) {
        send(": cells must be _ or *\n");
    } else {
        send(": expected one word of ");
        send_u32(cols);
        send(" cells\n");
    }
}

static void request_move(const struct tokens *t, int op)
{
    uint32_t a[2];
    int outcome;
    if (op == 0) {
        if (t->count != 1) {
            send_err("usage: 0");
            return;
        }
        send(game != NULL && sap_game_state(game) == SAP_RUNNING ? "QUIT\n" : "OK\n");
        game = NULL;
        return;
    }
    if (t->count != 3) {
        send_err("usage: 1|2|3 <x> <y>");
        return;
    }
    if (!numbers(t, a))
        return;
    if (game == NULL) {
        send_err("no game: start one with NEW");
        return;
    }
    if (a[0] < 1 || a[0] > sap_game_rows(game) || a[1] < 1 || a[1] > sap_game_cols(game)) {
        send_err("coordinate outside the board");
        return;
    }
    outcome = sap_game_move(game, op, a[0], a[1]);
    if (outcome < 0) {
        send_err(sap_strerror(outcome));
        return;
    }
    send_move_reply();
}

/* One complete line (without its line end); false once the session ends. */
static bool take_line(void)
{
    struct tokens t;
    const char *word;
    uint32_t length = line_length;
    if (length > 0 && line[length - 1] == '\r')
        length--;
    split(line, length, &t);
    if (t.count == 0)
        return true; /* blank lines are ignored, also between rows */
    if (rows_left > 0) {
        if (t.count == 1)
            take_row(line + t.start[0], t.length[0]);
        else
            take_row(line, 0); /* not one word: the wrong length */
        return true;
    }
    word = line + t.start[0];
    if (t.count > MAX_TOKENS)
        send_err("unknown request (HELP lists them)");
    else if (t.length[0] == 1 && word[0] >= '0' && word[0] <= '3')
        request_move(&t, word[0] - '0');
    else if (sap_word_is(word, t.length[0], "new"))
        request_new(&t);
    else if (sap_word_is(word, t.length[0], "show")) {
        if (t.count != 1)
            send_err("usage: SHOW");
        else if (game == NULL)
            send_err("no game: start one with NEW");
        else
            send_map();
    } else if (sap_word_is(word, t.length[0], "bye")) {
        send("BYE\n");
        return false;
    } else
        send_err("unknown request (HELP lists them)");
    return true;
}

int main(void)
{
    port_stack_paint();
    board_init();
    for (;;) {
        int c = board_uart_read_byte();
        if (c == BOARD_EOT) {
            if (line_length > 0 && !take_line())
                break;
            if (rows_left > 0) {
                game = NULL;
                send_err("input ended inside a request");
            }
            break;
        }
        if (c == '\n') {
            bool go_on = take_line();
            line_length = 0;
            if (!go_on)
                break;
        } else if (line_length < SAP_LINE_MAX
                   || (line_length == SAP_LINE_MAX && c == '\r')) {
            line[line_length++] = (char)c;
        } else {
            send_err("line too long");
            break;
        }
    }
    port_report_stack();
    port_report_number(" game=", (uint32_t)sizeof game_words);
    port_report_number(" max_rows=", (uint32_t)SAP_MAX_ROWS);
    port_report_number(" max_cols=", (uint32_t)SAP_MAX_COLS);
    port_report_number(" max_cells=", (uint32_t)SAP_MAX_CELLS);
    port_report_text("\n");
    return port_stack_used() >= port_stack_size() ? PORT_EXIT_STACK : 0;
}
