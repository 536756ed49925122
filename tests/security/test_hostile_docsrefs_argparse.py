"""Attack: stall or crash the docs-refs job with a PR's argparse module. A parser's options
were gathered by walking up its ``parents=[…]`` afresh along every path: a ladder of parsers
each built on the next two took 2^depth steps (24 rungs: minutes), and a chain of 3,000 took
half a minute to exceed Python's recursion limit (exit 3). Classes built on ArgumentParser were
found by testing every class found so far against every class's bases as text: 16,000 parsers
beside 16,000 other classes took a minute and a half. Each parser is now merged once from its
parents' merged options, in a walk with its own stack, and bases are matched by the names they
are written with; options still come from every parent, and a subclass of a subclass is still
a parser."""

from __future__ import annotations

from govern.docsrefs.argparse_table import _Reader, build_argparse_trees
from govern.drift.anchors.syntax import parse
from tests.security.pr import within

DEPTH = 24


def _program(*lines: str) -> bytes:
    body = "".join(f"    {line}\n" for line in lines)
    return f"import argparse\n\ndef main():\n{body}".encode()


def _root_options(source: bytes) -> dict[str, bool]:
    """The options of the program's root parser (``prog='tool'``), read within the limit."""
    table = within(lambda: build_argparse_trees({"tool": source}, {"tool:main": ("tool",)}))
    root = table.programs["tool"]
    assert root is not None
    return table.commands[root].options


def test_a_ladder_of_parent_parsers_is_merged_once() -> None:
    lines = [f"a{DEPTH} = argparse.ArgumentParser(add_help=False)",
             f"a{DEPTH}.add_argument('--bottom-a')",
             f"b{DEPTH} = argparse.ArgumentParser(add_help=False)",
             f"b{DEPTH}.add_argument('--bottom-b', action='store_true')"]
    for i in range(DEPTH - 1, -1, -1):
        lines += [f"a{i} = argparse.ArgumentParser(add_help=False, parents=[a{i + 1}, b{i + 1}])",
                  f"b{i} = argparse.ArgumentParser(add_help=False, parents=[a{i + 1}, b{i + 1}])"]
    lines += ["root = argparse.ArgumentParser(prog='tool', parents=[a0])",
              "root.add_argument('--own')", "root.parse_args()"]
    options = _root_options(_program(*lines))
    assert options == {"--bottom-a": True, "--bottom-b": False, "-h": False, "--help": False,
                       "--own": True}


def test_a_long_chain_of_parent_parsers_does_not_recurse() -> None:
    length = 3_000
    lines = ["p0 = argparse.ArgumentParser(add_help=False)", "p0.add_argument('--first')"]
    lines += [f"p{i} = argparse.ArgumentParser(add_help=False, parents=[p{i - 1}])"
              for i in range(1, length)]
    lines += [f"root = argparse.ArgumentParser(prog='tool', parents=[p{length - 1}])",
              "root.parse_args()"]
    assert _root_options(_program(*lines)) == {"--first": True, "-h": False, "--help": False}


def test_many_classes_are_sorted_into_parsers_in_linear_time() -> None:
    count = 16_000
    source = ("import argparse\n"
              "class Base(argparse.ArgumentParser):\n    pass\n"
              "class Strict(Base):\n    def parse_args(self, *args):\n        return None\n"
              "class Leaf(Strict):\n    pass\n"
              + "".join(f"class P{i}(argparse.ArgumentParser):\n    pass\n" for i in range(count))
              + "".join(f"class Q{i}(Model{i}, metaclass=Meta):\n    pass\n"
                        for i in range(count)))
    reader = within(lambda: _Reader({"tool": parse("python", source.encode()).root_node}))
    assert {"Base", "Leaf", "P0", f"P{count - 1}"} <= reader.classes  # Leaf: through two
    assert "Q0" not in reader.classes and "Meta" not in reader.classes
    assert reader.risky == {"Strict"}  # it overrides parse_args: a parser govern cannot read
