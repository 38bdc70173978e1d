/*
 * cortex-m3/startup.c - the vector table and the reset handler: copy .data
 * from flash, clear .bss, run main.  A fault stops the board with exit
 * code 5 so that a test sees it instead of hanging.
 */
#include "board.h"

int main(void);
void reset_handler(void);
void fault_handler(void);

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];

enum { PORT_EXIT_FAULT = 5 };

void reset_handler(void)
{
    uint32_t *src = __data_load;
    uint32_t *dst = __data_start;
    while (dst < __data_end)
        *dst++ = *src++;
    for (dst = __bss_start; dst < __bss_end; dst++)
        *dst = 0;
    board_exit(main());
}

void fault_handler(void)
{
    board_exit(PORT_EXIT_FAULT);
}

/* The handlers the core can meet: reset, NMI, hard fault, memory
 * management, bus and usage faults.  The word before them, the initial
 * stack pointer, is placed by the linker script. */
__attribute__((section(".vectors"), used))
static void (*const vectors[])(void) = {
    reset_handler,
    fault_handler,
    fault_handler,
    fault_handler,
    fault_handler,
    fault_handler,
};
