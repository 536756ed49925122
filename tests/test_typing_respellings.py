"""A header whose annotations only name the same types another way (``typing.Optional[int]``
become ``int | None``, ``typing.Pattern`` become ``re.Pattern``) changes nothing a page reads:
it anchors nothing (docs/concepts/anchoring-rules.md#typing-respellings). Any other change of
the header still anchors its function, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

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
