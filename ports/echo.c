/*
 * echo.c - a second main for every board: sends back each received byte
 * until BOARD_EOT, then exits 0.  The tests run it on large binary inputs to
 * check the transport (UART driver, emulator, run script) apart from the
 * core: every byte but BOARD_EOT must come back, in order.
 */
#include <stdbool.h>
#include "board.h"

int main(void);

int main(void)
{
    board_init();
    for (;;) {
        int c = board_uart_read_byte();
        if (c == BOARD_EOT)
            break;
        board_uart_write_byte((uint8_t)c);
    }
    board_exit(0);
}
