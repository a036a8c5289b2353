#!/usr/bin/env bash
# bench.sh: statelint's speed and memory benchmark (measures; never asserts). See docs/benchmark.md.
#
# usage: Tools/bench.sh [options] [DIR...]
#   --lines N        size of a generated tree; repeatable (default: --lines 1000000 --lines 10000000)
#   --no-synthetic   no generated trees, only the DIRs
#   --repeat N       runs per timing, the best is kept (default 3; the single file: 10)
#   --seed N         generator seed (default 1)
#   --no-build       do not run `swift build -c release` first
#   --no-oracle      do not time swift-syntax (Tools/SyntaxOracle/.build/release/syntax-oracle)
#   --no-instructions  do not count CPU instructions with valgrind (counted when valgrind is on PATH,
#                    for targets of at most 2M lines: statelint --jobs 1 --no-cache, and swift-syntax's parse)
#   --together       with several DIRs, measure only all of them together (default: each DIR, then all)
#   --max-load L     wait (up to --load-wait s) until the 1-minute load is below L before timing (0.5)
#   --load-wait S    (default 300)
#   --cache DIR      where generated trees are kept (default /tmp/statelint-bench)
# env: STATELINT, STATELINT_BENCH, SYNTAX_ORACLE override the binaries.
#
# For every generated tree, every DIR and (with several DIRs) all DIRs together as one corpus: files,
# lines, MB; a full lint `statelint --quiet --format xcode TARGET > /dev/null` with --jobs 1 and with all cores (best of --repeat), lines/s, MB/s, the jobs-1/all-cores ratio, peak RSS;
# one ~100-line file named inside the project (the pre-commit case: statelint indexes the project);
# statelint-bench's lexer/parser throughput; swift-syntax's parse time on the same files (-j 1) and
# statelint's speed relative to it. Then the 10M/1M linearity, the latency of one small standalone
# file (best of 10, process start included), a summary table and a block of key=value lines.
# Exit status: 0 when it could measure (targets missed or not), 2 on bad usage or a failed build.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

for arg in "$@"; do
    case $arg in
        -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    esac
done

build=1
for arg in "$@"; do [ "$arg" = "--no-build" ] && build=0; done
if [ $build = 1 ]; then
    echo "bench: swift build -c release (under flock /tmp/statelint-build.lock)..." >&2
    if ! (cd "$repo" && flock /tmp/statelint-build.lock swift build -c release) >&2; then
        echo "bench: the release build failed" >&2
        exit 2
    fi
fi

read -r -d '' BENCH_PY <<'PYTHON' || true
import hashlib, os, re, resource, shutil, statistics, subprocess, sys, time

repo = sys.argv[1]
args = sys.argv[2:]
DEVNULL = subprocess.DEVNULL

def die(message):
    sys.stderr.write(f"bench: {message}\n")
    sys.exit(2)

# ---- options ------------------------------------------------------------------------------------
lines_wanted, dirs = [], []
repeat, seed, oracle_on, separately = 3, 1, True, True
instructions_on = shutil.which("valgrind") is not None
synthetic = True
max_load, load_wait = 0.5, 300.0
cache = "/tmp/statelint-bench"
i = 0
def value():
    global i
    if i + 1 >= len(args):
        die(f"{args[i]} needs a value")
    i += 1
    return args[i]
while i < len(args):
    a = args[i]
    if a == "--lines": lines_wanted.append(int(value().replace("_", "")))
    elif a == "--repeat": repeat = max(1, int(value()))
    elif a == "--seed": seed = int(value())
    elif a == "--no-build": pass
    elif a == "--no-oracle": oracle_on = False
    elif a == "--no-instructions": instructions_on = False
    elif a == "--no-synthetic": synthetic = False
    elif a == "--together": separately = False
    elif a == "--max-load": max_load = float(value())
    elif a == "--load-wait": load_wait = float(value())
    elif a == "--cache": cache = value()
    elif a.startswith("-"): die(f"unknown option {a} (see --help)")
    else:
        if not os.path.isdir(a): die(f"not a folder: {a}")
        dirs.append(os.path.abspath(a))
    i += 1
if not synthetic:
    lines_wanted = []
