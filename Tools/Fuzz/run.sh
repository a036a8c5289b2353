#!/usr/bin/env bash
# Tools/Fuzz/run.sh [SECONDS]: builds the three libFuzzer targets (address sanitizer on) and runs each
# for SECONDS (default 60): fuzz-file and fuzz-project seeded from TestInputs/ with the Swift dictionary,
# fuzz-server from Tools/Fuzz/seeds-server with the LSP one. Fails (non-zero) on any
# crash, leak, timeout (10 s per input) or out-of-memory (2 GB); the input that failed is kept in
# .build/fuzz/ and named on the output. Corpora grow in .build/fuzz/corpus-* (kept between runs).
set -euo pipefail
seconds=${1:-60}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work="$repo/.build/fuzz"
mkdir -p "$work"
# --sanitize links libFuzzer's driver; the -X flags instrument every target, statelint's included
# (SwiftPM's --sanitize alone covers only this package's own targets: 5 edges instead of ~7,000).
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
       -Xcc -fsanitize=fuzzer-no-link,address --package-path "$here" --build-path "$repo/.build/fuzz-build")
swift build "${flags[@]}" 2>&1 | grep -vE "Cannot export local symbol '__asan_extra_spill_area'" | tail -n 3
bin=$(swift build "${flags[@]}" --show-bin-path)

# Seeds: every Swift file of TestInputs (one file), and each fixture folder joined by 0x01 (a project).
seeds_file="$work/seeds-file"
seeds_project="$work/seeds-project"
rm -rf "$seeds_file" "$seeds_project"
mkdir -p "$seeds_file" "$seeds_project" "$work/corpus-file" "$work/corpus-project"
i=0
while IFS= read -r -d '' f; do
    cp "$f" "$seeds_file/seed-$i.swift"
    i=$((i + 1))
done < <(find "$repo/TestInputs" -name '*.swift' -print0 | sort -z)
for folder in "$repo"/TestInputs/*/; do
    out="$seeds_project/$(basename "$folder")"
    first=1
    : > "$out"
    while IFS= read -r -d '' f; do
        [ $first -eq 1 ] || printf '\001' >> "$out"
        cat "$f" >> "$out"
        first=0
    done < <(find "$folder" -name '*.swift' -print0 | sort -z | head -z -n 4)
done

# The three targets run at once (each fuzzer is one thread; on two cores this takes SECONDS, not
# three times that), then each one's outcome is reported in turn.
run_target() {
    local target=$1 seeds="$seeds_file" dict="$here/swift.dict"
    [ "$target" = project ] && seeds="$seeds_project"
    # The server's input: LSP message streams (Tools/Fuzz/seeds-server) and LSP words.
    [ "$target" = server ] && seeds="$here/seeds-server" && dict="$here/lsp.dict"
    mkdir -p "$work/corpus-$target"
    # (The Swift runtime's backtracer is off: under the address sanitizer it hangs; libFuzzer reports
    # a trap as a deadly signal and writes the input.)
    (cd "$work" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 "$bin/fuzz-$target" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=65536 -dict="$dict" -print_final_stats=1 \
        -artifact_prefix="$work/crash-$target-" "$work/corpus-$target" "$seeds") > "$work/fuzz-$target.log" 2>&1
}

declare -A pids
for target in file project server; do
    run_target "$target" &
    pids[$target]=$!
done
status=0
for target in file project server; do
    echo "== fuzz-$target for ${seconds}s"
    set +e
    wait "${pids[$target]}"
    code=$?
    set -e
    grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)|cov: " "$work/fuzz-$target.log" | tail -n 4
    if [ $code -ne 0 ]; then
        echo "fuzz-$target failed (exit $code):" >&2
        grep -E "ERROR|SUMMARY|Test unit written|artifact" "$work/fuzz-$target.log" >&2 || tail -n 40 "$work/fuzz-$target.log" >&2
        status=1
    fi
done
exit $status
