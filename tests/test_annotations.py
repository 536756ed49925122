"""The one encoder of GitHub workflow commands (docs/reference/exit-codes.md): untrusted text stays
text."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.core.errors import NamedFileError
from govern.core.findings import Finding, GateResult, Rule
from govern.github.workflow_output import (
    append_to_file,
    encode_data,
    encode_property,
    inert_line,
    render_command,
    render_finding,
    render_output,
    render_summary,
)


@pytest.mark.parametrize(("text", "data", "prop"), [
    ("plain", "plain", "plain"),
    ("100%", "100%25", "100%25"),
    ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
    ("%0A", "%250A", "%250A"),
    ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
    ("x\n::warning::boom", "x%0A::warning::boom", "x%0A%3A%3Awarning%3A%3Aboom"),
])
def test_encoders(text: str, data: str, prop: str) -> None:
    assert (encode_data(text), encode_property(text)) == (data, prop)


def test_a_path_cannot_forge_a_command() -> None:
    finding = Finding(Rule.RELEASE_OWNED, "edited", "revert it",
                      carrier="docs/a\n::warning::x,y.md", line=3, carrier_is_file=True)
    line = render_finding(finding)
    assert line == ("::error file=docs/a%0A%3A%3Awarning%3A%3Ax%2Cy.md,line=3,"
                    "title=a release-owned page is changed::edited%0Aremedy: revert it")
    assert "\n" not in line


def test_a_pr_line_cannot_mask_or_forge() -> None:
    finding = Finding(Rule.DECLARATION_MALFORMED, "line `x`\n::add-mask::secret\r\n::error::x",
                      "fix it", carrier="PR body", line=1)
    assert render_finding(finding) == (
        "::error title=a declaration line is malformed::line `x`%0A::add-mask::secret%0D%0A"
        "::error::x%0Aremedy: fix it")


def test_command_without_properties_and_none_values() -> None:
    assert render_command("warning", "hi") == "::warning::hi"
    assert render_command("notice", "hi", {"file": None, "line": 4}) == "::notice line=4::hi"


def test_summary_escapes_quoted_text() -> None:
    finding = Finding(Rule.DECLARATION_MISSING, "body <b>@team</b> `x`", "add it",
                      carrier="PR body")
    summary = render_summary(GateResult("declarations", (finding,), {}))
    assert summary == (
        "### govern check declarations: 1 finding(s)\n\n"
        "- **a required declaration line is missing** (`PR body`): body &lt;b&gt;@\u200bteam"
        "&lt;/b&gt; `x`\n"
        "  - remedy: add it\n")
    assert render_summary(GateResult("size", (), {})) == "### govern check size: passed\n"


def test_outputs_single_and_multi_line() -> None:
    assert render_output("findings", "2") == "findings=2\n"
    assert render_output("body", "a\nGOVERN_EOF\n") == (
        "body<<GOVERN_EOF_\na\nGOVERN_EOF\n\nGOVERN_EOF_\n")


def test_a_step_summary_that_cannot_be_written_is_not_judged(tmp_path: Path) -> None:
    with pytest.raises(NamedFileError) as caught:
        append_to_file({"GITHUB_STEP_SUMMARY": str(tmp_path / "gone" / "summary.md")},
                       "GITHUB_STEP_SUMMARY", "a\n")
    assert caught.value.exit_code == 2
    assert caught.value.message.startswith(f"cannot write {tmp_path / 'gone' / 'summary.md'}")
    assert "$GITHUB_STEP_SUMMARY" in (caught.value.remedy or "")


def test_append_to_file(tmp_path: Path) -> None:
    target = tmp_path / "summary.md"
    assert append_to_file({}, "GITHUB_STEP_SUMMARY", "x") is False
    assert append_to_file({"GITHUB_STEP_SUMMARY": str(target)}, "GITHUB_STEP_SUMMARY", "a\n")
    append_to_file({"GITHUB_STEP_SUMMARY": str(target)}, "GITHUB_STEP_SUMMARY", "b\n")
    assert target.read_text() == "a\nb\n"


@pytest.mark.parametrize(("text", "shown"), [
    ("plain", "plain"),
    ("a\n::add-mask::b", "a\\n::add-mask::b"),
    ("a\r\n::error::b", "a\\r\\n::error::b"),
])
def test_inert_line(text: str, shown: str) -> None:
    assert inert_line(text) == shown
