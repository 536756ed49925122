"""A factory that builds the object it returns member by member (yargs' classic API: ``const
self = {}``, ``self.demandOption = function …``, ``return self``) gives out each member it
assigns, as one returning an object literal does
(docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

ARGV = """module.exports = Argv
function Argv (args) {
  const self = {}
  self.demandOption = function (keys) {
    return self
  }
  self.demand = self.required = function (keys) {
    return self
  }
  self.parse = (input) => input.trim()
  self.strictCommands = self.strict = strictCommands
  function strictCommands (enabled) {
    return self
  }
  self._freeze = function () {
    return 1
  }
  self.count = 0
  const cache = {}
  cache.lookUp = function (key) {
    return key
  }
  return self
}
"""


@pytest.mark.parametrize(("line", "expected"), [
    (5, ["Argv.demandOption"]),     # inside a member: that member, not the factory
    (8, ["Argv.demand", "Argv.required"]),  # a chain gives one function under each key
    (10, ["Argv.parse"]),           # an arrow function too
    # a nested helper assigned as a member is that member, under each key of the chain
    (13, ["Argv.strictCommands", "Argv.strict"]),
    (16, []),                       # a ``_`` member is private: a helper the factory keeps
    (18, ["Argv"]),                 # a value, no function: a line of the factory's own
    (21, ["Argv"]),                 # a member of an object it does not return: its own body
    (3, ["Argv"]),                  # the object's own line
])
def test_a_member_assigned_to_the_returned_object_is_what_the_factory_gives(
        line: int, expected: list[str]) -> None:
    result = extract_typescript(ARGV.encode(), frozenset({line}), "javascript")
    assert [d.key for d in result.touched] == expected


def test_the_assigned_members_are_declared_and_private_or_kept_ones_are_not() -> None:
    declared = extract_typescript(ARGV.encode(), frozenset(), "javascript").declared
    assert {"Argv.demandOption", "Argv.demand", "Argv.required", "Argv.parse",
            "Argv.strictCommands"} <= declared
    assert not {"Argv._freeze", "Argv.count", "Argv.lookUp"} & declared
    # returned no more, the object is the factory's own: its members are its body
    kept = ARGV.replace("  return self\n}", "  return 0\n}")
    assert extract_typescript(kept.encode(), frozenset({5}), "javascript").touched[0].key \
        == "Argv"


def test_an_exported_typescript_factory_gives_its_assigned_members() -> None:
    source = ("export function usage(yargs: object) {\n  const self = {} as UsageInstance;\n"
              "  self.showHelp = function (level: string) {\n    return level;\n  };\n"
              "  return self;\n}\n")
    assert [d.key for d in extract_typescript(source.encode(), frozenset({4}),
                                              "typescript").touched] == ["usage.showHelp"]
    # unexported, it is nothing public
    private = source.replace("export function", "function")
    assert extract_typescript(private.encode(), frozenset({4}), "typescript").touched == ()


API = ".demandOption(key)\n------------\n\nDemand `key`.\n\n.skipValidation(key)\n" \
      "--------------\n\nSkip it.\n"


def test_a_changed_member_lists_its_page_and_a_new_one_is_new_api_with_its_home(
        tmp_path: Path) -> None:
    base = ARGV.replace("  return self\n}", "  self.skipValidation = function (key) {\n"
                                            "    return self\n  }\n  return self\n}")
    head = base.replace("  return self\n}", "  self.strictMode = function () {\n"
                                            "    return self\n  }\n  return self\n}", 1) \
        .replace("function (keys) {\n    return self\n  }\n  self.demand",
                 "function (keys) {\n    keys = [].concat(keys)\n    return self\n  }\n"
                 "  self.demand", 1)
    files = {"package.json": '{"name": "argv", "main": "index.js"}\n', "index.js": base,
             "docs/api.md": API, "docs/start.md": "```js\nconst argv = Argv(process.argv)\n```\n"}
    data = run_json(pr_repo(tmp_path, files, {"index.js": head}), "main")
    # the page documenting the member, not the one only calling the factory
    assert rows(data) == {"docs/api.md": ["demandOption"]}
    assert data["new_api"] == [{"token": "Argv.strictMode", "file": "index.js",
                                "suggested_pages": ["docs/api.md"]}]
    assert data["anchorless_changes"] == []
