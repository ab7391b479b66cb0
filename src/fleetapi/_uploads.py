"""File inputs for upload calls: paths, bytes, open files or ``(name, content[, type])``."""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path
from typing import IO, Union

__all__ = ["FileInput", "file_part"]

FileInput = Union[
    str,
    "os.PathLike[str]",
    bytes,
    IO[bytes],
    tuple[str, bytes],
    tuple[str, bytes, str],
]
"""What upload methods accept: a path, raw bytes, a binary file, or ``(filename, content[,
content type])``."""


def file_part(file: FileInput, *, default_name: str = "upload") -> tuple[str, bytes, str]:
    """Normalise ``file`` to ``(filename, content, content type)`` for a multipart part."""
    if isinstance(file, tuple):
        name, content = file[0], file[1]
        mime = file[2] if len(file) == 3 else _guess(name)
        return name, content, mime
    if isinstance(file, bytes):
        return default_name, file, "application/octet-stream"
    if isinstance(file, (str, os.PathLike)):
        path = Path(file)
        return path.name, path.read_bytes(), _guess(path.name)
    name = os.path.basename(str(getattr(file, "name", default_name)))
    return name, file.read(), _guess(name)


def _guess(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"
