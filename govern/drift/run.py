"""The affected-docs run: reads the two commits and the docs corpus through git, then hands
them to the pure steps (anchors, guards, bridge, rows) and returns the result."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from govern.config import Config
from govern.core.progress import Progress, no_progress
from govern.drift.affected import (
    SCHEMA_VERSION,
    AffectedDocs,
    Guarded,
    Row,
    add_homes,
    apply_guards,
    bare_names,
    body_only_anchors,
    build_rows,
    corpus_sentence,
    deprecated_tokens,
    doc_only_anchors,
    find_new_api,
    is_generic,
    merge_sides,
    package_mentions,
    package_named_anchors,
    removed_tokens,
    summarize,
    weak_only_files,
)
from govern.drift.anchors.extract import (
    SKIPPED_LABELS,
    Candidate,
    ChangeSetAnchors,
    Side,
    anchor_changes,
    flags_in_code,
    is_code_file,
    is_code_path,
    ts_published,
)
from govern.drift.anchors.model import is_implementation_only
from govern.drift.anchors.options import parameter_names
from govern.drift.anchors.syntax import SOURCE_PATHSPECS, is_code_shaped
from govern.drift.bridge import BridgeResult, all_routes, bridge, bridge_health, is_constant
from govern.drift.docs.corpus import select_pages, suggest_docs_paths
from govern.drift.docs.index import DocsIndex
from govern.drift.exported import exported_instances
from govern.drift.homes import find_homes
from govern.drift.instances import (
    instance_candidates,
    removed_instance_forms,
    without_everyday_forms,
)
from govern.drift.paths import KIND as PATH_KIND
from govern.drift.paths import (
    deprecated_modules,
    example_scopes,
    path_candidates,
    removed_modules,
    removed_paths,
    star_bound,
)
from govern.drift.regions import MAX_SCRIPTS, changes_comments_alone, region_candidates
from govern.drift.scans import (
    PendingIndex,
    PendingScans,
    RunMemos,
    read_bridge_scans,
    read_docs_index,
    start_bridge_scans,
    start_docs_index,
)
from govern.drift.still_declared import (
    MAX_NAMES,
    declared_members,
    declared_names,
    not_moved,
    written_words,
)
from govern.git.diff import build_changes
from govern.git.gitio import Git, PendingHunks, PendingStatus, RawChange, TreeEntry
from govern.git.packages import (
    folder_manifests,
    is_example_file,
    manifest_blobs,
    manifest_name,
    package_dirs,
)

NOT_MEASURED = {"measured": False,
                "reason": "no bridgeable symbol or route literal changed, so the route bridge "
                          "did not run"}


def read_affected_docs(git: Git, config: Config, head_ref: str, base_ref: str | None, *,
                       memos: RunMemos | None = None, dirty: bool | None = None,
                       progress: Progress = no_progress) -> AffectedDocs:
    """affected-docs for ``merge-base(base_ref, head_ref)..head_ref``, or every corpus page
    when ``base_ref`` is None (``--all``).

    ``memos`` holds the caches across many runs (``govern calibrate``); ``dirty`` is the work
    tree's state when the caller knows it (a replayed commit has no work tree), read with
    ``git status`` otherwise; ``progress`` is told how a cold docs index build advances."""
    head = git.resolve_commit(head_ref)
    # The work tree's state is read by `git status` while the run goes on, and filled in last.
    status = git.start_is_dirty() if dirty is None else None
    computed_on: dict[str, Any] = {"head_parents": git.parents(head), "dirty": dirty}
    try:
        result = _read(git, config, head, base_ref, computed_on, memos, progress, status)
        if status is not None:
            computed_on["dirty"] = status.dirty()
        return result
    finally:
        if status is not None:
            status.close()


def _read(git: Git, config: Config, head: str, base_ref: str | None,
          computed_on: dict[str, Any], memos: RunMemos | None,
          progress: Progress, status: PendingStatus | None) -> AffectedDocs:
    if base_ref is None:
        entries = git.ls_tree(head)
        index = read_docs_index(git, select_pages(entries, config.docs), memos, progress)
        return _all_pages(index, head, computed_on, _unreadable(index),
                          _suggestion(entries, config, _corpus(index)))
    with contextlib.ExitStack() as running:
        # git diffs the changed files on another core while the tree is listed and the
        # caches are read (3851f87f0's diff: 20 ms)
        diff = _start_diff(git, head, base_ref)
        running.callback(diff.hunks.close)
        entries = git.ls_tree(head)
        # Started first, on a cold run each on another core: the docs pages are scanned in a
        # forked process (before any thread of this run exists), and git greps the tree (or
        # a checkout of it, cheaper) for registrars, while the anchors and the bridge are
        # built here (docs/decisions/sqlite-docs-index.md).
        pending_index = start_docs_index(git, entries, config, memos, progress)
        running.callback(pending_index.close)
        scans = start_bridge_scans(git, head, entries, config, memos, status)
        running.callback(scans.close)
        return _diff_run(git, config, head, base_ref, computed_on, entries, scans,
                         pending_index, diff)


class _Diff(NamedTuple):
    """The diff of a run begun: the merge base's, its files and, still running, its hunks."""

    base: str
    merge_bases: list[str]
    raw: list[RawChange]
    hunks: PendingHunks


