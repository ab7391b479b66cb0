"""Forms attached to tasks (``task/form/*``): attaching, reading, listing, correcting values,
files of fields and downloads.

A task (or checkpoint) may carry one form made from a template
(:class:`~fleetapi.models.form.Form`); the executor fills it in from the mobile app, and the
task completes only once it is submitted. Through the API a submitted form's values are
corrected (``task/form/values/update``), new files for its fields reserved
(``task/form/file/create``) and the forms listed with what they concern (``task/form/list``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._endpoint import ExportFormat
from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location, PlaceLabel, TaskStatus, ZoneLabel
from fleetapi.models.files import FileMetadata
from fleetapi.models.form import Form, FormFile
from fleetapi.models.search import Period

__all__ = [
    "MAX_TASK_IDS",
    "FormEmployee",
    "LabelledObject",
    "SubmitPlaces",
    "TaskFormCreateParams",
    "TaskFormDownloadParams",
    "TaskFormFileCreateParams",
    "TaskFormFilters",
    "TaskFormList",
    "TaskFormListItem",
    "TaskFormListParams",
    "TaskFormOrder",
    "TaskFormParams",
    "TaskFormReadResult",
    "TaskFormTask",
    "TaskFormValuesUpdateParams",
]

MAX_TASK_IDS = 5000
"""The most task IDs ``task/form/list`` takes."""

TaskFormOrder = Literal[
    "task_id",
    "created",
    "submitted",
    "task_address",
    "submit_address",
    "employee_full_name",
    "vehicle_label",
    "tracker_label",
    "task_label",
    "task_creation_date",
    "task_from",
    "task_to",
    "task_arrival_date",
    "task_completion_date",
    "form_label",
    "form_description",
]
"""What ``task/form/list`` sorts by."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormCreateParams:
    """Parameters of ``task/form/create``."""

    task_id: int
    """The task or checkpoint to attach the form to (not a route)."""
    template_id: int
    """The form template the form is made from."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormParams:
    """Parameters of ``task/form/read`` and ``task/form/delete``."""

    task_id: int
    """The task or checkpoint whose form it is."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormDownloadParams:
    """Parameters of ``task/form/download``."""

    task_id: int
    """The task or checkpoint whose form it is."""
    format: ExportFormat
    """The document's format: ``xlsx`` or ``pdf``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormValuesUpdateParams:
    """Parameters of ``task/form/values/update``.

    ``values`` maps form field IDs to values: :data:`fleetapi.models.form.FormValue` models
    (``TextValue(value="...")``, sent with their ``type``) or JSON objects told apart by
    ``type`` (``{"type": "text", "value": "..."}``).
    """

    task_id: int
    """The task or checkpoint whose submitted form is corrected."""
    values: dict[str, Any]
    """Field ID to its new value; the fields left out keep theirs."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormFileCreateParams:
    """Parameters of ``task/form/file/create``."""

    task_id: int
    """The task or checkpoint whose form field takes the file."""
    field_id: str = attrs.field(metadata=rules(not_blank=True))
    """The form field (file-based: ``file``, ``photo`` or ``signature``) to attach to."""
    size: int = attrs.field(metadata=rules(minimum=1))
    """The maximum size in bytes of the upload; reserved in the user's quota."""
    filename: str | Unset = attrs.field(
        default=UNSET, metadata=rules(not_blank=True, max_length=255, printable=True)
    )
    """The stored file's name (default: the name of the uploaded file part)."""
    metadata: FileMetadata | Unset = UNSET
    """What is known of the file (for a photo: its orientation)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormReadResult:
    """What ``task/form/read`` answers: the task's form and the files of its fields."""

    value: Form | None = None
    """The form; null when the task has none."""
    files: list[FormFile] = attrs.Factory(list)
    """The files reserved for the form's fields, submitted or not (deleted ones left out)."""


