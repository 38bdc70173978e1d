#!/usr/bin/env bash
# tests/deps.sh run|test - installs the Debian packages a make target needs,
# only those that are missing, with one apt-get call.  Without root (or
# apt-get) it names the missing packages and fails.
set -u
profile=${1:-test}
run_pkgs="gcc make libc6-dev pkg-config libuv1-dev binutils"
test_pkgs="$run_pkgs clang libclang-rt-14-dev afl++ gcc-arm-none-eabi qemu-system-arm
  gcc-avr avr-libc simavr libsimavr-dev libelf-dev gcc-riscv64-unknown-elf qemu-system-misc
  netcat-openbsd socat hyperfine valgrind python3 procps"
case "$profile" in
    run) want=$run_pkgs ;;
    test) want=$test_pkgs ;;
    *) echo "usage: tests/deps.sh run|test" >&2; exit 2 ;;
esac

missing=""
for p in $want; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
    case "$status" in
        *" installed") ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0

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