elif not lines_wanted:
    lines_wanted = [1_000_000, 10_000_000]

statelint = os.environ.get("STATELINT", f"{repo}/.build/release/statelint")
bench_bin = os.environ.get("STATELINT_BENCH", f"{repo}/.build/release/statelint-bench")
oracle = os.environ.get("SYNTAX_ORACLE", f"{repo}/Tools/SyntaxOracle/.build/release/syntax-oracle")
generator = f"{repo}/Tools/gen-corpus.py"
for b in (statelint, bench_bin):
    if not os.access(b, os.X_OK): die(f"missing binary {b} (build with swift build -c release)")
if oracle_on and not os.access(oracle, os.X_OK):
    oracle_on = False
cores = os.cpu_count() or 1
time_bin = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
if time_bin:
    probe = subprocess.run([time_bin, "-f", "%M", "true"], stdout=DEVNULL, stderr=subprocess.PIPE, text=True)
    if probe.returncode != 0 or not probe.stderr.strip().splitlines()[-1].isdigit():
        time_bin = None
os.makedirs(cache, exist_ok=True)
neutral = os.path.join(cache, "cwd")  # no .lintrc or .git above it: statelint's defaults, no project walk
os.makedirs(neutral, exist_ok=True)

kv = {}           # the machine-readable block, in insertion order
loads = []
under_load = []

def log(message):
    sys.stderr.write(message + "\n")
    sys.stderr.flush()

# ---- load ---------------------------------------------------------------------------------------
def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])

def cpu_busy(seconds=1.0):
    """CPUs busy (0..cores) over a short window, from /proc/stat: others' work right now."""
    def sample():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        idle = v[3] + (v[4] if len(v) > 4 else 0)
        return sum(v), idle
    t0, i0 = sample()
    time.sleep(seconds)
    t1, i1 = sample()
    total = max(1, t1 - t0)
    return cores * (1 - (i1 - i0) / total)

def wait_quiet(label, first):
    """First section: wait for the 1-minute load average. Later ones: our own runs inflate the load
    average for minutes, so wait until the CPUs are idle right now instead."""
    start = time.time()
    while True:
        load = loadavg()
        busy = cpu_busy()
        ok = (load < max_load) if first else (busy < max_load * 0.6)
        if ok or time.time() - start > (load_wait if first else min(load_wait, 120)):
            break
        log(f"bench: waiting for a quiet machine before {label} (load {load:.2f}, busy {busy:.2f} CPUs)")
        time.sleep(10)
    loads.append(load)
    if not ok:
        under_load.append(f"{label} (load {load:.2f}, busy {busy:.2f})")
        log(f"bench: measuring {label} under load: load {load:.2f}, busy {busy:.2f} CPUs")
    return load, busy

# ---- running ------------------------------------------------------------------------------------
CLK_TCK = os.sysconf("SC_CLK_TCK")

