# core/no_recursion.awk - reads gcc -fcallgraph-info (.ci) files of the core
# and fails when the call graph has a cycle, i.e. when any function can
# reach itself: the core promises no recursion, direct or indirect.  Calls
# through the judge formats' function tables are not edges in these files;
# those callbacks only call down into the solvers and the shared helpers.
#
# Method: repeatedly drop every function all of whose callees are already
# dropped (leaves first); whatever cannot be dropped lies on a cycle.
/^edge:/ {
    src = $0; sub(/.*sourcename: "/, "", src); sub(/".*/, "", src)
    dst = $0; sub(/.*targetname: "/, "", dst); sub(/".*/, "", dst)
    if (!((src, dst) in seen)) {
        seen[src, dst] = 1
        calls[src] = calls[src] " " dst
        node[src] = 1; node[dst] = 1
    }
}
/^node:/ {
    n = $0; sub(/.*title: "/, "", n); sub(/".*/, "", n); node[n] = 1
}
END {
    do {
        progress = 0
        for (f in node) {
            if (f in gone) continue
            k = split(calls[f], callees, " ")
            leaf = 1
            for (i = 1; i <= k; i++)
                if (!(callees[i] in gone)) { leaf = 0; break }
            if (leaf) { gone[f] = 1; progress = 1 }
        }
    } while (progress)
    bad = ""
    for (f in node) if (!(f in gone)) bad = bad " " f
    if (bad != "") {
        print "no-recursion check FAILED: these core functions are on a call cycle or call into one:" bad > "/dev/stderr"
        exit 1
    }
}
