#!/usr/bin/env bash
# Validates statelint's gitlab, junit and sonarqube reports against the rules their readers publish
# (Tools/validate/validate-reports.py says which), on three runs: TestInputs/Showcase (findings in several
# files, notes), a folder of edge cases written here (Korean and an emoji before a finding, CRLF line
# breaks, a finding on the last line of a file without a final line break, a file that is not UTF-8) and
# a clean folder (no findings: `[]`, a passing JUnit test case, no issues).
#
# usage: Tools/validate/run.sh STATELINT_BINARY
#
# Installs jsonschema and xmlschema into .build/venv (as .ci/run does for SARIF), and takes Jenkins' JUnit
# schema (junit-10.xsd) from pytest's source distribution on PyPI, pinned by version and SHA-256 and kept
# in .build/validate.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
statelint="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$(dirname "$0")/../.."
root="$PWD"
work="$root/.build/validate"
mkdir -p "$work"

if [ ! -x .build/venv/bin/python ]; then python3 -m venv .build/venv; fi
python=.build/venv/bin/python
"$python" -m pip install --quiet --disable-pip-version-check jsonschema xmlschema

pytest_version=9.2.0
xsd_member="pytest-$pytest_version/testing/example_scripts/junit-10.xsd"
xsd_sha256=a1a816f58d1bf95ebabf371994df0b9246dee66ea9572fbec4f9296f1b2c0ff6
xsd="$work/junit-10.xsd"
if ! echo "$xsd_sha256  $xsd" | sha256sum --check --status 2>/dev/null; then
  "$python" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
    -d "$work/sdist" "pytest==$pytest_version"
  "$python" - "$work/sdist/pytest-$pytest_version.tar.gz" "$xsd_member" "$xsd" <<'EOF'
import sys, tarfile
with tarfile.open(sys.argv[1]) as archive, open(sys.argv[3], "wb") as out:
    out.write(archive.extractfile(sys.argv[2]).read())
EOF
  echo "$xsd_sha256  $xsd" | sha256sum --check --quiet || { echo "junit-10.xsd in pytest $pytest_version changed" >&2; exit 1; }
fi

# lint NAME EXPECTED_STATUS DIR TARGET: the three reports of one run of statelint on TARGET from DIR (the
# source root, which the reports' paths are relative to), each validated.
lint() {
  local name=$1 expected=$2 dir=$3 target=$4 status=0
  (cd "$dir" && "$statelint" --show-info --format gitlab --output "$work/$name.gitlab.json" \
      --report "junit:$work/$name.junit.xml" --report "sonarqube:$work/$name.sonarqube.json" "$target" 2>/dev/null) \
    || status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "statelint on $target exited $status, expected $expected" >&2
    exit 1
  fi
  local validate=("$root/$python" "$root/Tools/validate/validate-reports.py")
  (cd "$dir" && "${validate[@]}" gitlab "$work/$name.gitlab.json" \
    && "${validate[@]}" sonarqube "$work/$name.sonarqube.json" \
    && "${validate[@]}" junit "$work/$name.junit.xml" "$xsd")
}

rm -rf "$work/edge" "$work/clean"
mkdir -p "$work/edge" "$work/clean"
printf 'struct V: View {\n    var body: some View {\n        let _ = /* 한글 😀 */ Self._printChanges()\n        Text("x < y && \\"z\\"")\n    }\n}\n// statelint:disable:next task_retains_self' \
  > "$work/edge/Unicode.swift"
printf 'struct W: View {\r\n    var body: some View {\r\n        let _ = Self._printChanges()\r\n        Text("y")\r\n    }\r\n}\r\n' \
  > "$work/edge/CRLF.swift"
printf 'let x = "\xff"\n' > "$work/edge/NotUTF8.swift"
printf 'struct Clean: View {\n    var body: some View { Text("clean") }\n}\n' > "$work/clean/Clean.swift"

lint showcase 1 "$root" TestInputs/Showcase
lint edge 2 "$work" edge
lint clean 0 "$work" clean
