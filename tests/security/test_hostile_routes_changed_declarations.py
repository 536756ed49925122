"""Attack: stall the docs-drift job with a change touching thousands of declarations. The
containers whose members a change adds were each looked for in the list of declarations
found so far (20,000 classes each given a method took 153 s end to end), and each command
phrase in the list of phrases (3,000 commands of a program with 16 names: 20 s). Both are now
ordered sets: the same declarations and phrases, in the same order."""

from __future__ import annotations

from govern.drift.anchors.extract import Side, _command_phrases, _with_changed_containers
from govern.drift.anchors.model import Declaration, Extraction
from tests.security.pr import within

CLASSES = 12_000
COMMANDS = 5_000
PROGRAMS = 16


def test_thousands_of_changed_containers_are_gathered_in_linear_time() -> None:
    members = tuple(Declaration(f"m{i}", f"C{i}", bridgeable=True) for i in range(CLASSES))
    head = Extraction(members + (Declaration("C0", None, bridgeable=False),), frozenset(), ())
    base = Extraction((Declaration("gone", "Old", bridgeable=True),), frozenset(), ())
    found = within(lambda: _with_changed_containers(head, {"base": base}, "head"))
    containers = [Declaration(f"C{i}", None, bridgeable=False) for i in range(1, CLASSES)]
    # C0 is touched already; Old lost a member
    assert found == [*head.touched, *containers, Declaration("Old", None, bridgeable=False)]


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
