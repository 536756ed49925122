"""Attack (a configuration trap): posting with a GitHub App's token, whose comments carry
``some-app[bot]``, while ``comment.bot_login`` is ``github-actions[bot]``: no comment matched,
so every run added another "sticky" comment. Refused: govern asks GitHub whose token it is
(GraphQL ``viewer``), warns once, and matches the sticky by marker and that login. It still
never edits a comment of another account. The honest case: the Actions token, no warning."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from govern.cli import cli
from govern.github.client import GitHubRepo, viewer_login
from govern.github.delivery import comment_login
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import affected_result
from tests.helpers import client as client  # a client on the fake
from tests.helpers import sleeps as sleeps  # (and the waits it asked for)

MARKER = "<!-- govern:docs-drift -->"
APP = "some-app[bot]"
WARNING = ("the token comments as 'some-app[bot]', not comment.bot_login 'github-actions[bot]': "
           "sticky comments are matched by their marker and 'some-app[bot]'; set "
           "comment.bot_login = 'some-app[bot]' in govern.toml")


def post(tmp_path: Path) -> Result:
    source = tmp_path / "result.json"
    source.write_text(json.dumps(affected_result()), encoding="utf-8")
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "comment", "drift", "--from",
                                    str(source), "--pr", "7", "--post"])


def test_an_app_token_updates_its_own_sticky_and_warns_once(tmp_path: Path,
                                                            fake_github: FakeGitHub) -> None:
    fake_github.as_app(APP)
    # a sticky of the Actions bot is another account's now: never touched
    actions = fake_github.add_comment(7, f"{MARKER}\nfrom the Actions token\n",
                                      login="github-actions[bot]")
    first, second = post(tmp_path), post(tmp_path)
    assert (first.exit_code, second.exit_code) == (0, 0), first.output + second.output
    assert [c["login"] for c in fake_github.comments[7]] == ["github-actions[bot]", APP]
    assert fake_github.comments[7][0] == actions
    assert second.stderr.splitlines()[-1].startswith("govern: unchanged the docs drift comment")
    for run in (first, second):
        assert run.stderr.splitlines().count(f"govern: warning: {WARNING}") == 1


def test_the_actions_token_needs_no_warning(tmp_path: Path, fake_github: FakeGitHub) -> None:
    got = post(tmp_path)
    assert got.exit_code == 0, got.output
    assert "warning" not in got.stderr
    assert [c["login"] for c in fake_github.comments[7]] == ["github-actions[bot]"]


def test_whose_token_it_is(fake_github: FakeGitHub, client: GitHubRepo) -> None:
    assert viewer_login(client) == "github-actions[bot]"
    assert comment_login(client, "github-actions[bot]") == ("github-actions[bot]", None)
    fake_github.as_app(APP)
    assert viewer_login(client) == APP
    assert comment_login(client, "github-actions[bot]") == (APP, WARNING)
    fake_github.fail(500, 500, 500)  # GitHub will not say: the configured login is used
    assert comment_login(client, "github-actions[bot]") == ("github-actions[bot]", None)
