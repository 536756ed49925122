"""The docs page scanner: what a page names, by form (words, calls, documented prefixes)."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.docsrefs.model import RefKind
from govern.docsrefs.references import parse_references
from govern.drift.docs.corpus import Page
from govern.drift.docs.index import (
    LOOSE,
    WORD,
    PhraseRuns,
    StoreDamaged,
    _split_plain,
    fill_index,
    is_plain,
    phrase_pattern,
    prune,
)
from govern.drift.docs.invocations import invoked_at
from govern.drift.docs.scanner import (
    _RAW_TOKEN,
    chain_links,
    fenced_blocks,
    inline_code_spans,
    raw_tokens,
    scan_page,
    without_object_reprs,
)
from tests.helpers import build_index, memory_store


@pytest.mark.parametrize(("text", "path", "names", "not_names"), [
    ("Call `meta.getAudit()`.", "a.md", {"meta.getAudit"}, {"getAudit"}),
    ("Use client.meta.getAudit now.", "a.md", {"meta.getAudit", "client.meta.getAudit"},
     {"getAudit", "client.meta"}),
    ("getAuditLog is different", "a.md", {"getAuditLog"}, {"getAudit"}),
    ("See :meth:`~httpx.Client.send`.", "a.rst", {"httpx.Client.send", "Client.send", "send"},
     set()),
    ("See :func:`the func <pkg.fn>`.", "a.rst", {"pkg.fn", "fn"}, set()),
    ("{py:class}`pkg.Thing`", "a.md", {"pkg.Thing", "Thing"}, set()),
    # a directive writes one object: its last part alone is a tail (test_directive_tails)
    (".. autofunction:: pkg.mod.run_all\n", "a.rst", {"pkg.mod.run_all", "mod.run_all"},
     {"run_all"}),
    ("See [the client][httpx.Client].", "a.md", {"httpx.Client", "Client"}, set()),
    ("See [httpx.Client][].", "a.md", {"httpx.Client"}, set()),
    ("Use {@link AuditClient#getAudit}.", "a.ts.md", {"AuditClient.getAudit", "getAudit"},
     set()),
    ("Ends with getAudit.", "a.md", {"getAudit"}, {"getAudit."}),
])
def test_words(text: str, path: str, names: set[str], not_names: set[str]) -> None:
    words = scan_page(text, path).words
    assert names <= words
    assert not (not_names & words)


@pytest.mark.parametrize(("text", "path", "tails"), [
    (".. autofunction:: pkg.mod.run_all\n", "a.rst", {"run_all"}),
    ("::: textual.widgets.Switch.BINDINGS\n", "a.md", {"BINDINGS"}),
    # written as a word too, or by a role: no tail
    ("::: textual.widgets.Switch.BINDINGS\n\nSet `BINDINGS`.\n", "a.md", set()),
    (".. autoclass:: shop.Client\n\nSee :class:`~shop.Client`.\n", "a.rst", set()),
    # one part: written as it is
    (".. module:: shop\n\n.. autoclass:: Client\n", "a.rst", set()),
    ("See :meth:`~httpx.Client.send`.", "a.rst", set()),
])
def test_directive_tails(text: str, path: str, tails: set[str]) -> None:
    tokens = scan_page(text, path)
    assert tokens.tails == tails
    assert not tails & tokens.words


@pytest.mark.parametrize(("text", "path", "calls"), [
    ("```python\nx = parse(data)\n```\n", "a.md", {"parse"}),
    ("Call `parse()` on it.", "a.md", {"parse"}),
    ("We parse(things) in prose.", "a.md", set()),
    ("``Widget(1)`` in rst", "a.rst", {"Widget"}),
    ("Example::\n\n    result = compute(3)\n\nBack to prose(1).\n", "a.rst", {"compute"}),
    ("~~~\nobj.method(1)\n~~~\n", "a.md", {"obj.method"}),
])
def test_calls_are_read_in_code_only(text: str, path: str, calls: set[str]) -> None:
    assert scan_page(text, path).calls == calls


@pytest.mark.parametrize(("code", "links"), [
    ("program\n  .option('-d')\n  // why\n  .parse();\n",
     [("program.option", True), ("program.parse", True)]),
    # a declaration, an assignment, ``return`` or ``await`` before the head; a comment after it
    ("const sub = await program.command('x', { hidden: true })\n  .summary\n",
     [("program.summary", False)]),
    ("cli = program // root\r\n  .version('1')\r\n", [("program.version", True)]),
    ("return app\n  .use(x)\n", [("app.use", True)]),
    # a schema the page makes is an instance; the namespace it is made from is none
    ("schema\n  .refine(ok)\n", [("schema.refine", True)]),
    ("const email = z\n  .string()\n  .email()\n", []),
    # no head: a function's result, ``new``, a subscript, a property, a block's end, no line
    # before
    ("fetch(url)\n  .then(r => r)\n", []),
    ("new Command()\n  .option('-d')\n", []),
    ("program.commands[0]\n  .name()\n", []),
    ("this.program\n  .name()\n", []),
    ("})\n  .option('-d')\n", []),
    ("  .option('-d')\n", []),
    # a spread, a number, a member inside a link are no links
    ("program\n  ...rest\n  .5\n", []),
    ("program\n  .addOption(new Option('-s').hideHelp())\n", [("program.addOption", True)]),
    # a statement's end, a blank line or another line ends a chain
    ("program\n  .name('x');\n  .option('-d')\n", [("program.name", True)]),
    ("program\n  .name('x')\n\n  .option('-d')\n", [("program.name", True)]),
    ("program\n  .name('x')\nother()\n  .option('-d')\n", [("program.name", True)]),
])
def test_chain_links(code: str, links: list[tuple[str, bool]]) -> None:
    page = ("# Use\n\n```ts\nconst program = new Command();\nlet app = express();\n"
            f"const schema = z.object({{}});\n```\n\n```ts\n{code}```\n")
    found = list(chain_links(page))
    assert [(name, called) for name, _, called in found] == links
    for name, offset, _ in found:  # the offset is the link's name
        assert page.startswith(name.rpartition(".")[2], offset)


@pytest.mark.parametrize(("fence", "read"), [
    ("", True), ("js", True), ("JavaScript title=\"cli.js\"", True), ("tsx", True),
    ("python", False), ("sh", False), ("diff", False),
])
def test_chain_links_are_read_in_js_and_untagged_fences_only(fence: str, read: bool) -> None:
    page = (f"Make `program = new Command()`.\n\n```{fence}\nprogram\n  .option('-d')\n```\n\n"
            "program\n  .name('x')\n")
    tokens = scan_page(page, "a.md")
    assert ("program.option" in tokens.words) is read
    assert ("program.option" in tokens.calls) is read
    assert "program.name" not in tokens.words  # not in a fenced block


@pytest.mark.parametrize(("text", "path", "prefixes"), [
    ("::: httpx.Client\n", "a.md", {"httpx.Client"}),
    (".. autoclass:: pkg.Thing\n   :members:\n", "a.rst", {"pkg.Thing"}),
    (".. autoclass:: pkg.Thing\n", "a.rst", set()),
    (".. automodule:: pkg.mod\n   :members:\n", "a.rst", {"pkg.mod"}),
    ("```{autoclass} pkg.Thing\n:members:\n```\n", "a.md", {"pkg.Thing"}),
    # a mkdocstrings identifier is the whole line, a dotted path: not another extension's block
    ("::: pkg.mod  \n    options:\n      show_source: false\n", "a.md", {"pkg.mod"}),
    ("::: mkdocs-click\n    :module: pkg.cli\n", "a.md", set()),
    ("::: warning Mind the gap\n", "a.md", set()),
    # a list of members documents those, named on their own (test_listed_members_are_names)
    (".. autoclass:: pkg.Thing\n   :members: run, stop\n", "a.rst", set()),
    (".. automodule:: pkg.mod\n   :members: run,\n             stop\n", "a.rst", set()),
    (".. autoclass:: pkg.Thing\n   :members:\n   :exclude-members: stop\n", "a.rst",
     {"pkg.Thing"}),
])
def test_documented_prefixes(text: str, path: str, prefixes: set[str]) -> None:
    assert scan_page(text, path).prefixes == prefixes


@pytest.mark.parametrize(("line", "target"), [
    ("::: pkg.mod.Class", "pkg.mod.Class"),
    ("::: pkg.mod \t\r", "pkg.mod"),
    ("::: httpx", "httpx"),
    # a bare VitePress container is ``::: httpx`` in form: read as a module, it names nothing
    # where the code has no module ``tip``
    ("::: tip", "tip"),
    ("::: mkdocs-click", None),
    ("::: tip Title", None),
    ("::: a b", None),
    (":::tip", None),  # a Docusaurus admonition
    ("::: $store.state", None),
    ("::: a..b", None),
    ("::: pkg.", None),
    ("::: 1pkg", None),
])
def test_both_readers_read_a_mkdocstrings_block_alike(line: str, target: str | None) -> None:
    page = f"# API\n\n{line}\n"
    expected = set() if target is None else {target}
    assert scan_page(page, "a.md").prefixes == expected
    assert {ref.name for ref in parse_references(page, "a.md")
            if ref.kind is RefKind.DIRECTIVE} == expected


@pytest.mark.parametrize(("text", "hidden"), [
    (".. autoclass:: pkg.Thing\n   :members:\n   :exclude-members: stop, _close\n",
     {"pkg.Thing.stop", "pkg.Thing._close"}),
    (".. autoclass:: pkg.Thing\n   :members:\n", set()),
    # another directive of the class shows what the first one left out: by name, or whole
    (".. autoclass:: pkg.Thing\n   :members:\n   :exclude-members: stop, run\n\n"
     ".. autoclass:: pkg.Thing\n   :members: stop\n", {"pkg.Thing.run"}),
    (".. autoclass:: pkg.Thing\n   :members:\n   :exclude-members: stop\n\n"
     ".. autoclass:: pkg.Thing\n   :members:\n", set()),
])
def test_excluded_members_are_hidden(text: str, hidden: set[str]) -> None:
    assert scan_page(text, "a.rst").hidden == hidden


@pytest.mark.parametrize(("text", "names", "not_names"), [
    (".. autoclass:: pkg.Thing\n   :members: run,\n      stop\n\n   Body text, not_a_member.\n",
     {"pkg.Thing.run", "Thing.run", "pkg.Thing.stop"}, {"pkg.Thing.not_a_member"}),
    (".. autoclass:: pkg.Thing\n   :members: run, stop\n   :exclude-members: stop\n",
     {"pkg.Thing.run"}, {"pkg.Thing.stop"}),
    (".. currentmodule:: pkg\n\n.. automodule:: pkg.mod\n   :members: run\n",
     {"pkg.mod.run"}, {"pkg.pkg.mod.run"}),
])
def test_listed_members_are_names(text: str, names: set[str], not_names: set[str]) -> None:
    words = scan_page(text, "a.rst").words
    assert names <= words
    assert not (not_names & words)


def test_index_lookups_and_the_store() -> None:
    pages = [Page("a.md", "b1", False), Page("b.md", "b2", True), Page("c.md", "b3", False)]
    blobs = {"b1": b"`httpx.Client.send`", "b2": b"::: httpx.Client\n", "b3": b"\xff\xfe"}
    index = build_index(pages, blobs.get)
    assert index.naming("httpx.Client.send") == {0, 1}
    assert index.naming("httpx.Client") == {1}
    assert index.naming_as_written("httpx.Client.send") == {0}
    assert index.naming("httpx.Other") == set()
    assert index.unreadable == [("c.md", "not UTF-8 (invalid byte at offset 0)")]
    stored = {sha for (sha,) in index.db.execute("SELECT sha FROM blobs")}
    assert stored == {"b1", "b2", "b3"}
    again = fill_index(pages[:2], lambda blob: None, index.db)  # every page from the store
    assert again.naming("httpx.Client.send") == {0, 1}
    assert again.unreadable == []


def test_a_store_another_run_prunes_while_this_one_fills_it_is_refused_not_a_crash() -> None:
    pages = [Page("a.md", "b1", False), Page("b.md", "b2", False)]
    blobs = {"b1": b"`httpx.Client.send`", "b2": b"nothing here"}
    db = memory_store()
    # another govern run on the same repository prunes the blobs this one just stored
    def pruned_by_another_run(*_: object) -> None:
        db.execute("DELETE FROM blobs")

    with pytest.raises(StoreDamaged, match="lost page a.md"):
        fill_index(pages, blobs.get, db, progress=pruned_by_another_run)
    assert fill_index(pages, blobs.get, memory_store()).naming("httpx.Client.send") == {0}


def test_a_prune_keeps_what_another_run_read_lately_and_drops_what_none_did() -> None:
    db = memory_store()
    blobs = {"b1": b"`one.two`", "b2": b"`three.four`", "b3": b"`five.six`"}
    mine = [Page("a.md", "b1", False)]
    fill_index([Page("b.md", "b2", False), Page("c.md", "b3", False)], blobs.get, db)
    fill_index(mine, blobs.get, db)

    def stored() -> set[str]:
        return {sha for (sha,) in db.execute("SELECT sha FROM blobs")}

    prune(db, mine, keep=0)
    assert stored() == {"b1", "b2", "b3"}  # another run read them a moment ago
    db.execute("UPDATE blobs SET used = 0 WHERE sha = 'b3'")  # read by no run for long
    prune(db, mine, keep=0)
    assert stored() == {"b1", "b2"}
    assert db.execute("SELECT count(*) FROM tokens WHERE token = 'five.six'").fetchone() == (0,)


@pytest.mark.parametrize("ask", [
    lambda index: index.naming("httpx.Client.send"),
    lambda index: set(index.naming_under("httpx.Client")),
    lambda index: index.routing("/v1/send"),
])
def test_a_store_that_breaks_under_a_query_is_rebuilt_once_or_refused(ask) -> None:
    pages = [Page("a.md", "b1", False), Page("b.md", "b2", False)]
    blobs = {"b1": b"`httpx.Client.send` at `POST /v1/send`", "b2": b"nothing here"}
    index = build_index(pages, blobs.get)
    expected = ask(index)
    assert expected == {0}
    for rebuildable in (True, False):
        index = build_index(pages, blobs.get)
        index.db.execute("DROP TABLE tokens")  # the store fails mid-run
        if rebuildable:
            index.on_damage = memory_store
            assert ask(index) == expected
        else:
            with pytest.raises(StoreDamaged):
                ask(index)


def test_package_mentions_use_loose_tokens_under_a_directory() -> None:
    pages = [Page("a.md", "b1", False), Page("b.md", "b2", False), Page("c.md", "b3", False)]
    blobs = {"b1": b"see packages/web/src", "b2": b"see packages/webby", b"b3": b"@acme/web"}
    index = build_index(pages, {**blobs, "b3": b"npm i @acme/web"}.get)
    assert index.mentioning(["packages/web"]) == {0}
    assert index.mentioning(["@acme/web"]) == {2}
    assert index.mentioning(["packages/we"]) == set()


def test_plain_words_are_found_whole_and_only_whole() -> None:
    pages = [Page("a.md", "b1", False), Page("b.md", "b2", False), Page("c.md", "b3", False)]
    blobs = {"b1": b"Install acme, then run `os meta resync`.\n",
             "b2": b"The acmes run osx meta resync, or os meta resyncs.\n",
             "b3": b"Run os meta:resync here.\n"}
    index = build_index(pages, blobs.get)
    assert index.pages_with(WORD, ["acme"]) == {0}
    assert index.pages_with(WORD, ["acmes", "acme"]) == {0, 1}
    assert index.pages_with(WORD, ["acm"]) == set()
    assert index.mentioning(["acme"]) == {0}
    assert index.saying("os meta resync") == {0, 2}


@pytest.mark.parametrize(("text", "says"), [
    ("run os dev now", True), ("os dev", True), ("`os  dev`", True), ("os\tdev", True),
    ("os:dev", True), ("(os dev)", True),
    ("xos dev", False), ("-os dev", False), ("os devx", False), ("os dev-tools", False),
    ("os\ndev", False), ("os-dev", False), ("o s dev", False),
])
def test_a_command_phrase_is_found_whole(text: str, says: bool) -> None:
    """The literal-first form of the phrase pattern keeps both word boundaries, and a page's
    word runs (read once for every phrase of a program) say what the pattern says."""
    assert (phrase_pattern("os dev").search(text) is not None) is says
    assert bool(PhraseRuns([text], "os").find(["dev"])) is says
    index = build_index([Page("a.md", "b1", False)], {"b1": text.encode()}.get)
    assert (index.saying("os dev") == {0}) is says


@pytest.mark.parametrize("text", [
    "os os dev", "os: dev and os:dev", "os dev\tdev x", "see os dev, os dev-x, os meta:resync",
    "os dev.\nos  meta   resync\nxos meta", "é os dév", "os-os dev os_dev x",
])
@pytest.mark.parametrize("phrase", ["os dev", "os meta resync", "os dev dev x", "os dév",
                                    "os meta.resync"])
def test_word_runs_find_every_phrase_where_its_pattern_does(text: str, phrase: str) -> None:
    first, *rest = phrase.split()
    expected = [match.start() for match in phrase_pattern(phrase).finditer(text)]
    runs = PhraseRuns([text], first)
    assert sorted(runs.start_of[occurrence] for occurrence in runs.find(rest)) == \
        _pattern_starts(phrase, text)
    index = build_index([Page("a.md", "b1", False)], {"b1": text.encode()}.get)
    assert index.saying(phrase) == ({0} if expected else set())


# The scanner's patterns before they were rewritten for speed (a literal first, possessive
# quantifiers): the rewrites must read every page exactly as these did.
REFERENCE_PATTERNS = {
    "_CALL": r"(?<![\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(",
    "_ROLE": r"(?::[a-z]+)?:[a-z]+:`([^`]+)`|\{(?:[a-z]+:)?[a-z]+\}`([^`]+)`",
    "_ROUTE": r"(?<![\w.~/:])(/[\w\-.:{}<>*]+(?:/[\w\-.:{}<>*]+)*)",
}

TRICKY = [
    "/api/v1/items at the very start", "GET /users/{id}/audit.", "see http://host/a/b and ~/x",
    "a/b/c and x:/y and .//z and //twice", "/{id}", "/ alone", "path /a-b.c/<d>/*/e:f",
    "é/ü /ß", "mid:`x`", ":py:func:`pkg.run` :func:`b` :a:b:c:`deep` ::func:`y`",
    ":func:`unclosed and :meth:`after` {py:class}`pkg.T` {class}`U` {a:b:c}`v`",
    "`a.b(` `a.(` `1a(` `$x.y$(` `x.y.z (` `.a(` `a..b(` `é(` `foo.bar.baz(1)`",
    "call(x) then obj.method(y)(z) and _priv($) and a.b.c.d.e(", "x.y(", "(((", "",
]


@pytest.mark.parametrize("name", sorted(REFERENCE_PATTERNS))
def test_rewritten_patterns_read_as_before(name: str) -> None:
    import re

    from govern.drift.docs import scanner

    fast, reference = getattr(scanner, name), re.compile(REFERENCE_PATTERNS[name])
    assert fast.pattern != reference.pattern
    everything = "\n".join(TRICKY)
    for text in [*TRICKY, everything, everything.replace("\n", " ")]:
        assert [m.groups() for m in fast.finditer(text)] == \
            [m.groups() for m in reference.finditer(text)], text
        assert [m.span(1) for m in fast.finditer(text)] == \
            [m.span(1) for m in reference.finditer(text)], text
    assert fast.findall(everything)  # the inputs exercise the pattern


def test_the_equivalence_check_can_fail() -> None:
    """A pattern that reads a route differently is caught by the comparison above."""
    import re

    reference = re.compile(REFERENCE_PATTERNS["_ROUTE"])
    looser = re.compile(r"(/[\w\-.:{}<>*]++(?:/[\w\-.:{}<>*]++)*+)")  # no look-behind
    text = "\n".join(TRICKY)
    assert [m.groups() for m in looser.finditer(text)] != \
        [m.groups() for m in reference.finditer(text)]


WORDY = ["_ __init__ $x x$ $ 1a a1 é ñandu año café_au_lait Straße", "plain a.b.c x.y _.z $a.$b",
         "a-b c/d @scope/pkg e@f.g v1.2.3 1.5 -- __ ___ x__y", "Ω omega ΩMEGA snake_Case ok"]


@pytest.mark.parametrize("text", WORDY)
def test_plain_identifiers_are_taken_whole_as_the_word_pattern_reads_them(text: str) -> None:
    """The scanner takes ASCII identifiers as words in one pass; every token must come out as
    reading each with the word pattern did (non-ASCII, `$`, dotted and numeric tokens too)."""
    from govern.drift.docs import scanner

    expected: set[str] = set()
    raws = set(scanner._RAW_TOKEN.findall(text))
    assert any(raw.isidentifier() and raw.isascii() for raw in raws)  # both paths are taken
    assert any(not (raw.isidentifier() and raw.isascii()) for raw in raws)
    for raw in raws:
        for word in (raw,) if scanner._WORD.fullmatch(raw) else scanner._WORD.findall(raw):
            expected.add(word)
            if word.count(".") > 1:
                expected.update(scanner.dotted_suffixes(word))
    assert scan_page(text, "p.md").words == expected


def test_phrase_candidates_are_read_together_once(tmp_path: Path) -> None:
    """A command phrase reads the pages naming its first word in one exchange with git, and
    the next phrase with the same first word reads none again; the answers are those of
    reading each page alone."""
    from govern.git.gitio import Git
    from tests.gitrepo import make_repo

    texts = {"a.md": "run `os meta resync`\n", "b.md": "os dev starts it\n",
             "c.md": "os meta:resync, or os dev\n", "d.md": "nothing here\n"}
    repo = make_repo(tmp_path / "r", dict(texts))
    git = Git(repo.root)
    pages = [Page(path, repo.git("rev-parse", f"HEAD:{path}").strip(), False) for path in texts]
    batches: list[list[str]] = []
    singles: list[str] = []

    def read_many(names: list[str]) -> dict[str, bytes | None]:
        batches.append(names)
        return git.blobs.read_many(names)

    def read(name: str) -> bytes | None:
        singles.append(name)
        return git.blobs.read(name)

    index = fill_index(pages, read, memory_store(), read_many)
    batches.clear()
    singles.clear()
    assert index.saying("os meta resync") == {0, 2}
    assert index.saying("os dev") == {1, 2}
    assert [sorted(batch) for batch in batches] == [sorted(p.blob for p in pages[:3])]
    assert singles == []
    alone = build_index(pages, git.blobs.read)  # no batch reader: one page at a time
    assert alone.saying("os meta resync") == {0, 2} and alone.saying("os dev") == {1, 2}


# The code-span and fence patterns before they became loops (govern/drift/docs/scanner.py says
# why no pattern could be linear): the loops must find exactly the spans these did.
REFERENCE_INLINE_CODE = r"(`++)([^`\n]++)\1"
REFERENCE_FENCED = r"^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1"

SPAN_PIECES = ["`", "``", "```", "````", "`````", "x", "ab", " ", "\n", "f(1)", "\t"]
FENCE_PIECES = ["```", "````", "`````", "``", "`", "~~~", "~~~~", "~~", "\n", " ", "   ",
                "    ", "x", "py", "f(1)", "\n```", "\n~~~", "\n   ````", "\n    ```", "\t"]


def _reference_spans(pattern: str, flags: int, text: str) -> list[tuple[int, int]]:
    return [match.span(2) for match in re.compile(pattern, flags).finditer(text)]


def test_code_spans_and_fences_are_found_as_the_patterns_found_them_on_every_short_page() -> None:
    """Every page of up to 6 characters from backticks, tildes, blanks, a letter and newlines
    (the spans' and fences' every shape at their shortest)."""
    for length in range(7):
        for chars in itertools.product("`~ x\n", repeat=length):
            text = "".join(chars)
            assert inline_code_spans(text) == _reference_spans(REFERENCE_INLINE_CODE, 0, text), \
                text
            assert fenced_blocks(text) == \
                _reference_spans(REFERENCE_FENCED, re.M | re.S, text), text


@settings(max_examples=250, deadline=None)
@given(st.lists(st.sampled_from(SPAN_PIECES + FENCE_PIECES), max_size=40).map("".join))
def test_code_spans_and_fences_are_found_as_the_patterns_found_them(text: str) -> None:
    """Pages of backtick runs of every length, fences opened and closed by longer, shorter and
    other fences, nested, indented and left open."""
    assert inline_code_spans(text) == _reference_spans(REFERENCE_INLINE_CODE, 0, text)
    assert fenced_blocks(text) == _reference_spans(REFERENCE_FENCED, re.M | re.S, text)
    assert scan_page(text, "p.md") == scan_page(text, "p.md")


@pytest.mark.parametrize(("text", "spans", "blocks"), [
    ("``a`", [(2, 3)], []),  # the pattern is tried again from the run's second backtick
    ("`a``b`", [(1, 2), (4, 5)], []),  # the search goes on inside the closing run
    ("```\nx\n````\ny\n```\n", [], [(4, 6)]),  # a longer fence closes a shorter one
    ("````\nx\n```\ny\n````\n", [], [(5, 13)]),  # a shorter fence does not, a later one does
    ("`````\nx\n```\ny\n````\n", [], [(6, 14)]),  # the longest length a later fence reaches
    ("```\nx\n~~~\n", [], []),  # a fence of the other character closes nothing
    ("    ```\nx\n```\n", [], []),  # four blanks: no fence
    ("```", [], []),  # no line after it
])
def test_code_spans_and_fences_at_their_edges(text: str, spans: list[tuple[int, int]],
                                              blocks: list[tuple[int, int]]) -> None:

    assert inline_code_spans(text) == spans == \
        _reference_spans(REFERENCE_INLINE_CODE, 0, text)
    assert fenced_blocks(text) == blocks == \
        _reference_spans(REFERENCE_FENCED, re.M | re.S, text)


PHRASE_TEXT = ["os", "a", "b", "a.b", " ", "\t", "  ", ":", "::", ".", "-", "x", "\n", "é",
               "a:a", " os ", "os:", "-os", "a-b"]
PHRASE_WORD = ["a", "b", "os", "a.b", "a:b", ":", "a:", ":a", "-", "--x", "é", "a-b", ".",
               "a.", "b:a", "a::b"]


def _pattern_starts(phrase: str, text: str) -> list[int]:
    """Every place the phrase's pattern matches at, one inside another match too."""
    pattern = phrase_pattern(phrase)
    starts = []
    match = pattern.search(text)
    while match is not None:
        starts.append(match.start())
        match = pattern.search(text, match.start() + 1)
    return starts


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["os", "a", "a:a", "a.a", "-a"]),
       st.lists(st.lists(st.sampled_from(PHRASE_WORD), max_size=12), min_size=1, max_size=4),
       st.lists(st.sampled_from(PHRASE_TEXT), max_size=30).map("".join),
       st.randoms(use_true_random=False))
