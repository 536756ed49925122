"""Attack: stall the docs-drift job with a source file. A PR's sources are read for route
registrations, by hint patterns and then by the regions around the hints. Each hint looked
back to the start of its line: a file of one 8 MB line holding 450,000 hints took half a
minute, four times as long for each doubling. Every reader is linear now: each stretch of the
source is searched once, a line's indentation is measured once, the hints' type arguments
are bounded and never retried, and nesting is bounded by indentation."""

from __future__ import annotations

import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from govern.drift.anchors.regions import registration_regions
from govern.drift.anchors.routes import has_registration_line, registration_hints
from tests.security.pr import GENEROUS_SECONDS, within

EIGHT_MB = 8 * 1024 * 1024


def _read(source: bytes) -> list[tuple[int, int]] | None:
    hints = registration_hints(source)
    has_registration_line(source)
    return registration_regions(source, hints)


@pytest.mark.parametrize("unit", [
    b"app.get('/x', h); ",                     # many hints on one line
    b"s.get<" + b"T" * 150,                    # type arguments that never close
    b"s.get<{ ",                               # calls opening at the end of nothing
    b"`${a}" + b"x" * 50,                      # templates that never reach `}/`
    b"path: '/x', /* ",                        # keys and comment openers without an end
])
def test_a_single_hostile_line_is_read_in_linear_time(unit: bytes) -> None:
    source = b"export class Server {\n  mount() {\n    " + unit * (EIGHT_MB // len(unit)) + \
        b"\n  }\n}\n"
    within(partial(_read, source))


def test_deep_nesting_is_read_in_linear_time() -> None:
    """Members nested as deep as indentation goes, each large and hinted."""
    depth = 40
    inner = b"".join(b" " * depth + b"app.get('/x', h%d);\n" % i for i in range(20000))
    source = b"".join(b" " * level + b"a%d(() => {\n" % level for level in range(depth))
    source += inner + b"".join(b" " * level + b"});\n" for level in reversed(range(depth)))
    regions = within(partial(_read, source))
    assert regions is None  # every line is a hint: the whole file is parsed


def test_a_file_that_stalled_the_region_parse_is_read_at_once() -> None:
    """A TSX file found by fuzzing (CRLF lines, routes in an IIFE and an object table) on
    which tree-sitter's included ranges never returned: the regions are parsed as one text
    now. Run in a child process, since a parser stuck in C cannot be interrupted."""
    data = Path(__file__).parent / "data" / "regions_hang.tsx"
    program = (
        "import sys\n"
        "from pathlib import Path\n"
        "from govern.drift.anchors.routes import scan_typescript\n"
        "source = Path(sys.argv[1]).read_bytes()\n"
        "narrow = scan_typescript(source, 'web/app.tsx', 'tsx', whole=False).routes\n"
        "whole = scan_typescript(source, 'web/app.tsx', 'tsx', whole=True).routes\n"
        "print(len(narrow), narrow == whole)\n")
    done = subprocess.run([sys.executable, "-c", program, str(data)], capture_output=True,
                          text=True, timeout=GENEROUS_SECONDS, check=True)
    count, same = done.stdout.split()
    assert int(count) > 0 and same == "True"


def test_many_keys_on_a_deeply_indented_line_are_read_in_linear_time() -> None:
    """Each `path:` key compares its line's indentation with its object's: a line indented by
    4 MB and holding 100,000 keys is measured once."""
    line = b" " * (4 * 1024 * 1024) + b"path: '/x', " * 100_000
    source = b"export class Server {\n  mount() {\n" + line + b"\n  }\n" + \
        b"".join(b"  helper%d() { return %d; }\n" % (i, i) for i in range(2000)) + b"}\n"
    within(partial(_read, source))


def test_comment_lines_before_many_regions_are_read_once() -> None:
    """The line before each region is looked for past blank and comment lines: 100,000
    hinted comment members, each after an unhinted one, made every region look back to the
    class's first line."""
    members = b"".join(b"  // app.get('/x', h%d)\n  // note %d\n" % (i, i) for i in range(50_000))
    source = b"export class Server {\n" + members + b"  mount() {}\n}\n"
    within(partial(_read, source))


def test_changed_comment_lines_are_read_in_linear_time() -> None:
    """Which changed lines are all comment: the tree is walked into the nodes spanning a
    changed line, each once; 100,000 comment lines between code lines, all changed."""
    from govern.drift.anchors.comments import code_lines
    from govern.drift.anchors.syntax import parse

    source = ("function f() {\n" + "  // note\n  x = 1;\n" * 50_000 + "}\n").encode()
    tree = parse("typescript", source)
    kept = within(lambda: code_lines(tree, "typescript", source,
                                     frozenset(range(1, 100_003))))
    # the first comment opens the function's body, where a docstring would stand: kept
    assert len(kept) == 50_003 and {2, 3} <= kept and 4 not in kept
