"""Attack: pass the size gate with one NUL byte. git reads a file with a NUL in its first
8,000 bytes as binary and counts it as no lines, so 5,000 lines of TypeScript behind
``// \\0`` counted as none, and the file still runs. A file that is UTF-8 text but for its
NULs now counts as rewritten whole; an image or archive still counts as nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.gates.size_lines import text_lines
from tests.gitrepo import make_repo
from tests.helpers import run_check

LIMIT = "[gates]\nhuman_merge_lines = 100\n"
CODE = "// \0 not binary\n" + "".join(f"export const v{i} = {i};\n" for i in range(5_000))
PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)) * 200


@pytest.mark.parametrize(("added", "lines", "code"), [
    ({"src/big.ts": CODE}, 5_001, 1),  # text but for a NUL: every line counts
    ({"assets/logo.png": PNG}, 0, 0),  # an image: no lines, as before
])
def test_what_a_nul_byte_hides_from_git_the_size_gate_counts(
        tmp_path: Path, added: dict[str, str | bytes], lines: int, code: int) -> None:
    repo = make_repo(tmp_path / "r", {"govern.toml": LIMIT, "README.md": "# r\n"})
    repo.branch("pr")
    repo.commit(dict(added))
    result = run_check(repo, "size", "main", "--json")
    assert (result.exit_code, json.loads(result.stdout)["details"]["lines"]) == (code, lines)


def test_text_lines_reads_text_with_nuls_and_refuses_binary() -> None:
    assert text_lines(b"a\0b\nc\n") == 2
    assert text_lines(b"a\nb") is None  # binary to git by its attributes, not by a NUL
    assert text_lines(b"") == 0 and text_lines(None) == 0
    assert text_lines(PNG) is None
    assert text_lines("é\0\n".encode()) == 1
