# ports/wasm/wasm.mk - the seventh port: the core as WebAssembly, and the
# page that plays and analyses with it (ports/wasm/README.md).
#
#   make web             build/web/: index.html, sapper.css, the JavaScript modules, sapper.wasm
#   make web-run         serves build/web on http://127.0.0.1:8000/ (WEB_PORT)
#   make web-screenshot  remakes ports/wasm/screenshot.png in headless Chromium
#
# clang --target=wasm32 and wasm-ld (Debian's clang and lld), no C library:
# ports/libc_min.c gives the four mem* functions, as on the boards.  Every
# solver but RESUME (the page is one session that never drops), ANALYZE
# included; boards up to 200 x 200 (the page's own form asks for at most
# 100 x 100, what it draws smoothly).  -Oz: 112 KB against -O2's 194 KB,
# and HINT still answers an expert position in about 20 us in the page
# (ports/wasm/README.md, "Size and figures").
WASM_CC := clang
WASM_DEFINES := '-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE|SAP_SOLVER_DEDUCE|SAP_SOLVER_VIEW|SAP_SOLVER_STATS|SAP_SOLVER_ANALYZE)' \
  -DSAP_MAX_ROWS=200u -DSAP_MAX_COLS=200u
WASM_OPT ?= -Oz
WASM_CFLAGS := --target=wasm32 $(WARN) $(WASM_OPT) -ffreestanding -nostdlib -fno-builtin -flto \
  -Icore -Iports $(WASM_DEFINES)
WASM_LDFLAGS := -Wl,--no-entry -Wl,--gc-sections -Wl,-z,stack-size=65536 -Wl,--strip-all
WASM_SRC := ports/wasm/sapper_wasm.c ports/libc_min.c
WEB_FILES := $(notdir $(wildcard ports/wasm/web/*))
WEB_PORT ?= 8000

$(BUILD)/web/sapper.wasm: $(CORE_SRC) $(WASM_SRC) ports/wasm/wasm.mk
	@mkdir -p $(@D)
	@$(WASM_CC) $(WASM_CFLAGS) $(DEPFLAGS_ALL) $(WASM_SRC) $(CORE_SRC) | $(DEP_SOURCES) > $(BUILD)/sapper.wasm.d
	$(WASM_CC) $(WASM_CFLAGS) $(WASM_LDFLAGS) $(WASM_SRC) $(CORE_SRC) -o $@

$(WEB_FILES:%=$(BUILD)/web/%): $(BUILD)/web/%: ports/wasm/web/%
	@mkdir -p $(@D)
	cp $< $@

.PHONY: web web-run web-screenshot
web: $(BUILD)/web/sapper.wasm $(WEB_FILES:%=$(BUILD)/web/%)
	@cd $(BUILD)/web && wc -c sapper.wasm $(WEB_FILES) | sed 's/^/web: /'

web-run: web
	@echo "sapper: http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops it)"
	cd $(BUILD)/web && python3 -m http.server $(WEB_PORT) --bind 127.0.0.1

web-screenshot: deps-test web
	node ports/wasm/screenshot.mjs ports/wasm/screenshot.png

# (its header dependencies beside build/web, not in it: that folder is served)
-include $(BUILD)/sapper.wasm.d
