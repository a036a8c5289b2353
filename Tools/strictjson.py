"""Strict JSON reading for the validation scripts: a duplicate key or a non-standard constant (NaN,
Infinity) is an error, as the readers of statelint's reports treat them."""

import json


def strict_object(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate key {key!r}")
        seen[key] = value
    return seen


def reject_constant(name):
    raise ValueError(f"non-standard JSON constant {name}")


def loads(text):
    """Parses `text`; raises ValueError on duplicate keys and non-standard constants."""
    return json.loads(text, object_pairs_hook=strict_object, parse_constant=reject_constant)
