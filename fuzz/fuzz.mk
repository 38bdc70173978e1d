# fuzz/fuzz.mk - fuzz harnesses: every target under fuzz/ is one fuzz_one()
# (fuzz/fuzz_<target>.c) built three ways into build/fuzz/:
#
#   <target>-libfuzzer     clang, -fsanitize=fuzzer,address,undefined; the
#                          core rebuilt with clang, the same sanitizers and
#                          -fsanitize=fuzzer-no-link for coverage
#   <target>-afl           afl-clang-fast, AFL++ persistent mode
#   <target>-replay        the ordinary compiler, plain core: replays files
#   <target>-replay-asan   the same with ASan/UBSan and the sanitized core
#
#   make fuzz-build                          every harness, every way
#   make fuzz FUZZ_SECONDS=N                 each libFuzzer harness N seconds
#   make fuzz-afl TARGET=game FUZZ_SECONDS=N one AFL++ run, no UI
#   make fuzz-replay                         every stored corpus, plain and ASan
#   make fuzz-campaign FUZZ_CAMPAIGN_SECONDS=N FUZZ_CAMPAIGN_JOBS=J
#                                            every libFuzzer harness N seconds
#                                            (default 900), J at a time, new
#                                            coverage merged into the corpora
#
# Runs work on scratch copies under build/fuzz/run*/ and build/fuzz/campaign/;
# the stored corpora in fuzz/corpus/<target>/ change only when someone
# copies a finding there or a campaign merges what adds coverage.
#
# A harness binary compiles its fuzz_<target>.c and links the rest as
# objects, one set per way (build/fuzz/lf/, afl/, replay/, replay-asan/);
# each compile writes its header dependencies beside its output (DEPFLAGS,
# the Makefile), read back at the end of this file.  Everything built here
# also depends on this file, which holds the flags.

FUZZ_TARGETS := game casual master nurikabe session deduce generate \
                judge_boom judge_casual judge_master judge_nurikabe
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_SECONDS ?= 30
FUZZ_CAMPAIGN_SECONDS ?= 900
FUZZ_CAMPAIGN_JOBS ?= 1
TARGET ?= game

FUZZ_CLANG ?= clang
FUZZ_AFL_CC ?= afl-clang-fast

# Shared harness code, and the reference implementations it compares with:
# the tests' own (tests/lib/ref_*.c, plain C without the core) and fuzz's.
FUZZ_COMMON_SRC := fuzz/fuzz_common.c fuzz/fuzz_ref.c fuzz/fuzz_judge.c $(wildcard tests/lib/ref_*.c) \
                   tests/lib/players.c
FUZZ_CPPFLAGS := $(CPPFLAGS_CORE) -Ifuzz -Itests/lib -D_POSIX_C_SOURCE=200809L

FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The libFuzzer builds lower two of the core's limits (sapper.h section 1),
# so that an input costs milliseconds; past either the core takes the path
# it documents for it, which the harnesses check as they do any other:
#   SAP_GENERATE_MAX_TRIES 200 (not 10,000): a no-guess board past them is
#     refused the same way, fifty times sooner, and the generate harness
#     runs at hundreds of inputs a second instead of dozens;
#   SAP_ENDGAME_MAX_STEPS 100,000 (not 4,000,000): HINT's endgame search
#     gives up on a position past them and HINT weighs its guess by the
#     look-ahead, as it does past the default; of the searches on a grown
#     deduce corpus that finish within the default's 4,000,000 steps, two
#     in three (365 of 544) finish within these, and the rest can cost one
#     deduce input a third of a second.
# The harnesses and their core are built alike, so their limits agree (the
# replay builds keep the defaults).
FUZZ_LF_LIMITS := -DSAP_GENERATE_MAX_TRIES=200u -DSAP_ENDGAME_MAX_STEPS=100000u
FUZZ_LF_CFLAGS := $(WARN) -O1 -g $(FUZZ_SAN) $(FUZZ_LF_LIMITS)
FUZZ_AFL_CFLAGS := $(WARN) -O2 -g

FUZZ_LF_CORE_OBJ := $(CORE_SRC:%.c=$(FUZZ_DIR)/lf/%.o)
FUZZ_AFL_CORE_OBJ := $(CORE_SRC:%.c=$(FUZZ_DIR)/afl/%.o)

