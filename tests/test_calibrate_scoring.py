"""How calibrate scores rows on pages a case deleted or moved away, and pages edited only in
their credits (docs/how-to/calibrate.md), on real repositories."""

from __future__ import annotations

from pathlib import Path

from tests.gitrepo import make_repo
from tests.test_calibrate import API_PAGE, LIB, calibrate, calibrate_json

OLD = LIB + "\n\ndef plain_handler(app):\n    return app\n"
PLAIN = "# {name}\n\nWrap it with `plain_handler(app)`.\n"


def test_a_row_on_a_page_the_case_deleted_or_moved_is_counted_apart_from_noise(
        tmp_path: Path) -> None:
    """typer 2f265f23ee deleted using-click.md and 36e40806b7 moved autocompletion.md: the
    code-only commit still held each page, listed stale, and both were scored as noise."""
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": OLD, "docs/api.md": API_PAGE,
        "docs/plain.md": PLAIN.format(name="Plain"),
        "docs/gone.md": PLAIN.format(name="Gone"),
        "docs/moved.md": PLAIN.format(name="Moved"),
        "docs/edited.md": "# Edited\n\nUse `plain_handler` no more.\n"})
    case = repo.commit({"src/lib.py": LIB, "docs/gone.md": None, "docs/moved.md": None,
                        "docs/guide/moved.md": "# Moved\n\nIt is gone.\n",
                        "docs/edited.md": "# Edited\n\nIt is gone.\n"}, "remove")
    out = tmp_path / "report.md"
    report = calibrate_json(repo, "--no-suggest", "--out", str(out))
    measured = report["per_case"][0]
    assert measured["commit"] == case and measured["reference"] == ["docs/edited.md"]
    # the page left as it was still names the removed function: unedited drift, and noise
    assert measured["stale_unedited"] == ["docs/plain.md"]
    assert [row["path"] for row in measured["rows"]] == ["docs/edited.md", "docs/plain.md"]
    assert [row["path"] for row in measured["retired"]] == ["docs/gone.md", "docs/moved.md"]
    assert {"kind": "symbol", "token": "plain_handler"} in measured["retired"][0]["anchors"]
    assert measured["hits"] == ["docs/edited.md"] and measured["recall"] == 1.0
    assert report["stale_rows_unedited"] == 1 and report["rows_retired"] == 2
    assert report["rows"]["total"] == 2 and report["reference_share_of_rows"] == 0.5
    assert [row["path"] for row in report["noisiest"][0]["noise"]] == ["docs/plain.md"]
    line = ("2 row(s) on pages a case deleted or moved away, which only its code-only commit "
            "still held: neither hits nor noise, and not counted in rows (per case, retired)")
    assert line in calibrate(repo, "--no-suggest").output
    assert "2 row\\(s\\) on pages a case deleted or moved away" in out.read_text()  # escaped


def test_no_retired_line_when_no_case_deleted_a_listed_page(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": OLD, "docs/api.md": API_PAGE, "docs/plain.md": PLAIN.format(name="Plain"),
        "docs/other.md": "# Other\n\nNothing here.\n"})
    repo.commit({"src/lib.py": LIB, "docs/other.md": None,
                 "docs/api.md": API_PAGE + "\nMore.\n"}, "a page naming nothing deleted")
    report = calibrate_json(repo, "--no-suggest")
    assert report["rows_retired"] == 0 and report["per_case"][0]["retired"] == []
    assert report["per_case"][0]["stale_unedited"] == ["docs/plain.md"]
    assert "deleted or moved away" not in calibrate(repo, "--no-suggest").output


README = ("# lib\n\n## Usage\n\nCall `fetch_items` for a page.\n\n## Change Log\n\n"
          "* first release\n\n## Authors\n\nGlued together by Ann.\n\n## License\n\nMIT\n")
AUTHORS = "# Authors\n\n- Ann\n"


def _sized(size: int) -> str:
    return LIB.replace("size = 10", f"size = {size}")


def test_an_edit_only_to_a_credits_section_makes_no_reference_page(tmp_path: Path) -> None:
    """black 4d71d74a44 and four more added a contributor under the README's ``## Authors``
    (with or without a change-log entry): each counted as a miss no rule could reach."""
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": API_PAGE,
                                         "README.md": README, "docs/authors.md": AUTHORS})
    credits = repo.commit({"src/lib.py": _sized(20),
                           "README.md": README.replace("by Ann.", "by Ann and Bo.")}, "credits")
    both = repo.commit({"src/lib.py": _sized(30), "README.md": README.replace(
        "by Ann.", "by Ann and Cy.").replace("* first", "* pages of 30\n* first")}, "notes too")
    page = repo.commit({"src/lib.py": _sized(40), "docs/authors.md": AUTHORS + "- Di\n",
                        "docs/api.md": API_PAGE + "\nPages hold forty items.\n"}, "authors page")
    usage = repo.commit({"src/lib.py": _sized(50), "README.md": README.replace(
        "for a page.", "for a page of fifty.").replace("by Ann.", "by Ann and Ed.")}, "usage")
    report = calibrate_json(repo, "--no-suggest")
    cases = {case["commit"]: case for case in report["per_case"]}
    assert credits not in cases and both not in cases
    assert cases[page]["reference"] == ["docs/api.md"]  # a page titled Authors is credits whole
    # the same page edited in another section too is a reference page, and a hit
    assert cases[usage]["reference"] == ["README.md"] and cases[usage]["hits"] == ["README.md"]
    assert report["run"]["skipped"] == {"mass_change": 0, "docs_cosmetic": 0,
                                        "code_comment_only": 0, "code_release_data_only": 0,
                                        "release_notes_only": 0, "credits_only": 2,
                                        "toctree_only": 0, "spelling_only": 0,
                                        "formatting_only": 0}
    assert (report["run"]["credits_pages"], report["run"]["release_notes_pages"]) == (3, 0)
    text = calibrate(repo, "--no-suggest").output
    assert ("3 changed page(s) set aside: their prose changed only under a credits heading "
            "(## Authors), perhaps with release notes, which is bookkeeping, no docs drift; "
            "2 commit(s) are no case for it.") in text
    assert "under a release-notes heading" not in text


