"""Which commits of a repository's history are calibration cases, and which sample is measured
(docs/how-to/calibrate.md).

A case is a commit that changed at least one code file in scope and modified at least one
hand-written docs page, with fewer files than ``calibrate.max_files`` and a docs
change that is more than whitespace, link targets or lines of bare HTML tags, outside a page's
release-notes and credits sections. The pages it changed are its reference set: what its
authors really touched, a lower bound of what the change affected.
"""

from __future__ import annotations

import hashlib
import heapq
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from govern.calibrate.bookkeeping import toctree_entries
from govern.calibrate.formatting import canonical_markdown, is_markdown
from govern.config import Config
from govern.config.sections import in_fragment_folder
from govern.core.spelling import is_respelling
from govern.drift.anchors.extract import Side, is_build_script, is_code_file
from govern.drift.anchors.syntax import EXTENSIONS
from govern.drift.docs.corpus import PAGE_SUFFIXES, is_docs_path
from govern.drift.docs.scanner import blank_sections, release_notes_sections, titled_spans
from govern.git.gitio import NULL_SHA, SUBMODULE_MODE, TREE_MODE, Git, LoggedCommit, RawChange
from govern.git.packages import is_docs_config, is_package_script, is_test_file, package_of


@dataclass(frozen=True)
class Case:
    sha: str
    parent: str
    stamp: int
    """Committer time of the case commit (the replayed commit reuses it)."""
    code: tuple[RawChange, ...]
    """Every changed file that is not a corpus page: what the code-only commit keeps."""
    languages: tuple[str, ...]
    """Languages of its code files in scope, sorted."""
    reference: tuple[str, ...]
    """Hand-written pages it modified in substance, sorted."""
    retired: tuple[str, ...] = ()
    """Hand-written pages it deleted, sorted (a move is a delete and an add): the code-only
    commit still holds them, so it may list them, but the author did deal with them."""


@dataclass(frozen=True)
class Selection:
    cases: list[Case]
    """The sample, newest first."""
    found: int
    """Cases in the range before sampling."""
    commits: int
    """Commits read."""
    skipped: dict[str, int]
    """Commits with code and docs changes that are not cases, by reason."""
    unreadable: list[dict[str, str]] = field(default_factory=list)
    """``{"commit", "reason"}`` of each case whose objects are missing."""
    outside_corpus: dict[str, int] = field(default_factory=dict)
    """Globs (``www/docs/**/*.mdx``) of md/mdx/rst files changed together with code but
    outside the corpus, by how many commits: where a corpus the configuration misses is.
    Counted over the commits that changed no page of the corpus (those are no case)."""
    outside_commits: int = 0
    """Those commits, each once however many globs it touched: click's 142 that changed code
    with its rst pages, which a corpus of md pages only (its docs at HEAD) never reads."""
    release_notes_pages: int = 0
    """Pages changed in prose only under a release-notes heading (``## Change Log``), so in
    no reference set, counted over every commit read (those of a case and those skipped as
    ``release_notes_only``)."""
    credits_pages: int = 0
    """Pages changed in prose only under a credits heading (``## Authors``), perhaps with
    release notes too, so in no reference set; counted as ``release_notes_pages`` is."""
    spelling_pages: int = 0
    """Pages changed only in the spelling of prose words (a typo sweep's ``occured`` →
    ``occurred``), so in no reference set; counted as ``release_notes_pages`` is."""
    toctree_pages: int = 0
    """Pages changed only in toctree entries naming a page the commit deleted
    (:mod:`~govern.calibrate.bookkeeping`), perhaps with the sections of ``SET_ASIDE``, so in no
    reference set; counted as ``release_notes_pages`` is."""
    formatting_pages: int = 0
    """Markdown pages changed only in syntax that renders the same (a formatter's ``*`` list
    markers made ``-``, :mod:`~govern.calibrate.formatting`), so in no reference set; counted
    as ``release_notes_pages`` is."""


