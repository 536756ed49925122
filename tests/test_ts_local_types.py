"""An unexported type named by an exported declaration's signature is part of it
(docs/concepts/anchoring-rules.md#what-anchors): valtio's ``d132d66`` changed only ``type
Options = {…} & Config``, the parameter type of ``export function devtools``, and had been
read as "nothing public on the changed lines"."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript, moved_text
from tests.helpers import pr_repo, rows, run_json

SOURCE = """\
type Config = { trace?: boolean }

type Opts = { label?: string } & Config

type Unused = { size?: number }

interface Shape { corner: Opts }

export function connect<T>(target: T, options?: Opts): void {
  const inner: Unused = {}
}

export const listen = (shape: Shape): void => {}

export function close(): void {}
"""


def _keys(old: str, new: str) -> set[str]:
    source = SOURCE.replace(old, new).encode()
    line = next(n for n, text in enumerate(source.decode().splitlines(), 1) if new in text)
    return {d.key for d in extract_typescript(source, frozenset({line}), "typescript").touched}


@pytest.mark.parametrize(("old", "new", "keys"), [
    # named by `connect`'s parameter, and by `Shape`, which `listen` takes
    ("label?: string", "label?: string | null", {"connect", "listen"}),
    # one type further: `Opts` joins it
    ("trace?: boolean", "trace?: boolean | string", {"connect", "listen"}),
    # named only in `connect`'s body: no signature shows it
    ("size?: number", "size?: bigint", set()),
])
def test_a_changed_local_type_anchors_the_exported_signatures_naming_it(
        old: str, new: str, keys: set[str]) -> None:
    assert _keys(old, new) == keys


def test_a_local_type_behind_more_types_than_the_depth_anchors_nothing() -> None:
    chain = "".join(f"type T{n} = {{ next?: T{n + 1} }}\n" for n in range(6))
    source = (chain + "type T6 = { leaf?: string }\n"
              "export function start(options?: T0): void {}\n").encode()
    # T6 is seven types behind `start`; T3 is four
    leaf = frozenset({7})
    assert extract_typescript(source, leaf, "typescript").touched == ()
    near = frozenset({4})
    assert [d.key for d in extract_typescript(source, near, "typescript").touched] == ["start"]


def test_a_pr_changing_a_local_options_type_lists_the_function_s_page(tmp_path: Path) -> None:
    base = {"src/devtools.ts": SOURCE,
            "docs/connect.md": "Call `connect(target, options)`.\n",
            "docs/close.md": "Call `close()` when done.\n"}
    data = run_json(pr_repo(tmp_path, base, {"src/devtools.ts": SOURCE.replace(
        "label?: string", "label?: string | null")}), "main")
    assert rows(data) == {"docs/connect.md": ["connect"]}
    assert data["anchorless_changes"] == []


FLOW = """\
interface Flow {
  (generator: () => void): Promise<void>
}

