"""Attack: stall the docs-drift job through what an exported TS signature reaches. A changed
unexported type is followed into the exported signatures that name it, through the
unexported types naming it in turn (docs/concepts/anchoring-rules.md#what-anchors), and a
barrel's ``export *`` chains are read to the names they publish
(docs/concepts/affected-docs.md#re-exports): a chain of 10,000 types each naming the next, a
type 10,000 others name, or 10,000 files each ``export *`` from the next, are each read once,
and only as far as the caps."""

from __future__ import annotations

from functools import partial

from govern.drift.anchors.ts_exports import MAX_FILES, ExportReader
from govern.drift.anchors.typescript import MAX_TYPE_NAMES, extract_typescript
from tests.security.pr import within

COUNT = 10_000
CHAIN = 2_500


def test_a_long_chain_of_local_types_is_followed_only_as_deep_as_the_cap() -> None:
    chain = "".join(f"type T{n} = {{ next?: T{n + 1} }}\n" for n in range(COUNT))
    source = (chain + f"type T{COUNT} = {{ leaf?: string }}\n"
              "export function start(options?: T0): void {}\n"
              f"export function end(options?: T{COUNT - 2}): void {{}}\n").encode()
    changed = frozenset({COUNT + 1})  # the leaf type's line
    extraction = within(partial(extract_typescript, source, changed, "typescript"))
    # `end` names a type three behind the leaf; `start` one 10,000 behind
    assert [d.key for d in extraction.touched] == ["end"]


def test_a_type_every_other_type_names_reaches_only_the_capped_number() -> None:
    users = "".join(f"type U{n} = Base\nexport function f{n}(o: U{n}): void {{}}\n"
                    for n in range(COUNT))
    source = ("type Base = { leaf?: string }\n" + users).encode()
    extraction = within(partial(extract_typescript, source, frozenset({1}), "typescript"))
    keys = [d.key for d in extraction.touched]
    # `Base` and the first types naming it, up to the cap, in source order
    assert keys == [f"f{n}" for n in range(MAX_TYPE_NAMES - 1)]
    assert f"f{COUNT - 1}" not in keys


def test_a_long_export_star_chain_is_read_only_as_far_as_the_cap() -> None:
    files = {f"src/f{n}.ts": f"export * from './f{n + 1}'\nexport const v{n} = 1\n"
             for n in range(COUNT)}
    reads: list[str] = []

    def read(path: str) -> bytes | None:
        reads.append(path)
        return files[path].encode() if path in files else None

    reader = ExportReader(read, files.__contains__)
    names = within(partial(reader.star_names, "src/f0.ts"))
    assert "v1" in names and "v0" not in names
    assert f"v{COUNT - 1}" not in names
    assert len(set(reads)) <= MAX_FILES + 2


def test_every_file_of_a_long_export_star_chain_resolves_each_link_once() -> None:
    """A change of every file of the chain asks each file's names: each walk is at most
    ``MAX_FILES`` files long, and each file's ``export *`` is looked for once (resolving a
    module tries some thirty paths). The paths looked up are what catches a regression: looked
    for once per walk, a chain of 2,500 files asked 963,600 of them (a chain of 10,000 took
    16 s, under the time limit); once per file, it asks about 5,000."""
    files = {f"src/f{n}.ts": f"export * from './f{n + 1}'\nexport const v{n} = 1\n"
             for n in range(CHAIN)}
    looked: list[str] = []

    def exists(path: str) -> bool:
        looked.append(path)
        return path in files

    reader = ExportReader(lambda path: files[path].encode() if path in files else None, exists)
    found = within(lambda: [reader.star_names(path) for path in files])
    assert len(found[0]) == MAX_FILES and found[-1] == frozenset()
    assert len(looked) <= 3 * CHAIN
