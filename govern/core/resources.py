"""Finds the shipped templates, workflows and schemas: package data in a wheel
(``govern/_data``), the top-level source folders in a checkout."""

from __future__ import annotations

from pathlib import Path


def data_dir(kind: str) -> Path:
    """The folder holding ``kind`` (``templates``, ``workflows`` or ``schemas``).

    Found from this file, not through ``importlib.resources``: govern is installed as files
    (the wheel is not zip-safe, its data is read as paths), and that module with the
    ``tempfile`` it imports is ~5 ms of every run's start."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "_data" / kind
    return packaged if packaged.is_dir() else package.parent / kind


def read_data(kind: str, name: str) -> str:
    return (data_dir(kind) / name).read_text(encoding="utf-8")
