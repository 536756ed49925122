"""The configuration's sections: one frozen dataclass per TOML table, each field one key with its
default, kind and the sentence docs/reference/configuration.md and ``govern init`` show for it.

A key is declared here and nowhere else: the registry (``keys.py``) reads these fields, and
validation, the commented govern.toml and the reference page all come from it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from govern.config.kinds import (
    COUNT,
    FLAG,
    GLOBS,
    LEVELS,
    NAMES,
    REGEXES,
    SHARE,
    TEXT,
    Kind,
    names_of,
    one_of,
)
from govern.core.globs import Globs

FRAGMENT_DIRS = frozenset({"changelog.d", "newsfragments", "changes"})
"""Folders of news fragments (towncrier's): release notes in pieces, written with each change
and gathered at release, never docs pages a change makes stale."""


_FRAGMENT_NAME = re.compile(r"(?:\d+|\+[^./]*|[A-Za-z]+-\d+)\.[\w-]+(?:\.\d+)?\.\w+")
"""A towncrier fragment's name: ``<issue>.<type>[.<n>].<ext>`` (``13176.feature.rst``,
``+orphan.misc.md``, ``gh-12.fix.md``)."""


def in_fragment_folder(path: str) -> bool:
    """Is ``path`` a news fragment: any file in a ``changelog.d/`` or ``newsfragments/``
    folder, or one named like a fragment in a ``changes/`` folder, in any case (aiohttp's
    ``CHANGES/13176.feature.rst``)? A ``changes/`` folder of pages (vite's
    ``docs/changes/per-environment-apis.md``, its breaking changes) is docs."""
    name = path.rpartition("/")[2]
    for folder in path.split("/")[:-1]:
        folder = folder.lower()
        if folder in FRAGMENT_DIRS and (folder != "changes" or _FRAGMENT_NAME.fullmatch(name)):
            return True
    return False

LOCKFILES = ("pnpm-lock.yaml", "package-lock.json", "yarn.lock", "bun.lock", "bun.lockb",
             "deno.lock", "poetry.lock", "uv.lock")
EXTRA_LOCKFILES = ("Cargo.lock", "Gemfile.lock", "composer.lock", "go.sum", "Pipfile.lock")
"""Lockfiles of other ecosystems: not in the ignore defaults, which init adds where found."""

ABOUT = "govern"
"""The field-metadata entry that holds a key's ``About``."""


@dataclass(frozen=True)
class About:
    """What the registry knows of a key beyond its dataclass field."""

    kind: Kind
    description: str
    """One sentence for users, ending with a full stop."""


def about(kind: Kind, description: str) -> Mapping[str, About]:
    """The metadata of one key's field."""
    return {ABOUT: About(kind, description)}


@dataclass(frozen=True)
class DocsConfig:
    """The docs corpus: which pages govern reads and which a code PR may not edit."""

    paths: Globs = field(
        # a README in each case it is written in: every sindresorhus package's is `readme.md`
        default=Globs(("docs/**/*.md", "docs/**/*.mdx", "docs/**/*.rst", "README.md",
                       "Readme.md", "readme.md")),
        metadata=about(GLOBS, "The hand-written docs corpus (md, mdx and rst pages only)."))
    exclude: Globs = field(
        # A docs site's blog (vite's `docs/blog/`, Docusaurus' `website/blog/`, zod's
        # `packages/docs/content/blog/`) is written at its posts' dates: a code change never
        # drifts it, and a post is no release-owned page a PR adding one must be labelled for.
        default=Globs(("blog/**", "**/docs/blog/**", "**/website/blog/**",
                       "**/content/blog/**")),
        metadata=about(GLOBS, "Pages never in scope even when docs.paths names them: generated "
                              "pages, and a docs site's blog posts."))
    release_owned: Globs = field(
        # Release notes are written at release time wherever they sit: a code change never
        # drifts them, and a calibrate replay must not count them as pages it should list.
        default=Globs(("CHANGELOG*", "CHANGES*", "HISTORY*", "NEWS*", "RELEASE*NOTES*",
                       "RELEASES*", "docs/**/changelog*", "docs/**/release-notes*",
                       "docs/**/release_notes*", "docs/**/releases/**", "docs/changes.*",
                       "docs/history.*", "docs/news.*")),
        metadata=about(GLOBS, "Pages in scope but read-only for a code PR, such as changelogs "
                              "and release notes."))


