"""File paths: a page that names a changed file by its path (an include, a snippet, a path
in prose) is a row, when no other file of the tree ends with what it writes
(docs/concepts/anchoring-rules.md#file-paths)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.docs.corpus import Page
from govern.drift.docs.index import MAX_PARAMETERS
from govern.drift.paths import MAX_SEGMENTS, path_forms
from tests.helpers import build_index, pr_repo, run_json

EXAMPLE = "from acme import App\n\napp = App()\n"
CHANGED = EXAMPLE + "app.debug = True\n"
TUTORIAL = "# Tutorial\n\nStart an app:\n\n{* ../../docs_src/first_steps/tutorial001.py hl[3] *}\n"


def _docs(tmp_path: Path, base: dict[str, str],
          change: dict[str, str | None]) -> list[dict[str, Any]]:
    return list(run_json(pr_repo(tmp_path, base, change), "main")["docs"])


def test_a_page_including_the_changed_file_is_a_row_with_its_line(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"docs_src/first_steps/tutorial001.py": EXAMPLE,
                            "docs/en/docs/tutorial.md": TUTORIAL,
                            "docs/en/docs/other.md": "# Other\n\nNothing about it.\n"},
                 {"docs_src/first_steps/tutorial001.py": CHANGED})
    assert [row["path"] for row in docs] == ["docs/en/docs/tutorial.md"]
    assert docs[0]["anchors"] == [{"kind": "file", "token": "docs_src/first_steps/tutorial001.py",
                                   "side": "both"}]
    assert docs[0]["evidence"][0] == {"rule": "file_path", "kind": "file",
                                      "token": "docs_src/first_steps/tutorial001.py", "lines": [5]}
    assert docs[0]["stale"] is False


def test_the_text_report_says_the_page_names_a_file(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"docs_src/first_steps/tutorial001.py": EXAMPLE,
                              "docs/tutorial.md": TUTORIAL},
                   {"docs_src/first_steps/tutorial001.py": CHANGED})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--format", "text", "main"])
    assert result.exit_code == 0, result.output
    assert ("  - docs/tutorial.md:5  via docs_src/first_steps/tutorial001.py (file)"
            in result.stdout.splitlines())


@pytest.mark.parametrize(("changed", "page"), [
    # Sphinx, relative to the page
    ("examples/hello/app.py", ".. literalinclude:: ../examples/hello/app.py\n   :lines: 1-3\n"),
    # MkDocs snippets
    ("docs/snippets/setup.sh", 'Install:\n\n--8<-- "docs/snippets/setup.sh"\n'),
    # VitePress, from the source root
    ("docs/snippets/config.json", "<<< @/snippets/config.json{2}\n"),
    # prose, a dot folder
    ("tools/.github/lint.yml", "The linter is configured in `.github/lint.yml`.\n"),
    # any file, not only source
    ("examples/hello/settings.toml", "See `hello/settings.toml` for every key.\n"),
    # a link to the file's source on GitHub (or GitLab's /-/blob/), a fragment not a line
    ("src/acme/parser.py",
     "Parsing is done by [the parser](https://github.com/acme/acme/blob/main/src/acme/"
     "parser.py#parsing).\n"),
    ("lib/acme/parser.rb",
     "See <https://gitlab.com/acme/acme/-/blob/v2.0/lib/acme/parser.rb>.\n"),
])
def test_every_include_and_mention_form_anchors(tmp_path: Path, changed: str, page: str) -> None:
    docs = _docs(tmp_path, {changed: "a = 1\n", "docs/guide.md": page},
                 {changed: "a = 2\n"})
    assert [row["path"] for row in docs] == ["docs/guide.md"]
    assert docs[0]["evidence"][0]["rule"] == "file_path"
    assert docs[0]["evidence"][0]["lines"] != []


def test_a_source_link_names_only_the_file_it_points_to(tmp_path: Path) -> None:
    """The linked file is the one after the branch, as a whole path: a link to another file
    of the same name, a folder (``/tree/``) or the repository itself names nothing."""
    base = {"src/acme/parser.py": "a = 1\n", "tests_data/acme/parser.py": "b = 1\n",
            "docs/linked.md": "[source](https://github.com/acme/acme/blob/main/src/acme/"
                              "parser.py)\n",
            "docs/other.md": "[data](https://github.com/acme/acme/blob/main/tests_data/acme/"
                             "parser.py), [folder](https://github.com/acme/acme/tree/main/src/"
                             "acme), [repo](https://github.com/acme/acme/blob/main)\n"}
    docs = _docs(tmp_path, base, {"src/acme/parser.py": "a = 2\n"})
    assert [row["path"] for row in docs] == ["docs/linked.md"]
    assert docs[0]["evidence"][0] == {"rule": "file_path", "kind": "file",
                                      "token": "src/acme/parser.py", "lines": [1]}


SHA = "ae04c0e36cf3f5b2e356df7d48a5b19988f935a2"


@pytest.mark.parametrize("ref", [SHA, SHA.upper(), SHA + "0123456789abcdef01234567"])
def test_a_source_link_pinned_to_a_commit_names_no_file(tmp_path: Path, ref: str) -> None:
    """got's TypeScript page heads each type with a permalink (``/blob/<commit>/…#L535``): it
    cites one version of one declaration, so a change to the file lists the page only where
    it names the file on a branch or tag (a short hex ref may be a branch's name)."""
    base = {"source/core/options.ts": "export const a = 1\n",
            "docs/pinned.md": f"### [`Options`](https://github.com/o/r/blob/{ref}/source/core/"
                              "options.ts#L535)\n",
            "docs/gitlab.md": f"See <https://gitlab.com/o/r/-/blob/{ref}/source/core/"
                              "options.ts#L2>.\n",
            "docs/branch.md": "[Options](https://github.com/o/r/blob/main/source/core/"
                              "options.ts)\n",
            "docs/short.md": "[Options](https://github.com/o/r/blob/ae04c0e/source/core/"
                             "options.ts)\n"}
    docs = _docs(tmp_path, base, {"source/core/options.ts": "export const a = 2\n"})
    assert [row["path"] for row in docs] == ["docs/branch.md", "docs/short.md"]


@pytest.mark.parametrize("link", [
    "[src](https://github.com/o/r/blob/main/types/request.d.ts#L15)",
    "[src](https://github.com/o/r/blob/main/types/request.d.ts#L15-L20)",
    "<https://gitlab.com/o/r/-/blob/main/types/request.d.ts#L15-20>",
    "[src](https://github.com/o/r/blob/main/types/request.d.ts?plain=1#L15)",
    "See https://github.com/o/r/blob/main/types/request.d.ts#L15.",
    "<https://gitlab.com/o/r/-/blob/main/types/request.d.ts?ref_type=heads#L15>",
    "[src](https://github.com/o/r/blob/main/types/request.d.ts#L15C3-L20C1)",
    "**https://github.com/o/r/blob/main/types/request.d.ts#L15**",
])
def test_a_source_link_to_a_line_names_no_file(tmp_path: Path, link: str) -> None:
    """fastify's TypeScript reference heads each type with its name and a ``[src]`` link to
    the line declaring it: the link cites that declaration, which the heading names, not the
    file, and a change elsewhere in the file listed the page on 6 of 59 commits, none edited.
    The same link to the file itself, or with a fragment that is no line, names it."""
    base = {"types/request.d.ts": "export interface FastifyRequest { id: string }\n",
            "docs/typescript.md": f"#### FastifyRequest\n\n{link}\n",
            "docs/linked.md": "[src](https://github.com/o/r/blob/main/types/request.d.ts)\n",
            "docs/section.md": "[id](https://github.com/o/r/blob/main/types/request.d.ts#id)\n"}
    docs = _docs(tmp_path, base, {"types/request.d.ts": "export interface FastifyRequest "
                                                        "{ id: string }\nexport type Id = 1\n"})
    assert [(row["path"], row["evidence"][0]["lines"]) for row in docs] == [
        ("docs/linked.md", [1]), ("docs/section.md", [1])]


def test_a_file_no_extractor_reads_is_no_blind_spot_where_a_page_names_it(
        tmp_path: Path) -> None:
    """black's editors page names `plugin/black.vim`: the change to it is listed there, and
    NOT COVERED keeps only the plugin file no page names."""
    base = {"plugin/black.vim": "let a = 1\n", "autoload/black.vim": "let b = 1\n",
            "docs/editors.md": "Vim: copy `plugin/black.vim` into place.\n"}
    data = run_json(pr_repo(tmp_path, base, {"plugin/black.vim": "let a = 2\n",
                                             "autoload/black.vim": "let b = 2\n"}), "main")
    assert [row["path"] for row in data["docs"]] == ["docs/editors.md"]
    assert [entry["path"] for entry in data["anchorless_changes"]] == ["autoload/black.vim"]



def test_a_file_only_a_changelog_names_is_still_a_blind_spot(tmp_path: Path) -> None:
    """A release-owned page naming the stylesheet is no page a code PR may edit: the file's
    change is still NOT COVERED."""
    base = {"web/theme.css": "a {}\n", "CHANGELOG.md": "# Changelog\n\n- `web/theme.css` darker.\n",
            "docs/a.md": "# A\n"}
    data = run_json(pr_repo(tmp_path, base, {"web/theme.css": "a { color: red }\n"}), "main")
    assert [row["path"] for row in data["docs"]] == ["CHANGELOG.md"]
    assert data["docs"][0]["release_owned"] is True
    assert [entry["path"] for entry in data["anchorless_changes"]] == ["web/theme.css"]


def test_a_part_other_files_end_with_names_none_of_them(tmp_path: Path) -> None:
    base = {"packages/core/src/index.ts": "export const a = 1\n",
            "packages/web/src/index.ts": "export const b = 1\n",
            "docs/vague.md": "Every package starts at `src/index.ts`.\n",
            "docs/exact.md": "The core starts at `core/src/index.ts`.\n"}
    docs = _docs(tmp_path, base, {"packages/core/src/index.ts": "export const a = 2\n"})
    assert [row["path"] for row in docs] == ["docs/exact.md"]


def test_a_single_name_is_no_path(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"examples/app.py": "a = 1\n", "docs/guide.md": "Run `app.py`.\n"},
                 {"examples/app.py": "a = 2\n"})
    assert docs == []


