"""A NOT COVERED file's reason names what its changed lines touch when a rule passed them over
(docs/concepts/affected-docs.md#not-covered): uvicorn's ``UvicornWorker.__init__`` body,
valtio's barrel of re-exports, a private helper; and stays plain when they touch nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.anchors.model import Extraction, not_covered_reason
from tests.helpers import pr_repo, run_json

PLAIN = "no documentable declaration on the changed lines"
WORKER = """\
class Worker:
    def __init__(self, backlog):
        super().__init__()
        print(backlog)


def _helper():
    return 1


print("loaded")
"""


@pytest.mark.parametrize(("path", "old", "new", "reason"), [
    ("pkg/workers.py", WORKER, WORKER.replace("print(backlog)", "print(backlog + 1)"),
     f"{PLAIN}; they touch the body of `Worker.__init__`"),
    ("pkg/workers.py", WORKER, WORKER.replace("return 1", "return 2"),
     f"{PLAIN}; they touch private `_helper`"),
    ("pkg/workers.py", WORKER, WORKER.replace('"loaded"', '"ready"'), PLAIN),  # no declaration
    ("src/utils.ts", "export { a as proxyWithHistory } from './a';\n",
     "export { a_DEPRECATED as proxyWithHistory } from './a';\n",
     f"{PLAIN}; they touch re-exports of unchanged names"),
    # called, not passed on: ``export const x = helper`` would publish it as ``x``
    ("src/utils.ts", "function helper() {\n  return 1;\n}\nexport const x = helper();\n",
     "function helper() {\n  return 2;\n}\nexport const x = helper();\n",
     f"{PLAIN}; they touch unexported `helper`"),
    ("src/utils.ts", "export class Store {\n  private _size = 1;\n}\n",
     "export class Store {\n  private _size = 2;\n}\n",
     f"{PLAIN}; they touch private `Store._size`"),
])
def test_the_reason_names_what_the_changed_lines_touch(tmp_path: Path, path: str, old: str,
                                                       new: str, reason: str) -> None:
    data = run_json(pr_repo(tmp_path, {path: old}, {path: new}), "main")
    assert data["anchorless_changes"] == [{"path": path, "reason": reason}]


def test_the_reason_names_at_most_three() -> None:
    sides = [Extraction((), frozenset(), (), passed_over=("private `_a`", "private `_b`")),
             Extraction((), frozenset(), (), passed_over=("private `_b`", "private `_c`",
                                                          "private `_d`"))]
    assert not_covered_reason(sides) == (
        f"{PLAIN}; they touch private `_a`, private `_b`, private `_c`, …")
    assert not_covered_reason([Extraction((), frozenset(), ())]) == PLAIN


@pytest.mark.parametrize(("change", "said", "unsaid"), [
    ({"pkg/workers.py": WORKER.replace("return 1", "return 2"), "web/site.css": "a {}\n"},
     "NOT COVERED: 1 changed file(s) of a kind no extractor reads (.css); read, nothing "
     "public changed: 1 file(s), so this is not a clean bill of health.", "cannot read"),
    ({"pkg/workers.py": WORKER.replace("return 1", "return 2")},
     "read, nothing public changed: 1 file(s), so", "NOT COVERED"),
    ({"web/site.css": "a {}\n"},
     "NOT COVERED: 1 changed file(s) of a kind no extractor reads (.css), so", "nothing public"),
])
def test_the_summary_counts_files_govern_cannot_read_apart_from_implementation_only_ones(
        tmp_path: Path, change: dict[str, str | None], said: str, unsaid: str | None) -> None:
    repo = pr_repo(tmp_path, {"pkg/workers.py": WORKER, "web/site.css": "b {}\n"}, change)
    data = run_json(repo, "main")
    assert len(data["anchorless_changes"]) == len(change)  # every file keeps its reason
    assert said in data["summary"]
    assert unsaid is None or unsaid not in data["summary"]


def test_the_summary_tells_the_kinds_of_unread_files_apart(tmp_path: Path) -> None:
    """h3 3a57939c3e: a package.json bump read "NOT COVERED: 1 changed file(s) govern cannot
    read", and pydantic's 43 unreadable files were mostly Rust: a manifest, a language govern
    has no extractor for and a file it could not parse are three different blind spots."""
    manifest = '{"name": "pkg", "version": "1.0.0", "dependencies": {"a": "1"}}\n'
    repo = pr_repo(tmp_path, {
        "govern.toml": "[code]\nmax_parse_bytes = 100\n", "package.json": manifest,
        "src/lib.rs": "fn a() {}\n", "ci/run.yml": "a: 1\n", "ci/b.yml": "b: 1\n",
        "web/big.ts": "export const x = 1;\n" * 20}, {
        "package.json": manifest.replace('"1"', '"2"'), "src/lib.rs": "fn b() {}\n",
        "ci/run.yml": "a: 2\n", "ci/b.yml": "b: 2\n", "web/big.ts": "export const x = 2;\n" * 20})
    summary = run_json(repo, "main")["summary"]
    assert ("NOT COVERED: 1 changed file(s) govern cannot read; 3 changed file(s) of a kind no "
            "extractor reads (.rs, .yml); 1 package manifest(s) changed, read for runtimes, "
            "programs and removed dependencies only, so this is not a clean bill of "
            "health.") in summary
    only_manifest = pr_repo(tmp_path / "manifest", {"package.json": manifest},
                            {"package.json": manifest.replace('"1"', '"2"')})
    summary = run_json(only_manifest, "main")["summary"]
    assert "NOT COVERED: 1 package manifest(s) changed" in summary
    assert "cannot read" not in summary and "no extractor" not in summary


def test_the_text_report_tells_a_file_read_apart_from_a_blind_spot(tmp_path: Path) -> None:
    """h3: a file whose changed lines touch no declaration, which a page names by its path,
    was listed under "What this run could not see" beside the row it produced."""
    repo = pr_repo(tmp_path, {"pkg/workers.py": WORKER, "pkg/data.bin": "a\n",
                              "docs/a.md": "See `pkg/workers.py`.\n"},
                   {"pkg/workers.py": WORKER.replace('"loaded"', '"ready"'),
                    "pkg/data.bin": "b\n"})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--format", "text", "main"])
    assert result.exit_code == 0, result.output
    read, _, unseen = result.stdout.partition("What this run could not see:")
    assert read.splitlines()[-3:] == ["Read, nothing public on the changed lines:",
                                      f"  - pkg/workers.py: {PLAIN}", ""]
    assert "pkg/workers.py" not in unseen
    assert "  - pkg/data.bin: no anchor extractor for .bin files" in unseen.splitlines()


OVERLOADS = """\
export function current<T>(value: T): T

