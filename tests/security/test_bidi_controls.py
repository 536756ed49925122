"""Attack: a file named ``docs/\u202eexe.md`` (U+202E, right-to-left override) displays as
another path in govern's comment, summary or annotation (Trojan Source); zero-width and other
invisible controls hide text the same way. Refused: every control is shown as ``<U+202E>``;
ordinary non-ASCII text (accents, ②, emoji) is untouched."""

from __future__ import annotations

import pytest

from govern.config import CommentConfig
from govern.core.findings import Finding, GateResult, Rule
from govern.core.markdown import code_span, inline, plain, visible
from govern.drift.comment import render_drift
from govern.github.workflow_output import inert_line, render_finding, render_summary
from tests.helpers import affected_result, doc_row
from tests.security.github_markdown import BIDI

CONTROLS = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
            "\u2069", "\u200e", "\u200f", "\u061c", "\u200b", "\ufeff", "\x1b"]


@pytest.mark.parametrize("control", CONTROLS)
def test_every_renderer_shows_the_control(control: str) -> None:
    path = f"docs/{control}dm.exe"
    shown = f"<U+{ord(control):04X}>"
    assert visible(path) == f"docs/{shown}dm.exe"
    assert code_span(path) == f"`docs/{shown}dm.exe`"
    for rendered in (inline(path), plain(path), inert_line(path)):
        assert control not in rendered and f"{ord(control):04X}" in rendered


def test_no_bidi_control_reaches_a_comment_summary_or_annotation() -> None:
    path = "docs/\u202egnp.exe\u2066.md"
    body = render_drift(affected_result(docs=[doc_row(path, "getAudit\u200f")]), CommentConfig())
    finding = Finding(Rule.RELEASE_OWNED, f"edited `{path}`", "revert it", carrier=path,
                      line=1, carrier_is_file=True)
    summary = render_summary(GateResult("release-owned", (finding,), {}))
    annotation = render_finding(finding)
    for text in (body, summary, annotation):
        assert not BIDI.search(text)
        assert "<U+202E>gnp.exe<U+2066>.md" in text


def test_ordinary_unicode_is_untouched() -> None:
    text = "café ② 📓 naïve Ünïcödé — ok"
    assert visible(text) == text
    assert code_span(text) == f"`{text}`"
    assert inline(text) == "café ② 📓 naïve Ünïcödé — ok"