def busy_seconds():
    """CPU time the whole machine spent busy (user, nice, system, irq, softirq, steal), in seconds."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    v += [0] * (8 - len(v))
    return (v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / CLK_TCK

def run_once(cmd, cwd, err_file=None):
    """One run: wall seconds, exit status, and the CPUs that others kept busy meanwhile (the
    machine's busy time minus the run's own CPU time, per second of wall time)."""
    b0 = busy_seconds()
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdin=DEVNULL, stdout=DEVNULL, stderr=err_file or DEVNULL)
    _, wstatus, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - t0
    others = busy_seconds() - b0 - (usage.ru_utime + usage.ru_stime)
    p.returncode = os.waitstatus_to_exitcode(wstatus)
    return elapsed, p.returncode, max(0.0, others) / elapsed

NOISY = 0.25  # CPUs kept busy by others during a run above which the run is retried

def disturbed(noise, seconds):
    # /proc/stat counts in 10 ms ticks: a short run needs a clearer signal.
    return noise > (NOISY if seconds >= 0.2 else 0.75)

def best_time(cmd, cwd, runs, capture_stderr=False):
    """Best wall time in seconds of `runs` runs (stdout to /dev/null), the worst exit status, the
    last standard error text and the others' CPU use during the best run. While the best run was
    disturbed by other work, up to 2 x runs more."""
    best, status, err, noise = float("inf"), 0, "", 0.0
    done = 0
    while done < runs or (disturbed(noise, best) and done < 3 * runs):
        if capture_stderr:
            with open(os.path.join(cache, f"stderr-{os.getpid()}.txt"), "w+b") as ef:
                elapsed, code, others = run_once(cmd, cwd, ef)
                ef.seek(0)
                text = ef.read().decode("utf-8", "replace")
            os.unlink(ef.name)
        else:
            elapsed, code, others = run_once(cmd, cwd)
            text = ""
        if elapsed < best:
            best, noise = elapsed, others
        status = max(status, code)
        err = text or err
        done += 1
        if done >= runs and disturbed(noise, best) and done < 3 * runs:
            log(f"bench: run disturbed by other work ({noise:.2f} CPUs busy), running again")
    return best, status, err, noise

def peak_rss_kb(cmd, cwd):
    """Peak resident set of one run, in KB: /usr/bin/time -f %M, else getrusage(RUSAGE_CHILDREN)
    of a fresh Python whose only child is the command."""
    if time_bin:
        p = subprocess.run([time_bin, "-f", "%M"] + cmd, cwd=cwd, stdin=DEVNULL, stdout=DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        last = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
        return int(last) if last.isdigit() else -1
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, "
            "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    p = subprocess.run([sys.executable, "-c", code] + cmd, cwd=cwd, stdout=subprocess.PIPE, text=True)
    return int(p.stdout.strip() or -1)

def note_noise(label, what, noise, seconds):
    if disturbed(noise, seconds):
        under_load.append(f"{label}: {what} ({noise:.2f} CPUs busy with other work)")

# ---- files --------------------------------------------------------------------------------------
SKIPPED = {".build", "DerivedData", "Pods", "Carthage"}

def swift_files(roots):
    """The files statelint's discovery finds: *.swift, hidden entries and build folders skipped."""
    found = set()
    for root in roots:
        for folder, subdirs, names in os.walk(root, followlinks=True):
            subdirs[:] = sorted(d for d in subdirs if not d.startswith(".") and d not in SKIPPED)
            for n in names:
                if n.endswith(".swift") and not n.startswith("."):
                    found.add(os.path.join(folder, n))
    return sorted(found)

def measure_files(paths):
    lines = size = 0
    per_file = []
    for p in paths:
        with open(p, "rb") as f:
            data = f.read()
        n = data.count(b"\n")
        lines += n
        size += len(data)
        per_file.append((n, p))
    return lines, size, per_file

def generator_hash():
    with open(generator, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]

def generated_tree(lines):
    """The cached tree for `lines` (regenerated when the generator or the seed changed)."""
    path = os.path.join(cache, str(lines))
    stamp = f"{generator_hash()} seed={seed} lines={lines}"
    stamp_file = os.path.join(path, ".stamp")
    try:
        with open(stamp_file) as f:
            if f.read().strip() == stamp:
                return path
    except OSError:
        pass
    log(f"bench: generating {lines} lines into {path} ...")
    tmp = f"{path}.tmp{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    t0 = time.time()
    subprocess.run([sys.executable, generator, tmp, str(lines), "--seed", str(seed)], check=True)
    with open(os.path.join(tmp, ".stamp"), "w") as f:
        f.write(stamp + "\n")
    shutil.rmtree(path, ignore_errors=True)
    os.rename(tmp, path)
    log(f"bench: generated in {time.time() - t0:.1f} s")
    os.sync()  # the kernel's write-back of a fresh tree would otherwise run during the timings
    return path

# ---- one target ---------------------------------------------------------------------------------
def fmt_rate(x):
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.0f}k"

results = []

