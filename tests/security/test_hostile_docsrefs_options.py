"""Attack: stall `check docs-refs` with a program of thousands of options and a page naming
thousands of abbreviations of them, or thousands of missing ones. Each word was compared with
every option to find what it abbreviates, and each missing one sorted them all again for its
finding: 8,000 options by 8,000 invocations took 29 s. The options are sorted once per command
and an abbreviation is a search in them."""

from __future__ import annotations

from govern.docsrefs.cli_table import CliCommand, CliTable
from govern.docsrefs.model import Status
from tests.security.pr import within

COUNT = 8_000
SECONDS = 3.0
"""A fifth of a second here; 29 s before."""


def _table() -> CliTable:
    options = {f"--option-{i:05}": i % 2 == 0 for i in range(COUNT)}
    options["--zz-flag"] = False
    return CliTable({"root": CliCommand("prog", None, options=options, abbrev=True)},
                    {"prog": "root"})


def test_thousands_of_abbreviations_of_thousands_of_options_are_resolved_at_once() -> None:
    table = _table()
    # `--option-0` abbreviates ten options, some taking a value: the next word is skipped
    abbreviated = within(lambda: [table.resolve(f"prog --option-0 v --option-{i:05}")
                                  for i in range(COUNT)], SECONDS)
    assert {result.status for result in abbreviated} == {Status.RESOLVED}
    # an abbreviation of flags alone takes no value: the next word is an argument, then
    # `--zz-flag` resolves; a word abbreviating nothing is missing, with every option listed
    assert table.resolve("prog --zz x --zz-flag").status is Status.RESOLVED
    missing = within(lambda: [table.resolve(f"prog --missing-{i}") for i in range(COUNT)],
                     SECONDS)
    assert {result.status for result in missing} == {Status.MISSING}
    assert missing[7].missing == "--missing-7"
    assert missing[7].candidates[:2] == ("--option-00000", "--option-00001")
    assert len(missing[7].candidates) == COUNT + 1


def test_an_abbreviation_takes_a_value_when_an_option_it_may_mean_does() -> None:
    table = CliTable({"root": CliCommand("prog", None, options={
        "--output": True, "--outline": False, "--quiet": False}, abbrev=True)},
        {"prog": "root"})
    assert table.resolve("prog --outl --quiet").status is Status.RESOLVED
    # `--out` may be `--output`: the next word is its value, not a missing option
    assert table.resolve("prog --out --nope").status is Status.RESOLVED
    assert table.resolve("prog --outl --nope").missing == "--nope"
    assert table.resolve("prog --q=1 --nope").missing == "--nope"
    assert table.resolve("prog --x").missing == "--x"
    closed = CliTable({"root": CliCommand("prog", None, options={"--output": True})},
                      {"prog": "root"})
    assert closed.resolve("prog --out").missing == "--out"  # no abbreviations allowed
