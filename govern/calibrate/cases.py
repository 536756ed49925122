"""Which commits of a repository's history are calibration cases, and which sample is measured
(docs/how-to/calibrate.md).

A case is a commit that changed at least one code file in scope and modified at least one
hand-written docs page, with fewer files than ``calibrate.max_files`` and a docs
change that is more than whitespace or link targets, outside a page's release-notes section.
The pages it changed are its reference set: what its authors really touched, a lower bound of
what the change affected.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from govern.config import Config
from govern.config.sections import in_fragment_folder
from govern.drift.anchors.extract import is_code_file
from govern.drift.anchors.syntax import EXTENSIONS
from govern.drift.docs.corpus import PAGE_SUFFIXES, is_docs_path
from govern.drift.docs.scanner import blank_sections, release_notes_sections
from govern.git.gitio import NULL_SHA, SUBMODULE_MODE, Git, LoggedCommit, RawChange
from govern.git.packages import is_test_file


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
    outside the corpus, by how many commits: where a corpus the configuration misses is."""
    release_notes_pages: int = 0
    """Pages changed in prose only under a release-notes heading (``## Change Log``), so in
    no reference set, counted over every commit read (those of a case and those skipped as
    ``release_notes_only``)."""


SKIP_REASONS = {
    "mass_change": "changed more files than calibrate.max_files",
    "docs_cosmetic": "changed docs only in whitespace or link targets",
    "release_notes_only": "changed docs only under a release-notes heading (## Change Log)",
}

# Link targets and bare URLs: a change to these alone is not a change the code asked for.
# Each pattern is a single pass over the text with bounded backtracking.
_LINK_TARGETS = (
    re.compile(r"\]\([^()\s]*(?:\s+\"[^\"\n]*\")?\)"),  # markdown [text](target "title")
    re.compile(r"^[ \t]*\[[^\]\n]+\]:[^\n]*$", re.M),   # markdown [label]: target
    re.compile(r"^[ \t]*\.\. _[^:\n]+:[^\n]*$", re.M),  # rst .. _label: target
    re.compile(r"<[^<>\s]+>(?=`_)"),                   # rst `text <target>`_
    re.compile(r"<?https?://[^\s<>)\]]*>?"),           # bare and autolinked URLs
)
_SPACE = re.compile(r"\s+")


def parse_prose(text: str) -> str:
    """A page's text without whitespace, link targets and URLs: two versions with the same
    prose differ only cosmetically."""
    for pattern in _LINK_TARGETS:
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


def _classify(commit: LoggedCommit, config: Config, skipped: Counter[str],
              outside: Counter[str]) -> _Candidate | None:
    sources = [c for c in commit.changes if is_code_file(c.path, config)]
    if not sources or not commit.parents:  # a root commit has no parent to replay onto
        return None
    pages = tuple(c for c in commit.changes if is_reference_candidate(c, config))
    if not pages:
        for glob in {f"{_folder(c.path)}/**/*{c.path[c.path.rfind('.'):]}"
                     for c in commit.changes if c.path.endswith(PAGE_SUFFIXES) and "/" in c.path
                     and not is_docs_path(c.path, config.docs) and not is_test_file(c.path)
                     and not in_fragment_folder(c.path)}:
            outside[glob] += 1
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


def _prose_change(git: Git, page: RawChange) -> str | None:
    """How a page's prose changed: ``body``, ``release_notes`` when every change lies in a
    release-notes section (black's README ``## Change Log``: release notes, no docs drift),
    None when none did."""
    old, new = git.blobs.read(page.old_blob), git.blobs.read(page.new_blob)
    if old is None or new is None:
        return "body"
    before, after = old.decode("utf-8", "replace"), new.decode("utf-8", "replace")
    if parse_prose(before) == parse_prose(after):
        return None
    notes_before = release_notes_sections(before, page.path)
    notes_after = release_notes_sections(after, page.path)
    if not notes_before and not notes_after:
        return "body"  # no release notes on either side: read once is enough
    kept_before, kept_after = (blank_sections(before, notes_before),
                               blank_sections(after, notes_after))
    return "release_notes" if parse_prose(kept_before) == parse_prose(kept_after) else "body"


def _reference(git: Git, pages: tuple[RawChange, ...]) -> tuple[tuple[str, ...], int]:
    """The pages whose prose changed outside release notes, and how many changed only in
    them."""
    changes = [(page.path, _prose_change(git, page)) for page in pages]
    return (tuple(sorted(path for path, change in changes if change == "body")),
            sum(change == "release_notes" for _, change in changes))


def read_cases(git: Git, config: Config, rev: str, *, since: str | None, until: str | None,
               merges: bool, limit: int | None, seed: int | None) -> Selection:
    """The cases of ``rev``'s history in the date range: the ``limit`` newest, or with a
    ``seed`` a sample of ``limit`` drawn with it; newest first either way."""
    log = git.log_changes(rev, since, until, merges)
    skipped: Counter[str] = Counter({reason: 0 for reason in SKIP_REASONS})
    outside: Counter[str] = Counter()
    candidates = [c for c in (_classify(commit, config, skipped, outside) for commit in log)
                  if c is not None]
    missing = git.missing_objects([sha for c in candidates for sha in _blobs(c)])
    cases: list[Case] = []
    unreadable: list[dict[str, str]] = []
    release_notes_pages = 0
    for candidate in candidates:
        lacking = sorted({sha for sha in _blobs(candidate) if sha in missing})
        if lacking:
            unreadable.append({"commit": candidate.commit.sha,
                               "reason": f"{len(lacking)} object(s) missing from this clone "
                                         f"(first {lacking[0]})"})
            continue
        reference, notes_only = _reference(git, candidate.pages)
        release_notes_pages += notes_only
        if not reference:
            skipped["release_notes_only" if notes_only else "docs_cosmetic"] += 1
            continue
        commit = candidate.commit
        cases.append(Case(commit.sha, commit.parents[0], commit.stamp, candidate.code,
                          candidate.languages, reference, candidate.retired))
    return Selection(cases=sample_cases(cases, limit, seed), found=len(cases), commits=len(log),
                     skipped=dict(skipped), unreadable=unreadable,
                     outside_corpus=dict(outside.most_common()),
                     release_notes_pages=release_notes_pages)


def sample_cases(cases: list[Case], limit: int | None, seed: int | None) -> list[Case]:
    """``limit`` cases: the first (newest), or a seeded draw kept in newest-first order."""
    if limit is None or len(cases) <= limit:
        return list(cases)
    if seed is None:
        return cases[:limit]
    chosen = set(random.Random(seed).sample(range(len(cases)), limit))
    return [case for i, case in enumerate(cases) if i in chosen]
