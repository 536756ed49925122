"""Attack (a rendering fault): the step summary escaped govern's own quoted values as text, so
a reader saw literal backslashes and backticks, and the summary followed other rules than the
comments. Refused: the summary uses the comments' markdown — each backtick-quoted part of a
message is a code span showing its exact text, the rest inert text — while hostile text in it
stays inert."""

from __future__ import annotations

from govern.core.findings import Finding, GateResult, Rule
from govern.core.markdown import message
from govern.github.workflow_output import render_summary
from tests.security.github_markdown import live, render


def summary_html(text: str, remedy: str = "fix it") -> str:
    finding = Finding(Rule.DECLARATION_MALFORMED, text, remedy, carrier="PR body", line=3)
    return render(render_summary(GateResult("declarations", (finding,), {})))


def test_quoted_values_are_code_spans_without_backslashes() -> None:
    html = summary_html("PR body line 3 `Clause-②: yes|no` is malformed: `a_b\\c*d`",
                        "write `Clause-②: yes`")
    assert "<code>Clause-②: yes|no</code>" in html
    assert "<code>a_b\\c*d</code>" in html  # the one backslash that is in the value
    assert "<code>Clause-②: yes</code>" in html
    assert "\\`" not in html and "\\-" not in html


def test_hostile_text_in_a_message_stays_inert() -> None:
    text = "line `x` <img src=x> @admin #12 https://evil.example ` stray [a](http://b)"
    html = summary_html(text)
    assert "<img" not in html and live(render_summary(GateResult("declarations", (Finding(
        Rule.DECLARATION_MALFORMED, text, "r", carrier="PR body"),), {}))) == []
    assert "<code>x</code>" in html
    # a code span cannot be broken out of by a backtick inside it
    assert message("a `b`` c") == "a `b``\\ c" or "<code>" in render(message("a `b`` c"))


def test_the_summary_uses_the_same_filter_as_the_comments() -> None:
    from govern.core.markdown import environment

    assert environment().filters["message"] is message
