/*
 * avr/board.c - USART0 of the ATmega2560 and the ATmega328P (same
 * registers on both), 16 MHz, 8N1: 1 Mbaud in the emulator build (UBRR =
 * 0: exact at 16 MHz), BOARD_BAUD (115200) in the hardware image.
 *
 * While it waits for a byte the core sleeps in idle mode, woken by the
 * USART's receive-complete interrupt, whose handler does nothing
 * (startup.S): interrupts are on only across the sleep instruction.
 * Timer1 runs free as the clock that times the bytes (idle mode keeps it
 * running).
 *
 * The side channel and the exit code go to two general-purpose I/O
 * registers (GPIOR0, GPIOR1), harmless on silicon and watched by the simavr
 * harness (ports/avr/harness.c).  After the exit code the core sleeps with
 * interrupts off, which also ends a plain simavr run.
 */
#include <stdbool.h>
#include "board.h"

#define REG8(addr) (*(volatile uint8_t *)(uintptr_t)(addr))

#define UCSR0A REG8(0xC0u)
#define UCSR0B REG8(0xC1u)
#define UCSR0C REG8(0xC2u)
#define UBRR0L REG8(0xC4u)
#define UBRR0H REG8(0xC5u)
#define UDR0 REG8(0xC6u)
#define GPIOR0 REG8(0x3Eu)
#define GPIOR1 REG8(0x4Au)
#define SMCR REG8(0x53u)
#define TCCR1B REG8(0x81u)
#define TCNT1 (*(volatile uint16_t *)(uintptr_t)0x84u)

#define RXC0 0x80u
#define TXC0 0x40u
#define UDRE0 0x20u
#define RXCIE0 0x80u
#define RXEN0 0x10u
#define TXEN0 0x08u
#define UCSZ_8BIT 0x06u
#define U2X0 0x02u
#define SMCR_SLEEP_ENABLE 0x01u   /* idle mode */
#define TCCR1B_CLOCK_DIV_64 0x03u /* 4 us a tick, a wrap every 262 ms */

static bool sent_any;

void board_init(void)
{
#ifdef BOARD_BAUD
    /* The hardware image (`make hex`): BOARD_BAUD at double speed, which
     * 16 MHz divides best: 115200 is 117647 (+2.1 %), as the Arduino
     * bootloaders use it. */
    uint16_t ubrr = (uint16_t)((16000000ul / 8ul + BOARD_BAUD / 2ul) / BOARD_BAUD - 1ul);
    UCSR0A = U2X0;
    UBRR0H = (uint8_t)(ubrr >> 8);
    UBRR0L = (uint8_t)ubrr;
#else
    UBRR0H = 0;
    UBRR0L = 0;
#endif
    UCSR0C = UCSZ_8BIT;
    UCSR0B = RXCIE0 | RXEN0 | TXEN0;
    SMCR = SMCR_SLEEP_ENABLE;
    TCCR1B = TCCR1B_CLOCK_DIV_64;
}

uint32_t board_clock(void)
{
    return TCNT1;
}

int board_uart_read_byte(void)
{
    /* Interrupts are on only across "sei; sleep; nop".  The instruction
     * after sei always runs before an interrupt is taken, so a byte that
     * comes after the look at RXC0 is not slept through: its interrupt,
     * pending at the sleep, ends it at once.  The handler does nothing; the
     * byte stays in the USART for this loop to read.  The nop gives a
     * pending interrupt its turn under simavr, which takes it one
     * instruction later than silicon (without the nop, an interrupt
     * pending at the sleep would never be taken there, and simavr would
     * not sleep again); on silicon the handler may run once more after
     * it, as the interrupt holds until UDR0 is read. */
    while ((UCSR0A & RXC0) == 0)
        __asm__ volatile("sei\n\tsleep\n\tnop\n\tcli" ::: "memory");
    return UDR0;
}

void board_uart_write_byte(uint8_t byte)
{
    while ((UCSR0A & UDRE0) == 0)
        ;
    UCSR0A = TXC0; /* writing one clears "transmit complete" */
    UDR0 = byte;
    sent_any = true;
}

void board_report_write_byte(uint8_t byte)
{
    GPIOR0 = byte;
}

void board_exit(int code)
{
    if (sent_any)
        while ((UCSR0A & TXC0) == 0)
            ;
    GPIOR1 = (uint8_t)code;
    __asm__ volatile("cli"); /* the sleep, enabled by board_init, is for good */
    for (;;)
        __asm__ volatile("sleep");
}
