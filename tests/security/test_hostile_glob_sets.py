"""Attack: stop every job that matches paths by committing a configuration of thousands of
globs (a PR's ``govern.toml`` is its own text). pathspec compiles a set of globs into one RE2
set, and RE2 refuses a set whose program outgrows the memory it allows one (about 2,500
globs of ``docs/pageN/**/*.md``): the run ended in a traceback, exit 3, "a bug in govern",
judging nothing. A set RE2 refuses is compiled in as many sets as it takes, asked in order:
the same answers, in time linear in the globs."""

from __future__ import annotations

from pathlib import Path

from govern.core.globs import Globs
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
