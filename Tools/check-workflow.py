#!/usr/bin/env python3
"""Checks docs/ci/github-actions.yml: it is valid YAML with the shape of a GitHub workflow, and every
`statelint` command it runs uses only subcommands, options and values that `statelint --help` documents.
usage: check-workflow.py WORKFLOW STATELINT_BINARY"""
import os
import shlex
import subprocess
import sys
import tempfile

import yaml


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    workflow_path, binary = sys.argv[1], os.path.abspath(sys.argv[2])
    with open(workflow_path, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    problems = []
    # PyYAML reads the key `on` as the boolean True.
    if not isinstance(workflow, dict) or "jobs" not in workflow or (True not in workflow and "on" not in workflow):
        problems.append("not a workflow: needs 'on' and 'jobs'")
    help_text = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    formats = ["text", "xcode", "sarif", "github", "json", "checkstyle", "gitlab", "junit", "sonarqube"]
    commands = 0
    for job_name, job in (workflow.get("jobs") or {}).items():
        for step in job.get("steps", []):
            for line in str(step.get("run", "")).splitlines():
                words = shlex.split(line.replace("${{ github.base_ref }}", "main"))
                if not words or words[0] != "statelint":
                    continue
                commands += 1
                i = 1
                while i < len(words):
                    word = words[i]
                    if word.startswith("--"):
                        if word not in help_text:
                            problems.append(f"{job_name}: unknown option {word} in: {line.strip()}")
                        if word == "--format" and i + 1 < len(words) and words[i + 1] not in formats:
                            problems.append(f"{job_name}: unknown format {words[i + 1]}")
                        if word in ("--format", "--output", "--changed-since", "--severity-threshold", "--config",
                                    "--baseline", "--enable", "--disable", "--jobs"):
                            i += 1
                    i += 1
                # The command must be accepted: run it on an empty folder, with --output sent to a temporary
                # file and --changed-since pointed at HEAD of a throw-away repository; exit 2 means bad usage.
                with tempfile.TemporaryDirectory() as folder:
                    subprocess.run(["git", "init", "-q", folder], check=True)
                    subprocess.run(["git", "-C", folder, "-c", "user.email=x@y", "-c", "user.name=x", "commit", "-q",
                                    "--allow-empty", "-m", "x"], check=True)
                    args = []
                    j = 1
                    while j < len(words):
                        w = words[j]
                        if w == "--output":
                            args += [w, folder + "/out"]
                            j += 2
                            continue
                        if w == "--changed-since":
                            args += [w, "HEAD"]
                            j += 2
                            continue
                        args.append(w)
                        j += 1
                    result = subprocess.run([binary] + args + ["--quiet"], cwd=folder, capture_output=True, text=True)
                    if result.returncode not in (0, 1):
                        problems.append(f"{job_name}: statelint exits {result.returncode} for: {line.strip()}: {result.stderr.strip()}")
    if commands == 0:
        problems.append("the workflow runs no statelint command")
    for p in problems:
        print(f"{workflow_path}: {p}", file=sys.stderr)
    print(f"{workflow_path}: {commands} statelint commands checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
