"""A scratch folder that Ctrl-C or SIGTERM cannot leave behind (govern.core.scratch)."""

from __future__ import annotations

import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from govern.core.scratch import scratch_folder, signals_held


@pytest.fixture
def stops_as_govern_does() -> Iterator[None]:
    """SIGTERM raises KeyboardInterrupt, as govern.cli makes it."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    yield
    signal.signal(signal.SIGTERM, before)


def _terminate() -> None:
    """SIGTERM to the main thread, the one whose mask holds it: ``os.kill`` would let the
    kernel hand it to any thread not blocking it (pytest-xdist runs a worker's I/O thread
    beside the tests), whose handler then runs at once; a single-threaded govern has only
    the main thread."""
    main = threading.main_thread().ident
    assert main is not None
    signal.pthread_kill(main, signal.SIGTERM)


def _interrupted_while_made(real: Callable[..., str]) -> Callable[..., str]:
    """``mkdtemp`` that makes its folder and then receives SIGTERM, before its caller can
    register the folder's removal: the worst moment."""
    def made(*args: Any, **kwargs: Any) -> str:
        path = real(*args, **kwargs)
        _terminate()
        return path
    return made


def test_an_interrupt_while_the_folder_is_made_still_removes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stops_as_govern_does: None) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(tempfile, "mkdtemp", _interrupted_while_made(tempfile.mkdtemp))
    entered = []
    with pytest.raises(KeyboardInterrupt), scratch_folder("govern-test-") as folder:
        entered.append(folder)
    assert list(tmp_path.iterdir()) == []
    # the signal waited until the folder's removal was sure, then stopped the body
    assert entered == []


def test_the_folder_goes_with_its_files_and_signals_are_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    with pytest.raises(RuntimeError), scratch_folder("govern-test-") as folder:
        (folder / "index").write_bytes(b"x")
        assert folder.parent == tmp_path and folder.name.startswith("govern-test-")
        assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before
        raise RuntimeError
    assert list(tmp_path.iterdir()) == []
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before


def test_an_interrupt_inside_a_held_block_waits_for_its_end(
        stops_as_govern_does: None) -> None:
    """The attributes' scratch folder is recorded before the signal stops the run, so the
    reader's close finds and removes it."""
    done = []
    with pytest.raises(KeyboardInterrupt), signals_held():
        _terminate()
        done.append("recorded")
    assert done == ["recorded"]
    assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