# Link targets, bare URLs and lines of bare markup: a change to these alone is not a change
# the code asked for. Each pattern is a single pass over the text with bounded backtracking.
_COSMETIC = (
    re.compile(r"\]\([^()\s]*(?:\s+\"[^\"\n]*\")?\)"),  # markdown [text](target "title")
    re.compile(r"^[ \t]*\[[^\]\n]+\]:[^\n]*$", re.M),   # markdown [label]: target
    re.compile(r"^[ \t]*\.\. _[^:\n]+:[^\n]*$", re.M),  # rst .. _label: target
    re.compile(r"<[^<>\s]+>(?=`_)"),                   # rst `text <target>`_
    re.compile(r"<?https?://[^\s<>)\]]*>?"),           # bare and autolinked URLs
    # a line of HTML tags without attributes (zustand's `<br/>` spacers, `</div>`): no text.
    # Lower case and bare only: `<Provider>` is a component a page names, `<script src=…>`
    # an example, and `Array<string>` inside a line a type
    re.compile(r"^[ \t]*(?:</?[a-z][a-z0-9]*[ \t]*/?>[ \t]*)+$", re.M),
)
_SPACE = re.compile(r"\s+")


def parse_prose(text: str) -> str:
    """A page's text without whitespace, link targets, URLs and lines of bare HTML tags: two
    versions with the same prose differ only cosmetically."""
    for pattern in _COSMETIC:
        text = pattern.sub("", text)
    return _SPACE.sub("", text)


def _is_hand_written(path: str, config: Config) -> bool:
    return is_docs_path(path, config.docs) and not config.docs.release_owned.matches(path)


def is_reference_candidate(change: RawChange, config: Config) -> bool:
    """A hand-written corpus page the commit modified in place. A page it added did not exist
    for the code-only commit to list; one it deleted or moved is a reorganisation of the docs
    far more often than drift a name could have pointed at (it is ``Case.retired``)."""
    return change.status == "M" and _is_hand_written(change.path, config)


@dataclass(frozen=True)
class _Candidate:
    commit: LoggedCommit
    code: tuple[RawChange, ...]
    languages: tuple[str, ...]
    pages: tuple[RawChange, ...]
    retired: tuple[str, ...]


def _folder(path: str) -> str:
    """The first two folders of a path inside a folder (``www/docs`` of ``www/docs/a/b.mdx``)."""
    return "/".join(path.split("/")[:-1][:2])


def _folder_glob(folder: str, path: str) -> str:
    """``docs/**/*.rst``: the pages of ``path``'s kind under ``folder``."""
    return f"{folder}/**/*{path[path.rfind('.'):]}"


def _is_root_readme(path: str) -> bool:
    """A README at the repository's top, in any case and page format (valtio's ``readme.md``
    before it became ``README.md``, loguru's ``README.rst``): the one top-level page that is
    documentation wherever a project keeps the rest. ``CONTRIBUTING.md`` or ``SECURITY.md``
    is left out of the corpus on purpose as often as not."""
    return "/" not in path and path.rpartition(".")[0].casefold() == "readme"


def globs_at(paths: list[str]) -> set[str]:
    """Every glob :func:`_outside_globs` can write that matches one of ``paths``: each page's
    kind under its first folder and under its first two (``docs/**/*.rst`` and
    ``docs/api/**/*.rst`` for ``docs/api/x/y.rst``), and a top-level README as its own path.
    Built in one pass over a tree, where matching each glob against it took 60 ms a glob on
    100,000 paths."""
    found = set()
    for path in paths:
        if not path.endswith(PAGE_SUFFIXES):
            continue
        if _is_root_readme(path):
            found.add("/" + path)
        elif "/" in path:
            first, _, rest = _folder(path).partition("/")
            found.add(_folder_glob(first, path))
            if rest:
                found.add(_folder_glob(f"{first}/{rest}", path))
    return found


def _outside_globs(commit: LoggedCommit, config: Config) -> set[str]:
    """The globs (``docs/**/*.rst``) of the md/mdx/rst files a commit changed in a folder and
    outside the corpus, and the path of a top-level README outside it (``/readme.md``, its
    old spelling: :func:`_is_root_readme`); not a test's, a news fragment's, one in a hidden
    folder (``.github/`` templates, trpc's ``.wip/`` notes), nor one ``docs.exclude`` keeps out
    on purpose (vite's ``docs/blog/``): none of those is a docs folder the configuration
    missed."""
    return {_folder_glob(_folder(c.path), c.path) if "/" in c.path else "/" + c.path
            for c in commit.changes if c.path.endswith(PAGE_SUFFIXES)
            and ("/" in c.path or _is_root_readme(c.path))
            and not is_docs_path(c.path, config.docs) and not config.docs.exclude.matches(c.path)
            and not is_test_file(c.path) and not in_fragment_folder(c.path)
            and not any(folder.startswith(".") for folder in c.path.split("/")[:-1])}


