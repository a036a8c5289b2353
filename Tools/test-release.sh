#!/usr/bin/env bash
# Proves the release artifacts and the installs that need no source build, on this machine:
#   1. Tools/release/build.sh: the static Linux binary, its zip and checksum; the binary runs from the
#      unpacked zip without the Swift runtime's shared libraries and finds the Showcase's hazards.
#   2. Tools/release/bundle.sh: statelint.artifactbundle.zip, its info.json (one variant per platform
#      triple, each path in the zip) and its SwiftPM checksum.
#   3. The binary-plugin package (Tools/release/plugin-package.sh) with the local bundle: a throw-away
#      package's `swift build` shows the findings as compiler warnings, and statelint is not compiled;
#      `swift package statelint` runs the command plugin on the same binary.
#   4. `swift package experimental-install --product statelint` in this checkout puts a working
#      `statelint` in ~/.swiftpm/bin (removed again at the end, with any earlier one put back). It installs
#      the debug configuration, which `swift test` has built (CI runs it first): the install's own steps are
#      the same in both, and the release configuration's compilation is step 1's (a second one costs three
#      minutes: no other flags reuse the static build's objects).
#
#   Tools/test-release.sh            # KEEP_TMP=1 keeps the temporary folder
# Last line: `release: N passed, M failed`; exit status 1 when a check failed.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
version=$("$repo/Tools/release/version.sh") || exit 2
. "$repo/Tools/lib/checks.sh"
checks_start release
case "$(uname -m)" in aarch64 | arm64) arch=aarch64 ;; *) arch=x86_64 ;; esac
platform=linux-$arch
name=statelint-$version-$platform
dist=$repo/.build/dist

# 1. The platform binary.
start=$(date +%s)
if ! "$repo/Tools/release/build.sh" --out "$dist" > "$tmp/build.log" 2>&1; then
  fail "Tools/release/build.sh failed"; show "$tmp/build.log"; finish
fi
echo "(build.sh took $(( $(date +%s) - start ))s)"
if (cd "$dist" && sha256sum --quiet -c "$name.zip.sha256"); then pass "$name.zip matches its .sha256"; else fail "checksum of $name.zip"; fi
mkdir -p "$tmp/unpacked" && unzip -q "$dist/$name.zip" -d "$tmp/unpacked"
bin=$tmp/unpacked/$name/bin/statelint
if [ -x "$bin" ] && [ -f "$tmp/unpacked/$name/LICENSE" ]; then pass "the zip holds bin/statelint and LICENSE"; else fail "zip layout"; unzip -l "$dist/$name.zip"; fi
if ldd "$bin" > "$tmp/ldd" 2>&1 && ! grep -qE 'libswift|libFoundation|libdispatch|libBlocksRuntime' "$tmp/ldd"; then
  pass "the binary needs none of the Swift runtime's shared libraries (--static-swift-stdlib)"
else
  fail "the binary links Swift's shared libraries"; show "$tmp/ldd"
fi
if [ "$(env -i "$bin" --version 2>&1)" = "$version" ]; then pass "--version prints $version"; else fail "--version: $(env -i "$bin" --version 2>&1)"; fi
(cd "$repo" && env -i "$bin" --format json TestInputs/Showcase > "$tmp/showcase.json" 2> "$tmp/showcase.err")
status=$?
if [ "$status" -eq 1 ] && grep -q '"rule": "observable_init_access"' "$tmp/showcase.json"; then
  pass "the unpacked binary finds the Showcase's hazards (exit 1), with an empty environment"
else
  fail "the unpacked binary on TestInputs/Showcase: exit $status"; show "$tmp/showcase.err"
fi

# 2. The artifact bundle.
if ! "$repo/Tools/release/bundle.sh" "$dist" > "$tmp/bundle.log" 2>&1; then
  fail "Tools/release/bundle.sh failed"; show "$tmp/bundle.log"; finish
fi
zipfile=$dist/statelint.artifactbundle.zip
python3 - "$zipfile" "$version" "$name" > "$tmp/info.log" 2>&1 <<'PY'
import json, stat, sys, zipfile
path, version, name = sys.argv[1:]
z = zipfile.ZipFile(path)
names = set(z.namelist())
info = json.loads(z.read("statelint.artifactbundle/info.json"))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["statelint"]
assert artifact["type"] == "executable" and artifact["version"] == version, artifact
triples = {}
for variant in artifact["variants"]:
    member = "statelint.artifactbundle/" + variant["path"]
    assert member in names, f"{member} is not in the zip"
    mode = z.getinfo(member).external_attr >> 16
    assert mode & stat.S_IXUSR, f"{member} is not executable in the zip ({oct(mode)})"
    for triple in variant["supportedTriples"]:
        assert triple not in triples, f"{triple} is listed twice"
        triples[triple] = variant["path"]
