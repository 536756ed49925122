"""The overlap comments as markdown: every PR's section, or one PR's sticky comment."""

from __future__ import annotations

from govern.core.markdown import render_template
from govern.overlap.attribution import report_for
from govern.overlap.model import Overlap, PrReport


def render_reports(result: Overlap, reports: list[PrReport], single: bool,
                     github: bool) -> str:
    return render_template("overlap.md.j2", reports=reports, single=single, github=github,
                           base=result.base)


def render_matrix(result: Overlap, focus: int | None, github: bool) -> str:
    """The ``--markdown`` output: every PR's section, or with ``focus`` that PR's comment."""
    ids = [focus] if focus is not None else [pr.id for pr in result.prs]
    return render_reports(result, [report_for(result, i) for i in ids],
                            single=focus is not None, github=github)
