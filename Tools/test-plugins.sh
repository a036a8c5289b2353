#!/usr/bin/env bash
# Tests the SwiftPM plugins against a throw-away package that depends on this checkout by path.
#
#   Tools/test-plugins.sh            # KEEP_TMP=1 keeps the temporary folder for inspection
#
# Needs only the Swift toolchain (no network: the package has no remote dependencies). The first
# build compiles statelint in debug inside the temporary package, which takes a few minutes.
# Last line: `plugins: N passed, M failed`; exit status 1 when a check failed.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
# A path dependency's identity is its folder's name, lowercased.
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
. "$repo/Tools/lib/checks.sh"
checks_start plugins
pkg=$tmp/Probe
scratch=$tmp/scratch

mkdir -p "$pkg/Sources/Models" "$pkg/Sources/Clean"
cat > "$pkg/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Probe",
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(
            name: "Models",
            plugins: [.plugin(name: "StatelintBuildToolPlugin", package: "$identity")]
        ),
        .target(name: "Clean"),
    ]
)
EOF
cp "$repo/Tools/fixtures/Counter.swift" "$pkg/Sources/Models/Counter.swift"   # observable_init_access at 10
cat > "$pkg/Sources/Clean/Clean.swift" <<'EOF'
public struct Clean {
    public var value = 0
    public init() {}
}
EOF
finding='Counter\.swift:10:[0-9]+: warning: .*\[observable_init_access\]'
cd "$pkg" || exit 1

# 1. Build-tool plugin: the finding is a compiler-style warning and the build succeeds.
start=$(date +%s)
swift build --scratch-path "$scratch" > "$tmp/build.log" 2>&1
status=$?
echo "(swift build took $(( $(date +%s) - start ))s)"
if [ "$status" -eq 0 ]; then pass "swift build succeeds with a warning-level finding"; else fail "swift build failed (exit $status)"; show "$tmp/build.log"; fi
if grep -Eq "/Sources/Models/$finding" "$tmp/build.log"; then
  pass "swift build prints the finding as a warning with an absolute path"
else
  fail "swift build output lacks the statelint warning"; show "$tmp/build.log"
fi
if grep -Eq 'Clean\.swift:[0-9]+:[0-9]+: warning' "$tmp/build.log"; then
  fail "the target without the plugin was linted"; show "$tmp/build.log"
else
  pass "only the target that applies the plugin is linted"
fi

if grep -E '(warning|error):' "$tmp/build.log" | grep -v 'observable_init_access' | grep -q .; then
  fail "other warnings in the build (the plugins must compile cleanly)"; grep -E '(warning|error):' "$tmp/build.log" | sed 's/^/    | /'
else
  pass "no other warnings (the plugins compile cleanly)"
fi

if grep -q 'resource_bundle_accessor' "$tmp/build.log"; then
  fail "the plugin's output gave the target a resource bundle"
else
  pass "the plugin's output is compiled, not copied as a resource"
fi

# 2. Command plugin: findings make the command fail, with the report passed through.
swift package --scratch-path "$scratch" --disable-sandbox statelint --format xcode > "$tmp/command.out" 2> "$tmp/command.err"
status=$?
if [ "$status" -ne 0 ]; then pass "swift package statelint fails on findings (exit $status)"; else fail "swift package statelint exited 0 despite a finding"; fi
if grep -Eq "(^|/)Sources/Models/$finding" "$tmp/command.out" "$tmp/command.err"; then
  pass "swift package statelint --format xcode prints the finding"
else
  fail "swift package statelint did not print the finding"; show "$tmp/command.out"; show "$tmp/command.err"
fi
if grep -q "at or above the severity threshold (exit status 1)" "$tmp/command.err"; then
  pass "the failure says what exit status 1 means"
else
  fail "no explanation of the exit status"; show "$tmp/command.err"
fi

# Without a format, the findings are the plugin's own diagnostics: SwiftPM prints them before the failure
# (a failing plugin's printed output reaches the terminal only after SwiftPM's "error:" line).
swift package --scratch-path "$scratch" --disable-sandbox statelint > "$tmp/default.out" 2>&1
status=$?
finding_line=$(grep -nE "warning: Sources/Models/Counter\.swift:10:[0-9]+: .*\[observable_init_access\]" "$tmp/default.out" | head -1 | cut -d: -f1)
error_line=$(grep -n "error: statelint found issues at or above the severity threshold (exit status 1): 1 warning, 0 errors in 2 files" "$tmp/default.out" | head -1 | cut -d: -f1)
if [ "$status" -ne 0 ] && [ -n "$finding_line" ] && [ -n "$error_line" ] && [ "$finding_line" -lt "$error_line" ]; then
  pass "swift package statelint prints the finding, then the failure with the summary"
else
  fail "swift package statelint: the finding does not come before the failure (exit $status)"; show "$tmp/default.out"
fi

swift package --scratch-path "$scratch" --disable-sandbox statelint --severity-threshold error > "$tmp/threshold.out" 2>&1
status=$?
if [ "$status" -eq 0 ]; then pass "swift package statelint --severity-threshold error exits 0"; else fail "--severity-threshold error exited $status"; show "$tmp/threshold.out"; fi

swift package --scratch-path "$scratch" --disable-sandbox statelint --target Clean --format json > "$tmp/target.out" 2>&1
status=$?
if [ "$status" -eq 0 ] && ! grep -q "Counter.swift" "$tmp/target.out"; then
  pass "--target Clean lints only that target"
else
  fail "--target Clean (exit $status)"; show "$tmp/target.out"
fi

swift package --scratch-path "$scratch" --disable-sandbox statelint --format nonsense > "$tmp/usage.out" 2>&1
status=$?
if [ "$status" -ne 0 ] && grep -q "usage or configuration error (exit status 2)" "$tmp/usage.out"; then
  pass "a bad option fails the command as a usage error"
else
  fail "bad option (exit $status)"; show "$tmp/usage.out"
fi

# 3. Build-tool plugin: a finding raised to `error` in .lintrc fails the build.
printf 'rules:\n  observable_init_access: error\n' > .lintrc
touch Sources/Models/Counter.swift   # an edit, so the target is linted again whatever SwiftPM caches
swift build --scratch-path "$scratch" > "$tmp/build-error.log" 2>&1
status=$?
if [ "$status" -ne 0 ] && grep -Eq "Counter\.swift:10:[0-9]+: error: .*\[observable_init_access\]" "$tmp/build-error.log"; then
  pass "an error-level finding fails swift build"
else
  fail "error-level finding: exit $status"; show "$tmp/build-error.log"
fi
rm .lintrc

finish
