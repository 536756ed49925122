"""Attack: stall the docs-drift job with attribute docstrings
(docs/concepts/anchoring-rules.md#what-anchors). The string after an assignment is found by
stepping from the assignment over the comments after it, by index: a class of 20,000 fields,
each with comments and a docstring, or a module of as many variables, is read once, not
once per field from the start of the body."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from tests.security.pr import within

COUNT = 20_000


def test_thousands_of_documented_fields_are_read_once() -> None:
    fields = "".join(f'    f{i} = {i}\n    # note\n    """Field {i}."""\n' for i in range(COUNT))
    variables = "".join(f'v{i} = {i}\n# note\n"""Variable {i}."""\n' for i in range(COUNT))
    source = f"class Config:\n{fields}{variables}"
    last = 1 + 3 * COUNT
    result = within(lambda: extract_python(source.encode(), frozenset({4, last, last + 3})))
    # the first field's docstring, the last field's, and the first variable's
    assert [d.key for d in result.touched] == ["Config.f0", f"Config.f{COUNT - 1}", "v0"]
    assert "Config" not in [d.key for d in result.touched]
