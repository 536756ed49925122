"""Configuration: sources and precedence, defaults, and every problem named by dotted key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.config import Config, load_config, validate
from govern.core.errors import ConfigError
from tests.gitrepo import Repo


def reader(files: dict[str, str]):
    return files.get


def test_defaults_make_a_plain_repo_work() -> None:
    config = load_config(reader({}))
    assert config == Config()
    assert config.docs.paths.matches("docs/guide/intro.md")
    assert config.docs.paths.matches("README.md")
    assert not config.docs.paths.matches("src/notes.md")
    assert config.docs.release_owned.matches("docs/releases/v1/notes.md")
    assert config.gates.human_merge_lines == 3000


@pytest.mark.parametrize(("path", "read"), [
    # a README as each project writes its name (every sindresorhus package's is `readme.md`)
    ("README.md", True), ("readme.md", True), ("Readme.md", True), ("packages/a/readme.md", True),
    # other spellings and formats are init's to detect, and a readme that is no page
    ("ReadMe.md", False), ("readme.txt", False), ("readme.markdown", False),
    ("src/readme.ts", False),
])
def test_the_default_corpus_reads_a_readme_in_each_common_case(path: str, read: bool) -> None:
    assert Config().docs.paths.matches(path) is read


@pytest.mark.parametrize(("path", "owned"), [
    # release notes wherever projects keep them, at any depth
    ("CHANGELOG.md", True), ("packages/a/CHANGELOG.md", True), ("CHANGES.rst", True),
    ("HISTORY.rst", True), ("NEWS.md", True), ("RELEASE_NOTES.md", True),
    ("RELEASES.md", True), ("docs/release-notes.md", True), ("docs/en/release_notes.md", True),
    ("docs/changelog.md", True), ("docs/a/releases/v1.md", True), ("docs/changes.rst", True),
    ("docs/history.rst", True), ("docs/news.md", True),
    # blog posts are out of the corpus, not release-owned (a PR adding one needs no label)
    ("docs/blog/announcing-vite5.md", False),
    # pages that only share a word with them, and code
    ("docs/guide/changes-to-routing.md", False), ("docs/tutorial/history.md", False),
    ("docs/newsletter.md", False), ("src/news.py", False), ("docs/changes/intro.md", False),
    ("website/changelog.md", False),
])
def test_release_notes_are_release_owned_by_default(path: str, owned: bool) -> None:
    assert Config().docs.release_owned.matches(path) is owned


@pytest.mark.parametrize(("path", "excluded"), [
    # a docs site's blog, written at its posts' dates: vite's, Docusaurus', zod's
    ("docs/blog/announcing-vite5.md", True), ("website/blog/2024-01-01-hello.md", True),
    ("packages/docs/content/blog/fellowship.mdx", True), ("blog/release.md", True),
    # an example app or a tutorial about a blog, and pages that only share the word
    ("examples/blog/README.md", False), ("docs/tutorial/blog/index.md", False),
    ("docs/blogging.md", False), ("docs/tutorial/blog-app.md", False),
])
def test_a_docs_site_s_blog_is_out_of_the_corpus_by_default(path: str, excluded: bool) -> None:
    assert Config().docs.exclude.matches(path) is excluded


def test_globs_have_gitignore_semantics() -> None:
    config = validate({"docs": {"paths": ["docs/*.md", "site/**/*.mdx"]}}, "t")
    assert config.docs.paths.matches("docs/a.md")
    assert not config.docs.paths.matches("docs/sub/a.md")  # * never crosses /
    assert config.docs.paths.matches("site/a.mdx")  # **/ matches zero folders
    assert config.docs.paths.matches("site/x/y/a.mdx")


def test_govern_toml_wins_over_pyproject_with_a_warning() -> None:
    config = load_config(reader({
        "govern.toml": "[comment]\nrow_cap = 5\n",
        "pyproject.toml": "[tool.govern.comment]\nrow_cap = 9\n",
    }))
    assert config.comment.row_cap == 5
    assert config.source == "govern.toml"
    assert config.warnings == ("both govern.toml and [tool.govern] in pyproject.toml exist: "
                               "govern.toml wins, pyproject.toml's table is ignored",)


def test_pyproject_table_is_read() -> None:
    config = load_config(reader({"pyproject.toml": "[tool.govern.anchors]\n"
                                                   "generic_names = [\"widget\"]\n"}))
    assert config.anchors.generic_names == ("widget",)
    assert config.source == "pyproject.toml [tool.govern]"


def test_pyproject_without_a_govern_table_means_defaults() -> None:
    assert load_config(reader({"pyproject.toml": "[project]\nname = 'x'\n"})) == Config()


@pytest.mark.parametrize(("toml", "problems"), [
    ("[gates]\nhuman_merge_lines = 'many'\n",
     ["gates.human_merge_lines: must be a non-negative integer"]),
    ("[gates]\nbogus = 1\n", ["gates.bogus: unknown key"]),
    ("[gates]\nhuman_merge_line = 1\n",
     ["gates.human_merge_line: unknown key (did you mean gates.human_merge_lines?)"]),
    ("[docs]\nrow_cap = 1\n", ["docs.row_cap: unknown key (did you mean comment.row_cap?)"]),
    ("[nonsense]\nx = 1\n", ["nonsense: unknown section"]),
    ("[doc]\npaths = []\n", ["doc: unknown section (did you mean docs?)"]),
    ("[source]\nx = 1\n", ["source: unknown section"]),
    ("[code]\nmax_parse_bytes = -1\n", ["code.max_parse_bytes: must be a non-negative integer"]),
    ("[code]\nmax_parse_bytes = true\n",
     ["code.max_parse_bytes: must be a non-negative integer"]),
    ("[anchors]\ngeneric_names = ['ok', ' ']\n", ["anchors.generic_names[1] must not be empty"]),
    ("[docs]\nexclude = ['']\n", ["docs.exclude[0] must be a non-empty string"]),
    ("[comment]\nbot_login = 3\n", ["comment.bot_login: must be a string"]),
    ("[declarations]\nlevels = ['minor']\n",
     ["declarations.levels: must be a table of protocol value = bump"]),
    ("docs = 3\n", ["docs: must be a table"]),
    ("[docs]\npaths = 'docs/**'\n", ["docs.paths: must be a list of strings"]),
    ("[docs]\npaths = ['ok', 3]\n", ["docs.paths[1] must be a string"]),
    ("[anchors]\ncorpus_share = 2\n",
     ["anchors.corpus_share: must be a number greater than 0 and at most 1"]),
    ("[declarations]\nlevels = {none = 'huge'}\n",
     ["declarations.levels: none: must be one of patch, minor, major"]),
    ("[gates]\ntrailer_forbidden = ['(']\n",
     ["gates.trailer_forbidden[0] not a valid RE2 regular expression (missing ): ()"]),
    # Python's syntax that RE2 lacks is named, with what to write instead (a possessive
    # quantifier is read as greedy: it guards nothing in RE2)
    ("[gates]\ntrailer_forbidden = ['fixes #\\d++', '(?<!pre)fix', '(fix)\\1']\n",
     ["gates.trailer_forbidden[1] not a valid RE2 regular expression (invalid perl operator: "
      "(?<!): RE2 has no lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`): match the text itself "
      "instead",
      "gates.trailer_forbidden[2] not a valid RE2 regular expression (invalid escape "
      "sequence: \\1): RE2 has no backreferences (`\\1`), and writes the end of the text "
      "`\\z`, not `\\Z`"]),
    ("[review]\nclosing_issue_thread = 'yes'\n",
     ["review.closing_issue_thread: must be true or false"]),
    ("[gates]\nhuman_merge_lines = 'x'\nbogus = 1\n",
     ["gates.human_merge_lines: must be a non-negative integer", "gates.bogus: unknown key"]),
    # the example of docs/reference/configuration.md
    ("[gates]\nhuman_merge_lines = 'x'\nhuman_merge_line = 1\n",
     ["gates.human_merge_lines: must be a non-negative integer",
      "gates.human_merge_line: unknown key (did you mean gates.human_merge_lines?)"]),
    ("not toml [", None),
])
def test_every_problem_is_named_by_its_dotted_key(toml: str, problems: list[str] | None) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(reader({"govern.toml": toml}))
    if problems is None:
        assert caught.value.problems[0].startswith("not valid TOML")
    else:
        assert caught.value.problems == problems
    assert caught.value.exit_code == 2


@pytest.mark.parametrize(("toml", "expected"), [
    ("[code]\nmax_parse_bytes = 0\n", {"code.max_parse_bytes": 0}),
    ("[anchors]\ncorpus_share = 1\n", {"anchors.corpus_share": 1.0}),
    ("[anchors]\ncorpus_share = 0.5\ngeneric_names = ['widget']\n",
     {"anchors.corpus_share": 0.5, "anchors.generic_names": ("widget",)}),
    ("[declarations]\nlevels = {none = 'major'}\n", {"declarations.levels": {"none": "major"}}),
    ("[gates]\ntrailer_forbidden = []\n", {"gates.trailer_forbidden": ()}),
    ("[review]\nclosing_issue_thread = false\n", {"review.closing_issue_thread": False}),
    ("[comment]\nguardrails_doc = ''\n", {"comment.guardrails_doc": ""}),
])
def test_good_values_land_in_their_fields(toml: str, expected: dict[str, object]) -> None:
    config = load_config(reader({"govern.toml": toml}))
    for dotted, value in expected.items():
        section, name = dotted.split(".")
        assert getattr(getattr(config, section), name) == value


def test_bad_config_exits_2_with_json(repo: Repo) -> None:
    head = repo.commit({"govern.toml": "[gates]\nbogus = 1\n"})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "--all"])
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False,
        "error": f"invalid configuration in govern.toml at {head}:\n  - gates.bogus: unknown key",
        "remedy": "fix the keys named above (every key, its type and default: "
                  "https://github.com/repo-govern/govern/blob/main/docs/reference/"
                  "configuration.md)",
    }


@pytest.mark.parametrize("placement", ["group", "subcommand"])
def test_config_option_works_on_the_group_and_the_subcommand(repo: Repo, tmp_path: Path,
                                                              placement: str) -> None:
    repo.commit({"docs/a.md": "a\n", "notes/b.md": "b\n"})
    config = tmp_path / "custom.toml"
    config.write_text('[docs]\npaths = ["notes/**/*.md"]\n')
    base = ["--repo-dir", str(repo.root)]
    args = ([*base, "--config", str(config), "affected-docs", "--all"] if placement == "group"
            else [*base, "affected-docs", "--all", "--config", str(config)])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.stdout == "notes/b.md\n"


def test_missing_config_file_is_exit_2(repo: Repo, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "--config",
                                      str(tmp_path / "nope.toml"), "affected-docs", "--all"])
    assert result.exit_code == 2
    missing = tmp_path / "nope.toml"
    assert result.stderr == (
        f"Error: the configuration file {missing} given with --config does not exist\n"
        f"  remedy: check the path (it is read from the current directory: {missing}), or "
        "leave --config out to read govern.toml, else pyproject.toml, as committed\n")


def test_config_is_read_from_the_commit_not_the_work_tree(repo: Repo) -> None:
    """...and the run says so, once, as a user who just ran `govern init` would otherwise see
    the defaults' results (ky's calibrate found no case: its page is `readme.md`)."""
    repo.commit({"docs/a.md": "a\n", "notes/b.md": "b\n"})
    repo.write({"govern.toml": '[docs]\npaths = ["notes/**/*.md"]\n'})  # uncommitted
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--all"])
    assert result.stdout == "README.md\ndocs/a.md\n"
    head = repo.git("rev-parse", "HEAD").strip()
    assert result.stderr.splitlines()[0] == (
        f"govern: note: govern.toml in the work tree is not committed: this run reads the "
        f"configuration as committed at {head[:12]} (commit it, or pass --config govern.toml "
        "to use it now)")
    repo.commit({"govern.toml": '[docs]\npaths = ["notes/**/*.md"]\n'})
    repo.write({"govern.toml": '[docs]\npaths = ["docs/**/*.md"]\n'})  # edited after
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--all"])
    assert result.stdout == "notes/b.md\n"
    assert "govern.toml in the work tree differs from the one committed" in result.stderr


NOTES = '[docs]\npaths = ["notes/**/*.md"]\n'
DOCS = '[docs]\npaths = ["docs/**/*.md"]\n'


@pytest.mark.parametrize(("on_disk", "noted"), [(DOCS, False), (NOTES, True)],
                         ids=["holds HEAD's", "holds the read commit's"])
def test_the_note_compares_with_head_s_config_when_the_run_reads_another_commit(
        repo: Repo, on_disk: str, noted: bool) -> None:
    """``--head HEAD~1``: the run reads that commit's govern.toml (``NOTES``), and the work
    tree's is compared with HEAD's (``DOCS``), not with the one the run read."""
    repo.commit({"docs/a.md": "a\n", "notes/b.md": "b\n", "govern.toml": NOTES})
    repo.commit({"govern.toml": DOCS})
    repo.write({"govern.toml": on_disk})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--all",
                                      "--head", "HEAD~1"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "notes/b.md\n"
    assert ("govern.toml in the work tree differs from the one committed at HEAD"
            in result.stderr) is noted


@pytest.mark.parametrize("on_disk", [None, '[docs]\npaths = ["notes/**/*.md"]\n'])
def test_no_note_when_the_work_tree_holds_the_committed_config(repo: Repo,
                                                              on_disk: str | None) -> None:
    """A CI checkout of the commit, or no govern.toml at all: nothing to tell."""
    repo.commit({"notes/b.md": "b\n", **({"govern.toml": on_disk} if on_disk else {})})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--all"])
    assert result.exit_code == 0 and "govern: note" not in result.stderr