@pytest.mark.parametrize("change", [
    {"docs_src/first_steps/tutorial001.py": None},
    {"docs_src/first_steps/tutorial001.py": None, "docs_src/first_steps/tutorial002.py": CHANGED},
])
def test_a_page_naming_a_deleted_or_renamed_file_is_stale(tmp_path: Path,
                                                          change: dict[str, str | None]) -> None:
    docs = _docs(tmp_path, {"docs_src/first_steps/tutorial001.py": EXAMPLE,
                            "docs/tutorial.md": TUTORIAL}, change)
    assert [(row["path"], row["stale"]) for row in docs] == [("docs/tutorial.md", True)]
    assert docs[0]["evidence"][0]["rule"] == "removed"


def test_a_rename_keeping_a_named_part_is_not_stale(tmp_path: Path) -> None:
    # moved to another folder, the part the page writes still names one file: the new one
    docs = _docs(tmp_path, {"old/first_steps/tutorial001.py": EXAMPLE,
                            "docs/tutorial.md": "See `first_steps/tutorial001.py`.\n"},
                 {"old/first_steps/tutorial001.py": None,
                  "new/first_steps/tutorial001.py": CHANGED})
    assert [(row["path"], row["stale"]) for row in docs] == [("docs/tutorial.md", False)]


