"""Everything that runs git: one run helper, named queries, and one long-lived blob reader.

Callers never build argv. Output is requested NUL-separated where git offers it and decoded
on purpose; user configuration that changes output (external diff, textconv, quoting) and
hook-inherited ``GIT_*`` variables are kept out so answers depend on the repository alone.
"""

from __future__ import annotations

import os
import re
import subprocess
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from govern.core.errors import (
    GitError,
    NoCommits,
    NoCommonHistory,
    NotJudged,
    NoWorkTree,
    ParentOfRoot,
    RevisionRange,
    ShallowClone,
    UnknownRef,
)
from govern.git.remedies import (
    RemoteConfig,
    deepen_remedy,
    fetch_remedy,
    parse_config_z,
    range_remedy,
)

NULL_SHA = "0" * 40
_PLAIN_REF = re.compile(r"[\w./-]++")
"""A name with no revision syntax (``^``, ``~``, ``:``, ``@{``): what git may read as a ref."""
_SHA_LIKE = re.compile(r"[0-9a-f]{4,40}+")
_FIRST_PARENT = re.compile(r"(.+?)(?:\^1?|~(\d{0,9}))")
"""A first-parent ancestor (``X^``, ``X^1``, ``X~``, ``X~3``): group 1 the commit, group 2 how
many generations up. Asked past the first commit, it names nothing, and says so."""
_FULL_SHA = re.compile(r"[0-9a-f]{40}")
_TREES_KEPT = 4
"""Tree listings kept per Git: enough for one run's head and merge base, and bounded for
``calibrate``, which lists a tree per replayed commit."""
SYMLINK_MODE = "120000"
SUBMODULE_MODE = "160000"
TREE_MODE = "040000"
"""A folder's mode, as ``ls-tree`` writes it (a raw tree object drops its leading zero)."""
ABSENT_MODE = "000000"
"""The mode ``git diff --raw`` gives the side of a change that has no file (added, deleted)."""

# Variables git exports to hooks that would point a nested git at the wrong repository.
_KEPT_GIT_VARS = {"GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSL_CAINFO",
                  "GIT_SSL_NO_VERIFY", "GIT_ASKPASS", "GIT_TERMINAL_PROMPT",
                  "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"}


def _grep_paths(out: bytes, rev: str) -> list[str]:
    prefix = f"{rev}:"
    return [entry.removeprefix(prefix) for entry in zsplit(out)]


class PendingGrep:
    """A ``git grep -l`` running in the background (:meth:`Git.start_grep_files`)."""

    def __init__(self, proc: subprocess.Popen[bytes], fallback: Callable[[], list[str]],
                 prefix: str) -> None:
        self._proc, self._fallback, self._prefix = proc, fallback, prefix
        self._done = False

    def batches(self) -> Iterator[list[str]]:
        """The matching paths as git finds them, a batch per read of its output, so the
        caller works on each batch while git greps the rest; then, from a git built without
        Perl regexes, the -E answer (a path may come twice)."""
        stdout = self._proc.stdout
        assert stdout is not None
        prefix, pending = self._prefix, b""
        while chunk := os.read(stdout.fileno(), 1 << 16):
            *found, pending = (pending + chunk).split(b"\0")
            if found:
                yield [entry.decode("utf-8", "surrogateescape").removeprefix(prefix)
                       for entry in found]
        self._proc.wait()
        self._done = True
        if self._proc.returncode not in (0, 1):
            yield self._fallback()

    def cancel(self) -> None:
        """Stop it unless its answer was already taken."""
        if self._done:
            return
        self._done = True
        if self._proc.poll() is None:
            self._proc.kill()
        self._proc.communicate()


class PendingOutput:
    """A git command running in the background, its output read when asked for."""

    def __init__(self, proc: subprocess.Popen[bytes], argv: list[str]) -> None:
        self._proc, self._argv = proc, argv
        self._out: bytes | None = None

    def _answer(self) -> bytes:
        if self._out is None:
            out, err = self._proc.communicate()
            if self._proc.returncode != 0:
                raise GitError(self._argv, self._proc.returncode,
                               err.decode("utf-8", "replace"))
            self._out = out
        return self._out

    def close(self) -> None:
        """Stop it unless its answer was already taken (the run failed first)."""
        if self._proc.returncode is None:
            self._proc.kill()
            self._proc.communicate()


class PendingStatus(PendingOutput):
    """A ``git status`` running in the background (:meth:`Git.start_is_dirty`)."""

    def dirty(self) -> bool:
        """Whether tracked files differ from HEAD; git's failure as :class:`GitError`."""
        return bool(self._answer().strip())

    def changed_paths(self) -> set[str]:
        """The tracked paths whose index entry or file differs from HEAD (modified, added,
        deleted, both sides of a rename); git's failure as :class:`GitError`."""
        paths: set[str] = set()
        records = iter(zsplit(self._answer()))
        for record in records:  # `XY path`, and after a rename or copy its origin
            paths.add(record[3:])
            if "R" in record[:2] or "C" in record[:2]:
                origin = next(records, None)
                if origin:
                    paths.add(origin)
        return paths


