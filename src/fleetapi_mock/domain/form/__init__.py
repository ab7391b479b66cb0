"""The mock's form store: forms made from templates, value validation and submission.

Every form of the world lives in ``world.forms`` as a :class:`~fleetapi_mock.state.records.
FormRecord`: the API's :class:`~fleetapi.models.form.Form` (date/times in UTC) and its owner
and, for check-in forms, its tracker; a change stores a new record. Check-in forms
(``checkin/form/create``) and task forms (``task/create`` with ``create_form``) are made and
filled through the same functions::

    template = template_of(world, account.id, template_id)        # None: answer 201
    record = create_form(world, template, owner_id=account.id, task_id=task.id)
    values = check_values(world, record, raw_values, today=user_today)   # raises 242
    submit_form(world, record, values, location=where)
    ctx_answer = wire_form(ctx, record)                          # date/times as the user sees

Validation failures raise :class:`~fleetapi._errors.ValidationFailedError` (code 242) whose
``errors`` list every problem as ``{"field_id", "code", "error"}``, with the codes of the
service:

====  ==========================================================================================
1     a required field has no value (left out, empty text, no box checked, no file)
2     wrong value type (the value's ``type`` is not the field's, a malformed value, a value
      for a ``separator``)
3     the value is null
4     ``value_index`` outside the options of a dropdown or radio group
5     bad size: text shorter than ``min_length`` or longer than ``max_length``; a checkbox
      group whose ``values`` do not match its boxes; more files than the field allows
6     below the minimum: a rating below 1, fewer boxes checked than ``min_checked``, a date in
      the past where ``disable_past``, a file smaller than ``min_file_size``
7     above the maximum: a rating above ``max_stars``, more boxes than ``max_checked``, a date
      in the future where ``disable_future``, a file larger than ``max_file_size``
8     bad references: a value for a field the form does not have, a file that is not one
      reserved for this form's field (``checkin/form/file/create``)
9     bad file type: not an image in a ``photo`` or ``signature`` field, an extension outside
      ``allowed_extensions`` of a ``file`` field
10    bad file state: a file not uploaded (yet, or any more)
====  ==========================================================================================

A submission marks its files as submitted (they stop counting against the limit of
unsubmitted files per field), deletes the uploaded files of the form's fields it does not
name, and records when and where the form was submitted. The form's files, its document and
who sees it are in the submodules (:mod:`.files`, :mod:`.document`, :mod:`.sight`), the
executor's submission of a task form in :mod:`.executor`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

import attrs

from fleetapi._converter import RequestValidationError, structure_request
from fleetapi._errors import ValidationFailedError
from fleetapi.models.common import Location
from fleetapi.models.form import (
    CheckboxGroupValue,
    DateValue,
    DropdownValue,
    FileValue,
    Form,
    FormField,
    FormValue,
    PhotoValue,
    RadioGroupValue,
    RatingValue,
    SignatureValue,
    TextValue,
)
from fleetapi_mock.state.records import (
    CheckinRecord,
    FileRecord,
    FormRecord,
    FormTemplateRecord,
    UserRecord,
    convert,
)

if TYPE_CHECKING:
    from fleetapi_mock.domain.context import Context
    from fleetapi_mock.state.world import World

__all__ = [
    "DEFAULT_MAX_STARS",
    "FILE_FIELD_TYPES",
    "FormValue",
    "check_values",
    "create_form",
    "delete_form",
    "field_of",
    "file_ids_of",
    "file_is_live",
    "form_files",
    "form_of",
    "max_files_per_field",
    "submit_form",
    "template_of",
    "wire_form",
]

FILE_FIELD_TYPES = frozenset({"file", "photo", "signature"})
"""Field types whose values are uploaded files (``checkin/form/file/create`` accepts them)."""

DEFAULT_MAX_STARS = 5
"""The stars of a rating field that does not say."""

DEFAULT_MAX_FILES = 6
"""Files per field when neither the field nor the platform (``form.file_field.
max_files_per_field``) says."""


# --- Finding ----------------------------------------------------------------------------------


def template_of(world: World, account_id: int, template_id: int) -> FormTemplateRecord | None:
    """The template ``template_id`` of the account ``account_id``, or ``None``."""
    return world.owned_record(world.form_templates, account_id, template_id)


def form_of(world: World, account_id: int, form_id: int) -> FormRecord | None:
    """The form ``form_id`` of the account ``account_id``, or ``None``."""
    return world.owned_record(world.forms, account_id, form_id)


def field_of(record: FormRecord, field_id: str) -> FormField | None:
    """The field ``field_id`` of a form, or ``None``."""
    return next((f for f in record.fields if f.id == field_id), None)


def file_is_live(world: World, file: FileRecord) -> bool:
    """Whether a file still exists: uploaded, or reserved and not yet expired."""
    state = file.state
    if state == "deleted":
        return False
    return state != "created" or world.now() <= file.expires


# --- Making -----------------------------------------------------------------------------------


def create_form(
    world: World,
    template: FormTemplateRecord,
    *,
    owner_id: int,
    tracker_id: int | None = None,
    task_id: int | None = None,
) -> FormRecord:
    """Make a form from ``template``, store it in ``world.forms`` and return it.

    The form gets a copy of the template's fields and label, no values, and the world time
    as ``created``.

    Args:
        world: The world (its lock held).
        template: The template to copy.
        owner_id: The master user owning the form.
        tracker_id: The tracker of a check-in form (``checkin/form/create``).
        task_id: The task of a task form.
    """
    record = FormRecord(
        id=world.ids.next("forms"),
        user_id=owner_id,
        tracker_id=tracker_id,
        label=template.label,
        description=template.description,
        fields=list(template.fields),
        template_id=template.id,
        task_id=task_id,
        created=world.now().replace(microsecond=0),
        submit_in_zone=template.submit_in_zone,
        template_version=template.version,
    )
    world.forms[record.id] = record
    return record


def _form_of(file: FileRecord) -> tuple[int | None]:
    return (file.form_id,)


def form_files(world: World, form_id: int) -> list[FileRecord]:
    """The files reserved for the fields of form ``form_id`` by ID, found by the files
    table's index (no pass over every file of the world)."""
    return world.files.having(_form_of, (form_id,))


