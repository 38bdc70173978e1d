# tests/tests.mk - every tests/test_*.c is one test program, built plain and
# with ASan/UBSan, linked with the shared helpers in tests/lib/ (reference
# implementations, the check macros' support).  tests/run runs them all.
#
# The programs' own files and the helpers are compiled once each into
# $(BUILD)/tests/obj/ (and $(BUILD)/asan/tests/obj/), with their header
# dependencies beside them (DEPFLAGS, the Makefile), so a change to the core
# relinks the programs and recompiles none of them.  An object also depends
# on this file, which holds its flags.

TEST_SRC := $(wildcard tests/test_*.c)
TEST_LIB_SRC := $(wildcard tests/lib/*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_ASAN_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/asan/tests/%)
# Parts of a program, not programs: generate_full.c is generate_bench's
# baseline, winrate_game.c winrate's one game, winrate_files.c its reading of
# runs' output (--add, --pair).
TEST_TOOL_PART := generate_full winrate_game winrate_files
TEST_TOOL_SRC := $(filter-out $(TEST_TOOL_PART:%=tests/tools/%.c),$(wildcard tests/tools/*.c))
TEST_TOOL_BIN := $(TEST_TOOL_SRC:tests/tools/%.c=$(BUILD)/tools/%)
TEST_LIB_OBJ := $(TEST_LIB_SRC:tests/%.c=$(BUILD)/tests/obj/%.o)
TEST_LIB_ASAN_OBJ := $(TEST_LIB_SRC:tests/%.c=$(BUILD)/asan/tests/obj/%.o)
TEST_OBJ := $(TEST_SRC:tests/%.c=$(BUILD)/tests/obj/%.o) $(TEST_LIB_OBJ)
TEST_ASAN_OBJ := $(TEST_SRC:tests/%.c=$(BUILD)/asan/tests/obj/%.o) $(TEST_LIB_ASAN_OBJ)

$(BUILD)/tests/obj/%.o: tests/%.c tests/tests.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(DEPFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests -c $< -o $@

$(BUILD)/asan/tests/obj/%.o: tests/%.c tests/tests.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(SAN) $(DEPFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests -c $< -o $@

$(TEST_BIN): $(BUILD)/tests/%: $(BUILD)/tests/obj/%.o $(TEST_LIB_OBJ) $(BUILD)/libsapper.a
	$(CC) $(CFLAGS_HOST) $^ -lm -o $@

$(TEST_ASAN_BIN): $(BUILD)/asan/tests/%: $(BUILD)/asan/tests/obj/%.o $(TEST_LIB_ASAN_OBJ) $(BUILD)/asan/libsapper.a
	$(CC) $(CFLAGS_HOST) $(SAN) $^ -lm -o $@

# Helper programs for tests and benchmarks (generators, baselines, clients):
# plain C with libc, optimised, not linked with the core unless they include it.
TEST_TOOL_CFLAGS = $(CFLAGS_HOST) $(DEPFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) -Itests -pthread
# A program with a part has the part's object as a prerequisite, and the
# link takes every object of $(BUILD)/tools/ among the prerequisites.
$(BUILD)/tools/generate_bench: $(BUILD)/tools/generate_full.o
$(BUILD)/tools/winrate: $(BUILD)/tools/winrate_game.o $(BUILD)/tools/winrate_files.o
$(TEST_TOOL_BIN): $(BUILD)/tools/%: tests/tools/%.c $(TEST_LIB_OBJ) $(BUILD)/libsapper.a \
    tests/tests.mk
	@mkdir -p $(@D)
	$(CC) $(TEST_TOOL_CFLAGS) $< $(filter $(BUILD)/tools/%.o,$^) $(TEST_LIB_OBJ) $(BUILD)/libsapper.a \
	    -lm -o $@

$(TEST_TOOL_PART:%=$(BUILD)/tools/%.o): $(BUILD)/tools/%.o: tests/tools/%.c tests/tests.mk
	@mkdir -p $(@D)
	$(CC) $(TEST_TOOL_CFLAGS) -c $< -o $@

-include $(TEST_OBJ:.o=.d) $(TEST_ASAN_OBJ:.o=.d) $(TEST_TOOL_BIN:=.d) $(TEST_TOOL_PART:%=$(BUILD)/tools/%.d)

.PHONY: test-build
# ports.mk and fuzz.mk are read after this file, so their variables are
# still empty here: $$ defers them to the second expansion.
.SECONDEXPANSION:
test-build: all $(BUILD)/asan/sapperd $(TEST_BIN) $(TEST_ASAN_BIN) $(TEST_TOOL_BIN) $$(PORTS_TEST_DEPS) $$(FUZZ_TEST_DEPS)
