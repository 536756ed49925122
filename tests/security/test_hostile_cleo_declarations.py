"""Attack: stall the docs-drift job with cleo command classes. A changed file's ``option(…)``
calls and docstring signatures are read for their flags, its classes for their names and
bases, and a class's bases are followed across modules to cleo's ``Command``: all
attacker-controlled. Each is one pass, whatever the file holds: a class of 50,000 options,
a signature of 50,000 items, braces that never close, names too long to be a command's, and
modules whose classes subclass each other in a ring."""

from __future__ import annotations

from govern.drift.anchors.cleo import MAY_DECLARE, cleo_classes, signature_name
from govern.drift.anchors.commands import (
    MAX_INVOCATIONS,
    CommandResolver,
    python_command_tree,
)
from govern.drift.anchors.options import declared_flags, touched_flags
from govern.drift.anchors.syntax import parse
from tests.security.pr import within

CALLS = 50_000


def test_a_class_of_50_000_options_is_read_once() -> None:
    source = ("from cleo.helpers import option\n\n\nclass C:\n    name = 'x'\n    options = [\n"
              + "".join(f"        option('flag-{n}', None, '{n}'),\n" for n in range(CALLS))
              + "    ]\n").encode()
    tree = parse("python", source)
    lines = frozenset(range(1, CALLS + 8))
    assert len(within(lambda: touched_flags(tree, "python", source, lines))) == CALLS
    assert len(within(lambda: declared_flags(tree, "python", source))) == CALLS
    assert within(lambda: cleo_classes(tree.root_node))["C"].declares


def test_a_signature_of_50_000_items_and_braces_that_never_close() -> None:
    items = "".join(f"    {{ --flag-{n} : {n} }}\n" for n in range(CALLS))
    open_braces = "{ --" * 100_000 + "x" * 400_000
    source = (f'class C(Command):\n    """\n    Many.\n\n    many\n{items}    """\n\n\n'
              f'class D(Command):\n    """\n    Open.\n\n    open {open_braces}\n    """\n'
              ).encode()
    tree = parse("python", source)
    found = within(lambda: touched_flags(tree, "python", source, frozenset({7})))
    assert found == ["--flag-1"]
    assert len(within(lambda: declared_flags(tree, "python", source))) == CALLS
    assert within(lambda: signature_name("x\n" + "a" * 400_000 + " {")) is None


def test_long_lines_and_names_are_no_command() -> None:
    """A ``name`` annotated by 400,000 characters, runs of spaces and braces, and a name of
    400,000 words: the marks fail in one pass and no such name is a command's."""
    hostile = (b"    name: " + b"x" * 400_000 + b"\n" + b" " * 400_000 + b"name\n"
               + b"{" + b" " * 400_000 + b"-\n")
    assert within(lambda: MAY_DECLARE.search(hostile)) is None
    words = " ".join(["w"] * 400_000)
    source = f'class C(Command):\n    name = "{words}"\n'.encode()
    assert within(lambda: cleo_classes(parse("python", source).root_node))["C"].command is None


def test_a_ring_of_bases_across_modules_ends() -> None:
    """m0's class subclasses m1's, m1's m2's, …, and the last m0's: no cleo at the end; and
    1,000 classes of one module subclassing the next, the last from cleo."""
    modules = 500
    trees = {f"m{i}": python_command_tree(
        f"from m{(i + 1) % modules} import C as B\n\nclass C(B):\n    name = 'c'\n".encode())
        for i in range(modules)}
    resolver = CommandResolver({("entry", "main"): ("app",)}, trees.get)
    assert within(lambda: resolver.class_invocations("m0", None, "C")) == []
    chain = "from cleo.commands.command import Command as C1000\n" + "".join(
        f"class C{n}(C{n + 1}):\n    name = 'c{n}'\n" for n in range(1000))
    tree = python_command_tree(chain.encode())
    resolver = CommandResolver({("entry", "main"): ("app",)}, {"m": tree}.get)
    # within the hops a command's bases are followed, and no further
    assert within(lambda: resolver.class_invocations("m", None, "C997")) == ["app c997"]
    assert within(lambda: resolver.class_invocations("m", None, "C0")) == []


def test_5_000_command_classes_under_100_000_programs() -> None:
    """A manifest of 100,000 scripts and a changed module of 5,000 cleo command classes: the
    program list is worked out once, not once per class (5,000 × 100,000), and each class
    keeps the first programs in the manifest's order."""
    classes, programs = 5_000, 100_000
    source = "from cleo.helpers import option\n" + "".join(
        f"class C{n}:\n    name = 'c{n}'\n    options = [option('a')]\n" for n in range(classes))
    tree = python_command_tree(source.encode())
    resolver = CommandResolver({(f"e{n}", "main"): (f"p{n}",) for n in range(programs)},
                               {"m": tree}.get)
    found = within(lambda: [resolver.class_invocations("m", None, f"C{n}")
                            for n in range(classes)])
    assert found[0] == [f"p{n} c0" for n in range(MAX_INVOCATIONS)]
    assert found[-1] == [f"p{n} c{classes - 1}" for n in range(MAX_INVOCATIONS)]
