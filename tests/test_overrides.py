"""A member overriding one of a base class of its file anchors in qualified forms only: its
bare name is the base's hook, which pages document on the base or on another subclass
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


def test_a_member_no_base_of_the_file_declares_anchors_bare(tmp_path: Path) -> None:
    """A base imported from another module is not read: its members are unknown, and the
    subclass's member may be its own (DRF's ``HyperlinkedIdentityField.lookup_field``, whose
    bare name was a hit on relations.md)."""
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
    whether ``DecimalField.to_representation`` overrides anything is unknown, so the bare
    name anchors, as for a base imported by name. Named bare, the file's ``Field`` is the
    base, and the same change is an override."""
    head = DOTTED.replace("return str(value)", "return format(value, 'f')")
    assert _rows(tmp_path / "dotted", DOTTED, head)["docs/relations.md"] == [
        "to_representation"]
    bare, bare_head = (text.replace("(fields.Field)", "(Field)") for text in (DOTTED, head))
    assert list(_rows(tmp_path / "bare", bare, bare_head)) == ["docs/fields.md"]
