/*
 * avr/startup.S - vector table and reset code for the ATmega2560 and the
 * ATmega328P, with no C library: zero register and status cleared, stack
 * pointer at the top of SRAM, .data copied from flash (LPM: the images are
 * far below 64 KiB, which the linker script asserts), .bss cleared, main
 * run, and its return value handed to board_exit.
 *
 * avr-gcc asks for __do_copy_data and __do_clear_bss in every unit that has
 * initialised or zeroed data; they are the two loops below, so nothing is
 * pulled from libgcc for them.  AVR_VECTORS (the chip's vector count) and
 * AVR_VECTOR_USART_RX (USART0's receive complete) come from the make
 * fragment.  The receive interrupt only wakes the core from its sleep in
 * board_uart_read_byte (avr/board.c), so its handler is a bare reti;
 * every other vector but reset stops the board.
 */
#define SREG 0x3f
#define SPH 0x3e
#define SPL 0x3d

    .section .vectors, "ax", @progbits
    .global __vectors
__vectors:
    jmp __reset
    .rept AVR_VECTOR_USART_RX - 1
    jmp __bad_interrupt
    .endr
    jmp __usart_rx
    .rept AVR_VECTORS - AVR_VECTOR_USART_RX - 1
    jmp __bad_interrupt
    .endr

    .text
    .global __reset
__reset:
    clr r1
    out SREG, r1
    ldi r28, lo8(__stack_top - 1)
    ldi r29, hi8(__stack_top - 1)
    out SPH, r29
    out SPL, r28

    .global __do_copy_data
__do_copy_data:
    ldi r26, lo8(__data_start)
    ldi r27, hi8(__data_start)
    ldi r30, lo8(__data_load)
    ldi r31, hi8(__data_load)
    ldi r18, lo8(__data_end)
    ldi r19, hi8(__data_end)
1:  cp r26, r18
    cpc r27, r19
    brsh 2f
    lpm r0, Z+
    st X+, r0
    rjmp 1b
2:
    .global __do_clear_bss
__do_clear_bss:
    ldi r26, lo8(__bss_start)
    ldi r27, hi8(__bss_start)
    ldi r18, lo8(__bss_end)
    ldi r19, hi8(__bss_end)
3:  cp r26, r18
    cpc r27, r19
    brsh 4f
    st X+, r1
    rjmp 3b
4:
    call main
    jmp board_exit          /* main's int result is already in r25:r24 */

__usart_rx:
    reti

__bad_interrupt:
    ldi r24, 5
    ldi r25, 0
    jmp board_exit
