"""Attack: stall the docs-drift job with hyphens. A literal's parts may now hold inner hyphens
(``installer.only-binary``) and be scoped (``mobx/no-anonymous-observer``), and a page writing
such a name is searched for it as for a path. A table of 2,000 kebab keys, each thousands of
hyphens long, must be read in linear time (a key is measured before its shape is matched),
and a page of one 300,000-character run of ``a-`` must be searched for a hyphenated name in
linear time too."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from govern.drift.docs.lines import mention_lines
from tests.security.pr import within

KEYS = 2_000


def test_a_table_of_long_kebab_keys_is_read_in_linear_time() -> None:
    long_key = "a." + "b-" * 5_000 + "c"
    source = ("TABLE = {\n" + "".join(f'    "{long_key}{i}": {i},\n' for i in range(KEYS))
              + '    "installer.only-binary": 0,\n}\n').encode()
    lines = frozenset(range(1, KEYS + 3))
    found = within(lambda: extract_python(source, lines))
    assert found.literals == ("installer.only-binary",)


def test_a_page_of_one_hyphen_run_is_searched_in_linear_time() -> None:
    page = "# Settings\n\n" + "a-" * 150_000 + "\n\n`a.b-c` and `mobx/no-rule`\n"
    assert within(lambda: mention_lines(page, "docs/x.md", "a.b-c", "written")) == (5,)
    assert within(lambda: mention_lines(page, "docs/x.md", "mobx/no-rule", "written")) == (5,)
    assert within(lambda: mention_lines(page, "docs/x.md", "a-a-b", "written")) == ()
