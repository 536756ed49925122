"""Attack: stall the docs-drift job with a change adding thousands of public names. Each added
name was given its siblings (every other name of its file) and searched on their pages one by
one, each changed function was looked for in every function of its file, and the touched
declarations were deduplicated by scanning a list: a file of 20,000 new functions, or an
``__init__`` of 20,000 new re-exports beside a page naming 20,000 of the package's names,
took minutes (82 s and 7 min here; 10,000 re-exports beside a page naming 10,000 were still
unread after 115 s of CPU). The siblings are one set per file or container, the homes are found
once per file and namespace, callers are looked up by word, and the touched set is a set: a
few seconds, linear in the file."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from govern.cli import cli
from tests.gitrepo import Repo, make_repo
from tests.security.pr import within

NAMES = 20_000
RE_EXPORTS = 10_000
KEYS = 60_000


def _affected(repo: Repo) -> dict:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _pr(root: Path, base: dict[str, str | bytes | None],
        change: dict[str, str | bytes | None]) -> Repo:
    repo = make_repo(root, base)
    repo.branch("pr")
    repo.commit(change, "pr")
    return repo


def test_a_file_of_many_new_functions_is_read_in_linear_time(tmp_path: Path) -> None:
    old = "".join(f"def old_name{i}():\n    return 1\n" for i in range(NAMES))
    new = "".join(f"def new_name{i}():\n    return old_name{i}()\n" for i in range(NAMES))
    repo = _pr(tmp_path / "repo", {
        "pkg/__init__.py": "", "pkg/m.py": old,
        "docs/big.md": " ".join(f"`old_name{i}`" for i in range(NAMES)) + "\n"},
        {"pkg/m.py": old + new})
    # 6 s idle, 12 s on a busy machine; the quadratic reading took 82 s
    data = within(lambda: _affected(repo), 40.0)
    assert len(data["new_api"]) == NAMES
    assert data["new_api"][0]["suggested_pages"] == ["docs/big.md"]


def test_a_package_of_many_new_re_exports_is_read_in_linear_time(tmp_path: Path) -> None:
    repo = _pr(tmp_path / "repo", {
        "pkg/__init__.py": "", "pkg/m.py": "def f():\n    return 1\n",
        "docs/big.md": " ".join(f"`pkg.old{i}`" for i in range(RE_EXPORTS)) + "\n"},
        {"pkg/__init__.py": "".join(f"from pkg.m import f as name{i}\n"
                                    for i in range(RE_EXPORTS))})
    data = within(lambda: _affected(repo))
    assert len(data["new_api"]) == RE_EXPORTS
    assert {"token": f"pkg.name{RE_EXPORTS - 1}", "file": "pkg/__init__.py",
            "suggested_pages": ["docs/big.md"]} in data["new_api"]


def test_a_table_of_many_new_keys_is_read_in_linear_time(tmp_path: Path) -> None:
    """60,000 keys added to a table of 60,000 (1.3 MB of base file) were each searched for in
    the base file, and given the other 120,000 keys as siblings to look up: past the 20 s
    limit here. The base is now read for names once, and a table's siblings are at most
    MAX_TABLE_KIN of its keys: under 6 s, most of it writing 60,000 entries."""
    old = "TABLE = [\n" + "".join(f"    'OLD_KEY_{i}',\n" for i in range(KEYS)) + "]\n"
    new = old.replace("]\n", "".join(f"    'NEW_KEY_{i}',\n" for i in range(KEYS)) + "]\n")
    repo = _pr(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/m.py": old,
                                   "docs/keys.md": "`OLD_KEY_0`, `OLD_KEY_1`\n"},
               {"pkg/m.py": new})
    data = within(lambda: _affected(repo))
    keys = [entry for entry in data["new_api"] if entry["token"].startswith("NEW_KEY_")]
    assert len(keys) == KEYS
    assert keys[0]["suggested_pages"] == ["docs/keys.md"]


def test_a_base_inherited_by_many_classes_mints_no_million_anchors(tmp_path: Path) -> None:
    """1,000 changed members of a base that 1,000 classes inherit (60 KB) were a million
    ``Sub.member`` anchors; a member more than MAX_INHERITING classes inherit now anchors its
    own class only, and the run says how many were cut."""
    members, classes = 1000, 1000
    base = "class Base:\n" + "".join(f"    def method_{i}(self):\n        return 0\n"
                                     for i in range(members))
    base += "".join(f"\n\nclass Sub{j}(Base):\n    pass\n" for j in range(classes))
    repo = _pr(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/m.py": base,
                                   "docs/a.md": "Use `Sub1.method_1` or `Base.method_2`.\n"},
               {"pkg/m.py": base.replace("return 0", "return 1")})
    data = within(lambda: _affected(repo))
    assert data["skipped"]["widely_inherited"] == members
    assert len(data["anchors"]) < 10 * members
    assert [row["path"] for row in data["docs"]] == ["docs/a.md"]  # via Base.method_2