FUZZ_REPLAY_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%-replay)
FUZZ_REPLAY_ASAN_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%-replay-asan)
FUZZ_LF_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%-libfuzzer)
FUZZ_AFL_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%-afl)

# What `make test-build` builds for tests/t_fuzz.sh (AFL++ only for game).
FUZZ_TEST_DEPS := $(FUZZ_REPLAY_BIN) $(FUZZ_REPLAY_ASAN_BIN) $(FUZZ_LF_BIN) $(FUZZ_DIR)/game-afl

.PHONY: fuzz-build fuzz fuzz-afl fuzz-replay fuzz-campaign

fuzz-build: $(FUZZ_REPLAY_BIN) $(FUZZ_REPLAY_ASAN_BIN) $(FUZZ_LF_BIN) $(FUZZ_AFL_BIN)

# ---- the core, rebuilt for each fuzzer ------------------------------------

# The core gets edge coverage but no comparison tracing: its comparisons
# are of its own state (counts, places, steps), which the fuzzer cannot
# steer byte by byte, and tracing them took three quarters of the
# generate harness's time.  The harnesses, which decode the input, keep
# it.
$(FUZZ_DIR)/lf/core/%.o: core/%.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_LF_CFLAGS) -fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp \
	  $(DEPFLAGS) $(CPPFLAGS_CORE) -c $< -o $@

$(FUZZ_DIR)/lf/libsapper.a: $(FUZZ_LF_CORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_DIR)/afl/core/%.o: core/%.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_AFL_CC) $(FUZZ_AFL_CFLAGS) $(DEPFLAGS) $(CPPFLAGS_CORE) -c $< -o $@

$(FUZZ_DIR)/afl/libsapper.a: $(FUZZ_AFL_CORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# ---- the harnesses --------------------------------------------------------

# The replay builds: the driver and the shared code as objects, plain and
# with ASan/UBSan.
FUZZ_REPLAY_OBJ := $(FUZZ_DIR)/replay/fuzz/main_replay.o $(FUZZ_COMMON_SRC:%.c=$(FUZZ_DIR)/replay/%.o)
FUZZ_REPLAY_ASAN_OBJ := $(FUZZ_REPLAY_OBJ:$(FUZZ_DIR)/replay/%=$(FUZZ_DIR)/replay-asan/%)

$(FUZZ_REPLAY_OBJ): $(FUZZ_DIR)/replay/%.o: %.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(DEPFLAGS) $(FUZZ_CPPFLAGS) -c $< -o $@

$(FUZZ_REPLAY_ASAN_OBJ): $(FUZZ_DIR)/replay-asan/%.o: %.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(SAN) $(DEPFLAGS) $(FUZZ_CPPFLAGS) -c $< -o $@

$(FUZZ_REPLAY_BIN): $(FUZZ_DIR)/%-replay: fuzz/fuzz_%.c $(FUZZ_REPLAY_OBJ) $(BUILD)/libsapper.a fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(DEPFLAGS) $(FUZZ_CPPFLAGS) $< $(FUZZ_REPLAY_OBJ) $(BUILD)/libsapper.a -o $@

$(FUZZ_REPLAY_ASAN_BIN): $(FUZZ_DIR)/%-replay-asan: fuzz/fuzz_%.c $(FUZZ_REPLAY_ASAN_OBJ) $(BUILD)/asan/libsapper.a \
                         fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(SAN) $(DEPFLAGS) $(FUZZ_CPPFLAGS) $< $(FUZZ_REPLAY_ASAN_OBJ) \
	  $(BUILD)/asan/libsapper.a -o $@

# The shared helpers and references get the sanitizers but no coverage
# instrumentation: their loops would cost time and only add noise to the
# feedback.  The harness and its driver are instrumented (the decoding guides
# too): the driver compiled with -fsanitize=fuzzer-no-link, as
# -fsanitize=fuzzer compiles the harness.
FUZZ_LF_COMMON_OBJ := $(FUZZ_COMMON_SRC:%.c=$(FUZZ_DIR)/lf/%.o)

$(FUZZ_LF_COMMON_OBJ): $(FUZZ_DIR)/lf/%.o: %.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_LF_CFLAGS) $(DEPFLAGS) $(FUZZ_CPPFLAGS) -c $< -o $@

