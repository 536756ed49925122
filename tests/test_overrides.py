"""A member overriding one of a base class of its file, or of a base imported from another
module of the repository, anchors in qualified forms only: its bare name is the base's hook,
which pages document on the base or on another subclass
(docs/concepts/anchoring-rules.md#overrides)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

FIELDS = ("class Field:\n    def to_representation(self, value):\n        return value\n\n\n"
          "class DecimalField(Field):\n    def to_representation(self, value):\n"
          "        return str(value)\n")
PAGES = {"docs/relations.md": "# Relations\n\nOverride `.to_representation(self, value)`.\n",
         "docs/fields.md": "# Fields\n\n`DecimalField.to_representation` gives a string.\n"}


def _rows(tmp_path: Path, base: str, head: str, path: str = "lib/fields.py"
          ) -> dict[str, list[str]]:
    repo = pr_repo(tmp_path, {path: base, **PAGES}, {path: head})
    return rows(run_json(repo, "main"))


def test_an_override_s_body_anchors_its_qualified_names_not_the_base_s_hook(
        tmp_path: Path) -> None:
    """DRF's ``d5f228dd``: ``DecimalField.to_representation`` listed the pages documenting
    ``RelatedField``'s and ``BaseSerializer``'s ``.to_representation()``."""
    head = FIELDS.replace("return str(value)", "return format(value, 'f')")
    found = _rows(tmp_path, FIELDS, head)
    assert list(found) == ["docs/fields.md"]
    assert found["docs/fields.md"] == ["DecimalField.to_representation"]


def test_the_base_s_own_change_still_anchors_the_bare_name(tmp_path: Path) -> None:
    head = FIELDS.replace("        return value\n", "        return repr(value)\n", 1)
    assert "to_representation" in _rows(tmp_path, FIELDS, head)["docs/relations.md"]


def test_an_override_through_an_intermediate_class_is_one(tmp_path: Path) -> None:
    base = FIELDS.replace("class DecimalField(Field):", "class NumberField(Field):\n"
                          "    pass\n\n\nclass DecimalField(NumberField):")
    head = base.replace("return str(value)", "return format(value, 'f')")
    assert list(_rows(tmp_path, base, head)) == ["docs/fields.md"]


def test_a_subclass_s_copy_of_an_override_is_one(tmp_path: Path) -> None:
    """textual's ``MarkdownTBody`` inherits ``MarkdownBlock.DEFAULT_CSS``, which overrides
    ``Widget``'s: its bare name is the same hook. A copy of a member no base declares still
    anchors bare."""
    base = FIELDS + "\n\nclass MoneyField(DecimalField):\n    pass\n"
    head = base.replace("return str(value)", "return format(value, 'f')")
    assert list(_rows(tmp_path / "override", base, head)) == ["docs/fields.md"]
    own = base.replace("        return str(value)\n", "        return str(value)\n\n"
                       "    def to_decimal(self, value):\n        return value\n")
    own_head = own.replace("        return value\n\n\nclass Money", "        return +value\n"
                           "\n\nclass Money")
    page = {"docs/decimal.md": "# Decimal\n\n`to_decimal` converts.\n"}
    repo = pr_repo(tmp_path / "own", {"lib/fields.py": own, **PAGES, **page},
                   {"lib/fields.py": own_head})
    assert rows(run_json(repo, "main"))["docs/decimal.md"] == ["to_decimal"]


def test_a_member_no_base_of_the_file_declares_anchors_bare(tmp_path: Path) -> None:
    """A base imported from a module no file of the tree is (``lib/base.py`` is not there) is
    not read: its members are unknown, and the subclass's member may be its own."""
    base = FIELDS.replace("class Field:\n    def to_representation(self, value):\n"
                          "        return value\n\n\n", "from .base import Field\n\n\n")
    head = base.replace("return str(value)", "return format(value, 'f')")
    found = _rows(tmp_path, base, head)
    assert found["docs/relations.md"] == ["to_representation"]


DOTTED = ("from rest_framework import fields\n\n\n" + FIELDS.replace(
    "class DecimalField(Field):", "class DecimalField(fields.Field):"))


def test_a_dotted_base_is_another_module_s_not_the_file_s_class_of_its_name(
        tmp_path: Path) -> None:
    """``fields.Field`` is the imported module's ``Field``, not the file's own ``Field``:
    no file of the tree is ``rest_framework/fields.py``, so whether
    ``DecimalField.to_representation`` overrides anything is unknown, and the bare name
    anchors, as for a base imported by name. Named bare, the file's ``Field`` is the
    base, and the same change is an override."""
    head = DOTTED.replace("return str(value)", "return format(value, 'f')")
    assert _rows(tmp_path / "dotted", DOTTED, head)["docs/relations.md"] == [
        "to_representation"]
    bare, bare_head = (text.replace("(fields.Field)", "(Field)") for text in (DOTTED, head))
    assert list(_rows(tmp_path / "bare", bare, bare_head)) == ["docs/fields.md"]


# -- a base imported from another module of the repository ------------------------------------

BASE_MODULE = ("class Base:\n    on_mount = None\n\n    def on_key(self, event):\n"
               "        return event\n")
SUB = ("{imports}\n\n\nclass Sub({base}):\n    def on_mount(self):\n        return 1\n\n"
       "    def set_title(self, title):\n        return title\n")
GUIDE = {"docs/guide.md": "# Guide\n\nDefine `on_mount` to set up; `set_title` renames.\n",
         "docs/sub.md": "# Sub\n\n`Sub.on_mount` starts the clock.\n"}


