#!/usr/bin/env bash
# Renders statelint's html report in real headless Chromium (Debian's package) and checks what it shows
# (Tools/validate/check-html.py says how):
# - the DOM of `statelint --format html TestInputs` against `statelint --format json TestInputs`: every finding
#   exactly once (rule, severity, path, line), the summary's counts, nothing external, the page's script ran;
# - the same page laid out 390 CSS px wide, in light and in dark mode: no horizontal page scroll, the colour
#   scheme, text contrast, and the filters (a severity and a rule unticked leave the expected findings);
# - screenshots at phone and desktop sizes, light and dark: each PNG is the window's size and not blank, and
#   dark mode is darker;
# - a folder of hostile and awkward files written here (`</script>` and markup in source lines, a file name
#   with quotes, `<` and `&`, CRLF, Korean and an emoji, a file that is not UTF-8, so not linted) and a
#   clean folder (a valid page saying "No findings").
#
# usage: Tools/validate/html.sh STATELINT_BINARY
#
# Installs chromium (and fonts-dejavu-core) with apt-get when missing (apt-get update only if that fails),
# and uses .build/venv's Python (standard library only). Chromium's headless window is never narrower than
# 500 px, so the phone checks lay the page out in a 390 x 844 frame. Work files go to .build/html; the
# screenshots stay there to look at. Prints PASS/FAIL lines and `html: N passed, M failed`; exits 1 when a
# check failed.
set -uo pipefail
[ $# -eq 1 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
statelint="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$(dirname "$0")/../.."
root="$PWD"
work="$root/.build/html"
rm -rf "$work"
mkdir -p "$work/edge" "$work/clean"

passed=0
failed=0
pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
# check COMMAND...: a check-html.py command; counts its PASS and FAIL lines (a command that fails without
# saying why is one failure).
check() {
  local out status=0
  out=$("$python" "$root/Tools/validate/check-html.py" "$@" 2>&1) || status=$?
  [ -z "$out" ] || printf '%s\n' "$out"
  passed=$((passed + $(grep -c '^PASS' <<<"$out")))
  failed=$((failed + $(grep -c '^FAIL' <<<"$out")))
  if [ "$status" -ne 0 ] && ! grep -q '^FAIL' <<<"$out"; then fail "check-html.py $1 exited $status"; fi
}

missing=()
command -v chromium >/dev/null || missing+=(chromium)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$work/apt.log" 2>&1 \
    || { apt-get update -qq >>"$work/apt.log" 2>&1 && apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$work/apt.log" 2>&1; } \
    || { cat "$work/apt.log" >&2; echo "could not install ${missing[*]}" >&2; exit 1; }
fi
echo "$(chromium --version 2>/dev/null)"

if [ ! -x .build/venv/bin/python ]; then python3 -m venv .build/venv; fi
python="$root/.build/venv/bin/python"

# browse LOG ARGUMENTS...: one headless Chromium run with a profile of its own under .build/html.
browse() {
  local log=$1
  shift
  rm -rf "$work/profile"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --no-default-browser-check \
    --disable-extensions --disable-background-networking --user-data-dir="$work/profile" "$@" >"$work/$log.out" 2>"$work/$log.log"
}

# report NAME EXPECTED_STATUS DIR TARGET: the html and json reports of statelint on TARGET run from DIR.
report() {
  local name=$1 expected=$2 dir=$3 target=$4 status=0
  (cd "$dir" && "$statelint" --show-info --format html "$target" >"$work/$name.html" 2>/dev/null) || status=$?
  [ "$status" -eq "$expected" ] || fail "statelint --format html on $target exited $status, expected $expected"
  status=0
  (cd "$dir" && "$statelint" --show-info --format json "$target" >"$work/$name.json" 2>/dev/null) || status=$?
  [ "$status" -eq "$expected" ] || fail "statelint --format json on $target exited $status, expected $expected"
}

