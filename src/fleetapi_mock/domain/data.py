"""Import processes: started through the API or seeded by a world document, moved by the
world clock.

A process waits ``created`` until ``created + start_delay``, then works through its ``lines``
at ``lines_per_minute`` (``in_progress``) and ends ``done`` (or ``failed`` at
``fails_at_line``): :func:`progress` tells where it is at a moment, :func:`wire_import` answers
it. Nothing is scheduled, as for device commands
(:func:`~fleetapi_mock.domain.tracker_command.confirm_due_commands`): the router calls
:func:`import_due_rows` before each handler, which makes the employee or vehicle of every line
a process has passed since the world was last touched, in the sight of the user who started
it, or records why it cannot (the line then fails). :func:`start_import` starts one from a
spreadsheet ``data/spreadsheet/parse`` stored, its lines checked as the ``*/batch_convert``
calls check theirs; :func:`failed_file` answers the lines that failed.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
from collections.abc import Callable, Collection, Sequence
from typing import Any, Final

import attrs

from fleetapi._converter import RequestValidationError, structure_request
from fleetapi._endpoint import Endpoint
from fleetapi._errors import (
    EntityExistsError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidDataFormatError,
    NoDataFileError,
    TooManyRequestsError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.employee import EMPLOYEE_IMPORT_START
from fleetapi.endpoints.vehicle import VEHICLE_IMPORT_START
from fleetapi.models.data import (
    FAILED_LINES_TYPE,
    MAX_RUNNING_IMPORTS,
    ImportLineError,
    ImportProcess,
    ImportProcessParams,
    ImportProgress,
    ImportStartParams,
    ImportStatus,
    ImportType,
)
from fleetapi.models.employee import NewEmployee
from fleetapi.models.vehicle import BatchError, NewVehicle
from fleetapi_mock.domain.batch import BatchLine, checked_fields
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.employee import driver_of, record_change
from fleetapi_mock.domain.vehicle import subtype_error
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.records import (
    EmployeeRecord,
    ImportProcessRecord,
    ImportRow,
    VehicleRecord,
    convert,
)
from fleetapi_mock.state.world import World

__all__ = [
    "REPORTED_PROBLEMS",
    "STOPPED",
    "LineReader",
    "Progress",
    "failed_file",
    "import_due_rows",
    "imports_due_at",
    "process_of",
    "processes_of",
    "progress",
    "start_import",
    "wire_import",
]

REPORTED_PROBLEMS: Final = 25
"""An import process reports its first 25 warnings and first 25 errors."""

STOPPED: Final = "the line cannot be read: the import stopped"
"""The error of the line where a failed import process stopped."""

LineReader = Callable[
    [Context, list[str], BatchLine], tuple[dict[str, Any] | None, list[BatchError]]
]
"""What reads a line for a process: the entity it makes (as its create call takes it) or
the errors that keep it from being imported, by the line's columns."""


@attrs.frozen
class Progress:
    """Where a process stands at a moment: its status, the lines it passed and when its
    status last changed."""

    status: ImportStatus
    processed: int
    changed: dt.datetime


def _line_time(record: ImportProcessRecord, start: dt.datetime, line: int) -> dt.datetime:
    """When the process, started at ``start``, has worked through ``line`` lines."""
    return start + dt.timedelta(seconds=math.ceil(line * 60 / record.lines_per_minute))


def progress(record: ImportProcessRecord, now: dt.datetime) -> Progress:
    """The process at ``now``: ``created`` until ``created + start_delay``; then
    ``in_progress`` at ``lines_per_minute``; ``done`` after the last line, or ``failed`` on
    reaching ``fails_at_line``."""
    start = record.created + record.start_delay
    if now < start:
        return Progress("created", 0, record.created)
    elapsed = (now - start).total_seconds()
    processed = min(record.lines, math.floor(elapsed * record.lines_per_minute / 60))
    fails_at = record.fails_at_line
    if fails_at is not None and fails_at <= record.lines and processed >= fails_at:
        return Progress("failed", fails_at, _line_time(record, start, fails_at))
    if processed >= record.lines:
        return Progress("done", processed, _line_time(record, start, record.lines))
    return Progress("in_progress", processed, start)


def wire_import(ctx: Context, record: ImportProcessRecord) -> ImportProcess:
    """The import process as it stands at the world's now.

    Lines with errors count as failed, the others as imported; warnings and errors show once
    the process passed their line. ``status_change_date`` is the date of the last move.
    """
    at = progress(record, ctx.now())
    processed = at.processed
    errors = [e for e in record.errors if e.line <= processed]
    warnings = [w for w in record.warnings if w.line <= processed]
    failed_lines = {e.line for e in errors}
    if at.status == "failed" and processed not in failed_lines:
        errors.append(ImportLineError(line=processed, error=STOPPED))
        failed_lines.add(processed)
    errors.sort(key=lambda e: e.line)
    return ImportProcess(
        id=record.id,
        user_id=record.user_id,
        created=ctx.user_time(record.created).date(),
        type=record.type,
        params=ImportProcessParams(headers=list(record.headers)),
        filename=record.filename,
        status=at.status,
        status_change_date=ctx.user_time(at.changed).date(),
        progress=ImportProgress(
            imported=processed - len(failed_lines),
            failed=len(failed_lines),
            percent=processed * 100 // record.lines if record.lines else 100,
            processed_lines=processed,
            warnings=warnings[:REPORTED_PROBLEMS],
            errors=errors[:REPORTED_PROBLEMS],
        ),
    )


