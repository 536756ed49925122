"""The pages an MkDocs site leaves out of its build, which ``govern init`` proposes out of the
corpus (``docs.exclude``): those its ``exclude_docs`` setting lists (MkDocs 1.5) and those the
exclude plugin's ``glob:`` list names (textual's ``**/_template.md``, templates for new widget
pages, which gave stale rows). The configurations are YAML, composed into nodes by PyYAML's
safe loader and never constructed: a tag (``!!python/name:``, ``!ENV``) is a node like any
other, and no alias or merge key is ever written out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from govern.config import Config
from govern.core.globs import Globs, glob_problem
from govern.core.json_input import DepthLimitedComposer, NestingError
from govern.init.generators import FoundGenerator, join_folder, under_folders

MKDOCS_CONFIGS = ("mkdocs.yml", "mkdocs.yaml")
"""The names ``mkdocs build`` reads by default; a root ``mkdocs-*.yml`` (textual's
``mkdocs-online.yml``) is built by naming it, and read as well."""
YAML_SUFFIXES = (".yml", ".yaml")
MAX_MKDOCS_FILES = 10
"""YAML files init reads for MkDocs settings beside those :func:`generator_configs` reads: the
root's ``mkdocs*`` files and those beside a configuration, where ``INHERIT`` names its base."""
MAX_INHERIT = 5
"""``INHERIT`` levels followed: a real chain has one (a translation over the default site)."""
MAX_MKDOCS_CHARS = 100_000
"""A configuration is composed up to this many characters (a real one holds a few thousand;
PyYAML's own composer, which bounds nesting, reads 100 kB in half a second)."""
MAX_MKDOCS_TOTAL = 500_000
"""Characters of MkDocs configurations composed in all (a couple of seconds): a real tree holds
a few files, or a few dozen translations of a few lines over one base."""
MAX_MKDOCS_SITES = 50
"""MkDocs sites whose exclusions init reads (fastapi's tree holds a few dozen translations)."""
MAX_EXCLUDES = 50
"""``exclude_docs`` lines and plugin globs read from one configuration: a real one lists a
few."""
MAX_EXCLUDE_CHARS = 200
"""A longer line or glob is not read: a real one is a path or two with a wildcard, and
matching costs a page's length times the glob's."""
_STR = "tag:yaml.org,2002:str"

Settings = dict[str, Any]
"""What one configuration file sets of what init reads: ``INHERIT``, ``docs_dir`` and
``exclude_docs`` (a plain string, None for any other value), ``site_name`` (True when set)
and ``plugins``, kept as MkDocs merges a file over the one it inherits: a list of plugins
replaces the base's (it holds the exclude plugin's settings, if any), a mapping is merged
with it plugin by plugin, the exclude plugin's settings key by key."""


class _Composer(DepthLimitedComposer, yaml.SafeLoader):
    """PyYAML's safe loader, its nesting bounded; only its composer is used."""


def _mapping(node: yaml.Node | None) -> dict[str, yaml.Node]:
    """A mapping node's values by their plain keys ({} for any other node)."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {key.value: value for key, value in node.value
            if isinstance(key, yaml.ScalarNode) and key.tag == _STR}


def _text(node: yaml.Node) -> str | None:
    """A plain string's value, None for any other node (``!ENV [DOCS_DIR, docs]``)."""
    return node.value if isinstance(node, yaml.ScalarNode) and node.tag == _STR else None


def _exclude_plugin(node: yaml.Node) -> dict[str, Any] | None:
    """The exclude plugin's settings: its ``glob`` list (one string, or a list whose plain
    strings are read, up to :data:`MAX_EXCLUDES`) and whether it sets ``regex``; None when it
    is enabled with none."""
    keys = _mapping(node)
    if not keys:
        return None
    settings: dict[str, Any] = {}
    if "glob" in keys:
        items = keys["glob"].value[:MAX_EXCLUDES] if isinstance(keys["glob"], yaml.SequenceNode) \
            else [keys["glob"]]
        settings["glob"] = [text for item in items if (text := _text(item)) is not None]
    if "regex" in keys:
        settings["regex"] = True
    return settings


