#!/usr/bin/env python3
"""Validate statelint's GitLab, SonarQube and JUnit reports against the rules their readers publish.

usage: Tools/validate/validate-reports.py gitlab REPORT
       Tools/validate/validate-reports.py sonarqube REPORT
       Tools/validate/validate-reports.py junit REPORT JENKINS_XSD

gitlab     REPORT against gitlab-codequality.schema.json (beside this script), then: fingerprints unique,
           every path a file (relative to the current directory) and its lines inside that file.
sonarqube  REPORT against sonarqube-generic-issues.schema.json, then what SonarQube's scanner checks
           beyond a schema: rule ids unique, every issue's rule listed, and every text range one the
           scanner accepts for the file it names: lines in the file, 0-based columns no further than the
           end of their line in UTF-16 code units, the start before the end.
junit      REPORT against JENKINS_XSD (Jenkins' junit-10.xsd, through xmlschema), then the constraints of
           the Ant schema (windyroad JUnit.xsd) written out as checks (that XSD is not in any package this
           machine reaches), then the counts: each suite's tests, failures, errors and skipped match its
           test cases, and time is the sum of theirs.

Paths in the reports are read relative to the current directory. A file statelint reports it could not
lint (GitLab check / SonarQube rule `statelint`) may be missing.

Exit status: 0 valid; 1 invalid (each problem printed); 2 bad usage, unreadable input, or a missing
package (jsonschema; xmlschema for junit).
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import strictjson  # noqa: E402 (Tools/strictjson.py)
import xml.etree.ElementTree as ET
from decimal import Decimal, InvalidOperation

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL_CHECK = "statelint"  # statelint's own check/rule: a file it could not lint
MAX_SHOWN = 20


def fail(message):
    print(f"validate-reports: {message}", file=sys.stderr)
    sys.exit(2)


def load_json(path):
    try:
        with open(path, "rb") as f:
            return json.loads(f.read().decode("utf-8"), object_pairs_hook=strictjson.strict_object, parse_constant=strictjson.reject_constant)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        fail(f"{path}: {e}")


class SourceLines:
    """A file's lines as SonarQube counts them: split at CR LF, LF and CR; a final line break starts one more
    (empty) line. Lengths are in UTF-16 code units, without the line break."""

    cache = {}

    @classmethod
    def of(cls, path):
        if path not in cls.cache:
            try:
                with open(path, "rb") as f:
                    text = f.read().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                cls.cache[path] = None
            else:
                lines = re.split(r"\r\n|\n|\r", text)
                cls.cache[path] = [len(line.encode("utf-16-le")) // 2 for line in lines]
        return cls.cache[path]


def schema_errors(schema_name, document):
    try:
        import jsonschema
    except ImportError:
        fail("the Python package 'jsonschema' is missing (pip install jsonschema)")
    with open(os.path.join(HERE, schema_name), encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = []
    for e in sorted(cls(schema).iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        path = "/" + "/".join(str(p) for p in e.absolute_path)
        errors.append(f"{schema_name}: at {path}: {e.message}")
    return errors


# MARK: - GitLab


def check_json(report_path, schema, semantics, count):
    """Schema errors, then the checks a schema cannot express, and the number of issues."""
    document = load_json(report_path)
    errors = schema_errors(schema, document)
    try:
        return errors + semantics(document), count(document)
    except (KeyError, TypeError, AttributeError):
        if errors:
            return errors, 0  # too malformed to go on; the schema errors say why
        raise


def check_gitlab(report_path):
    return check_json(report_path, "gitlab-codequality.schema.json", gitlab_semantics, len)


def gitlab_semantics(document):
    errors = []
    fingerprints = {}
    for i, issue in enumerate(document):
        where = f"issue {i} ({issue['check_name']})"
        fingerprint = issue["fingerprint"]
        if fingerprint in fingerprints:
            errors.append(f"{where}: fingerprint {fingerprint} already used by issue {fingerprints[fingerprint]}")
        fingerprints.setdefault(fingerprint, i)
        for j, location in enumerate([issue["location"]] + issue.get("other_locations", [])):
            name = "location" if j == 0 else f"other_locations[{j - 1}]"
            lines = SourceLines.of(location["path"])
            if lines is None:
                if issue["check_name"] != TOOL_CHECK:
                    errors.append(f"{where}: {name}.path {location['path']!r} is not a readable UTF-8 file")
                continue
            if "lines" in location:
                begin, end = location["lines"]["begin"], location["lines"].get("end", location["lines"]["begin"])
            else:
                begin = location["positions"]["begin"]["line"]
                end = location["positions"].get("end", {}).get("line", begin)
            if not begin <= end <= len(lines):
                errors.append(f"{where}: {name} lines {begin}-{end} not inside {location['path']} ({len(lines)} lines)")
    return errors


# MARK: - SonarQube


def check_range(where, text_range, path, errors):
    lines = SourceLines.of(path)
    if lines is None:
        errors.append(f"{where}: {path!r} is not a readable UTF-8 file")
        return
    start_line = text_range["startLine"]
    end_line = text_range.get("endLine", start_line)
    if not 1 <= start_line <= end_line <= len(lines):
        errors.append(f"{where}: lines {start_line}-{end_line} not inside {path} ({len(lines)} lines)")
        return
    if "startColumn" not in text_range:
        return  # the whole of startLine, which the scanner accepts even when empty
    start_column = text_range["startColumn"]
    end_column = text_range.get("endColumn", lines[end_line - 1])  # missing: to the end of endLine
    if start_column > lines[start_line - 1]:
        errors.append(f"{where}: startColumn {start_column} past the end of line {start_line} ({lines[start_line - 1]} UTF-16 units)")
    if end_column > lines[end_line - 1]:
        errors.append(f"{where}: endColumn {end_column} past the end of line {end_line} ({lines[end_line - 1]} UTF-16 units)")
    if (start_line, start_column) >= (end_line, end_column):
        errors.append(f"{where}: the range {start_line}:{start_column}-{end_line}:{end_column} does not start before it ends")


def check_sonarqube(report_path):
    return check_json(report_path, "sonarqube-generic-issues.schema.json", sonarqube_semantics,
                      lambda document: len(document["issues"]))


def sonarqube_semantics(document):
    errors = []
    rule_ids = set()
    for rule in document["rules"]:
        if rule["id"] in rule_ids:
            errors.append(f"rule {rule['id']!r} listed twice")
        rule_ids.add(rule["id"])
    for i, issue in enumerate(document["issues"]):
        where = f"issue {i} ({issue['ruleId']})"
        if issue["ruleId"] not in rule_ids:
            errors.append(f"{where}: rule {issue['ruleId']!r} is not in 'rules'")
        primary = issue["primaryLocation"]
        if "textRange" in primary:
            check_range(f"{where} primaryLocation", primary["textRange"], primary["filePath"], errors)
        elif issue["ruleId"] != TOOL_CHECK and SourceLines.of(primary["filePath"]) is None:
            errors.append(f"{where}: {primary['filePath']!r} is not a readable UTF-8 file")
        for j, location in enumerate(issue.get("secondaryLocations", [])):
            check_range(f"{where} secondaryLocations[{j}]", location["textRange"], location["filePath"], errors)
    return errors


# MARK: - JUnit

ISO8601_NO_ZONE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")
# The Ant schema (windyroad JUnit.xsd), as data: each element's attributes (required or not) and its content.
ANT_SUITE_ATTRIBUTES = {"name": True, "timestamp": True, "hostname": True, "tests": True, "failures": True,
                        "errors": True, "skipped": False, "time": True, "package": True, "id": True}
ANT_CASE_ATTRIBUTES = {"name": True, "classname": True, "time": True}
ANT_OUTCOME_ATTRIBUTES = {"failure": {"message": False, "type": True}, "error": {"message": False, "type": True},
                          "skipped": {"message": False}}


def token(value):
    """xs:token's value: whitespace collapsed."""
    return " ".join(value.split())


