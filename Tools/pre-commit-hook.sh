#!/bin/sh
# The pre-commit hooks' entry (.pre-commit-hooks.yaml): runs this checkout's statelint on the files
# pre-commit passes. On first use it builds the `statelint` product alone, in release, in this
# checkout (pre-commit keeps one per hook revision); later runs start the binary at once. Parallel
# first runs wait for one another on SwiftPM's own lock of `.build`.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
binary="$here/.build/release/statelint"
built="$here/.build/pre-commit-hook-built"
if [ ! -f "$built" ] || [ ! -x "$binary" ]; then
  echo "statelint: building the statelint product once for this hook revision (swift build -c release --product statelint)" >&2
  if ! swift build -c release --product statelint --package-path "$here" >&2; then
    echo "statelint: the pre-commit hook could not build statelint in $here; is the Swift toolchain on PATH?" >&2
    exit 2
  fi
  : > "$built"
fi
exec "$binary" "$@"