@pytest.mark.parametrize(("changed", "page"), [
    # a link between pages is navigation
    ("examples/hello/README.md", "See `examples/hello/README.md`.\n"),
    # a test is nobody's documentation
    ("pkg/tests/test_app.py", "The suite lives in `pkg/tests/test_app.py`.\n"),
    # outside code.paths, as the rest of the change set
    ("generated/api/client.py", "Regenerate `generated/api/client.py` with the script.\n"),
])
def test_pages_tests_and_excluded_files_anchor_no_path(tmp_path: Path, changed: str,
                                                       page: str) -> None:
    config = '[code]\nexclude = ["generated/**"]\n'
    docs = _docs(tmp_path, {changed: "a = 1\n", "docs/guide.md": page, "govern.toml": config},
                 {changed: "a = 2\n"})
    assert docs == []


def test_a_file_every_page_includes_is_neither_folded_nor_over_broad(tmp_path: Path) -> None:
    # twelve translations of one tutorial, each including the example: more pages than the row
    # cap (8) and than the corpus share allows, but each page shows the changed file
    pages = {f"docs/{lang}/tutorial.md": TUTORIAL for lang in range(12)}
    docs = _docs(tmp_path, {"docs_src/first_steps/tutorial001.py": EXAMPLE, **pages},
                 {"docs_src/first_steps/tutorial001.py": CHANGED})
    assert sorted(row["path"] for row in docs) == sorted(pages)


