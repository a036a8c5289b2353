#!/usr/bin/env python3
"""lsp-bench.py: the language server's latency, measured as an editor would see it.

usage: Tools/lsp-bench.py STATELINT PROJECT [FILE] [--edits N] [--jobs N] [--no-watch]

Starts `STATELINT server` in PROJECT, initializes it with PROJECT as the workspace folder (with
`$/progress`, so the time to read the project is measured), opens FILE (default: the project's
largest Swift file with a finding, else its largest Swift file), then makes N edits (default 60) the
way typing does: insert a character into a comment line at the top, then delete it, one didChange at a
time, each waiting for the publishDiagnostics of its version. Prints the time to read the project, the
first lint, the median and 95th percentile of didChange -> publishDiagnostics (client side), the
server's own lint times (`statelint/stats`), and the server's peak memory (VmHWM). Nothing is asserted.
"""
import json
import os
import statistics
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    edits, jobs, watch = 60, None, True
    if "--no-watch" in args:
        args.remove("--no-watch"); watch = False
    if "--edits" in args:
        i = args.index("--edits"); edits = int(args[i + 1]); del args[i:i + 2]
    if "--jobs" in args:
        i = args.index("--jobs"); jobs = args[i + 1]; del args[i:i + 2]
    if len(args) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    binary, project = os.path.abspath(args[0]), os.path.abspath(args[1])
    if len(args) == 3:
        path = os.path.abspath(args[2])
    else:
        findings = subprocess.run([binary, "--format", "json", "--quiet", "."], cwd=project, capture_output=True, text=True).stdout
        flagged = {os.path.join(project, f["path"]) for f in json.loads(findings or '{"findings":[]}')["findings"]}
        swift = [os.path.join(d, f) for d, _, fs in os.walk(project) for f in fs if f.endswith(".swift") and "/.build" not in d]
        pool = [p for p in swift if p in flagged] or swift
        path = max(pool, key=os.path.getsize)
    command = [binary, "server"] + (["--jobs", jobs] if jobs else [])
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=project)
    buffered = b""

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        nonlocal buffered
        while True:
            end = buffered.find(b"\r\n\r\n")
            if end >= 0:
                length = int([l for l in buffered[:end].decode().split("\r\n") if l.lower().startswith("content-length")][0].split(":")[1])
                if len(buffered) >= end + 4 + length:
                    body = buffered[end + 4:end + 4 + length]
                    buffered = buffered[end + 4 + length:]
                    return json.loads(body)
            chunk = os.read(server.stdout.fileno(), 1 << 16)
            if not chunk:
                raise SystemExit("the server ended")
            buffered += chunk

    def until(predicate):
        while True:
            message = receive()
            if predicate(message):
                return message
            if "id" in message and "method" in message:  # a request of the server's: answer it
                send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                if predicate(message):
                    return message

    # As VS Code: progress, and watched files registered by the server (so it need not check modification
    # times); --no-watch leaves the latter out, as Neovim 0.7 does.
    capabilities = {"window": {"workDoneProgress": True}}
    if watch:
        capabilities["workspace"] = {"didChangeWatchedFiles": {"dynamicRegistration": True}}
    uri = "file://" + path
    started = time.perf_counter()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "rootUri": "file://" + project, "capabilities": capabilities}})
    until(lambda m: m.get("id") == 1 and "result" in m)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    until(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
    indexed = time.perf_counter() - started
    text = open(path, encoding="utf-8").read()
    lines = text.count("\n")
    opened = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "swift", "version": 1, "text": "// bench\n" + text}}})
    first = until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    first_lint = time.perf_counter() - opened
    latencies = []
    for version in range(2, edits + 2):
        if version % 2 == 0:
            change = {"range": {"start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 8}}, "text": "x"}
        else:
            change = {"range": {"start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 9}}, "text": ""}
        t = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version)
        latencies.append((time.perf_counter() - t) * 1000)
    send({"jsonrpc": "2.0", "id": 2, "method": "statelint/stats", "params": {}})
    lint_us = until(lambda m: m.get("id") == 2)["result"][1:]
    peak = "?"
    with open(f"/proc/{server.pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM"):
                peak = f"{int(line.split()[1]) // 1024} MB"
    send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    until(lambda m: m.get("id") == 3)
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=10)
    latencies.sort()
    lint_ms = sorted(u / 1000 for u in lint_us)

    def p95(values):
        return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]

    print(f"project: {project}")
    print(f"file: {os.path.relpath(path, project)} ({lines} lines, {len(first['params']['diagnostics'])} findings)")
    print(f"read the project (initialize -> progress end): {indexed * 1000:.0f} ms")
    print(f"first lint (didOpen -> publishDiagnostics): {first_lint * 1000:.1f} ms")
    print(f"didChange -> publishDiagnostics over {edits} edits: median {statistics.median(latencies):.1f} ms, p95 {p95(latencies):.1f} ms")
    print(f"server's lint time: median {statistics.median(lint_ms):.1f} ms, p95 {p95(lint_ms):.1f} ms")
    print(f"server peak memory (VmHWM): {peak}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
