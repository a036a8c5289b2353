#!/usr/bin/env bash
# End-to-end test of `statelint server` from a real LSP client: Neovim's own (Debian's neovim package,
# installed when missing), headless, configured with exactly the Neovim block of docs/editors.md. On a
# throw-away project it checks that the finding appears with its range, code and message, that the quick
# fix applied through Neovim removes it, and that an unsaved edit in one buffer changes the findings of
# another (Tools/editors/nvim-e2e.lua).
#
#   Tools/test-editors.sh [STATELINT]      # default: .build/release/statelint; KEEP_TMP=1 keeps the folder
# Last line: `editors: N passed, M failed`.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
binary=$(cd "$(dirname "${1:-$repo/.build/release/statelint}")" && pwd)/$(basename "${1:-statelint}")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/statelint-editors.XXXXXX")
[ "${KEEP_TMP:-0}" = 1 ] && echo "temporary folder: $tmp" || trap 'rm -rf "$tmp"' EXIT

if ! command -v nvim > /dev/null; then
  (apt-get install -y -q --no-install-recommends neovim || { apt-get update -q && apt-get install -y -q --no-install-recommends neovim; }) > "$tmp/apt.log" 2>&1 \
    || { echo "FAIL: could not install neovim"; tail -n 20 "$tmp/apt.log"; echo "editors: 0 passed, 1 failed"; exit 1; }
fi
echo "($(nvim --version | head -n 1))"

# The Neovim configuration of docs/editors.md: the first ```lua block after "## Neovim".
awk '/^## Neovim/ { section = 1 } section && /^```lua/ { inside = 1; next } inside && /^```/ { exit } inside { print }' \
  "$repo/docs/editors.md" > "$tmp/init.lua"
[ -s "$tmp/init.lua" ] || { echo "FAIL: no lua block under '## Neovim' in docs/editors.md"; echo "editors: 0 passed, 1 failed"; exit 1; }

project=$tmp/project
mkdir -p "$project/.git"
# The hazards (Tools/editors/project, which the server's Swift tests use too): Card's @State seed goes stale
# through the call in Screen's extension, and Card has a _printChanges() line with a safe fix.
cp "$repo/Tools/editors/project/Card.swift" "$repo/Tools/editors/project/Screen.swift" "$project/"

# `statelint` on PATH as the docs assume; a private HOME and XDG folders, so no user configuration applies.
mkdir -p "$tmp/bin" "$tmp/home"
ln -s "$binary" "$tmp/bin/statelint"
start=$(date +%s)
(cd "$project" && env HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
  XDG_STATE_HOME="$tmp/home/.local/state" PATH="$tmp/bin:$PATH" PROJECT="$project" RESULTS="$tmp/results" \
  timeout 120 nvim --headless -n -i NONE -u "$tmp/init.lua" -c "luafile $repo/Tools/editors/nvim-e2e.lua" > "$tmp/nvim.log" 2>&1)
status=$?
echo "(headless Neovim took $(( $(date +%s) - start ))s)"
if [ ! -s "$tmp/results" ]; then
  echo "FAIL: Neovim wrote no results (exit $status)"; sed 's/^/    | /' "$tmp/nvim.log" | tail -n 30
  echo "editors: 0 passed, 1 failed"; exit 1
fi
cat "$tmp/results"
passed=$(grep -c '^PASS' "$tmp/results")
failed=$(grep -c '^FAIL' "$tmp/results")
[ "$failed" -eq 0 ] || { echo "    Neovim's LSP log:"; tail -n 20 "$tmp/home/.local/state/nvim/lsp.log" "$tmp/home/.cache/nvim/lsp.log" 2>/dev/null | sed 's/^/    | /'; }
echo "editors: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
