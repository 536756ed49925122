"""The templates' environments: one a process, so a comment rendered at several levels of
detail compiles its template once, and the contract record's own filter stays its own."""

from __future__ import annotations

import jinja2
import pytest

from govern.core import markdown
from govern.review import render


def test_a_template_is_compiled_once_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    original = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: str, name: str | None = None,
                 *args: object, **kwargs: object) -> object:
        compiled.append(str(name))
        return original(self, source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    markdown._shared_environment.cache_clear()
    context = {"r": None}
    for _ in range(3):
        with pytest.raises(jinja2.UndefinedError):  # compiled, then rendered without data
            markdown.render_template("docs-drift.md.j2", **context)
    assert compiled.count("docs-drift.md.j2") == 1


def test_the_record_filter_is_the_records_alone() -> None:
    """``line`` escapes a contract record's free text; the drift comment has no such filter,
    and a fresh environment (a caller adding its own) starts without it."""
    assert "line" in render._environment().filters
    assert "line" not in markdown._shared_environment().filters
    assert "line" not in markdown.environment().filters
    assert render._environment() is render._environment()
