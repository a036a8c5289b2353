#!/usr/bin/env bash
# Proves docs/homebrew/statelint.rb: its Ruby syntax (`ruby -c`), then its own `install` and `test do`
# blocks run by Tools/homebrew-standin.rb from a source archive of HEAD (Tools/release/source-archive.sh,
# with the url and sha256 Tools/release/formula.sh writes): a release build from the unpacked archive,
# then the test that lints a hazard. Installs Debian's ruby when it is missing.
#
#   Tools/test-homebrew.sh           # KEEP_TMP=1 keeps the temporary folder
# Last line: `homebrew: N passed, M failed`.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/Tools/lib/checks.sh"
checks_start homebrew

if ! command -v ruby > /dev/null; then
  (apt-get install -y -q --no-install-recommends ruby || { apt-get update -q && apt-get install -y -q --no-install-recommends ruby; }) > "$tmp/apt.log" 2>&1 \
    || { fail "could not install ruby"; show "$tmp/apt.log"; finish; }
fi
if ruby -c "$repo/docs/homebrew/statelint.rb" > "$tmp/syntax.log" 2>&1; then pass "ruby -c: the formula's syntax is valid"; else fail "ruby -c"; show "$tmp/syntax.log"; fi

archive=$("$repo/Tools/release/source-archive.sh" --out "$tmp/dist") || { fail "source-archive.sh"; finish; }
"$repo/Tools/release/formula.sh" "$archive" "file://$archive" > "$tmp/statelint.rb" || { fail "formula.sh"; finish; }

# The stand-in refuses an archive whose checksum is not the formula's (so a pass below means something).
sed 's/^  sha256 ".*"/  sha256 "'"$(printf '%064d' 0)"'"/' "$tmp/statelint.rb" > "$tmp/wrong-sum.rb"
if ! ruby "$repo/Tools/homebrew-standin.rb" "$tmp/wrong-sum.rb" "$tmp/wrong" > "$tmp/wrong.log" 2>&1 && grep -q 'SHA256 mismatch' "$tmp/wrong.log"; then
  pass "a formula whose sha256 is not the archive's is refused"
else
  fail "the wrong sha256 was accepted"; show "$tmp/wrong.log"
fi

start=$(date +%s)
if ruby "$repo/Tools/homebrew-standin.rb" "$tmp/statelint.rb" "$tmp/work" > "$tmp/install.log" 2>&1; then
  pass "the formula installs statelint from the archive and its test do block passes ($(( $(date +%s) - start ))s)"
else
  fail "formula install or test"; show "$tmp/install.log"
fi
grep -E '^==>' "$tmp/install.log" | sed 's/^/    /'
finish
