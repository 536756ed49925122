"""The Docs Drift Check comment (docs/how-to/docs-drift.md): the four headline states, rows, the row
cap, the release-owned section, the three folds, escaping of untrusted text and the 65,536
limit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from govern.commands.demo import build_example
from govern.config import CommentConfig, Config
from govern.core.errors import PayloadError
from govern.core.markdown import GITHUB_COMMENT_LIMIT
from govern.drift.comment import MARKER, parse_result, render_drift
from govern.drift.run import read_affected_docs
from tests.helpers import BASE_PARENT, HEAD, HEAD_PARENT, MERGE_BASE
from tests.helpers import affected_result as result
from tests.helpers import doc_row as doc

FOOTER = ("<sub>Advisory only, and precision-first: a page is listed because it names a symbol, "
          "wire route, SDK method or command this diff touched, never merely because it "
          "mentions a changed package. Each row names the anchor that put it there, so a wrong "
          "row can be reported rather than ignored.</sub>")


def lines(body: str) -> list[str]:
    return body.splitlines()


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The demo's PR, computed for real."""
    git = build_example(tmp_path_factory.mktemp("ex") / "repo")
    try:
        return read_affected_docs(git, Config(), "pr", "main").to_json()
    finally:
        git.close()


def test_rows_state_on_the_example_pr(example: dict[str, Any]) -> None:
    body = render_drift(example, CommentConfig())
    got = lines(body)
    assert got[:2] == [MARKER, "### 📓 Docs Drift Check"]
    packages, anchors = len(example["changed_packages"]), len(example["anchors"])
    assert got[3] == (
        f"This PR changes **{packages}** package(s): `acme-billing`, `@acme/web-sdk`, touching "
        f"**{anchors}** documentable anchor(s). ⚠️ **1** changed file(s) of a kind no "
        "extractor reads (`packages/web-sdk/src/print.css`), so what they hold is NOT COVERED "
        "by this run.")
    editable = sum(not d["release_owned"] for d in example["docs"])
    heading = got.index(f"**{editable}** hand-written doc(s) name something this change touched:")
    rows = got[heading + 2:heading + 2 + editable]
    # stale first: it names the removed void_invoice, so it is certainly wrong now
    assert rows[0] == (r"- `docs/billing/invoices.rst:5`  _(via acme\_billing\.void\_invoice "
                       r"(symbol), void\_invoice (symbol))_ — **stale: names something "
                       "this PR removed**")
    assert r"- `docs/billing/charges.md:3`  _(via BillingClient\.charge (symbol))_" in rows
    assert r"- `docs/sdk/audit.mdx:3`  _(via AuditOptions\.pageSize (symbol))_" in rows
    assert got[-1] == FOOTER
    assert "✅" not in body


@pytest.mark.parametrize(("gate", "heading", "notice"), [
    (True, "#### ⛔ Release-owned pages (1)",
     "> ⛔ These pages are read-only under `docs/GUARDRAILS.md`: do not edit them in this PR. "
     "File an issue, or open a docs-only PR, instead."),
    # werkzeug's PRs add their entry to CHANGES.rst, and its gate is off: no page forbidden
    (False, "#### Release-owned pages (1)",
     "> These pages record releases (a changelog, release notes) and name something this "
     "change touched. The release-owned gate is off, so whether this PR adds an entry to them "
     "is up to the project's process."),
])
def test_release_owned_pages_are_read_only_only_while_their_gate_runs(
        example: dict[str, Any], gate: bool, heading: str, notice: str) -> None:
    got = lines(render_drift(example, CommentConfig(guardrails_doc="docs/GUARDRAILS.md"),
                             release_owned_gate=gate))
    start = got.index(heading)
    assert got[start:start + 5] == [
        heading, "", "- `docs/releases/v2.0.md:3`  _(via formatAuditEntry (symbol))_", "",
        notice]
    assert ("⛔" in "".join(got)) is gate and ("read-only" in "".join(got)) is gate