# dom NAME [--contains TEXT]...: the DOM Chromium makes of a report, against its JSON report; no CSP violation.
dom() {
  local name=$1
  shift
  if browse "$name-dom" --enable-logging=stderr --v=0 --dump-dom "file://$work/$name.html"; then
    check dom "$work/$name-dom.out" "$work/$name.json" "$@"
  else
    fail "chromium --dump-dom of $name.html"
  fi
  if grep -qiE "Content Security Policy|Refused to" "$work/$name-dom.log"; then
    fail "$name: Chromium reported a CSP violation: $(grep -iE -m1 "Content Security Policy|Refused to" "$work/$name-dom.log")"
  else
    pass "$name: no CSP violation in Chromium's log"
  fi
}

# Hostile and awkward sources (each with findings on the lines that carry the text).
printf 'struct V: View {\n    var body: some View {\n        let _ = Self._printChanges() // let x: Array<Int> = "</script>"\n        let _ = /* <img src=x onerror=alert(1)> &amp; "q" \x27s\x27 ]]> <!-- */ Self._printChanges()\n        Text("x")\n    }\n}\n' \
  > "$work/edge/Hostile.swift"
printf 'struct W: View {\r\n    var body: some View {\r\n        let _ = /* \xed\x95\x9c\xea\xb8\x80 \xf0\x9f\x98\x80 */ Self._printChanges()\r\n        Text("y")\r\n    }\r\n}\r\n' \
  > "$work/edge/CRLF Korean.swift"
printf 'struct N: View {\n    var body: some View {\n        let _ = Self._printChanges() // \xff\xfe bytes\n        Text("n")\n    }\n}\n' > "$work/edge/NotUTF8.swift"
printf 'struct Q: View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text("q")\n    }\n}\n' > "$work/edge/we'ird \"name\" <b>&amp.swift"
printf 'struct Clean: View {\n    var body: some View { Text("clean") }\n}\n' > "$work/clean/Clean.swift"

report testinputs 1 "$root" TestInputs
report edge 2 "$work" edge
report clean 0 "$work" clean

dom testinputs
dom edge --contains 'let x: Array<Int> = "</script>"' --contains '<img src=x onerror=alert(1)> &amp; "q" '"'"'s'"'"' ]]> <!--' \
  --contains '한글 😀' --contains "edge/we'ird \"name\" <b>&amp.swift"
dom clean

# The phone: the report in a 390 x 844 frame, light and dark (--force-dark-mode makes prefers-color-scheme dark).
check frame "$work/testinputs.html" "$work/testinputs.json" "$work/phone.html"
for scheme in light dark; do
  flags=(--hide-scrollbars --window-size=390,844)
  [ "$scheme" = dark ] && flags+=(--force-dark-mode)
  if browse "phone-$scheme" "${flags[@]}" --dump-dom "file://$work/phone.html"; then
    check probe "$work/phone-$scheme.out" "$work/testinputs.json" "$scheme"
  else
    fail "chromium --dump-dom of the phone frame ($scheme)"
  fi
done

# Screenshots: the phone frame at 390 x 844 and the report itself at 1280 x 900, light and dark.
for size in phone desktop; do
  for scheme in light dark; do
    if [ "$size" = phone ]; then width=390 height=844 page="$work/phone.html"; else width=1280 height=900 page="$work/testinputs.html"; fi
    flags=(--hide-scrollbars --window-size=$width,$height)
    [ "$scheme" = dark ] && flags+=(--force-dark-mode)
    png="$work/$size-$scheme.png"
    if browse "$size-$scheme-shot" "${flags[@]}" --screenshot="$png" "file://$page" && [ -s "$png" ]; then
      check png "$png" "$width" "$height"
    else
      fail "chromium --screenshot at $size size ($scheme)"
    fi
  done
  [ -s "$work/$size-dark.png" ] && [ -s "$work/$size-light.png" ] && check darker "$work/$size-dark.png" "$work/$size-light.png"
done

echo "html: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
