"""Attack: stall the docs-drift job with CLI modules. A changed command is followed through the
imports between modules to its program. 200 entry modules that each attach every other one's
group would be followed along every path, 200 to the 3rd power, with as many phrases; and one
file of 10,000 groups, each nested in the one before, would give every changed command a
phrase of up to 10,000 words. Each (module, name) is resolved once now, no command keeps more
than ``MAX_INVOCATIONS`` phrases, and none is longer than ``MAX_PHRASE_WORDS`` words."""

from __future__ import annotations

from govern.drift.anchors.commands import (
    MAX_INVOCATIONS,
    MAX_PHRASE_WORDS,
    CommandResolver,
    CommandTree,
    python_command_tree,
)
from tests.security.pr import within

MODULES = 200
NESTED = 10_000


def _web_of_modules() -> dict[str, CommandTree]:
    """m0 … m199, each declared an entry point (``main``), each with a group ``g`` that attaches
    every other module's ``g`` (as ``n1``, ``n2``, …) and the changed module's group ``top``;
    only m0's ``main``
    attaches its ``g``, so every path through the web is followed to m0."""
    trees = {}
    for i in range(MODULES):
        others = [j for j in range(MODULES) if j != i]
        source = ("import click\nfrom changed import top\n"
                  + "".join(f"from m{j} import g as g{j}\n" for j in others)
                  + "@click.group()\ndef main():\n    pass\n"
                  + "@click.group()\ndef g():\n    pass\n"
                  + ("main.add_command(g)\n" if i == 0 else "") + "g.add_command(top)\n"
                  + "".join(f"g.add_command(g{j}, name='n{j}')\n" for j in others))
        trees[f"m{i}"] = python_command_tree(source.encode())
    trees["changed"] = python_command_tree(
        b"import click\n@click.group()\ndef top():\n    pass\n"
        b"@top.command()\ndef leaf():\n    pass\n")
    return trees


def test_modules_attaching_each_other_are_resolved_once_each() -> None:
    trees = _web_of_modules()
    resolver = CommandResolver({(f"m{i}", "main"): (f"p{i}",) for i in range(MODULES)},
                               trees.get)
    phrases = within(lambda: resolver.invocations("changed", "leaf"))
    assert phrases[0] == "p0 g top leaf"
    assert "p0 g n1 top leaf" in phrases
    assert len(phrases) == MAX_INVOCATIONS


def test_groups_nested_ten_thousand_deep_make_no_phrase() -> None:
    source = ("import click\n@click.group()\ndef g0():\n    pass\n"
              + "".join(f"@g{i}.group()\ndef g{i + 1}():\n    pass\n" for i in range(NESTED)))
    tree = within(lambda: python_command_tree(source.encode()))
    resolver = CommandResolver({("cli", "g0"): ("prog",)}, {"cli": tree}.get)
    found = within(lambda: [resolver.invocations("cli", f"g{i}") for i in range(NESTED + 1)])
    assert found[1] == ["prog g1"]
    assert found[MAX_PHRASE_WORDS] == ["prog " + " ".join(f"g{i}" for i in
                                                          range(1, MAX_PHRASE_WORDS + 1))]
    assert found[MAX_PHRASE_WORDS + 1] == [] and found[NESTED] == []
