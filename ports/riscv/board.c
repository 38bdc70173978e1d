/*
 * riscv/board.c - QEMU "virt" (rv32imac): an NS16550A UART at 0x10000000
 * and the SiFive test device at 0x100000, whose "fail" command carries an
 * exit code out of QEMU.
 *
 * The UART runs with its FIFOs off, as reset leaves them (switching them
 * on empties them, and QEMU may already have delivered the first input
 * bytes by then).  QEMU holds the sender back while the receive register is
 * full, so long inputs arrive whole (a real board would use RTS/CTS).
 * While it waits for a byte the hart sleeps in wfi, woken by the UART's
 * received-data interrupt, which the PLIC routes to hart 0 in machine mode
 * (mie.MEIE).  The interrupt is never taken (mstatus.MIE stays clear, as
 * reset leaves it): a pending one only ends the wfi.  The CLINT's mtime is
 * the clock that times the bytes.  The side channel is
 * RISC-V semihosting (QEMU -semihosting-config), which a board without a
 * debugger never reaches: board_report_write_byte is only called at exit,
 * and a real board would drop these bytes.
 */
#include "board.h"

#define UART_BASE 0x10000000u
#define UART_REG(off) (*(volatile uint8_t *)(uintptr_t)(UART_BASE + (off)))
#define UART_RBR UART_REG(0u) /* receive buffer (read), DLAB = 0 */
#define UART_THR UART_REG(0u) /* transmit holding (write), DLAB = 0 */
#define UART_DLL UART_REG(0u) /* divisor low, DLAB = 1 */
#define UART_IER UART_REG(1u)
#define UART_DLM UART_REG(1u) /* divisor high, DLAB = 1 */
#define UART_FCR UART_REG(2u)
#define UART_LCR UART_REG(3u)
#define UART_LSR UART_REG(5u)

#define IER_RX_DATA 0x01u
#define LSR_DATA_READY 0x01u
#define LSR_THR_EMPTY 0x20u
#define LSR_TX_IDLE 0x40u

/* The PLIC: the UART is its source 10; context 0 is hart 0 in machine
 * mode. */
#define PLIC_REG(off) (*(volatile uint32_t *)(uintptr_t)(0x0C000000u + (off)))
#define UART0_IRQ 10u
#define PLIC_PRIORITY_UART0 PLIC_REG(4u * UART0_IRQ)
#define PLIC_ENABLE_M0 PLIC_REG(0x2000u)
#define PLIC_THRESHOLD_M0 PLIC_REG(0x200000u)
#define PLIC_CLAIM_M0 PLIC_REG(0x200004u) /* read: claim; write: complete */
#define MIE_MEIE 0x800u

/* The CLINT's mtime, low word: 10 MHz on QEMU virt. */
#define CLINT_MTIME (*(volatile uint32_t *)(uintptr_t)0x0200BFF8u)

#define TEST_DEVICE (*(volatile uint32_t *)(uintptr_t)0x00100000u)
#define TEST_PASS 0x5555u
#define TEST_FAIL 0x3333u

#define SEMIHOST_SYS_WRITEC 0x03

/* The semihosting trap: an ebreak between two marker instructions, all
 * uncompressed, so the debugger (here QEMU) knows it is a request. */
static void semihost(uint32_t op, const void *arg)
{
    register uint32_t a0 __asm__("a0") = op;
    register const void *a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n"
                     ".option norvc\n"
                     ".balign 16\n"
                     "slli zero, zero, 0x1f\n"
                     "ebreak\n"
                     "srai zero, zero, 7\n"
                     ".option pop\n"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
}

void board_init(void)
{
    UART_IER = 0;
    UART_LCR = 0x80u; /* DLAB: divisor 1, the fastest rate of the clock */
    UART_DLL = 1u;
    UART_DLM = 0;
    UART_LCR = 0x03u; /* 8N1, DLAB off */
    /* FIFOs stay as reset left them (off): switching them on clears them, and
     * QEMU may already have delivered the first input byte. */
    UART_IER = IER_RX_DATA;
    PLIC_PRIORITY_UART0 = 1u;
    PLIC_THRESHOLD_M0 = 0;
    PLIC_ENABLE_M0 = 1u << UART0_IRQ;
    __asm__ volatile("csrs mie, %0" : : "r"(MIE_MEIE) : "memory");
}

uint32_t board_clock(void)
{
    return CLINT_MTIME;
}

int board_uart_read_byte(void)
{
    for (;;) {
        /* The PLIC holds the UART's request until it is claimed: the one
         * the last wake left is claimed and completed before the UART is
         * looked at, so a byte that comes after the look raises a fresh
         * one, and the wfi returns at once instead of sleeping past it. */
        uint32_t source = PLIC_CLAIM_M0;
        if (source != 0)
            PLIC_CLAIM_M0 = source;
        if (UART_LSR & LSR_DATA_READY)
            return (int)UART_RBR;
        __asm__ volatile("wfi" ::: "memory");
    }
}

void board_uart_write_byte(uint8_t byte)
{
    while ((UART_LSR & LSR_THR_EMPTY) == 0)
        ;
    UART_THR = byte;
}

void board_report_write_byte(uint8_t byte)
{
    semihost(SEMIHOST_SYS_WRITEC, &byte);
}

void board_exit(int code)
{
    while ((UART_LSR & LSR_TX_IDLE) == 0)
        ;
    if (code == 0)
        TEST_DEVICE = TEST_PASS;
    else
        TEST_DEVICE = ((uint32_t)code << 16) | TEST_FAIL;
    for (;;)
        __asm__ volatile("wfi");
}