def _package_dir(git: Git, commit: LoggedCommit, path: str, manifests: tuple[str, ...]) -> str:
    """The package ``path`` is in at the commit, found as affected-docs finds it: the deepest
    of its folders that holds a manifest. The commit's trees are read down the path, one tree
    object a folder (listing the whole tree of every commit of a long history costs minutes;
    naming each folder's manifests by ``rev:folder/name`` made git walk down the path again
    for each, quadratic in a hostile path's depth)."""
    *folders, _ = path.split("/")
    names = [name.encode("utf-8", "surrogateescape") for name in manifests]
    hash_size = len(commit.sha) // 2
    entries = git.blobs.tree(f"{commit.sha}^{{tree}}", hash_size)
    deepest: int | None = None  # where the deepest folder holding a manifest ends in ``path``
    end = -1  # where the folder whose tree ``entries`` lists ends in ``path`` (-1: the top)
    for depth in range(len(folders) + 1):
        if entries is None:
            break
        # a file or a symlink of that name (as reading it by name finds one), no folder
        if any(entries.get(name, (TREE_MODE, ""))[0] not in (TREE_MODE, SUBMODULE_MODE)
               for name in names):
            deepest = max(end, 0)
        if depth == len(folders):
            break
        entry = entries.get(folders[depth].encode("utf-8", "surrogateescape"))
        if entry is None or entry[0] != TREE_MODE:
            break
        end += len(folders[depth]) + 1
        entries = git.blobs.tree(entry[1], hash_size)
    return package_of(path, frozenset() if deepest is None else frozenset({path[:deepest]}))


def is_case_source(git: Git, commit: LoggedCommit, path: str, config: Config) -> bool:
    """A source file affected-docs reads as code (:func:`is_code_file`), which it does not
    skip by its path: no Sphinx ``conf.py``, no script of a package's own ``scripts/``
    folder (mobx's ``scripts/publish.js``), no ``setup.py`` outside any package. A commit
    whose only code is skipped so is no case: its code-only commit lists nothing, and its
    pages counted as misses no rule could reach. Only such a path reads the commit's tree."""
    if not is_code_file(path, config) or is_docs_config(path):
        return False
    if "scripts" in path.split("/")[:-1] and is_package_script(
            path, _package_dir(git, commit, path, config.code.package_manifests)):
        return False
    return not is_build_script(path, Side("base", _reader(git, commit.parents[0])),
                               Side("head", _reader(git, commit.sha)))


def _reader(git: Git, rev: str) -> Callable[[str], bytes | None]:
    return lambda path: git.blobs.read(f"{rev}:{path}")


def _classify(git: Git, commit: LoggedCommit, config: Config, skipped: Counter[str],
              outside: list[set[str]]) -> _Candidate | None:
    if not commit.parents:  # a root commit has no parent to replay onto
        return None
    sources = [c for c in commit.changes if is_case_source(git, commit, c.path, config)]
    if not sources:
        return None
    pages = tuple(c for c in commit.changes if is_reference_candidate(c, config))
    if not pages:
        if globs := _outside_globs(commit, config):
            outside.append(globs)
        return None
    if len(commit.changes) > config.calibrate.max_files:
        skipped["mass_change"] += 1
        return None
    code = tuple(c for c in commit.changes if not is_docs_path(c.path, config.docs))
    languages = tuple(sorted({EXTENSIONS[s.path[s.path.rfind("."):]] for s in sources}))
    retired = tuple(sorted(c.path for c in commit.changes
                           if c.status == "D" and _is_hand_written(c.path, config)))
    return _Candidate(commit, code, languages, pages, retired)


def _blobs(candidate: _Candidate) -> list[str]:
    """The objects a case reads: both sides of each code file and reference page (a
    submodule entry names a commit of another repository, never in this object store)."""
    changes = candidate.code + candidate.pages
    pairs = [(c.new_blob, c.new_mode) for c in changes if c.status != "D"]
    pairs += [(c.old_blob, c.old_mode) for c in changes if c.status != "A"]
    return [sha for sha, mode in pairs if sha != NULL_SHA and mode != SUBMODULE_MODE]


