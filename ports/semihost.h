/*
 * semihost.h - ARM semihosting for the emulator builds of the Arm boards
 * (cortex-m3, stm32f1, microbit): the side channel (one byte at a time) and
 * the exit code, which QEMU serves when started with -semihosting-config.
 *
 * A real board has no debugger to answer the BKPT (it would fault, and the
 * fault handler would try again), so in the image for hardware
 * (BOARD_HARDWARE, `make hex`) both calls do nothing: the side channel is
 * dropped and board_exit only parks the core.
 */
#ifndef SAPPER_SEMIHOST_H
#define SAPPER_SEMIHOST_H

#include <stdint.h>

#ifndef BOARD_HARDWARE
/* Semihosting operations and the reason code for a normal exit. */
#define SEMIHOST_SYS_WRITEC 0x03u
#define SEMIHOST_SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static inline uint32_t semihost_call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
#endif

static inline void semihost_write_byte(uint8_t byte)
{
#ifdef BOARD_HARDWARE
    (void)byte;
#else
    semihost_call(SEMIHOST_SYS_WRITEC, &byte);
#endif
}

/* Stops the emulator with `code` (SYS_EXIT_EXTENDED passes it through). */
static inline void semihost_exit(int code)
{
#ifdef BOARD_HARDWARE
    (void)code;
#else
    uint32_t block[2];
    block[0] = ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uint32_t)code;
    semihost_call(SEMIHOST_SYS_EXIT_EXTENDED, block);
#endif
}

#endif /* SAPPER_SEMIHOST_H */