def _imported_rows(tmp_path: Path, files: dict[str, str], imports: str, base: str = "Base",
                   sub: str = "pkg/sub.py", change: str = "return 1") -> dict[str, list[str]]:
    """The rows of a change to ``Sub`` in ``sub``, which imports its base by ``imports``:
    ``change`` is the line of its body that changes (``return 1``: ``on_mount``'s)."""
    before = SUB.format(imports=imports, base=base)
    repo = pr_repo(tmp_path, {**files, sub: before, **GUIDE},
                   {sub: before.replace(change, f"{change} + 0")})
    return rows(run_json(repo, "main"))


PACKAGE = {"pkg/__init__.py": "", "pkg/base.py": BASE_MODULE}


def test_an_override_of_an_imported_base_anchors_its_qualified_names_only(
        tmp_path: Path) -> None:
    """textual's example apps set ``on_mount``, ``BINDINGS`` and ``CSS`` of the ``App`` they
    import from ``textual.app``: the bare name listed every guide page on the framework's
    hook."""
    found = _imported_rows(tmp_path, PACKAGE, "from pkg.base import Base")
    assert list(found) == ["docs/sub.md"]
    assert found["docs/sub.md"] == ["Sub.on_mount"]


def test_a_member_the_imported_base_does_not_declare_anchors_bare(tmp_path: Path) -> None:
    found = _imported_rows(tmp_path, PACKAGE, "from pkg.base import Base",
                           change="return title")
    assert found["docs/guide.md"] == ["set_title"]
    assert "Sub.on_mount" not in found["docs/sub.md"]


def test_a_base_imported_relatively_aliased_or_through_its_module_is_read(
        tmp_path: Path) -> None:
    for name, imports, base in (("relative", "from .base import Base", "Base"),
                                ("alias", "from pkg.base import Base as Parent", "Parent"),
                                ("module", "import pkg.base", "pkg.base.Base"),
                                ("from", "from pkg import base", "base.Base"),
                                ("parent", "from .. import base", "base.Base")):
        sub = "pkg/inner/sub.py" if name == "parent" else "pkg/sub.py"
        files = {**PACKAGE, "pkg/inner/__init__.py": ""}
        assert list(_imported_rows(tmp_path / name, files, imports, base, sub)) == [
            "docs/sub.md"], name


def test_a_subscripted_generic_base_is_the_class_it_subscripts(tmp_path: Path) -> None:
    """mkdocs' ``class SearchPlugin(BasePlugin[_PluginConfig])`` sets ``config_scheme``."""
    generic = {"pkg/__init__.py": "", "pkg/base.py": "from typing import Generic, TypeVar\n\n"
               "T = TypeVar('T')\n\n\n" + BASE_MODULE.replace("Base:", "Base(Generic[T]):")}
    found = _imported_rows(tmp_path, generic, "from pkg.base import Base", "Base[int]")
    assert list(found) == ["docs/sub.md"]
    local = FIELDS.replace("(Field)", "(Field[int])")  # a base of the file, subscripted
    head = local.replace("return str(value)", "return format(value, 'f')")
    assert list(_rows(tmp_path / "local", local, head)) == ["docs/fields.md"]


def test_an_example_importing_the_package_s_base_reads_it(tmp_path: Path) -> None:
    """textual's ``docs/examples/guide/actions/actions01.py`` imports ``textual.app``, which is
    ``src/textual/app.py``; its bare ``on_key`` listed the guide's page on the hook."""
    src = {"src/pkg/__init__.py": "", "src/pkg/base.py": BASE_MODULE}
    found = _imported_rows(tmp_path, src, "from pkg.base import Base",
                           sub="docs/examples/app.py")
    assert "docs/guide.md" not in found
    assert found["docs/sub.md"] == ["Sub.on_mount"]


def test_a_base_of_another_project_leaves_the_bare_name_anchored(tmp_path: Path) -> None:
    """No file of the tree is ``framework.app``: whether ``on_mount`` overrides anything is
    unknown."""
    found = _imported_rows(tmp_path, PACKAGE, "from framework.app import Base")
    assert found["docs/guide.md"] == ["on_mount"]


def test_the_imported_base_s_own_bases_are_read(tmp_path: Path) -> None:
    """textual's ``App`` extends ``DOMNode``, imported from ``dom.py``, which declares
    ``BINDINGS``; and a package's ``__init__`` importing the base is read where it points."""
    chain = {"pkg/__init__.py": "from .app import Base\n",
             "pkg/app.py": "from .node import Node\n\n\nclass Base(Node):\n    pass\n",
             "pkg/node.py": BASE_MODULE.replace("class Base:", "class Node:")}
    assert list(_imported_rows(tmp_path, chain, "from pkg import Base")) == ["docs/sub.md"]


def test_each_side_reads_its_own_commit_s_base_module(tmp_path: Path) -> None:
    """The base module renamed by the change: the base side reads ``pkg/base.py`` of the merge
    base, the head side ``pkg/core.py`` of the head."""
    before = SUB.format(imports="from pkg.base import Base", base="Base")
    after = before.replace("pkg.base", "pkg.core").replace("return 1", "return 2")
    repo = pr_repo(tmp_path, {**PACKAGE, "pkg/sub.py": before, **GUIDE},
                   {"pkg/base.py": None, "pkg/core.py": BASE_MODULE, "pkg/sub.py": after})
    found = rows(run_json(repo, "main"))
    assert found["docs/sub.md"] == ["Sub.on_mount"]
    assert "docs/guide.md" not in found
