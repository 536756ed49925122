"""Commands and options declared with cleo, poetry's CLI library: a command is a class,
``name = "cache clear"``, ``options = [option("no-truncate", None, "…")]``,
``arguments = [argument("cache", …)]``; older cleo wrote the same in the class docstring,
``add { name* : … } { --D|dev : … }`` (docs/concepts/anchoring-rules.md#command-line-options).
Every reader here is one pass over the class bodies and docstrings it is given."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from govern.drift.anchors.python import statements, unwrap_definition
from govern.drift.anchors.syntax import (
    docstring,
    name_text,
    python_call_args,
    python_string,
    text,
)

SIGNATURE_ITEM = re.compile(rb"\{[ \t]*+--[A-Za-z]")
"""An option item of old cleo's docstring signature, ``{ --dev : … }``."""
MAY_DECLARE = re.compile(
    rb"^[ \t]++name[ \t]*+(?::[^=\n]*+)?=[ \t]*+[\"']|" + SIGNATURE_ITEM.pattern, re.MULTILINE)
"""Source that cannot match this declares no cleo command: a class attribute ``name = "…"``
(annotated or not), or a docstring signature's option item."""
_OPTION_CALLEES = frozenset({"option", "helpers.option", "cleo.helpers.option"})
"""How a file calls cleo's option builder (``from cleo.helpers import option``)."""
_DECLARING_CALLEES = _OPTION_CALLEES | {"argument", "helpers.argument", "cleo.helpers.argument"}
_COMMAND_NAME = re.compile(r"[A-Za-z0-9][\w:.-]{0,63}(?: [A-Za-z0-9][\w:.-]{0,63}){0,7}")
"""A command's name as cleo registers it: words (``cache clear``, ``self show plugins``) or
old cleo's ``debug:resolve``, up to eight, each short; anything else is no command name."""
_LONG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,61}")
"""An option's long name, its flag without the ``--`` (``MAX_FLAG_CHARS`` in all)."""
_IMPORTS_CLEO = re.compile(rb"^[ \t]*+(?:from|import)[ \t]++cleo\b", re.MULTILINE)
UNIVERSAL = frozenset({"help", "version"})
"""cleo's own options on every command (``--help``, ``--version``), no option of this
program's."""


@dataclass(frozen=True)
class CleoClass:
    """A top-level class as cleo would read it."""

    command: str | None
    """The name it registers: its ``name = "…"``, else its docstring signature's first word;
    None when it has neither (a base class of commands)."""
    bases: tuple[str, ...]
    """Its bases as written (``Command``, ``GroupCommand``, ``cleo.Command``)."""
    declares: bool
    """It sets ``options`` or ``arguments`` to a list of ``option(…)``/``argument(…)`` calls,
    or its docstring signature holds an option item: a cleo command without its import being
    followed."""


def cleo_classes(root: Node) -> dict[str, CleoClass]:
    """The file's top-level classes by name, each read from its own body's statements."""
    found: dict[str, CleoClass] = {}
    for statement in statements(root):
        definition = unwrap_definition(statement)
        body = definition.child_by_field_name("body")
        name = name_text(definition.child_by_field_name("name"))
        if definition.type != "class_definition" or body is None or name is None:
            continue
        superclasses = definition.child_by_field_name("superclasses")
        bases = tuple(base for node in (superclasses.named_children if superclasses else [])
                      if node.type in ("identifier", "attribute")
                      and (base := name_text(node)) is not None)
        command, declares = _read_body(body)
        found[name] = CleoClass(command, bases, declares)
    return found


def _read_body(body: Node) -> tuple[str | None, bool]:
    """(the command name, whether it declares options/arguments as cleo) of a class body."""
    command: str | None = None
    declares = False
    for statement in body.named_children:
        assignment = statement.named_children[0] \
            if statement.type == "expression_statement" and statement.named_children else None
        if assignment is None or assignment.type != "assignment":
            continue
        target = name_text(assignment.child_by_field_name("left"))
        value = assignment.child_by_field_name("right")
        if target == "name":
            given = python_string(value)
            command = given if given is not None and _COMMAND_NAME.fullmatch(given) else None
        elif target in ("options", "arguments") and value is not None and value.type == "list":
            declares = declares or any(
                item.type == "call" and name_text(item.child_by_field_name("function"))
                in _DECLARING_CALLEES for item in value.named_children)
    if command is None:
        doc = docstring(body)
        command = signature_name(python_string(doc)) if doc is not None else None
        # an option item (``{ --dev : … }``) is cleo's shape; prose in braces is not
        declares = declares or (command is not None and doc is not None
                                and SIGNATURE_ITEM.search(doc.text or b"") is not None)
    return command, declares


