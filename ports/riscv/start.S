/*
 * riscv/start.S - reset entry for the QEMU "virt" machine started with
 * -bios none: the hart jumps here (the start of the image, at 0x80000000)
 * in machine mode.  Set the stack and global pointer, copy .data from its
 * load image, clear .bss, run main, and stop with its exit code.  Any trap
 * stops the board with exit code 5.
 */
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, trap_entry
    csrw mtvec, t0

    la t0, __data_load
    la t1, __data_start
    la t2, __data_end
1:  bgeu t1, t2, 2f
    lw t3, 0(t0)
    sw t3, 0(t1)
    addi t0, t0, 4
    addi t1, t1, 4
    j 1b
2:
    la t1, __bss_start
    la t2, __bss_end
3:  bgeu t1, t2, 4f
    sw zero, 0(t1)
    addi t1, t1, 4
    j 3b
4:
    call main
    call board_exit

    .align 2
trap_entry:
    li a0, 5
    call board_exit
