# ports/riscv/port.mk - rv32imac on QEMU virt, laid out as a part with
# 256 KiB flash and 512 KiB RAM: the boom statement's 200 x 200 boards.
RV_CC := riscv64-unknown-elf-gcc
RV_CFLAGS := -march=rv32imac_zicsr -mabi=ilp32 -mcmodel=medany \
  -DSAP_MAX_ROWS=200u -DSAP_MAX_COLS=200u -DSAP_MAX_CELLS=40000u
RV_SRC := ports/riscv/start.S ports/riscv/board.c
$(eval $(call PORT_IMAGE,riscv,$(RV_CC),$(RV_CFLAGS),$(RV_SRC),ports/riscv/link.ld,1536))
