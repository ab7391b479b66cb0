"""The mock's modules form layers: handlers depend on shared modules, never on each other,
and no module-level import cycle exists (lazy imports inside functions are deliberate)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fleetapi_mock"


def _module_name(path: Path) -> str:
    parts = ["fleetapi_mock", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _eager_imports(path: Path) -> set[str]:
    """The ``fleetapi_mock`` modules a module imports when it is imported."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:  # top level only
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            names += [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(n for n in names if n in MODULES)
    return found


GRAPH = {name: _eager_imports(path) for name, path in MODULES.items()}

HANDLER_MODULES = sorted(n for n in MODULES if n.startswith("fleetapi_mock.handlers."))


@pytest.mark.parametrize("module", HANDLER_MODULES)
def test_handlers_import_shared_modules_not_other_handlers(module: str) -> None:
    siblings = {n for n in GRAPH[module] if n.startswith("fleetapi_mock.handlers.")}
    assert siblings == set(), f"{module} imports {sorted(siblings)}: move the piece to a module"


def test_no_module_level_import_cycles() -> None:
    cycles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        for target in sorted(GRAPH[name]):
            if target in path:
                cycles.append([*path[path.index(target) :], target])
            elif target not in done:
                visit(target, [*path, target])
        done.add(name)

    done: set[str] = set()
    for start in sorted(GRAPH):
        if start not in done:
            visit(start, [start])
    assert cycles == []


def test_the_structure_check_sees_the_handlers() -> None:
    assert "fleetapi_mock.handlers.task" in HANDLER_MODULES
    assert "fleetapi_mock.tasks" in GRAPH["fleetapi_mock.handlers.task"]
