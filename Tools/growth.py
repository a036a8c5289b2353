#!/usr/bin/env python3
"""growth.py: how statelint's time grows with each input family (a benchmark: it prints, never asserts).

usage: Tools/growth.py [--binary PATH] [--scale N] [--repeat N] [--only FAMILY,...]

For each family of input that can grow (file size, types per file, members per type, extensions of one
type across files, call-chain length in an @Observable init, modifier-chain length, nesting depth,
number of files) it writes a project at two sizes ten times apart under /tmp/statelint-growth, runs
`statelint --quiet --format xcode --jobs 1` on each (best of --repeat, default 3) and prints both times
and their ratio. Linear cost gives a ratio near 10 (less when fixed costs such as process start weigh in);
quadratic cost gives near 100. --scale multiplies every size (default 1).
"""
import argparse, os, shutil, subprocess, sys, time

ROOT = "/tmp/statelint-growth"

def view(i, extra=""):
    return f"struct V{i}: View {{\n    @State private var count = {i}\n    var body: some View {{\n        Text(\"{i}\"){extra}\n    }}\n}}\n"

def family_file_size(n):      # one file of n small views and functions (size grows, types grow too)
    return {"F.swift": "import SwiftUI\n" + "".join(view(i) + f"func f{i}(_ x: Int) -> Int {{ x + {i} }}\n" for i in range(n))}

def family_types(n):          # n tiny types in one file
    return {"F.swift": "".join(f"struct T{i} {{ let v = {i} }}\n" for i in range(n))}

def family_members(n):        # one @Observable class with n stored properties and an init reading them
    props = "".join(f"    var p{i} = {i}\n" for i in range(n))
    return {"M.swift": "import Observation\n@Observable final class M {\n" + props + "    init() {\n        _p0 = 1\n    }\n}\n"}

def family_extensions(n):     # one @Observable class extended in n files
    files = {"M.swift": "import Observation\n@Observable final class M {\n    var count = 0\n    init() { count = 1 }\n}\n"}
    for i in range(n):
        files[f"E{i}.swift"] = f"extension M {{\n    func f{i}() -> Int {{ count + {i} }}\n}}\n"
    return files

def family_call_chain(n):     # an @Observable init calling a chain of n methods
    methods = "".join(f"    func m{i}() {{ m{i + 1}() }}\n" for i in range(n)) + f"    func m{n}() {{ _ = count }}\n"
    return {"M.swift": "import Observation\n@Observable final class M {\n    var count = 0\n    init() { m0() }\n" + methods + "}\n"}

def family_modifiers(n):      # one view with a modifier chain of n links
    return {"V.swift": "import SwiftUI\n" + view(0, "".join(f".padding({i % 7})" for i in range(n)))}

def family_nesting(n):        # closures nested n deep (below the parser's 128-level cap: n/100 groups)
    depth = 60
    block = "".join("    " * d + "do {\n" for d in range(depth)) + "    " * depth + "let x = 1\n" + "".join("    " * d + "}\n" for d in reversed(range(depth)))
    return {"N.swift": "func f() {\n" + block * n + "}\n"}

def family_files(n):          # n small files, each a view and a model
    return {f"Dir{i % 50}/F{i}.swift": "import SwiftUI\n" + view(i) for i in range(n)}

FAMILIES = [
    ("file size (views per file)", family_file_size, 2_000),
    ("types per file", family_types, 10_000),
    ("members per type", family_members, 5_000),
    ("extensions of one type across files", family_extensions, 500),
    ("call chain in an @Observable init", family_call_chain, 2_000),
    ("modifier chain length", family_modifiers, 800),
    ("nesting (60-deep blocks per file)", family_nesting, 100),
    ("number of files", family_files, 500),
]

def write(folder, files):
    shutil.rmtree(folder, ignore_errors=True)
    for name, text in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return sum(len(t) for t in files.values())

def timed(binary, folder, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([binary, "--quiet", "--format", "xcode", "--jobs", "1", folder],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        t = time.perf_counter() - start
        best = t if best is None else min(best, t)
    return best

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(here, "..", ".build", "release", "statelint"))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"growth.py: {args.binary} is missing; run `swift build -c release` first")
    only = [w.strip() for w in args.only.split(",") if w.strip()]
    print(f"{'family':40} {'small':>8} {'large':>8} {'small s':>9} {'large s':>9} {'ratio':>7}")
    for name, make, size in FAMILIES:
        if only and not any(o in name for o in only):
            continue
        small = max(1, int(size * args.scale))
        large = small * 10
        times = []
        for n in (small, large):
            folder = os.path.join(ROOT, name.split()[0] + f"-{n}")
            write(folder, make(n))
            times.append(timed(args.binary, folder, args.repeat))
            shutil.rmtree(folder, ignore_errors=True)
        print(f"{name:40} {small:>8} {large:>8} {times[0]:>9.3f} {times[1]:>9.3f} {times[1] / max(times[0], 1e-9):>7.1f}", flush=True)

if __name__ == "__main__":
    main()
