#!/usr/bin/env python3
"""Checks a workflow of docs/ci: it is valid YAML with the shape of a GitHub workflow, every `statelint`
command it runs uses only subcommands, options and values that `statelint --help` documents, and every
script of this repository it runs (`Tools/...`) exists, is executable and knows the options passed to it.
usage: check-workflow.py WORKFLOW STATELINT_BINARY            (docs/ci/github-actions.yml: lints with statelint)
       check-workflow.py --release WORKFLOW STATELINT_BINARY  (docs/ci/release.yml: runs on a tag, builds with
                                                               Tools/release/*.sh)"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

import yaml


REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def shell_lines(step):
    """Each command line of a step's `run` (continuation lines joined), with its words; lines that are
    parts of a multi-line shell construct shlex cannot split are left out."""
    for line in str(step.get("run", "")).replace("\\\n", " ").splitlines():
        try:
            yield line, shlex.split(line.replace("${{ github.base_ref }}", "main"), comments=True)
        except ValueError:
            continue


def check_scripts(workflow) -> tuple[list[str], int]:
    """Problems with the repository scripts the workflow's steps run, and how many script calls there are."""
    problems, calls = [], 0
    for job_name, job in (workflow.get("jobs") or {}).items():
        for step in job.get("steps", []):
            for line, words in shell_lines(step):
                for i, found in ((i, m) for i, w in enumerate(words) for m in re.findall(r"Tools/[\w./-]+", w)):
                    word = found.rstrip(")")
                    calls += 1
                    path = os.path.join(REPO, word)
                    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
                        problems.append(f"{job_name}: {word} is not an executable file of the repository")
                        continue
                    text = open(path, encoding="utf-8").read()
                    for option in (w for w in words[i + 1:] if w.startswith("--")):
                        if option not in text:
                            problems.append(f"{job_name}: {word} has no option {option}")
    return problems, calls


def main() -> int:
    args = sys.argv[1:]
    release = args[:1] == ["--release"]
    if release:
        args = args[1:]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    workflow_path, binary = args[0], os.path.abspath(args[1])
    with open(workflow_path, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    problems = []
    # PyYAML reads the key `on` as the boolean True.
    if not isinstance(workflow, dict) or "jobs" not in workflow or (True not in workflow and "on" not in workflow):
        problems.append("not a workflow: needs 'on' and 'jobs'")
    help_text = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    formats = ["text", "xcode", "sarif", "github", "json", "checkstyle", "gitlab", "junit", "sonarqube", "html"]
    commands = 0
    for job_name, job in (workflow.get("jobs") or {}).items():
        for step in job.get("steps", []):
            for line, words in shell_lines(step):
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
    script_problems, script_calls = check_scripts(workflow)
    problems += script_problems
    trigger = workflow.get(True, workflow.get("on")) or {}
    if release:
        if not (isinstance(trigger, dict) and (trigger.get("push") or {}).get("tags")):
            problems.append("a release workflow runs on pushed tags ('on: push: tags:')")
        if script_calls == 0:
            problems.append("the workflow runs none of Tools/release/*.sh")
    elif commands == 0:
        problems.append("the workflow runs no statelint command")
    for p in problems:
        print(f"{workflow_path}: {p}", file=sys.stderr)
    print(f"{workflow_path}: {commands} statelint commands and {script_calls} script calls checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
