"""Form templates: the checks metadata cannot declare, answers, use and deletion.

A template is kept as a :class:`~fleetapi_mock.state.records.FormTemplateRecord` in
``world.form_templates``. Forms are copies of a template's fields (:mod:`.form`), so changing
or deleting a template never touches a form already made: a deleted template's forms keep their
fields and values and answer ``template_id`` null, as the service documents.
"""

from __future__ import annotations

import datetime as dt
import typing
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.form import FIELD_TYPE_KEYS, FormField, FormTemplate, NewFormTemplate
from fleetapi.models.task import TaskStatus
from fleetapi_mock.domain.file import hard_max_file_size
from fleetapi_mock.domain.form import max_files_per_field
from fleetapi_mock.state.records import FormTemplateRecord, UserRecord, convert

if TYPE_CHECKING:
    from fleetapi_mock.domain.context import Context
    from fleetapi_mock.domain.task import Board
    from fleetapi_mock.state.world import World

__all__ = [
    "MAX_FIELDS",
    "UNDATED",
    "field_problems",
    "forget_template",
    "template_stats",
    "trimmed_fields",
    "wire_template",
]

MAX_FIELDS = 128
"""Fields per template when the platform's ``form.max_fields_count`` is unset."""

_STATUSES: tuple[str, ...] = typing.get_args(TaskStatus)

UNDATED = dt.datetime(1970, 1, 1)
"""The ``created`` answered for a world document's template that gives none (UTC)."""

_ALL_KEYS = frozenset(key for keys in FIELD_TYPE_KEYS.values() for key in keys)


def trimmed_fields(fields: list[FormField]) -> list[FormField]:
    """The fields without the keys of other kinds (a ``text`` field sent with ``options``
    keeps its length limits only)."""
    trimmed = []
    for field in fields:
        foreign: dict[str, Any] = dict.fromkeys(_ALL_KEYS - set(FIELD_TYPE_KEYS[field.type]), UNSET)
        trimmed.append(attrs.evolve(field, **foreign))
    return trimmed


def field_problems(
    world: World, user: UserRecord, template: NewFormTemplate
) -> list[dict[str, str]]:
    """The problems of a template's fields no metadata states (code 7, ``template.fields...``):
    the field count, repeated IDs, and the limits of each kind that depend on each other."""
    limit = world.platform_value(user, "form.max_fields_count", MAX_FIELDS)
    problems = []
    if isinstance(limit, int) and len(template.fields) > limit:
        problems.append({"parameter": "template.fields", "error": f"must have at most {limit}"})
    seen: dict[str, int] = {}
    for i, field in enumerate(template.fields):
        at = f"template.fields[{i}]"
        if field.id in seen:
            problems.append({"parameter": f"{at}.id", "error": f"repeats fields[{seen[field.id]}]"})
        seen.setdefault(field.id, i)
        for key, error in _kind_problems(world, user, field):
            problems.append({"parameter": f"{at}.{key}", "error": error})
    return problems


def _kind_problems(world: World, user: UserRecord, f: FormField) -> Iterator[tuple[str, str]]:
    """``(key, error)`` for each limit of ``f``'s kind that it breaks."""
    if f.type == "text":
        if f.required and f.min_length == 0:
            yield "min_length", "must be at least 1 in a required field"
        if _above(f.min_length, f.max_length):
            yield "min_length", "must not exceed max_length"
    elif f.type == "checkbox_group":
        boxes = len(f.group) if isinstance(f.group, list) else 0
        if not boxes:
            yield "group", "is required in a checkbox_group field"
        if f.required and f.min_checked == 0:
            yield "min_checked", "must be at least 1 in a required field"
        for key in ("min_checked", "max_checked"):
            value = getattr(f, key)
            if isinstance(value, int) and boxes and value > boxes:
                yield key, f"must not exceed the {boxes} boxes of group"
        if _above(f.min_checked, f.max_checked):
            yield "min_checked", "must not exceed max_checked"
    elif f.type in ("dropdown", "radio_group"):
        if not isinstance(f.options, list):
            yield "options", f"is required in a {f.type} field"
    elif f.type == "file":
        largest = world.platform_value(user, "form.file_field.max_file_size", None)
        if not isinstance(largest, int):
            largest = hard_max_file_size(world, user)
        if isinstance(f.max_file_size, int) and f.max_file_size > largest:
            yield "max_file_size", f"must be at most {largest}"
        if _above(f.min_file_size, f.max_file_size):
            yield "min_file_size", "must not exceed max_file_size"
    elif f.type == "photo":
        most = max_files_per_field(world, user)
        if isinstance(f.max_files, int) and f.max_files > most:
            yield "max_files", f"must be at most {most}"
    elif f.type == "separator" and f.required:
        yield "required", "must be false: a separator holds no value"


def _above(low: int | Unset, high: int | Unset) -> bool:
    """Whether both limits are given and the lower one is above the higher."""
    return isinstance(low, int) and isinstance(high, int) and low > high


def wire_template(ctx: Context, record: FormTemplateRecord) -> FormTemplate:
    """A template as the caller sees it: date/times in their time zone (a world document's
    template without dates answers the epoch)."""
    created = ctx.user_time(record.created or UNDATED)
    return convert(
        FormTemplate,
        record,
        created=created,
        updated=created if record.updated is None else ctx.user_time(record.updated),
    )


def forget_template(world: World, account_id: int, template_id: int) -> None:
    """Delete a template: the account's forms made from it answer ``template_id`` null, its
    tasks ``form_template_id`` null; their fields and values stay."""
    del world.form_templates[template_id]
    for form in world.owned_by(world.forms, account_id):
        if form.template_id == template_id:
            world.forms[form.id] = attrs.evolve(form, template_id=None)
    for task in world.owned_by(world.tasks, account_id):
        if task.form_template_id == template_id:
            world.tasks[task.id] = attrs.evolve(task, form_template_id=None)


def template_stats(board: Board, template_id: int) -> dict[str, Any]:
    """The tasks and checkpoints the caller sees whose form was made from the template, by
    evaluated status (every status named)."""
    counts = dict.fromkeys(_STATUSES, 0)
    for task in board.tasks():
        form = board.form_of(task)
        if form is not None and form.template_id == template_id:
            counts[board.status(task)] += 1
    return {"tasks": counts}
