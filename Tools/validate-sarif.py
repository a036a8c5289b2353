#!/usr/bin/env python3
"""Validate a SARIF log against a JSON schema.

usage: Tools/validate-sarif.py SCHEMA FILE

SCHEMA is normally sarif-schema-2.1.0.json; the validator class follows the schema's `$schema`
(draft-04 for SARIF 2.1.0; Draft 6/7/2019-09/2020-12 work too). String formats (`uri`,
`uri-reference`, `date-time`) are checked when jsonschema's format extras are installed
(`pip install rfc3987` for the URI formats); without them those formats are skipped.
FILE must also be strict JSON: UTF-8, no duplicate keys, no NaN/Infinity.

Exit status: 0 valid; 1 invalid (the first errors are printed, most specific path first);
2 bad usage, unreadable input, or jsonschema missing (`pip install jsonschema`).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strictjson  # noqa: E402 (Tools/strictjson.py)

MAX_SHOWN = 10


def fail(message, status=2):
    print(f"validate-sarif: {message}", file=sys.stderr)
    sys.exit(status)


def load(path, strict):
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8")
        if strict:
            return json.loads(text, object_pairs_hook=strictjson.strict_object, parse_constant=strictjson.reject_constant)
        return json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        fail(f"{path}: {e}")


def pointer(path):
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path)


def main(argv):
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        import jsonschema
        from jsonschema import validators
    except ImportError:
        fail("the Python package 'jsonschema' is missing (pip install jsonschema)")

    schema = load(argv[1], strict=False)
    document = load(argv[2], strict=True)

    cls = validators.validator_for(schema, default=jsonschema.Draft4Validator)
    try:
        cls.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        fail(f"{argv[1]}: not a valid {cls.__name__} schema: {e.message}")
    # Every format jsonschema knows, not only the draft's own list: SARIF's draft-04 schema uses
    # `uri-reference` (artifactLocation.uri), which draft 4's checker would silently skip.
    checker = jsonschema.FormatChecker()
    validator = cls(schema, format_checker=checker)

    errors = list(validator.iter_errors(document))
    if not errors:
        print(f"{argv[2]}: valid ({cls.__name__})")
        return 0
    # The deepest errors first: they name the offending member, not just "is not valid under any of".
    errors.sort(key=lambda e: (-len(e.absolute_path), [str(p) for p in e.absolute_path]))
    print(f"{argv[2]}: {len(errors)} schema error(s) ({cls.__name__}):", file=sys.stderr)
    for e in errors[:MAX_SHOWN]:
        print(f"  at {pointer(e.absolute_path)}: {e.message}", file=sys.stderr)
        best = jsonschema.exceptions.best_match(e.context) if e.context else None
        if best is not None:
            print(f"    because at {pointer(best.absolute_path)}: {best.message}", file=sys.stderr)
    if len(errors) > MAX_SHOWN:
        print(f"  … and {len(errors) - MAX_SHOWN} more", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