def _start_diff(git: Git, head: str, base_ref: str) -> _Diff:
    base = git.resolve_commit(base_ref)
    merge_bases = git.merge_bases(base, head)
    raw = git.changed_files(merge_bases[0], head)
    # binary as the merge base says where the change touches a .gitattributes: a PR marking
    # its files `-diff` would have no changed lines to read (one that touches none leaves the
    # checkout's attributes the base's, and a warm run skips the scratch work tree)
    attributes = merge_bases[0] if any(path.rpartition("/")[2] == ".gitattributes"
                                       for change in raw
                                       for path in (change.path, change.old_path or "")
                                       ) else None
    return _Diff(base, merge_bases, raw,
                 git.start_hunks(merge_bases[0], head, attributes_of=attributes))


def _unreadable(index: DocsIndex) -> list[dict[str, str]]:
    return [{"path": path, "reason": reason} for path, reason in index.unreadable]


def _diff_run(git: Git, config: Config, head: str, base_ref: str, computed_on: dict[str, Any],
              entries: list[TreeEntry], scans: PendingScans,
              pending_index: PendingIndex, diff: _Diff) -> AffectedDocs:
    base, merge_bases, raw = diff.base, diff.merge_bases, diff.raw
    merge_base = merge_bases[0]
    changes = build_changes(raw, diff.hunks.hunks())
    manifests = package_dirs((entry.path for entry in entries), config.code.package_manifests)
    head_files = frozenset(entry.path for entry in entries if entry.kind == "blob")
    head_side = Side("head", lambda path: git.blobs.read(f"{head}:{path}"),
                     head_files=head_files)
    base_side = Side("base", _base_reader(git, merge_base, head_files, raw),
                     head_files=head_files)
    change_set = anchor_changes(
        changes,
        base=base_side,
        head=head_side,
        package_dirs=manifests,
        config=config,
        registrar_scan=scans.registrar,
    )
    names = _package_names(git, entries, change_set.packages, config.code.package_manifests)
    packages = [(d, names.get(d)) for d in change_set.packages]
    bridged = _bridge(scans, config, change_set)
    index = pending_index.finish()
    files = path_candidates(changes, index, (entry.path for entry in entries),
                            lambda path: is_code_path(path, config), change_set.release_data,
                            config.code.package_manifests)
    regions = region_candidates(changes, index,
                                lambda markers: _code_holding(git, head, markers, config,
                                                              whole=False, most=MAX_SCRIPTS),
                                head_files, lambda path: is_code_path(path, config),
                                lambda change: changes_comments_alone(change, base_side,
                                                                      head_side))
    modules = removed_modules(changes, head_files, base_side.exists,
                              head_side.read, lambda path: is_code_path(path, config))
    instances = instance_candidates(change_set.candidates, index, lambda members:
                                    exported_instances(members, names, manifests,
                                                       (base_side, head_side)))
    deprecated_files = deprecated_modules(changes, (base_side.source, head_side.source),
                                          head_side.exists, head_side.python_reexports,
                                          lambda path: is_code_path(path, config))
    candidates = (without_everyday_forms(change_set, index)
                  + bridged.candidates + instances + files.candidates + regions + modules
                  + deprecated_files)
    deprecated = deprecated_tokens(deprecated_files, candidates)
    removed = removed_tokens(change_set)
    removed -= star_bound(removed, change_set.candidates, head_side.source,
                          head_side.module_file, lambda token: _page_writes(index, token))
    removed = (removed | removed_instance_forms(instances, removed)
               | removed_paths(files.candidates) | {(c.kind, c.token) for c in modules})
    # the removed names and flags some page writes, looked for in the code at HEAD together
    written = _written_names(removed, index)
    members = _written_members(removed, candidates, index)
    flags = sorted(flag for flag in change_set.removed_flags if index.saying(flag))[:MAX_NAMES]
    words = [*written, *(member.partition(".")[0] for member in members), *flags,
             *(name for flag in flags for name in parameter_names(flag))]
    code = _code_holding(git, head, sorted(set(words)), config) if words else {}
    bare = frozenset(bare_names(candidates))
    removed = ((removed | _removed_flags(flags, code))
               - _declared_elsewhere(written, bare, code)
               - {("symbol", member) for member in declared_members(code, members)})
    spellings = {(c.kind, c.token): (c.file, c.declaration.key) for c in candidates
                 if c.declaration is not None}
    confined = {**example_scopes(candidates, index, (entry.path for entry in entries)),
                **files.scopes}
    body_only = body_only_anchors(candidates)
    guarded = apply_guards(merge_sides(candidates), index, config.anchors, removed,
                           bare, spellings, confined, frozenset(change_set.exact), deprecated,
                           package_named_anchors(body_only, names.values()))
    homes = find_homes(change_set.candidates, index, (entry.path for entry in entries),
                       lambda path: is_code_file(path, config),
                       lambda token: is_generic(token, config.anchors.generic_names))
    rows = add_homes(build_rows(guarded, index, removed, names.values(),
                                body_only, doc_only_anchors(candidates),
                                deprecated),
                     homes, index)
    anchorless = _blind_spots(change_set.anchorless, guarded, rows, candidates, config)
    corpus = _corpus(index)
    if merge_base == head:  # nothing to read: no change, and likely no intent either
        why = (f"is {base_ref} itself (run it on a branch with changes, or name another BASE)"
               if head == base else f"is already in the history of {base_ref} (were --head "
               "and BASE given the other way round?)")
        summary = (f"Nothing to read: {head[:12]} {why}, so the diff is empty. "
                   f"{corpus_sentence(*corpus)}")
    else:
        summary = summarize(len(packages), len(guarded.admitted), rows, anchorless, corpus,
                            len(guarded.overbroad) + len(guarded.folded))
    if len(merge_bases) > 1:
        summary += (f" ({len(merge_bases)} merge bases: the diff is from the first, "
                    f"{merge_base[:12]}.)")
    return AffectedDocs(
        summary=summary,
        base=base_ref,
        head=head,
        merge_base=merge_base,
        computed_on=computed_on,
        changed_packages=[{"dir": d or ".", "name": name} for d, name in packages],
        anchors=guarded.admitted,
        docs=rows,
        anchorless_changes=anchorless,
        parse_errors=change_set.parse_errors,
        unreadable_pages=_unreadable(index),
        weak_anchors_dropped=guarded.weak + bridged.vague_tails,
        overbroad_anchors=guarded.overbroad,
        folded_anchors=guarded.folded,
        new_api=find_new_api(not_moved(change_set.added, change_set.candidates), guarded,
                             index, config.anchors,
                             lambda added, chains: ts_published(added, head_side, manifests,
                                                              chains)),
        cross_cutting_symbols=bridged.cross_cutting,
        package_mention_docs=package_mentions(index, packages),
        bridge_coverage=bridged.coverage,
        broken_scans=bridged.broken,
        skipped=change_set.skipped,
        corpus=corpus,
        corpus_suggestion=_suggestion(entries, config, corpus),
    )


