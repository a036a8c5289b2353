#!/usr/bin/env bash
# Prints docs/homebrew/statelint.rb with the url and sha256 of a source archive (source-archive.sh):
#
#   Tools/release/formula.sh ARCHIVE [URL]
# URL defaults to the release download of this version, where release.yml publishes the archive.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] && [ -f "$1" ] || { echo "usage: Tools/release/formula.sh ARCHIVE [URL]" >&2; exit 2; }
version=$("$repo/Tools/release/version.sh")
url=${2:-https://github.com/statelint/statelint/releases/download/$version/statelint-$version.tar.gz}
sum=$(sha256sum "$1" | cut -d' ' -f1)
formula=$repo/docs/homebrew/statelint.rb
grep -q '^  url "' "$formula" && grep -q '^  sha256 "' "$formula" || { echo "formula.sh: no url/sha256 lines in $formula" >&2; exit 2; }
sed -e "s|^  url \".*\"|  url \"$url\"|" -e "s|^  sha256 \".*\"|  sha256 \"$sum\"|" "$formula"
