# tests/tests.mk - every tests/test_*.c is one test program, built plain and
# with ASan/UBSan, linked with the shared helpers in tests/lib/ (reference
# implementations, the check macros' support).  tests/run runs them all.

TEST_SRC := $(wildcard tests/test_*.c)
TEST_LIB_SRC := $(wildcard tests/lib/*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_ASAN_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/asan/tests/%)
# generate_full.c is not a program: generate_bench's baseline, linked into it
TEST_TOOL_SRC := $(filter-out tests/tools/generate_full.c,$(wildcard tests/tools/*.c))
TEST_TOOL_BIN := $(TEST_TOOL_SRC:tests/tools/%.c=$(BUILD)/tools/%)
TEST_HDR := $(wildcard tests/*.h tests/lib/*.h) $(CORE_HDR)

$(BUILD)/tests/%: tests/%.c $(TEST_LIB_SRC) $(TEST_HDR) $(BUILD)/libsapper.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests $< $(TEST_LIB_SRC) $(BUILD)/libsapper.a -lm -o $@

$(BUILD)/asan/tests/%: tests/%.c $(TEST_LIB_SRC) $(TEST_HDR) $(BUILD)/asan/libsapper.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(SAN) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests $< $(TEST_LIB_SRC) $(BUILD)/asan/libsapper.a -lm -o $@

# Helper programs for tests and benchmarks (generators, baselines, clients):
# plain C with libc, optimised, not linked with the core unless they include it.
$(BUILD)/tools/%: tests/tools/%.c $(TEST_LIB_SRC) $(TEST_HDR) $(BUILD)/libsapper.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests $< $(TEST_LIB_SRC) $(BUILD)/libsapper.a -lm -pthread -o $@

$(BUILD)/tools/generate_bench: tests/tools/generate_bench.c tests/tools/generate_full.c \
    tests/tools/generate_full.h $(TEST_LIB_SRC) $(TEST_HDR) $(BUILD)/libsapper.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests $< \
	    tests/tools/generate_full.c $(TEST_LIB_SRC) $(BUILD)/libsapper.a -lm -pthread -o $@

.PHONY: test-build
# ports.mk and fuzz.mk are read after this file, so their variables are
# still empty here: $$ defers them to the second expansion.
.SECONDEXPANSION:
test-build: all $(BUILD)/asan/sapperd $(TEST_BIN) $(TEST_ASAN_BIN) $(TEST_TOOL_BIN) $$(PORTS_TEST_DEPS) $$(FUZZ_TEST_DEPS)