assert triples.get("x86_64-unknown-linux-gnu" if name.endswith("x86_64") else "aarch64-unknown-linux-gnu") == f"{name}/bin/statelint", triples
print("info.json:", ", ".join(f"{t} -> {p}" for t, p in sorted(triples.items())))
PY
if [ $? -eq 0 ]; then pass "info.json lists one executable variant per triple, each in the zip"; cat "$tmp/info.log"; else fail "info.json"; show "$tmp/info.log"; fi
if [ "$(cat "$zipfile.checksum")" = "$(sha256sum "$zipfile" | cut -d' ' -f1)" ] && (cd "$dist" && sha256sum --quiet -c SHA256SUMS); then
  pass "the bundle's SwiftPM checksum and SHA256SUMS are right"
else
  fail "bundle checksums"
fi

# 3. The binary-plugin package and a package that uses it.
plugin=$tmp/statelint-plugin   # identity: statelint-plugin, as the published repository's
"$repo/Tools/release/plugin-package.sh" "$plugin" --bundle "$zipfile" > /dev/null
pkg=$tmp/Probe
mkdir -p "$pkg/Sources/Models"
cat > "$pkg/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Probe",
    dependencies: [.package(path: "$plugin")],
    targets: [
        .target(name: "Models", plugins: [.plugin(name: "StatelintBuildToolPlugin", package: "statelint-plugin")]),
    ]
)
SWIFT
cp "$repo/Tools/fixtures/Counter.swift" "$pkg/Sources/Models/Counter.swift"   # observable_init_access at 10
start=$(date +%s)
(cd "$pkg" && swift build --scratch-path "$tmp/scratch" > "$tmp/probe.log" 2>&1)
status=$?
echo "(swift build with the binary plugin took $(( $(date +%s) - start ))s)"
if [ "$status" -eq 0 ] && grep -Eq '/Sources/Models/Counter\.swift:10:[0-9]+: warning: .*\[observable_init_access\]' "$tmp/probe.log"; then
  pass "swift build shows the finding as a compiler warning through the binary plugin"
else
  fail "swift build with the binary plugin (exit $status)"; show "$tmp/probe.log"
fi
if grep -Eqi 'Compiling (statelint|Statelint)' "$tmp/probe.log" || find "$tmp/scratch" -name 'StatelintCore*' | grep -q .; then
  fail "statelint was compiled"; grep -Ei 'Compiling' "$tmp/probe.log" | head
else
  pass "statelint is not compiled (the bundle's binary runs)"
fi
(cd "$pkg" && swift package --scratch-path "$tmp/scratch" --disable-sandbox statelint --format xcode > "$tmp/command.log" 2>&1)
status=$?
if [ "$status" -ne 0 ] && grep -Eq 'Counter\.swift:10:[0-9]+: warning: .*\[observable_init_access\]' "$tmp/command.log"; then
  pass "swift package statelint (the command plugin) runs the bundle's binary and fails on the finding"
else
  fail "command plugin over the binary (exit $status)"; show "$tmp/command.log"
fi

# 4. experimental-install from this checkout (the debug configuration `swift test` built: nothing is compiled
# again when it ran first).
installed=$HOME/.swiftpm/bin/statelint
[ -e "$installed" ] && mv "$installed" "$tmp/statelint.before"
(cd "$repo" && swift package experimental-install -c debug --product statelint > "$tmp/install.log" 2>&1)
status=$?
found=$(PATH="$HOME/.swiftpm/bin:/usr/bin:/bin" command -v statelint)
if [ "$status" -eq 0 ] && [ "$found" = "$installed" ] && [ "$(PATH="$HOME/.swiftpm/bin:/usr/bin:/bin" statelint --version)" = "$version" ]; then
  pass "swift package experimental-install puts statelint $version on the path (~/.swiftpm/bin)"
else
  fail "experimental-install (exit $status; found '$found')"; show "$tmp/install.log"
fi
(cd "$repo" && PATH="$HOME/.swiftpm/bin:/usr/bin:/bin" statelint --quiet TestInputs/Showcase > /dev/null 2>&1)
status=$?
if [ "$status" -eq 1 ]; then pass "the installed statelint lints the Showcase (exit 1)"; else fail "installed statelint on the Showcase: exit $status"; fi
(cd "$repo" && swift package experimental-uninstall statelint > /dev/null 2>&1) || rm -f "$installed"
[ -e "$tmp/statelint.before" ] && mv "$tmp/statelint.before" "$installed"

finish
