"""Check-ins: location markers with a comment, files and a filled form (``checkin/*``).

Check-ins are made by the mobile tracker app; creating them through the API is for exceptional
cases. A check-in's files and form file values are uploaded in two steps (see
:mod:`fleetapi.models.files`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs

from fleetapi._endpoint import ExportFormat
from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location
from fleetapi.models.files import FileMetadata, FileState, FileType
from fleetapi.models.search import SearchCondition

__all__ = [
    "CHECKIN_CONDITION_FIELDS",
    "CHECKIN_SORT_FIELDS",
    "Checkin",
    "CheckinContent",
    "CheckinCreateParams",
    "CheckinDeleteParams",
    "CheckinExportFormat",
    "CheckinExportParams",
    "CheckinFile",
    "CheckinFormCreateParams",
    "CheckinFormFileCreateParams",
    "CheckinImageCreateParams",
    "CheckinList",
    "CheckinListParams",
    "CheckinReadParams",
    "FormSubmission",
]

CheckinExportFormat = ExportFormat
"""The file formats ``checkin/list`` can answer instead of JSON."""

CHECKIN_CONDITION_FIELDS: frozenset[str] = frozenset(
    {"employee", "tracker_id", "marker_time", "location", "comment", "form"}
)
"""Fields ``checkin/list`` conditions may name: employee (ID), tracker_id, marker_time,
location (address), comment, form (template ID)."""

CHECKIN_SORT_FIELDS: frozenset[str] = frozenset(
    {"employee", "tracker_id", "marker_time", "location", "comment", "form"}
)
"""Fields ``checkin/list`` sorts by: employee (full name), tracker_id, marker_time,
location (address), comment, form (label)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinFile:
    """A file attached to a check-in (a photo or another file)."""

    id: int
    storage_id: int
    user_id: int
    type: FileType
    created: dt.datetime
    uploaded: dt.datetime | None = None
    """Null until the file is uploaded."""
    name: str
    size: int
    """Bytes; while not uploaded, the maximum size allowed for the upload."""
    mime_type: str
    metadata: FileMetadata = attrs.Factory(FileMetadata)
    state: FileState
    download_url: str | None = None
    """Null until the file is uploaded."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinContent:
    """A check-in without its files (the mock keeps them apart, each naming its check-in)."""

    id: int
    marker_time: dt.datetime
    """When the check-in was made."""
    user_id: int
    """The master user owning it."""
    tracker_id: int
    """The tracker that made it."""
    employee_id: int | Unset = UNSET
    """The employee assigned to the tracker, when there is one."""
    location: Location
    """Coordinates with ``address`` and ``precision`` (meters)."""
    comment: str | Unset = UNSET
    """Written by the app user."""
    form_id: int | None = None
    """The form sent with the check-in."""
    form_label: str | None = None
    """The label of that form."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Checkin(CheckinContent):
    """A check-in: a location marker made from the tracker app."""

    files: list[CheckinFile] = attrs.Factory(list)
    """The files sent with it (photos), uploaded."""


@attrs.frozen(kw_only=True, slots=False)
class CheckinList:
    """One page of ``checkin/list``."""

    count: int
    """The number of check-ins found, ignoring ``offset`` and ``limit``."""
    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[Checkin]


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormSubmission:
    """A filled form sent with ``checkin/create``.

    ``values`` maps form field IDs to values: :data:`fleetapi.models.form.FormValue` models
    (``TextValue(value="...")``, sent with their ``type``) or JSON objects told apart by
    ``type`` (``{"type": "text", "value": "..."}``). Optional fields that are to stay empty must
    be left out.
    """

    form_id: int
    """A form created with ``checkin/form/create``."""
    values: dict[str, Any]


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinReadParams:
    """Parameters of ``checkin/read``."""

    checkin_id: int
    """The check-in."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinListParams:
    """Parameters of ``checkin/list`` (the JSON form; see :class:`CheckinExportParams`)."""

    trackers: list[int] | Unset = UNSET
    """Only these trackers (not deleted or blocked); default all available."""
    from_: dt.datetime | Unset = UNSET
    """Only check-ins made at or after this moment."""
    to: dt.datetime | Unset = UNSET
    """Must be after ``from``."""
    conditions: list[SearchCondition] | Unset = UNSET
    """Search conditions on :data:`CHECKIN_CONDITION_FIELDS`."""
    sort: list[str] | Unset = UNSET
    """``<field>=asc`` or ``<field>=desc`` items on :data:`CHECKIN_SORT_FIELDS`."""
    location: Location | Unset = UNSET
    """``lat``, ``lng`` and ``radius``: only check-ins inside this circle."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many check-ins (a page)."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Zero-based index of the first check-in (default 0)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinExportParams(CheckinListParams):
    """Parameters of ``checkin/list`` with a ``format``: the answer is a file, not JSON."""

    format: CheckinExportFormat


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinDeleteParams:
    """Parameters of ``checkin/delete``."""

    checkin_ids: list[int] = attrs.field(metadata=rules(min_items=1))
    """The check-ins to delete (all or none); at least one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinCreateParams:
    """Parameters of ``checkin/create``."""

    tracker_id: int
    """A tracker of the user, not blocked."""
    location: Location
    """Where the check-in was made: coordinates with an optional address and precision."""
    comment: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1024))
    """A comment written by the app user."""
    file_ids: list[int] | Unset = UNSET
    """Files reserved with ``checkin/image/create`` and uploaded."""
    form_submission: FormSubmission | Unset = UNSET
    """A form created with ``checkin/form/create``, filled."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinImageCreateParams:
    """Parameters of ``checkin/image/create``."""

    size: int = attrs.field(metadata=rules(minimum=1))
    """The maximum size in bytes of the upload; reserved in the user's quota."""
    filename: str | Unset = attrs.field(
        default=UNSET, metadata=rules(not_blank=True, max_length=255, printable=True)
    )
    """The stored file's name (default: the name of the uploaded file part)."""
    metadata: FileMetadata | Unset = UNSET
    """What is known of the image (its orientation)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinFormCreateParams:
    """Parameters of ``checkin/form/create``."""

    tracker_id: int
    """A tracker of the user, not blocked."""
    template_id: int
    """The form template the form is made from."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinFormFileCreateParams:
    """Parameters of ``checkin/form/file/create``: give ``checkin_id`` or ``form_id``, not both."""

    checkin_id: int | Unset = UNSET
    """The check-in whose form field takes the file (or give form_id)."""
    form_id: int | Unset = UNSET
    """The form whose field takes the file (or give checkin_id)."""
    field_id: str = attrs.field(metadata=rules(not_blank=True))
    """The form field (file-based: ``file``, ``photo`` or ``signature``) to attach to."""
    size: int = attrs.field(metadata=rules(minimum=1))
    """The maximum size in bytes of the upload; reserved in the user's quota."""
    filename: str | Unset = attrs.field(
        default=UNSET, metadata=rules(not_blank=True, max_length=255, printable=True)
    )
    """The file's name as it will be shown and downloaded."""
    metadata: FileMetadata | Unset = UNSET
    """What is known of the file (for a photo: its orientation)."""
