"""``govern demo`` builds the example and prints what affected-docs finds, for a person."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli


def test_demo_prints_rows_stale_release_owned_and_what_it_could_not_see(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["demo", "--dir", str(tmp_path / "demo")])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "docs/billing/invoices.rst  via void_invoice (symbol), acme_billing.void_invoice " \
           "(symbol)  [stale: names something this change removed]" in out
    assert "  - docs/billing/charges.md  via BillingClient.charge (symbol)" in out
    assert "Release-owned pages (read-only for a code PR):\n  - docs/releases/v2.0.md" in out
    assert "packages/web-sdk/src/theme.css: no anchor extractor for .css files" in out
    assert "  - docs/api/rest.md  via /api/v1/charges (route)" in out  # charge -> its route
    assert "  - docs/sdk/billing.mdx  via billing.createCharge (sdk)" in out  # -> its client
    assert "  - docs/sdk/events.md" not in out  # listEvents did not change: not a row
    assert ("New API, not yet on any page (suggestions, not rows):\n"
            "  - AuditClient.exportEvents (packages/web-sdk/src/audit.ts): likely home "
            "docs/sdk/events.md\n") in out  # it names two of exportEvents' siblings
    assert "docs/guide.md" not in out  # mentions a package, names nothing


def test_demo_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "x").write_text("x")
    result = CliRunner().invoke(cli, ["demo", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "is not empty" in result.stderr


def test_demo_ends_with_the_drift_comment_it_would_post(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["demo", "--dir", str(tmp_path / "demo")]).stdout
    text, _, comment = out.partition(
        "The Docs Drift Check comment govern posts on this PR (govern comment drift --from "
        "FILE):\n\n")
    assert "Pages that name something this change touched:" in text
    assert comment.startswith("<!-- govern:docs-drift -->\n### 📓 Docs Drift Check\n")
    assert (r"- `docs/billing/invoices.rst`  _(via void\_invoice (symbol), "
            r"acme\_billing\.void\_invoice (symbol))_ — **stale: names something this PR "
            "removed**") in comment.splitlines()
    assert "#### ⛔ Release-owned pages (1)" in comment.splitlines()
    assert comment.splitlines()[-1].startswith("<sub>Advisory only, and precision-first:")


def test_demo_leaves_no_folder_behind_unless_given_one(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    result = CliRunner().invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(
        "Example monorepo built in a temporary folder, removed when the demo ends (branch `pr` "
        "against `main`; keep it with `govern demo --dir DIR`).\n\n")
    assert list(temp.iterdir()) == []
    kept = tmp_path / "kept"
    result = CliRunner().invoke(cli, ["demo", "--dir", str(kept)])
    assert result.stdout.startswith(f"Example monorepo built in {kept} (branch `pr` against "
                                    f"`main`).\nReproduce: cd {kept} && govern affected-docs "
                                    "--json --head pr main\n")
    assert (kept / ".git").is_dir() and list(temp.iterdir()) == []


def test_demo_dir_on_a_file_is_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "a-file"
    target.write_text("x\n")
    result = CliRunner().invoke(cli, ["demo", "--dir", str(target)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for '--dir': Directory '{target}' is a file.")
    assert target.read_text() == "x\n"
