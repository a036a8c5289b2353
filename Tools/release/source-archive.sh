#!/usr/bin/env bash
# Writes the source archive of a commit (default HEAD) for the Homebrew formula:
# OUT/statelint-VERSION.tar.gz holding statelint-VERSION/..., and prints its path.
#
#   Tools/release/source-archive.sh [--out DIR] [--rev REV]     # DIR defaults to .build/dist
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$repo/.build/dist
rev=HEAD
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --rev) rev=$2; shift 2 ;;
    *) echo "usage: Tools/release/source-archive.sh [--out DIR] [--rev REV]" >&2; exit 2 ;;
  esac
done
version=$("$repo/Tools/release/version.sh")
mkdir -p "$out"
archive=$(cd "$out" && pwd)/statelint-$version.tar.gz
# gzip -n: no name or time stamp in the header, so the same commit gives the same bytes (and checksum).
git -C "$repo" archive --format=tar --prefix="statelint-$version/" "$rev" | gzip -n -9 > "$archive"
echo "$archive"
