"""The one reader of untrusted JSON (govern/core/json_input.py): nesting bounded both ways, each
schema compiled once and only by the paths that read that input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from govern.core.json_input import (
    MAX_DEPTH,
    NestingError,
    check_depth,
    conforms,
    parse_json,
    schema_problem,
    validator,
)


def test_nesting_up_to_the_bound_is_read_and_one_more_is_refused() -> None:
    at_bound = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(at_bound) == parse_json(at_bound)
    check_depth({"a": [{"b": []}]})
    for deeper in ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
                   '{"a": ' * (MAX_DEPTH + 1) + "0" + "}" * (MAX_DEPTH + 1)):
        with pytest.raises(NestingError, match=f"nested deeper than {MAX_DEPTH} levels"):
            parse_json(deeper)


def test_a_depth_past_the_interpreters_limit_is_a_nesting_error_not_a_recursion_error() -> None:
    depth = sys.getrecursionlimit() * 20
    with pytest.raises(NestingError):
        parse_json("[" * depth + "]" * depth)


def test_each_schema_is_compiled_once_per_process() -> None:
    assert validator("overlap.schema.json") is validator("overlap.schema.json")
    told = "cache-overlap-told.schema.json"
    assert validator(told, False) is validator(told, False) is not validator(told)


def test_cache_and_input_validators_agree() -> None:
    told = {"stamp": "s", "entries": {"acme/widgets main": [12, 15]}}
    assert conforms("cache-overlap-told.schema.json", told)
    assert schema_problem("cache-overlap-told.schema.json", told) is None
    told["entries"]["acme/widgets main"] = [12, "15"]
    assert not conforms("cache-overlap-told.schema.json", told)
    assert schema_problem("cache-overlap-told.schema.json", told) == (
        "$.entries.acme/widgets main[1] must be integer")


def test_the_validator_is_imported_only_by_the_paths_that_read_untrusted_json() -> None:
    probe = ("import sys, govern.cli, govern.commands.comment, govern.core.cache, "
             "govern.drift.comment, govern.overlap.matrix_json, govern.drift.run\n"
             "print('fastjsonschema' in sys.modules)\n"
             "from govern.drift.comment import parse_result\n"
             "try:\n    parse_result('{\"schema_version\": 1}', 'x')\nexcept Exception:\n    pass\n"
             "print('fastjsonschema' in sys.modules)\n")
    got = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)
    assert got.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("schema", ["cache-docs-pages.schema.json",
                                    "cache-bridge-scans.schema.json",
                                    "cache-overlap-pairs.schema.json",
                                    "cache-overlap-told.schema.json",
                                    "cache-docsrefs-python.schema.json"])
def test_every_cache_schema_compiles_for_the_cache_reader(schema: str) -> None:
    assert not conforms(schema, {"stamp": "s"})  # no entries: refused, not a compile error
    assert conforms(schema, {"stamp": "s", "entries": {}})
