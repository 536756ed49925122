"""Rows ordered by evidence, each with the rule, the anchor and the page lines naming it
(issue 12 item 13, docs/concepts/ranking.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.config import CommentConfig
from govern.core.errors import PayloadError
from govern.drift.comment import build_context, parse_result
from govern.drift.docs.lines import (
    DIRECT_SEARCHES,
    PageMentions,
    _in_raw_token,
    _raw_tokens_around,
    mention_lines,
)
from govern.drift.docs.scanner import _RAW_TOKEN
from tests.helpers import PY_PKG, pr_repo, run_json

WEB = {"web/package.json": '{"name": "@acme/web"}\n',
       "web/src/parse.ts": "export function parse(text: string) { return text; }\n"}


def _ranked_repo(tmp_path: Path):  # type: ignore[no-untyped-def]
    docs = {
        # Path order would put the weak rows first: the ranking must not.
        "docs/a_weak.md": "# Parsing\n\n```js\nconst x = parse(input);\n```\n",
        "docs/b_prose.md": "# Prose\n\nWe parse the input, then parse it again.\n",
        "docs/c_named.mdx": "# Engine\n\nintro\n\nCall `Engine.halt_now` to stop.\n",
        "docs/z_stale.rst": "Retiring\n========\n\nUse ``retire_engine`` no more.\n",
    }
    core = PY_PKG["pkg/src/acme/_core.py"]
    new_core = core.split("\n\n\ndef retire_engine")[0].replace("return 0", "return 1") + "\n"
    return pr_repo(tmp_path, {**PY_PKG, **WEB, **docs}, {
        "pkg/src/acme/_core.py": new_core,
        "web/src/parse.ts": "export function parse(text: string) { return text.trim(); }\n"})


def test_rows_are_ordered_by_evidence_with_rule_anchor_and_lines(tmp_path: Path) -> None:
    data = run_json(_ranked_repo(tmp_path), "main")
    order = [row["path"] for row in data["docs"]]
    assert order == ["docs/z_stale.rst", "docs/c_named.mdx", "docs/a_weak.md"]
    stale, named, weak = data["docs"]
    assert stale["stale"] is True
    assert stale["evidence"] == [
        {"rule": "removed", "kind": "symbol", "token": "retire_engine", "lines": [4]}]
    assert named["evidence"] == [
        {"rule": "qualified_name", "kind": "symbol", "token": "Engine.halt_now", "lines": [5]}]
    assert weak["evidence"] == [
        {"rule": "call_form", "kind": "symbol", "token": "parse", "lines": [4]}]
    # A plain word in prose is not how the scanner matches `parse`: no row, and no evidence.
    assert "docs/b_prose.md" not in order


def test_the_text_report_and_the_comment_show_the_first_mention(tmp_path: Path) -> None:
    data = run_json(_ranked_repo(tmp_path), "main")
    rows = build_context(data, CommentConfig())["result"]["editable"].items
    assert [row["where"] for row in rows] == [
        "docs/z_stale.rst:4", "docs/c_named.mdx:5", "docs/a_weak.md:4"]


def test_the_comment_ranks_an_untrusted_artifact_again(tmp_path: Path) -> None:
    data = run_json(_ranked_repo(tmp_path), "main")
    data["docs"].reverse()  # an artifact in the wrong order is put back in evidence order
    rows = build_context(parse_result(json.dumps(data), "x"), CommentConfig())["result"]
    assert [row["where"] for row in rows["editable"].items] == [
        "docs/z_stale.rst:4", "docs/c_named.mdx:5", "docs/a_weak.md:4"]
    data["docs"][0]["evidence"][0]["rule"] = "best_ever"  # a rule govern never writes
    with pytest.raises(PayloadError) as refused:
        parse_result(json.dumps(data), "x")
    assert refused.value.message == (
        "x is not affected-docs output: $.docs[0].evidence[0].rule must be one of ['removed', "
        "'deprecated', 'qualified_name', 'unique_name', 'route', 'sdk_method', 'command', "
        "'file_path', 'written_region', 'runtime_version', 'install_command', 'route_tail', "
        "'documented_prefix', 'call_form', 'module_home']")


@pytest.mark.parametrize(("text", "path", "token", "how", "lines"), [
    # md: a code span, a fence, and prose the scanner reads as a word too
    ("# T\n\nUse `Engine.halt_now`.\n\n```py\nEngine.halt_now()\n```\n", "a.md",
     "Engine.halt_now", "written", (3, 6)),
    # a longer name is not a mention; a qualified one is
    ("getAuditLog\n\nclient.meta.getAudit\n", "a.mdx", "meta.getAudit", "written", (3,)),
    ("getAuditLog\n\nclient.meta.getAudit\n", "a.mdx", "getAudit", "written", (3,)),
    # mdx: call form counts inside code only, not the prose call on line 1
    ("We parse(x) here.\n\n<Tab>\n```ts\nparse(y)\n```\n</Tab>\n`parse(z)`\n", "a.mdx",
     "parse", "call", (5, 8)),
    # rst: a literal block under `::`, a code-block directive, and a role target's short form
    ("Title\n=====\n\nExample::\n\n    compute(3)\n\nprose compute(4)\n", "a.rst",
     "compute", "call", (6,)),
    ("Title\n=====\n\nSee :func:`pkg.mod.run_all`.\n", "a.rst", "run_all", "written", (4,)),
    # a documented container names its members
    ("# Ref\n\n::: httpx.Client\n", "a.md", "httpx.Client.send", "prefix", (3,)),
    # routes with params, and a command phrase in oclif's spelling
    ("GET `/api/v1/meta/{type}/audit`\n\nor /api/v1/meta/x\n", "a.md",
     "/api/v1/meta/:type/audit", "route", (1,)),
    ("Run\n\n    os meta:resync\n", "a.md", "os meta resync", "phrase", (3,)),
])
def test_mention_lines(text: str, path: str, token: str, how: str,
                       lines: tuple[int, ...]) -> None:
    assert mention_lines(text, path, token, how) == lines


def test_mention_lines_find_nothing_where_the_scanner_sees_nothing() -> None:
    assert mention_lines("We parse(x) in prose.\n", "a.md", "parse", "call") == ()
    assert mention_lines("Engine.halt_nowhere\n", "a.md", "Engine.halt_now", "written") == ()
    assert mention_lines("/api/v2/meta\n", "a.md", "/api/v1/meta", "route") == ()


@pytest.mark.parametrize(("text", "path", "token", "how"), [
    ("# T\n\nUse `Engine.halt_now`.\n\n```py\nEngine.halt_now()\n```\n", "a.md",
     "Engine.halt_now", "written"),
    ("# T\n\nUse `Engine.halt_now`.\n\nEngine.halt_nowhere\n", "a.md", "halt_now", "written"),
    ("getAuditLog\n\nclient.meta.getAudit\n", "a.mdx", "meta.getAudit", "written"),
    ("getAuditLog\n\nclient.meta.getAudit\n", "a.mdx", "getAudit", "written"),
    ("getAuditLog\n\nclient.meta.getAudit\n", "a.mdx", "AuditLog", "written"),
    ("Title\n=====\n\nSee :func:`pkg.mod.run_all`.\n", "a.rst", "run_all", "written"),
    ("# Ref\n\n::: httpx.Client\n\nhttpx.Clientele\n", "a.md", "httpx.Client.send", "prefix"),
    ("# Ref\n\n::: httpx\n", "a.md", "httpx.Client.send", "prefix"),
    ("Edit `./docs_src/app/main.py` or docs_src/app/main.pyc\n", "a.md",
     "docs_src/app/main.py", "path"),
    ("See `.github/workflows/ci.yml`.\n", "a.md", ".github/workflows/ci.yml", "path"),
    ("[src](https://github.com/o/r/blob/main/src/app/main.py#L3)\nsrc/app/main.pyx\n",
     "a.md", "src/app/main.py", "path"),
])
def test_a_page_indexed_after_many_anchors_gives_the_lines_a_search_gives(
        text: str, path: str, token: str, how: str) -> None:
    searched = PageMentions(text, path)
    indexed = PageMentions(text, path)
    for _ in range(DIRECT_SEARCHES):  # past this many anchors, the page's tokens are indexed
        indexed.lines("unrelated_name", "written")
    assert indexed.lines(token, how) == searched.lines(token, how)
    assert indexed._tokens is not None and searched._tokens is None


def _reference_raw_tokens_around(text: str, needle: str) -> list[tuple[int, int]]:
    """The token finder before it kept the run it read (quadratic when a run holds many
    occurrences outside its token): the spans it yields."""
    spans = []
    at = text.find(needle)
    while at >= 0:
        start = at
        while start > 0 and _in_raw_token(text[start - 1]):
            start -= 1
        match = _RAW_TOKEN.search(text, start)
        if match is not None and match.start() <= at < match.end():
            spans.append(match.span())
            at = text.find(needle, match.end())
        else:
            at = text.find(needle, at + 1)
    return spans


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "b1", ".", "/", "-", "./", "-/", " ", "\n", "_", "$",
                                 "@", "x.y", "é", "!", "a/b"]), max_size=40).map("".join),
       st.sampled_from(["", ".", "/", "-", "-/-", "./", "a", "a.", ".a", "a/b", " ", "a a",
                        "$", "@a", "é"]))
def test_tokens_around_a_needle_are_those_the_search_from_each_occurrence_found(
        text: str, needle: str) -> None:
    assert [token.span() for token in _raw_tokens_around(text, needle)] == \
        _reference_raw_tokens_around(text, needle)


def test_a_row_opens_at_its_strongest_and_most_specific_anchor(tmp_path: Path) -> None:
    """Not at the page's first mention of any anchor: a stale row at the removed name, and of
    one rank the qualified member before a bare name the page writes earlier."""
    docs = {"docs/guide.md": "# Guide\n\nCall `start_engine` first.\n\n"
                             "Then `Engine.halt_now` stops it.\n",
            "docs/old.md": "# Old\n\nCall `Engine.halt_now` to stop.\n\n"
                           "`retire_engine` is gone.\n"}
    core = PY_PKG["pkg/src/acme/_core.py"]
    new_core = (core.split("\n\n\ndef retire_engine")[0]
                .replace("def halt_now(self):", "def halt_now(self, force=False):")
                .replace("def start_engine():", "def start_engine(fast=False):") + "\n")
    data = run_json(pr_repo(tmp_path, {**PY_PKG, **docs}, {"pkg/src/acme/_core.py": new_core}),
                    "main")
    rows = {row["path"]: row for row in data["docs"]}
    assert [e["token"] for e in rows["docs/old.md"]["evidence"]][:2] == [
        "retire_engine", "Engine.halt_now"]
    assert [e["token"] for e in rows["docs/guide.md"]["evidence"]][0] == "Engine.halt_now"
    where = {row["path"]: row["where"]
             for row in build_context(data, CommentConfig())["result"]["editable"].items}
    assert where == {"docs/old.md": "docs/old.md:5", "docs/guide.md": "docs/guide.md:5"}
    for row in data["docs"]:  # an artifact's own evidence order changes nothing
        row["evidence"].reverse()
    shuffled = build_context(data, CommentConfig())["result"]["editable"].items
    assert {row["path"]: row["where"] for row in shuffled} == where
