"""Attack: stall the docs-drift job with a generated data file of many records, every line
changed. A record's keys are no anchors (docs/concepts/anchoring-rules.md#literals); whether
a list holds records is counted once per list, not again for each key of each record, which
for 20,000 records of three keys would be over a billion steps."""

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