def measure(key, label, roots, project_root):
    files = swift_files(roots)
    if not files:
        log(f"bench: no Swift files in {label}, skipped")
        return
    lines, size, per_file = measure_files(files)
    mb = size / 1e6
    r = {"key": key, "label": label, "files": len(files), "lines": lines, "mb": mb}
    print(f"\n== {label}: {len(files)} files, {lines:,} lines, {mb:.1f} MB")
    for root in roots:
        print(f"   {root}")
    # (Cold: the analysis cache is off here; its own section below measures it.)
    base = [statelint, "--quiet", "--format", "xcode", "--no-cache"] + roots
    # Warm the file cache and count the findings (not timed).
    p = subprocess.run(base, cwd=neutral, stdin=DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    r["findings"] = sum(1 for l in p.stdout.splitlines() if re.search(rb":\d+:\d+: (warning|error|info|note):", l))
    r["exit"] = p.returncode
    if p.returncode not in (0, 1):
        print(f"   statelint FAILED (exit {p.returncode}): {p.stderr.decode('utf-8', 'replace').strip()[:300]}")
    load, busy = wait_quiet(label, first=not results)
    r["load"] = load
    t1, s1, _, n1 = best_time(base + ["--jobs", "1"], neutral, repeat)
    tn, sn, _, nn = best_time(base + ["--jobs", str(cores)], neutral, repeat)
    note_noise(label, "full lint", max(n1, nn), min(t1, tn))
    r["noise"] = max(n1, nn)
    r.update(t1=t1, tn=tn, ratio=t1 / tn, lps=lines / tn, mbps=mb / tn, lps1=lines / t1)
    r["rss1"] = peak_rss_kb(base + ["--jobs", "1"], neutral)
    r["rssn"] = peak_rss_kb(base + ["--jobs", str(cores)], neutral)
    print(f"   full lint --jobs 1      {t1:8.3f} s  {fmt_rate(lines / t1):>7} lines/s  {mb / t1:7.1f} MB/s  peak RSS {r['rss1'] / 1024:6.1f} MB")
    print(f"   full lint --jobs {cores:<2}     {tn:8.3f} s  {fmt_rate(lines / tn):>7} lines/s  {mb / tn:7.1f} MB/s  peak RSS {r['rssn'] / 1024:6.1f} MB")
    print(f"   jobs-1 / all-cores      {t1 / tn:8.2f}x   ({r['findings']} findings, exit {r['exit']}; load {load:.2f}, others busy {r['noise']:.2f} CPUs)")
    # The pre-commit case: one ~100-line file named inside the project (statelint indexes the project).
    if project_root:
        rel = min(per_file, key=lambda e: (abs(e[0] - 100), e[1]))
        name = os.path.relpath(rel[1], project_root)
        tf, sf, _, _ = best_time([statelint, "--quiet", "--format", "xcode", "--no-cache", name], project_root, repeat)
        r["project_file_ms"] = tf * 1000
        r["project_file_lines"] = rel[0]
        print(f"   1 file in the project   {tf * 1000:8.1f} ms  ({name}, {rel[0]} lines; the whole project is indexed, no cache)")
    measure_cache(r, roots, per_file, project_root)
    # statelint-bench: lexer and parser alone.
    wait_quiet(f"{label} statelint-bench", first=False)
    p = subprocess.run([bench_bin, "--repeat", str(repeat)] + roots, stdin=DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in p.stdout.splitlines():
        m = re.match(r"(lex|lex\+parse), (\d+) threads?\s+([\d.]+) s\s+([\d.]+) MB/s\s+(\d+) lines/s", line)
        if not m:
            continue
        what = ("lex" if m.group(1) == "lex" else "parse") + ("1" if m.group(2) == "1" else "N")
        r[what + "_lps"] = float(m.group(5))
        r[what + "_s"] = float(m.group(3))
        print(f"   statelint-bench {m.group(1) + ',':<10} {m.group(2)} thread{'s' if m.group(2) != '1' else ' '} {float(m.group(3)):7.3f} s  {fmt_rate(float(m.group(5))):>7} lines/s  {float(m.group(4)):7.1f} MiB/s")
    m = re.search(r"files with lexer or parser diagnostics: (\d+)", p.stdout)
    if m:
        r["parse_diagnosed_files"] = int(m.group(1))
    # swift-syntax's parser on the same files, one core.
    if oracle_on:
        wait_quiet(f"{label} swift-syntax", first=False)
        listing = os.path.join(cache, f"files-{os.getpid()}.txt")
        with open(listing, "w") as f:
            f.write("\n".join(files) + "\n")
        runs = repeat if lines <= 2_000_000 else 1
        to, so, err, no = best_time([oracle, "-j", "1", "--files-from", listing], neutral, runs, capture_stderr=True)
        note_noise(label, "swift-syntax", no, to)
        r.update(oracle_s=to, oracle_lps=lines / to, vs_oracle=to / tn, vs_oracle1=to / t1)
        if instructions_on and lines <= 2_000_000:
            count_instructions(r, roots, listing)
        os.unlink(listing)
        m = re.search(r"(\d+) parse errors.* ([\d.]+) s\s*$", err.strip())
        if m:
            r["oracle_errors"] = int(m.group(1))
            r["oracle_self_s"] = float(m.group(2))
        print(f"   swift-syntax parse -j 1 {to:8.3f} s  {fmt_rate(lines / to):>7} lines/s  {mb / to:7.1f} MB/s  (best of {runs}; includes its token dump)")
        print(f"   statelint full lint vs swift-syntax parse: {to / tn:.1f}x faster on {cores} cores, {to / t1:.1f}x on 1 core")
    results.append(r)

def callgrind(cmd, cwd, tag):
    """CPU instructions of a command under valgrind's callgrind (repeatable whatever else the machine
    does): those of its busiest process (statelint's worker, not its supervisor), or None."""
    out = os.path.join(cache, f"cg-{tag}-{os.getpid()}")
    for old in [f for f in os.listdir(cache) if f.startswith(os.path.basename(out) + ".")]:
        os.unlink(os.path.join(cache, old))
    p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}.%p"] + cmd, cwd=cwd,
                       stdin=DEVNULL, stdout=DEVNULL, stderr=subprocess.PIPE, text=True)
    counts = []
    for name in [f for f in os.listdir(cache) if f.startswith(os.path.basename(out) + ".")]:
        with open(os.path.join(cache, name)) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    counts.append(int(line.split()[1]))
                    break
        os.unlink(os.path.join(cache, name))
    if not counts:
        sys.stderr.write(f"bench: valgrind gave no count for {cmd[0]} (exit {p.returncode}): {p.stderr.strip()[-300:]}\n")
        return None
    return max(counts)

