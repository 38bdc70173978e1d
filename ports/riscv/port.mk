# ports/riscv/port.mk - rv32imac on QEMU virt, laid out as a part with
# 256 KiB flash and 512 KiB RAM: the boom statement's 200 x 200 boards.
# The WORK block is held to what the four solvers need at 200 x 200
# (SAP_MAX_WORK_BYTES, the old SAP_SESSION_WORK_BYTES(1, 40000)): HINT and
# PROB serve boards up to 36,784 cells in it (190 x 190).
RV_CC := riscv64-unknown-elf-gcc
RV_CFLAGS := $(PORT_SOLVERS_ALL) -march=rv32imac_zicsr -mabi=ilp32 -mcmodel=medany \
  -DSAP_MAX_ROWS=200u -DSAP_MAX_COLS=200u -DSAP_MAX_CELLS=40000u -DSAP_MAX_WORK_BYTES=360064u -DSAP_ENDGAME_LAYOUTS=0u
RV_SRC := ports/riscv/start.S ports/riscv/board.c
$(eval $(call PORT_IMAGE,riscv,$(RV_CC),$(RV_CFLAGS),$(RV_SRC),ports/riscv/link.ld,1536))

# The same image with a stack too small for a session: the tests check that
# the painted-stack check catches it (exit status 4) instead of passing.
$(BUILD)/ports/riscv/tight-stack.elf: $(BUILD)/ports/riscv/sapper.elf
	$(RV_CC) $(RV_CFLAGS) $(PORT_CFLAGS) $(PORT_LDFLAGS) -T ports/riscv/link.ld \
	  -Wl,--defsym=PORT_STACK_BYTES=128 $(RV_SRC) ports/main.c $(PORT_COMMON_SRC) $(CORE_SRC) -lgcc -o $@
PORTS_EXTRA_DEPS += $(BUILD)/ports/riscv/tight-stack.elf
