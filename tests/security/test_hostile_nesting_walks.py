"""Attack: stall the docs-drift and docs-refs jobs with deep nesting in a changed source file.
The readers asked nodes for their parent as they found them, and counted the walk's depth at
every step back up; tree-sitter answers both by walking down from the root or reading the
cursor's whole stack, so each reader was quadratic in the nesting depth: a line of 20,000
nested calls in a module importing ``click`` took half a minute to read for commands. Parents
are now carried down the walks that find the nodes, and the walk counts its own depth."""

from __future__ import annotations

from govern.docsrefs.argparse_table import build_argparse_trees
from govern.docsrefs.oclif_table import _consts
from govern.drift.anchors.commands import python_command_tree
from govern.drift.anchors.routes import scan_python
from govern.drift.anchors.syntax import parse, text
from tests.security.pr import within

DEPTH = 40_000
"""Calls nested this deep on one line (120 kB): minutes before, a fraction of a second now."""


def _nested_calls(callee: str) -> str:
    return f"{callee}(" * DEPTH + ")" * DEPTH


def test_nested_calls_in_a_cli_module_are_read_in_linear_time() -> None:
    source = ("import typer\nimport click\nx = " + _nested_calls("f") + "\n"
              + "app = typer.Typer()\n@app.command()\ndef hello():\n    pass\n")
    tree = within(lambda: python_command_tree(source.encode()))
    assert tree.nodes["app"].parent is None  # the Typer assigned after the nesting is a root
    assert tree.nodes["hello"].parent == "app"
    assert "x" not in tree.nodes  # a plain call assigned is not a command


def test_nested_routers_are_read_in_linear_time() -> None:
    source = ("from fastapi import APIRouter\n"
              "outer = APIRouter(" + _nested_calls("APIRouter") + ")\n"
              "users = APIRouter(prefix='/users')\n"
              "@users.get('/{id}')\ndef get_user(id: int):\n    return " + _nested_calls("g")
              + "\n")
    scan = within(lambda: scan_python(source.encode(), "api.py"))
    assert [(route.method, route.path) for route in scan.routes] == [("GET", "/users/{id}")]


def test_a_parser_deep_in_lists_is_read_in_linear_time() -> None:
    source = ("import argparse\ndef main():\n    p = argparse.ArgumentParser(prog='tool')\n"
              "    p.add_argument('--name')\n"
              "    keep = " + "[p, " * DEPTH + "]" * DEPTH + "\n"
              "    send(((((p)))))\n    p.parse_args()\n")
    table = within(lambda: build_argparse_trees({"tool.cli": source.encode()},
                                                {"tool.cli:main": ("tool",)}))
    root = table.programs["tool"]
    assert root is not None
    # handed to code govern cannot read: the parser may gain options it does not see
    assert table.commands[root].open
    assert "--name" in table.commands[root].options


def test_a_parser_in_parentheses_stays_closed_when_only_read() -> None:
    source = ("import argparse\ndef main():\n    p = argparse.ArgumentParser(prog='tool')\n"
              "    p.add_argument('--name')\n"
              "    if " + "(" * DEPTH + "p" + ")" * DEPTH + ":\n        pass\n"
              "    p.parse_args()\n")
    table = within(lambda: build_argparse_trees({"tool.cli": source.encode()},
                                                {"tool.cli:main": ("tool",)}))
    root = table.programs["tool"]
    assert root is not None and not table.commands[root].open


def test_nested_declarations_in_a_command_file_are_read_in_linear_time() -> None:
    source = ("export const summary = 'Lists things';\n"
              "export const run = " + "(() => { const inner = " * DEPTH + "1"
              + "; })()" * DEPTH + ";\n").encode()
    consts = within(lambda: _consts(parse("typescript", source).root_node))
    assert sorted(consts) == ["run", "summary"]  # not the 40,000 inner ones
    assert text(consts["summary"]) == "'Lists things'"
