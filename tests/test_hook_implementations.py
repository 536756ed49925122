"""A function a pluggy hook-implementation marker decorates implements the hook its name is:
it anchors in qualified forms only, as an override does, and pages documenting the hook's
spec by its bare name are not its business (docs/concepts/anchoring-rules.md#overrides)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

MARKERS = "import pluggy\n\nimpl = pluggy.HookimplMarker(\"proj\")\n"
SPEC = ("import pluggy\n\n_spec = pluggy.HookspecMarker(\"proj\")\n\n\n@_spec\n"
        "def proj_add_option(parser):\n    \"\"\"Add options to the parser.\"\"\"\n")
RUN = ("{imports}\n\n\n@{decorator}\ndef proj_add_option(parser):\n    return parser\n")
PAGES = {"docs/plugins.md": "# Plugins\n\nImplement `proj_add_option` to add options.\n",
         "docs/run.md": "# Run\n\n`proj.run.proj_add_option` adds the run options.\n"}
TREE = {"proj/__init__.py": "", "proj/plugin.py": MARKERS, "proj/spec.py": SPEC, **PAGES}


def _rows(tmp_path: Path, run: str, files: dict[str, str] | None = None
          ) -> dict[str, list[str]]:
    """The rows of a change to the body of ``proj/run.py``'s ``proj_add_option``."""
    repo = pr_repo(tmp_path, {**TREE, **(files or {}), "proj/run.py": run},
                   {"proj/run.py": run.replace("return parser", "return parser or None")})
    return rows(run_json(repo, "main"))


def test_an_implementation_anchors_its_qualified_names_not_the_hook_s(tmp_path: Path) -> None:
    """tox's ``4c728874`` changed ``@impl def tox_add_option`` of a command module, and the
    bare hook name listed ``plugin/getting_started.rst`` and ``plugin/howto.rst``, which
    document the spec."""
    found = _rows(tmp_path, RUN.format(imports="from proj.plugin import impl",
                                       decorator="impl"))
    assert found == {"docs/run.md": ["proj.run.proj_add_option"]}


def test_the_spec_s_own_change_still_anchors_the_bare_name(tmp_path: Path) -> None:
    """tox's ``1a501806`` changed ``tox.plugin.spec.tox_register_tox_env``: a hit."""
    repo = pr_repo(tmp_path, TREE, {"proj/spec.py": SPEC.replace(
        "Add options to the parser.", "Add options to the parser (may be called twice).")})
    assert rows(run_json(repo, "main"))["docs/plugins.md"] == ["proj_add_option"]


def test_an_impl_no_marker_binds_anchors_as_any_function(tmp_path: Path) -> None:
    """``impl`` is no marker by its name: one the module it is imported from binds to
    anything but ``HookimplMarker(…)``, or that no file of the tree binds, is any
    decorator."""
    helper = {"proj/util.py": "def impl(function):\n    return function\n"}
    found = _rows(tmp_path / "helper", RUN.format(imports="from proj.util import impl",
                                                  decorator="impl"), helper)
    assert found["docs/plugins.md"] == ["proj_add_option"]
    assert found["docs/run.md"] == ["proj.run.proj_add_option"]
    unread = _rows(tmp_path / "unread", RUN.format(imports="from other.plugin import impl",
                                                   decorator="impl"))
    assert unread["docs/plugins.md"] == ["proj_add_option"]


def test_a_marker_bound_in_the_file_or_re_exported_by_a_package_marks(tmp_path: Path) -> None:
    """The file's own ``impl = HookimplMarker(…)``, and one a package ``__init__`` imports
    from its module (``from proj import impl``, datasette's ``from .hookspecs import
    hookimpl``)."""
    own = RUN.format(imports=MARKERS.strip(), decorator="impl")
    assert _rows(tmp_path / "own", own) == {"docs/run.md": ["proj.run.proj_add_option"]}
    package = {"proj/__init__.py": "from .plugin import impl\n"}
    found = _rows(tmp_path / "package", RUN.format(imports="from proj import impl",
                                                   decorator="impl"), package)
    assert found == {"docs/run.md": ["proj.run.proj_add_option"]}


def test_a_decorator_named_hookimpl_marks_wherever_it_is_bound(tmp_path: Path) -> None:
    """pytest's plugins write ``@pytest.hookimpl(tryfirst=True)`` and datasette's
    ``@hookimpl``, bound in a dependency no file of the tree is: pluggy's own name for the
    marker. A method so decorated (a plugin class's) is one too."""
    dotted = RUN.format(imports="import pytest", decorator="pytest.hookimpl(tryfirst=True)")
    assert _rows(tmp_path / "dotted", dotted) == {"docs/run.md": ["proj.run.proj_add_option"]}
    method = ("from datasette import hookimpl\n\n\nclass Plugin:\n    @hookimpl\n"
              "    def proj_add_option(self, parser):\n        return parser\n")
    pages = {"docs/run.md": "# Run\n\n`Plugin.proj_add_option` adds the run options.\n"}
    found = _rows(tmp_path / "method", method, pages)
    assert found == {"docs/run.md": ["Plugin.proj_add_option"]}


def test_a_new_implementation_is_no_new_api(tmp_path: Path) -> None:
    """tox's ``cc04fe98`` added ``cmd_builder.py`` with its ``tox_register_tox_env``: a
    hook's implementation, no name a page owes, though no page names the hook. A new
    function beside it still is."""
    run = RUN.format(imports="from proj.plugin import impl", decorator="impl")
    added = run + "\n\ndef run_options(parser):\n    return parser\n"
    unnamed = {"docs/plugins.md": "# Plugins\n\nWrite plugins.\n",
               "docs/run.md": "# Run\n\nRun the tests.\n"}
    repo = pr_repo(tmp_path, {**TREE, **unnamed}, {"proj/run.py": added})
    assert [entry["token"] for entry in run_json(repo, "main")["new_api"]] == [
        "proj.run.run_options"]
