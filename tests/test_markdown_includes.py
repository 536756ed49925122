"""markdown-include's ``{!path!}``: the files a Markdown page includes
(docs/concepts/anchoring-rules.md#file-paths)."""

from __future__ import annotations

from govern.drift.docs.scanner import included_paths, scan_page


def test_each_plain_statement_of_a_line_is_read_with_its_offset() -> None:
    text = "{! ./a/b.py !} and {!c.py!}\n{!d.py\n!}{!{!e.py!} {!f g.py!} {!!} {!h.py!lines=2}\n"
    assert list(included_paths(text)) == [(0, "a/b.py"), (19, "c.py")]
    # {!{!e.py!} includes "{!e.py", which is no path; nor is one with a blank
    assert scan_page(text, "docs/a.md").included == {"a/b.py", "c.py"}
    assert scan_page(text, "docs/a.rst").included == frozenset()