def signature_name(doc: str | None) -> str | None:
    """Old cleo's command name: the first word after the docstring's first line (its
    description), followed by the signature's first ``{`` item or by nothing
    (``Short information about Poetry.\\n\\n    about``)."""
    if doc is None:
        return None
    words = doc.strip().partition("\n")[2].split(None, 1)
    if not words or not _COMMAND_NAME.fullmatch(words[0]) or \
            (len(words) == 2 and not words[1].startswith("{")):
        return None
    return words[0]


def imports_cleo(source: bytes) -> bool:
    """Does the file import from cleo (``from cleo.helpers import option``)?"""
    return _IMPORTS_CLEO.search(source) is not None


def declares_commands(root: Node) -> bool:
    """Does a top-level class of the file declare a cleo command by its shape alone."""
    return any(found.command is not None and found.declares
               for found in cleo_classes(root).values())


def option_flag(call: Node) -> str | None:
    """The long flag of a cleo ``option("no-truncate", None, "…")`` call (its first argument,
    or ``long_name=``): ``--no-truncate``. A name given with its dashes is spelled, and read as
    click's are; the short name (``"D"``) is a letter every program reuses."""
    if name_text(call.child_by_field_name("function")) not in _OPTION_CALLEES:
        return None
    positional, keywords = python_call_args(call)
    node = positional[0] if positional else keywords.get("long_name")
    # a string longer than a flag is read no further (its quotes and a prefix allowed)
    name = python_string(node) if node is not None and \
        node.end_byte - node.start_byte <= 68 else None
    if name is None or not _LONG_NAME.fullmatch(name) or name in UNIVERSAL:
        return None
    return f"--{name}"


def signature_flags(root: Node, lines: frozenset[int] | None) -> Iterator[str]:
    """The long flags of old cleo's docstring signatures (``{ --D|dev : … }``: ``--dev``) of
    the file's top-level classes, those of the items spanning one of ``lines`` (all of them
    when None)."""
    for statement in statements(root):
        definition = unwrap_definition(statement)
        body = definition.child_by_field_name("body") \
            if definition.type == "class_definition" else None
        doc = docstring(body) if body is not None else None
        parts = doc.named_children if doc is not None else []
        content = next((part for part in parts if part.type == "string_content"), None)
        if content is not None:
            yield from _items(text(content), content.start_point.row + 1, lines)


def _items(doc: str, first_line: int, lines: frozenset[int] | None) -> Iterator[str]:
    """The flags of the ``{ --name … }`` items of a docstring starting at ``first_line``: one
    pass, each item from its ``{`` to the next ``}``, the lines counted as the pass goes."""
    line, counted, at = first_line, 0, doc.find("{")
    while at != -1:
        end = doc.find("}", at)
        if end == -1:
            return
        line += doc.count("\n", counted, at)
        last = line + doc.count("\n", at, end)
        counted = end
        flag = _item_flag(doc[at + 1:end])
        if flag is not None and (lines is None or any(n in lines for n in range(line, last + 1))):
            yield flag
        line, at = last, doc.find("{", end)


def _item_flag(item: str) -> str | None:
    """``--dev`` of ``--D|dev : Add as a dev dependency.``, ``--extras`` of
    ``--E|extras=* : …``; None for an argument (``name* : …``)."""
    head = item.partition(":")[0].strip()
    if not head.startswith("--"):
        return None
    name = head[2:].partition("=")[0].rstrip("*?").rpartition("|")[2].strip()
    return f"--{name}" if _LONG_NAME.fullmatch(name) and name not in UNIVERSAL else None
