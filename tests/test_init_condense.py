"""How many globs init proposes in one key: a few as found; past the bound, those differing
in one folder name folded where the tree allows it, and the rest left out, said in the note."""

from __future__ import annotations

import tomllib

from govern.config import validate
from govern.init.condense import MAX_NOTE, MAX_PROPOSED, condensed, shortened
from govern.init.detect import detect
from govern.init.render import render_config

MANY = MAX_PROPOSED + 10


def _sites(count: int) -> list[str]:
    return [f"p{i}/docs/a.md" for i in range(count)]


def test_a_few_globs_are_proposed_as_found() -> None:
    globs = [f"p{i}/docs/**/*.md" for i in range(MAX_PROPOSED)]
    assert condensed(globs, _sites(MAX_PROPOSED)) == (globs, "")


def test_sibling_folders_are_folded_when_the_tree_has_no_other() -> None:
    globs = [f"p{i}/docs/**/*.md" for i in range(MANY)] + ["/README.md"]
    proposed, said = condensed(globs, [*_sites(MANY), "README.md", "p1/src/a.md"])
    assert proposed == ["*/docs/**/*.md", "/README.md"]
    assert said.startswith(f"{MANY} globs differing in one folder name written as 1")
    # anchored pages and folder patterns keep their form
    pages = [f"/p{i}/a.md" for i in range(MANY)]
    assert condensed(pages, [path.lstrip("/") for path in pages])[0] == ["/*/a.md"]
    folders = [f"site/p{i}/" for i in range(MANY)]
    assert condensed(folders, [f"site/p{i}/x" for i in range(MANY)])[0] == ["site/*/"]


def test_a_fold_matching_another_path_is_not_made_and_the_rest_is_left_out() -> None:
    """``docs/*/**`` would hold docs/en/, the pages the translations translate."""
    translations = [f"docs/l{i}/**" for i in range(MANY)]
    paths = [*(f"docs/l{i}/a.md" for i in range(MANY)), "docs/en/a.md"]
    proposed, said = condensed(translations, paths)
    assert proposed == translations[:MAX_PROPOSED]
    assert said == (f"10 more left out, past {MAX_PROPOSED} (add those wanted by hand): "
                    f"docs/l50/**, docs/l51/**, docs/l52/**, …")
    # wildcards before the name, or a name matched at any depth, are never folded
    for floating in ([f"**/p{i}/**" for i in range(MANY)], [f"p{i}.md" for i in range(MANY)]):
        assert condensed(floating, [])[0] == floating[:MAX_PROPOSED]


def test_a_long_note_is_cut_after_a_name() -> None:
    note = "detected: " + ", ".join(f"p{i}/docs/" for i in range(1_000))
    cut = shortened(note)
    assert len(cut) < MAX_NOTE + 40 and cut.endswith("more characters)")
    assert cut.split(", … (")[0].endswith("/docs/")
    assert shortened("detected: docs/") == "detected: docs/"


def test_init_on_a_tree_of_many_docs_sites_proposes_one_glob() -> None:
    files = {**dict.fromkeys(_sites(MANY), "# A\n"), "README.md": "# R\n",
             **{f"p{i}/docs/zh/a.md": "# A\n" for i in range(MANY)}}
    detected = detect(list(files), files)
    assert detected.values["docs.paths"] == ["*/docs/**/*.md", "/README.md"]
    assert detected.values["docs.exclude"][-1:] == ["*/docs/zh/**"]
    assert detected.notes["docs.exclude"].startswith(f"{MANY} globs differing in one folder")
    config = validate(tomllib.loads(render_config(detected)), "govern.toml")
    assert config.docs.paths.matches("p3/docs/a.md")
    assert config.docs.exclude.matches("p3/docs/zh/a.md")
    assert not config.docs.exclude.matches("p3/docs/a.md")
