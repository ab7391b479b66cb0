"""``fleet checkin``: list, export, show, delete and create check-ins; upload their files."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from fleetapi_cli._typer import (
    AllOption,
    LimitOption,
    OffsetOption,
    OutputOption,
    YesOption,
    confirm_delete,
    examples,
    fetch,
    new_group,
    wraps_call,
)
from fleetapi_cli.checkin_options import (
    Address,
    Comment,
    Conditions,
    Employee,
    FormTemplate,
    From,
    Near,
    Sort,
    To,
    Trackers,
    list_filters,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.files import (
    OutOption,
    is_stdout,
    refuse_binary_on_terminal,
    save_checkin_files,
    upload_part,
    upload_with_progress,
    write_out,
)
from fleetapi_cli.output import OutputFormat, note, tally, to_jsonable

if TYPE_CHECKING:
    from fleetapi import Client
    from fleetapi.models.checkin import Checkin

__all__ = ["app"]

app = new_group(
    "Check-ins: list, export, show, create, delete; upload files.",
    epilog=examples(
        "fleet checkin list --tracker 4 -n 5",
        "fleet checkin show 2 -o json",
        "fleet checkin export --from 2026-01-01 -O checkins.pdf",
    ),
)

LIST_COLUMNS = ["id", "time", "tracker", "employee_id", "address", "comment", "form", "files"]
FILE_COLUMNS = ["id", "type", "state", "name", "size", "mime_type", "uploaded"]
UPLOAD_DELAY = 0.5
"""Seconds between two uploads: the service asks for a short delay between files."""


def _rows(client: Client, checkins: list[Checkin]) -> list[dict[str, Any]]:
    """One flat table row per check-in, with the tracker's label."""
    from fleetapi._types import UNSET

    labels = {t.id: t.label for t in client.tracker.list()} if checkins else {}
    return [
        {
            "id": c.id,
            "time": to_jsonable(c.marker_time),
            "tracker": labels.get(c.tracker_id, str(c.tracker_id)),
            "employee_id": None if c.employee_id is UNSET else c.employee_id,
            "address": None if c.location.address is UNSET else c.location.address,
            "comment": None if c.comment is UNSET else c.comment,
            "form": c.form_label,
            "files": len(c.files),
        }
        for c in checkins
    ]


LIST_CALL = "checkin/list"
"""The paging call of ``list`` (its table entry says how it pages)."""


@app.command("list")
@wraps_call(LIST_CALL)
def list_checkins(
    ctx: typer.Context,
    tracker: Trackers = None,
    from_: From = None,
    to: To = None,
    employee: Employee = None,
    comment: Comment = None,
    address: Address = None,
    form: FormTemplate = None,
    near: Near = None,
    condition: Conditions = None,
    sort: Sort = None,
    limit: LimitOption = None,
    offset: OffsetOption = None,
    all_: AllOption = False,
    output: OutputOption = None,
) -> None:
    """List check-ins, newest first: filter by tracker, period, employee, text or place."""
    kwargs = list_filters(
        tracker, from_, to, employee, comment, address, form, near, condition, sort
    )
    state = state_of(ctx)
    with state.client() as client:
        checkins, count = fetch(
            client,
            LIST_CALL,
            limit=limit,
            offset=offset,
            every=all_,
            **kwargs,
        )
        if state.output_format(output) is OutputFormat.table:
            state.emit(_rows(client, checkins), output=output, columns=LIST_COLUMNS)
        else:
            state.emit(checkins, output=output)
    tally(len(checkins), count, "check-ins")


@app.command()
@wraps_call(LIST_CALL)
def export(
    ctx: typer.Context,
    out: OutOption = None,
    fmt: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--format",
            "-f",
            help="xlsx or pdf (default: from the file's extension, else xlsx).",
        ),
    ] = None,
    tracker: Trackers = None,
    from_: From = None,
    to: To = None,
    employee: Employee = None,
    comment: Comment = None,
    address: Address = None,
    form: FormTemplate = None,
    near: Near = None,
    condition: Conditions = None,
    sort: Sort = None,
    limit: LimitOption = None,
    offset: OffsetOption = None,
) -> None:
    """Export check-ins as an XLSX workbook or a PDF report (same filters as list)."""
    suffix = "" if out is None or is_stdout(out) else Path(out).suffix.lstrip(".").lower()
    from typing import get_args

    from fleetapi.models.checkin import CheckinExportFormat

    formats = get_args(CheckinExportFormat)
    chosen = fmt or suffix or formats[0]
    if chosen not in formats:
        raise typer.BadParameter(f"{chosen!r}: use {' or '.join(formats)}", param_hint="--format")
    refuse_binary_on_terminal(out)
    kwargs = list_filters(
        tracker, from_, to, employee, comment, address, form, near, condition, sort
    )
    if limit is not None:
        kwargs["limit"] = limit
    if offset:
        kwargs["offset"] = offset
    state = state_of(ctx)
    note(f"Exporting check-ins as {chosen}...")
    with state.client() as client:
        content = client.checkin.list_file(format=chosen, **kwargs)  # type: ignore[arg-type]
    write_out(content, out)


