"""A served mock's worlds kept in a file across restarts (``fleet mock serve --state FILE``).

The file is one JSON object: ``{"format": "fleetapi-mock-state/1", "saved": "<UTC ISO time>",
"worlds": {"default": <world document>, "<name>": <world document>, ...}}``, each world as
``GET /__mock__/world`` answers it (its clock, ids and seed included; faults and the journal
are not kept).

:class:`StateKeeper` loads it when the server starts and saves it every ``every`` seconds
while anything was asked of a world, and once more when the server stops; a save writes out
again only the worlds asked something since the last one. A save never tears
the file: the state is written to a temporary file beside it, flushed to the disk
(``fsync``), renamed over the old file and the directory flushed, so that a crash at any
moment leaves the previous save or the new one. A file that is not valid JSON, not of this
shape, or of a newer format is refused with a clear message and never replaced.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import re
import secrets
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import orjson

from fleetapi._errors import FleetApiError
from fleetapi_mock.state.bounds import read_json
from fleetapi_mock.state.world import World, WorldDocumentError
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.worlds import DEFAULT, Worlds

__all__ = ["FORMAT", "StateFileError", "StateKeeper", "read_state", "write_state"]

_VERSION: Final = 1
FORMAT: Final = f"fleetapi-mock-state/{_VERSION}"
"""The format this version writes and reads."""
_FORMAT = re.compile(r"fleetapi-mock-state/(\d+)")

logger: logging.Logger = logging.getLogger("fleetapi_mock")


class StateFileError(ValueError):
    """A state file that cannot be used (it is left as it is)."""


def read_state(path: Path) -> dict[str, Mapping[str, Any]] | None:
    """The world documents of the state file at ``path`` by world name, or ``None`` when
    there is no file yet.

    Raises:
        StateFileError: The file cannot be read, is not a state file, or is newer.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StateFileError(f"cannot read the state file {path}: {exc.strerror}") from None
    try:
        state = read_json(data)
    except (ValueError, FleetApiError) as exc:
        raise StateFileError(f"the state file {path} is not valid JSON ({exc})") from None
    written = state.get("format") if isinstance(state, dict) else None
    found = _FORMAT.fullmatch(written) if isinstance(written, str) else None
    if found is None:
        raise StateFileError(f"{path} is not a fleet mock state file (no format {FORMAT!r})")
    if written != FORMAT:
        newer = "a newer" if int(found[1]) > _VERSION else "another"
        raise StateFileError(
            f"the state file {path} was written by {newer} version of fleetapi ({written}); "
            f"this one reads {FORMAT}: upgrade, or give another file"
        )
    worlds = state.get("worlds")
    if not isinstance(worlds, dict) or not all(isinstance(d, dict) for d in worlds.values()):
        raise StateFileError(f"the state file {path} has no worlds object")
    return worlds


def write_state(path: Path, documents: Mapping[str, Mapping[str, Any]]) -> None:
    """Write the state file atomically: a temporary file beside ``path``, flushed, renamed
    over it, the directory flushed.

    Raises:
        StateFileError: The file cannot be written (the previous one stays).
    """
    _write(path, {name: _json(document) for name, document in documents.items()})


def _json(document: Mapping[str, Any]) -> bytes:
    """A world document as compact JSON (UTF-8, not escaped)."""
    try:
        return orjson.dumps(document)
    except TypeError:  # what orjson does not write (an integer past 64 bits): the slow way
        return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _write(path: Path, documents: Mapping[str, bytes]) -> None:
    """:func:`write_state` of documents already written as JSON."""
    saved = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    # Written piece by piece: a world's document is never copied into a larger text (adding
    # bytes holds every other thread for as long as the copy takes; a write lets them run).
    parts = [orjson.dumps({"format": FORMAT, "saved": saved})[:-1], b',"worlds":{']
    before = b""
    for name, document in documents.items():
        parts += (before, orjson.dumps(name), b":", document)
        before = b","
    parts.append(b"}}")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as file:
            file.writelines(parts)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        raise StateFileError(f"cannot write the state file {path}: {exc.strerror}") from None
    finally:
        temporary.unlink(missing_ok=True)
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Flush a directory's entries (the rename) to the disk, where the system allows it."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - a system that cannot open directories
        return
    try:
        os.fsync(handle)
    except OSError:  # pragma: no cover - a file system without directory fsync
        pass
    finally:
        os.close(handle)


