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

/* Each section is counted in words between its linker symbols (C orders
 * pointers only within one object, and each symbol is an object of its own). */
static uint32_t words_between(const uint32_t *start, const uint32_t *end)
{
    return (uint32_t)((uintptr_t)end - (uintptr_t)start) / sizeof(uint32_t);
}

void reset_handler(void)
{
    uint32_t data_words = words_between(__data_start, __data_end);
    uint32_t bss_words = words_between(__bss_start, __bss_end);
    uint32_t i;
    for (i = 0; i < data_words; i++)
        __data_start[i] = __data_load[i];
    for (i = 0; i < bss_words; i++)
        __bss_start[i] = 0;
    board_exit(main());
}

void fault_handler(void)
{
    board_exit(PORT_EXIT_FAULT);
}

/* The handlers the core can meet: reset, NMI, hard fault, memory
 * management, bus and usage faults.  The word before them, the initial
 * stack pointer, is placed by the linker script. */
__attribute__((section(".vectors"), used)) static void (*const vectors[])(void) = {
    reset_handler, fault_handler, fault_handler, fault_handler, fault_handler, fault_handler,
};