CREDITS_TITLES = frozenset({"author", "authors", "contributors", "credits", "thanks",
                            "acknowledgements", "acknowledgments"})
"""Headings of a credits section (black's README ``## Authors``, until 2021), as
:func:`~govern.drift.docs.scanner.titled_spans` compares them: a contributor added there is
bookkeeping, no docs drift. Calibration only: affected-docs reads these sections as any other."""


def credits_sections(text: str, path: str) -> list[tuple[int, int]]:
    """The credits sections of a page; a page titled ``Authors`` is one whole. Each title is
    one word, so a page that writes none of them is not read line by line for headings."""
    folded = text.casefold()
    if not any(title in folded for title in CREDITS_TITLES):
        return []
    return titled_spans(text, path, CREDITS_TITLES, with_title=True)


@dataclass(frozen=True)
class SetAside:
    """A kind of section whose edit makes no reference page: the commits whose docs changed
    only there are skipped as ``{kind}_only``, and the run counts its pages as
    ``{kind}_pages``."""

    kind: str
    sections: Callable[[str, str], list[tuple[int, int]]]
    """The page's sections of this kind, (start, end) of each."""
    heading: str
    """What such a section is headed, as the reports say it."""
    why: str
    """Why an edit there is no docs drift."""


SET_ASIDE = (
    SetAside("release_notes", release_notes_sections, "a release-notes heading (## Change Log)",
             "no docs drift"),
    SetAside("credits", credits_sections,
             "a credits heading (## Authors), perhaps with release notes",
             "bookkeeping, no docs drift"),
)
"""The sections an edit confined to sets a page aside, each kind read with those before it
blanked: a page whose change log and authors list alone changed is set aside as ``credits``."""

SKIP_REASONS = {
    "mass_change": "changed more files than calibrate.max_files",
    "docs_cosmetic": "changed docs only in whitespace, link targets or bare markup lines",
    "code_comment_only": "changed code only in comments or spacing",
    "code_release_data_only": "changed code only in release data (a version string), "
                              "perhaps with comments",
    **{f"{aside.kind}_only": f"changed docs only under {aside.heading}" for aside in SET_ASIDE},
    "toctree_only": "changed docs only in toctree entries naming a page it deleted",
    "spelling_only": "changed docs only in the spelling of prose words (typo fixes)",
    "formatting_only": "changed docs only in Markdown syntax that renders the same "
                       "(a formatter's list and emphasis markers)",
}

_ASIDE_KINDS = (*(aside.kind for aside in SET_ASIDE), "toctree", "spelling", "formatting")
"""Every reason a page whose prose changed is no reference page, in the order a commit none
of whose pages is one is skipped by: the last kind that set one of its pages aside."""


def _prose_change(git: Git, page: RawChange, deleted: tuple[str, ...]) -> str | None:
    """How a page's prose changed: ``body``; ``formatting`` when only the Markdown syntax of
    a page did, not what it renders (:func:`canonical_markdown`); ``spelling`` when only the
    spelling of some words did (:func:`is_respelling`); the kind of :data:`SET_ASIDE` when
    every change lies in its sections or in those of a kind before it (black's README
    ``## Change Log``: release notes; its ``## Authors``: credits); ``toctree`` when, those
    blanked, only toctree entries naming a page of ``deleted`` are left; None when none
    did."""
    old, new = git.blobs.read(page.old_blob), git.blobs.read(page.new_blob)
    if old is None or new is None:
        return "body"
    before, after = old.decode("utf-8", "replace"), new.decode("utf-8", "replace")
    if parse_prose(before) == parse_prose(after):
        return None
    if is_markdown(page.path) and (parse_prose(canonical_markdown(before))
                                   == parse_prose(canonical_markdown(after))):
        return "formatting"
    if is_respelling(before, after):
        return "spelling"
    for aside in SET_ASIDE:
        spans_before = aside.sections(before, page.path)
        spans_after = aside.sections(after, page.path)
        if not spans_before and not spans_after:
            continue  # nothing of this kind on either side: blanking it changes nothing
        before, after = blank_sections(before, spans_before), blank_sections(after, spans_after)
        if parse_prose(before) == parse_prose(after):
            return aside.kind
    entries = [toctree_entries(text, page.path, deleted) for text in (before, after)]
    if not any(entries):  # nothing more to blank: the prose read above differs
        return "body"
    before, after = (blank_sections(text, spans)
                     for text, spans in zip((before, after), entries, strict=True))
    return "toctree" if parse_prose(before) == parse_prose(after) else "body"