def _check_tracker(client: Client, tracker_id: int) -> None:
    """Refuse (code 201, as ``checkin/create`` would) a tracker that is missing, not the
    caller's or blocked."""
    from fleetapi._errors import EntityNotFoundError

    tracker = client.tracker.read(tracker_id=tracker_id)
    if tracker.source.blocked:
        raise EntityNotFoundError(
            f"tracker {tracker_id} is blocked: it takes no check-ins", endpoint="checkin/create"
        )


@app.command()
@wraps_call("checkin/read")
def show(
    ctx: typer.Context,
    checkin_id: Annotated[int, typer.Argument(metavar="CHECKIN_ID", help="The check-in's ID.")],
    save_files: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--save-files", metavar="DIR", help="Download the uploaded files into DIR."),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Show one check-in with its files; optionally download them."""

    state = state_of(ctx)
    with state.client() as client:
        checkin = client.checkin.read(checkin_id=checkin_id)
        fmt = state.output_format(output)
        if fmt is OutputFormat.table:
            row = _rows(client, [checkin])[0]
            where = checkin.location
            row |= {"lat": where.lat, "lng": where.lng}
            row["precision"] = to_jsonable(where.precision) if where.precision else None
            state.emit(row, output=fmt)
            if checkin.files:
                note("")
                state.emit(checkin.files, output=fmt, columns=FILE_COLUMNS)
        else:
            state.emit(checkin, output=output)
        if save_files is not None:
            save_checkin_files(client, checkin, save_files)


@app.command()
@wraps_call("checkin/delete")
def delete(
    ctx: typer.Context,
    checkin_ids: Annotated[
        list[str],
        typer.Argument(
            metavar="CHECKIN_ID...", help="The check-ins' IDs (- reads them from stdin)."
        ),
    ],
    yes: YesOption = False,
) -> None:
    """Delete check-ins (all or none). Asks first on a terminal; elsewhere needs --yes."""
    words = [w for a in checkin_ids for w in (sys.stdin.read().split() if a == "-" else [a])]
    try:
        ids = [int(w) for w in words]
    except ValueError:
        raise typer.BadParameter("check-in IDs are integers", param_hint="CHECKIN_ID") from None
    if not ids:
        raise typer.BadParameter("no check-in IDs given", param_hint="CHECKIN_ID")
    confirm_delete(ctx, f"Delete {len(ids)} check-in(s): {', '.join(map(str, ids))}?", yes)
    state = state_of(ctx)
    with state.client() as client:
        client.checkin.delete(checkin_ids=ids)
    note(f"Deleted {len(ids)} check-in(s).")


Delay = Annotated[
    float,
    typer.Option(
        "--delay", min=0, help="Seconds to wait between two uploads (the service asks for a pause)."
    ),
]


@app.command()
@wraps_call(uses=("checkin/image/create", "checkin/form/file/create"))
def upload(
    ctx: typer.Context,
    files: Annotated[
        list[str], typer.Argument(metavar="FILE...", help="The files to upload (- for stdin).")
    ],
    name: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--name", help="The stored file's name (one file; default: the file's)."),
    ] = None,
    form_id: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--form-id", help="For a file field of this form (with --field-id)."),
    ] = None,
    checkin_id: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--checkin-id", help="For a file field of this check-in's form."),
    ] = None,
    field_id: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--field-id", help="The form field (file, photo or signature)."),
    ] = None,
    delay: Delay = UPLOAD_DELAY,
    output: OutputOption = None,
) -> None:
    """Reserve and upload files; print each file_id (for create --file-id or a form value).

    Without form options the files are check-in photos (checkin/image/create).
    """
    if (form_id is not None or checkin_id is not None) != (field_id is not None):
        raise typer.BadParameter("--field-id goes with --form-id or --checkin-id")
    if form_id is not None and checkin_id is not None:
        raise typer.BadParameter("give --form-id or --checkin-id, not both")
    if name is not None and len(files) > 1:
        raise typer.BadParameter("--name names one file", param_hint="--name")
    contents = [upload_part(file, name=name, stdin_name="upload") for file in files]
    state = state_of(ctx)
    stored: list[tuple[int, Any]] = []
    with state.client() as client:
        for index, (stored_name, content) in enumerate(contents):
            if index:
                time.sleep(delay)
            if field_id is None:
                ticket = client.checkin.image.create(
                    size=max(len(content), 1), filename=stored_name
                )
            else:
                target: dict[str, Any] = (
                    {"form_id": form_id} if form_id is not None else {"checkin_id": checkin_id}
                )
                ticket = client.checkin.form.file.create(
                    field_id=field_id, size=max(len(content), 1), filename=stored_name, **target
                )
            stored.append(
                (ticket.file_id, upload_with_progress(client, ticket, stored_name, content))
            )
    if state.output_format(output) is OutputFormat.table:
        sys.stdout.write("".join(f"{file_id}\n" for file_id, _ in stored))
        return
    rows = [{"file_id": i, **(to_jsonable(f) if f is not None else {})} for i, f in stored]
    state.emit(rows[0] if len(rows) == 1 else rows, output=output)