function helper(): number {
    return 1
}

/**
 * Runs a recipe.
 */
export default function<S = any>(
    currentState: S,
    recipe: (draft: S) => void
): S
export default function<S = any>(
    recipe: (draft: S) => void
): (currentState: S) => S
"""


@pytest.mark.parametrize(("old", "new", "listed", "reason"), [
    # immer 4a619a2f: a parameter added to the anonymous overloads tree-sitter cannot parse;
    # they had been "read, nothing public changed"
    ("    recipe: (draft: S) => void\n): S", "    recipe: (draft: S) => void,\n"
     "    initialState?: S\n): S",
     [], "changed lines in a region tree-sitter could not parse (near line 10): the "
         "declarations there are unread"),
    # a statement of its own, past the broken one or before it: read as in any file
    ("return 1", "return 2", [], f"{PLAIN}; they touch unexported `helper`"),
    ("current<T>(value: T): T", "current<T>(value: T, deep?: boolean): T",
     ["docs/current.md"], None),
])
def test_changed_lines_in_a_region_that_did_not_parse_are_a_blind_spot(
        tmp_path: Path, old: str, new: str, listed: list[str], reason: str | None) -> None:
    repo = pr_repo(tmp_path, {"package.json": '{"name": "immer", "types": "src/immer.d.ts"}\n',
                              "src/immer.d.ts": OVERLOADS,
                              "docs/current.md": "Call `current(draft)`.\n"},
                   {"src/immer.d.ts": OVERLOADS.replace(old, new)})
    data = run_json(repo, "main")
    assert [row["path"] for row in data["docs"]] == listed
    assert data["anchorless_changes"] == (
        [] if reason is None else [{"path": "src/immer.d.ts", "reason": reason}])
    assert [error["side"] for error in data["parse_errors"]] == ["base", "head"]
    blind = "NOT COVERED: 1 changed file(s) govern cannot read"
    assert (blind in data["summary"]) == (reason is not None and PLAIN not in reason)
