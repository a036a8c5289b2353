#!/usr/bin/env bash
# Proves docs/homebrew/statelint.rb: its Ruby syntax (`ruby -c`), then its own `install` and `test do`
# blocks run by Tools/homebrew-standin.rb from a source archive of HEAD (Tools/release/source-archive.sh,
# with the url and sha256 Tools/release/formula.sh writes): a release build from the unpacked archive,
# then the test that lints a hazard. Installs Debian's ruby when it is missing.
#
#   Tools/test-homebrew.sh [STATELINT]     # KEEP_TMP=1 keeps the temporary folder
# With a binary (as .ci/run does), the install block's `swift build` is a stand-in (Tools/lib/swift-stub)
# that checks the command and hands over that binary, built from the same commit; that the unpacked
# archive is a complete package is then checked by `swift package describe` on it and by comparing its
# files with the commit's. Without one, the install block compiles statelint from the archive.
# Last line: `homebrew: N passed, M failed`.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
prebuilt=
if [ $# -gt 0 ]; then
  prebuilt=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  [ -x "$prebuilt" ] || { echo "test-homebrew.sh: $1 is not an executable" >&2; exit 2; }
fi
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
if [ -n "$prebuilt" ]; then
  how="the install block's swift build stood in for by $prebuilt"
  install_env=(env "PATH=$repo/Tools/lib/swift-stub:$PATH" "STATELINT_PREBUILT=$prebuilt" "SWIFT_STUB_LOG=$tmp/swift-calls.log")
else
  how="compiled from the archive"
  install_env=(env)
fi
if "${install_env[@]}" ruby "$repo/Tools/homebrew-standin.rb" "$tmp/statelint.rb" "$tmp/work" > "$tmp/install.log" 2>&1; then
  pass "the formula installs statelint from the archive ($how) and its test do block passes ($(( $(date +%s) - start ))s)"
else
  fail "formula install or test"; show "$tmp/install.log"
fi
grep -E '^==>' "$tmp/install.log" | sed 's/^/    /'

if [ -n "$prebuilt" ]; then
  unpacked=$(find "$tmp/work/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  # The archive holds every file of the commit that the package's build reads (nothing export-ignored).
  (cd "$repo" && git ls-files -- Package.swift Sources LICENSE) | sort > "$tmp/needed.txt"
  (cd "$unpacked" && find Package.swift Sources LICENSE -type f 2> /dev/null) | sort > "$tmp/unpacked.txt"
  if [ -s "$tmp/needed.txt" ] && comm -23 "$tmp/needed.txt" "$tmp/unpacked.txt" > "$tmp/missing.txt" && [ ! -s "$tmp/missing.txt" ]; then
    pass "the archive holds all $(wc -l < "$tmp/needed.txt") files of Package.swift, Sources and LICENSE"
  else
    fail "the archive lacks files the build reads"; show "$tmp/missing.txt"
  fi
  if swift package describe --package-path "$unpacked" > "$tmp/describe.log" 2>&1 && grep -q 'Name: statelint' "$tmp/describe.log"; then
    pass "swift package describe reads the unpacked archive's package and its statelint product"
  else
    fail "swift package describe on the unpacked archive"; show "$tmp/describe.log"
  fi
  if [ "$(cat "$tmp/swift-calls.log" 2> /dev/null)" = "build -c release --disable-sandbox --product statelint" ]; then
    pass "the install block ran one release build of the statelint product"
  else
    fail "the install block's swift calls"; show "$tmp/swift-calls.log"
  fi
fi
finish
