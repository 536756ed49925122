"""An object a CommonJS module exports that holds no code is data some tool reads, and its
keys are what pages write, bare: prettier's options (docs/concepts/anchoring-rules.md#commonjs-
modules). prettier's ``4992d97203`` added ``bracketSameLine: {since, category, type, default,
description}`` to ``module.exports = {…}`` in ``src/common/common-options.js`` and deprecated
``jsxBracketSameLine`` in ``src/language-js/options.js``; both files had read as "nothing
public changed", and ``docs/options.md``, which names ``jsxBracketSameLine``, was not listed."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

COMMON = """"use strict";

const CATEGORY_COMMON = "Common";

module.exports = {
  bracketSpacing: {
    category: CATEGORY_COMMON,
    type: "boolean",
    default: true,
    description: "Print spaces between brackets.",
  },
  singleQuote: {
    category: CATEGORY_COMMON,
    type: "boolean",
    default: false,
    description: "Use single quotes instead of double quotes.",
  },
  semi: {
    category: CATEGORY_COMMON,
    type: "boolean",
    default: true,
    description: "Print semicolons.",
  },
};
"""
SAME_LINE = COMMON.replace("};\n", """  bracketSameLine: {
    category: CATEGORY_COMMON,
    type: "boolean",
    default: false,
    description: "Put > of opening tags on the last line.",
  },
};
""")
JS = """"use strict";

const commonOptions = require("../common/common-options.js");

module.exports = {
  bracketSpacing: commonOptions.bracketSpacing,
  jsxBracketSameLine: {
    category: "JavaScript",
    type: "boolean",
    default: false,
    description: "Put > on the last line instead of at a new line.",
  },
};
"""
DEPRECATED = JS.replace('    default: false,\n', '    deprecated: "2.4.0",\n')
OPTIONS = ("## Quotes\n\n| `false` | `--single-quote` | `singleQuote: <bool>` |\n\n"
           "## Bracket Spacing\n\n| `true` | `--no-bracket-spacing` | "
           "`bracketSpacing: <bool>` |\n\n"
           "## JSX Brackets\n\n| `false` | `--jsx-bracket-same-line` | "
           "`jsxBracketSameLine: <bool>` |\n")
PAGES = {"docs/options.md": OPTIONS, "docs/rationale.md": "Always add a `semi`.\n",
         "package.json": '{"name": "prettier", "main": "./index.js"}\n'}


def test_an_edited_and_an_added_key_of_an_options_object_anchor_bare(tmp_path: Path) -> None:
    files = {"src/common/common-options.js": COMMON, "src/language-js/options.js": JS}
    data = run_json(pr_repo(tmp_path, {**files, **PAGES},
                            {"src/common/common-options.js": SAME_LINE,
                             "src/language-js/options.js": DEPRECATED}), "main")
    # the edited key lists the page naming it; the added one is New API with that home
    assert rows(data) == {"docs/options.md": ["jsxBracketSameLine"]}
    assert [(entry["token"], entry["suggested_pages"]) for entry in data["new_api"]] == [
        ("bracketSameLine", ["docs/options.md"])]
    # never qualified by the importers' name for the module
    tokens = {anchor["token"] for anchor in data["anchors"]}
    assert not any(token.startswith(("commonOptions.", "options.")) for token in tokens)
    assert data["anchorless_changes"] == []


def test_a_plain_word_key_of_data_is_no_name_and_is_named_as_passed_over(
        tmp_path: Path) -> None:
    # `semi` is a plain word, as `rules` of an `.eslintrc.js`: no page is listed by it, and the
    # file's reason says what the change touched
    files = {"src/common/common-options.js": COMMON}
    data = run_json(pr_repo(tmp_path, {**files, **PAGES}, {
        "src/common/common-options.js": COMMON.replace('"Print semicolons."',
                                                       '"Print semicolons at ends."')}), "main")
    assert rows(data) == {} and data["new_api"] == []
    assert data["anchorless_changes"] == [{
        "path": "src/common/common-options.js",
        "reason": "no documentable declaration on the changed lines; they touch the data key "
                  "`semi`"}]