def _base_reader(git: Git, merge_base: str, head_files: frozenset[str],
                 raw: list[RawChange]) -> Callable[[str], bytes | None]:
    """Reads a file at the merge base. A path neither at HEAD nor in the diff is at neither,
    and git is not asked: finding the module a base side's import names tries a dozen paths
    that are not there (200 on objectstack's 3851f87f0, 20 ms of round trips)."""
    changed = frozenset(path for change in raw for path in (change.path, change.old_path)
                        if path)

    def read(path: str) -> bytes | None:
        if path not in head_files and path not in changed:
            return None
        return git.blobs.read(f"{merge_base}:{path}")

    return read


def _written_names(removed: frozenset[tuple[str, str]], index: DocsIndex) -> list[str]:
    """The removed bare names some page names, on a link-index line too: the only ones worth
    looking for at HEAD."""
    return sorted(token for kind, token in removed
                  if kind == "symbol" and "." not in token
                  and _page_writes(index, token))[:MAX_NAMES]


def _page_writes(index: DocsIndex, token: str) -> bool:
    """Whether some page names ``token``, calls it or writes it on a link-index line."""
    return bool(index.naming(token) or index.linking(token) or index.calling(token))


def _written_members(removed: frozenset[tuple[str, str]], candidates: list[Candidate],
                     index: DocsIndex) -> dict[str, frozenset[str]]:
    """The removed members some page names by ``Class.member``, each with the files the
    change took it from: another class of that name at HEAD may still have the member
    (:func:`declared_members`). Only a member's own key: ``pkg.parse_line`` or zod's
    ``z.input`` is a module's or namespace's spelling, not a class's."""
    taken: dict[str, set[str]] = {}
    for candidate in candidates:
        declaration = candidate.declaration
        if candidate.side == "base" and declaration is not None \
                and declaration.container is not None and candidate.token == declaration.key \
                and ("symbol", candidate.token) in removed:
            taken.setdefault(candidate.token, set()).add(candidate.file)
    named = [token for token in sorted(taken) if _page_writes(index, token)][:MAX_NAMES]
    return {token: frozenset(taken[token]) for token in named}