def delete_form(world: World, record: FormRecord) -> None:
    """Remove a form and mark the files reserved for its fields deleted (no longer naming the
    form, which is gone)."""
    world.forms.pop(record.id, None)
    for file in form_files(world, record.id):
        world.files[file.id] = attrs.evolve(file, state="deleted", form_id=None)


# --- Validating -------------------------------------------------------------------------------


def check_values(
    world: World,
    record: FormRecord,
    values: Mapping[str, Any],
    *,
    today: dt.date,
    kept: Mapping[str, FormValue] | None = None,
) -> dict[str, FormValue]:
    """Validate a submission of ``record``'s form; return the values as models.

    Args:
        world: The world (its lock held): the files the values name are looked up in it.
        record: The form being filled.
        values: Field ID to value: JSON objects as sent (``{"type": "text", "value": "..."}``)
            or :data:`~fleetapi.models.form.FormValue` models.
        today: The submitter's date (for ``disable_past`` and ``disable_future``).
        kept: Values accepted before that stay unless ``values`` replaces them (a correction
            of a submitted form): not checked again, counted for required fields and
            answered with the new ones.

    Raises:
        ValidationFailedError: code 242, ``errors`` listing every problem (see the module).
    """
    errors: list[dict[str, Any]] = []
    parsed: dict[str, FormValue] = {k: v for k, v in (kept or {}).items() if k not in values}
    fields = {f.id: f for f in record.fields}
    for field_id, raw in values.items():
        field = fields.get(field_id)
        if field is None:
            errors.append(_error(field_id, 8, "the form has no such field"))
            continue
        value, problems = _parse(field, raw)
        if value is None:
            errors.extend(problems)
            continue
        problems = list(_check(world, record, field, value, today))
        if problems:
            errors.extend(problems)
        else:
            parsed[field_id] = value
    for field in record.fields:
        if (
            field.required
            and field.type != "separator"
            and field.id not in values
            and field.id not in parsed
        ):
            errors.append(_error(field.id, 1, "is required"))
    if errors:
        raise ValidationFailedError("form values are invalid", errors=errors)
    return parsed


