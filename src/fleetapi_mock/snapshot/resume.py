"""Resuming a snapshot that stopped: every answer kept in a progress file beside the output,
read from there again instead of the service.

:class:`Resumable` stands between the snapshot and the client: it writes each request and its
answer to the progress file (``FILE.partial``, JSON Lines: a header naming the source and the
window, then one request and its answer a line, flushed as each comes), and, resuming, answers
every request the file holds from it. A snapshot stopped by a network failure, a 5xx past the
client's retries or Ctrl-C is then taken again as it would have been whole, making only the
requests it had not made. The answers are deterministic inputs of the snapshot, so the world
is the same; the passwords and key drawn for it are drawn again.

The file holds what the service answered, but for download addresses (a file's
``download_url`` carries a token of its own; the snapshot never uses it), and is readable by
its owner alone; it goes once the snapshot is written.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any, Final

from fleetapi._converter import format_datetime
from fleetapi_mock.snapshot.shaping import Reader

__all__ = ["FORMAT", "ProgressMismatchError", "Resumable", "progress_path"]

FORMAT: Final = "fleetapi-snapshot-progress/1"
"""The progress file's format, in its header."""

_HIDDEN: Final = frozenset({"download_url"})
"""Keys whose values never reach the progress file (nor the snapshot, which does not read
them)."""


class ProgressMismatchError(ValueError):
    """The progress file is another snapshot's (another source or window), or no progress
    file at all."""


def progress_path(output: Path) -> Path:
    """Where the progress of a snapshot written to ``output`` is kept: ``output.partial``."""
    return output.with_name(output.name + ".partial")


class Resumable:
    """A reader that keeps each answer of ``reader`` in the progress file ``path`` and, with
    ``resume``, answers the requests the file already holds from it (see the module).

    ``source`` (the service's address) and the window ``since`` to ``until`` make the file's
    header: resuming from a file of another source or window raises
    :class:`ProgressMismatchError`. Without ``resume``, or when the file does not exist, the
    snapshot starts anew (the file is written afresh). Answers are shared, not copied: the
    snapshot reads them and changes none.
    """

    def __init__(
        self,
        reader: Reader,
        path: Path,
        *,
        source: str = "",
        since: dt.datetime,
        until: dt.datetime,
        resume: bool = False,
    ) -> None:
        self.reader = reader
        self.path = path
        self.header: dict[str, Any] = {
            "format": FORMAT, "source": source,
            "from": format_datetime(since), "to": format_datetime(until),
        }  # fmt: skip
        self.answers: dict[str, dict[str, Any]] = {}
        self.reused = 0
        """Requests answered from the progress file."""
        self.asked = 0
        """Requests sent to ``reader``."""
        self.resumed = resume and path.exists()
        """Whether a progress file was found and taken up."""
        lines = self._load() if self.resumed else []
        self._file: IO[str] | None = self._rewrite(lines)

    def request(self, path: str, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The answer to the request: from the progress file when it holds it, else from the
        reader, kept in the file before it is answered."""
        key = _key(path, body)
        kept = self.answers.get(key)
        if kept is not None:
            self.reused += 1
            return kept
        answer: dict[str, Any] = _hidden(self.reader.request(path, body))
        self.asked += 1
        self.answers[key] = answer
        if self._file is not None:
            line = {"call": path.strip("/"), "params": dict(body or {}), "answer": answer}
            self._file.write(json.dumps(line, default=str) + "\n")
            self._file.flush()
        return answer

    @property
    def kept(self) -> int:
        """How many answers the progress file holds."""
        return len(self.answers)

    def close(self) -> None:
        """Close the progress file, keeping it (to resume later)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def finish(self) -> None:
        """Close and remove the progress file: the snapshot is written."""
        self.close()
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> Resumable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _load(self) -> list[str]:
        """The lines of the progress file to keep: its requests and answers, up to the first
        line cut short (the one being written when the snapshot stopped)."""
        text = self.path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(text[0]) if text else None
        except ValueError:
            header = None
        if header != self.header:
            raise ProgressMismatchError(
                f"{self.path} is not the progress of this snapshot (another source, window or "
                "format): remove it, or snapshot without resuming"
            )
        kept = []
        for line in text[1:]:
            try:
                entry = json.loads(line)
                self.answers[_key(entry["call"], entry["params"])] = entry["answer"]
            except (ValueError, KeyError, TypeError):
                break  # cut short: what follows was never written whole
            kept.append(line)
        return kept

    def _rewrite(self, lines: list[str]) -> IO[str]:
        """The progress file written afresh (its header and ``lines``, readable by its owner
        alone, replacing the old one at once), open to add to."""
        partial = self.path.with_name(self.path.name + ".new")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write("\n".join([json.dumps(self.header), *lines]) + "\n")
        os.replace(partial, self.path)
        return self.path.open("a", encoding="utf-8")


def _key(path: str, body: Mapping[str, Any] | None) -> str:
    return json.dumps([path.strip("/"), dict(body or {})], sort_keys=True, default=str)


def _hidden(value: Any) -> Any:
    """``value`` without the values of :data:`_HIDDEN` keys (null instead)."""
    if isinstance(value, dict):
        return {k: None if k in _HIDDEN else _hidden(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_hidden(v) for v in value]
    return value