def _declared_elsewhere(names: list[str], bare: frozenset[tuple[str, str]],
                        code: dict[str, bytes | None]) -> frozenset[tuple[str, str]]:
    """Those of the removed bare ``names`` that a code file at HEAD (``code``, the files
    holding one as a word) still declares or re-exports: no certain drift. A member's own
    name (``bare``) is any object's: still written in a code file at all (zustand's removed
    ``PersistOptions.getStorage``, still a parameter of ``createJSONStorage``), it is not
    certain either."""
    members = [name for name in names if ("symbol", name) in bare]
    return frozenset(("symbol", name) for name in
                     declared_names(code, names) | written_words(code, members))


def _code_holding(git: Git, head: str, words: list[str], config: Config,
                  whole: bool = True, most: int | None = None) -> dict[str, bytes | None]:
    """The text at HEAD of each code file (not an example's) that holds one of ``words`` as a
    word (or anywhere, not ``whole``), by path, the ``most`` first in path order. git lists
    the files, on disk when the work tree is a checkout of HEAD (a CI job's: a sixth of the
    time of reading every blob); their text is read at HEAD."""
    paths = sorted(path for path in git.grep_words(head, words, SOURCE_PATHSPECS,
                                                   work_tree=git.checkout_of(head),
                                                   whole=whole)
                   if is_code_file(path, config) and not is_example_file(path))[:most]
    texts = git.blobs.read_many([f"{head}:{path}" for path in paths])
    return {path: texts.get(f"{head}:{path}") for path in paths}


def _removed_flags(flags: list[str], code: dict[str, bytes | None]
                   ) -> frozenset[tuple[str, str]]:
    """Of the flags gone from their file's option declarations that some page writes
    (``flags``), those no code file at HEAD still writes or declares (``code``, the files
    holding one or its parameter's name as a word): certain drift
    (docs/concepts/anchoring-rules.md#command-line-options). httpie moved its options to
    another module in one commit: moved, not removed. A flag still written in a help text or
    a comment keeps it uncertain, never wrongly stale."""
    if not flags:
        return frozenset()
    still = set().union(*(flags_in_code(path, text) for path, text in code.items() if text))
    return frozenset(("command", flag) for flag in flags if flag not in still)


def _blind_spots(anchorless: list[dict[str, str]], guarded: Guarded, rows: list[Row],
                 candidates: list[Candidate], config: Config) -> list[dict[str, str]]:
    """The changed files NOT COVERED: those that yielded no anchor, less those no extractor
    reads whose path a hand-written page names (black's `plugin/black.vim`, on its editors
    page: its path is its anchor, and the page is a row; a changelog naming it lists nothing
    a code PR may edit, so it is still a blind spot), and, with their reason, those whose
    every anchor a name guard dropped. A file read and found to change nothing public is
    still told apart, beside the row its path gave."""
    written = {token for row in rows if not row.release_owned
               for kind, token, _side in row.anchors if kind == PATH_KIND}
    # from the candidates: two folders' READMEs naming their own `main.py` make one anchor
    named = {c.file for c in candidates if c.kind == PATH_KIND and c.token in written}
    kept = [entry for entry in anchorless
            if entry["path"] not in named or is_implementation_only(entry)]
    return kept + weak_only_files(candidates, guarded.weak, config.anchors.generic_names)