def test_what_this_run_could_not_see(example: dict[str, Any]) -> None:
    got = lines(render_drift(example, CommentConfig()))
    start = got.index("<summary>What this run could not see</summary>")
    assert got[start - 1] == "<details>"
    fold = got[start + 2:got.index("</details>", start)]
    # the package __init__ stopped re-exporting void_invoice: that is an anchor, not a blind spot
    assert fold[:2] == [
        "- **1** changed file(s) NOT COVERED: no anchor read from their contents, or only names "
        "too weak to match (pages documenting what they hold are not covered):",
        r"  - `packages/web-sdk/src/print.css` — no anchor extractor for \.css files"]
    # The payload keys inside ``charge`` (``currency``, ``cents``) are values used once, not
    # declared literals, so they never reach the shape guard.
    assert "  - `currency` (literal)" not in fold
    for line in ("- **1** weak name(s) dropped (plain, generic or too short):",
                 "  - `charge` (symbol)",
                 "- **2** page(s) merely mention a changed package; they are not listed, since "
                 "mentioning a package is not naming what changed.",
                 "- Skipped: 1 test file\\(s\\), 1 dev\\-only manifest edit\\(s\\)."):
        assert line in fold


@pytest.mark.parametrize(("coverage", "said"), [
    ({"measured": True, "ledger_rows": 0, "client_bound_rows": 0, "reachable": 0,
      "unreachable": []}, None),  # no ledger in the repository: nothing the bridge missed
    ({"measured": False, "reason": "nothing bridgeable changed"},
     "- Route and SDK bridge: not measured — nothing bridgeable changed."),
    ({"measured": True, "ledger_rows": 3, "client_bound_rows": 2, "reachable": 2,
      "unreachable": []},
     "- Route and SDK bridge: **3** ledger row(s) read, **2** bound to a client method, **2** "
     "reachable from a registered route."),
])
def test_the_bridge_line_is_said_only_where_there_is_a_ledger_or_a_reason(
        coverage: dict[str, Any], said: str | None) -> None:
    got = [line for line in lines(render_drift(result(bridge_coverage=coverage),
                                               CommentConfig()))
           if line.startswith("- Route and SDK bridge")]
    assert got == ([said] if said else [])


def test_a_page_that_is_a_row_is_no_mere_mention_of_the_package() -> None:
    data = result(package_mention_docs=["docs/a.md", "docs/b.md", "docs/c.md"],
                  docs=[doc("docs/a.md", "getAudit")])
    said = [line for line in lines(render_drift(data, CommentConfig()))
            if "merely mention" in line]
    assert said == ["- **2** page(s) merely mention a changed package; they are not listed, "
                    "since mentioning a package is not naming what changed."]
    # the JSON keeps the whole coarse set, for comparison
    assert data["package_mention_docs"] == ["docs/a.md", "docs/b.md", "docs/c.md"]


def test_what_this_run_could_not_see_lists_every_kind() -> None:
    data = result(
        parse_errors=[{"path": "a.py", "side": "head", "message": "line 3: unexpected indent"}],
        unreadable_pages=[{"path": "docs/x.md", "reason": "not UTF-8"}],
        cross_cutting_symbols=[{"token": "withAuth", "routes": 9}],
        overbroad_anchors=[{"token": "ObjectQL", "kind": "symbol", "pages": 40},
                           {"token": "Typer", "kind": "symbol", "pages": 1,
                            "with": "typer.Typer"}],
        broken_scans=["api/route-ledger.ts: parsed to zero rows"],
        bridge_coverage={"measured": True, "ledger_rows": 12, "client_bound_rows": 10,
                         "reachable": 9, "unreachable": [
                             {"route": "GET /api/v1/meta/:type/:name/audit",
                              "client": "audit.getAudit", "ledger": "sdk/route-ledger.ts"}]},
        package_mention_docs=["docs/guide.md"])
    got = lines(render_drift(data, CommentConfig()))
    start = got.index("<summary>What this run could not see</summary>") + 2
    assert got[start:got.index("</details>")] == [
        "- **1** source file side(s) did not parse cleanly (what parsed still anchors):",
        r"  - `a.py` (head): line 3: unexpected indent",
        "- **1** docs page(s) could not be read:", r"  - `docs/x.md` — not UTF\-8",
        "- **1** cross-cutting symbol(s) contributed no route:",
        "  - `withAuth` — wired into 9 routes",
        "- **2** over-broad anchor(s) dropped (named on too many pages to single any out):",
        "  - `ObjectQL` (symbol) — named on 40 pages",
        r"  - `Typer` (symbol) — named on 1 page, dropped with the over\-broad typer\.Typer",
        "- **1** broken scan(s): a ledger or registrar read that found nothing or only part:",
        r"  - api/route\-ledger\.ts: parsed to zero rows",
        "- Route and SDK bridge: **12** ledger row(s) read, **10** bound to a client method, "
        "**9** reachable from a registered route.",
        "- **1** client-bound ledger row(s) reach no registered route:",
        "  - `GET /api/v1/meta/:type/:name/audit` → `audit.getAudit` (in `sdk/route-ledger.ts`)",
        "- **1** page(s) merely mention a changed package; they are not listed, since "
        "mentioning a package is not naming what changed.",
        "",
    ]


