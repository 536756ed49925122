"""Glob sets: matched in RE2, they answer exactly as pathspec's gitignore matching in Python's
``re`` does, on every path git writes."""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pathspec import GitIgnoreSpec

from govern.core.globs import Globs, _last_deciding, _needed_literals, _spec, glob_problem
from tests.gitrepo import make_repo

PATHS = ["docs/a.md", "docs/x/y.mdx", "README.md", "x/README.md", "CHANGES.rst",
         "docs/releases/v1.md", "docs/releases/a/b", "p/q/route-ledger.ts",
         "p/q/x-route-ledger.ts", "openapi.json", "content/docs/a/b.mdx", "content/docs.mdx",
         "a/c.py", "a/b.py", "a/x/c.py", "top.md", "x/top.md", "dir/a", "x/dir/b", "dir"]


@pytest.mark.parametrize("patterns", [
    ("docs/**/*.md", "docs/**/*.mdx", "docs/**/*.rst", "README.md"),
    ("CHANGELOG.md", "CHANGES.*", "docs/**/changelog.*", "docs/releases/**"),
    ("**/*route-ledger.ts", "**/openapi.json"),
    ("a/*.py", "!a/b.py"),  # a negation: gitignore's order decides
    ("/top.md", "dir/"),
    (),
])
def test_globs_match_as_gitignore_does(patterns: tuple[str, ...]) -> None:
    globs, spec = Globs(patterns), GitIgnoreSpec.from_lines(patterns, backend="simple")
    expected = [p for p in PATHS if patterns and spec.match_file(p)]
    assert globs.select(PATHS) == expected
    assert set(expected) != set(PATHS)  # each set refuses some path too
    if patterns:
        assert expected


# Globs and paths built from the pieces that decide how gitignore matching goes: literals,
# `*` and `?` inside a segment, `**` alone, brackets (negated ones can match a `/`), escapes,
# a leading or trailing `/`; paths with parts these match or miss, written as a PR may
# (a leading `/` or `./`, an empty part).
SEGMENTS = ["a", "b", "ab", "x", "*", "**", "?", "a*", "*b", "*a*", "a?b", "*.md", "[ab]",
            "[!a]", "[!a]*", "[^b]", "[a-c]", "[+-9]", "[]]", "[!]a]", "a[!b]b", "\\*", "[", ""]
PARTS = ["a", "b", "ab", "ba", "x", "aab", "a.md", "9", "-", "*", "]", ""]


@st.composite
def _globs(draw: st.DrawFn) -> str:
    glob = "/".join(draw(st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=5)))
    lead, trail = draw(st.booleans()), draw(st.booleans())
    return "/" * lead + glob + "/" * trail


@settings(max_examples=300, deadline=None)
@given(st.lists(_globs(), min_size=1, max_size=3),
       st.lists(st.lists(st.sampled_from(PARTS), min_size=1, max_size=6).map("/".join),
                min_size=1, max_size=8),
       st.sampled_from(["", "/", "./"]))