def _plugins(node: yaml.Node) -> Any:
    """``plugins`` as :data:`Settings` keeps it: a list holding the exclude plugin's settings
    when it lists that plugin, a mapping of them under ``exclude``."""
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            if _text(item) == "exclude":
                return [None]
            if "exclude" in (keys := _mapping(item)):
                return [_exclude_plugin(keys["exclude"])]
        return []
    keys = _mapping(node)
    return {"exclude": _exclude_plugin(keys["exclude"])} if "exclude" in keys else {}


def mkdocs_settings(text: str) -> Settings | str:
    """What an MkDocs configuration sets of what init reads (:data:`Settings`), composed up to
    :data:`MAX_MKDOCS_CHARS`; or why it is not read."""
    try:
        root = yaml.compose(text[:MAX_MKDOCS_CHARS], Loader=_Composer)
    except NestingError as exc:
        return str(exc)
    except (yaml.YAMLError, RecursionError):
        return "not valid YAML"
    keys = _mapping(root)
    if not keys:
        return "not a mapping of settings"
    settings: Settings = {key: _text(keys[key]) for key in ("INHERIT", "docs_dir", "exclude_docs")
                          if key in keys}
    if "site_name" in keys:
        settings["site_name"] = True
    if "plugins" in keys:
        settings["plugins"] = _plugins(keys["plugins"])
    return settings


def _merged(base: Settings, over: Settings) -> Settings:
    """``over`` merged over ``base`` as MkDocs merges a configuration over the one it
    inherits: mappings key by key, anything else replaced."""
    merged = dict(base)
    for key, value in over.items():
        below = merged.get(key)
        merged[key] = _merged(below, value) if isinstance(below, dict) \
            and isinstance(value, dict) else value
    return merged


class SettingsReader:
    """Each MkDocs file's :func:`mkdocs_settings`, composed once however many configurations
    inherit it, until :data:`MAX_MKDOCS_TOTAL` characters were composed."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = texts
        self.left = MAX_MKDOCS_TOTAL
        self.read: dict[str, Settings | str] = {}

    def __call__(self, path: str) -> Settings | str | None:
        """``path``'s settings, or why they are not read; None for a file init did not read."""
        if path not in self.texts:
            return None
        if path not in self.read:
            text = self.texts[path][:MAX_MKDOCS_CHARS]
            self.left -= len(text)
            self.read[path] = mkdocs_settings(text) if self.left >= 0 else (
                f"past the first {MAX_MKDOCS_TOTAL:,} characters of MkDocs configurations")
        return self.read[path]


def inherited(config: str, read: SettingsReader) -> tuple[Settings, list[str]] | str:
    """``config``'s settings merged over those it inherits (``INHERIT``, relative to its
    folder, followed up to :data:`MAX_INHERIT` levels), and the files read, itself first; or
    why they cannot be read (a base init did not read is settings it does not know)."""
    chain: list[Settings] = []
    files: list[str] = []
    path: str | None = config
    while path is not None:
        if path in files or len(files) > MAX_INHERIT:
            return f"{config} inherits more than {MAX_INHERIT} levels deep, or in a loop"
        settings = read(path)
        if settings is None:
            return f"{config} inherits {path}, which init does not read"
        if isinstance(settings, str):
            return f"{path} is {settings}" if path == config else \
                f"{config} inherits {path}, {settings}"
        chain.append(settings)
        files.append(path)
        if "INHERIT" not in settings:
            path = None
        elif settings["INHERIT"] is None or (path := join_folder(
                path.rpartition("/")[0], settings["INHERIT"])) is None:
            return f"{config} inherits a file init cannot name"
    merged: Settings = {}
    for settings in reversed(chain):
        merged = _merged(merged, settings)
    return merged, files