def test_new_api_with_a_home_is_a_folded_section(example: dict[str, Any]) -> None:
    got = lines(render_drift(example, CommentConfig()))
    start = got.index("<summary>New API, not yet on any page (1)</summary>")
    assert got[start + 2:start + 4] == [
        "- **1** name(s) this PR adds that no page names yet, each with the page naming most "
        "of its siblings (a suggestion, not a row):",
        "  - `AuditClient.exportEvents` (`packages/web-sdk/src/audit.ts`) — likely home "
        "`docs/sdk/events.md`"]
    assert got.index("<summary>What this run could not see</summary>") > start


def test_new_api_without_a_home_or_untrusted_stays_out_or_inert() -> None:
    forged = f"{MARKER}<img src=x onerror=alert(1)>"
    homeless = [{"token": "lonely_name", "file": "a.py", "suggested_pages": []}]
    assert "New API" not in render_drift(result(new_api=homeless), CommentConfig())
    assert "New API" not in render_drift(result(), CommentConfig())
    body = render_drift(result(new_api=[*homeless, {"token": forged, "file": forged,
                                                    "suggested_pages": [forged, "b.md"]}]),
                        CommentConfig())
    assert "<summary>New API, not yet on any page (1)</summary>" in body
    assert body.count(MARKER) == 1 and "lonely_name" not in body
    # inside a code span the tag is text; outside one it would be markup
    assert "<img" not in re.sub(r"(`+).+?\1", "", body)


def test_which_tree_for_a_pr_merge_commit() -> None:
    got = lines(render_drift(result(docs=[doc("docs/a.md", "getAudit")]), CommentConfig()))
    start = got.index("<summary>Which tree this was computed on</summary>")
    assert got[start - 1] == "<details>"
    assert got[start + 2:start + 12] == [
        f"Computed on `{HEAD}`, the PR's merge commit: base `{BASE_PARENT}` merged with head "
        f"`{HEAD_PARENT}`; the diff is from merge base `{MERGE_BASE}`.",
        "",
        "```sh",
        "# while this PR is open (GitHub drops the merge commit once it closes)",
        f"git fetch origin {HEAD} && git checkout {HEAD}",
        "# afterwards, rebuild it from the two parents, which stay fetchable",
        f"git fetch origin {BASE_PARENT} {HEAD_PARENT} && git checkout -B drift-repro "
        f"{BASE_PARENT} && git merge --no-ff {HEAD_PARENT}",
        "# then re-derive the list (after a rebuild: --head drift-repro)",
        f"govern affected-docs --json --head {HEAD} {MERGE_BASE}",
        "```",
    ]