def _reference(git: Git, pages: tuple[RawChange, ...], deleted: tuple[str, ...]
               ) -> tuple[tuple[str, ...], Counter[str]]:
    """The pages whose prose changed outside the sections set aside, and how many changed only
    in those, by kind; ``deleted``: the pages the commit deleted."""
    changes = [(page.path, _prose_change(git, page, deleted)) for page in pages]
    return (tuple(sorted(path for path, change in changes if change == "body")),
            Counter(change for _, change in changes if change not in (None, "body")))


def read_cases(git: Git, config: Config, rev: str, *, since: str | None, until: str | None,
               merges: bool, limit: int | None, seed: int | None) -> Selection:
    """The cases of ``rev``'s history in the date range: the ``limit`` newest, or with a
    ``seed`` a sample of ``limit`` drawn with it; newest first either way."""
    log = git.log_changes(rev, since, until, merges)
    skipped: Counter[str] = Counter({reason: 0 for reason in SKIP_REASONS})
    outside: list[set[str]] = []  # the globs of each commit with pages only outside the corpus
    candidates = [c for c in (_classify(git, commit, config, skipped, outside) for commit in log)
                  if c is not None]
    missing = git.missing_objects([sha for c in candidates for sha in _blobs(c)])
    cases: list[Case] = []
    unreadable: list[dict[str, str]] = []
    set_aside: Counter[str] = Counter()
    for candidate in candidates:
        lacking = sorted({sha for sha in _blobs(candidate) if sha in missing})
        if lacking:
            unreadable.append({"commit": candidate.commit.sha,
                               "reason": f"{len(lacking)} object(s) missing from this clone "
                                         f"(first {lacking[0]})"})
            continue
        reference, aside = _reference(git, candidate.pages, candidate.retired)
        set_aside += aside
        if not reference:
            # the last kind that set a page aside: it was read with those before it blanked
            skipped[next((f"{kind}_only" for kind in reversed(_ASIDE_KINDS) if aside[kind]),
                         "docs_cosmetic")] += 1
            continue
        commit = candidate.commit
        cases.append(Case(commit.sha, commit.parents[0], commit.stamp, candidate.code,
                          candidate.languages, reference, candidate.retired))
    return Selection(cases=sample_cases(cases, limit, seed), found=len(cases), commits=len(log),
                     skipped=dict(skipped), unreadable=unreadable,
                     outside_corpus=_by_commits(outside),
                     outside_commits=len(outside),
                     release_notes_pages=set_aside["release_notes"],
                     credits_pages=set_aside["credits"],
                     toctree_pages=set_aside["toctree"],
                     spelling_pages=set_aside["spelling"],
                     formatting_pages=set_aside["formatting"])


def _by_commits(outside: list[set[str]]) -> dict[str, int]:
    """Each glob with its commits, most first, ties by name: the same history gives the same
    order whatever the order sets iterate in."""
    counts = Counter(glob for globs in outside for glob in globs)
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def sample_cases(cases: list[Case], limit: int | None, seed: int | None) -> list[Case]:
    """``limit`` cases: the first (newest), or with a ``seed`` the ``limit`` whose draw keys
    are smallest, kept in newest-first order."""
    if limit is None or len(cases) <= limit:
        return list(cases)
    if seed is None:
        return cases[:limit]
    chosen = {case.sha for case in heapq.nsmallest(limit, cases,
                                                    key=lambda case: draw_key(seed, case.sha))}
    return [case for case in cases if case.sha in chosen]


def draw_key(seed: int, sha: str) -> bytes:
    """A case's place in the seeded draw, from the seed and its commit alone: a rule that adds
    or removes other cases leaves it where it was, so a case sampled before stays sampled
    unless a newcomer's key is smaller (a draw by position in the list reshuffled them all)."""
    return hashlib.sha256(f"{seed}:{sha}".encode()).digest()
