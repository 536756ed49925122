"""Attack: stall the docs-drift job with manifests and pages built against the dependency
readers (docs/concepts/anchoring-rules.md#dependencies): a requirements file of a megabyte,
a setup.py list of 20,000 entries, a page of 100,000 install commands, one command of
100,000 words that are each an install command again, a program name before a long run of
blanks, release-notes sections between the commands. Each line, word and section is read a
bounded number of times: linear in the text."""

from __future__ import annotations

from govern.drift.anchors.dependencies import declared_dependencies, removed_dependencies
from govern.drift.docs.corpus import Page
from govern.drift.docs.installs import installed
from govern.drift.docs.lines import PageMentions
from tests.helpers import build_index
from tests.security.pr import within

REQUIREMENTS = "".join(f"package-{n}[{'x,' * 20}]>=1.0  # note\n" for n in range(20_000))
"""A megabyte of requirement lines."""
SETUP_PY = "setup(install_requires=[" + "'a' if X else 'b', " * 20_000 + "'gone'])\n"
COMMANDS = "```sh\n" + "pip install mkdocs-bootswatch\n" * 100_000 + "```\n"
REPEATED = "```sh\n" + "pip install " * 100_000 + "mkdocs-bootswatch\n```\n"
BLANKS = ("`pip" + " " * 100_000 + "x`\n") * 10
NOTES = "# Guide\n\n" + "## Release notes\n\n`pip install a`\n\n## Use\n\n`pip install b`\n\n" \
    * 20_000


def test_a_megabyte_of_manifest_is_read_in_linear_time() -> None:
    before = {"requirements.txt": REQUIREMENTS, "setup.py": SETUP_PY}
    after = {"requirements.txt": REQUIREMENTS.replace("package-7[", "kept-7["),
             "setup.py": SETUP_PY.replace("'gone'", "'b'")}
    gone = within(lambda: removed_dependencies(declared_dependencies(before.get),
                                               declared_dependencies(after.get)))
    assert gone == {"package-7", "gone"}


def test_pages_of_install_commands_are_read_in_linear_time() -> None:
    pages = [Page(f"docs/{n}.md", f"b{n}", False) for n in range(4)]
    blobs = {"b0": COMMANDS.encode(), "b1": REPEATED.encode(), "b2": BLANKS.encode(),
             "b3": NOTES.encode()}
    index = build_index(pages, blobs.get)
    assert within(lambda: index.installing("mkdocs-bootswatch")) == {0, 1}
    assert within(lambda: index.installing("x")) == set()  # no verb before it
    assert within(lambda: index.installing("a")) == set()  # release notes record the past
    assert within(lambda: index.installing("b")) == {3}
    assert within(lambda: PageMentions(COMMANDS, "docs/0.md").lines(
        "mkdocs-bootswatch", "install"))[:2] == (2, 3)
    # the words of one long command are read once, not once for each verb among them
    assert within(lambda: len(list(installed(REPEATED, "docs/1.md")))) == 200_000 - 1
