/*
 * stack.c - the stack high-water mark and the report line, shared by the
 * boards' mains.  The stack region [__stack_limit, __stack_top) comes from
 * each board's linker script.
 */
#include "board.h"
#include "port.h"

/* The painted value; a byte that still holds it was never written. */
#define PAINT 0xA5u

void port_stack_paint(void)
{
    volatile char here = 0;
    volatile char *p = __stack_limit;
    /* Everything below this frame is free; volatile keeps the compiler from
     * turning the loop into a memset call. */
    while ((uintptr_t)p < (uintptr_t)&here - 16u)
        *p++ = (char)PAINT;
}

size_t port_stack_used(void)
{
    const volatile char *p = __stack_limit;
    while ((uintptr_t)p < (uintptr_t)__stack_top && (uint8_t)*p == PAINT)
        p++;
    return (size_t)((uintptr_t)__stack_top - (uintptr_t)p);
}

bool port_stack_reached_bottom(void)
{
    return (uint8_t) * (const volatile char *)__stack_limit != PAINT;
}

size_t port_stack_size(void)
{
    return (size_t)((uintptr_t)__stack_top - (uintptr_t)__stack_limit);
}

void port_report_text(const char *s)
{
    while (*s != '\0')
        board_report_write_byte((uint8_t)*s++);
}

void port_report_number(const char *key, uint32_t value)
{
    char digits[10];
    int n = 0;
    port_report_text(key);
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value > 0);
    while (n > 0)
        board_report_write_byte((uint8_t)digits[--n]);
}

void port_report_stack(void)
{
    port_report_number("stack_used=", (uint32_t)port_stack_used());
    port_report_number(" stack_size=", (uint32_t)port_stack_size());
}
