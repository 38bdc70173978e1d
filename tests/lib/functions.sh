# tests/lib/functions.sh - sourced by the layout checks (t_core_layout.sh,
# t_daemon_layout.sh): the functions a C file defines, found as the tree
# writes them.  A definition starts a line with its type and its name,
# after any upper-case attribute macros (SAP_ONCE, SAP_RARE); a
# declaration ends with ";".

# defined_functions FILE: one line per function FILE defines, "static
# NAME" or "extern NAME".
defined_functions() {
    awk '{ sub(/^([A-Z][A-Z0-9_]* )+/, "") }
        /^[a-z][a-z0-9_ ]*[ *]+[a-z_][a-z0-9_]*\(/ && !/;[ \t]*$/ {
            name = $0
            sub(/\(.*/, "", name)
            sub(/.*[ *]/, "", name)
            print (/^static / ? "static " : "extern ") name
        }' "$1"
}
