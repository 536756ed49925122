"""Finds the shipped templates, workflows and schemas: package data in a wheel
(``govern/_data``), the top-level source folders in a checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_dir(kind: str) -> Path:
    """The folder holding ``kind`` (``templates``, ``workflows`` or ``schemas``)."""
    packaged = resources.files("govern").joinpath("_data", kind)
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / kind


def read_data(kind: str, name: str) -> str:
    return (data_dir(kind) / name).read_text(encoding="utf-8")