def test_generated_globs_match_as_pathspec_does_in_python(
        patterns: list[str], paths: list[str], lead: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # pathspec passes `[[` on to re
        try:
            spec = GitIgnoreSpec.from_lines(patterns, backend="simple")
        except Exception:  # not a glob: the configuration refuses it (glob_problem)
            assume(False)
        matcher = Globs(tuple(patterns))
        written = [lead + path for path in paths]
        assert [matcher.matches(path) for path in written] == \
            [spec.match_file(path) for path in written]


@pytest.mark.parametrize(("patterns", "path", "matched"), [
    (("a/*.py", "!a/b.py"), "a/b.py", False),
    (("a/*.py", "!a/b.py"), "a/c.py", True),
    (("docs/**", "!docs/private/**"), "docs/private/x.md", False),
    (("docs/**", "!docs/private/**", "docs/private/keep.md"), "docs/private/keep.md", True),
    # the last match wins, as git reads it: `b/` holds the folder, so its files are held too
    # (pathspec's Python backend lets the earlier file pattern `!b/**` win)
    (("!b/**", "b/"), "b/x/y", True),
])
def test_a_negation_is_read_in_order(patterns: tuple[str, ...], path: str,
                                     matched: bool) -> None:
    assert Globs(patterns).matches(path) is matched


IN_ORDER = [
    (("*.md", "!docs/a.md"), "docs/a.md", False),
    (("*.md", "!docs/*.md"), "docs/b.md", False),
    (("*.md", "!docs/*.md"), "x/b.md", True),
    (("!b/**", "b/"), "b/x/y", True),
    (("a/*.py", "!a/b.py", "a/b.py"), "a/b.py", True),
    (("a/*.py", "!a/b.py", "a/b.py"), "a/c.py", True),
    (("docs/**", "!docs/private/**"), "docs/x.md", True),
    (("docs/**", "!docs/private/**"), "docs/private/x.md", False),
    (("docs/**", "!docs/private/**", "docs/private/keep.md"), "docs/private/keep.md", True),
]
"""Patterns, a path and whether one set of them matches it (pathspec's gitignore reading,
the last matching pattern deciding)."""


def _split(patterns: tuple[str, ...], *cuts: int) -> Callable[[str], bool]:
    """The matcher of ``patterns`` compiled in several RE2 sets, cut before each of ``cuts``,
    as a set RE2 refuses is."""
    bounds = [0, *cuts, len(patterns)]
    return _last_deciding([_spec(patterns[start:end])
                           for start, end in zip(bounds, bounds[1:], strict=False)])


@pytest.mark.parametrize(("patterns", "path", "matched"), IN_ORDER)
def test_patterns_in_several_sets_answer_as_in_one(patterns: tuple[str, ...], path: str,
                                                   matched: bool) -> None:
    assert Globs(patterns).matches(path) is matched
    for cut in range(1, len(patterns)):
        assert _split(patterns, cut)(path) is matched
    assert _split(patterns, *range(1, len(patterns)))(path) is matched  # one pattern a set


def test_a_folder_negation_in_a_later_set_takes_the_path_back() -> None:
    """The one answer a set in parts gives apart from one set (docs/decisions/globs-re2.md):
    pathspec, reading one set, keeps ``docs/a.md`` matched by ``*.md`` though ``!docs``
    follows; cut between the two, the later part's negation decides."""
    assert Globs(("*.md", "!docs")).matches("docs/a.md")
    assert not _split(("*.md", "!docs"), 1)("docs/a.md")
    assert _split(("*.md", "!docs"), 1)("x/a.md")


@settings(max_examples=300, deadline=None)
@given(st.lists(_globs(), min_size=2, max_size=6),
       st.lists(st.lists(st.sampled_from(PARTS), min_size=1, max_size=6).map("/".join),
                min_size=1, max_size=8))
def test_generated_patterns_cut_anywhere_answer_as_in_one_set(
        patterns: list[str], paths: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        assume(all(glob_problem(pattern) is None for pattern in patterns))
        whole = Globs(tuple(patterns))
        answers = [whole.matches(path) for path in paths]
        for cut in range(1, len(patterns)):
            assert [_split(tuple(patterns), cut)(path) for path in paths] == answers


def test_thousands_of_patterns_are_matched_as_a_few_are() -> None:
    """More patterns than one RE2 set holds (a traceback before): the same answers."""
    many = tuple(f"docs/page{i}/**/*.md" for i in range(5_000))
    globs = Globs((*many, "!docs/page4999/draft/**"))
    assert globs.matches("docs/page4999/a/b.md") and globs.matches("docs/page0/b.md")
    assert not globs.matches("docs/page4999/draft/b.md")
    assert not globs.matches("docs/page5000/a/b.md") and not globs.matches("docs/page1/a.py")


def test_a_name_ending_in_a_newline_is_not_the_name() -> None:
    """The one answer that differs from Python's ``re``, whose ``$`` also matches before a
    final newline: git writes such a name only when asked to, and it is another file."""
    assert GitIgnoreSpec.from_lines(["govern.toml"], backend="simple").match_file(
        "govern.toml\n")
    assert not Globs(("govern.toml",)).matches("govern.toml\n")
    assert Globs(("govern.toml",)).matches("x/govern.toml")
    # a folder pattern still holds every file under it, whatever the file is named
    assert Globs(("docs/adr/**",)).matches("docs/adr/0002.md\n")


def test_a_shell_brace_or_a_broken_bracket_is_no_glob() -> None:
    assert glob_problem("docs/**/*.md") is None
    assert glob_problem("*.{md,mdx}") is not None
    assert glob_problem("") == "must be a non-empty string"


@pytest.mark.parametrize(("patterns", "needed", "matching"), [
    (("docs/**/*.md", "**/openapi.json", "README.md"), (".md", "openapi.json", "README.md"),
     "api/openapi.json"),
    (("*.md", "!docs/x.md", "# a comment", ""), (".md",), "docs/y.md"),  # what can match
    (("src/", "a?b"), ("src", "b"), "lib/src/x.py"),  # a folder's own name; after a wildcard
    (("docs/*.m[d]",), None, "docs/a.md"),  # ends in a wildcard: every path is matched
    (("docs/**",), None, "docs/a/b"),
    (("*.md", "a\\*"), None, "a*"),  # an escape is not read: every path is matched
])
def test_the_text_every_match_holds_turns_other_paths_away(
        patterns: tuple[str, ...], needed: tuple[str, ...] | None, matching: str) -> None:
    assert _needed_literals(patterns) == needed
    globs = Globs(patterns)
    assert not globs.matches("lib/other.py")
    assert globs.matches(matching)


def test_without_re2_govern_says_what_to_install(tmp_path: Path) -> None:
    """RE2 is named, not chosen if present: without it no glob falls back to backtracking,
    and the run is not judged (exit 2) with the install to make, not an internal error."""
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n"})
    repo.branch("pr")
    repo.commit({"a.py": "x = 2\n"})  # a changed path, matched against `gates.size_ignore`
    hide_re2 = ("import sys; sys.modules['re2'] = None; from govern.cli import main; "
                "sys.argv[0] = 'govern'; main()")
    proc = subprocess.run([sys.executable, "-c", hide_re2, "--repo-dir", str(repo.root),
                           "check", "size", "main"], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 2, proc.stderr
    assert "`re2` is not installed" in proc.stderr and "pathspec[re2]" in proc.stderr
