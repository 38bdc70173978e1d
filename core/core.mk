# core/core.mk - the freestanding core: build/libsapper.a, a sanitized copy
# for the tests, and the freestanding check.
#
# Every compile writes its object's header dependencies beside it (DEPFLAGS,
# the Makefile: foo.o's in foo.d), read back at the end of this file, so a
# header's change rebuilds exactly the objects that include it.  An object
# also depends on this file, which holds its flags.

CORE_SRC := $(wildcard core/*.c)
CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
CORE_ASAN_OBJ := $(CORE_SRC:%.c=$(BUILD)/asan/%.o)
CORE_FS_OBJ := $(CORE_SRC:%.c=$(BUILD)/freestanding/%.o)

$(BUILD)/core/%.o: core/%.c core/core.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(DEPFLAGS) $(CPPFLAGS_CORE) -c $< -o $@

# The sanitized core also checks constant text (core/internal.h): every
# read through the constant-text accessors must fall in the sap_text section.
$(BUILD)/asan/core/%.o: core/%.c core/core.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(SAN) $(DEPFLAGS) $(CPPFLAGS_CORE) -DSAP_TEXT_CHECK -c $< -o $@

$(BUILD)/libsapper.a: $(CORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/asan/libsapper.a: $(CORE_ASAN_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# The freestanding check: every core file compiles with no libc headers on
# the include path (only the compiler's own stddef/stdint/stdbool), with a
# bounded frame per function, and the objects may need no outside symbol but
# memcpy/memset/memmove/memcmp.  It fails the build loudly otherwise.
# The frame bound is gcc's -Wstack-usage (a function's whole stack use,
# dynamic parts included); clang has no such flag and checks the same
# bound as -Wframe-larger-than.
CC_IS_GCC := $(shell $(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo yes)
FS_STACK_CHECK := $(if $(CC_IS_GCC),-Wstack-usage=512,-Wframe-larger-than=512)
FS_CFLAGS := $(WARN) -Os -ffreestanding -fno-builtin -nostdinc \
             -isystem $(shell $(CC) -print-file-name=include) \
             -fno-stack-protector $(FS_STACK_CHECK) -fno-optimize-sibling-calls
# With gcc, the same compile writes each file's call graph (.ci), and
# no_recursion.awk proves the core has no call cycle.
FS_CALLGRAPH := $(if $(CC_IS_GCC),-fcallgraph-info)
$(BUILD)/freestanding/core/%.o: core/%.c core/core.mk
	@mkdir -p $(@D)
	$(CC) $(FS_CFLAGS) $(FS_CALLGRAPH) $(DEPFLAGS) $(CPPFLAGS_CORE) -c $< -o $@

$(BUILD)/freestanding.ok: $(CORE_FS_OBJ) core/no_recursion.awk
	@$(CC) -r -nostdlib $(CORE_FS_OBJ) -o $(BUILD)/freestanding/core-all.o
	@bad=$$(nm -u $(BUILD)/freestanding/core-all.o | awk '{print $$NF}' | sort -u | grep -vxE 'memcpy|memset|memmove|memcmp'); \
	if [ -n "$$bad" ]; then echo "freestanding check FAILED: the core needs $$bad" >&2; exit 1; fi
	@echo "freestanding check: core needs only memcpy/memset/memmove/memcmp"
	@if [ -n "$(FS_CALLGRAPH)" ]; then \
	  awk -f core/no_recursion.awk $(CORE_FS_OBJ:.o=.ci) && echo "no-recursion check: the core's call graph has no cycle"; \
	fi
	@touch $@

check-freestanding: $(BUILD)/freestanding.ok

-include $(CORE_OBJ:.o=.d) $(CORE_ASAN_OBJ:.o=.d) $(CORE_FS_OBJ:.o=.d)
