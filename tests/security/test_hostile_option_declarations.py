"""Attack: stall the docs-drift job with the option declarations it reads. A changed file's
option calls are walked for their flags, a file's every flag is read to tell new options
from removed ones, and the code files still holding a removed flag are read for it: all
attacker-controlled text. Each is one pass, whatever the file holds: runs of dashes, calls
nested in calls, a string too long to be a flag list, a typer command's parameters by the
thousand."""

from __future__ import annotations

from govern.drift.anchors.options import declared_flags, touched_flags, written_flags
from govern.drift.anchors.syntax import parse
from tests.security.pr import within

CALLS = 20_000


def test_many_changed_option_calls_are_walked_once() -> None:
    source = "".join(f'cli.option("--flag-{n}", help="{n}")\n' for n in range(CALLS)).encode()
    lines = frozenset(range(1, CALLS + 1))
    tree = parse("javascript", source)
    assert len(within(lambda: touched_flags(tree, "javascript", source, lines))) == CALLS
    assert len(within(lambda: declared_flags(tree, "javascript", source))) == CALLS


def test_runs_of_dashes_and_nested_calls_name_no_flag() -> None:
    dashes = "-" * 400_000
    source = (f'parser.add_argument("{dashes}")\n'
              + "click.option(" * 2_000 + '"--deep"' + ")" * 2_000 + "\n").encode()
    tree = parse("python", source)
    lines = frozenset({1, 2})
    # the long string is no flag list, and only the innermost call's own string is its flag
    assert within(lambda: touched_flags(tree, "python", source, lines)) == ["--deep"]
    assert within(lambda: written_flags(("x" + dashes + "--a").encode())) == set()


def test_options_declared_as_data_are_read_once_however_nested() -> None:
    """Each dict reads its own values: 2,000 nested specs, and one of 20,000 flags."""
    nested = "SPEC = " + "{'help': 'h', 'spec': " * 2_000 + "'--deep'" + "}" * 2_000 + "\n"
    wide = "WIDE = {'help': 'h', " + ", ".join(f"'k{n}': '--flag-{n}'" for n in range(CALLS))
    source = (nested + wide + "}\n").encode()
    tree = parse("python", source)
    assert within(lambda: touched_flags(tree, "python", source, frozenset({1}))) == ["--deep"]
    assert len(within(lambda: declared_flags(tree, "python", source))) == CALLS + 1


def test_typer_parameters_are_read_once_each() -> None:
    """20,000 boolean options whose flags typer derives from their names, one name too long
    to be a flag, and an ``Option`` given 20,000 names."""
    long_name = "p" * 400_000
    names = ", ".join(f'"-{n}"' for n in range(CALLS))
    source = ("def main(" + "".join(f"flag_{n}: bool = typer.Option(False), "
                                      for n in range(CALLS))
              + f"{long_name}: str = typer.Option(None), "
              + f"named: Annotated[str, typer.Option({names})] = None):\n    pass\n").encode()
    tree = parse("python", source)
    found = within(lambda: touched_flags(tree, "python", source, frozenset({1})))
    assert len(found) == 2 * CALLS and found[:2] == ["--flag-0", "--no-flag-0"]
    assert len(within(lambda: declared_flags(tree, "python", source))) == 2 * CALLS
