"""What govern counts as a test file: never a source of anchors (docs/concepts/affected-docs.md)."""

from __future__ import annotations

import pytest

from govern.git.packages import is_test_file


@pytest.mark.parametrize(("path", "expected"), [
    ("test_app.py", True), ("pkg/test_app.py", True), ("pkg/app_test.py", True),
    ("conftest.py", True), ("web/a.test.ts", True), ("web/b.spec.tsx", True),
    ("bench/c.bench.js", True), ("tests/helpers.py", True), ("a/test/x.ts", True),
    ("web/__tests__/y.ts", True), ("web/__mocks__/z.ts", True),
    ("app.py", False), ("test.py", False), ("pkg/testing/x.py", False),  # a name, not a test
    ("pkg/contest.py", False), ("web/latest.ts", False), ("tests", False),  # a file named so
    ("web/test_utils.ts", False), ("docs/spec.md", False), ("a/mytests/x.py", False),
])
def test_test_files_by_name_and_folder(path: str, expected: bool) -> None:
    assert is_test_file(path) is expected