export const flow: Flow = Object.assign(
  function flow(generator: () => void) {
    return run(generator)
  },
  { kind: "flow" },
)
"""


def test_a_declaration_its_own_lines_changed_is_read_as_they_say() -> None:
    """mobx's ``6ec6499fb`` changed ``interface Flow`` and the body of the function ``const
    flow: Flow`` holds. Both read it as a function (``Object.assign`` returns its first
    argument), not a value bound (``flow`` had lost mobx's ``action.md``); its own lines read
    it as a container too, the keys of the object literal copied onto it, which bridges to
    no route, where the type alone reads a leaf. The reading of its own lines stands, once."""
    source = FLOW.encode()
    both = extract_typescript(source, frozenset({2, 7}), "typescript").touched
    assert [(d.key, d.binding, d.bridgeable) for d in both] == [("flow", False, False)]
    alone = extract_typescript(source, frozenset({2}), "typescript").touched
    assert [(d.key, d.binding, d.bridgeable) for d in alone] == [("flow", False, True)]


REACT = """\
import { createStore } from './vanilla'

type ExtractState<S> = S extends { getState: () => infer T } ? T : never

export function useStore<S>(api: S): ExtractState<S> {
  return api.getState()
}
"""

MOVED = REACT.replace("import { createStore } from './vanilla'\n",
                      "import { createStore } from './vanilla'\n"
                      "import type { ExtractState } from './vanilla'\n").replace(
    "type ExtractState<S> = S extends { getState: () => infer T } ? T : never\n\n", "")


def _sides(base: str, head: str, base_lines: set[int], head_lines: set[int],
           elsewhere: tuple[str, str] = ("", "")) -> tuple[list[str], list[str]]:
    """The keys each side touches; ``elsewhere``: the change set's other changed lines on the
    base side, then on the head side (:func:`moved_text`)."""
    def keys(source: str, lines: set[int], counterpart: str, other: str) -> list[str]:
        return [d.key for d in extract_typescript(
            source.encode(), frozenset(lines), "typescript", counterpart=counterpart.encode(),
            elsewhere=lambda: moved_text([(other.encode(), frozenset(range(1, 99)))])).touched]

    return (keys(base, base_lines, head, elsewhere[1] + _text_of(head, head_lines)),
            keys(head, head_lines, base, elsewhere[0] + _text_of(base, base_lines)))


def _text_of(source: str, lines: set[int]) -> str:
    written = source.split("\n")
    return "".join(written[n - 1] + "\n" for n in sorted(lines))


VANILLA_TYPE = "export type ExtractState<S> = S extends { getState: () => infer T } ? T : never\n"


def test_a_local_type_moved_to_another_module_anchors_no_signature_naming_it() -> None:
    """zustand's ``d2ac8205e`` moved ``type ExtractState`` unchanged to ``vanilla.ts`` and
    imported it: ``useStore``'s signature names the same type, and its pages were listed."""
    assert _sides(REACT, MOVED, {3}, {2}, ("", VANILLA_TYPE)) == ([], [])
    # one whose body changed, declared on both sides, still anchors it
    changed = REACT.replace("never", "unknown")
    assert _sides(REACT, changed, {3}, {3}) == (["useStore"], ["useStore"])


def test_a_local_type_moved_and_changed_anchors_the_signatures_naming_it() -> None:
    """Found by review: moved and changed in one PR (``? Partial<T> : undefined`` in
    ``vanilla.ts``), ``useStore``'s return type changed, and no page was listed."""
    moved = VANILLA_TYPE.replace("? T : never", "? Partial<T> : undefined")
    assert _sides(REACT, MOVED, {3}, {2}, ("", moved)) == (["useStore"], [])


def test_a_local_type_moved_in_from_another_module_anchors_no_signature_naming_it() -> None:
    assert _sides(MOVED, REACT, {2}, {3}, (VANILLA_TYPE, "")) == ([], [])
    assert _sides(MOVED, REACT, {2}, {3}, (VANILLA_TYPE.replace("never", "unknown"), "")) \
        == ([], ["useStore"])


def test_a_local_type_renamed_anchors_through_the_type_that_names_it() -> None:
    """valtio's ``d132d66``: ``EnhancerOptions`` became ``Config``, each on one side only, and
    ``type Options = {…} & Config``, declared on both, changed with it."""
    base = ("type EnhancerOptions = { trace?: boolean }\n"
            "type Options = { name?: string } & EnhancerOptions\n"
            "export function devtools(options?: Options): void {}\n")
    head = base.replace("EnhancerOptions", "Config")
    assert _sides(base, head, {1, 2}, {1, 2}) == (["devtools"], ["devtools"])
    # the renamed type alone, its users unchanged, anchors nothing through them
    assert _sides(base, head, {1}, {1}) == ([], [])


def test_a_pr_moving_a_local_type_to_another_module_lists_no_page_of_its_users(
        tmp_path: Path) -> None:
    vanilla = "export function createStore<T>(init: T) { return { getState: () => init } }\n"
    base = {"src/react.ts": REACT, "src/vanilla.ts": vanilla,
            "docs/use-store.md": "Read the state with `useStore(api)`.\n",
            "docs/types.md": "Derive it with `ExtractState<typeof api>`.\n"}
    data = run_json(pr_repo(tmp_path, base, {
        "src/react.ts": MOVED,
        "src/vanilla.ts": vanilla + "\nexport type ExtractState<S> = "
                                    "S extends { getState: () => infer T } ? T : never\n"}),
        "main")
    assert rows(data) == {"docs/types.md": ["ExtractState"]}


def test_a_pr_moving_and_changing_a_local_type_lists_the_pages_of_its_users(
        tmp_path: Path) -> None:
    """Found by review: the move hid the change of ``useStore``'s return type."""
    vanilla = "export function createStore<T>(init: T) { return { getState: () => init } }\n"
    base = {"src/react.ts": REACT, "src/vanilla.ts": vanilla,
            "docs/use-store.md": "Read the state with `useStore(api)`.\n"}
    data = run_json(pr_repo(tmp_path, base, {
        "src/react.ts": MOVED,
        "src/vanilla.ts": vanilla + "\n" + VANILLA_TYPE.replace("? T : never",
                                                                "? Partial<T> : undefined")}),
        "main")
    assert rows(data) == {"docs/use-store.md": ["useStore"]}


def test_the_change_set_s_other_lines_are_read_only_for_a_type_one_side_declares() -> None:
    """Most changes declare every changed type on both sides: the other files' changed lines
    are then not gathered at all."""
    asked: list[str] = []

    def elsewhere() -> bytes:
        asked.append("asked")
        return b""

    changed = REACT.replace("never", "unknown")
    extract_typescript(changed.encode(), frozenset({3}), "typescript",
                       counterpart=REACT.encode(), elsewhere=elsewhere)
    assert asked == []
    extract_typescript(REACT.encode(), frozenset({3}), "typescript",
                       counterpart=MOVED.encode(), elsewhere=elsewhere)
    assert asked == ["asked"]


MOVED_DOWN = REACT.replace(
    "type ExtractState<S> = S extends { getState: () => infer T } ? T : never\n\n", "") \
    + "\ntype ExtractState<S> = S extends { getState: () => infer T } ? T : never\n"


def test_a_local_type_moved_within_its_file_anchors_no_signature_naming_it() -> None:
    """Cut and pasted lower in the same file, unchanged: each side declares it, the same."""
    assert MOVED_DOWN.splitlines()[6].startswith("type ExtractState")
    assert _sides(REACT, MOVED_DOWN, {3}, {7}) == ([], [])
    # moved and changed (its body edited): ``useStore``'s return type changed
    changed = MOVED_DOWN.replace("? T : never", "? Partial<T> : undefined")
    assert _sides(REACT, changed, {3}, {7}) == (["useStore"], ["useStore"])


OPTIONS = """\
type Options = {
  deep?: boolean
}

export function make(options?: Options): void {}
"""


@pytest.mark.parametrize("source", [REACT, OPTIONS])
def test_a_local_type_that_only_became_exported_anchors_no_signature_naming_it(
        source: str) -> None:
    """``type Options`` turned ``export type Options``, on its first line alone: the
    signatures naming it show the same type; the type itself is its own declaration now."""
    name = "ExtractState" if source is REACT else "Options"
    line = next(n for n, text in enumerate(source.splitlines(), 1) if text.startswith("type "))
    exported = source.replace(f"type {name}", f"export type {name}")
    assert _sides(source, exported, {line}, {line}) == ([], [name])
    # exported and changed: what the signatures show changed
    changed = exported.replace("never", "unknown").replace("boolean", "boolean | string")
    body = {line, line + 1} if source is OPTIONS else {line}
    base, head = _sides(source, changed, body, body)
    assert base == ["useStore" if source is REACT else "make"]
    assert head[0] == name


def test_a_local_type_whose_jsdoc_changed_anchors_the_signatures_naming_it() -> None:
    """Its definition is the same on both sides, but what the emitted ``.d.ts`` shows of it
    is not."""
    documented = "/** Options of `make`. */\n" + OPTIONS
    changed = documented.replace("Options of", "The options of")
    assert _sides(documented, changed, {1}, {1}) == (["make"], ["make"])


DOCUMENTED = """\
/** Options of the store. */
type Options = { name: string }

export function create(options: Options) {
  return options
}
"""

DOCUMENTED_DOWN = """\
export function create(options: Options) {
  return options
}

/** Options of the store. */
type Options = { name: string }
"""


def test_a_local_type_moved_with_its_jsdoc_anchors_no_signature_naming_it() -> None:
    """Found by review: the cut and paste puts the JSDoc lines among the changed lines, which
    had alone read the type as changed. The comment is compared as the definition is."""
    assert _sides(DOCUMENTED, DOCUMENTED_DOWN, {1, 2, 3}, {4, 5, 6}) == ([], [])
    # moved, and its comment or its definition changed: what ``create`` shows changed
    reworded = DOCUMENTED_DOWN.replace("Options of", "The options of")
    assert _sides(DOCUMENTED, reworded, {1, 2, 3}, {4, 5, 6}) == (["create"], ["create"])
    retyped = DOCUMENTED_DOWN.replace("name: string", "name?: string")
    assert _sides(DOCUMENTED, retyped, {1, 2, 3}, {4, 5, 6}) == (["create"], ["create"])
    # a comment added above it as it moves is one the emitted ``.d.ts`` did not show
    bare = DOCUMENTED.replace("/** Options of the store. */\n", "")
    assert _sides(bare, DOCUMENTED_DOWN, {1, 2}, {4, 5, 6}) == (["create"], ["create"])


def test_a_local_type_moved_to_another_module_is_compared_without_its_jsdoc() -> None:
    """Declared on one side only, its definition written again elsewhere: a signature naming
    it changed its own lines if it changed at all, whatever comment the type took along."""
    moved = DOCUMENTED.replace("/** Options of the store. */\ntype Options = { name: string }\n",
                               "import type { Options } from './options'\n")
    there = ("", "/** The options. */\nexport type Options = { name: string }\n")
    assert _sides(DOCUMENTED, moved, {1, 2}, {1}, there) == ([], [])


def test_a_pr_moving_a_local_type_within_its_file_lists_no_page_of_its_users(
        tmp_path: Path) -> None:
    base = {"src/react.ts": REACT, "docs/use-store.md": "Read the state with `useStore(api)`.\n"}
    assert rows(run_json(pr_repo(tmp_path / "moved", base, {"src/react.ts": MOVED_DOWN}),
                         "main")) == {}
    changed = MOVED_DOWN.replace("? T : never", "? Partial<T> : undefined")
    assert rows(run_json(pr_repo(tmp_path / "changed", base, {"src/react.ts": changed}),
                         "main")) == {"docs/use-store.md": ["useStore"]}


def test_a_pr_exporting_a_local_type_lists_its_own_pages_and_suggests_it_as_new_api(
        tmp_path: Path) -> None:
    base = {"src/make.ts": OPTIONS, "docs/make.md": "Call `make(options)` to start.\n"}
    data = run_json(pr_repo(tmp_path / "exported", base, {
        "src/make.ts": OPTIONS.replace("type Options", "export type Options")}), "main")
    assert rows(data) == {}
    assert [entry["token"] for entry in data["new_api"]] == ["Options"]
    data = run_json(pr_repo(tmp_path / "changed", base, {"src/make.ts": OPTIONS.replace(
        "type Options", "export type Options").replace("boolean", "boolean | string")}), "main")
    assert rows(data) == {"docs/make.md": ["make"]}