def count_instructions(r, roots, listing):
    """statelint's cold full lint (--jobs 1, no cache) and swift-syntax's parse of the same files, counted as
    CPU instructions; the oracle is run from a copy without debug information (valgrind may refuse its DWARF)."""
    print("   counting instructions with valgrind (statelint --jobs 1 --no-cache, then swift-syntax -j 1)...", flush=True)
    mine = callgrind([statelint, "--quiet", "--format", "xcode", "--jobs", "1", "--no-cache"] + roots, neutral, "statelint")
    stripped = os.path.join(cache, "syntax-oracle-stripped")
    if not os.path.exists(stripped) or os.path.getmtime(stripped) < os.path.getmtime(oracle):
        shutil.copy(oracle, stripped)
        subprocess.run(["strip", "--strip-debug", stripped], stdin=DEVNULL, stdout=DEVNULL, stderr=DEVNULL)
    # Parse only (the issue's measure: swift-syntax's Parser.parse, without the oracle's location converter
    # and token dump); an oracle built before --parse-only existed is counted with its dump, and says so.
    theirs = callgrind([stripped, "-j", "1", "--parse-only", "--files-from", listing], neutral, "oracle")
    what = "parse only"
    if theirs is None:
        theirs = callgrind([stripped, "-j", "1", "--files-from", listing], neutral, "oracle")
        what = "parse and token dump (rebuild Tools/SyntaxOracle for --parse-only)"
    if mine is None or theirs is None:
        return
    r.update(instr=mine, oracle_instr=theirs, instr_ratio=mine / theirs)
    print(f"   instructions: statelint {mine / 1e6:,.1f} M, swift-syntax {what} {theirs / 1e6:,.1f} M: "
          f"ratio {mine / theirs:.3f} (wall, interleaved: {r['t1'] / r['oracle_s']:.3f} jobs 1, {r['tn'] / r['oracle_s']:.3f} all cores)"
          if "oracle_s" in r else f"   instructions: statelint {mine / 1e6:,.1f} M, swift-syntax {what} {theirs / 1e6:,.1f} M: ratio {mine / theirs:.3f}")