def processes_of(ctx: Context, type: ImportType) -> list[ImportProcess]:
    """The account's processes importing ``type``, by ID, as they stand."""
    return [wire_import(ctx, r) for r in ctx.owned(ctx.world.import_processes) if r.type == type]


def process_of(ctx: Context, process_id: int, type: ImportType) -> ImportProcessRecord:
    """The account's process ``process_id`` importing ``type`` (201 otherwise)."""
    what = f"{type} import process"
    record = ctx.owned_one(ctx.world.import_processes, process_id, what)
    if record.type != type:
        raise EntityNotFoundError(f"no {what} {process_id}")
    return record


# --- Starting ---------------------------------------------------------------------------------


def start_import(
    ctx: Context,
    params: ImportStartParams,
    type: ImportType,
    known: Collection[str],
    read_line: LineReader,
) -> int:
    """Start a process importing the spreadsheet ``params.filename``; answer its ID.

    Every line is read at once by ``read_line`` (a line with errors fails; the others make
    their entity when the process passes them).

    Raises:
        InvalidParametersError: (7) a header names no field of ``known``, or one twice.
        NoDataFileError: (233) the account has no such stored spreadsheet.
        InvalidDataFormatError: (234) ``headers`` do not name each of the file's columns.
        TooManyRequestsError: (15) :data:`MAX_RUNNING_IMPORTS` of the account are running.
        EntityExistsError: (247) a process of the account imports the same file with the
            same headers.
    """
    checked_fields(params.headers, known, f"{type} import", "headers")
    stored = ctx.owned_get(ctx.world.data_files, params.filename)
    if stored is None:
        raise NoDataFileError(f"no stored spreadsheet {params.filename!r}")
    width = max([len(stored.header or []), *map(len, stored.rows)])
    if len(params.headers) != width:
        raise InvalidDataFormatError(
            f"the file has {width} columns and headers name {len(params.headers)}"
        )
    now = ctx.now().replace(microsecond=0)
    processes = ctx.owned(ctx.world.import_processes)
    running = [p for p in processes if progress(p, now).status in ("created", "in_progress")]
    if len(running) >= MAX_RUNNING_IMPORTS:
        raise TooManyRequestsError(f"{len(running)} imports of the account are in progress")
    for other in processes:
        same = (other.type, other.filename, other.headers)
        if same == (type, params.filename, params.headers):
            raise EntityExistsError(f"import process {other.id} imports the same file")
    rows: list[ImportRow] = []
    errors: list[ImportLineError] = []
    for number, cells in enumerate(stored.rows, start=1):
        entity, problems = read_line(ctx, params.headers, BatchLine(number, list(cells)))
        rows.append(ImportRow(line=number, cells=list(cells), entity=entity))
        errors += [
            ImportLineError(line=number, error=f"{p.parameter}: {p.error}") for p in problems
        ]
    user_headers = [] if isinstance(params.user_headers, Unset) else params.user_headers
    process_id = ctx.world.ids.next("import_processes")
    ctx.world.import_processes[process_id] = ImportProcessRecord(
        id=process_id,
        user_id=ctx.account.id,
        type=type,
        filename=params.filename,
        headers=list(params.headers),
        created=now,
        lines=len(rows),
        errors=errors,
        started_by=ctx.require_user().id,
        user_headers=list(user_headers),
        columns=list(stored.header or user_headers or params.headers),
        rows=rows,
    )
    return process_id


# --- Importing the lines a process passed -----------------------------------------------------


def imports_due_at(world: World) -> dt.datetime | None:
    """When :func:`import_due_rows` next has work, the world unchanged: now while a process
    has lines left (``None``: none has)."""
    unsettled = any(r.settled < r.lines and r.rows for r in world.import_processes.values())
    return world.now() if unsettled else None


def import_due_rows(world: World, limits: ServerLimits) -> None:
    """Make the entity of every line the processes passed since the world was last touched,
    in their order; a line that cannot make one fails with the reason. Cheap when no process
    has lines left: the router calls it before every handler."""
    if not world.import_processes:
        return
    now = world.now()
    for record in list(world.import_processes.values()):
        if record.settled >= record.lines or not record.rows:
            continue
        processed = progress(record, now).processed
        if processed > record.settled:
            _import_rows(world, limits, record, processed)


def _starter(
    world: World, limits: ServerLimits, record: ImportProcessRecord, endpoint: Endpoint
) -> Context:
    """The request context of the user who started the process (its master when gone)."""
    user = world.users.get(record.started_by) if record.started_by is not None else None
    if user is None or user.account_id != record.user_id:
        user = world.users[record.user_id]
    return Context(world=world, endpoint=endpoint, user=user, limits=limits)


