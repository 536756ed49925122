"""The markdown renderer: the model as the GitHub comment, through the contract-review template,
with free text that can never read back as a line of the record's structure."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from govern.review.markdown_reader import classify_line
from govern.review.model import ContractReview

if TYPE_CHECKING:
    from jinja2 import Environment

TEMPLATE = "contract-review.md.j2"
LIST_SECTIONS = {"judgments": "① Derived judgments", "boundary_flags": "③ Boundary flags",
                 "design": "④ Design judgment"}


def _inert_line(rendered: str, prefix: str = "", suffix: str = "") -> str:
    """A line starting with escaped free text (a semver paragraph, a bullet), and ending with
    ``suffix`` (a judgment's result). If the reader would take the whole line for structure
    (a verdict, a record time, a signature, a section heading), the text's first character
    becomes a character reference: the line shows the same text, and free text can no longer
    forge a line of the record."""
    if not rendered or classify_line(prefix + rendered + suffix) == "text":
        return prefix + rendered + suffix
    return f"{prefix}&#{ord(rendered[0])};{rendered[1:]}{suffix}"


@cache
def _environment() -> Environment:
    """The templates' environment with the record's own ``line`` filter, built once a process
    so the template is compiled once (~70 ms each time)."""
    from govern.core.markdown import (
        environment,  # jinja2 costs ~90 ms: only the commands that render
    )

    env = environment()
    escape = env.filters["md"]
    env.filters["line"] = lambda text, prefix="", suffix="": _inert_line(escape(text), prefix,
                                                                          suffix)
    return env


def render_review(review: ContractReview) -> str:
    """The record as GitHub markdown, every free text made inert by the template's filters."""
    return _environment().get_template(TEMPLATE).render(
        r=review,
        numbered=[f for f in review.findings if f.grade != "nit"],
        nits=[f for f in review.findings if f.grade == "nit"],
        lists=[(title, getattr(review, name)) for name, title in LIST_SECTIONS.items()
               if name != "judgments"],
    )
