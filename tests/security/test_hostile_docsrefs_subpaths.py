"""Attack: stall docs-refs, or make it read outside a package, with the subpaths a PR's pages import
and the ``exports`` patterns and self-references its packages declare. A pattern's ``*`` is replaced
in each of its targets by what it stands for, so a target of thousands of ``*`` times a page's long
subpath was a string of hundreds of megabytes; every subpath asked is matched against every pattern
key, as many as the manifest's bytes allow; a file may re-export its own package's subpaths by name,
or the repository's other packages it depends on, which may re-export each other in a ring or fan
out over thousands; and a subpath of ``..`` would lead a pattern out of its package's folder. A
substituted target is refused past ``_MAX_TARGET`` characters, a map of more than ``_MAX_PATTERNS``
patterns is not matched, the modules one import reaches by package name are read once each and at
most ``_MAX_OWN`` of them, and a pattern's part is refused where Node refuses it (``..``, ``.``, an
empty segment, ``node_modules``)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from govern.docsrefs.model import Status
from govern.docsrefs.python_table import paths_of
from govern.docsrefs.ts_table import _MAX_OWN, TsTable, build_ts_table
from tests.security.pr import within


def _table(files: dict[str, str], reads: list[str] | None = None) -> TsTable:
    def read(path: str) -> bytes | None:
        if reads is not None:
            reads.append(path)
        return files[path].encode() if path in files else None

    manifests = {path: text for path, text in files.items() if path.endswith("package.json")}
    return within(lambda: build_ts_table(manifests, read, paths_of(files)))


def test_a_target_of_many_stars_is_not_multiplied_by_a_long_subpath() -> None:
    files = {"package.json": json.dumps({"name": "pkg", "exports": {
        "./*": {"types": [f"./{'*' * 200_000}{i}.d.ts" for i in range(16)]}}})}
    table = _table(files)
    part = "a" * 3_000  # a page's line holds 4,000 characters
    resolution = within(lambda: table.resolve(f"pkg/{part}:name"))
    assert resolution.status is Status.UNRESOLVABLE
    assert resolution.why is not None and "leads to no file the repository holds" in \
        resolution.why


def test_thousands_of_patterns_are_not_matched_against_thousands_of_subpaths() -> None:
    keys = {f"./k{i}/*": f"./dist/k{i}/*.js" for i in range(200_000)}
    files = {"package.json": json.dumps({"name": "pkg", "exports": {".": "./src/index.ts",
                                                                    **keys}}),
             "src/index.ts": "export const root = 1\n", "src/k7/x.ts": "export const x = 1\n"}
    table = _table(files)
    resolutions = within(lambda: [table.resolve(f"pkg/k{i}/x:x") for i in range(5_000)])
    assert {r.status for r in resolutions} == {Status.UNRESOLVABLE}
    assert resolutions[7].why == ("pkg/k7/x: pkg's `exports` map has more than 64 subpath "
                                  "patterns, which are not read: imports from it are "
                                  "unresolvable")
    assert table.resolve("pkg:root").status is Status.RESOLVED  # the root is still read


def _ring(size: int, fan: int) -> dict[str, str]:
    """A package whose module ``mI`` re-exports, by the package's name, the ``fan`` modules
    after it around a ring of ``size``."""
    files = {"package.json": json.dumps({"name": "pkg", "exports": {"./*": "./dist/*.js"}})}
    for i in range(size):
        files[f"src/m{i}.ts"] = "".join(f"export * from 'pkg/m{(i + j) % size}'\n"
                                        for j in range(1, fan + 1)) + f"export const n{i} = 1\n"
    return files


def _packages(size: int, fan: int) -> dict[str, str]:
    """``size`` packages around a ring, ``pI`` depending on and re-exporting all of the
    ``fan`` packages after it."""
    files = {}
    for i in range(size):
        after = [f"p{(i + j) % size}" for j in range(1, fan + 1)]
        files[f"packages/p{i}/package.json"] = json.dumps({
            "name": f"p{i}", "version": "1.0.0", "exports": {".": "./src/index.ts"},
            "dependencies": dict.fromkeys(after, "workspace:*")})
        files[f"packages/p{i}/src/index.ts"] = "".join(
            f"export * from '{name}'\n" for name in after) + f"export const n{i} = 1\n"
    return files


RINGS = pytest.mark.parametrize("ring, module", [
    (_ring, "pkg/m{}"),  # a package's own subpaths, by its name
    (_packages, "p{}"),  # the repository's packages, each depending on the next
])


@RINGS
def test_modules_re_exporting_each_other_by_name_are_read_once_each(
        ring: Callable[[int, int], dict[str, str]], module: str) -> None:
    table = _table(ring(3, 2))
    for i in range(3):  # each has the names of all three, and lacks the rest
        assert table.resolve(f"{module.format(i)}:n{(i + 2) % 3}").status is Status.RESOLVED
        assert table.resolve(f"{module.format(i)}:n3").status is Status.MISSING


@RINGS
def test_a_fan_of_re_exports_by_name_is_bounded(
        ring: Callable[[int, int], dict[str, str]], module: str) -> None:
    size = 2_000
    reads: list[str] = []
    table = _table(ring(size, 50), reads)
    resolutions = within(lambda: [table.resolve(f"{module.format(i)}:gone")
                                  for i in range(size)])
    # past _MAX_OWN modules reached, a name not found is unknowable, never a finding
    assert {r.status for r in resolutions} == {Status.UNRESOLVABLE}
    assert resolutions[0].why == (f"{module.format(0)}: its chains re-export more than "
                                  f"{_MAX_OWN} modules of the repository's packages: imports "
                                  "of names it does not list itself are unresolvable")
    assert len(reads) == len(set(reads))  # each file read once
    assert table.resolve(f"{module.format(0)}:n{_MAX_OWN - 10}").status is Status.RESOLVED


def test_a_subpath_never_leads_a_pattern_out_of_its_package() -> None:
    reads: list[str] = []
    files = {"packages/pkg/package.json": json.dumps({"name": "pkg", "exports": {
                 "./*": "./src/*.ts", "./deep/*": "./src/deep/*/index.ts"}}),
             "packages/pkg/src/index.ts": "export const root = 1\n",
             "secret.ts": "export const secret = 1\n",
             "packages/other/src/secret.ts": "export const secret = 1\n"}
    table = _table(files, reads)
    for specifier in ("pkg/../../../secret", "pkg/../../other/src/secret",
                      "pkg/deep/../../../../secret", "pkg/./../../secret",
                      "pkg/node_modules/x/secret"):
        assert table.resolve(f"{specifier}:secret").status is Status.UNRESOLVABLE
    assert not [path for path in reads if not path.startswith("packages/pkg/")]
