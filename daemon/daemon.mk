# daemon/daemon.mk - sapperd, the libuv daemon (plain and sanitized).

DAEMON_SRC := $(wildcard daemon/*.c)
UV_CFLAGS = $(shell pkg-config --cflags libuv)
UV_LIBS = $(shell pkg-config --libs libuv)

# The released sapperd is built from the core's sources with link-time
# optimization (gcc): the session, the judge readers and the engine call
# each other a few times a move across files, and inlining those calls
# saves about 5 % of `sapperd --judge boom`'s time.  libsapper.a stays a plain
# archive for other programs; the sanitized build links it.
SAPPERD_LTO := $(if $(CC_IS_GCC),-flto=auto)
$(BUILD)/sapperd: $(DAEMON_SRC) $(CORE_SRC) daemon/daemon.mk
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) $(UV_CFLAGS) $(DEPFLAGS_ALL) \
	  $(DAEMON_SRC) $(CORE_SRC) | $(DEP_SOURCES) > $@.d
	$(CC) $(CFLAGS_HOST) $(SAPPERD_LTO) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) $(UV_CFLAGS) \
	  $(DAEMON_SRC) $(CORE_SRC) $(UV_LIBS) -o $@

# The sanitized sapperd is the one tests/run runs (SAPPERD): it alone has the test hooks
# (SAPPERD_FAIL_ACCEPT, server.c); the released one has none.
$(BUILD)/asan/sapperd: $(DAEMON_SRC) $(BUILD)/asan/libsapper.a daemon/daemon.mk
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_HOST) $(SAN) -DSAPPERD_TEST_HOOKS -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) $(UV_CFLAGS) \
	  $(DEPFLAGS_ALL) $(DAEMON_SRC) | $(DEP_SOURCES) > $@.d
	$(CC) $(CFLAGS_HOST) $(SAN) -DSAPPERD_TEST_HOOKS -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) $(UV_CFLAGS) \
	  $(DAEMON_SRC) $(BUILD)/asan/libsapper.a $(UV_LIBS) -o $@

-include $(BUILD)/sapperd.d $(BUILD)/asan/sapperd.d