def is_int(value):
    """xs:int: an optionally signed decimal integer in 32 bits."""
    return re.fullmatch(r"[+-]?[0-9]+", value.strip()) is not None and -2**31 <= int(value) < 2**31


def decimal(value):
    """xs:decimal, or None."""
    if re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)", value.strip()) is None:
        return None
    try:
        return Decimal(value.strip())
    except InvalidOperation:
        return None


def check_attributes(where, element, declared, errors):
    for name in element.attrib:
        if name not in declared:
            errors.append(f"{where}: attribute {name!r} is not declared by the Ant schema")
    for name, required in declared.items():
        if required and name not in element.attrib:
            errors.append(f"{where}: required attribute {name!r} is missing")


def check_junit_ant(root):
    """The windyroad JUnit.xsd (Apache Ant's JUnit report), constraint by constraint."""
    errors = []
    if root.tag != "testsuites":
        return [f"the root is <{root.tag}>, not <testsuites>"]
    if root.attrib:
        errors.append(f"<testsuites> has attributes {sorted(root.attrib)}; the Ant schema declares none")
    if (root.text or "").strip():
        errors.append("<testsuites> holds text")
    for index, suite in enumerate(root):
        where = f"testsuite {index} ({suite.get('name')!r})"
        if suite.tag != "testsuite":
            errors.append(f"<testsuites> holds <{suite.tag}>; only <testsuite> is allowed")
            continue
        check_attributes(where, suite, ANT_SUITE_ATTRIBUTES, errors)
        for name in ("name", "hostname"):
            if name in suite.attrib and not token(suite.get(name)):
                errors.append(f"{where}: {name} is empty (xs:token, minLength 1)")
        stamp = suite.get("timestamp")
        if stamp is not None and not ISO8601_NO_ZONE.fullmatch(stamp):
            errors.append(f"{where}: timestamp {stamp!r} is not yyyy-mm-ddThh:mm:ss without a zone")
        for name in ("tests", "failures", "errors", "skipped", "id"):
            if name in suite.attrib and not is_int(suite.get(name)):
                errors.append(f"{where}: {name} {suite.get(name)!r} is not an xs:int")
        if "time" in suite.attrib and decimal(suite.get("time")) is None:
            errors.append(f"{where}: time {suite.get('time')!r} is not an xs:decimal")
        if suite.get("id") is not None and is_int(suite.get("id")) and int(suite.get("id")) != index:
            errors.append(f"{where}: id is {suite.get('id')}; the Ant schema numbers suites from 0")
        # Content: properties, testcase*, system-out, system-err, in that order, nothing else.
        tags = [child.tag for child in suite]
        if not (len(tags) >= 3 and tags[0] == "properties" and tags[-2:] == ["system-out", "system-err"]
                and all(tag == "testcase" for tag in tags[1:-2])):
            errors.append(f"{where}: children are {tags}; the Ant schema wants properties, testcase*, system-out, system-err")
        for child in suite:
            if child.tag == "properties":
                for prop in child:
                    if prop.tag != "property":
                        errors.append(f"{where}: <properties> holds <{prop.tag}>")
                        continue
                    check_attributes(f"{where} property", prop, {"name": True, "value": True}, errors)
                    if not token(prop.get("name", "")):
                        errors.append(f"{where}: a property name is empty")
            elif child.tag in ("system-out", "system-err") and len(child):
                errors.append(f"{where}: <{child.tag}> holds elements")
            elif child.tag == "testcase":
                case_where = f"{where} testcase {child.get('name')!r}"
                check_attributes(case_where, child, ANT_CASE_ATTRIBUTES, errors)
                if "time" in child.attrib and decimal(child.get("time")) is None:
                    errors.append(f"{case_where}: time {child.get('time')!r} is not an xs:decimal")
                outcomes = list(child)
                if len(outcomes) > 1:
                    errors.append(f"{case_where}: {len(outcomes)} outcomes; the Ant schema allows one of skipped, error, failure")
                for outcome in outcomes:
                    if outcome.tag not in ANT_OUTCOME_ATTRIBUTES:
                        errors.append(f"{case_where}: <{outcome.tag}> is not skipped, error or failure")
                        continue
                    check_attributes(f"{case_where} <{outcome.tag}>", outcome, ANT_OUTCOME_ATTRIBUTES[outcome.tag], errors)
                    if len(outcome):
                        errors.append(f"{case_where}: <{outcome.tag}> holds elements; it is text only")
    return errors