# --- Listing ----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormFilters:
    """Text filters of ``task/form/list``, all of which must hold: each text is found in the
    named value (case-insensitive); ``task_id`` matches exactly."""

    employee_full_name: str | Unset = UNSET
    """Found in the full name of the employee."""
    form_description: str | Unset = UNSET
    """Found in the form's description."""
    form_label: str | Unset = UNSET
    """Found in the form's label."""
    submit_address: str | Unset = UNSET
    """Found in the address the form was submitted at."""
    task_id: int | Unset = UNSET
    """The form's task."""
    task_address: str | Unset = UNSET
    """Found in the address of the task's zone."""
    task_label: str | Unset = UNSET
    """Found in the task's label."""
    tracker_label: str | Unset = UNSET
    """Found in the tracker's label."""
    vehicle_label: str | Unset = UNSET
    """Found in the label of the tracker's vehicle."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormListParams:
    """Parameters of ``task/form/list``."""

    template_id: int | Unset | None = UNSET
    """Only forms made from this template (task and check-in forms)."""
    task_ids: list[int] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(max_items=MAX_TASK_IDS)
    )
    """Only the forms of these tasks (at most 5000)."""
    order_by: TaskFormOrder | Unset = UNSET
    """What to sort by (default ``submitted``)."""
    ascending: bool
    """Sort ascending, else descending."""
    include_unsubmitted: bool
    """Also list forms not submitted yet."""
    filters: TaskFormFilters | Unset = UNSET
    """Texts to find in the forms' values and those of their tasks."""
    submit_period: Period | Unset = UNSET
    """Only forms submitted in this period."""
    task_creation_period: Period | Unset = UNSET
    """Only forms of tasks created in this period."""
    task_from_period: Period | Unset = UNSET
    """Only forms of tasks starting in this period."""
    task_to_period: Period | Unset = UNSET
    """Only forms of tasks ending in this period."""
    task_arrival_period: Period | Unset = UNSET
    """Only forms of tasks arrived at in this period."""
    task_completion_period: Period | Unset = UNSET
    """Only forms of tasks completed in this period."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Zero-based index of the first form (default 0)."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many forms (a page; default all)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormEmployee:
    """The employee a listed form concerns."""

    id: int
    first_name: str
    middle_name: str | None = None
    last_name: str | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class LabelledObject:
    """A tracker or vehicle a listed form concerns: its ID and label."""

    id: int
    label: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormTask:
    """The task a listed form is attached to."""

    id: int
    label: str
    from_: dt.datetime
    to: dt.datetime
    creation_date: dt.datetime
    arrival_date: dt.datetime | None = None
    """When the tracker arrived in the task's zone; null until then."""
    address: str | None = None
    """The address of the task's zone."""
    status: TaskStatus
    completion_date: dt.datetime | None = None
    """When the task was completed (``done`` or ``delayed``); null otherwise."""
    fact_duration: dt.timedelta | None = None
    """How long the executor stayed in the zone; null before the arrival."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubmitPlaces:
    """Where a listed form was submitted, and the places and zones there."""

    location: Location
    places: list[PlaceLabel] = attrs.Factory(list)
    """The account's places whose radius holds the location."""
    zones: list[ZoneLabel] = attrs.Factory(list)
    """The account's zones holding the location."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskFormListItem:
    """One form of ``task/form/list`` with what it concerns."""

    employee: FormEmployee | None = None
    """The employee of the tracker; null without one."""
    task: TaskFormTask | None = None
    """The task; null for a check-in form."""
    tracker: LabelledObject | None = None
    """The task's (or check-in's) tracker; null without one."""
    vehicle: LabelledObject | None = None
    """The vehicle of the tracker; null without one."""
    form: Form
    submit_places: SubmitPlaces | None = None
    """Where it was submitted; null until it is."""


@attrs.frozen(kw_only=True, slots=False)
class TaskFormList:
    """One page of ``task/form/list``."""

    count: int
    """The number of forms found, ignoring ``offset`` and ``limit``."""
    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[TaskFormListItem]
