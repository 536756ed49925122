"""Attack: stall the docs-drift job with a generated data file of many records, every line
changed. A record's keys are no anchors (docs/concepts/anchoring-rules.md#literals); whether
a list holds records is read from its first few members, whatever its length. Counting all
of them for each key of each record would be over a billion steps for 20,000 records of
three keys, and a memo of the lists counted was evicted by nested lists: two dicts of 8,000
keys, each holding a one-dict list, before a tail of 150,000 members took 37 s (3 s now)."""

from __future__ import annotations

from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

RECORDS = 20_000


def test_a_list_of_many_records_is_counted_once() -> None:
    source = "export const rows = [\n" + "".join(
        f'  {{ "imgSrc": {i}, "createdAt": {i}, "code": "ERR_{i}" }},\n'
        for i in range(RECORDS)) + "];\n"
    lines = frozenset(range(1, RECORDS + 3))
    found = within(lambda: extract_typescript(source.encode(), lines, "typescript").literals)
    assert "imgSrc" not in found and "createdAt" not in found
    assert "ERR_7" in found


def test_a_list_of_few_records_and_a_long_tail_is_read_in_linear_time() -> None:
    record = "{" + ", ".join(f'"fooBar{i}": [{{"bazQux": 0}}]' for i in range(8_000)) + "}"
    source = f"export const rows = [\n{record},\n{record},\n" + "0," * 150_000 + "\n];\n"
    lines = frozenset(range(1, source.count("\n") + 2))
    found = within(lambda: extract_typescript(source.encode(), lines, "typescript").literals)
    # two dicts and a tail are no table of records: their keys still anchor
    assert "fooBar7" in found
