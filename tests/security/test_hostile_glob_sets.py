"""Attack: stop every job that matches paths by committing a configuration of thousands of
globs (a PR's ``govern.toml`` is its own text). pathspec compiles a set of globs into one RE2
set, and RE2 refuses a set whose program outgrows the memory it allows one (about 2,500
globs of ``docs/pageN/**/*.md``): the run ended in a traceback, exit 3, "a bug in govern",
judging nothing. A set RE2 refuses is compiled in as many sets as it takes, asked in order:
the same answers, in time linear in the globs."""

from __future__ import annotations

import tomllib
from pathlib import Path

from click.testing import CliRunner

from govern.cli import cli
from govern.core.globs import Globs
from tests.gitrepo import make_repo
from tests.helpers import pr_repo, rows, run_json
from tests.security.pr import within

MANY = 10_000


def test_a_set_of_thousands_of_globs_answers_in_linear_time() -> None:
    """10,000 globs and a negation: compiled in a few seconds, each path matched at once."""
    globs = Globs((*(f"docs/page{i}/**/*.md" for i in range(MANY)), "!docs/page7/draft/**"))
    assert within(lambda: globs.matches(f"docs/page{MANY - 1}/a/b.md"))
    assert within(lambda: [globs.matches(f"docs/page{i}/a.md") for i in range(MANY)]) == \
        [True] * MANY
    assert not globs.matches("docs/page7/draft/a.md")
    assert not globs.matches(f"docs/page{MANY}/a.md") and not globs.matches("docs/page1/a.py")


def test_a_configuration_of_thousands_of_globs_is_judged(tmp_path: Path) -> None:
    """Thousands of globs in docs.paths and docs.exclude: the pages they hold are listed,
    those they leave out are not."""
    listed = ", ".join(f'"docs/page{i}/**/*.md"' for i in range(5_000))
    excluded = ", ".join(f'"docs/page{i}/old/**"' for i in range(5_000))
    base = {"govern.toml": f"[docs]\npaths = [{listed}]\nexclude = [{excluded}]\n",
            "acme/engine.py": "def run_engine():\n    return 1\n",
            "docs/page4999/guide.md": "# Guide\n\nCall `run_engine` to start.\n",
            "docs/page4999/old/guide.md": "# Old\n\nCall `run_engine` to start.\n",
            "docs/other/guide.md": "# Other\n\nCall `run_engine` to start.\n"}
    repo = pr_repo(tmp_path, base, {"acme/engine.py": "def run_engine():\n    return 2\n"})
    data = within(lambda: run_json(repo, "main"))
    assert rows(data) == {"docs/page4999/guide.md": ["run_engine"]}


def test_init_on_a_tree_of_thousands_of_docs_folders_proposes_a_few_globs(
        tmp_path: Path) -> None:
    """3,000 folders each holding a docs folder: init turned each into a glob of docs.paths
    and matched the tree's pages against them all (a traceback before); it now proposes
    one glob for them, which init's own matching reads."""
    files = {f"p{i}/docs/a.md": "# A\n" for i in range(3_000)}
    repo = make_repo(tmp_path / "repo", {**files, "README.md": "# R\n", "src/a.py": "x = 1\n"})
    result = within(lambda: CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "init",
                                                      "--dry-run"]))
    assert result.exit_code == 0, result.output
    proposed = tomllib.loads(result.stdout)
    assert proposed["docs"]["paths"] == ["*/docs/**/*.md", "/README.md"]
    assert len(result.stdout) < 20_000
