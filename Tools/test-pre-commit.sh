#!/usr/bin/env bash
# Proves the pre-commit integration with the real framework: installs pre-commit from PyPI into a
# throw-away virtual environment, makes a temporary git repository whose .pre-commit-config.yaml
# points at this checkout and its HEAD commit, and checks that a commit with a hazard is refused with
# statelint's message and a clean commit passes. pre-commit clones this checkout and the hook builds
# only the `statelint` product with `swift build -c release --product statelint` (no network beyond
# the package index is needed).
#
#   Tools/test-pre-commit.sh [STATELINT]
# With a binary (as .ci/run does), `swift` is a stand-in (Tools/lib/swift-stub) that checks the hook's
# build command and hands over that binary, built from the same commit: the framework, the clone, the
# hook script and its build-once stamp are real, and the CI compiles statelint once, not once per test.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
prebuilt=
if [ $# -gt 0 ]; then
  prebuilt=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  [ -x "$prebuilt" ] || { echo "test-pre-commit.sh: $1 is not an executable" >&2; exit 2; }
fi
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/statelint-pre-commit.XXXXXX")
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { # name, condition-status
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1"; fi
}

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
export PRE_COMMIT_HOME="$work/cache"
pc="$work/venv/bin/pre-commit"
if [ -n "$prebuilt" ]; then
  export STATELINT_PREBUILT=$prebuilt SWIFT_STUB_LOG=$work/swift-calls.log
  export PATH="$repo/Tools/lib/swift-stub:$PATH"
fi

project="$work/project"
mkdir -p "$project/Sources/App"
cd "$project"
git init -q
git config user.email ci@example.invalid
git config user.name "statelint CI"
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: statelint
YAML
git add .pre-commit-config.yaml
git commit -qm "config" --no-verify
"$pc" install >/dev/null

# A model declared in one file ...
cat > Sources/App/Model.swift <<'SWIFT'
import Observation

@Observable
final class Model {
    var count = 0
}
SWIFT
git add Sources/App/Model.swift
set +e
git commit -qm "model" > "$work/first.log" 2>&1
status=$?
set -e
check "a clean file commits (exit $status)" "$status"

# ... extended in another: only the staged file is passed, the index still sees Model is @Observable.
cat > Sources/App/Model+Init.swift <<'SWIFT'
extension Model {
    convenience init(start: Int) {
        self.init()
        print(count)
        Task { count += 1 }
    }
}
SWIFT
git add Sources/App/Model+Init.swift
set +e
git commit -qm "hazard" > "$work/second.log" 2>&1
status=$?
set -e
[ "$status" -ne 0 ]; check "a commit with a hazard is refused (exit $status)" $?
grep -q "reads tracked property 'count'" "$work/second.log"; check "the refusal shows statelint's message" $?
grep -q "Model+Init.swift:4:15: warning:" "$work/second.log"; check "the message points at the staged file" $?
stamp=$(find "$PRE_COMMIT_HOME" -path '*/.build/pre-commit-hook-built' | head -n 1)
clone=$(dirname "$(dirname "${stamp:-/nonexistent/.build/x}")")
if [ -n "$prebuilt" ]; then
  [ -x "$clone/.build/release/statelint" ] && [ "$(cat "$work/swift-calls.log")" = "build -c release --product statelint --package-path $clone" ]
  check "the hook asked for one release build of the statelint product, in its clone" $?
else
  [ -x "$clone/.build/release/statelint" ] && [ ! -e "$clone/.build/release/statelint-bench" ] && [ ! -e "$clone/.build/release/statelint-tool" ]
  check "the hook built the statelint product alone (no statelint-bench, no plugin tool copy)" $?
fi

# Fix it and commit again.
sed -i 's/print(count)/print(_count)/' Sources/App/Model+Init.swift
git add Sources/App/Model+Init.swift
set +e
git commit -qm "fixed" > "$work/third.log" 2>&1
status=$?
set -e
check "the fixed file commits (exit $status)" "$status"
if [ -n "$prebuilt" ]; then
  [ "$(wc -l < "$work/swift-calls.log")" -eq 1 ]
  check "three commits, one build: the stamp keeps later runs from building again" $?
fi

if [ "$failed" -ne 0 ]; then
  for log in "$work"/*.log; do echo "--- $log"; cat "$log"; done
fi
echo "pre-commit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