@app.command()
@wraps_call("checkin/create", uses=("checkin/image/create", "tracker/read"))
def create(
    ctx: typer.Context,
    tracker: Annotated[int, typer.Option("--tracker", "-t", help="The tracker (ID).")],
    lat: Annotated[float, typer.Option("--lat", help="Latitude.")],
    lng: Annotated[float, typer.Option("--lng", help="Longitude.")],
    address: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--address", help="The place's address."),
    ] = None,
    precision: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--precision", help="Precision in meters."),
    ] = None,
    comment: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--comment", "-m", help="A comment."),
    ] = None,
    file_ids: Annotated[
        Optional[list[int]],  # noqa: UP045
        typer.Option("--file-id", help="An uploaded file (fleet checkin upload) to attach."),
    ] = None,
    photos: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Option("--photo", help="Upload this image and attach it (repeat)."),
    ] = None,
    form_id: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--form-id", help="A form made for the tracker (checkin form-create)."),
    ] = None,
    values: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--values",
            help='The form values as JSON, @file or -: {"field": {"type": "text", "value": "x"}}.',
        ),
    ] = None,
    delay: Delay = UPLOAD_DELAY,
    output: OutputOption = None,
) -> None:
    """Create a check-in now (for exceptional cases): place, comment, photos and a form."""
    from fleetapi._types import UNSET
    from fleetapi.models.checkin import FormSubmission
    from fleetapi.models.common import Location
    from fleetapi_cli.values import parse_json

    if (form_id is None) != (values is None):
        raise typer.BadParameter("--form-id and --values go together")
    submission: Any = UNSET
    if form_id is not None and values is not None:
        parsed = parse_json(values, what="--values")
        if not isinstance(parsed, dict):
            raise typer.BadParameter("--values must be a JSON object")
        submission = FormSubmission(form_id=form_id, values=parsed)
    uploads = [upload_part(str(p), stdin_name="upload") for p in photos or []]
    location = Location(
        lat=lat,
        lng=lng,
        address=UNSET if address is None else address,
        precision=UNSET if precision is None else precision,
    )
    state = state_of(ctx)
    with state.client() as client:
        attached = list(file_ids or [])
        if uploads:  # what can be checked is checked before a byte of a photo is sent
            _check_tracker(client, tracker)
            tickets = [
                client.checkin.image.create(size=max(len(content), 1), filename=name)
                for name, content in uploads
            ]
            for index, ((name, content), ticket) in enumerate(zip(uploads, tickets, strict=True)):
                if index:
                    time.sleep(delay)
                upload_with_progress(client, ticket, name, content)
                attached.append(ticket.file_id)
        checkin_id = client.checkin.create(
            tracker_id=tracker,
            location=location,
            comment=UNSET if comment is None else comment,
            file_ids=attached or UNSET,
            form_submission=submission,
        )
    note(f"Created check-in {checkin_id}.")
    state.emit({"id": checkin_id}, output=output)
