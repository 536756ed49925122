"""GitHub Actions output, through one encoder (docs/reference/exit-codes.md): workflow commands such
as ``::error file=…,line=…::message``, the step summary, and step outputs.

Paths and quoted PR lines are untrusted: percent-encoding ``%``, CR and LF (and ``:`` and ``,``
in properties) keeps a ``\\n::add-mask::`` or ``\\n::error::`` inside them as plain text, and
``govern.core.markdown`` makes them inert as GitHub shows them (no mention, reference, autolink
or bidi control in an annotation; the step summary in the markdown of the comments).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from govern.core.errors import named_file
from govern.core.findings import Finding, GateResult
from govern.core.markdown import code_span, inline, message, plain
from govern.core.text import inert_line as inert_line  # log lines quote through it
from govern.core.text import visible

ANNOTATION_LIMIT = 10
"""GitHub shows at most 10 annotations of one type (error, warning, notice) per step; renderers
count the rest in one notice."""
STEP_SUMMARY = "GITHUB_STEP_SUMMARY"
OUTPUT = "GITHUB_OUTPUT"


def encode_data(text: str) -> str:
    """A message made inert: ``%``, CR and LF percent-encoded (``%`` first)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def encode_property(text: str) -> str:
    """A property value made inert: as a message, plus ``:`` and ``,``."""
    return encode_data(text).replace(":", "%3A").replace(",", "%2C")


def render_command(command: str, text: str,
                   properties: Mapping[str, str | int | None] | None = None) -> str:
    """One workflow command line; properties whose value is None are left out. The message and
    the title are shown as plain text; the file keeps its exact name (controls shown), or GitHub
    could not place the annotation on it."""
    shown = ",".join(
        f"{name}={encode_property((visible if name == 'file' else plain)(str(value)))}"
        for name, value in (properties or {}).items() if value is not None)
    return f"::{command}{' ' + shown if shown else ''}::{encode_data(plain(text))}"


def render_finding(finding: Finding, level: str = "error") -> str:
    """A finding as an annotation on its file and line (when the carrier is a file)."""
    properties: dict[str, str | int | None] = {
        "file": finding.file,
        "line": finding.line if finding.file else None,
        "title": finding.rule.value,
    }
    return render_command(level, f"{finding.message}\nremedy: {finding.remedy}", properties)


def render_summary(result: GateResult) -> str:
    """The step summary of one gate, in the markdown of the comments: a message's quoted parts
    are code spans, everything else inert text."""
    title = f"### govern check {result.gate}: "
    if result.passed:
        return title + "passed\n"
    lines = [title + f"{len(result.findings)} finding(s)", ""]
    for finding in result.findings:
        where = finding.carrier or "the pull request"
        if finding.line is not None:
            where += f" line {finding.line}"
        lines.append(f"- **{inline(finding.rule.value)}** ({code_span(where)}): "
                     f"{message(finding.message)}")
        lines.append(f"  - remedy: {message(finding.remedy)}")
    return "\n".join(lines) + "\n"


def render_output(name: str, value: str) -> str:
    """A ``GITHUB_OUTPUT`` entry; multi-line values use a delimiter absent from the value."""
    if "\n" not in value and "\r" not in value:
        return f"{name}={value}\n"
    delimiter = "GOVERN_EOF"
    while delimiter in value:
        delimiter += "_"
    return f"{name}<<{delimiter}\n{value}\n{delimiter}\n"


def append_to_file(environ: Mapping[str, str], variable: str, text: str) -> bool:
    """Append to the file a GitHub variable names (step summary, outputs); False when unset.
    A file that cannot be written is not judged (exit 2), naming the variable, never a bug."""
    path = environ.get(variable)
    if not path:
        return False
    # a path that is not UTF-8 (a lone surrogate) is written as `\udcff`, not a crash
    with named_file(Path(path), f"${variable}", writing=True), \
            open(path, "a", encoding="utf-8", errors="backslashreplace") as handle:
        handle.write(text)
    return True
