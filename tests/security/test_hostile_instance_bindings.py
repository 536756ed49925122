"""Attack: stall the docs-drift job with classes. A changed member anchors as ``app.route``
where the docs bind ``app = Flask(...)``, and the pages calling each changed class were read
for those bindings with a pattern of that class: a change to 10,000 classes beside a page of
220 KB that binds them all was 10,000 passes over the page, about two minutes. Each page's
bindings are now read in one pass and looked up by class; the pages calling the classes
through a qualifier (``obj = pkg.Klass(1)``) are found in one pass over the dotted calls,
not one query for each class."""

from __future__ import annotations

import pytest

from govern.drift.docs.corpus import Page
from govern.drift.instances import instance_names
from tests.helpers import build_index
from tests.security.pr import within

CLASSES = 10_000


@pytest.mark.parametrize("qualifier", ["", "pkg.mod."])
def test_a_page_binding_ten_thousand_classes_is_read_once(qualifier: str) -> None:
    page = "```python\n" + "".join(f"obj{i} = {qualifier}Klass{i}(1)\n"
                                   for i in range(CLASSES)) + "```\n"
    # a blob id of its own: answers are kept by blob id for the process (a real id names the
    # content), and other tests' pages are called "blob" too
    blob = f"all-bindings-{qualifier}"
    index = build_index([Page("docs/all.md", blob, False)], {blob: page.encode()}.get)
    classes = [f"Klass{i}" for i in range(CLASSES)]
    names = within(lambda: instance_names(classes + ["Klass"], index))
    assert names["Klass0"] == ["obj0"] and names[f"Klass{CLASSES - 1}"] == [f"obj{CLASSES - 1}"]
    assert names["Klass"] == []
