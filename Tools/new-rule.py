#!/usr/bin/env python3
"""Scaffolds a per-file rule: the rule file, its fixture folder, the registry line, its line in
.lintrc.example and its line in CHANGELOG.md (under "## [Unreleased]", "### Added"). Then fill in the
TODOs and regenerate the documents (see docs/contributing.md).

    python3 Tools/new-rule.py RULE_ID [--severity warning] [--root PATH]
"""
import argparse
import os
import re
import sys


def upper_camel(rule_id):
    return "".join(part[:1].upper() + part[1:] for part in rule_id.split("_"))


RULE = '''import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// TODO: one line on what the rule flags.
public struct {name}Rule: Rule {{
    public static let descriptor = RuleDescriptor(
        id: "{id}",
        name: "{name}",
        summary: "TODO: Flags … (one sentence ending with a period).",
        rationale: """
            TODO: why it is bad, what happens at run time, and how to fix it (Markdown). When the rule \\
            has a fix, end with a **Fix safety** paragraph.
            """,
        badExamples: [
            """
            // TODO: code the rule flags, with an expect marker on each flagged line
            """,
        ],
        goodExamples: [
            """
            // TODO: the safe form, which the rule must not flag
            """,
        ],
        defaultSeverity: .{severity},
        tags: ["swiftui"],
        precision: "high")

    public init() {{}}

    /// Cheap pre-filter from the file's summary: return false only when the rule cannot report.
    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {{
        file.touchesSwiftUIType(index)
    }}

    public func check(_ context: RuleContext) {{
        let tree = context.tree
        for (i, function) in tree.functions.enumerated() where function.ownerType >= 0 && function.body >= 0 {{
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.isSwiftUIType else {{ continue }}
            _ = (typeName, context.body(i))
            // TODO: filter the body model (references, calls, closures, assignments) and report:
            // context.report(token: …, "message naming the property and the type", help: "how to fix it")
        }}
    }}
}}
'''

FLAGGED = '''import SwiftUI

// TODO: each flagged line ends with an expect marker for {id} (optionally @COLUMN "message part").
'''

SILENT = '''import SwiftUI

// TODO: the tricky safe cases {id} must not flag (no markers in this file).
'''


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rule_id")
    parser.add_argument("--severity", choices=["info", "warning", "error"], default="warning")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = parser.parse_args()
    rule_id, root = args.rule_id, args.root
    if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", rule_id) or rule_id.startswith("no_"):
        sys.exit(f"new-rule: '{rule_id}' is not a rule id: snake_case words naming the pattern (not 'no_…')")
    name = upper_camel(rule_id)
    rule_file = os.path.join(root, "Rules", f"{name}Rule.swift")
    folder = os.path.join(root, "TestInputs", rule_id)
    registry = os.path.join(root, "Rules", "RuleRegistry.swift")
    example = os.path.join(root, ".lintrc.example")
    changelog_path = os.path.join(root, "CHANGELOG.md")
    if os.path.exists(rule_file) or os.path.exists(folder):
        sys.exit(f"new-rule: {rule_id} exists already ({rule_file} or {folder})")

    # The registry line, kept alphabetical by id (= by type name).
    text = open(registry, encoding="utf-8").read()
    match = re.search(r"(public static let all: \[any Rule\.Type\] = \[\n)(.*?)(\n    \])", text, re.S)
    if not match:
        sys.exit("new-rule: cannot find the list of rules in Rules/RuleRegistry.swift")
    lines = [line for line in match.group(2).split("\n") if line.strip()]
    lines.append(f"        {name}Rule.self,")
    lines.sort(key=lambda line: line.strip())
    text = text[:match.start(2)] + "\n".join(lines) + text[match.end(2):]

    # The rule's line in .lintrc.example, alphabetical among the rules.
    lintrc = open(example, encoding="utf-8").read().split("\n")
    rule_lines = [i for i, line in enumerate(lintrc) if re.match(r"  [a-z_]+: (info|warning|error|off)\b", line)]
    if not rule_lines:
        sys.exit("new-rule: cannot find the rules in .lintrc.example")
    entry = f"  {rule_id}: {args.severity}".ljust(40) + "# TODO: what it finds, in a few words"
    position = next((i for i in rule_lines if lintrc[i].split(":")[0].strip() > rule_id), rule_lines[-1] + 1)
    lintrc.insert(position, entry)

    # The rule's line in CHANGELOG.md: first under "### Added" of "## [Unreleased]" (a test requires the
    # changelog to name every rule). Without that section, the script says so and leaves the file alone.
    changelog = None
    if os.path.exists(changelog_path):
        lines = open(changelog_path, encoding="utf-8").read().split("\n")
        unreleased = next((i for i, line in enumerate(lines) if line.startswith("## [Unreleased]")), None)
        if unreleased is not None:
            end = next((i for i in range(unreleased + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
            added = next((i for i in range(unreleased + 1, end) if lines[i].strip() == "### Added"), None)
            if added is not None:
                lines.insert(added + 1, f"- `{rule_id}` ({args.severity}): TODO: what it finds and why it matters, in a sentence or two.")
                changelog = "\n".join(lines)

    os.makedirs(folder)
    with open(rule_file, "w", encoding="utf-8") as f:
        f.write(RULE.format(id=rule_id, name=name, severity=args.severity))
    with open(os.path.join(folder, "Flagged.swift"), "w", encoding="utf-8") as f:
        f.write(FLAGGED.format(id=rule_id))
    with open(os.path.join(folder, "Silent.swift"), "w", encoding="utf-8") as f:
        f.write(SILENT.format(id=rule_id))
    with open(registry, "w", encoding="utf-8") as f:
        f.write(text)
    with open(example, "w", encoding="utf-8") as f:
        f.write("\n".join(lintrc))
    if changelog is not None:
        with open(changelog_path, "w", encoding="utf-8") as f:
            f.write(changelog)
    print(f"created Rules/{name}Rule.swift and TestInputs/{rule_id}/ (Flagged.swift, Silent.swift);")
    print(f"registered {name}Rule in Rules/RuleRegistry.swift and listed {rule_id} in .lintrc.example.")
    if changelog is not None:
        print(f"added {rule_id} to CHANGELOG.md (## [Unreleased], ### Added).")
    else:
        print(f"CHANGELOG.md has no '## [Unreleased]' / '### Added' section: add a line naming `{rule_id}` by hand.")
    print("Next: fill in the TODOs (rule, fixtures, .lintrc.example, CHANGELOG.md), then regenerate the documents:")
    print("    STATELINT_UPDATE_GOLDENS=1 swift test --filter 'rulesDocumentIsCurrent|readmeRulesTableIsCurrent'")
    print("    swift test")


if __name__ == "__main__":
    main()
