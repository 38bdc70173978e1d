/*
 * cortex-m3/board.c - Texas Instruments Stellaris LM3S6965 (QEMU machine
 * lm3s6965evb): 256 KiB flash, 64 KiB SRAM, UART0 on PA0/PA1.
 *
 * The UART is driven through its registers, its FIFOs left off as reset
 * leaves them: switching them on empties them, and QEMU may already have
 * delivered the first input bytes by then.  QEMU holds the sender back
 * while the receive register is full, so nothing is lost however long the
 * input (a real board would use RTS/CTS for that).  While it waits for a
 * byte the core sleeps in wfi, woken by the UART's receive interrupt; the
 * interrupt is never taken (PRIMASK stays set, and the vector table has no
 * entry for it), it only ends the wfi.  SysTick runs free as the clock
 * that times the bytes.  The side channel and the exit code use ARM
 * semihosting, which QEMU serves when started with -semihosting-config; on
 * a board without a debugger attached board_exit parks the core instead.
 */
#include "board.h"
#include "semihost.h"

#define REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* System control: clock gating. */
#define SYSCTL_RCGC1 REG(0x400FE104u) /* bit 0: UART0 */
#define SYSCTL_RCGC2 REG(0x400FE108u) /* bit 0: GPIO port A */

/* GPIO port A: PA0 = U0Rx, PA1 = U0Tx as their alternate function. */
#define GPIOA_AFSEL REG(0x40004420u)
#define GPIOA_DEN REG(0x4000451Cu)

/* UART0 (a PL011 with Stellaris extras). */
#define UART0_BASE 0x4000C000u
#define UART_DR REG(UART0_BASE + 0x000u)
#define UART_FR REG(UART0_BASE + 0x018u)
#define UART_IBRD REG(UART0_BASE + 0x024u)
#define UART_FBRD REG(UART0_BASE + 0x028u)
#define UART_LCRH REG(UART0_BASE + 0x02Cu)
#define UART_CTL REG(UART0_BASE + 0x030u)
#define UART_IM REG(UART0_BASE + 0x038u)

/* The core's NVIC (UART0 is interrupt 5) and SysTick. */
#define NVIC_ISER0 REG(0xE000E100u)
#define NVIC_ICPR0 REG(0xE000E280u)
#define UART0_IRQ_BIT (1u << 5)
#define SYST_CSR REG(0xE000E010u)
#define SYST_RVR REG(0xE000E014u)
#define SYST_CVR REG(0xE000E018u)
#define SYST_ENABLE_CORE_CLOCK 0x5u /* ENABLE | CLKSOURCE, no interrupt */

#ifndef BOARD_BAUD
#define BOARD_BAUD 115200u
#endif
#define UART_DIVISOR_64THS ((12000000u * 4u + BOARD_BAUD / 2u) / BOARD_BAUD)

#define FR_BUSY 0x08u
#define FR_RXFE 0x10u
#define FR_TXFF 0x20u
#define LCRH_WLEN_8 0x60u
#define CTL_UARTEN 0x001u
#define CTL_TXE 0x100u
#define CTL_RXE 0x200u
#define IM_RXIM 0x010u

void board_init(void)
{
    volatile uint32_t settle;
    SYSCTL_RCGC1 |= 1u;
    SYSCTL_RCGC2 |= 1u;
    settle = SYSCTL_RCGC2; /* a few cycles for the clocks to start */
    (void)settle;
    GPIOA_AFSEL |= 0x3u;
    GPIOA_DEN |= 0x3u;
    UART_CTL = 0;
    /* BOARD_BAUD (115200 unless `make hex BAUD=...` says otherwise) from the
     * 12 MHz reset clock: the divisor 12e6 / (16 * baud) in 1/64ths, e.g.
     * 6 + 33/64 for 115200. */
    UART_IBRD = UART_DIVISOR_64THS >> 6;
    UART_FBRD = UART_DIVISOR_64THS & 63u;
    UART_LCRH = LCRH_WLEN_8;
    UART_CTL = CTL_UARTEN | CTL_TXE | CTL_RXE;
    /* Interrupts masked for good before one is enabled: the receive
     * interrupt is only a wake-up for wfi, which a pending interrupt ends
     * even with PRIMASK set. */
    __asm__ volatile("cpsid i" ::: "memory");
    UART_IM = IM_RXIM;
    NVIC_ISER0 = UART0_IRQ_BIT;
    SYST_RVR = 0xFFFFFFu;
    SYST_CSR = SYST_ENABLE_CORE_CLOCK;
}

uint32_t board_clock(void)
{
    return SYST_CVR;
}

int board_uart_read_byte(void)
{
    for (;;) {
        /* The pending bit the last wake left is cleared before the UART is
         * looked at: a byte that comes after the look pends it anew, and
         * the wfi returns at once instead of sleeping past the byte. */
        NVIC_ICPR0 = UART0_IRQ_BIT;
        if ((UART_FR & FR_RXFE) == 0)
            return (int)(UART_DR & 0xFFu);
        __asm__ volatile("wfi" ::: "memory");
    }
}

void board_uart_write_byte(uint8_t byte)
{
    while (UART_FR & FR_TXFF)
        ;
    UART_DR = byte;
}

void board_report_write_byte(uint8_t byte)
{
    semihost_write_byte(byte);
}

void board_exit(int code)
{
    while (UART_FR & FR_BUSY)
        ;
    semihost_exit(code);
    for (;;)
        __asm__ volatile("wfi");
}
