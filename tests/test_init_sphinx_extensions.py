"""``govern init`` proposes excluding the modules a Sphinx ``conf.py`` loads from its own
folder, however it loads them: tox's ``docs/tox_conf.py`` (loaded by its path) had been
proposed as code, its directive's changes read as the product's."""

from __future__ import annotations

import pytest

from govern.init.detect import detect

TOX_CONF = '''from importlib.machinery import SourceFileLoader
from pathlib import Path

extensions = ["sphinx.ext.autodoc", "sphinx_argparse_cli"]


def setup(app):
    here = Path(__file__).parent
    tox_cfg = SourceFileLoader("tox_conf", str(here / "tox_conf.py")).load_module().ToxConfig
    app.add_directive(tox_cfg.name, tox_cfg)
'''
OLD_TOX_CONF = '''import sys
from pathlib import Path

extensions = ["sphinx.ext.autodoc"]


def setup(app):
    here = Path(__file__).parent
    if str(here) not in sys.path:
        sys.path.append(str(here))
    from render_cli import CliApi
    app.add_directive("table_cli", CliApi)
'''
OTHERS = {"docs/index.rst": "x\n", "docs/example.py": "x = 1\n",
          "docs/tutorial/tox_conf.py": "x = 1\n", "docs/pkg/__init__.py": "",
          "docs/pkg/render_cli.py": "x = 1\n"}


@pytest.mark.parametrize(("conf", "module"), [
    (TOX_CONF, "docs/tox_conf.py"),  # loaded by its file's path
    (OLD_TOX_CONF, "docs/render_cli.py"),  # imported, its folder on sys.path
    ('extensions = [\n    "local_customization",\n]\n', "docs/local_customization.py"),
])
def test_a_module_conf_py_loads_from_its_folder_is_site_code(conf: str, module: str) -> None:
    files = {"docs/conf.py": conf, module: "x = 1\n", **OTHERS}
    excluded = detect(list(files), files).values.get("code.exclude")
    # an example beside conf.py that it never names, one of the same name below it, and a
    # package's module under docs/ stay code
    assert excluded == ["/docs/conf.py", f"/{module}"]


def test_a_module_named_in_a_comment_or_another_word_is_not_loaded() -> None:
    conf = ('# tox_conf.py holds the directive\nextensions = ["sphinx.ext.autodoc"]\n'
            'html_static_path = ["tox_conf.pyc"]\nimportant = "render_cli"\n')
    files = {"docs/conf.py": conf, "docs/tox_conf.py": "x\n", "docs/render_cli.py": "x\n",
             "docs/index.rst": "x\n"}
    assert detect(list(files), files).values.get("code.exclude") == ["/docs/conf.py"]


@pytest.mark.parametrize("conf_folder", ["", "lib"])
def test_what_a_conf_py_beside_the_product_imports_stays_code(conf_folder: str) -> None:
    """Found by review: a ``conf.py`` at the root (or in a package's folder) importing the
    product for its version had the product proposed as site code."""
    at = f"{conf_folder}/" if conf_folder else ""
    conf = ('import mylib\nextensions = ["sphinx.ext.autodoc", "local_ext"]\n'
            'version = mylib.__version__\n')
    files = {f"{at}conf.py": conf, f"{at}mylib.py": "__version__ = '1'\n",
             f"{at}local_ext.py": "x = 1\n", "index.rst": "x\n",
             "pyproject.toml": "[project]\nname = 'mylib'\n",
             **({f"{at}__init__.py": ""} if conf_folder else {})}
    excluded = detect(list(files), files).values.get("code.exclude")
    # its extensions list still names site code
    assert excluded == [f"/{at}conf.py", f"/{at}local_ext.py"]