def mkdocs_files(paths: list[str]) -> list[str]:
    """The YAML files init reads for MkDocs settings beyond the configurations it finds (at
    most :data:`MAX_MKDOCS_FILES`): the root's ``mkdocs*`` files and those beside a
    configuration, the bases ``INHERIT`` names (textual's ``mkdocs-common.yml``)."""
    folders = {p.rpartition("/")[0] for p in paths if p.rpartition("/")[2] in MKDOCS_CONFIGS
               and p.count("/") <= 2}
    return sorted(p for p in paths if p.endswith(YAML_SUFFIXES) and (
        p.rpartition("/")[0] in folders or "/" not in p and p.startswith("mkdocs")))[
        :MAX_MKDOCS_FILES]


def _sites(paths: list[str], texts: Mapping[str, str], generators: list[FoundGenerator]
           ) -> tuple[dict[str, Settings], list[str]]:
    """The MkDocs configurations of sites, each with its settings (inherited ones merged):
    those init found (``mkdocs.yml``), and the root's ``mkdocs*`` files that name a site
    (``site_name``) and that no other inherits (textual's ``mkdocs-online.yml`` and
    ``mkdocs-offline.yml``, not their ``mkdocs-common.yml`` base nor ``mkdocs-nav.yml``); and
    what cannot be read."""
    found = [config for generator, config, *_ in generators if generator.name == "MkDocs"]
    variants = [p for p in mkdocs_files(paths) if "/" not in p and p.startswith("mkdocs")
                and p not in found]
    configs = [*found, *variants]
    read: dict[str, tuple[Settings, list[str]]] = {}
    unread = [f"{len(configs) - MAX_MKDOCS_SITES} MkDocs configurations past the first "
              f"{MAX_MKDOCS_SITES}: not read"] if len(configs) > MAX_MKDOCS_SITES else []
    reader = SettingsReader(texts)
    for config in configs[:MAX_MKDOCS_SITES]:
        settings = inherited(config, reader)
        if isinstance(settings, str):
            unread.append(f"{settings}: not read")
        else:
            read[config] = settings
    bases = {base for _, files in read.values() for base in files[1:]}
    return {config: settings for config, (settings, _) in read.items()
            if config in found or config not in bases and settings.get("site_name")}, unread


def _in_docs_dir(folder: str, pattern: str, anywhere: bool) -> str | None:
    """A pattern relative to a site's ``docs_dir`` (``folder``, "" the root) as a glob relative
    to the root, its ``!`` kept; None for one init cannot say so (an escape, a path leaving
    the folder, one govern cannot match). ``anywhere``: a name with no ``/`` before its end
    matches at any depth, as in a gitignore file (``exclude_docs``), else the folder's own
    file (the plugin matches each page's path whole)."""
    negation = "!" if pattern.startswith("!") else ""
    rel = pattern[len(negation):]
    if len(pattern) > MAX_EXCLUDE_CHARS or not rel or "\\" in rel or ".." in rel.split("/"):
        return None
    if anywhere and "/" not in rel.rstrip("/"):
        rel = "**/" + rel
    elif not anywhere and rel.startswith("**/"):
        # the plugin's fnmatch reads ``**/`` as "some folders and a ``/``": never a page of
        # docs_dir itself, which gitignore's ``**/`` also matches
        rel = "*/" + rel
    rel = rel.removeprefix("/")
    glob = negation + (f"{folder}/{rel}" if folder else "/" + rel)
    return None if glob_problem(glob) else glob


