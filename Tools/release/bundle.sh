#!/usr/bin/env bash
# Assembles statelint.artifactbundle.zip (SE-0305) from the platform folders that build.sh made.
#
#   Tools/release/bundle.sh [DIST]        # DIST defaults to .build/dist
#
# Each DIST/statelint-VERSION-PLATFORM/ folder becomes one variant of the executable artifact
# `statelint`, listed in info.json with the target triples it runs on:
#   linux-x86_64    x86_64-unknown-linux-gnu
#   linux-aarch64   aarch64-unknown-linux-gnu
#   macos-universal x86_64-apple-macosx, arm64-apple-macosx
# Writes DIST/statelint.artifactbundle.zip, its SwiftPM checksum (`swift package compute-checksum`,
# for `.binaryTarget(url:checksum:)`) in DIST/statelint.artifactbundle.zip.checksum, and DIST/SHA256SUMS
# for every zip in DIST. Prints the bundle zip's path as its last line.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
dist=${1:-$repo/.build/dist}
dist=$(cd "$dist" && pwd)
version=$("$repo/Tools/release/version.sh")

triples_of() {
  case "$1" in
    linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
    linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
    macos-universal) echo '"x86_64-apple-macosx", "arm64-apple-macosx"' ;;
    *) return 1 ;;
  esac
}

bundle=$dist/statelint.artifactbundle
rm -rf "$bundle" "$bundle.zip" "$bundle.zip.checksum"
mkdir -p "$bundle"
variants=
for folder in "$dist"/statelint-"$version"-*/; do
  [ -d "$folder" ] || continue
  name=$(basename "$folder")
  platform=${name#statelint-"$version"-}
  triples=$(triples_of "$platform") || { echo "bundle.sh: unknown platform '$platform' ($folder)" >&2; exit 2; }
  [ -x "$folder/bin/statelint" ] || { echo "bundle.sh: $folder has no bin/statelint" >&2; exit 2; }
  mkdir -p "$bundle/$name/bin"
  cp "$folder/bin/statelint" "$bundle/$name/bin/statelint"
  variants="$variants${variants:+,}
        { \"path\": \"$name/bin/statelint\", \"supportedTriples\": [$triples] }"
done
[ -n "$variants" ] || { echo "bundle.sh: no statelint-$version-* folders in $dist (run Tools/release/build.sh)" >&2; exit 2; }
cp "$repo/LICENSE" "$bundle/LICENSE"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "statelint": {
      "version": "$version",
      "type": "executable",
      "variants": [$variants
      ]
    }
  }
}
JSON

(cd "$dist" && zip -qry statelint.artifactbundle.zip statelint.artifactbundle)
# SwiftPM's checksum is the SHA-256 of the zip; compute-checksum needs a package folder to run in.
(cd "$repo" && swift package compute-checksum "$bundle.zip") > "$bundle.zip.checksum"
(cd "$dist" && sha256sum ./*.zip | sed 's| \./| |' > SHA256SUMS)
echo "bundled $(grep -c '"path"' "$bundle/info.json") variant(s); checksum $(cat "$bundle.zip.checksum")" >&2
echo "$bundle.zip"
