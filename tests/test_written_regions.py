"""Written regions: a page region a script writes between two markers is listed when the script,
or a file it imports, changes (docs/concepts/anchoring-rules.md#written-regions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.docs.corpus import Page
from govern.drift.docs.scanner import scan_page, written_regions
from govern.drift.regions import MAX_MARKERS, imported_files, region_candidates
from govern.git.diff import ChangedFile
from tests.helpers import build_index, pr_repo, run_json

START, END = "<!-- SPONSORS:LIST:START -->", "<!-- SPONSORS:LIST:END -->"
README = f"# Acme\n\nUse it.\n\n## Sponsors\n\n{START}\n- Ada\n{END}\n"
DATA = 'export const sponsors = [{ "login": "ada" }];\n'
PUSH = (
    "/**\n * Writes the sponsors into the README.\n */\n"
    "import fs from 'fs';\n"
    "import { sponsors } from './data';\n\n"
    "const file = `${__dirname}/../../README.md`;\n"
    f"const start = '{START}';\n"
    f"const end = '{END}';\n"
    "const text = fs.readFileSync(file, 'utf8');\n"
    "fs.writeFileSync(file, text.slice(0, text.indexOf(start) + start.length) + '\\n'"
    " + sponsors.map((s) => `- ${s.login}`).join('\\n') + '\\n' + text.slice(text.indexOf(end)));\n"
)
BASE = {"scripts/sponsors/push.ts": PUSH, "scripts/sponsors/data.ts": DATA,
        "scripts/sponsors/other.ts": "export const unrelated = 1;\n",
        "src/index.ts": "export function start() {}\n",
        "README.md": README, "docs/guide.md": "# Guide\n\nNothing generated here.\n"}


def _docs(tmp_path: Path, change: dict[str, str | None],
          base: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return list(run_json(pr_repo(tmp_path, base or BASE, change), "main")["docs"])


def test_a_changed_data_file_the_script_imports_lists_the_page_at_its_marker(
        tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")})
    assert [row["path"] for row in docs] == ["README.md"]
    assert docs[0]["anchors"] == [{"kind": "region", "token": START, "side": "both"}]
    assert docs[0]["evidence"] == [{"rule": "written_region", "kind": "region", "token": START,
                                    "lines": [7]}]


def test_a_page_showing_the_markers_in_code_holds_no_region(tmp_path: Path) -> None:
    contributing = ("# Contributing\n\nThe sponsors are written between:\n\n"
                    f"```md\n{START}\n{END}\n```\n")
    docs = _docs(tmp_path, {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")},
                 {**BASE, "docs/contributing.md": contributing})
    assert [row["path"] for row in docs] == ["README.md"]


def test_code_commented_out_around_a_line_is_a_change(tmp_path: Path) -> None:
    """A change whose every line is a comment's, wrapping code that was there, changes what
    the script does: the whole file's code is compared, not the changed lines."""
    wrapped = PUSH.replace("fs.writeFileSync(", "/*\nfs.writeFileSync(").replace(
        "+ text.slice(text.indexOf(end)));\n", "+ text.slice(text.indexOf(end)));\n*/\n")
    docs = _docs(tmp_path, {"scripts/sponsors/push.ts": wrapped})
    assert [row["path"] for row in docs] == ["README.md"]


def test_a_changed_script_lists_the_page_it_writes(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"scripts/sponsors/push.ts": PUSH.replace("'utf8'", "'utf-8'")})
    assert [row["path"] for row in docs] == ["README.md"]
    assert docs[0]["evidence"][0]["rule"] == "written_region"


