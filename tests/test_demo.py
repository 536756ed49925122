"""``govern demo`` builds the example and prints what affected-docs finds, for a person."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli

GATES_HEADER = ("The gates on this PR (govern check <gate>), with the neutral defaults (no preset "
                "set: `minimal` runs size and docs-refs; the process gates are off):\n")
CONTRACT_HEADER = ('\nThe same PR with [gates] preset = "contract" in govern.toml (every gate on; '
                   "the demo has no GitHub, so no contract-review record is posted):\n")


def test_demo_prints_rows_stale_release_owned_and_what_it_could_not_see(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["demo", "--dir", str(tmp_path / "demo")])
    assert result.exit_code == 0, result.output
    out = result.stdout
    # A ranked list: the stale row first, each row at the line of its first mention.
    assert "touched:\n  - docs/billing/invoices.rst:5  via acme_billing.void_invoice (symbol, " \
           "removed), void_invoice (symbol, removed)  [stale: names something this change " \
           "removed]\n  - docs/billing/charges.md:3  via BillingClient.charge (symbol, " \
           "qualified name)\n" in out
    assert "Release-owned pages (recording releases; the release-owned gate is off):\n" \
           "  - docs/releases/v2.0.md" in out
    assert "packages/web-sdk/src/print.css: no anchor extractor for .css files" in out
    assert "  - docs/api/rest.md:3  via /api/v1/charges (route)" in out  # charge -> its route
    assert "  - docs/sdk/billing.mdx:4  via billing.createCharge (sdk)" in out  # -> its client
    # the stylesheet's rules are unread, but the page naming its path is a row
    assert "  - docs/sdk/theming.md:3  via web-sdk/src/theme.css (file)" in out
    # The weakest evidence last: a page documenting the whole class, not naming the method.
    assert out.index("docs/sdk/billing.mdx:4") < out.index(
        "  - docs/billing/reference.md:3  via acme_billing.BillingClient.charge (symbol, "
        "documented prefix)")
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


def test_demo_shows_the_drift_comment_it_would_post(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["demo", "--dir", str(tmp_path / "demo")]).stdout
    out, gates, _ = out.partition("\n" + GATES_HEADER)
    assert gates  # the gates section follows the comment
    text, _, comment = out.partition(
        "The Docs Drift Check comment govern posts on this PR (govern comment drift --from "
        "FILE):\n\n")
    assert "Pages that name something this change touched:" in text
    assert comment.startswith("<!-- govern:docs-drift -->\n### 📓 Docs Drift Check\n")
    assert (r"- `docs/billing/invoices.rst:5`  _(via acme\_billing\.void\_invoice (symbol), "
            r"void\_invoice (symbol))_ — **stale: names something this PR "
            "removed**") in comment.splitlines()
    # the demo's comment is the minimal preset's, whose release-owned gate is off
    assert "#### Release-owned pages (1)" in comment.splitlines()
    assert "read-only" not in comment
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



def gate_lines(tmp_path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Each gate's verdict line, under the neutral defaults and under the contract preset."""
    out = CliRunner().invoke(cli, ["demo", "--dir", str(tmp_path / "demo")]).stdout
    _, _, gates = out.partition("\n" + GATES_HEADER)
    neutral, _, contract = gates.partition(CONTRACT_HEADER)
    assert neutral and contract, out

    def by_gate(block: str) -> dict[str, str]:
        return {line.split()[0]: line.split(None, 1)[1] for line in block.splitlines()}
    return by_gate(neutral), by_gate(contract)


def test_demo_judges_the_pr_with_the_neutral_defaults_then_the_contract_preset(
        tmp_path: Path) -> None:
    neutral, contract = gate_lines(tmp_path)
    gates = ["declarations", "changesets", "release-owned", "size", "governed", "trailers",
             "docs-refs"]
    assert list(neutral) == list(contract) == gates
    # The process gates are off by default, each saying how to turn it on, and fail under
    # the contract preset with the remedy of their first finding.
    assert neutral["declarations"] == 'off (turn it on: [gates] enable = ["declarations"])'
    assert contract["declarations"] == (
        "FAILED: PR body has no `Clause-②:` line — remedy: add a line starting with the key, "
        "e.g. `Clause-②: yes` (+1 more: govern check declarations)")
    assert neutral["changesets"].startswith("off ")
    assert contract["changesets"].startswith(
        "FAILED: this PR changes the published package `acme-billing`")
    assert "remedy: add `.changeset/<name>.md`" in contract["changesets"]
    assert neutral["trailers"].startswith("off ")
    assert re.fullmatch(r"FAILED: commit [0-9a-f]{12} line 3 `Closes #12` matches .* — remedy: "
                        r"reword commit [0-9a-f]{12} .*", contract["trailers"])
    assert neutral["governed"].startswith("off ")
    assert contract["governed"].startswith(
        "FAILED: this PR changes governed paths (`docs/adr/0002-charge-currency.md`), and "
        "no contract-review record")
    # A gate the contract preset turns on may still pass: the PR edits no release-owned page.
    assert (neutral["release-owned"].startswith("off "), contract["release-owned"]) == (
        True, "passed")
    # The neutral gates judge alike under both (the preset adds gates, it changes no rule):
    # size passes, and docs-refs refuses the page naming the removed function either way.
    assert neutral["size"] == contract["size"] == "passed"
    assert neutral["docs-refs"] == contract["docs-refs"]
    assert neutral["docs-refs"].startswith(
        "FAILED: docs/billing/invoices.rst:5: `acme_billing.void_invoice` names nothing")
    assert "remedy: " in neutral["docs-refs"]
