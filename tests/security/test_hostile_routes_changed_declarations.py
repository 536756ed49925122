"""Attack: stall the docs-drift job with a change touching thousands of commands. Each
command phrase was looked for in the list of phrases found so far (3,000 commands of a
program with 16 names: 20 s); it is now an ordered set: the same phrases, in the same
order."""

from __future__ import annotations

from govern.drift.anchors.extract import Side, _command_phrases
from govern.drift.anchors.model import Declaration, Extraction
from tests.security.pr import within

COMMANDS = 5_000
PROGRAMS = 16


def test_thousands_of_command_phrases_are_gathered_in_linear_time() -> None:
    cli = ("import click\n@click.group()\ndef main(): pass\n"
           + "".join(f"@main.command()\ndef c{i}(): pass\n" for i in range(COMMANDS))).encode()
    scripts = "".join(f'tool{j} = "pkg.cli:main"\n' for j in range(PROGRAMS))
    files = {"pyproject.toml": f"[project]\nname = 'tool'\n[project.scripts]\n{scripts}".encode(),
             "pkg/__init__.py": b"", "pkg/cli.py": cli}
    touched = tuple(Declaration(f"c{i}", None, bridgeable=True) for i in range(COMMANDS))
    extraction = Extraction((*touched, touched[0]), frozenset(), ())
    phrases = within(lambda: _command_phrases("pkg/cli.py", cli, extraction,
                                              Side("head", files.get), ""))
    assert phrases == [f"tool{j} c{i}" for i in range(COMMANDS) for j in range(PROGRAMS)]