class StateKeeper:
    """Keeps the worlds of a server in a state file: :meth:`load` at start, :meth:`start`
    saving in the background, :meth:`stop` saving a last time.

    Args:
        worlds: The server's worlds.
        path: The state file.
        every: Seconds between saves (a save is skipped when nothing was asked of any world).
    """

    def __init__(self, worlds: Worlds, path: Path, every: float = 10.0) -> None:
        self.worlds = worlds
        self.path = path
        self.every = every
        self._saved: object = None
        self._written: dict[str, tuple[Backend, int, bytes]] = {}
        """Each world's document as last written: its backend, the requests it had handled,
        the JSON (the backend is held, so that no new one takes its place unnoticed)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def load(self) -> int:
        """Restore the worlds the file holds; how many (0 without a file).

        Restored worlds draw new hashes from a fresh random source, so that none repeats one
        handed out before the restart.

        Raises:
            StateFileError: The file cannot be used, a world in it included.
        """
        documents = read_state(self.path)
        if documents is None:
            return 0
        for name in documents:
            if name != DEFAULT and not self.worlds.is_name(name):
                raise StateFileError(
                    f"the state file {self.path} names a world {name[:80]!r}: a world's name is "
                    "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"
                )
        named = len([n for n in documents if n != DEFAULT])
        if named > self.worlds.limit:
            raise StateFileError(
                f"the state file {self.path} holds {named} named worlds, more than the "
                f"{self.worlds.limit} --max-worlds allows: raise --max-worlds to serve them"
            )
        loaded: dict[str, World] = {}
        for name, document in documents.items():
            try:
                loaded[name] = World.from_document(document)
            except WorldDocumentError as exc:
                first = exc.errors[0] if exc.errors else ("", "invalid")
                raise StateFileError(
                    f"the state file {self.path} holds an invalid world {name!r}: "
                    f"{first[0]}: {first[1]}"
                ) from None
        for name, world in loaded.items():
            if name == DEFAULT:
                world = self.worlds.main.world
                world.restore(documents[name])
            else:
                self.worlds.adopt(name, world)
            world.reseed(secrets.randbits(63))
        self._saved = self._signature()
        return len(loaded)

    def _signature(self) -> object:
        """What changes when a save is due: the worlds and the requests each has handled."""
        return tuple((name, id(b), b.handled) for name, b in self.worlds.backends())

    def save(self, *, force: bool = False) -> bool:
        """Save now if anything was asked of a world since the last save (or ``force``);
        whether it saved.

        Only the worlds asked something since the last save are written out again (each
        under its lock, holding up that world alone); the others' documents are reused as
        written. ``force`` writes every world out again.
        """
        with self._lock:
            signature = self._signature()
            if not force and signature == self._saved:
                return False
            written: dict[str, tuple[Backend, int, bytes]] = {}
            for name, backend in self.worlds.backends():
                handled = backend.handled  # read first: a change made meanwhile moves it on
                kept = self._written.get(name)
                if not force and kept is not None and kept[0] is backend and kept[1] == handled:
                    written[name] = kept
                    continue
                with backend.world.lock:
                    document = backend.world.to_document()
                written[name] = (backend, handled, _json(document))
            _write(self.path, {name: content for name, (_, _, content) in written.items()})
            self._written = written
            self._saved = signature
            return True

    def start(self) -> None:
        """Save every :attr:`every` seconds in a background thread."""
        self._thread = threading.Thread(target=self._run, name="fleet-mock-state", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.save()
            except StateFileError as exc:  # a full disk: the previous save stays, the next may work
                logger.error("fleet mock: could not save %s: %s", self.path, exc)

    def stop(self) -> None:
        """Stop saving in the background, then save a last time."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.save()
