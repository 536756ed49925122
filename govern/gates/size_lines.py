"""The lines a PR changes, per file, for the size gate: git's counts, and for a file git reads
as binary only because of NUL bytes, its lines counted here (docs/how-to/gates.md#size)."""

from __future__ import annotations

from govern.git.gitio import NULL_SHA, Git


def read_line_counts(git: Git, base: str, head: str) -> list[tuple[str, int, int]]:
    """``(path, added, deleted)`` per changed file. git reads a file with a NUL byte in its
    first 8,000 as binary and counts it as no lines: one NUL in a comment would hide a file of
    code from the gate. A file that is UTF-8 text but for its NULs counts as rewritten whole,
    every line of its old side deleted and of its new side added; a real binary file (an
    image, an archive) still counts as none."""
    changes = git.changed_lines(base, head)
    binary = [blob for change, added, _ in changes if added is None
              for blob in (change.old_blob, change.new_blob) if blob != NULL_SHA]
    texts = git.blobs.read_many(binary) if binary else {}  # else no cat-file process to start
    lines: list[tuple[str, int, int]] = []
    for change, added, deleted in changes:
        if added is not None and deleted is not None:
            lines.append((change.path, added, deleted))
            continue
        old_lines = text_lines(texts.get(change.old_blob))
        new_lines = text_lines(texts.get(change.new_blob))
        if old_lines is None and new_lines is None:
            lines.append((change.path, 0, 0))  # binary on both sides
        else:
            lines.append((change.path, new_lines or 0, old_lines or 0))
    return lines


def text_lines(data: bytes | None) -> int | None:
    """The lines of ``data`` if git reads it as binary only for a NUL byte in its first 8,000
    and it is UTF-8 text once its NULs are taken out; None for binary data (an image, or a
    file the merge base's ``.gitattributes`` declares binary, which has no NUL), 0 for none."""
    if not data:
        return 0
    if b"\0" not in data[:8000]:
        return None
    try:
        data.replace(b"\0", b"").decode("utf-8")
    except UnicodeDecodeError:
        return None
    return data.count(b"\n") + (not data.endswith(b"\n"))
