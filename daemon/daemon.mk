# daemon/daemon.mk - sapperd, the libuv daemon (plain and sanitized).

DAEMON_SRC := $(wildcard daemon/*.c)
UV_CFLAGS = $(shell pkg-config --cflags libuv)
UV_LIBS = $(shell pkg-config --libs libuv)

$(BUILD)/sapperd: $(DAEMON_SRC) daemon/*.h $(BUILD)/libsapper.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) $(UV_CFLAGS) \
	  $(DAEMON_SRC) $(BUILD)/libsapper.a $(UV_LIBS) -o $@

$(BUILD)/asan/sapperd: $(DAEMON_SRC) daemon/*.h $(BUILD)/asan/libsapper.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(SAN) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS_CORE) $(UV_CFLAGS) \
	  $(DAEMON_SRC) $(BUILD)/asan/libsapper.a $(UV_LIBS) -o $@
