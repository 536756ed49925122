"""Attack: stall the changesets gate and affected-docs with a setup.cfg line of blanks.
configparser's option pattern tries every end of an option name against the run of blanks
after it, so one 40 kB line took 12 s to read (and, without a delimiter, was then refused).
Option lines are read with a pattern of one pass that finds the same name and value."""

from __future__ import annotations

from govern.drift.anchors.programs import parse_setup_scripts
from govern.drift.anchors.runtimes import supported
from govern.git.packages import manifest_name
from tests.security.pr import within

BLANKS = " " * 40_000
SECONDS = 5.0
"""A millisecond now; configparser's own pattern took 12 s on one such line."""


def test_a_line_of_blanks_without_a_delimiter_is_refused_at_once() -> None:
    text = f"[metadata]\nname = acme\nx{BLANKS}y\n"
    # setuptools' configparser refuses the line too: read as an unreadable pyproject is
    assert within(lambda: manifest_name("setup.cfg", text), SECONDS) == (None, False)


def test_a_line_of_blanks_before_a_delimiter_is_read_at_once() -> None:
    text = f"[metadata]\nx{BLANKS}y = 1\nname{BLANKS}={BLANKS}acme\n"
    assert within(lambda: manifest_name("setup.cfg", text), SECONDS) == ("acme", False)
    tabs = "[metadata]\nName\t:\tacme-tools  \nversion = 1\n"  # ':' and a key in any case
    assert manifest_name("setup.cfg", tabs) == ("acme-tools", False)


def test_the_runtime_and_program_readers_read_the_same_line_at_once() -> None:
    """The runtime-version and console_scripts readers had configparser's own pattern: 20 kB
    of blanks took 2 s each (docs/concepts/anchoring-rules.md#runtime-versions)."""
    text = (f"[options]\nx{BLANKS}y = 1\npython_requires = >=3.9\n"
            "[options.entry_points]\nconsole_scripts =\n    acme = acme.cli:main\n")
    found = within(lambda: supported({"setup.cfg": text}.get), SECONDS)
    assert min(found["Python"][1]) == (3, 9)
    assert within(lambda: parse_setup_scripts("setup.cfg", text), SECONDS) == {
        "acme.cli:main": ("acme",)}