def edited(path, k):
    with open(path, "ab") as f:
        f.write(f"\n// statelint bench edit {k}\n".encode())

def measure_cache(r, roots, per_file, project_root):
    """The analysis cache, interleaved with cold runs (--no-cache), all cores: a warm run on an unchanged
    tree, and a warm run after one ~100-line file changed (a comment appended; the file is put back after,
    with its times). In a project: one named file (the pre-commit case), median of the runs, on an
    unchanged project and after that file changed. The caches live under the bench's folder."""
    victim = min(per_file, key=lambda e: (abs(e[0] - 100), e[1]))[1]
    with open(victim, "rb") as f:
        original = f.read()
    st = os.stat(victim)
    cdir = os.path.join(cache, f"lintcache-{r['key']}")
    shutil.rmtree(cdir, ignore_errors=True)
    cold_cmd = [statelint, "--quiet", "--format", "xcode", "--jobs", str(cores), "--no-cache"] + roots
    warm_cmd = [statelint, "--quiet", "--format", "xcode", "--jobs", str(cores), "--cache-dir", cdir] + roots
    runs = max(repeat, 3)
    cold, warm, changed, named_same, named_changed = [], [], [], [], []
    wait_quiet(f"{r['label']} cache", first=False)
    try:
        subprocess.run(warm_cmd, cwd=neutral, stdin=DEVNULL, stdout=DEVNULL, stderr=DEVNULL)
        for k in range(runs):
            cold.append(run_once(cold_cmd, neutral)[0])
            warm.append(run_once(warm_cmd, neutral)[0])
            edited(victim, k)
            changed.append(run_once(warm_cmd, neutral)[0])
        if project_root:
            pdir = cdir + "-project"
            shutil.rmtree(pdir, ignore_errors=True)
            name = os.path.relpath(victim, project_root)
            named = [statelint, "--quiet", "--format", "xcode", "--cache-dir", pdir, name]
            subprocess.run([statelint, "--quiet", "--format", "xcode", "--cache-dir", pdir], cwd=project_root,
                           stdin=DEVNULL, stdout=DEVNULL, stderr=DEVNULL)
            for k in range(max(runs, 9)):
                named_same.append(run_once(named, project_root)[0])
                edited(victim, 100 + k)
                named_changed.append(run_once(named, project_root)[0])
    finally:
        with open(victim, "wb") as f:
            f.write(original)
        os.utime(victim, ns=(st.st_atime_ns, st.st_mtime_ns))
    best_cold = min(cold)
    r.update(cache_cold_s=best_cold, cache_warm_s=min(warm), cache_changed_s=min(changed),
             cache_warm_ratio=min(warm) / best_cold, cache_changed_ratio=min(changed) / best_cold)
    print(f"   cache, {cores} cores (best of {runs}, interleaved): cold --no-cache {best_cold:.3f} s, warm unchanged "
          f"{min(warm):.3f} s ({min(warm) / best_cold:.2f}x), one file changed {min(changed):.3f} s ({min(changed) / best_cold:.2f}x)")
    if named_same:
        r.update(cache_named_ms=statistics.median(named_same) * 1000, cache_named_changed_ms=statistics.median(named_changed) * 1000)
        print(f"   1 file in the project, warm cache (median of {len(named_same)}): {r['cache_named_ms']:.1f} ms unchanged, "
              f"{r['cache_named_changed_ms']:.1f} ms after it changed")

# ---- run ----------------------------------------------------------------------------------------
head = subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                      stderr=DEVNULL, text=True).stdout.strip() or "unknown"
dirty = subprocess.run(["git", "-C", repo, "status", "--porcelain", "--untracked-files=no"],
                       stdout=subprocess.PIPE, stderr=DEVNULL, text=True).stdout.strip()
print(f"statelint benchmark: commit {head}{' (modified)' if dirty else ''}, {cores} cores, "
      f"best of {repeat}, peak RSS via {'/usr/bin/time' if time_bin else 'getrusage'}"
      f"{'' if oracle_on else ', swift-syntax oracle not built'}")

