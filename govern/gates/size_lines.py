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
    counts = git.numstat(base, head)
    binary = {path for path, added, _ in counts if added is None}
    blobs: dict[str, tuple[str, str]] = {}
    texts: dict[str, bytes | None] = {}
    if binary:
        for change in git.changed_files(base, head):
            if change.path in binary:
                blobs[change.path] = (change.old_blob, change.new_blob)
        texts = git.blobs.read_many([blob for pair in blobs.values() for blob in pair
                                     if blob != NULL_SHA])
    lines: list[tuple[str, int, int]] = []
    for path, added, deleted in counts:
        if added is not None and deleted is not None:
            lines.append((path, added, deleted))
            continue
        old, new = blobs.get(path, (NULL_SHA, NULL_SHA))
        old_lines, new_lines = (text_lines(texts.get(old)), text_lines(texts.get(new)))
        if old_lines is None and new_lines is None:
            lines.append((path, 0, 0))  # binary on both sides
        else:
            lines.append((path, new_lines or 0, old_lines or 0))
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
