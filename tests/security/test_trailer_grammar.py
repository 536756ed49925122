"""Attack: a card relation or model id the trailers gate did not know. ``fixes: #12``,
``Closes owner/repo#12``, issue URLs and current model-id shapes passed. The gate matches
GitHub's closing-keyword grammar, and ``gates.model_families`` names the model families."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.config import GatesConfig
from govern.gates.trailers import Forbidden, check_commit_messages, find_model_id
from tests.gitrepo import make_repo
from tests.helpers import run_check

DEFAULTS = Forbidden.of(GatesConfig().trailer_forbidden, GatesConfig().model_families)


def _refused(line: str, forbidden: Forbidden = DEFAULTS) -> bool:
    return bool(check_commit_messages([("a" * 40, f"fix: the door\n\n{line}\n")], forbidden))


@pytest.mark.parametrize("line", [
    "Fixes #12", "fixes: #12", "Fixed:#12", "closes\t#3", "RESOLVED #4", "Part of #9", "refs #1",
    "Closes owner/repo#12", "fix acme.io/widgets-2#7",
    "Resolves https://github.com/acme/widgets/issues/12",
    "closes: https://ghe.example.com/acme/widgets/issues/3",
])
def test_closing_keyword_forms_are_refused(line: str) -> None:
    assert _refused(line)


@pytest.mark.parametrize("line", [
    "prefixes #11", "fix the #1 bug", "Fixes a crash (see the PR body)", "closes the door",
    "fix https://example.com/acme/widgets/pull/3", "unfixed #4",
])
def test_text_that_closes_nothing_passes(line: str) -> None:
    assert not _refused(line)


@pytest.mark.parametrize(("line", "model"), [
    ("Co-Authored-By: claude-opus-4-5 <noreply@example.com>", "claude-opus-4-5"),
    ("Generated with Claude Opus 4.5", "Opus 4.5"),
    ("tuned on claude-3-7-sonnet.", "claude-3-7-sonnet"),
    ("gpt-5 wrote this", "gpt-5"), ("via GPT-4o", "GPT-4o"), ("o3-mini", "o3-mini"),
    ("asked o4", "o4"), ("gemini-2.5-pro", "gemini-2.5-pro"), ("deepseek-r1", "deepseek-r1"),
    ("qwen2.5-coder", "qwen2.5-coder"), ("grok-4", "grok-4"), ("Llama 3.1", "Llama 3.1"),
])
def test_current_model_ids_are_found(line: str, model: str) -> None:
    assert find_model_id(line, DEFAULTS.model_families) == model
    assert _refused(line)


@pytest.mark.parametrize("line", [
    "build with -O3", "mail from o365", "the claude-code CLI", "GPT support", "Gemini docs",
    "src/o3/util.py", "opus magnum",
])
def test_words_that_name_no_model_pass(line: str) -> None:
    assert find_model_id(line, DEFAULTS.model_families) is None
    assert not _refused(line)


def test_the_model_families_are_configurable(tmp_path: Path) -> None:
    own = Forbidden.of((), ("acme-llm",))
    assert _refused("made by acme-llm-2", own) and not _refused("gpt-4o", own)
    repo = make_repo(tmp_path / "repo", {"govern.toml": '[gates]\nmodel_families = ["acme"]\n'},
                     preset="contract")
    repo.branch("pr")
    repo.commit({"a.txt": "1\n"}, "fix: door\n\nwritten by acme-7\n")
    result = run_check(repo, "trailers", "main", "--json")
    assert result.exit_code == 1
    assert '`written by acme-7` names the model id `acme-7` (`gates.model_families`)' in \
        result.stdout
    repo.commit({"govern.toml": "[gates]\nmodel_families = []\n"}, "fix: acme-8\n")
    assert run_check(repo, "trailers", "HEAD~1", "--json").exit_code == 1  # merge base rules
