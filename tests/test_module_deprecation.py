"""A changed top-level warning that the module is deprecated (``warnings.warn(…,
DeprecationWarning)``) touches the module's whole public API: uvicorn deprecated
``uvicorn.workers`` so, and edited the pages naming ``uvicorn.workers.UvicornWorker``
(docs/concepts/anchoring-rules.md#what-anchors)."""

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