class PendingHunks(PendingOutput):
    """A ``git diff -U0`` running in the background (:meth:`Git.start_hunks`)."""

    def hunks(self) -> list[list[Hunk]]:
        """:meth:`Git.hunks`' answer; git's failure as :class:`GitError`.

        Sections pair with raw entries by position, which avoids parsing git's quoted path
        headers. Every raw entry yields one ``diff --git`` section but a type change (a file
        becoming a symlink or a submodule, or back), which git prints as the old file's
        deletion and then the new one's creation: the two are read back as one entry whose
        single hunk replaces every old line with every new one, as a modification that
        rewrote the whole file would read."""
        sections = re.split(rb"^diff --git ", self._answer(), flags=re.M)[1:]
        files: list[list[Hunk]] = []
        i = 0
        while i < len(sections):
            hunks = _section_hunks(sections[i])
            if i + 1 < len(sections) and _type_change_halves(sections[i], sections[i + 1]):
                hunks = _replacement(hunks, _section_hunks(sections[i + 1]))
                i += 1
            files.append(hunks)
            i += 1
        return files


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GIT_") or k in _KEPT_GIT_VARS or k.startswith("GIT_CONFIG_")}
    env["LC_ALL"] = "C"
    env["GIT_TERMINAL_PROMPT"] = "0"
    return env