def _corpus(index: DocsIndex) -> tuple[int, int]:
    return len(index.pages), sum(page.release_owned for page in index.pages)


def _suggestion(entries: list[TreeEntry], config: Config,
                corpus: tuple[int, int]) -> tuple[str, ...]:
    """Where the pages may be, read only when the corpus holds no page a code change could make
    stale (none, or only release-owned ones), or when no configuration chose it: zod's
    defaults read five READMEs while its site's pages sit in ``packages/docs/content/``."""
    pages, owned = corpus
    if pages == owned or config.source == "defaults":
        return tuple(suggest_docs_paths(entries, config.docs))
    return ()


def _bridge(scans: PendingScans, config: Config, change_set: ChangeSetAnchors) -> BridgeResult:
    """Run the route bridge only when something could cross it
    (docs/concepts/affected-docs.md#routes-and-sdk-methods): otherwise its coverage is "not
    measured", never a fabricated zero. An example's names do not cross it: the handlers
    calling them are other example apps' that share the name (sqlmodel's
    ``sqlite_file_name`` is in 115 routes), and the example's own routes it changed are its
    anchors already. Nor do an example's routes receive the library's names: h3's
    ``examples/cors.ts`` calls ``handleCors`` from ``app.get("/hello", …)``, and ``/hello`` is
    every guide's toy path (4 rows, none edited)."""
    candidates = [c for c in change_set.candidates
                  if c.kind != "symbol" or not is_example_file(c.file)]
    if not any(c.kind == "route" or (c.declaration is not None and c.declaration.bridgeable
                                     and not is_constant(c.declaration.name))
               for c in candidates):
        return BridgeResult(coverage=NOT_MEASURED)
    read = scans.finish()
    products = replace(read, registrars={path: scan for path, scan in read.registrars.items()
                                         if not is_example_file(path)})
    return bridge(candidates, products,
                  config.anchors.max_routes_per_symbol, is_code_shaped,
                  lambda name: is_generic(name, config.anchors.generic_names),
                  change_set.callers)


def _package_names(git: Git, entries: Sequence[TreeEntry], folders: Iterable[str],
                   manifest_names: Sequence[str]) -> dict[str, str]:
    """The published name of each package folder, from the first of its manifests (in the
    order configured) that names one at HEAD. A folder without a manifest there (a top
    folder, a deleted package) has none."""
    found: dict[str, str] = {}
    for folder, read in folder_manifests(folders, manifest_blobs(entries, manifest_names),
                                         manifest_names, git.read_texts).items():
        name = next((name for path, text in read
                     if (name := manifest_name(path.rpartition("/")[2], text)[0])), None)
        if name:
            found[folder] = name
    return found


def _all_pages(index: DocsIndex, head: str, computed_on: dict,
               unreadable: list[dict[str, str]], suggestion: tuple[str, ...]) -> AffectedDocs:
    rows = [Row(page.path, page.release_owned, False, ()) for page in index.pages]
    return AffectedDocs(
        summary=f"{len(rows)} docs page(s) in the corpus at {head[:12]}.",
        corpus=_corpus(index), corpus_suggestion=suggestion,
        base=None, head=head, merge_base=None, computed_on=computed_on,
        changed_packages=[], anchors=[], docs=rows, unreadable_pages=unreadable,
        bridge_coverage=NOT_MEASURED,
        skipped=dict.fromkeys(SKIPPED_LABELS, 0),
    )


def read_bridge_coverage(git: Git, config: Config, head_ref: str) -> dict[str, Any]:
    """The repo-wide bridge health at ``head_ref`` (``--bridge-coverage``)."""
    head = git.resolve_commit(head_ref)
    scans = read_bridge_scans(git, head, git.ls_tree(head), config)
    health = bridge_health(scans)
    return {"schema_version": SCHEMA_VERSION, "head": head,
            "routes": len(all_routes(scans)), "registrar_files": len(scans.registrars),
            "bridge_coverage": health.coverage, "broken_scans": list(health.broken)}
