"""A URL names nothing of this project: neither a file path (a sandbox's ``?file=/src/index.js``)
nor a name (``https://pip.pypa.io/en/stable/cli/pip_install/``). The link's text is read, a
relative link too, and a link to a file's source names that file
(docs/concepts/anchoring-rules.md#file-paths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.docs.scanner import scan_page, without_urls
from tests.helpers import pr_repo, rows, run_json

INDEX = "export function rule() {\n  return 1\n}\n"
SANDBOX = ("Play with it on [CodeSandbox](https://codesandbox.io/s/gist-il8lt"
           "?file=/src/index.js:309-338).\n")
EXECUTOR = ("class Executor:\n    def run(self):\n        return 1\n\n"
            "    def pip_install(self, req):\n        return req\n")


def test_a_path_in_a_link_to_another_site_names_no_file(tmp_path: Path) -> None:
    """mobx's pages link sandboxes at ``?file=/src/index.js``: a file of someone else's
    sandbox, not the eslint plugin's ``src/index.js``, which the page writing the path names."""
    repo = pr_repo(tmp_path, {"packages/eslint-plugin/src/index.js": INDEX,
                              "docs/gist.md": "# Gist\n\n" + SANDBOX,
                              "docs/plugin.md": "# Plugin\n\nThe rules are in `src/index.js`.\n"},
                   {"packages/eslint-plugin/src/index.js": INDEX.replace("1", "2")})
    docs = run_json(repo, "main")["docs"]
    assert [(row["path"], row["evidence"][0]["lines"]) for row in docs] == [
        ("docs/plugin.md", [3])]


def test_a_name_in_a_link_to_another_site_is_no_mention_but_the_link_text_is(
        tmp_path: Path) -> None:
    """poetry's ``_index.md`` links pip's ``cli/pip_install/`` page: no mention of the removed
    ``Executor.pip_install``; a link whose text names it still does."""
    repo = pr_repo(tmp_path, {
        "src/poet/executor.py": EXECUTOR,
        "docs/index.md": "# Install\n\nAny valid [pip requirement spec]"
                         "(https://pip.pypa.io/en/stable/cli/pip_install/) works.\n",
        "docs/executor.md": "# Executor\n\nSee [`Executor.pip_install`]"
                            "(https://example.org/api#pip_install).\n"},
        {"src/poet/executor.py": EXECUTOR.split("\n\n    def pip_install")[0] + "\n"})
    assert rows(run_json(repo, "main")) == {"docs/executor.md": ["Executor.pip_install"]}


@pytest.mark.parametrize(("page", "named", "unnamed"), [
    # a markdown link: its text read, its target not
    ("[`Client.send`](https://httpx.example/api/#client_close)", {"Client.send"},
     {"client_close", "api"}),
    # autolinks and bare URLs, whatever the scheme
    ("<https://a.example/parse_all> and ftp://b.example/load_all, git+ssh://c/ssh_name",
     {"and"}, {"parse_all", "load_all", "ssh_name", "https", "ftp"}),
    # rst and HTML links
    ("`the tool <https://a.example/tool_name>`_ <a href=\"http://b/href_name\">x</a>",
     {"the", "tool"}, {"tool_name", "href_name"}),
    # a fragment that is a dotted name is an API reference's anchor of that object (marimo's
    # examples link ``…/chat.html#marimo.ui.chat``); any other fragment is not read
    ("[chat](https://docs.example/api/chat.html#marimo.ui.chat) "
     "[x](https://a.example/p#section_name) [y](https://b.example/q#L4.x-y)",
     {"marimo.ui.chat"}, {"section_name", "chat.html", "api"}),
    # a relative link is read as before: its path and fragment
    ("[api](../api/observable.md#observable-deep)", {"observable.md", "deep"}, set()),
    # no scheme, no URL: ``case foo://`` and a lone ``://``
    ("case foo:// comment, a ://b_name/c", {"foo", "b_name", "comment"}, set()),
])
def test_what_a_page_writing_urls_names(page: str, named: set[str], unnamed: set[str]) -> None:
    words = scan_page(page + "\n", "a.md").words
    assert named <= words
    assert not unnamed & words


def test_a_url_is_blanked_in_place_keeping_a_linked_source_path() -> None:
    page = "[p](https://github.com/o/r/blob/main/src/p.py#top) [q](https://x.example/y?file=/q.js)"
    blanked = without_urls(page)
    assert len(blanked) == len(page)
    source, sandbox = "https://github.com/o/r/blob/main/", "https://x.example/y?file=/q.js"
    assert blanked == f"[p]({' ' * len(source)}src/p.py{' ' * len('#top')}) " \
                      f"[q]({' ' * len(sandbox)})"
    tokens = scan_page(page, "a.md")
    assert tokens.loose == {"src/p.py"}
    # a link to a line cites a declaration, not the file: all of it blank
    cited = "[p](https://github.com/o/r/blob/main/src/p.py#L4)"
    assert without_urls(cited) == f"[p]({' ' * (len(cited) - 5)})"
    assert scan_page(cited, "a.md").loose == set()
    # a fragment that is no line (a bare `L`, a word after the number, a heading's anchor)
    for fragment in ("#L", "#L15a", "#Lifecycle", "#l15", "#L15-"):
        assert scan_page(f"[p](https://github.com/o/r/blob/main/src/p.py{fragment})",
                         "a.md").loose == {"src/p.py"}, fragment
    assert not tokens.routes
    # a docblock link is read by its own rule, not blanked as a URL
    assert without_urls("[s](docblock://query/api.ts)") == "[s](docblock://query/api.ts)"
