"""Files the commands write or read: ``-O/--out FILE`` (``-`` for stdout) and ``FILE|-`` inputs.

Every command that writes a file takes ``-O``/``--out FILE``; ``-o``/``--output`` is always the
output format. Binary content is never written to a terminal (as curl refuses to).
Imports nothing heavy.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, TextIO

import typer

from fleetapi_cli.output import is_terminal, note

if TYPE_CHECKING:
    from fleetapi import Client
    from fleetapi.models.checkin import Checkin
    from fleetapi.models.files import UploadTicket

__all__ = [
    "OutOption",
    "is_stdout",
    "open_text_out",
    "read_input",
    "refuse_binary_on_terminal",
    "save_checkin_files",
    "upload_part",
    "upload_with_progress",
    "write_out",
]

OutOption = Annotated[
    Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
    typer.Option(
        "--out",
        "-O",
        metavar="FILE",
        help="Write the file here (- for stdout, the default).",
        show_default=False,
    ),
]
"""The ``-O``/``--out FILE`` option of every command that writes a file."""

BINARY_REFUSED = (
    "refusing to write binary data to a terminal: "
    "give -O FILE, or pipe the output (-O - to force stdout)"
)


def is_stdout(target: str | None) -> bool:
    """Whether ``target`` (an ``--out`` value) means stdout."""
    return target is None or target == "-"


def _binary(content: bytes) -> bool:
    if b"\0" in content:
        return True
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def write_out(content: bytes | str, target: str | None) -> None:
    """Write ``content`` to the ``--out`` target: a file, or stdout for ``None`` and ``-``.

    Binary content bound for a terminal is refused (a usage error) unless ``-O -`` asked for
    stdout explicitly. Writing a file notes its size on stderr.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    if not is_stdout(target):
        assert target is not None
        Path(target).expanduser().write_bytes(data)
        note(f"Wrote {len(data)} bytes to {target}.")
        return
    if _binary(data):
        refuse_binary_on_terminal(target)
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def refuse_binary_on_terminal(target: str | None) -> None:
    """Fail early (before a download) when a binary file would go to a terminal."""
    if target is None and is_terminal():
        raise typer.BadParameter(BINARY_REFUSED, param_hint="-O/--out")


@contextlib.contextmanager
def open_text_out(target: str | None) -> Iterator[TextIO]:
    """A text stream for the ``--out`` target: the file (UTF-8), or stdout."""
    if is_stdout(target):
        yield sys.stdout
        sys.stdout.flush()
        return
    assert target is not None
    with open(Path(target).expanduser(), "w", encoding="utf-8", newline="") as stream:
        yield stream


def read_input(source: str, *, binary: bool = False, what: str = "FILE") -> str | bytes:
    """The content of a ``FILE|-`` argument: the file's, or stdin's for ``-``.

    Raises:
        typer.BadParameter: the file cannot be read (or is not UTF-8 text).
    """
    if source == "-":
        return sys.stdin.buffer.read() if binary else sys.stdin.read()
    path = Path(source).expanduser()
    try:
        return path.read_bytes() if binary else path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise typer.BadParameter(f"no such file: {source}", param_hint=what) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise typer.BadParameter(f"cannot read {source}: {reason}", param_hint=what) from None


def upload_part(
    source: str, *, name: str | None = None, stdin_name: str = "stdin"
) -> tuple[str, bytes]:
    """The file part of an upload from a ``FILE|-`` argument: its name and content.

    The name is ``name`` when given, else the file's (``stdin_name`` for ``-``).
    """
    content = read_input(source, binary=True)
    assert isinstance(content, bytes)
    return name or (stdin_name if source == "-" else Path(source).name), content


def save_checkin_files(client: Client, checkin: Checkin, directory: Path) -> None:
    """Save the uploaded files of ``checkin`` into ``directory`` (a note for each)."""
    directory.mkdir(parents=True, exist_ok=True)
    for file in checkin.files:
        if not file.download_url:
            note(f"skipped file {file.id} ({file.state}): not uploaded")
            continue
        content = client.download_file(file)
        target = directory / (Path(file.name).name or f"file-{file.id}")
        target.write_bytes(content)
        note(f"Saved {target} ({len(content)} bytes).")


def upload_with_progress(client: Client, ticket: UploadTicket, name: str, content: bytes) -> Any:
    """Upload with a progress bar on a terminal (stderr), a note otherwise."""
    if not is_terminal(sys.stderr):
        stored = client.upload_file(ticket, (name, content))
        note(f"Uploaded {name} ({len(content)} bytes) as file {ticket.file_id}.")
        return stored
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

    columns = ("{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(name, total=len(content))
        stored = client.upload_file(
            ticket, (name, content), progress=lambda sent, _: bar.update(task, completed=sent)
        )
    note(f"Uploaded {name} ({len(content)} bytes) as file {ticket.file_id}.")
    return stored
