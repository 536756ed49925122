"""The layout's rules, read from the source: no command module imports another, and no two
packages of ``govern`` import each other (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import govern

ROOT = Path(govern.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every ``govern…`` module a file imports, at any depth (lazy imports count)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("govern"):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("govern"))
    return found


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, set[str]]:
    return {_module(path): _imports(path) for path in ROOT.rglob("*.py")}


def _package(module: str, depth: int) -> str:
    return ".".join(module.split(".")[:depth])


def _package_cycles(depth: int) -> list[tuple[str, str]]:
    modules = _modules()
    edges: dict[str, set[str]] = {}
    for module, imported in modules.items():
        for target in imported:
            if target not in modules:
                continue  # ``from govern.x import name``: the name, not a module
            a, b = _package(module, depth), _package(target, depth)
            if a != b and module.count(".") >= depth - 1 and target.count(".") >= depth - 1:
                edges.setdefault(a, set()).add(b)
    return sorted((a, b) for a, targets in edges.items() for b in targets
                  if a < b and a in edges.get(b, set()))


def test_no_command_module_imports_another() -> None:
    commands = {m: i for m, i in _modules().items() if m.startswith("govern.commands.")}
    crossing = sorted((module, target) for module, imported in commands.items()
                      for target in imported
                      if target in commands and target != module
                      and target != "govern.commands.shared")
    assert crossing == []


def test_no_two_packages_import_each_other() -> None:
    assert _package_cycles(2) == []


def test_no_two_subpackages_of_a_package_import_each_other() -> None:
    assert _package_cycles(3) == []


def test_the_checker_sees_a_cycle(tmp_path: Path, monkeypatch) -> None:
    """The rule above could pass by reading nothing: a planted cycle must be found."""
    for name, target in (("alpha", "beta"), ("beta", "alpha")):
        (tmp_path / "govern" / name).mkdir(parents=True)
        (tmp_path / "govern" / name / "__init__.py").write_text(
            f"from govern.{target} import thing\n", encoding="utf-8")
    (tmp_path / "govern" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path / "govern")
    assert _package_cycles(2) == [("govern.alpha", "govern.beta")]