def _error(field_id: str, code: int, text: str) -> dict[str, Any]:
    return {"field_id": field_id, "code": code, "error": text}


def _parse(field: FormField, raw: Any) -> tuple[FormValue | None, list[dict[str, Any]]]:
    if raw is None:
        return None, [_error(field.id, 3, "must not be null")]
    if field.type == "separator":
        return None, [_error(field.id, 2, "a separator holds no value")]
    if not isinstance(raw, Mapping):
        if attrs.has(type(raw)) and getattr(type(raw), "TAG", None) == field.type:
            return raw, []
        return None, [_error(field.id, 2, f"must be a {field.type} value object")]
    if raw.get("type") != field.type:
        return None, [_error(field.id, 2, f"must be of type {field.type!r}")]
    try:
        value: FormValue = structure_request(dict(raw), FormValue)  # type: ignore[arg-type]
    except RequestValidationError as exc:
        text = "; ".join(f"{e.parameter}: {e.error}" for e in exc.errors)
        return None, [_error(field.id, 2, text)]
    return value, []


def _check(
    world: World, record: FormRecord, field: FormField, value: FormValue, today: dt.date
) -> Iterator[dict[str, Any]]:
    fid = field.id
    if isinstance(value, TextValue):
        text = value.value.strip()
        if field.required and not text:
            yield _error(fid, 1, "is required")
            return
        if isinstance(field.min_length, int) and len(value.value) < field.min_length:
            yield _error(fid, 5, f"must be at least {field.min_length} characters")
        if isinstance(field.max_length, int) and len(value.value) > field.max_length:
            yield _error(fid, 5, f"must be at most {field.max_length} characters")
    elif isinstance(value, CheckboxGroupValue):
        boxes = len(field.group) if isinstance(field.group, list) else 0
        if len(value.values) != boxes:
            yield _error(fid, 5, f"must hold {boxes} values, one per box")
            return
        checked = sum(value.values)
        if field.required and checked == 0:
            yield _error(fid, 1, "is required: check at least one box")
        elif isinstance(field.min_checked, int) and checked < field.min_checked:
            yield _error(fid, 6, f"check at least {field.min_checked} boxes")
        if isinstance(field.max_checked, int) and checked > field.max_checked:
            yield _error(fid, 7, f"check at most {field.max_checked} boxes")
    elif isinstance(value, (DropdownValue, RadioGroupValue)):
        options = len(field.options) if isinstance(field.options, list) else 0
        if not 0 <= value.value_index < options:
            yield _error(fid, 4, f"value_index must be 0 to {options - 1}")
    elif isinstance(value, DateValue):
        if field.disable_past is True and value.value < today:
            yield _error(fid, 6, "must not be in the past")
        if field.disable_future is True and value.value > today:
            yield _error(fid, 7, "must not be in the future")
    elif isinstance(value, RatingValue):
        stars = field.max_stars if isinstance(field.max_stars, int) else DEFAULT_MAX_STARS
        if value.value < 1:
            yield _error(fid, 6, "must be at least 1")
        elif value.value > stars:
            yield _error(fid, 7, f"must be at most {stars}")
    else:
        yield from _check_files(world, record, field, value)


def file_ids_of(value: FormValue) -> list[int]:
    """The IDs of the files a value names (none for a value of another kind)."""
    if isinstance(value, (FileValue, PhotoValue)):
        return list(value.file_ids)
    if isinstance(value, SignatureValue):
        return [value.file_id]
    return []


