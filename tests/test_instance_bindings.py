"""Instance names learned from a qualified constructor call: docs write
``converter = cattrs.Converter()`` or ``app = web.Application()`` as often as the bare call
(docs/concepts/anchoring-rules.md#instance-names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pr_repo, rows, run_json
from tests.test_instances import CHANGE, PKG

VIEWS = "# Views\n\nRegister each view with `app.route`.\n"


@pytest.mark.parametrize(("page", "binding"), [
    # cattrs' structuring.rst: ``>>> converter = cattr.Converter()`` in a doctest
    ("docs/start.rst", "Start\n=====\n\n.. doctest::\n\n    >>> app = acme.Flask(__name__)\n"),
    ("docs/start.md", "# Start\n\n```python\napp = acme.web.Flask(__name__)\n```\n"),
    ("docs/start.md", "# Start\n\n```python\napp: acme.Flask = acme.Flask(__name__)\n```\n"),
])
def test_a_qualified_constructor_call_binds_an_instance_name(tmp_path: Path, page: str,
                                                            binding: str) -> None:
    docs = {page: binding, "docs/views.md": VIEWS}
    assert rows(run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")) == {
        "docs/views.md": ["app.route"]}


@pytest.mark.parametrize("binding", [
    "app = acme.Server(__name__)",  # another class: its instance's route is not Flask's
    "app = acme.Flask",  # the class itself, not an instance
    "app = acme.Flask.create()",  # a call through the class, whose result is no instance
])
def test_only_a_call_of_the_class_itself_binds(tmp_path: Path, binding: str) -> None:
    docs = {"docs/start.md": f"# Start\n\n```python\n{binding}\n```\n", "docs/views.md": VIEWS}
    assert rows(run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")) == {}


def test_a_qualified_call_outside_code_binds_nothing(tmp_path: Path) -> None:
    # prose may say "app = acme.Flask(...)" loosely; only the docs' code is read as code
    docs = {"docs/start.md": "# Start\n\nWrite app = acme.Flask(name) first.\n",
            "docs/views.md": VIEWS}
    assert rows(run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")) == {}