def test_the_headline_tells_the_kinds_of_unread_files_apart() -> None:
    """h3's package.json bump read "govern cannot read" in the comment as in the summary: a
    file no extractor reads and a manifest are counted apart from a file govern could not
    parse, each with its names."""
    anchorless = [
        {"path": "big.ts", "reason": "oversized: 9 bytes is over code.max_parse_bytes (1)"},
        {"path": "src/lib.rs", "reason": "no anchor extractor for .rs files"},
        {"path": "package.json", "reason": "package manifest changed: manifests yield no anchor"}]
    headline = lines(render_drift(result(anchorless_changes=anchorless), CommentConfig()))[3]
    assert ("⚠️ **1** changed file(s) govern cannot read (`big.ts`), so the pages documenting "
            "what they hold are NOT COVERED by this run — this is not a clean bill of health "
            "for those files. ⚠️ **1** changed file(s) of a kind no extractor reads "
            "(`src/lib.rs`), so what they hold is NOT COVERED by this run. ⚠️ **1** package "
            "manifest(s) changed (`package.json`): govern reads a manifest only for its runtimes, "
            "programs and removed dependencies, so what else it changed is NOT COVERED by this "
            "run.") in headline
    manifest_only = lines(render_drift(result(anchorless_changes=anchorless[2:]),
                                       CommentConfig()))[3]
    assert "cannot read" not in manifest_only and "no extractor" not in manifest_only


def test_nothing_to_list_is_not_a_clean_bill_of_health() -> None:
    body = render_drift(result(anchorless_changes=[{"path": "s.css", "reason": "no extractor"}]),
                        CommentConfig())
    assert lines(body)[3] == (
        "**1** anchor(s) derived from **1** changed package(s); no hand-written page names any "
        "of them, so this run has **nothing to list** — **not a clean bill of health**. ⚠️ **1** "
        "changed file(s) govern cannot read (`s.css`), so the pages "
        "documenting what they hold are NOT COVERED by this run — this is not a clean bill of "
        "health for those files.")
    assert "✅" not in body and "hand-written doc(s) name" not in body


def test_a_file_read_with_nothing_public_changed_is_counted_apart_from_one_not_read() -> None:
    private = {"path": "src/lines.py", "reason": "no documentable declaration on the changed "
               "lines; they touch private `_decorates`"}
    unread = {"path": "s.css", "reason": "no anchor extractor for .css files"}
    both = lines(render_drift(result(anchorless_changes=[private, unread]), CommentConfig()))[3]
    assert both.endswith(
        "⚠️ **1** changed file(s) of a kind no extractor reads (`s.css`), so what they hold is "
        "NOT COVERED by this run. **1** changed file(s) were read and change nothing public "
        "(private names, bodies or examples).")
    read_only = lines(render_drift(result(anchorless_changes=[private]), CommentConfig()))[3]
    assert "NOT COVERED" not in read_only and "`src/lines.py`" not in read_only
    assert read_only.endswith("**1** changed file(s) were read and change nothing public "
                              "(private names, bodies or examples).")


def test_no_documentable_surface_has_no_opinion() -> None:
    body = render_drift(result(anchors=[], changed_packages=[]), CommentConfig())
    assert lines(body)[3] == (
        "Nothing in this diff resolved to a documentable surface (a symbol, wire route, SDK "
        "method or command), so **this run has no opinion** about the docs.")


def test_anchors_all_held_back_are_no_run_without_opinion() -> None:
    """fastify's body-only change to its `fastify` function folds the package's own name: the
    run found an anchor, so it says what it held back and where, never "no opinion"."""
    folded = {"token": "fastify", "kind": "symbol", "pages": 5, "package_name": True}
    overbroad = {"token": "listen", "kind": "symbol", "pages": 40}
    body = render_drift(result(anchors=[], folded_anchors=[folded],
                               overbroad_anchors=[overbroad]), CommentConfig())
    assert lines(body)[3] == (
        "Every anchor this diff resolved to is named on too many pages to single any out "
        "(**2**, under *What this run could not see*), so this run has **nothing to list** — "
        "**not a clean bill of health**.")
    assert "  - `fastify` (symbol) — named on 5 pages: folded \\(the package's own name, " \
           "changed only in its body\\), not listed" in lines(body)
    assert "no opinion" not in body
    # with a blind spot too, the headline says both, never "0 anchor(s) derived"
    unread = {"path": "s.css", "reason": "no anchor extractor for .css files"}
    both = lines(render_drift(result(anchors=[], folded_anchors=[folded],
                                     anchorless_changes=[unread]), CommentConfig()))[3]
    assert both.startswith("Every anchor this diff resolved to is named on too many pages "
                           "to single any out (**1**,")
    assert "`s.css`" in both and "0** anchor(s)" not in both
    # an artifact from before `folded_anchors` has none to show, and no opinion without them
    before = result(anchors=[])
    assert "no opinion" in render_drift(before, CommentConfig())


