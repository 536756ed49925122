"""A changed top-level warning that the module is deprecated (``warnings.warn(…,
DeprecationWarning)``) touches the module's whole public API: uvicorn deprecated
``uvicorn.workers`` so, and edited the pages naming ``uvicorn.workers.UvicornWorker``; one in
a constructor's body deprecates its class (docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pr_repo, rows, run_json

WORKERS = "import warnings\n\n\nclass Worker:\n    pass\n\n\ndef _spawn():\n    pass\n"
PAGES = {"docs/deploy.md": "Run `gunicorn -k shop.workers.Worker shop:app`.\n",
         "docs/other.md": "Nothing about workers.\n"}


@pytest.mark.parametrize(("warning", "listed"), [
    ('warnings.warn("shop.workers is deprecated", DeprecationWarning)\n',
     {"docs/deploy.md": ["shop.workers.Worker"]}),
    # a project's own category, and the pending form
    ("warnings.warn(\n    'going away',\n    ShopDeprecationWarning,\n)\n",
     {"docs/deploy.md": ["shop.workers.Worker"]}),
    ('warnings.warn("soon", PendingDeprecationWarning, stacklevel=2)\n',
     {"docs/deploy.md": ["shop.workers.Worker"]}),
    ('warnings.warn("soon", category=DeprecationWarning)\n',
     {"docs/deploy.md": ["shop.workers.Worker"]}),
    # any other warning is no deprecation of the module
    ('warnings.warn("experimental", UserWarning)\n', {}),
    ('print("DeprecationWarning")\n', {}),
    ('logger.warn("raise DeprecationWarning on old calls")\n', {}),  # the message says it
])
def test_a_module_deprecation_touches_its_public_api(tmp_path: Path, warning: str,
                                                     listed: dict[str, list[str]]) -> None:
    base = {"shop/__init__.py": "", "shop/workers.py": WORKERS, **PAGES}
    head = WORKERS.replace("import warnings\n", f"import warnings\n\n{warning}")
    data = run_json(pr_repo(tmp_path, base, {"shop/workers.py": head}), "main")
    assert {path: [t for t in tokens if "." in t] for path, tokens in rows(data).items()} \
        == listed


FILTERS = ("import warnings\n\n\nclass OldFilter:\n"
           '    """Filters things."""\n\n'
           "    def __init__(self):\n        pass\n\n"
           "    def filter(self, items):\n        return items\n")
FILTER_PAGES = {"docs/filtering.md": "## OldFilter\n\nAdd `shop.filters.OldFilter` to a view.\n",
                "docs/other.md": "Call `filter()` on a queryset.\n"}


@pytest.mark.parametrize(("body", "listed", "reason"), [
    # DRF 66183389: every instance warns, so the class is deprecated
    ('warnings.warn("OldFilter is deprecated", DeprecationWarning, stacklevel=2)',
     {"docs/filtering.md": ["shop.filters.OldFilter"]}, None),
    ("if items_given():\n            warnings.warn(\n                'going away',\n"
     "                PendingDeprecationWarning,\n            )",
     {"docs/filtering.md": ["shop.filters.OldFilter"]}, None),
    # any other statement of the constructor's body is its implementation
    ('warnings.warn("slow on big tables", UserWarning)', {}, "OldFilter.__init__"),
    ('assert installed(), "OldFilter needs django-guardian"', {}, "OldFilter.__init__"),
])
def test_a_deprecation_warning_in_the_constructor_deprecates_the_class(
        tmp_path: Path, body: str, listed: dict[str, list[str]], reason: str | None) -> None:
    base = {"shop/__init__.py": "", "shop/filters.py": FILTERS, **FILTER_PAGES}
    head = FILTERS.replace("    def __init__(self):\n        pass\n",
                           f"    def __init__(self):\n        {body}\n")
    data = run_json(pr_repo(tmp_path, base, {"shop/filters.py": head}), "main")
    assert {path: [t for t in tokens if "." in t] for path, tokens in rows(data).items()} \
        == listed
    assert [entry["reason"] for entry in data["anchorless_changes"]] == (
        [] if reason is None else
        [f"no documentable declaration on the changed lines; they touch the body of `{reason}`"])