@dataclass(frozen=True)
class CodeConfig:
    """The code side: where changes are read and what marks a package."""

    paths: Globs = field(
        default=Globs(("**",)),
        metadata=about(GLOBS, "Where implementation changes are read (docs pages never count "
                              "as code)."))
    exclude: Globs = field(
        default=Globs(()),
        metadata=about(GLOBS, "Paths added to the built-in exclusions (tests, scripts/, "
                              "dev-only manifests)."))
    package_manifests: tuple[str, ...] = field(
        default=("package.json", "pyproject.toml", "setup.cfg", "setup.py"),
        metadata=about(NAMES, "File names that mark a package root."))
    # tree-sitter parses 8 MB of TypeScript in ~0.5 s (docs/concepts/anchoring-rules.md#big-files)
    max_parse_bytes: int = field(
        default=8_000_000,
        metadata=about(COUNT, "Source files larger than this many bytes are not parsed and are "
                              "reported NOT COVERED."))


@dataclass(frozen=True)
class AnchorsConfig:
    """Guards on the names that link changed code to pages."""

    corpus_share: float = field(
        default=0.15,
        metadata=about(SHARE, "An anchor named on more than max(3, share × pages) "
                              "hand-written pages is over-broad and dropped."))
    max_routes_per_symbol: int = field(
        default=3,
        metadata=about(COUNT, "A symbol wired into more routes than this is cross-cutting and "
                              "bridged to none."))
    max_rows_per_anchor: int = field(
        default=8,
        metadata=about(COUNT, "An anchor naming more hand-written pages than this is folded "
                              "into one line, \"named on N pages\" (never a removed name)."))
    generic_names: tuple[str, ...] = field(
        default=(),
        metadata=about(NAMES, "Names that never anchor, added to the built-in generic names."))


@dataclass(frozen=True)
class RoutesConfig:
    """Files that wire routes, read to bridge a symbol to the route it serves."""

    registrars: Globs = field(
        default=Globs(()),
        metadata=about(GLOBS, "Extra route-registering files (auto-detection always runs)."))
    ledgers: Globs = field(
        default=Globs(("**/*route-ledger.ts", "**/openapi.json", "**/openapi.yaml",
                       "**/openapi.yml")),
        metadata=about(GLOBS, "Route-to-client tables and OpenAPI documents."))


@dataclass(frozen=True)
class CommentConfig:
    """The Docs Drift Check comment."""

    row_cap: int = field(
        default=15,
        metadata=about(COUNT, "Editable rows the Docs Drift Check comment shows before it omits "
                              "the rest."))
    guardrails_doc: str = field(
        # none by default: a page this repository may not have is no rule to point to
        # (`govern init` names its AGENTS.md or contributing guide when there is one)
        default="",
        metadata=about(TEXT, "The page the comment's read-only notice points to; empty names "
                             "none."))
    bot_login: str = field(
        default="github-actions[bot]",
        metadata=about(TEXT, "Whose sticky comments govern may edit (the Actions token's "
                             "account)."))
    retry_budget: int = field(  # issue 13
        default=300,
        metadata=about(COUNT, "Seconds a delivery may wait in all on GitHub's rate limits and "
                              "outages before it degrades."))


@dataclass(frozen=True)
class DeclarationsConfig:
    """The declaration lines and changeset bumps the declaration gates require."""

    required: tuple[str, ...] = field(
        default=("Clause-②", "Metadata-protocol"),
        metadata=about(NAMES, "Declaration lines every carrier (the PR body, each changeset) "
                              "must hold."))
    levels: dict[str, str] = field(
        default_factory=lambda: {"none": "patch", "additive": "minor", "breaking": "minor"},
        metadata=about(LEVELS, "The minimum changeset bump each Metadata-protocol value owes."))
    skip_label: str = field(
        default="skip-changeset",
        metadata=about(TEXT, "A PR with this label needs no changeset."))
    allow_major_label: str = field(
        default="allow-major",
        metadata=about(TEXT, "A PR with this label may introduce a major bump."))


GATES = ("declarations", "changesets", "release-owned", "size", "governed", "trailers",
         "docs-refs")
"""Every ``govern check`` gate, in the order docs/how-to/gates.md lists them."""

NEUTRAL = ("size", "docs-refs")
"""What every repository wants; the process gates are opt-in (issue 14)."""

PRESET = "preset name"
GATE_NAMES = "list of gate names"

PRESETS: dict[str, frozenset[str]] = {
    "minimal": frozenset(NEUTRAL),
    "changesets": frozenset((*NEUTRAL, "changesets")),
    # the declaration-and-review process govern grew from
    "contract": frozenset(GATES),
}
"""Preset name → the gates it enables (docs/how-to/gates.md#presets)."""