def test_phrase_runs_find_every_place_the_phrase_pattern_does(
        first: str, phrases: list[list[str]], noise: str, rng: Random) -> None:
    """Any words (dotted, with colons, dashes, other scripts), written with blanks, tabs or
    colons between them, among noise; phrases longer than the tree's depth too."""
    text = noise
    for rest in phrases:
        text += rng.choice(["", " ", "\n", "x", ":", "."]) + first
        for word in rest:
            text += rng.choice([" ", "\t", ":", " \t "]) + word
        text += rng.choice(["", " ", "\n", "x", ":", ".", "-"])
    text += noise
    runs = PhraseRuns([noise, text], first)
    index = build_index([Page("a.md", "b1", False)], {"b1": text.encode()}.get)
    # only a page naming the first word as the scanner reads it (a flag's without its
    # dashes) is read for phrases
    stem = first.lstrip("-")
    named = bool(index.pages_with(WORD, [stem]) | index.pages_with(LOOSE, [stem]))
    for rest in [*phrases, *(rest[:-1] for rest in phrases), ["a.b", "a"], [":a"]]:
        phrase = " ".join([first, *rest])
        found = runs.find(rest)
        for page_id, page in enumerate([noise, text]):
            starts = sorted(runs.start_of[occurrence] for occurrence in found
                            if runs.text_of[occurrence] == page_id)
            assert starts == _pattern_starts(phrase, page), (phrase, page)
        # a program name alone is said only where the page runs it
        said = [start for start in _pattern_starts(phrase, text)
                if rest or first.startswith("-") or invoked_at(text, start, first)]
        assert index.saying(phrase) == ({0} if named and said else set())


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZ_9$@./- \t\n(`:#é—ß\u00a0\u2028\ud800😀")),
               max_size=60))
def test_raw_tokens_are_what_the_raw_pattern_finds(text: str) -> None:
    """The fast cut of a page into raw tokens reads exactly what the pattern does, on ASCII
    and on other scripts' letters, punctuation, blanks and lone surrogates."""
    assert raw_tokens(text) == set(_RAW_TOKEN.findall(text))


def test_raw_tokens_cut_at_other_scripts_punctuation_not_at_their_letters() -> None:
    assert raw_tokens("./naïve—api.v2/x -- .env a—") == {"naïve", "api.v2/x", "env", "a"}


def test_an_objects_default_repr_names_nothing() -> None:
    """A traceback's locals print ``<typer.main.Typer object at 0x…>``: that says what class a
    value was, and is no documentation of the class; the class written anywhere else is."""
    shown = ("```console\n$ python main.py\nTraceback (most recent call last):\n"
             "  app = <typer.main.Typer object at 0x7f047db51d90>\n```\n")
    tokens = scan_page(shown, "docs/exceptions.md")
    assert not {"typer.main.Typer", "main.Typer", "Typer"} & tokens.words
    assert "Traceback" in tokens.words
    written = shown + "\nCreate a `typer.main.Typer` first.\n"
    assert "typer.main.Typer" in scan_page(written, "docs/exceptions.md").words
    # a repr of another shape, or an address-less mention, is read as before
    for kept in ("<Typer at 0x7f04>", "a Typer object at 0x7f04", "<typer.main.Typer object>"):
        assert {"Typer", "typer.main.Typer"} & scan_page(kept, "a.md").words, kept
    # the blank keeps every offset
    assert len(without_object_reprs(shown)) == len(shown)


def test_object_reprs_are_blanked_in_linear_time() -> None:
    hostile = "<" + "a." * 200_000 + " object at 0x" * 1_000
    start = time.perf_counter()
    without_object_reprs(hostile * 2)
    assert time.perf_counter() - start < 2


@given(st.frozensets(st.text(alphabet="aZ_9.-éİ$", max_size=6)))
def test_a_page_s_words_are_split_plain_as_each_is_judged(words: frozenset[str]) -> None:
    """The store tells plain words apart in one comprehension (:func:`_split_plain`), the
    lookups one word at a time (:func:`is_plain`): the two must agree, or a plain word stored
    as a row (or a row stored as plain) is never found."""
    plain, other = _split_plain(words)
    assert set(plain) == {word for word in words if is_plain(word)}
    assert other == {word for word in words if not is_plain(word)}