def _rules(folder: str, settings: Settings) -> tuple[list[str], list[str], list[str]]:
    """A site's ``exclude_docs`` lines and exclude plugin's globs, as root-relative globs (the
    lines keep their order and negations, gitignore's), and what was not read."""
    lines = [line.rstrip() for line in (settings.get("exclude_docs") or "").splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    listed = [glob for line in lines[:MAX_EXCLUDES]
              if (glob := _in_docs_dir(folder, line, anywhere=True)) is not None]
    plugins = settings.get("plugins")
    plugin = (plugins[0] if plugins else None) if isinstance(plugins, list) \
        else plugins.get("exclude") if isinstance(plugins, dict) else None
    globs = [glob for item in (plugin or {}).get("glob", [])
             if (glob := _in_docs_dir(folder, item, anywhere=False)) is not None]
    unread = [f"{len(lines) - len(listed):,} exclude_docs line(s) (an escape, a path leaving "
              f"docs_dir, or past the first {MAX_EXCLUDES})"] if len(lines) > len(listed) else []
    if (plugin or {}).get("regex"):
        unread.append("the exclude plugin's regex")
    return listed, globs, unread


def mkdocs_excluded(pages: list[str], paths: list[str], texts: Mapping[str, str],
                    generators: list[FoundGenerator]) -> tuple[list[str], list[str]]:
    """``docs.exclude`` globs for the corpus ``pages`` an MkDocs site does not build, and what
    was seen. Each ``exclude_docs`` line and exclude plugin glob, relative to the site's
    ``docs_dir``, is proposed when it matches a page and every site built from that folder
    leaves out every page it matches: a negation (``!keep.md``) re-including one, or another
    configuration building it (textual's offline site builds the ``snippets/`` its online
    one leaves out), keeps it out of the proposal, and the note says so."""
    sites, seen = _sites(paths, texts, generators)
    # the default excludes' pages (a blog's posts) are out whatever the site builds
    default = Config().docs.exclude
    pages = [page for page in pages if not default.matches(page)]
    by_folder: dict[str, list[tuple[str, list[str], list[str]]]] = {}
    for config, settings in sites.items():
        docs_dir = settings.get("docs_dir", "docs")
        folder = None if docs_dir is None else join_folder(config.rpartition("/")[0], docs_dir)
        if folder is None:
            seen.append(f"{config}'s docs_dir is not a folder init can name: not read")
            continue
        listed, globs, unread = _rules(folder, settings)
        seen += [f"{config} sets {what}: not read" for what in unread]
        by_folder.setdefault(folder, []).append((config, listed, globs))
    held: dict[str, list[str]] = {folder: [] for folder in by_folder}
    for folder, page in under_folders(pages, held):
        held[folder].append(page)
    found: list[str] = []
    for folder, configs in by_folder.items():
        # what each site leaves out: a page exclude_docs leaves out (its last matching line
        # deciding, a negation included) or a plugin glob matches
        left_out = {config: _left_out(held[folder], listed, globs)
                    for config, listed, globs in configs}
        # as many as one configuration lists, however many configurations share the folder
        candidates = list(dict.fromkeys(glob for _, listed, globs in configs for glob in
                                        (*listed, *globs) if not glob.startswith("!")))[
            :MAX_EXCLUDES]
        proposed: list[str] = []
        kept: list[str] = []
        for glob in candidates:
            matched = set(Globs((glob,)).select(held[folder]))
            building = [config for config, out in left_out.items() if not matched <= out]
            if matched and not building:
                proposed.append(glob)
            elif matched:
                kept.append(f"{glob} not proposed: {' and '.join(building)} builds pages it "
                            "matches")
        if proposed:
            seen.append(f"{' and '.join(config for config, *_ in configs)}, pages no MkDocs "
                        f"site built from {folder or '.'}/ builds (exclude_docs, the exclude "
                        f"plugin's globs): {', '.join(proposed)}")
        seen += kept
        found += proposed
    return found, seen


def _left_out(pages: list[str], listed: list[str], globs: list[str]) -> set[str]:
    """The ``pages`` a site leaves out: those its ``exclude_docs`` lines leave out (the last
    line matching a page deciding, a negation included) or a plugin glob matches."""
    lines, plugin = Globs(tuple(listed)), Globs(tuple(globs))
    return {page for page in pages if lines.matches(page) or plugin.matches(page)}
