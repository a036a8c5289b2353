#!/bin/sh
# growth-ci.sh BINARY: fails (exit 1) when statelint's time stops growing linearly with some input family
# (issue 26). Runs Tools/growth.py at a quarter of its sizes, once per size (a family that fails on time is
# measured again before it counts), and prints the table; each run is killed after 60 s.
# Takes about a minute with a linear binary on a 2-core machine.
#
#   swift build -c release && Tools/growth-ci.sh .build/release/statelint
set -eu
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: Tools/growth-ci.sh BINARY   (an executable statelint, e.g. .build/release/statelint)" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/growth.py" --binary "$1" --check --small --repeat 1
