"""What calibrate tells about commits that are no case (docs/how-to/calibrate.md): docs
changed only in bare markup lines; on real repositories."""

from __future__ import annotations

from pathlib import Path

from govern.calibrate.cases import parse_prose
from tests.gitrepo import make_repo
from tests.test_calibrate import LIB, calibrate_json

TS_PAGE = ("# TypeScript\n\n<details>\n  <summary>Why curry?</summary>\n\n"
           "Because `create<T>()` infers.\n\n</details>\n")


def test_a_page_changed_only_in_bare_markup_lines_is_cosmetic(tmp_path: Path) -> None:
    """zustand 72de1aed added three ``<br/>`` lines to docs/typescript.md and counted it as a
    reference page."""
    spaced = TS_PAGE.replace("</summary>\n", "</summary>\n\n  <br/>\n").replace(
        "</details>", "<br>\n</details>")
    assert parse_prose(spaced) == parse_prose(TS_PAGE)
    assert parse_prose("<hr />\n<p>\n</p>\nText") == parse_prose("Text")
    # a component, a tag with attributes and a type inside a line are no bare markup
    assert parse_prose("<Provider>\n") != parse_prose("<StoreProvider>\n")
    assert parse_prose('<script src="/main.js"></script>\n') != parse_prose(
        '<script src="/main.ts"></script>\n')
    assert parse_prose("create<State>()\n") != parse_prose("create<Store>()\n")
    assert parse_prose(spaced) != parse_prose(spaced.replace("infers", "infers the state"))
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/typescript.md": TS_PAGE})
    breaks = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 20"),
                          "docs/typescript.md": spaced}, "line breaks")
    prose = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 30"),
                         "docs/typescript.md": spaced + "\nPages hold thirty items.\n"}, "prose")
    report = calibrate_json(repo, "--no-suggest")
    assert [case["commit"] for case in report["per_case"]] == [prose]
    assert breaks != prose and report["run"]["skipped"]["docs_cosmetic"] == 1
