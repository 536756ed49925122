"""Files the user names on the command line (``--out``, ``--baseline``, ``--config``, ``--dir``):
one that cannot be read or written is not judged (exit 2), naming the path, the OS's reason and
the fix; never the internal error (exit 3) of a bug, never a silent success."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.commands import calibrate as calibrate_module
from tests.gitrepo import Repo, make_repo

LIB = "def send_request(url):\n    timeout = 1\n    return url, timeout\n"
PAGE = "# API\n\nCall `send_request`.\n"


@pytest.fixture
def history(tmp_path: Path) -> Repo:
    """One calibration case: a commit changing the code and the page that names it."""
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": PAGE})
    repo.commit({"src/lib.py": LIB.replace("1", "2"), "docs/api.md": PAGE + "\nTwo now.\n"})
    return repo


@pytest.fixture
def shop(tmp_path: Path) -> Repo:
    """A docs line naming a method that does not exist: one docs-refs finding."""
    return make_repo(tmp_path / "shop", {
        "src/shop/__init__.py": "class Client:\n    def send(self):\n        pass\n",
        "docs/api.md": "`shop.Client.gone()`\n"})


def govern(repo: Repo, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo.root), *args])


def assert_not_judged(result: Result, error: str, remedy: str) -> None:
    """Exit 2 with ``error`` and ``remedy`` as the message's two lines: no bug report."""
    assert result.exit_code == 2, result.output
    assert f"Error: {error}\n  remedy: {remedy}\n" in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


# -- calibrate --out -------------------------------------------------------------------------

