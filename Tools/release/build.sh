#!/usr/bin/env bash
# Builds the release binary of this machine's platform and packs it for a release.
#
#   Tools/release/build.sh [--out DIR] [--scratch-path DIR]
#
# Linux: `swift build -c release --static-swift-stdlib` (the Swift runtime and Foundation are linked in;
#        only the C and C++ runtimes of the system remain), stripped.   -> statelint-VERSION-linux-ARCH
# macOS: `swift build -c release --arch arm64 --arch x86_64`, one universal binary.
#                                                                        -> statelint-VERSION-macos-universal
# Writes into DIR (default .build/dist):
#   statelint-VERSION-PLATFORM/bin/statelint   (with LICENSE, README.md, CHANGELOG.md beside bin/)
#   statelint-VERSION-PLATFORM.zip             (that folder)
#   statelint-VERSION-PLATFORM.zip.sha256      (`sha256sum` format: check with `sha256sum -c`)
# and prints the folder's path as its last line. The scratch path defaults to .build, so the CI's release
# build (same flags) is reused; Tools/release/bundle.sh turns the folders into the artifact bundle.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$repo/.build/dist
scratch=$repo/.build/release-artifacts
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --scratch-path) scratch=$2; shift 2 ;;
    *) echo "usage: Tools/release/build.sh [--out DIR] [--scratch-path DIR]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$("$repo/Tools/release/version.sh")
for tool in zip sha256sum; do
  command -v "$tool" > /dev/null || { echo "build.sh: '$tool' is needed (Debian: apt-get install zip coreutils)" >&2; exit 2; }
done

cd "$repo"
case "$(uname -s)" in
  Linux)
    case "$(uname -m)" in
      x86_64 | amd64) arch=x86_64 ;;
      aarch64 | arm64) arch=aarch64 ;;
      *) echo "build.sh: unsupported machine $(uname -m)" >&2; exit 2 ;;
    esac
    platform=linux-$arch
    swift build -c release --static-swift-stdlib -Xswiftc -warnings-as-errors --product statelint \
      --scratch-path "$scratch" 2>&1 | grep -vE "^\[[0-9]+/[0-9]+\]|the use of .mktemp. is dangerous" || true
    binary=$scratch/release/statelint
    ;;
  Darwin)
    platform=macos-universal
    swift build -c release --arch arm64 --arch x86_64 -Xswiftc -warnings-as-errors --product statelint \
      --scratch-path "$scratch" 2>&1 | grep -vE "^\[[0-9]+/[0-9]+\]" || true
    binary=$scratch/apple/Products/Release/statelint
    ;;
  *) echo "build.sh: unsupported system $(uname -s)" >&2; exit 2 ;;
esac
[ -x "$binary" ] || { echo "build.sh: the build did not produce $binary" >&2; exit 1; }

name=statelint-$version-$platform
stage=$out/$name
rm -rf "$stage" "$out/$name.zip" "$out/$name.zip.sha256"
mkdir -p "$stage/bin"
cp "$binary" "$stage/bin/statelint"
strip "$stage/bin/statelint" 2> /dev/null || strip -x "$stage/bin/statelint"
cp "$repo/LICENSE" "$repo/README.md" "$repo/CHANGELOG.md" "$stage/"

# The packed binary must run and say its version.
reported=$("$stage/bin/statelint" --version)
case "$reported" in
  *"$version"*) ;;
  *) echo "build.sh: the binary reports '$reported', expected version $version" >&2; exit 1 ;;
esac

(cd "$out" && zip -qry "$name.zip" "$name" && sha256sum "$name.zip" > "$name.zip.sha256")
echo "built $name ($(du -h "$stage/bin/statelint" | cut -f1) binary, $(du -h "$out/$name.zip" | cut -f1) zip)" >&2
echo "$stage"