def _utf8(data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def zsplit(data: bytes) -> list[str]:
    """Split NUL-separated git output into strings (paths are decoded with surrogateescape)."""
    text = data.decode("utf-8", "surrogateescape")
    parts = text.split("\0")
    return parts[:-1] if parts and parts[-1] == "" else parts


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class RawChange(NamedTuple):
    """One entry of ``git diff --raw``: a file's status, paths, modes and blob ids."""

    status: str
    """A, M, D, R, T (type change) or C."""
    path: str
    old_path: str | None
    old_mode: str
    new_mode: str
    old_blob: str
    new_blob: str


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class Hunk(NamedTuple):
    """A ``-U0`` hunk header: ranges of removed (old) and added (new) lines, 1-based."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int

    def old_lines(self) -> range:
        return range(self.old_start, self.old_start + self.old_count)

    def new_lines(self) -> range:
        return range(self.new_start, self.new_start + self.new_count)


class TreeEntry(NamedTuple):
    """One entry of ``git ls-tree``. A named tuple, not a frozen dataclass: a listing holds
    one per file of the tree, and a frozen dataclass's ``__init__`` took twice as long (10 ms
    for a 6,000-file tree, paid on every run)."""

    mode: str
    kind: str
    sha: str
    path: str


_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", re.M)


def _raw_changes(parts: list[str]) -> tuple[list[RawChange], int]:
    """The ``--raw -z`` entries at the start of ``parts``, and the index of the first field
    after them (where ``--numstat`` output goes on): an entry opens with a ``:`` field of
    modes, blob ids and status, which no count field does."""
    changes: list[RawChange] = []
    i = 0
    while i < len(parts) and parts[i].startswith(":"):
        old_mode, new_mode, old_blob, new_blob, status = parts[i].lstrip(":").split()[:5]
        letter = status[0]
        if letter in "RC":
            old_path, path = parts[i + 1], parts[i + 2]
            i += 3
        else:
            old_path, path = None, parts[i + 1]
            i += 2
        changes.append(RawChange(letter, path, old_path, old_mode, new_mode, old_blob,
                                 new_blob))
    return changes, i


def _section_hunks(section: bytes) -> list[Hunk]:
    return [Hunk(int(m[1]), int(m[2] if m[2] is not None else 1),
                 int(m[3]), int(m[4] if m[4] is not None else 1))
            for m in _HUNK.finditer(section)]


def _type_change_halves(first: bytes, second: bytes) -> bool:
    """Whether two consecutive ``diff --git`` sections are one type change's halves: the
    same header line, a deletion then a creation. One path is never both deleted and added
    otherwise (renames pair two paths, and govern asks for no broken rewrites)."""
    header, _, meta = first.partition(b"\n")
    other, _, other_meta = second.partition(b"\n")
    return (header == other and meta.startswith(b"deleted file mode ")
            and other_meta.startswith(b"new file mode "))


def _replacement(removed: list[Hunk], added: list[Hunk]) -> list[Hunk]:
    """A type change's deletion and creation hunks (each at most one, of the whole side; none
    for a binary or empty side) as one hunk replacing the old lines with the new."""
    if removed and added:
        return [Hunk(removed[0].old_start, removed[0].old_count,
                     added[0].new_start, added[0].new_count)]
    return removed + added


# Subcommands that move no ref: the commits refs name, memoised per Git, stay valid across
# them. Any other subcommand (commit, checkout, fetch, init…) drops the memo.
_REF_READERS = frozenset({
    "cat-file", "config", "diff", "for-each-ref", "grep", "log", "ls-files", "ls-tree",
    "merge-base", "merge-tree", "remote", "rev-list", "rev-parse", "status", "symbolic-ref"})


def _subcommand(args: Sequence[str]) -> str:
    """The git subcommand of ``args``, past ``-c name=value`` options."""
    at = 0
    while at < len(args) and args[at] == "-c":
        at += 2
    return args[at] if at < len(args) else ""


class Git:
    """A repository, addressed by its work-tree root; every method is one named query.

    A Git serves one command: the commit a ref names and the common directory are asked of
    git once (a run needs the head in several places), and forgotten when govern itself runs
    a subcommand that may move a ref."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._reader: BlobReader | None = None
        self._commits: dict[str, str | None] = {}
        self._common_dir: Path | None = None
        self._trees: dict[str, list[TreeEntry]] = {}
        self._attributes: dict[str, Path] = {}
        """Commit -> a scratch work tree holding only that commit's ``.gitattributes``."""
        self._scratch: Path | None = None
        self._git_dir = Path()
        """The absolute git directory, read with the first scratch work tree."""
        self._attributes_lock = threading.Lock()  # overlap merges batches on several threads

    # -- the one run helper -------------------------------------------------------------
    def run(self, *args: str, stdin: bytes | None = None, ok: tuple[int, ...] = (0,),
            remedy: str = "", env: Mapping[str, str] | None = None,
            attributes_of: str | None = None) -> bytes:
        status, out, err = self.run_status(*args, stdin=stdin, env=env,
                                           attributes_of=attributes_of)
        if status not in ok:
            raise GitError(["git", *args], status, err.decode("utf-8", "replace"), remedy=remedy)
        return out

    def run_status(self, *args: str, stdin: bytes | None = None,
                   env: Mapping[str, str] | None = None,
                   attributes_of: str | None = None) -> tuple[int, bytes, bytes]:
        """Run git where the exit status is an answer, not a failure. ``env`` adds variables
        govern sets on purpose (a private index file, a fixed identity) to the clean ones.
        ``attributes_of`` names the commit whose ``.gitattributes`` apply, instead of the
        work tree's (see :meth:`changed_lines`)."""
        proc = subprocess.run(self._argv(args, attributes_of), input=stdin,
                              capture_output=True, env={**_clean_env(), **(env or {})})
        return proc.returncode, proc.stdout, proc.stderr

    def _start(self, *args: str, attributes_of: str | None = None) -> subprocess.Popen[bytes]:
        """git running ``args`` in the background, its output piped back."""
        return subprocess.Popen(self._argv(args, attributes_of), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=_clean_env())

    def _argv(self, args: Sequence[str], attributes_of: str | None) -> list[str]:
        if _subcommand(args) not in _REF_READERS:
            self._commits.clear()
        if attributes_of is None:
            return ["git", "-C", str(self.root), "-c", "core.quotepath=off", *args]
        place, git_dir = self._attributes_place(attributes_of)
        return ["git", "-C", str(place), f"--git-dir={git_dir}",
                f"--work-tree={place}", "-c", "core.quotepath=off", *args]

    # -- refs ---------------------------------------------------------------------------
    def resolve_commit(self, ref: str) -> str:
        """The commit sha ``ref`` names, or why it names none (``unknown_ref``); not judged when
        a plain name names refs at different commits (:meth:`_named_commit`)."""
        sha = self._commit_sha(ref)
        if sha is None:
            raise self.unknown_ref(ref)
        return sha

    def has_commit(self, ref: str) -> bool:
        return self._commit_sha(ref) is not None

    def _commit_sha(self, ref: str) -> str | None:
        if ref not in self._commits:
            sha = self._named_commit(ref) if _PLAIN_REF.fullmatch(ref) and ref != "HEAD" \
                and not ref.startswith("refs/") and not _SHA_LIKE.fullmatch(ref) else None
            if sha is None:  # revision syntax, a sha, a full refname, or no ref of that name
                status, out, _ = self.run_status("rev-parse", "--verify", "--quiet",
                                                 "--end-of-options", f"{ref}^{{commit}}")
                sha = out.decode().strip() if status == 0 and out.strip() else None
            self._commits[ref] = sha
        return self._commits[ref]

    def _named_commit(self, name: str) -> str | None:
        """The commit a plain name names through the refs git would read it as:
        ``refs/<name>``, ``refs/tags/<name>``, ``refs/heads/<name>``, ``refs/remotes/<name>``,
        ``refs/remotes/<name>/HEAD``, the first found winning. A tag named ``origin/main``
        (anyone who can push may create one) would so win over the branch: where these refs
        lead to different commits, the run is not judged rather than guess. None when no such
        ref exists, or it names no commit (git's own reading then decides)."""
        names = [f"refs/{name}", f"refs/tags/{name}", f"refs/heads/{name}",
                 f"refs/remotes/{name}", f"refs/remotes/{name}/HEAD"]
        out = self.run("for-each-ref", "--format=%(refname)%00%(objecttype)%00%(objectname)"
                       "%00%(*objecttype)%00%(*objectname)", "--", *names)
        found: dict[str, str | None] = {}
        for line in out.decode("utf-8", "surrogateescape").splitlines():
            ref, kind, sha, peeled_kind, peeled = line.split("\0")
            if ref in names:  # not a ref below one of these names (`refs/heads/main/x`)
                kind, sha = (peeled_kind, peeled) if peeled_kind else (kind, sha)
                found[ref] = sha if kind == "commit" else None
        if len(set(found.values())) > 1:
            full = sorted(found, key=names.index)
            raise NotJudged(f"{name!r} names more than one ref, at different commits: "
                            f"{', '.join(full)}",
                            remedy=f"name the one you mean in full, e.g. `{full[-1]}`")
        return next(iter(found.values()), None)

    def unknown_ref(self, ref: str) -> NotJudged:
        """Why ``ref`` names no commit, with the fix: a range where one commit belongs, a
        repository without commits, or a ref to fetch from the remote that has it."""
        remedy = range_remedy(ref)
        if remedy is not None:
            return RevisionRange(ref, remedy)
        # a broken ref elsewhere (one naming a missing object) fails this listing: the
        # answer is then about ``ref``, never git's `fatal:` about another ref
        status, out, _ = self.run_status("rev-list", "-n", "1", "--all")
        if status == 0 and not out.strip():
            return NoCommits()
        ancestor = _FIRST_PARENT.fullmatch(ref)
        start = self._commit_sha(ancestor.group(1)) if ancestor is not None else None
        if ancestor is not None and start is not None and not self.is_shallow():
            # as many generations up as the first-parent history holds commits, or more:
            # past the first commit (``main~3`` of a two-commit history); a shallow clone's
            # last commit is only where its history was cut, so there the fix is to fetch
            up = int(ancestor.group(2) or 1)
            history = self.run("rev-list", "--first-parent", "--max-count", str(up + 1),
                               start).split()
            if up >= len(history) > 0:
                return ParentOfRoot(ref, history[-1].decode())
        return UnknownRef(ref, fetch_remedy(ref, self.remote_config()))

    def remote_config(self, commits: Sequence[str] = ()) -> RemoteConfig:
        """The remotes and their ``branch.*``/``remote.*`` configuration, the checked-out
        branch, and the branches at ``commits``: what a remedy needs to name a real remote."""
        config = parse_config_z(self.run("config", "-z", "--get-regexp", r"^(branch|remote)\.",
                                         ok=(0, 1)).decode("utf-8", "replace"))
        status, current, _ = self.run_status("symbolic-ref", "-q", "--short", "HEAD")
        tips: dict[str, list[str]] = {}
        if commits:
            refs = self.run("for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/",
                            "refs/remotes/").decode("utf-8", "replace")
            for line in refs.splitlines():
                sha, _, name = line.partition(" ")
                if sha in commits:
                    tips.setdefault(sha, []).append(name)
        return RemoteConfig(
            remotes=tuple(self.run("remote").decode("utf-8", "replace").split()),
            config=config,
            current_branch=current.decode("utf-8", "replace").strip() if status == 0 else None,
            tips={sha: tuple(names) for sha, names in tips.items()},
        )

    def is_shallow(self) -> bool:
        return self.run("rev-parse", "--is-shallow-repository").strip() == b"true"

    def merge_bases(self, base: str, head: str) -> list[str]:
        """All merge bases of two commits; ShallowClone or NoCommonHistory when there is none."""
        status, out, err = self.run_status("merge-base", "--all", base, head)
        if status == 0 and out.strip():
            return out.decode().split()
        if status not in (0, 1):
            raise GitError(["git", "merge-base", "--all", base, head], status,
                           err.decode("utf-8", "replace"))
        if self.is_shallow():
            commits = [self.resolve_commit(base), self.resolve_commit(head)]
            raise ShallowClone(base, head, deepen_remedy(commits, self.remote_config(commits)))
        raise NoCommonHistory(base, head)

    def parents(self, commit: str) -> list[str]:
        """The parents ``commit`` records, read from its object through the run's batch
        reader (no process of its own): in a shallow clone too, a merge commit's two."""
        found = self.blobs.read(commit, kind="commit")
        if found is None:
            raise self.unknown_ref(commit)
        header = found.partition(b"\n\n")[0]
        return [line[7:].decode("ascii") for line in header.split(b"\n")
                if line.startswith(b"parent ")]

    def is_dirty(self) -> bool:
        return self.start_is_dirty().dirty()

    def start_is_dirty(self) -> PendingStatus:
        """:meth:`is_dirty` started in the background: ``git status`` reads the whole work
        tree, which a run need not wait for before its other work."""
        args = ["status", "--porcelain", "-z", "--untracked-files=no"]
        return PendingStatus(self._start(*args), ["git", *args])

    def _attributes_place(self, rev: str) -> tuple[Path, Path]:
        """A scratch work tree holding ``rev``'s ``.gitattributes`` files and nothing else, and
        the git directory to run there: git reads attributes from the work tree, so a diff run
        there judges each file as ``rev`` declares it (and as ``$GIT_DIR/info/attributes``
        does), not as the checkout does. Made once per commit, under a lock: overlap merges
        its batches on several threads."""
        with self._attributes_lock:
            if rev not in self._attributes:
                import tempfile  # only the gates and overlap read attributes at a commit

                from govern.core.scratch import signals_held

                if self._scratch is None:
                    with signals_held():  # recorded before an interrupt, so close finds it
                        self._scratch = Path(tempfile.mkdtemp(prefix="govern-attributes-"))
                    self._git_dir = Path(
                        self.run("rev-parse", "--absolute-git-dir").decode().strip())
                place = self._scratch / str(len(self._attributes))
                place.mkdir()
                for entry in self.ls_tree(rev):
                    if entry.mode not in ("100644", "100755") \
                            or entry.path.rpartition("/")[2] != ".gitattributes" \
                            or {"", ".", "..", ".git"} & set(entry.path.split("/")):
                        continue
                    target = place / entry.path
                    try:  # read apart from the shared blob reader, which one thread talks to
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(self.run("cat-file", "blob", entry.sha))
                    except OSError:  # a folder name longer than the file system takes: its
                        continue  # files are diffed as text, which counts more, never less
                self._attributes[rev] = place
            return self._attributes[rev], self._git_dir

    def common_dir(self) -> Path:
        if self._common_dir is None:
            path = Path(self.run("rev-parse", "--git-common-dir").decode().strip())
            self._common_dir = path if path.is_absolute() else self.root / path
        return self._common_dir

    def toplevel(self) -> Path:
        status, out, _ = self.run_status("rev-parse", "--show-toplevel")
        if status == 0:
            return Path(out.decode().strip())
        status, out, _ = self.run_status("rev-parse", "--is-bare-repository",
                                         "--is-inside-git-dir")
        if status == 0:  # a repository, but no work tree here
            raise NoWorkTree(str(self.root), bare=out.split()[0] == b"true")
        raise NotJudged(f"{self.root} is not inside a git repository",
                        remedy="run govern from a git checkout, or pass --repo-dir")

    # -- diffs --------------------------------------------------------------------------
    def _diff_args(self) -> tuple[str, ...]:
        return ("diff", "--no-ext-diff", "--no-textconv", "--no-color", "-M",
                "--ignore-submodules=none")

    def changed_files(self, base: str, head: str) -> list[RawChange]:
        """Files that differ between two commits, renames detected, in git's order."""
        return _raw_changes(zsplit(self.run(*self._diff_args(), "--raw", "-z", "--abbrev=40",
                                            base, head, "--")))[0]

    def hunks(self, base: str, head: str,
              attributes_of: str | None = None) -> list[list[Hunk]]:
        """``-U0`` hunks per changed file, in the same order as :meth:`changed_files`; with
        ``attributes_of``, files are judged binary by that commit's ``.gitattributes`` rather
        than the checkout's (see :meth:`changed_lines`: a binary file has no lines to read)."""
        pending = self.start_hunks(base, head, attributes_of)
        try:
            return pending.hunks()
        finally:
            pending.close()

    def start_hunks(self, base: str, head: str,
                    attributes_of: str | None = None) -> PendingHunks:
        """:meth:`hunks` started in the background: git diffs the files on another core while
        the caller reads its caches (a pipe's buffer of output, 64 kB on Linux, before the
        caller reads it)."""
        args = [*self._diff_args(), "-U0", base, head, "--"]
        return PendingHunks(self._start(*args, attributes_of=attributes_of), ["git", *args])

    def grep_files(self, rev: str, pattern: str, pathspecs: tuple[str, ...]) -> list[str]:
        """Paths at ``rev`` whose content matches an extended regex: one git process for the
        whole tree, however many files (exit 1 just means no match)."""
        out = self.run("grep", "-l", "-z", "-I", "-E", "-e", pattern, rev, "--", *pathspecs,
                       ok=(0, 1))
        return _grep_paths(out, rev)

    def grep_words(self, rev: str, words: Sequence[str], pathspecs: tuple[str, ...],
                   work_tree: bool = False, whole: bool = True) -> list[str]:
        """Paths at ``rev`` holding one of ``words`` as a whole word (or anywhere, not
        ``whole``): one fixed-string git grep, many times faster than a regex of
        alternatives. ``work_tree`` greps the files on disk instead, for a caller that knows
        they hold ``rev`` (:meth:`checkout_of`) and reads each path's text at ``rev`` after
        (exit 1 just means no match)."""
        options = [part for word in words for part in ("-e", word)]
        target = () if work_tree else (rev,)
        out = self.run("grep", "-l", "-z", "-I", "-F", *(("-w",) if whole else ()), *options,
                       *target, "--", *pathspecs, ok=(0, 1))
        return zsplit(out) if work_tree else _grep_paths(out, rev)

    def start_grep_files(self, rev: str, pattern: str, pathspecs: tuple[str, ...],
                         perl: Sequence[str] = (), work_tree: bool = False) -> PendingGrep:
        """:meth:`grep_files` started in the background, so git inflates the tree's blobs on
        another core while the caller works. It runs the ``perl`` patterns (a line matching
        any of them matches; none given: ``pattern``, which must then read the same as a Perl
        regex) with Perl's engine, which git runs two to three times faster than the extended
        one, and a lookbehind faster still.

        ``work_tree`` greps the tracked files on disk instead, for a caller that knows they
        hold ``rev`` (:meth:`checkout_of`) but for the paths ``git status`` lists: reading
        files costs git a third of the CPU of inflating the same blobs."""
        target = () if work_tree else (rev,)
        options = [part for regex in (perl or (pattern,)) for part in ("-e", regex)]
        argv = ["git", "-C", str(self.root), "-c", "core.quotepath=off", "grep", "-l", "-z",
                "-I", "-P", *options, *target, "--", *pathspecs]
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                env=_clean_env())
        return PendingGrep(proc, lambda: self.grep_files(rev, pattern, pathspecs),
                           "" if work_tree else f"{rev}:")

    def checkout_of(self, rev: str) -> bool:
        """Whether the work tree is a checkout of commit ``rev``: HEAD is ``rev`` and git
        reads every index entry's file (none skip-worktree as in a sparse checkout,
        assume-unchanged or unmerged). Files changed since are what ``git status`` lists."""
        if self._commit_sha("HEAD") != rev:
            return False
        status, out, _ = self.run_status("ls-files", "-v", "-z")
        records = zsplit(out)
        # An empty index (a bare repository, a cleared one) holds no checkout to read.
        return status == 0 and bool(records) and all(r.startswith("H ") for r in records)

    # -- writing (the demo builds its example repository) -------------------------------
    def init(self, branch: str = "main") -> None:
        self.run("init", "-q", "-b", branch)

    def commit_all(self, message: str) -> str:
        """Stage everything and commit as a fixed identity; the new commit's sha."""
        self.run("add", "-A")
        self.run("-c", "user.name=govern demo", "-c", "user.email=demo@example.invalid",
                 "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", message)
        return self.resolve_commit("HEAD")

    def create_branch(self, name: str) -> None:
        self.run("checkout", "-q", "-b", name)

    # -- trees and blobs ----------------------------------------------------------------
    def ls_tree(self, rev: str) -> list[TreeEntry]:
        """Every entry of a commit's tree, recursively (blobs, symlinks and submodules). The
        listings of the last few commits named by sha are kept (a gate reads the merge base's
        for its changesets, its manifests and its attributes): callers do not change them."""
        held = self._trees.get(rev)
        if held is not None:
            return held
        entries = []
        for record in zsplit(self.run("ls-tree", "-r", "-z", "--full-tree", rev)):
            meta, path = record.split("\t", 1)
            mode, kind, sha = meta.split()
            entries.append(TreeEntry(mode, kind, sha, path))
        if _FULL_SHA.fullmatch(rev):  # a ref may move; a commit's tree does not
            self._trees[rev] = entries
            if len(self._trees) > _TREES_KEPT:
                del self._trees[next(iter(self._trees))]
        return entries

    @property
    def blobs(self) -> BlobReader:
        if self._reader is None:
            self._reader = BlobReader(self)
        return self._reader

    def read_text(self, rev: str, path: str) -> str | None:
        """A file's text at a commit, or None if absent (or not UTF-8)."""
        return _utf8(self.blobs.read(f"{rev}:{path}"))

    def read_texts(self, blobs: Sequence[str]) -> dict[str, str | None]:
        """The text of each blob, named by its id, from one exchange with git; None for one
        absent or not UTF-8. An id is found at once, where a ``rev:path`` name makes git
        scan each folder on the path entry by entry: reading each file of a folder of
        thousands that way is quadratic."""
        return {blob: _utf8(data) for blob, data in self.blobs.read_many(list(blobs)).items()}

    def close(self) -> None:
        """End the ``git cat-file --batch`` process, if one was started, and remove the scratch
        work trees of attributes (idempotent)."""
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        if self._scratch is not None:
            import shutil

            from govern.core.scratch import signals_held

            with signals_held():
                shutil.rmtree(self._scratch, ignore_errors=True)
                self._scratch = None
            self._attributes.clear()

    def __enter__(self) -> Git:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- PR overlap (docs/how-to/overlap.md): batched merges, commits behind, pull-request heads
    def merge_tree_batch(self, pairs: Sequence[tuple[str, str]],
                         attributes_of: str | None = None) -> list[str]:
        """Merge each ``(a, b)`` pair of commit shas in one ``git merge-tree --stdin`` run,
        with the merge attributes of ``attributes_of`` rather than the checkout's (a PR's
        checkout declaring `merge=union` would merge its clash with another PR clean).

        Returns the NUL-separated output split into fields (git 2.39 layout, per merge:
        status, tree, conflicted paths, an empty field, message records, an empty field);
        ``govern.overlap.parse_merge_tree`` reads them. Callers resolve every ref first:
        git stops the whole batch on an unknown ref or unrelated histories.
        """
        if not pairs:
            return []
        lines = "".join(f"{a} {b}\n" for a, b in pairs).encode()
        # Pinned so hunks hold exactly two sides whatever the user set (diff3/zdiff3 add a
        # third). `--merge-base` is 2.40+, so each line is `<a> <b>` and git finds the base.
        args = ("-c", "merge.conflictStyle=merge", "merge-tree", "--write-tree", "-z",
                "--name-only", "--messages", "--stdin")
        status, out, err = self.run_status(*args, stdin=lines, attributes_of=attributes_of)
        if status != 0:
            # With --stdin a conflict is not an exit status, so this is a merge that could
            # not run: name the pair when it has no merge base, else report git's words.
            for a, b in pairs:
                self.merge_bases(a, b)
            raise GitError(["git", *args], status, err.decode("utf-8", "replace"),
                           remedy="fetch the missing objects (`git fetch origin`) and check "
                                  "the repository with `git fsck`")
        return zsplit(out)

    def resolve_commits(self, refs: Sequence[str]) -> list[str]:
        """The commit sha each ref names, from one ``git cat-file --batch-check`` run (a
        matrix of 100 PRs would otherwise start 100 rev-parse processes); UnknownRef names
        the first ref that does not name a commit."""
        for ref in refs:
            if "\n" in ref:  # one name per line: a newline cannot be asked about
                raise self.unknown_ref(ref)
        names = "".join(f"{ref}^{{commit}}\n" for ref in refs).encode("utf-8", "surrogateescape")
        out = self.run("cat-file", "--batch-check=%(objectname) %(objecttype)", stdin=names)
        shas = []
        for ref, line in zip(refs, out.decode("utf-8", "replace").splitlines(), strict=True):
            sha, _, kind = line.partition(" ")
            if kind != "commit":  # `<name> missing` or `<name> ambiguous`
                raise self.unknown_ref(ref)
            shas.append(sha)
        return shas

    def count_commits(self, since: str, until: str) -> int:
        """How many commits ``until`` has that ``since`` lacks (``rev-list --count``)."""
        return int(self.run("rev-list", "--count", f"{since}..{until}", "--"))

    # -- gates (docs/how-to/gates.md): commit ranges, line counts for size
    def commit_messages(self, since: str | None, until: str) -> list[tuple[str, str]]:
        """``(sha, raw message)`` of each commit ``until`` has that ``since`` lacks, newest
        first; every ancestor of ``until`` when ``since`` is None. Callers pass resolved shas.
        """
        span = f"{since}..{until}" if since else until
        shas = self.run("rev-list", span, "--").decode().split()
        # The message as the commit object holds it, not `git log`'s %B: that re-encodes it
        # from the commit's `encoding` header (an ASCII `Fixes #12` under `encoding IBM037`
        # comes out as other characters) and stops at a NUL byte, so a commit could show a
        # line that the gate never read. Decoded with replacement, not surrogateescape:
        # messages are quoted in findings and JSON, where a lone surrogate could not be printed.
        objects = self.blobs.read_many(shas, kind="commit")
        return [(sha, (objects.get(sha) or b"").partition(b"\n\n")[2].decode("utf-8", "replace"))
                for sha in shas]

    def changed_lines(self, base: str, head: str
                      ) -> list[tuple[RawChange, int | None, int | None]]:
        """``(change, added, deleted)`` per changed file, renames detected: the raw entry
        (blob ids, for a caller reading the file itself) and its lines, None for a file git
        reads as binary (it reports ``-``). One diff prints both, every raw entry and then
        every count in the same order, so they pair by position. Files are judged binary by
        ``base``'s ``.gitattributes``, not the checkout's: those are the PR's, and a PR marking
        its own files ``-diff`` would have its lines counted as none."""
        parts = zsplit(self.run(*self._diff_args(), "--raw", "--numstat", "-z", "--abbrev=40",
                                base, head, "--", attributes_of=base))
        changes, i = _raw_changes(parts)
        lines: list[tuple[RawChange, int | None, int | None]] = []
        for change in changes:
            added, deleted, path = parts[i].split("\t", 2)
            # a rename's old and new paths follow as their own fields
            i += 1 if path else 3
            lines.append((change, int(added) if added != "-" else None,
                          int(deleted) if deleted != "-" else None))
        return lines

    # -- remotes (shell mode and overlap --github fetch PR heads) -------------------------
    def remote_url(self, remote: str) -> str | None:
        """The fetch URL configured for ``remote``; None when it has none."""
        out = self.run("config", "--get", f"remote.{remote}.url", ok=(0, 1))
        return out.decode("utf-8", "replace").strip() or None

    def fetch(self, remote: str, refspecs: Sequence[str], remedy: str = "") -> None:
        """Fetch ``refspecs`` (``+refs/pull/7/head:refs/remotes/origin/pr/7``) from ``remote``
        in one run, without tags. A refspec the remote lacks fails the whole fetch."""
        # --end-of-options: a remote named like an option (`--upload-pack=…`) stays a name.
        self.run("fetch", "--quiet", "--no-tags", "--end-of-options", remote, *refspecs,
                 remedy=remedy)


    # -- calibrate (docs/how-to/calibrate.md): history with its changes, replayed commits
    def log_changes(self, rev: str, since: str | None, until: str | None,
                    merges: bool) -> list[LoggedCommit]:
        """Each commit of ``rev``'s history with the files it changed, newest first: the
        non-merge commits, or (``merges``) the first-parent merges with their diff against
        the first parent. Renames are a delete and an add, as a tree sees them."""
        span = ("--merges", "--first-parent", "--diff-merges=first-parent") if merges else (
            "--no-merges",)
        dates = tuple(f"--{name}={value}" for name, value in (("since", since), ("until", until))
                      if value)
        out = self.run("log", "-z", "--raw", "--no-renames", "--abbrev=40", "--no-abbrev-commit",
                       "--format=@%H %ct %P", *span, *dates, "--end-of-options", rev, "--")
        commits: list[LoggedCommit] = []
        parts = zsplit(out)
        i = 0
        while i < len(parts):
            field = parts[i].lstrip("\n")
            i += 1
            if field.startswith("@"):
                sha, stamp, *parents = field[1:].split()
                commits.append(LoggedCommit(sha, parents, int(stamp), []))
            elif field.startswith(":") and commits:
                old_mode, new_mode, old_blob, new_blob, status = field[1:].split()[:5]
                commits[-1].changes.append(RawChange(status[0], parts[i], None, old_mode,
                                                     new_mode, old_blob, new_blob))
                i += 1
        return commits

    def missing_objects(self, names: Sequence[str]) -> set[str]:
        """Which of these object ids the object store lacks (a partial or damaged clone),
        from one ``git cat-file --batch-check`` run."""
        wanted = [name for name in dict.fromkeys(names) if name and name != NULL_SHA]
        if not wanted:
            return set()
        out = self.run("cat-file", "--batch-check=%(objectname)",
                       stdin="".join(f"{name}\n" for name in wanted).encode())
        lines = out.decode("utf-8", "replace").splitlines()
        return {name for name, line in zip(wanted, lines, strict=True)
                if line.endswith(" missing")}

    def commit_tree_with(self, parent: str, entries: Sequence[tuple[str, str, str]],
                         message: str, stamp: int) -> str:
        """A commit whose tree is ``parent``'s with ``(mode, blob, path)`` entries written
        (mode ``0`` deletes the path), built through a private index file: no ref is written
        and the work tree and the user's index are never touched. Identity and dates are
        fixed, so the same inputs give the same commit id."""
        # with tempfile, shutil and random, ~5 ms of import most runs never use
        from govern.core.scratch import scratch_folder

        with scratch_folder("govern-index-") as scratch:
            env = {"GIT_INDEX_FILE": str(scratch / "index")}
            self.run("read-tree", "--end-of-options", parent, env=env)
            records = "".join(f"{mode} {blob if mode != '0' else NULL_SHA}\t{path}\0"
                              for mode, blob, path in entries)
            self.run("update-index", "-z", "--index-info",
                     stdin=records.encode("utf-8", "surrogateescape"), env=env)
            # a tree may name blobs this clone lacks (a partial clone): they are never read
            tree = self.run("write-tree", "--missing-ok", env=env).decode().strip()
        return self._commit_tree(tree, parent, message, "calibrate", stamp)

    def _commit_tree(self, tree: str, parent: str, message: str, who: str, stamp: int) -> str:
        identity = {f"GIT_{role}_{what}": value for role in ("AUTHOR", "COMMITTER")
                    for what, value in (("NAME", f"govern {who}"),
                                        ("EMAIL", f"{who}@example.invalid"),
                                        ("DATE", f"@{stamp} +0000"))}
        return self.run("commit-tree", "--no-gpg-sign", tree, "-p", parent,
                        stdin=message.encode(),
                        env=identity).decode().strip()

    def snapshot(self, parent: str, source: str) -> str:
        """A commit on ``parent`` of what is staged (``source`` ``"index"``) or of the work tree
        (``"worktree"``: tracked and untracked files as ``git add -A`` stages them, ignored ones
        left out), so affected-docs reads uncommitted work the way it reads a commit. Written
        to the object store only: no ref, and the user's index untouched (the work tree is
        staged into a private copy of it). Fixed identity and date: the same content gives the
        same commit."""
        remedy = "resolve the merge conflicts first (git status lists them)"
        if source == "index":
            tree = self.run("write-tree", remedy=remedy).decode().strip()
            return self._commit_tree(tree, parent, "govern: the index", "snapshot", 0)
        import shutil

        from govern.core.scratch import scratch_folder

        with scratch_folder("govern-index-") as scratch:
            private = scratch / "index"
            real = self.root / self.run("rev-parse", "--git-path", "index").decode().strip()
            env = {"GIT_INDEX_FILE": str(private)}
            if real.is_file():  # its stat cache spares hashing unchanged files again
                shutil.copyfile(real, private)
            else:
                self.run("read-tree", "--end-of-options", parent, env=env)
            self.run("add", "-A", "--", ".", env=env)
            tree = self.run("write-tree", env=env, remedy=remedy).decode().strip()
        return self._commit_tree(tree, parent, "govern: the work tree", "snapshot", 0)

    def uncommitted(self) -> list[str]:
        """Paths whose index or work tree content differs from HEAD, untracked ones included
        (ignored ones not), from one ``git status``."""
        records = zsplit(self.run("status", "--porcelain=v1", "-z", "--untracked-files=all"))
        paths, skip = [], False
        for record in records:
            if skip:  # a rename's or copy's original path
                skip = False
                continue
            paths.append(record[3:])
            skip = "R" in record[:2] or "C" in record[:2]
        return paths


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class LoggedCommit(NamedTuple):
    """A commit of :meth:`Git.log_changes`: its parents, commit time and changed files."""

    sha: str
    parents: list[str]
    stamp: int
    """Committer time, seconds since the epoch."""
    changes: list[RawChange]