def test_out_in_a_missing_folder_is_refused_before_the_replay(history: Repo,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "missing" / "report.md"
    result = govern(history, "calibrate", "--quiet", "--out", str(out))
    assert_not_judged(result, f"cannot write {out}: No such file or directory",
                      f"create the folder first (`mkdir -p {out.parent}`), or give --out a path "
                      "in an existing folder")
    assert result.stdout == ""  # refused before the replay: nothing was measured to lose
    out.parent.mkdir()
    written = govern(history, "calibrate", "--quiet", "--out", str(out))
    assert written.exit_code == 0, written.output
    assert "case(s) measured" in written.stdout
    assert out.read_text(encoding="utf-8").startswith("# govern calibrate")


def test_out_naming_a_folder_or_a_path_through_a_file(history: Repo, tmp_path: Path) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    assert_not_judged(govern(history, "calibrate", "--quiet", "--out", str(folder)),
                      f"cannot write {folder}: Is a directory",
                      "give --out a file's path, not a folder's")
    through_file = tmp_path / "repo" / "src" / "lib.py" / "report.md"
    assert_not_judged(govern(history, "calibrate", "--quiet", "--out", str(through_file)),
                      f"cannot write {through_file}: Not a directory",
                      "a part of the path is a file, not a folder: give --out a path in an "
                      "existing folder")


def test_the_report_is_printed_before_out_is_written(history: Repo, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder vanishes during the replay: the measurement still reaches stdout."""
    folder = tmp_path / "reports"
    folder.mkdir()
    out = folder / "report.md"
    build_report = calibrate_module.build_report

    def build_then_remove(*args: Any) -> dict[str, Any]:
        shutil.rmtree(folder)
        return build_report(*args)

    monkeypatch.setattr(calibrate_module, "build_report", build_then_remove)
    result = govern(history, "calibrate", "--quiet", "--out", str(out))
    assert_not_judged(result, f"cannot write {out}: No such file or directory",
                      f"create the folder first (`mkdir -p {folder}`), or give --out a path in "
                      "an existing folder")
    assert "1 case(s) measured" in result.stdout


def test_the_writability_probe_leaves_no_file_behind(tmp_path: Path) -> None:
    """--out is tried before the work; when the run then fails, no empty file stays."""
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB})  # no docs: no calibration case
    out = tmp_path / "report.md"
    result = govern(repo, "calibrate", "--quiet", "--out", str(out))
    assert result.exit_code == 2 and "no calibration case" in result.stderr
    assert not out.exists()
    out.write_text("kept\n", encoding="utf-8")  # a file already there is left as it was
    assert govern(repo, "calibrate", "--quiet", "--out", str(out)).exit_code == 2
    assert out.read_text(encoding="utf-8") == "kept\n"


# -- check docs-refs --baseline --------------------------------------------------------------

def test_update_baseline_into_a_missing_folder_or_a_folder(shop: Repo, tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "baseline.json"
    assert_not_judged(govern(shop, "check", "docs-refs", "--all", "--baseline", str(missing),
                             "--update-baseline"),
                      f"cannot write {missing}: No such file or directory",
                      f"create the folder first (`mkdir -p {missing.parent}`), or give "
                      "--baseline a path in an existing folder")
    assert_not_judged(govern(shop, "check", "docs-refs", "--all", "--baseline", str(tmp_path),
                             "--update-baseline"),
                      f"cannot write {tmp_path}: Is a directory",
                      "give --baseline a file's path, not a folder's")
    missing.parent.mkdir()
    recorded = govern(shop, "check", "docs-refs", "--all", "--baseline", str(missing),
                      "--update-baseline")
    assert recorded.exit_code == 0
    assert json.loads(missing.read_text(encoding="utf-8"))["findings"][0]["name"] == \
        "shop.Client.gone"


def test_a_baseline_that_is_missing_or_a_folder_is_not_judged(shop: Repo, tmp_path: Path) -> None:
    """Read as "nothing recorded", a mistyped path would fail every old finding unexplained."""
    missing = tmp_path / "baseline.json"
    record = ("or record it first with `govern check docs-refs --all --update-baseline "
              "--baseline {}`")
    assert_not_judged(govern(shop, "check", "docs-refs", "--all", "--baseline", str(missing)),
                      f"cannot read {missing}: No such file or directory",
                      f"check the --baseline path (it is read from the current directory: "
                      f"{missing}), {record.format(missing)}")
    assert_not_judged(govern(shop, "check", "docs-refs", "--all", "--baseline", str(tmp_path)),
                      f"cannot read {tmp_path}: Is a directory",
                      f"give --baseline the file itself, not its folder, "
                      f"{record.format(tmp_path)}")
    govern(shop, "check", "docs-refs", "--all", "--baseline", str(missing), "--update-baseline")
    assert govern(shop, "check", "docs-refs", "--all", "--baseline", str(missing)).exit_code == 0


def test_a_baseline_error_with_json_is_json(shop: Repo, tmp_path: Path) -> None:
    result = govern(shop, "check", "docs-refs", "--all", "--json", "--baseline", str(tmp_path))
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert (data["judged"], data["error"]) == (False, f"cannot read {tmp_path}: Is a directory")


# -- --config and demo --dir -----------------------------------------------------------------

@pytest.mark.parametrize("placement", ["group", "subcommand"])
def test_config_naming_a_folder_is_not_judged_with_json(shop: Repo, tmp_path: Path,
                                                        placement: str) -> None:
    args = (["--config", str(tmp_path), "check", "size", "--json"] if placement == "group"
            else ["check", "size", "--json", "--config", str(tmp_path)])
    result = govern(shop, *args)
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False, "error": f"cannot read {tmp_path}: Is a directory",
        "remedy": "give --config the file itself, not its folder"}
    config = tmp_path / "govern.toml"
    config.write_text("[gates]\nhuman_merge_lines = 10\n", encoding="utf-8")
    args[args.index(str(tmp_path))] = str(config)
    assert govern(shop, *args).exit_code == 0


def test_demo_dir_through_a_file_is_not_judged(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x\n", encoding="utf-8")
    target = blocker / "demo"
    assert_not_judged(CliRunner().invoke(cli, ["demo", "--dir", str(target)]),
                      f"cannot write {target}: Not a directory",
                      "a part of the path is a file, not a folder: give --dir a path in an "
                      "existing folder")
    nested = tmp_path / "new" / "demo"  # missing parents are created, as before
    built = CliRunner().invoke(cli, ["demo", "--dir", str(nested)])
    assert built.exit_code == 0 and (nested / ".git").is_dir()
