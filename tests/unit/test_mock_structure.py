"""The mock's modules form layers (``fleetapi_mock.LAYERS``): a module imports its own layer
or the layers below, never one above; handlers never import each other; no module-level import
cycle exists (lazy imports inside functions are deliberate)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fleetapi_mock import LAYERS

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "fleetapi_mock"


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


def _all_imports(path: Path) -> set[str]:
    """The ``fleetapi_mock`` modules a module imports anywhere (lazy imports included;
    imports for type checking alone count too: they are arrows of the design all the same)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        found.update(n for n in names if n in MODULES)
    return found


GRAPH = {name: _eager_imports(path) for name, path in MODULES.items()}

HANDLER_MODULES = sorted(n for n in MODULES if n.startswith("fleetapi_mock.handlers."))

_PACKAGES = [package for package, _ in LAYERS]


def layer_of(module: str) -> int:
    """The index in ``LAYERS`` of the layer ``module`` belongs to (0 is the top)."""
    for index in range(len(_PACKAGES) - 1, 0, -1):
        package = _PACKAGES[index]
        if module == package or module.startswith(package + "."):
            return index
    return 0


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_layer_above_its_own(module: str) -> None:
    own = layer_of(module)
    upward = sorted(n for n in _all_imports(MODULES[module]) if layer_of(n) < own)
    assert upward == [], f"{module} ({_PACKAGES[own]}) imports {upward} from a layer above"


def test_every_module_belongs_to_a_layer_package() -> None:
    """The package root holds only the entry points: everything else lives in a layer."""
    root = sorted(n for n in MODULES if layer_of(n) == 0)
    assert root == ["fleetapi_mock", "fleetapi_mock.pytest_plugin"]


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


def test_the_structure_check_sees_the_layers() -> None:
    assert "fleetapi_mock.handlers.task" in HANDLER_MODULES
    assert "fleetapi_mock.domain.task" in GRAPH["fleetapi_mock.handlers.task"]
    assert layer_of("fleetapi_mock.web.router") < layer_of("fleetapi_mock.handlers.task")
    assert layer_of("fleetapi_mock.handlers") < layer_of("fleetapi_mock.domain.context")
    assert layer_of("fleetapi_mock.domain.task") < layer_of("fleetapi_mock.state.world")
