"""Pins git to a known, isolated setup for every test: fixed identity, no signing, no hooks,
no templates, gc off, and a home in a temporary folder."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

import govern.core.progress
from tests.gitrepo import Repo, make_repo

# CI judges a submission once: its property tests must not pass or fail by the luck of the
# draw. Locally they keep exploring new examples (and remember failures in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True, scope="session")
def _every_run_is_fast() -> Iterator[None]:
    """No progress line in a test's stderr however slow a loaded machine runs it: output is
    asserted exactly. tests/test_progress.py sets the real pace back on its fake clock."""
    patch = pytest.MonkeyPatch()
    patch.setattr(govern.core.progress, "DELAY", math.inf)
    yield
    patch.undo()


@pytest.fixture(autouse=True, scope="session")
def _isolated_git(tmp_path_factory: pytest.TempPathFactory) -> None:
    home = tmp_path_factory.mktemp("home")
    template = tmp_path_factory.mktemp("git-template")
    gitconfig = home / ".gitconfig"
    gitconfig.write_text(
        "[user]\n\tname = Test Author\n\temail = author@example.com\n"
        "[init]\n\tdefaultBranch = main\n\ttemplateDir = " + str(template) + "\n"
        "[commit]\n\tgpgsign = false\n[tag]\n\tgpgsign = false\n"
        "[gc]\n\tauto = 0\n[core]\n\tautocrlf = false\n[protocol \"file\"]\n\tallow = always\n"
    )
    patch = pytest.MonkeyPatch()
    patch.setenv("HOME", str(home))
    patch.setenv("GIT_CONFIG_GLOBAL", str(gitconfig))
    patch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for var in ("GITHUB_BASE_REF", "GITHUB_EVENT_PATH", "GITHUB_TOKEN", "GH_TOKEN",
                "GITHUB_API_URL", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_ACTIONS"):
        patch.delenv(var, raising=False)
    yield
    patch.undo()


@pytest.fixture
def repo(tmp_path: Path, request: pytest.FixtureRequest) -> Repo:
    """An empty-ish repository on main (one commit holding README.md); a module marked
    ``pytest.mark.preset(NAME)`` gets a govern.toml with that gates preset."""
    marker = request.node.get_closest_marker("preset")
    return make_repo(tmp_path / "repo", preset=marker.args[0] if marker else None)
