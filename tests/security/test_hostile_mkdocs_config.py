"""Attack: stall `govern init`, or make it read what a site builds as left out, with an MkDocs
configuration a PR committed (read for ``exclude_docs`` and the exclude plugin's globs). The
YAML is composed, never constructed: aliases of aliases (billion laughs), merge keys of merge
keys and lists by the hundred thousand stay nodes init reads a few of; nesting is bounded; what
is not read is said, never a traceback."""

from __future__ import annotations

from functools import partial

from govern.init.detect import detect
from govern.init.mkdocs_excludes import MAX_EXCLUDES, MAX_MKDOCS_SITES, mkdocs_settings
from tests.security.pr import within

PAGES = [f"docs/p{i}/_template.md" for i in range(2_000)]


def _laughs(kind: str) -> str:
    """Ten levels of ten aliases each of the level below: 10**10 items written out."""
    levels = ["l0: &l0 " + ("[a.md, a.md, a.md, a.md, a.md, a.md, a.md, a.md, a.md, a.md]"
                            if kind == "list" else "{k: v}")]
    for level in range(1, 11):
        below = ", ".join([f"*l{level - 1}"] * 10)
        levels.append(f"l{level}: &l{level} " + (f"[{below}]" if kind == "list"
                                                  else f"{{<<: [{below}]}}"))
    return "\n".join(levels) + "\n"


def _detect(config: str) -> tuple[list[str], str]:
    files = ["mkdocs.yml", "README.md", *PAGES]
    found = within(partial(detect, files, {"mkdocs.yml": config}))
    return found.values.get("docs.exclude", []), found.notes.get("docs.exclude", "")


def test_aliases_and_merge_keys_are_never_written_out() -> None:
    """A billion laughs as the plugin's glob list, and as merge keys: read in milliseconds, a
    list whose items are lists and no glob proposed."""
    bomb = _laughs("list") + "site_name: S\nplugins:\n  exclude:\n    glob: *l10\n"
    assert _detect(bomb)[0] == []
    merges = _laughs("merge") + "site_name: S\nexclude_docs: _template.md\nextra: *l10\n"
    assert "docs/**/_template.md" in _detect(merges)[0]


def test_a_huge_list_is_read_up_to_its_bound() -> None:
    """A hundred thousand globs, or lines, the last matching every page: the first fifty are
    read, and nothing is proposed."""
    listed = "\n".join(["      - never/*"] * 100_000 + ["      - '**/_template.md'"])
    settings = within(partial(mkdocs_settings, "plugins:\n  exclude:\n    glob:\n" + listed))
    assert not isinstance(settings, str)
    assert len(settings["plugins"]["exclude"]["glob"]) == MAX_EXCLUDES
    lines = "\n".join(["  never.md"] * 50_000 + ["  _template.md"])
    excluded, note = _detect(f"site_name: S\nexclude_docs: |\n{lines}\n")
    assert excluded == []
    assert "mkdocs.yml sets " in note and " exclude_docs line(s) " in note


def test_deep_nesting_and_broken_yaml_are_said_not_read() -> None:
    for text in ("a: " + "[" * 200_000, "a: " + "{a: " * 50_000, "site_name: 'a\n" * 20_000,
                 "- " * 100_000):
        excluded, note = _detect(text)
        assert excluded == []
        assert "mkdocs.yml is " in note and note.endswith("not read")


def test_many_configurations_are_read_up_to_their_bound() -> None:
    """Hundreds of sites sharing one docs folder, each listing its most globs: only the first
    sites are read, and the candidate globs of one folder are bounded as one site's."""
    configs = {f"s{i}/mkdocs.yml": "site_name: S\ndocs_dir: ../docs\nexclude_docs: |\n"
               + "".join(f"  p{i}x{j}/\n" for j in range(MAX_EXCLUDES)) for i in range(300)}
    files = [*configs, *PAGES]
    found = within(partial(detect, files, configs))
    assert "docs.exclude" not in found.values
    assert (f"{300 - MAX_MKDOCS_SITES} MkDocs configurations past the first "
            f"{MAX_MKDOCS_SITES}: not read") in found.notes["docs.exclude"]