def test_not_judged_alone_and_above_an_older_list() -> None:
    reason = "unknown revision 'origin/main': fetch it first."
    body = render_drift(None, CommentConfig(), (HEAD, reason))
    assert lines(body) == [
        MARKER, "### 📓 Docs Drift Check", "",
        f"⚠️ **NOT JUDGED** on `{HEAD}`: unknown revision 'origin/main': fetch it first. "
        "The list below this line, if any, is from an older head.",
        "", FOOTER]
    older = render_drift(result(docs=[doc("docs/a.md", "getAudit")]), CommentConfig(),
                         (HEAD, "shallow clone"))
    got = lines(older)
    assert got[3].startswith(f"⚠️ **NOT JUDGED** on `{HEAD}`: shallow clone. The list below")
    assert "- `docs/a.md`  _(via getAudit (symbol))_" in got


def test_above_the_row_cap_rows_are_omitted_with_the_rederive_command() -> None:
    docs = [doc(f"docs/p{i:02}.md", "getAudit", stale=i < 3) for i in range(16)]
    body = render_drift(result(docs=docs), CommentConfig(row_cap=15))
    assert (f"**16** hand-written doc(s) name something this change touched (**3** of them name "
            f"something this PR removed) — list omitted above 15 rows. Re-derive on the tree "
            f"named below: `govern affected-docs --json --head {HEAD} {MERGE_BASE}`.") \
        in lines(body)
    assert "docs/p00.md" not in body
    assert "- `docs/p00.md`" in render_drift(result(docs=docs[:15]), CommentConfig(row_cap=15))


def test_untrusted_text_is_inert() -> None:
    forged = f"{MARKER} <img src=x onerror=alert(1)> @org/team"
    data = result(
        changed_packages=[{"dir": "p", "name": "@org/team"}],
        docs=[doc("docs/we`ird``.md", forged, "<!-- hidden -->")],
        anchorless_changes=[{"path": f"x{MARKER}.ts", "reason": forged}],
        weak_anchors_dropped=[{"token": "@org/team", "kind": "symbol"}])
    body = render_drift(data, CommentConfig())
    assert body.count(MARKER) == 1 and body.startswith(MARKER + "\n")
    assert "<img" not in body and "<!-- hidden" not in body
    # GitHub links no mention inside a code span; everywhere else it must be neutralised
    prose = re.sub(r"(`+).+?\1", "", body)
    assert "@org" not in prose and "@\u200borg/team" in prose
    row = next(line for line in lines(body) if line.startswith("- ```"))
    # backticks in a path: a longer fence around it; tokens entity-encoded and escaped
    assert row == (
        r"- ``` docs/we`ird``.md ```  _(via &lt;\!\-\- govern:docs\-drift \-\-&gt; &lt;img src=x "
        "onerror=alert\\(1\\)&gt; @\u200borg/team (symbol), &lt;\\!\\-\\- hidden \\-\\-&gt; "
        "(symbol))_")


