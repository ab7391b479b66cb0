"""Docstring markup as people read it: reStructuredText roles and literals for a terminal (the
CLI's help) or for Markdown (the docs site, the mock's schemas)."""

from __future__ import annotations

import inspect
import re

__all__ = ["markdown_of", "plain_text", "summary"]

_ROLE = re.compile(r":\w+:`(~?)([^`]+)`")


def _target(match: re.Match[str]) -> str:
    """The name a role points to: its last part after ``~`` (``:class:`~a.b.Task``` as
    ``Task``), else as written."""
    target = match.group(2)
    return target.rsplit(".", 1)[-1] if match.group(1) else target


def plain_text(text: str) -> str:
    """``text`` for a terminal: roles as the names they point to, literals without their
    backquotes (``:data:`MAX_LIMIT``` as ``MAX_LIMIT``)."""
    return _ROLE.sub(_target, text).replace("``", "")


def markdown_of(text: str) -> str:
    """``text`` as Markdown: roles as code naming what they point to (``:func:`~a.b.c``` as
    `c`, ``:func:`a.b.c``` as `a.b.c`), double backquotes single ones."""
    return _ROLE.sub(lambda m: f"`{_target(m)}`", text).replace("``", "`")


def summary(docstring: str) -> str:
    """The first paragraph of a docstring on one line, as Markdown."""
    return markdown_of(" ".join(inspect.cleandoc(docstring).split("\n\n")[0].split()))