$(FUZZ_DIR)/lf/fuzz/main_libfuzzer.o: fuzz/main_libfuzzer.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_LF_CFLAGS) -fsanitize=fuzzer-no-link $(DEPFLAGS) $(FUZZ_CPPFLAGS) -c $< -o $@

$(FUZZ_LF_BIN): $(FUZZ_DIR)/%-libfuzzer: fuzz/fuzz_%.c $(FUZZ_DIR)/lf/fuzz/main_libfuzzer.o $(FUZZ_LF_COMMON_OBJ) \
                $(FUZZ_DIR)/lf/libsapper.a fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_LF_CFLAGS) -fsanitize=fuzzer $(DEPFLAGS) $(FUZZ_CPPFLAGS) \
	  $(FUZZ_DIR)/lf/fuzz/main_libfuzzer.o $< $(FUZZ_LF_COMMON_OBJ) $(FUZZ_DIR)/lf/libsapper.a -o $@

# AFL++'s persistent-mode macros are not pedantic C99: main_afl.c alone is
# compiled without -pedantic/-Werror.
$(FUZZ_DIR)/afl/main_afl.o: fuzz/main_afl.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_AFL_CC) -O2 -g $(DEPFLAGS) $(FUZZ_CPPFLAGS) -c $< -o $@

FUZZ_AFL_COMMON_OBJ := $(FUZZ_COMMON_SRC:%.c=$(FUZZ_DIR)/afl/%.o)

$(FUZZ_AFL_COMMON_OBJ): $(FUZZ_DIR)/afl/%.o: %.c fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_AFL_CC) $(FUZZ_AFL_CFLAGS) $(DEPFLAGS) $(FUZZ_CPPFLAGS) -c $< -o $@

$(FUZZ_AFL_BIN): $(FUZZ_DIR)/%-afl: fuzz/fuzz_%.c $(FUZZ_DIR)/afl/main_afl.o $(FUZZ_AFL_COMMON_OBJ) \
                 $(FUZZ_DIR)/afl/libsapper.a fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_AFL_CC) $(FUZZ_AFL_CFLAGS) $(DEPFLAGS) $(FUZZ_CPPFLAGS) $(FUZZ_DIR)/afl/main_afl.o $< \
	  $(FUZZ_AFL_COMMON_OBJ) $(FUZZ_DIR)/afl/libsapper.a -o $@

-include $(FUZZ_LF_CORE_OBJ:.o=.d) $(FUZZ_AFL_CORE_OBJ:.o=.d) $(FUZZ_LF_COMMON_OBJ:.o=.d) \
  $(FUZZ_AFL_COMMON_OBJ:.o=.d) $(FUZZ_REPLAY_OBJ:.o=.d) $(FUZZ_REPLAY_ASAN_OBJ:.o=.d) \
  $(FUZZ_DIR)/lf/fuzz/main_libfuzzer.d $(FUZZ_DIR)/afl/main_afl.d \
  $(addsuffix .d,$(FUZZ_REPLAY_BIN) $(FUZZ_REPLAY_ASAN_BIN) $(FUZZ_LF_BIN) $(FUZZ_AFL_BIN))

# ---- running --------------------------------------------------------------

fuzz: $(FUZZ_LF_BIN)
	@bash fuzz/run_libfuzzer.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-campaign:
	@bash fuzz/campaign.sh -t $(FUZZ_CAMPAIGN_SECONDS) -j $(FUZZ_CAMPAIGN_JOBS) $(FUZZ_TARGETS)

fuzz-afl: $(FUZZ_DIR)/$(TARGET)-afl
	@bash fuzz/run_afl.sh $(TARGET) $(FUZZ_SECONDS)

fuzz-replay: $(FUZZ_REPLAY_BIN) $(FUZZ_REPLAY_ASAN_BIN)
	@for t in $(FUZZ_TARGETS); do \
	  printf '%-16s ' $$t; $(FUZZ_DIR)/$$t-replay fuzz/corpus/$$t 2>/dev/null || exit 1; \
	  printf '%-16s ' "$$t (asan)"; $(FUZZ_DIR)/$$t-replay-asan fuzz/corpus/$$t 2>/dev/null || exit 1; \
	done