def _import_rows(
    world: World, limits: ServerLimits, record: ImportProcessRecord, processed: int
) -> None:
    employees = record.type == "employee"
    endpoint = EMPLOYEE_IMPORT_START if employees else VEHICLE_IMPORT_START
    ctx = _starter(world, limits, record, endpoint)
    kept: list[ImportRow] = []
    errors = list(record.errors)
    for row in record.rows:
        if row.entity is None or not record.settled < row.line <= processed:
            kept.append(row)
            continue
        if world.record_count() >= limits.max_records:
            problem: str | None = f"the world holds {limits.max_records} records already"
        else:
            problem = (_add_employee if employees else _add_vehicle)(ctx, row.entity)
        if problem is not None:
            errors.append(ImportLineError(line=row.line, error=problem))
            kept.append(attrs.evolve(row, entity=None))
    world.import_processes[record.id] = attrs.evolve(
        record, rows=kept, errors=sorted(errors, key=lambda e: e.line), settled=processed
    )


def _structured(entity: dict[str, Any], cls: type[Any]) -> Any:
    try:
        return structure_request(entity, cls)
    except RequestValidationError as exc:
        first = exc.errors[0]
        return f"{first.parameter}: {first.error}"


def _missing_tags(ctx: Context, tags: Sequence[int]) -> str | None:
    missing = [t for t in tags if ctx.owned_get(ctx.world.tags, t) is None]
    return f"tags: no tag {missing[0]}" if missing else None


def _add_employee(ctx: Context, entity: dict[str, Any]) -> str | None:
    """Create the employee of a line as ``employee/create`` would; why not, if it cannot."""
    new = _structured(entity, NewEmployee)
    if isinstance(new, str):
        return new
    if new.tracker_id is not None:
        if ctx.visible_tracker(new.tracker_id) is None:
            return f"tracker_label: no tracker {new.tracker_id}"
        driver = driver_of(ctx, new.tracker_id)
        if driver is not None:
            return f"tracker_label: employee {driver.id} drives tracker {new.tracker_id}"
    department = new.department_id
    if department is not None and ctx.owned_get(ctx.world.departments, department) is None:
        return f"department_id: no department {department}"
    problem = _missing_tags(ctx, new.tags)
    if problem is not None:
        return problem
    employee_id = ctx.world.ids.next("employees")
    ctx.world.employees[employee_id] = convert(
        EmployeeRecord,
        new,
        id=employee_id,
        user_id=ctx.account.id,
        icon_id=None,
        avatar_file_name=None,
    )
    if new.tracker_id is not None:
        record_change(ctx, new.tracker_id, employee_id)
    return None


def _add_vehicle(ctx: Context, entity: dict[str, Any]) -> str | None:
    """Create the vehicle of a line as ``vehicle/create`` would, never taking a tracker from
    another vehicle; why not, if it cannot."""
    new = _structured(entity, NewVehicle)
    if isinstance(new, str):
        return new
    problem = subtype_error(new.type, new.subtype)
    if problem is not None:
        return f"subtype: {problem}"
    if new.tracker_id is not None:
        tracker = ctx.visible_tracker(new.tracker_id)
        if tracker is None:
            return f"tracker_label: no tracker {new.tracker_id}"
        if tracker.blocked:
            return f"tracker_label: tracker {new.tracker_id} is blocked"
        holder = next((v for v in ctx.world.vehicles.values() if v.tracker_id == tracker.id), None)
        if holder is not None:
            return f"tracker_label: tracker {tracker.id} is bound to vehicle {holder.id}"
    if new.garage_id is not None and ctx.owned_get(ctx.world.garages, new.garage_id) is None:
        return f"garage: no garage {new.garage_id}"
    problem = _missing_tags(ctx, new.tags)
    if problem is not None:
        return problem
    vehicle_id = ctx.world.ids.next("vehicles")
    ctx.world.vehicles[vehicle_id] = convert(
        VehicleRecord,
        new,
        id=vehicle_id,
        user_id=ctx.account.id,
        garage_organization_name=None,
        icon_id=None,
        avatar_file_name=None,
    )
    return None


# --- The failed lines -------------------------------------------------------------------------


def failed_file(ctx: Context, record: ImportProcessRecord) -> FileReply:
    """The lines of the process that failed so far, as CSV: its header line, then each failed
    line's cells as read, as wide as the header (204 when none has failed, or the process
    keeps no lines)."""
    processed = progress(record, ctx.now()).processed
    failed = {e.line for e in record.errors if e.line <= processed}
    rows = [r for r in record.rows if r.line in failed]
    if not rows:
        raise EntityMissingError(f"import process {record.id} has no failed lines")
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\r\n")
    if record.columns:
        writer.writerow(record.columns)
    width = len(record.columns)
    writer.writerows([*r.cells, *[""] * (width - len(r.cells))] for r in rows)
    return FileReply(
        content=text.getvalue().encode("utf-8"),
        content_type=FAILED_LINES_TYPE,
        filename=f"import-{record.id}-failed.csv",
    )