trees = [(n, generated_tree(n)) for n in lines_wanted]
# The standalone small file (the pre-commit case without a project around it).
small_dir = os.path.join(cache, "small")
small_src = generated_tree(100)
small_file = swift_files([small_src])[0]
shutil.rmtree(small_dir, ignore_errors=True)
os.makedirs(small_dir)
shutil.copy(small_file, small_dir)
small_name = os.path.basename(small_file)

for n, path in trees:
    measure(f"gen{n}", f"generated {n:,} lines", [path], path)
if dirs:
    if separately and len(dirs) > 1:
        for d in dirs:
            measure("dir_" + re.sub(r"[^A-Za-z0-9]+", "_", os.path.basename(d)), d, [d], d)
    label = "corpus: " + " ".join(os.path.basename(d) for d in dirs) if len(dirs) > 1 else dirs[0]
    measure("corpus" if len(dirs) > 1 else "dir_" + re.sub(r"[^A-Za-z0-9]+", "_", os.path.basename(dirs[0])),
            label, dirs, dirs[0] if len(dirs) == 1 else None)

wait_quiet("single file", first=not results)
with open(os.path.join(small_dir, small_name), "rb") as f:
    small_lines = f.read().count(b"\n")
ts, ss, _, _ = best_time([statelint, "--quiet", "--format", "xcode", small_name], small_dir, 10)
tv, _, _, _ = best_time([statelint, "--version"], small_dir, 10)
print(f"\n== one small file: {small_name} ({small_lines} lines), alone in {small_dir}")
print(f"   statelint FILE          {ts * 1000:8.1f} ms  (best of 10, process start included; exit {ss})")
print(f"   statelint --version     {tv * 1000:8.1f} ms  (process start alone)")

gen = sorted((r for r in results if r["key"].startswith("gen")), key=lambda r: r["lines"])
lin = None
if len(gen) >= 2:
    a, b = gen[0], gen[-1]
    lin = dict(small=a["lines"], big=b["lines"], lines_ratio=b["lines"] / a["lines"],
               time_ratio=b["tn"] / a["tn"], time_ratio1=b["t1"] / a["t1"],
               rss_ratio=b["rssn"] / max(1, a["rssn"]))
    lin["normalized"] = lin["time_ratio"] / lin["lines_ratio"]
    print(f"\n== linearity: {b['lines']:,} vs {a['lines']:,} lines ({lin['lines_ratio']:.2f}x the input)")
    print(f"   time ratio, {cores} cores      {lin['time_ratio']:6.2f}x   (per line: {lin['normalized']:.2f}; 1.00 is linear)")
    print(f"   time ratio, 1 core       {lin['time_ratio1']:6.2f}x")
    print(f"   peak RSS ratio           {lin['rss_ratio']:6.2f}x   ({a['rssn'] / 1024:.0f} MB -> {b['rssn'] / 1024:.0f} MB)")

# ---- summary table ------------------------------------------------------------------------------
print("\n== summary (full lint = every rule and the project index; RSS at all cores)")
hdr = f"{'target':<34} {'files':>6} {'lines':>10} {'MB':>6} {'jobs1 s':>8} {'all s':>7} {'lines/s':>8} {'MB/s':>6} {'j1/jN':>5} {'RSS MB':>7} {'1-file ms':>9} {'swift-syntax s':>14} {'x faster':>8}"
print(hdr)
print("-" * len(hdr))
for r in results:
    name = r["label"] if len(r["label"]) <= 34 else r["label"][:31] + "..."
    pf = f"{r['project_file_ms']:.1f}" if "project_file_ms" in r else "-"
    os_ = f"{r['oracle_s']:.2f}" if "oracle_s" in r else "-"
    vx = f"{r['vs_oracle']:.1f}" if "vs_oracle" in r else "-"
    print(f"{name:<34} {r['files']:>6} {r['lines']:>10,} {r['mb']:>6.1f} {r['t1']:>8.3f} {r['tn']:>7.3f} {fmt_rate(r['lps']):>8} {r['mbps']:>6.1f} {r['ratio']:>5.2f} {r['rssn'] / 1024:>7.1f} {pf:>9} {os_:>14} {vx:>8}")
