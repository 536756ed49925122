"""Attack: a commit message that stalls the trailers gate through the maintainer's own pattern.
``gates.trailer_forbidden`` took any Python regular expression, and Python backtracks:
``(?:fix|a|aa)+!`` on a line of 60 ``a`` and no ``!`` takes days (28 take 0.2 s, and each one
more half as long again). The patterns are now compiled in RE2, which is linear in the line
whatever the pattern, and the configuration refuses the syntax RE2 lacks, naming what to write
instead; Python's guards against backtracking (possessive quantifiers, atomic groups) are read
as their plain forms."""

from __future__ import annotations

import pytest

from govern.config import GatesConfig
from govern.core.linear_regex import PatternError, as_re2, compile_linear
from govern.gates.trailers import Forbidden, check_commit_messages
from tests.security.pr import within

CARELESS = Forbidden.of([r"(?:fix|a|aa)+!"], GatesConfig().model_families)


def test_a_backtracking_pattern_judges_a_hostile_line_at_once() -> None:
    hostile = "a" * 60_000
    assert within(lambda: check_commit_messages([("a" * 40, f"subject\n\n{hostile}\n")],
                                                CARELESS)) == ()
    # and it still refuses what it names
    assert len(within(lambda: check_commit_messages([("a" * 40, "subject\n\nfixaa!\n")],
                                                    CARELESS))) == 1


def test_a_message_that_is_not_utf8_is_judged_not_crashed_on() -> None:
    """A commit message's bytes that are not UTF-8 arrive as lone surrogates, which RE2 (UTF-8)
    cannot take: each is searched as one replacement character."""
    forbidden = Forbidden.of([r"fixes #\d", r"x.y"], GatesConfig().model_families)
    found = check_commit_messages([("a" * 40, "subject\n\nfixes #1 \udcff\nx\udcffy\nxy\n")],
                                  forbidden)
    assert [finding.line for finding in found] == [3, 4]


def test_syntax_re2_lacks_is_refused_with_what_to_write() -> None:
    for pattern, hint in ((r"(?=fix)", "lookarounds"), (r"(fix)\1", "backreferences"),
                          (r"fix\Z", r"\z")):
        try:
            compile_linear(pattern)
        except PatternError as exc:
            assert hint in str(exc)
        else:
            raise AssertionError(f"{pattern} was compiled")
    assert compile_linear(r"(?i)fix(?:es)?\z").search("FIXES") is not None


@pytest.mark.parametrize(("written", "read"), [
    (r"a++", r"a+"), (r"a*+b", r"a*b"), (r"a?+", r"a?"), (r"x{2,3}+", r"x{2,3}"),
    (r"(?>ab)+", r"(?:ab)+"), (r"(?:a)++", r"(?:a)+"), (r"\\++", r"\\+"),
    # not possessive: an escaped plus repeated, a lazy quantifier, pluses in a class
    (r"\++", r"\++"), (r"a+?", r"a+?"), (r"[+*]+", r"[+*]+"), (r"[]+]*", r"[]+]*"),
    (r"[^]a]*+", r"[^]a]*"),
])
def test_python_s_guards_against_backtracking_are_read_as_their_plain_forms(
        written: str, read: str) -> None:
    """``govern init`` wrote the old default, possessive, into every govern.toml: it must still
    load, and mean what it meant."""
    assert as_re2(written) == read


def test_the_default_init_once_wrote_still_refuses_what_it_refused() -> None:
    written = (r"(?i)\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?|part of|refs)(?::[ \t]*+|"
               r"[ \t]++)(?:[\w.-]++/[\w.-]++#|#|https?://[^\s/]++/[\w.-]++/[\w.-]++/issues/)\d")
    assert as_re2(written) == GatesConfig().trailer_forbidden[0]
    old = Forbidden.of([written], ())
    assert check_commit_messages([("a" * 40, "fix: x\n\nFixes #12\n")], old)
    assert not check_commit_messages([("a" * 40, "fix: x\n\nprefixes #12\n")], old)