@dataclass(frozen=True)
class GatesConfig:
    """The repository gates of `govern check`."""

    preset: str = field(
        default="minimal",
        metadata=about(one_of(PRESET, tuple(PRESETS)), "Which gates run: `minimal` (size, "
                       "docs-refs), `changesets` (adds changesets) or `contract` (every gate)."))
    enable: tuple[str, ...] = field(
        default=(),
        metadata=about(names_of(GATE_NAMES, GATES), "Gates enabled on top of the preset."))
    disable: tuple[str, ...] = field(
        default=(),
        metadata=about(names_of(GATE_NAMES, GATES),
                       "Gates disabled even when the preset enables them."))

    release_owned_labels: tuple[str, ...] = field(
        default=("release", "docs-only"),
        metadata=about(NAMES, "PR labels that allow editing release-owned pages."))
    release_owned_actors: tuple[str, ...] = field(
        default=("github-actions[bot]",),
        metadata=about(NAMES, "Logins allowed to edit release-owned pages."))
    human_merge_lines: int = field(
        default=3000,
        metadata=about(COUNT, "A PR changing more lines than this needs a human merge."))
    size_ignore: Globs = field(
        default=Globs(LOCKFILES),
        metadata=about(GLOBS, "Paths the size gate does not count."))
    governed: Globs = field(
        # .changeset/config.json decides what the changesets tool releases ("ignore": [...])
        default=Globs((".github/**", "govern.toml", "AGENTS.md", "docs/adr/**",
                       ".changeset/config.json")),
        metadata=about(GLOBS, "Paths whose change needs a contract-review record on the current "
                              "head."))
    # GitHub's closing-keyword grammar (optional colon, OWNER/REPO#N, issue URLs) and the card
    # relations; matched in RE2, so no commit message can make the gate crawl (issue 13)
    trailer_forbidden: tuple[str, ...] = field(
        default=(
            r"(?i)\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?|part of|refs)(?::[ \t]*|[ \t]+)"
            r"(?:[\w.-]+/[\w.-]+#|#|https?://[^\s/]+/[\w.-]+/[\w.-]+/issues/)\d",
        ),
        metadata=about(REGEXES, "Patterns refused in commit messages, in RE2 syntax (no "
                                "lookarounds or backreferences)."))
    model_families: tuple[str, ...] = field(
        default=("claude", "opus", "sonnet", "haiku", "gpt", "o1", "o3", "o4", "gemini", "llama",
                 "mistral", "mixtral", "codestral", "deepseek", "qwen", "grok"),
        metadata=about(NAMES, "Model-id families refused in commit messages (claude-…, gpt-4o, "
                              "o3)."))

    def enabled(self, gate: str) -> bool:
        """Whether ``gate`` runs: the preset's gates, plus ``enable``, minus ``disable``."""
        return (gate in PRESETS[self.preset] or gate in self.enable) and gate not in self.disable


@dataclass(frozen=True)
class OverlapConfig:
    """PR overlap."""

    ignore: Globs = field(
        default=Globs(LOCKFILES),
        metadata=about(GLOBS, "Paths never counted as a file two PRs share."))


@dataclass(frozen=True)
class ReviewConfig:
    """Contract-review records."""

    trusted_authors: tuple[str, ...] = field(
        default=(),
        metadata=about(NAMES, "Logins whose review records count; when empty, anyone with "
                              "write access, never the PR author."))
    closing_issue_thread: bool = field(
        default=True,
        metadata=about(FLAG, "Whether records are also looked for on the issue the PR closes."))


@dataclass(frozen=True)
class CalibrateConfig:
    """`govern calibrate`: replaying past commits to measure affected-docs on a repository."""

    max_files: int = field(
        default=50,
        metadata=about(COUNT, "A commit changing more files than this is a mass change, which "
                              "govern calibrate skips."))


@dataclass(frozen=True)
class Config:
    """The whole validated configuration; every section has working defaults."""

    docs: DocsConfig = field(default_factory=DocsConfig)
    code: CodeConfig = field(default_factory=CodeConfig)
    anchors: AnchorsConfig = field(default_factory=AnchorsConfig)
    routes: RoutesConfig = field(default_factory=RoutesConfig)
    comment: CommentConfig = field(default_factory=CommentConfig)
    declarations: DeclarationsConfig = field(default_factory=DeclarationsConfig)
    gates: GatesConfig = field(default_factory=GatesConfig)
    overlap: OverlapConfig = field(default_factory=OverlapConfig)
    review: ReviewConfig = field(default_factory=ReviewConfig)
    calibrate: CalibrateConfig = field(default_factory=CalibrateConfig)
    source: str = "defaults"
    """Where the configuration came from: a file path, ``<rev>:<path>``, or ``defaults``."""
    warnings: tuple[str, ...] = ()
