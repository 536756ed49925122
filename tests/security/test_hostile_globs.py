"""Attack: stall any job that matches a PR's paths against the maintainer's globs (the
governed-paths gate, release-owned docs, the docs corpus) by naming one long path. pathspec
compiles each inner ``**`` to ``(?:/.+)?``, and Python's ``re`` tried every way of splitting
the path between them: ``a/**/b/**/c/**/d.md`` against an 8 kB path of ``b/c/`` parts took
minutes (cubic; two ``**`` were quadratic), and several ``*`` in one segment did the same on
one long name. The same expressions run in RE2 (pathspec's RE2 backend), which is linear."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.core.globs import Globs
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.security.pr import BODY, governed, governed_pr, within

SEVERAL_STARS = "a/**/b/**/c/**/d.md"
HOSTILE = "a/" + "b/c/" * 2_000 + "x"
"""8 kB: minutes before, a millisecond now."""
SECONDS = 2.0


@pytest.mark.parametrize("patterns", [
    (SEVERAL_STARS,),
    (SEVERAL_STARS, "!x/**"),  # with a negation, gitignore's order is kept
])
def test_a_long_path_against_several_double_stars_is_matched_at_once(
        patterns: tuple[str, ...]) -> None:
    globs = Globs(patterns)
    assert not within(lambda: globs.matches(HOSTILE), SECONDS)
    assert within(lambda: globs.matches(HOSTILE[:-1] + "d.md"), SECONDS)
    assert globs.select(["a/b/c/d.md", "a/1/b/2/c/3/d.md", "a/c/b/d.md", "x/a/b/c/d.md"]) == [
        "a/b/c/d.md", "a/1/b/2/c/3/d.md"]


def test_a_long_name_against_several_stars_in_one_segment_is_matched_at_once() -> None:
    globs = Globs(("*a*a*a*a*b",))
    assert not within(lambda: globs.matches("a" * 20_000), SECONDS)
    assert within(lambda: globs.matches("a" * 20_000 + "b"), SECONDS)
    assert globs.select(["xayazaqaab", "src/aaaab", "aaab", "aaaa/b"]) == [
        "xayazaqaab", "src/aaaab"]


def test_a_path_that_is_not_utf8_is_matched_not_a_crash() -> None:
    # git hands such a path over byte for byte; RE2 reads only UTF-8 text
    assert Globs(("docs/**",)).matches("docs/\udcff.md")
    assert Globs(("*.md",)).matches("x/\udcffa.md")
    assert Globs(("a?b",)).matches("a\udcffb")
    assert not Globs(("a?b",)).matches("a\udcff\udcfeb")  # two bytes are two characters


@pytest.mark.preset("contract")
def test_a_governed_file_named_in_bytes_that_are_not_utf8_still_needs_a_review(
        tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo, head = governed_pr(tmp_path / "repo", {".github/workflows/\udcff.yml": "name: x\n"})
    fake_github.add_pull(5, head, body=BODY)
    code, data = governed(repo)
    assert code == 1, data  # no record of a review: the gate fails
    assert data["details"]["paths"] == [".github/workflows/\udcff.yml"]
