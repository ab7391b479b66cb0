"""Docstrings as people read them, read once for every reader.

A field's docstring (the string written after it in its class) says what it holds, once: the
SDK's ``Args:``, the CLI's option help, the docs and the mock's OpenAPI schemas read it here.
It is read from the module's source, without importing the module (the CLI builds its options
before any model is imported), and each ``:data:`NAME``` of a module constant in it is replaced
by the constant's value (a help text says 500, or the sort fields themselves, never the
constant's name). Then :func:`plain_text` renders it for a terminal and :func:`markdown_of` for
the docs and the schemas.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import inspect
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "field_doc",
    "field_doc_in",
    "markdown_of",
    "plain_text",
    "resolve_constants",
    "summary",
]

_ROLE = re.compile(r":\w+:`(~?)([^`]+)`")
_CONSTANT_ROLE = re.compile(r":data:`~?((?:\w+\.)*[A-Z0-9_]+)`")


def _target(match: re.Match[str]) -> str:
    """The name a role points to: its last part after ``~`` (``:class:`~a.b.Task``` as
    ``Task``), else as written."""
    target = match.group(2)
    return target.rsplit(".", 1)[-1] if match.group(1) else target


def plain_text(text: str) -> str:
    """``text`` for a terminal: roles as the names they point to, literals without their
    backquotes (``:class:`~a.Task``` as ``Task``)."""
    return _ROLE.sub(_target, text).replace("``", "")


def markdown_of(text: str) -> str:
    """``text`` as Markdown: roles as code naming what they point to (``:func:`~a.b.c``` as
    `c`, ``:func:`a.b.c``` as `a.b.c`), double backquotes single ones."""
    return _ROLE.sub(lambda m: f"`{_target(m)}`", text).replace("``", "`")


def summary(docstring: str, module: str | None = None) -> str:
    """The first paragraph of a docstring on one line, as Markdown; with ``module``, its
    constants shown by value (:func:`resolve_constants`)."""
    text = " ".join(inspect.cleandoc(docstring).split("\n\n")[0].split())
    return markdown_of(resolve_constants(text, module) if module else text)


@dataclass(frozen=True)
class _ModuleDocs:
    """What a module's source says of its classes' fields."""

    docs: dict[tuple[str, str], str] = field(default_factory=dict)
    """Attribute docstrings (the string after a field) on one line, markup kept and module
    constants resolved, by class and field."""
    constants: dict[str, str] = field(default_factory=dict)
    """The module's constants as text (``500``; a set of names as ``a, b, c``)."""
    bases: dict[str, list[str]] = field(default_factory=dict)
    """The base classes each class names (plain names, as written)."""
    imported: dict[str, str] = field(default_factory=dict)
    """The module each name imported with ``from ... import`` comes from."""

    def lookup(self, class_name: str, name: str) -> str:
        """The docstring of field ``name`` of ``class_name`` or of a base it inherits it from
        (bases declared in the same module)."""
        seen: set[str] = set()
        pending = [class_name]
        while pending:
            current = pending.pop(0)
            if current in seen:
                continue
            seen.add(current)
            text = self.docs.get((current, name))
            if text:
                return text
            pending.extend(self.bases.get(current, []))
        return ""


_READING: set[str] = set()
"""The modules whose source is being read (a constant of one of them stays a name)."""


@functools.cache
def _module_docs(module_name: str) -> _ModuleDocs:
    """The field docstrings and constants of a module, read from its source once."""
    found = _ModuleDocs()
    _READING.add(module_name)
    try:
        _read_module(module_name, found)
    finally:
        _READING.discard(module_name)
    return found


def _read_module(module_name: str, found: _ModuleDocs) -> None:
    """Fill ``found`` from the source of ``module_name`` (nothing when it has none)."""
    try:
        spec = importlib.util.find_spec(module_name)
    except (ImportError, ValueError):
        return
    if spec is None or not spec.origin:
        return
    try:
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                found.imported[alias.asname or alias.name] = node.module
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = _constant_text(node.value)
            for target in targets:
                if isinstance(target, ast.Name) and target.id.isupper() and value is not None:
                    found.constants[target.id] = value
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        found.bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
        for current, following in itertools.pairwise(node.body):
            if (
                isinstance(current, ast.AnnAssign)
                and isinstance(current.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                text = " ".join(inspect.cleandoc(following.value.value).split())
                found.docs[(node.name, current.target.id)] = _resolve(text, found, module_name)


def _constant_text(node: ast.expr | None) -> str | None:
    """A module constant's value as help text: a number or a string as it is, a set or a
    sequence of them as ``a, b, c`` (a set sorted); ``None`` for anything else."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("frozenset", "set", "tuple")
        and len(node.args) == 1
    ):
        node = node.args[0]
    try:
        value = ast.literal_eval(node) if node is not None else None
    except ValueError:
        return None
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, (set, frozenset, tuple, list)) and all(isinstance(v, str) for v in value):
        items = sorted(value) if isinstance(value, (set, frozenset)) else list(value)
        return ", ".join(items)
    return None


def _resolve(text: str, here: _ModuleDocs, module_name: str) -> str:
    def value(match: re.Match[str]) -> str:
        module, _, name = match.group(1).rpartition(".")
        if module in ("", module_name):
            if name in here.constants:
                return here.constants[name]
            module = here.imported.get(name, "")  # a constant imported from elsewhere
        if not module or module in _READING:  # two modules naming each other's constants
            return match.group(0)
        return _module_docs(module).constants.get(name, match.group(0))

    return _CONSTANT_ROLE.sub(value, text)


def resolve_constants(text: str, module_name: str) -> str:
    """``text`` (written in ``module_name``) with each ``:data:`NAME``` (or
    ``:data:`~module.NAME```) of a module constant, its own or one it imports, replaced by
    its value."""
    return _resolve(text, _module_docs(module_name), module_name)


def field_doc(model: type[Any], name: str) -> str:
    """The docstring of ``model``'s field ``name``, from the class that declares it (markup
    kept, constants by value); empty when it has none."""
    for cls in model.__mro__:
        text = _module_docs(cls.__module__).docs.get((cls.__name__, name))
        if text:
            return text
    return ""


def field_doc_in(module_name: str, class_name: str, name: str) -> str:
    """:func:`field_doc` of a class named in a module, without importing the module."""
    return _module_docs(module_name).lookup(class_name, name)