def test_a_name_on_as_many_pages_is_still_folded(tmp_path: Path) -> None:
    # the cap the path is exempt from still holds for a name
    pages = {f"docs/{lang}/tutorial.md": "Call `make_app()`.\n" for lang in range(12)}
    data = run_json(pr_repo(tmp_path, {"acme/app.py": "def make_app():\n    return 1\n", **pages},
                            {"acme/app.py": "def make_app():\n    return 2\n"}), "main")
    assert data["docs"] == []
    assert [a["token"] for a in data["overbroad_anchors"] + data["folded_anchors"]] == ["make_app"]


def test_the_forms_of_a_path_are_its_trailing_parts_of_two_segments_or_more() -> None:
    assert path_forms("a/b/c.py") == ["a/b/c.py", "b/c.py"]
    assert path_forms("c.py") == []
    deep = "/".join(f"d{i}" for i in range(100)) + "/x.py"
    assert len(path_forms(deep)) == MAX_SEGMENTS - 1
    assert path_forms(deep)[-1] == "d99/x.py"


def test_the_pages_naming_each_path_form_are_found_in_a_few_statements() -> None:
    """The index answers with the pages writing each form, for more forms than one statement
    binds, and a page writing ``github/ci.yml`` writes the form ``.github/ci.yml`` too (the
    scanner keeps it from its ``g``)."""
    texts = {"one": "Include `docs_src/a/main.py` and `.github/ci.yml`.\n",
             "two": "Include `docs_src/a/main.py`, `b/main.py` and `github/ci.yml`.\n"}
    index = build_index([Page(f"docs/{blob}.md", blob, False) for blob in texts],
                        lambda blob: texts[blob].encode())
    unwritten = [f"docs_src/x{number}/main.py" for number in range(MAX_PARAMETERS)]
    named = index.naming_paths([*unwritten, "docs_src/a/main.py", "b/main.py",
                                ".github/ci.yml", "github/ci.yml"])
    assert {form: {index.pages[page].path for page in pages}
            for form, pages in named.items()} == {
        "docs_src/a/main.py": {"docs/one.md", "docs/two.md"},
        "b/main.py": {"docs/two.md"},
        ".github/ci.yml": {"docs/one.md", "docs/two.md"},
        "github/ci.yml": {"docs/one.md", "docs/two.md"}}
