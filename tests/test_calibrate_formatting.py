"""Which page edits are a Markdown formatter's that calibrate sets aside
(govern.calibrate.formatting): syntax rewritten as other syntax that renders the same, and
nothing a reader of the code could have asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.calibrate.cases import parse_prose
from govern.calibrate.formatting import canonical_markdown
from tests.gitrepo import make_repo
from tests.test_calibrate import API_PAGE, LIB, assert_set_aside, calibrate_json

# mobx's docs/refguide/api.md before 2b6f301a74 ran Prettier over docs/, in small
PAGE = """# MobX Api Reference

**Applies to MobX 4 and higher**

* Using Mobx 3? Use this [migration guide](https://example.com/guide) to switch gears.
* By default an observable is *infective*; see [*decorators*](#decorators).
    + nested, with `a*b*c` in a code span and a snake_case word
1. If *value* is an array, a new **Observable Array** is returned.
1) If __value__ is a map, see below \\* or *.

> Understanding `observable` is enough
 to master MobX!

***

| Annotation | Description |
|---|:--|
`observable` | Defines a trackable field.

```javascript
import {observable, action} from 'mobx';

const store = observable({
    tasks: [],
    addTask(task) { /* ... */ },
}, {tasks: observable.shallow});
autorun((reaction) => console.log(store.tasks));
```
"""

FORMATTED = """# MobX Api Reference

**Applies to MobX 4 and higher**

-   Using Mobx 3? Use this [migration guide](https://example.com/guide) to switch gears.
-   By default an observable is _infective_; see [_decorators_](#decorators).

    -   nested, with `a*b*c` in a code span and a snake_case word

1. If _value_ is an array, a new **Observable Array** is returned.
2. If **value** is a map, see below \\* or \\*.

> Understanding `observable` is enough
> to master MobX!

---

| Annotation   | Description                 |
| ------------ | :-------------------------- |
| `observable` | Defines a trackable field.  |

<!-- prettier-ignore -->
~~~~javascript
import { observable, action } from "mobx"

const store = observable(
    {
        tasks: [],
        addTask(task) {
            /* ... */
        }
    },
    { tasks: observable.shallow }
)
autorun(reaction => console.log(store.tasks))
~~~~
"""


def renders_alike(before: str, after: str) -> bool:
    return parse_prose(canonical_markdown(before)) == parse_prose(canonical_markdown(after))


def test_a_formatter_sweep_renders_alike() -> None:
    assert parse_prose(PAGE) != parse_prose(FORMATTED)  # more than whitespace changed
    assert renders_alike(PAGE, FORMATTED)


@pytest.mark.parametrize("old, new", [
    ("to switch gears", "to change gears"),                   # a word
    ("*infective*", "*contagious*"),                          # an emphasised word
    ("`a*b*c`", "`a_b_c`"),                                   # a code span's text
    ("`observable` is enough", "`observable.box` is enough"),
    ("# MobX Api Reference", "# MobX API"),                   # a heading's text
    ("[migration guide]", "[upgrade guide]"),                 # a link's text
    ("action} from 'mobx'", "action} from 'mobx-lite'"),      # a code block's string
    ("addTask(task)", "addTodo(task)"),                       # a code block's name
    ("tasks: [],", "tasks: [], done: [],"),                   # code added
    ("1) If __value__ is a map, see below \\* or *.\n", ""),  # a list item dropped
    ("`observable` | Defines", "`computed` | Defines"),       # a table cell
    ("***\n", "***\n<!-- a -->Keep it.\n"),                  # words after a comment
])
def test_a_change_of_words_or_code_does_not_render_alike(old: str, new: str) -> None:
    assert old in PAGE
    assert not renders_alike(PAGE.replace(old, new), FORMATTED)
    assert not renders_alike(PAGE, PAGE.replace(old, new))


def test_markers_inside_code_are_code() -> None:
    """A bullet or emphasis marker in a code block or span is the code's, not syntax."""
    fenced = "```yaml\nitems:\n  * one\n```\n"
    assert not renders_alike(fenced, fenced.replace("* one", "- one"))
    assert not renders_alike("Use `*args`.\n", "Use `_args`.\n")
    assert not renders_alike("Use ``a ` *b*``.\n", "Use ``a ` _b_``.\n")
    # an unmatched backquote opens no span: the emphasis after it is prose
    assert renders_alike("A ` and *b*.\n", "A ` and _b_.\n")
    # the block's container markers are not its code's; a doctest's prompt is
    quoted = "> ```\n> x = 1\n> ```\n"
    assert renders_alike(quoted, quoted.replace("> x", ">     x"))
    assert not renders_alike("```\n>>> f()\n```\n", "```\nf()\n```\n")


def test_only_a_list_marker_opening_a_line_is_one() -> None:
    assert renders_alike("* a\n+ b\n- c\n", "- a\n- b\n- c\n")
    assert renders_alike("3. a\n4) b\n", "1. a\n1. b\n")
    assert not renders_alike("-1 is less.\n", "+1 is less.\n")
    assert not renders_alike("Version 3.14 works.\n", "Version 3.15 works.\n")
    assert not renders_alike("1234567890. a\n", "1. a\n")  # ten digits: no list number


def test_a_page_reformatted_by_prettier_is_set_aside(tmp_path: Path) -> None:
    """mobx 2b6f301a74 ("Prettier docs") reformatted 32 pages beside a code change: 32 of the
    81 reference pages of mobx's sample, each a miss no rule could reach."""
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": API_PAGE,
                                         "docs/guide.md": PAGE})
    sweep = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 20"),
                         "docs/guide.md": FORMATTED}, "prettier docs")
    worded = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 30"),
                          "docs/guide.md": FORMATTED.replace("switch gears", "change gears"),
                          "docs/api.md": API_PAGE + "\n* Pages hold *thirty* items.\n"},
                         "words")
    both = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 40"),
                        "docs/guide.md": PAGE,  # its old words back, its old syntax too
                        "docs/api.md": API_PAGE + "\n-   Pages hold _thirty_ items.\n"},
                       "formatted back, with a word")
    report = calibrate_json(repo, "--no-suggest")
    cases = {case["commit"]: case for case in report["per_case"]}
    assert sweep not in cases
    assert cases[worded]["reference"] == ["docs/api.md", "docs/guide.md"]
    assert cases[both]["reference"] == ["docs/guide.md"]
    assert_set_aside(repo, report, "formatting", 2, 1, "only Markdown syntax that renders the "
                     "same changed (a formatter's list and emphasis markers), which is no docs "
                     "drift")


