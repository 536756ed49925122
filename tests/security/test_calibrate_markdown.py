"""Attack: a repository measured by ``govern calibrate --out FILE.md`` names its pages, folders
and literals to break the markdown report — raw HTML, links, mentions, a forged list item, a
backtick or ``|`` to leave a code span. Refused: every path and token is one code span showing
its exact text, and the words around them (the revision, a suggestion's reason) are inert
text; nothing in the report links, mentions or adds HTML but the chart."""

from __future__ import annotations

import re

from govern.calibrate.cases import Case
from govern.calibrate.measure import CaseResult, find_measurement
from govern.calibrate.report import build_report, render_markdown
from govern.calibrate.suggest import find_proposals, find_suggestions
from govern.config import Config
from tests.security.github_markdown import live, render

HTML_PAGE = "docs/<img src=x onerror=alert(1)>.md"
LINK_PAGE = "docs/[click](https://evil.example)/a.md"
MENTION_PAGE = "docs/@admin #12/a`b|c.md"
FORGED_ITEM = "docs/x\n- forged item.md"
MARKER_PAGE = "docs/<!-- govern:docs-drift -->.md"
QUIET = "docs/[q](https://evil.example)"
LITERAL = "evil`) [x](https://evil.example) (`"


def hostile_report() -> str:
    def case(sha: str, rows: tuple[str, ...], reference: tuple[str, ...]) -> CaseResult:
        return CaseResult(Case(sha, "p", 0, (), ("python",), reference), None,
                          tuple((path, (("literal", LITERAL),)) for path in rows),
                          (("literal", LITERAL, "python"),), (), (), 0.1)

    results = [case("a" * 40, (HTML_PAGE, LINK_PAGE), (MENTION_PAGE, FORGED_ITEM)),
               case("b" * 40, (f"{QUIET}/1.md",), (MARKER_PAGE,)),
               case("c" * 40, (f"{QUIET}/2.md",), (HTML_PAGE,)),
               case("d" * 40, (f"{QUIET}/3.md",), (LINK_PAGE,))]
    tree = [HTML_PAGE, LINK_PAGE, MENTION_PAGE, MARKER_PAGE, f"{QUIET}/1.md"]
    proposals = find_proposals(results, Config(), tree, {})
    assert [p.key for p in proposals] == ["docs.exclude"]  # its reason names the folder
    suggestions = find_suggestions(results, proposals, lambda result, _: result)
    run = {"rev": "main <script>@admin [x](https://evil.example)", "cases_found": 4,
           "commits_read": 9}
    return render_markdown(build_report(run, find_measurement(results), suggestions, False))


def test_paths_and_tokens_are_code_spans_of_their_exact_text() -> None:
    html = render(hostile_report())
    for shown in (HTML_PAGE.replace("<", "&lt;").replace(">", "&gt;"),
                  LINK_PAGE, MENTION_PAGE, "docs/x - forged item.md",
                  "docs/&lt;!\u200b-- govern:docs-drift --\u200b&gt;.md"):
        assert f"<code>{shown}</code>" in html
    assert "<code>literal evil`) [x](https://evil.example) (`</code>" in html
    # the backslashes of the inert text never reach what a reader sees
    assert "\\" not in re.sub(r"<svg.*?</svg>", "", html, flags=re.S)


def test_nothing_links_mentions_or_adds_html_or_list_items() -> None:
    markdown = hostile_report()
    html = render(markdown)
    assert live(markdown) == []
    tags = set(re.findall(r"<([a-z][a-z0-9]*)", re.sub(r"<svg.*?</svg>", "", html, flags=re.S)))
    assert tags <= {"h1", "h2", "p", "ul", "li", "code", "table", "thead", "tbody", "tr", "th",
                    "td"}
    assert "<!-- govern:docs-drift -->" not in markdown
    # one item per case listed and per suggestion: the newline in a path forged none
    assert html.count("<li>") == len(re.findall(r"^- ", markdown, flags=re.M))
    assert "<li>forged item" not in html