def _check_files(
    world: World, record: FormRecord, field: FormField, value: FormValue
) -> Iterator[dict[str, Any]]:
    fid = field.id
    ids = file_ids_of(value)
    if not ids:
        if field.required:
            yield _error(fid, 1, "is required: attach at least one file")
        return
    platform_max = _platform_max_files(world, record)
    limit = field.max_files if isinstance(field.max_files, int) else platform_max
    if field.type == "signature":
        limit = 1
    if len(ids) > limit or len(set(ids)) != len(ids):
        yield _error(fid, 5, f"at most {limit} distinct files")
        return
    for file_id in ids:
        file = world.files.get(file_id)
        if file is None or file.form_id != record.id or file.field_id != fid:
            yield _error(fid, 8, f"file {file_id} was not reserved for this field")
            continue
        if file.state != "uploaded":
            yield _error(fid, 10, f"file {file_id} is not uploaded")
            continue
        if field.type in ("photo", "signature") and not file.mime_type.startswith("image/"):
            yield _error(fid, 9, f"file {file_id} is not an image")
            continue
        allowed = field.allowed_extensions
        if field.type == "file" and isinstance(allowed, list) and allowed:
            suffix = PurePosixPath(file.name).suffix.lstrip(".").lower()
            if suffix not in {a.lower().lstrip(".") for a in allowed}:
                yield _error(fid, 9, f"file {file_id} must be one of: {', '.join(allowed)}")
                continue
        if isinstance(field.min_file_size, int) and file.size < field.min_file_size:
            yield _error(fid, 6, f"file {file_id} is smaller than {field.min_file_size} bytes")
        if isinstance(field.max_file_size, int) and file.size > field.max_file_size:
            yield _error(fid, 7, f"file {file_id} is larger than {field.max_file_size} bytes")


def _platform_max_files(world: World, record: FormRecord) -> int:
    owner = world.users.get(record.user_id)
    return DEFAULT_MAX_FILES if owner is None else max_files_per_field(world, owner)


def max_files_per_field(world: World, user: UserRecord) -> int:
    """The most files one field of ``user``'s forms holds (the platform's
    ``form.file_field.max_files_per_field``, 6 when unset)."""
    value = world.platform_value(user, "form.file_field.max_files_per_field", DEFAULT_MAX_FILES)
    return value if isinstance(value, int) else DEFAULT_MAX_FILES


# --- Submitting and answering ---------------------------------------------------------------


def submit_form(
    world: World,
    record: FormRecord,
    values: Mapping[str, FormValue],
    *,
    location: Location | None = None,
    correction: bool = False,
) -> Form:
    """Store checked ``values`` (from :func:`check_values`) as the form's submission.

    Sets ``submitted`` to the world time and ``submit_location`` (a ``correction`` keeps
    those of the submission it corrects); the files the values name are marked submitted,
    and the uploaded files of the form's fields that they no longer name are deleted.
    Returns the stored form.
    """
    named = {file_id for value in values.values() for file_id in file_ids_of(value)}
    for file in form_files(world, record.id):
        if file.id in named:
            world.files[file.id] = attrs.evolve(file, submitted=True)
        elif file.state == "uploaded":
            world.files[file.id] = attrs.evolve(file, state="deleted", submitted=False)
    world.forms[record.id] = attrs.evolve(
        record,
        values=dict(values),
        submitted=record.submitted if correction else world.now().replace(microsecond=0),
        submit_location=record.submit_location if correction else location,
    )
    return convert(Form, world.forms[record.id])


def _sent_with(checkin: CheckinRecord) -> tuple[int | None]:
    return (checkin.form_id,)


def wire_form(ctx: Context, record: FormRecord) -> Form:
    """The form as the caller sees it: date/times in their time zone, the tracker of its
    task (a check-in form's own) and the check-in it was sent with."""
    world = ctx.world
    tracker_id = record.tracker_id
    if record.task_id is not None:
        task = world.tasks.get(record.task_id)
        tracker_id = None if task is None else task.tracker_id
    sent = world.checkins.having(_sent_with, (record.id,))
    return convert(
        Form,
        record,
        created=ctx.user_time(record.created),
        submitted=ctx.optional_user_time(record.submitted),
        tracker_id=tracker_id,
        checkin_id=sent[0].id if sent else None,
    )
