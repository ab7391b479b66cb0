"""Check-ins: ``checkin/read``, ``list``, ``delete``, ``create``, their forms and files.

Check-ins are stored in ``world.checkins`` as the API's :class:`~fleetapi.models.checkin.
Checkin` (date/times in UTC, ``files`` empty: a check-in's files are the ``world.files``
records whose ``checkin_id`` names it). Forms come from :mod:`fleetapi_mock.domain.form`, files
from :mod:`fleetapi_mock.domain.file`.

A sub-user sees the check-ins of the trackers it sees; a check-in it may not see is answered
as missing.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._errors import (
    DeviceLimitExceededError,
    EntityMissingError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    InvalidParametersError,
    NonExistentEntitiesError,
    TooManyEntitiesError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.checkin import (
    CHECKIN_CREATE,
    CHECKIN_DELETE,
    CHECKIN_FORM_CREATE,
    CHECKIN_FORM_FILE_CREATE,
    CHECKIN_IMAGE_CREATE,
    CHECKIN_LIST,
    CHECKIN_READ,
)
from fleetapi.models.checkin import (
    CHECKIN_CONDITION_FIELDS,
    Checkin,
    CheckinCreateParams,
    CheckinDeleteParams,
    CheckinExportParams,
    CheckinFormCreateParams,
    CheckinFormFileCreateParams,
    CheckinImageCreateParams,
    CheckinList,
    CheckinListParams,
    CheckinReadParams,
)
from fleetapi.models.files import UploadTicket
from fleetapi_mock.domain import file as files
from fleetapi_mock.domain import form as forms
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, Export
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import FileRecord, FormRecord, TrackerRecord

CHECKIN_FEATURE: Final = "checkin"
"""The tariff feature a tracker needs for its check-ins to be listed."""

DEFAULT_SORT: Final = ("marker_time=desc",)
"""Newest first when ``sort`` is not given."""

# --- Shared -----------------------------------------------------------------------------------


def wire_checkin(ctx: Context, checkin: Checkin) -> Checkin:
    """A stored check-in as the caller sees it: their time zone, with its files."""
    attached = sorted(
        (f for f in ctx.world.files.values() if f.checkin_id == checkin.id), key=lambda f: f.id
    )
    return attrs.evolve(
        checkin,
        marker_time=ctx.user_time(checkin.marker_time),
        files=[files.wire_file(ctx, f) for f in attached],
    )


def visible_checkin(ctx: Context, checkin_id: int) -> Checkin | None:
    """The check-in ``checkin_id`` if the caller may see it (its account and tracker)."""
    checkin = ctx.owned_get(ctx.world.checkins, checkin_id)
    if checkin is None:
        return None
    if ctx.visible_tracker(checkin.tracker_id) is None:
        return None
    return checkin


def _usable_tracker(ctx: Context, tracker_id: int) -> TrackerRecord:
    """A tracker the caller sees and that is not blocked; 201 otherwise."""
    tracker = ctx.visible_tracker(tracker_id)
    if tracker is None:
        raise EntityNotFoundError(f"no tracker {tracker_id}")
    if tracker.blocked:
        raise EntityNotFoundError(f"tracker {tracker_id} is blocked")
    return tracker


def _employee_of(ctx: Context, tracker_id: int) -> int | None:
    return next((e.id for e in ctx.owned(ctx.world.employees) if e.tracker_id == tracker_id), None)


# --- Read, delete -----------------------------------------------------------------------------


@handles(CHECKIN_READ)
def checkin_read(ctx: Context, params: CheckinReadParams) -> Checkin:
    """One check-in; 204 when it is missing or the caller may not see it."""
    checkin = visible_checkin(ctx, params.checkin_id)
    if checkin is None:
        raise EntityMissingError(f"no check-in {params.checkin_id}")
    return wire_checkin(ctx, checkin)


@handles(CHECKIN_DELETE)
def checkin_delete(ctx: Context, params: CheckinDeleteParams) -> None:
    """Delete check-ins with their files and forms; 201, deleting none, if any is unavailable.

    A check-in is unavailable when it is missing or on a tracker the caller may not see. The
    files are left in state ``deleted``. An empty list answers 7.
    """
    wanted = list(dict.fromkeys(params.checkin_ids))
    missing = [i for i in wanted if visible_checkin(ctx, i) is None]
    if missing:
        raise EntityNotFoundError("no such check-ins: " + ", ".join(map(str, missing)))
    world = ctx.world
    for checkin_id in wanted:
        checkin = world.checkins.pop(checkin_id)
        for file in world.files.values():
            if file.checkin_id == checkin_id:
                file.file = attrs.evolve(file.file, state="deleted")
        form = world.forms.get(checkin.form_id) if checkin.form_id is not None else None
        if form is not None:
            forms.delete_form(world, form)


# --- Create -----------------------------------------------------------------------------------


def _checkin_files(ctx: Context, file_ids: list[int]) -> list[FileRecord]:
    """The files ``file_ids`` names, each reserved with ``checkin/image/create`` by the
    account, not attached elsewhere and not expired or deleted; 201 otherwise."""
    world = ctx.world
    found: list[FileRecord] = []
    bad: list[int] = []
    for file_id in dict.fromkeys(file_ids):
        file = world.files.get(file_id)
        if (
            file is None
            or not world.belongs(file.file, ctx.account.id)
            or file.form_id is not None
            or file.checkin_id is not None
            or not forms.file_is_live(world, file)
        ):
            bad.append(file_id)
        else:
            found.append(file)
    if bad:
        raise EntityNotFoundError("no such files: " + ", ".join(map(str, bad)))
    return found


def _checkin_form(ctx: Context, form_id: int, tracker_id: int) -> FormRecord:
    """A check-in form of the account for ``tracker_id``, not yet sent; 201 otherwise."""
    record = forms.form_of(ctx.world, ctx.account.id, form_id)
    if record is None or record.tracker_id != tracker_id or record.form.submitted is not None:
        raise EntityNotFoundError(f"no unsent check-in form {form_id} of tracker {tracker_id}")
    return record


@handles(CHECKIN_CREATE)
def checkin_create(ctx: Context, params: CheckinCreateParams) -> int:
    """Create a check-in for a tracker of the caller's, now, with files and a filled form.

    The check-in carries the tracker's employee. 201 for a tracker missing, blocked or not the
    caller's, for files that are not the account's unattached check-in files (expired or
    deleted ones included), and for a form that is not an unsent check-in form of the tracker;
    242 for invalid form values.
    """
    world = ctx.world
    tracker = _usable_tracker(ctx, params.tracker_id)
    attached = _checkin_files(ctx, params.file_ids) if params.file_ids is not UNSET else []
    form: FormRecord | None = None
    values: dict[str, forms.FormValue] = {}
    if params.form_submission is not UNSET:
        submission = params.form_submission
        form = _checkin_form(ctx, submission.form_id, tracker.id)
        today = ctx.user_time(ctx.now()).date()
        values = forms.check_values(world, form, submission.values, today=today)
    checkin_id = world.ids.next("checkins")
    employee = _employee_of(ctx, tracker.id)
    world.checkins[checkin_id] = Checkin(
        id=checkin_id,
        marker_time=ctx.now().replace(microsecond=0),
        user_id=ctx.account.id,
        tracker_id=tracker.id,
        employee_id=UNSET if employee is None else employee,
        location=params.location,
        comment=params.comment,
        form_id=None if form is None else form.id,
        form_label=None if form is None else form.form.label,
    )
    for file in attached:
        file.checkin_id = checkin_id
        file.submitted = True
    if form is not None:
        forms.submit_form(world, form, values, location=params.location)
    return checkin_id


# --- Forms and files --------------------------------------------------------------------------


@handles(CHECKIN_FORM_CREATE)
def checkin_form_create(ctx: Context, params: CheckinFormCreateParams) -> int:
    """Make a check-in form from a template of the account for a tracker; answer its ID.

    201 for a template that is missing or another account's, and for a tracker missing,
    blocked or not the caller's.
    """
    tracker = _usable_tracker(ctx, params.tracker_id)
    template = forms.template_of(ctx.world, ctx.account.id, params.template_id)
    if template is None:
        raise EntityNotFoundError(f"no form template {params.template_id}")
    record = forms.create_form(ctx.world, template, owner_id=ctx.account.id, tracker_id=tracker.id)
    return record.id


@handles(CHECKIN_IMAGE_CREATE)
def checkin_image_create(ctx: Context, params: CheckinImageCreateParams) -> UploadTicket:
    """Reserve an image for a check-in and answer its upload ticket.

    271 above ``file_storage.hard_max_file_size``, 268 over the account's file quota. See
    [Files](mock.md#files-uploads-and-downloads) for the ticket.
    """
    return files.reserve(
        ctx, type="image", size=params.size, filename=params.filename, metadata=params.metadata
    )


def _target_form(ctx: Context, params: CheckinFormFileCreateParams) -> FormRecord:
    by_checkin = params.checkin_id is not UNSET
    by_form = params.form_id is not UNSET
    if by_checkin == by_form:
        name = "form_id" if by_checkin else "checkin_id"
        raise InvalidParametersError(
            errors=[{"parameter": name, "error": "give exactly one of checkin_id and form_id"}]
        )
    if isinstance(params.checkin_id, int):
        checkin = visible_checkin(ctx, params.checkin_id)
        if checkin is None:
            raise EntityNotFoundError(f"no check-in {params.checkin_id}")
        if checkin.form_id is None:
            raise EntityNotFoundError(f"check-in {params.checkin_id} has no form")
        form_id = checkin.form_id
    else:
        assert isinstance(params.form_id, int)
        form_id = params.form_id
    record = forms.form_of(ctx.world, ctx.account.id, form_id)
    if record is None or (
        record.tracker_id is not None and ctx.visible_tracker(record.tracker_id) is None
    ):
        raise EntityNotFoundError(f"no form {form_id}")
    return record


@handles(CHECKIN_FORM_FILE_CREATE)
def checkin_form_file_create(ctx: Context, params: CheckinFormFileCreateParams) -> UploadTicket:
    """Reserve a file for a file-based field of a form (named directly or by its check-in).

    The answer is an upload ticket (see [Files](mock.md#files-uploads-and-downloads)). 7 unless
    exactly one of ``checkin_id`` and ``form_id``; 201 for a check-in, form or field that is
    missing (or a check-in without a form); 231 for a field that is not ``file``, ``photo`` or
    ``signature``; 267 for a sixth unsubmitted file on a field
    (:data:`~fleetapi_mock.domain.file.MAX_UNSUBMITTED_PER_FIELD` is 5); 271, 268 as for images (a
    field's own ``min_file_size`` and ``max_file_size`` are checked when the form is
    submitted, codes 6 and 7 of 242).
    """
    record = _target_form(ctx, params)
    field = forms.field_of(record, params.field_id)
    if field is None:
        raise EntityNotFoundError(f"form {record.id} has no field {params.field_id!r}")
    if field.type not in forms.FILE_FIELD_TYPES:
        raise EntityTypeMismatchError(f"field {field.id!r} is a {field.type} field, not a file")
    pending = files.unsubmitted_files(ctx.world, record.id, field.id)
    if len(pending) >= files.MAX_UNSUBMITTED_PER_FIELD:
        raise TooManyEntitiesError(
            f"field {field.id!r} already has {len(pending)} unsubmitted files"
        )
    return files.reserve(
        ctx,
        type="file" if field.type == "file" else "image",
        size=params.size,
        filename=params.filename,
        metadata=params.metadata,
        form_id=record.id,
        field_id=field.id,
    )


# --- List and export --------------------------------------------------------------------------


def _listed_trackers(ctx: Context, params: CheckinListParams) -> list[TrackerRecord]:
    """The trackers a listing covers; 217 for a given tracker that is missing, hidden,
    blocked or without the ``checkin`` feature; 221 when the dealer is over its device
    limit."""
    world = ctx.world

    def usable(tracker: TrackerRecord | None) -> bool:
        if tracker is None or tracker.blocked:
            return False
        tariff = world.tariffs.get(tracker.tariff_id)
        return tariff is not None and CHECKIN_FEATURE in tariff.features

    if params.trackers is UNSET:
        trackers = [t for t in ctx.visible_trackers() if usable(t)]
    else:
        wanted = list(dict.fromkeys(params.trackers))
        bad = [i for i in wanted if not usable(ctx.visible_tracker(i))]
        if bad:
            raise NonExistentEntitiesError(
                "trackers missing, blocked or without check-ins: " + ", ".join(map(str, bad))
            )
        trackers = [t for i in wanted if (t := ctx.visible_tracker(i)) is not None]
    if world.device_limit_exceeded(ctx.account):
        raise DeviceLimitExceededError("the device limit of the dealer is exceeded")
    return trackers


def _fields(ctx: Context) -> dict[str, search.Field[Checkin]]:
    """The condition and sort fields of check-ins (date/times in world time: periods are
    converted with :func:`~fleetapi_mock.domain.search.in_world_time`)."""
    world = ctx.world

    def text(value: object) -> str:
        return value if isinstance(value, str) else ""

    def employee_name(checkin: Checkin) -> str | None:
        employee = (
            world.employees.get(checkin.employee_id)
            if isinstance(checkin.employee_id, int)
            else None
        )
        if employee is None:
            return None
        return " ".join(
            p for p in (employee.first_name, employee.middle_name, employee.last_name) if p
        )

    def template(checkin: Checkin) -> int | None:
        form = world.forms.get(checkin.form_id) if checkin.form_id is not None else None
        return None if form is None else form.form.template_id

    fields: dict[str, search.Field[Checkin]] = {
        "employee": search.Field(
            "number",
            lambda c: c.employee_id if isinstance(c.employee_id, int) else None,
            sort=employee_name,
        ),
        "tracker_id": search.Field("number", lambda c: c.tracker_id),
        "marker_time": search.Field("datetime", lambda c: c.marker_time),
        "location": search.Field("text", lambda c: text(c.location.address)),
        "comment": search.Field("text", lambda c: text(c.comment)),
        "form": search.Field("number", template, sort=lambda c: c.form_label),
    }
    assert set(fields) == CHECKIN_CONDITION_FIELDS
    return fields


def _find(ctx: Context, params: CheckinListParams) -> tuple[list[Checkin], int]:
    """The stored check-ins of one page and the count of all found."""
    fields = _fields(ctx)
    conditions = [] if params.conditions is UNSET else params.conditions
    search.check_conditions(conditions, fields)
    conditions = search.in_world_time(conditions, ctx.request_time)
    sort = list(DEFAULT_SORT) if params.sort is UNSET or not params.sort else params.sort
    search.check_sort(sort, fields)
    circle = params.location
    if circle is not UNSET and circle.radius is UNSET:
        raise InvalidParametersError(
            errors=[{"parameter": "location.radius", "error": "is required"}]
        )
    trackers = {t.id for t in _listed_trackers(ctx, params)}
    start, end = ctx.request_period(
        params.from_ if isinstance(params.from_, dt.datetime) else None,
        params.to if isinstance(params.to, dt.datetime) else None,
    )
    found = []
    for checkin in ctx.owned(ctx.world.checkins):
        if checkin.tracker_id not in trackers:
            continue
        if start is not None and checkin.marker_time < start:
            continue
        if end is not None and checkin.marker_time > end:
            continue
        if circle is not UNSET and isinstance(circle.radius, int):
            where = checkin.location
            if haversine_distance(circle.lat, circle.lng, where.lat, where.lng) > circle.radius:
                continue
        if all(search.matches(checkin, c, fields) for c in conditions):
            found.append(checkin)
    found = search.sort_records(found, sort, fields)
    return search.page(found, params.offset, params.limit), len(found)


@handles(CHECKIN_LIST)
def checkin_list(ctx: Context, params: CheckinListParams) -> CheckinList | FileReply:
    """Check-ins of the caller's trackers, filtered, sorted and paged; ``count`` is the total.

    Default: every tracker the caller sees that is not blocked and has the ``checkin`` tariff
    feature, newest first. Filters: ``trackers``, ``from``/``to``, search ``conditions`` and a
    ``location`` circle; then ``sort``, ``limit`` and ``offset``. 217 for a given tracker that
    is not such a tracker; 221 when the dealer is over its device limit; 7 when ``to`` is not
    after ``from``, for a bad condition or sort item, or a ``location`` without ``radius``; 211
    when the period is longer than the dealer's ``report.max_time_span`` (default 90 days).
    With a ``format`` the same page is answered as an XLSX workbook or a PDF report (see
    [Decisions](decisions.md#check-ins-forms-and-files)).
    """
    page, count = _find(ctx, params)
    wired = [wire_checkin(ctx, c) for c in page]
    if isinstance(params, CheckinExportParams):
        return _export(ctx, params, wired, count)
    return CheckinList(count=count, list=wired)


EXPORT_HEADINGS: Final = (
    "ID",
    "Time",
    "Tracker",
    "Employee",
    "Address",
    "Latitude",
    "Longitude",
    "Precision",
    "Comment",
    "Form",
    "Files",
)


def _export(
    ctx: Context, params: CheckinExportParams, checkins: list[Checkin], count: int
) -> FileReply:
    world = ctx.world
    rows = []
    for checkin in checkins:
        tracker = world.trackers.get(checkin.tracker_id)
        employee = (
            world.employees.get(checkin.employee_id)
            if isinstance(checkin.employee_id, int)
            else None
        )
        name = (
            " ".join(p for p in (employee.first_name, employee.last_name) if p)
            if employee is not None
            else ""
        )
        where = checkin.location
        rows.append(
            (
                checkin.id,
                checkin.marker_time.replace(tzinfo=None),
                tracker.label if tracker is not None else str(checkin.tracker_id),
                name,
                where.address if isinstance(where.address, str) else "",
                where.lat,
                where.lng,
                where.precision if isinstance(where.precision, int) else None,
                checkin.comment if isinstance(checkin.comment, str) else "",
                checkin.form_label or "",
                ", ".join(f.name for f in checkin.files),
            )
        )
    now = ctx.user_time(ctx.now()).replace(tzinfo=None)
    period = ""
    if isinstance(params.from_, dt.datetime) or isinstance(params.to, dt.datetime):
        period = f"{_when(params.from_)} to {_when(params.to)}; "
    export = Export(
        title="Check-ins",
        subtitle=f"{period}{count} found, {len(rows)} shown; exported {now:%Y-%m-%d %H:%M:%S}",
        headings=EXPORT_HEADINGS,
        rows=rows,
        created=now,
        widths=(6, 24, 18, 18, 34, 13, 13, 13, 40, 20, 24),
    )
    return FileReply(
        content=export.render(params.format),
        content_type=CONTENT_TYPES[params.format],
        filename=f"checkins.{params.format}",
    )


def _when(value: object) -> str:
    return f"{value:%Y-%m-%d %H:%M:%S}" if isinstance(value, dt.datetime) else "..."
