#!/usr/bin/env bash
# check-lexer.sh: compare our lexer (`statelint tokens FILE`) with swift-syntax,
# file by file, on the identifier/keyword token sequence.
#
# usage: Tools/check-lexer.sh [-j N] [--keep DIR] PATH...
#   PATH     directories (searched for *.swift, skipping .build, .build-*,
#            .build_* dirs) or single .swift files
#   -j N     run N `statelint tokens` processes at once (default: nproc)
#   --keep D keep the token dumps in D (D/list, D/oracle/I.tok|I.err) for debugging
# env:
#   STATELINT      statelint binary (default: <repo>/.build/release/statelint)
#   SYNTAX_ORACLE  oracle binary (default: Tools/SyntaxOracle/.build/CONFIG/
#                  syntax-oracle, built under flock if missing)
#   ORACLE_CONFIGURATION  CONFIG of that build: release (default; what Tools/bench.sh
#                  times) or debug (CI: swift-syntax builds in about a third of the
#                  time, and the oracle is fast enough for TestInputs either way)
#
# Only `statelint tokens` lines whose KIND is `identifier` or `keyword` are
# compared, as `LINE:COL TEXT` (TEXT in the escaped form of the contract), with
# the oracle's .identifier/.keyword/.dollarIdentifier/.wildcard tokens; which
# of identifier/keyword a token is does not matter.
#
# Output (stdout), in file order:
#   MISMATCH path: first difference at token #N: ours 'L:C TEXT' vs swift-syntax 'L:C TEXT'
#     (a side that ended early shows as `<end after K tokens>`; a failing
#      `statelint tokens` shows as `MISMATCH path: statelint tokens failed ...`)
#   SKIP path (swift-syntax parse error at L:C)   -- not compared, not mismatched
#   SKIP path (unreadable: ...)
# then the summary, whose LAST line is exactly `N files, M mismatched`, where
# N counts the compared files (skipped ones excluded):
#   S skipped (swift-syntax parse error), T files found
#   N files, M mismatched
# Exit: 0 if M == 0, 1 if M > 0, 2 on usage/setup errors.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
STATELINT=${STATELINT:-$repo/.build/release/statelint}
oracle_pkg=$here/SyntaxOracle
oracle_config=${ORACLE_CONFIGURATION:-release}
case "$oracle_config" in release | debug) ;; *) echo "check-lexer: ORACLE_CONFIGURATION must be release or debug" >&2; exit 2 ;; esac
ORACLE=${SYNTAX_ORACLE:-$oracle_pkg/.build/$oracle_config/syntax-oracle}

jobs=$(nproc 2>/dev/null || echo 2)
keep=
paths=()
while [ $# -gt 0 ]; do
    case $1 in
        -j) jobs=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        -h|--help) sed -n '2,31p' "$0"; exit 0 ;;
        --) shift; paths+=("$@"); break ;;
        -*) echo "check-lexer: unknown option $1" >&2; exit 2 ;;
        *) paths+=("$1"); shift ;;
    esac
done
[ ${#paths[@]} -gt 0 ] || { echo "usage: $0 [-j N] [--keep DIR] PATH..." >&2; exit 2; }

if [ ! -x "$STATELINT" ]; then
    echo "check-lexer: statelint binary not found at $STATELINT (build it, or set STATELINT=...)" >&2
    exit 2
fi
if [ ! -x "$ORACLE" ]; then
    echo "check-lexer: building the syntax oracle (first time takes a few minutes)..." >&2
    (cd "$oracle_pkg" && flock /tmp/statelint-build.lock swift build -c "$oracle_config") >&2
fi

if [ -n "$keep" ]; then
    work=$keep
    rm -rf "$work/oracle"
    mkdir -p "$work"
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/check-lexer.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi

# File list (sorted, one path per line; paths containing a newline are dropped).
find "${paths[@]}" \( -type d \( -name .build -o -name '.build-*' -o -name '.build_*' \) -prune \) \
    -o \( -type f -name '*.swift' -print0 \) \
    | python3 -c '
import sys
names = [p for p in sys.stdin.buffer.read().split(b"\0") if p and b"\n" not in p]
names.sort()
sys.stdout.buffer.write(b"".join(n + b"\n" for n in names))
' > "$work/list"

# One oracle process over all files (it parses in parallel itself).
"$ORACLE" --out-dir "$work/oracle" --files-from "$work/list"

# Run statelint once per file (in parallel) and compare.
python3 - "$STATELINT" "$work" "$jobs" <<'PYEOF'
import os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

statelint, work, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(os.path.join(work, "list"), "rb") as f:
    files = [l.rstrip(b"\n") for l in f if l.strip()]

def show(b):
    return b.decode("utf-8", "backslashreplace")

def ours_tokens(path):
    """Returns (tokens, error). tokens: list of b'L:C TEXT'."""
    try:
        p = subprocess.run([statelint, "tokens", path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    except OSError as e:
        return None, "cannot run statelint: %s" % e
    if p.returncode != 0:
        err = show(p.stderr.strip().split(b"\n")[0]) if p.stderr.strip() else ""
        return None, "statelint tokens failed (exit %d)%s" % (p.returncode, ": " + err if err else "")
    toks = []
    for line in p.stdout.split(b"\n"):
        parts = line.split(b" ", 2)
        if len(parts) >= 2 and parts[1] in (b"identifier", b"keyword"):
            toks.append(parts[0] + b" " + (parts[2] if len(parts) == 3 else b""))
    return toks, None

def check(i):
    path = files[i]
    base = os.path.join(work, "oracle", str(i))
    if os.path.exists(base + ".err"):
        with open(base + ".err", "rb") as f:
            first = f.readline().strip()
        if first.startswith(b"PARSE-ERROR"):
            where = first.split(b" ", 1)[1] if b" " in first else b"?"
            return "skip", "SKIP %s (swift-syntax parse error at %s)" % (show(path), show(where))
        return "skip", "SKIP %s (unreadable: %s)" % (show(path), show(first.split(b" ", 1)[-1]))
    try:
        with open(base + ".tok", "rb") as f:
            theirs = f.read().split(b"\n")
    except OSError:
        return "bad", "MISMATCH %s: no oracle output" % show(path)
    if theirs and theirs[-1] == b"":
        theirs.pop()
    ours, err = ours_tokens(path)
    if err:
        return "bad", "MISMATCH %s: %s" % (show(path), err)
    if ours == theirs:
        return "ok", None
    n = 0
    while n < len(ours) and n < len(theirs) and ours[n] == theirs[n]:
        n += 1
    o = "'%s'" % show(ours[n]) if n < len(ours) else "<end after %d tokens>" % len(ours)
    t = "'%s'" % show(theirs[n]) if n < len(theirs) else "<end after %d tokens>" % len(theirs)
    return "bad", "MISMATCH %s: first difference at token #%d: ours %s vs swift-syntax %s" % (
        show(path), n + 1, o, t)

counts = {"ok": 0, "bad": 0, "skip": 0}
out = sys.stdout
with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
    for status, msg in pool.map(check, range(len(files))):   # results in file order
        counts[status] += 1
        if msg:
            out.write(msg + "\n")
            out.flush()
compared = counts["ok"] + counts["bad"]
out.write("%d skipped (swift-syntax parse error), %d files found\n" % (counts["skip"], len(files)))
out.write("%d files, %d mismatched\n" % (compared, counts["bad"]))
sys.exit(0 if counts["bad"] == 0 else 1)
PYEOF
