"""Attack: a path, symbol or PR text holding a URL becomes a live link in govern's comment —
``https://evil。example/p`` (a full-width dot the browser reads as ``.``), a numeric host
``https://0x7f000001/`` (127.0.0.1), ``www.…``, an e-mail address. Refused: every renderer
(comment, summary, annotation) breaks the autolink; the text still reads the same."""

from __future__ import annotations

import pytest

from govern.config import CommentConfig
from govern.core.findings import Finding, GateResult, Rule
from govern.core.markdown import code_span, inline, plain
from govern.drift.comment import render_drift
from govern.github.workflow_output import render_finding, render_summary
from tests.helpers import affected_result, doc_row
from tests.security.github_markdown import live, render

URLS = ["https://evil。example/p", "https://0x7f000001/", "http://evil.example/x",
        "www.evil.example", "ftp://evil.example", "mailto:a@evil.example",
        "owner@evil.example"]


@pytest.mark.parametrize("url", URLS)
def test_no_autolink_survives_inline_text(url: str) -> None:
    assert live(url) != []  # the attack: raw, GitHub links it
    assert live(f"see {inline(url)} now") == []
    assert render(inline(url)).replace("\u200b", "") == f"<p>{url}</p>\n"  # reads the same


@pytest.mark.parametrize("url", URLS)
def test_no_autolink_survives_the_drift_comment(url: str) -> None:
    data = affected_result(docs=[doc_row(f"docs/{url}.md", url)])
    data["anchorless_changes"] = [{"path": url, "reason": f"see {url}"}]
    body = render_drift(data, CommentConfig())
    assert live(body) == []
    assert f"`docs/{url}.md`" in body  # the honest case: the path, verbatim, in a code span


def test_no_autolink_in_a_summary_or_an_annotation() -> None:
    finding = Finding(Rule.DECLARATION_MALFORMED, "line `https://evil。example/p` is "
                      "malformed: https://0x7f000001/ www.evil.example", "see https://x.example",
                      carrier="PR body", line=1)
    summary = render_summary(GateResult("declarations", (finding,), {}))
    assert live(summary) == []
    assert "<code>https://evil。example/p</code>" in render(summary)  # quoted: a code span
    annotation = render_finding(finding)
    assert "://" not in annotation and "www." not in annotation
    assert plain("https://x.example").replace("\u200b", "") == "https://x.example"


def test_a_code_span_needs_no_breaking() -> None:
    """GitHub links nothing inside code: the span keeps the exact text."""
    assert code_span("https://evil。example/p") == "`https://evil。example/p`"
    assert live(code_span("https://evil。example/p")) == []
