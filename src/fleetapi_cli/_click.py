"""The Click that Typer runs on.

Typer 0.2x ships its own copy of Click as ``typer._click``; commands and groups built here must
use the same classes as the ones Typer builds. Older Typer releases run on the ``click`` package.
"""

from __future__ import annotations

try:
    from typer import _click as click
    from typer._click import shell_completion
except ImportError:  # pragma: no cover - Typer before it vendored Click
    import click  # type: ignore[no-redef]
    from click import shell_completion  # type: ignore[no-redef]

__all__ = ["click", "shell_completion"]