def test_a_huge_result_degrades_to_counts_within_the_limit() -> None:
    long = "x" * 5000
    data = result(
        changed_packages=[{"dir": f"pkg{i}", "name": f"@x/{long}{i}"} for i in range(3000)],
        docs=[doc(f"docs/{long}{i}.md", *(f"tok{j}_{long}" for j in range(50)),
                  owned=i % 2 == 0) for i in range(60)],
        anchorless_changes=[{"path": f"{long}{i}", "reason": long} for i in range(5000)],
        weak_anchors_dropped=[{"token": f"w{i}{long}", "kind": "symbol"} for i in range(5000)],
        new_api=[{"token": f"n{i}{long}", "file": long, "suggested_pages": [long]}
                 for i in range(5000)])
    body = render_drift(data, CommentConfig(row_cap=100))
    assert len(body) <= GITHUB_COMMENT_LIMIT
    got = lines(body)
    assert got[:4] == [
        MARKER, "### 📓 Docs Drift Check", "",
        "This PR changes **3000** package(s), touching **1** documentable anchor(s). ⚠️ "
        "**5000** changed file(s) govern cannot read, so the pages "
        "documenting what they hold are NOT COVERED by this run — this is not a clean bill of "
        "health for those files."]
    assert ("**30** hand-written doc(s) name something this change touched — list omitted to "
            "fit the comment. Re-derive on the tree named below: "
            f"`govern affected-docs --json --head {HEAD} {MERGE_BASE}`.") in got
    assert ("**30** release-owned page(s) also name something this change touched — list "
            "omitted to fit the comment. Re-derive on the tree named below: "
            f"`govern affected-docs --json --head {HEAD} {MERGE_BASE}`.") in got
    assert "- **5000** weak name(s) dropped (plain, generic or too short)." in got
    assert ("- **5000** name(s) this PR adds that no page names yet, each with the page naming "
            "most of its siblings (a suggestion, not a row).") in got
    assert got[-1] == FOOTER


def test_long_fold_lists_show_forty_then_count_the_rest() -> None:
    data = result(weak_anchors_dropped=[{"token": f"w{i}", "kind": "symbol"} for i in range(41)])
    got = lines(render_drift(data, CommentConfig()))
    start = got.index("- **41** weak name(s) dropped (plain, generic or too short):")
    assert got[start + 40:start + 42] == ["  - `w39` (symbol)", "  - … and 1 more"]


def test_a_large_result_keeps_rows_and_counts_the_folds() -> None:
    long = "y" * 400
    data = result(docs=[doc("docs/a.md", "getAudit")],
                  **{key: [{"path": f"{long}{i}", "side": "head", "message": long,
                            "reason": long} for i in range(100)]
                     for key in ("anchorless_changes", "parse_errors", "unreadable_pages")})
    body = render_drift(data, CommentConfig())
    assert len(body) <= GITHUB_COMMENT_LIMIT
    assert "- `docs/a.md`  _(via getAudit (symbol))_" in lines(body)
    assert "- **100** docs page(s) could not be read." in lines(body)
    assert long not in body


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "in.json is not valid JSON (Expecting property name enclosed in double "
                  "quotes: line 1 column 2 (char 1))"),
    ("[1]", "in.json is not a JSON object"),
    ('{"schema_version": 2}', "in.json has schema_version 2; this govern reads 1"),
])
def test_unreadable_input_is_not_judged(text: str, message: str) -> None:
    with pytest.raises(PayloadError) as caught:
        parse_result(text, "in.json")
    assert caught.value.message == message and caught.value.exit_code == 2


def _without_skipped() -> dict[str, Any]:
    data = result()
    del data["skipped"]
    return data


@pytest.mark.parametrize(("bad", "problem"), [
    (_without_skipped(), "$.skipped is missing"),
    (result(head="HEAD; rm -rf /"), "$.head is not a commit sha"),
    (result(docs={"a": 1}, release_owned_docs=[]), "$.docs must be array"),
    (result(docs=[doc("docs/a.md", "x")], summary=3), "$.summary must be string"),
    (result(skipped={**result()["skipped"], **{f"k{i}": 1 for i in range(5000)}}),
     "$.skipped has unexpected key 'k0' (and 4999 more)"),
    (result(docs=[doc("docs/a.md", "x", owned=True)], release_owned_docs=[]),
     "$.release_owned_docs is not the docs rows marked release_owned"),
    (result(merge_base=None), "$.merge_base is null for a diff, or set for an --all run"),
])
def test_input_of_another_shape_is_not_judged(bad: dict[str, Any], problem: str) -> None:
    import json

    with pytest.raises(PayloadError) as caught:
        parse_result(json.dumps(bad), "-")
    assert caught.value.message == f"- is not affected-docs output: {problem}"
    assert caught.value.remedy == ("pass the output of `govern affected-docs --json` "
                                   "(schema_version 1) unchanged")


def test_the_example_round_trips_through_parse(example: dict[str, Any], tmp_path: Path) -> None:
    import json

    assert parse_result(json.dumps(example), "x") == example
