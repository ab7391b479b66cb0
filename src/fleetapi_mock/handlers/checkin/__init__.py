"""Check-ins one at a time, their forms and files (finding them is :mod:`.listing`'s).

Check-ins are stored in ``world.checkins`` as
:class:`~fleetapi_mock.state.records.CheckinRecord` (date/times in UTC, no files: a check-in's
files are the ``world.files`` records whose ``checkin_id`` names it). Forms come from
:mod:`fleetapi_mock.domain.form`, files from :mod:`fleetapi_mock.domain.file`.

A sub-user sees the check-ins of the trackers it sees; a check-in it may not see is answered
as missing.
"""

from __future__ import annotations

import attrs

from fleetapi._errors import (
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.checkin import (
    CHECKIN_CREATE,
    CHECKIN_DELETE,
    CHECKIN_FORM_CREATE,
    CHECKIN_FORM_FILE_CREATE,
    CHECKIN_IMAGE_CREATE,
    CHECKIN_READ,
)
from fleetapi.models.checkin import (
    Checkin,
    CheckinCreateParams,
    CheckinDeleteParams,
    CheckinFormCreateParams,
    CheckinFormFileCreateParams,
    CheckinImageCreateParams,
    CheckinReadParams,
)
from fleetapi.models.files import UploadTicket
from fleetapi_mock.domain import file as files
from fleetapi_mock.domain import form as forms
from fleetapi_mock.domain.checkin import checkin_files, visible_checkin, wire_checkin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.history import describe, record_event
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    CheckinRecord,
    FileRecord,
    FormRecord,
    TrackerRecord,
    TrackPointRecord,
)


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
    files are left in state ``deleted``, naming no check-in. An empty list answers 7.
    """
    wanted = list(dict.fromkeys(params.checkin_ids))
    missing = [i for i in wanted if visible_checkin(ctx, i) is None]
    if missing:
        raise EntityNotFoundError("no such check-ins: " + ", ".join(map(str, missing)))
    world = ctx.world
    for checkin_id in wanted:
        checkin = world.checkins.pop(checkin_id)
        for file in checkin_files(world, checkin_id):
            world.files[file.id] = attrs.evolve(file, state="deleted", checkin_id=None)
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
            or not world.belongs(file, ctx.account.id)
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
    if record is None or record.tracker_id != tracker_id or record.submitted is not None:
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
    world.checkins[checkin_id] = CheckinRecord(
        id=checkin_id,
        marker_time=ctx.now().replace(microsecond=0),
        user_id=ctx.account.id,
        tracker_id=tracker.id,
        employee_id=UNSET if employee is None else employee,
        location=params.location,
        comment=params.comment,
        form_id=None if form is None else form.id,
        form_label=None if form is None else form.label,
    )
    for file in attached:
        world.files[file.id] = attrs.evolve(file, checkin_id=checkin_id, submitted=True)
    if form is not None:
        forms.submit_form(world, form, values, location=params.location)
    where = params.location
    place = TrackPointRecord(
        tracker_id=tracker.id,
        get_time=ctx.now().replace(microsecond=0),
        lat=where.lat,
        lng=where.lng,
        address="" if isinstance(where.address, Unset) else where.address,
        precision=None if isinstance(where.precision, Unset) else where.precision,
    )
    record_event(
        world, place, "checkin_creation", describe("checkin_creation"),
        concerns={"checkin_id": checkin_id},
    )  # fmt: skip
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
    return files.reserve_field_file(
        ctx,
        _target_form(ctx, params),
        params.field_id,
        size=params.size,
        filename=params.filename,
        metadata=params.metadata,
    )