def test_the_text_report_says_a_script_writes_the_region(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, BASE, {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--format", "text", "main"])
    assert result.exit_code == 0, result.output
    assert f"  - README.md:7  via {START} (region, script-written)" in result.stdout.splitlines()


@pytest.mark.parametrize(("why", "change", "base"), [
    ("a change to the script's comments only",
     {"scripts/sponsors/push.ts": PUSH.replace("import fs", "// writes the README\nimport fs")},
     BASE),
    ("a change to the script's documentation comment only",
     {"scripts/sponsors/push.ts": PUSH.replace("Writes the", "Writes all the")}, BASE),
    ("another page the script writes, out of the corpus, edited by hand",
     {"site/unversioned/_sponsors.mdx": f"{START}\n- Grace\n{END}\n"},
     {**BASE, "site/unversioned/_sponsors.mdx": f"{START}\n- Ada\n{END}\n",
      "scripts/sponsors/push.ts": PUSH + "const other = 'site/unversioned/_sponsors.mdx';\n"}),
    ("a file the script does not import",
     {"scripts/sponsors/other.ts": "export const unrelated = 2;\n"}, BASE),
    ("a script that does not name the page",
     {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")},
     {**BASE, "scripts/sponsors/push.ts": PUSH.replace("README.md", "SPONSORS.txt")}),
    ("a region never closed",
     {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")},
     {**BASE, "README.md": README.replace(END, "")}),
    ("a marker the script does not write",
     {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")},
     {**BASE, "README.md": README.replace("SPONSORS:LIST", "BACKERS")}),
    ("a marker another page holds too, which the script does not name",
     {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")},
     {**BASE, "docs/guide.md": f"# Guide\n\n{START}\n- Ada\n{END}\n"}),
    ("a marker two pages of one file name hold, which names neither",
     {"scripts/sponsors/data.ts": DATA.replace("ada", "grace")},
     {**BASE, "docs/README.md": f"# Docs\n\n{START}\n- Ada\n{END}\n"}),
])
def test_no_row_without_a_script_writing_the_region(tmp_path: Path, why: str,
                                                    change: dict[str, str | None],
                                                    base: dict[str, str]) -> None:
    assert _docs(tmp_path, change, base) == [], why


def test_a_python_script_and_the_module_it_imports(tmp_path: Path) -> None:
    # the marker right after a word character (`n` of `\n`): no whole word for git grep
    script = ("from .commands import (\n    COMMANDS,\n)\n\n"
              "PAGE = 'docs/commands.md'\n"
              "START, END = '\\n<!-- BEGIN commands -->', '<!-- END commands -->'\n")
    page = "# Commands\n\n<!-- BEGIN commands -->\n- run\n<!-- END commands -->\n"
    base = {"tools/__init__.py": "", "tools/gen.py": script,
            "tools/commands.py": "COMMANDS = ['run']\n", "docs/commands.md": page}
    docs = _docs(tmp_path, {"tools/commands.py": "COMMANDS = ['run', 'stop']\n"}, base)
    assert [(row["path"], row["evidence"][0]["lines"]) for row in docs] == [
        ("docs/commands.md", [3])]


SCRIPT = ("from pathlib import Path\n\n"
          "data = Path('docs') / 'data' / '{data}'\n"
          "readme = Path('README.md')\n"
          "START, END = '<!-- sponsors -->', '<!-- /sponsors -->'\n")
PAGE = "# Acme\n\n<!-- sponsors -->\n- Ada\n<!-- /sponsors -->\n"


@pytest.mark.parametrize(("data", "listed"), [
    ("sponsors.yml", ["README.md"]),
    # a name another file of the tree has too names neither
    ("index.yml", []),
])
def test_data_a_script_names_at_the_end_of_a_string(tmp_path: Path, data: str,
                                                    listed: list[str]) -> None:
    base = {"scripts/docs.py": SCRIPT.format(data=data), "README.md": PAGE,
            f"docs/data/{data}": "- ada\n", "src/acme/index.yml": "x: 1\n"}
    docs = _docs(tmp_path, {f"docs/data/{data}": "- ada\n- grace\n"}, base)
    assert [row["path"] for row in docs] == listed
    assert all(row["anchors"][0]["token"] == "<!-- sponsors -->" for row in docs)


def test_only_outermost_closed_regions_are_kept() -> None:
    page = ("<!-- A:START -->\n<!-- prettier-ignore-start -->\nx\n<!-- prettier-ignore-end -->\n"
            "<!-- A:END -->\n<!-- B:START -->\nnever closed\n<!--sponsorsstart-->\n")
    assert written_regions(page) == [(0, "<!-- A:START -->")]
    assert scan_page(page, "README.md").regions == {"<!-- A:START -->"}
    # rst writes no HTML comments; a comment over 200 characters is no marker
    assert scan_page(page, "index.rst").regions == frozenset()
    assert written_regions(f"<!-- {'x' * 200} start -->\n<!-- end -->\n") == []
    assert written_regions("<!--sponsorsstart-->\n<!--sponsorsend-->\n") == [
        (0, "<!--sponsorsstart-->")]
    # a comment and its namesake after a `/`; a comment without one marks nothing
    assert written_regions("<!-- note -->\n<!-- sponsors -->\nx\n<!-- note -->\n"
                           "<!-- /sponsors -->\n") == [(14, "<!-- sponsors -->")]
    assert written_regions("<!-- sponsors -->\nx\n<!-- /backers -->\n") == []
    # a comment never closed hides no region after it; one saying `end` closes only its name
    assert written_regions("<!-- restart numbering -->\n<!-- S:START -->\nx\n"
                           "<!-- S:END -->\n") == [(27, "<!-- S:START -->")]
    assert written_regions("<!-- S:START -->\n<!-- recommended -->\n<!-- T:START -->\n"
                           "<!-- S:END -->\n<!-- T:END -->\n") == [(0, "<!-- S:START -->")]
    # markers shown in code, or after text on their line, mark nothing
    assert written_regions("Use `<!-- A:START -->` and `<!-- A:END -->`.\n") == []
    assert written_regions("```md\n<!-- A:START -->\nx\n<!-- A:END -->\n```\n") == []


@pytest.mark.parametrize(("path", "text", "tree", "imported"), [
    ("s/push.ts", "import { a } from './data';\nconst b = require('../lib/b');\n"
     "import './side';\nconst c = await import('./lazy');\nimport x from 'fs';\n",
     {"s/data.ts", "lib/b/index.js", "s/side.mjs", "s/lazy.json", "s/fs.ts"},
     {"s/data.ts", "lib/b/index.js", "s/side.mjs", "s/lazy.json"}),
    ("tools/docs/gen.py", "from .data import ROWS\nfrom .. import names, other\n"
     "from . import table\nimport data\nfrom .rows import (\n    A,\n    B,\n)\n"
     "from .more import *\nfrom . import (\n    kinds,\n)\n",
     {"tools/docs/data.py", "tools/names.py", "tools/docs/table.py", "data.py",
      "tools/docs.py", "tools/docs/rows.py", "tools/docs/more.py", "tools/docs/kinds.py"},
     {"tools/docs/data.py", "tools/names.py", "tools/docs/table.py", "tools/docs/rows.py",
      "tools/docs/more.py", "tools/docs/kinds.py"}),
])
def test_what_a_script_imports(path: str, text: str, tree: set[str],
                               imported: set[str]) -> None:
    assert imported_files(path, text, tree.__contains__) == imported


def test_markers_looked_for_are_bounded() -> None:
    """A corpus of thousands of markers asks git for at most MAX_MARKERS of them."""
    pages = [Page(f"docs/p{n}.md", f"blob{n}", False) for n in range(MAX_MARKERS + 50)]
    texts = {page.blob: f"<!-- R{n:04}:START -->\nx\n<!-- R{n:04}:END -->\n".encode()
             for n, page in enumerate(pages)}
    index = build_index(pages, texts.get)
    asked: list[list[str]] = []

    def holding(markers: list[str]) -> dict[str, bytes | None]:
        asked.append(markers)
        return {"gen.ts": f"'docs/p0.md' '{markers[0]}'".encode()}

    change = ChangedFile(path="gen.ts", old_path=None, status="M", old_lines=frozenset(),
                         new_lines=frozenset(), old_blob="", new_blob="", old_mode="100644",
                         new_mode="100644", hunks=())
    found = region_candidates([change], index, holding, frozenset(), lambda path: True,
                              lambda change: False)
    assert [len(markers) for markers in asked] == [MAX_MARKERS]
    assert [(c.kind, c.token, c.side) for c in found] == [
        ("region", "<!-- R0000:START -->", "base"), ("region", "<!-- R0000:START -->", "head")]
