/*
 * stm32f1/board.c - STM32F1 (QEMU machine stm32vldiscovery: an STM32F100RB,
 * 128 KiB flash, 8 KiB SRAM), USART1 on PA9 (TX) / PA10 (RX).
 *
 * The chip runs on its internal 8 MHz oscillator, as it leaves reset: no
 * crystal, no PLL, so the same image runs on an STM32VLDISCOVERY and on
 * the common "Blue Pill" STM32F103 boards (whose USART1, pins and RCC bits
 * are the same).  USART1 runs 8N1 at 115200 baud (8 MHz / 69, 0.6 % fast:
 * well inside what a USB serial adapter accepts).  While it waits for a
 * byte the core sleeps in wfi, woken by the USART's receive interrupt; the
 * interrupt is never taken (PRIMASK stays set, and the vector table has no
 * entry for it), it only ends the wfi.  SysTick runs free as the clock
 * that times the bytes.
 *
 * The side channel and the exit code use ARM semihosting, which QEMU serves
 * when started with -semihosting-config.  A real board has no debugger to
 * answer it (a semihosting call would stop the core), so the hardware image
 * (BOARD_HARDWARE, `make hex`) reports nothing and, at the end-of-input
 * byte, only waits for the next session: it serves forever.
 */
#include "board.h"
#include "semihost.h"

#define REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* Reset and clock control: APB2 peripheral clocks. */
#define RCC_APB2ENR REG(0x40021018u)
#define APB2_IOPA 0x0004u
#define APB2_USART1 0x4000u

/* GPIO port A, pins 8..15. */
#define GPIOA_CRH REG(0x40010804u)

/* USART1. */
#define USART1_BASE 0x40013800u
#define USART_SR REG(USART1_BASE + 0x00u)
#define USART_DR REG(USART1_BASE + 0x04u)
#define USART_BRR REG(USART1_BASE + 0x08u)
#define USART_CR1 REG(USART1_BASE + 0x0Cu)

#define SR_RXNE 0x0020u
#define SR_TC 0x0040u
#define SR_TXE 0x0080u
#define CR1_RE 0x0004u
#define CR1_TE 0x0008u
#define CR1_RXNEIE 0x0020u
#define CR1_UE 0x2000u

/* The core's NVIC (USART1 is interrupt 37) and SysTick. */
#define NVIC_ISER1 REG(0xE000E104u)
#define NVIC_ICPR1 REG(0xE000E284u)
#define USART1_IRQ_BIT (1u << (37u - 32u))
#define SYST_CSR REG(0xE000E010u)
#define SYST_RVR REG(0xE000E014u)
#define SYST_CVR REG(0xE000E018u)
#define SYST_ENABLE_CORE_CLOCK 0x5u /* ENABLE | CLKSOURCE, no interrupt */

/* USART_BRR = clock / baud, rounded: 8 MHz / 115200 = 69 (mantissa 4,
 * fraction 5/16). */
#define BOARD_CLOCK_HZ 8000000u
#ifndef BOARD_BAUD
#define BOARD_BAUD 115200u /* `make hex BAUD=...` picks another */
#endif

void board_init(void)
{
    volatile uint32_t settle;
    RCC_APB2ENR |= APB2_IOPA | APB2_USART1;
    settle = RCC_APB2ENR; /* a read-back before the peripherals are touched */
    (void)settle;
    /* PA9: alternate function push-pull, 50 MHz (0xB); PA10: floating
     * input (0x4). */
    GPIOA_CRH = (GPIOA_CRH & ~0x00000FF0u) | 0x000004B0u;
    USART_BRR = (BOARD_CLOCK_HZ + BOARD_BAUD / 2u) / BOARD_BAUD;
    /* Interrupts masked for good before one is enabled: the receive
     * interrupt is only a wake-up for wfi, which a pending interrupt ends
     * even with PRIMASK set. */
    __asm__ volatile("cpsid i" ::: "memory");
    USART_CR1 = CR1_UE | CR1_TE | CR1_RE | CR1_RXNEIE;
    NVIC_ISER1 = USART1_IRQ_BIT;
    SYST_RVR = 0xFFFFFFu;
    SYST_CSR = SYST_ENABLE_CORE_CLOCK;
#ifndef BOARD_HARDWARE
    /* QEMU's USART drops bytes that arrive before it is on: the run script
     * sends its input only after this line (ports/run-board). */
    {
        static const char ready[] = "ready\n";
        unsigned i;
        for (i = 0; ready[i] != '\0'; i++)
            board_report_write_byte((uint8_t)ready[i]);
    }
#endif
}

uint32_t board_clock(void)
{
    return SYST_CVR;
}

int board_uart_read_byte(void)
{
    for (;;) {
        /* The pending bit the last wake left is cleared before the USART is
         * looked at: a byte that comes after the look pends it anew, and
         * the wfi returns at once instead of sleeping past the byte. */
        NVIC_ICPR1 = USART1_IRQ_BIT;
        if (USART_SR & SR_RXNE)
            return (int)(USART_DR & 0xFFu);
        __asm__ volatile("wfi" ::: "memory");
    }
}

void board_uart_write_byte(uint8_t byte)
{
    while (!(USART_SR & SR_TXE))
        ;
    USART_DR = byte;
}

void board_report_write_byte(uint8_t byte)
{
    semihost_write_byte(byte);
}

void board_exit(int code)
{
    while (!(USART_SR & SR_TC))
        ;
    semihost_exit(code);
    for (;;)
        __asm__ volatile("wfi");
}
