# Shared by the Tools/test-*.sh scripts (sourced): a temporary folder, PASS/FAIL lines and the last line
# `LABEL: N passed, M failed`.
#
#   checks_start LABEL      # sets $tmp (removed at exit unless KEEP_TMP=1), zeroes the counts
#   pass TEXT / fail TEXT   # one check
#   show FILE [LINES]       # the end of a log, indented
#   finish                  # the summary line; exits 1 when a check failed
checks_start() {
  checks_label=$1
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/statelint-$1.XXXXXX")
  if [ "${KEEP_TMP:-0}" = 1 ]; then echo "temporary folder: $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
  passed=0
  failed=0
}
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
show() { sed 's/^/    | /' "$1" | tail -n "${2:-30}"; }
finish() {
  echo "$checks_label: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
