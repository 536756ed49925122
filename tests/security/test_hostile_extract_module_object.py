"""Attack: stall or crash the docs-drift job with a CommonJS module built to make the reader of
its ``module.exports`` object slow: an object of tens of thousands of members, each of them
changed, or exporting as many locals under other keys; an assignment chain (``a = b = … =
module.exports = {…}``) tens of thousands of links long; a ``require`` binding reached
through as many calls or member accesses (``require('x')()()…``, ``require('x').a.a…``).
Each member, each entry and each link is read once, by a loop, never by recursion."""

from __future__ import annotations

from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

MEMBERS = 10_000
LINKS = 20_000


def _everything(source: str) -> frozenset[int]:
    return frozenset(range(1, source.count("\n") + 2))


def _extract(source: str, module: str = "response") -> tuple[list[str], frozenset[str]]:
    result = within(lambda: extract_typescript(source.encode(), _everything(source),
                                               "javascript", module=module))
    return [declaration.key for declaration in result.touched], result.declared


def test_an_object_of_many_changed_members_is_read_once() -> None:
    source = ("module.exports = {\n" + "".join(
        f"  method{i} (value) {{\n    return helper{i % 50}(value)\n  }},\n"
        for i in range(MEMBERS)) + "}\n")
    touched, declared = _extract(source)
    assert touched == [f"response.method{i}" for i in range(MEMBERS)]
    assert len(declared) == MEMBERS


def test_many_locals_exported_under_other_keys_are_read_once() -> None:
    source = ("".join(f"function local{i} () {{ return {i} }}\n" for i in range(MEMBERS))
              + "module.exports = {\n" + "".join(f"  key{i}: local{i},\n"
                                                 for i in range(MEMBERS)) + "}\n")
    touched, declared = _extract(source)
    assert touched[:2] == ["local0", "response.key0"]
    assert len(touched) == 2 * MEMBERS
    assert {"local0", "response.key0", f"response.key{MEMBERS - 1}"} <= declared


def test_a_long_assignment_chain_is_followed_by_a_loop() -> None:
    source = ("const proto = " + "alias = " * LINKS
              + "module.exports = {\n  get header () { return 1 },\n}\n")
    assert _extract(source)[0] == ["response.header"]


def test_a_long_require_chain_is_no_declaration() -> None:
    source = ("const called = require('x')" + "()" * LINKS + "\n"
              "const member = require('x')" + ".a" * LINKS + "\n"
              "module.exports = { called, member }\n")
    touched, declared = _extract(source)
    assert touched == [] and declared == frozenset()


def test_a_factory_of_many_deeply_nested_calls_is_walked_once() -> None:
    # the exported factory's calls are scanned for the prototype it hands out: thousands of
    # calls nested in one another, and as many top-level `module.exports.x = …` members
    source = ("const prototype = {\n  childLogger () { return 1 },\n}\n"
              "module.exports = function () {\n  return " + "wrap(" * LINKS
              + "Object.create(prototype)" + ")" * LINKS + "\n}\n"
              + "".join(f"module.exports.member{i} = {i}\n" for i in range(MEMBERS)))
    touched, declared = _extract(source, module="proto")
    assert "proto.childLogger" in touched and "proto.member0" in touched
    assert {"proto.childLogger", "proto.member0", f"proto.member{MEMBERS - 1}"} <= declared
