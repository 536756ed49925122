"""The tree-sitter plumbing the extractors share: the cursor walk and the parse memo."""

from __future__ import annotations

from tree_sitter import Node

from govern.drift.anchors import syntax
from govern.drift.anchors.syntax import (
    local_callers,
    parse,
    text,
    touched_members,
    walk,
    walk_with_parents,
)


def stack_walk(root: Node, types: frozenset[str]) -> list[Node]:
    """The walk as it was written first (a stack of named children): the reference order."""
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type in types:
            found.append(node)
        stack.extend(reversed(node.named_children))
    return found


TS = b"""
type Opts = { a: object };
const routes = [{ path: '/a', handler: h }, { path: '/b', handler: () => ({ x: f(1) }) }];
app.get('/c', (c) => c.json({ ok: g() }));
function broken( { return { y: 1 } }
"""


def test_walk_yields_named_nodes_in_source_order() -> None:
    root = parse("typescript", TS).root_node
    types = frozenset({"object", "call_expression"})
    got = [(n.type, n.start_byte) for n in walk(root, types)]
    assert got == [(n.type, n.start_byte) for n in stack_walk(root, types)]
    assert len(got) > 4
    # The `object` type keyword is an anonymous node of that type: never yielded.
    keyword = root.descendant_for_byte_range(TS.index(b"object"), TS.index(b"object") + 6)
    assert keyword is not None and keyword.type == "object" and not keyword.is_named
    assert keyword.start_byte not in [start for _, start in got]


def test_walk_from_an_inner_node_stays_inside_it() -> None:
    root = parse("typescript", TS).root_node
    first_route = next(walk(root, frozenset({"object"})))
    names = [text(n) for n in walk(first_route, frozenset({"property_identifier", "identifier"}))]
    assert names == ["path", "handler", "h"]  # not the second route's names, nor app.get's
    assert list(walk(first_route, frozenset({"object"}))) == [first_route]  # the root itself


def test_walk_with_parents_gives_each_node_its_own_parent() -> None:
    """The parent carried down the walk is the one tree-sitter gives, for every node but the
    root (whose parent the walk does not look up); the nodes are the walk's, in its order."""
    root = parse("typescript", TS).root_node
    types = frozenset({"object", "call_expression", "identifier", "program"})
    pairs = list(walk_with_parents(root, types))
    assert [node for node, _ in pairs] == list(walk(root, types))
    assert pairs[0] == (root, None)
    assert all(parent == node.parent for node, parent in pairs[1:])
    assert {parent.type for _, parent in pairs[1:] if parent is not None} >= {
        "arguments", "pair", "member_expression"}
    inner = next(walk(root, frozenset({"object"})))
    assert [(text(node), text(parent) if parent else None)
            for node, parent in walk_with_parents(inner, frozenset({"identifier"}))] == [
        ("h", "handler: h")]


def test_walk_on_a_leaf_yields_it_or_nothing() -> None:
    root = parse("python", b"x = 1\n").root_node
    leaf = next(walk(root, frozenset({"identifier"})))
    assert [text(n) for n in walk(leaf, frozenset({"identifier"}))] == ["x"]
    assert list(walk(leaf, frozenset({"integer"}))) == []


def test_parse_is_memoised_on_the_bytes() -> None:
    source = b"def f():\n    return 1\n"
    assert parse("python", source) is parse("python", bytes(source))
    assert parse("python", source) is not parse("python", source + b"\n")
    assert parse("python", source) is not parse("javascript", source)


def test_descend_skips_the_children_of_a_refused_node_only() -> None:
    """A refused node is still yielded, its subtree is not visited; its siblings are."""
    source = b"def a():\n    f(1)\n\ndef b():\n    g(2)\n"
    root = parse("python", source).root_node
    every = [text(n) for n in walk(root, frozenset({"function_definition", "call"}))]
    assert every == [text(n) for n in walk(root, frozenset({"function_definition", "call"}),
                                           descend=lambda node: True)]
    assert "f(1)" in every and "g(2)" in every
    kept = [text(n) for n in walk(root, frozenset({"function_definition", "call"}),
                                  descend=lambda node: not text(node).startswith("def a"))]
    assert "f(1)" not in kept and "g(2)" in kept
    assert any(name.startswith("def a") for name in kept)


def _functions(source: bytes) -> list[tuple[str, Node]]:
    return [(text(node.child_by_field_name("name")), node)
            for node in parse("python", source).root_node.named_children]


def test_local_callers_follow_cycles_and_are_nobody_s_own() -> None:
    # a and b call each other, c calls a, d calls c; e names a in a string only
    units = _functions(b"def a(): return b()\ndef b(): return a()\ndef c(): return a()\n"
                       b"def d(): return c()\ndef e(): return 'a'\n")
    assert local_callers(["a", "b", "c", "e"], units) == {
        "a": frozenset({"b", "c", "d"}), "b": frozenset({"a", "c", "d"}),
        "c": frozenset({"d"}), "e": frozenset()}


def test_local_callers_keep_the_cap_of_a_ring_calling_a_hub() -> None:
    ring = [f"g{i}" for i in range(70)]
    source = "def f(): pass\ndef hub(): f()\n" + "".join(
        f"def {name}(): hub(); {ring[(at + 1) % len(ring)]}()\n" for at, name in enumerate(ring))
    callers = local_callers(["f", "g0"], _functions(source.encode()))
    assert len(callers["f"]) == 64 and callers["f"] <= {"hub", *ring}
    assert len(callers["g0"]) == 64 and "g0" not in callers["g0"]


def test_a_member_s_comment_is_the_one_directly_above_it() -> None:
    source = (b"class C:\n    x = 1  # about x\n    # about y\n    # still y\n    y = 2\n\n"
              b"    # detached\n\n    z = 3\n")
    cls = parse("python", source).root_node.named_children[0]
    body = cls.child_by_field_name("body")
    assert body is not None
    members = [(text(m.named_children[0].child_by_field_name("left")), m)
               for m in body.named_children if m.type == "expression_statement"]

    def touched(*lines: int) -> list[str]:
        return [d.key for d in touched_members("C", cls, members, frozenset(lines),
                                               lambda name, node: "member")]

    assert touched(2) == ["C.x"]  # the comment ending x's line is x's
    assert touched(3) == ["C.y"] and touched(4) == ["C.y"]
    assert touched(7) == []  # a detached comment: neither the class nor a member
    assert touched(1) == ["C"]


def test_lines_of_splits_each_text_once_and_keeps_a_few() -> None:
    """A changed file's sides are read line by line by several readers: one split each, the
    same tuple for equal bytes, other lines for other bytes, and only the last few kept."""
    text = b"a\nb\n"
    assert syntax.lines_of(text) == (b"a", b"b", b"")
    assert syntax.lines_of(bytes(bytearray(text))) is syntax.lines_of(text)  # equal bytes
    assert syntax.lines_of(b"a\nc\n") == (b"a", b"c", b"")
    for n in range(syntax._LINES_KEPT + 1):
        syntax.lines_of(f"{n}\n".encode())
    assert text not in syntax._LINES and len(syntax._LINES) == syntax._LINES_KEPT
