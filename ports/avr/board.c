/*
 * avr/board.c - USART0 of the ATmega2560 and the ATmega328P (same
 * registers on both), 16 MHz, 1 Mbaud 8N1 (UBRR = 0: exact at 16 MHz),
 * polled.
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

#define RXC0 0x80u
#define TXC0 0x40u
#define UDRE0 0x20u
#define RXEN0 0x10u
#define TXEN0 0x08u
#define UCSZ_8BIT 0x06u
#define SMCR_SLEEP_ENABLE 0x01u   /* idle mode */

static bool sent_any;

void board_init(void)
{
    UBRR0H = 0;
    UBRR0L = 0;
    UCSR0C = UCSZ_8BIT;
    UCSR0B = RXEN0 | TXEN0;
}

int board_uart_read_byte(void)
{
    while ((UCSR0A & RXC0) == 0)
        ;
    return UDR0;
}

void board_uart_write_byte(uint8_t byte)
{
    while ((UCSR0A & UDRE0) == 0)
        ;
    UCSR0A = TXC0;        /* writing one clears "transmit complete" */
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
    __asm__ volatile("cli");
    SMCR = SMCR_SLEEP_ENABLE;
    for (;;)
        __asm__ volatile("sleep");
}
