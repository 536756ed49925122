"""docs-refs findings for people and tools: ``path:line:col`` text, workflow annotations on the
docs lines (within GitHub's per-step limit, the rest summarised), and SARIF 2.1.0 for code
scanning. Every quoted name is untrusted page text: rendered inert."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from govern.core.sarif import render_sarif_log, sarif_result
from govern.docsrefs.model import DocsRefFinding, Tally
from govern.github.workflow_output import ANNOTATION_LIMIT, inert_line, render_command

RULE_ID = "docs-refs/missing"


def _line(finding: DocsRefFinding) -> str:
    ref = finding.reference
    hint = f" (did you mean `{finding.suggestion}`?)" if finding.suggestion else ""
    return inert_line(f"{ref.page}:{ref.line}:{ref.column}: {finding.message}{hint}")


def render_no_pages(tried: Sequence[str], suggestion: Sequence[str]) -> str:
    """The warning when no page was checked: the globs tried, and what ``docs.paths`` could
    say instead."""
    text = (f"no docs page was checked: docs.paths ({', '.join(tried) or '(none)'}) matched "
            "no page outside the release notes, so no reference was judged.")
    if suggestion:
        globs = ", ".join(f'"{glob}"' for glob in suggestion)
        return text + (f" Pages exist under docs folders: set docs.paths = [{globs}] in "
                       "govern.toml (docs/reference/configuration.md).")
    return text + (" Set docs.paths in govern.toml to where the pages live "
                   "(docs/reference/configuration.md).")


def render_summary(tally: Tally, pages: int) -> str:
    """The counts, then a line for each package whose shape made the imports from it
    unresolvable (its text is the repository's: rendered inert)."""
    counts = (f"govern check docs-refs: {pages} page(s), {tally.checked} reference(s) checked: "
              f"{tally.resolved} resolved, {tally.missing} name nothing{_judged(tally)}, "
              f"{tally.out_of_scope} out of scope (not this repository's code), "
              f"{tally.unresolvable} unresolvable (dynamic or undeclared members)")
    return "\n".join([counts, *(inert_line(f"govern check docs-refs: {reason}")
                                for reason in tally.reasons)])


def _judged(tally: Tally) -> str:
    """In diff mode, which of the references that name nothing the change brought: the rest
    did not resolve before it either, and do not fail it."""
    if tally.missing_new is None or not tally.missing:
        return ""
    return (f" ({tally.missing_new} new in this change, {tally.missing - tally.missing_new} "
            "already unresolved before it: not judged)")


def render_text(findings: Sequence[DocsRefFinding]) -> str:
    return "".join(_line(finding) + "\n" for finding in findings)


def render_github(findings: Sequence[DocsRefFinding]) -> str:
    lines = []
    for finding in findings[:ANNOTATION_LIMIT]:
        ref = finding.reference
        hint = f". Did you mean `{finding.suggestion}`?" if finding.suggestion else ""
        lines.append(render_command("error", finding.message + hint, {
            "file": ref.page, "line": ref.line, "col": ref.column, "title": "docs-refs"}))
    if len(findings) > ANNOTATION_LIMIT:
        lines.append(render_command("notice", f"{len(findings) - ANNOTATION_LIMIT} more docs "
                                    "line(s) name code that does not exist: see the log"))
    return "".join(line + "\n" for line in lines)


def render_sarif(findings: Sequence[DocsRefFinding]) -> str:
    results: list[dict[str, Any]] = []
    for finding in findings:
        ref = finding.reference
        text = finding.message + (f". Did you mean `{finding.suggestion}`?"
                                  if finding.suggestion else "")
        results.append(sarif_result(RULE_ID, "error", text, ref.page,
                                    {"startLine": ref.line, "startColumn": ref.column},
                                    ("docsRef", "/".join(finding.key))))
    rule = {"id": RULE_ID, "name": "DocsReferenceMissing",
            "shortDescription": {"text": "A docs line names code that does not exist"}}
    return render_sarif_log([rule], results)
