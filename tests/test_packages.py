"""What govern counts as a test file: never a source of anchors (docs/concepts/affected-docs.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.git.packages import (
    _TEST_DIRS,
    is_dev_only_manifest_change,
    is_example_file,
    is_test_file,
    package_of,
)
from tests.helpers import pr_repo, rows, run_json


@pytest.mark.parametrize(("path", "expected"), [
    ("test_app.py", True), ("pkg/test_app.py", True), ("pkg/app_test.py", True),
    ("conftest.py", True), ("web/a.test.ts", True), ("web/b.spec.tsx", True),
    ("bench/c.bench.js", True), ("tests/helpers.py", True), ("a/test/x.ts", True),
    ("web/__tests__/y.ts", True), ("web/__mocks__/z.ts", True),
    ("dts/setupHelpers.test-d.ts", True),  # a type test (tsd, vitest's typecheck)
    # a suffix names a test script too: commander's type test, Deno's convention
    ("typings/commander-tests.ts", True), ("src/url_test.ts", True), ("a/b-test.mjs", True),
    ("lib/run-tests.jsx", True),
    # a package's tests in one file (ava, mocha), a Django app's tests
    ("test.js", True), ("lib/test.mjs", True), ("test.cjs", True), ("test.ts", True),
    ("app/tests.py", True),
    ("test.jsx", False), ("latest.js", False), ("test.json", False), ("tests.ts", False),
    ("app.py", False), ("test.py", False), ("pkg/testing/x.py", False),  # a name, not a test
    ("pkg/contest.py", False), ("web/latest.ts", False), ("tests", False),  # a file named so
    ("web/test_utils.ts", False), ("docs/spec.md", False), ("a/mytests/x.py", False),
    ("src/latest.ts", False), ("src/contest.mjs", False), ("src/-tests.ts", False),
    ("src/a-tests.json", False), ("src/a-testing.ts", False),
])
def test_test_files_by_name_and_folder(path: str, expected: bool) -> None:
    assert is_test_file(path) is expected


def test_every_test_folder_holds_a_word_the_quick_test_looks_for() -> None:
    # is_test_file turns a path away by substrings before the split: a folder added to
    # _TEST_DIRS without one of them would never be found
    assert all("test" in folder or folder in ("__mocks__", "__fixtures__")
               for folder in _TEST_DIRS)


@pytest.mark.parametrize(("path", "expected"), [
    ("docs_src/commands/tutorial004.py", True), ("examples/app/main.ts", True),
    ("packages/x/example/a.py", True), ("docs/conf.py", True),
    ("src/examples.py", False), ("src/pkg/exampled/a.py", False), ("examples", False),
    # a docs site's own code, under its tool's dot folder (vite's VitePress theme)
    ("docs/.vitepress/theme/composables/sponsor.ts", False),
])
def test_example_files_by_folder(path: str, expected: bool) -> None:
    assert is_example_file(path) is expected


@pytest.mark.parametrize(("path", "dirs", "expected"), [
    ("packages/a/src/x.ts", {"", "packages/a"}, "packages/a"),  # the deepest ancestor
    ("packages/a/src/x.ts", {"packages/a", "packages/a/src"}, "packages/a/src"),
    ("packages/ab/x.ts", {"packages/a"}, "packages"),  # a prefix of a name is no ancestor
    ("packages/a/x.ts", {"packages/a/x.ts"}, "packages"),  # nor the path itself
    ("gone/deep/x.ts", {"other"}, "gone"),  # no package: the top folder names it
    ("gone/deep/x.ts", {"", "other"}, ""),  # …unless the root is one
    ("x.ts", {"x"}, ""),
])
def test_the_package_of_a_path(path: str, dirs: set[str], expected: str) -> None:
    assert package_of(path, frozenset(dirs)) == expected


@pytest.mark.parametrize(("filename", "old", "new", "dev_only"), [
    ("package.json", '{"scripts": {"test": "a"}}', '{"scripts": {"test": "b"}}', True),
    ("package.json", '{"devDependencies": {}}', '{"devDependencies": {"x": "1"}}', True),
    # run on every consumer's install, or building what is published
    ("package.json", '{"scripts": {}}', '{"scripts": {"postinstall": "curl x | sh"}}', False),
    ("package.json", '{"scripts": {"prepack": "a"}}', '{"scripts": {"prepack": "b"}}', False),
    ("package.json", '{"dependencies": {}}', '{"dependencies": {"x": "1"}}', False),
    ("pyproject.toml", "[tool.ruff]\nline-length = 99\n", "[tool.ruff]\nline-length = 100\n",
     True),
    ("pyproject.toml", "", '[dependency-groups]\ndev = ["x"]\n', True),
    ("pyproject.toml", "[tool.poetry.group.dev.dependencies]\n",
     '[tool.poetry.group.dev.dependencies]\nx = "1"\n', True),
    # Poetry's name and dependencies, and how the package is built
    ("pyproject.toml", "[tool.poetry.dependencies]\n", '[tool.poetry.dependencies]\nx = "1"\n',
     False),
    ("pyproject.toml", "[tool.hatch.build]\n", '[tool.hatch.build]\nexclude = ["x"]\n', False),
    ("pyproject.toml", "[tool.hatch.envs.dev]\n", '[tool.hatch.envs.dev]\nx = "1"\n', True),
])
def test_a_dev_only_edit_changes_nothing_a_consumer_gets(
        filename: str, old: str, new: str, dev_only: bool) -> None:
    assert is_dev_only_manifest_change(filename, old, new) is dev_only


def test_a_root_test_js_is_skipped_as_tests_and_its_package_code_is_read(
        tmp_path: Path) -> None:
    """got's root ``test.js`` (ava): skipped as a test file, not NOT COVERED; ``index.js``
    beside it is still read."""
    base = {"package.json": '{"name": "got"}\n',
            "index.js": "export function fetchPage(url) {}\n",
            "test.js": "test('fetch', () => fetchPage('a'));\n",
            "docs/usage.md": "Call `fetchPage()`.\n"}
    data = run_json(pr_repo(tmp_path, base, {
        "test.js": "test('fetch', () => fetchPage('b'));\n",
        "index.js": "export function fetchPage(url, options) {}\n"}), "main")
    assert data["skipped"]["test_files"] == 1
    assert [c["path"] for c in data["anchorless_changes"]] == []
    assert list(rows(data)) == ["docs/usage.md"]
