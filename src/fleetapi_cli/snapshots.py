"""What ``fleet mock snapshot`` does once its options are read: read the account through a
progress file (to resume), show how far it has come, write the world and tell the
credentials drawn for it. The SDK, the mock and Rich are imported when it runs."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import typer

from fleetapi_cli.context import CliState
from fleetapi_cli.output import is_terminal, note

if TYPE_CHECKING:
    from fleetapi_mock.snapshot import Step

__all__ = ["progress_shown", "take"]


def take(
    cli: CliState,
    output: Path,
    *,
    start: dt.datetime,
    end: dt.datetime,
    seed: int | None,
    anonymize: bool,
    resume: bool,
) -> None:
    """Snapshot the account of ``cli``'s client into ``output`` (see ``fleet mock snapshot``)."""
    from fleetapi_mock.snapshot import Resumable, progress_path, take_snapshot
    from fleetapi_mock.snapshot.resume import ProgressMismatchError

    partial = progress_path(output)
    with cli.client() as client:
        try:
            reader = Resumable(
                client, partial, source=client.base_url, since=start, until=end, resume=resume
            )
        except ProgressMismatchError as exc:
            raise typer.BadParameter(str(exc), param_hint="--resume") from None
        if resume and not reader.resumed:
            note(f"no {partial} to resume: reading from the start")
        try:
            with progress_shown() as told:
                taken = take_snapshot(reader, since=start, until=end, progress=told, seed=seed)
        except BaseException:
            reader.close()
            note(f"stopped: {reader.kept:,} answers kept in {partial}; the same command with "
                 "--resume goes on from there")  # fmt: skip
            raise
    document, login = taken.document, taken.login
    if anonymize:
        from fleetapi_mock.snapshot.anonymize import anonymized

        document = anonymized(document, seed=seed)
        login = document["users"][0]["login"]
    output.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    reader.finish()
    if reader.resumed:
        note(f"resumed: {reader.reused:,} answers from {partial}, {reader.asked:,} requests made")
    read = ", ".join(f"{n:,} {_words(name)}" for name, n in taken.counts.items())
    note(f"wrote {output}: {read}")
    note(f"log in as {login} / {taken.password} (API key {taken.api_key})")
    logins = {u["id"]: u["login"] for u in taken.document["users"]}
    for user in document["users"]:
        if user.get("master_id") is not None:
            note(f"sub-user {user['login']} / {taken.subusers[logins[user['id']]]}")


@contextlib.contextmanager
def progress_shown(stream: TextIO | None = None) -> Iterator[Callable[[Step], None]]:
    """Where a snapshot tells how far it has come: on a terminal (``stream``, stderr by
    default) a Rich progress bar of the step being read (its number, what it reads, the
    trackers or sub-users done of their total, the records read so far), gone once the
    snapshot is read; elsewhere (a CI log) a line as each step ends."""
    out = sys.stderr if stream is None else stream
    if not is_terminal(out):

        def line(step: Step) -> None:
            if step.finished:
                out.write(f"read {step.records:,} {_words(step.name)}\n")
                out.flush()

        yield line
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
               MofNCompleteColumn(), TextColumn("{task.fields[records]}"),
               TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, console=Console(file=out), transient=True) as bar:
        task = bar.add_task("reading the account", total=None, records="")
        current, steps = "", 0

        def show(step: Step) -> None:
            nonlocal task, current, steps
            if step.name != current:  # a step of its own: its units, its time
                current, steps = step.name, steps + 1
                bar.remove_task(task)
                task = bar.add_task("", total=step.total, records="")
            bar.update(
                task,
                description=f"step {steps}: {_words(step.name)}",
                completed=step.done if not step.finished else step.total or 0,
                records=f"{step.records:,} read",
                refresh=True,
            )

        yield show


def _words(name: str) -> str:
    return name.replace("_", " ")
