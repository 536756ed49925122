"""Where a page installs a package: the names an install command in its code gives
(``pip install mkdocs-bootswatch``, ``npm i -D pino-pretty``, ``yarn add fastify-websocket``),
as a removed dependency's anchor is matched (docs/concepts/anchoring-rules.md#dependencies)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from govern.drift.docs.invocations import invoked_at
from govern.drift.docs.scanner import code_regions
from govern.git.packages import python_requirement

INSTALLERS = ("pip", "pip3", "pipx", "uv", "poetry", "pdm", "rye", "conda", "mamba",
              "npm", "pnpm", "yarn", "bun")
"""The programs an install command opens with: only pages writing one are read for them."""

_COMMAND = re.compile(
    r"(?<![\w.-])(?:"
    r"(?P<python>(?:python3?+[ \t]++-m[ \t]++)?+(?:pip3?+|pipx|conda|mamba)[ \t]++install"
    r"|uv[ \t]++pip[ \t]++install|(?:uv|poetry|pdm|rye)[ \t]++add)"
    r"|(?P<node>(?:npm|pnpm|bun)[ \t]++(?:install|i|add)|yarn[ \t]++(?:global[ \t]++)?add)"
    r")(?![\w-])")
"""An install command's program and verb: ``pip install``, ``python -m pip install``, ``uv
add``, ``npm i``, ``yarn add``. ``Successfully installed typer rich`` and a bare ``npm
install`` of a project's own dependencies name no package to it."""
_ARGUMENT = re.compile(r"(?:[ \t]|\\\r?\n)*+([^\s;&|<>()`]++)")
"""One word of a command's arguments; a backslash ending the line goes on to the next. A
shell operator, a backtick (a code span's end), a comment or the line's end closes the
command."""
_VALUED = frozenset({
    "-r", "--requirement", "-c", "--constraint", "-e", "--editable", "-i", "--index-url",
    "--extra-index-url", "-f", "--find-links", "-t", "--target", "--prefix", "--root",
    "-p", "--python", "-w", "--workspace", "--filter", "--registry", "--channel", "-n",
    "--name", "-G", "--group", "-E", "--extras", "--no-binary", "--only-binary"})
"""Options whose next word is their value, not a package: ``-r requirements.txt``, ``-c
conda-forge``, ``--filter web``."""
_NPM_NAME = re.compile(r"(?:@[\w.~-]++/)?+[\w.~-]++")


def _npm_name(word: str) -> str | None:
    """The package of an npm install's word (``@scope/name@^2`` is ``@scope/name``); None
    for a path, a URL, a git shorthand (``user/repo``)."""
    match = _NPM_NAME.match(word)
    if match is None or word.startswith((".", "~")):
        return None
    rest = word[match.end():]
    return match.group() if not rest or rest.startswith("@") else None


def _packages(word: str, python: bool) -> list[str]:
    """The names an install command's word gives: a Python requirement's name and each of its
    extras as ``name[extra]`` (PEP 503 and 685: ``Foo_Bar[Dev]`` is ``foo-bar[dev]``); an
    npm package's name as written."""
    word = word.strip("\"'")
    if not python:
        name = _npm_name(word)
        return [] if name is None else [name]
    found = python_requirement(word)
    if found is None:
        return []
    name, extras = found
    return [name, *(f"{name}[{extra}]" for extra in extras)]


def _code(text: str, path: str) -> tuple[list[int], list[int]]:
    """The starts and ends of the page's code regions, overlapping ones merged (an inline
    span inside a fenced block), for a look-up by offset."""
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(code_regions(text, path)):
        if ends and start <= ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


def installed(text: str, path: str) -> Iterator[tuple[str, int]]:
    """(name, offset) of each package an install command in the page's code names: a
    command in a fenced or indented block, an rst literal block or an inline code span, or
    one in command position as a program is run (:func:`invoked_at`: after a prompt or an
    indent, in a fence an admonition indents, opening a code span the scanner pairs
    otherwise, as mkdocs' `` `pip install mkdocs-bootswatch` `` after a span broken over two
    lines). Its words are read up to the line's end, a
    shell operator, a backtick or a comment, less options and their values. The next command
    is looked for after them: each character is read once by each pattern (``pip install
    pip install …`` is one command), linear in the page."""
    starts, ends = _code(text, path)
    at = 0
    while (command := _COMMAND.search(text, at)) is not None:
        at = command.end()
        region = bisect_right(starts, command.start()) - 1
        inside = region >= 0 and command.start() < ends[region]
        if not inside and not invoked_at(text, command.start(), command.group().split()[0]):
            continue
        end = ends[region] if inside else len(text)
        python, skip = command.group("python") is not None, False
        while (word := _ARGUMENT.match(text, at, end)) is not None:
            at = word.end()
            value = word.group(1)
            if value.startswith("#"):
                break
            if skip or value.startswith("-"):
                skip = not skip and value in _VALUED
                continue
            for name in _packages(value, python):
                yield name, word.start(1)
