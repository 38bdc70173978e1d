/*
 * port.h - helpers shared by the boards' mains (ports/stack.c).  The report
 * is one line on the board's side channel:
 *   stack_used=N stack_size=N [key=N ...]
 * which `make size` and tests/t_ports.sh read.
 */
#ifndef SAPPER_PORT_H
#define SAPPER_PORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* Exit codes a main passes to board_exit, beside 0 for a normal end (the
 * startup code uses 5 for a fault). */
enum port_exit {
    PORT_EXIT_STALLED = 3, /* the session took no input and had no reply */
    PORT_EXIT_STACK = 4    /* the stack reached the bottom of its region */
};

/* Paints the stack region below the caller's frame; call it first. */
void port_stack_paint(void);
/* Bytes of the stack region ever written since the paint. */
size_t port_stack_used(void);
size_t port_stack_size(void);
/* Whether the stack ever reached the bottom byte of its region (one read). */
bool port_stack_reached_bottom(void);

void port_report_text(const char *s);
void port_report_number(const char *key, uint32_t value);
/* "stack_used=N stack_size=N" (no line end). */
void port_report_stack(void);

#endif /* SAPPER_PORT_H */
