"""TypeScript's variance modifiers (``<out T>``, ``<in T>``, ``<in out T>``), which
tree-sitter-typescript 0.23 cannot parse: a file with a parse error there is parsed again with
them blanked, so zod's schemas are read whole (docs/concepts/anchoring-rules.md#literals)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.incremental_parse import nodes
from govern.drift.anchors import syntax
from govern.drift.anchors.syntax import parse, parse_edited, parser_for
from govern.drift.anchors.typescript import extract_typescript
from govern.git.gitio import Git
from tests.gitrepo import make_repo


@pytest.fixture(autouse=True)
def _no_memoised_trees() -> Iterator[None]:
    syntax._TREES.clear()
    yield
    syntax._TREES.clear()


ZOD = """export interface ZodType<
  /** @ts-ignore Cast variance */
  out Output = unknown,
  out Input = unknown,
> {
  parse(data: unknown): Output;
}
export type Setter<in T> = (value: T) => void;
export class Box<in out T> {
  value!: T;
}
"""


@pytest.mark.parametrize("source", [
    ZOD,
    "export interface A<out T = unknown, in U, in out V extends X> { x: T }\n",
    "export class C<in\n  out T> {}\n",
])
def test_variance_modifiers_parse_with_lines_and_offsets_kept(source: str) -> None:
    data = source.encode()
    assert parser_for("typescript").parse(data).root_node.has_error  # the grammar's gap
    tree = parse("typescript", data)
    assert not tree.root_node.has_error
    read = tree.root_node.text or b""
    assert len(read) == len(data) and read.count(b"\n") == data.count(b"\n")
    assert b"in" not in read.replace(b"interface", b"")


def test_the_declarations_after_a_variance_modifier_are_read() -> None:
    extraction = extract_typescript(ZOD.encode(), frozenset({6, 10}), "typescript")
    assert extraction.error_line is None
    assert {d.key for d in extraction.touched} >= {"ZodType.parse", "Box.value"}


@pytest.mark.parametrize("source", [
    # a file the grammar reads is parsed as written
    "export interface A<out> { x: out }\n",
    "export function f(k: string, o: object) { return k in o; }\n",
    # an error elsewhere: a type parameter named ``out`` is left as it is
    "export interface A<out extends X, T> { x: T }\nfunction broken( {\n",
])
def test_text_is_blanked_only_at_a_misread_modifier(source: str) -> None:
    data = source.encode()
    assert parse("typescript", data).root_node.text == data


def _hunks(tmp_path: Path, old: bytes, new: bytes) -> list:
    repo = make_repo(tmp_path / "repo")
    before = repo.commit({"m.ts": old})
    after = repo.commit({"m.ts": new})
    [hunks] = Git(repo.root).hunks(before, after)
    return hunks


@pytest.mark.parametrize(("old", "new"), [
    (ZOD, ZOD.replace("parse(data", "safeParse(data")),       # blanked on both sides
    (ZOD.replace("out ", "").replace("in ", ""), ZOD),          # a modifier added
    (ZOD, ZOD.replace("out ", "").replace("in ", "")),          # modifiers removed
])
def test_the_head_side_is_the_tree_a_fresh_parse_gives(tmp_path: Path, old: str,
                                                        new: str) -> None:
    before, after = old.encode(), new.encode()
    hunks = _hunks(tmp_path, before, after)
    parse("typescript", before)
    edited = parse_edited("typescript", after, before, hunks)
    syntax._TREES.clear()
    fresh = parse("typescript", after)
    assert not edited.root_node.has_error
    assert nodes(edited) == nodes(fresh)
    assert edited.root_node.text == fresh.root_node.text


def test_blanking_modifiers_stays_linear_on_hostile_input() -> None:
    hostile = b"export type F<" + b"in " * 100_000 + b"T> = T;\n" \
        + b"export type G<in T> = T;\n" * 10_000
    started = time.perf_counter()
    parse("typescript", hostile)
    assert time.perf_counter() - started < 10