def test_affected_docs_still_reads_a_credits_section(tmp_path: Path) -> None:
    """Only the reference set sets credits aside: a name there is listed as anywhere else."""
    credited = README.replace("Call `fetch_items` for a page.", "Read the API.").replace(
        "by Ann.", "by Ann, who wrote `send_request`.")
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "README.md": credited,
                                         "docs/guide.md": "# Guide\n\nStart here.\n"})
    repo.commit({"src/lib.py": LIB.replace("timeout = 1", "timeout = 2"),
                 "docs/guide.md": "# Guide\n\nStart here, slowly.\n"}, "timeout")
    case = calibrate_json(repo, "--no-suggest")["per_case"][0]
    assert [row["path"] for row in case["rows"]] == ["README.md"]
    assert case["reference"] == ["docs/guide.md"] and case["hits"] == []


TYPOS = "# Guide\n\nTo make a reponse, call `fetch_items` and return it.\n"


def test_a_page_whose_words_were_only_respelled_makes_no_reference_page(
        tmp_path: Path) -> None:
    """h3 23d9047726 ("chore: fix typos") fixed seven pages' spelling beside a code change:
    seven misses no rule could reach, half of h3's sampled misses."""
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": API_PAGE,
                                         "docs/guide.md": TYPOS})
    sweep = repo.commit({"src/lib.py": _sized(20),
                         "docs/guide.md": TYPOS.replace("reponse", "response")}, "fix typos")
    fixed = TYPOS.replace("reponse", "response")
    renamed = repo.commit({"src/lib.py": _sized(30),
                           "docs/guide.md": fixed.replace("fetch_items", "fetch_item")},
                          "a name on the page")
    mixed = repo.commit({"src/lib.py": _sized(40), "docs/guide.md": fixed.replace(
                             "fetch_items", "fetch_item").replace("return", "retrun"),
                         "docs/api.md": API_PAGE + "\nPages hold forty items.\n"}, "both")
    report = calibrate_json(repo, "--no-suggest")
    cases = {case["commit"]: case for case in report["per_case"]}
    assert sweep not in cases
    # a renamed name is drift, however few letters it changed: the page stays a reference
    assert cases[renamed]["reference"] == ["docs/guide.md"]
    assert cases[mixed]["reference"] == ["docs/api.md"]
    assert report["run"]["skipped"]["spelling_only"] == 1
    assert report["run"]["spelling_pages"] == 2
    text = calibrate(repo, "--no-suggest").output
    assert ("2 changed page(s) set aside: only the spelling of prose words changed (typo "
            "fixes), which is no docs drift; 1 commit(s) are no case for it.") in text


INDEX = ("Reference\n=========\n\nSee `fetch_items`.\n\n.. toctree::\n   :maxdepth: 1\n\n"
         "   api/parser\n   Notifier <api/notifier>\n\nMore prose.\n")


def test_a_toctree_entry_dropped_for_a_deleted_page_makes_no_reference_page(
        tmp_path: Path) -> None:
    """loguru f7e735f deleted ``docs/api/parser.rst``, and ``docs/api.rst`` changed only in
    that page's toctree line: a miss no rule could reach, where it is bookkeeping."""
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": LIB, "docs/index.rst": INDEX, "docs/api/parser.rst": "Parser\n======\n",
        "docs/api/notifier.rst": "Notifier\n========\n"})
    dropped = repo.commit({"src/lib.py": _sized(20), "docs/api/parser.rst": None,
                           "docs/index.rst": INDEX.replace("   api/parser\n", "")}, "drop")
    titled = repo.commit({"src/lib.py": _sized(30), "docs/api/notifier.rst": None,
                          "docs/index.rst": INDEX.replace("   api/parser\n", "").replace(
                              "   Notifier <api/notifier>\n", "")}, "drop a titled entry")
    # the entry of a page still there, and prose beside a deleted page's entry: references
    kept = repo.commit({"src/lib.py": _sized(40), "docs/api/extra.rst": "Extra\n=====\n",
                        "docs/index.rst": INDEX.replace("   api/parser\n", "").replace(
                            "   Notifier <api/notifier>\n", "   api/extra\n")}, "add")
    both = repo.commit({"src/lib.py": _sized(50), "docs/api/extra.rst": None,
                        "docs/index.rst": INDEX.replace("   api/parser\n", "").replace(
                            "   Notifier <api/notifier>\n", "").replace(
                            "More prose.", "Pages of fifty.")}, "drop and say more")
    report = calibrate_json(repo, "--no-suggest")
    cases = {case["commit"]: case for case in report["per_case"]}
    assert dropped not in cases and titled not in cases
    assert cases[kept]["reference"] == ["docs/index.rst"]
    assert cases[both]["reference"] == ["docs/index.rst"]
    assert report["run"]["skipped"]["toctree_only"] == 2
    assert report["run"]["toctree_pages"] == 2
    assert ("2 changed page(s) set aside: only toctree entries naming a page the commit deleted "
            "changed, which is bookkeeping, no docs drift; 2 commit(s) are no case for it."
            ) in calibrate(repo, "--no-suggest").output