print(f"one small file ({small_lines} lines): {ts * 1000:.1f} ms; process start alone {tv * 1000:.1f} ms")
if lin:
    print(f"linearity {lin['big']:,}/{lin['small']:,} lines: time x{lin['time_ratio']:.2f} for x{lin['lines_ratio']:.2f} input (per line {lin['normalized']:.2f})")
if under_load:
    print("measured under load: " + "; ".join(under_load))

# ---- machine-readable block -----------------------------------------------------------------------
kv["commit"] = head + ("+modified" if dirty else "")
kv["cores"] = cores
kv["repeat"] = repeat
kv["rss_source"] = "usr_bin_time" if time_bin else "getrusage"
for r in results:
    k = r["key"]
    for name, field, f in [("files", "files", "d"), ("lines", "lines", "d"), ("mb", "mb", ".3f"),
                           ("lint_jobs1_s", "t1", ".4f"), ("lint_all_s", "tn", ".4f"),
                           ("lines_per_s", "lps", ".0f"), ("lines_per_s_jobs1", "lps1", ".0f"),
                           ("mb_per_s", "mbps", ".2f"), ("jobs_ratio", "ratio", ".3f"),
                           ("peak_rss_kb", "rssn", "d"), ("peak_rss_jobs1_kb", "rss1", "d"),
                           ("findings", "findings", "d"), ("exit_status", "exit", "d"),
                           ("project_file_ms", "project_file_ms", ".2f"),
                           ("cache_cold_s", "cache_cold_s", ".4f"), ("cache_warm_s", "cache_warm_s", ".4f"),
                           ("cache_changed_s", "cache_changed_s", ".4f"), ("cache_warm_ratio", "cache_warm_ratio", ".3f"),
                           ("cache_changed_ratio", "cache_changed_ratio", ".3f"), ("cache_named_ms", "cache_named_ms", ".2f"),
                           ("cache_named_changed_ms", "cache_named_changed_ms", ".2f"),
                           ("lex1_lines_per_s", "lex1_lps", ".0f"), ("parse1_lines_per_s", "parse1_lps", ".0f"),
                           ("parseN_lines_per_s", "parseN_lps", ".0f"),
                           ("parse_diagnosed_files", "parse_diagnosed_files", "d"),
                           ("swift_syntax_s", "oracle_s", ".4f"), ("swift_syntax_lines_per_s", "oracle_lps", ".0f"),
                           ("swift_syntax_parse_errors", "oracle_errors", "d"),
                           ("speedup_vs_swift_syntax", "vs_oracle", ".2f"),
                           ("speedup_vs_swift_syntax_jobs1", "vs_oracle1", ".2f"), ("load1", "load", ".2f"),
                           ("instructions", "instr", "d"), ("swift_syntax_instructions", "oracle_instr", "d"),
                           ("instruction_ratio", "instr_ratio", ".4f"),
                           ("others_busy_cpus", "noise", ".2f")]:
        if field in r:
            kv[f"{k}.{name}"] = format(r[field], f)
    kv[f"{k}.jobs_all"] = cores
kv["single_file.lines"] = small_lines
kv["single_file_ms"] = f"{ts * 1000:.2f}"
kv["process_start_ms"] = f"{tv * 1000:.2f}"
if lin:
    kv["linearity.lines_ratio"] = f"{lin['lines_ratio']:.3f}"
    kv["linearity.time_ratio"] = f"{lin['time_ratio']:.3f}"
    kv["linearity.time_ratio_jobs1"] = f"{lin['time_ratio1']:.3f}"
    kv["linearity.per_line"] = f"{lin['normalized']:.3f}"
    kv["linearity.rss_ratio"] = f"{lin['rss_ratio']:.3f}"
kv["max_load1"] = f"{max(loads):.2f}" if loads else "0"
kv["measured_under_load"] = "yes" if under_load else "no"
print("\n--- key=value ---")
for k, v in kv.items():
    print(f"{k}={v}")
PYTHON

exec python3 -c "$BENCH_PY" "$repo" "$@"
