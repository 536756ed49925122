"""Attack: stall (or swamp) ``govern review render|lint`` with a YAML record whose aliases
repeat a long value. PyYAML shares one string per anchor, and the reader collapsed the
whitespace of every alias again: 16,000 aliases of a 16,000-word scalar (a 180 kB file) took
many seconds, quadratic, before rendering all 1.3 GB of it; nested anchors made it exponential.
The reader now counts the characters of the values it reads, aliases written out, and refuses
the record (exit 2) past MAX_EXPANDED_CHARS or the file's own length, if longer; a record that
reuses a value honestly renders as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.core.errors import PayloadError
from govern.review import RecordError, parse_review_yaml, render_review, yaml_reader
from tests.security.pr import within

HONEST = ("served_tier: standard\nhead_sha: 1a2b3c4d\nlocal_runs: none\n"
          "inputs_read: the PR\nsemver: patch\nverdict: PASS\n")
REMEDY = ("  remedy: a contract-review record is a flat set of keys; pass the record, not a "
          "generated document")
ALIASES = 16_000


def _aliased(count: int) -> str:
    return f"scope: &s '{'word ' * count}'\ndesign:\n" + "  - *s\n" * count


def render(tmp_path: Path, text: str) -> Result:
    path = tmp_path / "record.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "review", "render", str(path)])


def test_aliases_repeating_a_long_value_are_refused_at_once() -> None:
    def refused() -> PayloadError:
        with pytest.raises(PayloadError) as caught:
            parse_review_yaml(_aliased(ALIASES), "record.yaml")
        return caught.value

    error = within(refused, seconds=5)
    assert error.message == ("record.yaml expands to more than 1,000,000 characters when its "
                             "aliases are written out")
    # a value reused honestly reads as if written out
    assert parse_review_yaml(HONEST + "scope: &s src/app.py\ndesign: [*s, *s]\n") == (
        parse_review_yaml(HONEST + "scope: src/app.py\ndesign: [src/app.py, src/app.py]\n"))


def test_nested_anchors_are_refused_exit_2(tmp_path: Path) -> None:
    # ten of ten of ... six levels: a million copies of one ten-character scalar
    levels = [f"x0: &x0 [{', '.join(['xxxxxxxxxx'] * 10)}]\n"]
    levels += [f"x{n}: &x{n} [{', '.join([f'*x{n - 1}'] * 10)}]\n" for n in range(1, 6)]
    # the reader quotes a verdict it does not know: str() would write out every alias
    got = render(tmp_path, HONEST.replace("verdict: PASS\n", "") + "".join(levels)
                 + "verdict: *x5\n")
    assert got.exit_code == 2, got.output
    assert got.stderr.splitlines() == [
        f"Error: {tmp_path / 'record.yaml'} expands to more than 1,000,000 characters when its "
        "aliases are written out", REMEDY]
    honest = render(tmp_path, HONEST + "scope: &s src/app.py\ndesign: [*s]\n")
    assert honest.exit_code == 0, honest.output
    assert honest.stdout == render_review(parse_review_yaml(
        HONEST + "scope: src/app.py\ndesign: [src/app.py]\n"))


def test_the_bound_counts_values_read_and_the_file_s_own_length(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml_reader, "MAX_EXPANDED_CHARS", 1_000)
    long_scope = "word " * 1_000  # 5,000 characters written out: read as before
    assert parse_review_yaml(HONEST + f"scope: '{long_scope}'\n").scope == long_scope.strip()
    with pytest.raises(PayloadError):  # the same value twice by an alias: past the file
        parse_review_yaml(HONEST + f"scope: &s '{long_scope}'\ndesign: [*s]\n")
    # an alias under a key the reader does not read costs nothing: a shape problem (exit 1)
    with pytest.raises(RecordError):
        parse_review_yaml(HONEST + f"scope: &s '{long_scope}'\nnotes: [*s, *s, *s]\n")
