/*
 * board.h - the whole contract between a board and the shared port code.
 *
 * A board is a folder under ports/ with its startup code, linker script and
 * make fragment, and one board.c that implements the functions below for
 * its real peripherals.  ports/main.c (the UART loop around one protocol
 * session) and ports/libc_min.c (memcpy and friends) are the same on every
 * board.  The core never includes this header: it knows nothing of boards.
 *
 * Conventions every board follows:
 *   - Input ends with the byte BOARD_EOT (0x04, what Ctrl-D sends on a
 *     terminal).  The run scripts append it when their stdin reaches end of
 *     file; the byte itself is never given to the session.
 *   - The stack is one region [__stack_limit, __stack_top) that the linker
 *     script names; main.c paints it at start and measures the deepest use
 *     at exit.
 *   - Everything a board prints besides the UART transcript (the stack
 *     report) goes to its side channel, which a run script can keep apart
 *     from the transcript (semihosting on QEMU, a spare I/O register that
 *     the simavr harness watches on AVR).
 */
#ifndef SAPPER_BOARD_H
#define SAPPER_BOARD_H

#include <stdint.h>

#define BOARD_EOT 0x04

#if defined(__GNUC__)
#define BOARD_NORETURN __attribute__((noreturn))
#else
#define BOARD_NORETURN
#endif

/* Clocks, pins and the UART (8N1, FIFOs on where the chip has them). */
void board_init(void);

/* Waits for the next received byte and returns it (0..255).  Until one
 * comes the core sleeps (wfi; idle-mode sleep on AVR), woken by the UART's
 * receive interrupt, the one interrupt a board enables: a board waiting at
 * its prompt spends next to no power, and its emulator next to no host
 * CPU.  ports/main.c asks for a byte only once the session has no work
 * left. */
int board_uart_read_byte(void);

/* A hardware counter that runs on while the core sleeps (any rate, any
 * width, either direction: only the difference of two readings is used).
 * ports/main.c times the wait for each byte with it: the time between a
 * person's keystrokes seeds a NEW that names no seed. */
uint32_t board_clock(void);

/* Waits until the transmitter has room, then sends one byte. */
void board_uart_write_byte(uint8_t byte);

/* One byte on the side channel; boards without one drop it. */
void board_report_write_byte(uint8_t byte);

/* Waits until every byte written to the UART has left it, then stops the
 * board with an exit code the emulator passes on (0 = success).  On real
 * hardware it parks the core. */
BOARD_NORETURN void board_exit(int code);

/* The stack region, from the linker script. */
extern char __stack_limit[];
extern char __stack_top[];

#endif /* SAPPER_BOARD_H */
