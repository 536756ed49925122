"""Tiny builders for real git repositories in temporary folders."""

from __future__ import annotations

import subprocess
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from govern.git.gitio import PendingGrep


class Repo:
    """A real repository on disk with helpers to write, commit and branch."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def git(self, *args: str, stdin: str | None = None) -> str:
        proc = subprocess.run(["git", "-C", str(self.root), *args], input=stdin,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {proc.stderr}")
        return proc.stdout

    def write(self, files: dict[str, str | bytes | None]) -> None:
        """Write (str/bytes) or delete (None) files, relative to the root."""
        for rel, content in files.items():
            path = self.root / rel
            if content is None:
                path.unlink()
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")

    def commit(self, files: dict[str, str | bytes | None] | None = None,
               message: str = "change") -> str:
        if files:
            self.write(files)
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)
        return self.sha("HEAD")

    def branch(self, name: str, start: str = "HEAD") -> None:
        self.git("checkout", "-q", "-b", name, start)

    def checkout(self, ref: str) -> None:
        self.git("checkout", "-q", ref)

    def mv(self, old: str, new: str) -> None:
        self.git("mv", old, new)

    def sha(self, ref: str) -> str:
        return self.git("rev-parse", ref).strip()

    def fast_commit(self, parent: str, ref: str, files: dict[str, str]) -> str:
        """A commit of ``files`` on ``parent`` at branch ``ref``, through one ``git
        fast-import`` without touching the work tree: writing thousands of files to disk and
        staging them would take longer than the tests that need them."""
        stream = [f"commit refs/heads/{ref}\ncommitter T <t@example.com> 0 +0000\n"
                  f"data {len(ref)}\n{ref}\nfrom {parent}\n"]
        stream += [f"M 100644 inline {path}\ndata {len(text.encode())}\n{text}\n"
                   for path, text in files.items()]
        self.git("fast-import", "--quiet", stdin="".join(stream) + "\n")
        return self.sha(ref)


def with_preset(files: dict[str, str | bytes | None], preset: str) -> dict[str, str | bytes | None]:
    """``files`` with ``[gates] preset`` set in their govern.toml (added when absent)."""
    text = files.get("govern.toml")
    assert text is None or isinstance(text, str)
    line = f'preset = "{preset}"\n'
    if text is None:
        text = "[gates]\n" + line
    elif "[gates]\n" in text:
        text = text.replace("[gates]\n", "[gates]\n" + line, 1)
    else:
        text += "\n[gates]\n" + line
    return {**files, "govern.toml": text}


def make_repo(root: Path, files: dict[str, str | bytes | None] | None = None, *,
              preset: str | None = None) -> Repo:
    """A repository on ``main`` with ``files`` as its first commit; ``preset`` sets
    ``[gates] preset`` in its govern.toml (docs/how-to/gates.md#presets)."""
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    repo = Repo(root)
    files = files or {"README.md": "# example\n"}
    repo.commit(with_preset(files, preset) if preset else files, "initial")
    return repo


def grepped(pending: PendingGrep) -> list[str]:
    """Every path a background ``git grep`` found, over all its batches, sorted."""
    return sorted(chain.from_iterable(pending.batches()))
