#!/usr/bin/env bash
# tests/deps.sh run|test|lint - installs the Debian packages a make target
# needs, only those that are missing, with one apt-get call; for test, also
# npm's playwright-core (the browser tests' driver of Debian's chromium,
# tests/t_web.sh) into build/npm, once.  Without root
# (or apt-get) it names the missing packages and fails.  Without dpkg it
# checks for the tools themselves instead: it names the missing ones and
# fails, or goes on when they are all there.
set -u
profile=${1:-test}
run_pkgs="gcc make libc6-dev pkg-config libuv1-dev binutils"
test_pkgs="$run_pkgs clang libclang-rt-14-dev afl++ gcc-arm-none-eabi qemu-system-arm
  gcc-avr avr-libc simavr libsimavr-dev libelf-dev gcc-riscv64-unknown-elf qemu-system-misc
  netcat-openbsd socat hyperfine valgrind python3 procps redis-server parallel lld nodejs chromium"
lint_pkgs="$run_pkgs cppcheck clang-tidy clang-format libsimavr-dev libelf-dev"
case "$profile" in
    run) want=$run_pkgs ;;
    test) want=$test_pkgs ;;
    lint) want=$lint_pkgs ;;
    *) echo "usage: tests/deps.sh run|test|lint" >&2; exit 2 ;;
esac

# playwright-core from npm, pinned, into build/npm (git-ignored); it drives
# the system's chromium and downloads no browser.
PLAYWRIGHT_CORE=playwright-core@1.65.1
npm_deps() {
    [ "$profile" = test ] || return 0
    grep -qs "\"version\": \"${PLAYWRIGHT_CORE#*@}\"" build/npm/node_modules/playwright-core/package.json && return 0
    command -v npm >/dev/null 2>&1 || { echo "sapper: npm is missing (Debian: nodejs)" >&2; return 1; }
    echo "sapper: installing $PLAYWRIGHT_CORE into build/npm" >&2
    mkdir -p build/npm && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix build/npm \
        --no-audit --no-fund --no-save "$PLAYWRIGHT_CORE" >&2 || {
        echo "sapper: npm could not install $PLAYWRIGHT_CORE" >&2; return 1; }
}
cd "$(dirname "$0")/.." || exit 1

# Without dpkg (another distribution, a container without it): check the
# tools themselves, name the ones missing, and go on when all are there.
if ! command -v dpkg-query >/dev/null 2>&1; then
    run_tools="cc make pkg-config ar nm"
    test_tools="$run_tools clang afl-clang-fast arm-none-eabi-gcc qemu-system-arm avr-gcc
      simavr riscv64-unknown-elf-gcc qemu-system-riscv32 nc socat hyperfine valgrind python3
      wasm-ld node npm chromium"
    lint_tools="$run_tools cppcheck clang-tidy clang-format"
    case "$profile" in
        run) tools=$run_tools ;;
        test) tools=$test_tools ;;
        lint) tools=$lint_tools ;;
    esac
    absent=""
    for t in $tools; do
        command -v "$t" >/dev/null 2>&1 || absent="$absent $t"
    done
    pkg-config --exists libuv 2>/dev/null || absent="$absent libuv(pkg-config)"
    if [ "$profile" != run ] && ! pkg-config --exists simavr 2>/dev/null \
        && [ ! -e /usr/include/simavr/sim_avr.h ]; then
        absent="$absent libsimavr-headers"
    fi
    if [ -n "$absent" ]; then
        echo "sapper: no dpkg here, and these tools are missing:$absent" >&2
        echo "sapper: on Debian they come from:" $want >&2
        exit 1
    fi
    npm_deps
    exit $?
fi

missing=""
for p in $want; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
    case "$status" in
        *" installed") ;;
        *) missing="$missing $p" ;;
    esac
done
if [ -z "$missing" ]; then
    npm_deps
    exit $?
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "sapper: missing Debian packages:$missing" >&2
    echo "sapper: install them with: sudo apt-get install --no-install-recommends$missing" >&2
    exit 1
fi
echo "sapper: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || { echo "sapper: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >&2 || {
    echo "sapper: could not install:$missing" >&2; exit 1; }
npm_deps
