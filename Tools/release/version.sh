#!/usr/bin/env bash
# Prints statelint's version: the one place it is kept is `CommandLineTool.version`
# (Sources/statelint/CommandLineTool.swift), which `--version` prints and SARIF records.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n 's/^ *static let version = "\([^"]*\)".*/\1/p' "$repo/Sources/statelint/CommandLineTool.swift")
if [ -z "$version" ]; then
  echo "version.sh: no 'static let version = \"…\"' in Sources/statelint/CommandLineTool.swift" >&2
  exit 2
fi
echo "$version"