def check_junit_counts(root):
    errors = []
    cases = 0
    for suite in root.iter("testsuite"):
        where = f"testsuite {suite.get('name')!r}"
        testcases = suite.findall("testcase")
        cases += len(testcases)
        counted = {
            "tests": len(testcases),
            "failures": sum(1 for case in testcases if case.find("failure") is not None),
            "errors": sum(1 for case in testcases if case.find("error") is not None),
            "skipped": sum(1 for case in testcases if case.find("skipped") is not None),
        }
        for name, count in counted.items():
            if suite.get(name) is not None and suite.get(name).strip() != str(count):
                errors.append(f"{where}: {name}={suite.get(name)} but it holds {count}")
        times = [decimal(case.get("time", "0")) for case in testcases]
        if suite.get("time") is not None and None not in times and decimal(suite.get("time")) != sum(times, Decimal(0)):
            errors.append(f"{where}: time={suite.get('time')} but its test cases add up to {sum(times, Decimal(0))}")
    if cases == 0:
        errors.append("no test case at all: CI servers show an empty report, not a passing one")
    return errors, cases


def check_junit(report_path, xsd_path):
    try:
        import xmlschema
    except ImportError:
        fail("the Python package 'xmlschema' is missing (pip install xmlschema)")
    try:
        root = ET.parse(report_path).getroot()
    except (OSError, ET.ParseError) as e:
        return [f"not well-formed XML: {e}"], 0
    try:
        schema = xmlschema.XMLSchema(xsd_path)
    except Exception as e:  # noqa: BLE001 - any failure to load the schema is a usage problem
        fail(f"{xsd_path}: cannot load the schema: {e}")
    errors = [f"{os.path.basename(xsd_path)}: {e.reason} at {e.path}" for e in schema.iter_errors(report_path)]
    errors += [f"JUnit.xsd (Ant): {e}" for e in check_junit_ant(root)]
    count_errors, cases = check_junit_counts(root)
    return errors + count_errors, cases


def main(argv):
    if len(argv) < 3 or argv[1] not in ("gitlab", "sonarqube", "junit") or (argv[1] == "junit") != (len(argv) == 4) \
            or len(argv) > 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    kind, report = argv[1], argv[2]
    if kind == "gitlab":
        errors, count = check_gitlab(report)
    elif kind == "sonarqube":
        errors, count = check_sonarqube(report)
    else:
        errors, count = check_junit(report, argv[3])
    if errors:
        print(f"{report}: {len(errors)} problem(s) in the {kind} report:", file=sys.stderr)
        for error in errors[:MAX_SHOWN]:
            print(f"  {error}", file=sys.stderr)
        if len(errors) > MAX_SHOWN:
            print(f"  … and {len(errors) - MAX_SHOWN} more", file=sys.stderr)
        return 1
    unit = "test case" if kind == "junit" else "issue"
    print(f"{report}: valid {kind} report ({count} {unit}{'' if count == 1 else 's'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