def test_an_rst_page_is_not_read_as_markdown(tmp_path: Path) -> None:
    """Backquotes fence no code block in reStructuredText: their lines are the page's text."""
    page = "API\n===\n\n```\nimport {observable} from 'mobx';\n```\n"
    formatted = page.replace("{observable} from 'mobx';", '{\n  observable\n} from "mobx"')
    assert renders_alike(page, formatted)  # as a Markdown page
    repo = make_repo(tmp_path / "repo", {"govern.toml": '[docs]\npaths = ["docs/**/*.rst"]\n',
                                         "src/lib.py": LIB, "docs/api.rst": page})
    sha = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 20"),
                       "docs/api.rst": formatted}, "rst")
    report = calibrate_json(repo, "--no-suggest")
    assert [case["commit"] for case in report["per_case"]] == [sha]
    assert report["run"]["formatting_pages"] == 0


@pytest.mark.parametrize("old, new", [
    ("print 'hello'", "print('hello')"),          # Python 2 made Python 3
    ("connect(host, port)", "connect(hostport)"),  # two arguments made one
    ("x = (1, 2)", "x = 12"),                      # a tuple made a number
    ("poetry add 'a b'", "poetry add a b"),        # one argument made two
])
def test_code_whose_tokens_changed_does_not_render_alike(old: str, new: str) -> None:
    """Punctuation a formatter leaves alone is code, and so are the spaces between two names:
    a block whose tokens changed says something else, whichever way the edit went."""
    before, after = f"```py\n{old}\n```\n", f"```py\n{new}\n```\n"
    assert not renders_alike(before, after)
    assert not renders_alike(after, before)


@pytest.mark.parametrize("old, new", [
    ("import {a} from 'mobx';", 'import { a } from "mobx"'),  # spaces, quotes, semicolon
    ("f(a, b,)", "f(\n  a,\n  b\n)"),                        # a trailing comma, lines split
    ("x.map((item) => item.id)", "x.map(item => item.id)"),  # an arrow's parameter
    ("const o = {a: 1, b: [2, 3,],};", "const o = { a: 1, b: [2, 3] }"),
])
def test_what_a_code_formatter_rewrites_renders_alike(old: str, new: str) -> None:
    before, after = f"```js\n{old}\n```\n", f"```js\n{new}\n```\n"
    assert renders_alike(before, after)
    assert renders_alike(after, before)
    assert not renders_alike(before, before.replace("a", "a2"))


@pytest.mark.parametrize("old, new", [
    ("const f = (m) => <div>\n  {m}\n</div>;", "const f = m => (\n  <div>\n    {m}\n  </div>\n)"),
    ("return <ul>{items}</ul>", "return (\n  <ul>{items}</ul>\n)"),
    ("observable({'John': 1, \"Sara\": 2})", "observable({ John: 1, Sara: 2 })"),
])
def test_what_prettier_rewrites_in_javascript_renders_alike(old: str, new: str) -> None:
    """mobx's sweep: parentheses around JSX of several lines, object keys unquoted."""
    before, after = f"```javascript\n{old}\n```\n", f"```javascript\n{new}\n```\n"
    assert renders_alike(before, after)
    assert renders_alike(after, before)


def test_quoted_keys_are_code_outside_javascript() -> None:
    """``{"a": 1}`` and ``{a: 1}`` differ in Python (a string key, a variable's value), and
    parentheses wrap JSX only: ``=> ({a: 1})`` returns an object, ``=> {a: 1}`` is a block."""
    assert not renders_alike('```py\nd = {"a": 1}\n```\n', "```py\nd = {a: 1}\n```\n")
    assert not renders_alike("```js\nf(x ? 'a' : b)\n```\n", "```js\nf(x ? a : b)\n```\n")
    assert not renders_alike("```js\nx => ({a: 1})\n```\n", "```js\nx => {a: 1}\n```\n")
