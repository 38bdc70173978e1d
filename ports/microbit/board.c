/*
 * microbit/board.c - BBC micro:bit v1 (nRF51822: Cortex-M0, 256 KiB flash,
 * 16 KiB RAM; QEMU machine microbit), its UART on P0.24 (TX) / P0.25 (RX):
 * the pins the board's interface chip turns into the USB serial port.
 *
 * Cortex-M0 means Thumb-1 and no divide instruction: the core's few
 * divisions go to libgcc's helpers, nothing else changes.
 *
 * The UART is driven through its events: a byte is read after RXDRDY and
 * the next is written only after TXDRDY, as the reference manual asks (and
 * QEMU drops a byte written while the previous one is still pending).  QEMU
 * takes no input until the receiver is started, so none is lost before
 * board_init.  While it waits for a byte the core sleeps in wfi, woken by
 * the UART's RXDRDY interrupt; the interrupt is never taken (PRIMASK stays
 * set, and the vector table has no entry for it), it only ends the wfi.
 * TIMER0 runs free as the clock that times the bytes (the nRF51's
 * Cortex-M0 has no SysTick).  The speed is BOARD_BAUD (115200 unless `make hex BAUD=...`),
 * set from the 16 MHz clock.  The hardware image starts the 16 MHz crystal
 * first (the internal RC oscillator is only good to a few per cent); QEMU
 * does not model the clock block, so the emulator build leaves it alone.
 */
#include "board.h"
#include "semihost.h"

#define REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* Clock: the 16 MHz crystal. */
#define CLOCK_TASKS_HFCLKSTART REG(0x40000000u)
#define CLOCK_EVENTS_HFCLKSTARTED REG(0x40000100u)

/* UART0. */
#define UART_BASE 0x40002000u
#define UART_TASKS_STARTRX REG(UART_BASE + 0x000u)
#define UART_TASKS_STARTTX REG(UART_BASE + 0x008u)
#define UART_EVENTS_RXDRDY REG(UART_BASE + 0x108u)
#define UART_EVENTS_TXDRDY REG(UART_BASE + 0x11Cu)
#define UART_ENABLE REG(UART_BASE + 0x500u)
#define UART_PSELTXD REG(UART_BASE + 0x50Cu)
#define UART_PSELRXD REG(UART_BASE + 0x514u)
#define UART_RXD REG(UART_BASE + 0x518u)
#define UART_INTENSET REG(UART_BASE + 0x304u)
#define UART_TXD REG(UART_BASE + 0x51Cu)
#define UART_BAUDRATE REG(UART_BASE + 0x524u)
#define UART_CONFIG REG(UART_BASE + 0x56Cu)

#define UART_ENABLE_ON 4u
#define UART_INT_RXDRDY 0x4u

/* The core's NVIC: UART0 is interrupt 2. */
#define NVIC_ISER0 REG(0xE000E100u)
#define NVIC_ICPR0 REG(0xE000E280u)
#define UART0_IRQ_BIT (1u << 2)

/* TIMER0, free-running: 32 bits at 1 MHz (16 MHz / 2^4). */
#define TIMER0_BASE 0x40008000u
#define TIMER_TASKS_START REG(TIMER0_BASE + 0x000u)
#define TIMER_TASKS_CAPTURE0 REG(TIMER0_BASE + 0x040u)
#define TIMER_BITMODE REG(TIMER0_BASE + 0x508u)
#define TIMER_PRESCALER REG(TIMER0_BASE + 0x510u)
#define TIMER_CC0 REG(TIMER0_BASE + 0x540u)
#define TIMER_BITMODE_32 3u
#define TIMER_PRESCALER_1MHZ 4u
#define MICROBIT_PIN_TX 24u
#define MICROBIT_PIN_RX 25u

#ifndef BOARD_BAUD
#define BOARD_BAUD 115200u
#endif
/* BAUDRATE is baud * 2^32 / 16 MHz, which the chip takes in steps of
 * 0x1000: 115200 gives 0x01D7E000, the value in Nordic's table. */
#define UART_BAUDRATE_VALUE                                                                    \
    ((uint32_t)((((uint64_t)(BOARD_BAUD) << 32) / 16000000u + 0x800u) & ~(uint64_t)0xFFFu))

/* Whether a byte is in flight: TXDRDY is only raised after a first TXD. */
static uint8_t tx_pending;

void board_init(void)
{
#ifdef BOARD_HARDWARE
    {
        /* The crystal starts in well under a millisecond; the bound keeps
         * a board whose crystal fails serving on the RC oscillator. */
        uint32_t spins = 1000000u;
        CLOCK_EVENTS_HFCLKSTARTED = 0;
        CLOCK_TASKS_HFCLKSTART = 1;
        while (CLOCK_EVENTS_HFCLKSTARTED == 0 && --spins != 0)
            ;
    }
#endif
    UART_PSELTXD = MICROBIT_PIN_TX;
    UART_PSELRXD = MICROBIT_PIN_RX;
    UART_BAUDRATE = UART_BAUDRATE_VALUE;
    UART_CONFIG = 0; /* no flow control, no parity */
    UART_ENABLE = UART_ENABLE_ON;
    UART_EVENTS_RXDRDY = 0;
    UART_EVENTS_TXDRDY = 0;
    UART_TASKS_STARTTX = 1;
    UART_TASKS_STARTRX = 1;
    /* Interrupts masked for good before one is enabled: the receive
     * interrupt is only a wake-up for wfi, which a pending interrupt ends
     * even with PRIMASK set. */
    __asm__ volatile("cpsid i" ::: "memory");
    UART_INTENSET = UART_INT_RXDRDY;
    NVIC_ISER0 = UART0_IRQ_BIT;
    TIMER_BITMODE = TIMER_BITMODE_32;
    TIMER_PRESCALER = TIMER_PRESCALER_1MHZ;
    TIMER_TASKS_START = 1;
}

uint32_t board_clock(void)
{
    TIMER_TASKS_CAPTURE0 = 1;
    return TIMER_CC0;
}

int board_uart_read_byte(void)
{
    for (;;) {
        /* The pending bit the last wake left is cleared before the UART is
         * looked at: a byte that comes after the look pends it anew, and
         * the wfi returns at once instead of sleeping past the byte. */
        NVIC_ICPR0 = UART0_IRQ_BIT;
        if (UART_EVENTS_RXDRDY != 0) {
            /* Clear the event before reading RXD: reading it lets the next
             * byte in, whose RXDRDY must not be lost. */
            UART_EVENTS_RXDRDY = 0;
            return (int)(UART_RXD & 0xFFu);
        }
        __asm__ volatile("wfi" ::: "memory");
    }
}

static void wait_transmitted(void)
{
    if (tx_pending) {
        while (UART_EVENTS_TXDRDY == 0)
            ;
        UART_EVENTS_TXDRDY = 0;
        tx_pending = 0;
    }
}

void board_uart_write_byte(uint8_t byte)
{
    wait_transmitted();
    UART_TXD = byte;
    tx_pending = 1;
}

void board_report_write_byte(uint8_t byte)
{
    semihost_write_byte(byte);
}

void board_exit(int code)
{
    wait_transmitted();
    semihost_exit(code);
    for (;;)
        __asm__ volatile("wfi");
}
