"""File inputs for upload calls: paths, bytes, open files or ``(name, content[, type])``."""

from __future__ import annotations

import io
import mimetypes
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, Union

__all__ = ["FileInput", "ProgressReader", "UploadProgress", "file_part"]

UploadProgress = Callable[[int, int], None]
"""Called as an upload is sent: ``progress(bytes_sent, total_bytes)`` of the file part."""

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


_KNOWN_TYPES = {
    ".kml": "application/vnd.google-earth.kml+xml",
    ".kmz": "application/vnd.google-earth.kmz",
}
"""Types the platform's ``mimetypes`` table may lack (it depends on the system)."""


def _guess(name: str) -> str:
    known = _KNOWN_TYPES.get(os.path.splitext(name)[1].lower())
    return known or mimetypes.guess_type(name)[0] or "application/octet-stream"


class ProgressReader(io.BytesIO):
    """The content of a file part that reports how much of it was read (sent).

    httpx reads a file part in chunks (rewinding it first, so a retry starts again at 0);
    each chunk read calls ``progress(bytes_sent, total_bytes)``.
    """

    def __init__(self, content: bytes, progress: UploadProgress) -> None:
        super().__init__(content)
        self._total = len(content)
        self._progress = progress

    def read(self, size: int | None = -1) -> bytes:
        """Read up to ``size`` bytes and report the position reached."""
        chunk = super().read(size)
        if chunk:
            self._progress(self.tell(), self._total)
        return chunk
