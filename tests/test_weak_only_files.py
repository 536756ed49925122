"""A changed file whose every anchor the name guards dropped is a blind spot, said with its
reason, never counted as covered (docs/concepts/affected-docs.md#change-set)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from govern.cli import cli
from govern.config import CommentConfig
from govern.drift.comment import render_drift
from tests.helpers import pr_repo, run_json

FACTORY = """module.exports = Argv
function Argv (args) {
  const self = {}
  self.count = 0
  self.parseArgs = function (input) {
    return input
  }
  return self
}
"""
OPTIONS = "exports.config = function (path) {\n  return path\n}\n"
FILES = {"package.json": '{"name": "argv", "main": "index.js"}\n', "index.js": FACTORY,
         "lib/options.js": OPTIONS,
         "README.md": "# argv\n\n.parseArgs(input)\n-----------\n\nParses `input`.\n"}
WEAK = "index.js: its only anchors were dropped (plain words: Argv)"


def test_a_file_whose_only_anchors_were_dropped_is_not_covered_with_its_reason(
        tmp_path: Path) -> None:
    # a line of the factory's own body anchors ``Argv`` alone, a plain word no page calls;
    # ``config`` is a generic name
    repo = pr_repo(tmp_path, FILES, {"index.js": FACTORY.replace("count = 0", "count = 1"),
                                     "lib/options.js": OPTIONS.replace("path\n", "path.trim()\n")})
    data = run_json(repo, "main")
    assert data["anchorless_changes"] == [
        {"path": "index.js", "reason": "its only anchors were dropped (plain words: Argv)"},
        {"path": "lib/options.js",
         "reason": "its only anchors were dropped (generic or short names: config)"}]
    assert "NOT COVERED: 2 changed file(s) whose only anchors were dropped as weak names, so " \
        "this is not a clean bill of health" in data["summary"]
    assert "cannot read" not in data["summary"]
    text = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "main",
                                    "--format", "text"]).output
    assert f"What this run could not see:\n  - {WEAK}\n" in text
    comment = render_drift(data, CommentConfig())
    assert "**2** changed file(s) anchored only names too weak to match a page" in comment
    assert "`index.js`, `lib/options.js`" in comment
    assert "govern cannot read" not in comment


def test_a_file_with_an_anchor_kept_is_covered(tmp_path: Path) -> None:
    # a member given out: ``parseArgs`` is code-shaped and kept, so the file is covered even
    # though ``Argv``, anchored by the line of its own body, is dropped
    head = FACTORY.replace("count = 0", "count = 1").replace("return input", "return [input]")
    data = run_json(pr_repo(tmp_path, FILES, {"index.js": head}), "main")
    assert data["anchorless_changes"] == []
    assert {"token": "Argv", "kind": "symbol"} in data["weak_anchors_dropped"]
    assert "NOT COVERED" not in data["summary"]
    assert [row["path"] for row in data["docs"]] == ["README.md"]