class BlobReader:
    """Objects by name through one ``git cat-file --batch`` process for the whole run."""

    def __init__(self, git: Git) -> None:
        self._git = git
        self._argv = ["git", "-C", str(git.root), "cat-file", "--batch"]
        self._proc = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=_clean_env())

    def read(self, name: str, kind: str = "blob") -> bytes | None:
        """The bytes of the object of type ``kind`` (a file's, by default) so named, or None
        when there is none: ``rev:path`` naming a folder is a tree, no file to read."""
        if "\n" in name:  # the batch reads one name a line: a path with a newline goes alone
            status, out, _ = self._git.run_status("cat-file", kind, name)
            return out if status == 0 else None
        assert self._proc.stdin is not None
        self._proc.stdin.write(name.encode("utf-8", "surrogateescape") + b"\n")
        self._proc.stdin.flush()
        return self._answer(kind)

    def _answer(self, kind: str = "blob") -> bytes | None:
        assert self._proc.stdout is not None
        header = self._proc.stdout.readline()
        if not header or header.endswith(b" missing\n") or header.endswith(b" ambiguous\n"):
            return None
        _, found, size = header.split()
        data = self._proc.stdout.read(int(size))
        self._proc.stdout.read(1)  # the LF that ends every object
        return data if found.decode("ascii", "replace") == kind else None

    def tree(self, name: str, hash_size: int) -> dict[bytes, tuple[str, str]] | None:
        """The entries of the tree object so named (``rev^{tree}``, a folder's object id), each
        name -> (mode, object id in hex), or None when there is none: one object, where
        ``ls-tree`` of a path lists every tree down to it. ``hash_size`` is the repository's
        object ids' length in bytes (20, or 32 under SHA-256), which a raw tree writes
        unencoded."""
        data = self.read(name, "tree")
        if data is None:
            return None
        entries: dict[bytes, tuple[str, str]] = {}
        at = 0
        while at < len(data):
            space = data.index(b" ", at)
            nul = data.index(b"\0", space)
            mode = data[at:space].decode("ascii", "replace").rjust(6, "0")
            entries[data[space + 1:nul]] = (mode, data[nul + 1:nul + 1 + hash_size].hex())
            at = nul + 1 + hash_size
        return entries

    def read_many(self, names: list[str], kind: str = "blob") -> dict[str, bytes | None]:
        """Many objects of type ``kind`` in one exchange: the requests are written by a thread
        while the answers are read in order, so a run reading a whole corpus waits on git once
        rather than once a page (and git never blocks on a full pipe)."""
        import threading

        wanted = [name for name in dict.fromkeys(names) if "\n" not in name]
        stdin = self._proc.stdin
        assert stdin is not None
        request = b"".join(name.encode("utf-8", "surrogateescape") + b"\n" for name in wanted)

        def send() -> None:
            stdin.write(request)
            stdin.flush()

        writer = threading.Thread(target=send, daemon=True)
        writer.start()
        try:
            found = {name: self._answer(kind) for name in wanted}
        except BaseException:
            # Interrupted (Ctrl-C) with answers unread: this process is out of step, so the
            # next read starts a fresh one rather than take a stale answer for its own.
            self._proc.kill()
            writer.join()
            self._proc.wait()
            self._proc = self._start()
            raise
        writer.join()
        return {name: found.get(name) for name in names}

    def close(self) -> None:
        # both pipes: git ends at its input's end, and an answer left unread (an interrupted
        # read_many) goes nowhere once its pipe is shut
        for pipe in (self._proc.stdin, self._proc.stdout):
            if pipe:
                pipe.close()
        self._proc.wait()
