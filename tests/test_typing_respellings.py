"""A header whose annotations only name the same types another way (``typing.Optional[int]``
become ``int | None``, ``typing.Pattern`` become ``re.Pattern``) changes nothing a page reads:
it anchors nothing (docs/concepts/anchoring-rules.md#typing-respellings). Any other change of
the header still anchors its function, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.retyped import respelled_headers
from govern.drift.anchors.syntax import parse
from tests.helpers import pr_repo, rows, run_json

MODULE = ("import typing\n\n\n"
          "@typing.overload\n"
          "def compile_rule(text: typing.Optional[str],\n"
          "                 flags: typing.List[int] = [],) -> typing.Pattern[str]: ...\n\n\n"
          "def compile_rule(text: typing.Optional[str],\n"
          "                 flags: typing.List[int] = [],) -> typing.Pattern[str]:\n"
          "    return text\n\n\n"
          "class Rule(typing.Generic[T]):\n"
          "    def check(self, value: 'typing.Dict[str, typing.Union[int, None]]') -> None:\n"
          "        return None\n")
FILES = {"shop/__init__.py": "", "shop/rules.py": MODULE,
         "docs/guide.md": "# Guide\n\nCall `compile_rule` and `Rule.check` on a `Rule`.\n",
         **{f"docs/other{i}.md": f"# Other {i}\n\nPlain words.\n" for i in range(8)}}
RESPELLED = (MODULE.replace("import typing\n", "import re\nimport typing\n"
                            "from collections.abc import Callable\n")
             .replace("@typing.overload", "@overload")
             .replace("typing.Optional[str]", "str | None")
             .replace("typing.List[int] = [],)", "list[int] = [])")
             .replace("typing.Pattern[str]", "re.Pattern[str]")
             .replace("typing.Generic[T]", "Generic[T]")
             .replace("'typing.Dict[str, typing.Union[int, None]]'", "dict[str, None | int]"))


def listed(tmp_path: Path, new: str) -> dict[str, list[str]]:
    return rows(run_json(pr_repo(tmp_path, FILES, {"shop/rules.py": new}), "main"))


def test_respelled_annotations_list_no_page(tmp_path: Path) -> None:
    assert listed(tmp_path, RESPELLED) == {}


@pytest.mark.parametrize(("old", "new", "token"), [
    ("flags: typing.List[int] = [],) -> typing.Pattern[str]:\n    return",
     "flags: typing.List[int] = (),) -> typing.Pattern[str]:\n    return", "compile_rule"),
    ("text: typing.Optional[str],\n                 flags: typing.List[int] = [],) -> "
     "typing.Pattern[str]:\n    return",
     "text: typing.Optional[bytes],\n                 flags: typing.List[int] = [],) -> "
     "typing.Pattern[str]:\n    return", "compile_rule"),  # another type
    ("(self, value:", "(self, *, value:", "Rule.check"),  # keyword-only now
    ("'typing.Dict[str, typing.Union[int, None]]'", "'typing.Dict[str, typing.Union[int]]'",
     "Rule.check"),
])
def test_another_change_of_the_header_still_lists_the_page(
        tmp_path: Path, old: str, new: str, token: str) -> None:
    assert MODULE.count(old) == 1
    found = listed(tmp_path, MODULE.replace(old, new))
    assert set(found) == {"docs/guide.md"}
    assert token in found["docs/guide.md"]


def test_a_respelled_header_keeps_the_change_of_its_body(tmp_path: Path) -> None:
    new = RESPELLED.replace("    return text\n", "    return text.strip()\n")
    assert listed(tmp_path, new) == {"docs/guide.md": ["compile_rule"]}


def respelled(old: str, new: str) -> bool:
    """Whether ``def f(x: old) -> None`` become ``def f(x: new) -> None`` only respells it."""
    base, head = (f"def f(x: {annotation}) -> None:\n    pass\n".encode()
                  for annotation in (old, new))
    lines = frozenset({1})
    return bool(list(respelled_headers(parse("python", base), parse("python", head),
                                       (lines, lines))))


@pytest.mark.parametrize(("old", "new", "other"), [
    ("typing.Optional[int]", "int | None", "int"),
    ("typing_extensions.Optional[int]", "Optional[int]", "Optional[str]"),
    ("typing.Callable[[], int]", "collections.abc.Callable[[], int]", "Callable[[], str]"),
    ("typing.Pattern[str]", "re.Pattern[str]", "re.Pattern[bytes]"),
    ("builtins.list[int]", "typing.List[int]", "typing.Tuple[int]"),
    ("types.ModuleType", "ModuleType", "CodeType"),
])
def test_a_standard_module_s_qualifier_is_a_respelling(old: str, new: str, other: str
                                                       ) -> None:
    assert respelled(old, new)
    assert not respelled(old, other)


@pytest.mark.parametrize(("old", "new"), [
    ("v1.BaseModel", "BaseModel"),  # pydantic's v1 model become v2's
    ("models.User", "schemas.User"),
    ("typing.Optional[models.User]", "schemas.User | None"),
    ("a.b.User", "b.User"),
    ("t.Optional[int]", "int | None"),  # ``import typing as t`` is not known here
    ("typing.Set[int]", "collections.abc.Set[int]"),  # ``set``, the abstract set
])
def test_another_module_s_name_is_another_type(old: str, new: str) -> None:
    assert not respelled(old, new)
    assert respelled(old, old.replace(".", " . "))


def test_a_base_or_return_type_of_another_module_lists_its_page(tmp_path: Path) -> None:
    module = ("from pydantic import v1\nfrom . import models, schemas\n\n\n"
              "class Item(v1.BaseModel):\n    name: str\n\n\n"
              "def load_user(key: str) -> models.User:\n    return fetch(key)\n")
    files = {"shop/__init__.py": "", "shop/api.py": module,
             "docs/items.md": "Subclass `shop.api.Item`.\n",
             "docs/users.md": "Call `shop.api.load_user` to get a user.\n",
             **{f"docs/other{i}.md": f"# Other {i}\n\nPlain words.\n" for i in range(8)}}

    def pages(new: str) -> dict[str, list[str]]:
        return rows(run_json(pr_repo(tmp_path / str(len(new)), files, {"shop/api.py": new}),
                             "main"))

    assert pages(module.replace("v1.BaseModel", "BaseModel")
                 .replace("models.User", "schemas.User")) == {
        "docs/items.md": ["shop.api.Item"], "docs/users.md": ["shop.api.load_user"]}
    assert pages(module.replace("v1.BaseModel", "v1 . BaseModel")
                 .replace("models.User", "models .User")) == {}
