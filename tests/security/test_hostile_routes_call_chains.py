"""Attack: stall the docs-drift job with chained calls in a changed Python file,
``x = f("…")()()…()``. Every call's callee is the whole chain before it, and the registrar
scan and the CLI reader took each callee's text to read its name: quadratic in the chain, 320 kB
of ``()`` took 39 s, and a long string at its head multiplies that (1 MB: 40 s for 5,000
calls). ``.add_command(…)`` chains, calls nested in ``add_command``/``set_defaults``/
``include_router`` arguments, did the same to the names taken from them. A name is now read
only from a node no longer than any name (``MAX_NAME_BYTES``); a longer one names nothing."""

from __future__ import annotations

from govern.drift.anchors.commands import CommandNode, python_command_tree
from govern.drift.anchors.routes import scan_python
from tests.security.pr import within

CALLS = 16_000
HEAD = 'f("' + "é" * 500_000 + '")'
"""A 1 MB string at the head of each chain: each callee is more than a megabyte."""

ROUTES = ("from fastapi import APIRouter\nrouter = APIRouter(prefix='/users')\n"
          "@router.get('/{id}')\ndef get_user(id: int):\n    return load_user(id)\n"
          "app.include_router(router, prefix='/api')\n"
          "urlpatterns = [path('reports/<int:pk>/', views.report)]\n")
CLI = ("import click\n@click.group()\ndef main():\n    pass\n"
       "@main.command()\ndef hello():\n    pass\n"
       "main.add_command(export, name='dump')\n")


def test_a_call_chain_in_a_registrar_is_read_in_linear_time() -> None:
    source = (ROUTES + "x = " + HEAD + "()" * CALLS + "\n"
              + "y = " + "app.include_router(" * 500 + "r" + ", prefix='/p')" * 500 + "\n")
    scan = within(lambda: scan_python(source.encode(), "api.py"))
    assert [(route.method, route.path, route.refs) for route in scan.routes] == [
        ("GET", "/api/users/{id}", {"get_user", "id", "load_user"}),
        (None, "/reports/{pk}", {"views", "report"})]


def test_a_call_chain_in_a_cli_module_is_read_in_linear_time() -> None:
    calls = CALLS // 3  # four chains: their cost before adds up
    source = (CLI + "x = " + HEAD + "()" * calls + "\n"
              + "y = " + HEAD + ".add_command(sub)" * calls + "\n"
              + "z = " + "main.add_command(" * calls + HEAD + ")" * calls + "\n"
              + "w = " + "p.set_defaults(func=" * calls + HEAD + ")" * calls + "\n")
    tree = within(lambda: python_command_tree(source.encode()))
    assert tree.nodes == {"main": CommandNode("main", None), "hello": CommandNode("hello", "main"),
                          "export": CommandNode("dump", "main")}
    assert tree.renamed == {"export"} and tree.handlers == {}
