# fuzz/targets.sh - sourced by the fuzz scripts: which core files a target
# exercises, and whether one of them is still a placeholder (then the
# harness has nothing real to check and is skipped, saying why).

# The core files whose behaviour a target's oracles judge.
fuzz_target_core_files() {
    case "$1" in
        game) echo core/game.c ;;
        casual) echo core/casual.c ;;
        master) echo core/master.c ;;
        nurikabe) echo core/nurikabe.c ;;
        session) echo core/session.c ;;
        judge_boom) echo core/judge_boom.c core/game.c ;;
        judge_casual) echo core/judge_casual.c core/casual.c ;;
        judge_master) echo core/judge_master.c core/master.c ;;
        judge_nurikabe) echo core/judge_nurikabe.c core/nurikabe.c ;;
        *) echo "fuzz: unknown target $1" >&2; return 1 ;;
    esac
}

# Prints the first placeholder file the target depends on, if any.
fuzz_target_placeholder() {
    local f
    for f in $(fuzz_target_core_files "$1"); do
        if head -n 1 "$f" | grep -q '^/\* Placeholder'; then
            echo "$f"
            return 0
        fi
    done
    return 0
}
